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
    """A game state (or a recorded choice) that this ruleset cannot score."""


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
    once_effects: dict[int, Callable[[Game, Player], None]] = field(default_factory=dict)
    project: Callable[[Game, Player], int] | None = None
    # colour -> its spaces as (floor - 1, column - 1), bottom floor first (derived from colours)
    colour_cells: dict[str, tuple[tuple[int, int], ...]] = field(init=False, default_factory=dict)
    # each group's spaces as (floor - 1, column - 1), in the order of groups (derived from groups)
    group_cells: tuple[tuple[tuple[int, int], ...], ...] = field(init=False, default=())

    def __post_init__(self) -> None:
        self.group_cells = tuple(tuple((f - 1, c - 1) for f, c in cells) for _colour, cells in self.groups)
        for floor, row in enumerate(self.colours):
            for column, colour in enumerate(row):
                self.colour_cells[colour] = (*self.colour_cells.get(colour, ()), (floor, column))

    def group_of(self, cell: Cell) -> int:
        for index, (_colour, cells) in enumerate(self.groups):
            if cell in cells:
                return index
        raise KeyError(cell)


@dataclass
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
    used_choices: set[str] = field(default_factory=set)

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
            self.choices.copy(),
            self.used_choices.copy(),
        )


@dataclass
class Game:
    rules: Rules
    round: int
    tiles: dict[str, str]  # tier -> tile id
    deck: list[int]
    discard: list[int]
    players: list[Player]
    events: list[dict[str, Any]] = field(default_factory=list)
    simulating: bool = False
    # Decisions the default policy took (player, choices key, value as it would be recorded);
    # not part of the result: recording them as `choices` reproduces the same game.
    decisions: list[tuple[str, str, Any]] = field(default_factory=list)
    # False: no events and no decisions are recorded (trials, and callers that want the numbers only).
    # Call sites that build an event's text test it first, so a quiet game never formats one.
    explain: bool = True

    def clone(self, only: Player | None = None) -> Game:
        """A copy to try an option on. With `only`, the other players are shared, not copied:
        an option of one player's decision never changes another player."""
        players = [p.clone() if only is None or p is only else p for p in self.players]
        return Game(self.rules, self.round, self.tiles, self.deck[:], self.discard[:], players, [], True, [], False)

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

    def decided(self, player: Player, key: str, value: Any) -> None:
        """Note a decision of the default policy (in the real game only)."""
        if self.explain:
            self.decisions.append((player.name, key, choice_value(value)))


def plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


# --- primitives -----------------------------------------------------------------------


def gain_points(game: Game, player: Player, amount: int, why: str = "") -> None:
    player.points += amount
    if game.explain:
        game.log(player, "points", f"{player.name} gains {plural(amount, 'point')}{why}", points=amount)


def lose_points(game: Game, player: Player, amount: int, why: str = "") -> None:
    lost = min(amount, max(0, player.points - game.rules.points_floor))
    player.points -= lost
    if not game.explain:
        return
    note = "" if lost == amount else f" (has only {lost} to lose)"
    game.log(player, "points", f"{player.name} loses {plural(lost, 'point')}{why}{note}", points=-lost)


def gain_krones(game: Game, player: Player, amount: int) -> None:
    player.krones += amount
    if game.explain:
        game.log(player, "krones", f"{player.name} gains {plural(amount, 'krone')}", krones=amount)


def lose_krones(game: Game, player: Player, amount: int) -> None:
    lost = min(amount, max(0, player.krones - game.rules.krones_floor))
    player.krones -= lost
    if not game.explain:
        return
    note = "" if lost == amount else f" (has only {lost})"
    game.log(player, "krones", f"{player.name} loses {plural(lost, 'krone')}{note}", krones=-lost)


def advance_emperor(game: Game, player: Player, steps: int, why: str = "") -> None:
    """Move forward, never past the last space; each step beyond it is worth points at once."""
    room = game.rules.track_last - player.emperor
    moved = min(steps, max(0, room))
    beyond = steps - moved
    player.emperor += moved
    if not game.explain:
        player.points += beyond * game.rules.beyond_points
        return
    text = f"{player.name} advances {plural(moved, 'step')} on the Emperor track to space {player.emperor}{why}"
    if beyond:
        bonus = beyond * game.rules.beyond_points
        player.points += bonus
        text += f"; {plural(beyond, 'step')} beyond the cap give {plural(bonus, 'point')}"
    game.log(player, "emperor", text, steps=moved, beyond=beyond)


def gain_items(game: Game, player: Player, items: Sequence[tuple[str, int]]) -> None:
    for item, count in items:
        player.kitchen[item] = player.kitchen.get(item, 0) + count
    if not game.explain:
        return
    listed = ", ".join(f"{count} {item}" for item, count in items)
    game.log(player, "items", f"{player.name} gains {listed}", items=dict(items))


def return_items(game: Game, player: Player, kitchen: bool, cafe: bool) -> None:
    returned = 0
    if kitchen:
        returned += sum(player.kitchen.values())
        player.kitchen = {item: 0 for item in player.kitchen}
    if cafe:
        for guest in player.cafe:
            returned += sum(guest.values())
            guest.update(dict.fromkeys(guest, 0))  # same shape as the kitchen: every kind, now 0
    if not game.explain:
        return
    places = " and ".join(p for p, on in (("kitchen", kitchen), ("café", cafe)) if on)
    game.log(player, "items", f"{player.name} returns {plural(returned, 'item')} from the {places}", returned=returned)


# --- the chooser ----------------------------------------------------------------------


