"""Records as the turn's search and the planners' trials copy and compare them: only the header and the lists
up to their lengths count (what lies past a list's length is never read), and the hot kernels run without
numba's reference counting (bare_kernel)."""

from __future__ import annotations

import numpy as np
import pytest

from compiler.backends.batched import effects, final, policy, record
from compiler.backends.batched.record import copy_record, load_record, new_record, same_record
from compiler.backends.batched.state import Dims, GameArrays, Ints, new_state
from compiler.lab.engine import batched_scorer


def one_player() -> GameArrays:
    """One game, one player: 2 item kinds, 2 café seats, up to 5 cards; 2 cards in hand, 1 hired, 3 in the
    deck, 1 discarded, one guest."""
    s = new_state(Dims(games=1, players=1, items=2, seats=2, cards=5, tiers=1))
    s.points[0, 0], s.krones[0, 0], s.emperor[0, 0] = 12, 7, 3
    s.kitchen[0, 0] = [1, 2]
    s.kitchen_order[0, 0] = [1, 0]
    s.kitchen_keys[0, 0] = 2
    s.guests[0, 0] = 1
    s.cafe[0, 0, 0] = [0, 1]
    s.hand[0, 0, :2] = [4, 2]
    s.hand_size[0, 0] = 2
    s.hired[0, 0, :1] = [9]
    s.hired_count[0, 0] = 1
    s.deck[0, :3] = [5, 6, 7]
    s.deck_size[0] = 3
    s.discard[0, :1] = [8]
    s.discard_size[0] = 1
    return s


def loaded() -> Ints:
    s = one_player()
    rec = new_record(s)
    load_record(s, 0, 0, rec)
    return rec


def test_a_copied_record_is_the_same_and_only_its_lists_lengths_are_copied() -> None:
    rec = loaded()
    target = np.full(len(rec), -7, np.int64)
    copy_record(target, rec)
    assert same_record(target, rec)
    assert list(target[target[record.HAND] : target[record.HAND] + 3]) == [4, 2, -7]
    assert list(target[target[record.DECK] : target[record.DECK] + 4]) == [5, 6, 7, -7]
    assert list(target[target[record.CAFE] : target[record.CAFE] + 4]) == [0, 1, -7, -7]  # one guest of two seats


@pytest.mark.parametrize(
    ("where", "offset", "same"),
    [
        (record.DECK, 2, False),  # the deck's last card
        (record.DECK, 3, True),  # past the deck's length
        (record.HIRED, 0, False),
        (record.HIRED, 1, True),
        (record.CAFE, 1, False),  # the guest's second item
        (record.CAFE, 2, True),  # the empty seat
        (record.KITCHEN, 3, False),  # the kitchen's order
        (record.DISCARD, 0, False),
    ],
)
def test_records_differ_only_where_a_list_holds_a_value(where: int, offset: int, same: bool) -> None:
    rec = loaded()
    other = rec.copy()
    other[other[where] + offset] += 1
    assert same_record(other, rec) is same


@pytest.mark.parametrize("field", [record.POINTS, record.DECK_N, record.READS])
def test_a_header_field_makes_records_differ(field: int) -> None:
    rec = loaded()
    other = rec.copy()
    other[field] += 1
    assert not same_record(other, rec)


HOT = (
    effects.run_program,
    effects.decide,
    policy.take_turn,
    final.project,
    record.copy_record,
    record.load_record,
    batched_scorer._try_steps,
    batched_scorer._decide,
    batched_scorer._scorings,
)


@pytest.mark.parametrize("kernel", HOT, ids=lambda k: getattr(k, "__name__", str(k)))
def test_the_hot_kernels_count_no_references(kernel: object) -> None:
    options = getattr(kernel, "targetoptions", None)
    if options is None:
        pytest.skip("NUMBA_DISABLE_JIT: kernels are plain functions")
    assert options.get("_nrt") is False
