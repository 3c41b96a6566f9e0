"""The typed intermediate representation every backend reads: frozen dataclasses."""

from __future__ import annotations

import dataclasses
import hashlib
from dataclasses import dataclass
from typing import Literal

Discount = int | Literal["all"]
StaffKind = Literal["once_per_round", "permanent", "once", "game_end"]
Outcome = Literal["bonus", "nothing", "penalty"]

# --- effects: the closed vocabulary -------------------------------------------------
#
# Effects compose from a few parameters: how many (`Amount`: a number or "all"), which items
# (`ItemFilter`) or Staff (`StaffFilter`), from and to where, and, through `ChooseOne`, whether the
# player chooses between options or may decline. Every stage handles each kind through one
# `gah.dispatch.ByKind` table; tests/test_dispatch.py fails when a stage lacks a kind.

Amount = int | Literal["all"]
ItemKind = Literal["dish", "drink"]
StaffFilter = Literal["any", "once_per_round", "permanent", "once", "game_end"]
ItemPlace = Literal["kitchen", "cafe"]


@dataclass(frozen=True)
class ItemFilter:
    """Which items: those named in `ids` or of a kind in `kinds` (neither given: every item), less `excluding`.
    `fits`: the ids of the ruleset's items it lets through, in the rules' order (the front end works it out)."""

    ids: tuple[str, ...] = ()
    kinds: tuple[ItemKind, ...] = ()
    excluding: tuple[str, ...] = ()
    fits: tuple[str, ...] = ()

    @property
    def is_any(self) -> bool:
        return not (self.ids or self.kinds or self.excluding)

    def matches(self, item: Item) -> bool:
        if item.id in self.excluding:
            return False
        if not self.ids and not self.kinds:
            return True
        return item.id in self.ids or item.kind in self.kinds

    def chosen_from(self, items: tuple[Item, ...]) -> tuple[str, ...]:
        """The ids of `items` this filter lets through, in the rules' item order."""
        return tuple(item.id for item in items if self.matches(item))


ANY_ITEM = ItemFilter()

# --- quantities: one counted thing of a player's state, with filters ------------------------

QuantityCount = Literal[
    "rooms",
    "full_floors",
    "full_columns",
    "groups",
    "colour_sets",
    "items",
    "cafe_guests",
    "staff",
    "krones",
    "objectives",
    "emperor_space",
    "resource",
]
RoomState = Literal["occupied", "vacant", "any"]
QuantityPlace = Literal["kitchen", "cafe", "hand", "hired"]
# Whose state a quantity reads: the player's own, the left neighbour (the next in turn order), the right (the
# previous), the leader (most points, the player included; tied leaders: the most of the quantity among them),
# the sum over each other player, or how many other players have more (fewer) of it than the player.
Whose = Literal["self", "left", "right", "leader", "each_other", "players_with_more", "players_with_fewer"]
WHOSE: tuple[Whose, ...] = ("self", "left", "right", "leader", "each_other", "players_with_more", "players_with_fewer")


