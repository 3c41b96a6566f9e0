"""What planning players did, in the lab's reports: the `planning` keys of `--json`, the table's rows and the
HTML report's section (a plot of the Emperor steps bought per scoring)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from jinja2 import Environment
from markupsafe import Markup

from compiler.lab.model import Planning, Price
from compiler.lab.stats import PlanTally, histogram, rate, summary

StatRow = Callable[..., None]  # report.text_report's stat(label, get, percent=False)


def _price(price: Price) -> dict[str, int]:
    return {"points": price.points, "krones": price.krones}


def model_fields(planning: Planning) -> dict[str, Any]:
    """The model's planning knobs (the report's top-level `planning`); `fixed`: turned off by --fixed (`fixed`)."""
    return {
        "active": planning.active,
        "fixed": planning.fixed,
        "share": planning.share,
        "mistakes": planning.mistakes,
        "temperature": planning.temperature,
        "emperor_steps": {"limit": planning.step_limit, "price": _price(planning.step_price)},
        "cafe_guests": {"price": _price(planning.guest_price)} if planning.cafe else None,
    }


def _mean(counts: Counter[int]) -> float:
    n = sum(counts.values())
    return round(sum(v * c for v, c in counts.items()) / n, 3) if n else 0.0


def _choices(counts: Counter[int], price: Price) -> dict[str, Any]:
    """Units bought per planner decision: how many decisions, the mean, how often any, the price paid."""
    n = sum(counts.values())
    units = sum(v * c for v, c in counts.items())
    return {
        "decisions": n,
        "mean": _mean(counts),
        "buying_rate": rate(n - counts[0], n),
        "points_paid_mean": round(units * price.points / n, 3) if n else 0.0,
        "krones_paid_mean": round(units * price.krones / n, 3) if n else 0.0,
        "histogram": histogram(counts),
    }


def ruleset_fields(tally: PlanTally, planning: Planning) -> dict[str, Any]:
    """One ruleset's `planning` key: who planned, their totals and wins beside the others', what they bought."""
    return {
        "planners": tally.planners,
        "planner_share": rate(tally.planners, tally.planners + tally.others),
        "planner_total": summary(tally.planner_totals),
        "other_total": summary(tally.other_totals),
        "planner_win_rate": rate(tally.planner_wins, tally.planners),
        "other_win_rate": rate(tally.other_wins, tally.others),
        "emperor_steps": [
            {"round": round_, **_choices(tally.steps[round_], planning.step_price)} for round_ in sorted(tally.steps)
        ],
        "cafe_guests": _choices(tally.served, planning.guest_price) if planning.cafe else None,
    }


def _steps(entry: dict[str, Any], round_: int, key: str) -> float:
    found = next((s for s in entry["planning"]["emperor_steps"] if s["round"] == round_), None)
    return float(found[key]) if found is not None else 0.0


def header_note(report: dict[str, Any]) -> str:
    """What a report's first line says about planning: nothing when nobody plans."""
    planning = report["planning"]
    return f"; {planning['share']}% of players plan (--fixed: none)" if planning["active"] else ""


def scoring_rows(report: dict[str, Any], stat: StatRow, round_: int) -> None:
    """Rows under one Emperor scoring of the table: what the planners bought before it."""
    if not report["planning"]["active"]:
        return
    stat("  planners' extra steps (mean)", lambda e: _steps(e, round_, "mean"), digits=2)
    stat("  planners buying steps", lambda e: _steps(e, round_, "buying_rate"), percent=True)
    price = report["planning"]["emperor_steps"]["price"]
    if price["points"]:
        stat("  points paid per planner (mean)", lambda e: _steps(e, round_, "points_paid_mean"), digits=2)
    if price["krones"]:
        stat("  krones paid per planner (mean)", lambda e: _steps(e, round_, "krones_paid_mean"), digits=2)


def player_rows(report: dict[str, Any], rows: list[tuple[str, list[str]]], stat: StatRow) -> None:
    """The table's section on planners against the other players (and the café decision)."""
    planning = report["planning"]
    if not planning["active"]:
        return
    rows.append((f"PLANNING PLAYERS ({planning['share']}% plan, {planning['mistakes']}% mistakes)", []))
    stat("  planners (share of players)", lambda e: e["planning"]["planner_share"], percent=True)
    stat("  planners' total (mean)", lambda e: e["planning"]["planner_total"]["mean"])
    stat("  others' total (mean)", lambda e: e["planning"]["other_total"]["mean"])
    stat("  planners' win rate", lambda e: e["planning"]["planner_win_rate"], percent=True)
    stat("  others' win rate", lambda e: e["planning"]["other_win_rate"], percent=True)
    if planning["cafe_guests"] is not None:
        stat("  café guests served at the end (mean)", lambda e: e["planning"]["cafe_guests"]["mean"], digits=2)
        stat("  planners serving guests", lambda e: e["planning"]["cafe_guests"]["buying_rate"], percent=True)


# --- the HTML report's section -------------------------------------------------------------------------------

WIDTH, HEIGHT = 760, 260
LEFT, RIGHT, TOP, BOTTOM = 56, 16, 16, 44

SECTION = """
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


def investment_plot(report: dict[str, Any], palette: tuple[str, ...]) -> dict[str, Any]:
    """Grouped bars: per Emperor scoring, per ruleset, the planners' extra steps (mean)."""
    rulesets = report["rulesets"]
    rounds = sorted({s["round"] for e in rulesets for s in e["planning"]["emperor_steps"]})
    highest = max([_steps(e, r, "mean") for e in rulesets for r in rounds], default=0.0)
    tick = next((t for t in (0.05, 0.1, 0.2, 0.25, 0.5, 1.0, 2.0) if highest <= 5 * t), 5.0)
    ticks = max(1, -int(-highest // tick))  # gridlines above 0, the highest bar under the last
    top = ticks * tick
    plot_h = HEIGHT - TOP - BOTTOM
    group_w = (WIDTH - LEFT - RIGHT) / max(len(rounds), 1)
    bar_w = min(56.0, (group_w - 24) / max(len(rulesets), 1))
    bars, groups = [], []
    for g, round_ in enumerate(rounds):
        start = LEFT + g * group_w + (group_w - bar_w * len(rulesets)) / 2
        groups.append({"x": f"{LEFT + (g + 0.5) * group_w:.2f}", "label": f"before the scoring after round {round_}"})
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
                    "colour": palette[index % len(palette)],
                    "title": f"{entry['name']}, before round {round_}'s scoring: {mean:.2f} extra steps per planner, "
                    f"{100 * _steps(entry, round_, 'buying_rate'):.1f}% of planners buying",
                }
            )
    y_ticks = [{"y": f"{TOP + plot_h - i / ticks * plot_h:.2f}", "label": f"{i * tick:g}"} for i in range(ticks + 1)]
    return {
        "width": WIDTH,
        "height": HEIGHT,
        "left": LEFT,
        "right": WIDTH - RIGHT,
        "bars": bars,
        "groups": groups,
        "y_ticks": y_ticks,
        "group_y": HEIGHT - 8,
    }


def html_section(report: dict[str, Any], palette: tuple[str, ...]) -> Markup:
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
    text = environment.from_string(SECTION).render(
        planning=planning,
        price=" and ".join(words),
        plot=investment_plot(report, palette),
        names=[e["name"] for e in rulesets],
        rows=rows,
    )
    return Markup(text)  # rendered above with autoescape
