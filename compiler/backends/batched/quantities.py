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
    A_QUANTITY_ROWS,
    A_STAFF_KIND,
    FILTERED_FROM,
    K_COLUMNS,
    K_FLOORS,
    K_GROUPS_N,
    QROW,
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
def items_in(rec: Ints, first: int, mask: int) -> int:
    """The items of the bits of `mask` held at `first` (one count per item)."""
    total = 0
    for i in range(rec[r.ITEMS]):
        if mask >> i & 1:
            total += rec[first + i]
    return total


@bare_kernel
def staff_in(t: ScoringTables, rec: Ints, first: int, count: int, kinds: int) -> int:
    """How many of `count` cards from `first` are of a kind of the bits of `kinds`."""
    total = 0
    for k in range(count):
        total += kinds >> at(t, A_STAFF_KIND, rec[first + k]) & 1
    return total


@bare_kernel
def filtered(t: ScoringTables, rec: Ints, k: int) -> int:
    """The ruleset's filtered count of row k of quantity_rows (its layout: tables.QROW)."""
    what, which, mask = (
        at(t, A_QUANTITY_ROWS, QROW * k),
        at(t, A_QUANTITY_ROWS, QROW * k + 1),
        at(t, A_QUANTITY_ROWS, QROW * k + 2),
    )
    if what == 0:  # rooms: occupied, vacant or any, on the cells of mask
        rooms = rec[r.OCCUPIED] if which == 0 else vacant(rec) if which == 1 else rec[r.PLACED]
        return bits(rooms & mask)
    if what == 1:  # fully occupied groups of the bits of mask
        count = 0
        for g in range(t.data[K_GROUPS_N]):
            group = at(t, A_GROUP_MASK, g)
            if mask >> g & 1 and rec[r.OCCUPIED] & group == group:
                count += 1
        return count
    total = 0
    if what == 2:  # items of mask, in the kitchen (which bit 1) and on guests (bit 2)
        if which & 1:
            total += items_in(rec, rec[r.KITCHEN], mask)
        if which & 2:
            for guest in range(rec[r.GUESTS]):
                total += items_in(rec, rec[r.CAFE] + guest * rec[r.ITEMS], mask)
        return total
    if what == 4:  # a declared resource: which is its index
        return int(rec[r.resource_slot(rec, which)])
    if which & 1:  # Staff of the kinds of mask in hand (bit 1) and hired (bit 2)
        total += staff_in(t, rec, rec[r.HAND], rec[r.HAND_N], mask)
    if which & 2:
        total += staff_in(t, rec, rec[r.HIRED], rec[r.HIRED_N], mask)
    return total


@bare_kernel
def quantity(t: ScoringTables, rec: Ints, q: int) -> int:
    """The quantity ir.QUANTITIES[q] of the record's player; from len(ir.QUANTITIES) on, a filtered count."""
    if q >= FILTERED_FROM:
        return filtered(t, rec, q - FILTERED_FROM)
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
