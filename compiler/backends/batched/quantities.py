"""The shared quantity vocabulary (ir.QUANTITIES) on a record, as compiler/backends/python/runtime/quantities.py
counts it."""

from __future__ import annotations

from . import record as r
from .jit import bare_kernel
from .record import init_record, load_record
from .state import GameArrays, Ints
from .tables import (
    A_COLOUR_MASK,
    A_COLUMN_MASK,
    A_FLOOR_MASK,
    A_GROUP_MASK,
    A_OTHER_ROWS,
    A_QUANTITY_ROWS,
    A_READ_CODES,
    A_STAFF_KIND,
    FILTERED_FROM,
    K_COLUMNS,
    K_FLOORS,
    K_GROUPS_N,
    K_READS_N,
    OROW,
    OROW_OWN,
    OROW_SLOT,
    OROW_WHOSE,
    OTHERS_FROM,
    Q_CAFE_GUESTS,
    Q_CAFE_ITEMS,
    Q_COLOUR_SETS,
    Q_EMPEROR_POSITION,
    Q_FULL_COLUMNS,
    Q_FULL_FLOORS,
    Q_FULL_GROUPS,
    Q_HIRED_GAME_END_STAFF,
    Q_HIRED_STAFF,
    Q_KITCHEN_ITEMS,
    Q_KRONES,
    Q_OBJECTIVES,
    Q_OCCUPIED_BLUE_ROOMS,
    Q_OCCUPIED_RED_ROOMS,
    Q_OCCUPIED_ROOMS,
    Q_OCCUPIED_YELLOW_ROOMS,
    Q_ROOM_TILES,
    Q_STAFF_IN_HAND,
    Q_VACANT_ROOMS,
    QROW,
    QROW_MASK,
    QROW_WHAT,
    QROW_WHICH,
    STAFF_KINDS,
    WHOSE,
    ScoringTables,
    at,
)

GAME_END = STAFF_KINDS["game_end"]  # the staff_kind table's code of a game-end card
WHOSE_N = len(WHOSE)  # of_others has a branch for each code of tables.WHOSE, 0 to WHOSE_N - 1


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
        at(t, A_QUANTITY_ROWS, QROW * k + QROW_WHAT),
        at(t, A_QUANTITY_ROWS, QROW * k + QROW_WHICH),
        at(t, A_QUANTITY_ROWS, QROW * k + QROW_MASK),
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
    if what != 3:
        raise ValueError(
            "a filtered count the batched kernels have no branch for (compiler/backends/batched/quantities.py)"
        )
    if which & 1:  # Staff of the kinds of mask in hand (bit 1) and hired (bit 2)
        total += staff_in(t, rec, rec[r.HAND], rec[r.HAND_N], mask)
    if which & 2:
        total += staff_in(t, rec, rec[r.HIRED], rec[r.HIRED_N], mask)
    return total


@bare_kernel
def quantity(t: ScoringTables, rec: Ints, q: int) -> int:
    """The quantity q (see own_quantity; from OTHERS_FROM on, one read of other players: of_others)."""
    if q >= OTHERS_FROM:
        return of_others(t, rec, q - OTHERS_FROM)
    return own_quantity(t, rec, q)


@bare_kernel
def other_value(rec: Ints, other: int, field: int) -> int:
    """Field `field` of other player `other` in the record's tail (record.OTHER_POINTS, OTHER_READS + slot)."""
    return int(rec[len(rec) - 1 - (other + 1) * r.OTHER_STRIDE + field])


@bare_kernel
def of_others(t: ScoringTables, rec: Ints, k: int) -> int:
    """The k-th quantity read of other players (other_rows), as runtime/quantities.py's of_<whose>."""
    own, whose, slot = (
        at(t, A_OTHER_ROWS, OROW * k + OROW_OWN),
        at(t, A_OTHER_ROWS, OROW * k + OROW_WHOSE),
        at(t, A_OTHER_ROWS, OROW * k + OROW_SLOT),
    )
    if whose < 0 or whose >= WHOSE_N:
        raise ValueError("a read of other players the batched kernels have no branch for (quantities.py)")
    n = rec[len(rec) - 1]
    if whose <= 1:  # the left neighbour (the first other), the right (the last)
        return 0 if n == 0 else other_value(rec, 0 if whose == 0 else n - 1, r.OTHER_READS + slot)
    mine = own_quantity(t, rec, own)
    total = 0
    best = rec[r.POINTS]
    for other in range(n):
        value = other_value(rec, other, r.OTHER_READS + slot)
        if whose == 2:  # the leader: most points, the player included; of tied leaders, the most
            points = other_value(rec, other, r.OTHER_POINTS)
            if points > best or (points == best and value > mine):
                mine = value
            best = max(best, points)
        elif whose == 3:
            total += value
        elif (whose == 4 and value > mine) or (whose == 5 and value < mine):
            total += 1
    return int(mine) if whose == 2 else total


