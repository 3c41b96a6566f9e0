"""Game state, primitives and the chooser: mechanics that do not change with the rules data.

This file is copied verbatim (imports hoisted) into every generated scoring
module, so it imports the standard library only and names nothing outside
the runtime package.
"""

from __future__ import annotations

import keyword
import string
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeGuard, TypeVar

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
        if only is None:
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


class Counts(dict[int, str]):
    """One phrase with forms by a count, said once per count and kept (a scoring says "3 points" dozens of
    times): counts[n] is phrase(words, key, n)."""

    __slots__ = ("key", "words")

    def __init__(self, words: dict[str, Any], key: str) -> None:
        super().__init__()
        self.words = words
        self.key = key

    def __missing__(self, count: int) -> str:
        text = self[count] = phrase(self.words, self.key, count)
        return text


@dataclass(slots=True, init=False)
class Voice:
    """A language's phrases made ready once (see speak()): explaining a scoring says a hundred of them.

    said[key](**values) is phrase(words, key, **values) without a count: each pattern's own str.format (of a
    phrase with forms, its `other` form), so no call of ours sits between. counts[key][n] says a phrase with a
    count; the names of cards and tiles, the final lines' labels and the terms are worked out once."""

    words: dict[str, Any]
    said: dict[str, Callable[..., str]]
    counts: dict[str, Counts]
    points: Counts  # counts["points"], the most said
    terms: dict[str, dict[str, str]]  # kind -> name -> the language's word (see term())
    cards: dict[int, str]  # card_name() by card number
    tiles: dict[str, str]  # a tile's name with its tier, by tile id
    labels: dict[str, str]  # a per-quantity line's label (the quantity's phrase capitalised), by quantity
    floors: dict[int, str]  # the label of a floor's line of occupied rooms, by floor
    lines: dict[tuple[str, int, int], str]  # counted lines by (label, count, each) (see new_line())
    staff_labels: dict[tuple[int, int, str], str]  # a game-end Staff line's label by (card, copied, quantity)
    copiers: dict[str, str]  # a copying Staff's name by the rules' name (see copy_decided())

    def __init__(self, words: dict[str, Any]) -> None:
        self.words = words
        self.said = {}
        self.counts = {}
        for key, pattern in words.items():
            if isinstance(pattern, dict) and isinstance(pattern.get("other"), str):
                self.said[key] = filler(pattern["other"])
                self.counts[key] = Counts(words, key)
            elif isinstance(pattern, str):
                self.said[key] = filler(pattern)
                self.counts[key] = Counts(words, key)
        self.points = self.counts["points"] if "points" in self.counts else Counts(words, "points")
        self.terms = {kind: dict(names) for kind, names in words.get("terms", {}).items()}
        self.cards = {}
        self.tiles = {}
        self.labels = {}
        self.floors = {}
        self.lines = {}
        self.staff_labels = {}
        self.copiers = {}


def filler(pattern: str) -> Callable[..., str]:
    """A function that fills a phrase's named placeholders as pattern.format(**values) does, about three
    times sooner: an f-string of the placeholders, made once. Its source holds only names checked to be
    identifiers and _0, _1, ... for the text between them (passed as default values: no text of a
    language's is ever read as code). Any other placeholder ({0}, {a.b}, {n:>3}, {n!r}): pattern.format."""
    try:
        parts = list(string.Formatter().parse(pattern))
    except ValueError:
        return pattern.format  # unbalanced braces: format says so when the phrase is said
    names: list[str] = []
    literals: dict[str, str] = {}
    body = ""
    for text, name, spec, conversion in parts:
        if text:
            slot = f"_{len(literals)}"
            literals[slot] = text
            body += "{" + slot + "}"
        if name is None:
            continue
        if spec or conversion or not name.isidentifier() or keyword.iskeyword(name) or name.startswith("_"):
            return pattern.format
        if name not in names:
            names.append(name)
        body += "{" + name + "}"
    keywords = [*names, *(f"{literal}=_L[{literal!r}]" for literal in literals)]
    params = ", ".join(["*", *keywords, "**_"] if keywords else ["**_"])
    made: Callable[..., str] = eval(f"lambda {params}: f{body!r}", {"_L": literals})
    return made


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


