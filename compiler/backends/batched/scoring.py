"""The scoring kernels the lab calls: Emperor scorings with the default policy's decisions, one player's
part of one, Emperor steps, the projected total, final totals and standings (as the generated module's
emperor_scoring, emperor_scoring_of, advance_emperor, projected_total, final_totals, final_standings)."""

from __future__ import annotations

import numpy as np

from compiler.backends.batched.final import gather_rivals, project, rank, rivals_of, rivals_size, tiebreak
from compiler.backends.batched.jit import kernel
from compiler.backends.batched.policy import SCRATCH_EXTRA, take_turn
from compiler.backends.batched.record import init_record, load_record, new_record, record_size, store_record
from compiler.backends.batched.state import GameArrays, Ints
from compiler.backends.batched.tables import (
    A_OUTCOME,
    A_SCORING_BACK,
    A_SCORING_TIER,
    A_TRACK_POINTS,
    K_BEYOND_POINTS,
    K_POINTS_FLOOR,
    K_ROUNDS,
    K_TRACK_LAST,
    ScoringTables,
    at,
)


@kernel
def emperor_scoring_of(t: ScoringTables, s: GameArrays, g: int, seat: int) -> None:
    """One player's part of the Emperor scoring of the round s.round_[g] (nothing if it has none): the points
    under the marker, the move-back, and the bonus or penalty of the space reached."""
    round_ = s.round_[g]
    if round_ < 0 or round_ > t.data[K_ROUNDS] or at(t, A_SCORING_TIER, round_) < 0:
        return
    tile = s.tiles[g, at(t, A_SCORING_TIER, round_)]
    if tile < 0:
        return
    points = at(t, A_TRACK_POINTS, s.emperor[g, seat])
    s.points[g, seat] += max(points, min(0, t.data[K_POINTS_FLOOR] - s.points[g, seat]))
    s.emperor[g, seat] = max(0, s.emperor[g, seat] - at(t, A_SCORING_BACK, round_))
    outcome = at(t, A_OUTCOME, s.emperor[g, seat])
    if outcome == 0:
        return
    size = record_size(s)
    # One buffer: the record, the turn's scratch (two records and a search), the rivals.
    buffer = np.empty(3 * size + SCRATCH_EXTRA + rivals_size(s), np.int64)
    rec = buffer[:size]
    init_record(s, rec)
    load_record(s, g, seat, rec)
    rivals = buffer[3 * size + SCRATCH_EXTRA :]
    gather_rivals(t, s, g, seat, rivals)
    take_turn(t, rec, buffer[size : 3 * size + SCRATCH_EXTRA], rivals, tile, outcome)
    store_record(rec, s, g, seat)


@kernel
def emperor_scoring(t: ScoringTables, s: GameArrays, g: int) -> None:
    """The Emperor scoring of the round s.round_[g], every player in turn order."""
    for seat in range(s.points.shape[1]):
        emperor_scoring_of(t, s, g, seat)


@kernel
def advance_emperor(t: ScoringTables, s: GameArrays, g: int, seat: int, steps: int) -> None:
    """Move forward, never past the last space; each step beyond it is worth points at once."""
    moved = min(steps, max(0, t.data[K_TRACK_LAST] - s.emperor[g, seat]))
    s.emperor[g, seat] += moved
    s.points[g, seat] += (steps - moved) * t.data[K_BEYOND_POINTS]


@kernel
def projected_total(t: ScoringTables, s: GameArrays, g: int, seat: int) -> int:
    """Points now plus final scoring as if the game ended now."""
    rec = new_record(s)
    load_record(s, g, seat, rec)
    return project(t, rec, rivals_of(t, s, g, seat))


@kernel
def final_totals(t: ScoringTables, s: GameArrays, g: int, out: Ints) -> None:
    """Each player's final total (the points floor holds), in turn order."""
    rec = new_record(s)
    for seat in range(s.points.shape[1]):
        load_record(s, g, seat, rec)
        out[seat] = max(t.data[K_POINTS_FLOOR], project(t, rec, rivals_of(t, s, g, seat)))


@kernel
def standings(t: ScoringTables, s: GameArrays, g: int, totals: Ints, ranks: Ints) -> None:
    """Each seat's rank from its final total, then the first tie-breaker (1: the winner; ties share)."""
    rec = new_record(s)
    breaks = totals.copy()
    for seat in range(s.points.shape[1]):
        load_record(s, g, seat, rec)
        breaks[seat] = tiebreak(t, rec)
    rank(totals, breaks, ranks)
