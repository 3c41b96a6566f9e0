"""The report of `gah tune`: the search (gah.lab.runs.search) step by step and its answer, as text that
fits the screen or as JSON."""

from __future__ import annotations

import csv
import io
import json
from dataclasses import dataclass
from html import escape
from typing import Any

from ..runs import metrics
from ..runs.metrics import is_rate
from ..runs.search import METHOD, Crossing, Reading, Search, Shape, Target
from ..runs.voice import lab_phrase, say
from .charts import Dot, line_chart
from .records import Json, Run
from .rows import planning_note
from .sweep import short_names
from .textfit import wrap

FORMAT = "gah-tune/1"


def figure(metric: str, value: float) -> str:
    """A value as the reports show it: a rate in percent, anything else to two decimals."""
    return f"{100 * value:.1f}%" if is_rate(metric) else f"{value:.2f}"


def with_interval(metric: str, reading: Reading) -> str:
    """'8.7% (7.9..9.6)': the estimate and its 95% interval, in the estimate's unit."""
    assert reading.estimate is not None
    text = figure(metric, reading.estimate)
    if reading.interval is None:
        return say("no_interval", figure=text)
    low, high = (figure(metric, end).rstrip("%") for end in (reading.interval.low, reading.interval.high))
    return f"{text} ({low}..{high})"


@dataclass(frozen=True)
class Context:
    """What the text and JSON say around the search: the run and the starting ruleset's value."""

    start: str
    path: str
    start_value: Any
    run: Run  # with the chunk size the search plays in
    batches: int


def answer_lines(result: Search, name: str) -> list[str]:
    """The answer in words: each crossing, or why there is none."""
    metric, target = result.target.metric, figure(result.target.metric, result.target.value)
    if not result.valid:
        return [say("tune_none_valid", low=result.low, high=result.high)]
    if not result.crossings:
        return [unreached_words(result, name)]
    lines = []
    for number, crossing in enumerate(result.crossings, 1):
        words = crossing_words(crossing, metric, name, target, result.target.value)
        if len(result.crossings) == 1:
            lines.append(say("tune_answer", words=words))
        else:
            lines.append(say("tune_answer_of", number=number, count=len(result.crossings), words=words))
    return lines


def unreached_words(result: Search, name: str) -> str:
    """Why no value reaches the target: the metric nearest to it and farthest from it, and the nearest value
    ("the nearest value tried" unless the metric is monotonic and that value is an end of the range)."""
    metric, target, nearest = result.target.metric, result.target.value, result.nearest
    assert nearest is not None and nearest.estimate is not None
    where = say("tune_unreached", low=result.low, high=result.high, target=figure(metric, target))
    if result.shape == "flat":
        return say("tune_flat", metric=metric, reading=with_interval(metric, nearest), where=where)
    said = say("tune_nearest_at", metric=metric, reading=with_interval(metric, nearest), name=name, value=nearest.value)
    others = [r for r in result.valid if r is not nearest]
    if others:
        farthest = max(others, key=lambda r: (abs((r.estimate or 0.0) - target), -r.value))
        said += say("tune_farthest_at", reading=figure(metric, farthest.estimate or 0.0), value=farthest.value)
    sure = result.shape in ("rising", "falling") and at_edge(result, nearest)
    nearest_words = (
        say("tune_nearest_is", value=nearest.value) if sure else say("tune_nearest_tried", value=nearest.value)
    )
    said = f"{said}: {where}; {nearest_words}"
    if nearest.covers(result.target):
        said += say("tune_nearest_holds", target=figure(metric, target))
    return said + "."


def at_edge(result: Search, reading: Reading) -> bool:
    """Whether no valid value lies beyond the reading, away from the other valid ones, as far as the search
    looked: it is an end of the range, or the next value outwards breaks the rules."""
    values = [r.value for r in result.valid]
    if reading.value not in (values[0], values[-1]):
        return False
    outwards = reading.value + (1 if reading.value == values[-1] else -1)
    if not result.low <= outwards <= result.high:
        return True
    return any(r.value == outwards and r.estimate is None for r in result.readings)


