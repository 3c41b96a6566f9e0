"""The game's state as the shared mechanics change it: the rules' constants, the players, the game and its
decisions, the records of a turn's search (Trial, Turn: see chooser.py), and the game's words (say, term).

Copied verbatim (imports hoisted) into every generated scoring module: see words.py.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .words import Voice, phrase

Cell = tuple[int, int]  # (floor, column), both from 1, floor 1 at the bottom


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
    # Declared resources: id -> (lower limit, upper limit or None, starting amount); "objectives" is kept in
    # Player.objectives (the state's historical key), every other one in Player.resources.
    resources: dict[str, tuple[int, int | None, int]] = field(default_factory=dict)
    # Player roles: id -> what a player of that role never has (state keys: krones, kitchen, cafe, hand).
    roles: dict[str, tuple[str, ...]] = field(default_factory=dict)
    # Could an item on a café guest be worth more than in the kitchen (see choose_items())?
    serving_pays: bool = True
    # Does no effect single out some items (an item filter)? Then every item kind is worth the same to the
    # policy, which tries one kind per place only (see choose_items() and return_items()).
    items_alike: bool = True
    # The phrases and terms of the language events are told in (a language's `score` section, with its
    # `terms`): the generated module's English unless score_game is given another.
    words: dict[str, Any] = field(default_factory=dict)
    # Voices made ready (see speak()), by the id of a language the module ships.
    voices: dict[str, Voice] = field(default_factory=dict)
    once_effects: dict[int, Callable[[Game, Player], None]] = field(default_factory=dict)
    # Some effect changes other players (for_players): a copy to try an option on copies every player.
    targets_others: bool = False
    project: Callable[[Game, Player], int] | None = None
    # colour -> its spaces as (floor - 1, column - 1), bottom floor first (derived from colours)
    colour_cells: dict[str, tuple[tuple[int, int], ...]] = field(init=False, default_factory=dict)
    # each group's spaces as (floor - 1, column - 1), in the order of groups (derived from groups)
    group_cells: tuple[tuple[tuple[int, int], ...], ...] = field(init=False, default=())
    # cell -> the index of its group in groups (derived from groups)
    group_index: dict[Cell, int] = field(init=False, default_factory=dict)
    # every item at 0, in the rules' order: a kitchen or a café guest starts as a copy (derived from items)
    no_items: dict[str, int] = field(init=False, default_factory=dict)
    # `words` made ready, every new Game's voice (derived from words; see speak())
    voice: Voice = field(init=False)
    # every Staff card's number, in order: a state without a deck holds the ones nobody has (derived from staff)
    staff_order: tuple[int, ...] = field(init=False, default=())

    def __post_init__(self) -> None:
        self.voice = Voice(self.words)
        self.staff_order = tuple(sorted(self.staff))
        self.no_items = dict.fromkeys(self.items, 0)
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
    # Declared resources other than the objectives, by id (every one the rules declare).
    resources: dict[str, int]
    # The player's role (an id of the rules' roles), or "": every part of the rules applies.
    role: str

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
        resources: dict[str, int] | None = None,
        role: str = "",
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
        self.resources = {} if resources is None else resources
        self.role = role

    def clone(self) -> Player:
        return Player(
            self.name,
            self.points,
            self.krones,
            self.emperor,
            self.kitchen.copy(),
            list(map(dict.copy, self.cafe)),  # map, not a comprehension: a clone a trial, each a call less
            list(map(list.copy, self.hotel)),
            self.hand[:],
            self.hired[:],
            self.objectives,
            self.choices,  # read only
            self.cursor.copy(),
            self.resources.copy(),
            self.role,
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
    # True: a turn of a player with recorded choices copies its start only if its search needs it (see take_turn())
    lazy_turns: bool
    # The phrases and terms events are told in (see say()); the rules' own by default (see speak()).
    words: dict[str, Any]
    voice: Voice  # the same words made ready
    # During an Emperor scoring of a ruleset that reads other players as they stood before it: every player
    # then (see others()); else None (others are read as they stand).
    before: list[Player] | None

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
        self.lazy_turns = False
        self.words = rules.words
        self.voice = rules.voice
        self.before = None

    def clone(self, only: Player | None = None) -> Game:
        """A copy to try an option on. With `only`, the other players are shared, not copied:
        an option of one player's decision never changes another player."""
        if only is None or self.rules.targets_others:  # effects may change other players: copy them all
            players = [p.clone() for p in self.players]
        else:
            players = self.players[:]
            for index, player in enumerate(players):
                if player is only:
                    players[index] = player.clone()
        game = Game(self.rules, self.round, self.tiles, self.deck[:], self.discard[:], players, [], [], False)
        game.before = self.before  # read only
        return game

    def log(self, player: Player | None, kind: str, text: str, **details: Any) -> None:
        """An event of an explaining game: round, player, kind, text, then its details. The steps every scoring
        takes (points, krones, rooms, cards, choices) append theirs in place, the same keys in the same order:
        a call with keyword arguments costs about as much again as the event."""
        if not self.explain:
            return
        name = None if player is None else player.name
        self.events.append({"round": self.round, "player": name, "kind": kind, "text": text, **details})

    def opponents(self, player: Player) -> list[Player]:
        return [p for p in self.players if p is not player]


def seat(game: Game, player: Player) -> int:
    """The player's place in game.players, found by identity (list.index would compare every field); or, for a
    player as it stood before the Emperor scoring (game.before), its place there."""
    for index, other in enumerate(game.players):
        if other is player:
            return index
    for index, other in enumerate(game.before or ()):
        if other is player:
            return index
    raise ValueError(f"{player.name} does not play this game")


