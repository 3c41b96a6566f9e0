"""The lab's reports as typed records: what the views render, built from the runs' tallies.

Every record is frozen; `as_json` gives its part of the JSON that `--json` prints (gah-compare/1,
gah-sweep/1), key for key in the order those formats have always had. Rates are fractions, rounded to 4
digits; means and spreads of points to 3 (gah.lab.runs.tallies).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from ...frontend.loader import Scalar
from ..engine.model import Planning, Price
from ..runs.intervals import LEVEL, METHODS, Interval
from ..runs.metrics import Metric
from ..runs.tallies import OUTCOMES, summary

Json = dict[str, Any]  # the plain data of json.dumps (--json): the as_json methods below, tune.py, runs/states.py
COMPARE_FORMAT = "gah-compare/1"
SWEEP_FORMAT = "gah-sweep/1"


@dataclass(frozen=True)
class Summary:
    """Count, mean, sample standard deviation, min, max and nearest-rank percentiles of integers."""

    n: int
    mean: float
    stdev: float
    min: int
    max: int
    percentiles: dict[str, int]

    @classmethod
    def of(cls, counts: Counter[int]) -> Summary:
        found = summary(counts)
        return cls(found["n"], found["mean"], found["stdev"], found["min"], found["max"], found["percentiles"])

    def percentile(self, p: int) -> int:
        """The p-th percentile (0 when there are no values)."""
        return self.percentiles.get(f"p{p}", 0)

    def as_json(self) -> Json:
        return {
            "n": self.n,
            "mean": self.mean,
            "stdev": self.stdev,
            "min": self.min,
            "max": self.max,
            "percentiles": dict(self.percentiles),
        }


@dataclass(frozen=True)
class Difference:
    """A difference from the reference with its 95% interval, rounded as the report shows it; within noise
    when the rounded interval contains 0 (so the numbers shown agree with the verdict)."""

    estimate: float
    low: float
    high: float
    within_noise: bool

    @classmethod
    def of(cls, interval: Interval, digits: int) -> Difference:
        low, high = round(interval.low, digits) + 0.0, round(interval.high, digits) + 0.0  # + 0.0: never -0.0
        return cls(round(interval.estimate, digits) + 0.0, low, high, low <= 0.0 <= high)

    @property
    def same(self) -> bool:
        """No game changed: the interval is [0, 0]."""
        return self.low == self.high == 0

    def as_json(self) -> Json:
        return {"estimate": self.estimate, "low": self.low, "high": self.high, "within_noise": self.within_noise}


def shown(interval: Interval | None, digits: int) -> Difference | None:
    return None if interval is None else Difference.of(interval, digits)


def _json(difference: Difference | None) -> Json | None:
    return None if difference is None else difference.as_json()


@dataclass(frozen=True)
class Outcomes:
    """How often players got the bonus, nothing and the penalty, out of n scored."""

    n: int
    bonus: float
    nothing: float
    penalty: float

    def rate(self, outcome: str) -> float:
        return {"bonus": self.bonus, "nothing": self.nothing, "penalty": self.penalty}[outcome]

    def as_json(self) -> Json:
        return {"n": self.n, **{name: self.rate(name) for name in OUTCOMES}}


@dataclass(frozen=True)
class ScoringRecord:
    """One Emperor scoring of a ruleset's games."""

    round: int
    emperor_points: Summary
    net_points: Summary
    outcomes: Outcomes

    def as_json(self) -> Json:
        return {
            "round": self.round,
            "emperor_points": self.emperor_points.as_json(),
            "net_points": self.net_points.as_json(),
            "outcomes": self.outcomes.as_json(),
        }


@dataclass(frozen=True)
class TileRecord:
    tile: str
    tier: str
    outcomes: Outcomes

    def as_json(self) -> Json:
        return {"tile": self.tile, "tier": self.tier, "outcomes": self.outcomes.as_json()}


