"""Shared helpers for the sheet tests: the sheets to check, and whether a PDF keeps every tile on its front."""

from __future__ import annotations

import io
import re
from collections.abc import Collection
from functools import cache
from pathlib import Path

from gah import ir
from gah.languages import Language, localised
from gah.project import compile_library, load_one
from gah.sheets.context import Sheet, build_sheet
from gah.words.effects import Speaker
from gah.words.text import Words, capitalised, plain
from helpers_rules import shipped_workspace
from pypdf import PdfReader

ROOT = Path(__file__).resolve().parent.parent
# A variant that adds two tiles with long names and texts: the front must condense to hold them.
LONG_TILES = ROOT / "tests" / "data" / "sheets" / "two-long-tiles.yaml"
# Base's 12 tiles and 4 or 8 invented ones: the front holds what it can, the rest continue on the back.
POOLS = {name: ROOT / "tests" / "data" / "sheets" / f"{name}.yaml" for name in ("pool-16", "pool-20")}
# Base's 12 tiles and 18 invented ones: the front and the back hold what they can, the rest go on page 3.
POOL_30 = ROOT / "tests" / "data" / "sheets" / "pool-30.yaml"


@cache
def rulesets() -> dict[str, ir.Ruleset]:
    compiled = compile_library(shipped_workspace())
    assert not compiled.problems
    return compiled.rulesets


def load_file(path: Path) -> tuple[ir.Ruleset, ir.Ruleset | None]:
    workspace = shipped_workspace()
    ruleset = load_one(workspace, str(path))
    parent = load_one(workspace, ruleset.extends) if ruleset.extends else None
    return ruleset, parent


def sheet_case(name: str) -> tuple[ir.Ruleset, ir.Ruleset | None]:
    """A shipped ruleset by name, or a test variant ("two-long-tiles", "pool-16", "pool-20", "pool-30"), with its
    parent."""
    if name == "two-long-tiles":
        return load_file(LONG_TILES)
    if name in POOLS:
        return load_file(POOLS[name])
    if name == "pool-30":
        return load_file(POOL_30)
    ruleset = rulesets()[name]
    return ruleset, rulesets()[ruleset.extends] if ruleset.extends else None


SHEET_CASES = [*sorted(rulesets()), "two-long-tiles", *POOLS]


def normalise(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def page_texts(data: bytes) -> list[str]:
    return [normalise(page.extract_text()) for page in PdfReader(io.BytesIO(data)).pages]


def tile_texts(ruleset: ir.Ruleset, language: Language | None = None) -> dict[str, tuple[str, str, str]]:
    """Tile id -> (name, bonus, penalty) as the sheet words them (in `language`, default English)."""
    if language is not None:
        ruleset = localised(ruleset, language)
    s = Speaker(Words(language), ruleset.items)
    return {
        tile.id: (
            normalise(tile.name),
            normalise(plain(capitalised(s.effects(tile.bonus)))),
            normalise(plain(capitalised(s.penalty(tile.penalty)))),
        )
        for tile in ruleset.tiles
    }


def assert_tiles_on_the_front(
    data: bytes, ruleset: ir.Ruleset, language: Language | None = None, overleaf: Collection[str] = ()
) -> None:
    """Two pages; every tile's name and texts on page 1 and none on page 2, but for the tiles `overleaf`
    (ids): those are on page 2, and their ids not on page 1.

    Names are not looked for on page 2: some ("Krones", "Points") are also words of the final scoring.
    """
    pages = page_texts(data)
    assert len(pages) == 2, f"{ruleset.name}: {len(pages)} pages"
    # Text extraction may join a word and the next across an inline icon: compare without spaces too.
    joined = [page.replace(" ", "") for page in pages]
    texts = tile_texts(ruleset, language)
    back_texts = [text.replace(" ", "") for tile_id in overleaf for text in texts[tile_id]]
    for tile_id, (name, bonus, penalty) in texts.items():
        side = 1 if tile_id in overleaf else 0
        assert tile_id in pages[side] and tile_id not in pages[1 - side], (ruleset.name, tile_id, side)
        for text in (name, bonus, penalty):
            assert text in pages[side] or text.replace(" ", "") in joined[side], (ruleset.name, tile_id, text)
        for text in (bonus, penalty):
            if not side and not any(text.replace(" ", "") in other for other in back_texts):  # said overleaf too
                assert text.replace(" ", "") not in joined[1], (ruleset.name, tile_id, text)


def overleaf_ids(name: str, paper: str = "a4", language: Language | None = None) -> set[str]:
    """The ids of the tiles that the sheet of `name` (see sheet_case) continues on the back."""
    ruleset, parent = sheet_case(name)
    sheet = build_sheet(ruleset, parent, paper, Words(language))
    return {tile.id for group in sheet.overleaf for tile in group.tiles}


def tile_pages(name: str, paper: str = "a4", language: Language | None = None) -> dict[str, int]:
    """The page (1, 2, 3, ...) on which the sheet of `name` (see sheet_case) prints each tile, by id."""
    ruleset, parent = sheet_case(name)
    return pages_of(build_sheet(ruleset, parent, paper, Words(language)))


def pages_of(sheet: Sheet) -> dict[str, int]:
    """The page (1, 2, 3, ...) on which `sheet` prints each tile, by id, in the order it prints them."""
    front = [group for column in sheet.tile_columns for group in column] if sheet.fit.tile_columns else sheet.tiers
    sides = [front, sheet.overleaf, *sheet.more_pages]
    return {tile.id: number for number, side in enumerate(sides, 1) for group in side for tile in group.tiles}


def assert_tiles_on_their_pages(data: bytes, sheet: Sheet) -> None:
    """The PDF `data` of `sheet` has the pages the sheet says (two, and one for each page of tiles after the back),
    and each tile's id is on its page and on no other."""
    pages = page_texts(data)
    assert len(pages) == 2 + len(sheet.more_pages), f"{sheet.ruleset.name}: {len(pages)} pages"
    for tile_id, number in pages_of(sheet).items():
        found = [bool(re.search(rf"(?<![\w-]){re.escape(tile_id)}(?![\w-])", page)) for page in pages]
        assert found == [n == number for n in range(1, len(pages) + 1)], (sheet.ruleset.name, tile_id, number)


def tall_tile_variant() -> str:
    """A variant with one tile taller than a column of a page (ten choices of four options in its bonus and its
    penalty): the one pool no layout can hold."""
    option = (
        "[{kind: draw_staff, count: 3, play: 1, discount: 3}, {kind: gain_krones, amount: 2}, "
        "{kind: points_per_quantity, quantity: occupied_rooms, points: 1}]"
    )
    choice = "{kind: choose_one, options: [" + ", ".join([option] * 4) + "]}"
    bonus = "".join(f"      - {choice}\n" for _ in range(10))
    penalty = "".join(f"        - {choice}\n" for _ in range(10))
    return (
        "extends: base\nname: tall-tile\ntitle: A tall tile\ntiles:\n  c-tall:\n    tier: C\n    name: Tall tile\n"
        f"    bonus:\n{bonus}    penalty:\n      effects:\n{penalty}"
    )
