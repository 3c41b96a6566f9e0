"""The scorings of a batch by the batched backend's kernels: game._play_rounds's scoring step, and the planners.

At each scored round (and after the last) every game of the batch, in turn: the planners decide as
planning.Planner.decide does (the café at the end, then extra Emperor steps before a scoring; each option
valued on a copy of the seat's record by the ruleset's own kernels: take_turn, project), then
the Emperor scoring with the default policy's decisions, and after the last round the final totals and the
standings (gah.backends.batched.scoring, on the ruleset's ScoringTables).
"""

from __future__ import annotations

import math
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from ...backends.batched.final import gather_rivals, project, rivals_size
from ...backends.batched.jit import bare_kernel, kernel
from ...backends.batched.policy import SCRATCH_EXTRA, take_turn
from ...backends.batched.quantities import gather_others
from ...backends.batched.record import (
    EMPEROR,
    GUESTS,
    KRONES,
    POINTS,
    READS,
    copy_record,
    copy_values,
    init_record,
    load_record,
    record_size,
    same_record,
    same_values,
    store_record,
)
from ...backends.batched.scoring import (
    Room,
    advance_emperor,
    final_standings_in,
    keep_others,
    marker_scoring,
    new_room,
    others_for_turn,
)
from ...backends.batched.state import Dims, GameArrays, new_state
from ...backends.batched.tables import (
    A_BLIND,
    A_OUTCOME,
    A_SCORING_BACK,
    A_SCORING_TIER,
    A_TRACK_POINTS,
    K_BEYOND_POINTS,
    K_POINTS_FLOOR,
    K_ROUNDS,
    K_TRACK_LAST,
    at,
    compile_tables,
)
from . import rng
from .batched import BatchGames, BatchRules, record_final, record_scoring
from .batched_rng import block_into
from .model import Planning
from .planning import SOFTMAX_SCALE

Ints = npt.NDArray[np.int64]
Words = npt.NDArray[np.uint64]


class PlanningTables(NamedTuple):
    """A model's Planning as numbers (active 0: nobody plans)."""

    active: int
    mistakes: int
    temperature: int
    step_limit: int
    step_points: int
    step_krones: int
    cafe: int
    guest_points: int
    guest_krones: int


def planning_tables(planning: Planning) -> PlanningTables:
    return PlanningTables(
        active=1 if planning.active else 0,
        mistakes=planning.mistakes,
        temperature=planning.temperature,
        step_limit=planning.step_limit,
        step_points=planning.step_price.points,
        step_krones=planning.step_price.krones,
        cafe=1 if planning.cafe else 0,
        guest_points=planning.guest_price.points,
        guest_krones=planning.guest_price.krones,
    )


