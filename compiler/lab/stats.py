"""Tallies of many games: integer counters only, so merging chunks in any grouping gives the same numbers."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from compiler.lab.game import Outcome, Scoring
from compiler.lab.intervals import Moments

OUTCOMES: tuple[str, ...] = ("bonus", "nothing", "penalty")
# How reports name the outcomes (the data keeps the rules' own word, "nothing").
OUTCOME_WORDS: dict[str, str] = {"bonus": "bonus", "nothing": "neutral", "penalty": "penalty"}
PERCENTILES: tuple[int, ...] = (5, 10, 25, 50, 75, 90, 95)


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
    # Paired differences from the first ruleset, game by game, for the 95% intervals (compiler.lab.intervals).
    pair_sums: Counter[str] = field(default_factory=Counter)  # pair key -> sum over games of (here - first)
    pair_squares: Counter[str] = field(default_factory=Counter)  # pair key -> sum over games of its square
    # Per game: (sum, sum of squares) of the players' totals here, then under the first ruleset.
    pair_spread: Moments = field(default_factory=lambda: Moments(4))
    # Tile -> per game: (bonus, neutral, penalty, players scored) on it here, then under the first ruleset.
    pair_tiles: dict[str, Moments] = field(default_factory=dict)

    def add(self, outcome: Outcome, first: Outcome) -> None:
        """Count one game; `first` is the same game under the first ruleset."""
        self.games += 1
        self.totals.update(outcome.totals)
        self.winning_totals[max(outcome.totals)] += 1
        self.gaps[max(outcome.totals) - min(outcome.totals)] += 1
        self.paired.update(a - b for a, b in zip(outcome.totals, first.totals, strict=True))
        self.top_ties += outcome.top_tied
        self.shared_wins += len(outcome.winners) > 1
        self.winner_changes += outcome.winners != first.winners
        self.seat_wins.update(seat + 1 for seat in outcome.winners)
        for scoring in outcome.scorings:
            self.track_points.setdefault(scoring.round, Counter()).update(scoring.track_points)
            self.net_points.setdefault(scoring.round, Counter()).update(scoring.net)
            self.outcomes.setdefault(scoring.round, Counter()).update(scoring.outcomes)
            self.tile_outcomes.setdefault(scoring.tile, Counter()).update(scoring.outcomes)
        self._add_pairs(outcome, first)

    def _add_pairs(self, outcome: Outcome, first: Outcome) -> None:
        """The game's differences from the same game under the first ruleset (the unit of pairing)."""
        totals, totals0 = outcome.totals, first.totals
        best, best0 = max(totals), max(totals0)
        found = {
            "total": sum(totals) - sum(totals0),
            "winning": best - best0,
            "gap": best - min(totals) - best0 + min(totals0),
            "tie": outcome.top_tied - first.top_tied,
            "shared": (len(outcome.winners) > 1) - (len(first.winners) > 1),
        }
        for seat in range(len(totals)):
            found[f"seat{seat + 1}"] = (seat in outcome.winners) - (seat in first.winners)
        by_round = {scoring.round: scoring for scoring in first.scorings}
        for scoring in outcome.scorings:
            other = by_round.get(scoring.round)
            if other is None:
                continue
            found[pair_key(scoring.round, "emperor")] = sum(scoring.track_points) - sum(other.track_points)
            found[pair_key(scoring.round, "net")] = sum(scoring.net) - sum(other.net)
            for name in OUTCOMES:
                found[pair_key(scoring.round, name)] = scoring.outcomes.count(name) - other.outcomes.count(name)
        for key, difference in found.items():
            self.pair_sums[key] += difference
            self.pair_squares[key] += difference * difference
        self.pair_spread.add((sum(totals), sum(t * t for t in totals), sum(totals0), sum(t * t for t in totals0)))
        tiles = _tile_counts(outcome.scorings)
        tiles0 = _tile_counts(first.scorings)
        for tile in sorted(tiles.keys() | tiles0.keys()):
            here, there = tiles.get(tile, (0, 0, 0, 0)), tiles0.get(tile, (0, 0, 0, 0))
            self.pair_tiles.setdefault(tile, Moments(8)).add(here + there)

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
        self.pair_sums.update(other.pair_sums)
        self.pair_squares.update(other.pair_squares)
        self.pair_spread.merge(other.pair_spread)
        for tile, moments in other.pair_tiles.items():
            self.pair_tiles.setdefault(tile, Moments(8)).merge(moments)


def pair_key(round_: int, what: str) -> str:
    """The Tally.pair_sums key of an Emperor scoring's figure (emperor, net or an outcome)."""
    return f"r{round_}.{what}"


def _tile_counts(scorings: tuple[Scoring, ...]) -> dict[str, tuple[int, int, int, int]]:
    """Per tile of a game: how many players got a bonus, nothing and a penalty on it, and how many it scored."""
    counts: dict[str, tuple[int, int, int, int]] = {}
    for scoring in scorings:
        bonus, nothing, penalty, scored = counts.get(scoring.tile, (0, 0, 0, 0))
        outcomes = scoring.outcomes
        counts[scoring.tile] = (
            bonus + outcomes.count("bonus"),
            nothing + outcomes.count("nothing"),
            penalty + outcomes.count("penalty"),
            scored + len(outcomes),
        )
    return counts


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
