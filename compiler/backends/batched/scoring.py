"""The scoring kernels the lab calls: Emperor scorings with the default policy's decisions, one player's
part of one, Emperor steps, the projected total, final totals and standings (as the generated module's
emperor_scoring, emperor_scoring_of, advance_emperor, projected_total, final_totals, final_standings).

Each public kernel makes its own room; the lab's hot path calls the `_in` variants with room it made once
(a Room: see new_room)."""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from .final import gather_rivals, project, rank_into, rivals_of, rivals_size, tiebreak
from .jit import bare_kernel, kernel
from .policy import SCRATCH_EXTRA, take_turn
from .quantities import gather_others
from .record import (
    OTHER_STRIDE,
    copy_values,
    init_record,
    load_record,
    new_record,
    record_size,
    store_record,
)
from .state import GameArrays, Ints
from .tables import (
    A_OUTCOME,
    A_SCORING_BACK,
    A_SCORING_TIER,
    A_TRACK_POINTS,
    K_BEYOND_POINTS,
    K_POINTS_FLOOR,
    K_READ_BEFORE,
    K_READS_N,
    K_ROUNDS,
    K_TRACK_LAST,
    ScoringTables,
    at,
)


class Room(NamedTuple):
    """The scorings' room for one game at a time: a record (its header written for the batch's shapes), a
    turn's scratch (two records and a search), the rivals, and a value per seat twice (then, for a ruleset that
    reads other players as they stood before the scoring, whether they are kept and each seat's view of them:
    keep_others)."""

    rec: Ints
    turn: Ints
    rivals: Ints
    seats: Ints


@kernel
def new_room(s: GameArrays) -> Room:
    """Room for the scorings of batches shaped as `s`."""
    size = record_size(s)
    rec = np.empty(size, np.int64)
    init_record(s, rec)
    return Room(
        rec,
        np.empty(2 * size + SCRATCH_EXTRA, np.int64),
        np.empty(rivals_size(s), np.int64),
        np.zeros(2 * s.points.shape[1] + 1 + s.points.shape[1] * others_size(s), np.int64),
    )


@bare_kernel
def others_size(s: GameArrays) -> int:
    """The size of a record's tail: what its player reads of the other players (record.py)."""
    return int(1 + s.points.shape[1] * OTHER_STRIDE)


@bare_kernel
def keep_others(t: ScoringTables, s: GameArrays, g: int, room: Room, keep: bool) -> None:
    """Before an Emperor scoring of a ruleset that reads other players as they stood before it (`keep`): each
    seat's view of the others (gather_others), kept in room.seats for its turn (others_for_turn); after the
    scoring (not `keep`), or for another ruleset: none kept."""
    players = s.points.shape[1]
    kept = 2 * players  # 1 while views are kept, then each seat's
    room.seats[kept] = 0
    if not keep or t.data[K_READ_BEFORE] == 0 or t.data[K_READS_N] == 0:
        return
    size = others_size(s)
    for seat in range(players):
        gather_others(t, s, g, seat, room.rec, room.turn)
        copy_values(room.seats[kept + 1 + seat * size :], room.rec[len(room.rec) - size :], size)
    room.seats[kept] = 1


@bare_kernel
def others_for_turn(t: ScoringTables, s: GameArrays, g: int, seat: int, room: Room) -> None:
    """The seat's view of the other players into room.rec's tail: kept before the scoring, else as they stand."""
    kept = 2 * s.points.shape[1]
    if room.seats[kept] == 0:
        gather_others(t, s, g, seat, room.rec, room.turn)
        return
    size = others_size(s)
    copy_values(room.rec[len(room.rec) - size :], room.seats[kept + 1 + seat * size :], size)


@bare_kernel
def marker_scoring(t: ScoringTables, s: GameArrays, g: int, seat: int) -> tuple[int, int]:
    """The first part of a player's Emperor scoring of the round s.round_[g]: the points under the marker and
    the move-back; the tile and the outcome of the space reached (outcome 0: no turn follows)."""
    round_ = s.round_[g]
    if round_ < 0 or round_ > t.data[K_ROUNDS] or at(t, A_SCORING_TIER, round_) < 0:
        return -1, 0
    tile = s.tiles[g, at(t, A_SCORING_TIER, round_)]
    if tile < 0:
        return -1, 0
    points = at(t, A_TRACK_POINTS, s.emperor[g, seat])
    s.points[g, seat] += max(points, min(0, t.data[K_POINTS_FLOOR] - s.points[g, seat]))
    s.emperor[g, seat] = max(0, s.emperor[g, seat] - at(t, A_SCORING_BACK, round_))
    return int(tile), at(t, A_OUTCOME, s.emperor[g, seat])


