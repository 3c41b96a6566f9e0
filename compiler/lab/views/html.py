"""The self-contained HTML report of `gah compare --html`: the rows of gah.lab.views.rows as tables, and
inline SVG plots; no external resources."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, TypedDict

from jinja2 import Environment
from markupsafe import Markup

from ..runs.tallies import OUTCOMES
from ..runs.voice import lab_phrase, say
from .records import COMPARE_FORMAT, CompareReport, Difference, Outcomes, RulesetRecord
from .rows import NOISE_MARK, Figure, Row, Section, TileRow, catalogue, cells, interval_title, outcome_word, rows_of
from .words import GLOBALS

PALETTE = ("#1f5fa8", "#c8372d", "#2e8b3e", "#7a4fa3", "#d9822b", "#6b4a2b", "#c2478f", "#178a8a")
OUTCOME_COLOURS = {"bonus": "#e0b100", "nothing": "#b8b8b8", "penalty": "#333333"}

# Plot geometry (SVG user units).
WIDTH, HEIGHT = 760, 300
LEFT, RIGHT, TOP, BOTTOM = 56, 16, 16, 44


# What the templates draw (coordinates as text, or whole numbers): a tick, a line or a bar's label is a
# mapping of text; the plots and table sections are typed below.
Texts = dict[str, str]


class HistogramPlot(TypedDict):
    width: int
    height: int
    left: int
    right: int
    top: int
    bottom: int
    lines: list[Texts]
    x_ticks: list[Texts]
    y_ticks: list[Texts]
    bin_width: int
    x_label_y: int


class OutcomeBar(TypedDict):
    x: str
    width: str
    centre: str
    segments: list[Texts]
    colour: str
    name: str


class OutcomePlot(TypedDict):
    width: int
    height: int
    left: int
    right: int
    top: int
    bottom: int
    bars: list[OutcomeBar]
    groups: list[Texts]
    y_ticks: list[Texts]
    name_y: int
    group_y: int


class InvestmentPlot(TypedDict):
    width: int
    height: int
    left: int
    right: int
    bars: list[Texts]
    groups: list[Texts]
    y_ticks: list[Texts]
    group_y: int


class TableRow(TypedDict):
    key: str  # the row's id (gah.lab.views.rows)
    label: str
    title: str
    cells: list[list[Texts]]


class TableSection(TypedDict):
    """A section of rows as a table, with what comes before and after it (a plot, or nothing)."""

    title: str
    rows: list[TableRow]
    before: Markup
    after: Markup


def _fmt(value: float) -> str:
    """Coordinates with two decimals, the same text on every machine."""
    return f"{value:.2f}"


def _nice_step(span: float, ticks: int) -> int:
    raw = max(span / max(ticks, 1), 1.0)
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000):
        if step >= raw:
            return step
    return 1000


def histogram_plot(report: CompareReport) -> HistogramPlot:
    """Overlaid histogram lines of final totals: share of players per bin, one line per ruleset."""
    rulesets = report.rulesets
    values = [v for e in rulesets for v, _c in e.final_total_histogram]
    low, high = (min(values), max(values)) if values else (0, 1)
    width = max(1, -(-(high - low + 1) // 40))
    bins = max(1, -(-(high - low + 1) // width))
    shares: list[list[float]] = []
    for entry in rulesets:
        counts = [0] * bins
        for value, count in entry.final_total_histogram:
            counts[(value - low) // width] += count
        n = sum(counts) or 1
        shares.append([c / n for c in counts])
    top = max((s for row in shares for s in row), default=0.0) or 1.0
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x_of(value: float) -> float:
        return LEFT + (value - low) / max(bins * width, 1) * plot_w

    def y_of(share: float) -> float:
        return TOP + plot_h - share / top * plot_h

    lines = []
    for index, (entry, row) in enumerate(zip(rulesets, shares, strict=True)):
        points = " ".join(f"{_fmt(x_of(low + (i + 0.5) * width))},{_fmt(y_of(s))}" for i, s in enumerate(row))
        lines.append({"name": entry.name, "colour": PALETTE[index % len(PALETTE)], "points": points})
    step = _nice_step(high - low + 1, 8)
    x_ticks = [
        {"x": _fmt(x_of(v)), "label": str(v)}
        for v in range(-(-low // step) * step, low + bins * width + 1, step)
        if low <= v <= low + bins * width
    ]
    y_step = next((s for s in (0.005, 0.01, 0.02, 0.025, 0.05, 0.1, 0.2, 0.25, 0.5) if top / s <= 5), 1.0)
    y_ticks = [
        {"y": _fmt(y_of(i * y_step)), "label": f"{100 * i * y_step:g}%"} for i in range(int(top / y_step + 1e-9) + 1)
    ]
    return {
        "width": WIDTH,
        "height": HEIGHT,
        "left": LEFT,
        "right": WIDTH - RIGHT,
        "top": TOP,
        "bottom": HEIGHT - BOTTOM,
        "lines": lines,
        "x_ticks": x_ticks,
        "y_ticks": y_ticks,
        "bin_width": width,
        "x_label_y": HEIGHT - 8,
    }


def outcome_plot(report: CompareReport) -> OutcomePlot:
    """Stacked bars: for each scoring round and ruleset, the share of bonus, neutral and penalty."""
    rulesets = report.rulesets
    rounds = report.rounds
    plot_h = HEIGHT - TOP - BOTTOM - 16
    group_w = (WIDTH - LEFT - RIGHT) / max(len(rounds), 1)
    bar_w = min(56.0, (group_w - 24) / max(len(rulesets), 1))
    bars: list[OutcomeBar] = []
    groups = []
    for g, round_ in enumerate(rounds):
        start = LEFT + g * group_w + (group_w - bar_w * len(rulesets)) / 2
        groups.append({"x": _fmt(LEFT + (g + 0.5) * group_w), "label": say("after_round", round=round_)})
        for index, entry in enumerate(rulesets):
            scoring = entry.scoring(round_)
            if scoring is None:
                continue
            x = start + index * bar_w
            segments = _outcome_segments(entry.name, round_, scoring.outcomes, plot_h)
            bars.append(
                {
                    "x": _fmt(x + 1),
                    "width": _fmt(bar_w - 2),
                    "centre": _fmt(x + bar_w / 2),
                    "segments": segments,
                    "colour": PALETTE[index % len(PALETTE)],
                    "name": entry.name,
                }
            )
    y_ticks = [{"y": _fmt(TOP + plot_h - i / 4 * plot_h), "label": f"{25 * i}%"} for i in range(5)]
    return {
        "width": WIDTH,
        "height": HEIGHT,
        "left": LEFT,
        "right": WIDTH - RIGHT,
        "top": TOP,
        "bottom": TOP + plot_h,
        "bars": bars,
        "groups": groups,
        "y_ticks": y_ticks,
        "name_y": TOP + plot_h + 12,
        "group_y": HEIGHT - 8,
    }


def _outcome_segments(name: str, round_: int, outcomes: Outcomes, plot_h: float) -> list[Texts]:
    """One bar's segments, penalty at the bottom, then neutral and bonus, each with its share."""
    y = float(TOP + plot_h)
    segments: list[Texts] = []
    for outcome in ("penalty", "nothing", "bonus"):
        share = outcomes.rate(outcome)
        h = share * plot_h
        y -= h
        segments.append(
            {
                "y": _fmt(y),
                "height": _fmt(h),
                "colour": OUTCOME_COLOURS[outcome],
                "title": say(
                    "outcome_title", name=name, round=round_, outcome=outcome_word(outcome), share=f"{100 * share:.1f}"
                ),
                "label": f"{100 * share:.0f}%" if h >= 14 else "",
                "label_y": _fmt(y + h / 2 + 4),
                "text_colour": "#fff" if outcome == "penalty" else "#000",
            }
        )
    return segments


