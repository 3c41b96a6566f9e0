"""The HTML page of `gah sweep --html`: one heat map per metric over the grid, self-contained."""

from __future__ import annotations

import itertools
import json
from collections.abc import Sequence
from typing import TypedDict

from jinja2 import Environment
from markupsafe import Markup

from ..runs.metrics import is_rate, metric_label
from ..runs.voice import lab_phrase, say
from .charts import Dot, line_chart
from .records import Difference, SweepPoint, SweepReport
from .rows import interval_words
from .sweep import Condition, constant_metrics, matches, shown, value_text
from .words import code, say_html

# One diverging scale for every map, centred on the start: a cell is coloured by how clearly its value differs
# from the start's, its difference over the half-width of its 95% interval (1: just beyond noise); blue below the
# start, red above, darker the clearer; grey within noise; white without an interval (a p-value).
LOWER = ("#c6dbef", "#6baed6", "#2171b5", "#08306b")
HIGHER = ("#fcbba1", "#fb6a4a", "#cb181d", "#67000d")
NOISE_GREY = "#e4e4e4"
CLEARER = (2.0, 3.0, 5.0)  # half-widths at which the next shade starts
DARK_FROM = 2  # shades from here on (of 0..3) get white text
SCALE = (*reversed(LOWER), NOISE_GREY, *HIGHER)  # the legend, lowest to highest

# The heat maps' titles that say more than the metric's label.
METRIC_TITLES = {
    "total_mean": lab_phrase("title_total_mean"),
    "total_stdev": lab_phrase("title_total_stdev"),
    "winner_changes": lab_phrase("title_winner_changes"),
    "gap_mean": lab_phrase("title_gap_mean"),
    "bonus": lab_phrase("title_bonus"),
    "penalty": lab_phrase("title_penalty"),
}


# A heat map's cell as the template shows it: its text, CSS classes, colour and titles (all text).
Cell = dict[str, str]


class HeatRow(TypedDict):
    label: str
    cells: list[Cell]


class HeatPanel(TypedDict):
    caption: str  # the values of the axes beyond the second ("" with two axes or fewer)
    rows: list[HeatRow]


class HeatMap(TypedDict):
    """One metric's heat map: its chart (a 1-D sweep), words, range and panels."""

    chart: Markup
    metric: str
    title: str
    definition: str
    start: str
    low: str
    high: str
    columns: list[str]
    panels: list[HeatPanel]


def metric_title(metric: str) -> str:
    if metric in METRIC_TITLES:
        return say(METRIC_TITLES[metric])
    if metric.startswith(("bonus_r", "penalty_r")):
        kind, _r, round_ = metric.partition("_r")
        return say(METRIC_TITLES[kind], round=round_)
    label = metric_label(metric)
    return label[:1].upper() + label[1:]


def _shade(found: Difference) -> tuple[str, bool]:
    """A cell's colour on the diverging scale and whether its text is white (see LOWER)."""
    if found.within_noise:
        return NOISE_GREY, False
    half = (found.high - found.low) / 2
    clearness = float("inf") if half == 0 else abs(found.estimate) / half
    step = sum(clearness >= edge for edge in CLEARER)
    return (HIGHER if found.estimate > 0 else LOWER)[step], step >= DARK_FROM


