"""`gah tune`: the value of one ruleset path that brings a metric to a target, on common random numbers.

Every value tried is a sweep point (gah.lab.runs.grid: the same path syntax, checked and built the same way)
played beside the starting ruleset on the same games, so `gah sweep` with the same seed shows the same numbers
at every value. The search plays a coarse grid over the range first (at most COARSE values, the ends included),
then bisects, on whole numbers, every pair of neighbouring values tried whose metric lies on either side of the
target, until the pair is two neighbouring whole numbers. A metric that rises in one part of the range and
falls in another is said to be not monotonic, and each crossing is refined. Every number in the rules data is a
whole number (schemas/ruleset.schema.json), so a range is whole numbers.

Each value's metric has a 95% interval from a delete-a-batch jackknife: the games are cut into about BATCHES
batches of consecutive games (the game is the unit, so the players of one game never count as independent), the
metric is computed without each batch in turn, and the spread of those values gives the interval, with a t
quantile on batches - 1 degrees of freedom. It holds for every metric of the catalogue (rates, means, ratios,
balance) without a formula for each.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Literal

from ... import ir
from ...frontend.rulesets import Resolved
from . import metrics
from .grid import Axis, SweepUsage, build_point, parse_vary
from .intervals import Interval, t_quantile
from .jobs import CHUNK, LabSpec
from .metrics import is_rate
from .tallies import Tally
from .voice import say

COARSE = 5  # values of the first step (the ends of the range and evenly between)
BATCHES = 20  # batches of games for the intervals
EXAMPLE = "gah tune base --vary emperor_scorings.7.move_back=3..11 --target penalty_r7=10%"
METHOD = (
    "delete-a-batch jackknife over batches of consecutive games (the game is the unit), t quantile with "
    "batches - 1 degrees of freedom"
)


class TuneUsage(SweepUsage):
    """A --vary or --target that cannot be read (a usage mistake: exit 2)."""


@dataclass(frozen=True)
class Span:
    """The --vary of `gah tune`: a path (as `gah sweep` reads it) and the whole numbers low..high it may take."""

    axis: Axis
    low: int
    high: int


def parse_range(text: str) -> Span:
    """PATH=A..B, whole numbers A < B (the path as `gah sweep --vary` reads it)."""
    axis = parse_vary(text)
    whole = [v for v in axis.values if isinstance(v, int) and not isinstance(v, bool)]
    if len(whole) < 2 or tuple(whole) != tuple(range(whole[0], whole[0] + len(axis.values))):
        raise TuneUsage(say("usage_tune_range", text=repr(text)))
    return Span(axis, whole[0], whole[-1])


@dataclass(frozen=True)
class Target:
    """The metric to bring to a value (a rate as a fraction), compared at the precision the metric is reported."""

    metric: str
    value: float


def parse_target(text: str, names: Sequence[str]) -> Target:
    """METRIC=VALUE. A rate's value is a percentage (10%) or a fraction from 0 to 1 (0.10); any other metric's
    is a plain number in its unit (points or counts)."""
    metric, equals, value_text = (part.strip() for part in text.partition("="))
    if not equals or not metric or not value_text:
        raise TuneUsage(say("usage_target_form", text=repr(text)))
    if metric not in names:
        raise TuneUsage(say("usage_target_metric", text=repr(text), metric=metric, names=", ".join(names)))
    percent = value_text.endswith("%")
    try:
        number = float(value_text[:-1] if percent else value_text)
    except ValueError:
        raise TuneUsage(say("usage_target_number", text=repr(text), value=repr(value_text))) from None
    if is_rate(metric):
        value = number / 100 if percent else number
        if not 0 <= value <= 1:
            raise TuneUsage(say("usage_target_rate", text=repr(text), metric=metric))
    elif percent:
        raise TuneUsage(say("usage_target_unit", text=repr(text), metric=metric, unit=metrics.metric_unit(metric)))
    else:
        value = number
    return Target(metric, round(value, metrics.metric_of(metric).digits) + 0.0)


@dataclass(frozen=True)
class Reading:
    """The metric at one value of the path with its 95% interval; or, for a value that breaks the rules (or
    whose ruleset lacks the metric), no estimate and the problems."""

    value: int
    estimate: float | None
    interval: Interval | None = None
    problems: tuple[str, ...] = ()

    def side(self, target: float) -> int:
        """-1 below the target, 0 on it, 1 above (a valid reading only)."""
        assert self.estimate is not None
        return (self.estimate > target) - (self.estimate < target)

    def covers(self, target: Target) -> bool:
        """Whether the target is inside the 95% interval, its ends rounded as the metric is (these games cannot
        tell the value from the target)."""
        if self.interval is None:
            return False
        digits = metrics.metric_of(target.metric).digits
        return round(self.interval.low, digits) <= target.value <= round(self.interval.high, digits)


def batching(games: int) -> tuple[int, int]:
    """The chunk size to play in and the chunks per batch: about BATCHES batches of equal size, each a whole
    number of chunks of at most CHUNK games."""
    size = -(-games // BATCHES)
    per_batch = -(-size // CHUNK)
    return -(-size // per_batch), per_batch


def batch_count(games: int) -> int:
    """How many batches `batching` cuts the games into."""
    chunk, per_batch = batching(games)
    return -(-games // (chunk * per_batch))


def merged(tallies: Sequence[Tally]) -> Tally:
    total = Tally()
    for tally in tallies:
        total.merge(tally)
    return total


def jackknife(batches: Sequence[Tally], metric: str, players: int) -> tuple[float, Interval | None]:
    """The metric over every batch and its delete-a-batch jackknife 95% interval (None under 2 batches);
    a rate's interval is kept within 0..1."""
    estimate = metrics.values(merged(batches), players)[metric]
    count = len(batches)
    if count < 2:
        return estimate, None
    before = [Tally()]  # before[i]: batches 0..i-1 merged; after[i]: batches i+1.. merged
    for batch in batches[:-1]:
        before.append(merged([before[-1], batch]))
    after = [Tally()]
    for batch in reversed(batches[1:]):
        after.insert(0, merged([batch, after[0]]))
    left_out = [metrics.values(merged([b, a]), players)[metric] for b, a in zip(before, after, strict=True)]
    mean = sum(left_out) / count
    spread = ((count - 1) / count * sum((x - mean) ** 2 for x in left_out)) ** 0.5
    half = t_quantile(count - 1) * spread
    low, high = estimate - half, estimate + half
    if metrics.metric_unit(metric) == "rate":
        low, high = max(low, 0.0), min(high, 1.0)
    return estimate, Interval(estimate, low, high)


