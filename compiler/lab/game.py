"""The synthetic game: a whole game drawn from the model, scored by each ruleset's own module.

One game is planned once from common random numbers (`plan_game`), then played
under every ruleset (`play`): the turns between Emperor scorings follow the
plan and the ruleset's own hotel, track and Staff data; each Emperor scoring is
the ruleset module's `score_game`, and the game continues from the state it
returns, so a rules change propagates to the rest of the game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from .. import ir
from ..errors import GahError
from ..modules import ScoringModule
from . import rng
from .model import Model, RoundModel

Cell = tuple[int, int]
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
    staff: tuple[int, ...]  # sorted numbers
    staff_cost: tuple[tuple[int, int], ...]
    staff_kind: tuple[tuple[int, str], ...]
    start_points: int
    start_krones: int
    start_emperor: int
    start_items: tuple[tuple[str, int], ...]
    start_rooms: tuple[Cell, ...]
    deal_method: str
    hand_size: int
    sets: tuple[tuple[str, tuple[int, ...]], ...]

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
            staff=tuple(sorted(c.number for c in ruleset.staff)),
            staff_cost=tuple((c.number, c.cost) for c in ruleset.staff),
            staff_kind=tuple((c.number, c.kind) for c in ruleset.staff),
            start_points=ruleset.setup.start.points,
            start_krones=ruleset.setup.start.krones,
            start_emperor=ruleset.setup.start.emperor,
            start_items=ruleset.setup.start.items,
            start_rooms=ruleset.setup.start.hotel_rooms,
            deal_method=ruleset.setup.deal.method,
            hand_size=ruleset.setup.deal.hand_size,
            sets=ruleset.setup.deal.sets,
        )


class Fast:
    """Lookup tables of a RulesInfo over a flat hotel (index = (floor - 1) * columns + column - 1)."""

    def __init__(self, info: RulesInfo, model: Model) -> None:
        self.info = info
        floors, columns = info.floors, info.columns
        self.size = floors * columns
        self.scoring_rounds = frozenset(info.scoring_rounds)
        self.cost = dict(info.staff_cost)
        self.kind_weight = {n: model.kind_weight(k) for n, k in info.staff_kind}
        self.index = {name: i for i, name in enumerate(player_names(8))}
        cells = [(f, c) for f in range(1, floors + 1) for c in range(1, columns + 1)]
        printed = dict(info.printed_points)
        self.first = (info.first_room[0] - 1) * columns + info.first_room[1] - 1
        self.room_cost = tuple(info.prepare_cost[f - 1] for f, _c in cells)
        self.floor_weight = tuple(model.floor_weight(f) for f, _c in cells)
        self.printed = tuple(printed.get(cell, 0) for cell in cells)
        self.neighbours = tuple(
            tuple(
                (nf - 1) * columns + nc - 1
                for nf, nc in ((f - 1, c), (f + 1, c), (f, c - 1), (f, c + 1))
                if 1 <= nf <= floors and 1 <= nc <= columns
            )
            for f, c in cells
        )
        group_of = {cell: g for g, group in enumerate(info.group_cells) for cell in group}
        self.group_of = tuple(group_of.get(cell, -1) for cell in cells)
        self.group_cells = tuple(tuple((f - 1) * columns + c - 1 for f, c in group) for group in info.group_cells)


def player_names(count: int) -> list[str]:
    return [f"P{i + 1}" for i in range(count)]


# --- the plan: every random number of one game, independent of the rulesets ---------------


class Turn(NamedTuple):
    """One player's round, drawn from the model (32-bit numbers pick among what the state allows)."""

    points: int
    krones: int
    items: tuple[int, ...]  # per item: which kind
    emperor: int
    prepare: tuple[int, ...]  # per room tried: where
    occupy: tuple[int, ...]  # per room occupied: which
    hire: tuple[int, ...]  # per card hired: which
    draw: int
    objectives: int
    cafe: tuple[tuple[int, ...], ...]  # per guest: per item on it, which kind


@dataclass(frozen=True)
class Plan:
    seed: int
    game: int
    players: int
    turns: tuple[tuple[Turn, ...], ...]  # [round-1][player]

    def setup_stream(self, purpose: int, extra: int = 0) -> rng.Stream:
        return rng.Stream(self.seed, self.game, extra, rng.SETUP_PLAYER, purpose)


