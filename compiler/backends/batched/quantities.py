"""The shared quantity vocabulary (ir.QUANTITIES) on a record, as compiler/backends/python/runtime/quantities.py
counts it."""

from __future__ import annotations

from compiler.backends.batched import record as r
from compiler.backends.batched.jit import bare_kernel
from compiler.backends.batched.state import Ints
from compiler.backends.batched.tables import (
    A_COLOUR_MASK,
    A_COLUMN_MASK,
    A_FLOOR_MASK,
    A_GROUP_MASK,
    A_STAFF_KIND,
    K_COLUMNS,
    K_FLOORS,
    K_GROUPS_N,
    ScoringTables,
    at,
)


@bare_kernel
def bits(mask: int) -> int:
    """How many bits of `mask` are set."""
    count = 0
    while mask != 0:
        mask &= mask - 1
        count += 1
    return count


@bare_kernel
def vacant(rec: Ints) -> int:
    """The mask of vacant rooms."""
    return int(rec[r.PLACED] & ~rec[r.OCCUPIED])


@bare_kernel
def full_masks(t: ScoringTables, masks: int, n: int, occupied: int) -> int:
    """How many of the `n` masks of table `masks` are fully occupied."""
    count = 0
    for k in range(n):
        mask = at(t, masks, k)
        if occupied & mask == mask:
            count += 1
    return count


@bare_kernel
def colour_sets(t: ScoringTables, occupied: int) -> int:
    """Complete sets of one occupied red, one blue and one yellow room."""
    least = bits(occupied & at(t, A_COLOUR_MASK, 0))
    for colour in range(1, 3):
        least = min(least, bits(occupied & at(t, A_COLOUR_MASK, colour)))
    return least


@bare_kernel
def kind_count(t: ScoringTables, rec: Ints, kind: int) -> int:
    """How many hired Staff are of `kind`."""
    count = 0
    for k in range(rec[r.HIRED_N]):
        if at(t, A_STAFF_KIND, rec[rec[r.HIRED] + k]) == kind:
            count += 1
    return count


@bare_kernel
def items_held(rec: Ints, first: int, count: int) -> int:
    """The sum of `count` values from `first`."""
    total = 0
    for k in range(count):
        total += rec[first + k]
    return total


@bare_kernel
def quantity(t: ScoringTables, rec: Ints, q: int) -> int:
    """The quantity ir.QUANTITIES[q] of the record's player."""
    occupied = rec[r.OCCUPIED]
    if q <= 3:  # occupied rooms: all, then red, blue, yellow
        return bits(occupied) if q == 0 else bits(occupied & at(t, A_COLOUR_MASK, q - 1))
    if q == 4:
        return bits(vacant(rec))
    if q == 5:
        return bits(rec[r.PLACED])
    if q == 6:
        return full_masks(t, A_FLOOR_MASK, t.data[K_FLOORS], occupied)
    if q == 7:
        return full_masks(t, A_COLUMN_MASK, t.data[K_COLUMNS], occupied)
    if q == 8:
        return full_masks(t, A_GROUP_MASK, t.data[K_GROUPS_N], occupied)
    if q == 9:
        return colour_sets(t, occupied)
    if q == 10:
        return int(rec[r.HIRED_N])
    if q == 11:
        return kind_count(t, rec, 3)
    if q == 12:
        return int(rec[r.HAND_N])
    if q == 13:
        return int(rec[r.KRONES])
    if q == 14:
        return items_held(rec, rec[r.KITCHEN], rec[r.ITEMS])
    if q == 15:
        return int(rec[r.GUESTS])
    if q == 16:
        return items_held(rec, rec[r.CAFE], rec[r.GUESTS] * rec[r.ITEMS])
    if q == 17:
        return int(rec[r.OBJECTIVES])
    return int(rec[r.EMPEROR])
