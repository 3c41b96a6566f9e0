"""Pools of any size (issues 30 and 41): base's 12 Emperor tiles plus 4 to 88 invented ones check, build and print.

When the front cannot hold every tile, it keeps as many as fit (in tier order) and says the pool continues
overleaf; the rest open the back. When the back cannot hold them all beside its rules, it holds as many as fit
and a line naming page 3, and the rest continue on pages of their own, each but the last naming the next.
`gah check` refuses only what no layout holds: a tile taller than a column of a page (a tile never splits).
"""

from __future__ import annotations

import copy
import io
import re
import shutil
from pathlib import Path

import pytest
import yaml
from gah.languages import Language, load_language
from gah.project import compile_library, load_one
from gah.sheets import render_sheet
from gah.sheets.context import build_sheet
from gah.sheets.fit_check import fit_problems
from gah.words.text import Words, plain
from gah.workspace import Workspace
from helpers_rules import copy_project, run_gah
from helpers_sheets import (
    POOL_30,
    POOLS,
    assert_tiles_on_the_front,
    overleaf_ids,
    page_texts,
    sheet_case,
    tall_tile_variant,
    tile_pages,
    tile_texts,
)
from pypdf import PdfReader

GERMAN = load_language(Workspace(None), "de")


def tile_ids(name: str) -> list[str]:
    return [tile.id for tile in sheet_case(name)[0].tiles]


# --- the sheets ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "paper", "language", "front"),
    [
        ("pool-16", "a4", None, 16),  # every tile on the front, in two columns
        # pool-16's four new tiles said in full in the House-rules box take some of the front's room
        ("pool-16", "letter", None, 14),
        ("pool-16", "a4", GERMAN, 12),
        ("pool-16", "letter", GERMAN, 10),
        ("pool-20", "a4", None, 15),
        ("pool-20", "letter", None, 13),
        ("pool-20", "a4", GERMAN, 13),
    ],
)
def test_a_pool_prints_on_one_sheet_its_first_tiles_on_the_front(
    name: str, paper: str, language: Language | None, front: int
) -> None:
    ruleset, parent = sheet_case(name)
    sheet = build_sheet(ruleset, parent, paper, Words(language))
    overleaf = [tile.id for group in sheet.overleaf for tile in group.tiles]
    ids = tile_ids(name)
    # Tier order (A, B, C; within a tier as the pool lists them): the front holds the first, the back the rest.
    by_tier = sorted(ids, key=lambda tile_id: tile_id[0])
    assert overleaf == by_tier[front:], overleaf
    data = render_sheet(ruleset, parent, "pdf", paper, language=language)
    assert len(PdfReader(io.BytesIO(data)).pages) == 2
    text = " ".join(page_texts(data))
    assert all(tile_id in text for tile_id in ids)
    assert_tiles_on_the_front(data, ruleset, language, set(overleaf))
    words = ("Tiles continued overleaf.", "Emperor tiles (continued)")
    if language is not None:
        words = ("Weitere Plättchen auf der Rückseite.", "Kaiser-Plättchen (Fortsetzung)")
    front_text, back_text = page_texts(data)
    if overleaf:
        assert words[0] in front_text and words[1] in back_text and words[1] not in front_text
    else:
        assert sheet.fit.name == "columns" and words[0] not in front_text and words[1] not in back_text


def test_the_house_rules_box_names_the_new_tiles_in_one_line_when_the_pool_continues_overleaf() -> None:
    ruleset, parent = sheet_case("pool-20")
    sheet = build_sheet(ruleset, parent, "a4")
    assert sheet.overleaf
    new = "Coffee house (A), Open kitchen (A), Court favour (B), New wing (B), Staff party (B), Grand ballroom (C)"
    said = [plain(sentence) for sentence in sheet.house or [] if "New" in plain(sentence)]
    assert said == [f"New tiles, marked among the Emperor tiles: {new}, Imperial audit (C) and Full house (C)."]
    # A sheet whose front holds every tile keeps the full sentences (royal-banquet: one new tile, said in full).
    banquet, base = sheet_case("royal-banquet")
    house = build_sheet(banquet, base, "a4").house or []
    assert any(plain(sentence).startswith("New tier B tile Royal Banquet: bonus:") for sentence in house)


def test_20_tiles_in_german_on_letter_continue_on_page_3_where_they_were_refused() -> None:
    """The German texts are longer and letter paper shorter: the back cannot hold the rest of pool-20 there (gah
    check refused it before issue 41); the tiles it cannot hold go on page 3."""
    pages = tile_pages("pool-20", "letter", GERMAN)
    assert sorted(pages.values()).count(3) >= 1 and set(pages.values()) == {1, 2, 3}, pages
    assert list(pages) == sorted(pages, key=lambda tile_id: tile_id[0])  # tier order, page after page