def ordinal(words: dict[str, Any], n: int) -> str:
    """1st, 2nd, 3rd, 4th, 11th, 21st (in English): the language's `ordinal` forms, chosen by the last two
    digits (ends_11), else the last digit (ends_1), else any_other."""
    forms: dict[str, str] = words["ordinal"]
    pattern = forms.get(f"ends_{n % 100}") or forms.get(f"ends_{n % 10}") or forms["any_other"]
    return pattern.format(n=n)


# --- primitives -----------------------------------------------------------------------


def per_quantity(game: Game, each: int, quantity: str) -> str:
    """Why points per a quantity change hands: " (2 per occupied room)" (explaining games only, else "")."""
    if not game.explain:
        return ""
    return game.voice.said["per_quantity"](each=each, quantity=game.words["quantity_names"][quantity])


def gain_points(game: Game, player: Player, amount: int, why: str = "") -> None:
    player.points += amount
    if game.explain:
        voice = game.voice
        text = voice.said["gains"](player=player.name, what=voice.points[amount], why=why)
        game.events.append(
            {"round": game.round, "player": player.name, "kind": "points", "text": text, "points": amount}
        )


def lose_points(game: Game, player: Player, amount: int, why: str = "") -> None:
    lost = min(amount, max(0, player.points - game.rules.points_floor))
    player.points -= lost
    if not game.explain:
        return
    said = game.voice.said
    note = "" if lost == amount else said["has_only_to_lose"](lost=lost)
    text = said["loses"](player=player.name, what=game.voice.points[lost], why=why + note)
    game.events.append({"round": game.round, "player": player.name, "kind": "points", "text": text, "points": -lost})


def gain_krones(game: Game, player: Player, amount: int) -> None:
    player.krones += amount
    if game.explain:
        text = game.voice.said["gains"](player=player.name, what=game.voice.counts["krones"][amount], why="")
        game.events.append(
            {"round": game.round, "player": player.name, "kind": "krones", "text": text, "krones": amount}
        )


def lose_krones(game: Game, player: Player, amount: int) -> None:
    lost = min(amount, max(0, player.krones - game.rules.krones_floor))
    player.krones -= lost
    if not game.explain:
        return
    note = "" if lost == amount else game.voice.said["has_only"](lost=lost)
    text = game.voice.said["loses"](player=player.name, what=game.voice.counts["krones"][lost], why=note)
    game.events.append({"round": game.round, "player": player.name, "kind": "krones", "text": text, "krones": -lost})


def resource_amount(player: Player, resource: str) -> int:
    """The player's amount of a declared resource."""
    return player.objectives if resource == "objectives" else player.resources[resource]


def _set_resource(player: Player, resource: str, amount: int) -> None:
    if resource == "objectives":
        player.objectives = amount
    else:
        player.resources[resource] = amount


def resource_words(game: Game, resource: str, count: int) -> str:
    """`count` and the resource's name in the game's language ("2 dancers")."""
    names = game.words["resources"][resource]
    return f"{count} {names['one'] if abs(count) == 1 else names['other']}"


def gain_resource(game: Game, player: Player, resource: str, amount: int) -> None:
    """Gain up to the upper limit; the rest is lost."""
    _low, high, _start = game.rules.resources[resource]
    had = resource_amount(player, resource)
    now = had + amount if high is None else max(had, min(had + amount, high))
    _set_resource(player, resource, now)
    if game.explain:
        note = "" if now - had == amount else game.voice.said["resource_capped"](limit=high)
        text = game.voice.said["gains"](player=player.name, what=resource_words(game, resource, now - had), why=note)
        event = {"round": game.round, "player": player.name, "kind": "resource", "text": text}
        game.events.append({**event, "resource": resource, "amount": now - had})


def lose_resource(game: Game, player: Player, resource: str, amount: int | None) -> None:
    """Lose `amount` (None: all), never below the lower limit."""
    low = game.rules.resources[resource][0]
    had = resource_amount(player, resource)
    lost = max(0, had - low) if amount is None else min(amount, max(0, had - low))
    _set_resource(player, resource, had - lost)
    if game.explain:
        note = "" if amount is None or lost == amount else game.voice.said["has_only"](lost=lost)
        text = game.voice.said["loses"](player=player.name, what=resource_words(game, resource, lost), why=note)
        event = {"round": game.round, "player": player.name, "kind": "resource", "text": text}
        game.events.append({**event, "resource": resource, "amount": -lost})


