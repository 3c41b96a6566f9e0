"""The lab's games on a batch: many synthetic games at once, each ruleset's outcomes as arrays over games.

The same games as gah.lab.engine.game, number for number: the plan (batched_plan), the deal
(batched_deal), the turns (batched_turns), then at each Emperor scoring (and after the last round) a Scorer
does what game._play_rounds does there: the planners' decisions, the scoring, the final scoring and the
standings, recording each game's figures in a BatchGames. `outcomes` turns those arrays into the pure path's
Outcome records, so the tallies and reports are the pure path's.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple, Protocol

import numpy as np
import numpy.typing as npt

from ... import ir
from ...backends.batched.convert import dims_of
from ...backends.batched.jit import kernel
from ...backends.batched.state import Dims, GameArrays, new_state
from . import rng
from .batched_deal import DealTables, deal_games, deal_tables
from .batched_plan import PlanArrays
from .batched_rng import block_into
from .batched_turns import TurnTables, play_round, turn_tables
from .game import Outcome, RulesInfo, Scoring
from .model import Model
from .planning import Moves

Ints = npt.NDArray[np.int64]

OUTCOMES = ("bonus", "nothing", "penalty")  # the codes of BatchGames.outcome


class BatchGames(NamedTuple):
    """One ruleset's outcomes of a batch of games (axis 0); k counts the ruleset's Emperor scorings in order."""

    tile: Ints  # [game, k]: index in the ruleset's tiles
    track: Ints  # [game, k, seat]: points under the marker
    outcome: Ints  # [game, k, seat]: index in OUTCOMES
    net: Ints  # [game, k, seat]: points after the scoring minus before
    points: Ints  # [game, k, seat]: points after the scoring
    totals: Ints  # [game, seat]
    winners: Ints  # [game, seat]: 1 for a player of rank 1
    top_tied: Ints  # [game]
    planners: Ints  # [game, seat]: 1 for a planning player
    steps: Ints  # [game, k, seat]: extra Emperor steps bought before scoring k
    served: Ints  # [game, seat]: café guests served at the end


class BatchRules(NamedTuple):
    """One ruleset, ready to play on batches."""

    ruleset: ir.Ruleset
    info: RulesInfo
    deal: DealTables
    turns: TurnTables
    scoring_rounds: tuple[int, ...]
    tier_of: Ints  # [k]: the tier index (in ruleset.tiers()) of scoring k's tile
    track_points: Ints  # [space]
    outcome_of: Ints  # [space]: index in OUTCOMES
    move_back: Ints  # [k]


def batch_rules(ruleset: ir.Ruleset, model: Model, players: int) -> BatchRules:
    """A ruleset's tables for the batched turns (batched_deal.Refused if it cannot be batched)."""
    info = RulesInfo.of(ruleset)
    tiers = ruleset.tiers()
    return BatchRules(
        ruleset=ruleset,
        info=info,
        deal=deal_tables(ruleset, players),
        turns=turn_tables(ruleset, model),
        scoring_rounds=info.scoring_rounds,
        tier_of=np.array([tiers.index(s.tier) for s in ruleset.scorings], np.int64),
        track_points=np.array(info.track_points, np.int64),
        outcome_of=np.array([OUTCOMES.index(o) for o in info.outcome], np.int64),
        move_back=np.array([s.move_back for s in ruleset.scorings], np.int64),
    )


def dims(ruleset: ir.Ruleset, games: int, players: int) -> Dims:
    """The dimensions of a batch (gah.backends.batched.convert.dims_of)."""
    return dims_of(ruleset, games, players)


def new_games(games: int, players: int, scorings: int) -> BatchGames:
    z = np.zeros
    return BatchGames(
        tile=z((games, scorings), np.int64),
        track=z((games, scorings, players), np.int64),
        outcome=z((games, scorings, players), np.int64),
        net=z((games, scorings, players), np.int64),
        points=z((games, scorings, players), np.int64),
        totals=z((games, players), np.int64),
        winners=z((games, players), np.int64),
        top_tied=z(games, np.int64),
        planners=z((games, players), np.int64),
        steps=z((games, scorings, players), np.int64),
        served=z((games, players), np.int64),
    )


class Scorer(Protocol):
    """What happens after the turns of a round that is scored (or is the last): game._play_rounds's scoring."""

    def score(self, s: GameArrays, start: int, round_: int, out: BatchGames) -> None:
        """Score round `round_` of every game of the batch (game indices from `start`), in place, filling out."""


@kernel
def draw_planners(seed: np.uint64, start: int, share: int, planners: Ints) -> None:
    """planning.Planner.moves: each seat plans when its PLANNERS number, scaled to 100, is below the share."""
    key = np.zeros(5, np.uint64)
    numbers = np.zeros(16, np.int64)
    key[0], key[2], key[3], key[4] = seed, np.uint64(0), np.uint64(rng.SETUP_PLAYER), np.uint64(rng.PLANNERS)
    for g in range(planners.shape[0]):
        key[1] = np.uint64(start + g)
        block_into(key, 0, numbers, 0)
        for p in range(planners.shape[1]):
            planners[g, p] = 1 if (numbers[p] * 100) >> 32 < share else 0