def heat_maps(report: SweepReport, where: Sequence[Condition], metrics: Sequence[str] | None = None) -> list[HeatMap]:
    """Per metric (default: every one): panels (one per value of the axes beyond the second) of rows x columns
    of cells."""
    axes = report.vary
    paths = [axis.path for axis in axes]
    by_values = {tuple(json.dumps(point.values[p]) for p in paths): point for point in report.points}
    row_axis = axes[0]
    column_axis = axes[1] if len(axes) > 1 else None
    rest = axes[2:]
    start = tuple(json.dumps(axis.start) for axis in axes if not axis.run)  # under every run's values
    maps: list[HeatMap] = []
    definitions = {m.name: m.definition for m in report.definitions}
    for metric in report.metrics if metrics is None else metrics:
        found = [p.metrics[metric] for p in report.points if p.valid and metric in p.metrics]
        low, high = (min(found), max(found)) if found else (0.0, 0.0)
        panels: list[HeatPanel] = []
        for extra in itertools.product(*(axis.values for axis in rest)):
            caption = ", ".join(f"{a.path} = {value_text(v)}" for a, v in zip(rest, extra, strict=True))
            rows: list[HeatRow] = []
            for row_value in row_axis.values:
                cells = []
                for column_value in column_axis.values if column_axis else [None]:
                    values = (row_value, *([column_value] if column_axis else []), *extra)
                    key = tuple(json.dumps(v) for v in values)
                    cell = _cell(by_values.get(key), metric, low, high, where)
                    if tuple(k for k, axis in zip(key, axes, strict=True) if not axis.run) == start:
                        cell["class"] += " start"
                    cells.append(cell)
                rows.append({"label": value_text(row_value), "cells": cells})
            panels.append({"caption": caption, "rows": rows})
        maps.append(
            {
                "chart": Markup(_chart(report, metric)),
                "metric": metric,
                "title": metric_title(metric),
                "definition": definitions.get(metric, ""),
                "start": _start_text(report, metric),
                "low": shown(metric, low),
                "high": shown(metric, high),
                "columns": [value_text(v) for v in column_axis.values] if column_axis else [],
                "panels": panels,
            }
        )
    return maps


def _start_text(report: SweepReport, metric: str) -> str:
    """The start's value of a metric; with run axes, each start's after the run values it was played under."""
    if not report.starts:
        return shown(metric, report.start_metrics.get(metric, 0.0))
    return "; ".join(
        f"{shown(metric, start.metrics[metric])} ({', '.join(f'{p} {value_text(v)}' for p, v in start.values.items())})"
        for start in report.starts
        if metric in start.metrics
    )


def _chart(report: SweepReport, metric: str) -> str:
    """A 1-D sweep over numbers: the metric's line chart with its interval band (gah.lab.views.charts)."""
    if len(report.vary) != 1:
        return ""
    path = report.vary[0].path
    scale = 100 if is_rate(metric) else 1
    start = report.start_metrics.get(metric)
    dots, texts = [], []
    for point in report.points:
        value, x = point.metrics.get(metric), point.values[path]
        if not point.valid or value is None or isinstance(x, bool) or not isinstance(x, (int, float)):
            continue
        found = point.differences.get(metric)
        base = start if start is not None and found is not None and metric != "winner_changes" else None
        low, high = (base + found.low, base + found.high) if base is not None and found is not None else (value, value)
        dots.append(Dot(float(x), scale * value, scale * low, scale * high))
        texts.append(shown(metric, value))
    return line_chart(dots, None if start is None else scale * start, path.rsplit(".", 1)[-1], texts, metric)


def _cell(point: SweepPoint | None, metric: str, low: float, high: float, where: Sequence[Condition]) -> Cell:
    if point is None:
        return {"text": "", "class": "absent", "title": say("cell_left_out")}
    if not point.valid:
        return {"text": say("invalid_point"), "class": "invalid", "title": "; ".join(point.problems)}
    value = point.metrics.get(metric)
    if value is None:
        return {"text": "-", "class": "absent", "title": say("cell_no_scoring")}
    found = point.differences.get(metric)
    colour, dark = _shade(found) if found is not None else ("#ffffff", False)
    classes = ["dark" if dark else "light"]
    if where and matches(point, where):
        classes.append("match")
    noise = bool(point.within_noise(metric))
    if noise:
        classes.append("noise")
    return {
        "text": shown(metric, value),
        "class": " ".join(classes),
        "colour": colour,
        "title": _difference_title(metric, found),
        "interval": _interval_line(metric, found, noise),
    }


