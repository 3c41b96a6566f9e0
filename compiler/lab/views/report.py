"""The comparison as CSV and as a terminal table (compiler.lab.views.compare builds it)."""

from __future__ import annotations

import csv
import io
from typing import Any

from compiler.lab.runs.metrics import metric_label, metric_unit
from compiler.lab.runs.tallies import OUTCOME_WORDS, OUTCOMES
from compiler.lab.views import planners
from compiler.lab.views.records import CompareReport, Difference
from compiler.lab.views.textfit import Row, wrap
from compiler.lab.views.textfit import table as fit_table

INTERVAL_COLUMNS = ("difference", "low", "high", "within_noise")


def interval_cells(found: Difference | None) -> list[object]:
    """A difference's CSV cells (INTERVAL_COLUMNS; empty without an interval)."""
    if found is None:
        return [""] * len(INTERVAL_COLUMNS)
    return [found.estimate, found.low, found.high, str(found.within_noise).lower()]


def report_csv(report: CompareReport) -> str:
    """One row per ruleset: its name, every metric (rates as fractions), then per metric its difference from
    the reference with the 95% interval and whether that is within noise (empty for the reference itself and
    where there is no interval); the columns of `gah sweep --csv`."""
    names = [metric.name for metric in report.metrics]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["ruleset", *names, *(f"{name}_{column}" for name in names for column in INTERVAL_COLUMNS)])
    for index, entry in enumerate(report.rulesets):
        cells: list[object] = [entry.name, *(entry.metrics.get(name, "") for name in names)]
        for name in names:
            cells.extend(interval_cells(None if index == 0 else entry.differences.metrics.get(name)))
        writer.writerow(cells)
    return out.getvalue()


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


NOISE_MARK = "~"


def interval_text(found: dict[str, Any] | None, percent: bool = False, proportion: bool = False) -> str:
    """A difference and its 95% interval as a table shows it: (+1.8 ±0.4), (same) when no game changed, or
    (lo..hi) for a proportion; NOISE_MARK after it when the interval contains 0 (a space otherwise)."""
    if found is None:
        return ""
    scale = 100 if percent else 1
    mark = NOISE_MARK if found["within_noise"] else " "
    if proportion:
        return f" ({scale * found['low']:.1f}..{scale * found['high']:.1f}){mark}"
    if found["low"] == found["high"] == 0:
        return f" (same){mark}"
    half = scale * (found["high"] - found["low"]) / 2
    estimate = scale * found["estimate"]
    # Numbers too small for one decimal get as many as they need (up to 3), so that "+0.0 ±0.0" never
    # stands for a difference or an interval that is not 0.
    smallest = min((x for x in (abs(estimate), half) if x > 0), default=1.0)
    digits = 1 if smallest >= 0.05 else 2 if smallest >= 0.005 else 3
    return f" ({estimate:+.{digits}f} ±{half:.{digits}f}){mark}"


def tile_noise(entry: dict[str, Any], tile: str) -> dict[str, bool]:
    """Which of a tile's outcome rates are within noise of the reference's (no interval: not marked)."""
    paired = next((t for t in entry["differences"]["tiles"] if t["tile"] == tile), None) or {}
    return {name: bool(paired.get(name) and paired[name]["within_noise"]) for name in OUTCOMES}


def _exactly_same(found: dict[str, Any] | None) -> bool:
    """No game changed (or no interval to say otherwise)."""
    return found is None or found["low"] == found["high"] == 0