@dataclass(frozen=True)
class OutcomeDifferences:
    """The differences of the bonus, neutral and penalty rates (None: no interval)."""

    bonus: Difference | None
    nothing: Difference | None
    penalty: Difference | None

    def of(self, outcome: str) -> Difference | None:
        return {"bonus": self.bonus, "nothing": self.nothing, "penalty": self.penalty}[outcome]

    def as_json(self) -> Json:
        return {name: _json(self.of(name)) for name in OUTCOMES}


@dataclass(frozen=True)
class ScoringDifferences:
    round: int
    emperor_points_mean: Difference | None
    net_points_mean: Difference | None
    outcomes: OutcomeDifferences

    def as_json(self) -> Json:
        return {
            "round": self.round,
            "emperor_points_mean": _json(self.emperor_points_mean),
            "net_points_mean": _json(self.net_points_mean),
            **self.outcomes.as_json(),
        }


@dataclass(frozen=True)
class TileDifferences:
    tile: str
    outcomes: OutcomeDifferences

    def as_json(self) -> Json:
        return {"tile": self.tile, **self.outcomes.as_json()}


@dataclass(frozen=True)
class Differences:
    """A ruleset's figures minus the reference's, each with its 95% interval from the paired games."""

    games: int
    final_total_mean: Difference | None
    final_total_stdev: Difference | None
    winning_total_mean: Difference | None
    gap_first_last_mean: Difference | None
    winner_change_rate: Difference | None  # a rate against 0: how often the winners differ
    tie_rate: Difference | None
    shared_win_rate: Difference | None
    seat_win_rate: dict[int, Difference | None]
    scorings: tuple[ScoringDifferences, ...]
    tiles: tuple[TileDifferences, ...]
    metrics: dict[str, Difference | None]  # by metric name (gah.lab.runs.metrics)

    def scoring(self, round_: int) -> ScoringDifferences | None:
        return next((s for s in self.scorings if s.round == round_), None)

    def tile(self, tile: str) -> TileDifferences | None:
        return next((t for t in self.tiles if t.tile == tile), None)

    def as_json(self) -> Json:
        return {
            "games": self.games,
            "final_total_mean": _json(self.final_total_mean),
            "final_total_stdev": _json(self.final_total_stdev),
            "winning_total_mean": _json(self.winning_total_mean),
            "gap_first_last_mean": _json(self.gap_first_last_mean),
            "winner_change_rate": _json(self.winner_change_rate),
            "tie_rate": _json(self.tie_rate),
            "shared_win_rate": _json(self.shared_win_rate),
            "seat_win_rate": {str(seat): _json(found) for seat, found in self.seat_win_rate.items()},
            "scorings": [s.as_json() for s in self.scorings],
            "tiles": [t.as_json() for t in self.tiles],
            "metrics": {name: _json(found) for name, found in self.metrics.items()},
        }


Histogram = tuple[tuple[int, int], ...]  # (value, count) in value order


def _histogram(pairs: Histogram) -> list[list[int]]:
    return [[value, count] for value, count in pairs]


@dataclass(frozen=True)
class Choices:
    """Units planners bought at one kind of decision: how many decisions, the mean, how often any, the price."""

    decisions: int
    mean: float
    buying_rate: float
    points_paid_mean: float
    krones_paid_mean: float
    histogram: Histogram

    def as_json(self) -> Json:
        return {
            "decisions": self.decisions,
            "mean": self.mean,
            "buying_rate": self.buying_rate,
            "points_paid_mean": self.points_paid_mean,
            "krones_paid_mean": self.krones_paid_mean,
            "histogram": _histogram(self.histogram),
        }