@dataclass(frozen=True)
class Quantity:
    """What is counted (`count`) and its filters, each empty for "no filter": rooms by `state`, `floors`,
    `columns` and `colours`; complete groups by `colours`; items by `items` (kinds or ids, `fits` worked out)
    in `places` (kitchen, cafe); Staff by `staff_kinds` in `places` (hand, hired). The front end writes
    filters sorted and without repeats, so two ways of writing one count are one record."""

    count: QuantityCount
    state: RoomState = "any"
    floors: tuple[int, ...] = ()
    columns: tuple[int, ...] = ()
    colours: tuple[str, ...] = ()
    items: ItemFilter = ANY_ITEM
    places: tuple[QuantityPlace, ...] = ()
    staff_kinds: tuple[StaffKind, ...] = ()
    resource: str = ""  # count "resource": the id of a resource the ruleset declares
    of: Whose = "self"

    @property
    def own(self) -> Quantity:
        """The same count of the player's own state (`of` self)."""
        return dataclasses.replace(self, of="self")

    @property
    def name(self) -> str:
        """The shorthand this count is written as (QUANTITIES), or "" for a filtered count without one."""
        return _SHORTHAND_OF.get(self, "")

    @property
    def key(self) -> str:
        """A stable identifier: the shorthand, else the count and its filters ("rooms_occupied_floors_3_4")."""
        if self.of != "self":
            return f"{self.own.key}_of_{self.of}"
        if self.name:
            return self.name
        parts: list[str] = [self.count]
        if self.count == "rooms":
            parts.append(self.state)
        parts += [f"floors_{'_'.join(map(str, self.floors))}"] if self.floors else []
        parts += [f"columns_{'_'.join(map(str, self.columns))}"] if self.columns else []
        parts += [*self.colours, *self.items.kinds]
        parts += [f"named_{'_'.join(self.items.ids)}"] if self.items.ids else []  # an item may be called "dish"
        parts += [f"except_{'_'.join(self.items.excluding)}"] if self.items.excluding else []
        parts += [*self.staff_kinds, *self.places]
        parts += [self.resource] if self.resource else []
        return "_".join(parts).replace("-", "_")


# The shorthands: every name of the closed vocabulary before filters, and the count it stands for. The registry
# of quantities: a new one also needs its q_<name> (backends/python/runtime/quantities.py), its QUANTITIES entry
# (backends/js/runtime/quantities.js), its Q_<NAME> code (backends/batched/tables.py) and own_quantity branch
# (backends/batched/quantities.py), its phrases quantity.<name>.per and .total (rules/languages/en.yaml, de.yaml,
# schemas/language.schema.json), the quantity_name enum (schemas/ruleset.schema.json), a fixture
# (tests/helpers_quantities.py) and an oracle count (tests/oracle/quantities.py): tests/test_quantity_registry.py
# fails naming each stage that lacks it.
SHORTHANDS: dict[str, Quantity] = {
    "occupied_rooms": Quantity("rooms", state="occupied"),
    "occupied_red_rooms": Quantity("rooms", state="occupied", colours=("red",)),
    "occupied_blue_rooms": Quantity("rooms", state="occupied", colours=("blue",)),
    "occupied_yellow_rooms": Quantity("rooms", state="occupied", colours=("yellow",)),
    "vacant_rooms": Quantity("rooms", state="vacant"),
    "room_tiles": Quantity("rooms", state="any"),
    "full_floors": Quantity("full_floors"),
    "full_columns": Quantity("full_columns"),
    "full_groups": Quantity("groups"),
    "colour_sets": Quantity("colour_sets"),
    "hired_staff": Quantity("staff", places=("hired",)),
    "hired_game_end_staff": Quantity("staff", places=("hired",), staff_kinds=("game_end",)),
    "staff_in_hand": Quantity("staff", places=("hand",)),
    "krones": Quantity("krones"),
    "kitchen_items": Quantity("items", places=("kitchen",)),
    "cafe_guests": Quantity("cafe_guests"),
    "cafe_items": Quantity("items", places=("cafe",)),
    "objectives": Quantity("objectives"),
    "emperor_position": Quantity("emperor_space"),
}
_SHORTHAND_OF: dict[Quantity, str] = {quantity: name for name, quantity in SHORTHANDS.items()}
# The shorthand names, in their historical order (the batched tables and schema list them so).
QUANTITIES: tuple[str, ...] = tuple(SHORTHANDS)


def shorthand(name: str) -> Quantity:
    """The count a shorthand name stands for."""
    return SHORTHANDS[name]


@dataclass(frozen=True)
class GainKrones:
    amount: int


@dataclass(frozen=True)
class LoseKrones:
    amount: Amount


@dataclass(frozen=True)
class GainPoints:
    amount: int


@dataclass(frozen=True)
class LosePoints:
    amount: Amount


@dataclass(frozen=True)
class GainItems:
    items: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class ChooseItems:
    count: int
    may_serve_guests: bool
    which: ItemFilter = ANY_ITEM


