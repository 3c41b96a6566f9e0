"""The comparison as a terminal table and as CSV, both rendering the rows of gah.lab.views.rows."""

from __future__ import annotations

import csv
import io

from ..runs.tallies import OUTCOME_WORDS, OUTCOMES
from .records import CompareReport, RulesetRecord
from .rows import (
    INTERVAL_COLUMNS,
    NOISE_MARK,
    Figure,
    Row,
    TileRow,
    Words,
    catalogue,
    cells,
    interval_cells,
    planning_note,
    rows_of,
    same_in_all,
    short,
)
from .textfit import Row as TextRow
from .textfit import table as fit_table
from .textfit import wrap


def text_report(report: CompareReport, everything: bool = False) -> str:
    """A table: one column per ruleset, differences from the first ruleset in brackets with their 95% interval;
    at most textfit.WIDTH columns, rows the same under every ruleset folded unless `everything`."""
    rulesets = report.rulesets
    rows: list[TextRow] = []
    for section in catalogue(report):
        rows.append(TextRow(section.heading))
        for row in section.rows:
            found = tuple(cell.text() for cell in cells(row, rulesets))
            rows.append(TextRow(f"  {row.label}", found, same_in_all(row, rulesets), short(row, rulesets)))
    run = report.run
    lines = [
        *wrap(
            f"gah compare: {run.games} games of {run.players} players, seed {run.seed}, "
            f"model {run.model} ({run.model_file}){planning_note(run.planning)}"
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
        *fit_table(rows, [entry.name for entry in rulesets], fold_same=not everything),
    ]
    return "\n".join(lines) + "\n"


def report_csv(report: CompareReport) -> str:
    """One row per ruleset: its name, every metric (rates as fractions), then per metric its difference from
    the reference with the 95% interval and whether that is within noise (empty for the reference itself and
    where there is no interval): the columns of `gah sweep --csv`. Then every other row of the comparison
    (gah.lab.views.rows) alike: its figures (a tile's three rates in a column each, words as they read),
    then their differences."""
    names = [metric.name for metric in report.metrics]
    others = [row for row in rows_of(report) if row.key not in names]
    paired = [row for row in others if isinstance(row, Figure) and row.difference is not None]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(
        [
            "ruleset",
            *names,
            *_interval_columns(names),
            *(column for row in others for column in csv_columns(row)),
            *_interval_columns([row.key for row in paired]),
        ]
    )
    for index, entry in enumerate(report.rulesets):
        found: list[object] = [entry.name, *(entry.metrics.get(name, "") for name in names)]
        for name in names:
            found.extend(interval_cells(None if index == 0 else entry.differences.metrics.get(name)))
        for row in others:
            found.extend(_csv_cells(row, entry))
        for row in paired:
            assert row.difference is not None
            found.extend(interval_cells(None if index == 0 else row.difference(entry)))
        writer.writerow(found)
    return out.getvalue()


def _interval_columns(keys: list[str]) -> list[str]:
    return [f"{key}_{column}" for key in keys for column in INTERVAL_COLUMNS]


def csv_columns(row: Row) -> list[str]:
    """A row's columns in the CSV (a tile's: one per outcome)."""
    if isinstance(row, TileRow):
        return [f"{row.key}_{OUTCOME_WORDS[outcome]}" for outcome in OUTCOMES]
    return [row.key]


def _csv_cells(row: Row, entry: RulesetRecord) -> list[object]:
    """A row's figures under one ruleset (rates as fractions; empty where it has none)."""
    if isinstance(row, Words):
        return [row.words(entry)]
    if isinstance(row, TileRow):
        found = entry.tile(row.tile)
        return [""] * len(OUTCOMES) if found is None else [found.outcomes.rate(o) for o in OUTCOMES]
    value = row.value(entry)
    return ["" if value is None else value]
