"""A ruleset's IR as the arrays the scoring kernels read (ScoringTables), effects as a small program.

Each effect is one row of `ops`: its opcode (OP_*) and integer parameters (see ENCODE's functions for each
row's layout). A program is a run of rows, `progs[p] = (first row, end)`; a ChooseOne's options are programs
listed in `lists`. Staff are indexed by card number; hotel cells by bit, (floor - 1) * columns + column - 1;
quantities by their index in ir.QUANTITIES. A ruleset the kernels cannot play exactly raises GahError.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

import numpy as np

from compiler import ir
from compiler.backends.batched.state import Ints
from compiler.backends.policy_facts import bonus_boosters_only_gain, bonus_room_wins, items_alike, serving_pays
from compiler.dispatch import ByKind
from compiler.errors import GahError

MAX_CELLS = 62  # the hotel is a bit mask in one int64
MAX_ITEMS = 62  # item filters are bit masks too
MAX_CARD_NUMBER = 4096
ROW = 8  # an op row: opcode and up to 7 parameters

(
    OP_GAIN_KRONES,
    OP_LOSE_KRONES,
    OP_GAIN_POINTS,
    OP_LOSE_POINTS,
    OP_GAIN_ITEMS,
    OP_CHOOSE_ITEMS,
    OP_RETURN_ITEMS,
    OP_DRAW_STAFF,
    OP_STAFF_TO_DECK,
    OP_PREPARE_ROOM,
    OP_OCCUPY_VACANT,
    OP_REMOVE_ROOMS,
    OP_POINTS_PER,
    OP_PLAY_FROM_HAND,
    OP_REMOVE_HIRED,
    OP_ADVANCE,
    OP_CHOOSE_ONE,
) = range(17)

ALL = -1  # an Amount "all", a Discount "all" (free) or a StaffFilter "any"
OUTCOMES = {"nothing": 0, "bonus": 1, "penalty": 2}
STAFF_KINDS = {"once_per_round": 0, "permanent": 1, "once": 2, "game_end": 3}
PICKS = {"each_highest": 0, "highest_then_strictly_below": 1, "highest_then_below_in_column": 2}
REWARDS = {"krones": 0, "points": 1, "emperor_steps": 2}
FINAL_KINDS = {"game_end_staff": 0, "occupied_rooms_by_floor": 1, "per_quantity": 2}
SET_COLOURS = ("red", "blue", "yellow")  # colour_sets and the occupied_<colour>_rooms quantities


class ScoringTables(NamedTuple):
    """Everything the kernels read of one ruleset (arrays of int64, and ints)."""

    items: int
    floors: int
    columns: int
    rounds: int
    track_last: int
    beyond_points: int
    points_floor: int
    krones_floor: int
    items_alike: int
    serving_pays: int
    first_room: int  # its cell bit index
    track_points: Ints  # [space]
    outcome: Ints  # [space]: OUTCOMES
    scoring_tier: Ints  # [round]: tier index, -1 where the round has no scoring
    scoring_back: Ints  # [round]
    ops: Ints  # [row, ROW]
    pairs: Ints  # [n, 2]: (item, count) of GainItems
    progs: Ints  # [program, 2]: rows [first, end)
    lists: Ints  # a ChooseOne's option programs
    tile_bonus: Ints  # [tile]: program
    tile_penalty: Ints  # [tile]: program of plain effects (-1 when a choice)
    tile_prefer: Ints  # [tile]: program (-1 unless a choice)
    tile_otherwise: Ints  # [tile]: program (-1 unless a choice)
    staff_cost: Ints  # [number]
    staff_kind: Ints  # [number]: STAFF_KINDS, -1 for no card
    staff_once: Ints  # [number]: program, -1 for none
    end_points: Ints  # [number]: game-end points per unit
    end_quantity: Ints  # [number]: quantity, -1 for none
    copier: Ints  # [number]: 1 for a card that copies an opponent's game-end Staff
    boosters: Ints  # cards adding to Emperor bonuses, in the rules' order
    booster_prog: Ints  # their programs
    waivers: Ints  # cards that waive a penalty, in the rules' order
    waiver_cost: Ints
    cell_group: Ints  # [cell]: group index
    group_mask: Ints  # [group]
    group_reward: Ints  # [group]: REWARDS
    group_amount: Ints  # [group]: the reward for the group's size
    printed: Ints  # [cell]
    prepare_cost: Ints  # [floor - 1]
    floor_mask: Ints  # [floor - 1]
    column_mask: Ints  # [column - 1]
    colour_mask: Ints  # [SET_COLOURS index]
    final_kind: Ints  # [source]: FINAL_KINDS
    final_quantity: Ints  # [source]
    final_points: Ints  # [source]
    final_floor_points: Ints  # [source, floor - 1]
    tiebreak: Ints  # the first tie-breaker's quantities


class Place(NamedTuple):
    """Where a PrepareRoom is (see compiler/backends/python/effects.py: Place)."""

    room_wins: bool = False
    room_unseen: bool = False


ANYWHERE = Place()


class Encoder:
    """Collects the rows and programs of a ruleset's effects."""

    def __init__(self, ruleset: ir.Ruleset) -> None:
        self.ruleset = ruleset
        self.items = {item.id: index for index, item in enumerate(ruleset.items)}
        self.rows: list[list[int]] = []
        self.pairs: list[tuple[int, int]] = []
        self.progs: list[tuple[int, int]] = []
        self.lists: list[int] = []

    def program(self, effects: tuple[ir.Effect, ...], place: Place = ANYWHERE) -> int:
        """Encode a run of effects (the last one at `place`); its program index."""
        rows = []
        for number, effect in enumerate(effects, start=1):
            here = place if number == len(effects) else ANYWHERE
            rows.append(ENCODE.of(effect)(self, effect, here))
        first = len(self.rows)
        self.rows.extend(row + [0] * (ROW - len(row)) for row in rows)
        self.progs.append((first, len(self.rows)))
        return len(self.progs) - 1

    def mask(self, which: ir.ItemFilter) -> int:
        names = [item.id for item in self.ruleset.items] if which.is_any else which.fits
        if not names:
            refuse(self.ruleset, "an item filter lets no item through")
        return sum(1 << self.items[name] for name in names)