@dataclass(frozen=True)
class ReturnItems:
    """Return items to the supply: `count` of them (the player chooses which) or "all"."""

    sources: tuple[ItemPlace, ...]
    count: Amount = "all"
    which: ItemFilter = ANY_ITEM


@dataclass(frozen=True)
class DrawStaff:
    """Draw from the top of the deck, play up to `play` of them; the rest go to `rest`."""

    count: int
    play: int
    discount: Discount
    rest: Literal["deck_bottom", "hand"] = "deck_bottom"


@dataclass(frozen=True)
class StaffToDeckBottom:
    """Put Staff from hand under the deck (`to: top`: on top of it)."""

    count: int
    to: Literal["bottom", "top"] = "bottom"


@dataclass(frozen=True)
class PrepareRoom:
    floors: tuple[int, ...] | None  # None: any floor
    free: bool
    occupy: bool


@dataclass(frozen=True)
class OccupyVacantRooms:
    count: int


RoomPick = Literal["each_highest", "highest_then_strictly_below", "highest_then_below_in_column"]


@dataclass(frozen=True)
class RemoveRooms:
    state: Literal["vacant", "occupied"]
    count: int
    pick: RoomPick


@dataclass(frozen=True)
class PointsPerQuantity:
    quantity: Quantity
    points: int


@dataclass(frozen=True)
class PlayStaffFromHand:
    count: int
    discount: Discount
    staff_kind: StaffFilter = "any"


@dataclass(frozen=True)
class RemoveHiredStaff:
    count: int
    staff_kind: StaffFilter


@dataclass(frozen=True)
class AdvanceEmperor:
    steps: int


@dataclass(frozen=True)
class GainResource:
    """Gain `amount` of a declared resource, never past its upper limit (the rest is lost)."""

    resource: str
    amount: int


@dataclass(frozen=True)
class LoseResource:
    """Lose (pay, return) `amount` of a declared resource, or "all": never below its lower limit. Inside an
    all-or-nothing option it is a payment: the option can be taken only if the whole amount is there."""

    resource: str
    amount: Amount


# --- expressions: numbers that compose -------------------------------------------------------
#
# A number a ruleset writes may be an expression: an integer, a quantity read (`Read`), or an operator over
# expressions. OPERATORS is the registry: every engine (Python modules, the pad's engine, the batched kernels,
# the oracle) and the words have one function per operator, held to it by tests/test_expressions.py.

PlayerSet = Literal["all", "others", "neighbours"]
PLAYER_SETS: tuple[PlayerSet, ...] = ("all", "others", "neighbours")
RankTies = Literal["shared", "behind"]


@dataclass(frozen=True)
class Read:
    """A quantity's value, read of the player the expression is worked out for (or, with `of`, another)."""

    quantity: Quantity


@dataclass(frozen=True)
class Arith:
    """`operator` over `args` (two or more; minus and the divisions exactly two): plus, minus, times, min,
    max, divide_down and divide_up (the quotient rounded down or up; a divisor of 0 gives 0)."""

    operator: str
    args: tuple[Expr, ...]


@dataclass(frozen=True)
class Clamp:
    """`value`, raised to `at_least` and lowered to `at_most` (None: no such limit)."""

    value: Expr
    at_least: int | None
    at_most: int | None


@dataclass(frozen=True)
class Over:
    """An aggregate over a set of players of `value` worked out for each: `operator` most_over (the
    largest), least_over (the smallest) or total_over (the sum); `players`: all (the player included),
    others, or neighbours (left and right, each player once). An empty set gives 0. `value` reads only the
    player it is worked out for (no `of`, no aggregate inside)."""

    operator: str
    players: PlayerSet
    value: Expr


@dataclass(frozen=True)
class Rank:
    """The player's place among all players on `value` (1: the most). `ties`: shared, tied players share
    the better place (1 + players with more); behind, each takes the worse (1 + others with at least as
    much)."""

    value: Expr
    ties: RankTies


Expr = int | Read | Arith | Clamp | Over | Rank