Measure = Callable[[Sequence[int]], list[Reading]]


Play = Callable[[LabSpec, int], list[list[Tally]]]  # a spec and a chunk size -> each chunk's tallies


@dataclass(frozen=True)
class Tuning:
    """What every value is played with: the starting ruleset, its merged data and the run's settings."""

    start: ir.Ruleset
    resolved: Resolved
    axis: Axis
    spec: LabSpec  # the start alone: the model, games, players and seed every step uses
    metric: str


def measure_with(lab: Tuning, play: Play) -> Measure:
    """Readings of values: each built as a sweep point and played beside the start, on the spec's games."""
    chunk, per_batch = batching(lab.spec.games)

    def measure(values: Sequence[int]) -> list[Reading]:
        points = [build_point(lab.resolved, [lab.axis], (value,), lab.spec.players) for value in values]
        rulesets = tuple(p.ruleset for p in points if p.ruleset is not None)
        spec = LabSpec((lab.start, *rulesets), lab.spec.model, lab.spec.games, lab.spec.players, lab.spec.seed)
        chunks = play(spec, chunk) if rulesets else []
        batches = [chunks[at : at + per_batch] for at in range(0, len(chunks), per_batch)]
        played = iter(range(1, len(spec.rulesets)))
        readings: list[Reading] = []
        for value, point in zip(values, points, strict=True):
            if point.ruleset is None:
                readings.append(Reading(value, None, problems=point.problems))
                continue
            index = next(played)
            tallies = [merged([chunk_tallies[index] for chunk_tallies in batch]) for batch in batches]
            if lab.metric not in metrics.values(tallies[0], lab.spec.players):
                readings.append(Reading(value, None, problems=(say("point_lacks_metric", metric=lab.metric),)))
                continue
            estimate, interval = jackknife(tallies, lab.metric, lab.spec.players)
            readings.append(Reading(value, estimate, interval))
        return readings

    return measure