def option_text(option: object) -> str:
    if option is None:
        return "none"
    if isinstance(option, tuple) and len(option) == 2 and all(isinstance(x, int) for x in option):
        return f"{option[0]}.{option[1]}"
    if isinstance(option, (list, tuple)):
        return "[" + ", ".join(option_text(x) for x in option) + "]"
    return str(option)


def choice_value(option: object) -> Any:
    """An option as a state's `choices` would record it (rooms as "floor.column")."""
    if isinstance(option, tuple) and len(option) == 2 and all(isinstance(x, int) for x in option):
        return f"{option[0]}.{option[1]}"
    if isinstance(option, (list, tuple)):
        return [choice_value(x) for x in option]
    return option


def recorded(player: Player, key: str) -> tuple[bool, Any]:
    """A recorded decision for `key`, consumed once (later decisions of that kind use the default)."""
    if key in player.choices and key not in player.used_choices:
        player.used_choices.add(key)
        return True, player.choices[key]
    return False, None


def choice_error(game: Game, player: Player, key: str, detail: str) -> StateError:
    """An illegal recorded choice, named by its path in the state (so `gah score` can point at it)."""
    index = game.players.index(player)
    return StateError(f"players[{index}].choices.{key}: {detail} (player {player.name})")


def parse_choice(game: Game, player: Player, key: str, parse: Callable[[Any], T], value: Any) -> T:
    """A recorded value read by `parse`; a malformed one is a choice error."""
    try:
        return parse(value)
    except StateError as error:
        raise choice_error(game, player, key, str(error)) from None


def choose(
    game: Game,
    player: Player,
    key: str,
    options: list[T],
    apply: Callable[[Game, Player, T], None],
    parse: Callable[[Any], T] | None = None,
    worth: Callable[[T], int] | None = None,
) -> T:
    """One decision: the recorded choice if there is one (it must be legal), else the default policy.

    Default policy: try every legal option on a copy of the game and keep the one
    that gives this player the highest projected total (points now plus final
    scoring as if the game ended now); ties go to the first option listed.
    """
    found, value = recorded(player, key)
    if found and not game.simulating:
        chosen = parse_choice(game, player, key, parse, value) if parse is not None else value
        if chosen not in options:
            legal = ", ".join(option_text(o) for o in options) or "none"
            raise choice_error(game, player, key, f"{option_text(value)} is not a legal choice here; legal: {legal}")
        if game.explain:
            game.log(player, "choice", f"{player.name} chooses {option_text(chosen)} ({key}, recorded)", key=key)
        return chosen
    if len(options) == 1 or game.rules.project is None:
        game.decided(player, key, options[0])
        return options[0]
    if worth is not None:
        chosen, top = options[0], worth(options[0])
        for option in options[1:]:
            value_now = worth(option)
            if value_now > top:  # strictly: ties go to the first option
                chosen, top = option, value_now
        game.decided(player, key, chosen)
        return chosen
    best = options[0]
    best_value: int | None = None
    index = game.players.index(player)
    for option in options:
        trial = game.clone(only=player)
        trial_player = trial.players[index]
        trial_player.choices = {}
        apply(trial, trial_player, option)
        value_now = game.rules.project(trial, trial_player)
        if best_value is None or value_now > best_value:
            best, best_value = option, value_now
    game.decided(player, key, best)
    return best


def refuse_recorded(game: Game, player: Player, key: str, why: str) -> None:
    """A decision with no legal option but "none": a recorded non-null choice for it is illegal."""
    found, value = recorded(player, key)
    if found and value is not None and not game.simulating:
        raise choice_error(game, player, key, f"{option_text(value)} is not a legal choice here: {why}")


def parse_cell(value: Any) -> Cell | None:
    if value is None:
        return None
    if isinstance(value, str) and len(value.split(".")) == 2 and all(x.isdigit() for x in value.split(".")):
        floor, column = value.split(".")
        return int(floor), int(column)
    raise StateError(f"{value!r} is not a room; write rooms as 'floor.column', e.g. '2.3'")


def parse_cells(value: Any) -> tuple[Cell, ...]:
    if not isinstance(value, list):
        raise StateError(f"{value!r} is not a list of rooms")
    return tuple(c for c in (parse_cell(v) for v in value) if c is not None)


def parse_cards(value: Any) -> tuple[int, ...]:
    if not isinstance(value, list) or not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        raise StateError(f"{value!r} is not a list of Staff card numbers")
    return tuple(value)


def choose_items(game: Game, player: Player, count: int) -> None:
    """Gain `count` items of the player's choice (any mix, repeats allowed), into the kitchen.

    Default: each item goes to the kind the kitchen holds fewest of (ties: the
    rules' item order); every kitchen item is worth the same at the end.
    """
    found, value = recorded(player, "choose_items")
    if found and not game.simulating:
        if not isinstance(value, list) or len(value) != count or any(v not in game.rules.items for v in value):
            raise choice_error(
                game,
                player,
                "choose_items",
                f"{option_text(value)} must list {plural(count, 'item')} from: {', '.join(game.rules.items)}",
            )
        chosen = list(value)
    else:
        chosen = []
        held = dict(player.kitchen)
        for _ in range(count):
            item = min(game.rules.items, key=lambda i: (held.get(i, 0), game.rules.items.index(i)))
            held[item] = held.get(item, 0) + 1
            chosen.append(item)
        game.decided(player, "choose_items", chosen)
    totals: dict[str, int] = {}
    for item in chosen:
        totals[item] = totals.get(item, 0) + 1
    gain_items(game, player, tuple(totals.items()))