# The registry of expression operators: name -> the record that carries it.
OPERATORS: dict[str, type] = {
    "plus": Arith,
    "minus": Arith,
    "times": Arith,
    "min": Arith,
    "max": Arith,
    "divide_down": Arith,
    "divide_up": Arith,
    "clamp": Clamp,
    "most_over": Over,
    "least_over": Over,
    "total_over": Over,
    "rank": Rank,
}


def operator_of(expr: Expr) -> str:
    """The registry name of an expression's operator: "number" for an integer, "read" for a quantity."""
    if isinstance(expr, bool):
        raise TypeError("a truth value is not an expression")
    if isinstance(expr, int):
        return "number"
    if isinstance(expr, Read):
        return "read"
    if isinstance(expr, (Arith, Over)):
        return expr.operator
    if isinstance(expr, Clamp):
        return "clamp"
    if isinstance(expr, Rank):
        return "rank"
    raise TypeError(f"not an expression: {type(expr).__name__}")


def expr_parts(expr: Expr) -> tuple[Expr, ...]:
    """The expressions directly inside `expr`."""
    if isinstance(expr, Arith):
        return expr.args
    if isinstance(expr, (Clamp, Over, Rank)):
        return (expr.value,)
    return ()


def all_exprs(expr: Expr) -> tuple[Expr, ...]:
    """`expr` and every expression inside it (depth first)."""
    return (expr, *(inner for part in expr_parts(expr) for inner in all_exprs(part)))


def expression_key(expr: Expr) -> str:
    """A stable identifier of an expression by its content: the key its words go by in a module's tables."""
    return "expression_" + hashlib.sha1(repr(expr).encode("utf-8")).hexdigest()[:10]


def expr_quantities(expr: Expr) -> tuple[Quantity, ...]:
    """The quantities an expression reads, in order (repeats kept)."""
    return tuple(e.quantity for e in all_exprs(expr) if isinstance(e, Read))


ChangeWhat = Literal["krones", "points", "resource"]


@dataclass(frozen=True)
class Change:
    """Gain (`gain`) or lose an amount worked out by an expression when the effect applies, of krones, points
    or the declared resource `resource`; a value below 0 counts as 0. It then acts as gain_krones /
    lose_krones / gain_points / lose_points / gain_resource / lose_resource of that amount (limits, the points
    floor, payments in all-or-nothing options alike)."""

    what: ChangeWhat
    gain: bool
    amount: Expr
    resource: str = ""


@dataclass(frozen=True)
class ChooseOne:
    """The player takes one of `options` that can be taken fully (each all or nothing), or, with
    `may_decline`, none. The options hold no ChooseOne themselves."""

    options: tuple[tuple[Effect, ...], ...]
    may_decline: bool


# --- conditions (the `if` effect kind) ------------------------------------------------------


@dataclass(frozen=True)
class Bounds:
    """A comparison with numbers: at least `at_least` and at most `at_most` (None: no bound); `exactly n` is
    both bounds n."""

    at_least: int | None = None
    at_most: int | None = None

    def holds(self, value: int) -> bool:
        low_ok = self.at_least is None or value >= self.at_least
        return low_ok and (self.at_most is None or value <= self.at_most)


@dataclass(frozen=True)
class QuantityIs:
    """A quantity of the player (read when the condition is read) within `bounds`."""

    quantity: Quantity
    bounds: Bounds


@dataclass(frozen=True)
class SpaceIs:
    """The space the player's Emperor marker is on when the condition is read, within `bounds`."""

    bounds: Bounds


@dataclass(frozen=True)
class ZoneIs:
    """The marker's space is in a zone: `zone` is an outcome (bonus, nothing, penalty: every zone of it) or a
    zone id as written; `name`: that zone's name ("" for an outcome); `spaces`: the spaces it covers, in order
    (the front end works them out from the track)."""

    zone: str
    name: str
    spaces: tuple[int, ...]


@dataclass(frozen=True)
class AllOf:
    """Every one of `conditions` holds."""

    conditions: tuple[Condition, ...]


