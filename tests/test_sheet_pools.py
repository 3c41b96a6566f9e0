"""Pools of any size (issue 30): base's 12 Emperor tiles plus 4 or 8 invented ones check, build and print.

When the front cannot hold every tile, it keeps as many as fit (in tier order) and says the pool continues
overleaf; the rest open the back. `gah check` refuses only a pool that neither side can hold, and the count
its hint gives is a fixed point: a pool cut to that many tiles passes, one more does not.
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
from gah.project import compile_library
from gah.sheets import render_sheet
from gah.sheets.context import build_sheet
from gah.sheets.fit_check import fit_problems
from gah.words.text import Words, plain
from gah.workspace import Workspace
from helpers_rules import copy_project, run_gah
from helpers_sheets import POOLS, assert_tiles_on_the_front, overleaf_ids, page_texts, sheet_case
from pypdf import PdfReader

GERMAN = load_language(Workspace(None), "de")


def tile_ids(name: str) -> list[str]:
    return [tile.id for tile in sheet_case(name)[0].tiles]


# --- the sheets ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "paper", "language", "front"),
    [
        ("pool-16", "a4", None, 16),  # every tile on the front, in two columns
        ("pool-16", "letter", None, 15),
        ("pool-16", "a4", GERMAN, 14),
        ("pool-16", "letter", GERMAN, 13),
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


def test_20_tiles_in_german_on_letter_are_refused_and_the_hint_fixes_it(tmp_path: Path) -> None:
    """The German texts are longer and letter paper shorter: no layout holds 20 such tiles there (nor pool-20's)."""
    folder = workspace(tmp_path / "20", pool_text(20), "letter", '["de"]')
    run = run_gah("check", cwd=folder)
    assert run.code == 1 and "the back of the pool sheet in Deutsch (de) needs about" in run.err, run.err
    said, without = hint(run.err)
    # The last it added, by tier: 17 fit, without the three last C tiles.
    assert (said, without) == (17, ("c-grand-ballroom-2", "c-imperial-audit-3", "c-full-house-7")), run.err
    fixed = run_gah("check", cwd=workspace(tmp_path / "fixed", pool_text(20, without), "letter", '["de"]'))
    assert fixed.code == 0, fixed.err


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


# --- the hint is a fixed point ----------------------------------------------------------------

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


def hint(err: str) -> tuple[int, tuple[str, ...]]:
    """How many tiles the check says fit, and the tiles it says to leave out."""
    found = re.search(r"at most (\d+) tiles fit \(it fits without ([a-z0-9, -]+)\)", err)
    assert found, err
    return int(found.group(1)), tuple(found.group(2).split(", "))


def problem(folder: Path, paper: str) -> str | None:
    workspace_ = Workspace.at(folder)
    compiled = compile_library(workspace_)
    assert not compiled.problems, compiled.problems
    languages = [load_language(workspace_, language) for language in ("en", "de")]
    found = fit_problems(compiled, ["pool"], paper, languages)
    return found["pool"].message if "pool" in found else None


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_hint_is_a_fixed_point_for_every_pool_size(tmp_path: Path, paper: str) -> None:
    """For pools of 13 to 30 tiles: a pool the check refuses passes without the tiles its hint names (the last
    it added, as many as the hint says); with one of them back it is refused again with the same count. Each
    size is tried on one paper (odd sizes on A4, even on Letter): every size is covered at half the time."""
    refused = 0
    for size in range(13 if paper == "a4" else 14, 31, 2):
        message = problem(workspace(tmp_path / f"{size}", pool_text(size), paper), paper)
        if message is None:
            continue
        refused += 1
        said, without = hint(message)
        assert said == size - len(without), message
        assert without == tuple(added_ids(size)[said - 12 :]), message
        cut = problem(workspace(tmp_path / f"{size}-cut", pool_text(size, without), paper), paper)
        assert cut is None, (size, said, cut)
        again = problem(workspace(tmp_path / f"{size}-more", pool_text(size, without[1:]), paper), paper)
        assert again is not None and hint(again)[0] == said, (size, said, again)
    assert refused >= 4  # the bigger pools are refused: the test saw the hint at work


def added_ids(size: int) -> list[str]:
    """The ids pool_text(size) adds, by tier and in the order written (the order of the ruleset's tiles)."""
    ids = [f"{tile_id}-{n}" for n in range(size - 12) for tile_id in [list(INVENTED)[n % len(INVENTED)]]]
    return sorted(ids, key=lambda tile_id: tile_id[0])
