"""The comparison as data (for --json) and as a terminal table."""

from __future__ import annotations

import json
from typing import Any

from compiler.lab import planning_report
from compiler.lab.runner import CHUNK, LabSpec
from compiler.lab.stats import OUTCOME_WORDS, OUTCOMES, Tally, histogram, outcome_rates, rate, summary

FORMAT = "gah-compare/1"


def run_fields(spec: LabSpec) -> dict[str, Any]:
    """What was played: the games, players, seed, chunk size and model (the head of every lab report)."""
    return {
        "games": spec.games,
        "players": spec.players,
        "seed": spec.seed,
        "chunk": CHUNK,
        "model": {"name": spec.model.name, "file": spec.model.source, "description": spec.model.description},
        "planning": planning_report.model_fields(spec.model.planning),
    }


def build_report(spec: LabSpec, tallies: list[Tally]) -> dict[str, Any]:
    """Everything `gah compare` shows, as plain JSON-ready data (deterministic: no times, no worker count)."""
    rulesets = []
    for ruleset, tally in zip(spec.rulesets, tallies, strict=True):
        tiers = {t.id: t.tier for t in ruleset.tiles}
        tile_ids = sorted(tally.tile_outcomes, key=lambda t: (tiers.get(t, ""), t))
        rulesets.append(
            {
                "name": ruleset.name,
                "title": ruleset.title,
                "games": tally.games,
                "final_total": summary(tally.totals),
                "winning_total": summary(tally.winning_totals),
                "gap_first_last": summary(tally.gaps),
                "difference_from_first": summary(tally.paired),
                "winner_change_rate": rate(tally.winner_changes, tally.games),
                "tie_rate": rate(tally.top_ties, tally.games),
                "shared_win_rate": rate(tally.shared_wins, tally.games),
                "seat_win_rate": {
                    str(seat): rate(tally.seat_wins[seat], tally.games) for seat in range(1, spec.players + 1)
                },
                "scorings": [
                    {
                        "round": round_,
                        "emperor_points": summary(tally.track_points[round_]),
                        "net_points": summary(tally.net_points[round_]),
                        "outcomes": outcome_rates(tally.outcomes[round_]),
                    }
                    for round_ in sorted(tally.outcomes)
                ],
                "tiles": [
                    {"tile": tile, "tier": tiers.get(tile, ""), "outcomes": outcome_rates(tally.tile_outcomes[tile])}
                    for tile in tile_ids
                ],
                "final_total_histogram": histogram(tally.totals),
                "planning": planning_report.ruleset_fields(tally.planning, spec.model.planning),
            }
        )
    return {
        "format": FORMAT,
        **run_fields(spec),
        "reference": spec.rulesets[0].name,
        "rulesets": rulesets,
    }


def report_json(report: dict[str, Any]) -> str:
    return json.dumps(report, indent=2, ensure_ascii=False) + "\n"


# --- the terminal table ----------------------------------------------------------------------


def _num(value: float, digits: int = 1) -> str:
    return f"{value:.{digits}f}"


def _pct(value: float) -> str:
    return f"{100 * value:.1f}%"


def _delta(value: float, first: float, percent: bool = False, digits: int = 1) -> str:
    diff = value - first
    if abs(diff) < 1e-9:
        return ""
    return (
        f" ({'+' if diff > 0 else ''}{100 * diff:.1f})" if percent else f" ({'+' if diff > 0 else ''}{diff:.{digits}f})"
    )