Shape = Literal["rising", "falling", "flat", "not monotonic"]


@dataclass(frozen=True)
class Step:
    number: int
    kind: Literal["coarse grid", "bisection"]
    readings: tuple[Reading, ...]


@dataclass(frozen=True)
class Crossing:
    """Where the metric meets the target: one reading exactly on it, or two whose metrics lie on either side
    (neighbouring whole numbers unless a value between them breaks the rules)."""

    readings: tuple[Reading, ...]

    @property
    def adjacent(self) -> bool:
        return len(self.readings) == 1 or self.readings[1].value - self.readings[0].value == 1


@dataclass(frozen=True)
class Search:
    """Every step, the metric's shape over the valid values tried, and the crossings (none: `nearest` is the
    valid reading closest to the target; None when no value is valid)."""

    low: int
    high: int
    target: Target
    steps: tuple[Step, ...]
    shape: Shape | None
    crossings: tuple[Crossing, ...]
    nearest: Reading | None

    @property
    def readings(self) -> list[Reading]:
        """Every reading, by value."""
        return sorted((r for step in self.steps for r in step.readings), key=lambda r: r.value)

    @property
    def valid(self) -> list[Reading]:
        return [r for r in self.readings if r.estimate is not None]


def coarse_values(low: int, high: int) -> list[int]:
    """At most COARSE values from low to high, both included, evenly spread."""
    span = high - low
    if span < COARSE:
        return list(range(low, high + 1))
    return sorted({low + i * span // (COARSE - 1) for i in range(COARSE)})


def brackets(readings: Sequence[Reading], target: float) -> list[tuple[Reading, Reading]]:
    """Neighbouring valid readings (by value) whose metrics lie strictly on either side of the target."""
    valid = [r for r in readings if r.estimate is not None]
    return [(a, b) for a, b in pairwise(valid) if a.side(target) * b.side(target) < 0]


def shape(readings: Sequence[Reading]) -> Shape | None:
    """How the metric moves as the value rises, over valid readings (None under two)."""
    estimates = [r.estimate for r in readings if r.estimate is not None]
    if len(estimates) < 2:
        return None
    steps = [b - a for a, b in pairwise(estimates)]
    if all(step == 0 for step in steps):
        return "flat"
    if all(step >= 0 for step in steps):
        return "rising"
    if all(step <= 0 for step in steps):
        return "falling"
    return "not monotonic"


def middles(readings: Sequence[Reading], target: float) -> set[int]:
    """The values to try next: the middle of every untried stretch between two tried values inside a bracket
    of the target; with no bracket and no value on the target, inside every stretch from a value that breaks
    the rules to one that does not (the target may lie beyond the values tried there)."""
    pairs = brackets(readings, target)
    if not pairs and not any(r.estimate is not None and r.side(target) == 0 for r in readings):
        pairs = [(a, b) for a, b in pairwise(readings) if (a.estimate is None) != (b.estimate is None)]
    tried = [r.value for r in readings]
    return {(x + y) // 2 for a, b in pairs for x, y in pairwise(tried) if a.value <= x and y <= b.value and y - x > 1}


def search(low: int, high: int, target: Target, measure: Measure) -> Search:
    """A coarse grid over low..high, then bisection of every bracket of the target until its values are
    neighbours (or every value between them breaks the rules)."""
    steps = [Step(1, "coarse grid", tuple(measure(coarse_values(low, high))))]
    tried = {r.value: r for r in steps[0].readings}
    readings = sorted(tried.values(), key=lambda r: r.value)
    while next_values := sorted(middles(readings, target.value)):
        steps.append(Step(len(steps) + 1, "bisection", tuple(measure(next_values))))
        tried.update((r.value, r) for r in steps[-1].readings)
        readings = sorted(tried.values(), key=lambda r: r.value)
    valid = [r for r in readings if r.estimate is not None]
    exact = [Crossing((r,)) for r in valid if r.side(target.value) == 0]
    between = [Crossing(pair) for pair in brackets(readings, target.value)]
    crossings = tuple(sorted(exact + between, key=lambda c: c.readings[0].value))
    nearest = None
    if not crossings and valid:
        nearest = min(valid, key=lambda r: (abs((r.estimate or 0.0) - target.value), r.value))
    return Search(low, high, target, tuple(steps), shape(valid), crossings, nearest)