@bare_kernel
def emperor_scoring_in(t: ScoringTables, s: GameArrays, g: int, seat: int, room: Room) -> None:
    """emperor_scoring_of in `room`."""
    tile, outcome = marker_scoring(t, s, g, seat)
    if outcome == 0:
        return
    load_record(s, g, seat, room.rec)
    gather_rivals(t, s, g, seat, room.rivals)
    others_for_turn(t, s, g, seat, room)
    take_turn(t, room.rec, room.turn, room.rivals, tile, outcome)
    store_record(room.rec, s, g, seat)


@kernel
def emperor_scoring_of(t: ScoringTables, s: GameArrays, g: int, seat: int) -> None:
    """One player's part of the Emperor scoring of the round s.round_[g] (nothing if it has none): the points
    under the marker, the move-back, and the bonus or penalty of the space reached."""
    emperor_scoring_in(t, s, g, seat, new_room(s))


@bare_kernel
def emperor_scoring_all(t: ScoringTables, s: GameArrays, g: int, room: Room) -> None:
    """emperor_scoring in `room`."""
    keep_others(t, s, g, room, True)
    for seat in range(s.points.shape[1]):
        emperor_scoring_in(t, s, g, seat, room)
    keep_others(t, s, g, room, False)


@kernel
def emperor_scoring(t: ScoringTables, s: GameArrays, g: int) -> None:
    """The Emperor scoring of the round s.round_[g], every player in turn order."""
    emperor_scoring_all(t, s, g, new_room(s))


@bare_kernel
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
    gather_others(t, s, g, seat, rec, np.empty(len(rec), np.int64))
    return project(t, rec, rivals_of(t, s, g, seat))


@bare_kernel
def final_totals_in(t: ScoringTables, s: GameArrays, g: int, out: Ints, room: Room) -> None:
    """final_totals in `room`."""
    for seat in range(s.points.shape[1]):
        load_record(s, g, seat, room.rec)
        gather_rivals(t, s, g, seat, room.rivals)
        gather_others(t, s, g, seat, room.rec, room.turn)
        out[seat] = max(t.data[K_POINTS_FLOOR], project(t, room.rec, room.rivals))


@kernel
def final_totals(t: ScoringTables, s: GameArrays, g: int, out: Ints) -> None:
    """Each player's final total (the points floor holds), in turn order."""
    final_totals_in(t, s, g, out, new_room(s))


@bare_kernel
def standings_in(t: ScoringTables, s: GameArrays, g: int, totals: Ints, ranks: Ints, room: Room) -> None:
    """standings in `room`."""
    players = s.points.shape[1]
    breaks = room.seats[:players]
    for seat in range(players):
        load_record(s, g, seat, room.rec)
        breaks[seat] = tiebreak(t, room.rec)
    rank_into(totals, breaks, ranks, room.seats[players : 2 * players])


@bare_kernel
def final_standings_in(t: ScoringTables, s: GameArrays, g: int, totals: Ints, ranks: Ints, room: Room) -> None:
    """final_totals_in, then standings_in, each seat's record loaded once."""
    players = s.points.shape[1]
    breaks = room.seats[:players]
    for seat in range(players):
        load_record(s, g, seat, room.rec)
        gather_rivals(t, s, g, seat, room.rivals)
        gather_others(t, s, g, seat, room.rec, room.turn)
        totals[seat] = max(t.data[K_POINTS_FLOOR], project(t, room.rec, room.rivals))
        breaks[seat] = tiebreak(t, room.rec)
    rank_into(totals, breaks, ranks, room.seats[players : 2 * players])


@kernel
def standings(t: ScoringTables, s: GameArrays, g: int, totals: Ints, ranks: Ints) -> None:
    """Each seat's rank from its final total, then the first tie-breaker (1: the winner; ties share)."""
    standings_in(t, s, g, totals, ranks, new_room(s))