def nearer(crossing: Crossing, target: float) -> Reading | None:
    """Of a crossing's two values, the one whose metric is nearer the target (None: exactly on it, or as near)."""
    if len(crossing.readings) == 1:
        return None
    first, second = crossing.readings
    gaps = [abs((reading.estimate or 0.0) - target) for reading in (first, second)]
    return None if gaps[0] == gaps[1] else (first if gaps[0] < gaps[1] else second)


def crossing_words(crossing: Crossing, metric: str, name: str, target: str, value: float = 0.0) -> str:
    first = crossing.readings[0]
    if len(crossing.readings) == 1:
        return say(
            "tune_exact",
            name=name,
            value=first.value,
            metric=metric,
            reading=with_interval(metric, first),
            target=target,
        )
    second = crossing.readings[1]
    words = say(
        "tune_between",
        name=name,
        first=first.value,
        metric=metric,
        first_reading=with_interval(metric, first),
        second=second.value,
        second_reading=with_interval(metric, second),
        target=target,
    )
    if not crossing.adjacent:
        words += say("tune_between_broken")
    near = nearer(crossing, value)
    words += say("tune_as_near") if near is None else say("tune_nearer", name=name, value=near.value)
    return words


# What the metric does over the values tried, by shape (the JSON's `shape`), said with {metric} and {name}.
SHAPE_WORDS: dict[Shape, str] = {
    "rising": lab_phrase("shape_rising"),
    "falling": lab_phrase("shape_falling"),
    "flat": lab_phrase("shape_flat"),
    "not monotonic": lab_phrase("shape_not_monotonic"),
}
# A step's kind in words (the JSON and the CSV keep the kind as it is).
STEP_WORDS = {"coarse grid": lab_phrase("step_coarse"), "bisection": lab_phrase("step_bisection")}


def tune_text(result: Search, context: Context) -> str:
    """The search step by step, then the answer (at most textfit.WIDTH columns)."""
    metric, run = result.target.metric, context.run
    name = short_names([context.path])[0]
    start_value = (
        "" if context.start_value is None else say("tune_start_has", start=context.start, value=context.start_value)
    )
    lines = [
        *wrap(
            say(
                "tune_head",
                path=context.path,
                low=result.low,
                high=result.high,
                start_value=start_value,
                metric=metric,
                target=figure(metric, result.target.value),
                games=run.games,
                players=run.players,
                seed=run.seed,
                model=run.model,
                file=run.model_file,
                planning=planning_note(run.planning),
            )
        ),
        *wrap(f"{metric}: {metrics.metric_of(metric).definition}."),
        *wrap(say("tune_explained", batches=context.batches)),
    ]
    for step in result.steps:
        values = ", ".join(str(r.value) for r in step.readings)
        lines += ["", say("tune_step", number=step.number, kind=say(STEP_WORDS[step.kind]), values=values)]
        for reading in step.readings:
            lines.extend(reading_lines(reading, result.target, name))
    lines.append("")
    if result.shape is not None:
        lines.extend(wrap(say(SHAPE_WORDS[result.shape], metric=metric, name=name)))
    for line in answer_lines(result, name):
        lines.extend(wrap(line, "", "  "))
    return "\n".join(lines) + "\n"


def reading_lines(reading: Reading, target: Target, name: str) -> list[str]:
    head = f"  {name} {reading.value}: "
    if reading.estimate is None:
        return wrap(head + say("breaks_rules", problems="; ".join(reading.problems)), "", "    ")
    mark = say("target_inside") if reading.covers(target) else ""
    return [f"{head}{target.metric} {with_interval(target.metric, reading)}{mark}"]


