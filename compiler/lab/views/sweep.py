"""The report of `gah sweep`: the start's metrics and every grid point's (compiler.lab.runs.grid), filtered
by --where, sorted by --sort, as JSON, CSV or a table that fits the screen."""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from compiler.frontend.loader import Scalar
from compiler.lab.runs.grid import Axis, Point, SweepUsage
from compiler.lab.runs.jobs import LabSpec
from compiler.lab.runs.metrics import is_rate
from compiler.lab.runs.tallies import Tally
from compiler.lab.views import planners
from compiler.lab.views.report import NOISE_MARK, build_report, metric_definitions, run_fields
from compiler.lab.views.textfit import GAP, blocks, wrap

FORMAT = "gah-sweep/1"


def metrics_of(entry: dict[str, Any]) -> dict[str, float]:
    """The sweep's figures of one ruleset's compare entry (compiler.lab.runs.metrics): rates are fractions."""
    return dict(entry["metrics"])


def differences_of(entry: dict[str, Any]) -> dict[str, dict[str, Any] | None]:
    """Each metric's difference from the start with its 95% interval (compare's "differences", by metric)."""
    return dict(entry["differences"]["metrics"])


def within_noise(row: dict[str, Any], metric: str) -> bool | None:
    """Whether a point's metric is within noise of the start's; None without an interval (under 2 games,
    or a spread of 0), which neither `METRIC=start` nor `METRIC!=start` keeps."""
    found = row.get("differences", {}).get(metric)
    return None if found is None else bool(found["within_noise"])


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

    def accepts(self, row: dict[str, Any]) -> bool:
        """Whether a valid point meets the condition."""
        if self.noise is not None:
            return within_noise(row, self.metric) == self.noise
        return self.holds(row["metrics"].get(self.metric))

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
        raise SweepUsage(f"--where {where!r}: {text!r} is not a number (or a percentage like 8%)") from None


def parse_where(text: str, metrics: Sequence[str]) -> Condition:
    match = re.fullmatch(r"\s*([a-z0-9_]+)\s*(<=|>=|<|>|!=|=)\s*(.+?)\s*", text)
    if not match:
        raise SweepUsage(
            f"--where {text!r}: expected METRIC<=X, METRIC>=X, METRIC<X, METRIC>X, METRIC=A..B or METRIC!=start"
        )
    metric, operator, operand = match.groups()
    if metric not in metrics:
        raise SweepUsage(f"--where {text!r}: unknown metric '{metric}'; metrics: {', '.join(metrics)}")
    if operand == "start" and operator in ("=", "!="):
        return Condition(metric, None, None, noise=operator == "=")
    if operator == "!=":
        raise SweepUsage(f"--where {text!r}: != compares with the start only (METRIC!=start)")
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
        raise SweepUsage(f"--sort {text!r}: expected METRIC or METRIC:desc; metrics: {', '.join(metrics)}")
    return metric, order == "desc"


def sweep_report(
    spec: LabSpec, axes: Sequence[Axis], starts: Sequence[Scalar], points: Sequence[Point], tallies: list[Tally]
) -> dict[str, Any]:
    """The sweep as plain data: the start's figures and every point's (deterministic, no times)."""
    compare = build_report(spec, tallies)
    entries = iter(compare["rulesets"])
    start = metrics_of(next(entries))
    rows: list[dict[str, Any]] = []
    for point in points:
        values = {axis.name: value for axis, value in zip(axes, point.values, strict=True)}
        if point.ruleset is None:
            rows.append({"values": values, "valid": False, "problems": list(point.problems)})
        else:
            entry = next(entries)
            rows.append(
                {"values": values, "valid": True, "metrics": metrics_of(entry), "differences": differences_of(entry)}
            )
    return {
        "format": FORMAT,
        **run_fields(spec),
        "start": compare["reference"],
        "vary": [
            {"path": axis.name, "values": list(axis.values), "start": value}
            for axis, value in zip(axes, starts, strict=True)
        ],
        "metrics": list(start),
        "start_metrics": start,
        "intervals": compare["intervals"],
        "points": rows,
        "metric_definitions": metric_definitions(spec),
    }


def select(report: dict[str, Any], where: Sequence[Condition], sort: tuple[str, bool] | None) -> dict[str, Any]:
    """The report with only the valid points that meet every condition (invalid points stay), sorted if asked."""
    if not where and sort is None:
        return report
    kept = [row for row in report["points"] if not row["valid"] or all(c.accepts(row) for c in where)]
    if sort is not None:
        metric, descending = sort
        valid = sorted(
            (row for row in kept if row["valid"]),
            key=lambda row: row["metrics"].get(metric, float("-inf")),
            reverse=descending,
        )
        kept = valid + [row for row in kept if not row["valid"]]
    return {**report, "points": kept}


def matches(row: dict[str, Any], where: Sequence[Condition]) -> bool:
    return bool(row["valid"]) and all(c.accepts(row) for c in where)


def sweep_json(report: dict[str, Any]) -> str:
    return json.dumps(report, indent=2, ensure_ascii=False) + "\n"


def shown(metric: str, value: float) -> str:
    return f"{100 * value:.1f}%" if is_rate(metric) else f"{value:.2f}"


