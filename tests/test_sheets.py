"""Player aids: wording from the vocabularies, derived tables, escaping, PDF pages and text, differences, goldens.

Update the Markdown golden files with `python -m tests.update_goldens` (see tests/goldens.py).
"""

from __future__ import annotations

import dataclasses
import hashlib
import html.parser
import io
import os
import re
import subprocess
import sys
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import weasyprint  # type: ignore[import-untyped]
from effect_samples import FILTERED, every_sample
from gah import ir
from gah.cli import main
from gah.irdiff import compare, describe_differences
from gah.sheets import derive, render_sheet
from gah.sheets.context import build_sheet
from gah.sheets.fit import HEIGHT_SPARE, MARGIN_Y, MM, OVERLEAF, STEPS, front_height, page_height, split_tiles
from gah.sheets.render import check_pages, render_html
from gah.words.effects import RENDERERS, Speaker
from gah.words.text import SheetError, Words, plain
from goldens import assert_matches_golden
from helpers_rules import copy_project, run_gah, shipped_root
from helpers_sheets import (
    LONG_TILES,
    assert_tiles_on_the_front,
    load_file,
    page_texts,
    rulesets,
    sheet_case,
    tall_tile_variant,
)
from pypdf import PdfReader

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden" / "sheets"


def parent_of(ruleset: ir.Ruleset) -> ir.Ruleset | None:
    return rulesets()[ruleset.extends] if ruleset.extends else None


def pdf(name: str, paper: str = "a4") -> bytes:
    """The PDF of a shipped ruleset, made once per run (a PDF takes a few seconds)."""
    return _pdf(name, paper)


@cache
def _pdf(name: str, paper: str) -> bytes:
    ruleset = rulesets()[name]
    return render_sheet(ruleset, parent_of(ruleset), "pdf", paper)  # type: ignore[arg-type]


def pdf_text(data: bytes) -> str:
    return " ".join(page_texts(data))


SHIPPED = sorted(rulesets())


# --- the vocabularies: one renderer per effect kind, one phrase per quantity ------------


def speaker() -> Speaker:
    return Speaker(Words(), rulesets()["base"].items, rulesets()["base"].resources)


@pytest.mark.parametrize(
    ("kind", "effect"), every_sample(), ids=[f"{k}-{i}" for i, (k, _) in enumerate(every_sample())]
)
def test_every_effect_kind_has_one_renderer(kind: str, effect: ir.Effect) -> None:
    assert ir.effect_kind(effect) == kind
    text = plain(speaker().effect(effect))
    assert text and "{" not in text and "[[" not in text


def test_renderers_cover_exactly_the_vocabulary() -> None:
    assert RENDERERS.missing() == []
    assert set(RENDERERS.functions) == set(ir.EFFECT_KINDS.values())


def test_a_kind_without_a_renderer_is_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(RENDERERS.functions, ir.LoseKrones)
    with pytest.raises(SheetError, match="LoseKrones"):
        speaker().effect(ir.LoseKrones(3))
    with pytest.raises(SheetError, match="LoseKrones"):
        render_sheet(rulesets()["base"], None, "md")


@pytest.mark.parametrize("quantity", ir.QUANTITIES)
def test_every_quantity_has_a_phrase(quantity: str) -> None:
    s = speaker()
    for phrase in (s.per(ir.shorthand(quantity)), s.total(ir.shorthand(quantity))):
        text = plain(phrase)
        assert text and "{" not in text and "_" not in text


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("quantity", FILTERED, ids=[q.key for q in FILTERED])
def test_every_filtered_count_sample_has_words(quantity: ir.Quantity, language: str) -> None:
    s = Speaker(Words(language), rulesets()["base"].items)
    for phrase in (s.per(quantity), s.total(quantity)):
        text = plain(phrase)
        assert text and "{" not in text and "_" not in text and "  " not in text and text == text.strip()


def test_filtered_counts_in_words() -> None:
    """Each filter in its phrase: a run of floors as a range, colours and kinds joined with "or"."""
    en, de = Speaker(Words("en"), rulesets()["base"].items), Speaker(Words("de"), rulesets()["base"].items)
    rooms, vacant, groups, dishes, named, staff, drinks = FILTERED
    assert plain(en.per(rooms)) == "occupied room on floors 3–4"
    assert plain(de.per(rooms)) == "jedes bezogene Zimmer auf den Etagen 3–4"
    assert plain(en.total(vacant)) == "vacant red or yellow rooms on floor 1 in columns 2 and 4"
    assert plain(de.total(vacant)) == "freie rote oder gelbe Zimmer auf Etage 1 in den Spalten 2 und 4"
    assert plain(en.per(groups)) == "fully occupied red colour group"
    assert plain(de.per(groups)) == "jede vollständig bezogene rote Zimmergruppe"
    assert plain(en.per(dishes)) == "dish in your kitchen"
    assert plain(en.per(named)) == "Cake or Wine in your kitchen or on guests in your café"
    assert plain(en.per(staff)) == "permanent or game-end Staff card in your hand or hired"
    assert plain(de.per(staff)) == "jede Personalkarte (dauerhaft oder Spielende) auf deiner Hand oder angestellt"
    assert plain(en.total(drinks)) == "drinks (not Wine) on guests in your café"


