"""One player's part of a game as one flat int64 array (a record): what a turn of an Emperor scoring reads
and writes, with the Staff deck and discard pile, so that the search copies a turn's start in one go.

The header holds the counts and the offsets of the variable parts (the record describes itself):
the kitchen [item], the kitchen's key order, the café [guest * items + item], hand, hired, deck, discard, the declared resources but the objectives.
"""

from __future__ import annotations

import numpy as np

from .jit import bare_kernel, kernel
from .layout import Layout
from .state import GameArrays, Ints

# The header, field by field (layout.py): the player's counts, then the offsets of the variable parts.
_HEADER = Layout("record header")
POINTS = _HEADER.field("points")
KRONES = _HEADER.field("krones")
EMPEROR = _HEADER.field("emperor", "the Emperor track's space")
OBJECTIVES = _HEADER.field("objectives", "declared resource 0")
KEYS = _HEADER.field("keys", "how many item kinds the kitchen's key order holds")
GUESTS = _HEADER.field("guests", "guests seated in the café")
PLACED = _HEADER.field("placed", "the hotel's rooms placed, a bit a cell")
OCCUPIED = _HEADER.field("occupied", "the rooms occupied, a bit a cell")
HAND_N = _HEADER.field("hand_n", "cards in hand")
HIRED_N = _HEADER.field("hired_n", "Staff hired")
DECK_N = _HEADER.field("deck_n", "cards in the deck")
DISCARD_N = _HEADER.field("discard_n", "cards in the discard pile")
READS = _HEADER.field("reads", "how often the turn looked at which cards are where (core.explore's card_reads)")
KITCHEN = _HEADER.field("kitchen", "where the kitchen starts: [item] held")
ORDER = _HEADER.field("order", "where the kitchen's key order starts: [key] item")
CAFE = _HEADER.field("cafe", "where the café starts: [guest * items + item]")
HAND = _HEADER.field("hand", "where the hand starts")
HIRED = _HEADER.field("hired", "where the hired Staff start")
DECK = _HEADER.field("deck", "where the deck starts (its top first)")
DISCARD = _HEADER.field("discard", "where the discard pile starts")
ITEMS = _HEADER.field("items", "how many item kinds the ruleset has")
RESOURCES = _HEADER.field("resources", "where the declared resources but the objectives start")
RES_N = _HEADER.field("res_n", "how many of them")
HEADER = _HEADER.size
# The record's tail: what the player reads of the other players (a quantity with `of`, most / fewest), gathered
# before a turn (quantities.gather_others): its last value is how many others n; before it, for other k (0: the
# left neighbour, then in turn order), OTHER_STRIDE values from its end - 1 - (k + 1) * OTHER_STRIDE, laid out
# as _OTHER says.
READS_MAX = 8
_OTHER = Layout("another player, in a record's tail")
OTHER_POINTS = _OTHER.field("points", "that player's points")
OTHER_READS = _OTHER.field("reads", "its count of each of the ruleset's read quantities, by read slot", READS_MAX)
OTHER_STRIDE = _OTHER.size


@bare_kernel
def record_size(s: GameArrays) -> int:
    """The length of a record for the batch's items, café seats and cards."""
    items = s.kitchen.shape[2]
    cards = 2 * s.hand.shape[2] + 2 * s.deck.shape[1]
    others = 1 + s.points.shape[1] * OTHER_STRIDE
    return int(HEADER + 2 * items + s.cafe.shape[2] * items + cards + s.resources.shape[2] + others)


@bare_kernel
def init_record(s: GameArrays, rec: Ints) -> None:
    """Write the header's offsets (the record's parts) for the batch's shapes."""
    items = s.kitchen.shape[2]
    rec[KITCHEN] = HEADER
    rec[ORDER] = HEADER + items
    rec[CAFE] = HEADER + 2 * items
    rec[HAND] = rec[CAFE] + s.cafe.shape[2] * items
    rec[HIRED] = rec[HAND] + s.hand.shape[2]
    rec[DECK] = rec[HIRED] + s.hand.shape[2]
    rec[DISCARD] = rec[DECK] + s.deck.shape[1]
    rec[ITEMS] = items
    rec[RESOURCES] = rec[DISCARD] + s.deck.shape[1]
    rec[RES_N] = s.resources.shape[2]
    rec[len(rec) - 1] = 0  # no other player read (see gather_others)


@bare_kernel
def resource_slot(rec: Ints, resource: int) -> int:
    """Where declared resource `resource` is in the record: 0 the objectives, k the k-th other one."""
    return OBJECTIVES if resource == 0 else int(rec[RESOURCES] + resource - 1)


@bare_kernel
def copy_values(target: Ints, source: Ints, n: int) -> None:
    """target[:n] = source[:n], element by element (a slice assignment may allocate a copy of the source)."""
    for k in range(n):
        target[k] = source[k]


@bare_kernel
def copy_record(target: Ints, source: Ints) -> None:
    """Copy a record over one of the same shapes, whole: one straight loop (LLVM vectorizes it) is quicker than
    copying each list up to its length."""
    copy_values(target, source, len(source))


