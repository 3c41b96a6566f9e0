"""The hotel on a record's bit masks: legal spaces, preparing, occupying and removing rooms (as
compiler/backends/python/runtime/hotel.py does on its lists of rows)."""

from __future__ import annotations

from compiler.backends.batched import record as r
from compiler.backends.batched.jit import kernel
from compiler.backends.batched.quantities import bits, vacant
from compiler.backends.batched.state import Ints
from compiler.backends.batched.tables import ScoringTables


@kernel
def nth_bit(mask: int, n: int) -> int:
    """The index of the n-th set bit (from 0, lowest first)."""
    bit = 0
    while True:
        if mask >> bit & 1:
            if n == 0:
                return bit
            n -= 1
        bit += 1


@kernel
def legal_mask(t: ScoringTables, rec: Ints, floors: int) -> int:
    """Empty spaces where a room may go, on the floors of the mask `floors`: the first room's space, or
    next to a placed room."""
    placed = rec[r.PLACED]
    cells = t.floors * t.columns
    if placed == 0:
        near = 1 << t.first_room
    else:
        left = (placed << 1) & ~t.column_mask[0]
        right = (placed >> 1) & ~t.column_mask[t.columns - 1]
        near = (placed << t.columns) | (placed >> t.columns) | left | right
    allowed = 0
    for floor in range(t.floors):
        if floors >> floor & 1:
            allowed |= t.floor_mask[floor]
    return int(near & ~placed & allowed & ((1 << cells) - 1))


@kernel
def occupy_room(t: ScoringTables, rec: Ints, cell: int) -> None:
    """A vacant room becomes occupied; completing its group pays the group's reward."""
    rec[r.OCCUPIED] |= 1 << cell
    group = t.cell_group[cell]
    mask = t.group_mask[group]
    if rec[r.OCCUPIED] & mask != mask:
        return
    amount = t.group_amount[group]
    reward = t.group_reward[group]
    if reward == 0:
        rec[r.KRONES] += amount
    elif reward == 1:
        rec[r.POINTS] += amount
    else:
        advance(t, rec, amount)


@kernel
def advance(t: ScoringTables, rec: Ints, steps: int) -> None:
    """Forward on the Emperor track, never past the last space; each step beyond it is worth points."""
    moved = min(steps, max(0, t.track_last - rec[r.EMPEROR]))
    rec[r.EMPEROR] += moved
    rec[r.POINTS] += (steps - moved) * t.beyond_points


@kernel
def place_room(t: ScoringTables, rec: Ints, cell: int, free: int, occupy: int) -> None:
    if free == 0:
        rec[r.KRONES] -= t.prepare_cost[cell // t.columns]
    rec[r.PLACED] |= 1 << cell
    rec[r.POINTS] += t.printed[cell]
    if occupy != 0:
        occupy_room(t, rec, cell)


@kernel
def affordable_spaces(t: ScoringTables, rec: Ints, floors: int, free: int) -> int:
    legal = legal_mask(t, rec, floors)
    if free != 0:
        return legal
    spaces = 0
    for cell in range(t.floors * t.columns):
        if legal >> cell & 1 and t.prepare_cost[cell // t.columns] <= rec[r.KRONES]:
            spaces |= 1 << cell
    return spaces


@kernel
def first_by_printed(t: ScoringTables, spaces: int) -> int:
    """The first space of each printed-points value (see prepare_room's alike_by_points)."""
    firsts = 0
    for cell in range(t.floors * t.columns):
        if spaces >> cell & 1:
            seen = False
            for other in range(cell):
                if firsts >> other & 1 and t.printed[other] == t.printed[cell]:
                    seen = True
            if not seen:
                firsts |= 1 << cell
    return firsts


@kernel
def state_mask(rec: Ints, occupied: int) -> int:
    return rec[r.OCCUPIED] if occupied != 0 else vacant(rec)


@kernel
def highest_floor(t: ScoringTables, mask: int, below: int) -> int:
    """The cells of `mask` on the highest floor (index from 0) under `below` that has any."""
    for floor in range(below - 1, -1, -1):
        row = mask & t.floor_mask[floor]
        if row != 0:
            return int(row)
    return 0


@kernel
def column_below(t: ScoringTables, mask: int, cell: int) -> int:
    """The cell of `mask` next down in the column of `cell`, or none (0)."""
    column = cell % t.columns
    for floor in range(cell // t.columns - 1, -1, -1):
        bit = floor * t.columns + column
        if mask >> bit & 1:
            return 1 << bit
    return 0


@kernel
def column_reach(t: ScoringTables, mask: int, cell: int, count: int) -> int:
    below = (1 << (cell // t.columns * t.columns)) - 1
    return min(count, 1 + bits(mask & t.column_mask[cell % t.columns] & below))


@kernel
def column_starts(t: ScoringTables, mask: int, count: int) -> int:
    """The highest cells from which a removal down their column takes the most rooms (see hotel.column_starts)."""
    candidates = highest_floor(t, mask, t.floors)
    best = 0
    for cell in range(t.floors * t.columns):
        if candidates >> cell & 1:
            best = max(best, column_reach(t, mask, cell, count))
    starts = 0
    for cell in range(t.floors * t.columns):
        if candidates >> cell & 1 and column_reach(t, mask, cell, count) == best:
            starts |= 1 << cell
    return starts


@kernel
def count_removable(t: ScoringTables, rec: Ints, occupied: int, count: int, pick: int) -> int:
    mask = state_mask(rec, occupied)
    if pick == 2:
        starts = column_starts(t, mask, count)
        return 0 if starts == 0 else column_reach(t, mask, nth_bit(starts, 0), count)
    if pick == 1:
        floors = 0
        for floor in range(t.floors):
            if mask & t.floor_mask[floor] != 0:
                floors += 1
        return min(count, floors)
    return min(count, bits(mask))