def speak(game: Game, words: dict[str, Any], language: str = "") -> None:
    """Tell the game's events and explanations in `words` (a language's phrases and terms). `language`: the
    id of a table of words that never changes (one the module ships): its Voice is made once and kept."""
    voices = game.rules.voices
    voice = voices.get(language) if language else None
    if voice is None or voice.words is not words:
        voice = Voice(words)
        if language:
            voices[language] = voice
    game.words = words
    game.voice = voice


def say(game: Game, key: str, count: int | None = None, /, **values: object) -> str:
    """The phrase `key` in the game's language (see phrase()), from its voice."""
    if count is None:
        return game.voice.said[key](**values)
    counts = game.voice.counts.get(key)
    if counts is not None and not values:
        return counts[count]
    return phrase(game.words, key, count, **values)


_NO_TERMS: dict[str, str] = {}


def term(game: Game, kind: str, name: str, default: str) -> str:
    """A game term (an item, a colour, a Staff card, a tile, a zone) as the language names it; `default`
    (the rules' own word) where the language does not name it."""
    return game.voice.terms.get(kind, _NO_TERMS).get(name, default)


def item_named(game: Game, item: str, count: int) -> str:
    """An item as named after `count`: its plural for a count other than 1."""
    named = term(game, "item", item, item)
    return named if abs(count) == 1 else term(game, "item_plural", item, named)


@dataclass(slots=True, init=False)
class Branch:
    """An open decision a trial's script does not cover: the search tries each option. A trial records
    one (Trial.pending) and goes on with the first option; the real game searches from one (decide())."""

    options: list[Any]
    order_only: bool
    reads: int
    prefix: list[Any]  # every decision of the turn before this one, in order
    consumed: int  # how many of them were recorded
    # Options of one class lead to the same outcome (the generator proved it; see decide()): None, or a class
    # for each option.
    classes: list[Any] | None
    # Where the turn ends with this decision: each option's outcome, found at the decision (see finished());
    # None for an option found otherwise (the first, taken in place, or one of a class already found).
    children: list[Outcome | None] | None

    def __init__(
        self,
        options: list[Any],
        order_only: bool,
        reads: int,
        prefix: list[Any],
        consumed: int,
        classes: list[Any] | None = None,
        children: list[Outcome | None] | None = None,
    ) -> None:
        self.options = options
        self.order_only = order_only
        self.reads = reads
        self.prefix = prefix
        self.consumed = consumed
        self.classes = classes
        self.children = children


@dataclass(slots=True, init=False)
class Trial:
    """The decisions to replay on a copy of the game (every decision of the turn, in order), then
    the ones taken after them.

    At each open decision after the script, the trial records a Branch (pending) and goes on with its first
    option: from there on it is that option's trial, as if it had replayed the turn up to the decision
    (explore() tries the other options once this path ends). A replay does not count the card reads of the
    recorded order-only decisions it replays: `hidden` counts those this path made, and `offset` is their
    number at the last open decision, so `game.card_reads - offset` is what that option's replay would count.
    """

    script: list[Any]
    consumed: int  # recorded decisions taken on this path
    strict: bool  # False: an order-only decision takes its first option for now (see decide())
    at: int
    made: list[Any]
    provisional: int  # game.card_reads at the first order-only decision taken for now
    alike: list[tuple[Any, Any]]  # each such decision: its first two options
    quiet: bool  # the real game explains nothing (see quiet())
    pending: list[Branch]  # the open decisions met, in order: the first option taken, the others to try
    hidden: int  # card reads of recorded order-only decisions on this path after its script
    offset: int  # `hidden` at the last open decision met (0 before any)

    def __init__(self, script: list[Any], consumed: int, strict: bool = False, quiet: bool = False) -> None:
        self.script = script
        self.consumed = consumed
        self.strict = strict
        self.quiet = quiet
        self.at = 0
        self.made = []
        self.provisional = -1
        self.alike = []
        self.pending = []
        self.hidden = 0
        self.offset = 0


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
    game: Game  # the real game (its other players do not change in the turn)
    # The player, the Staff deck and discard pile before the turn; None: not copied (see take_turn()).
    start: tuple[Player, list[int], list[int]] | None
    # Every player before the turn where effects change other players (Rules.targets_others); else None.
    everyone: list[Player] | None
    made: list[Any]  # every decision of the turn so far, in order
    consumed: int  # how many of them were recorded
    opened: int  # how many were the policy's with options to compare
    plan: list[tuple[Any, Any, float | None]]  # (option, runner-up, its total)
    total: float | None  # the projected total of the plan
    reads: int  # game.card_reads when the turn began
    quiet: bool  # the real game explains nothing (see quiet())
    hidden: int  # card reads of recorded order-only decisions in the turn so far (a replay counts none)

    def __init__(
        self,
        index: int,
        steps: Callable[[Game, Player, str], None],
        tile_id: str,
        game: Game,
        start: tuple[Player, list[int], list[int]] | None,
        reads: int,
        quiet: bool,
    ) -> None:
        self.index = index
        self.steps = steps
        self.tile_id = tile_id
        self.game = game
        self.start = start
        self.everyone = None
        self.made = []
        self.consumed = 0
        self.opened = 0
        self.plan = []
        self.total = None
        self.reads = reads
        self.quiet = quiet
        self.hidden = 0


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
