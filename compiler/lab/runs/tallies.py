"""Tallies of many games: integer counters only, so merging chunks in any grouping gives the same numbers."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import chain
from typing import Any

from ..engine.game import Outcome, Scoring
from ..engine.planning import Moves
from .intervals import Moments
from .measures import DesignTally
from .voice import lab_phrase

OUTCOMES: tuple[str, ...] = ("bonus", "nothing", "penalty")
# How reports name the outcomes (the data keeps the rules' own word, "nothing").
OUTCOME_WORDS: dict[str, str] = {"bonus": "bonus", "nothing": "neutral", "penalty": "penalty"}
# The outcomes in the lab's language (OUTCOME_WORDS are ids: the CSV's columns).
OUTCOME_PHRASES = {
    "bonus": lab_phrase("outcome_bonus"),
    "nothing": lab_phrase("outcome_neutral"),
    "penalty": lab_phrase("outcome_penalty"),
}
PERCENTILES: tuple[int, ...] = (5, 10, 25, 50, 75, 90, 95)


def _count(counter: Counter[Any], values: Any) -> None:
    """Count each value (a plain loop: quicker than Counter.update for the few values of one game)."""
    for value in values:
        counter[value] += 1


def _values(lists: dict[Any, list[Any]], key: Any) -> list[Any]:
    """The list of `key`, made when first needed."""
    found = lists.get(key)
    if found is None:
        found = lists[key] = []
    return found


def _counter(counters: dict[Any, Counter[Any]], key: Any) -> Counter[Any]:
    """The counter of `key`, made when first needed."""
    found = counters.get(key)
    if found is None:
        found = counters[key] = Counter()
    return found


def _update(counters: dict[Any, Counter[Any]], values: dict[Any, list[Any]]) -> None:
    """Count each key's values in that key's counter, keys in the order first met."""
    for key, found in values.items():
        _counter(counters, key).update(found)


@dataclass
class PlanTally:
    """What planning players did and scored (gah.lab.engine.planning), counted apart from the outcomes."""

    planners: int = 0  # player-games of planners
    others: int = 0  # player-games of the other players
    planner_totals: Counter[int] = field(default_factory=Counter)
    other_totals: Counter[int] = field(default_factory=Counter)
    planner_wins: int = 0  # planners of rank 1 (a shared win counts for each)
    other_wins: int = 0
    steps: dict[int, Counter[int]] = field(default_factory=dict)  # scoring round -> extra steps bought per planner
    served: Counter[int] = field(default_factory=Counter)  # guests a planner served from the café at the end

    def add_games(self, outcomes: Sequence[Outcome]) -> None:
        """Count games, in order (the same counts as adding each in turn)."""
        for outcome in outcomes:
            if outcome.moves is not None:
                self._add_planned(outcome, outcome.moves)
                continue
            # Nobody plans.
            self.others += len(outcome.totals)
            self.other_totals.update(outcome.totals)
            self.other_wins += len(outcome.winners)

    def _add_planned(self, outcome: Outcome, moves: Moves) -> None:
        planners = moves.planners
        for seat, (plans, total) in enumerate(zip(planners, outcome.totals, strict=True)):
            if plans:
                self.planners += 1
                self.planner_totals[total] += 1
                self.planner_wins += seat in outcome.winners
            else:
                self.others += 1
                self.other_totals[total] += 1
                self.other_wins += seat in outcome.winners
        for round_, bought in moves.steps:
            _count(_counter(self.steps, round_), (b for b, plans in zip(bought, planners, strict=True) if plans))
        _count(self.served, (s for s, plans in zip(moves.cafe, planners, strict=True) if plans))

    def merge(self, other: PlanTally) -> None:
        for name in ("planners", "others", "planner_wins", "other_wins"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.planner_totals.update(other.planner_totals)
        self.other_totals.update(other.other_totals)
        self.served.update(other.served)
        for round_, counts in other.steps.items():
            self.steps.setdefault(round_, Counter()).update(counts)


@dataclass
class Tally:
    """Everything counted for one ruleset over a set of games."""

    games: int = 0
    totals: Counter[int] = field(default_factory=Counter)  # every player's final total
    winning_totals: Counter[int] = field(default_factory=Counter)
    gaps: Counter[int] = field(default_factory=Counter)  # best total minus worst, per game
    paired: Counter[int] = field(default_factory=Counter)  # each player's total minus under the first ruleset
    top_ties: int = 0  # games whose best two totals are equal
    shared_wins: int = 0  # games with more than one player of rank 1
    winner_changes: int = 0  # games whose winners differ from the first ruleset's
    seat_wins: Counter[int] = field(default_factory=Counter)  # turn-order seat (1..) -> wins (shared count)
    track_points: dict[int, Counter[int]] = field(default_factory=dict)  # scoring round -> points under the marker
    net_points: dict[int, Counter[int]] = field(default_factory=dict)  # scoring round -> points after minus before
    outcomes: dict[int, Counter[str]] = field(default_factory=dict)  # scoring round -> outcome counts
    tile_outcomes: dict[str, Counter[str]] = field(default_factory=dict)  # tile -> outcome counts
    # Paired differences from the first ruleset, game by game, for the 95% intervals (gah.lab.runs.intervals).
    pair_sums: Counter[str] = field(default_factory=Counter)  # pair key -> sum over games of (here - first)
    pair_squares: Counter[str] = field(default_factory=Counter)  # pair key -> sum over games of its square
    # Per game: (sum, sum of squares) of the players' totals here, then under the first ruleset.
    pair_spread: Moments = field(default_factory=lambda: Moments(4))
    # Tile -> per game: (bonus, neutral, penalty, players scored) on it here, then under the first ruleset.
    pair_tiles: dict[str, Moments] = field(default_factory=dict)
    # Games that were the first ruleset's own outcome (the reference, or a copy of it played once): every
    # difference is 0 and nothing above is added. The Lab decides that per ruleset, so it is all games or none.
    pair_same: int = 0
    planning: PlanTally = field(default_factory=PlanTally)
    design: DesignTally = field(default_factory=DesignTally)  # lead changes, comebacks, margins, ...

    def add(self, outcome: Outcome, first: Outcome) -> None:
        """Count one game; `first` is the same game under the first ruleset."""
        self.add_games([outcome], [first])

    def add_games(self, outcomes: Sequence[Outcome], firsts: Sequence[Outcome]) -> None:
        """Count games, in order; `firsts[i]` is game i under the first ruleset.

        The counts, and the order in which each counter first meets its keys, are those of adding the games one
        by one; gathering every game's values first and updating each counter once is several times quicker."""
        self.games += len(outcomes)
        totals = [outcome.totals for outcome in outcomes]
        self.totals.update(chain.from_iterable(totals))
        best = [max(values) for values in totals]
        self.winning_totals.update(best)
        self.gaps.update([top - min(values) for top, values in zip(best, totals, strict=True)])
        self.paired.update(
            [a - b for o, f in zip(outcomes, firsts, strict=True) for a, b in zip(o.totals, f.totals, strict=True)]
        )
        self.top_ties += sum([outcome.top_tied for outcome in outcomes])
        self.shared_wins += sum([len(outcome.winners) > 1 for outcome in outcomes])
        self.winner_changes += sum([o.winners != f.winners for o, f in zip(outcomes, firsts, strict=True)])
        self.seat_wins.update([seat + 1 for outcome in outcomes for seat in outcome.winners])
        track: dict[int, list[int]] = {}
        net: dict[int, list[int]] = {}
        by_round: dict[int, list[str]] = {}
        by_tile: dict[str, list[str]] = {}
        for outcome in outcomes:
            for scoring in outcome.scorings:
                _values(track, scoring.round).extend(scoring.track_points)
                _values(net, scoring.round).extend(scoring.net)
                _values(by_round, scoring.round).extend(scoring.outcomes)
                _values(by_tile, scoring.tile).extend(scoring.outcomes)
        _update(self.track_points, track)
        _update(self.net_points, net)
        _update(self.outcomes, by_round)
        _update(self.tile_outcomes, by_tile)
        self.planning.add_games(outcomes)
        self.design.add_games(outcomes, firsts)
        self._add_pairs(outcomes, firsts)

    def _add_pairs(self, outcomes: Sequence[Outcome], firsts: Sequence[Outcome]) -> None:
        """The games' differences from the same games under the first ruleset (the game is the unit of pairing).

        Equal differences, and equal vectors of the interval moments, are counted first and each added once,
        times its count: the same integers as adding them game by game."""
        differences: Counter[tuple[str, int]] = Counter()  # (pair key, difference) -> games
        spread: Counter[tuple[int, ...]] = Counter()
        tile_vectors: dict[str, Counter[tuple[int, ...]]] = {}
        for outcome, first in zip(outcomes, firsts, strict=True):
            if outcome is first:
                self.pair_same += 1
                continue
            totals, totals0 = outcome.totals, first.totals
            winners, winners0 = outcome.winners, first.winners
            best, best0 = max(totals), max(totals0)
            found = [
                ("total", sum(totals) - sum(totals0)),
                ("winning", best - best0),
                ("gap", best - min(totals) - best0 + min(totals0)),
                ("tie", outcome.top_tied - first.top_tied),
                ("shared", (len(winners) > 1) - (len(winners0) > 1)),
            ]
            found.extend(
                (key, (seat in winners) - (seat in winners0)) for seat, key in enumerate(SEAT_KEYS[: len(totals)])
            )
            counts, counts0 = _scoring_counts(outcome.scorings), _scoring_counts(first.scorings)
            for round_, (_tile, here) in counts.items():
                if round_ in counts0:
                    there = counts0[round_][1]
                    found.extend(
                        zip(_round_keys(round_), [a - b for a, b in zip(here, there, strict=True)], strict=True)
                    )
            differences.update(found)
            spread[sum(totals), sum([t * t for t in totals]), sum(totals0), sum([t * t for t in totals0])] += 1
            tiles, tiles0 = _tile_counts(counts), _tile_counts(counts0)
            for tile in sorted(tiles.keys() | tiles0.keys()):
                vectors = tile_vectors.get(tile)
                if vectors is None:
                    vectors = tile_vectors[tile] = Counter()
                vectors[tiles.get(tile, NO_TILE) + tiles0.get(tile, NO_TILE)] += 1
        sums, squares = self.pair_sums, self.pair_squares
        for (key, difference), games in differences.items():
            sums[key] += difference * games
            squares[key] += difference * difference * games
        for vector, games in spread.items():
            self.pair_spread.add(vector, games)
        for tile, vectors in tile_vectors.items():
            moments = self.pair_tiles.setdefault(tile, Moments(8))
            for vector, games in vectors.items():
                moments.add(vector, games)

    def merge(self, other: Tally) -> None:
        self.games += other.games
        for name in ("totals", "winning_totals", "gaps", "paired", "seat_wins"):
            getattr(self, name).update(getattr(other, name))
        self.top_ties += other.top_ties
        self.shared_wins += other.shared_wins
        self.winner_changes += other.winner_changes
        for name in ("track_points", "net_points", "outcomes", "tile_outcomes"):
            mine: dict[Any, Counter[Any]] = getattr(self, name)
            for key, counts in getattr(other, name).items():
                mine.setdefault(key, Counter()).update(counts)
        self.planning.merge(other.planning)
        self.design.merge(other.design)
        self.pair_same += other.pair_same
        self.pair_sums.update(other.pair_sums)
        self.pair_squares.update(other.pair_squares)
        self.pair_spread.merge(other.pair_spread)
        for tile, moments in other.pair_tiles.items():
            self.pair_tiles.setdefault(tile, Moments(8)).merge(moments)