def test_an_unknown_quantity_is_an_error() -> None:
    with pytest.raises(SheetError, match="purple"):
        speaker().per(ir.Quantity("rooms", state="occupied", colours=("purple",)))


def test_effect_wording_samples() -> None:
    s = speaker()
    base = rulesets()["base"]
    assert plain(s.penalty(base.tile("a-krones").penalty)) == (
        "lose 3 krones; if you cannot do all of that, lose 5 points instead"
    )
    assert plain(s.effects(base.tile("c-staff-points").bonus)) == "score 2 points per Staff card you have hired"
    assert plain(s.effects(base.tile("b-one-of-each").bonus)) == "gain 1 Strudel, 1 Cake, 1 Wine and 1 Coffee"
    assert plain(s.effect(ir.DrawStaff(3, 0, "all"))).startswith("draw 3 Staff cards and put them under the deck")
    assert plain(s.effect(ir.RemoveRooms("occupied", 1, "highest_then_strictly_below"))) == (
        "remove the occupied room on your highest floor"
    )


# --- the derived need table --------------------------------------------------------------


def need_pairs(name: str) -> list[tuple[int, int | None, int | None]]:
    ruleset = rulesets()[name]
    return [(n.round, n.bonus_from, n.safe_from) for n in derive.needs(ruleset.track, ruleset.scorings)]


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("base", [(3, 6, 4), (5, 8, 6), (7, 10, 8)]),
        ("gentle-move-backs", [(3, 5, 3), (5, 7, 5), (7, 9, 7)]),
        ("long-track", [(3, 7, 4), (5, 9, 6), (7, 11, 8)]),
    ],
)
def test_need_table_hand_worked(name: str, expected: list[tuple[int, int, int]]) -> None:
    assert need_pairs(name) == expected


def test_need_table_on_the_sheet() -> None:
    text = render_sheet(rulesets()["base"], None, "md").decode()
    assert "| 3 | A | 3 spaces | space 6 or more | space 4 or more |" in text
    assert "| 7 | C | 7 spaces | space 10 or more | space 8 or more |" in text


def track(points: int, zones: list[tuple[int, int, ir.Outcome]]) -> ir.Track:
    return ir.Track(
        tuple(range(points)),
        1,
        tuple(ir.Zone(f"z{i}", f"Zone {i}", a, b, o) for i, (a, b, o) in enumerate(zones)),
    )


def test_need_unreachable_and_unavoidable() -> None:
    t = track(6, [(0, 0, "penalty"), (1, 4, "nothing"), (5, 5, "bonus")])
    need = derive.need(t, ir.EmperorScoring(3, "A", 3))
    assert need.bonus_spaces == () and need.bonus_from is None
    assert need.safe_from == 4
    need = derive.need(t, ir.EmperorScoring(3, "A", 5))
    assert need.safe_spaces == () and need.safe_from is None
    assert derive.need(t, ir.EmperorScoring(3, "A", 0)).bonus_from == 5
    assert derive.landing(2, 5) == 0


def test_need_on_an_odd_track_lists_the_spaces() -> None:
    t = track(10, [(0, 1, "bonus"), (2, 5, "nothing"), (6, 9, "bonus")])
    need = derive.need(t, ir.EmperorScoring(3, "A", 2))
    assert need.bonus_spaces == (0, 1, 2, 3, 8, 9)
    assert need.bonus_from is None
    assert derive.ranges(need.bonus_spaces) == ((0, 3), (8, 9))


def test_no_penalty_zone_says_so() -> None:
    text = render_sheet(rulesets()["no-penalties"], rulesets()["base"], "md").decode()
    assert "any space (no penalty zone)" in text


# --- HTML: self-contained, parses, escapes --------------------------------------------


