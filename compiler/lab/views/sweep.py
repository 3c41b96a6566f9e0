"""The report of `gah sweep`: the start's metrics and every grid point's (gah.lab.runs.grid), filtered
by --where, sorted by --sort, as JSON, CSV or a table that fits the screen."""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from ...frontend.loader import Scalar
from ..runs.grid import Axis, Point, SweepUsage
from ..runs.jobs import LabSpec
from ..runs.metrics import is_rate
from ..runs.tallies import Tally
from ..runs.voice import say
from .compare import build_report, to_json
from .records import SweepAxis, SweepPoint, SweepReport
from .rows import INTERVAL_COLUMNS, NOISE_MARK, interval_cells, planning_note
from .textfit import GAP, blocks, wrap


@dataclass(frozen=True)
class Condition:
    """One --where: METRIC<=X, >=, <, >, or METRIC=A..B (both ends included); X may be a percentage.
    METRIC!=start keeps the points whose difference from the start is beyond noise (its 95% interval
    excludes 0), METRIC=start those within noise."""

    metric: str
    low: float | None
    high: float | None
    strict_low: bool = False
    strict_high: bool = False
    noise: bool | None = None  # a condition on the interval instead of the value

    def accepts(self, point: SweepPoint) -> bool:
        """Whether a valid point meets the condition; a point without an interval (under 2 games, or a
        spread of 0) meets neither `METRIC=start` nor `METRIC!=start`."""
        if self.noise is not None:
            return point.within_noise(self.metric) == self.noise
        return self.holds(point.metrics.get(self.metric))

    def holds(self, value: float | None) -> bool:
        if value is None:
            return False
        if self.low is not None and (value <= self.low if self.strict_low else value < self.low):
            return False
        return not (self.high is not None and (value >= self.high if self.strict_high else value > self.high))


def _number(text: str, where: str) -> float:
    text = text.strip()
    try:
        return float(text[:-1]) / 100 if text.endswith("%") else float(text)
    except ValueError:
        raise SweepUsage(say("usage_where_number", where=repr(where), text=repr(text))) from None


def parse_where(text: str, metrics: Sequence[str]) -> Condition:
    match = re.fullmatch(r"\s*([a-z0-9_]+)\s*(<=|>=|<|>|!=|=)\s*(.+?)\s*", text)
    if not match:
        raise SweepUsage(say("usage_where_form", text=repr(text)))
    metric, operator, operand = match.groups()
    if metric not in metrics:
        raise SweepUsage(say("usage_where_metric", text=repr(text), metric=metric, names=", ".join(metrics)))
    if operand == "start" and operator in ("=", "!="):
        return Condition(metric, None, None, noise=operator == "=")
    if operator == "!=":
        raise SweepUsage(say("usage_where_unequal", text=repr(text)))
    if operator == "=":
        low, dots, high = operand.partition("..")
        if not dots:
            value = _number(operand, text)
            return Condition(metric, value, value)
        return Condition(metric, _number(low, text), _number(high, text))
    value = _number(operand, text)
    if operator in ("<", "<="):
        return Condition(metric, None, value, strict_high=operator == "<")
    return Condition(metric, value, None, strict_low=operator == ">")


def parse_sort(text: str, metrics: Sequence[str]) -> tuple[str, bool]:
    """METRIC or METRIC:desc."""
    metric, _colon, order = text.partition(":")
    if metric not in metrics or order not in ("", "asc", "desc"):
        raise SweepUsage(say("usage_sort", text=repr(text), names=", ".join(metrics)))
    return metric, order == "desc"


def sweep_report(
    spec: LabSpec, axes: Sequence[Axis], starts: Sequence[Scalar], points: Sequence[Point], tallies: list[Tally]
) -> SweepReport:
    """The start's metrics and every point's, with their differences from the start (deterministic, no times)."""
    compare = build_report(spec, tallies)
    entries = iter(compare.rulesets)
    start = next(entries)
    found: list[SweepPoint] = []
    for point in points:
        values = {axis.name: value for axis, value in zip(axes, point.values, strict=True)}
        if point.ruleset is None:
            found.append(SweepPoint(values, False, point.problems))
        else:
            entry = next(entries)
            found.append(SweepPoint(values, True, (), dict(entry.metrics), dict(entry.differences.metrics)))
    return SweepReport(
        run=compare.run,
        start=compare.reference,
        vary=tuple(SweepAxis(axis.name, axis.values, value) for axis, value in zip(axes, starts, strict=True)),
        start_metrics=dict(start.metrics),
        points=tuple(found),
        definitions=compare.metrics,
    )