# --- differences from the reference with their 95% intervals (a forest plot) ----------------------

NOISE_COLOUR = "#8a8a8a"
LABEL_W, VERDICT_W = 230, 96  # left column of row labels, right column of "within noise"
ROW_H, GROUP_GAP = 16, 10


def _nice_float_step(span: float, ticks: int = 6) -> float:
    """A tick step of 1, 2, 2.5 or 5 times a power of ten giving about `ticks` ticks over `span`."""
    raw = max(span / ticks, 1e-9)
    power = 10.0 ** math.floor(math.log10(raw))
    return next((m * power for m in (1, 2, 2.5, 5) if m * power >= raw), 10 * power)


def plotted(report: CompareReport, percent: bool) -> list[Figure]:
    """The rows a difference plot shows: those of the catalogue marked to plot, rates or points."""
    return [row for row in rows_of(report) if isinstance(row, Figure) and row.plot and row.percent == percent]


class PlotMark(TypedDict):
    """A difference's dot and whiskers, as the template draws them (coordinates as text)."""

    x: str
    x1: str
    x2: str
    y: str
    cap1: str
    cap2: str
    colour: str
    fill: str
    noise: bool
    title: str


class DifferencePlot(TypedDict):
    """What the template draws of a difference plot (coordinates as text, or whole numbers)."""

    width: int
    height: str
    left: int
    right: int
    top: int
    bottom: str
    zero: str
    groups: list[dict[str, str]]
    marks: list[PlotMark]
    ticks: list[dict[str, str]]
    tick_y: str
    verdict_x: int
    axis_label: str
    axis_label_y: str
    empty: bool