def advance_emperor(game: Game, player: Player, steps: int, why: str = "") -> None:
    """Move forward, never past the last space; each step beyond it is worth points at once."""
    room = game.rules.track_last - player.emperor
    moved = min(steps, max(0, room))
    beyond = steps - moved
    player.emperor += moved
    if not game.explain:
        player.points += beyond * game.rules.beyond_points
        return
    steps_said = game.voice.counts["steps"][moved]
    text = game.voice.said["advances"](player=player.name, steps=steps_said, space=player.emperor, why=why)
    if beyond:
        bonus = beyond * game.rules.beyond_points
        player.points += bonus
        text += game.voice.said["beyond_cap"](steps=game.voice.counts["steps"][beyond], points=game.voice.points[bonus])
    game.events.append(
        {"round": game.round, "player": player.name, "kind": "emperor", "text": text, "steps": moved, "beyond": beyond}
    )


def gain_items(game: Game, player: Player, items: Sequence[tuple[str, int]]) -> None:
    for item, count in items:
        player.kitchen[item] = player.kitchen.get(item, 0) + count
    if not game.explain:
        return
    listed = game.voice.said["list_separator"]().join(
        say(game, "item_count", count, item=item_named(game, item, count)) for item, count in items
    )
    text = game.voice.said["gains"](player=player.name, what=listed, why="")
    game.events.append(
        {"round": game.round, "player": player.name, "kind": "items", "text": text, "items": dict(items)}
    )


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
    places = game.voice.said[
        "from_kitchen_and_cafe" if kitchen and cafe else "from_kitchen" if kitchen else "from_cafe"
    ]()
    text = game.voice.said["returns_items"](
        player=player.name, items=game.voice.counts["items"][returned], places=places
    )
    game.events.append(
        {"round": game.round, "player": player.name, "kind": "items", "text": text, "returned": returned}
    )


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
                game.events.append(
                    {
                        "round": game.round,
                        "player": player.name,
                        "kind": "items",
                        "text": game.voice.said["no_more_items_to_return"](player=player.name),
                    }
                )
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
                text = game.voice.said["returns_one_from_guest"](player=player.name, item=named, guest=guest)
            else:
                text = game.voice.said["returns_one_from_kitchen"](player=player.name, item=named)
            game.events.append(
                {"round": game.round, "player": player.name, "kind": "items", "text": text, "item": item}
            )


def choose_option(game: Game, player: Player, feasible: list[bool], may_decline: bool) -> int | None:
    """One option of a choice (numbered from 1, as sheets list them) among those that can be taken fully;
    None: declined, or none can be taken fully."""
    options: list[int | None] = [number for number, ok in enumerate(feasible, 1) if ok]
    if may_decline or not options:
        options.append(None)
    chosen = decide(game, player, "choose_one", options, none_why="why_no_option_fully")
    if game.explain and chosen is None:
        game.log(player, "choice", game.voice.said["takes_no_option"](player=player.name))
    return chosen


# A condition's test, its values read where the condition is: ["quantity", name, value, at_least, at_most],
# ["space", value, at_least, at_most], ["zone", zone, zone name ("" for an outcome), space, mask of its
# spaces], ["most", name, the other players' most (fewest) or None, fewest, value, at_least, at_most],
# ["all", [tests]], ["any", [tests]] (a bound None: none).


def holds(test: list[Any]) -> bool:
    """Does a condition's test hold?"""
    kind = test[0]
    if kind == "all":
        return all(holds(part) for part in test[1])
    if kind == "any":
        return any(holds(part) for part in test[1])
    if kind == "zone":
        return bool(test[4] >> test[3] & 1)
    value, low, high = test[-3], test[-2], test[-1]
    return (low is None or value >= low) and (high is None or value <= high)


def condition(game: Game, player: Player, test: list[Any], otherwise: bool) -> bool:
    """Does a condition hold? Told with why (explaining games): the values read against the bounds, and
    which effects follow (`otherwise`: the effect has effects for a condition that does not hold)."""
    held = holds(test)
    if game.explain:
        said = game.voice.said
        told = (
            said["condition_then"] if held else said["condition_otherwise"] if otherwise else said["condition_nothing"]
        )
        text = told(player=player.name, why=why_condition(game, test, False))
        game.events.append({"round": game.round, "player": player.name, "kind": "condition", "text": text})
    return held


