"""One catalogue of the comparison's rows (gah.lab.views.rows): every row is in the text table, the CSV,
the JSON and the HTML, in the catalogue's order where a view has one."""

from __future__ import annotations

import csv
import io
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from gah.frontend.rulesets import Workspace
from gah.lab.engine.model import default_model_path, load_model
from gah.lab.runs.jobs import LabSpec
from gah.lab.runs.runner import run_lab
from gah.lab.views.compare import build_report
from gah.lab.views.html import html_report
from gah.lab.views.records import CompareReport
from gah.lab.views.report import changed_rows, csv_columns, long_label, report_csv, text_report
from gah.lab.views.rows import Figure, Row, TileRow, Words, catalogue, rows_of
from gah.project import load_one

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def report() -> CompareReport:
    """base against gentle-move-backs with the default model's planners (so every kind of row is there)."""
    workspace = Workspace(ROOT)
    rulesets = tuple(load_one(workspace, name) for name in ("base", "gentle-move-backs"))
    spec = LabSpec(rulesets, load_model(workspace, default_model_path(workspace)), 40, 4, 3)
    return build_report(spec, run_lab(spec, workers=1))


def test_the_catalogue_has_every_kind_of_row(report: CompareReport) -> None:
    """Sections: totals, winners, the lead, planners, three scorings, tiles; the metrics are rows by name."""
    titles = [section.title.split(" (")[0] for section in catalogue(report)]
    assert titles == [
        "Final totals",
        "Winners",
        "The lead",
        "Planning players",
        "Emperor scoring after round 3",
        "Emperor scoring after round 5",
        "Emperor scoring after round 7",
        "Tiles",
    ]
    rows = rows_of(report)
    keys = [row.key for row in rows]
    assert len(set(keys)) == len(keys), "a key names one row"
    assert {m.name for m in report.metrics} <= set(keys), "every named metric is a row"
    assert {type(row) for row in rows} == {Figure, Words, TileRow}


def _label(row: Row, long: bool = False) -> re.Pattern[str]:
    """A row's line: its words (outside its section: long_label's) and, for a metric, its id in brackets."""
    words = long_label(row) if long else row.label
    return re.compile(rf"  {re.escape(words)}( \[{re.escape(row.key)}\])?\s\s")


def test_every_row_is_in_the_text_table_in_order(report: CompareReport) -> None:
    """The rows beyond noise first, in their own section; then every other row in its section, in order."""
    lines = text_report(report, everything=True).splitlines()
    moved = changed_rows(report)
    assert moved, "gentle-move-backs changes the move-backs: rows beyond noise"
    at = lines.index("BEYOND NOISE (under some ruleset; left out of their sections below)")
    for row in moved:
        at = next(i for i in range(at + 1, len(lines)) if _label(row, long=True).match(lines[i]))
    keys = {row.key for row in moved}
    for section in catalogue(report):
        at = lines.index(section.heading, at)
        for row in section.rows:
            if row.key not in keys:
                at = next(i for i in range(at + 1, len(lines)) if _label(row).match(lines[i]))


def test_every_row_is_in_the_csv(report: CompareReport) -> None:
    """Each row's columns are in the header; a figure's cell under gentle-move-backs is its value."""
    table = list(csv.reader(io.StringIO(report_csv(report))))
    header, gentle = table[0], dict(zip(table[0], table[2], strict=True))
    entry = report.rulesets[1]
    for row in rows_of(report):
        assert set(csv_columns(row)) <= set(header), row.key
        if isinstance(row, Figure):
            value = row.value(entry)
            assert gentle[row.key] == ("" if value is None else str(value)), row.key
        if isinstance(row, Words):
            assert gentle[row.key] == row.words(entry)
    assert header.count("tile_c-points_neutral") == 1


def _find(data: Any, path: str) -> Any:
    """A value of the JSON by a row's path: keys by dots, list items as [key=value]."""
    for part in path.split("."):
        name, _bracket, where = part.partition("[")
        data = data[name]
        if where:
            key, _equals, wanted = where.rstrip("]").partition("=")
            data = next(item for item in data if str(item[key]) == wanted)
    return data


def test_every_row_is_in_the_json(report: CompareReport) -> None:
    """Each row's paths lead somewhere in every ruleset's JSON; a figure's first path holds its value."""
    data = report.as_json()
    for row in rows_of(report):
        for entry, found in zip(report.rulesets, data["rulesets"], strict=True):
            for path in row.json:
                _find(found, path)
            if isinstance(row, Figure) and row.value(entry) is not None:
                assert _find(found, row.json[0]) == row.value(entry), (row.key, entry.name)


class _FirstCells(HTMLParser):
    """The headings and the first cell of every table row."""

    def __init__(self) -> None:
        super().__init__()
        self.headings: list[str] = []
        self.labels: list[str] = []
        self._in: str | None = None
        self._first = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "tr":
            self._first = True
        elif tag == "h2" or (tag == "td" and self._first):
            self._in, self._first = tag, False
            (self.headings if tag == "h2" else self.labels).append("")

    def handle_endtag(self, tag: str) -> None:
        if tag == self._in:
            self._in = None

    def handle_data(self, data: str) -> None:
        if self._in == "h2":
            self.headings[-1] += data
        elif self._in == "td":
            self.labels[-1] += data


def test_every_row_is_in_the_html_in_order(report: CompareReport) -> None:
    page = _FirstCells()
    page.feed(html_report(report))
    rows: list[Row] = rows_of(report)
    assert page.labels == [row.label for row in rows]
    titles = [section.title for section in catalogue(report)]
    assert [h for h in page.headings if h in titles] == titles
