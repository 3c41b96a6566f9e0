"""The comparison as a terminal table and as CSV, both rendering the rows of gah.lab.views.rows."""

from __future__ import annotations

import csv
import io
import re

from ..runs.tallies import OUTCOME_WORDS, OUTCOMES
from ..runs.voice import say
from .records import CompareReport, Difference, RulesetRecord
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
    interval_words,
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
    at most textfit.WIDTH columns. A paragraph per ruleset says what changed; the rows that differ beyond noise
    come first (their own section), each metric with its id; rows the same under every ruleset are folded unless
    `everything`."""
    rulesets = report.rulesets
    metric_ids = {metric.name for metric in report.metrics}
    moved = changed_rows(report)
    moved_keys = {row.key for row in moved}
    rows: list[TextRow] = []
    if moved:
        rows.append(TextRow(say("changed_heading")))
        rows.extend(_text_row(row, rulesets, metric_ids, long=True) for row in moved)
    for section in catalogue(report):
        rows.append(TextRow(section.heading))
        rows.extend(_text_row(row, rulesets, metric_ids) for row in section.rows if row.key not in moved_keys)
    run = report.run
    lines = [
        *wrap(
            say(
                "compare_head",
                games=run.games,
                players=run.players,
                seed=run.seed,
                model=run.model,
                file=run.model_file,
                planning=planning_note(run.planning),
            )
        ),
        *wrap(say("compare_explained", mark=NOISE_MARK) + ("" if everything else " " + say("compare_folded"))),
        "",
        *(line for paragraph in summaries(report) for line in wrap(paragraph)),
        "",
        *fit_table(rows, [entry.name for entry in rulesets], fold_same=not everything),
    ]
    return "\n".join(lines) + "\n"


def _text_row(row: Row, rulesets: tuple[RulesetRecord, ...], metric_ids: set[str], long: bool = False) -> TextRow:
    """A row of the text table: its words (`long`: those outside its section), a metric's id in brackets."""
    label = long_label(row) if long else row.label
    if row.key in metric_ids:
        label = f"{label} [{row.key}]"
    found = tuple(cell.text() for cell in cells(row, rulesets))
    return TextRow(f"  {label}", found, same_in_all(row, rulesets), short(row, rulesets))


def long_label(row: Row) -> str:
    """A row's words outside its section: a scoring's rows say their round (the others' ids say enough)."""
    return row.long or row.label if isinstance(row, Figure) and re.search(r"_r[0-9]+$", row.key) else row.label


def beyond_noise(row: Row, entry: RulesetRecord) -> Difference | None:
    """The row's difference under `entry` when it is beyond noise (a figure with an interval), else None."""
    if not isinstance(row, Figure) or row.difference is None or row.proportion:
        return None
    found = row.difference(entry)
    return found if found is not None and not found.within_noise else None


def changed_rows(report: CompareReport) -> list[Row]:
    """The rows that differ from the reference beyond noise under some ruleset, in catalogue order."""
    return [row for row in rows_of(report) if any(beyond_noise(row, entry) for entry in report.rulesets[1:])]


def _clearness(found: Difference) -> float:
    """How clearly a difference is beyond noise: its estimate over its half-width (an exact one: the clearest)."""
    half = (found.high - found.low) / 2
    return float("inf") if half == 0 else abs(found.estimate) / half


SUMMARY_ROWS = 6  # the clearest differences a summary names


def summaries(report: CompareReport) -> list[str]:
    """One paragraph per ruleset after the reference: how many rows differ beyond noise and the clearest of
    them, its own tiles and the reference's tiles it lacks."""
    reference = report.rulesets[0]
    metric_ids = {metric.name for metric in report.metrics}
    found = []
    for entry in report.rulesets[1:]:
        changed = [(row, d) for row in rows_of(report) if (d := beyond_noise(row, entry)) is not None]
        changed.sort(key=lambda item: -_clearness(item[1]))
        named = [
            f"{long_label(row)}{f' [{row.key}]' if row.key in metric_ids else ''} {interval_words(d, row.percent)}"
            for row, d in changed[:SUMMARY_ROWS]
            if isinstance(row, Figure)
        ]
        if changed:
            text = say("summary", len(changed), ruleset=entry.name, reference=reference.name, rows="; ".join(named))
            if len(changed) > SUMMARY_ROWS:
                text += say("summary_more", len(changed) - SUMMARY_ROWS)
            text += "."
        else:
            text = say("summary_none", ruleset=entry.name, reference=reference.name, games=report.run.games)
        text += _tile_news(reference, entry)
        found.append(text)
    return found


def _tile_news(reference: RulesetRecord, entry: RulesetRecord) -> str:
    """A ruleset's own tiles with their rates, and the reference's tiles it lacks."""
    theirs = {tile.tile for tile in reference.tiles}
    own = [tile for tile in entry.tiles if tile.tile not in theirs]
    lacks = sorted(theirs - {tile.tile for tile in entry.tiles})
    text = ""
    if own:
        rates = [f"{tile.tile} {' / '.join(f'{100 * tile.outcomes.rate(o):.0f}%' for o in OUTCOMES)}" for tile in own]
        text += " " + say("own_tiles", len(own), tiles="; ".join(rates))
    if lacks:
        text += " " + say("lacks_tiles", len(lacks), tiles=", ".join(lacks))
    return text


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
