"""Game state, primitives and the chooser: mechanics that do not change with the rules data.

This file is copied verbatim (imports hoisted) into every generated scoring
module, so it imports the standard library only and names nothing outside
the runtime package.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

T = TypeVar("T")

Cell = tuple[int, int]  # (floor, column), both from 1, floor 1 at the bottom


class StateError(ValueError):
    """A game state (or a recorded choice) that this ruleset cannot score. The readers raise one as a phrase of
    a language's `state` section (`key`, with `values`), which told() says in a language; until then its
    text is the key. One made of a text (a recorded choice's, said by the game) has no key."""

    def __init__(self, text: str, key: str = "", values: dict[str, object] | None = None) -> None:
        super().__init__(text)
        self.key = key
        self.values = values or {}

    def told(self, words: dict[str, Any]) -> StateError:
        """This error said in the language of `words` (a table of WORDS, with its `state` phrases)."""
        if not self.key:
            return self
        return StateError(state_phrase(words["state"], self.key, self.values), self.key, self.values)


def refused(key: str, count: int | None = None, /, **values: object) -> StateError:
    """A StateError of the `state` phrase `key` (a Said value is a phrase of its own); `count` picks a form."""
    if count is not None:
        values["count"] = count
    return StateError(key, key, values)


@dataclass(frozen=True)
class Said:
    """A phrase of the `state` section inside another's values ("expected {expected}")."""

    key: str
    values: dict[str, object] = field(default_factory=dict)


def state_phrase(table: dict[str, Any], key: str, values: dict[str, object]) -> str:
    """The `state` phrase `key` with `values` filled in, a Said value said first."""
    filled = {name: state_phrase(table, v.key, v.values) if isinstance(v, Said) else v for name, v in values.items()}
    count = filled.get("count")
    return phrase(table, key, count if isinstance(count, int) else None, **filled)


def shown(value: object) -> str:
    """A value from a state as a message quotes it: its repr, with every character that is not
    printable written as an escape (\\x1b, \\u202e), so no key, value or name in a message can drive
    a terminal, break the line or reorder the text around it. Every message shows user data so."""
    text = repr(value)
    if text.isprintable():  # always so for text, numbers and containers of them
        return text
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii") for c in text)


def plain(text: str) -> str:
    """User text bare, as it reads, where every character is printable; else quoted as shown() quotes it."""
    return text if text.isprintable() else shown(text)


@dataclass
class Rules:
    """The constants the shared mechanics need, filled in by the generated module."""

    name: str
    rounds: int
    track_last: int
    beyond_points: int
    points_floor: int
    krones_floor: int
    items: tuple[str, ...]
    floors: int
    columns: int
    colours: tuple[tuple[str, ...], ...]  # [floor-1][column-1]
    groups: tuple[tuple[str, tuple[Cell, ...]], ...]  # (colour, cells)
    prepare_cost: tuple[int, ...]  # [floor-1]
    first_room: Cell
    printed_points: dict[Cell, int]
    group_rewards: dict[str, tuple[str, dict[int, int]]]  # colour -> (reward, size -> amount)
    cafe_seats: int
    staff: dict[int, tuple[str, int, str]]  # number -> (name, cost, kind)
    scoring_tiers: dict[int, str]  # round -> tier
    tiles: dict[str, str]  # tile id -> tier
    # Could an item on a café guest be worth more than in the kitchen (see choose_items())?
    serving_pays: bool = True
    # Does no effect single out some items (an item filter)? Then every item kind is worth the same to the
    # policy, which tries one kind per place only (see choose_items() and return_items()).
    items_alike: bool = True
    # The phrases and terms of the language events are told in (a language's `score` section, with its
    # `terms`): the generated module's English unless score_game is given another.
    words: dict[str, Any] = field(default_factory=dict)
    once_effects: dict[int, Callable[[Game, Player], None]] = field(default_factory=dict)
    project: Callable[[Game, Player], int] | None = None
    # colour -> its spaces as (floor - 1, column - 1), bottom floor first (derived from colours)
    colour_cells: dict[str, tuple[tuple[int, int], ...]] = field(init=False, default_factory=dict)
    # each group's spaces as (floor - 1, column - 1), in the order of groups (derived from groups)
    group_cells: tuple[tuple[tuple[int, int], ...], ...] = field(init=False, default=())
    # cell -> the index of its group in groups (derived from groups)
    group_index: dict[Cell, int] = field(init=False, default_factory=dict)

    def __post_init__(self) -> None:
        self.group_cells = tuple(tuple((f - 1, c - 1) for f, c in cells) for _colour, cells in self.groups)
        self.group_index = {cell: index for index, (_colour, cells) in enumerate(self.groups) for cell in cells}
        for floor, row in enumerate(self.colours):
            for column, colour in enumerate(row):
                self.colour_cells[colour] = (*self.colour_cells.get(colour, ()), (floor, column))

    def group_of(self, cell: Cell) -> int:
        return self.group_index[cell]


# The classes the search makes by the thousand write their own __init__ (init=False): a dataclass's is made
# at import, so even a compiled runtime would run it as Python code, about four times slower.


@dataclass(slots=True, init=False)
class Player:
    name: str
    points: int
    krones: int
    emperor: int
    kitchen: dict[str, int]
    cafe: list[dict[str, int]]
    hotel: list[list[str]]  # [floor-1][column-1]: "o" occupied, "v" vacant, "." empty
    hand: list[int]
    hired: list[int]
    objectives: int
    choices: dict[str, Any]
    # Decisions of each `choices` key asked so far (the index of the next one; see decide()).
    cursor: dict[str, int]

    def __init__(
        self,
        name: str,
        points: int,
        krones: int,
        emperor: int,
        kitchen: dict[str, int],
        cafe: list[dict[str, int]],
        hotel: list[list[str]],
        hand: list[int],
        hired: list[int],
        objectives: int,
        choices: dict[str, Any],
        cursor: dict[str, int] | None = None,
    ) -> None:
        self.name = name
        self.points = points
        self.krones = krones
        self.emperor = emperor
        self.kitchen = kitchen
        self.cafe = cafe
        self.hotel = hotel
        self.hand = hand
        self.hired = hired
        self.objectives = objectives
        self.choices = choices
        self.cursor = {} if cursor is None else cursor

    def clone(self) -> Player:
        return Player(
            self.name,
            self.points,
            self.krones,
            self.emperor,
            self.kitchen.copy(),
            [guest.copy() for guest in self.cafe],
            [row[:] for row in self.hotel],
            self.hand[:],
            self.hired[:],
            self.objectives,
            self.choices,  # read only
            self.cursor.copy(),
        )


@dataclass(slots=True)
class Decision:
    """One decision of a scoring, as `gah score` shows it and `choices` would record it."""

    player: str
    key: str  # the `choices` key
    index: int  # its place among the player's decisions of that key (0: the first)
    value: Any  # as `choices` records it (rooms as "floor.column")
    how: str  # "recorded", "policy" (the default policy) or "only" (the only legal option)
    runner_up: Any = None  # the best other option the policy tried (when runner_up_total is set)
    runner_up_total: int | None = None  # the projected total that option leads to at best
    total: int | None = None  # the projected total of the policy's whole choice
    alike: bool = False  # the runner-up is provably worth the same (symmetry): not tried


@dataclass(slots=True, init=False)
class Game:
    rules: Rules
    round: int
    tiles: dict[str, str]  # tier -> tile id
    deck: list[int]
    discard: list[int]
    players: list[Player]
    events: list[dict[str, Any]]
    # Every decision taken, recorded or not, in order (explaining games only): recording the values
    # as `choices` reproduces the same game.
    decisions: list[Decision]
    # False: no events and no decisions are recorded (trials, and callers that want the numbers only).
    # Call sites that build an event's text test it first, so a quiet game never formats one.
    explain: bool
    # On a copy where the default policy tries a sequence of decisions: that sequence (see explore()).
    trial: Trial | None
    # In the real game, the turn being resolved (one player's bonus or penalty; see take_turn()).
    turn: Turn | None
    # How often a step looked at which cards a hand or the deck holds (see explore()).
    card_reads: int
    # True while a projection of the real game is worked out (it decides nothing).
    projecting: bool
    # The phrases and terms events are told in (see say()); the rules' own by default.
    words: dict[str, Any]

    def __init__(
        self,
        rules: Rules,
        round: int,
        tiles: dict[str, str],
        deck: list[int],
        discard: list[int],
        players: list[Player],
        events: list[dict[str, Any]] | None = None,
        decisions: list[Decision] | None = None,
        explain: bool = True,
    ) -> None:
        self.rules = rules
        self.round = round
        self.tiles = tiles
        self.deck = deck
        self.discard = discard
        self.players = players
        self.events = [] if events is None else events
        self.decisions = [] if decisions is None else decisions
        self.explain = explain
        self.trial = None
        self.turn = None
        self.card_reads = 0
        self.projecting = False
        self.words = rules.words

    def clone(self, only: Player | None = None) -> Game:
        """A copy to try an option on. With `only`, the other players are shared, not copied:
        an option of one player's decision never changes another player."""
        players = [p.clone() if only is None or p is only else p for p in self.players]
        return Game(self.rules, self.round, self.tiles, self.deck[:], self.discard[:], players, explain=False)

    def log(self, player: Player | None, kind: str, text: str, **details: Any) -> None:
        if not self.explain:
            return
        event: dict[str, Any] = {
            "round": self.round,
            "player": player.name if player else None,
            "kind": kind,
            "text": text,
        }
        event.update(details)
        self.events.append(event)

    def opponents(self, player: Player) -> list[Player]:
        return [p for p in self.players if p is not player]


def seat(game: Game, player: Player) -> int:
    """The player's place in game.players, found by identity (list.index would compare every field)."""
    for index, other in enumerate(game.players):
        if other is player:
            return index
    raise ValueError(f"{player.name} does not play this game")


def phrase(words: dict[str, Any], key: str, count: int | None = None, /, **values: object) -> str:
    """The phrase `key` of a language's phrases (`words`) with `values` filled in; `count` (also {count})
    picks the plural form of a phrase that has forms (`one`, `other`)."""
    pattern = words[key]
    if isinstance(pattern, dict):  # forms by a count: zero and two where the language has them
        size = -1 if count is None else abs(count)
        form = "zero" if size == 0 else "one" if size == 1 else "two" if size == 2 else "other"
        pattern = pattern.get(form) or pattern["other"]
    if count is not None:
        values["count"] = count
    text: str = pattern.format_map(values)
    return text


def say(game: Game, key: str, count: int | None = None, /, **values: object) -> str:
    """The phrase `key` in the game's language (see phrase())."""
    return phrase(game.words, key, count, **values)


def term(game: Game, kind: str, name: str, default: str) -> str:
    """A game term (an item, a colour, a Staff card, a tile, a zone) as the language names it; `default`
    (the rules' own word) where the language does not name it."""
    named: str = game.words.get("terms", {}).get(kind, {}).get(name, default)
    return named


def ordinal(words: dict[str, Any], n: int) -> str:
    """1st, 2nd, 3rd, 4th, 11th, 21st (in English): the language's `ordinal` forms, chosen by the last two
    digits (ends_11), else the last digit (ends_1), else any_other."""
    forms: dict[str, str] = words["ordinal"]
    pattern = forms.get(f"ends_{n % 100}") or forms.get(f"ends_{n % 10}") or forms["any_other"]
    return pattern.format(n=n)


# --- primitives -----------------------------------------------------------------------


def per_quantity(game: Game, each: int, quantity: str) -> str:
    """Why points per a quantity change hands: " (2 per occupied rooms)" (explaining games only, else "")."""
    if not game.explain:
        return ""
    return say(game, "per_quantity", each=each, quantity=game.words["quantity_names"][quantity])


def gain_points(game: Game, player: Player, amount: int, why: str = "") -> None:
    player.points += amount
    if game.explain:
        text = say(game, "gains", player=player.name, what=say(game, "points", amount), why=why)
        game.log(player, "points", text, points=amount)


def lose_points(game: Game, player: Player, amount: int, why: str = "") -> None:
    lost = min(amount, max(0, player.points - game.rules.points_floor))
    player.points -= lost
    if not game.explain:
        return
    note = "" if lost == amount else say(game, "has_only_to_lose", lost=lost)
    text = say(game, "loses", player=player.name, what=say(game, "points", lost), why=why + note)
    game.log(player, "points", text, points=-lost)


def gain_krones(game: Game, player: Player, amount: int) -> None:
    player.krones += amount
    if game.explain:
        text = say(game, "gains", player=player.name, what=say(game, "krones", amount), why="")
        game.log(player, "krones", text, krones=amount)


def lose_krones(game: Game, player: Player, amount: int) -> None:
    lost = min(amount, max(0, player.krones - game.rules.krones_floor))
    player.krones -= lost
    if not game.explain:
        return
    note = "" if lost == amount else say(game, "has_only", lost=lost)
    text = say(game, "loses", player=player.name, what=say(game, "krones", lost), why=note)
    game.log(player, "krones", text, krones=-lost)


def advance_emperor(game: Game, player: Player, steps: int, why: str = "") -> None:
    """Move forward, never past the last space; each step beyond it is worth points at once."""
    room = game.rules.track_last - player.emperor
    moved = min(steps, max(0, room))
    beyond = steps - moved
    player.emperor += moved
    if not game.explain:
        player.points += beyond * game.rules.beyond_points
        return
    steps_said = say(game, "steps", moved)
    text = say(game, "advances", player=player.name, steps=steps_said, space=player.emperor, why=why)
    if beyond:
        bonus = beyond * game.rules.beyond_points
        player.points += bonus
        text += say(game, "beyond_cap", steps=say(game, "steps", beyond), points=say(game, "points", bonus))
    game.log(player, "emperor", text, steps=moved, beyond=beyond)


def gain_items(game: Game, player: Player, items: Sequence[tuple[str, int]]) -> None:
    for item, count in items:
        player.kitchen[item] = player.kitchen.get(item, 0) + count
    if not game.explain:
        return
    listed = say(game, "list_separator").join(
        say(game, "item_count", count, item=term(game, "item", item, item)) for item, count in items
    )
    game.log(player, "items", say(game, "gains", player=player.name, what=listed, why=""), items=dict(items))


def return_items(
    game: Game,
    player: Player,
    kitchen: bool,
    cafe: bool,
    count: int | None = None,
    which: tuple[str, ...] | None = None,
) -> None:
    """Return items from the kitchen and/or the café guests: `count` of them, each the player's choice
    (as many as there are), or every one (count None); `which`: only these item ids (None: any)."""
    if count is not None:
        return_some_items(game, player, kitchen, cafe, count, which)
        return
    returned = 0
    if kitchen:
        for item, held in player.kitchen.items():
            if which is None or item in which:
                returned += held
                player.kitchen[item] = 0
    if cafe:
        for guest in player.cafe:
            for item, held in guest.items():
                if which is None or item in which:
                    returned += held
                    guest[item] = 0  # the guest keeps the shape of the kitchen: every kind, now 0
    if not game.explain:
        return
    places = say(game, "from_kitchen_and_cafe" if kitchen and cafe else "from_kitchen" if kitchen else "from_cafe")
    text = say(game, "returns_items", player=player.name, items=say(game, "items", returned), places=places)
    game.log(player, "items", text, returned=returned)


def returnable(player: Player, kitchen: bool, cafe: bool, which: tuple[str, ...] | None) -> list[str]:
    """Every item the player could return, as `choices` records it: an item id for the kitchen, then
    "item@guest" for an item on a café guest (guests from 0), in the rules' item order."""
    options = [item for item, held in player.kitchen.items() if held and kitchen and (which is None or item in which)]
    if cafe:
        for index, guest in enumerate(player.cafe):
            options += [f"{item}@{index}" for item, held in guest.items() if held and (which is None or item in which)]
    return options


def count_returnable(player: Player, kitchen: bool, cafe: bool, which: tuple[str, ...] | None) -> int:
    """How many items a return could take."""
    total = 0
    if kitchen:
        total += sum(held for item, held in player.kitchen.items() if which is None or item in which)
    if cafe:
        for guest in player.cafe:
            total += sum(held for item, held in guest.items() if which is None or item in which)
    return total


def return_some_items(
    game: Game, player: Player, kitchen: bool, cafe: bool, count: int, which: tuple[str, ...] | None
) -> None:
    """Return up to `count` items, one decision each. Where every item is alike (rules.items_alike), the
    policy tries the kind the kitchen holds most (ties: the rules' order) and the first café item; else every
    option, in that order of preference (so that ties go the same way)."""
    for _ in range(count):
        options = returnable(player, kitchen, cafe, which)
        if not options:
            if game.explain:
                game.log(player, "items", say(game, "no_more_items_to_return", player=player.name))
            return
        in_kitchen = [o for o in options if "@" not in o]
        on_guests = [o for o in options if "@" in o]
        if in_kitchen:
            most = max(in_kitchen, key=lambda item: player.kitchen[item])  # the first of the most
            in_kitchen = [most] + [o for o in in_kitchen if o != most]
        tried = in_kitchen[:1] + on_guests[:1] if game.rules.items_alike else in_kitchen + on_guests
        chosen = decide(game, player, "return_items", options, tried, dominated=True)
        item, _at, guest = chosen.partition("@")
        place = player.kitchen if not guest else player.cafe[int(guest)]
        place[item] -= 1
        if game.explain:
            named = term(game, "item", item, item)
            if guest:
                text = say(game, "returns_one_from_guest", player=player.name, item=named, guest=guest)
            else:
                text = say(game, "returns_one_from_kitchen", player=player.name, item=named)
            game.log(player, "items", text, item=item)


def choose_option(game: Game, player: Player, feasible: list[bool], may_decline: bool) -> int | None:
    """One option of a choice (numbered from 1, as sheets list them) among those that can be taken fully;
    None: declined, or none can be taken fully."""
    options: list[int | None] = [number for number, ok in enumerate(feasible, 1) if ok]
    if may_decline or not options:
        options.append(None)
    chosen = decide(game, player, "choose_one", options, none_why="why_no_option_fully")
    if game.explain and chosen is None:
        game.log(player, "choice", say(game, "takes_no_option", player=player.name))
    return chosen


# --- decisions ----------------------------------------------------------------------------
#
# Every decision goes through decide(). A recorded one (the player's `choices`) must be legal;
# the others are the default policy's. The policy decides a whole turn (one player's bonus or
# penalty) at once: at its first open decision it searches every sequence of the turn's open
# decisions (explore()), replaying the turn on copies of the game from its start, and plays the
# sequence with the best projected total.


def option_text(option: object) -> str:
    if option is None:
        return "none"
    if isinstance(option, tuple) and len(option) == 2 and all(isinstance(x, int) for x in option):
        return f"{option[0]}.{option[1]}"
    if isinstance(option, (list, tuple)):
        return "[" + ", ".join(option_text(x) for x in option) + "]"
    return plain(option) if isinstance(option, str) else shown(option)


def choice_value(option: object) -> Any:
    """An option as a state's `choices` would record it (rooms as "floor.column")."""
    if isinstance(option, tuple) and len(option) == 2 and all(isinstance(x, int) for x in option):
        return f"{option[0]}.{option[1]}"
    return option


class Branch(Exception):
    """A trial reached an open decision its script does not cover: the search tries each option."""

    def __init__(self, options: list[Any], order_only: bool, reads: int, prefix: list[Any], consumed: int) -> None:
        super().__init__()
        self.options = options
        self.order_only = order_only
        self.reads = reads
        self.prefix = prefix  # every decision of the turn before this one, in order
        self.consumed = consumed  # how many of them were recorded


class Infeasible(Exception):
    """On a trial's path a recorded decision is illegal: the path cannot be the one played."""


@dataclass(slots=True, init=False)
class Trial:
    """The decisions to replay on a copy of the game (every decision of the turn, in order), then
    the ones taken after them."""

    script: list[Any]
    consumed: int  # recorded decisions taken on this path
    strict: bool  # False: an order-only decision takes its first option for now (see decide())
    at: int
    made: list[Any]
    provisional: int  # game.card_reads at the first order-only decision taken for now
    alike: list[tuple[Any, Any]]  # each such decision: its first two options
    quiet: bool  # the real game explains nothing (see quiet())

    def __init__(self, script: list[Any], consumed: int, strict: bool = False, quiet: bool = False) -> None:
        self.script = script
        self.consumed = consumed
        self.strict = strict
        self.quiet = quiet
        self.at = 0
        self.made = []
        self.provisional = -1
        self.alike = []


def quiet(game: Game) -> bool:
    """Whether the real game explains nothing: then the policy may leave out options that lead to the same
    total as one it tries, though the best other option it would show could then differ (a trial's copy of
    the game never explains: it answers for the real game)."""
    trial = game.trial
    return trial.quiet if trial is not None else not game.explain


def replaying(game: Game) -> bool:
    """Whether the next decision replays a trial's script (its options need not be worked out)."""
    trial = game.trial
    return trial is not None and trial.at < len(trial.script)


@dataclass(slots=True, init=False)
class Turn:
    """One player's bonus or penalty in the real game, as the search replays it."""

    index: int  # the player's place in game.players
    steps: Callable[[Game, Player, str], None]
    tile_id: str
    start: Game  # the game before the turn (this player copied)
    made: list[Any]  # every decision of the turn so far, in order
    consumed: int  # how many of them were recorded
    opened: int  # how many were the policy's with options to compare
    plan: list[tuple[Any, Any, float | None]]  # (option, runner-up, its total)
    total: float | None  # the projected total of the plan
    reads: int  # game.card_reads when the turn began
    quiet: bool  # the real game explains nothing (see quiet())

    def __init__(
        self,
        index: int,
        steps: Callable[[Game, Player, str], None],
        tile_id: str,
        start: Game,
        reads: int,
        quiet: bool,
    ) -> None:
        self.index = index
        self.steps = steps
        self.tile_id = tile_id
        self.start = start
        self.made = []
        self.consumed = 0
        self.opened = 0
        self.plan = []
        self.total = None
        self.reads = reads
        self.quiet = quiet


@dataclass(slots=True, init=False)
class Outcome:
    """What the best continuation of a trial gives: (recorded decisions used, projected total), the
    decisions and the runner-up at each, and how many card reads the trials made at most."""

    score: tuple[int, float]
    path: list[tuple[Any, Any, float | None]]
    reads: int

    def __init__(self, score: tuple[int, float], path: list[tuple[Any, Any, float | None]], reads: int) -> None:
        self.score = score
        self.path = path
        self.reads = reads


def explore(
    turn: Turn, project: Callable[[Game, Player], int], script: list[Any], consumed: int, strict: bool = False
) -> Outcome:
    """The best continuation of a turn once the policy took `script`: every sequence of the open
    decisions after it, each tried by replaying the turn from its start on a copy of the game.

    The best has the most recorded decisions used (a recorded decision the path never asks for is a
    warning, an illegal one an error), then the highest projected total; ties go to the first option.
    The options tried are pruned only where the others are provably worth the same (see decide()).
    """
    game = turn.start.clone(turn.start.players[turn.index])
    player = game.players[turn.index]
    trial = game.trial = Trial(script, consumed, strict, turn.quiet)
    try:
        turn.steps(game, player, turn.tile_id)
    except Branch as branch:
        if trial.provisional >= 0:
            # An open decision after an order-only one taken for now: try that one's options after all.
            return explore(turn, project, script, consumed, True)
        return best_option(turn, project, branch)
    except Infeasible:
        if 0 <= trial.provisional < game.card_reads:
            return explore(turn, project, script, consumed, True)
        return Outcome((trial.consumed, float("-inf")), [], game.card_reads)
    if 0 <= trial.provisional < game.card_reads:
        # A later step looked at the cards an order-only decision moved: try its every option after all.
        return explore(turn, project, script, consumed, True)
    total = project(game, player)
    # Nothing after the order-only decisions taken for now looked at the cards: each option is worth the same.
    return Outcome((trial.consumed, total), [(first, second, total) for first, second in trial.alike], game.card_reads)


def best_option(turn: Turn, project: Callable[[Game, Player], int], branch: Branch) -> Outcome:
    """The best of a decision's options, each with its best continuation (explore())."""
    best: Outcome | None = None
    chosen: Any = None
    runner: tuple[Any, tuple[int, float]] | None = None
    reads = branch.reads
    for number, option in enumerate(branch.options):
        child = explore(turn, project, [*branch.prefix, option], branch.consumed)
        if child.reads > reads:
            reads = child.reads
        if best is None or child.score > best.score:
            if best is not None:
                runner = (chosen, best.score)  # the old best beats every runner-up so far
            best, chosen = child, option
        elif runner is None or child.score > runner[1]:
            runner = (option, child.score)
        if branch.order_only and number == 0 and child.reads == branch.reads:
            # Nothing after this decision looks at which cards are where: every order is worth the same.
            runner = (branch.options[1], child.score)
            break
    assert best is not None  # a Branch has 2 options or more
    top = (chosen, None, None) if runner is None else (chosen, runner[0], runner[1][1])
    return Outcome(best.score, [top, *best.path], reads)


def take_turn(game: Game, player: Player, steps: Callable[[Game, Player, str], None], tile_id: str) -> None:
    """A player's bonus or penalty of `tile_id`, every open decision of it taken together."""
    turn = game.turn = Turn(seat(game, player), steps, tile_id, game.clone(player), game.card_reads, not game.explain)
    first = len(game.decisions)
    try:
        steps(game, player, tile_id)
    finally:
        game.turn = None
    policy = [d for d in game.decisions[first:] if d.how == "policy"]
    if policy:
        # The plan's total when the turn was searched; else only options known to be worth the same were
        # open (symmetry), and the total is the projection now.
        total = int(turn.total) if turn.total is not None else projection(game, player)
        for decision in policy:
            decision.total = total
            if decision.alike:
                decision.runner_up_total = total


def projection(game: Game, player: Player) -> int:
    """The player's projected total in the real game (the projection decides nothing)."""
    assert game.rules.project is not None
    game.projecting = True
    try:
        return game.rules.project(game, player)
    finally:
        game.projecting = False


def recorded_at(player: Player, key: str, index: int) -> tuple[bool, Any]:
    """Whether decision `index` of `key` is recorded, and its value.

    A key holds one value (the first decision of its kind) or a list (each in the order asked)."""
    value = player.choices.get(key, player)  # the player: a marker for "not recorded"
    if isinstance(value, list):
        return (True, value[index]) if index < len(value) else (False, None)
    return (True, value) if index == 0 and value is not player else (False, None)


def next_recorded(player: Player, key: str) -> tuple[int, bool, Any]:
    """Ask the next decision of `key`: its index, whether it is recorded, and the recorded value."""
    index = player.cursor.get(key, 0)
    player.cursor[key] = index + 1
    return (index, *recorded_at(player, key, index))


def peek_recorded(player: Player, key: str) -> tuple[bool, Any]:
    """The recorded value of the next decision of `key`, without asking it."""
    return recorded_at(player, key, player.cursor.get(key, 0))


def choice_path(game: Game, player: Player, key: str, index: int) -> str:
    """Where a recorded decision is in the state: players[i].choices.KEY, or KEY[n] in a list."""
    where = f"players[{seat(game, player)}].choices.{key}"
    return f"{where}[{index}]" if isinstance(player.choices.get(key), list) else where


def choice_error(game: Game, player: Player, key: str, index: int, detail: str) -> StateError:
    """An illegal recorded choice, named by its path in the state (so `gah score` can point at it)."""
    path = choice_path(game, player, key, index)
    return StateError(say(game, "choice_error", path=path, detail=detail, player=plain(player.name)))


def recorded_choice(game: Game, player: Player, key: str, index: int, value: Any, options: list[T], none_why: str) -> T:
    """A recorded decision's option: it must be legal (else an error, or in a trial an infeasible path)."""
    chosen = parse_cell(value) if key in CELL_KEYS else value
    if chosen in options:
        return chosen
    if game.trial is not None or game.projecting:
        raise Infeasible
    if none_why and options == [None]:
        detail = say(game, "not_legal_because", value=option_text(value), why=say(game, none_why))
    else:
        legal = say(game, "list_separator").join(
            say(game, "no_option") if o is None else option_text(o) for o in options
        )
        detail = say(game, "not_legal", value=option_text(value), options=legal)
    raise choice_error(game, player, key, index, detail)


def note(game: Game, player: Player, key: str, index: int, value: Any, how: str, runner: Any = None) -> Decision:
    """Keep a decision for the result (explaining games only)."""
    decision = Decision(player.name, key, index, choice_value(value), how, choice_value(runner))
    game.decisions.append(decision)
    return decision


def decide(
    game: Game,
    player: Player,
    key: str,
    options: list[T],
    tried: list[T] | None = None,
    order_only: bool = False,
    none_why: str = "",
    dominated: bool = False,
) -> T:
    """One decision: the recorded choice if there is one (it must be legal), else the default policy.

    `options` are every legal option in the documented order (ties go to the first); `none_why` says
    why "none" is the only one. `tried`: the options the policy needs to try, where the others are
    provably worth no more (symmetry: they lead to the same projected total as one tried).
    `dominated`: the options not in `tried` are worth no more, but maybe less (no runner-up is shown).
    `order_only`: the decision only moves cards (which go under the deck, in which order); when
    nothing later in the turn looks at which cards are where, the first option stands for all.
    """
    trial = game.trial
    index = 0
    if player.choices or game.explain:  # only records and explanations need to know which decision this is
        cursor = player.cursor
        index = cursor.get(key, 0)
        cursor[key] = index + 1
    if trial is not None and trial.at < len(trial.script):
        scripted: T = trial.script[trial.at]  # replaying the path to an open decision, as first taken
        trial.at += 1
        return scripted
    turn = game.turn
    found, value = recorded_at(player, key, index) if player.choices else (False, None)
    if found:
        if order_only:
            game.card_reads += 1  # its legality depends on which cards are where
        if trial is not None:
            trial.consumed += 1  # before the legality check: a path that reaches an illegal record uses it
        chosen = recorded_choice(game, player, key, index, value, options, none_why)
        if trial is not None:
            trial.made.append(chosen)
            return chosen
        if turn is not None:
            turn.made.append(chosen)
            turn.consumed += 1
        if game.explain:
            said = say(game, "no_option") if chosen is None else option_text(chosen)
            game.log(player, "choice", say(game, "chooses_recorded", player=player.name, option=said, key=key), key=key)
            note(game, player, key, index, chosen, "recorded")
        return chosen
    branches = options if tried is None else tried
    if len(branches) == 1:
        chosen = branches[0]
        if trial is not None:
            trial.made.append(chosen)
            return chosen
        if turn is not None:
            turn.made.append(chosen)
        if game.explain:
            if len(options) == 1:
                note(game, player, key, index, chosen, "only")
            elif dominated:
                note(game, player, key, index, chosen, "policy")
            else:
                other = next(o for o in options if o != chosen)
                note(game, player, key, index, chosen, "policy", other).alike = True
        return chosen
    if trial is not None:
        if order_only and not trial.strict:
            # For now the first option: if nothing later looks at the cards, every option is worth the same.
            if trial.provisional < 0:
                trial.provisional = game.card_reads
            trial.alike.append((branches[0], branches[1]))
            trial.made.append(branches[0])
            return branches[0]
        raise Branch(branches, order_only, game.card_reads, [*trial.script, *trial.made], trial.consumed)
    if turn is None or game.rules.project is None:
        raise RuntimeError(f"decision {key} outside a turn")  # a generator bug: every turn is wrapped
    if turn.opened >= len(turn.plan):
        # The real game stands where a trial would raise this Branch: search its options from here.
        here = Branch(branches, order_only, game.card_reads - turn.reads, list(turn.made), turn.consumed)
        found_plan = best_option(turn, game.rules.project, here)
        turn.plan[turn.opened :] = found_plan.path
        turn.total = found_plan.score[1]
    chosen, runner, runner_total = turn.plan[turn.opened]
    turn.opened += 1
    turn.made.append(chosen)
    if game.explain:
        decision = note(game, player, key, index, chosen, "policy", runner)
        decision.runner_up_total = None if runner_total is None or runner_total == float("-inf") else int(runner_total)
    return chosen


CELL_KEYS = ("prepare_room", "occupy_room", "remove_rooms")


def parse_cell(value: Any) -> Cell | None:
    """A room written "floor.column" (checked when the state was read), or None."""
    if value is None:
        return None
    floor, column = str(value).split(".")
    return int(floor), int(column)


def choose_items(game: Game, player: Player, count: int, serve: bool, which: tuple[str, ...] | None = None) -> None:
    """Gain `count` items of the player's choice (any mix, repeats allowed), each a decision; with
    `serve`, each may go straight onto a guest in the café instead of into the kitchen.

    Every item kind counts the same in scoring and so does every guest, so the policy tries only the
    kind the kitchen holds fewest of (ties: the rules' item order) and, for serving, the kitchen or the
    first guest; the kitchen alone where nothing counts items on guests (rules.serving_pays). Where some
    effect singles out items (not rules.items_alike), it tries every kind. `which`: only these item ids.
    """
    items = list(game.rules.items) if which is None else [item for item in game.rules.items if item in which]
    held = dict(player.kitchen)
    kitchen: dict[str, int] = {}
    served: list[tuple[str, int]] = []
    guests: list[int | None] = [None, *range(len(player.cafe))] if serve and player.cafe else []
    tried = guests[:2] if game.rules.serving_pays else guests[:1]
    for _ in range(count):
        fewest = items[0]  # the first of the fewest (a loop, not a closure: see copy_opponent_game_end)
        for kind in items:
            if held.get(kind, 0) < held.get(fewest, 0):
                fewest = kind
        # Where items differ, every kind is tried, the fewest first, so that ties go as where they are alike.
        preferred = [fewest] if game.rules.items_alike else [fewest] + [kind for kind in items if kind != fewest]
        item = decide(game, player, "choose_items", items, preferred)
        held[item] = held.get(item, 0) + 1
        guest = decide(game, player, "serve", guests, tried, dominated=True) if guests else None
        if guest is None:
            kitchen[item] = kitchen.get(item, 0) + 1
        else:
            cafe = player.cafe[guest]
            cafe[item] = cafe.get(item, 0) + 1
            served.append((item, guest))
    if kitchen:
        gain_items(game, player, tuple(kitchen.items()))
    if served and game.explain:
        for item, guest in served:
            named = term(game, "item", item, item)
            text = say(game, "serves", player=player.name, item=named, guest=guest)
            game.log(player, "items", text, item=item, guest=guest)
