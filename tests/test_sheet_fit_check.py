"""A ruleset whose sheet no layout can print is a positioned problem in `gah check` and `gah build` (issue 21):
placed at the rules that made a side long, saying how many entries fit.

The counts that fit are found by the checker itself (it builds the sheet again with fewer entries); the tests
hold it to its word: the variant with that many entries checks ok and one more does not. Today, with the
zone and card names written below: every one-space zone a track may have (20) on a 41-space track on A4, 18 on
letter; 46 added game-end Staff cards on the long track (41 on letter). The tiles the front cannot hold continue
on the back (issue 30) and on pages of their own (issue 41): long tiles are no limit (tests/test_sheet_pools.py).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from gah.languages import load_language
from gah.project import compile_library, load_one
from gah.sheets import PAPERS, Paper, render_sheet
from gah.sheets.context import build_sheet
from gah.sheets.fit import STEPS
from gah.sheets.fit_check import fit_problems
from gah.workspace import Workspace
from helpers_rules import SHIPPED, Run, run_gah, shipped_workspace
from helpers_sheets import assert_tiles_on_their_pages

# Base's track with spaces 14-40 added (3 rows in the track picture): with tiles able to continue on the back,
# only a track this long leaves too little room for one-space zones.
LAST_SPACE = 40
WIDE_TRACK = (
    "extends: base\nname: wide-track\ntitle: Wide track\nemperor_track:\n  spaces: {"
    + ", ".join(f"{n}: {n - 4}" for n in range(14, LAST_SPACE + 1))
    + f"}}\n  zones:\n    yellow: {{from: 3, to: {LAST_SPACE}}}\n"
)


def zones_variant(count: int, tile_change: bool = False) -> str:
    """`count` zones on the wide track: one space each, the last running to its end."""
    outcomes = ["penalty", "nothing", "nothing"] + ["bonus"] * 40
    zones = "".join(
        f"    z{n}: {{from: {n}, to: {n if n < count - 1 else LAST_SPACE}, outcome: {outcomes[n]}, name: Zone {n}}}\n"
        for n in range(count)
    )
    tile = "tiles:\n  a-krones:\n    bonus:\n      - {kind: gain_krones, amount: 4}\n" if tile_change else ""
    return (
        "extends: wide-track\nname: many-zones\ntitle: Many zones\n"
        "emperor_track:\n  zones:\n    black: null\n    neutral: null\n    yellow: null\n" + zones + tile
    )


def staff_variant(count: int) -> str:
    """`count` new game-end Staff cards (49, 50, ...) on the long track."""
    cards = "".join(
        f"  {n}: {{name: New card {n}, cost: 3, kind: game_end, game_end: {{points: 2, per: occupied_rooms}}}}\n"
        for n in range(49, 49 + count)
    )
    return "extends: long-track\nname: many-staff\ntitle: Many Staff\nstaff:\n" + cards


def tiles_variant(count: int) -> str:
    """`count` tiles: the base game's 12 and long ones in tier C (as long as the longest tile)."""
    tiles = "".join(
        f"  c-long-{n}:\n    tier: C\n    name: Very long house tile number {n}\n"
        "    bonus:\n      - {kind: draw_staff, count: 3, play: 1, discount: 3}\n"
        "      - {kind: prepare_room, floors: [1, 2], cost: free, occupy: true}\n"
        "    penalty:\n      prefer:\n        - {kind: remove_rooms, state: occupied, count: 2, "
        "pick: highest_then_strictly_below}\n      otherwise:\n        - {kind: lose_points, amount: 10}\n"
        for n in range(count - 12)
    )
    return f"extends: base\nname: long-tiles\ntitle: Long tiles\ntiles:\n{tiles}"


def workspace(folder: Path, files: dict[str, str], paper: str = "a4", languages: str = '["en"]') -> Path:
    """A workspace holding `files` (name -> text) and the wide track in rules/, printing on `paper`, its sheets in `languages`
    (English only by default: the limits below are English's; German's are tested on their own)."""
    (folder / "rules").mkdir(parents=True)
    (folder / "gah.toml").write_text(f'paper = "{paper}"\nlanguages = {languages}\n', encoding="utf-8")
    for name, text in {"wide-track": WIDE_TRACK, **files}.items():
        (folder / "rules" / f"{name}.yaml").write_text(text, encoding="utf-8")
    return folder