def _picks(stream: rng.Stream, count: int) -> tuple[int, ...]:
    return tuple([stream.next32() for _ in range(count)])


def plan_turn(model: RoundModel, seed: int, game: int, round_: int, player: int) -> Turn:
    """The draws of (seed, game, round, player): the first ten numbers of the stream are the values
    (so they never shift), the numbers after them pick where rooms go, which cards are hired, and so on."""
    stream = rng.Stream(seed, game, round_, player, rng.TURN)
    draw = stream.next32
    points = model.points.pick(draw())
    krones = model.krones.pick(draw())
    emperor = model.emperor.pick(draw())
    staff_draw = model.draw.pick(draw())
    objectives = model.objectives.pick(draw())
    items = model.items.pick(draw())
    prepare = model.prepare.pick(draw())
    occupy = model.occupy.pick(draw())
    hire = model.hire.pick(draw())
    guests = model.cafe.pick(draw())
    item_picks = _picks(stream, items)
    prepare_picks = _picks(stream, prepare)
    occupy_picks = _picks(stream, occupy)
    hire_picks = _picks(stream, hire)
    cafe = tuple([_picks(stream, model.guest_items.pick(draw())) for _ in range(guests)])
    return Turn(
        points=points,
        krones=krones,
        items=item_picks,
        emperor=emperor,
        prepare=prepare_picks,
        occupy=occupy_picks,
        hire=hire_picks,
        draw=staff_draw,
        objectives=objectives,
        cafe=cafe,
    )


def plan_game(model: Model, seed: int, game: int, players: int, rounds: int) -> Plan:
    turns = tuple(
        tuple(plan_turn(model.round(r), seed, game, r, p + 1) for p in range(players)) for r in range(1, rounds + 1)
    )
    return Plan(seed, game, players, turns)


# --- the state of a game between scorings --------------------------------------------------


class LabPlayer:
    """A player between scorings; the hotel is flat, floor 1 first."""

    __slots__ = ("cafe", "emperor", "hand", "hired", "hotel", "kitchen", "krones", "name", "objectives", "points")

    def __init__(self, data: dict[str, Any]) -> None:
        self.name: str = data["name"]
        self.points: int = data["points"]
        self.krones: int = data["krones"]
        self.emperor: int = data["emperor"]
        self.kitchen: dict[str, int] = dict(data["kitchen"])
        self.cafe: list[dict[str, int]] = data["cafe"]
        self.hotel: list[str] = list("".join(reversed(data["hotel"])))
        self.hand: list[int] = list(data["hand"])
        self.hired: list[int] = list(data["hired"])
        self.objectives: int = data["objectives"]

    def state(self, columns: int) -> dict[str, Any]:
        hotel = self.hotel
        return {
            "name": self.name,
            "points": self.points,
            "krones": self.krones,
            "emperor": self.emperor,
            "kitchen": self.kitchen,
            "cafe": self.cafe,
            "hotel": ["".join(hotel[start : start + columns]) for start in range(len(hotel) - columns, -1, -columns)],
            "hand": self.hand,
            "hired": self.hired,
            "objectives": self.objectives,
        }


