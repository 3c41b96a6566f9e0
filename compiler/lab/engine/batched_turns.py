"""The lab's turns on a batch of games: exactly game.play_turn, for every game and seat of a round.

The turn's numbers come from the plan arrays (compiler.lab.engine.batched_plan); the ruleset's hotel, track and
Staff data the turns read (game.Fast) are TurnTables, arrays indexed by cell, group and card number.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from compiler import ir
from compiler.backends.batched.jit import kernel
from compiler.backends.batched.state import GameArrays
from compiler.lab.engine.batched_deal import Refused
from compiler.lab.engine.batched_plan import (
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
from compiler.lab.engine.game import Fast, RulesInfo
from compiler.lab.engine.model import Model

Ints = npt.NDArray[np.int64]

REWARDS = {"": 0, "krones": 1, "points": 2, "emperor_steps": 3}
MAX_CELLS = 62  # a hotel is a bit mask in a signed 64-bit number


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
    )


@kernel
def advance(t: TurnTables, s: GameArrays, g: int, p: int, steps: int) -> None:
    """game._advance: up the Emperor track; steps beyond its last space score points instead."""
    moved = min(steps, max(0, t.track_last - s.emperor[g, p]))
    s.emperor[g, p] += moved
    s.points[g, p] += (steps - moved) * t.beyond_points


@kernel
def _legal(t: TurnTables, placed: int) -> int:
    if placed == 0:
        return t.first
    c = t.columns
    around = (placed << c) | (placed >> c) | ((placed & t.has_right) << 1) | ((placed & t.has_left) >> 1)
    return around & t.full & ~placed


@kernel
def _prepare(t: TurnTables, s: GameArrays, g: int, p: int, numbers: Ints, at: int, count: int, krones: int) -> int:
    """Rooms: a legal, affordable space, each as likely as its floor's weight; the krones left come back."""
    top = len(t.affordable) - 1
    placed = s.placed[g, p]
    for k in range(at, at + count):
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
        scaled = (numbers[k] * total) >> 32
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
        s.points[g, p] += t.printed[chosen]
    s.placed[g, p] = placed
    return krones


@kernel
def _occupy(t: TurnTables, s: GameArrays, g: int, p: int, numbers: Ints, at: int, count: int, krones: int) -> int:
    """Occupy a vacant room, any as likely; completing a group pays its reward; the krones come back."""
    occupied = s.occupied[g, p]
    for k in range(at, at + count):
        vacant = s.placed[g, p] & ~occupied
        if vacant == 0:
            continue
        n = 0
        for cell in range(t.size):
            n += (vacant >> cell) & 1
        which = (numbers[k] * n) >> 32
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
            s.points[g, p] += amount
        elif kind == 3:
            advance(t, s, g, p, amount)
    s.occupied[g, p] = occupied
    return krones


@kernel
def _hire(t: TurnTables, s: GameArrays, g: int, p: int, numbers: Ints, at: int, count: int, krones: int) -> int:
    """Hire an affordable card from hand, each as likely as its kind's weight; the krones left come back."""
    for k in range(at, at + count):
        running = 0
        for h in range(s.hand_size[g, p]):
            card = s.hand[g, p, h]
            if t.kind_weight[card] > 0 and t.cost[card] <= krones:
                running += t.kind_weight[card]
        if running == 0:
            continue
        scaled = (numbers[k] * running) >> 32
        running = 0
        for h in range(s.hand_size[g, p]):
            card = s.hand[g, p, h]
            if t.kind_weight[card] > 0 and t.cost[card] <= krones:
                running += t.kind_weight[card]
                if running > scaled:
                    krones -= t.cost[card]
                    size = s.hand_size[g, p]
                    for at in range(h, size - 1):  # a loop, not a slice copy: no array made per card hired
                        s.hand[g, p, at] = s.hand[g, p, at + 1]
                    s.hand_size[g, p] = size - 1
                    s.hired[g, p, s.hired_count[g, p]] = card
                    s.hired_count[g, p] += 1
                    break
    return krones


@kernel
def _gain_item(s: GameArrays, g: int, p: int, item: int) -> None:
    """kitchen[item] += 1, a new key going to the end of the kitchen's order."""
    keys = s.kitchen_keys[g, p]
    if keys < s.kitchen.shape[2]:
        known = False
        for k in range(keys):
            known = known or s.kitchen_order[g, p, k] == item
        if not known:
            s.kitchen_order[g, p, keys] = item
            s.kitchen_keys[g, p] = keys + 1
    s.kitchen[g, p, item] += 1


@kernel
def play_turn(t: TurnTables, s: GameArrays, plan: PlanArrays, g: int, r: int, p: int) -> None:
    """One player's round of game g (plan index g), round r + 1: game.play_turn."""
    head = plan.head[g, r, p]
    numbers = plan.numbers[g, r, p]
    kinds = t.items
    s.points[g, p] += head[POINTS]
    krones = s.krones[g, p] + head[KRONES]
    at = HEAD
    for k in range(at, at + head[ITEMS]):
        _gain_item(s, g, p, (numbers[k] * kinds) >> 32)
    at += head[ITEMS]
    if head[EMPEROR]:
        advance(t, s, g, p, head[EMPEROR])
    krones = _prepare(t, s, g, p, numbers, at, head[PREPARE], krones)
    at += head[PREPARE]
    krones = _occupy(t, s, g, p, numbers, at, head[OCCUPY], krones)
    at += head[OCCUPY]
    krones = _hire(t, s, g, p, numbers, at, head[HIRE], krones)
    s.krones[g, p] = krones
    draw = min(head[DRAW], s.deck_size[g])
    if draw > 0:
        size = s.deck_size[g]
        held = s.hand_size[g, p]
        for k in range(draw):
            s.hand[g, p, held + k] = s.deck[g, k]
        s.hand_size[g, p] = held + draw
        for k in range(size - draw):
            s.deck[g, k] = s.deck[g, k + draw]
        s.deck_size[g] = size - draw
    s.objectives[g, p] += head[OBJECTIVES]
    guests = min(head[GUESTS], t.cafe_seats)
    for guest in range(guests):
        for item in range(kinds):
            s.cafe[g, p, guest, item] = 0
        start = plan.plate_at[g, r, p, guest]
        for k in range(start, start + plan.plate_count[g, r, p, guest]):
            s.cafe[g, p, guest, (numbers[k] * kinds) >> 32] += 1
    s.guests[g, p] = guests


@kernel
def play_round(t: TurnTables, s: GameArrays, plan: PlanArrays, r: int) -> None:
    """Every seat's turn of round r + 1 in every game of the batch, in seat order."""
    for g in range(s.points.shape[0]):
        for p in range(s.points.shape[1]):
            play_turn(t, s, plan, g, r, p)