def _interval_line(metric: str, found: Difference | None, noise: bool) -> str:
    """A cell's second line: the difference from the start with its 95% interval, ~ when within noise."""
    if found is None:
        return say("cell_no_interval")
    if metric == "winner_changes":
        text = f"{100 * found.low:.1f}..{100 * found.high:.1f}"
    else:
        text = interval_words(found, is_rate(metric))[1:-1]
    return text + (" ~" if noise else "")


def _difference_title(metric: str, found: Difference | None) -> str:
    if found is None:
        return say("cell_no_interval_title")
    scale = 100 if is_rate(metric) else 1
    values: dict[str, str | int] = {
        "estimate": f"{scale * found.estimate:+.2f}",
        "low": f"{scale * found.low:+.2f}",
        "high": f"{scale * found.high:+.2f}",
        "verdict": say("verdict_noise") if found.within_noise else say("verdict_beyond"),
    }
    if metric == "winner_changes":
        return say("cell_title_winner", None, **values)
    return say("cell_title_rate", None, **values) if is_rate(metric) else say("cell_title_points", None, **values)


def sweep_html(report: SweepReport, where: Sequence[Condition] = (), everything: bool = False) -> str:
    """The whole sweep as one HTML page (Jinja2 with autoescape, no external resources): one heat map per
    metric, but for the metrics the same at every point unless `everything` (the page names them)."""
    constant = [] if everything else constant_metrics(report)
    environment = Environment(autoescape=True, keep_trailing_newline=True)
    conditions = [
        f"{c.metric} {'>' if c.strict_low else '≥'} {shown(c.metric, c.low)}" for c in where if c.low is not None
    ] + [f"{c.metric} {'<' if c.strict_high else '≤'} {shown(c.metric, c.high)}" for c in where if c.high is not None]
    conditions += [
        say("condition_within", metric=c.metric, start=report.start)
        if c.noise
        else say("condition_beyond", metric=c.metric, start=report.start)
        for c in where
        if c.noise is not None
    ]
    axes = report.vary
    paths = Markup(", ").join(code(axis.path) for axis in axes)
    return environment.from_string(TEMPLATE).render(
        say=say_html,
        lang=say("html_lang"),
        varied=say_html("sweep_html_varied", paths=paths, rows=code(axes[0].path))
        if len(axes) < 2
        else say_html("sweep_html_varied_columns", paths=paths, rows=code(axes[0].path), columns=code(axes[1].path)),
        report=report,
        maps=heat_maps(report, where, [m for m in report.metrics if m not in constant]),
        constant=[f"{m} ({shown(m, report.start_metrics[m])})" for m in constant],
        axes=report.vary,
        players=", ".join(
            str(v)
            for v in next((a.values for a in report.vary if a.run and a.path == "players"), (report.run.players,))
        ),
        conditions=say("and_join").join(conditions),
        invalid=[point for point in report.points if not point.valid],
        scale=SCALE,
        rates=any(is_rate(m) for m in report.metrics),
    )