@dataclass(frozen=True)
class AnyOf:
    """At least one of `conditions` holds."""

    conditions: tuple[Condition, ...]


@dataclass(frozen=True)
class MostOf:
    """The player has the most (`fewest`: the fewest) of `quantity` of all players (read when the condition is
    read). `ties`: all_tied, a player tied for the most (fewest) has it too; none_tied, only one with strictly
    more (fewer) than every other player. With no other player it holds."""

    quantity: Quantity
    fewest: bool
    ties: Literal["all_tied", "none_tied"]


@dataclass(frozen=True)
class ValueIs:
    """An expression's value for the player (worked out when the condition is read) within `bounds`."""

    value: Expr
    bounds: Bounds


Condition = QuantityIs | SpaceIs | ZoneIs | AllOf | AnyOf | MostOf | ValueIs


# --- effects with targets (the `for_players` effect kind) --------------------------------------

TargetSet = Literal["others", "left", "right", "neighbours", "leaders", "all"]


@dataclass(frozen=True)
class ForPlayers:
    """`effects` applied to each player of `players` in turn, as that player ("you" is that player; every
    quantity and expression inside is read for that player): others, every other player; left / right, that
    neighbour (2 players: the other player; solo: nobody); neighbours, left and right, each player once;
    leaders, every player tied for the most points (the resolving player included if tied); all, every
    player. `condition` (None: every one of them) is read for each in turn, as that player. Players are taken
    in turn order from the resolving player (where included), then its left neighbour on; they are read as
    other players are (rulings.read_other_players) and changed as they stand. The inner effects ask no decision
    (the front end refuses others), and a ForPlayers is never part of an all-or-nothing option."""

    players: TargetSet
    condition: Condition | None
    effects: tuple[Effect, ...]


# The effect kinds a ForPlayers may apply (and `if` of these): none asks its player a decision.
TARGETED_KINDS: tuple[str, ...] = (
    "gain_krones",
    "lose_krones",
    "gain_points",
    "lose_points",
    "gain_resource",
    "lose_resource",
    "change",
    "advance_emperor",
    "points_per_quantity",
    "gain_items",
    "if",
)


@dataclass(frozen=True)
class Conditional:
    """`then` if `condition` holds when this effect applies (read in the order the effects are printed),
    else `otherwise` (maybe nothing). In an all-or-nothing option it can be taken fully if the branch its
    condition picks can (the condition read against the state before the option, as every part is tested)."""

    condition: Condition
    then: tuple[Effect, ...]
    otherwise: tuple[Effect, ...] = ()


Effect = (
    GainKrones
    | LoseKrones
    | GainPoints
    | LosePoints
    | GainItems
    | ChooseItems
    | ReturnItems
    | DrawStaff
    | StaffToDeckBottom
    | PrepareRoom
    | OccupyVacantRooms
    | RemoveRooms
    | PointsPerQuantity
    | PlayStaffFromHand
    | RemoveHiredStaff
    | AdvanceEmperor
    | ChooseOne
    | Conditional
    | GainResource
    | LoseResource
    | Change
    | ForPlayers
)

# Data name of every effect kind -> its class. The schema's enum must list the same names.
EFFECT_KINDS: dict[str, type] = {
    "gain_krones": GainKrones,
    "lose_krones": LoseKrones,
    "gain_points": GainPoints,
    "lose_points": LosePoints,
    "gain_items": GainItems,
    "choose_items": ChooseItems,
    "return_items": ReturnItems,
    "draw_staff": DrawStaff,
    "staff_to_deck_bottom": StaffToDeckBottom,
    "prepare_room": PrepareRoom,
    "occupy_vacant_rooms": OccupyVacantRooms,
    "remove_rooms": RemoveRooms,
    "points_per_quantity": PointsPerQuantity,
    "play_staff_from_hand": PlayStaffFromHand,
    "remove_hired_staff": RemoveHiredStaff,
    "advance_emperor": AdvanceEmperor,
    "choose_one": ChooseOne,
    "if": Conditional,
    "gain_resource": GainResource,
    "lose_resource": LoseResource,
    "change": Change,
    "for_players": ForPlayers,
}
_KIND_NAMES: dict[type, str] = {cls: name for name, cls in EFFECT_KINDS.items()}


