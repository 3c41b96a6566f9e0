"""The self-contained HTML report of `gah compare --html`: tables and inline SVG plots, no external resources."""

from __future__ import annotations

import math
from typing import Any

from jinja2 import Environment
from markupsafe import Markup

from compiler.lab.runs.metrics import metric_label, metric_of
from compiler.lab.runs.tallies import OUTCOME_WORDS, OUTCOMES
from compiler.lab.views.planners import steps_figure
from compiler.lab.views.records import CompareReport
from compiler.lab.views.report import NOISE_MARK, interval_text, tile_noise

PALETTE = ("#1f5fa8", "#c8372d", "#2e8b3e", "#7a4fa3", "#d9822b", "#6b4a2b", "#c2478f", "#178a8a")
OUTCOME_COLOURS = {"bonus": "#e0b100", "nothing": "#b8b8b8", "penalty": "#333333"}

# Plot geometry (SVG user units).
WIDTH, HEIGHT = 760, 300
LEFT, RIGHT, TOP, BOTTOM = 56, 16, 16, 44


def _fmt(value: float) -> str:
    """Coordinates with two decimals, the same text on every machine."""
    return f"{value:.2f}"


def _nice_step(span: float, ticks: int) -> int:
    raw = max(span / max(ticks, 1), 1.0)
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000):
        if step >= raw:
            return step
    return 1000


