"""Tallies of many games: integer counters only, so merging chunks in any grouping gives the same numbers."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from compiler.lab.game import Outcome

OUTCOMES: tuple[str, ...] = ("bonus", "nothing", "penalty")
# How reports name the outcomes (the data keeps the rules' own word, "nothing").
OUTCOME_WORDS: dict[str, str] = {"bonus": "bonus", "nothing": "neutral", "penalty": "penalty"}
PERCENTILES: tuple[int, ...] = (5, 10, 25, 50, 75, 90, 95)


@dataclass
class PlanTally:
    """What planning players did and scored (compiler.lab.planning), counted apart from the outcomes."""

    planners: int = 0  # player-games of planners
    others: int = 0  # player-games of the other players
    planner_totals: Counter[int] = field(default_factory=Counter)
    other_totals: Counter[int] = field(default_factory=Counter)
    planner_wins: int = 0  # planners of rank 1 (a shared win counts for each)
    other_wins: int = 0
    steps: dict[int, Counter[int]] = field(default_factory=dict)  # scoring round -> extra steps bought per planner
    served: Counter[int] = field(default_factory=Counter)  # guests a planner served from the café at the end

    def add(self, outcome: Outcome) -> None:
        moves = outcome.moves
        if moves is None:  # nobody plans
            self.others += len(outcome.totals)
            self.other_totals.update(outcome.totals)
            self.other_wins += len(outcome.winners)
            return
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
            self.steps.setdefault(round_, Counter()).update(
                b for b, plans in zip(bought, planners, strict=True) if plans
            )
        self.served.update(s for s, plans in zip(moves.cafe, planners, strict=True) if plans)

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
    planning: PlanTally = field(default_factory=PlanTally)

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
        self.planning.add(outcome)

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