@dataclass(frozen=True)
class _Dot:
    """One difference to plot: its ruleset (index, name), its line's centre, its interval, the row's label."""

    index: int
    name: str
    centre: float
    interval: Difference
    label: str


@dataclass(frozen=True)
class _Axis:
    """The value axis of a difference plot: from `low` to `high` in ticks of `step`, drawn from `left` to `right`."""

    low: float
    high: float
    step: float
    left: int
    right: int

    def x_of(self, value: float) -> float:
        return self.left + (value - self.low) / (self.high - self.low) * (self.right - self.left)


def _dots(report: CompareReport, percent: bool) -> tuple[list[dict[str, str]], list[_Dot], float]:
    """The groups of lines (one group per plotted row, one line per ruleset with a difference), their dots, and
    where the last line ends."""
    others = list(enumerate(report.rulesets))[1:]
    groups: list[dict[str, str]] = []
    dots: list[_Dot] = []
    y = float(TOP)
    for row in plotted(report, percent):
        assert row.difference is not None
        label = row.long or row.label
        found = [(index, entry, row.difference(entry)) for index, entry in others]
        shown = [(index, entry, interval) for index, entry, interval in found if interval is not None]
        if not shown:
            continue
        groups.append({"label": label, "y": _fmt(y + len(shown) * ROW_H / 2 + 4), "line": _fmt(y - GROUP_GAP / 2)})
        for index, entry, interval in shown:
            dots.append(_Dot(index, entry.name, y + ROW_H / 2, interval, label))
            y += ROW_H
        y += GROUP_GAP
    return groups, dots, y


def _axis(dots: list[_Dot], scale: float) -> _Axis:
    """An axis over every interval and 0, widened to whole ticks."""
    low, high = 0.0, 0.0
    for dot in dots:
        low, high = min(low, scale * dot.interval.low), max(high, scale * dot.interval.high)
    span = (high - low) or 1.0
    step = _nice_float_step(span)
    low, high = math.floor(low / step) * step, math.ceil(high / step) * step
    if high - low < step:
        high = low + step
    return _Axis(low, high, step, LABEL_W, WIDTH - VERDICT_W)


def _mark(dot: _Dot, axis: _Axis, scale: float, unit: str) -> PlotMark:
    interval = dot.interval
    noise = interval.within_noise
    colour = PALETTE[dot.index % len(PALETTE)]
    return {
        "x": _fmt(axis.x_of(scale * interval.estimate)),
        "x1": _fmt(axis.x_of(scale * interval.low)),
        "x2": _fmt(axis.x_of(scale * interval.high)),
        "y": _fmt(dot.centre),
        "cap1": _fmt(dot.centre - 4),
        "cap2": _fmt(dot.centre + 4),
        "colour": colour,
        "fill": "#fff" if noise else colour,
        "noise": noise,
        "title": say(
            lab_phrase("mark_title_rate") if unit == "rate" else lab_phrase("mark_title_points"),
            name=dot.name,
            label=dot.label,
            estimate=f"{scale * interval.estimate:+.2f}",
            low=f"{scale * interval.low:+.2f}",
            high=f"{scale * interval.high:+.2f}",
        )
        + (say("mark_noise") if noise else ""),
    }