def refuse(ruleset: ir.Ruleset, reason: str) -> None:
    raise GahError(f"ruleset {ruleset.name}: the batched backend cannot play it: {reason}")


Encode = Callable[[Encoder, Any, Place], list[int]]
ENCODE: ByKind[Encode] = ByKind("the batched backend (compiler/backends/batched/tables.py: ENCODE)")


def _amount(amount: ir.Amount) -> int:
    return ALL if amount == "all" else amount


def _staff_kind(kind: ir.StaffFilter) -> int:
    return ALL if kind == "any" else STAFF_KINDS[kind]


@ENCODE.on(ir.GainKrones)
def _gain_krones(_e: Encoder, effect: ir.GainKrones, _p: Place) -> list[int]:
    return [OP_GAIN_KRONES, effect.amount]


@ENCODE.on(ir.LoseKrones)
def _lose_krones(_e: Encoder, effect: ir.LoseKrones, _p: Place) -> list[int]:
    return [OP_LOSE_KRONES, _amount(effect.amount)]


@ENCODE.on(ir.GainPoints)
def _gain_points(_e: Encoder, effect: ir.GainPoints, _p: Place) -> list[int]:
    return [OP_GAIN_POINTS, effect.amount]


@ENCODE.on(ir.LosePoints)
def _lose_points(_e: Encoder, effect: ir.LosePoints, _p: Place) -> list[int]:
    return [OP_LOSE_POINTS, _amount(effect.amount)]


@ENCODE.on(ir.GainItems)
def _gain_items(e: Encoder, effect: ir.GainItems, _p: Place) -> list[int]:
    first = len(e.pairs)
    e.pairs.extend((e.items[item], count) for item, count in effect.items)
    return [OP_GAIN_ITEMS, first, len(e.pairs)]


@ENCODE.on(ir.ChooseItems)
def _choose_items(e: Encoder, effect: ir.ChooseItems, _p: Place) -> list[int]:
    return [OP_CHOOSE_ITEMS, effect.count, int(effect.may_serve_guests), e.mask(effect.which)]


