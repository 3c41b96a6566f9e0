"""The lab's turns on a batch of games: exactly game.play_turn, for every game and seat of a round.

The turn's numbers come from the plan arrays (gah.lab.engine.batched_plan); the ruleset's hotel, track and
Staff data the turns read (game.Fast) are TurnTables, arrays indexed by cell, group and card number.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from ... import ir
from ...backends.batched.jit import inlined, kernel
from ...backends.batched.state import GameArrays
from .batched_deal import Refused
from .batched_plan import (
    DRAW,
    EMPEROR,
    GUESTS,
    HEAD,
    HIRE,
    ITEMS,
    KRONES,
    OBJECTIVES,
    OCCUPY,
    POINTS,
    PREPARE,
    PlanArrays,
)
from .batched_rng import Numbers
from .game import Fast, RulesInfo
from .model import Model

Ints = npt.NDArray[np.int64]

REWARDS = {"": 0, "krones": 1, "points": 2, "emperor_steps": 3}
MAX_CELLS = 62  # a hotel is a bit mask in a signed 64-bit number
Occupied = tuple[int, int, int, int]
Hired = tuple[int, int, int]
Plates = tuple[Ints, Ints]


class TurnTables(NamedTuple):
    """game.Fast as arrays."""

    columns: int
    size: int
    full: int
    first: int
    has_left: int
    has_right: int
    room_cost: Ints  # [cell]
    affordable: Ints  # [krones]: the cells a player with that many krones can pay for (the last: any more)
    floor_weight: Ints  # [cell]
    printed: Ints  # [cell]
    group_of: Ints  # [cell]: -1 outside every group
    group_mask: Ints  # [group]
    reward_kind: Ints  # [group]: REWARDS
    reward_amount: Ints  # [group]
    cafe_seats: int
    items: int
    track_last: int
    beyond_points: int
    cost: Ints  # [card number]
    kind_weight: Ints  # [card number]
    resource_gain: Ints  # [k]: what the k-th declared resource but the objectives gains a round (game.Fast)
    resource_high: Ints  # [k]: its upper limit, -1 for none


def turn_tables(ruleset: ir.Ruleset, model: Model) -> TurnTables:
    """The turn data of a ruleset under a model (Refused if its hotel does not fit a mask)."""
    size = ruleset.hotel.floors * ruleset.hotel.columns
    if size > MAX_CELLS:
        raise Refused(f"a hotel of {size} spaces (at most {MAX_CELLS})")
    fast = Fast(RulesInfo.of(ruleset), model)
    top = max((c.number for c in ruleset.staff), default=0) + 1
    cost, weight = np.zeros(top, np.int64), np.zeros(top, np.int64)
    for number, value in fast.cost.items():
        cost[number] = value
    for number, value in fast.kind_weight.items():
        weight[number] = value
    groups = max(len(fast.group_mask), 1)
    return TurnTables(
        columns=fast.columns,
        size=fast.size,
        full=fast.full,
        first=fast.first,
        has_left=fast.has_left,
        has_right=fast.has_right,
        room_cost=np.array(fast.room_cost, np.int64),
        affordable=np.array(fast.affordable, np.int64),
        floor_weight=np.array(fast.floor_weight, np.int64),
        printed=np.array(fast.printed, np.int64),
        group_of=np.array(fast.group_of, np.int64),
        group_mask=np.array(list(fast.group_mask) + [0] * (groups - len(fast.group_mask)), np.int64),
        reward_kind=np.array(
            [REWARDS[k] for k, _a in fast.group_reward] + [0] * (groups - len(fast.group_mask)), np.int64
        ),
        reward_amount=np.array([a for _k, a in fast.group_reward] + [0] * (groups - len(fast.group_mask)), np.int64),
        cafe_seats=fast.cafe_seats,
        items=len(ruleset.items),
        track_last=fast.track_last,
        beyond_points=fast.beyond_points,
        cost=cost,
        kind_weight=weight,
        resource_gain=np.array([model.resource_gain(r) for r, _high in fast.info.resources] or [0], np.int64),
        resource_high=np.array([high for _r, high in fast.info.resources] or [-1], np.int64),
    )


@inlined
def _advance(t: TurnTables, emperor: int, steps: int) -> tuple[int, int]:
    """game._advance: up the Emperor track; steps beyond its last space score points instead (the new space,
    the points gained)."""
    moved = min(steps, max(0, t.track_last - emperor))
    return emperor + moved, (steps - moved) * t.beyond_points


@inlined
def _legal(t: TurnTables, placed: int) -> int:
    if placed == 0:
        return t.first
    c = t.columns
    around = (placed << c) | (placed >> c) | ((placed & t.has_right) << 1) | ((placed & t.has_left) >> 1)
    return around & t.full & ~placed


@inlined
def _prepare(t: TurnTables, placed: int, numbers: Numbers, krones: int) -> tuple[int, int, int]:
    """Rooms, one per number: a legal, affordable space, each as likely as its floor's weight (the rooms placed,
    the krones left, the points gained)."""
    top = len(t.affordable) - 1
    points = 0
    for r32 in numbers:
        index = krones if krones < top else top
        if index < 0:  # the lab's tuple index counts from the end
            index += top + 1
        mask = _legal(t, placed) & t.affordable[index]
        if mask == 0:
            continue
        total = 0
        for cell in range(t.size):
            if (mask >> cell) & 1:
                total += t.floor_weight[cell]
        if total == 0:
            continue
        scaled = (np.int64(r32) * total) >> 32
        running = 0
        chosen = -1
        for cell in range(t.size):
            if (mask >> cell) & 1:
                running += t.floor_weight[cell]
                if running > scaled:
                    chosen = cell
                    break
        krones -= t.room_cost[chosen]
        placed |= 1 << chosen
        points += t.printed[chosen]
    return placed, krones, points


@inlined
def _occupy(t: TurnTables, placed: int, occupied: int, emperor: int, numbers: Numbers, krones: int) -> Occupied:
    """Occupy a vacant room per number, any as likely; completing a group pays its reward (the rooms occupied,
    the krones, the points gained, the Emperor space)."""
    points = 0
    for r32 in numbers:
        vacant = placed & ~occupied
        if vacant == 0:
            continue
        n = 0
        for cell in range(t.size):
            n += (vacant >> cell) & 1
        which = (np.int64(r32) * n) >> 32
        cell = 0
        for c in range(t.size):
            if (vacant >> c) & 1:
                if which == 0:
                    cell = c
                    break
                which -= 1
        occupied |= 1 << cell
        group = t.group_of[cell]
        if group < 0 or occupied & t.group_mask[group] != t.group_mask[group]:
            continue
        kind, amount = t.reward_kind[group], t.reward_amount[group]
        if kind == 1:
            krones += amount
        elif kind == 2:
            points += amount
        elif kind == 3:
            emperor, beyond = _advance(t, emperor, amount)
            points += beyond
    return occupied, krones, points, emperor


@inlined
def _hire(t: TurnTables, hand: Ints, held: int, hired: Ints, count: int, numbers: Numbers, krones: int) -> Hired:
    """Hire an affordable card from hand per number, each as likely as its kind's weight (the cards left in
    hand, the cards hired, the krones left)."""
    for r32 in numbers:
        running = 0
        for h in range(held):
            card = hand[h]
            if t.kind_weight[card] > 0 and t.cost[card] <= krones:
                running += t.kind_weight[card]
        if running == 0:
            continue
        scaled = (np.int64(r32) * running) >> 32
        running = 0
        for h in range(held):
            card = hand[h]
            if t.kind_weight[card] > 0 and t.cost[card] <= krones:
                running += t.kind_weight[card]
                if running > scaled:
                    krones -= t.cost[card]
                    for at in range(h, held - 1):  # a loop, not a slice copy: no array made per card hired
                        hand[at] = hand[at + 1]
                    held -= 1
                    hired[count] = card
                    count += 1
                    break
    return held, count, krones


@inlined
def _gain_items(kitchen: Ints, order: Ints, keys: int, numbers: Numbers) -> int:
    """kitchen[item] += 1 for the item each number picks, a new key going to the end of the kitchen's order;
    the number of keys comes back."""
    kinds = len(kitchen)
    for r32 in numbers:
        item = (np.int64(r32) * kinds) >> 32
        if keys < kinds:
            known = False
            for k in range(keys):
                known = known or order[k] == item
            if not known:
                order[keys] = item
                keys += 1
        kitchen[item] += 1
    return keys


@inlined
def _serve(cafe: Ints, guests: int, numbers: Numbers, plate_at: Ints, plate_count: Ints) -> None:
    """The café's first `guests` guests, each with the items its plate's numbers pick."""
    kinds = cafe.shape[1]
    for guest in range(guests):
        for item in range(kinds):
            cafe[guest, item] = 0
        start = plate_at[guest]
        for k in range(start, start + plate_count[guest]):
            cafe[guest, (np.int64(numbers[k]) * kinds) >> 32] += 1


@inlined
def _draw(s: GameArrays, g: int, p: int, draw: int) -> None:
    """The top `draw` cards of the deck to the end of the player's hand."""
    size, held = s.deck_size[g], s.hand_size[g, p]
    deck, hand = s.deck[g], s.hand[g, p]
    for k in range(draw):
        hand[held + k] = deck[k]
    for k in range(size - draw):
        deck[k] = deck[k + draw]
    s.hand_size[g, p] = held + draw
    s.deck_size[g] = size - draw