class Collector(html.parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.attrs: list[tuple[str, str | None]] = []
        self.text: list[str] = []
        self.comments: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        self.attrs.extend(attrs)

    def handle_data(self, data: str) -> None:
        self.text.append(data)

    def handle_comment(self, data: str) -> None:
        self.comments.append(data)


@pytest.mark.parametrize("name", SHIPPED)
def test_html_parses_and_is_self_contained(name: str) -> None:
    ruleset = rulesets()[name]
    page = render_sheet(ruleset, parent_of(ruleset), "html").decode()
    parser = Collector()
    parser.feed(page)
    parser.close()
    assert "script" not in parser.tags and "link" not in parser.tags and "img" not in parser.tags
    assert not [a for a in parser.attrs if a[0] in ("src", "href")]
    assert "url(" not in page and "@import" not in page and "@font-face" not in page
    assert re.findall(r"https?://[^\s\"']+", page) == ["http://www.w3.org/2000/svg"] * len(
        re.findall(r"https?://", page)
    )
    assert "DejaVu Sans" in page
    header = parser.comments[0]
    assert "DO NOT EDIT" in header and "gah build" in header
    for source in ruleset.sources:
        assert source in header
    assert not re.search(r"\d{4}-\d{2}-\d{2}|\d{2}:\d{2}", page), "no timestamps"


SCRIPT = "<script>alert(1)</script>"


@pytest.fixture()
def script_variant(tmp_path: Path) -> Path:
    path = tmp_path / "script-tile.yaml"
    path.write_text(
        "extends: base\n"
        "name: script-tile\n"
        "title: 'Script <b>test</b> & co'\n"
        "description: 'A tile whose name is markup: *not* [a link](http://x) | pipe'\n"
        "tiles:\n"
        "  b-script:\n"
        "    tier: B\n"
        f"    name: '{SCRIPT}'\n"
        "    description: '<img src=x onerror=alert(2)>'\n"
        "    bonus:\n"
        "      - {kind: gain_krones, amount: 2}\n"
        "    penalty:\n"
        "      prefer:\n"
        "        - {kind: lose_krones, amount: 2}\n"
        "      otherwise:\n"
        "        - {kind: lose_points, amount: 4}\n",
        encoding="utf-8",
    )
    return path


def test_markup_in_rules_data_is_escaped_text(script_variant: Path) -> None:
    ruleset, parent = load_file(script_variant)
    page = render_sheet(ruleset, parent, "html").decode()
    assert SCRIPT not in page and "<img" not in page and "<b>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    parser = Collector()
    parser.feed(page)
    assert "script" not in parser.tags and "img" not in parser.tags and "b" not in parser.tags
    assert SCRIPT in "".join(parser.text)
    markdown = render_sheet(ruleset, parent, "md").decode()
    assert SCRIPT not in markdown and "<img" not in markdown
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in markdown
    assert "\\[a link\\](http://x) \\| pipe" in markdown
    assert SCRIPT in pdf_text(render_sheet(ruleset, parent, "pdf"))


def test_markup_in_a_source_path_cannot_end_the_header_comment() -> None:
    from gah.sheets.render import _comment

    # A comment ends only at "--" followed by ">" or "!>"; with no "--" left, "<" and ">" stay as written
    # (an escape would show as &lt; to whoever reads the page's source; gah docs commands: Bad input).
    assert "--" not in _comment("a --> b -- c") and "--" not in _comment("x --!>")
    assert _comment("from <bundled>/rules/base.yaml") == "from <bundled>/rules/base.yaml"


# --- PDF --------------------------------------------------------------------------------


# Letter is shorter than A4: check it on the longest sheets (a PDF takes a few seconds).
PAGE_CASES = [(name, "a4") for name in SHIPPED] + [
    (n, "letter") for n in ("introductory", "royal-banquet", "long-track")
]


@pytest.mark.parametrize(("name", "paper"), PAGE_CASES)
def test_pdf_has_two_pages_of_the_right_size_with_every_tile_on_the_front(name: str, paper: str) -> None:
    reader = PdfReader(io.BytesIO(pdf(name, paper)))
    assert_tiles_on_the_front(pdf(name, paper), rulesets()[name])
    width, height = (float(x) for x in reader.pages[0].mediabox.upper_right)
    expected = (595.28, 841.89) if paper == "a4" else (612.0, 792.0)
    assert abs(width - expected[0]) < 1 and abs(height - expected[1]) < 1


@pytest.mark.parametrize("name", SHIPPED)
def test_pdf_text_has_the_track_and_every_tile(name: str) -> None:
    ruleset = rulesets()[name]
    front, back = page_texts(pdf(name))
    assert " ".join(str(p) for p in ruleset.track.points) in front
    assert " ".join(str(s) for s in range(ruleset.track.last_space + 1)) in front
    assert_tiles_on_the_front(pdf(name), ruleset)
    for card in ruleset.staff:
        if card.game_end is not None:
            assert card.name in back


def test_a_variant_with_two_long_tiles_condenses_and_keeps_them_on_the_front() -> None:
    ruleset, parent = load_file(LONG_TILES)
    base = rulesets()["base"]
    assert len(ruleset.tiles) == len(base.tiles) + 2
    page = render_sheet(ruleset, parent, "html").decode()
    condensed = re.search(r'<body class="fit-([a-z]+)">', page)
    assert condensed and condensed.group(1) not in ("regular", "tight"), "long tiles need smaller text"
    data = render_sheet(ruleset, parent, "pdf")
    assert_tiles_on_the_front(data, ruleset)
    front = page_texts(data)[0]
    assert "Grand Reception of the Imperial Delegation" in front and "Imperial Audit of the Hotel Accounts" in front


# --- fitting the front ------------------------------------------------------------------


def test_condensing_steps_mirror_the_css_and_never_go_below_8pt() -> None:
    css = (ROOT / "compiler" / "sheets" / "templates" / "sheet.css").read_text(encoding="utf-8")
    assert all(step.font >= 8 for step in STEPS)
    assert STEPS[0].name == "regular" and STEPS[-1].tile_columns
    assert OVERLEAF.overleaf and dataclasses.replace(OVERLEAF, name="columns", overleaf=False) == STEPS[-1]
    for step in (*STEPS[1:], OVERLEAF):
        rule = re.search(rf"body\.fit-{step.name}\b[^{{]*\{{([^}}]*)\}}", css)
        assert rule, step.name
        values = dict(re.findall(r"--([a-z0-9]+):\s*([0-9.]+)", rule.group(1)))
        assert float(values.get("fs", 9)) == step.font, step.name
        assert float(values["lh"]) == step.line and float(values["gap"]) == step.gap, step.name
        assert float(values["para"]) == step.para and float(values["pad"]) == step.pad, step.name
        assert float(values.get("h2", 11)) == step.heading, step.name


@pytest.mark.parametrize("name", SHIPPED)
def test_the_chosen_step_is_the_first_that_fits(name: str) -> None:
    ruleset = rulesets()[name]
    sheet = build_sheet(ruleset, parent_of(ruleset), "a4")
    index = STEPS.index(sheet.fit)
    room = page_height(sheet) * HEIGHT_SPARE
    assert front_height(sheet, sheet.fit) <= room
    assert all(front_height(sheet, step) > room for step in STEPS[:index])


def test_steps_condense_the_long_tiles_variant_monotonically() -> None:
    ruleset, parent = load_file(LONG_TILES)
    sheet = build_sheet(ruleset, parent, "a4")
    heights = [front_height(sheet, step) for step in STEPS[:-1]]
    assert heights == sorted(heights, reverse=True)


def test_two_tile_columns_hold_every_tile_once_in_order() -> None:
    ruleset = rulesets()["royal-banquet"]
    sheet = build_sheet(ruleset, parent_of(ruleset), "a4")
    columns = split_tiles(sheet, STEPS[-1])
    assert len(columns) == 2 and all(columns)
    ids = [tile.id for column in columns for group in column for tile in group.tiles]
    assert ids == [tile.id for group in sheet.tiers for tile in group.tiles]
    # A tier split between the columns has its heading at the top of both.
    headings = [group.heading for column in columns for group in column]
    assert len(headings) in (len(sheet.tiers), len(sheet.tiers) + 1)
    page = render_html(dataclasses.replace(sheet, fit=STEPS[-1], tile_columns=columns))
    assert page.count('<div class="tile') == len(ids) and '<table class="tile-columns">' in page


def too_long_variant(folder: Path) -> Path:
    """A tile taller than a column of a page: the one pool no layout holds (a tile never splits; any number of
    tiles continue on the pages after the back)."""
    path = folder / "tall-tile.yaml"
    path.write_text(tall_tile_variant(), encoding="utf-8")
    return path


def test_a_sheet_that_cannot_fit_is_a_clear_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = too_long_variant(tmp_path)
    assert (
        main(["--workspace", str(shipped_root()), "sheet", str(path), "--format", "pdf", "-o", str(tmp_path / "x.pdf")])
        == 1
    )
    err = capsys.readouterr().err
    assert "tile c-tall of the tall-tile sheet needs about " in err, err
    assert "more than a column of one A4 page holds (265 mm), and a tile never splits; shorten its texts" in err, err
    assert "Traceback" not in err and not (tmp_path / "x.pdf").exists()


@pytest.mark.parametrize("fmt", ["md", "html"])
def test_markdown_and_html_never_refuse_for_page_length(tmp_path: Path, fmt: str) -> None:
    """They have no page: a pool that no printed layout holds (a tile taller than a page) still reads."""
    path = too_long_variant(tmp_path)
    run = run_gah(
        "--workspace", str(shipped_root()), "sheet", str(path), "--format", fmt, "-o", str(tmp_path / f"x.{fmt}")
    )
    assert run.code == 0, run.err
    text = (tmp_path / f"x.{fmt}").read_text(encoding="utf-8")
    for tile_id in [*(tile.id for tile in rulesets()["base"].tiles), "c-tall"]:
        found = re.findall(rf"(?<!\w){tile_id}(?![\w-])", text)  # in HTML also after "tile-" or "overleaf-"
        assert len(found) == (1 if fmt == "md" else 2), tile_id  # HTML: the id shown and the anchor


def test_gah_build_fails_on_a_sheet_that_cannot_fit_and_writes_nothing(tmp_path: Path) -> None:
    project = copy_project(tmp_path / "project")
    too_long_variant(project / "rules" / "variants")

    def snapshot() -> dict[Path, bytes]:
        return {p: p.read_bytes() for p in sorted((project / "generated").rglob("*")) if p.is_file()}

    before = snapshot()
    run = run_gah("--root", str(project), "build", cwd=project)
    assert run.code == 1
    # Positioned at the tile (line 5 of too_long_variant's file), as gah check says it. The German tile is the
    # longest, so German reports it.
    assert "rules/variants/tall-tile.yaml:5:3: tiles.c-tall: tile c-tall on the tall-tile sheet in Deutsch (de)" in (
        run.err
    ), run.err
    assert snapshot() == before


def test_the_page_check_names_what_went_wrong() -> None:
    front = {"tile-a-krones": True, "front-end": True}
    check_pages([front, {"back": True}], "ok")
    with pytest.raises(SheetError, match="prints tiles c-points on the back"):
        check_pages([front, {"tile-c-points": True, "back": True}], "x")
    with pytest.raises(SheetError, match="runs past the bottom margin"):
        check_pages([{"tile-a-krones": True, "front-end": False}, {"back": True}], "x")
    with pytest.raises(SheetError, match="takes 3 pages"):
        check_pages([front, {"back": True}, {}], "x")
    # Tiles continued past the back: on the page their ids name, the line naming that page on a page before it.
    back = {"back": True, "overleaf-a-krones": True, "to-page3": True}
    check_pages([front, back, {"page3": True, "page3-c-points": True}], "ok")
    check_pages([{**front, "to-page3": True}, {"back": True}, {"page3": True, "page3-c-points": True}], "ok")
    with pytest.raises(SheetError, match="prints tile c-points on page 4, where it says page 3"):
        check_pages([front, back, {"page3": True, "to-page4": True}, {"page4": True, "page3-c-points": True}], "x")
    with pytest.raises(SheetError, match="line naming page 3 is not above the margin of a page before it"):
        check_pages([front, {**back, "to-page3": False}, {"page3": True, "page3-c-points": True}], "x")
    with pytest.raises(SheetError, match="has no line naming page 3, where its tiles continue"):
        check_pages([front, {"back": True}, {"page3": True, "page3-c-points": True}], "x")
    with pytest.raises(SheetError, match="takes 4 pages; it must print on 3 pages"):
        check_pages([front, back, {"page3": True}, {"page3-c-points": True}], "x")


def test_html_prints_in_colour_and_fits_phones() -> None:
    page = render_sheet(rulesets()["long-track"], rulesets()["base"], "html").decode()
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in page
    assert "print-color-adjust: exact;" in page and "-webkit-print-color-adjust: exact;" in page
    assert ".back { break-before: page; }" in page
    # Two pictures of the track: one for paper and wide screens, one in rows of at most 8 for phones.
    wide, narrow = re.findall(r'<svg class="track (wide|narrow)"', page)
    assert (wide, narrow) == ("wide", "narrow")
    assert page.count('class="space" data-space="15"') == 2


@pytest.mark.parametrize(("name", "smallest"), [("introductory", 9), ("royal-banquet", 8)])
def test_pdf_fonts_are_embedded_and_text_is_never_below_8pt(name: str, smallest: float) -> None:
    """The words at 8 pt or more; the ids of tiles and final scoring in small print, 7 pt (a zone is named by its
    name only: issue 34)."""
    reader = PdfReader(io.BytesIO(pdf(name)))
    ruleset = rulesets()[name]
    ids = {t.id for t in ruleset.tiles} | {f.id for f in ruleset.final_scoring}
    sizes: list[float] = []
    small: list[tuple[str, float]] = []

    def visit(text: str, cm: list[float], tm: list[float], font: Any, size: float) -> None:
        if not text.strip():
            return
        m = [
            tm[0] * cm[0] + tm[1] * cm[2],
            tm[0] * cm[1] + tm[1] * cm[3],
            tm[2] * cm[0] + tm[3] * cm[2],
            tm[2] * cm[1] + tm[3] * cm[3],
        ]
        printed = size * abs(m[0] * m[3] - m[1] * m[2]) ** 0.5
        sizes.append(printed)
        if printed < smallest - 0.01:
            small.append((text.strip(), round(printed, 2)))

    fonts = set()
    for page in reader.pages:
        page.extract_text(visitor_text=visit)
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            descriptor = font["/DescendantFonts"][0].get_object()["/FontDescriptor"].get_object()
            assert "/FontFile2" in descriptor or "/FontFile3" in descriptor or "/FontFile" in descriptor
            fonts.add(str(font["/BaseFont"]))
    assert sizes and all(text in ids and size == 7 for text, size in small), small
    assert {text for text, _size in small} == ids
    assert all("DejaVu" in f for f in fonts)


def test_pdf_is_deterministic() -> None:
    before = os.environ.get("SOURCE_DATE_EPOCH")
    ruleset = rulesets()["gentle-move-backs"]
    assert render_sheet(ruleset, rulesets()["base"], "pdf") == pdf("gentle-move-backs")
    assert os.environ.get("SOURCE_DATE_EPOCH") == before  # the fixed epoch does not leak


def test_pdf_is_deterministic_across_processes() -> None:
    code = (
        "import sys, hashlib\n"
        "from gah.project import compile_library\n"
        "from gah.frontend.rulesets import Workspace\n"
        "from gah.sheets import render_sheet\n"
        "c = compile_library(Workspace.find()).rulesets\n"
        "sys.stdout.write(hashlib.sha256(render_sheet(c['base'], None, 'pdf')).hexdigest())\n"
    )
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    env.pop("SOURCE_DATE_EPOCH", None)
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    assert result.stdout == hashlib.sha256(pdf("base")).hexdigest()


# --- content ------------------------------------------------------------------------------


def test_sheet_content_base() -> None:
    text = render_sheet(rulesets()["base"], None, "md").decode()
    for needle in (
        "Never pass space 13: each step beyond it scores 1 point at once.",
        "Gardener (no. 42): each time you get a tile's bonus, also score 5 points.",
        "Conference Manager (no. 26): you may pay 1 krone to ignore a tile's penalty.",
        "Staff: each player draws 6 Staff cards; the rest form the deck.",
        "On a tie, the tied player with the larger total of dishes and drinks in the kitchen plus krones left wins",
        "| Guests still in the café `cafe` | −5 points per guest still in your café |",
        "Points and krones never go below 0.",
        "**†1** Starting state: Whether players prepare rooms during setup is unverified",
        "Room colours and groups come from implementations, not a board photo.",
        "Two sources print 1/1 on floor 3",
    ):
        assert needle in text, needle
    assert "House rules" not in text
    assert text.count("never go below") == 1, "the points floor is said once"
    staff = [line for line in text.splitlines() if re.match(r"\| \d\d \| [A-Z][a-z]", line)]
    assert len(staff) == 13


def test_introductory_sets_are_printed_as_examples() -> None:
    text = render_sheet(rulesets()["introductory"], rulesets()["base"], "md").decode()
    assert "Breakfast Server (1), Groom (5), Restaurant Manager (13)" in text
    assert "These sets are examples, not the rulebook's recommended sets" in text


def test_draft_parameters_are_printed() -> None:
    text = render_sheet(rulesets()["gentle-draft"], rulesets()["gentle-move-backs"], "md").decode()
    assert "each player takes 4 cards, keeps 1 and passes the rest to the right" in text
    assert "until each player holds 4 Staff cards" in text


def test_uncertain_tile_gets_a_dagger(tmp_path: Path) -> None:
    path = tmp_path / "doubt.yaml"
    path.write_text(
        "extends: base\nname: doubt\ntitle: Doubt\ntiles:\n  c-points:\n    uncertain: Nobody knows.\n",
        encoding="utf-8",
    )
    ruleset, parent = load_file(path)
    text = render_sheet(ruleset, parent, "md").decode()
    assert "◆ **Points** †1" in text
    assert "**†1** Tile Points (C): Nobody knows." in text


# --- differences ----------------------------------------------------------------------------

EXPECTED_DIFFERENCES = {
    "draft": [
        "Staff hands: drafted: take 6, keep 1, pass left, until each holds 6 (instead of: each player draws 6 Staff cards)"
    ],
    "gentle-move-backs": [
        "After round 3, markers move back 2 spaces instead of 3.",
        "After round 5, markers move back 4 spaces instead of 5.",
        "After round 7, markers move back 6 spaces instead of 7.",
    ],
    "long-track": [
        "New track spaces 14–15 paying 10 and 11 points.",
        "The cap is space 15 instead of 13.",
        "Zone neutral (Neutral) covers spaces 1–3 instead of spaces 1–2.",
        "Zone yellow (Yellow) covers spaces 4–15 instead of spaces 3–13.",
    ],
    "mild-cafe": [
        "Final scoring, cafe (Guests still in the café): −3 points per guest still in your café instead of −5."
    ],
    "no-penalties": ["Zone black (Black) on space 0 gives nothing instead of the tile's penalty."],
}


@pytest.mark.parametrize("name", sorted(EXPECTED_DIFFERENCES))
def test_describe_differences(name: str) -> None:
    ruleset = rulesets()[name]
    assert describe_differences(rulesets()["base"], ruleset) == EXPECTED_DIFFERENCES[name]


def test_describe_differences_of_new_tile_and_sets() -> None:
    base = rulesets()["base"]
    (banquet,) = describe_differences(base, rulesets()["royal-banquet"])
    assert banquet.startswith(
        "New tier B tile b-royal-banquet (Royal Banquet): bonus: gain 2 dishes or drinks of your choice"
    )
    assert banquet.endswith("if you cannot do all of that, lose 6 points instead.")
    intro = describe_differences(base, rulesets()["introductory"])
    assert intro[0].startswith("Staff hands: fixed introductory sets of 6 Staff cards")
    assert "Set D: Sous-Chef (4), Tour Guide (8)" in intro[1]
    assert intro[2].startswith("These sets are examples")


def test_no_differences_from_itself_and_deterministic() -> None:
    for name in SHIPPED:
        ruleset = rulesets()[name]
        assert describe_differences(ruleset, ruleset) == []
    gentle = rulesets()["gentle-draft"]
    assert describe_differences(rulesets()["gentle-move-backs"], gentle) == describe_differences(
        rulesets()["gentle-move-backs"], gentle
    )
    assert len(describe_differences(rulesets()["base"], gentle)) == 4


def mutations(base: ir.Ruleset) -> dict[str, ir.Ruleset]:
    """One changed copy of `base` per compared field (every field that is not the ruleset's identity)."""
    r = dataclasses.replace
    track = base.track
    hotel = base.hotel
    setup = base.setup
    card = base.staff[0]
    game_end = base.staff_card(27)
    return {
        "min_players": r(base, min_players=1),
        "max_players": r(base, max_players=5),
        "rounds": r(base, rounds=8),
        "items": r(base, items=(*base.items, ir.Item("tea", "drink", "Tea"))),
        "track": r(base, track=r(track, points=(0, *track.points[1:-1], 12))),
        "scorings": r(base, scorings=(r(base.scorings[0], tier="B"), *base.scorings[1:])),
        "tiles": r(base, tiles=(r(base.tiles[0], bonus=(ir.GainKrones(4),)), *base.tiles[1:])),
        "hotel": r(base, hotel=r(hotel, cafe_seats=4)),
        "staff": r(base, staff=(r(card, cost=9), *base.staff[1:])),
        "staff game end": r(
            base,
            staff=tuple(
                r(c, game_end=ir.GameEnd(4, ir.shorthand("occupied_red_rooms"), False)) if c == game_end else c
                for c in base.staff
            ),
        ),
        "final_scoring": r(base, final_scoring=base.final_scoring[:-1]),
        "score_track_spaces": r(base, score_track_spaces=100),
        "lap_marker": r(base, lap_marker=(100,)),
        "tiebreakers": r(base, tiebreakers=()),
        "rulings": r(base, rulings=r(base.rulings, points_floor=-10)),
        "setup": r(base, setup=r(setup, start=r(setup.start, krones=12))),
        "resources": r(base, resources=(r(base.resources[0], at_most=50),)),
        "roles": r(base, roles=(ir.Role("boss", (("en", "boss"),), ("track_points", "move_back"), ("staff",)),)),
    }


def test_every_compared_field_is_described() -> None:
    base = rulesets()["base"]
    identity = {"name", "title", "description", "extends", "sources", "translations"}  # texts, not rules
    variants = mutations(base)
    covered = {key.split()[0] for key in variants}
    assert covered == {f.name for f in dataclasses.fields(ir.Ruleset)} - identity
    for key, variant in variants.items():
        sentences = describe_differences(base, variant)
        assert sentences, key
        assert all(s and s[0].isupper() for s in sentences), sentences
    assert describe_differences(base, variants["staff game end"]) == [
        "Staff 27 Booking Manager scores 4 points per occupied red room instead of 3 points per occupied red room."
    ]


def test_changes_are_structured_for_highlighting() -> None:
    base = rulesets()["base"]
    changes = compare(base, rulesets()["long-track"]).changes
    assert changes.spaces == {14, 15} and changes.cap and changes.zones == {"neutral", "yellow"}
    assert compare(base, rulesets()["gentle-move-backs"]).changes.scorings == {3, 5, 7}
    assert compare(base, rulesets()["royal-banquet"]).changes.new_tiles == {"b-royal-banquet"}
    assert compare(base, rulesets()["mild-cafe"]).changes.final == {"cafe"}
    assert compare(base, rulesets()["draft"]).changes.deal


def test_variant_sheet_opens_with_house_rules_and_highlights() -> None:
    base = rulesets()["base"]
    markdown = render_sheet(rulesets()["long-track"], base, "md").decode()
    box = markdown.index("House rules: what differs from Grand Austria Hotel (base game)")
    assert box < markdown.index("## The Emperor track")
    assert "◆ **14**" in markdown and "◆ **11**" in markdown
    assert "◆ **space 7 or more**" in markdown
    page = render_sheet(rulesets()["gentle-move-backs"], base, "html").decode()
    assert page.count('<tr class="changed">') == 3
    assert "◆" in page
    mild = render_sheet(rulesets()["mild-cafe"], base, "md").decode()
    assert "| ◆ **Guests still in the café** `cafe` | ◆ **−3 points per guest still in your café** |" in mild


# --- Markdown golden files ------------------------------------------------------------------


@pytest.mark.snapshot
@pytest.mark.parametrize("name", SHIPPED)
def test_markdown_golden(name: str) -> None:
    ruleset = rulesets()[name]
    text = render_sheet(ruleset, parent_of(ruleset), "md").decode("utf-8")
    assert_matches_golden(GOLDEN / f"{name}.md", text)


def test_no_stray_golden_files() -> None:
    assert sorted(p.stem for p in GOLDEN.glob("*.md")) == SHIPPED


# --- gah sheet ----------------------------------------------------------------------------------


def test_cli_markdown_to_stdout(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--workspace", str(shipped_root()), "sheet", "mild-cafe", "--format", "md"]) == 0
    out = capsys.readouterr().out
    assert out == render_sheet(rulesets()["mild-cafe"], rulesets()["base"], "md").decode()


def test_cli_writes_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "out" / "base.html"
    assert main(["--workspace", str(shipped_root()), "sheet", "base", "-o", str(target), "--paper", "letter"]) == 0
    assert "size: letter portrait" in target.read_text(encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert main(["--workspace", str(shipped_root()), "sheet", "gentle-move-backs", "--format", "pdf"]) == 0
    assert (tmp_path / "gentle-move-backs.pdf").read_bytes() == pdf("gentle-move-backs")
    assert "gentle-move-backs.pdf" in capsys.readouterr().out


def test_cli_sheet_from_a_file(script_variant: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--workspace", str(shipped_root()), "sheet", str(script_variant), "--format", "md"]) == 0
    out = capsys.readouterr().out
    assert "House rules: what differs from Grand Austria Hotel (base game)" in out
    assert "&lt;script&gt;" in out


def test_cli_bad_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--workspace", str(shipped_root()), "sheet", "no-such-ruleset"]) == 1
    assert "unknown ruleset 'no-such-ruleset'" in capsys.readouterr().err
    broken = tmp_path / "broken.yaml"
    broken.write_text("extends: base\nname: broken\ntitle: Broken\nemperor_scorings:\n  3: {move_bak: 2}\n")
    assert main(["--workspace", str(shipped_root()), "sheet", str(broken)]) == 1
    assert "move_bak" in capsys.readouterr().err
    assert main(["--workspace", str(shipped_root()), "sheet", "base", "--format", "docx"]) == 2


# --- the same words elsewhere ----------------------------------------------------------------


def test_no_move_back_reads_as_such() -> None:
    base = rulesets()["base"]
    r = dataclasses.replace
    none = r(base, scorings=(r(base.scorings[0], move_back=0), r(base.scorings[1], move_back=1), base.scorings[2]))
    assert describe_differences(base, none) == [
        "After round 3, no move-back instead of 3 spaces.",
        "After round 5, markers move back 1 space instead of 5.",
    ]
    assert describe_differences(none, base)[0] == "After round 3, markers move back 3 spaces instead of no move-back."
    added = r(base, scorings=(*base.scorings, r(base.scorings[0], round=6, move_back=0)))
    assert describe_differences(base, added) == ["New Emperor scoring after round 6: tier A, no move-back."]
    markdown = render_sheet(none, base, "md").decode()
    assert "| ◆ **3** | A | ◆ **none** |" in markdown and "| ◆ **5** | B | ◆ **1 space** |" in markdown


def test_score_explanations_name_tiles_as_the_sheet_does() -> None:
    run = run_gah("score", str(ROOT / "examples" / "round7.yaml"))
    assert run.code == 0, run.err
    assert "Cleo takes the penalty of Staff points (tier C)" in run.out
    assert "c-staff-points" not in run.out


# --- ids in small print: the fit estimate counts them ------------------------------------------


@pytest.mark.parametrize(
    ("name", "paper"),
    [("base", "a4"), ("royal-banquet", "a4"), ("royal-banquet", "letter"), ("two-long-tiles", "a4")],
)
def test_the_front_estimate_counts_the_tile_ids(name: str, paper: str) -> None:
    """WeasyPrint's front is never more than 1% taller than the estimate (without the id line under each tile
    name, royal-banquet's is about 3% taller on letter)."""
    ruleset, parent = sheet_case(name)
    sheet = build_sheet(ruleset, parent, paper)
    page = weasyprint.HTML(string=render_html(sheet)).render().pages[0]
    real = page.anchors["front-end"][-1] * 25.4 / 96 - MARGIN_Y
    assert real <= front_height(sheet, sheet.fit) / MM * 1.01
