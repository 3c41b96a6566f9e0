"""Tallies straight from a batch's arrays: what Tally.add_games counts from Outcome records, counted with NumPy.

The counts are the same integers, and every counter and dict meets its keys in the same order as when the games'
records are added one by one (the reports print some of them in that order), so a report is the same, byte for
byte. Each counter is filled from the distinct values of a flattened array, in the order of their first
occurrence in it (games, then scorings, then seats: the order in which add_games meets them).
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from .intervals import Moments
from .measures import PAIRED, comeback_key, decided_key
from .tallies import OUTCOMES, SEAT_KEYS, PlanTally, Tally, pair_key

Ints = npt.NDArray[np.int64]
_ROUND_FIGURES = ("emperor", "net", *OUTCOMES)


class BatchView(NamedTuple):
    """One ruleset's outcomes of some games, as arrays (gah.lab.engine.batched.BatchGames, sliced)."""

    rounds: tuple[int, ...]  # the Emperor scorings' rounds, k in order
    tile_names: tuple[str, ...]  # by tile index
    tile: Ints  # [game, k]
    track: Ints  # [game, k, seat]
    outcome: Ints  # [game, k, seat]: index in OUTCOMES
    net: Ints  # [game, k, seat]
    points: Ints  # [game, k, seat]
    totals: Ints  # [game, seat]
    winners: npt.NDArray[np.bool_]  # [game, seat]
    top_tied: Ints  # [game]
    planners: npt.NDArray[np.bool_] | None  # [game, seat]; None: nobody plans
    steps: Ints | None  # [game, k, seat]; None: no Emperor steps are planned
    served: Ints | None  # [game, seat]; None: no café decision


def _count(counter: Counter[Any], values: npt.NDArray[Any], words: tuple[str, ...] | None = None) -> None:
    """counter.update(values) for a 1-d array: the same counts, new keys in the order of first occurrence."""
    if not values.size:
        return
    distinct, counts = _first_occurrences(values.astype(np.int64, copy=False))
    for value, count in zip(distinct.tolist(), counts.tolist(), strict=True):
        counter[words[value] if words is not None else value] += count


def _first_occurrences(values: Ints) -> tuple[Ints, Ints]:
    """The distinct values of a non-empty array in the order of their first occurrence, and their counts."""
    low = int(values.min())
    span = int(values.max()) - low + 1
    if span > 4 * len(values) + 1024:  # sparse values: sort them
        distinct, first, counts = np.unique(values, return_index=True, return_counts=True)
        order = np.argsort(first, kind="stable")
        return distinct[order], counts[order]
    shifted = values - low
    counts = np.bincount(shifted, minlength=span)
    first = np.full(span, len(values), np.int64)
    np.minimum.at(first, shifted, np.arange(len(values), dtype=np.int64))
    present = np.flatnonzero(counts)
    order = present[np.argsort(first[present], kind="stable")]
    return order + low, counts[order]


def _counter(counters: dict[Any, Counter[Any]], key: Any) -> Counter[Any]:
    found = counters.get(key)
    if found is None:
        found = counters[key] = Counter()
    return found


def _moments(moments: Moments, vectors: Ints) -> None:
    """Moments.add of every row of `vectors` (integer sums: the order does not matter)."""
    if not len(vectors):
        return
    moments.count += len(vectors)
    moments.sums = [s + x for s, x in zip(moments.sums, vectors.sum(axis=0).tolist(), strict=True)]
    products = (vectors.T @ vectors)[_upper(moments.size)]
    moments.products = [p + x for p, x in zip(moments.products, products.tolist(), strict=True)]


@lru_cache(maxsize=16)
def _upper(size: int) -> tuple[Ints, Ints]:
    """The upper triangle of a size x size matrix, row by row (i <= j): the order of Moments.products."""
    rows, columns = np.triu_indices(size)
    return rows, columns