def shuffled_deck(plan: Plan, staff: tuple[int, ...]) -> list[int]:
    """The Staff deck, shuffled (Fisher-Yates) with the game's setup stream."""
    deck = list(staff)
    stream = plan.setup_stream(rng.SHUFFLE)
    for i in range(len(deck) - 1, 0, -1):
        j = stream.below(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def setup_state(fast: Fast, plan: Plan) -> dict[str, Any]:
    """The state before round 1: tiles, deck, hands and starting supplies of this ruleset."""
    info = fast.info
    tiles = {}
    for tier, ids in info.tiles_by_tier:
        tiles[tier] = ids[rng.scaled(plan.setup_stream(rng.TILES, ord(tier)).next32(), len(ids))]
    deck = shuffled_deck(plan, info.staff)
    hands: list[list[int]] = []
    sets = dict(info.sets)
    if info.deal_method == "introductory" and len(sets) >= plan.players:
        for name in sorted(sets)[: plan.players]:
            hand = [n for n in sets[name] if n in deck]
            hands.append(hand)
        dealt = {n for hand in hands for n in hand}
        deck = [n for n in deck if n not in dealt]
    else:
        # Standard deal; a draft is approximated by a random deal of the same hand size.
        for _ in range(plan.players):
            hands.append(deck[: info.hand_size])
            del deck[: info.hand_size]
    kitchen = {item: 0 for item in info.items}
    for item, count in info.start_items:
        kitchen[item] = kitchen.get(item, 0) + count
    rows = [["."] * info.columns for _ in range(info.floors)]
    for floor, column in info.start_rooms:
        rows[floor - 1][column - 1] = VACANT
    players = [
        {
            "name": name,
            "points": info.start_points,
            "krones": info.start_krones,
            "emperor": info.start_emperor,
            "kitchen": dict(kitchen),
            "cafe": [],
            "hotel": ["".join(row) for row in reversed(rows)],
            "hand": hands[index],
            "hired": [],
            "objectives": 0,
        }
        for index, name in enumerate(player_names(plan.players))
    ]
    return {"round": 0, "tiles": tiles, "staff_deck": deck, "staff_discard": [], "players": players}


# --- turns ---------------------------------------------------------------------------------


def _advance(info: RulesInfo, player: LabPlayer, steps: int) -> None:
    moved = min(steps, max(0, info.track_last - player.emperor))
    player.emperor += moved
    player.points += (steps - moved) * info.beyond_points


def _weighted(weights: list[int], r32: int) -> int:
    """The index a 32-bit number picks, each index as likely as its weight (the total must be above 0)."""
    x = rng.scaled(r32, sum(weights))
    for index, weight in enumerate(weights):
        if x < weight:
            return index
        x -= weight
    raise AssertionError("unreachable: x < sum(weights)")  # pragma: no cover


def _legal_spaces(fast: Fast, hotel: list[str]) -> list[int]:
    """Empty spaces a room may go on: the first room's space, or next to any placed room tile."""
    if hotel.count(EMPTY) == fast.size:
        return [fast.first]
    neighbours = fast.neighbours
    return [i for i in range(fast.size) if hotel[i] == EMPTY and any(hotel[j] != EMPTY for j in neighbours[i])]


def _prepare(fast: Fast, player: LabPlayer, r32: int) -> None:
    krones = player.krones
    room_cost = fast.room_cost
    options = [i for i in _legal_spaces(fast, player.hotel) if room_cost[i] <= krones]
    weights = [fast.floor_weight[i] for i in options]
    if not options or not sum(weights):
        return
    cell = options[_weighted(weights, r32)]
    player.krones -= room_cost[cell]
    player.hotel[cell] = VACANT
    player.points += fast.printed[cell]


def _occupy(fast: Fast, player: LabPlayer, r32: int) -> None:
    hotel = player.hotel
    vacant = [i for i, room in enumerate(hotel) if room == VACANT]
    if not vacant:
        return
    cell = vacant[rng.scaled(r32, len(vacant))]
    hotel[cell] = OCCUPIED
    group = fast.group_of[cell]
    if group < 0 or any(hotel[i] != OCCUPIED for i in fast.group_cells[group]):
        return
    reward, amount = fast.info.group_reward[group]
    if reward == "krones":
        player.krones += amount
    elif reward == "points":
        player.points += amount
    elif reward == "emperor_steps":
        _advance(fast.info, player, amount)


def _hire(fast: Fast, player: LabPlayer, r32: int) -> None:
    cost, kind_weight, krones = fast.cost, fast.kind_weight, player.krones
    options = [n for n in player.hand if cost[n] <= krones and kind_weight[n] > 0]
    if not options:
        return
    number = options[_weighted([kind_weight[n] for n in options], r32)]
    player.krones -= cost[number]
    player.hand.remove(number)
    player.hired.append(number)


def play_turn(fast: Fast, player: LabPlayer, turn: Turn, deck: list[int]) -> None:
    """One player's round: income, Emperor steps, rooms, Staff, objectives, café."""
    info = fast.info
    player.points += turn.points
    player.krones += turn.krones
    items = info.items
    for r32 in turn.items:
        item = items[rng.scaled(r32, len(items))]
        player.kitchen[item] = player.kitchen.get(item, 0) + 1
    _advance(info, player, turn.emperor)
    for r32 in turn.prepare:
        _prepare(fast, player, r32)
    for r32 in turn.occupy:
        _occupy(fast, player, r32)
    for r32 in turn.hire:
        _hire(fast, player, r32)
    for _ in range(turn.draw):
        if deck:
            player.hand.append(deck.pop(0))
    player.objectives += turn.objectives
    cafe = []
    for guest in turn.cafe[: info.cafe_seats]:
        plate: dict[str, int] = {}
        for r32 in guest:
            item = items[rng.scaled(r32, len(items))]
            plate[item] = plate.get(item, 0) + 1
        cafe.append(plate)
    player.cafe = cafe


# --- one game under one ruleset --------------------------------------------------------------


class Scoring(NamedTuple):
    """What one Emperor scoring did to each player."""

    round: int
    tile: str
    track_points: tuple[int, ...]  # points under the marker
    outcomes: tuple[str, ...]  # bonus, nothing or penalty
    net: tuple[int, ...]  # points after the scoring minus before


class Outcome(NamedTuple):
    """One game under one ruleset."""

    scorings: tuple[Scoring, ...]
    totals: tuple[int, ...]
    winners: frozenset[int]  # players of rank 1 (after tie-breakers)
    top_tied: bool  # the best two totals are equal (a tie-breaker was needed)


def play(fast: Fast, module: ScoringModule, plan: Plan) -> Outcome:
    """Play the planned game under one ruleset, scoring with its module and continuing from its results."""
    info = fast.info
    state = setup_state(fast, plan)
    scorings: list[Scoring] = []
    players = [LabPlayer(p) for p in state["players"]]
    deck: list[int] = state["staff_deck"]
    tiers = dict(info.scoring_tiers)
    for round_ in range(1, info.rounds + 1):
        turns = plan.turns[round_ - 1]
        for player, turn in zip(players, turns, strict=True):
            play_turn(fast, player, turn, deck)
        if round_ not in fast.scoring_rounds and round_ != info.rounds:
            continue
        state["round"] = round_
        state["staff_deck"] = deck
        state["players"] = [p.state(info.columns) for p in players]
        before = [p.points for p in players]
        try:
            result = module.score_game(state)
        except ValueError as error:
            raise GahError(
                f"synthetic game {plan.game} (seed {plan.seed}) could not be scored by '{info.name}' "
                f"after round {round_}: {error}"
            ) from None
        state = result["state"]
        state.pop("choices", None)
        players = [LabPlayer(p) for p in state["players"]]
        deck = state["staff_deck"]
        if round_ in fast.scoring_rounds:
            scorings.append(_scoring(fast, round_, state["tiles"][tiers[round_]], result, before, players))
        if round_ == info.rounds:
            return _outcome(result, scorings)
    raise GahError(f"ruleset '{info.name}' has no last round")  # pragma: no cover - rounds >= 1


def _scoring(
    fast: Fast, round_: int, tile: str, result: dict[str, Any], before: list[int], players: list[LabPlayer]
) -> Scoring:
    count = len(players)
    track = [0] * count
    outcomes = ["nothing"] * count
    index = fast.index
    outcome_of = fast.info.outcome
    for event in result["events"]:
        kind = event["kind"]
        if kind == "score":
            track[index[event["player"]]] += event["points"]
        elif kind == "move_back":
            outcomes[index[event["player"]]] = outcome_of[event["space"]]
    net = tuple(p.points - b for p, b in zip(players, before, strict=True))
    return Scoring(round_, tile, tuple(track), tuple(outcomes), net)


def _outcome(result: dict[str, Any], scorings: list[Scoring]) -> Outcome:
    totals = tuple(entry["total"] for entry in result["final"])
    names = [entry["player"] for entry in result["final"]]
    winners = frozenset(names.index(s["player"]) for s in result["standings"] if s["rank"] == 1)
    best = sorted(totals, reverse=True)
    return Outcome(tuple(scorings), totals, winners, len(best) > 1 and best[0] == best[1])