def why_condition(game: Game, test: list[Any], nested: bool) -> str:
    """A test said with its values: "space 7 ≥ 6", "krones 2 < 3 and space 7 ≥ 6"."""
    said = game.voice.said
    kind = test[0]
    if kind in ("all", "any"):
        joined = said["condition_and"] if kind == "all" else said["condition_or"]
        text = ""
        for part in test[1]:
            why = why_condition(game, part, True)
            text = joined(first=text, second=why) if text else why
        return said["condition_nested"](condition=text) if nested else text
    if kind == "zone":
        if test[2]:
            zone = said["condition_zone_named"](name=term(game, "zone", test[2], test[2]))
        else:
            outcomes = {
                "bonus": said["condition_zone_bonus"],
                "nothing": said["condition_zone_nothing"],
                "penalty": said["condition_zone_penalty"],
            }
            zone = outcomes[test[1]]()
        inside = said["condition_in_zone"] if holds(test) else said["condition_not_in_zone"]
        return inside(space=test[3], zone=zone)
    if kind == "most":  # ["most", quantity, the others' best or None, fewest, value, low, high]
        what = game.words["quantity_totals"][test[1]]
        if test[2] is None:
            return said["condition_alone"](what=what, value=test[4])
        compared = said["condition_fewest"] if test[3] else said["condition_most"]
        return compared(what=what, value=test[4], best=test[2])
    what = game.words["quantity_totals"][test[1]] if kind == "quantity" else said["condition_space"]()
    value, low, high = test[-3], test[-2], test[-1]
    if low is not None and low == high:
        equal = said["condition_exactly_yes"] if value == low else said["condition_exactly_no"]
        return equal(what=what, value=value, bound=low)
    parts = []
    if low is not None:
        least = said["condition_at_least_yes"] if value >= low else said["condition_at_least_no"]
        parts.append(least(what=what, value=value, bound=low))
    if high is not None:
        most = said["condition_at_most_yes"] if value <= high else said["condition_at_most_no"]
        parts.append(most(what=what, value=value, bound=high))
    return said["condition_and"](first=parts[0], second=parts[1]) if len(parts) > 1 else parts[0]


# --- decisions ----------------------------------------------------------------------------
#
# Every decision goes through decide(). A recorded one (the player's `choices`) must be legal;
# the others are the default policy's. The policy decides a whole turn (one player's bonus or
# penalty) at once: at its first open decision it searches every sequence of the turn's open
# decisions (explore()) on copies of the game, and plays the sequence with the best projected total.
# A trial takes the first option of each open decision it meets and goes on from there (no replay);
# each other option is tried afterwards, replaying the turn from its start up to that decision.


def is_cell(option: object) -> TypeGuard[Cell]:
    """Whether an option is a room, (floor, column)."""
    return isinstance(option, tuple) and len(option) == 2 and isinstance(option[0], int) and isinstance(option[1], int)


def option_text(option: object) -> str:
    if type(option) is int:  # a card or an option's number, most often (shown() would say the same)
        return str(option)
    if option is None:
        return "none"
    if is_cell(option):
        return f"{option[0]}.{option[1]}"
    if isinstance(option, (list, tuple)):
        return "[" + ", ".join(option_text(x) for x in option) + "]"
    return plain(option) if isinstance(option, str) else shown(option)


def choice_value(option: object) -> Any:
    """An option as a state's `choices` would record it (rooms as "floor.column")."""
    if is_cell(option):
        return f"{option[0]}.{option[1]}"
    return option


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


class Infeasible(Exception):
    """On a trial's path a recorded decision is illegal: the path cannot be the one played."""


class LazyTurn(Exception):
    """A turn begun without a copy of its start (Game.lazy_turns) has to replay from it: the caller scores the
    game again from its state, every turn's start copied (see take_turn())."""


class Restart(Exception):
    """An open decision after an order-only one taken for now: the trial's last part (from its last open
    decision, or its start) is tried again, every order-only decision's options compared (see explore())."""


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