def add_batch(tally: Tally, view: BatchView, first: BatchView, same: bool) -> None:
    """Tally.add_games for these games (`first`: the same games under the first ruleset; `same`: they are its
    very records, so nothing is paired)."""
    totals, winners = view.totals, view.winners
    tally.games += len(totals)
    _count(tally.totals, totals.ravel())
    best = totals.max(axis=1) if totals.size else np.zeros(0, np.int64)
    _count(tally.winning_totals, best)
    _count(tally.gaps, best - totals.min(axis=1) if totals.size else best)
    _count(tally.paired, (totals - first.totals).ravel())
    tally.top_ties += int(view.top_tied.sum())
    tally.shared_wins += int((winners.sum(axis=1) > 1).sum())
    tally.winner_changes += int((winners != first.winners).any(axis=1).sum())
    _count(tally.seat_wins, np.nonzero(winners)[1] + 1)
    for k, round_ in enumerate(view.rounds):
        _count(_counter(tally.track_points, round_), view.track[:, k].ravel())
    for k, round_ in enumerate(view.rounds):
        _count(_counter(tally.net_points, round_), view.net[:, k].ravel())
    for k, round_ in enumerate(view.rounds):
        _count(_counter(tally.outcomes, round_), view.outcome[:, k].ravel(), OUTCOMES)
    _tile_outcomes(tally, view)
    _planning(tally.planning, view)
    _design(tally, view, first, same)
    if same:
        tally.pair_same += len(totals)
    else:
        _pairs(tally, view, first)


def _tile_outcomes(tally: Tally, view: BatchView) -> None:
    games, scorings = view.tile.shape
    tiles = view.tile.ravel()
    outcomes = view.outcome.reshape(games * scorings, -1)
    _distinct, first = np.unique(tiles, return_index=True)
    for tile in tiles[np.sort(first)]:
        _count(_counter(tally.tile_outcomes, view.tile_names[tile]), outcomes[tiles == tile].ravel(), OUTCOMES)


def _planning(plan: PlanTally, view: BatchView) -> None:
    """PlanTally.add_games."""
    totals, winners = view.totals, view.winners
    if view.planners is None:
        plan.others += totals.size
        _count(plan.other_totals, totals.ravel())
        plan.other_wins += int(winners.sum())
        return
    planners = view.planners
    plan.planners += int(planners.sum())
    plan.others += int((~planners).sum())
    _count(plan.planner_totals, totals[planners])
    _count(plan.other_totals, totals[~planners])
    plan.planner_wins += int((winners & planners).sum())
    plan.other_wins += int((winners & ~planners).sum())
    if view.steps is not None:
        for k, round_ in enumerate(view.rounds):
            _count(_counter(plan.steps, round_), view.steps[:, k][planners])
    if view.served is not None:
        _count(plan.served, view.served[planners])


class _Figures(NamedTuple):
    """measures.GameFigures of every game, as arrays over games."""

    lead_changes: Ints
    margin: Ints
    pair_gaps: Ints
    emperor: Ints
    tiles: Ints
    total: Ints
    behind: Ints  # [game, k]
    seats: Ints  # [game, seat]
    drama: Ints
    decided: npt.NDArray[np.bool_]  # [game, k]: decided by scoring k (measures.decided)


def _decided(points: Ints, winners: npt.NDArray[np.bool_]) -> npt.NDArray[np.bool_]:
    """[game, k]: the one winner led alone at scoring k and at every later one (measures.decided)."""
    games, scorings, _seats = points.shape
    if not scorings:
        return np.zeros((games, 0), bool)
    single = winners.sum(axis=1) == 1
    winner = winners.argmax(axis=1)
    mine = np.take_along_axis(points, winner[:, None, None], axis=2)[:, :, 0]  # [game, k]
    others = np.where(
        np.arange(points.shape[2])[None, None, :] == winner[:, None, None], np.iinfo(np.int64).min, points
    )
    alone = single[:, None] & (mine > others.max(axis=2))
    return np.flip(np.logical_and.accumulate(np.flip(alone, axis=1), axis=1), axis=1)


def _figures(view: BatchView) -> _Figures:
    totals, winners = view.totals, view.winners
    standings = np.concatenate([view.points, totals[:, None, :]], axis=1)  # [game, k + 1, seat]
    leading = standings == standings.max(axis=2, keepdims=True)
    changes = (~(leading[:, 1:] & leading[:, :-1]).any(axis=2)).sum(axis=1)
    ordered = np.sort(totals, axis=1)
    count = totals.shape[1]
    emperor = view.net.sum(axis=(1, 2))
    best_winner = np.where(winners[:, None, :], view.points, np.iinfo(np.int64).min).max(axis=2)
    return _Figures(
        lead_changes=changes,
        margin=ordered[:, -1] - ordered[:, -2],
        pair_gaps=(ordered * (2 * np.arange(count) - count + 1)).sum(axis=1),
        emperor=emperor,
        tiles=emperor - view.track.sum(axis=(1, 2)),
        total=totals.sum(axis=1),
        behind=view.points.max(axis=2) - best_winner,
        seats=winners.astype(np.int64),
        drama=(
            (~(leading[:, -1] & leading[:, -2]).any(axis=1)).astype(np.int64)
            if view.points.shape[1]
            else np.zeros(len(totals), np.int64)
        ),
        decided=_decided(view.points, winners),
    )