def check(folder: Path) -> Run:
    return run_gah("check", cwd=folder)


def test_twenty_one_space_zones_are_reported_at_the_zones_mapping(tmp_path: Path) -> None:
    run = check(workspace(tmp_path, {"many-zones": zones_variant(20)}, "letter"))
    assert run.code == 1 and "ok  many-zones" not in run.out
    # Line 5, column 3: `zones:` under `emperor_track:` (extends, name, title, emperor_track come first). The
    # zones fill the front even with every tile on the pages after it.
    head = (
        "rules/many-zones.yaml:5:3: emperor_track.zones: the front of the many-zones sheet needs about 1.1 letter "
        "pages (261 mm; one page holds 255 mm) even with its text at 8 pt and every Emperor tile on the pages after "
        "it (the track, the scorings and the house rules are one side: they do not continue on another page); "
    )
    assert run.err.startswith(head), run.err
    # 20 clauses in the scoring steps; the house rules say 3 zones removed and 20 added.
    assert "its 20 zones take about" in run.err
    assert "(a clause each in the scoring steps, 23 lines in the house-rules box); at most " in run.err
    assert run.err.endswith("\n      zones:\n      ^\n1 problem found\n"), run.err


def test_many_game_end_staff_on_the_long_track_are_reported_at_the_staff(tmp_path: Path) -> None:
    run = check(workspace(tmp_path, {"many-staff": staff_variant(60)}))
    assert run.code == 1
    assert run.err.startswith("rules/many-staff.yaml:4:1: staff: the front of the many-staff sheet needs about"), (
        run.err
    )
    assert "the 60 Staff cards that differ from Long Emperor track take about" in run.err
    assert "(60 lines in the house-rules box); at most 46 can differ from Long Emperor track" in run.err
    assert run.err.endswith("\n    staff:\n    ^\n1 problem found\n"), run.err


def most(err: str) -> int:
    found = re.search(r"at most (\d+) ", err)
    assert found, err
    return int(found.group(1))


# Each kind of variant with a limit on a paper: its name, how to write it with n entries, n well past the limit, and
# the paper (zones: a track has at most 20, and A4 holds them all).
KINDS = [
    ("many-zones", zones_variant, 20, "letter"),
    ("many-staff", staff_variant, 60, "a4"),
    ("many-staff", staff_variant, 60, "letter"),
]


def said_to_fit(folder: Path, name: str, make: Callable[[int], str], too_many: int, paper: str) -> int:
    """How many entries the check says fit, asked with far too many."""
    return most(check(workspace(folder, {name: make(too_many)}, paper)).err)


@pytest.mark.parametrize(("name", "make", "too_many", "paper"), KINDS)
def test_the_count_said_to_fit_fits_and_one_more_does_not(
    tmp_path: Path, paper: str, name: str, make: Callable[[int], str], too_many: int
) -> None:
    said = said_to_fit(tmp_path / "over", name, make, too_many, paper)
    assert 3 <= said < too_many
    fitting = check(workspace(tmp_path / "fits", {name: make(said)}, paper))
    assert fitting.code == 0 and f"ok  {name}" in fitting.out, fitting.err
    one_more = check(workspace(tmp_path / "one-more", {name: make(said + 1)}, paper))
    assert one_more.code == 1 and most(one_more.err) == said, one_more.err


def test_long_tiles_are_no_limit(tmp_path: Path) -> None:
    # 100 tiles (the most a ruleset may have), 88 of them as long as the longest: the tiles the front and the back
    # cannot hold continue on pages of their own (tests/test_sheet_pools.py shows them printed).
    run = check(workspace(tmp_path, {"long-tiles": tiles_variant(100)}, "letter", '["en", "de"]'))
    assert run.code == 0 and "ok  long-tiles" in run.out, run.err


def test_letter_paper_holds_fewer_zones_than_a4(tmp_path: Path) -> None:
    # Twenty zones fit on A4 (all a track may have) but not on the shorter letter page (up to 18 do).
    assert check(workspace(tmp_path / "a4", {"many-zones": zones_variant(20)}, "a4")).code == 0
    letter = check(workspace(tmp_path / "letter", {"many-zones": zones_variant(20)}, "letter"))
    assert letter.code == 1 and "the many-zones sheet needs about 1.1 letter pages" in letter.err, letter.err
    assert "at most 18 zones fit" in letter.err, letter.err