def _ticks(axis: _Axis) -> list[dict[str, str]]:
    """A tick at every step, with as many decimals as the step needs (25 -> 0, 2.5 -> 1, 0.25 -> 2)."""
    step = axis.step
    digits = len(f"{step:.10f}".rstrip("0").partition(".")[2])
    ticks = []
    for i in range(round((axis.high - axis.low) / step) + 1):
        value = axis.low + i * step
        text = "0" if abs(value) < step / 1000 else f"{value:+.{digits}f}"
        ticks.append({"x": _fmt(axis.x_of(value)), "label": text})
    return ticks


def difference_plot(report: CompareReport, percent: bool) -> DifferencePlot:
    """Each difference from the reference as a dot with its 95% interval as whiskers, one line per ruleset;
    a hollow dot, a dashed whisker and the words "within noise" where the interval contains 0."""
    scale = 100.0 if percent else 1.0
    groups, dots, y = _dots(report, percent)
    axis = _axis(dots, scale)
    bottom = y + 4
    unit = "rate" if percent else "points"
    return {
        "width": WIDTH,
        "height": _fmt(bottom + BOTTOM),
        "left": axis.left,
        "right": axis.right,
        "top": TOP,
        "bottom": _fmt(bottom),
        "zero": _fmt(axis.x_of(0.0)),
        "groups": groups,
        "marks": [_mark(dot, axis, scale, unit) for dot in dots],
        "ticks": _ticks(axis),
        "tick_y": _fmt(bottom + 16),
        "verdict_x": axis.right + 8,
        "axis_label": say("axis_label_rate", reference=report.reference)
        if percent
        else say("axis_label_points", reference=report.reference),
        "axis_label_y": _fmt(bottom + 36),
        "empty": not dots,
    }