def _design(tally: Tally, view: BatchView, first: BatchView, same: bool) -> None:
    """DesignTally.add_games."""
    design = tally.design
    mine = _figures(view)
    design.games += len(view.totals)
    _count(design.lead_changes, mine.lead_changes)
    _count(design.margins, mine.margin)
    design.pair_gaps += int(mine.pair_gaps.sum())
    design.emperor += int(mine.emperor.sum())
    design.tiles += int(mine.tiles.sum())
    design.total += int(mine.total.sum())
    games, rounds = np.nonzero(mine.behind)  # row-major: the order add_games meets them
    keys = np.array(view.rounds, np.int64)[rounds] if len(view.rounds) else rounds
    _count(design.comebacks, keys)
    for round_ in dict.fromkeys(keys.tolist()):
        design.behind[round_] += int(mine.behind[games[keys == round_], rounds[keys == round_]].sum())
    _, held = np.nonzero(mine.decided)  # row-major, as add_games meets them
    _count(design.decided, np.array(view.rounds, np.int64)[held] if len(view.rounds) else held)
    design.drama += int(mine.drama.sum())
    if same:
        return
    theirs = _figures(first)
    for name in PAIRED:
        _add_difference(design.pair_sums, design.pair_squares, name, getattr(mine, name) - getattr(theirs, name))
    shared = [(k, first.rounds.index(round_)) for k, round_ in enumerate(view.rounds) if round_ in first.rounds]
    for k, k0 in shared:
        here, there = mine.behind[:, k], theirs.behind[:, k0]
        key = comeback_key(view.rounds[k])
        _add_difference(design.pair_sums, design.pair_squares, key, (here > 0).astype(np.int64) - (there > 0))
    for k, k0 in shared:
        difference = mine.decided[:, k].astype(np.int64) - theirs.decided[:, k0]
        _add_difference(design.pair_sums, design.pair_squares, decided_key(view.rounds[k]), difference)
    _pair_behind(design.pair_behind, view, mine, theirs, shared)
    _moments(
        design.pair_shares,
        np.stack([mine.emperor, mine.tiles, mine.total, theirs.emperor, theirs.tiles, theirs.total], axis=1),
    )
    seats = np.concatenate([mine.seats, theirs.seats], axis=1)
    if design.pair_seats is None:
        design.pair_seats = Moments(seats.shape[1])
    _moments(design.pair_seats, seats)


def _pair_behind(
    pair_behind: dict[int, Moments], view: BatchView, mine: _Figures, theirs: _Figures, shared: list[tuple[int, int]]
) -> None:
    """The (behind, came back) moments of each round, over the games where either ruleset's winner was behind;
    rounds in the order the first such game meets them."""
    if not shared:
        return
    here = np.stack([mine.behind[:, k] for k, _k0 in shared], axis=1)
    there = np.stack([theirs.behind[:, k0] for _k, k0 in shared], axis=1)
    games, columns = np.nonzero((here != 0) | (there != 0))
    for column in dict.fromkeys(columns.tolist()):
        rows = games[columns == column]
        a, b = here[rows, column], there[rows, column]
        vectors = np.stack([a, (a > 0).astype(np.int64), b, (b > 0).astype(np.int64)], axis=1)
        _moments(pair_behind.setdefault(view.rounds[shared[column][0]], Moments(4)), vectors)


def _add_difference(sums: Counter[str], squares: Counter[str], key: str, differences: Ints) -> None:
    """A paired figure's sum and sum of squares over games (the key is met even when every difference is 0)."""
    sums[key] += int(differences.sum())
    squares[key] += int((differences * differences).sum())


def _round_counts(view: BatchView) -> Ints:
    """[game, k, figure]: the players' Emperor points, net points and bonus, neutral and penalty counts."""
    return np.stack(
        [view.track.sum(axis=2), view.net.sum(axis=2)] + [(view.outcome == code).sum(axis=2) for code in range(3)],
        axis=2,
    )