def test_the_german_sheet_fits_fewer_zones_and_says_so(tmp_path: Path) -> None:
    # Seventeen zones fit on the English letter sheet (up to 18 do); the German clauses are longer: up to 16 fit
    # there (its need note names the zones with "im Bereich").
    english = check(workspace(tmp_path / "en", {"many-zones": zones_variant(17)}, "letter"))
    assert english.code == 0, english.err
    both = check(workspace(tmp_path / "both", {"many-zones": zones_variant(17)}, "letter", '["en", "de"]'))
    assert both.code == 1
    assert both.err.startswith(
        "rules/many-zones.yaml:5:3: emperor_track.zones: the front of the many-zones sheet in Deutsch (de) needs"
    ), both.err
    assert both.err.endswith("at most 16 zones fit\n      zones:\n      ^\n1 problem found\n"), both.err
    default = check(workspace(tmp_path / "default", {"many-zones": zones_variant(17)}, "letter", languages="[]"))
    assert default.err == both.err  # no list: every language known here, German included


def test_the_problem_is_placed_at_what_grew_not_at_the_largest_part(tmp_path: Path) -> None:
    # The tiles take far more of the front than the zones, but this variant changes one tile a little.
    run = check(workspace(tmp_path, {"many-zones": zones_variant(20, tile_change=True)}, "letter"))
    assert run.code == 1 and run.err.startswith("rules/many-zones.yaml:5:3: emperor_track.zones: "), run.err


def test_a_new_item_used_by_a_tile_does_not_stop_the_diagnosis(tmp_path: Path) -> None:
    # Setting the items back to base's while the tile still gives tea cannot be worded; the zones are still found.
    extra = "items:\n  tea: {kind: drink, name: Tea}\ntiles:\n  a-krones:\n    bonus:\n      - {kind: gain_items, items: {tea: 2}}\n"
    run = check(workspace(tmp_path, {"many-zones": zones_variant(20) + extra}, "letter"))
    assert run.code == 1 and run.err.startswith("rules/many-zones.yaml:5:3: emperor_track.zones: "), run.err


def test_check_of_one_file_says_the_same(tmp_path: Path) -> None:
    folder = workspace(tmp_path, {"many-zones": zones_variant(20), "fine": "extends: base\nname: fine\n"}, "letter")
    whole = check(folder)
    one = run_gah("check", "rules/many-zones.yaml", cwd=folder)
    assert one.code == 1 and one.err == whole.err and "ok  fine" in whole.out


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_build_reports_the_same_positioned_problem_and_writes_nothing(tmp_path: Path) -> None:
    folder = workspace(tmp_path, {"many-zones": zones_variant(20), "fine": "extends: base\nname: fine\n"}, "letter")
    before = snapshot(folder)
    build = run_gah("build", cwd=folder)
    assert build.code == 1 and build.out == ""
    assert build.err == check(folder).err and build.err.startswith("rules/many-zones.yaml:5:3: "), build.err
    assert "does not fit on one" not in build.err  # the unpositioned message of the sheet renderer
    assert snapshot(folder) == before


@pytest.mark.parametrize("paper", PAPERS)
def test_every_shipped_ruleset_fits_on_both_papers(paper: str) -> None:
    languages = [load_language(Workspace(None), language) for language in ("en", "de")]
    assert fit_problems(compile_library(shipped_workspace()), SHIPPED, paper, languages) == {}


@pytest.mark.parametrize(("name", "make", "too_many", "paper"), KINDS)
def test_a_front_the_check_lets_through_at_its_limit_renders_on_one_page(
    tmp_path: Path, paper: Paper, name: str, make: Callable[[int], str], too_many: int
) -> None:
    """The check trusts fit.py's estimate; at the limit it allows, WeasyPrint's page check (the front's tiles and
    end on page 1, inside its margin, the rest on the pages the sheet says) holds too."""
    said = said_to_fit(tmp_path / "over", name, make, too_many, paper)
    folder = workspace(tmp_path / "limit", {name: make(said)}, paper)
    ruleset = load_one(Workspace.at(folder), name)
    parent = load_one(Workspace.at(folder), ruleset.extends or "")
    sheet = build_sheet(ruleset, parent, paper)
    assert sheet.fit.font == STEPS[-1].font  # the smallest text a front gets
    assert_tiles_on_their_pages(render_sheet(ruleset, parent, "pdf", paper), sheet)