def merge_runs(run_axes: Sequence[SweepAxis], runs: Sequence[tuple[Sequence[Scalar], SweepReport]]) -> SweepReport:
    """One report of the sweeps played under each combination of the run axes' values (players, model.PATH):
    every start and every point, each with the run values it was played under. The head's run is the first
    run's; the metrics those of the run with the most players (a smaller game lacks the higher seats)."""

    def values_of(values: Sequence[Scalar]) -> dict[str, Scalar]:
        return {axis.path: value for axis, value in zip(run_axes, values, strict=True)}

    first = runs[0][1]
    widest = max((report for _values, report in runs), key=lambda report: report.run.players)
    return replace(
        first,
        vary=(*run_axes, *first.vary),
        points=tuple(
            replace(point, values={**values_of(values), **point.values})
            for values, report in runs
            for point in report.points
        ),
        definitions=widest.definitions,
        starts=tuple(SweepPoint(values_of(values), True, (), dict(report.start_metrics)) for values, report in runs),
    )


def select(report: SweepReport, where: Sequence[Condition], sort: tuple[str, bool] | None) -> SweepReport:
    """The report with only the valid points that meet every condition (invalid points stay), sorted if asked."""
    if not where and sort is None:
        return report
    kept = [point for point in report.points if not point.valid or all(c.accepts(point) for c in where)]
    if sort is not None:
        metric, descending = sort
        valid = sorted(
            (point for point in kept if point.valid and metric in point.metrics),
            key=lambda point: point.metrics[metric],
            reverse=descending,
        )
        lacking = [point for point in kept if point.valid and metric not in point.metrics]  # seat 4 of 2 players
        kept = valid + lacking + [point for point in kept if not point.valid]
    return replace(report, points=tuple(kept))


def matches(point: SweepPoint, where: Sequence[Condition]) -> bool:
    return point.valid and all(c.accepts(point) for c in where)


def sweep_json(report: SweepReport) -> str:
    return to_json(report.as_json())


def shown(metric: str, value: float) -> str:
    return f"{100 * value:.1f}%" if is_rate(metric) else f"{value:.2f}"


def value_text(value: Scalar) -> str:
    """A grid value as the reports show it: a string as it is, anything else as JSON."""
    return value if isinstance(value, str) else json.dumps(value)


def short_names(paths: Sequence[str]) -> list[str]:
    """Each path's column name: its last part when those differ (move_back, amount), else P1, P2, ... (the head's
    legend says which path each is)."""
    last = [path.rsplit(".", 1)[-1] for path in paths]
    return last if len(set(last)) == len(last) else [f"P{index}" for index in range(1, len(paths) + 1)]


def constant_metrics(report: SweepReport) -> list[str]:
    """The metrics whose value is the start's at every valid point of the report (none without valid points)."""
    start = report.start_metrics
    valid = [point for point in (*report.starts, *report.points) if point.valid]
    if not valid:
        return []
    return [m for m in report.metrics if all(point.metrics.get(m) == start.get(m) for point in valid)]


def sweep_text(report: SweepReport, everything: bool = False) -> str:
    """A table: one row per grid point (the start first), one column per varied value and per metric, cut into
    blocks of metrics that fit textfit.WIDTH; metrics the same at every point left out unless `everything`."""
    paths = [axis.path for axis in report.vary]
    constant = [] if everything else constant_metrics(report)
    metrics = [m for m in report.metrics if m not in constant]
    fixed = ["", *short_names(paths)]
    rows = [
        ([say("start_row"), *_start_cells(report, start.values)], [_shown_in(start, m) + " " for m in metrics])
        for start in _starts(report)
    ]
    problems: list[str] = []
    for point in report.points:
        cells = ["", *(value_text(point.values[p]) for p in paths)]
        if point.valid:
            rows.append((cells, [_shown_in(point, m) + _mark(point, m) for m in metrics]))
        else:
            rows.append((cells, [say("invalid_point")] + [""] * (len(metrics) - 1)))
            label = ", ".join(f"{p}={value_text(point.values[p])}" for p in paths)
            problems.extend(f"  {label}: {message}" for message in point.problems)
    lines = _sweep_head(report, paths, constant)
    lines.extend(_sweep_blocks(fixed, metrics, rows))
    if problems:
        lines += ["", say("broken_points"), *problems]
    return "\n".join(lines) + "\n"


def _starts(report: SweepReport) -> tuple[SweepPoint, ...]:
    """The start rows: one per combination of the run axes' values, or the one start."""
    return report.starts or (SweepPoint({}, True, (), report.start_metrics),)


def _start_cells(report: SweepReport, run_values: dict[str, Scalar]) -> list[str]:
    """A start row's values: the run values it was played under, then the starting ruleset's own."""
    return [
        value_text(run_values[axis.path] if axis.run else axis.start) if axis.run or axis.start is not None else "-"
        for axis in report.vary
    ]


def _shown_in(point: SweepPoint, metric: str) -> str:
    """A metric's value, or '-' where the point has none (seat 4 at 2 players)."""
    value = point.metrics.get(metric)
    return "-" if value is None else shown(metric, value)