@dataclass(frozen=True)
class Planners:
    """What planning players did under one ruleset: who planned, their totals and wins beside the others'."""

    planners: int
    planner_share: float
    planner_total: Summary
    other_total: Summary
    planner_win_rate: float
    other_win_rate: float
    emperor_steps: tuple[tuple[int, Choices], ...]  # (scoring round, the steps bought before it)
    cafe_guests: Choices | None  # None: the model has no café decision

    def steps(self, round_: int) -> Choices | None:
        return next((choices for r, choices in self.emperor_steps if r == round_), None)

    def as_json(self) -> Json:
        return {
            "planners": self.planners,
            "planner_share": self.planner_share,
            "planner_total": self.planner_total.as_json(),
            "other_total": self.other_total.as_json(),
            "planner_win_rate": self.planner_win_rate,
            "other_win_rate": self.other_win_rate,
            "emperor_steps": [{"round": r, **choices.as_json()} for r, choices in self.emperor_steps],
            "cafe_guests": None if self.cafe_guests is None else self.cafe_guests.as_json(),
        }


@dataclass(frozen=True)
class Level:
    """A level read as a verdict (balance, a seat's win rate) with its own 95% interval (not a difference)."""

    value: float
    low: float
    high: float

    def as_json(self) -> Json:
        return {"value": self.value, "low": self.low, "high": self.high}


@dataclass(frozen=True)
class RulesetRecord:
    """Everything counted for one ruleset, and its differences from the reference."""

    name: str
    title: str
    games: int
    final_total: Summary
    winning_total: Summary
    gap_first_last: Summary
    difference_from_first: Summary  # each player's total minus under the reference
    winner_change_rate: float
    tie_rate: float
    shared_win_rate: float
    seat_win_rate: dict[int, float]
    scorings: tuple[ScoringRecord, ...]
    tiles: tuple[TileRecord, ...]
    final_total_histogram: Histogram
    differences: Differences
    planning: Planners
    metrics: dict[str, float]  # by metric name, in catalogue order
    level_intervals: dict[str, Level | None]  # balance and seatN_wins: each level's 95% interval

    def scoring(self, round_: int) -> ScoringRecord | None:
        return next((s for s in self.scorings if s.round == round_), None)

    def tile(self, tile: str) -> TileRecord | None:
        return next((t for t in self.tiles if t.tile == tile), None)

    def as_json(self) -> Json:
        return {
            "name": self.name,
            "title": self.title,
            "games": self.games,
            "final_total": self.final_total.as_json(),
            "winning_total": self.winning_total.as_json(),
            "gap_first_last": self.gap_first_last.as_json(),
            "difference_from_first": self.difference_from_first.as_json(),
            "winner_change_rate": self.winner_change_rate,
            "tie_rate": self.tie_rate,
            "shared_win_rate": self.shared_win_rate,
            "seat_win_rate": {str(seat): found for seat, found in self.seat_win_rate.items()},
            "scorings": [s.as_json() for s in self.scorings],
            "tiles": [t.as_json() for t in self.tiles],
            "final_total_histogram": _histogram(self.final_total_histogram),
            "differences": self.differences.as_json(),
            "planning": self.planning.as_json(),
            "metrics": dict(self.metrics),
            "level_intervals": {
                name: None if found is None else found.as_json() for name, found in self.level_intervals.items()
            },
        }


def _price(price: Price) -> Json:
    return {"points": price.points, "krones": price.krones}


@dataclass(frozen=True)
class Run:
    """What was played: the games, players, seed, chunk size and game model (the head of every lab report)."""

    games: int
    players: int
    seed: int
    chunk: int
    model: str  # its name
    model_file: str
    model_description: str
    planning: Planning

    def as_json(self) -> Json:
        planning = self.planning
        return {
            "games": self.games,
            "players": self.players,
            "seed": self.seed,
            "chunk": self.chunk,
            "model": {"name": self.model, "file": self.model_file, "description": self.model_description},
            "planning": {
                "active": planning.active,
                "fixed": planning.fixed,
                "share": planning.share,
                "mistakes": planning.mistakes,
                "temperature": planning.temperature,
                "emperor_steps": {"limit": planning.step_limit, "price": _price(planning.step_price)},
                "cafe_guests": {"price": _price(planning.guest_price)} if planning.cafe else None,
            },
        }