PAIRED_IN_SCORING = ("emperor", "net", *OUTCOMES)  # the per-round figures paired, in _scoring_counts' order
SEAT_KEYS = tuple(f"seat{seat}" for seat in range(1, 9))
NO_TILE = (0, 0, 0, 0)
Counts = tuple[int, int, int, int, int]  # Emperor points, net points, bonus, neutral and penalty counts


def pair_key(round_: int, what: str) -> str:
    """The Tally.pair_sums key of an Emperor scoring's figure (emperor, net or an outcome)."""
    return f"r{round_}.{what}"


@lru_cache(maxsize=64)
def _round_keys(round_: int) -> tuple[str, ...]:
    return tuple(pair_key(round_, what) for what in PAIRED_IN_SCORING)


def _scoring_counts(scorings: tuple[Scoring, ...]) -> dict[int, tuple[str, Counts]]:
    """Per Emperor scoring of a game: its tile and the players' sums (PAIRED_IN_SCORING)."""
    found: dict[int, tuple[str, Counts]] = {}
    for scoring in scorings:
        outcomes = scoring.outcomes
        found[scoring.round] = (
            scoring.tile,
            (
                sum(scoring.track_points),
                sum(scoring.net),
                outcomes.count("bonus"),
                outcomes.count("nothing"),
                outcomes.count("penalty"),
            ),
        )
    return found


