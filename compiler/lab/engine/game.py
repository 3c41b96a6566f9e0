"""The synthetic game: a whole game drawn from the model, scored by each ruleset's own module.

One game is planned once from common random numbers (`plan_game`), then played
under every ruleset (`play_parts`): the turns between Emperor scorings follow
the plan and the ruleset's own hotel, track and Staff data; each Emperor scoring
is the ruleset module's own, on its Game, and the game continues from the state
it leaves, so a rules change propagates to the rest of the game. Stretches that
several rulesets play alike are played once (gah.lab.engine.sharing).
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass
from itertools import product
from typing import Any, NamedTuple, Protocol

from ... import ir
from ...errors import GahError
from . import planning, rng
from .model import Model, RoundModel

Cell = tuple[int, int]
CACHE_LIMIT = 1 << 16  # entries per cache of Fast
EMPTY, VACANT, OCCUPIED = ".", "v", "o"


# --- what a ruleset says, in the shape the turns need -------------------------------------


@dataclass(frozen=True)
class RulesInfo:
    """The parts of a ruleset the synthetic turns read, precomputed for speed."""

    name: str
    rounds: int
    scoring_rounds: tuple[int, ...]
    scoring_tiers: tuple[tuple[int, str], ...]
    tiers: tuple[str, ...]
    tiles_by_tier: tuple[tuple[str, tuple[str, ...]], ...]  # tier -> sorted tile ids
    track_last: int
    beyond_points: int
    track_points: tuple[int, ...]  # by space: points an Emperor scoring gives there
    move_back: tuple[tuple[int, int], ...]  # scoring round -> spaces moved back
    outcome: tuple[str, ...]  # by space: bonus, nothing or penalty
    floors: int
    columns: int
    prepare_cost: tuple[int, ...]
    first_room: Cell
    printed_points: tuple[tuple[Cell, int], ...]
    group_cells: tuple[tuple[Cell, ...], ...]
    group_reward: tuple[tuple[str, int], ...]  # per group: (reward kind, amount)
    cafe_seats: int
    items: tuple[str, ...]
    staff_cost: tuple[tuple[int, int], ...]
    staff_kind: tuple[tuple[int, str], ...]
    # The declared resources but the objectives: (id, upper limit, -1 for none), in the rules' order.
    resources: tuple[tuple[str, int], ...] = ()

    @classmethod
    def of(cls, ruleset: ir.Ruleset) -> RulesInfo:
        hotel = ruleset.hotel
        rewards = dict(hotel.group_rewards)
        tiers = ruleset.tiers()
        return cls(
            name=ruleset.name,
            rounds=ruleset.rounds,
            scoring_rounds=tuple(s.round for s in ruleset.scorings),
            scoring_tiers=tuple((s.round, s.tier) for s in ruleset.scorings),
            tiers=tiers,
            tiles_by_tier=tuple((t, tuple(sorted(x.id for x in ruleset.tiles if x.tier == t))) for t in tiers),
            track_last=ruleset.track.last_space,
            beyond_points=ruleset.track.points_per_step_beyond,
            track_points=ruleset.track.points,
            move_back=tuple((s.round, s.move_back) for s in ruleset.scorings),
            outcome=tuple(ruleset.track.zone_of(s).outcome for s in range(ruleset.track.last_space + 1)),
            floors=hotel.floors,
            columns=hotel.columns,
            prepare_cost=hotel.prepare_cost,
            first_room=hotel.first_room,
            printed_points=hotel.printed_points,
            group_cells=tuple(g.cells for g in hotel.groups),
            group_reward=tuple(
                (rewards[g.colour].reward, rewards[g.colour].for_size(len(g.cells))) if g.colour in rewards else ("", 0)
                for g in hotel.groups
            ),
            cafe_seats=hotel.cafe_seats,
            items=tuple(i.id for i in ruleset.items),
            staff_cost=tuple((c.number, c.cost) for c in ruleset.staff),
            staff_kind=tuple((c.number, c.kind) for c in ruleset.staff),
            resources=tuple((r.id, -1 if r.at_most is None else r.at_most) for r in ruleset.other_resources),
        )


class Fast:
    """Lookup tables of a RulesInfo; a hotel is two bit masks (bit (floor - 1) * columns + column - 1)."""

    def __init__(self, info: RulesInfo, model: Model) -> None:
        self.info = info
        floors, columns = info.floors, info.columns
        self.columns = columns
        self.size = floors * columns
        self.scoring_rounds = frozenset(info.scoring_rounds)
        self.cost = dict(info.staff_cost)
        self.kind_weight = {n: model.kind_weight(k) for n, k in info.staff_kind}
        self.index = {name: i for i, name in enumerate(player_names(8))}
        cells = [(f, c) for f in range(1, floors + 1) for c in range(1, columns + 1)]
        printed = dict(info.printed_points)
        self.full = (1 << self.size) - 1
        self.first = 1 << ((info.first_room[0] - 1) * columns + info.first_room[1] - 1)
        # Cells whose left (right) neighbour exists: a shift must not wrap around a floor's end.
        self.has_left = sum(1 << i for i, (_f, c) in enumerate(cells) if c > 1)
        self.has_right = sum(1 << i for i, (_f, c) in enumerate(cells) if c < columns)
        self.room_cost = tuple(info.prepare_cost[f - 1] for f, _c in cells)
        top_cost = max(info.prepare_cost, default=0)
        # affordable[k]: the cells a player with k krones can pay for (k >= top_cost: every cell).
        self.affordable = tuple(
            sum(1 << i for i, cost in enumerate(self.room_cost) if cost <= k) for k in range(top_cost + 1)
        )
        self.floor_weight = tuple(model.floor_weight(f) for f, _c in cells)
        self.printed = tuple(printed.get(cell, 0) for cell in cells)
        group_of = {cell: g for g, group in enumerate(info.group_cells) for cell in group}
        self.group_of = tuple(group_of.get(cell, -1) for cell in cells)
        self.group_mask = tuple(sum(1 << ((f - 1) * columns + c - 1) for f, c in group) for group in info.group_cells)

        # One floor's (placed, occupied) bits -> its letters in a module's hotel, by table.
        self.row_mask = (1 << columns) - 1
        self.row_letters: dict[tuple[int, int], tuple[str, ...]] = {}
        for letters in product((EMPTY, VACANT, OCCUPIED), repeat=columns):
            row_placed = sum(1 << c for c, room in enumerate(letters) if room != EMPTY)
            row_occupied = sum(1 << c for c, room in enumerate(letters) if room == OCCUPIED)
            self.row_letters[row_placed, row_occupied] = letters
        self.track_points = info.track_points
        self.track_last = info.track_last
        self.beyond_points = info.beyond_points
        self.group_reward = info.group_reward
        self.cafe_seats = info.cafe_seats
        self.move_back = dict(info.move_back)
        self.tiers = dict(info.scoring_tiers)
        # What each declared resource (but the objectives) gains a round: (id, gain, upper limit or -1).
        self.resource_gains = tuple(
            (resource, model.resource_gain(resource), high)
            for resource, high in info.resources
            if model.resource_gain(resource)
        )
        # Caches by mask, filled as games need them (hotels grow the same few ways).
        self.room_choices: dict[int, tuple[int, ...]] = {}
        self.cells: dict[int, tuple[int, ...]] = {}
        # Players who respond to the rules (None: the model has none, and the games are played as drawn).
        self.planner = (
            planning.Planner(model.planning, self.scoring_rounds, info.rounds) if model.planning.active else None
        )

    def hotel_masks(self, hotel: list[list[str]]) -> tuple[int, int]:
        """(placed, occupied) masks of a module's hotel (floor 1 first, a list of letters per floor)."""
        placed = occupied = 0
        bit = 1
        for row in hotel:  # cell by cell, bit by bit: quicker compiled than looking each floor up by its letters
            for room in row:
                if room != EMPTY:
                    placed |= bit
                    if room == OCCUPIED:
                        occupied |= bit
                bit <<= 1
        return placed, occupied

    def hotel_lists(self, placed: int, occupied: int) -> list[list[str]]:
        """A module's hotel (floor 1 first, a list of letters per floor) from the masks."""
        letters, mask = self.row_letters, self.row_mask
        return [
            list(letters[placed >> shift & mask, occupied >> shift & mask])
            for shift in range(0, self.size, self.columns)
        ]