def _intervals() -> Json:
    return {"level": LEVEL, "methods": dict(METHODS)}


def _definitions(metrics: tuple[Metric, ...]) -> Json:
    return {m.name: {"unit": m.unit, "definition": m.english_definition} for m in metrics}


@dataclass(frozen=True)
class CompareReport:
    """`gah compare`: every ruleset's record, the first the reference, and the metrics they have."""

    run: Run
    rulesets: tuple[RulesetRecord, ...]
    metrics: tuple[Metric, ...]  # every metric any ruleset has, in catalogue order

    @property
    def reference(self) -> str:
        return self.rulesets[0].name

    @property
    def rounds(self) -> list[int]:
        """The rounds with an Emperor scoring under any ruleset."""
        return sorted({s.round for entry in self.rulesets for s in entry.scorings})

    def as_json(self) -> Json:
        return {
            "format": COMPARE_FORMAT,
            **self.run.as_json(),
            "reference": self.reference,
            "intervals": _intervals(),
            "rulesets": [entry.as_json() for entry in self.rulesets],
            "metric_definitions": _definitions(self.metrics),
        }


@dataclass(frozen=True)
class SweepAxis:
    """One varied path of a sweep: the values it takes and the starting ruleset's own (None: it has none)."""

    path: str
    values: tuple[Scalar, ...]
    start: Scalar
    run: bool = False  # an axis of the run (players, model.PATH): each of its values has a start of its own

    def as_json(self) -> Json:
        found: Json = {"path": self.path, "values": list(self.values), "start": self.start}
        return {**found, "run": True} if self.run else found


@dataclass(frozen=True)
class SweepPoint:
    """One grid point: its values and, if its ruleset is valid, its metrics and their differences from the
    start; else the problems that stop it."""

    values: dict[str, Scalar]  # by path
    valid: bool
    problems: tuple[str, ...] = ()
    metrics: dict[str, float] = field(default_factory=dict)
    differences: dict[str, Difference | None] = field(default_factory=dict)

    def within_noise(self, metric: str) -> bool | None:
        """Whether the metric is within noise of the start's; None without an interval."""
        found = self.differences.get(metric)
        return None if found is None else found.within_noise

    def as_json(self) -> Json:
        if not self.valid:
            return {"values": dict(self.values), "valid": False, "problems": list(self.problems)}
        return {
            "values": dict(self.values),
            "valid": True,
            "metrics": dict(self.metrics),
            "differences": {name: _json(found) for name, found in self.differences.items()},
        }


@dataclass(frozen=True)
class SweepReport:
    """`gah sweep`: the start's metrics and every grid point's (the start is the reference)."""

    run: Run
    start: str
    vary: tuple[SweepAxis, ...]
    start_metrics: dict[str, float]  # by metric name, in catalogue order (with run axes: the first start's)
    points: tuple[SweepPoint, ...]
    definitions: tuple[Metric, ...]
    # With run axes (players, model.PATH): the start under each combination of their values, its values those
    # (by path) and its metrics; each point's differences are from the start of its own combination.
    starts: tuple[SweepPoint, ...] = ()

    @property
    def metrics(self) -> list[str]:
        if self.starts:  # the catalogue of the most players: every start's metrics are among them
            return [m.name for m in self.definitions]
        return list(self.start_metrics)

    @property
    def run_paths(self) -> list[str]:
        return [axis.path for axis in self.vary if axis.run]

    def as_json(self) -> Json:
        return {
            "format": SWEEP_FORMAT,
            **self.run.as_json(),
            "start": self.start,
            "vary": [axis.as_json() for axis in self.vary],
            "metrics": self.metrics,
            "start_metrics": dict(self.start_metrics),
            "intervals": _intervals(),
            "points": [point.as_json() for point in self.points],
            **({"starts": [start.as_json() for start in self.starts]} if self.starts else {}),
            "metric_definitions": _definitions(self.definitions),
        }