def effect_kind(effect: Effect) -> str:
    """The data name of an effect's kind."""
    name = _KIND_NAMES.get(type(effect))
    if name is None:
        raise KeyError(type(effect).__name__)
    return name


def all_effects(effects: tuple[Effect, ...]) -> tuple[Effect, ...]:
    """These effects and, for a ChooseOne, the effects of its options, for a Conditional, those of both its
    branches, for a ForPlayers, those it applies to each of its players (depth first)."""
    found: list[Effect] = []
    for effect in effects:
        found.append(effect)
        if isinstance(effect, ChooseOne):
            for option in effect.options:
                found.extend(all_effects(option))
        elif isinstance(effect, Conditional):
            found.extend(all_effects(effect.then))
            found.extend(all_effects(effect.otherwise))
        elif isinstance(effect, ForPlayers):
            found.extend(all_effects(effect.effects))
    return tuple(found)


def effect_conditions(effect: Effect) -> tuple[Condition, ...]:
    """The condition an effect itself reads: a Conditional's, a ForPlayers' (if it has one); else none."""
    if isinstance(effect, Conditional):
        return (effect.condition,)
    if isinstance(effect, ForPlayers) and effect.condition is not None:
        return (effect.condition,)
    return ()


def all_conditions(condition: Condition) -> tuple[Condition, ...]:
    """A condition and every condition inside it (depth first)."""
    found: list[Condition] = [condition]
    if isinstance(condition, (AllOf, AnyOf)):
        for part in condition.conditions:
            found.extend(all_conditions(part))
    return tuple(found)


@dataclass(frozen=True)
class Penalty:
    """Either plain `effects` (as far as they go) or `prefer` with an `otherwise` fallback."""

    effects: tuple[Effect, ...] = ()
    prefer: tuple[Effect, ...] = ()
    otherwise: tuple[Effect, ...] = ()

    @property
    def is_choice(self) -> bool:
        return bool(self.prefer)


# --- the board and the cards ---------------------------------------------------------


@dataclass(frozen=True)
class Zone:
    id: str
    name: str
    first: int
    last: int
    outcome: Outcome


@dataclass(frozen=True)
class Track:
    points: tuple[int, ...]  # index: space
    points_per_step_beyond: int
    zones: tuple[Zone, ...]  # ordered by first space

    @property
    def last_space(self) -> int:
        return len(self.points) - 1

    def zone_of(self, space: int) -> Zone:
        for zone in self.zones:
            if zone.first <= space <= zone.last:
                return zone
        raise ValueError(space)


@dataclass(frozen=True)
class EmperorScoring:
    round: int
    tier: str
    move_back: int


@dataclass(frozen=True)
class Tile:
    id: str
    tier: str
    name: str
    description: str
    uncertain: str
    bonus: tuple[Effect, ...]
    penalty: Penalty


Cell = tuple[int, int]  # (floor, column), both from 1, floor 1 at the bottom


@dataclass(frozen=True)
class Group:
    colour: str
    cells: tuple[Cell, ...]


@dataclass(frozen=True)
class GroupReward:
    reward: Literal["krones", "points", "emperor_steps"]
    by_size: tuple[tuple[int, int], ...]

    def for_size(self, size: int) -> int:
        return dict(self.by_size).get(size, 0)


@dataclass(frozen=True)
class Hotel:
    floors: int
    columns: int
    colours: tuple[tuple[str, ...], ...]  # [floor-1][column-1]
    groups: tuple[Group, ...]
    prepare_cost: tuple[int, ...]  # [floor-1]
    first_room: Cell
    placement: str
    printed_points: tuple[tuple[Cell, int], ...]
    group_rewards: tuple[tuple[str, GroupReward], ...]
    cafe_seats: int
    uncertain: str
    printed_points_uncertain: str