class TableRows:
    """The comparison table's rows, built section by section (each knows whether it is the same everywhere)."""

    def __init__(self, report: dict[str, Any]) -> None:
        self.report = report
        self.rulesets: list[dict[str, Any]] = report["rulesets"]
        self.rows: list[Row] = []

    def heading(self, label: str) -> None:
        self.rows.append(Row(label))

    def stat(self, label: str, get: Any, percent: bool = False, digits: int = 1, interval: Any = None) -> None:
        """A row of values; `interval` picks the entry's difference (an entry of its "differences")."""
        values = [get(entry) for entry in self.rulesets]
        found = [None if interval is None else interval(entry["differences"]) for entry in self.rulesets[1:]]
        shown = [_pct(value) if percent else _num(value, digits) for value in values]
        cells = shown[:1]
        for value, text, paired in zip(values[1:], shown[1:], found, strict=True):
            # No interval (under 2 games, or a scoring the first ruleset lacks): the plain difference.
            cells.append(
                text + (_delta(value, values[0], percent, digits) if paired is None else interval_text(paired, percent))
            )
        same = all(value == values[0] for value in values) and all(_exactly_same(paired) for paired in found)
        self.rows.append(Row(label, tuple(cells), same, shown[0]))

    def text(self, label: str, get: Any) -> None:
        """A row of words: the same when every ruleset's are."""
        cells = tuple(get(entry) for entry in self.rulesets)
        self.rows.append(Row(label, cells, all(cell == cells[0] for cell in cells), cells[0]))

    def metric(self, name: str, label: str) -> None:
        """A row of one of the named metrics (compiler.lab.runs.metrics): its value and difference under each ruleset."""
        present = [name in entry["metrics"] for entry in self.rulesets]
        if not all(present):
            self.text(label, lambda e: _metric_text(e, name) if name in e["metrics"] else "-")
            return
        unit = metric_unit(name)
        self.stat(
            label,
            lambda e: e["metrics"][name],
            percent=unit == "rate",
            digits=2 if unit == "count" else 1,
            interval=lambda d: d["metrics"][name],
        )


def _metric_text(entry: dict[str, Any], name: str) -> str:
    value = entry["metrics"][name]
    return _pct(value) if metric_unit(name) == "rate" else _num(value, 2 if metric_unit(name) == "count" else 1)


def _totals_rows(table: TableRows) -> None:
    def spread(summ: dict[str, Any]) -> str:
        p = summ["percentiles"]
        return f"{p.get('p5', 0)} / {p.get('p50', 0)} / {p.get('p95', 0)}"

    table.heading("FINAL TOTALS (every player)")
    table.stat("  mean", lambda e: e["final_total"]["mean"], interval=lambda d: d["final_total_mean"])
    table.stat("  stdev", lambda e: e["final_total"]["stdev"], interval=lambda d: d["final_total_stdev"])
    table.text("  p5 / median / p95", lambda e: spread(e["final_total"]))
    table.text("  min .. max", lambda e: f"{e['final_total']['min']} .. {e['final_total']['max']}")
    table.stat(
        "  change from first (mean)",
        lambda e: e["difference_from_first"]["mean"],
        interval=lambda d: d["final_total_mean"],
    )
    for name in ("spread", "emperor_points", "tile_points", "emperor_share"):
        table.metric(name, "  " + metric_label(name))


def _winner_rows(table: TableRows) -> None:
    first = table.rulesets[0]
    table.heading("WINNERS")
    table.stat(
        "  winning total (mean)", lambda e: e["winning_total"]["mean"], interval=lambda d: d["winning_total_mean"]
    )
    table.metric("margin", "  " + metric_label("margin"))
    table.stat(
        "  gap first-last (mean)", lambda e: e["gap_first_last"]["mean"], interval=lambda d: d["gap_first_last_mean"]
    )
    changes = [entry["winner_change_rate"] for entry in table.rulesets]
    table.rows.append(
        Row(
            "  winner differs from first",
            tuple(
                _pct(e["winner_change_rate"])
                + ("" if index == 0 else interval_text(e["differences"]["winner_change_rate"], True, True))
                for index, e in enumerate(table.rulesets)
            ),
            not any(changes),
            _pct(0.0),
        )
    )
    table.stat("  tie on top (tie-breaker)", lambda e: e["tie_rate"], percent=True, interval=lambda d: d["tie_rate"])
    table.stat("  shared win", lambda e: e["shared_win_rate"], percent=True, interval=lambda d: d["shared_win_rate"])
    table.metric("balance", "  " + metric_label("balance"))
    for seat in sorted(first["seat_win_rate"], key=int):
        table.metric(f"seat{seat}_wins", f"  wins by seat {seat}")


def _lead_rows(table: TableRows, rounds: list[int]) -> None:
    table.heading("THE LEAD (standings after each Emperor scoring, then the final totals)")
    table.metric("lead_changes", "  " + metric_label("lead_changes"))
    for round_ in rounds:
        table.metric(f"comeback_r{round_}", "  " + metric_label(f"comeback_r{round_}"))
        table.metric(f"behind_r{round_}", "  " + metric_label(f"behind_r{round_}"))