TEMPLATE = """<!DOCTYPE html>
<html lang="{{ say("html_lang") }}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ say("compare_html_title", names=names | join(" vs ")) }}</title>
<style>
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 60em; color: #222; line-height: 1.4; }
h1 { font-size: 1.5em; } h2 { font-size: 1.2em; margin-top: 2em; }
table { border-collapse: collapse; margin: 0.5em 0; }
th, td { padding: 0.2em 0.7em; text-align: right; border-bottom: 1px solid #ddd; }
th:first-child, td:first-child { text-align: left; }
.key span { display: inline-block; margin-right: 1.5em; }
.swatch { display: inline-block; width: 1em; height: 0.8em; margin-right: 0.3em; vertical-align: baseline; }
.note { color: #555; font-size: 0.9em; }
svg { max-width: {{ histogram.width }}px; height: auto; display: block; }
svg text { font-family: system-ui, sans-serif; font-size: 11px; }
.diff { color: #555; font-size: 0.85em; }
.noise { color: #9a9a9a; font-style: italic; }
@media (max-width: 600px) {
  body { margin: 1em auto; padding: 0 10px; }
  table { display: block; max-width: 100%; overflow-x: auto; }
  .key span { padding: 0.4em 0; line-height: 2; }
  .swatch { width: 1.4em; height: 1.1em; vertical-align: middle; }
}
</style>
</head>
<body>
<h1>{{ say("compare_html_title", names=names | join(" vs ")) }}</h1>
<p>{{ say("compare_html_run", games=run.games, players=run.players, seed=run.seed, model=strong(run.model), file=run.model_file, description=run.model_description, reference=strong(reference)) }}</p>
<p class="key">{% for line in histogram.lines %}<span><span class="swatch" style="background: {{ line.colour }}"></span>{{ line.name }}</span>{% endfor %}</p>

<h2>{{ say("compare_html_differences", reference=reference) }}</h2>
<p class="key">{% for line in histogram.lines[1:] %}<span><span class="swatch" style="background: {{ line.colour }}"></span>{{ line.name }}</span>{% endfor %}</p>
<p class="note">{{ say("compare_html_dots", reference=reference, within_noise=emphasis(say("within_noise")), mark=noise_mark) }}</p>
{% for plot in difference_plots %}{% if not plot.empty %}
<svg xmlns="http://www.w3.org/2000/svg" width="100%" viewBox="0 0 {{ plot.width }} {{ plot.height }}" role="img" aria-label="{{ plot.axis_label }}">
<rect x="0" y="0" width="{{ plot.width }}" height="{{ plot.height }}" fill="#fff"/>
{% for t in plot.ticks %}<line x1="{{ t.x }}" x2="{{ t.x }}" y1="{{ plot.top }}" y2="{{ plot.bottom }}" stroke="#eee"/><text x="{{ t.x }}" y="{{ plot.tick_y }}" text-anchor="middle">{{ t.label }}</text>
{% endfor %}{% for g in plot.groups %}{% if not loop.first %}<line x1="8" x2="{{ plot.width - 8 }}" y1="{{ g.line }}" y2="{{ g.line }}" stroke="#f0f0f0"/>{% endif %}<text x="{{ plot.left - 10 }}" y="{{ g.y }}" text-anchor="end">{{ g.label }}</text>
{% endfor %}<line x1="{{ plot.zero }}" x2="{{ plot.zero }}" y1="{{ plot.top }}" y2="{{ plot.bottom }}" stroke="#555"/>
<line x1="{{ plot.left }}" x2="{{ plot.right }}" y1="{{ plot.bottom }}" y2="{{ plot.bottom }}" stroke="#888"/>
{% for m in plot.marks %}<g><title>{{ m.title }}</title><line x1="{{ m.x1 }}" x2="{{ m.x2 }}" y1="{{ m.y }}" y2="{{ m.y }}" stroke="{{ m.colour }}" stroke-width="2"{% if m.noise %} stroke-dasharray="4 3"{% endif %}/><line x1="{{ m.x1 }}" x2="{{ m.x1 }}" y1="{{ m.cap1 }}" y2="{{ m.cap2 }}" stroke="{{ m.colour }}" stroke-width="2"/><line x1="{{ m.x2 }}" x2="{{ m.x2 }}" y1="{{ m.cap1 }}" y2="{{ m.cap2 }}" stroke="{{ m.colour }}" stroke-width="2"/><circle cx="{{ m.x }}" cy="{{ m.y }}" r="4.5" fill="{{ m.fill }}" stroke="{{ m.colour }}" stroke-width="2"/>{% if m.noise %}<text x="{{ plot.verdict_x }}" y="{{ m.y }}" dominant-baseline="middle" fill="{{ noise_colour }}" font-style="italic">{{ say("within_noise") }}</text>{% endif %}</g>
{% endfor %}<text x="{{ (plot.left + plot.right) // 2 }}" y="{{ plot.axis_label_y }}" text-anchor="middle">{{ plot.axis_label }}</text>
</svg>
{% endif %}{% endfor %}
{% for section in sections %}{{ section.before }}
<h2>{{ section.title }}</h2>
<table>
<tr><th></th>{% for name in names %}<th>{{ name }}</th>{% endfor %}</tr>
{% for row in section.rows %}<tr><td{% if row.title %} title="{{ row.title }}"{% endif %}>{{ row.label }}</td>{% for cell in row.cells %}<td>{% for part in cell %}<span{% if part.classes %} class="{{ part.classes }}"{% endif %}{% if part.title %} title="{{ part.title }}"{% endif %}>{{ part.text }}</span>{{ part.after }}{% endfor %}</td>{% endfor %}</tr>
{% endfor %}</table>
{{ section.after }}{% endfor %}
<p class="note">{{ say("compare_html_footer", command=code("gah compare"), format=format) }}</p>
</body>
</html>
"""