# --- a pool of 30 ---------------------------------------------------------------------------

# What was seen on the rendered pages (pdftocairo -png, looked at): how many tiles each page holds.
POOL_30_PAGES = {
    ("a4", "en"): (16, 9, 5),
    ("a4", "de"): (14, 7, 9),
    ("letter", "en"): (14, 8, 8),
    ("letter", "de"): (13, 5, 12),
}


@pytest.mark.parametrize(("paper", "language"), [("a4", None), ("letter", GERMAN)])
def test_a_pool_of_30_prints_on_three_pages_each_pointing_to_the_next(paper: str, language: Language | None) -> None:
    ruleset, parent = sheet_case("pool-30")
    pages = tile_pages("pool-30", paper, language)
    held = tuple(list(pages.values()).count(n) for n in (1, 2, 3))
    assert held == POOL_30_PAGES[(paper, language.id if language else "en")], held
    data = render_sheet(ruleset, parent, "pdf", paper, language=language)
    texts = page_texts(data)
    assert len(texts) == 3
    if language is None:
        pointers = ("Tiles continued overleaf.", "Emperor tiles continued on page 3.", "Emperor tiles (continued)")
    else:
        pointers = (
            "Weitere Plättchen auf der Rückseite.",
            "Fortsetzung der Kaiser-Plättchen auf Seite 3.",
            "Kaiser-Plättchen (Fortsetzung)",
        )
    assert pointers[0] in texts[0] and pointers[1] in texts[1] and pointers[2] in texts[1] + texts[2]
    assert pointers[1] not in texts[0] + texts[2] and "page 4" not in texts[2] and "Seite 4" not in texts[2]
    names = tile_texts(ruleset, language)
    for tile_id, number in pages.items():
        assert [tile_id in text for text in texts] == [n == number for n in (1, 2, 3)], (tile_id, number)
        name = names[tile_id][0].replace(" ", "")
        assert name in texts[number - 1].replace(" ", ""), (tile_id, name)


def test_a_pool_of_30_checks_builds_and_every_output_holds_every_tile(tmp_path: Path) -> None:
    folder = tmp_path / "pool"
    (folder / "rules").mkdir(parents=True)
    (folder / "gah.toml").write_text('paper = "letter"\nlanguages = ["en", "de"]\n', encoding="utf-8")
    shutil.copy(POOL_30, folder / "rules" / POOL_30.name)
    checked = run_gah("check", cwd=folder)
    assert checked.code == 0 and "ok  pool-30" in checked.out, checked.err
    built = run_gah("build", cwd=folder)
    assert built.code == 0, built.err
    ids = [tile.id for tile in sheet_case("pool-30")[0].tiles]
    assert len(ids) == 30
    for sub in ("", "de/"):
        sheets = folder / "generated" / "sheets"
        data = (sheets / f"{sub}pool-30.pdf").read_bytes()
        assert len(PdfReader(io.BytesIO(data)).pages) == 3
        markdown = (sheets / f"{sub}pool-30.md").read_text(encoding="utf-8")
        html = (sheets / f"{sub}pool-30.html").read_text(encoding="utf-8")
        for tile_id in ids:
            assert len(re.findall(rf"`{tile_id}`", markdown)) == 1, tile_id
            assert len(re.findall(rf'id="(?:tile|overleaf|page3)-{tile_id}"', html)) == 1, tile_id
        assert html.count('id="to-page3"') == 1 and 'id="page3"' in html and 'id="page4"' not in html


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_pool_size_checks_and_lays_out_each_tile_once_in_tier_order(tmp_path: Path, paper: str) -> None:
    """Pools of 13 to 100 tiles (the most a ruleset may have) in English and German: none is refused, and the
    front, the back and the pages after it hold every tile once, in tier order, no page empty."""
    for size in (13, 17, 21, 25, 30, 40, 60, 100):
        folder = workspace(tmp_path / f"{size}", pool_text(size), paper)
        assert problem(folder, paper) is None, size
        ruleset = load_one(Workspace.at(folder), "pool")
        for language in (None, GERMAN):
            sheet = build_sheet(ruleset, load_one(Workspace.at(folder), "base"), paper, Words(language))
            columns = [group for column in sheet.tile_columns for group in column]
            front = columns if sheet.fit.tile_columns else sheet.tiers
            sides = [front, sheet.overleaf, *sheet.more_pages]
            laid = [tile.id for side in sides for group in side for tile in group.tiles]
            assert laid == [tile.id for group in sheet.tiers for tile in group.tiles], size
            assert all(sides[2:]), size
            if size >= 60:  # 48 or more tiles past the front: more than one page after the back
                assert len(sheet.more_pages) >= 2, size