@inlined
def play_turn(t: TurnTables, s: GameArrays, g: int, p: int, head: Ints, numbers: Numbers, plates: Plates) -> None:
    """One player's round of game g: game.play_turn, its numbers read where plan_turn cuts them (plates: where
    each guest's numbers start, how many)."""
    points = s.points[g, p] + head[POINTS]
    krones = s.krones[g, p] + head[KRONES]
    emperor = s.emperor[g, p]
    at = HEAD
    if head[ITEMS]:
        cut = numbers[at : at + head[ITEMS]]
        s.kitchen_keys[g, p] = _gain_items(s.kitchen[g, p], s.kitchen_order[g, p], s.kitchen_keys[g, p], cut)
    at += head[ITEMS]
    if head[EMPEROR]:
        emperor, beyond = _advance(t, emperor, head[EMPEROR])
        points += beyond
    if head[PREPARE]:
        placed, krones, gained = _prepare(t, s.placed[g, p], numbers[at : at + head[PREPARE]], krones)
        s.placed[g, p] = placed
        points += gained
    at += head[PREPARE]
    if head[OCCUPY]:
        cut = numbers[at : at + head[OCCUPY]]
        occupied, krones, gained, emperor = _occupy(t, s.placed[g, p], s.occupied[g, p], emperor, cut, krones)
        s.occupied[g, p] = occupied
        points += gained
    at += head[OCCUPY]
    if head[HIRE]:
        cut = numbers[at : at + head[HIRE]]
        held, count = s.hand_size[g, p], s.hired_count[g, p]
        held, count, krones = _hire(t, s.hand[g, p], held, s.hired[g, p], count, cut, krones)
        s.hand_size[g, p], s.hired_count[g, p] = held, count
    s.points[g, p], s.krones[g, p], s.emperor[g, p] = points, krones, emperor
    draw = min(head[DRAW], s.deck_size[g])
    if draw > 0:
        _draw(s, g, p, draw)
    s.objectives[g, p] += head[OBJECTIVES]
    for k in range(t.resource_gain.shape[0]):
        now, high = s.resources[g, p, k] + t.resource_gain[k], t.resource_high[k]
        s.resources[g, p, k] = now if high < 0 else max(s.resources[g, p, k], min(now, high))
    guests = min(head[GUESTS], t.cafe_seats)
    _serve(s.cafe[g, p], guests, numbers, plates[0], plates[1])
    s.guests[g, p] = guests


@kernel
def play_round(t: TurnTables, s: GameArrays, plan: PlanArrays, r: int) -> None:
    """Every seat's turn of round r + 1 in every game of the batch, in seat order."""
    head, numbers, plate_at, plate_count = plan.head[r], plan.numbers[r], plan.plate_at[r], plan.plate_count[r]
    for g in range(s.points.shape[0]):
        for p in range(s.points.shape[1]):
            play_turn(t, s, g, p, head[g, p], numbers[g, p], (plate_at[g, p], plate_count[g, p]))
