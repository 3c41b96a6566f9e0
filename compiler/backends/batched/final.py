"""Final scoring on records: the projected total (the policy's measure), final totals and standings."""

from __future__ import annotations

from compiler.backends.batched import record as r
from compiler.backends.batched.jit import kernel
from compiler.backends.batched.quantities import bits, quantity
from compiler.backends.batched.state import GameArrays, Ints
from compiler.backends.batched.tables import ScoringTables


@kernel
def copied_points(t: ScoringTables, rec: Ints, s: GameArrays, g: int, seat: int) -> int:
    """A copier's points: the game-end Staff an opponent has hired worth most on this player's state
    (0 when there is none), as both the projection and the policy's choice score it."""
    best = 0
    found = False
    for other in range(s.points.shape[1]):
        if other == seat:
            continue
        for k in range(s.hired_count[g, other]):
            card = s.hired[g, other, k]
            if t.end_quantity[card] >= 0:
                worth = t.end_points[card] * quantity(t, rec, t.end_quantity[card])
                if not found or worth > best:
                    best = worth
                    found = True
    return best


@kernel
def game_end_points(t: ScoringTables, rec: Ints, s: GameArrays, g: int, seat: int) -> int:
    total = 0
    for k in range(rec[r.HIRED_N]):
        card = rec[rec[r.HIRED] + k]
        if t.end_quantity[card] >= 0:
            total += t.end_points[card] * quantity(t, rec, t.end_quantity[card])
        elif t.copier[card] != 0:
            total += copied_points(t, rec, s, g, seat)
    return total


@kernel
def project(t: ScoringTables, rec: Ints, s: GameArrays, g: int, seat: int) -> int:
    """Points now plus every final-scoring source as if the game ended now (the module's projected_total);
    the opponents are read from the batch."""
    total = rec[r.POINTS]
    for source in range(len(t.final_kind)):
        kind = t.final_kind[source]
        if kind == 0:
            total += game_end_points(t, rec, s, g, seat)
        elif kind == 1:
            for floor in range(t.floors):
                total += t.final_floor_points[source, floor] * bits(rec[r.OCCUPIED] & t.floor_mask[floor])
        else:
            total += t.final_points[source] * quantity(t, rec, t.final_quantity[source])
    return int(total)


@kernel
def tiebreak(t: ScoringTables, rec: Ints) -> int:
    total = 0
    for q in t.tiebreak:
        total += quantity(t, rec, q)
    return total


@kernel
def rank(totals: Ints, tiebreaks: Ints, ranks: Ints) -> None:
    """Ranks from totals and tie-breakers (more wins): equal both, equal rank (1, 1, 3)."""
    n = len(totals)
    order = totals.copy()
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