def test_a_tile_taller_than_a_column_is_refused_at_the_tile_and_still_reads_in_markdown_and_html(
    tmp_path: Path,
) -> None:
    folder = workspace(tmp_path / "tall", tall_tile_variant(), "a4", '["en"]')
    (folder / "rules" / "pool.yaml").rename(folder / "rules" / "tall-tile.yaml")
    run = run_gah("check", cwd=folder)
    assert run.code == 1, run.out
    head = "rules/tall-tile.yaml:5:3: tiles.c-tall: tile c-tall on the tall-tile sheet needs about "
    assert run.err.startswith(head), run.err
    assert re.search(r"even at 8 pt, and a column of one A4 page holds 26\d mm; a tile never splits", run.err), run.err
    assert run.err.endswith("\n      c-tall:\n      ^\n1 problem found\n"), run.err
    pdf = run_gah("sheet", "rules/tall-tile.yaml", "--format", "pdf", "-o", "x.pdf", cwd=folder)
    assert pdf.code == 1 and "tile c-tall of the tall-tile sheet needs about" in pdf.err, pdf.err
    assert "Traceback" not in pdf.err and not (folder / "x.pdf").exists()
    for fmt in ("md", "html"):
        made = run_gah("sheet", "rules/tall-tile.yaml", "--format", fmt, "-o", f"x.{fmt}", cwd=folder)
        assert made.code == 0, made.err
        assert "c-tall" in (folder / f"x.{fmt}").read_text(encoding="utf-8")


# --- check and build in a workspace of one's own ---------------------------------------


def test_pools_of_16_and_20_check_and_build(tmp_path: Path) -> None:
    project = copy_project(tmp_path / "project")
    for path in POOLS.values():
        shutil.copy(path, project / "rules" / "variants" / path.name)
    checked = run_gah("--root", str(project), "check", cwd=project)
    assert checked.code == 0, checked.err
    assert "ok  pool-16" in checked.out and "ok  pool-20" in checked.out
    built = run_gah("--root", str(project), "build", cwd=project)
    assert built.code == 0, built.err
    for name in POOLS:
        for folder, language in (("", None), ("de/", GERMAN)):
            data = (project / "generated" / "sheets" / f"{folder}{name}.pdf").read_bytes()
            assert len(PdfReader(io.BytesIO(data)).pages) == 2
            assert_tiles_on_the_front(data, sheet_case(name)[0], language, overleaf_ids(name, "a4", language))
        assert (project / "generated" / "scoring" / f"{name.replace('-', '_')}.py").exists()


# --- pools of every size ---------------------------------------------------------------------

INVENTED = yaml.safe_load(POOLS["pool-20"].read_text(encoding="utf-8"))["tiles"]


def pool_text(size: int, without: tuple[str, ...] = ()) -> str:
    """Base's 12 tiles and `size` - 12 invented ones (pool-20's eight, again and again under new ids), less the
    tiles `without`."""
    tiles = {}
    for n in range(size - 12):
        tile_id, tile = list(INVENTED.items())[n % len(INVENTED)]
        tiles[f"{tile_id}-{n}"] = {**copy.deepcopy(tile), "name": f"{tile['name']} {n}"}  # no YAML anchors
    tiles = {tile_id: tile for tile_id, tile in tiles.items() if tile_id not in without}
    body = yaml.safe_dump({"tiles": tiles}, allow_unicode=True, sort_keys=False, width=1000) if tiles else ""
    return "extends: base\nname: pool\ntitle: A pool\n" + body


def workspace(folder: Path, text: str, paper: str = "a4", languages: str = '["en", "de"]') -> Path:
    (folder / "rules").mkdir(parents=True)
    (folder / "gah.toml").write_text(f'paper = "{paper}"\nlanguages = {languages}\n', encoding="utf-8")
    (folder / "rules" / "pool.yaml").write_text(text, encoding="utf-8")
    return folder


def problem(folder: Path, paper: str) -> str | None:
    workspace_ = Workspace.at(folder)
    compiled = compile_library(workspace_)
    assert not compiled.problems, compiled.problems
    languages = [load_language(workspace_, language) for language in ("en", "de")]
    found = fit_problems(compiled, ["pool"], paper, languages)
    return found["pool"].message if "pool" in found else None