def value_text(value: Scalar) -> str:
    """A grid value as the reports show it: a string as it is, anything else as JSON."""
    return value if isinstance(value, str) else json.dumps(value)


def short_names(paths: Sequence[str]) -> list[str]:
    """The last part of each path when those differ (move_back, amount), else the whole paths."""
    last = [path.rsplit(".", 1)[-1] for path in paths]
    return last if len(set(last)) == len(last) else list(paths)


def constant_metrics(report: dict[str, Any]) -> list[str]:
    """The metrics whose value is the start's at every valid point of the report (none without valid points)."""
    start = report["start_metrics"]
    valid = [row for row in report["points"] if row["valid"]]
    if not valid:
        return []
    return [m for m in report["metrics"] if all(row["metrics"].get(m) == start[m] for row in valid)]


def sweep_text(report: dict[str, Any], everything: bool = False) -> str:
    """A table: one row per grid point (the start first), one column per varied value and per metric, cut into
    blocks of metrics that fit textfit.WIDTH; metrics the same at every point left out unless `everything`."""
    paths = [axis["path"] for axis in report["vary"]]
    constant = [] if everything else constant_metrics(report)
    metrics = [m for m in report["metrics"] if m not in constant]
    fixed = ["", *short_names(paths)]
    start_values = [value_text(axis["start"]) if axis["start"] is not None else "-" for axis in report["vary"]]
    rows = [(["start", *start_values], [shown(m, report["start_metrics"][m]) + " " for m in metrics])]
    problems: list[str] = []
    for row in report["points"]:
        cells = ["", *(value_text(row["values"][p]) for p in paths)]
        if row["valid"]:
            rows.append((cells, [shown(m, row["metrics"][m]) + _mark(row, m) for m in metrics]))
        else:
            rows.append((cells, ["invalid"] + [""] * (len(metrics) - 1)))
            label = ", ".join(f"{p}={value_text(row['values'][p])}" for p in paths)
            problems.extend(f"  {label}: {message}" for message in row["problems"])
    lines = _sweep_head(report, paths, constant)
    lines.extend(_sweep_blocks(fixed, metrics, rows))
    if problems:
        lines += ["", "Points that break the rules (not played):", *problems]
    return "\n".join(lines) + "\n"


def _sweep_head(report: dict[str, Any], paths: Sequence[str], constant: Sequence[str]) -> list[str]:
    model = report["model"]
    lines = [
        *wrap(
            f"gah sweep: {len(report['points'])} points from {report['start']}, {report['games']} games of "
            f"{report['players']} players each, seed {report['seed']}, model {model['name']} ({model['file']})"
            f"{planners.header_note(report)}"
        ),
        *wrap(
            f"Varied: {', '.join(paths)}. Rates in percent; winner_changes against the start; "
            "gap_mean = first minus last (points); metrics: README, Variant lab, Metrics."
        ),
        *wrap(
            f"{NOISE_MARK}: the difference from the start is within noise (its 95% interval from the paired games "
            "contains 0); the intervals are in --csv, --json and --html."
        ),
    ]
    if constant:
        values = ", ".join(f"{m} {shown(m, report['start_metrics'][m])}" for m in constant)
        lines.extend(wrap(f"The same at every point, left out (--all shows them): {values}."))
    return [*lines, ""]


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
            lines.append(f"(metrics, {number + 1} of {len(cut)})")
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


def _mark(row: dict[str, Any], metric: str) -> str:
    return NOISE_MARK if within_noise(row, metric) else " "  # no interval: no mark


INTERVAL_COLUMNS = ("difference", "low", "high", "within_noise")


def _interval_cells(row: dict[str, Any], metrics: Sequence[str]) -> list[Any]:
    cells: list[Any] = []
    for metric in metrics:
        found = row["differences"].get(metric)
        if found is None:
            cells.extend([""] * len(INTERVAL_COLUMNS))
        else:
            cells.extend([found["estimate"], found["low"], found["high"], str(found["within_noise"]).lower()])
    return cells


def sweep_csv(report: dict[str, Any]) -> str:
    """One row per point: the varied values, valid or the problems, the metrics (rates as fractions), then per
    metric its difference from the start with the 95% interval and whether that is within noise."""
    paths = [axis["path"] for axis in report["vary"]]
    metrics: list[str] = report["metrics"]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    extra = [f"{m}_{column}" for m in metrics for column in INTERVAL_COLUMNS]
    writer.writerow([*paths, "valid", "problems", *metrics, *extra])
    writer.writerow(
        ["(start)"]
        + [""] * (len(paths) - 1)
        + ["true", ""]
        + [report["start_metrics"][m] for m in metrics]
        + [""] * len(extra)
    )
    for row in report["points"]:
        values = [value_text(row["values"][p]) for p in paths]
        if row["valid"]:
            writer.writerow(
                [*values, "true", "", *(row["metrics"][m] for m in metrics), *_interval_cells(row, metrics)]
            )
        else:
            writer.writerow([*values, "false", "; ".join(row["problems"]), *([""] * (len(metrics) + len(extra)))])
    return out.getvalue()