@dataclass(frozen=True)
class GameEnd:
    points: int
    per: Quantity | None
    copy_opponent: bool


@dataclass(frozen=True)
class StaffCard:
    number: int
    name: str
    cost: int
    kind: StaffKind
    game_end: GameEnd | None
    once: tuple[Effect, ...]
    emperor_bonus: tuple[Effect, ...]
    penalty_waiver_cost: int | None


@dataclass(frozen=True)
class FinalSource:
    id: str
    name: str
    source: Literal["game_end_staff", "occupied_rooms_by_floor", "per_quantity", "expression"]
    per: Quantity | None
    points: int
    points_by_floor: tuple[int, ...]  # [floor-1]
    # per_quantity by a table: points by amount (index: the count; past the end: the last entry)
    table: tuple[int, ...] = ()
    # expression: the points of each player, worked out at the final scoring (may be below 0)
    value: Expr | None = None

    def points_for(self, count: int) -> int:
        """What a per_quantity source pays for `count`."""
        if self.table:
            return self.table[min(count, len(self.table) - 1)]
        return self.points * count


# The declared resource that the game state keeps under its historical `objectives` key; every other one is in a
# player's `resources` mapping.
OBJECTIVES = "objectives"


@dataclass(frozen=True)
class Resource:
    """A per-player resource the rules data declares: its names per language (language id, one, other, per: the
    unit after "per", e.g. German "jede Tänzerin"),
    limits (`at_most` None: no upper limit), starting amount and end scoring (`end_per` points each, or
    `end_table` by amount, or neither). The front end adds its end scoring to final_scoring (id: the
    resource's id). The base game's objective markers are the resource `objectives`, kept in the state's
    historical `objectives` key; every other resource is in a player's `resources` mapping."""

    id: str
    names: tuple[tuple[str, str, str, str], ...]
    at_least: int = 0
    at_most: int | None = None
    start: int = 0
    end_per: int = 0
    end_table: tuple[int, ...] = ()

    def named(self, language: str, count: int) -> str:
        """The resource's name in `language` (else English, else its id) after `count`."""
        one, other, _per = self._forms(language)
        return one if abs(count) == 1 else other

    def unit(self, language: str) -> str:
        """The resource as a unit after "per" ("dancer"; German "jede Tänzerin")."""
        return self._forms(language)[2]

    def _forms(self, language: str) -> tuple[str, str, str]:
        forms = {lang: (one, other, per) for lang, one, other, per in self.names}
        return forms.get(language) or forms.get("en") or (self.id, self.id, self.id)

    def clamp(self, amount: int) -> int:
        """`amount` within the limits."""
        top = amount if self.at_most is None else min(amount, self.at_most)
        return max(self.at_least, top)


# What a role may say a player never has (rules data `roles.ID.without`), in the state format's keys.
ROLE_WITHOUT = ("krones", "kitchen", "cafe", "hand")
# The parts of an Emperor scoring, in the order they happen.
EMPEROR_PARTS = ("track_points", "move_back", "bonus", "penalty")


@dataclass(frozen=True)
class Role:
    """A player role (rules data `roles.ID`): for the players a game state gives it, which parts of an Emperor
    scoring apply (`parts`: the EMPEROR_PARTS that do), which final-scoring sources count (`final`: their ids,
    in the rules' order), what the player never has (`without`: of ROLE_WITHOUT) and the seat `gah setup`
    gives it (from 1; None: nobody is dealt it)."""

    id: str
    names: tuple[tuple[str, str], ...]  # (language id, name)
    parts: tuple[str, ...] = EMPEROR_PARTS
    final: tuple[str, ...] = ()
    without: tuple[str, ...] = ()
    seat: int | None = None
    uncertain: str = ""

    def named(self, language: str) -> str:
        """The role's name in `language` (else English)."""
        names = dict(self.names)
        return names.get(language) or names.get("en") or self.id

    def skips(self, part: str) -> bool:
        return part not in self.parts


