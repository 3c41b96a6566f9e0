"""Ids in sight: the sheets print each tile's, zone's and final-scoring source's id beside it, and `gah diff`
names what changed by the keys a variant patches (tile, zone, item and final-scoring ids, Staff numbers, rounds).
"""

from __future__ import annotations

import dataclasses
import html.parser
from functools import cache
from pathlib import Path

import pytest
from gah import ir
from gah.cli import main
from gah.irdiff import compare, describe_differences
from gah.sheets import render_sheet
from gah.sheets.context import build_sheet
from gah.sheets.fit import STEPS, split_tiles
from gah.sheets.render import render_html
from gah.sheets.text import plain
from helpers_rules import shipped_root
from helpers_sheets import load_file, page_texts, rulesets

# A hand-made variant: one tile's bonus, one tile gone, Staff 42 changed twice, a zone renamed, a move-back,
# a final-scoring source changed and one gone.
VARIANT = """\
extends: base
name: ids-demo
title: Ids demo
emperor_track:
  zones:
    yellow: {name: Gold}
emperor_scorings:
  7: {move_back: 5}
tiles:
  c-points:
    bonus:
      - {kind: gain_points, amount: 12}
  a-krones: null
staff:
  42:
    cost: 4
    emperor_bonus:
      - {kind: gain_points, amount: 3}
final_scoring:
  cafe:
    points: -3
  kitchen: null
"""

# Worked out by hand from VARIANT and rules/base.yaml, in the order of the sheet (track and zones, scorings,
# tiles of the variant then removed ones, Staff, final scoring).
VARIANT_LINES = [
    "ids-demo differs from base in 8 ways:",
    "- Zone yellow (Yellow) is called Gold.",
    "- After round 7, markers move back 5 spaces instead of 7.",
    "- Tile c-points (Points), bonus: score 12 points (was: score 8 points).",
    "- The tier A tile a-krones (Krones) is not used.",
    "- Staff 42 Gardener costs 4 krones instead of 3 krones.",
    "- Staff 42 Gardener, with a tile's bonus: score 3 points (was: score 5 points).",
    "- Final scoring, cafe (Guests still in the café): −3 points per guest still in your café instead of −5.",
    "- No final scoring for kitchen (Dishes and drinks left in the kitchen).",
]


@pytest.fixture
def variant(tmp_path: Path) -> Path:
    path = tmp_path / "ids-demo.yaml"
    path.write_text(VARIANT, encoding="utf-8")
    return path


class IdSpans(html.parser.HTMLParser):
    """For each tile block (id="tile-..."): the small-print ids in it, and which of them sit in its name."""

    def __init__(self) -> None:
        super().__init__()
        self.tile = ""
        self.tag = ""
        self.depth = 0
        self.in_name = ""  # the tag of the name cell or paragraph we are in
        self.in_id = False
        self.ids: dict[str, list[tuple[str, bool]]] = {}
        self.names: dict[str, str] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        classes = (found.get("class") or "").split()
        if not self.tile and (found.get("id") or "").startswith("tile-"):
            self.tile, self.tag, self.depth = (found.get("id") or "").removeprefix("tile-"), tag, 0
            self.ids[self.tile] = []
            self.names[self.tile] = ""
        if not self.tile:
            return
        if tag == self.tag:
            self.depth += 1
        if ("name" in classes and tag == "td") or ("tname" in classes and tag == "p"):
            self.in_name = tag
        if tag == "span" and "id" in classes:
            self.in_id = True
            self.ids[self.tile].append(("", bool(self.in_name)))

    def handle_endtag(self, tag: str) -> None:
        if not self.tile:
            return
        if tag == "span" and self.in_id:
            self.in_id = False
        elif tag == self.in_name:
            self.in_name = ""
        elif tag == self.tag:
            self.depth -= 1
            if self.depth == 0:
                self.tile = ""

    def handle_data(self, data: str) -> None:
        if self.tile and self.in_id:
            text, in_name = self.ids[self.tile][-1]
            self.ids[self.tile][-1] = (text + data, in_name)
        elif self.tile and self.in_name:
            self.names[self.tile] += data