def histogram_plot(report: dict[str, Any]) -> dict[str, Any]:
    """Overlaid histogram lines of final totals: share of players per bin, one line per ruleset."""
    rulesets = report["rulesets"]
    values = [v for e in rulesets for v, _c in e["final_total_histogram"]]
    low, high = (min(values), max(values)) if values else (0, 1)
    width = max(1, -(-(high - low + 1) // 40))
    bins = max(1, -(-(high - low + 1) // width))
    shares: list[list[float]] = []
    for entry in rulesets:
        counts = [0] * bins
        for value, count in entry["final_total_histogram"]:
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
        lines.append({"name": entry["name"], "colour": PALETTE[index % len(PALETTE)], "points": points})
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


def outcome_plot(report: dict[str, Any]) -> dict[str, Any]:
    """Stacked bars: for each scoring round and ruleset, the share of bonus, neutral and penalty."""
    rulesets = report["rulesets"]
    rounds = sorted({s["round"] for e in rulesets for s in e["scorings"]})
    plot_h = HEIGHT - TOP - BOTTOM - 16
    group_w = (WIDTH - LEFT - RIGHT) / max(len(rounds), 1)
    bar_w = min(56.0, (group_w - 24) / max(len(rulesets), 1))
    bars = []
    groups = []
    for g, round_ in enumerate(rounds):
        start = LEFT + g * group_w + (group_w - bar_w * len(rulesets)) / 2
        groups.append({"x": _fmt(LEFT + (g + 0.5) * group_w), "label": f"after round {round_}"})
        for index, entry in enumerate(rulesets):
            scoring = next((s for s in entry["scorings"] if s["round"] == round_), None)
            if scoring is None:
                continue
            x = start + index * bar_w
            y = float(TOP + plot_h)
            segments = []
            for outcome in ("penalty", "nothing", "bonus"):
                share = scoring["outcomes"][outcome]
                h = share * plot_h
                y -= h
                segments.append(
                    {
                        "y": _fmt(y),
                        "height": _fmt(h),
                        "colour": OUTCOME_COLOURS[outcome],
                        "title": f"{entry['name']}, after round {round_}: {OUTCOME_WORDS[outcome]} {100 * share:.1f}%",
                        "label": f"{100 * share:.0f}%" if h >= 14 else "",
                        "label_y": _fmt(y + h / 2 + 4),
                        "text_colour": "#fff" if outcome == "penalty" else "#000",
                    }
                )
            bars.append(
                {
                    "x": _fmt(x + 1),
                    "width": _fmt(bar_w - 2),
                    "centre": _fmt(x + bar_w / 2),
                    "segments": segments,
                    "colour": PALETTE[index % len(PALETTE)],
                    "name": entry["name"],
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


# --- differences from the reference with their 95% intervals (a forest plot) ----------------------

NOISE_COLOUR = "#8a8a8a"
LABEL_W, VERDICT_W = 230, 96  # left column of row labels, right column of "within noise"
ROW_H, GROUP_GAP = 16, 10


def _nice_float_step(span: float, ticks: int = 6) -> float:
    """A tick step of 1, 2, 2.5 or 5 times a power of ten giving about `ticks` ticks over `span`."""
    raw = max(span / ticks, 1e-9)
    power = 10.0 ** math.floor(math.log10(raw))
    return next((m * power for m in (1, 2, 2.5, 5) if m * power >= raw), 10 * power)


def difference_rows(report: dict[str, Any], percent: bool) -> list[tuple[str, Any]]:
    """The figures a difference plot shows: (label, a function of a ruleset's "differences")."""
    rounds = sorted({s["round"] for e in report["rulesets"] for s in e["scorings"]})
    if not percent:
        rows: list[tuple[str, Any]] = [
            ("final total (mean)", lambda d: d["final_total_mean"]),
            ("final total (standard deviation)", lambda d: d["final_total_stdev"]),
            ("winning total (mean)", lambda d: d["winning_total_mean"]),
            ("gap first to last (mean)", lambda d: d["gap_first_last_mean"]),
        ]
        for round_ in rounds:
            rows.append(
                (f"net points, round {round_}", lambda d, r=round_: _scoring_difference(d, r, "net_points_mean"))
            )
        rows.extend(_metric_difference(name) for name in ("margin", "spread", "emperor_points", "tile_points"))
        return rows
    rows = [(f"winner differs from {report['reference']}", lambda d: d["winner_change_rate"])]
    for round_ in rounds:
        for outcome in ("bonus", "penalty"):
            rows.append((f"{outcome}, round {round_}", lambda d, r=round_, o=outcome: _scoring_difference(d, r, o)))
    rows.append(("tie on top", lambda d: d["tie_rate"]))
    rows.append(_metric_difference("balance"))
    rows.extend(_metric_difference(f"comeback_r{round_}") for round_ in rounds)
    return rows


def _metric_difference(name: str) -> tuple[str, Any]:
    """A difference plot's row of a named metric (compiler.lab.runs.metrics)."""
    return metric_label(name), lambda d: d.get("metrics", {}).get(name)


def difference_plot(report: dict[str, Any], percent: bool) -> dict[str, Any]:
    """Each difference from the reference as a dot with its 95% interval as whiskers, one line per ruleset;
    a hollow dot, a dashed whisker and the words "within noise" where the interval contains 0."""
    scale = 100.0 if percent else 1.0
    others = list(enumerate(report["rulesets"]))[1:]
    groups, marks = [], []
    y = float(TOP)
    low, high = 0.0, 0.0
    for label, get in difference_rows(report, percent):
        found = [(index, entry, get(entry["differences"])) for index, entry in others]
        found = [(index, entry, interval) for index, entry, interval in found if interval is not None]
        if not found:
            continue
        groups.append({"label": label, "y": _fmt(y + len(found) * ROW_H / 2 + 4), "line": _fmt(y - GROUP_GAP / 2)})
        for index, entry, interval in found:
            centre = y + ROW_H / 2
            low, high = min(low, scale * interval["low"]), max(high, scale * interval["high"])
            marks.append({"index": index, "name": entry["name"], "y": centre, "interval": interval, "label": label})
            y += ROW_H
        y += GROUP_GAP
    span = (high - low) or 1.0
    step = _nice_float_step(span)
    low, high = math.floor(low / step) * step, math.ceil(high / step) * step
    if high - low < step:
        high = low + step
    left, right = LABEL_W, WIDTH - VERDICT_W
    bottom = y + 4

    def x_of(value: float) -> float:
        return left + (value - low) / (high - low) * (right - left)

    unit = " percentage points" if percent else " points"
    shown_marks = []
    for mark in marks:
        interval, centre = mark["interval"], mark["y"]
        noise = interval["within_noise"]
        colour = PALETTE[mark["index"] % len(PALETTE)]
        shown_marks.append(
            {
                "x": _fmt(x_of(scale * interval["estimate"])),
                "x1": _fmt(x_of(scale * interval["low"])),
                "x2": _fmt(x_of(scale * interval["high"])),
                "y": _fmt(centre),
                "cap1": _fmt(centre - 4),
                "cap2": _fmt(centre + 4),
                "colour": colour,
                "fill": "#fff" if noise else colour,
                "noise": noise,
                "title": f"{mark['name']}, {mark['label']}: {scale * interval['estimate']:+.2f}{unit}, "
                f"95% interval {scale * interval['low']:+.2f} to {scale * interval['high']:+.2f}"
                + (": within noise" if noise else ""),
            }
        )
    decimals = f"{step:.10f}".rstrip("0").partition(".")[2]
    digits = len(decimals)  # as many as the step needs: 25 -> 0, 2.5 -> 1, 0.25 -> 2
    ticks = []
    for i in range(round((high - low) / step) + 1):
        value = low + i * step
        text = "0" if abs(value) < step / 1000 else f"{value:+.{digits}f}"
        ticks.append({"x": _fmt(x_of(value)), "label": text})
    height = bottom + BOTTOM
    return {
        "width": WIDTH,
        "height": _fmt(height),
        "left": left,
        "right": right,
        "top": TOP,
        "bottom": _fmt(bottom),
        "zero": _fmt(x_of(0.0)),
        "groups": groups,
        "marks": shown_marks,
        "ticks": ticks,
        "tick_y": _fmt(bottom + 16),
        "verdict_x": right + 8,
        "axis_label": f"difference from {report['reference']} ({'percentage points' if percent else 'points'})"
        + (" with 95% interval; for the winner, the share of games" if percent else " with 95% interval"),
        "axis_label_y": _fmt(bottom + 36),
        "empty": not marks,
    }


TEMPLATE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Variant lab: {{ names | join(" vs ") }}</title>
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
<h1>Variant lab: {{ names | join(" vs ") }}</h1>
<p>{{ report.games }} synthetic games of {{ report.players }} players (seed {{ report.seed }}), game model
<strong>{{ report.model.name }}</strong> ({{ report.model.file }}). {{ report.model.description }}
Every ruleset plays the same games with the same random numbers; after each Emperor scoring the game goes on
from the state that ruleset left. Differences are from <strong>{{ report.reference }}</strong>.</p>
<p class="key">{% for line in histogram.lines %}<span><span class="swatch" style="background: {{ line.colour }}"></span>{{ line.name }}</span>{% endfor %}</p>

<h2>Final totals</h2>
<table>
<tr><th></th>{% for e in rulesets %}<th>{{ e.name }}</th>{% endfor %}</tr>
{% for row in summary_rows %}<tr><td>{{ row.label }}</td>{% for cell in row.cells %}<td>{{ cell.value }}{% if cell.diff %} <span class="diff{% if cell.noise %} noise{% endif %}"{% if cell.title %} title="{{ cell.title }}"{% endif %}>{{ cell.diff }}</span>{% endif %}</td>{% endfor %}</tr>
{% endfor %}</table>

{% if design_rows %}<h2>Balance, the lead and where the points come from</h2>
<p class="note">Each metric's name and definition show on hovering its label (the README defines them all, under Variant lab, Metrics).</p>
<table>
<tr><th></th>{% for e in rulesets %}<th>{{ e.name }}</th>{% endfor %}</tr>
{% for row in design_rows %}<tr><td title="{{ row.title }}">{{ row.label }}</td>{% for cell in row.cells %}<td>{{ cell.value }}{% if cell.diff %} <span class="diff{% if cell.noise %} noise{% endif %}"{% if cell.title %} title="{{ cell.title }}"{% endif %}>{{ cell.diff }}</span>{% endif %}</td>{% endfor %}</tr>
{% endfor %}</table>
{% endif %}
<h2>Differences from {{ report.reference }}, with 95% intervals</h2>
<p class="key">{% for line in histogram.lines[1:] %}<span><span class="swatch" style="background: {{ line.colour }}"></span>{{ line.name }}</span>{% endfor %}</p>
<p class="note">Each dot is a ruleset's difference from {{ report.reference }}; the whiskers are its 95% interval,
computed from the paired games (the same game under both rulesets is one pair). A hollow dot, a dashed whisker
and the words <em>within noise</em> mark an interval that contains 0: these games cannot tell that difference
from chance. For the winner, the plot shows how often it differs (a share of games, Wilson interval). In the
tables, <span class="noise">~</span> and grey mark a difference within noise; hover for its interval.</p>
{% for plot in difference_plots %}{% if not plot.empty %}
<svg xmlns="http://www.w3.org/2000/svg" width="100%" viewBox="0 0 {{ plot.width }} {{ plot.height }}" role="img" aria-label="{{ plot.axis_label }}">
<rect x="0" y="0" width="{{ plot.width }}" height="{{ plot.height }}" fill="#fff"/>
{% for t in plot.ticks %}<line x1="{{ t.x }}" x2="{{ t.x }}" y1="{{ plot.top }}" y2="{{ plot.bottom }}" stroke="#eee"/><text x="{{ t.x }}" y="{{ plot.tick_y }}" text-anchor="middle">{{ t.label }}</text>
{% endfor %}{% for g in plot.groups %}{% if not loop.first %}<line x1="8" x2="{{ plot.width - 8 }}" y1="{{ g.line }}" y2="{{ g.line }}" stroke="#f0f0f0"/>{% endif %}<text x="{{ plot.left - 10 }}" y="{{ g.y }}" text-anchor="end">{{ g.label }}</text>
{% endfor %}<line x1="{{ plot.zero }}" x2="{{ plot.zero }}" y1="{{ plot.top }}" y2="{{ plot.bottom }}" stroke="#555"/>
<line x1="{{ plot.left }}" x2="{{ plot.right }}" y1="{{ plot.bottom }}" y2="{{ plot.bottom }}" stroke="#888"/>
{% for m in plot.marks %}<g><title>{{ m.title }}</title><line x1="{{ m.x1 }}" x2="{{ m.x2 }}" y1="{{ m.y }}" y2="{{ m.y }}" stroke="{{ m.colour }}" stroke-width="2"{% if m.noise %} stroke-dasharray="4 3"{% endif %}/><line x1="{{ m.x1 }}" x2="{{ m.x1 }}" y1="{{ m.cap1 }}" y2="{{ m.cap2 }}" stroke="{{ m.colour }}" stroke-width="2"/><line x1="{{ m.x2 }}" x2="{{ m.x2 }}" y1="{{ m.cap1 }}" y2="{{ m.cap2 }}" stroke="{{ m.colour }}" stroke-width="2"/><circle cx="{{ m.x }}" cy="{{ m.y }}" r="4.5" fill="{{ m.fill }}" stroke="{{ m.colour }}" stroke-width="2"/>{% if m.noise %}<text x="{{ plot.verdict_x }}" y="{{ m.y }}" dominant-baseline="middle" fill="{{ noise_colour }}" font-style="italic">within noise</text>{% endif %}</g>
{% endfor %}<text x="{{ (plot.left + plot.right) // 2 }}" y="{{ plot.axis_label_y }}" text-anchor="middle">{{ plot.axis_label }}</text>
</svg>
{% endif %}{% endfor %}

<h2>Distribution of final totals</h2>
<svg xmlns="http://www.w3.org/2000/svg" width="100%" viewBox="0 0 {{ histogram.width }} {{ histogram.height }}" role="img" aria-label="Histogram of final totals per ruleset">
<rect x="0" y="0" width="{{ histogram.width }}" height="{{ histogram.height }}" fill="#fff"/>
{% for t in histogram.y_ticks %}<line x1="{{ histogram.left }}" x2="{{ histogram.right }}" y1="{{ t.y }}" y2="{{ t.y }}" stroke="#eee"/><text x="{{ histogram.left - 6 }}" y="{{ t.y }}" text-anchor="end" dominant-baseline="middle">{{ t.label }}</text>
{% endfor %}{% for t in histogram.x_ticks %}<line x1="{{ t.x }}" x2="{{ t.x }}" y1="{{ histogram.bottom }}" y2="{{ histogram.bottom + 5 }}" stroke="#888"/><text x="{{ t.x }}" y="{{ histogram.bottom + 17 }}" text-anchor="middle">{{ t.label }}</text>
{% endfor %}<line x1="{{ histogram.left }}" x2="{{ histogram.right }}" y1="{{ histogram.bottom }}" y2="{{ histogram.bottom }}" stroke="#888"/>
{% for line in histogram.lines %}<polyline fill="none" stroke="{{ line.colour }}" stroke-width="2" points="{{ line.points }}"><title>{{ line.name }}</title></polyline>
{% endfor %}<text x="{{ (histogram.left + histogram.right) // 2 }}" y="{{ histogram.x_label_y }}" text-anchor="middle">final total (bins of {{ histogram.bin_width }}); height: share of players</text>
</svg>

<h2>Bonus, neutral and penalty at each Emperor scoring</h2>
<p class="key">{% for line in histogram.lines %}<span><span class="swatch" style="background: {{ line.colour }}"></span>{{ line.name }}</span>{% endfor %}</p>
<p class="key">{% for o in outcome_key %}<span><span class="swatch" style="background: {{ o.colour }}"></span>{{ o.word }}</span>{% endfor %}</p>
<svg xmlns="http://www.w3.org/2000/svg" width="100%" viewBox="0 0 {{ outcomes.width }} {{ outcomes.height }}" role="img" aria-label="Bonus, neutral and penalty rates per Emperor scoring and ruleset">
<rect x="0" y="0" width="{{ outcomes.width }}" height="{{ outcomes.height }}" fill="#fff"/>
{% for t in outcomes.y_ticks %}<line x1="{{ outcomes.left }}" x2="{{ outcomes.right }}" y1="{{ t.y }}" y2="{{ t.y }}" stroke="#eee"/><text x="{{ outcomes.left - 6 }}" y="{{ t.y }}" text-anchor="end" dominant-baseline="middle">{{ t.label }}</text>
{% endfor %}{% for bar in outcomes.bars %}{% for s in bar.segments %}<rect x="{{ bar.x }}" y="{{ s.y }}" width="{{ bar.width }}" height="{{ s.height }}" fill="{{ s.colour }}"><title>{{ s.title }}</title></rect>{% if s.label %}<text x="{{ bar.centre }}" y="{{ s.label_y }}" text-anchor="middle" fill="{{ s.text_colour }}">{{ s.label }}</text>{% endif %}
{% endfor %}<rect x="{{ bar.x }}" y="{{ outcomes.name_y - 8 }}" width="{{ bar.width }}" height="6" fill="{{ bar.colour }}"><title>{{ bar.name }}</title></rect>
{% endfor %}{% for g in outcomes.groups %}<text x="{{ g.x }}" y="{{ outcomes.group_y }}" text-anchor="middle" font-weight="bold">{{ g.label }}</text>
{% endfor %}</svg>

<h2>Emperor scorings</h2>
<table>
<tr><th></th>{% for e in rulesets %}<th>{{ e.name }}</th>{% endfor %}</tr>
{% for row in scoring_rows %}<tr><td>{{ row.label }}</td>{% for cell in row.cells %}<td>{{ cell.value }}{% if cell.diff %} <span class="diff{% if cell.noise %} noise{% endif %}"{% if cell.title %} title="{{ cell.title }}"{% endif %}>{{ cell.diff }}</span>{% endif %}</td>{% endfor %}</tr>
{% endfor %}</table>
{{ planning }}
<h2>Tiles: bonus / neutral / penalty</h2>
<table>
<tr><th>tile</th>{% for e in rulesets %}<th>{{ e.name }}</th>{% endfor %}</tr>
{% for row in tile_rows %}<tr><td>{{ row.label }}</td>{% for cell in row.cells %}<td>{% for part in cell %}<span{% if part.noise %} class="noise"{% endif %}{% if part.title %} title="{{ part.title }}"{% endif %}>{{ part.text }}</span>{{ part.separator }}{% endfor %}</td>{% endfor %}</tr>
{% endfor %}</table>
<p class="note">Generated by <code>gah compare</code> ({{ report.format }}). The game model is a set of assumptions,
not a measurement of real games: read the differences between rulesets, not the absolute numbers.</p>
</body>
</html>
"""


def _cells(
    rulesets: list[dict[str, Any]], get: Any, percent: bool = False, interval: Any = None, digits: int = 1
) -> list[dict[str, Any]]:
    """A table row's cells; `interval` picks a ruleset's difference (an entry of its "differences")."""
    first = float(get(rulesets[0]))
    cells: list[dict[str, Any]] = []
    for index, entry in enumerate(rulesets):
        value = float(get(entry))
        shown = f"{100 * value:.1f}%" if percent else f"{value:.{digits}f}"
        diff, noise, title = "", False, ""
        found = interval(entry["differences"]) if index and interval is not None else None
        if found is not None:
            diff = interval_text(found, percent).strip()
            noise = found["within_noise"]
            title = _interval_title(found, percent)
        elif index and abs(value - first) > 1e-9:
            delta = 100 * (value - first) if percent else value - first
            diff = f"({'+' if delta > 0 else ''}{delta:.1f})"
        cells.append({"value": shown, "diff": diff, "noise": noise, "title": title})
    return cells


def _interval_title(found: dict[str, Any] | None, percent: bool) -> str:
    if found is None:
        return ""
    unit, scale = (" percentage points", 100) if percent else (" points", 1)
    verdict = "within noise (the interval contains 0)" if found["within_noise"] else "beyond noise"
    return (
        f"difference {scale * found['estimate']:+.2f}{unit}, 95% interval {scale * found['low']:+.2f} "
        f"to {scale * found['high']:+.2f}: {verdict}"
    )


def _winner_cells(rulesets: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """How often the winner differs: a rate against 0 with its Wilson interval (lo..hi)."""
    cells: list[dict[str, Any]] = [{"value": "", "diff": "", "noise": False, "title": ""}]
    for entry in rulesets[1:]:
        found = entry["differences"]["winner_change_rate"]
        cells.append(
            {
                "value": f"{100 * entry['winner_change_rate']:.1f}%",
                "diff": interval_text(found, True, True).strip(),
                "noise": found is not None and found["within_noise"],
                "title": _interval_title(found, True),
            }
        )
    cells[0]["value"] = f"{100 * rulesets[0]['winner_change_rate']:.1f}%"
    return cells


DESIGN_ROWS = ("balance", "margin", "lead_changes", "spread", "emperor_points", "tile_points", "emperor_share")


def design_rows(report: dict[str, Any]) -> list[dict[str, Any]]:
    """The table of the designer's metrics (compiler.lab.runs.metrics): a row per metric every ruleset has, with its
    definition as the label's title."""
    rulesets = report["rulesets"]
    rounds = sorted({s["round"] for e in rulesets for s in e["scorings"]})
    seats = sorted(rulesets[0]["seat_win_rate"], key=int)
    names = [
        *DESIGN_ROWS[:1],
        *(f"seat{seat}_wins" for seat in seats),
        *DESIGN_ROWS[1:3],
        *(f"{kind}_r{round_}" for round_ in rounds for kind in ("comeback", "behind")),
        *DESIGN_ROWS[3:],
    ]
    rows = []
    for name in names:
        if not all(name in entry.get("metrics", {}) for entry in rulesets):
            continue
        metric = metric_of(name)
        cells = _cells(
            rulesets,
            lambda e, n=name: e["metrics"][n],
            metric.unit == "rate",
            lambda d, n=name: d["metrics"][n],
            digits=2 if metric.unit == "count" else 1,
        )
        rows.append({"label": metric.label, "title": f"{name}: {metric.definition}", "cells": cells})
    return rows


def _scoring_difference(differences: dict[str, Any], round_: int, key: str) -> dict[str, Any] | None:
    found = next((s for s in differences["scorings"] if s["round"] == round_), None)
    return None if found is None else found[key]


def _rows(report: dict[str, Any]) -> tuple[list[dict[str, Any]], list[dict[str, Any]], list[dict[str, Any]]]:
    rulesets = report["rulesets"]
    summary_rows = [
        {
            "label": "mean",
            "cells": _cells(rulesets, lambda e: e["final_total"]["mean"], interval=lambda d: d["final_total_mean"]),
        },
        {
            "label": "standard deviation",
            "cells": _cells(rulesets, lambda e: e["final_total"]["stdev"], interval=lambda d: d["final_total_stdev"]),
        },
        {"label": "5th percentile", "cells": _cells(rulesets, lambda e: e["final_total"]["percentiles"].get("p5", 0))},
        {"label": "median", "cells": _cells(rulesets, lambda e: e["final_total"]["percentiles"].get("p50", 0))},
        {
            "label": "95th percentile",
            "cells": _cells(rulesets, lambda e: e["final_total"]["percentiles"].get("p95", 0)),
        },
        {"label": "min", "cells": _cells(rulesets, lambda e: e["final_total"]["min"])},
        {"label": "max", "cells": _cells(rulesets, lambda e: e["final_total"]["max"])},
        {
            "label": "winning total (mean)",
            "cells": _cells(rulesets, lambda e: e["winning_total"]["mean"], interval=lambda d: d["winning_total_mean"]),
        },
        {
            "label": "gap first to last (mean)",
            "cells": _cells(
                rulesets, lambda e: e["gap_first_last"]["mean"], interval=lambda d: d["gap_first_last_mean"]
            ),
        },
        {
            "label": f"winner differs from {report['reference']}",
            "cells": _winner_cells(rulesets),
        },
        {
            "label": "tie on top (tie-breaker needed)",
            "cells": _cells(rulesets, lambda e: e["tie_rate"], True, lambda d: d["tie_rate"]),
        },
        {
            "label": "shared win",
            "cells": _cells(rulesets, lambda e: e["shared_win_rate"], True, lambda d: d["shared_win_rate"]),
        },
    ]
    rounds = sorted({s["round"] for e in rulesets for s in e["scorings"]})
    scoring_rows = []

    def at(entry: dict[str, Any], round_: int, *path: str) -> float:
        found: Any = next((s for s in entry["scorings"] if s["round"] == round_), None)
        if found is None:
            return 0.0
        for step in path:
            found = found[step]
        return float(found)

    for round_ in rounds:
        scoring_rows.append(
            {
                "label": f"after round {round_}: Emperor points (mean)",
                "cells": _cells(
                    rulesets,
                    lambda e, r=round_: at(e, r, "emperor_points", "mean"),
                    interval=lambda d, r=round_: _scoring_difference(d, r, "emperor_points_mean"),
                ),
            }
        )
        scoring_rows.append(
            {
                "label": f"after round {round_}: net points (mean)",
                "cells": _cells(
                    rulesets,
                    lambda e, r=round_: at(e, r, "net_points", "mean"),
                    interval=lambda d, r=round_: _scoring_difference(d, r, "net_points_mean"),
                ),
            }
        )
        for outcome in OUTCOMES:
            scoring_rows.append(
                {
                    "label": f"after round {round_}: {OUTCOME_WORDS[outcome]}",
                    "cells": _cells(
                        rulesets,
                        lambda e, r=round_, o=outcome: at(e, r, "outcomes", o),
                        True,
                        lambda d, r=round_, o=outcome: _scoring_difference(d, r, o),
                    ),
                }
            )
    tiles: list[str] = []
    for entry in rulesets:
        tiles.extend(t["tile"] for t in entry["tiles"] if t["tile"] not in tiles)
    tile_rows = []
    for tile in tiles:
        cells: list[list[dict[str, Any]]] = []
        for index, entry in enumerate(rulesets):
            found = next((t for t in entry["tiles"] if t["tile"] == tile), None)
            if found is None:
                cells.append([{"text": "-", "noise": False, "title": "", "separator": ""}])
                continue
            o = found["outcomes"]
            noise = tile_noise(entry, tile) if index else {}
            paired = next((t for t in entry["differences"]["tiles"] if t["tile"] == tile), None) or {}
            parts = [
                {
                    "text": f"{100 * o[name]:.0f}%" + (NOISE_MARK if noise.get(name) else ""),
                    "noise": noise.get(name, False),
                    "title": _interval_title(paired.get(name), True) if index else "",
                    "separator": " / " if name != OUTCOMES[-1] else f" (n={o['n']})",
                }
                for name in OUTCOMES
            ]
            cells.append(parts)
        tile_rows.append({"label": tile, "cells": cells})
    return summary_rows, scoring_rows, tile_rows


def html_report(record: CompareReport) -> str:
    """The whole report as one HTML page (Jinja2 with autoescape; every plot is inline SVG)."""
    report = record.as_json()
    environment = Environment(autoescape=True, keep_trailing_newline=True)
    template = environment.from_string(TEMPLATE)
    summary_rows, scoring_rows, tile_rows = _rows(report)
    return template.render(
        report=report,
        names=[e["name"] for e in report["rulesets"]],
        rulesets=report["rulesets"],
        histogram=histogram_plot(report),
        outcomes=outcome_plot(report),
        difference_plots=[difference_plot(report, percent=False), difference_plot(report, percent=True)],
        noise_colour=NOISE_COLOUR,
        outcome_key=[{"colour": OUTCOME_COLOURS[o], "word": OUTCOME_WORDS[o]} for o in ("bonus", "nothing", "penalty")],
        summary_rows=summary_rows,
        design_rows=design_rows(report),
        scoring_rows=scoring_rows,
        tile_rows=tile_rows,
        planning=planning_section(report),
    )


# --- what planning players bought ----------------------------------------------------------------------------

INVESTMENT_HEIGHT = 260

PLANNING_SECTION = """
<h2>What planning players bought</h2>
<p>{{ planning.share }}% of players plan ({{ planning.mistakes }}% of their decisions are plain mistakes{% if planning.temperature %}, temperature {{ planning.temperature }} points{% endif %}):
before each Emperor scoring they may buy up to {{ planning.emperor_steps.limit }} extra Emperor steps
({{ price }} each), the count worth most under each ruleset's own scoring. Bars: extra steps per planner (mean).
<code>--fixed</code> turns planning off.</p>
<svg xmlns="http://www.w3.org/2000/svg" width="100%" viewBox="0 0 {{ plot.width }} {{ plot.height }}" role="img" aria-label="Extra Emperor steps bought per planner before each scoring, per ruleset">
<rect x="0" y="0" width="{{ plot.width }}" height="{{ plot.height }}" fill="#fff"/>
{% for t in plot.y_ticks %}<line x1="{{ plot.left }}" x2="{{ plot.right }}" y1="{{ t.y }}" y2="{{ t.y }}" stroke="#eee"/><text x="{{ plot.left - 6 }}" y="{{ t.y }}" text-anchor="end" dominant-baseline="middle">{{ t.label }}</text>
{% endfor %}{% for bar in plot.bars %}<rect x="{{ bar.x }}" y="{{ bar.y }}" width="{{ bar.width }}" height="{{ bar.height }}" fill="{{ bar.colour }}"><title>{{ bar.title }}</title></rect><text x="{{ bar.centre }}" y="{{ bar.label_y }}" text-anchor="middle">{{ bar.label }}</text>
{% endfor %}{% for g in plot.groups %}<text x="{{ g.x }}" y="{{ plot.group_y }}" text-anchor="middle" font-weight="bold">{{ g.label }}</text>
{% endfor %}</svg>
<table>
<tr><th></th>{% for name in names %}<th>{{ name }}</th>{% endfor %}</tr>
{% for row in rows %}<tr><td>{{ row.label }}</td>{% for cell in row.cells %}<td>{{ cell }}</td>{% endfor %}</tr>
{% endfor %}</table>
"""


def investment_plot(report: dict[str, Any]) -> dict[str, Any]:
    """Grouped bars: per Emperor scoring, per ruleset, the planners' extra steps (mean)."""
    rulesets = report["rulesets"]
    rounds = sorted({s["round"] for e in rulesets for s in e["planning"]["emperor_steps"]})
    highest = max([steps_figure(e, r, "mean") for e in rulesets for r in rounds], default=0.0)
    tick = _nice_float_step(max(highest, 0.25), ticks=5)  # at most 5 gridlines, none finer than 0.05
    ticks = max(1, -int(-highest // tick))  # gridlines above 0, the highest bar under the last
    top = ticks * tick
    plot_h = INVESTMENT_HEIGHT - TOP - BOTTOM
    group_w = (WIDTH - LEFT - RIGHT) / max(len(rounds), 1)
    bar_w = min(56.0, (group_w - 24) / max(len(rulesets), 1))
    bars, groups = [], []
    for g, round_ in enumerate(rounds):
        start = LEFT + g * group_w + (group_w - bar_w * len(rulesets)) / 2
        groups.append({"x": f"{LEFT + (g + 0.5) * group_w:.2f}", "label": f"before the scoring after round {round_}"})
        for index, entry in enumerate(rulesets):
            mean = steps_figure(entry, round_, "mean")
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
                    "title": f"{entry['name']}, before round {round_}'s scoring: {mean:.2f} extra steps per planner, "
                    f"{100 * steps_figure(entry, round_, 'buying_rate'):.1f}% of planners buying",
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


def planning_section(report: dict[str, Any]) -> Markup:
    """The HTML report's planning section (empty when nobody plans)."""
    planning = report["planning"]
    if not planning["active"]:
        return Markup("")
    rulesets = report["rulesets"]
    price = planning["emperor_steps"]["price"]
    words = [f"{price[k]} {k}" for k in ("points", "krones") if price[k]] or ["free"]
    rows = []
    for label, key, percent in (
        ("planners' total (mean)", "planner_total", False),
        ("others' total (mean)", "other_total", False),
        ("planners' win rate", "planner_win_rate", True),
        ("others' win rate", "other_win_rate", True),
    ):
        cells = []
        for entry in rulesets:
            value = entry["planning"][key]
            cells.append(f"{100 * value:.1f}%" if percent else f"{value['mean']:.1f}")
        rows.append({"label": label, "cells": cells})
    if planning["cafe_guests"] is not None:
        cafe = [e["planning"]["cafe_guests"] for e in rulesets]
        rows.append({"label": "café guests served at the end (mean)", "cells": [f"{c['mean']:.2f}" for c in cafe]})
    environment = Environment(autoescape=True)
    text = environment.from_string(PLANNING_SECTION).render(
        planning=planning,
        price=" and ".join(words),
        plot=investment_plot(report),
        names=[e["name"] for e in rulesets],
        rows=rows,
    )
    return Markup(text)  # rendered above with autoescape
