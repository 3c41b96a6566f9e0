"""Shared helpers for the sheet tests: the sheets to check, and whether a PDF keeps every tile on its front."""

from __future__ import annotations

import io
import re
from functools import cache
from pathlib import Path

from helpers_rules import shipped_workspace
from pypdf import PdfReader

from compiler import ir
from compiler.languages import Language, localised
from compiler.project import compile_library, load_one
from compiler.sheets.effects import Speaker
from compiler.sheets.text import Words, capitalised, plain

ROOT = Path(__file__).resolve().parent.parent
# A variant that adds two tiles with long names and texts: the front must condense to hold them.
LONG_TILES = ROOT / "tests" / "data" / "sheets" / "two-long-tiles.yaml"


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
    """A shipped ruleset by name, or the long-tiles test variant ("two-long-tiles"), with its parent."""
    if name == "two-long-tiles":
        return load_file(LONG_TILES)
    ruleset = rulesets()[name]
    return ruleset, rulesets()[ruleset.extends] if ruleset.extends else None


SHEET_CASES = [*sorted(rulesets()), "two-long-tiles"]


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


def assert_tiles_on_the_front(data: bytes, ruleset: ir.Ruleset, language: Language | None = None) -> None:
    """Two pages; every tile's name and texts on page 1; no tile text on page 2.

    Names are not looked for on page 2: some ("Krones", "Points") are also words of the final scoring.
    """
    pages = page_texts(data)
    assert len(pages) == 2, f"{ruleset.name}: {len(pages)} pages"
    front, back = pages
    # Text extraction may join a word and the next across an inline icon: compare without spaces too.
    front_joined = front.replace(" ", "")
    back_joined = back.replace(" ", "")
    for tile_id, (name, bonus, penalty) in tile_texts(ruleset, language).items():
        for text in (name, bonus, penalty):
            assert text in front or text.replace(" ", "") in front_joined, (ruleset.name, tile_id, text)
        for text in (bonus, penalty):
            assert text.replace(" ", "") not in back_joined, (ruleset.name, tile_id, text)