def explore(
    turn: Turn, project: Callable[[Game, Player], int], script: list[Any], consumed: int, strict: bool = False
) -> Outcome:
    """The best continuation of a turn once the policy took `script`: every sequence of the open
    decisions after it, tried on copies of the game (the first option of each in place, see Trial).

    The best has the most recorded decisions used (a recorded decision the path never asks for is a
    warning, an illegal one an error), then the highest projected total; ties go to the first option.
    The options tried are pruned only where the others are provably worth the same (see decide()).
    """
    if turn.start is None:
        raise LazyTurn
    real, (mine, deck, discard) = turn.game, turn.start
    players = real.players[:]  # the others shared, as Game.clone(player) shares them
    player = players[turn.index] = mine.clone()
    game = Game(real.rules, real.round, real.tiles, deck[:], discard[:], players, [], [], False)
    game.before = real.before  # read only
    trial = game.trial = Trial(script, consumed, strict, turn.quiet)
    try:
        turn.steps(game, player, turn.tile_id)
    except Restart:
        outcome = explore_again(turn, project, trial, consumed)
    except Infeasible:
        if 0 <= trial.provisional < game.card_reads:
            outcome = explore_again(turn, project, trial, consumed)
        else:
            outcome = Outcome((trial.consumed, float("-inf")), [], game.card_reads - trial.offset)
    else:
        if 0 <= trial.provisional < game.card_reads:
            # A later step looked at the cards an order-only decision moved: try its every option after all.
            outcome = explore_again(turn, project, trial, consumed)
        else:
            total = project(game, player)
            # Nothing after the order-only decisions taken for now looked at the cards: each option is worth the same.
            path: list[tuple[Any, Any, float | None]] = (
                [(first, second, total) for first, second in trial.alike] if trial.alike else []
            )
            outcome = Outcome((trial.consumed, total), path, game.card_reads - trial.offset)
    if trial.pending:
        # The path went on with the first option of each open decision it met: the last met is settled first.
        for branch in reversed(trial.pending):
            outcome = best_option(turn, project, branch, outcome)
    return outcome


def explore_again(turn: Turn, project: Callable[[Game, Player], int], trial: Trial, consumed: int) -> Outcome:
    """A trial's last part (from its last open decision, the first option taken; else the whole trial, which
    began with `consumed` recorded decisions used) tried again, every order-only decision's options compared."""
    if not trial.pending:
        return explore(turn, project, trial.script, consumed, True)
    last = trial.pending.pop()
    outcome = explore(turn, project, [*last.prefix, last.options[0]], last.consumed, True)
    return best_option(turn, project, last, outcome)


def best_option(
    turn: Turn, project: Callable[[Game, Player], int], branch: Branch, first: Outcome | None = None
) -> Outcome:
    """The best of a decision's options, each with its best continuation (explore()); `first`: the first
    option's, when a trial already went on with it. An option of a class already tried has its outcome."""
    best: Outcome | None = None
    chosen: Any = None
    runner: tuple[Any, tuple[int, float]] | None = None
    reads = branch.reads
    classes, children = branch.classes, branch.children
    tried: dict[Any, Outcome] = {}
    for number, option in enumerate(branch.options):
        known = first if number == 0 and first is not None else None if children is None else children[number]
        if known is not None:
            child = known
        elif classes is not None and classes[number] in tried:
            child = tried[classes[number]]
        else:
            child = explore(turn, project, [*branch.prefix, option], branch.consumed)
        if classes is not None and classes[number] not in tried:
            tried[classes[number]] = child
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


def finished(
    game: Game,
    player: Player,
    branches: list[Any],
    finish: Callable[[Game, Player, Any], None],
    origin: tuple[int, int, list[Any] | None],
    skip_first: bool,
    restore: Callable[[Game, Player, Any], None] | None = None,
) -> list[Outcome | None]:
    """The outcome of each option of a decision after which the turn ends with the rest of its step, found
    where the game stands: on a copy, the option taken and the step finished (`finish`, as a trial that
    replayed the turn to here would go on), then the player projected; no replay of the turn. `origin`: the
    recorded decisions used and the card reads so far, as such a trial counts them, and the options' classes
    (see decide()). None for an option found otherwise: the first when `skip_first` (taken in place), one of a
    class already found, or one whose rest asks an open decision, reads cards an order-only decision moved,
    or meets an illegal record (explore() replays it). With `restore`, which puts back all that `finish` does
    (or began to do), each option is taken on the game itself and put back: no copy (see taken_back()); but a
    Staff card that acts once when played on a copy (its effect may change anything)."""
    consumed, reads, classes = origin
    start = (consumed, reads, game.trial.quiet if game.trial is not None else not game.explain)
    steps = None if restore is None else (finish, restore)
    once = game.rules.once_effects
    found: list[Outcome | None] = []
    seen: set[Any] = set()
    for number, option in enumerate(branches):
        kind = number if classes is None else classes[number]
        if kind in seen or (number == 0 and skip_first):
            seen.add(kind)
            found.append(None)
            continue
        seen.add(kind)
        if steps is not None and option not in once:
            found.append(taken_back(game, player, option, steps, start))
        else:
            copy = game.clone(player)
            found.append(rest_of_step(copy, copy.players[seat(game, player)], option, finish, start))
    return found