@ENCODE.on(ir.ReturnItems)
def _return_items(e: Encoder, effect: ir.ReturnItems, _p: Place) -> list[int]:
    kitchen, cafe = int("kitchen" in effect.sources), int("cafe" in effect.sources)
    return [OP_RETURN_ITEMS, kitchen, cafe, _amount(effect.count), e.mask(effect.which)]


@ENCODE.on(ir.DrawStaff)
def _draw_staff(_e: Encoder, effect: ir.DrawStaff, _p: Place) -> list[int]:
    return [OP_DRAW_STAFF, effect.count, effect.play, _amount(effect.discount), int(effect.rest == "hand")]


@ENCODE.on(ir.StaffToDeckBottom)
def _staff_to_deck(_e: Encoder, effect: ir.StaffToDeckBottom, _p: Place) -> list[int]:
    return [OP_STAFF_TO_DECK, effect.count, int(effect.to == "top")]


@ENCODE.on(ir.PrepareRoom)
def _prepare_room(e: Encoder, effect: ir.PrepareRoom, place: Place) -> list[int]:
    floors = range(1, e.ruleset.hotel.floors + 1) if effect.floors is None else effect.floors
    mask = sum(1 << (floor - 1) for floor in set(floors))
    free, occupy = effect.free, effect.occupy
    wins, alike = place.room_wins and free, place.room_unseen and free and not occupy
    return [OP_PREPARE_ROOM, mask, int(free), int(occupy), int(wins), int(alike)]


@ENCODE.on(ir.OccupyVacantRooms)
def _occupy_vacant(_e: Encoder, effect: ir.OccupyVacantRooms, _p: Place) -> list[int]:
    return [OP_OCCUPY_VACANT, effect.count]


@ENCODE.on(ir.RemoveRooms)
def _remove_rooms(_e: Encoder, effect: ir.RemoveRooms, _p: Place) -> list[int]:
    return [OP_REMOVE_ROOMS, int(effect.state == "occupied"), effect.count, PICKS[effect.pick]]


@ENCODE.on(ir.PointsPerQuantity)
def _points_per(_e: Encoder, effect: ir.PointsPerQuantity, _p: Place) -> list[int]:
    return [OP_POINTS_PER, ir.QUANTITIES.index(effect.quantity), effect.points]


@ENCODE.on(ir.PlayStaffFromHand)
def _play_from_hand(_e: Encoder, effect: ir.PlayStaffFromHand, _p: Place) -> list[int]:
    return [OP_PLAY_FROM_HAND, effect.count, _amount(effect.discount), _staff_kind(effect.staff_kind)]


@ENCODE.on(ir.RemoveHiredStaff)
def _remove_hired(_e: Encoder, effect: ir.RemoveHiredStaff, _p: Place) -> list[int]:
    return [OP_REMOVE_HIRED, effect.count, _staff_kind(effect.staff_kind)]


@ENCODE.on(ir.AdvanceEmperor)
def _advance(_e: Encoder, effect: ir.AdvanceEmperor, _p: Place) -> list[int]:
    return [OP_ADVANCE, effect.steps]


@ENCODE.on(ir.ChooseOne)
def _choose_one(e: Encoder, effect: ir.ChooseOne, _p: Place) -> list[int]:
    if any(isinstance(x, ir.ChooseOne) for option in effect.options for x in option):
        refuse(e.ruleset, "a choose_one option holds a choose_one")
    programs = [e.program(option) for option in effect.options]
    first = len(e.lists)
    e.lists.extend(programs)
    return [OP_CHOOSE_ONE, len(programs), int(effect.may_decline), first]


def _ints(values: Any, shape: tuple[int, ...] | None = None) -> Ints:
    array = np.array(values, dtype=np.int64)
    return array.reshape(shape) if shape is not None else array


def compile_tables(ruleset: ir.Ruleset) -> ScoringTables:
    """The tables of a ruleset; GahError naming the ruleset and the reason where the kernels cannot batch it."""
    _check(ruleset)
    encoder = Encoder(ruleset)
    tiles = _tile_tables(encoder)
    staff = _staff_tables(encoder)
    fields: dict[str, Any] = {**_rule_constants(ruleset), **_hotel_tables(ruleset), **_final_tables(ruleset)}
    fields.update(tiles)
    fields.update(staff)
    fields["ops"] = _ints(encoder.rows or [[0] * ROW], (-1, ROW))
    fields["pairs"] = _ints(encoder.pairs or [(0, 0)], (-1, 2))
    fields["progs"] = _ints(encoder.progs or [(0, 0)], (-1, 2))
    fields["lists"] = _ints(encoder.lists or [0])
    return ScoringTables(**fields)


