"""The self-contained HTML report of `gah compare --html`: tables and inline SVG plots, no external resources."""

from __future__ import annotations

from typing import Any

from jinja2 import Environment

from compiler.lab import planning_report
from compiler.lab.stats import OUTCOME_WORDS, OUTCOMES

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
{% for row in summary_rows %}<tr><td>{{ row.label }}</td>{% for cell in row.cells %}<td>{{ cell.value }}{% if cell.diff %} <span class="diff">{{ cell.diff }}</span>{% endif %}</td>{% endfor %}</tr>
{% endfor %}</table>

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
{% for row in scoring_rows %}<tr><td>{{ row.label }}</td>{% for cell in row.cells %}<td>{{ cell.value }}{% if cell.diff %} <span class="diff">{{ cell.diff }}</span>{% endif %}</td>{% endfor %}</tr>
{% endfor %}</table>
{{ planning }}
<h2>Tiles: bonus / neutral / penalty</h2>
<table>
<tr><th>tile</th>{% for e in rulesets %}<th>{{ e.name }}</th>{% endfor %}</tr>
{% for row in tile_rows %}<tr><td>{{ row.label }}</td>{% for cell in row.cells %}<td>{{ cell }}</td>{% endfor %}</tr>
{% endfor %}</table>
<p class="note">Generated by <code>gah compare</code> ({{ report.format }}). The game model is a set of assumptions,
not a measurement of real games: read the differences between rulesets, not the absolute numbers.</p>
</body>
</html>
"""


def _cells(rulesets: list[dict[str, Any]], get: Any, percent: bool = False) -> list[dict[str, str]]:
    first = float(get(rulesets[0]))
    cells = []
    for index, entry in enumerate(rulesets):
        value = float(get(entry))
        shown = f"{100 * value:.1f}%" if percent else f"{value:.1f}"
        diff = ""
        if index and abs(value - first) > 1e-9:
            delta = 100 * (value - first) if percent else value - first
            diff = f"({'+' if delta > 0 else ''}{delta:.1f})"
        cells.append({"value": shown, "diff": diff})
    return cells


def _rows(report: dict[str, Any]) -> tuple[list[dict[str, Any]], list[dict[str, Any]], list[dict[str, Any]]]:
    rulesets = report["rulesets"]
    summary_rows = [
        {"label": "mean", "cells": _cells(rulesets, lambda e: e["final_total"]["mean"])},
        {"label": "standard deviation", "cells": _cells(rulesets, lambda e: e["final_total"]["stdev"])},
        {"label": "5th percentile", "cells": _cells(rulesets, lambda e: e["final_total"]["percentiles"].get("p5", 0))},
        {"label": "median", "cells": _cells(rulesets, lambda e: e["final_total"]["percentiles"].get("p50", 0))},
        {
            "label": "95th percentile",
            "cells": _cells(rulesets, lambda e: e["final_total"]["percentiles"].get("p95", 0)),
        },
        {"label": "min", "cells": _cells(rulesets, lambda e: e["final_total"]["min"])},
        {"label": "max", "cells": _cells(rulesets, lambda e: e["final_total"]["max"])},
        {"label": "winning total (mean)", "cells": _cells(rulesets, lambda e: e["winning_total"]["mean"])},
        {"label": "gap first to last (mean)", "cells": _cells(rulesets, lambda e: e["gap_first_last"]["mean"])},
        {
            "label": f"winner differs from {report['reference']}",
            "cells": _cells(rulesets, lambda e: e["winner_change_rate"], True),
        },
        {"label": "tie on top (tie-breaker needed)", "cells": _cells(rulesets, lambda e: e["tie_rate"], True)},
        {"label": "shared win", "cells": _cells(rulesets, lambda e: e["shared_win_rate"], True)},
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
                "cells": _cells(rulesets, lambda e, r=round_: at(e, r, "emperor_points", "mean")),
            }
        )
        scoring_rows.append(
            {
                "label": f"after round {round_}: net points (mean)",
                "cells": _cells(rulesets, lambda e, r=round_: at(e, r, "net_points", "mean")),
            }
        )
        for outcome in OUTCOMES:
            scoring_rows.append(
                {
                    "label": f"after round {round_}: {OUTCOME_WORDS[outcome]}",
                    "cells": _cells(rulesets, lambda e, r=round_, o=outcome: at(e, r, "outcomes", o), True),
                }
            )
    tiles: list[str] = []
    for entry in rulesets:
        tiles.extend(t["tile"] for t in entry["tiles"] if t["tile"] not in tiles)
    tile_rows = []
    for tile in tiles:
        cells = []
        for entry in rulesets:
            found = next((t for t in entry["tiles"] if t["tile"] == tile), None)
            if found is None:
                cells.append("-")
            else:
                o = found["outcomes"]
                cells.append(" / ".join(f"{100 * o[name]:.0f}%" for name in OUTCOMES) + f" (n={o['n']})")
        tile_rows.append({"label": tile, "cells": cells})
    return summary_rows, scoring_rows, tile_rows


def html_report(report: dict[str, Any]) -> str:
    """The whole report as one HTML page (Jinja2 with autoescape; every plot is inline SVG)."""
    environment = Environment(autoescape=True, keep_trailing_newline=True)
    template = environment.from_string(TEMPLATE)
    summary_rows, scoring_rows, tile_rows = _rows(report)
    return template.render(
        report=report,
        names=[e["name"] for e in report["rulesets"]],
        rulesets=report["rulesets"],
        histogram=histogram_plot(report),
        outcomes=outcome_plot(report),
        outcome_key=[{"colour": OUTCOME_COLOURS[o], "word": OUTCOME_WORDS[o]} for o in ("bonus", "nothing", "penalty")],
        summary_rows=summary_rows,
        scoring_rows=scoring_rows,
        tile_rows=tile_rows,
        planning=planning_report.html_section(report, PALETTE),
    )