@kernel
def record_scoring(
    rules_track: Ints,
    outcome_of: Ints,
    back: int,
    spaces: Ints,
    before: Ints,
    s: GameArrays,
    g: int,
    k: int,
    out: BatchGames,
) -> None:
    """game._scoring for game g's scoring k: the spaces and points before it, the state after it."""
    for p in range(s.points.shape[1]):
        out.track[g, k, p] = rules_track[spaces[p]]
        out.outcome[g, k, p] = outcome_of[max(0, spaces[p] - back)]
        out.net[g, k, p] = s.points[g, p] - before[p]
        out.points[g, k, p] = s.points[g, p]


@kernel
def record_final(totals: Ints, ranks: Ints, g: int, out: BatchGames) -> None:
    """game._outcome's figures: the totals, who ranks first, whether the best two totals are equal."""
    best, second = -(1 << 62), -(1 << 62)
    for p in range(totals.shape[0]):
        out.totals[g, p] = totals[p]
        out.winners[g, p] = 1 if ranks[p] == 1 else 0
        if totals[p] > best:
            best, second = totals[p], best
        elif totals[p] > second:
            second = totals[p]
    out.top_tied[g] = 1 if totals.shape[0] > 1 and best == second else 0


class Stretch(NamedTuple):
    """A batch where one stretch leaves it (game.Stretch's arrays): the games' state and their outcomes so far."""

    state: GameArrays
    out: BatchGames


def deal_batch(rules: BatchRules, plan: PlanArrays, seed: int, start: int, planners: Ints | None) -> Stretch:
    """Games start.. of the plan (seed `seed`) dealt under one ruleset, before round 1."""
    games, players = plan.head.shape[1], plan.head.shape[2]
    s = new_state(dims(rules.ruleset, games, players))
    deal_games(rules.deal, plan.deal_seed, np.uint64(seed & rng.MASK), start, s)
    out = new_games(games, players, len(rules.scoring_rounds))
    if planners is not None:
        out.planners[:] = planners
    return Stretch(s, out)


def play_rounds(
    rules: BatchRules, plan: PlanArrays, scorer: Scorer, at: Stretch, start: int, after: int, stop: int
) -> None:
    """game._play_rounds on a batch: on from the deal (after 0) or from the scoring of round `after` (its turns
    are played), up to the turns of round `stop` (before its scoring), or to the end (stop 0)."""
    last = rules.info.rounds
    for round_ in range(max(after, 1), last + 1):
        if round_ > after:
            play_round(rules.turns, at.state, plan, round_ - 1)
        if round_ == stop:
            return
        if round_ in rules.scoring_rounds or round_ == last:
            scorer.score(at.state, start, round_, at.out)


def copy_stretch(at: Stretch, rules: BatchRules, stop: int) -> Stretch:
    """A copy of a batch for a ruleset that goes on differently after the turns of round `stop` (its outcomes
    so far, the scorings before that round, in its own shape)."""
    games, players = at.out.totals.shape
    out = new_games(games, players, len(rules.scoring_rounds))
    done = len([r for r in rules.scoring_rounds if r < stop])
    for name in ("tile", "track", "outcome", "net", "points", "steps"):
        getattr(out, name)[:, :done] = getattr(at.out, name)[:, :done]
    out.planners[:] = at.out.planners
    return Stretch(GameArrays(*(array.copy() for array in at.state)), out)


def play_batch(
    rules: BatchRules, plan: PlanArrays, scorer: Scorer, seed: int, start: int, planners: Ints | None
) -> BatchGames:
    """Games start.. of the plan (seed `seed`) under one ruleset, from the deal to the standings."""
    at = deal_batch(rules, plan, seed, start, planners)
    play_rounds(rules, plan, scorer, at, start, 0, 0)
    return at.out


def outcomes(rules: BatchRules, out: BatchGames, moved: bool, planning: tuple[int, bool, int]) -> list[Outcome]:
    """The pure path's Outcome of every game of a batch (moved: the model has planners; planning: the model's
    step limit, whether planners serve the café, and the last round)."""
    ruleset = rules.ruleset
    tile_ids = [t.id for t in ruleset.tiles]
    rounds = rules.scoring_rounds
    step_limit, cafe, _last = planning
    found: list[Outcome] = []
    tile, track, outcome, net, points = (a.tolist() for a in (out.tile, out.track, out.outcome, out.net, out.points))
    totals, winners, tied = out.totals.tolist(), out.winners.tolist(), out.top_tied.tolist()
    planners, steps, served = out.planners.tolist(), out.steps.tolist(), out.served.tolist()
    for g in range(len(totals)):
        scorings = tuple(
            Scoring(
                round_,
                tile_ids[tile[g][k]],
                tuple(track[g][k]),
                tuple([OUTCOMES[o] for o in outcome[g][k]]),
                tuple(net[g][k]),
                tuple(points[g][k]),
            )
            for k, round_ in enumerate(rounds)
        )
        moves = None
        if moved:
            moves = Moves(tuple([bool(x) for x in planners[g]]))
            if step_limit:
                moves.steps = [(round_, tuple(steps[g][k])) for k, round_ in enumerate(rounds)]
            if cafe:
                moves.cafe = tuple(served[g])
        won = frozenset(p for p, w in enumerate(winners[g]) if w)
        found.append(Outcome(scorings, tuple(totals[g]), won, bool(tied[g]), moves))
    return found


def same_outcomes(batches: Sequence[list[Outcome]], same_as: Sequence[int]) -> list[list[Outcome]]:
    """Each ruleset's outcomes, a ruleset listed twice sharing the very records of its first listing."""
    return [list(batches[source]) for source in same_as]