def id_spans(page: str) -> tuple[dict[str, list[tuple[str, bool]]], dict[str, str]]:
    parser = IdSpans()
    parser.feed(page)
    return parser.ids, parser.names


@cache
def base_pdf() -> bytes:
    return render_sheet(rulesets()["base"], None, "pdf")


# --- the sheets -------------------------------------------------------------------------------


def test_every_tile_of_base_has_its_id_in_its_name_cell_on_the_html_sheet() -> None:
    base = rulesets()["base"]
    ids, names = id_spans(render_sheet(base, None, "html").decode())
    assert sorted(ids) == sorted(t.id for t in base.tiles)
    for tile in base.tiles:
        assert ids[tile.id] == [(tile.id, True)], tile.id
        assert names[tile.id].strip() == tile.name, tile.id


def test_tile_ids_sit_in_the_name_line_when_the_tiles_go_in_two_columns() -> None:
    ruleset = rulesets()["royal-banquet"]
    sheet = build_sheet(ruleset, rulesets()["base"], "a4")
    columns = dataclasses.replace(sheet, fit=STEPS[-1], tile_columns=split_tiles(sheet, STEPS[-1]))
    ids, names = id_spans(render_html(columns))
    assert sorted(ids) == sorted(t.id for t in ruleset.tiles)
    for tile in ruleset.tiles:
        assert ids[tile.id] == [(tile.id, True)], tile.id
        assert tile.name in names[tile.id], tile.id


def test_every_tile_of_base_has_its_id_beside_its_name_on_the_markdown_sheet() -> None:
    base = rulesets()["base"]
    rows = render_sheet(base, None, "md").decode().splitlines()
    for tile in base.tiles:
        (row,) = [r for r in rows if f"`{tile.id}`" in r]
        assert row.startswith(f"| {tile.name} `{tile.id}` | "), row


def test_zone_and_final_scoring_ids_are_printed_and_staff_numbers_were_already() -> None:
    base = rulesets()["base"]
    markdown = render_sheet(base, None, "md").decode()
    # A zone is named by its name only (issue 34: no id beside it in a sentence, "Yellow yellow" read double).
    assert "   - spaces 3–13 (Yellow): the tile's bonus" in markdown
    assert "   - space 0 (Black): the tile's penalty" in markdown
    assert "| Guests still in the café `cafe` | −5 points per guest still in your café |" in markdown
    assert "| 42 |" not in markdown  # the Gardener scores no points at game end...
    assert "Gardener (no. 42): each time you get a tile's bonus" in markdown  # ...but is listed by number
    assert "| 27 | Booking Manager |" in markdown
    page = render_sheet(base, None, "html").decode()
    assert "(Yellow)" in page and '<span class="id">yellow</span>' not in page
    assert '<td class="source">Guests still in the café <span class="id">cafe</span></td>' in page


def test_a_changed_tile_keeps_its_id_outside_the_bold(variant: Path) -> None:
    ruleset, parent = load_file(variant)
    markdown = render_sheet(ruleset, parent, "md").decode()
    assert "| ◆ **Points** `c-points` | ◆ **Score 12 points** |" in markdown
    assert "`a-krones`" not in markdown


def test_the_pdf_text_holds_every_tile_id_on_the_front() -> None:
    base = rulesets()["base"]
    front, back = page_texts(base_pdf())
    for tile in base.tiles:
        assert f"{tile.name} {tile.id}" in front, tile.id
    for zone in base.track.zones:
        assert f"({zone.name})" in front, zone.id
    for source in base.final_scoring:
        assert source.id in back, source.id


# --- gah diff -----------------------------------------------------------------------------------


