"""What planning players did, in the lab's reports: the `planning` keys of `--json` and the table's rows (the
HTML report's section is in compiler.lab.views.html)."""

from __future__ import annotations

from collections import Counter
from typing import Any, Protocol

from compiler.lab.engine.model import Planning, Price
from compiler.lab.runs.tallies import PlanTally, histogram, rate, summary


class TableRows(Protocol):
    """What the planners' rows use of the comparison table being built (report.TableRows)."""

    def heading(self, label: str) -> None: ...

    def stat(self, label: str, get: Any, percent: bool = False, digits: int = 1, interval: Any = None) -> None: ...


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


def _choices(counts: Counter[int], price: Price) -> dict[str, Any]:
    """Units bought per planner decision: how many decisions, the mean, how often any, the price paid."""
    n = sum(counts.values())
    units = sum(v * c for v, c in counts.items())
    return {
        "decisions": n,
        "mean": summary(counts)["mean"],
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


def steps_figure(entry: dict[str, Any], round_: int, key: str) -> float:
    """A ruleset entry's figure `key` of the steps planners bought before round `round_`'s scoring (0 if none)."""
    found = next((s for s in entry["planning"]["emperor_steps"] if s["round"] == round_), None)
    return float(found[key]) if found is not None else 0.0


def header_note(report: dict[str, Any]) -> str:
    """What a report's first line says about planning: nothing when nobody plans."""
    planning = report["planning"]
    return f"; {planning['share']}% of players plan (--fixed: none)" if planning["active"] else ""


def scoring_rows(report: dict[str, Any], table: TableRows, round_: int) -> None:
    """Rows under one Emperor scoring of the table: what the planners bought before it."""
    if not report["planning"]["active"]:
        return
    table.stat("  planners' extra steps (mean)", lambda e: steps_figure(e, round_, "mean"), digits=2)
    table.stat("  planners buying steps", lambda e: steps_figure(e, round_, "buying_rate"), percent=True)
    price = report["planning"]["emperor_steps"]["price"]
    if price["points"]:
        table.stat("  points paid per planner", lambda e: steps_figure(e, round_, "points_paid_mean"), digits=2)
    if price["krones"]:
        table.stat("  krones paid per planner", lambda e: steps_figure(e, round_, "krones_paid_mean"), digits=2)


def player_rows(report: dict[str, Any], table: TableRows) -> None:
    """The table's section on planners against the other players (and the café decision)."""
    planning = report["planning"]
    if not planning["active"]:
        return
    table.heading(f"PLANNING PLAYERS ({planning['share']}% plan, {planning['mistakes']}% mistakes)")
    table.stat("  planners (share of players)", lambda e: e["planning"]["planner_share"], percent=True)
    table.stat("  planners' total (mean)", lambda e: e["planning"]["planner_total"]["mean"])
    table.stat("  others' total (mean)", lambda e: e["planning"]["other_total"]["mean"])
    table.stat("  planners' win rate", lambda e: e["planning"]["planner_win_rate"], percent=True)
    table.stat("  others' win rate", lambda e: e["planning"]["other_win_rate"], percent=True)
    if planning["cafe_guests"] is not None:
        table.stat("  café guests served (mean)", lambda e: e["planning"]["cafe_guests"]["mean"], digits=2)
        table.stat("  planners serving guests", lambda e: e["planning"]["cafe_guests"]["buying_rate"], percent=True)