@dataclass(frozen=True)
class Tiebreaker:
    quantities: tuple[Quantity, ...]


@dataclass(frozen=True)
class Item:
    id: str
    kind: Literal["dish", "drink"]
    name: str
    plural: str = ""  # the name after a count other than 1 ("2 Cakes"); empty: the name

    def named(self, count: int) -> str:
        """The item's name after `count`: singular for 1, else the plural."""
        return self.name if abs(count) == 1 or not self.plural else self.plural


@dataclass(frozen=True)
class StartingState:
    krones: int
    items: tuple[tuple[str, int], ...]
    emperor: int
    points: int
    hotel_rooms: tuple[Cell, ...]
    uncertain: str


@dataclass(frozen=True)
class Deal:
    method: Literal["standard", "introductory", "draft"]
    hand_size: int
    sets: tuple[tuple[str, tuple[int, ...]], ...]
    sets_are_examples: bool
    packet_size: int
    keep_per_pick: int
    direction: Literal["left", "right"]


@dataclass(frozen=True)
class Setup:
    start: StartingState
    deal: Deal


@dataclass(frozen=True)
class Rulings:
    points_floor: int
    krones_floor: int
    notes: tuple[str, ...]
    # When an Emperor scoring reads another player: as that player stands when this one resolves (players
    # resolve one after another in turn order), or as every player stood before the scoring began.
    read_other_players: Literal["when_resolving", "before_scoring"] = "when_resolving"


@dataclass(frozen=True)
class Translation:
    """A ruleset's own texts in one language (rules data `translations.ID`); pairs are (key, text)."""

    title: str = ""
    description: str = ""
    names: tuple[tuple[str, str], ...] = ()  # ("tiles.b-royal-banquet", name), ("staff.49", name)
    tile_descriptions: tuple[tuple[str, str], ...] = ()
    notes: tuple[tuple[str, str], ...] = ()  # (the note as written in rulings.notes, its translation)
    uncertain: tuple[tuple[str, str], ...] = ()  # ("start" | "hotel" | "printed_points" | "tiles.ID", text)


@dataclass(frozen=True)
class Ruleset:
    """One complete, checked ruleset."""

    name: str
    title: str
    description: str
    extends: str | None
    sources: tuple[str, ...]
    min_players: int
    max_players: int
    rounds: int
    items: tuple[Item, ...]
    track: Track
    scorings: tuple[EmperorScoring, ...]
    tiles: tuple[Tile, ...]
    hotel: Hotel
    staff: tuple[StaffCard, ...]
    final_scoring: tuple[FinalSource, ...]
    score_track_spaces: int
    lap_marker: tuple[int, ...]
    tiebreakers: tuple[Tiebreaker, ...]
    rulings: Rulings
    setup: Setup
    translations: tuple[tuple[str, Translation], ...] = ()  # by language id: texts only, no rules
    resources: tuple[Resource, ...] = ()  # declared per-player resources, in the rules' order
    roles: tuple[Role, ...] = ()  # player roles, in the rules' order

    @property
    def module_name(self) -> str:
        return self.name.replace("-", "_")

    def tile(self, tile_id: str) -> Tile:
        for tile in self.tiles:
            if tile.id == tile_id:
                return tile
        raise KeyError(tile_id)

    def staff_card(self, number: int) -> StaffCard:
        for card in self.staff:
            if card.number == number:
                return card
        raise KeyError(number)

    def resource(self, resource_id: str) -> Resource:
        for resource in self.resources:
            if resource.id == resource_id:
                return resource
        raise KeyError(resource_id)

    @property
    def other_resources(self) -> tuple[Resource, ...]:
        """The declared resources but the objectives (kept under the state's own key), in the rules' order."""
        return tuple(r for r in self.resources if r.id != OBJECTIVES)

    def role(self, role_id: str) -> Role:
        for role in self.roles:
            if role.id == role_id:
                return role
        raise KeyError(role_id)

    def tiers(self) -> tuple[str, ...]:
        return tuple(sorted({s.tier for s in self.scorings}))