def rest_of_step(
    game: Game, player: Player, option: Any, finish: Callable[[Game, Player, Any], None], origin: tuple[int, int, bool]
) -> Outcome | None:
    """One option of finished() taken on `game` as a trial would (a new Trial; `origin`: the recorded decisions
    used and the card reads before, and whether the real game is quiet), and its outcome; None where the rest
    asks an open decision, reads cards an order-only decision moved or meets an illegal record."""
    consumed, reads, quiet = origin
    trial = game.trial = Trial([], consumed, False, quiet)
    before = game.card_reads
    try:
        finish(game, player, option)
    except (Infeasible, Restart):
        return None
    if trial.pending or 0 <= trial.provisional < game.card_reads:
        return None
    project = game.rules.project
    assert project is not None
    total = project(game, player)
    path: list[tuple[Any, Any, float | None]] = [(first, second, total) for first, second in trial.alike]
    return Outcome((trial.consumed, total), path, reads + game.card_reads - before)


def taken_back(
    game: Game,
    player: Player,
    option: Any,
    steps: tuple[Callable[[Game, Player, Any], None], Callable[[Game, Player, Any], None]],
    origin: tuple[int, int, bool],
) -> Outcome | None:
    """rest_of_step() on the game itself (quietly), then all of it put back: `steps` are finish and restore
    (the player's state and the deck), and the game's trial, card reads and the player's decision counts are
    put back here. Only the player changes: the real game's search and a trial's copy both allow it."""
    saved = game.trial, game.card_reads, game.explain, player.cursor
    player.cursor = player.cursor.copy()
    game.explain = False
    try:
        return rest_of_step(game, player, option, steps[0], origin)
    finally:
        steps[1](game, player, option)
        game.trial, game.card_reads, game.explain, player.cursor = saved


