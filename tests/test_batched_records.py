"""Records as the turn's search and the planners' trials copy and compare them (in a comparison only the
header and the lists up to their lengths count: what lies past a list's length is never read), and the hot
kernels run without numba's reference counting (bare_kernel)."""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np
import pytest
from gah import ir
from gah.backends.batched import effects, final, policy, record
from gah.backends.batched.convert import arrays_of
from gah.backends.batched.final import gather_rivals
from gah.backends.batched.record import copy_record, load_record, new_record, same_record
from gah.backends.batched.state import Dims, GameArrays, Ints, new_state
from gah.backends.batched.tables import ScoringTables, compile_tables, table
from gah.backends.python.load import load_scoring_module
from gah.lab.engine import batched_scorer
from gah.project import load_one
from helpers_rules import shipped_workspace


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


def test_a_copied_record_is_the_same() -> None:
    rec = loaded()
    target = np.full(len(rec), -7, np.int64)
    copy_record(target, rec)
    assert same_record(target, rec)
    assert list(target[target[record.HAND] : target[record.HAND] + 2]) == [4, 2]
    assert list(target[target[record.DECK] : target[record.DECK] + 3]) == [5, 6, 7]


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


def blind_of(ruleset: ir.Ruleset) -> dict[str, tuple[int, int]]:
    """Each tile's (bonus, penalty) entries of the tables' `blind`."""
    blind = table(compile_tables(ruleset), "blind")
    return {tile.id: (int(blind[3 * i + 1]), int(blind[3 * i + 2])) for i, tile in enumerate(ruleset.tiles)}


def compiled_base() -> tuple[ir.Ruleset, Any, ScoringTables]:
    ruleset = load_one(shipped_workspace(), "base")
    return ruleset, load_scoring_module(ruleset), compile_tables(ruleset)


def test_turns_that_never_read_points_are_blind() -> None:
    blind = blind_of(load_one(shipped_workspace(), "base"))
    assert blind["a-krones"] == (1, 0)  # gain krones; the penalty may lose 5 points
    assert blind["a-two-items"] == (1, 1)  # choose items; return items
    assert blind["a-draw-staff"] == (1, 0)  # no Staff's once-effect loses points; the penalty may


def test_a_bonus_that_may_hire_a_staff_losing_points_reads_them() -> None:
    base = load_one(shipped_workspace(), "base")
    card = base.staff[0]
    losing = dataclasses.replace(card, once=(ir.LosePoints(amount=2),))
    blind = blind_of(dataclasses.replace(base, staff=(losing, *base.staff[1:])))
    assert blind["a-draw-staff"] == (0, 0)  # it may draw and hire that card
    assert blind["a-krones"] == (1, 0)  # it hires no one


def test_a_turn_that_reads_points_is_searched_again_for_each_step_count() -> None:
    """Base, round 3 (tier A, move back 3), tile a-krones, whose penalty prefers 3 krones, else 5 points (not
    blind). Bea: space 0, 4 points, no krones. No step: 4 + 0 points under the marker, back to 0 (Black:
    penalty), she cannot pay 3 krones and loses her 4 points down to the floor, 0: projected 0. One step (3
    points): space 1, 1 + 1 = 2 points, back to 0, the same penalty takes her 2 points: projected 0 again, not
    the first trial's turn 2 points lower (-2)."""
    ruleset, mod, t = compiled_base()
    state = {
        "round": 3,
        "tiles": {"A": "a-krones", "B": "b-krones", "C": "c-points"},
        "staff_deck": [],
        "players": [{"name": "Bea", "points": 4, "krones": 0, "emperor": 0}],
    }
    s = arrays_of(ruleset, [mod.new_game(state, explain=False)])
    pl = batched_scorer.PlanningTables(1, 0, 0, 3, 3, 0, 0, 0, 0)
    w = batched_scorer.new_scratch(s, pl)
    load_record(s, 0, 0, w.base)
    gather_rivals(t, s, 0, 0, w.rivals)
    assert [batched_scorer._try_steps(t, s, 0, 0, steps, pl, w) for steps in (0, 1)] == [0, 0]