HISTOGRAM = """
<h3>{{ say("histogram_heading") }}</h3>
<svg xmlns="http://www.w3.org/2000/svg" width="100%" viewBox="0 0 {{ histogram.width }} {{ histogram.height }}" role="img" aria-label="{{ say("histogram_label") }}">
<rect x="0" y="0" width="{{ histogram.width }}" height="{{ histogram.height }}" fill="#fff"/>
{% for t in histogram.y_ticks %}<line x1="{{ histogram.left }}" x2="{{ histogram.right }}" y1="{{ t.y }}" y2="{{ t.y }}" stroke="#eee"/><text x="{{ histogram.left - 6 }}" y="{{ t.y }}" text-anchor="end" dominant-baseline="middle">{{ t.label }}</text>
{% endfor %}{% for t in histogram.x_ticks %}<line x1="{{ t.x }}" x2="{{ t.x }}" y1="{{ histogram.bottom }}" y2="{{ histogram.bottom + 5 }}" stroke="#888"/><text x="{{ t.x }}" y="{{ histogram.bottom + 17 }}" text-anchor="middle">{{ t.label }}</text>
{% endfor %}<line x1="{{ histogram.left }}" x2="{{ histogram.right }}" y1="{{ histogram.bottom }}" y2="{{ histogram.bottom }}" stroke="#888"/>
{% for line in histogram.lines %}<polyline fill="none" stroke="{{ line.colour }}" stroke-width="2" points="{{ line.points }}"><title>{{ line.name }}</title></polyline>
{% endfor %}<text x="{{ (histogram.left + histogram.right) // 2 }}" y="{{ histogram.x_label_y }}" text-anchor="middle">{{ say("histogram_axis", width=histogram.bin_width) }}</text>
</svg>
"""

OUTCOME_PLOT = """
<h2>{{ say("outcomes_heading") }}</h2>
<p class="key">{% for line in lines %}<span><span class="swatch" style="background: {{ line.colour }}"></span>{{ line.name }}</span>{% endfor %}</p>
<p class="key">{% for o in outcome_key %}<span><span class="swatch" style="background: {{ o.colour }}"></span>{{ o.word }}</span>{% endfor %}</p>
<svg xmlns="http://www.w3.org/2000/svg" width="100%" viewBox="0 0 {{ outcomes.width }} {{ outcomes.height }}" role="img" aria-label="{{ say("outcomes_label") }}">
<rect x="0" y="0" width="{{ outcomes.width }}" height="{{ outcomes.height }}" fill="#fff"/>
{% for t in outcomes.y_ticks %}<line x1="{{ outcomes.left }}" x2="{{ outcomes.right }}" y1="{{ t.y }}" y2="{{ t.y }}" stroke="#eee"/><text x="{{ outcomes.left - 6 }}" y="{{ t.y }}" text-anchor="end" dominant-baseline="middle">{{ t.label }}</text>
{% endfor %}{% for bar in outcomes.bars %}{% for s in bar.segments %}<rect x="{{ bar.x }}" y="{{ s.y }}" width="{{ bar.width }}" height="{{ s.height }}" fill="{{ s.colour }}"><title>{{ s.title }}</title></rect>{% if s.label %}<text x="{{ bar.centre }}" y="{{ s.label_y }}" text-anchor="middle" fill="{{ s.text_colour }}">{{ s.label }}</text>{% endif %}
{% endfor %}<rect x="{{ bar.x }}" y="{{ outcomes.name_y - 8 }}" width="{{ bar.width }}" height="6" fill="{{ bar.colour }}"><title>{{ bar.name }}</title></rect>
{% endfor %}{% for g in outcomes.groups %}<text x="{{ g.x }}" y="{{ outcomes.group_y }}" text-anchor="middle" font-weight="bold">{{ g.label }}</text>
{% endfor %}</svg>
"""


def _render(template: str, **values: Any) -> Markup:
    """A piece of the page (Jinja2 with autoescape, so the text is safe to insert as it is)."""
    environment = Environment(autoescape=True)
    environment.globals.update(GLOBALS)
    return Markup(environment.from_string(template).render(**values))


def _parts(row: Row, report: CompareReport) -> list[list[dict[str, str]]]:
    """A row's cells as the page shows them: each a list of spans (the figure, and its difference greyed when
    within noise; a tile's three rates, each with its interval on hover)."""
    if isinstance(row, TileRow):
        return [_tile_parts(row.tile, entry, index > 0) for index, entry in enumerate(report.rulesets)]
    found = []
    for cell in cells(row, report.rulesets):
        parts = [{"text": cell.value, "classes": "", "title": "", "after": ""}]
        if cell.change:
            mark = NOISE_MARK if cell.interval and cell.noise else ""
            classes = "diff noise" if cell.noise else "diff"
            parts.append({"text": cell.change + mark, "classes": classes, "title": cell.title, "after": ""})
            parts[0]["after"] = " "
        found.append(parts)
    return found