@bare_kernel
def _affordable(s: GameArrays, g: int, p: int, points: int, krones: int, limit: int) -> int:
    """planning.affordable: the most units, up to `limit`, the player can pay for."""
    most = limit
    if points:
        most = min(most, s.points[g, p] // points)
    if krones:
        most = min(most, s.krones[g, p] // krones)
    return max(0, most)


@bare_kernel
def _scaled(r32: int, total: int) -> int:
    """rng.scaled for any total below 2**63: (r32 * total) >> 32 in two halves (the product may pass 64 bits)."""
    high, low = total >> 32, total & 0xFFFFFFFF
    part = (np.uint64(r32) * np.uint64(low)) >> np.uint64(32)
    return r32 * high + int(part)


@bare_kernel
def _choose(values: Ints, weights: Ints, count: int, pl: PlanningTables, mistake: int, pick: int) -> int:
    """planning.choose over values[0:count]; `weights`: room for `count` values."""
    if pl.mistakes and (mistake * 100) >> 32 < pl.mistakes:
        return (pick * count) >> 32
    best = values[0]
    for i in range(1, count):
        best = max(best, values[i])
    if not pl.temperature:
        for i in range(count):
            if values[i] == best:
                return i
    total = 0
    for i in range(count):
        weights[i] = int(np.rint(math.exp((values[i] - best) / pl.temperature) * SOFTMAX_SCALE))
        total += weights[i]
    x = _scaled(pick, total)
    for i in range(count):
        if x < weights[i]:
            return i
        x -= weights[i]
    return count - 1  # unreachable: x < total


@bare_kernel
def _without_trials(count: int, pl: PlanningTables, mistake: int, pick: int) -> int:
    """_choose's answer when the values do not matter (one option, or a mistake), else -1: no trial needed."""
    if count == 1:
        return 0
    if pl.mistakes and (mistake * 100) >> 32 < pl.mistakes:
        return (pick * count) >> 32
    return -1


@bare_kernel
def _serve(s: GameArrays, g: int, p: int, served: int, pl: PlanningTables) -> None:
    """planning.serve: the last seated guests leave, each paid for."""
    if served:
        s.guests[g, p] -= served
        s.points[g, p] -= served * pl.guest_points
        s.krones[g, p] -= served * pl.guest_krones


@bare_kernel
def _buy_steps(t: Any, s: GameArrays, g: int, p: int, steps: int, pl: PlanningTables) -> None:
    if steps:
        advance_emperor(t, s, g, p, steps)
        s.points[g, p] -= steps * pl.step_points
        s.krones[g, p] -= steps * pl.step_krones


class Scratch(NamedTuple):
    """The planners' room, made once a batch: a seat's record as the game holds it (base) and the trial's
    copy, a turn's scratch, the rivals, the options' values and their weights (_choose). A trial changes only
    its seat, the deck and the discard pile, which a record holds whole, so each option starts from a flat copy
    of base. `room`: the scorings' own (see scoring.Room).

    What the step trials leave for the scoring that follows (see _scorings): kept[seat, steps] the record
    before and after the trial's turn (kept_ok[seat, steps]: 1 where it took one), kept_rivals[seat] the
    rivals the trials saw, chosen[seat] the steps the seat bought after trials (-1: none tried)."""

    base: Ints
    trial: Ints
    turn: Ints
    rivals: Ints
    values: Ints
    weights: Ints
    room: Room
    kept: Ints
    kept_ok: Ints
    kept_rivals: Ints
    chosen: Ints


def new_scratch(s: GameArrays, pl: PlanningTables) -> Scratch:
    """The planners' room for batches shaped as `s` (any number of games)."""
    size = record_size(s)
    base = np.empty(size, np.int64)
    init_record(s, base)
    players, options = s.points.shape[1], pl.step_limit + 1
    return Scratch(
        base,
        base.copy(),
        np.empty(2 * size + SCRATCH_EXTRA, np.int64),
        np.empty(rivals_size(s), np.int64),
        np.zeros(max(pl.step_limit, s.cafe.shape[2]) + 1, np.int64),
        np.zeros(max(pl.step_limit, s.cafe.shape[2]) + 1, np.int64),
        new_room(s),
        np.empty((players, options, 2, size), np.int64),
        np.zeros((players, options), np.int64),
        np.empty((players, rivals_size(s)), np.int64),
        np.full(players, -1, np.int64),
    )


@bare_kernel
def _trial_scoring(t: Any, s: GameArrays, g: int, p: int, steps: int, w: Scratch) -> int:
    """emperor_scoring_of on the trial record of seat p buying `steps` (the seat's part of the round's Emperor
    scoring); kept in step with it by the cross-check of tests/test_batched_games.py. 1 if it took a turn,
    its record before and after the turn copied into w.kept[p, steps]; else 0."""
    rec = w.trial
    round_ = s.round_[g]
    if round_ < 0 or round_ > t.data[K_ROUNDS] or at(t, A_SCORING_TIER, round_) < 0:
        return 0
    tile = s.tiles[g, at(t, A_SCORING_TIER, round_)]
    if tile < 0:
        return 0
    points = at(t, A_TRACK_POINTS, rec[EMPEROR])
    rec[POINTS] += max(points, min(0, t.data[K_POINTS_FLOOR] - rec[POINTS]))
    rec[EMPEROR] = max(0, rec[EMPEROR] - at(t, A_SCORING_BACK, round_))
    outcome = at(t, A_OUTCOME, rec[EMPEROR])
    if outcome == 0:
        return 0
    kept = w.kept[p, steps]
    copy_record(kept[0], rec)
    if not _shifted_turn(t, p, steps, w, tile * 3 + outcome):
        take_turn(t, rec, w.turn, w.rivals, tile, outcome)
    copy_record(kept[1], rec)
    rec[READS] = 0  # as projected_total's fresh load of the seat
    return 1


@bare_kernel
def _shifted_turn(t: Any, p: int, steps: int, w: Scratch, turn: int) -> bool:
    """Where the turn (tile * 3 + outcome) never reads points (tables' `blind`) and an earlier trial of the seat
    took it on this record but for its points, that trial's turn d points higher on the trial record: the
    same decisions on the same state, every total compared d higher (d: the difference of points). Else
    False (the turn is to be searched)."""
    if at(t, A_BLIND, turn) == 0:
        return False
    rec = w.trial
    for earlier in range(steps):
        before = w.kept[p, earlier, 0]
        if w.kept_ok[p, earlier] != 0 and same_record(rec, before, POINTS + 1):
            shift = rec[POINTS] - before[POINTS]
            copy_record(rec, w.kept[p, earlier, 1])
            rec[POINTS] += shift
            return True
    return False


@bare_kernel
def _try_served(t: Any, served: int, pl: PlanningTables, w: Scratch) -> int:
    """The projected total after serving `served` guests (planning.serve on the trial record)."""
    rec = w.trial
    copy_record(rec, w.base)
    rec[GUESTS] -= served
    rec[POINTS] -= served * pl.guest_points
    rec[KRONES] -= served * pl.guest_krones
    return project(t, rec, w.rivals)


@bare_kernel
def _try_steps(t: Any, s: GameArrays, g: int, p: int, steps: int, pl: PlanningTables, w: Scratch) -> int:
    """The projected total after seat p buys `steps` Emperor steps (advance_emperor, then the price) and this
    round's scoring of the seat."""
    rec = w.trial
    copy_record(rec, w.base)
    if steps:
        moved = min(steps, max(0, t.data[K_TRACK_LAST] - rec[EMPEROR]))
        rec[EMPEROR] += moved
        rec[POINTS] += (steps - moved) * t.data[K_BEYOND_POINTS]
        rec[POINTS] -= steps * pl.step_points
        rec[KRONES] -= steps * pl.step_krones
    w.kept_ok[p, steps] = _trial_scoring(t, s, g, p, steps, w)
    return project(t, rec, w.rivals)


@bare_kernel
def _decide(
    t: Any,
    s: GameArrays,
    g: int,
    w: Scratch,
    pl: PlanningTables,
    noise: Ints,
    scored: bool,
    last: bool,
    out: BatchGames,
    k: int,
) -> None:
    """planning.Planner.decide for game g: noise[p, 0:4] are seat p's PLAN_NOISE numbers of this round."""
    players = s.points.shape[1]
    values = w.values
    if pl.cafe and last:
        for p in range(players):
            if out.planners[g, p] and s.guests[g, p]:
                count = _affordable(s, g, p, pl.guest_points, pl.guest_krones, s.guests[g, p]) + 1
                chosen = _without_trials(count, pl, noise[p, 2], noise[p, 3])
                if chosen < 0:
                    load_record(s, g, p, w.base)
                    gather_rivals(t, s, g, p, w.rivals)
                    gather_others(t, s, g, p, w.base, w.turn)
                    for served in range(count):
                        values[served] = _try_served(t, served, pl, w)
                    chosen = _choose(values, w.weights, count, pl, noise[p, 2], noise[p, 3])
                out.served[g, p] = chosen
                _serve(s, g, p, chosen, pl)
    if pl.step_limit and scored:
        for p in range(players):
            if out.planners[g, p]:
                count = _affordable(s, g, p, pl.step_points, pl.step_krones, pl.step_limit) + 1
                chosen = _without_trials(count, pl, noise[p, 0], noise[p, 1])
                if chosen < 0:
                    load_record(s, g, p, w.base)
                    gather_rivals(t, s, g, p, w.rivals)
                    gather_others(t, s, g, p, w.base, w.turn)
                    copy_values(w.kept_rivals[p], w.rivals, w.rivals[0] + 1)
                    for steps in range(count):
                        values[steps] = _try_steps(t, s, g, p, steps, pl, w)
                    chosen = _choose(values, w.weights, count, pl, noise[p, 0], noise[p, 1])
                    w.chosen[p] = chosen
                out.steps[g, k, p] = chosen
                _buy_steps(t, s, g, p, chosen, pl)


@bare_kernel
def _scorings(t: Any, s: GameArrays, g: int, w: Scratch) -> None:
    """scoring.emperor_scoring_all, but a seat whose record and rivals are, after the marker's points and the
    move-back, those of its trial of the steps it bought takes the trial's turn without searching it again:
    the same turn on the same state (an earlier seat's turn may have changed the deck or the rivals)."""
    room = w.room
    keep_others(t, s, g, room, True)
    for p in range(s.points.shape[1]):
        tile, outcome = marker_scoring(t, s, g, p)
        if outcome == 0:
            continue
        load_record(s, g, p, room.rec)
        gather_rivals(t, s, g, p, room.rivals)
        others_for_turn(t, s, g, p, room)
        option = w.chosen[p]
        if (
            option >= 0
            and w.kept_ok[p, option] != 0
            and same_record(room.rec, w.kept[p, option, 0])
            and same_values(room.rivals, w.kept_rivals[p], room.rivals[0] + 1)
        ):
            copy_record(room.rec, w.kept[p, option, 1])
        else:
            take_turn(t, room.rec, room.turn, room.rivals, tile, outcome)
        store_record(room.rec, s, g, p)
    keep_others(t, s, g, room, False)


@kernel
def _noise(seed: np.uint64, game: int, round_: int, planners: Ints, key: Words, noise: Ints) -> None:
    """Each planning seat's PLAN_NOISE numbers of a round (the first block of its setup stream); `key`: 5 words
    of scratch (block_into's key). A seat that does not plan draws none: the numbers
    are a function of their key alone."""
    key[0], key[1], key[3], key[4] = seed, np.uint64(game), np.uint64(rng.SETUP_PLAYER), np.uint64(rng.PLAN_NOISE)
    for p in range(len(planners)):
        if planners[p]:
            key[2] = np.uint64((round_ << 8) | p)
            block_into(key, 0, noise[p], 0)


@kernel
def score_games(
    t: Any,
    rules_track: Ints,
    outcome_of: Ints,
    tier_of: Ints,
    move_back: Ints,
    pl: PlanningTables,
    s: GameArrays,
    w: Scratch,
    seed: np.uint64,
    start: int,
    round_: int,
    k: int,
    last: bool,
    out: BatchGames,
) -> None:
    """The scoring step of round `round_` in every game (k: the scoring's index, -1 if the round has none)."""
    players = s.points.shape[1]
    noise = np.zeros((players, 16), np.int64)
    key = np.zeros(5, np.uint64)
    decides = (pl.step_limit != 0 and k >= 0) or (pl.cafe != 0 and last)
    before = np.zeros(players, np.int64)
    spaces = np.zeros(players, np.int64)
    totals = np.zeros(players, np.int64)
    ranks = np.zeros(players, np.int64)
    for g in range(s.points.shape[0]):
        s.round_[g] = round_
        w.chosen[:] = -1
        if pl.active and decides:
            _noise(seed, start + g, round_, out.planners[g], key, noise)
            _decide(t, s, g, w, pl, noise, k >= 0, last, out, k)
        for p in range(players):
            before[p] = s.points[g, p]
            spaces[p] = s.emperor[g, p]
        if k >= 0:
            _scorings(t, s, g, w)
            out.tile[g, k] = s.tiles[g, tier_of[k]]
            record_scoring(rules_track, outcome_of, move_back[k], spaces, before, s, g, k, out)
        if last:
            final_standings_in(t, s, g, totals, ranks, w.room)
            record_final(totals, ranks, g, out)


class KernelScorer:
    """A batched.Scorer on the kernels of gah.backends.batched (compile_tables refuses, by name, a ruleset
    it cannot batch)."""

    def __init__(self, rules: BatchRules, planning: Planning, seed: int, dims: Dims) -> None:
        self.rules = rules
        self.tables = compile_tables(rules.ruleset)
        self.planning = planning_tables(planning)
        self.seed = np.uint64(seed & rng.MASK)
        self.scratch = new_scratch(new_state(dims._replace(games=1)), self.planning)

    def score(self, s: GameArrays, start: int, round_: int, out: BatchGames) -> None:
        rules = self.rules
        k = rules.scoring_rounds.index(round_) if round_ in rules.scoring_rounds else -1
        last = round_ == rules.info.rounds
        score_games(
            self.tables,
            rules.track_points,
            rules.outcome_of,
            rules.tier_of,
            rules.move_back,
            self.planning,
            s,
            self.scratch,
            self.seed,
            start,
            round_,
            k,
            last,
            out,
        )