def _check(ruleset: ir.Ruleset) -> None:
    hotel = ruleset.hotel
    if hotel.floors * hotel.columns > MAX_CELLS:
        refuse(ruleset, f"a hotel of {hotel.floors * hotel.columns} cells (at most {MAX_CELLS})")
    if len(ruleset.items) > MAX_ITEMS:
        refuse(ruleset, f"{len(ruleset.items)} item kinds (at most {MAX_ITEMS})")
    if any(not 1 <= card.number <= MAX_CARD_NUMBER for card in ruleset.staff):
        refuse(ruleset, f"a Staff card numbered outside 1..{MAX_CARD_NUMBER}")
    grouped = {cell for group in hotel.groups for cell in group.cells}
    every = {(f, c) for f in range(1, hotel.floors + 1) for c in range(1, hotel.columns + 1)}
    if grouped != every:
        refuse(ruleset, "a hotel cell in no colour group")
    rewarded = {colour for colour, _reward in hotel.group_rewards}
    if any(group.colour not in rewarded for group in hotel.groups):
        refuse(ruleset, "a colour group without a reward")
    if len({s.round for s in ruleset.scorings}) < len(ruleset.scorings):
        refuse(ruleset, "two Emperor scorings after one round")


def _rule_constants(ruleset: ir.Ruleset) -> dict[str, Any]:
    track, hotel = ruleset.track, ruleset.hotel
    tiers = ruleset.tiers()
    scoring_tier = [-1] * (ruleset.rounds + 1)
    scoring_back = [0] * (ruleset.rounds + 1)
    for scoring in ruleset.scorings:
        scoring_tier[scoring.round] = tiers.index(scoring.tier)
        scoring_back[scoring.round] = scoring.move_back
    first_floor, first_column = hotel.first_room
    return {
        "items": len(ruleset.items),
        "floors": hotel.floors,
        "columns": hotel.columns,
        "rounds": ruleset.rounds,
        "track_last": track.last_space,
        "beyond_points": track.points_per_step_beyond,
        "points_floor": ruleset.rulings.points_floor,
        "krones_floor": ruleset.rulings.krones_floor,
        "items_alike": int(items_alike(ruleset)),
        "serving_pays": int(serving_pays(ruleset)),
        "first_room": (first_floor - 1) * hotel.columns + first_column - 1,
        "track_points": _ints(track.points),
        "outcome": _ints([OUTCOMES[track.zone_of(space).outcome] for space in range(track.last_space + 1)]),
        "scoring_tier": _ints(scoring_tier),
        "scoring_back": _ints(scoring_back),
    }


def _tile_tables(encoder: Encoder) -> dict[str, Ints]:
    ruleset = encoder.ruleset
    place = Place(bonus_room_wins(ruleset), bonus_boosters_only_gain(ruleset))
    bonus, penalty, prefer, otherwise = [], [], [], []
    for tile in ruleset.tiles:
        bonus.append(encoder.program(tile.bonus, place))
        choice = tile.penalty.is_choice
        penalty.append(-1 if choice else encoder.program(tile.penalty.effects))
        prefer.append(encoder.program(tile.penalty.prefer) if choice else -1)
        otherwise.append(encoder.program(tile.penalty.otherwise) if choice else -1)
    return {
        "tile_bonus": _ints(bonus or [-1]),
        "tile_penalty": _ints(penalty or [-1]),
        "tile_prefer": _ints(prefer or [-1]),
        "tile_otherwise": _ints(otherwise or [-1]),
    }


