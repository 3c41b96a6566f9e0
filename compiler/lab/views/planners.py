"""What planning players did, in the comparison table: its rows and the first line's note (the records are in
compiler.lab.views.records, the HTML report's section in compiler.lab.views.html)."""

from __future__ import annotations

from typing import Any, Protocol

from compiler.lab.engine.model import Planning


class TableRows(Protocol):
    """What the planners' rows use of the comparison table being built (report.TableRows)."""

    def heading(self, label: str) -> None: ...

    def stat(self, label: str, get: Any, percent: bool = False, digits: int = 1, interval: Any = None) -> None: ...


def steps_figure(entry: dict[str, Any], round_: int, key: str) -> float:
    """A ruleset entry's figure `key` of the steps planners bought before round `round_`'s scoring (0 if none)."""
    found = next((s for s in entry["planning"]["emperor_steps"] if s["round"] == round_), None)
    return float(found[key]) if found is not None else 0.0


def header_note(planning: Planning) -> str:
    """What a report's first line says about planning: nothing when nobody plans."""
    return f"; {planning.share}% of players plan (--fixed: none)" if planning.active else ""


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