TEMPLATE = """<!DOCTYPE html>
<html lang="{{ lang }}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>gah sweep: {{ report.start }}</title>
<style>
body { font-family: system-ui, sans-serif; margin: 1.5rem; color: #222; max-width: 80rem; }
h1 { font-size: 1.4rem; margin-bottom: 0.2rem; }
h2 { font-size: 1.05rem; margin: 1.6rem 0 0.3rem; }
p.note { color: #555; margin: 0.2rem 0; font-size: 0.9rem; }
.maps { display: flex; flex-wrap: wrap; gap: 1rem 2.5rem; }
.map { overflow-x: auto; }
table.heat { border-collapse: collapse; margin: 0.4rem 0; font-variant-numeric: tabular-nums; }
table.heat th { font-weight: 600; font-size: 0.85rem; padding: 0.25rem 0.5rem; color: #444; }
table.heat td { width: 5.2rem; height: 2.4rem; text-align: center; font-size: 0.85rem; border: 2px solid #fff; }
table.heat td small { display: block; font-size: 0.7rem; opacity: 0.85; }
td.noise { font-style: italic; }
td.noise.dark { background-image: repeating-linear-gradient(45deg, rgba(255, 255, 255, 0.3) 0 2px, transparent 2px 7px); }
td.noise.light { background-image: repeating-linear-gradient(45deg, rgba(0, 0, 0, 0.13) 0 2px, transparent 2px 7px); }
td.dark { color: #fff; }
td.invalid { background: repeating-linear-gradient(45deg, #ddd, #ddd 4px, #f4f4f4 4px, #f4f4f4 8px); color: #a00; }
td.absent { background: #fafafa; color: #999; }
td.match { box-shadow: inset 0 0 0 3px #e0522d; font-weight: 700; }
td.start { outline: 2px dashed #111; outline-offset: -6px; }
.axis { font-size: 0.8rem; color: #555; }
.scale span { display: inline-block; width: 1.6rem; height: 0.8rem; }
ul.problems { font-size: 0.9rem; }
</style>
</head>
<body>
<h1>{{ say("sweep_html_heading", start=report.start) }}</h1>
<p class="note">{{ say("sweep_html_run", report.points|length, games=report.run.games, players=players, seed=report.run.seed, model=report.run.model, start=report.start) }}</p>
<p class="note">{{ varied }}</p>
<p class="note">{{ say("sweep_html_under", start=report.start) }}</p>
<p class="note">{% if conditions %}{{ say("sweep_html_dashed_where", conditions=conditions) }}{% else %}{{ say("sweep_html_dashed") }}{% endif %}</p>
{% if constant %}<p class="note">{{ say("sweep_html_constant", metrics=constant|join(", ")) }}</p>
{% endif %}<p class="note scale">{{ say("sweep_html_below", start=report.start) }} {% for colour in scale %}<span style="background: {{ colour }}"></span>{% endfor %} {{ say("sweep_html_above", start=report.start) }}</p>
<div class="maps">
{% for map in maps %}
<section class="map" id="{{ map.metric }}">
<h2>{{ map.title }}</h2>
<p class="note"><code>{{ map.metric }}</code>: {{ say("sweep_html_range", low=map.low, high=map.high) }}; {{ report.start }}: {{ map.start }}</p>
{% if map.definition %}<p class="note">{{ map.definition }}</p>{% endif %}
{% if map.chart %}{{ map.chart }}
{% endif %}{% for panel in map.panels %}
{% if panel.caption %}<p class="axis">{{ panel.caption }}</p>{% endif %}
<table class="heat">
{% if map.columns %}<tr><th class="axis">{{ axes[0].path.split(".")[-1] }} \\ {{ axes[1].path.split(".")[-1] }}</th>
{% for column in map.columns %}<th>{{ column }}</th>{% endfor %}</tr>
{% else %}<tr><th class="axis">{{ axes[0].path.split(".")[-1] }}</th><th></th></tr>{% endif %}
{% for row in panel.rows %}<tr><th>{{ row.label }}</th>
{% for cell in row.cells %}<td class="{{ cell.class }}"{% if cell.colour %} style="background-color: {{ cell.colour }}"{% endif %}{% if cell.title %} title="{{ cell.title }}"{% endif %}>{{ cell.text }}{% if cell.interval %}<small>{{ cell.interval }}</small>{% endif %}</td>
{% endfor %}</tr>
{% endfor %}</table>
{% endfor %}
</section>
{% endfor %}
</div>
{% if invalid %}
<h2>{{ say("broken_points_heading") }}</h2>
<ul class="problems">
{% for row in invalid %}<li>{% for path, value in row.values.items() %}<code>{{ path }}={{ value }}</code>{% if not loop.last %}, {% endif %}{% endfor %}: {{ row.problems|join("; ") }}</li>
{% endfor %}</ul>
{% endif %}
</body>
</html>
"""