def text_report(report: dict[str, Any]) -> str:
    """A table: one column per ruleset, differences from the first ruleset in brackets."""
    rulesets = report["rulesets"]
    first = rulesets[0]
    rows: list[tuple[str, list[str]]] = []

    def stat(label: str, get: Any, percent: bool = False, digits: int = 1) -> None:
        base = get(first)
        cells = []
        for index, entry in enumerate(rulesets):
            value = get(entry)
            shown = _pct(value) if percent else _num(value, digits)
            cells.append(shown + ("" if index == 0 else _delta(value, base, percent, digits)))
        rows.append((label, cells))

    def text(label: str, get: Any) -> None:
        rows.append((label, [get(entry) for entry in rulesets]))

    def spread(summ: dict[str, Any]) -> str:
        p = summ["percentiles"]
        return f"{p.get('p5', 0)} / {p.get('p50', 0)} / {p.get('p95', 0)}"

    rows.append(("FINAL TOTALS (every player)", []))
    stat("  mean", lambda e: e["final_total"]["mean"])
    stat("  stdev", lambda e: e["final_total"]["stdev"])
    text("  p5 / median / p95", lambda e: spread(e["final_total"]))
    text("  min .. max", lambda e: f"{e['final_total']['min']} .. {e['final_total']['max']}")
    stat("  change from first (mean)", lambda e: e["difference_from_first"]["mean"])
    stat("winning total (mean)", lambda e: e["winning_total"]["mean"])
    stat("gap first-last (mean)", lambda e: e["gap_first_last"]["mean"])
    stat("winner differs from first", lambda e: e["winner_change_rate"], percent=True)
    stat("tie on top (tie-breaker)", lambda e: e["tie_rate"], percent=True)
    stat("shared win", lambda e: e["shared_win_rate"], percent=True)
    seats = sorted(first["seat_win_rate"], key=int)
    text("wins by seat", lambda e: " ".join(_pct(e["seat_win_rate"][s]) for s in seats))
    planning_report.player_rows(report, rows, stat)
    rounds = sorted({s["round"] for e in rulesets for s in e["scorings"]})
    for round_ in rounds:
        rows.append((f"EMPEROR SCORING AFTER ROUND {round_}", []))

        def scoring(entry: dict[str, Any], r: int = round_) -> dict[str, Any] | None:
            return next((s for s in entry["scorings"] if s["round"] == r), None)

        def get_or(entry: dict[str, Any], path: tuple[str, ...], r: int = round_) -> float:
            found: Any = scoring(entry, r)
            if found is None:
                return 0.0
            for step in path:
                found = found[step]
            return float(found)

        stat("  Emperor points (mean)", lambda e, r=round_: get_or(e, ("emperor_points", "mean"), r))
        stat("  net points (mean)", lambda e, r=round_: get_or(e, ("net_points", "mean"), r))
        for outcome in OUTCOMES:
            stat(
                f"  {OUTCOME_WORDS[outcome]}",
                lambda e, o=outcome, r=round_: get_or(e, ("outcomes", o), r),
                percent=True,
            )
        planning_report.scoring_rows(report, stat, round_)
    rows.append(("TILES: bonus / neutral / penalty", []))
    tiles: list[str] = []
    for entry in rulesets:
        tiles.extend(t["tile"] for t in entry["tiles"] if t["tile"] not in tiles)
    for tile in tiles:

        def tile_cell(entry: dict[str, Any], tile: str = tile) -> str:
            found = next((t for t in entry["tiles"] if t["tile"] == tile), None)
            if found is None:
                return "-"
            o = found["outcomes"]
            return " / ".join(f"{100 * o[name]:.0f}%" for name in OUTCOMES)

        text(f"  {tile}", tile_cell)
    label_width = max(len(label) for label, _ in rows)
    widths = [
        max(len(entry["name"]), *(len(cells[i]) for _label, cells in rows if cells)) for i, entry in enumerate(rulesets)
    ]
    model = report["model"]
    lines = [
        f"gah compare: {report['games']} games of {report['players']} players, seed {report['seed']}, "
        f"model {model['name']} ({model['file']}){planning_report.header_note(report)}",
        "Differences from the first ruleset in brackets (percentage points for rates).",
        "",
        " " * label_width + "  " + "  ".join(e["name"].rjust(w) for e, w in zip(rulesets, widths, strict=True)),
    ]
    for label, cells in rows:
        if not cells:
            lines.append(label)
            continue
        lines.append(
            label.ljust(label_width) + "  " + "  ".join(c.rjust(w) for c, w in zip(cells, widths, strict=True))
        )
    return "\n".join(lines) + "\n"