def _scoring_rows(table: TableRows, round_: int) -> None:
    table.heading(f"EMPEROR SCORING AFTER ROUND {round_}")

    def get_or(entry: dict[str, Any], path: tuple[str, ...], r: int = round_) -> float:
        found: Any = next((s for s in entry["scorings"] if s["round"] == r), None)
        if found is None:
            return 0.0
        for step in path:
            found = found[step]
        return float(found)

    def paired(differences: dict[str, Any], key: str, r: int = round_) -> dict[str, Any] | None:
        found = next((s for s in differences["scorings"] if s["round"] == r), None)
        return None if found is None else found[key]

    table.stat(
        "  Emperor points (mean)",
        lambda e: get_or(e, ("emperor_points", "mean")),
        interval=lambda d: paired(d, "emperor_points_mean"),
    )
    table.stat(
        "  net points (mean)",
        lambda e: get_or(e, ("net_points", "mean")),
        interval=lambda d: paired(d, "net_points_mean"),
    )
    for outcome in OUTCOMES:
        table.stat(
            f"  {OUTCOME_WORDS[outcome]}",
            lambda e, o=outcome: get_or(e, ("outcomes", o)),
            percent=True,
            interval=lambda d, o=outcome: paired(d, o),
        )
    planners.scoring_rows(table.report, table, round_)


def _tile_rows(table: TableRows) -> None:
    table.heading("TILES: bonus / neutral / penalty")
    first = table.rulesets[0]
    tiles: list[str] = []
    for entry in table.rulesets:
        tiles.extend(t["tile"] for t in entry["tiles"] if t["tile"] not in tiles)
    for tile in tiles:
        found = [next((t for t in entry["tiles"] if t["tile"] == tile), None) for entry in table.rulesets]
        cells = []
        for entry, rates in zip(table.rulesets, found, strict=True):
            if rates is None:
                cells.append("-")
                continue
            noise = tile_noise(entry, tile) if entry is not first else {}
            o = rates["outcomes"]
            cells.append(
                " / ".join(f"{100 * o[name]:.0f}%{NOISE_MARK if noise.get(name) else ''}" for name in OUTCOMES)
            )
        paired = [
            next((t for t in entry["differences"]["tiles"] if t["tile"] == tile), None) for entry in table.rulesets[1:]
        ]
        same = all(
            rates is not None and rates["outcomes"] == found[0]["outcomes"] for rates in found if found[0]
        ) and all(p is not None and all(_exactly_same(p[name]) for name in OUTCOMES) for p in paired)
        table.rows.append(
            Row(
                f"  {tile}",
                tuple(cells),
                same,
                " / ".join(f"{100 * found[0]['outcomes'][n]:.0f}%" for n in OUTCOMES) if found[0] else "-",
            )
        )


def text_report(record: CompareReport, everything: bool = False) -> str:
    """A table: one column per ruleset, differences from the first ruleset in brackets with their 95% interval;
    at most textfit.WIDTH columns, rows the same under every ruleset folded unless `everything`."""
    report = record.as_json()
    table = TableRows(report)
    _totals_rows(table)
    _winner_rows(table)
    rounds = sorted({s["round"] for e in report["rulesets"] for s in e["scorings"]})
    _lead_rows(table, rounds)
    planners.player_rows(report, table)
    for round_ in rounds:
        _scoring_rows(table, round_)
    _tile_rows(table)
    model = report["model"]
    lines = [
        *wrap(
            f"gah compare: {report['games']} games of {report['players']} players, seed {report['seed']}, "
            f"model {model['name']} ({model['file']}){planners.header_note(record.run.planning)}"
        ),
        *wrap(
            "Differences from the first ruleset in brackets with their 95% interval from the paired games "
            f"(percentage points for rates; for the winner, how often it differs); {NOISE_MARK} marks a difference "
            "within noise (its interval contains 0); same: equal in every game. Tiles: ~ after a rate within noise "
            "of the first's."
            + (
                ""
                if everything
                else " Rows the same under every ruleset are folded into one line (--all: "
                "every row). The metrics are defined in the README (Variant lab, Metrics)."
            )
        ),
        "",
        *fit_table(table.rows, [e["name"] for e in report["rulesets"]], fold_same=not everything),
    ]
    return "\n".join(lines) + "\n"