def _tile_counts(counts: dict[int, tuple[str, Counts]]) -> dict[str, tuple[int, int, int, int]]:
    """Per tile of a game: how many players got a bonus, nothing and a penalty on it, and how many it scored."""
    tiles: dict[str, tuple[int, int, int, int]] = {}
    for tile, (_emperor, _net, bonus, nothing, penalty) in counts.values():
        b, z, p, n = tiles.get(tile, NO_TILE)
        tiles[tile] = (b + bonus, z + nothing, p + penalty, n + bonus + nothing + penalty)
    return tiles


def rate(part: int, whole: int) -> float:
    return round(part / whole, 4) if whole else 0.0


def summary(counts: Counter[int]) -> dict[str, Any]:
    """Count, mean, sample standard deviation, min, max and percentiles of an integer distribution (exact)."""
    n = sum(counts.values())
    if not n:
        return {"n": 0, "mean": 0.0, "stdev": 0.0, "min": 0, "max": 0, "percentiles": {}}
    values = sorted(counts)
    total = sum(v * c for v, c in counts.items())
    squares = sum(v * v * c for v, c in counts.items())
    variance = (n * squares - total * total) / (n * (n - 1)) if n > 1 else 0.0
    percentiles: dict[str, int] = {}
    for p in PERCENTILES:
        rank = max(1, -(-p * n // 100))  # nearest rank: ceil(p/100 * n)
        running = 0
        for value in values:
            running += counts[value]
            if running >= rank:
                percentiles[f"p{p}"] = value
                break
    return {
        "n": n,
        "mean": round(total / n, 3),
        "stdev": round(variance**0.5, 3),
        "min": values[0],
        "max": values[-1],
        "percentiles": percentiles,
    }


def outcome_rates(counts: Counter[str]) -> dict[str, Any]:
    n = sum(counts.values())
    return {"n": n, **{name: rate(counts[name], n) for name in OUTCOMES}}


def histogram(counts: Counter[int]) -> list[list[int]]:
    """[[value, count], ...] in value order (JSON-friendly, exact)."""
    return [[value, counts[value]] for value in sorted(counts)]