def test_gah_diff_names_what_changed_by_its_id(variant: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--workspace", str(shipped_root()), "diff", "base", str(variant)]) == 0
    assert capsys.readouterr().out.splitlines() == VARIANT_LINES


def test_the_house_rules_box_names_entries_without_ids(variant: Path) -> None:
    ruleset, parent = load_file(variant)
    assert parent is not None
    box = [plain(s) for s in compare(parent, ruleset).brief]
    assert box == [
        "Zone Yellow is called Gold.",
        "After round 7, markers move back 5 spaces instead of 7.",
        "Tile Points (C), bonus: score 12 points (was: score 8 points).",
        "The tier A tile Krones is not used.",
        "Staff 42 Gardener costs 4 krones instead of 3 krones.",
        "Staff 42 Gardener, with a tile's bonus: score 3 points (was: score 5 points).",
        "Final scoring, Guests still in the café: −3 points per guest still in your café instead of −5.",
        "No final scoring for Dishes and drinks left in the kitchen.",
    ]
    markdown = render_sheet(ruleset, parent, "md").decode()
    assert "> - ◆ Tile Points (C), bonus: score 12 points (was: score 8 points)." in markdown


def test_added_removed_and_renamed_entries_carry_their_ids() -> None:
    base = rulesets()["base"]
    r = dataclasses.replace
    black, neutral, yellow = sorted(base.track.zones, key=lambda z: z.first)
    gold = ir.Zone("gold", "Gold", 11, 13, "bonus")
    split = r(base, track=r(base.track, zones=(black, neutral, r(yellow, last=10), gold)))
    assert describe_differences(base, split) == [
        "Zone yellow (Yellow) covers spaces 3–10 instead of spaces 3–13.",
        "New zone gold (Gold) on spaces 11–13: the tile's bonus.",
    ]
    assert describe_differences(split, base) == [
        "Zone yellow (Yellow) covers spaces 3–13 instead of spaces 3–10.",
        "Zone gold (Gold) on spaces 11–13 is gone.",
    ]
    points = base.tiles.index(next(t for t in base.tiles if t.id == "c-points"))
    renamed = r(base, tiles=tuple(r(t, name="Score", tier="D") if i == points else t for i, t in enumerate(base.tiles)))
    assert describe_differences(base, renamed) == [
        "Tile c-points (Points) is called Score.",
        "Tile c-points (Score) is tier D instead of C.",
    ]
    assert describe_differences(base, renamed, ids=False) == [
        "Tile Points (C) is called Score.",
        "Tile Score is tier D instead of C.",
    ]
    tea = r(base, items=(*base.items, ir.Item("tea", "drink", "Tea")))
    assert describe_differences(base, tea) == ["New drink tea (Tea)."]
    assert describe_differences(tea, base) == ["The drink tea (Tea) is not used."]


def test_final_scoring_sources_added_renamed_and_reordered_carry_their_ids() -> None:
    base = rulesets()["base"]
    r = dataclasses.replace
    staff, rooms, krones, kitchen, cafe = base.final_scoring
    fewer = r(base, final_scoring=(staff, rooms, krones, cafe))
    assert describe_differences(fewer, base) == [
        "New final-scoring source kitchen (Dishes and drinks left in the kitchen): "
        "1 point per dish or drink in your kitchen (not on guests)."
    ]
    renamed = r(base, final_scoring=(staff, rooms, krones, kitchen, r(cafe, name="Café guests")))
    assert describe_differences(base, renamed) == [
        "Final-scoring source cafe (Guests still in the café) is called Café guests."
    ]
    swapped = r(base, final_scoring=(rooms, staff, krones, kitchen, cafe))
    assert describe_differences(base, swapped) == [
        "Final-scoring sources are listed in a new order: rooms (Occupied rooms); "
        "staff (Hired Staff with a game-end effect); krones (Krones left); "
        "kitchen (Dishes and drinks left in the kitchen); cafe (Guests still in the café)."
    ]