def _pairs(tally: Tally, view: BatchView, first: BatchView) -> None:
    """Tally._add_pairs: the games' differences from the first ruleset's, and the interval moments."""
    totals, totals0 = view.totals, first.totals
    best, best0 = totals.max(axis=1), totals0.max(axis=1)
    wins, wins0 = view.winners.astype(np.int64), first.winners.astype(np.int64)
    found = [
        ("total", totals.sum(axis=1) - totals0.sum(axis=1)),
        ("winning", best - best0),
        ("gap", best - totals.min(axis=1) - best0 + totals0.min(axis=1)),
        ("tie", view.top_tied - first.top_tied),
        ("shared", (wins.sum(axis=1) > 1).astype(np.int64) - (wins0.sum(axis=1) > 1)),
    ]
    found += [(key, wins[:, seat] - wins0[:, seat]) for seat, key in enumerate(SEAT_KEYS[: totals.shape[1]])]
    counts, counts0 = _round_counts(view), _round_counts(first)
    for k, round_ in enumerate(view.rounds):
        if round_ in first.rounds:
            k0 = first.rounds.index(round_)
            for figure, what in enumerate(_ROUND_FIGURES):
                found.append((pair_key(round_, what), counts[:, k, figure] - counts0[:, k0, figure]))
    for key, differences in found:
        _add_difference(tally.pair_sums, tally.pair_squares, key, differences)
    squares = (totals * totals).sum(axis=1)
    squares0 = (totals0 * totals0).sum(axis=1)
    _moments(tally.pair_spread, np.stack([totals.sum(axis=1), squares, totals0.sum(axis=1), squares0], axis=1))
    _pair_tiles(tally, view, first, counts, counts0)


def _tile_vectors(view: BatchView, counts: Ints) -> Ints:
    """[game, tile index, 4]: per game and tile, the bonus, neutral and penalty counts and the players scored."""
    games = len(view.totals)
    vectors = np.zeros((games, len(view.tile_names), 4), np.int64)
    rows = np.arange(games)
    for k in range(len(view.rounds)):
        bonus, nothing, penalty = counts[:, k, 2], counts[:, k, 3], counts[:, k, 4]
        part = np.stack([bonus, nothing, penalty, bonus + nothing + penalty], axis=1)
        np.add.at(vectors, (rows, view.tile[:, k]), part)
    return vectors


def _pair_tiles(tally: Tally, view: BatchView, first: BatchView, counts: Ints, counts0: Ints) -> None:
    """Per tile: the moments of (its counts here, its counts under the first ruleset) over the games it is drawn
    in under either; tiles met in game order, and within a game by name."""
    names = sorted(set(view.tile_names) | set(first.tile_names))
    here = _by_name(_tile_vectors(view, counts), view, names)
    there = _by_name(_tile_vectors(first, counts0), first, names)
    present = (here[:, :, 3] > 0) | (there[:, :, 3] > 0) | _drawn(view, names) | _drawn(first, names)
    games, tiles = np.nonzero(present)  # row-major: games in order, then tiles by name
    for tile in dict.fromkeys(tiles.tolist()):
        rows = games[tiles == tile]
        moments = tally.pair_tiles.setdefault(names[tile], Moments(8))
        _moments(moments, np.concatenate([here[rows, tile], there[rows, tile]], axis=1))


def _by_name(vectors: Ints, view: BatchView, names: list[str]) -> Ints:
    """[game, tile by name, 4] from [game, tile index, 4]."""
    found = np.zeros((vectors.shape[0], len(names), 4), np.int64)
    columns = [names.index(name) for name in view.tile_names]
    if len(set(columns)) == len(columns):  # tile ids are unique: one write per column
        found[:, columns] = vectors
        return found
    for index, column in enumerate(columns):
        found[:, column] += vectors[:, index]
    return found


def _drawn(view: BatchView, names: list[str]) -> npt.NDArray[np.bool_]:
    """[game, tile by name]: the tile was some scoring's tile in that game (even one that scored nobody)."""
    found = np.zeros((len(view.totals), len(names)), bool)
    for k in range(len(view.rounds)):
        columns = np.array([names.index(name) for name in view.tile_names], np.int64)[view.tile[:, k]]
        found[np.arange(len(view.totals)), columns] = True
    return found