def _sweep_head(report: SweepReport, paths: Sequence[str], constant: Sequence[str]) -> list[str]:
    run = report.run
    players = next((axis.values for axis in report.vary if axis.run and axis.path == "players"), (run.players,))
    planning = "" if report.starts else planning_note(run.planning)
    lines = [
        *wrap(
            say(
                "sweep_head",
                len(report.points),
                start=report.start,
                games=run.games,
                players=", ".join(map(str, players)),
                seed=run.seed,
                model=run.model,
                file=run.model_file,
                planning=planning,
            )
        ),
        *wrap(say("sweep_varied", paths=", ".join(_legend(paths)))),
        *wrap(say("sweep_noise", mark=NOISE_MARK)),
    ]
    if constant:
        values = ", ".join(f"{m} {shown(m, report.start_metrics[m])}" for m in constant)
        lines.extend(wrap(say("sweep_constant", values=values)))
    return [*lines, ""]


def _legend(paths: Sequence[str]) -> list[str]:
    """The varied paths as the head names them: "move_back = emperor_scorings.7.move_back" where the table's
    column is shorter than the path."""
    return [
        path if short == path else f"{short} = {path}" for short, path in zip(short_names(paths), paths, strict=True)
    ]


def _split(name: str, width: int) -> tuple[str, str]:
    """A column's name on two lines (split at the underscore that leaves the shorter longest line) when it is
    wider than the column's values, else on the second line alone."""
    cuts = [i for i, char in enumerate(name) if char == "_"]
    if len(name) <= width or not cuts:
        return "", name
    at = min(cuts, key=lambda i: max(i + 1, len(name) - i - 1))
    return name[: at + 1], name[at + 1 :]


def _sweep_blocks(fixed: list[str], metrics: list[str], rows: list[tuple[list[str], list[str]]]) -> list[str]:
    """The table in blocks of metric columns, each after the columns of the varied values; a metric's name may
    take two lines (a value is followed by its noise mark or a space)."""
    fixed_widths = [max(len(fixed[i]), *(len(r[0][i]) for r in rows)) for i in range(len(fixed))]
    values = [max(len(r[1][i]) for r in rows) for i in range(len(metrics))]
    header = [_split(name, width - 1) for name, width in zip(metrics, values, strict=True)]
    widths = [max(values[i], len(top), len(bottom) + 1) for i, (top, bottom) in enumerate(header)]
    cut = blocks(sum(fixed_widths) + len(GAP) * (len(fixed) - 1), widths, keep_first=False)
    lines: list[str] = []
    for number, columns in enumerate(cut):
        if len(cut) > 1:
            lines.append(say("metrics_block", number=number + 1, blocks=len(cut)))
        tops = [header[i][0] + " " if header[i][0] else "" for i in columns]
        if any(top.strip() for top in tops):
            lines.append(_sweep_line([""] * len(fixed), fixed_widths, tops, [widths[i] for i in columns]))
        bottoms = [header[i][1] + " " for i in columns]
        for cells, shown_ in [(fixed, bottoms), *((c, [v[i] for i in columns]) for c, v in rows)]:
            lines.append(_sweep_line(cells, fixed_widths, shown_, [widths[i] for i in columns]))
        if number < len(cut) - 1:
            lines.append("")
    return lines


def _sweep_line(cells: Sequence[str], fixed_widths: Sequence[int], values: Sequence[str], widths: Sequence[int]) -> str:
    parts = [c.rjust(w) for c, w in zip(cells, fixed_widths, strict=True)]
    parts += [v.rjust(w) for v, w in zip(values, widths, strict=True)]
    return GAP.join(parts).rstrip()


def _mark(point: SweepPoint, metric: str) -> str:
    return NOISE_MARK if point.within_noise(metric) else " "  # no interval: no mark


def sweep_csv(report: SweepReport) -> str:
    """One row per point: the varied values, valid or the problems, the metrics (rates as fractions), then per
    metric its difference from the start with the 95% interval and whether that is within noise."""
    paths = [axis.path for axis in report.vary]
    metrics = report.metrics
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    extra = [f"{m}_{column}" for m in metrics for column in INTERVAL_COLUMNS]
    writer.writerow([*paths, "valid", "problems", *metrics, *extra])
    runs = len(report.run_paths)
    for start in _starts(report):
        head = [value_text(start.values[p]) for p in paths[:runs]] + ["(start)"] + [""] * (len(paths) - runs - 1)
        writer.writerow(
            head[: len(paths)] + ["true", ""] + [start.metrics.get(m, "") for m in metrics] + [""] * len(extra)
        )
    for point in report.points:
        values = [value_text(point.values[p]) for p in paths]
        if point.valid:
            intervals = [cell for m in metrics for cell in interval_cells(point.differences.get(m))]
            writer.writerow([*values, "true", "", *(point.metrics.get(m, "") for m in metrics), *intervals])
        else:
            writer.writerow([*values, "false", "; ".join(point.problems), *([""] * (len(metrics) + len(extra)))])
    return out.getvalue()