@bare_kernel
def same_values(a: Ints, b: Ints, n: int) -> bool:
    """Whether a[:n] and b[:n] are equal."""
    for k in range(n):  # noqa: SIM110 (numba compiles no generator expressions)
        if a[k] != b[k]:
            return False
    return True


@kernel
def new_record(s: GameArrays) -> Ints:
    """A record shaped for the batch (its contents undefined until load_record)."""
    rec = np.empty(record_size(s), np.int64)
    init_record(s, rec)
    return rec


@bare_kernel
def load_record(s: GameArrays, g: int, seat: int, rec: Ints) -> None:
    """Copy player `seat` of game `g`, and the game's deck and discard pile, into the record (the lists up
    to their lengths: a record never reads past them)."""
    items = rec[ITEMS]
    rec[POINTS] = s.points[g, seat]
    rec[KRONES] = s.krones[g, seat]
    rec[EMPEROR] = s.emperor[g, seat]
    rec[OBJECTIVES] = s.objectives[g, seat]
    rec[KEYS] = s.kitchen_keys[g, seat]
    rec[GUESTS] = s.guests[g, seat]
    rec[PLACED] = s.placed[g, seat]
    rec[OCCUPIED] = s.occupied[g, seat]
    rec[HAND_N] = s.hand_size[g, seat]
    rec[HIRED_N] = s.hired_count[g, seat]
    rec[DECK_N] = s.deck_size[g]
    rec[DISCARD_N] = s.discard_size[g]
    rec[READS] = 0
    for i in range(items):
        rec[rec[KITCHEN] + i] = s.kitchen[g, seat, i]
        rec[rec[ORDER] + i] = s.kitchen_order[g, seat, i]
    for guest in range(rec[GUESTS]):
        for i in range(items):
            rec[rec[CAFE] + guest * items + i] = s.cafe[g, seat, guest, i]
    for k in range(rec[HAND_N]):
        rec[rec[HAND] + k] = s.hand[g, seat, k]
    for k in range(rec[HIRED_N]):
        rec[rec[HIRED] + k] = s.hired[g, seat, k]
    for k in range(rec[DECK_N]):
        rec[rec[DECK] + k] = s.deck[g, k]
    for k in range(rec[DISCARD_N]):
        rec[rec[DISCARD] + k] = s.discard[g, k]
    for k in range(rec[RES_N]):
        rec[rec[RESOURCES] + k] = s.resources[g, seat, k]


@bare_kernel
def store_record(rec: Ints, s: GameArrays, g: int, seat: int) -> None:
    """Copy the record back over player `seat` of game `g` and the game's deck and discard pile."""
    items = rec[ITEMS]
    s.points[g, seat] = rec[POINTS]
    s.krones[g, seat] = rec[KRONES]
    s.emperor[g, seat] = rec[EMPEROR]
    s.objectives[g, seat] = rec[OBJECTIVES]
    s.kitchen_keys[g, seat] = rec[KEYS]
    s.guests[g, seat] = rec[GUESTS]
    s.placed[g, seat] = rec[PLACED]
    s.occupied[g, seat] = rec[OCCUPIED]
    s.hand_size[g, seat] = rec[HAND_N]
    s.hired_count[g, seat] = rec[HIRED_N]
    s.deck_size[g] = rec[DECK_N]
    s.discard_size[g] = rec[DISCARD_N]
    for i in range(items):
        s.kitchen[g, seat, i] = rec[rec[KITCHEN] + i]
        s.kitchen_order[g, seat, i] = rec[rec[ORDER] + i]
    for guest in range(rec[GUESTS]):
        for i in range(items):
            s.cafe[g, seat, guest, i] = rec[rec[CAFE] + guest * items + i]
    for k in range(rec[HAND_N]):
        s.hand[g, seat, k] = rec[rec[HAND] + k]
    for k in range(rec[HIRED_N]):
        s.hired[g, seat, k] = rec[rec[HIRED] + k]
    for k in range(rec[DECK_N]):
        s.deck[g, k] = rec[rec[DECK] + k]
    for k in range(rec[DISCARD_N]):
        s.discard[g, k] = rec[rec[DISCARD] + k]
    for k in range(rec[RES_N]):
        s.resources[g, seat, k] = rec[rec[RESOURCES] + k]


@bare_kernel
def same_record(a: Ints, b: Ints, first: int = 0) -> bool:
    """Whether two records of the same shapes hold the same player, deck, discard pile and others read (lists compared
    up to their lengths: what lies past them is never read); the header from field `first` (POINTS + 1: all
    but the points)."""
    for k in range(first, HEADER):
        if a[k] != b[k]:
            return False
    items = a[ITEMS]
    spans = (
        (a[KITCHEN], 2 * items),
        (a[CAFE], a[GUESTS] * items),
        (a[HAND], a[HAND_N]),
        (a[HIRED], a[HIRED_N]),
        (a[DECK], a[DECK_N]),
        (a[DISCARD], a[DISCARD_N]),
        (a[RESOURCES], a[RES_N]),
        (len(a) - 1 - a[len(a) - 1] * OTHER_STRIDE, 1 + a[len(a) - 1] * OTHER_STRIDE),  # the others read
    )
    for first, n in spans:
        for k in range(first, first + n):
            if a[k] != b[k]:
                return False
    return True