def _tile_parts(tile: str, entry: RulesetRecord, paired: bool) -> list[dict[str, str]]:
    """A tile's bonus / neutral / penalty rates under a ruleset (n: the players it scored)."""
    found = entry.tile(tile)
    if found is None:
        return [{"text": "-", "classes": "", "title": "", "after": ""}]
    differences = entry.differences.tile(tile) if paired else None
    parts = []
    for outcome in OUTCOMES:
        difference = None if differences is None else differences.outcomes.of(outcome)
        noise = difference is not None and difference.within_noise
        parts.append(
            {
                "text": f"{100 * found.outcomes.rate(outcome):.0f}%" + (NOISE_MARK if noise else ""),
                "classes": "noise" if noise else "",
                "title": "" if difference is None else interval_title(difference, True),
                "after": " / " if outcome != OUTCOMES[-1] else f" (n={found.outcomes.n})",
            }
        )
    return parts


def _section(section: Section, report: CompareReport) -> TableSection:
    rows: list[TableRow] = [
        {
            "key": row.key,
            "label": row.label,
            "title": f"{row.key}: {row.definition}" if isinstance(row, Figure) and row.definition else "",
            "cells": _parts(row, report),
        }
        for row in section.rows
    ]
    return {"title": section.title, "rows": rows, "before": Markup(""), "after": Markup("")}


def html_report(report: CompareReport) -> str:
    """The whole report as one HTML page (Jinja2 with autoescape; every plot is inline SVG): the difference
    plots, then every section of rows (gah.lab.views.rows) as a table, with its plots."""
    histogram = histogram_plot(report)
    sections = [_section(section, report) for section in catalogue(report)]
    sections[0]["after"] = _render(HISTOGRAM, histogram=histogram)
    planning = planning_section(report)
    for section in sections:
        if any(row["key"] == "planner_share" for row in section["rows"]):
            section["after"] = planning
    first_scoring = next(
        (s for s in sections if s["rows"] and s["rows"][0]["key"].startswith("emperor_points_mean_r")), None
    )
    if first_scoring is not None:
        first_scoring["before"] = _render(
            OUTCOME_PLOT,
            lines=histogram["lines"],
            outcomes=outcome_plot(report),
            outcome_key=[{"colour": OUTCOME_COLOURS[o], "word": outcome_word(o)} for o in OUTCOMES],
        )
    environment = Environment(autoescape=True, keep_trailing_newline=True)
    environment.globals.update(GLOBALS)
    return environment.from_string(TEMPLATE).render(
        noise_mark=Markup('<span class="noise">{}</span>').format(NOISE_MARK),
        format=COMPARE_FORMAT,
        run=report.run,
        reference=report.reference,
        names=[e.name for e in report.rulesets],
        histogram=histogram,
        difference_plots=[difference_plot(report, percent=False), difference_plot(report, percent=True)],
        noise_colour=NOISE_COLOUR,
        sections=sections,
    )


# --- what planning players bought ----------------------------------------------------------------------------

INVESTMENT_HEIGHT = 260

PLANNING_SECTION = """
<h3>{{ say("planning_heading") }}</h3>
<p>{% if planning.temperature %}{{ say("planning_note_temperature", share=planning.share, mistakes=planning.mistakes, temperature=planning.temperature, limit=planning.step_limit, price=price, fixed=code("--fixed")) }}{% else %}{{ say("planning_note_html", share=planning.share, mistakes=planning.mistakes, limit=planning.step_limit, price=price, fixed=code("--fixed")) }}{% endif %}</p>
<svg xmlns="http://www.w3.org/2000/svg" width="100%" viewBox="0 0 {{ plot.width }} {{ plot.height }}" role="img" aria-label="{{ say("steps_label") }}">
<rect x="0" y="0" width="{{ plot.width }}" height="{{ plot.height }}" fill="#fff"/>
{% for t in plot.y_ticks %}<line x1="{{ plot.left }}" x2="{{ plot.right }}" y1="{{ t.y }}" y2="{{ t.y }}" stroke="#eee"/><text x="{{ plot.left - 6 }}" y="{{ t.y }}" text-anchor="end" dominant-baseline="middle">{{ t.label }}</text>
{% endfor %}{% for bar in plot.bars %}<rect x="{{ bar.x }}" y="{{ bar.y }}" width="{{ bar.width }}" height="{{ bar.height }}" fill="{{ bar.colour }}"><title>{{ bar.title }}</title></rect><text x="{{ bar.centre }}" y="{{ bar.label_y }}" text-anchor="middle">{{ bar.label }}</text>
{% endfor %}{% for g in plot.groups %}<text x="{{ g.x }}" y="{{ plot.group_y }}" text-anchor="middle" font-weight="bold">{{ g.label }}</text>
{% endfor %}</svg>
"""