def _bits(mask: int) -> list[int]:
    """Indices of the set bits, lowest first."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


def player_names(count: int) -> list[str]:
    return [f"P{i + 1}" for i in range(count)]


# --- the plan: every random number of one game, independent of the rulesets ---------------


# One player's round, drawn from the model (32-bit numbers pick among what the state allows). A plain tuple:
# a NamedTuple would cost a Python-level __new__ per turn, even compiled.
Turn = tuple[
    int,  # points
    int,  # krones
    tuple[int, ...],  # items: per item, which kind
    int,  # emperor steps
    tuple[int, ...],  # prepare: per room tried, where
    tuple[int, ...],  # occupy: per room occupied, which
    tuple[int, ...],  # hire: per card hired, which
    int,  # draw
    int,  # objectives
    tuple[tuple[int, ...], ...],  # cafe: per guest, per item on it, which kind
]


class Plan:
    """Every random number of one game that does not depend on the rulesets (a plain class with its own __init__:
    compiled, a dataclass's would run as Python code)."""

    __slots__ = ("drawn", "game", "players", "seed", "turns")

    def __init__(self, seed: int, game: int, players: int, turns: tuple[tuple[Turn, ...], ...]) -> None:
        self.seed = seed
        self.game = game
        self.players = players
        self.turns = turns  # [round-1][player]
        # The first numbers of setup streams, drawn once for every ruleset: (purpose, extra) -> numbers.
        self.drawn: dict[tuple[int, int], tuple[int, ...]] = {}

    def setup_numbers(self, purpose: int, extra: int, count: int) -> tuple[int, ...]:
        """The first `count` numbers of a setup stream (the same for every ruleset, so drawn once): up to a block,
        the stream's first block read directly."""
        numbers = self.drawn.get((purpose, extra))
        if numbers is None or len(numbers) < count:
            if count <= rng.BLOCK:
                numbers = rng.block(rng.stream_key(self.seed, self.game, extra, rng.SETUP_PLAYER, purpose), 0)
            else:
                numbers = rng.Stream(self.seed, self.game, extra, rng.SETUP_PLAYER, purpose).take(count)
            self.drawn[purpose, extra] = numbers
        return numbers[:count]


TABLE_LIMIT = 1 << 12  # a distribution whose weights add up to at most this is read from a table


class Pick:
    """A Distribution as plan_turn reads it: Distribution.pick, values[bisect_right(cumulative, r32 * total >> 32)],
    answered from a table of every scaled number when the weights add up to little (the same value)."""

    __slots__ = ("cumulative", "table", "total", "values")

    def __init__(self, cumulative: tuple[int, ...], total: int, values: tuple[int, ...]) -> None:
        self.cumulative = cumulative
        self.total = total
        self.values = values
        self.table = (
            tuple([values[bisect_right(cumulative, scaled)] for scaled in range(total)]) if total <= TABLE_LIMIT else ()
        )

    def pick(self, r32: int) -> int:
        scaled = (r32 * self.total) >> 32
        table = self.table
        if table:
            return table[scaled]
        return self.values[bisect_right(self.cumulative, scaled)]


def round_picks(model: RoundModel) -> tuple[Pick, ...]:
    """A round's distributions in the order plan_turn reads them."""
    first = (model.points, model.krones, model.emperor, model.draw, model.objectives, model.items)
    then = (model.prepare, model.occupy, model.hire, model.cafe, model.guest_items)
    return tuple(Pick(d.cumulative, d.total, d.values) for d in first + then)


def plan_turn(picks: tuple[Pick, ...], seed: int, game: int, round_: int, player: int) -> Turn:
    """The draws of (seed, game, round, player): the first ten numbers of the stream are the values
    (so they never shift), the numbers after them pick where rooms go, which cards are hired, and so on.

    The stream is read a block at a time (most turns need one)."""
    key = rng.stream_key(seed, game, round_, player, rng.TURN)
    numbers = rng.block(key, 0)
    n_items = picks[5].pick(numbers[5])
    n_prepare = picks[6].pick(numbers[6])
    n_occupy = picks[7].pick(numbers[7])
    n_hire = picks[8].pick(numbers[8])
    guests = picks[9].pick(numbers[9])
    end = 10 + n_items + n_prepare + n_occupy + n_hire
    more = numbers
    blocks = 1
    while len(more) < end:
        more += rng.block(key, blocks)
        blocks += 1
    prepared = 10 + n_items
    occupied = prepared + n_prepare
    hired = occupied + n_occupy
    cafe: tuple[tuple[int, ...], ...] = ()
    if guests:
        plates = []
        at = end
        plate_pick = picks[10]
        for _ in range(guests):
            if len(more) <= at:
                more += rng.block(key, blocks)
                blocks += 1
            count = plate_pick.pick(more[at])
            at += 1
            while len(more) < at + count:
                more += rng.block(key, blocks)
                blocks += 1
            plates.append(more[at : at + count])
            at += count
        cafe = tuple(plates)
    return (
        picks[0].pick(numbers[0]),
        picks[1].pick(numbers[1]),
        more[10:prepared],
        picks[2].pick(numbers[2]),
        more[prepared:occupied],
        more[occupied:hired],
        more[hired:end],
        picks[3].pick(numbers[3]),
        picks[4].pick(numbers[4]),
        cafe,
    )


def plan_game(picks: tuple[tuple[Pick, ...], ...], seed: int, game: int, players: int) -> Plan:
    """Every turn of a game; `picks` holds round_picks of each round (round 1 first)."""
    seats = range(1, players + 1)
    turns = tuple(
        tuple([plan_turn(round_picks_, seed, game, r, p) for p in seats]) for r, round_picks_ in enumerate(picks, 1)
    )
    return Plan(seed, game, players, turns)


# --- the state of a game between scorings --------------------------------------------------


class LabPlayer:
    """A player between scorings, in plain fields the turns read and write quickly, next to the scoring
    module's own Player (kept for the whole game, no state dicts): `store` writes the fields into the Player
    before a scoring and `load` reads them back after it. The hotel is two bit masks (see Fast)."""

    __slots__ = (
        "cafe",
        "emperor",
        "hand",
        "hired",
        "kitchen",
        "krones",
        "objectives",
        "occupied",
        "own",
        "placed",
        "points",
        "stored",
    )

    def __init__(self, own: Any, fast: Fast) -> None:
        self.own = own
        self.points = 0
        self.krones = 0
        self.emperor = 0
        self.objectives = 0
        self.kitchen: dict[str, int] = {}
        self.hand: list[int] = []
        self.hired: list[int] = []
        self.cafe: list[dict[str, int]] = []
        self.placed = self.occupied = 0
        self.stored = (-1, -1)  # the masks the module's hotel holds, if the lab knows them
        self.load(fast)

    def load(self, fast: Fast) -> None:
        own = self.own
        self.points = own.points
        self.krones = own.krones
        self.emperor = own.emperor
        self.objectives = own.objectives
        self.kitchen = own.kitchen
        self.hand = own.hand
        self.hired = own.hired
        self.cafe = own.cafe
        self.placed, self.occupied = self.stored = fast.hotel_masks(own.hotel)

    def store(self, fast: Fast) -> None:
        own = self.own
        own.points = self.points
        own.krones = self.krones
        own.emperor = self.emperor
        own.objectives = self.objectives
        # kitchen, hand and hired are the Player's own dict and lists (load took them), changed in place.
        own.cafe = self.cafe
        masks = (self.placed, self.occupied)
        if masks != self.stored:  # the turns built or filled rooms since the module last saw the hotel
            own.hotel = fast.hotel_lists(self.placed, self.occupied)
            self.stored = masks


class LabModule(Protocol):
    """What the lab uses of a generated scoring module: the lab plays on the module's own Game from the deal
    to the final scoring, quiet (explain=False: no events, the same numbers)."""

    def setup_game(self, players: list[str], seed: int, choices: dict[str, Any] | None = None) -> dict[str, Any]: ...

    def setup_new_game(
        self, players: list[str], seed: int, choices: dict[str, Any] | None = None, explain: bool = True
    ) -> Any: ...

    def emperor_scoring(self, game: Any) -> None: ...

    def final_totals(self, game: Any) -> list[int]: ...

    def final_standings(self, game: Any, totals: list[int]) -> list[dict[str, Any]]: ...

    # What planning players use (gah.lab.engine.planning).
    def emperor_scoring_of(self, game: Any, player: Any) -> None: ...

    def projected_total(self, game: Any, player: Any) -> int: ...

    def advance_emperor(self, game: Any, player: Any, steps: int, why: str = "") -> None: ...

    # The module's own classes and rules, to copy a game into it (see _transplant).
    RULES: Any
    Game: Any
    Player: Any


def deal_seed(plan: Plan) -> int:
    """The seed every ruleset's setup_game gets for this game (64 bits from the game's setup stream)."""
    high, low = plan.setup_numbers(rng.DEAL, 0, 2)
    return high << 32 | low


def setup_state(fast: Fast, module: LabModule, plan: Plan) -> Any:
    """The game before round 1 (the module's own Game, quiet): the ruleset's own setup (deal, starting
    supplies), with the same seed for every ruleset, and one tile per tier drawn by index from the
    ruleset's sorted tiles of that tier."""
    game = module.setup_new_game(player_names(plan.players), deal_seed(plan), explain=False)
    tiles = {}
    for tier, ids in fast.info.tiles_by_tier:
        tiles[tier] = ids[rng.scaled(plan.setup_numbers(rng.TILES, ord(tier), 1)[0], len(ids))]
    game.tiles = tiles
    for player in game.players:
        player.choices = {}  # a draft's record of picks: setup only
    return game


# --- turns ---------------------------------------------------------------------------------


def _advance(fast: Fast, player: LabPlayer, steps: int) -> None:
    """Move up the Emperor track; steps beyond its last space score points instead."""
    moved = min(steps, max(0, fast.track_last - player.emperor))
    player.emperor += moved
    player.points += (steps - moved) * fast.beyond_points


def _legal_spaces(fast: Fast, placed: int) -> int:
    """Mask of the empty spaces a room may go on: the first room's space, or next to any placed room tile."""
    if not placed:
        return fast.first
    columns = fast.columns
    around = (
        (placed << columns) | (placed >> columns) | ((placed & fast.has_right) << 1) | ((placed & fast.has_left) >> 1)
    )
    return around & fast.full & ~placed


def _room_choices(fast: Fast, mask: int) -> tuple[int, ...]:
    """The spaces of a mask with their floor weights, as one flat tuple (cached): the total weight, then each
    space, lowest first, with the running total of the weights up to it. One object per entry: the turns read
    thousands of entries, and a cache of nested tuples cost more in memory reads than the arithmetic saved."""
    found = fast.room_choices.get(mask)
    if found is None:
        flat = [0]
        running = 0
        for cell in _bits(mask):
            running += fast.floor_weight[cell]
            flat.extend((cell, running))
        flat[0] = running
        found = tuple(flat)
        if len(fast.room_choices) < CACHE_LIMIT:
            fast.room_choices[mask] = found
    return found


def _cells(fast: Fast, mask: int) -> tuple[int, ...]:
    """The set bits of a mask, lowest first (cached)."""
    found = fast.cells.get(mask)
    if found is None:
        found = tuple(_bits(mask))
        if len(fast.cells) < CACHE_LIMIT:
            fast.cells[mask] = found
    return found


def play_turn(fast: Fast, player: LabPlayer, turn: Turn, deck: list[int], items: tuple[str, ...]) -> None:
    """One player's round: income, Emperor steps, rooms, Staff, objectives, café."""
    gained, income, kitchen_items, emperor, prepare, occupy, hire, draw, objectives, guests = turn
    kinds = len(items)
    player.points += gained
    krones = player.krones + income
    if kitchen_items:
        kitchen = player.kitchen
        for r32 in kitchen_items:
            item = items[(r32 * kinds) >> 32]
            kitchen[item] = kitchen.get(item, 0) + 1
    if emperor:
        _advance(fast, player, emperor)
    if prepare:
        krones = _prepare_rooms(fast, player, prepare, krones)
    if occupy:
        krones = _occupy_rooms(fast, player, occupy, krones)
    if hire:
        krones = _hire_staff(fast, player, hire, krones)
    player.krones = krones
    if draw and deck:
        drawn = deck[:draw]
        del deck[:draw]
        player.hand.extend(drawn)
    if objectives:
        player.objectives += objectives
    for resource, gain, high in fast.resource_gains:
        held = player.own.resources
        now = held[resource] + gain
        held[resource] = now if high < 0 else max(held[resource], min(now, high))
    cafe: list[dict[str, int]] = []
    for guest in guests[: fast.cafe_seats]:
        plate = dict.fromkeys(items, 0)  # every kind, in the rules' order (as a scoring module reads a guest)
        for r32 in guest:
            plate[items[(r32 * kinds) >> 32]] += 1
        cafe.append(plate)
    player.cafe = cafe


def _prepare_rooms(fast: Fast, player: LabPlayer, prepare: tuple[int, ...], krones: int) -> int:
    """Rooms: a legal, affordable space, each as likely as its floor's weight; the krones left."""
    affordable, known = fast.affordable, fast.room_choices
    top = len(affordable) - 1
    placed = player.placed
    for r32 in prepare:
        mask = _legal_spaces(fast, placed) & affordable[krones if krones < top else top]
        if not mask:
            continue
        choices = known.get(mask) or _room_choices(fast, mask)
        total = choices[0]
        if not total:
            continue
        scaled = (r32 * total) >> 32
        at = 2
        while choices[at] <= scaled:  # the first space whose running total is above it (as bisect_right)
            at += 2
        cell = choices[at - 1]
        krones -= fast.room_cost[cell]
        placed |= 1 << cell
        player.points += fast.printed[cell]
    player.placed = placed
    return krones


def _occupy_rooms(fast: Fast, player: LabPlayer, occupy: tuple[int, ...], krones: int) -> int:
    """Occupy a vacant room, any as likely; completing a group pays its reward. The krones then."""
    occupied, known_cells = player.occupied, fast.cells
    for r32 in occupy:
        vacant = player.placed & ~occupied
        if not vacant:
            continue
        cells = known_cells.get(vacant) or _cells(fast, vacant)
        cell = cells[(r32 * len(cells)) >> 32]
        occupied |= 1 << cell
        group = fast.group_of[cell]
        if group < 0:
            continue
        group_mask = fast.group_mask[group]
        if occupied & group_mask != group_mask:
            continue
        reward, amount = fast.group_reward[group]
        if reward == "krones":
            krones += amount
        elif reward == "points":
            player.points += amount
        elif reward == "emperor_steps":
            _advance(fast, player, amount)
    player.occupied = occupied
    return krones


def _hire_staff(fast: Fast, player: LabPlayer, hire: tuple[int, ...], krones: int) -> int:
    """Hire an affordable card from hand, each as likely as its kind's weight (rng.weighted written out: the
    first card whose running total of weights is above the scaled number); the krones left."""
    cost, kind_weight, hand = fast.cost, fast.kind_weight, player.hand
    for r32 in hire:
        cards: list[int] = []
        running_totals: list[int] = []
        running = 0
        for card in hand:
            weight = kind_weight[card]
            if weight > 0 and cost[card] <= krones:
                running += weight
                cards.append(card)
                running_totals.append(running)
        if not cards:
            continue
        number = cards[bisect_right(running_totals, (r32 * running) >> 32)]
        krones -= cost[number]
        hand.remove(number)
        player.hired.append(number)
    return krones


# --- one game under one ruleset --------------------------------------------------------------


class Scoring(NamedTuple):
    """What one Emperor scoring did to each player."""

    round: int
    tile: str
    track_points: tuple[int, ...]  # points under the marker
    outcomes: tuple[str, ...]  # bonus, nothing or penalty
    net: tuple[int, ...]  # points after the scoring minus before
    points: tuple[int, ...]  # each player's points after the scoring (the standings at that moment)


class Outcome(NamedTuple):
    """One game under one ruleset."""

    scorings: tuple[Scoring, ...]
    totals: tuple[int, ...]
    winners: frozenset[int]  # players of rank 1 (after tie-breakers)
    top_tied: bool  # the best two totals are equal (a tie-breaker was needed)
    moves: planning.Moves | None = None  # what the planners did (None: nobody plans)


class Part(NamedTuple):
    """A stretch of a game that some rulesets play alike (see gah.lab.engine.sharing), played once by the
    first one's module; then each group of `parts` goes on from its own copy of the game (the first group
    starts with the same first ruleset and goes on with the game itself)."""

    tables: tuple[int, ...]  # the rulesets (indices into the tables) that play this stretch alike
    stop: int  # the stretch ends after the turns of this round, before its scoring (0: the game's end)
    parts: tuple[Part, ...]  # the groups that go on after `stop`, each alike within itself


def play_parts(part: Part, tables: list[tuple[Fast, LabModule]], plan: Plan) -> dict[int, Outcome]:
    """Play the planned game under every ruleset of `part`, each stretch once for the rulesets that play it
    alike; the outcome of each ruleset (by its index in `tables`) is the one it gets when played alone."""
    fast, module = tables[part.tables[0]]
    game = setup_state(fast, module, plan)
    players = [LabPlayer(p, fast) for p in game.players]
    moves = fast.planner.moves(plan) if fast.planner is not None else None
    outcomes: dict[int, Outcome] = {}
    _play_part(part, tables, plan, Stretch(game, players, [], moves), 0, outcomes)
    return outcomes


class Stretch(NamedTuple):
    """The game as one stretch leaves it: the module's Game, the lab's players, the scorings so far and what
    the planners did (None: nobody plans)."""

    game: Any
    players: list[LabPlayer]
    scorings: list[Scoring]
    moves: planning.Moves | None


def _play_part(
    part: Part, tables: list[tuple[Fast, LabModule]], plan: Plan, at: Stretch, start: int, outcomes: dict[int, Outcome]
) -> None:
    """Play one stretch from the deal (start 0) or from the scoring of round `start`, then its parts."""
    fast, module = tables[part.tables[0]]
    outcome = _play_rounds(fast, module, plan, at, start, part.stop)
    if outcome is not None:
        for index in part.tables:
            outcomes[index] = outcome
        return
    # The first group holds this stretch's first ruleset and goes on with its game; the others get copies in
    # their own modules (the Game holds its module's rules), taken before anything goes on.
    starts = [at] + [
        Stretch(*_transplant(*tables[child.tables[0]], at.game, at.players), at.scorings[:], _copy(at.moves))
        for child in part.parts[1:]
    ]
    for child, child_start in zip(part.parts, starts, strict=True):
        _play_part(child, tables, plan, child_start, part.stop, outcomes)


def _copy(moves: planning.Moves | None) -> planning.Moves | None:
    return moves.copy() if moves is not None else None


def _transplant(fast: Fast, module: LabModule, game: Any, players: list[LabPlayer]) -> tuple[Any, list[LabPlayer]]:
    """A copy of a game (and its lab players) in another ruleset's module, where the rulesets stop playing alike
    (the lab's players are stored into the module's first, so the copy is the game as it stands)."""
    own = []
    for player in players:
        player.store(fast)
        mine = player.own
        own.append(
            module.Player(
                mine.name,
                mine.points,
                mine.krones,
                mine.emperor,
                dict(mine.kitchen),
                [guest.copy() for guest in mine.cafe],
                [row[:] for row in mine.hotel],
                mine.hand[:],
                mine.hired[:],
                mine.objectives,
                {},
                None,
                dict(mine.resources),
            )
        )
    copy = module.Game(module.RULES, game.round, dict(game.tiles), game.deck[:], game.discard[:], own, explain=False)
    return copy, [LabPlayer(p, fast) for p in own]


def _play_rounds(fast: Fast, module: LabModule, plan: Plan, at: Stretch, start: int, stop: int) -> Outcome | None:
    """Play on from the deal (start 0) or from the scoring of round `start` (its turns are played), scoring
    with the ruleset's module, up to the turns of round `stop` (None) or to the end (the outcome).

    The lab keeps the module's Game and hands it each scoring directly. The turns only make states the rules
    allow (rooms next to rooms, costs paid, caps kept), so no scoring needs to check them again.
    """
    info = fast.info
    game, players, scorings, moves = at
    deck: list[int] = game.deck
    items = info.items
    planner = fast.planner
    for round_ in range(max(start, 1), info.rounds + 1):
        if round_ > start:
            for player, turn in zip(players, plan.turns[round_ - 1], strict=True):
                play_turn(fast, player, turn, deck, items)
        if round_ == stop:
            return None
        scoring = round_ in fast.scoring_rounds
        if not scoring and round_ != info.rounds:
            continue
        game.round = round_
        game.deck = deck
        for player in players:
            player.store(fast)
        if planner is not None and moves is not None:
            planner.decide(module, game, plan, moves, round_)
        before = [p.points for p in game.players]
        spaces = [p.emperor for p in game.players]
        try:
            module.emperor_scoring(game)
            if round_ == info.rounds:
                totals = module.final_totals(game)
                standings = module.final_standings(game, totals)
        except ValueError as error:
            raise GahError(
                f"synthetic game {plan.game} (seed {plan.seed}) could not be scored by '{info.name}' "
                f"after round {round_}: {error}"
            ) from None
        after = [p.points for p in game.players]
        if scoring:
            scorings.append(_scoring(fast, round_, game.tiles[fast.tiers[round_]], spaces, before, after))
        if round_ == info.rounds:
            return _outcome(game, totals, standings, scorings, moves)
        for player in players:
            player.load(fast)
        deck = game.deck
    raise GahError(f"ruleset '{info.name}' has no last round")  # pragma: no cover - rounds >= 1


def _scoring(fast: Fast, round_: int, tile: str, spaces: list[int], before: list[int], after: list[int]) -> Scoring:
    """Each player's Emperor scoring: an Emperor scoring scores the points under the marker, then moves it
    back (never below 0) and the space reached gives the outcome; those two steps of a player come before
    any effect, and effects change only their own player, so the spaces before the scoring tell both."""
    track_points, outcome_of, back = fast.track_points, fast.info.outcome, fast.move_back[round_]
    track = tuple(track_points[space] for space in spaces)
    outcomes = tuple(outcome_of[max(0, space - back)] for space in spaces)
    net = tuple(a - b for a, b in zip(after, before, strict=True))
    return Scoring(round_, tile, track, outcomes, net, tuple(after))


def _outcome(
    game: Any,
    totals: list[int],
    standings: list[dict[str, Any]],
    scorings: list[Scoring],
    moves: planning.Moves | None,
) -> Outcome:
    names = [player.name for player in game.players]
    winners = frozenset(names.index(s["player"]) for s in standings if s["rank"] == 1)
    best = sorted(totals, reverse=True)
    return Outcome(tuple(scorings), tuple(totals), winners, len(best) > 1 and best[0] == best[1], moves)