def reading_json(reading: Reading, target: Target) -> Json:
    if reading.estimate is None:
        return {"value": reading.value, "valid": False, "problems": list(reading.problems)}
    digits = metrics.metric_of(target.metric).digits
    found: Json = {"value": reading.value, "valid": True, "metric": reading.estimate}
    if reading.interval is not None:
        found.update(
            low=round(reading.interval.low, digits) + 0.0,
            high=round(reading.interval.high, digits) + 0.0,
            target_inside=reading.covers(target),
        )
    return found


def tune_json(result: Search, context: Context) -> str:
    """The steps and the answer as JSON (rates as fractions; deterministic)."""
    target, metric = result.target, metrics.metric_of(result.target.metric)
    data = {
        "format": FORMAT,
        **context.run.as_json(),
        "batches": context.batches,
        "start": context.start,
        "vary": {"path": context.path, "low": result.low, "high": result.high, "start": context.start_value},
        "target": {
            "metric": target.metric,
            "value": target.value,
            "unit": metric.unit,
            "definition": metric.english_definition,
        },
        "intervals": {"level": 0.95, "method": METHOD},
        "steps": [
            {"step": s.number, "kind": s.kind, "values": [reading_json(r, target) for r in s.readings]}
            for s in result.steps
        ],
        "shape": result.shape,
        "answer": {
            "reached": bool(result.crossings),
            "crossings": [
                {
                    "values": [reading_json(r, target) for r in c.readings],
                    "exact": len(c.readings) == 1,
                    "adjacent": c.adjacent,
                    "nearer": None if (near := nearer(c, target.value)) is None else near.value,
                }
                for c in result.crossings
            ],
            "nearest": None if result.nearest is None else reading_json(result.nearest, target),
        },
    }
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def tune_csv(result: Search) -> str:
    """Every value tried, in the order tried: its step, the metric and its 95% interval (rates as fractions),
    whether the interval holds the target, or the problems of a value that breaks the rules."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    metric = result.target.metric
    writer.writerow(["step", "kind", "value", "valid", metric, "low", "high", "target_inside", "problems"])
    for step in result.steps:
        for reading in step.readings:
            found = reading_json(reading, result.target)
            writer.writerow(
                [step.number, step.kind, reading.value, str(found["valid"]).lower(), found.get("metric", ""),
                 found.get("low", ""), found.get("high", ""),
                 "" if "target_inside" not in found else str(found["target_inside"]).lower(),
                 "; ".join(found.get("problems", []))]
            )  # fmt: skip
    return out.getvalue()


def tune_html(result: Search, context: Context) -> str:
    """A page: the metric over every value tried, its 95% interval band and the target dashed (inline SVG),
    then the text report."""
    metric = result.target.metric
    scale = 100 if is_rate(metric) else 1
    tried = sorted({r.value: r for r in result.readings if r.estimate is not None}.values(), key=lambda r: r.value)
    dots = [
        Dot(
            float(r.value),
            scale * (r.estimate or 0.0),
            scale * (r.interval.low if r.interval else r.estimate or 0.0),
            scale * (r.interval.high if r.interval else r.estimate or 0.0),
        )
        for r in tried
    ]
    name = short_names([context.path])[0]
    chart = line_chart(dots, scale * result.target.value, name, [with_interval(metric, r) for r in tried], metric)
    title = say("tune_html_title", start=context.start, metric=metric)
    return (
        f'<!DOCTYPE html>\n<html lang="{escape(say("html_lang"))}">\n<head>\n<meta charset="utf-8">\n<title>{escape(title)}</title>\n'
        "<style>body { font-family: system-ui, sans-serif; margin: 1.5rem; color: #222; } "
        "pre { font-size: 0.85rem; }</style>\n</head>\n<body>\n"
        f"<h1>{escape(title)}</h1>\n<p>{escape(say('tune_html_chart', metric=metric, name=name))}</p>\n"
        f"{chart}\n<pre>{escape(tune_text(result, context))}</pre>\n</body>\n</html>\n"
    )