@bare_kernel
def most_holds(t: ScoringTables, rec: Ints, own: int, slot: int, fewest: int, strict: int) -> bool:
    """Has the player the most (fewest) of quantity `own` of all players, ties as `strict` says? Yes alone."""
    mine = own_quantity(t, rec, own)
    for other in range(rec[len(rec) - 1]):
        value = other_value(rec, other, r.OTHER_READS + slot)
        better = value < mine if fewest == 0 else value > mine
        if not (better or (strict == 0 and value == mine)):
            return False
    return True


@bare_kernel
def own_quantity(t: ScoringTables, rec: Ints, q: int) -> int:
    """The quantity ir.QUANTITIES[q] of the record's player (a branch per Q_ code of tables.py); from
    len(ir.QUANTITIES) on, a filtered count. A code it has no branch for raises, never counts something else."""
    if q >= FILTERED_FROM:
        return filtered(t, rec, q - FILTERED_FROM)
    occupied = rec[r.OCCUPIED]
    if q == Q_OCCUPIED_ROOMS:
        return bits(occupied)
    if q == Q_OCCUPIED_RED_ROOMS:  # SET_COLOURS: red, blue, yellow
        return bits(occupied & at(t, A_COLOUR_MASK, 0))
    if q == Q_OCCUPIED_BLUE_ROOMS:
        return bits(occupied & at(t, A_COLOUR_MASK, 1))
    if q == Q_OCCUPIED_YELLOW_ROOMS:
        return bits(occupied & at(t, A_COLOUR_MASK, 2))
    if q == Q_VACANT_ROOMS:
        return bits(vacant(rec))
    if q == Q_ROOM_TILES:
        return bits(rec[r.PLACED])
    if q == Q_FULL_FLOORS:
        return full_masks(t, A_FLOOR_MASK, t.data[K_FLOORS], occupied)
    if q == Q_FULL_COLUMNS:
        return full_masks(t, A_COLUMN_MASK, t.data[K_COLUMNS], occupied)
    if q == Q_FULL_GROUPS:
        return full_masks(t, A_GROUP_MASK, t.data[K_GROUPS_N], occupied)
    if q == Q_COLOUR_SETS:
        return colour_sets(t, occupied)
    if q == Q_HIRED_STAFF:
        return int(rec[r.HIRED_N])
    if q == Q_HIRED_GAME_END_STAFF:
        return kind_count(t, rec, GAME_END)
    if q == Q_STAFF_IN_HAND:
        return int(rec[r.HAND_N])
    if q == Q_KRONES:
        return int(rec[r.KRONES])
    if q == Q_KITCHEN_ITEMS:
        return items_held(rec, rec[r.KITCHEN], rec[r.ITEMS])
    if q == Q_CAFE_GUESTS:
        return int(rec[r.GUESTS])
    if q == Q_CAFE_ITEMS:
        return items_held(rec, rec[r.CAFE], rec[r.GUESTS] * rec[r.ITEMS])
    if q == Q_OBJECTIVES:
        return int(rec[r.OBJECTIVES])
    if q == Q_EMPEROR_POSITION:
        return int(rec[r.EMPEROR])
    raise ValueError("a quantity code the batched kernels have no branch for (compiler/backends/batched/quantities.py)")


@bare_kernel
def gather_others(t: ScoringTables, s: GameArrays, g: int, seat: int, rec: Ints, scratch: Ints) -> None:
    """Write into the record's tail (see record.py) what its player, `seat` of game g, reads of the other
    players as they stand: each one's points and count of each read quantity (read_codes), the left neighbour
    first. Nothing for a ruleset that reads no other player. `scratch`: room for a record (overwritten)."""
    reads = t.data[K_READS_N]
    if reads == 0:
        return
    players = s.points.shape[1]
    other_rec = scratch[: len(rec)]
    init_record(s, other_rec)
    for k in range(players - 1):
        other = (seat + 1 + k) % players
        load_record(s, g, other, other_rec)
        base = len(rec) - 1 - (k + 1) * r.OTHER_STRIDE
        rec[base + r.OTHER_POINTS] = s.points[g, other]
        for slot in range(reads):
            rec[base + r.OTHER_READS + slot] = own_quantity(t, other_rec, at(t, A_READ_CODES, slot))
    rec[len(rec) - 1] = players - 1