def _staff_tables(encoder: Encoder) -> dict[str, Ints]:
    ruleset = encoder.ruleset
    size = max((card.number for card in ruleset.staff), default=0) + 1
    cost, kind, once = [0] * size, [-1] * size, [-1] * size
    end_points, end_quantity, copier = [0] * size, [-1] * size, [0] * size
    boosters, booster_prog, waivers, waiver_cost = [], [], [], []
    for card in ruleset.staff:
        n = card.number
        cost[n], kind[n] = card.cost, STAFF_KINDS[card.kind]
        if card.once:
            once[n] = encoder.program(card.once)
        if card.emperor_bonus:
            boosters.append(n)
            booster_prog.append(encoder.program(card.emperor_bonus))
        if card.penalty_waiver_cost is not None:
            waivers.append(n)
            waiver_cost.append(card.penalty_waiver_cost)
        end = card.game_end
        if end is not None and end.copy_opponent:
            copier[n] = 1
        elif end is not None and end.per is not None:
            end_points[n], end_quantity[n] = end.points, ir.QUANTITIES.index(end.per)
    return {
        "staff_cost": _ints(cost),
        "staff_kind": _ints(kind),
        "staff_once": _ints(once),
        "end_points": _ints(end_points),
        "end_quantity": _ints(end_quantity),
        "copier": _ints(copier),
        "boosters": _ints(boosters, (len(boosters),)),
        "booster_prog": _ints(booster_prog, (len(booster_prog),)),
        "waivers": _ints(waivers, (len(waivers),)),
        "waiver_cost": _ints(waiver_cost, (len(waiver_cost),)),
    }


def _bit(hotel: ir.Hotel, cell: ir.Cell) -> int:
    return (cell[0] - 1) * hotel.columns + cell[1] - 1


def _hotel_tables(ruleset: ir.Ruleset) -> dict[str, Ints]:
    hotel = ruleset.hotel
    cells = hotel.floors * hotel.columns
    rewards = dict(hotel.group_rewards)
    cell_group = [-1] * cells
    group_mask, group_reward, group_amount = [], [], []
    for index, group in enumerate(hotel.groups):
        for cell in group.cells:
            cell_group[_bit(hotel, cell)] = index
        group_mask.append(sum(1 << _bit(hotel, cell) for cell in group.cells))
        reward = rewards[group.colour]
        group_reward.append(REWARDS[reward.reward])
        group_amount.append(reward.for_size(len(group.cells)))
    printed = [0] * cells
    for cell, points in hotel.printed_points:
        printed[_bit(hotel, cell)] = points
    colour_mask = [0] * len(SET_COLOURS)
    for floor, row in enumerate(hotel.colours, start=1):
        for column, colour in enumerate(row, start=1):
            if colour in SET_COLOURS:
                colour_mask[SET_COLOURS.index(colour)] |= 1 << _bit(hotel, (floor, column))
    return {
        "cell_group": _ints(cell_group),
        "group_mask": _ints(group_mask or [0]),
        "group_reward": _ints(group_reward or [0]),
        "group_amount": _ints(group_amount or [0]),
        "printed": _ints(printed),
        "prepare_cost": _ints(hotel.prepare_cost),
        "floor_mask": _ints(
            [sum(1 << (f * hotel.columns + c) for c in range(hotel.columns)) for f in range(hotel.floors)]
        ),
        "column_mask": _ints(
            [sum(1 << (f * hotel.columns + c) for f in range(hotel.floors)) for c in range(hotel.columns)]
        ),
        "colour_mask": _ints(colour_mask),
    }


def _final_tables(ruleset: ir.Ruleset) -> dict[str, Ints]:
    floors = ruleset.hotel.floors
    kind, quantity, points, by_floor = [], [], [], []
    for source in ruleset.final_scoring:
        kind.append(FINAL_KINDS[source.source])
        quantity.append(ir.QUANTITIES.index(source.per) if source.per is not None else -1)
        points.append(source.points)
        by_floor.append([*source.points_by_floor, *[0] * floors][:floors])
    quantities = [ir.QUANTITIES.index(q) for t in ruleset.tiebreakers[:1] for q in t.quantities]
    return {
        "final_kind": _ints(kind, (len(kind),)),
        "final_quantity": _ints(quantity, (len(quantity),)),
        "final_points": _ints(points, (len(points),)),
        "final_floor_points": _ints(by_floor, (len(by_floor), floors)),
        "tiebreak": _ints(quantities, (len(quantities),)),
    }
