"""Final scoring on records: the projected total (the policy's measure), final totals and standings."""

from __future__ import annotations

import numpy as np

from . import record as r
from .jit import bare_kernel, kernel
from .quantities import bits, quantity
from .state import GameArrays, Ints
from .tables import (
    A_COPIER,
    A_END_POINTS,
    A_END_QUANTITY,
    A_FINAL_FLOOR_POINTS,
    A_FINAL_KIND,
    A_FINAL_POINTS,
    A_FINAL_QUANTITY,
    A_FINAL_TABLE,
    A_FLOOR_MASK,
    A_TIEBREAK,
    FINAL_BY_TABLE,
    K_FINAL_N,
    K_FLOORS,
    K_TIEBREAK_N,
    ScoringTables,
    at,
)


@bare_kernel
def rivals_size(s: GameArrays) -> int:
    """The room gather_rivals needs."""
    return int(1 + s.hired.shape[1] * s.hired.shape[2])


@bare_kernel
def gather_rivals(t: ScoringTables, s: GameArrays, g: int, seat: int, rivals: Ints) -> None:
    """The game-end Staff with a formula that the opponents of `seat` have hired: [how many, the cards...]."""
    n = 0
    for other in range(s.points.shape[1]):
        for k in range(s.hired_count[g, other]):
            card = s.hired[g, other, k]
            if other != seat and at(t, A_END_QUANTITY, card) >= 0:
                rivals[1 + n] = card
                n += 1
    rivals[0] = n


@kernel
def rivals_of(t: ScoringTables, s: GameArrays, g: int, seat: int) -> Ints:
    """gather_rivals into a new array."""
    rivals = np.empty(rivals_size(s), np.int64)
    gather_rivals(t, s, g, seat, rivals)
    return rivals


@bare_kernel
def copied_points(t: ScoringTables, rec: Ints, rivals: Ints) -> int:
    """A copier's points: the rivals' game-end Staff worth most on this player's state (0 when there is
    none), as both the projection and the policy's choice score it."""
    best = 0
    for k in range(1, rivals[0] + 1):
        card = rivals[k]
        worth = at(t, A_END_POINTS, card) * quantity(t, rec, at(t, A_END_QUANTITY, card))
        if k == 1 or worth > best:
            best = worth
    return best


@bare_kernel
def game_end_points(t: ScoringTables, rec: Ints, rivals: Ints) -> int:
    """The points of the player's hired game-end Staff, in the order hired."""
    total = 0
    for k in range(rec[r.HIRED_N]):
        card = rec[rec[r.HIRED] + k]
        if at(t, A_END_QUANTITY, card) >= 0:
            total += at(t, A_END_POINTS, card) * quantity(t, rec, at(t, A_END_QUANTITY, card))
        elif at(t, A_COPIER, card) != 0:
            total += copied_points(t, rec, rivals)
    return total


@bare_kernel
def project(t: ScoringTables, rec: Ints, rivals: Ints) -> int:
    """Points now plus every final-scoring source as if the game ended now (the module's projected_total);
    `rivals`: what a copier may copy (rivals_of)."""
    total = rec[r.POINTS]
    for source in range(t.data[K_FINAL_N]):
        kind = at(t, A_FINAL_KIND, source)
        if kind == 0:
            total += game_end_points(t, rec, rivals)
        elif kind == 1:
            for floor in range(t.data[K_FLOORS]):
                each = at(t, A_FINAL_FLOOR_POINTS, source * t.data[K_FLOORS] + floor)
                total += each * bits(rec[r.OCCUPIED] & at(t, A_FLOOR_MASK, floor))
        elif kind == FINAL_BY_TABLE:
            first = at(t, A_FINAL_POINTS, source)
            count = quantity(t, rec, at(t, A_FINAL_QUANTITY, source))
            total += at(t, A_FINAL_TABLE, first + 1 + min(count, at(t, A_FINAL_TABLE, first) - 1))
        else:
            total += at(t, A_FINAL_POINTS, source) * quantity(t, rec, at(t, A_FINAL_QUANTITY, source))
    return int(total)


@bare_kernel
def tiebreak(t: ScoringTables, rec: Ints) -> int:
    """The first tie-breaker's sum of quantities (more wins)."""
    total = 0
    for k in range(t.data[K_TIEBREAK_N]):
        total += quantity(t, rec, at(t, A_TIEBREAK, k))
    return total


@kernel
def rank(totals: Ints, tiebreaks: Ints, ranks: Ints) -> None:
    """Ranks from totals and tie-breakers (more wins): equal both, equal rank (1, 1, 3)."""
    rank_into(totals, tiebreaks, ranks, np.empty(len(totals), np.int64))


@bare_kernel
def rank_into(totals: Ints, tiebreaks: Ints, ranks: Ints, order: Ints) -> None:
    """rank, with `order`: room for a value per seat."""
    n = len(totals)
    for seat in range(n):
        order[seat] = seat
    for i in range(1, n):
        seat = order[i]
        j = i - 1
        while j >= 0 and (
            totals[order[j]] < totals[seat]
            or (totals[order[j]] == totals[seat] and tiebreaks[order[j]] < tiebreaks[seat])
        ):
            order[j + 1] = order[j]
            j -= 1
        order[j + 1] = seat
    for position in range(n):
        seat = order[position]
        if position > 0:
            before = order[position - 1]
            if totals[before] == totals[seat] and tiebreaks[before] == tiebreaks[seat]:
                ranks[seat] = ranks[before]
                continue
        ranks[seat] = position + 1
