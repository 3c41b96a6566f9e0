"""The default policy of a turn (one player's bonus or penalty) with no recorded choices and nothing
explained: of every sequence of the turn's open decisions, each over its tried options in order, the
lexicographically first with the highest projected total (runtime/chooser.py: take_turn, explore, best_option).

An odometer over the decisions replays the turn from its start on a record for each sequence. An order-only
decision (which card goes under the deck first) tries its other options only if, after its first option,
some run of the turn looked at which cards are where: else every order is worth the same (core.best_option).
"""

from __future__ import annotations

from . import record as r
from .cards import holds
from .effects import (
    ASKED,
    KNOWN,
    OPTIONS,
    ORDER_ONLY,
    READS_AT,
    READS_BELOW,
    SCRIPT,
    SEARCH,
    STACK,
    TOP,
    decide,
    feasible,
    run_program,
)
from .final import project
from .jit import bare_kernel
from .record import copy_record
from .state import Ints
from .tables import (
    A_BOOSTER_PROG,
    A_BOOSTERS,
    A_TILE_BONUS,
    A_TILE_OTHERWISE,
    A_TILE_PENALTY,
    A_TILE_PREFER,
    A_WAIVER_COST,
    A_WAIVERS,
    K_BOOSTERS_N,
    K_WAIVERS_N,
    ScoringTables,
    at,
)

BONUS, PENALTY = 1, 2
SCRATCH_EXTRA = SEARCH  # beyond two records


@bare_kernel
def bonus_turn(t: ScoringTables, rec: Ints, sr: Ints, tile: int) -> None:
    """A tile's bonus, then every Staff hired before it that adds to Emperor bonuses."""
    had = 0  # a bit per booster (tables.py refuses more than MAX_BOOSTERS)
    for b in range(t.data[K_BOOSTERS_N]):
        if holds(rec, r.HIRED, r.HIRED_N, at(t, A_BOOSTERS, b)):
            had |= 1 << b
    run_program(t, rec, sr, at(t, A_TILE_BONUS, tile))
    for b in range(t.data[K_BOOSTERS_N]):
        if had >> b & 1:
            run_program(t, rec, sr, at(t, A_BOOSTER_PROG, b))


@bare_kernel
def penalty_turn(t: ScoringTables, rec: Ints, sr: Ints, tile: int) -> None:
    """A tile's penalty, unless a hired Staff lets the player pay to ignore it (paying: the first option)."""
    for w in range(t.data[K_WAIVERS_N]):
        if holds(rec, r.HIRED, r.HIRED_N, at(t, A_WAIVERS, w)):
            can_pay = rec[r.KRONES] >= at(t, A_WAIVER_COST, w)
            if decide(sr, rec, 2 if can_pay else 1, 0) == 0 and can_pay:
                rec[r.KRONES] -= at(t, A_WAIVER_COST, w)
                return
    if at(t, A_TILE_PREFER, tile) < 0:
        run_program(t, rec, sr, at(t, A_TILE_PENALTY, tile))
    elif feasible(t, rec, at(t, A_TILE_PREFER, tile)):
        run_program(t, rec, sr, at(t, A_TILE_PREFER, tile))
    else:
        run_program(t, rec, sr, at(t, A_TILE_OTHERWISE, tile))


@bare_kernel
def next_sequence(sr: Ints, reads: int) -> int:
    """Move the odometer to the next sequence to try; the depth changed, or -1 when every one was tried."""
    known = sr[KNOWN]
    for k in range(known):
        sr[READS_BELOW + k] = max(sr[READS_BELOW + k], reads)
    k = known - 1
    while k >= 0:
        alike = sr[ORDER_ONLY + k] != 0 and sr[SCRIPT + k] == 0 and sr[READS_BELOW + k] == sr[READS_AT + k]
        if not alike and sr[SCRIPT + k] + 1 < sr[OPTIONS + k]:
            break
        k -= 1
    if k >= 0:
        sr[SCRIPT + k] += 1
        sr[READS_BELOW + k] = sr[READS_AT + k]
        sr[KNOWN] = k + 1
    return int(k)


@bare_kernel
def take_turn(t: ScoringTables, rec: Ints, scratch: Ints, rivals: Ints, tile: int, outcome: int) -> None:
    """Play the turn on the record with the policy's decisions (the record ends as the best run left it).
    `scratch`: room for two records and a search (SCRATCH_EXTRA more than two records)."""
    size = len(rec)
    start = scratch[:size]
    best = scratch[size : 2 * size]
    sr = scratch[2 * size :]
    copy_record(start, rec)
    sr[KNOWN] = 0
    best_total = 0
    tried = 0
    last_best = True  # the last run is the best: the record holds it
    while True:
        if tried > 0:
            copy_record(rec, start)
        sr[ASKED] = 0
        sr[TOP] = STACK
        if outcome == BONUS:
            bonus_turn(t, rec, sr, tile)
        else:
            penalty_turn(t, rec, sr, tile)
        if tried == 0 and sr[KNOWN] == 0:
            return  # no open decision: nothing to compare
        total = project(t, rec, rivals)
        last_best = tried == 0 or total > best_total
        if last_best:
            best_total = total
            copy_record(best, rec)
        tried += 1
        if next_sequence(sr, rec[r.READS]) < 0:
            break
    if not last_best:
        copy_record(rec, best)