def _steps(entry: RulesetRecord, round_: int, what: str) -> float:
    """A figure of the steps planners bought before a scoring (0 if none)."""
    found = entry.planning.steps(round_)
    return 0.0 if found is None else float(getattr(found, what))


def investment_plot(report: CompareReport) -> InvestmentPlot:
    """Grouped bars: per Emperor scoring, per ruleset, the planners' extra steps (mean)."""
    rulesets = report.rulesets
    rounds = sorted({r for e in rulesets for r, _choices in e.planning.emperor_steps})
    highest = max([_steps(e, r, "mean") for e in rulesets for r in rounds], default=0.0)
    tick = _nice_float_step(max(highest, 0.25), ticks=5)  # at most 5 gridlines, none finer than 0.05
    ticks = max(1, -int(-highest // tick))  # gridlines above 0, the highest bar under the last
    top = ticks * tick
    plot_h = INVESTMENT_HEIGHT - TOP - BOTTOM
    group_w = (WIDTH - LEFT - RIGHT) / max(len(rounds), 1)
    bar_w = min(56.0, (group_w - 24) / max(len(rulesets), 1))
    bars, groups = [], []
    for g, round_ in enumerate(rounds):
        start = LEFT + g * group_w + (group_w - bar_w * len(rulesets)) / 2
        groups.append({"x": f"{LEFT + (g + 0.5) * group_w:.2f}", "label": say("before_scoring", round=round_)})
        for index, entry in enumerate(rulesets):
            mean = _steps(entry, round_, "mean")
            height = mean / top * plot_h
            x = start + index * bar_w
            bars.append(
                {
                    "x": f"{x + 1:.2f}",
                    "y": f"{TOP + plot_h - height:.2f}",
                    "width": f"{bar_w - 2:.2f}",
                    "height": f"{height:.2f}",
                    "centre": f"{x + bar_w / 2:.2f}",
                    "label": f"{mean:.2f}",
                    "label_y": f"{TOP + plot_h - height - 4:.2f}",
                    "colour": PALETTE[index % len(PALETTE)],
                    "title": say(
                        "steps_title",
                        name=entry.name,
                        round=round_,
                        mean=f"{mean:.2f}",
                        buying=f"{100 * _steps(entry, round_, 'buying_rate'):.1f}",
                    ),
                }
            )
    y_ticks = [{"y": f"{TOP + plot_h - i / ticks * plot_h:.2f}", "label": f"{i * tick:g}"} for i in range(ticks + 1)]
    return {
        "width": WIDTH,
        "height": INVESTMENT_HEIGHT,
        "left": LEFT,
        "right": WIDTH - RIGHT,
        "bars": bars,
        "groups": groups,
        "y_ticks": y_ticks,
        "group_y": INVESTMENT_HEIGHT - 8,
    }


def planning_section(report: CompareReport) -> Markup:
    """What planners could buy and what they bought, under the planners' table (empty when nobody plans)."""
    planning = report.run.planning
    if not planning.active:
        return Markup("")
    price = planning.step_price
    words = [say("price_points", price.points)] if price.points else []
    words += [say("price_krones", price.krones)] if price.krones else []
    return _render(
        PLANNING_SECTION,
        planning=planning,
        price=say("and_join").join(words or [say("price_free")]),
        plot=investment_plot(report),
    )
