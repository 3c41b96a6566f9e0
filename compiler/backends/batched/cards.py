"""Lists of Staff cards inside a record (hand, hired, deck, discard) and the kitchen's keys."""

from __future__ import annotations

from . import record as r
from .jit import bare_kernel
from .state import Ints
from .tables import A_STAFF_COST, A_STAFF_KIND, ALL, ScoringTables, at


@bare_kernel
def append(rec: Ints, pile: int, size: int, card: int) -> None:
    """Put `card` at the end of the list at offset rec[pile] whose length is rec[size]."""
    rec[rec[pile] + rec[size]] = card
    rec[size] += 1


@bare_kernel
def remove_at(rec: Ints, pile: int, size: int, index: int) -> int:
    """Take the card at `index` out of the list (the others keep their order); the card."""
    first = rec[pile]
    card = rec[first + index]
    for k in range(index, rec[size] - 1):
        rec[first + k] = rec[first + k + 1]
    rec[size] -= 1
    return int(card)


@bare_kernel
def remove_card(rec: Ints, pile: int, size: int, card: int) -> None:
    """Take the first `card` out of the list (list.remove)."""
    first = rec[pile]
    for k in range(rec[size]):
        if rec[first + k] == card:
            remove_at(rec, pile, size, k)
            return


@bare_kernel
def holds(rec: Ints, pile: int, size: int, card: int) -> bool:
    """Whether the list holds `card`."""
    first = rec[pile]
    for k in range(rec[size]):  # noqa: SIM110 (numba compiles no generator expressions)
        if rec[first + k] == card:
            return True
    return False


@bare_kernel
def play_cost(t: ScoringTables, card: int, discount: int) -> int:
    """Printed cost less the discount, never below 0; ALL: free."""
    if discount == ALL:
        return 0
    return int(max(0, at(t, A_STAFF_COST, card) - discount))


@bare_kernel
def of_kind(t: ScoringTables, card: int, kind: int) -> bool:
    """Whether a card is of a StaffFilter kind (ALL: any)."""
    return kind == ALL or at(t, A_STAFF_KIND, card) == kind


@bare_kernel
def count_of_kind(t: ScoringTables, rec: Ints, pile: int, size: int, kind: int) -> int:
    """How many cards of the list are of `kind`."""
    count = 0
    for k in range(rec[size]):
        if of_kind(t, rec[rec[pile] + k], kind):
            count += 1
    return count


@bare_kernel
def hire(t: ScoringTables, rec: Ints, card: int, cost: int) -> None:
    """Pay and hire a card (its once-effect is the caller's to run)."""
    rec[r.KRONES] -= cost
    append(rec, r.HIRED, r.HIRED_N, card)


@bare_kernel
def add_item(rec: Ints, item: int, count: int) -> None:
    """`count` more of an item in the kitchen; a new key goes last in the kitchen's order."""
    order = rec[r.ORDER]
    for k in range(rec[r.KEYS]):
        if rec[order + k] == item:
            rec[rec[r.KITCHEN] + item] += count
            return
    rec[order + rec[r.KEYS]] = item
    rec[r.KEYS] += 1
    rec[rec[r.KITCHEN] + item] += count
