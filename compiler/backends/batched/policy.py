"""The default policy of a turn (one player's bonus or penalty) with no recorded choices and nothing
explained: of every sequence of the turn's open decisions, each over its tried options in order, the
lexicographically first with the highest projected total (runtime/core.py: take_turn, explore, best_option).

An odometer over the decisions replays the turn from its start on a record for each sequence. An order-only
decision (which card goes under the deck first) tries its other options only if, after its first option,
some run of the turn looked at which cards are where: else every order is worth the same (core.best_option).
"""

from __future__ import annotations

import numpy as np

from compiler.backends.batched import record as r
from compiler.backends.batched.cards import holds
from compiler.backends.batched.effects import Search, decide, feasible, new_search, run_program
from compiler.backends.batched.final import project
from compiler.backends.batched.jit import kernel
from compiler.backends.batched.state import GameArrays, Ints
from compiler.backends.batched.tables import ScoringTables

BONUS, PENALTY = 1, 2


@kernel
def bonus_turn(t: ScoringTables, rec: Ints, sr: Search, tile: int) -> None:
    """A tile's bonus, then every Staff hired before it that adds to Emperor bonuses."""
    had = np.zeros(len(t.boosters), np.int64)
    for b in range(len(t.boosters)):
        if holds(rec, r.HIRED, r.HIRED_N, t.boosters[b]):
            had[b] = 1
    run_program(t, rec, sr, t.tile_bonus[tile])
    for b in range(len(t.boosters)):
        if had[b] != 0:
            run_program(t, rec, sr, t.booster_prog[b])


@kernel
def penalty_turn(t: ScoringTables, rec: Ints, sr: Search, tile: int) -> None:
    """A tile's penalty, unless a hired Staff lets the player pay to ignore it (paying: the first option)."""
    for w in range(len(t.waivers)):
        if holds(rec, r.HIRED, r.HIRED_N, t.waivers[w]):
            can_pay = rec[r.KRONES] >= t.waiver_cost[w]
            if decide(sr, rec, 2 if can_pay else 1, 0) == 0 and can_pay:
                rec[r.KRONES] -= t.waiver_cost[w]
                return
    if t.tile_prefer[tile] < 0:
        run_program(t, rec, sr, t.tile_penalty[tile])
    elif feasible(t, rec, t.tile_prefer[tile]):
        run_program(t, rec, sr, t.tile_prefer[tile])
    else:
        run_program(t, rec, sr, t.tile_otherwise[tile])


@kernel
def next_sequence(sr: Search, reads: int) -> int:
    """Move the odometer to the next sequence to try; the depth changed, or -1 when every one was tried."""
    known = sr.head[0]
    for k in range(known):
        sr.reads_below[k] = max(sr.reads_below[k], reads)
    k = known - 1
    while k >= 0:
        alike = sr.order_only[k] != 0 and sr.script[k] == 0 and sr.reads_below[k] == sr.reads_at[k]
        if not alike and sr.script[k] + 1 < sr.options[k]:
            break
        k -= 1
    if k >= 0:
        sr.script[k] += 1
        sr.reads_below[k] = sr.reads_at[k]
        sr.head[0] = k + 1
    return int(k)


@kernel
def take_turn(t: ScoringTables, rec: Ints, s: GameArrays, g: int, seat: int, tile: int, outcome: int) -> None:
    """Play the turn on the record with the policy's decisions (the record ends as the best run left it)."""
    start = rec.copy()
    best = rec.copy()
    sr = new_search()
    best_total = 0
    tried = 0
    while True:
        rec[:] = start
        sr.head[1] = 0
        if outcome == BONUS:
            bonus_turn(t, rec, sr, tile)
        else:
            penalty_turn(t, rec, sr, tile)
        if tried == 0 and sr.head[0] == 0:
            return  # no open decision: nothing to compare
        total = project(t, rec, s, g, seat)
        if tried == 0 or total > best_total:
            best_total = total
            best[:] = rec
        tried += 1
        if next_sequence(sr, rec[r.READS]) < 0:
            break
    rec[:] = best
