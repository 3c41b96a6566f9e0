"""The back of a sheet fits its page in every language `gah build` makes sheets in, and `gah check` says so
before the build does (issue 43: check said ok to a solo variant whose German PDF then took 3 pages).

A back with no tiles on it was never measured: only a front that holds every tile was. Now its plain 9 pt text
is measured (compiler/sheets/back.py: PLAIN); where that does not fit, the back condenses to 8 pt as an overleaf
back does (CONDENSED); where even that does not fit, the sheet is refused, in check and build alike.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from gah.languages import load_language
from gah.project import compile_library
from gah.sheets import render_sheet
from gah.sheets.back import CONDENSED, PLAIN, back_height, back_room
from gah.sheets.context import build_sheet
from gah.sheets.layout import BACK_SPARE
from gah.words.text import Words
from gah.workspace import Workspace
from helpers_rules import run_gah, shipped_workspace
from pypdf import PdfReader

# The solo role's ruling in German, twelve times as long: the German back overflows, the English one is as
# solo's. (1.1 pages at 8 pt on A4 today: about 14 mm too long.)
RULING = (
    "Bei Gleichstand wertet die Solo-App das Spiel als verloren für dich; der Wortlaut der Anleitung ist nicht "
    "öffentlich, daher gilt der Gleichstandsentscheid des Grundspiels."
)
LONG_SOLO = (
    "extends: solo\nname: long-solo\ntitle: Long solo\nroles:\n  solo-opponent:\n    uncertain: Short in English.\n"
    "translations:\n  de:\n    uncertain:\n      roles:\n        solo-opponent: >-\n          "
    + " ".join([RULING] * 12)
    + "\n"
)


def workspace(folder: Path, languages: str) -> Path:
    (folder / "rules").mkdir(parents=True)
    (folder / "gah.toml").write_text(f"languages = {languages}\n", encoding="utf-8")
    (folder / "rules" / "long-solo.yaml").write_text(LONG_SOLO, encoding="utf-8")
    return folder


def test_check_refuses_a_back_too_long_in_german_where_english_fits(tmp_path: Path) -> None:
    english = run_gah("check", cwd=workspace(tmp_path / "en", '["en"]'))
    assert english.code == 0 and "ok  long-solo" in english.out, english.err
    both = run_gah("check", cwd=workspace(tmp_path / "both", "[]"))  # no list: every language known here
    assert both.code == 1 and "ok  long-solo" not in both.out
    # Placed at the file's first change (roles, line 4), said for the language whose back is too long.
    assert both.err.startswith(
        "rules/long-solo.yaml:4:1: roles: the back of the long-solo sheet in Deutsch (de) needs about 1.1 A4 pages"
    ), both.err
    assert "even with its text at 8 pt" in both.err and both.err.endswith("1 problem found\n")


def test_build_refuses_it_with_the_same_problem_and_writes_nothing(tmp_path: Path) -> None:
    folder = workspace(tmp_path, "[]")
    build = run_gah("build", cwd=folder)
    assert build.code == 1 and build.err == run_gah("check", cwd=folder).err
    assert not (folder / "generated").exists()


def test_the_back_is_measured_at_the_size_it_prints() -> None:
    """The plain back (9 pt, 1.17) is taller than the condensed one (8 pt, 1.12), by more than the line heights
    alone: text at 9 pt also breaks into more lines."""
    compiled = compile_library(shipped_workspace())
    sheet = build_sheet(compiled.rulesets["solo"], compiled.rulesets["base"], "a4")
    plain, condensed = back_height(sheet, [], text=PLAIN), back_height(sheet, [], text=CONDENSED)
    assert PLAIN.line == pytest.approx(10.53) and CONDENSED.line == pytest.approx(8.96)
    assert plain > condensed * PLAIN.line / CONDENSED.line > condensed
    assert not sheet.small_back and plain <= back_room(sheet) * BACK_SPARE


@pytest.mark.parametrize("name", ["introductory", "solo"])
def test_a_german_back_too_long_for_letter_at_9_pt_condenses_and_prints_on_two_pages(name: str) -> None:
    """The shipped introductory sheet took 3 pages in German on letter paper (render_pdf refused it); solo's back
    is as close. Each back now condenses to 8 pt, and WeasyPrint prints the sheet on the two sides of one page."""
    compiled = compile_library(shipped_workspace())
    german = load_language(Workspace(None), "de")
    ruleset, parent = compiled.rulesets[name], compiled.rulesets["base"]
    sheet = build_sheet(ruleset, parent, "letter", Words(german))
    assert sheet.small_back and not sheet.overleaf
    assert back_height(sheet, [], text=PLAIN) > back_room(sheet) * BACK_SPARE >= back_height(sheet, [], text=CONDENSED)
    html = render_sheet(ruleset, parent, "html", "letter", language=german).decode("utf-8")
    assert (
        re.search(r'<body class="fit-[a-z]+ small-back">', html) and "body.small-back .back { font-size: 8pt;" in html
    )
    pdf = render_sheet(ruleset, parent, "pdf", "letter", language=german)  # render_pdf checks the pages
    assert len(PdfReader(io.BytesIO(pdf)).pages) == 2
    english = build_sheet(ruleset, parent, "letter")
    assert not english.small_back  # English fits at 9 pt: its sheet is as it was


def test_check_measures_the_sheets_in_the_languages_build_makes_them_in(tmp_path: Path) -> None:
    """A workspace's own German file is checked as a language file, but with languages = ["en"] no German sheet
    is built, so its long German back is no problem; both commands agree (the build writes the English sheet)."""
    folder = workspace(tmp_path, '["en"]')
    (folder / "rules" / "languages").mkdir()
    override = "language: de\nname: Deutsch\nextends: de\nterms:\n  staff: {42: Gartenmeister}\n"
    (folder / "rules" / "languages" / "de.yaml").write_text(override, encoding="utf-8")
    check = run_gah("check", cwd=folder)
    assert check.code == 0 and "ok  long-solo" in check.out and "de.yaml" in check.out, check.err
    build = run_gah("build", cwd=folder)
    assert build.code == 0 and (folder / "generated" / "sheets" / "long-solo.pdf").is_file(), build.err
    assert not (folder / "generated" / "sheets" / "de").exists()