def take_turn(game: Game, player: Player, steps: Callable[[Game, Player, str], None], tile_id: str) -> None:
    """A player's bonus or penalty of `tile_id`, every open decision of it taken together."""
    # The turn's start: what it can change (this player, the deck and discard pile), copied; not a whole Game.
    # With lazy_turns, a player with recorded choices most often has every decision of the turn recorded, and
    # then nothing replays the turn: no copy; a search that would replay it raises LazyTurn instead.
    lazy = game.lazy_turns and player.choices
    start = None if lazy else (player.clone(), game.deck[:], game.discard[:])
    turn = game.turn = Turn(seat(game, player), steps, tile_id, game, start, game.card_reads, not game.explain)
    first = len(game.decisions)
    try:
        steps(game, player, tile_id)
    finally:
        game.turn = None
    decisions = game.decisions
    if len(decisions) == first:  # a quiet game's, or a turn that decided nothing: no loop, no call
        return
    total: int | None = None
    for index in range(first, len(decisions)):
        decision = decisions[index]
        if decision.how != "policy":
            continue
        if total is None:
            # The plan's total when the turn was searched; else only options known to be worth the same were
            # open (symmetry), and the total is the projection now.
            total = int(turn.total) if turn.total is not None else projection(game, player)
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
    if isinstance(value, tuple):
        value = choice_value(value)
    if isinstance(runner, tuple):
        runner = choice_value(runner)
    decision = Decision(player.name, key, index, value, how, runner)
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
    classes: list[Any] | None = None,
    finish: Callable[[Game, Player, Any], None] | None = None,
    restore: Callable[[Game, Player, Any], None] | None = None,
) -> T:
    """One decision: the recorded choice if there is one (it must be legal), else the default policy.

    `options` are every legal option in the documented order (ties go to the first); `none_why` says
    why "none" is the only one. `tried`: the options the policy needs to try, where the others are
    provably worth no more (symmetry: they lead to the same projected total as one tried).
    `dominated`: the options not in `tried` are worth no more, but maybe less (no runner-up is shown).
    `order_only`: the decision only moves cards (which go under the deck, in which order); when
    nothing later in the turn looks at which cards are where, the first option stands for all.
    `classes`: a class for each option tried, where options of one class provably lead to the same outcome
    (the same total, and nothing decided after them): the search tries the first of each class only.
    `finish`: where this decision ends the turn (the generator proved nothing follows it), what taking an
    option does: the search takes each option on a copy of the game as it stands (see finished()); `restore`
    puts back all that `finish` did: then on the game itself, no copy. An order-only decision's `finish` is the
    rest of its step, which ends the turn (more order-only decisions in it): the search takes its first option
    so (see search_here()).
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
                trial.hidden += 1  # a replay of this path does not count it (see Trial)
            elif turn is not None:
                turn.hidden += 1
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
            said = game.voice.said["no_option"]() if chosen is None else option_text(chosen)
            text = game.voice.said["chooses_recorded"](player=player.name, option=said, key=key)
            game.events.append({"round": game.round, "player": player.name, "kind": "choice", "text": text, "key": key})
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
        return go_on(game, player, trial, branches, order_only, (classes, finish, restore))
    if turn is None or game.rules.project is None:
        raise RuntimeError(f"decision {key} outside a turn")  # a generator bug: every turn is wrapped
    if turn.opened >= len(turn.plan):
        search_here(game, player, turn, branches, order_only, (classes, finish, restore))
    chosen, runner, runner_total = turn.plan[turn.opened]
    turn.opened += 1
    turn.made.append(chosen)
    if game.explain:
        decision = note(game, player, key, index, chosen, "policy", runner)
        decision.runner_up_total = None if runner_total is None or runner_total == float("-inf") else int(runner_total)
    return chosen


# An open decision's classes, and what finishes and puts back an option that ends the turn (see decide()).
Rest = tuple[list[Any] | None, Callable[[Game, Player, Any], None] | None, Callable[[Game, Player, Any], None] | None]


def go_on(game: Game, player: Player, trial: Trial, branches: list[T], order_only: bool, rest: Rest) -> T:
    """An open decision in a trial: the first option, the others tried once the trial's path ends (see Trial)."""
    if order_only and not trial.strict:
        # For now the first option: if nothing later looks at the cards, every option is worth the same.
        if trial.provisional < 0:
            trial.provisional = game.card_reads
        trial.alike.append((branches[0], branches[1]))
        trial.made.append(branches[0])
        return branches[0]
    if trial.provisional >= 0:
        raise Restart  # the options of the order-only decisions before this one are compared after all
    # Go on with the first option, as its trial would after replaying the turn to here (see Trial).
    classes, finish, restore = rest
    reads = game.card_reads - trial.offset
    prefix = [*trial.script, *trial.made]
    children = None
    if finish is not None and not order_only:  # an order-only one: each option replayed, as search_here's others
        origin = (trial.consumed, game.card_reads - trial.hidden, classes)
        children = finished(game, player, branches, finish, origin, True, restore)
    trial.pending.append(Branch(branches, order_only, reads, prefix, trial.consumed, classes, children))
    trial.offset = trial.hidden
    trial.strict = False
    trial.made.append(branches[0])
    return branches[0]


def search_here(game: Game, player: Player, turn: Turn, branches: list[Any], order_only: bool, rest: Rest) -> None:
    """The real game stands at an open decision the plan does not cover: the search plans the turn from here."""
    classes, finish, restore = rest
    reads = game.card_reads - turn.reads
    children: list[Outcome | None] | None = None
    if finish is not None and order_only:
        # Only the first option where the game stands: where nothing after it looks at the cards, it stands for
        # every order (best_option() stops there); else the others are replayed.
        origin = (turn.consumed, reads - turn.hidden, classes)
        children = finished(game, player, branches[:1], finish, origin, False, restore) + [None] * (len(branches) - 1)
    elif finish is not None:
        origin = (turn.consumed, reads - turn.hidden, classes)
        children = finished(game, player, branches, finish, origin, False, restore)
    here = Branch(branches, order_only, reads, list(turn.made), turn.consumed, classes, children)
    assert game.rules.project is not None
    found = best_option(turn, game.rules.project, here)
    turn.plan[turn.opened :] = found.path
    turn.total = found.score[1]


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
            text = game.voice.said["serves"](player=player.name, item=named, guest=guest)
            game.log(player, "items", text, item=item, guest=guest)
