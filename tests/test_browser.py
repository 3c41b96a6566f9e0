"""The sheets and the lab report in a real browser: Debian's Chromium, driven headless from the command line.

- Printing a sheet from the browser gives the same two pages as the PDF: every tile on the front.
- On a 390 px wide phone screen nothing is wider than the screen and every track space is shown.

Chromium is run directly (`--print-to-pdf`, `--dump-dom`): no driver library, nothing downloaded. Headless
windows are at least 500 px wide, so the phone checks load the page into a 390 px iframe (srcdoc, so the
harness may read it) and a script writes what it measured into the DOM that `--dump-dom` prints.

These tests skip when chromium is not installed; under CI=true they fail instead (.ci/run installs it).
Set GAH_BROWSER_SHOTS=FOLDER to also save screenshots (1200 px and 390 px wide) for a person to look at.
"""

from __future__ import annotations

import html
import json
import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any

import pytest
from gah.languages import load_language
from gah.sheets import render_sheet
from gah.workspace import Workspace
from helpers_sheets import SHEET_CASES, assert_tiles_on_the_front, overleaf_ids, sheet_case
from pypdf import PageObject, PdfReader

CHROMIUM = os.environ.get("GAH_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--hide-scrollbars",
]
PHONE_WIDTH = 390
SHOTS = os.environ.get("GAH_BROWSER_SHOTS")


@pytest.fixture(scope="module")
def chromium() -> str:
    if CHROMIUM is None:
        if os.environ.get("CI") == "true":
            pytest.fail("CI runs the browser tests: chromium must be installed (.ci/run installs it)")
        pytest.skip("chromium is not installed (apt-get install chromium)")
    return CHROMIUM


def run(chromium: str, *args: str) -> str:
    """One headless Chromium run with a new empty profile; its stdout."""
    with tempfile.TemporaryDirectory(prefix="gah-chromium-") as profile:
        result = subprocess.run(
            [chromium, *FLAGS, f"--user-data-dir={profile}", *args],
            capture_output=True,
            text=True,
            timeout=180,
            check=False,
        )
    assert result.returncode == 0, result.stderr[-2000:]
    return result.stdout


# Every shipped sheet in every shipped language; the test sheets (two-long-tiles: as long as an English
# front can be) in English.
CASES = [(name, "en") for name in SHEET_CASES] + [(name, "de") for name in SHEET_CASES if name != "two-long-tiles"]


def sheet_html(name: str, language: str = "en") -> bytes:
    ruleset, parent = sheet_case(name)
    return render_sheet(ruleset, parent, "html", language=load_language(Workspace(None), language))


@pytest.mark.parametrize(("name", "language"), CASES)
def test_browser_prints_two_pages_with_every_tile_on_the_front(
    chromium: str, name: str, language: str, tmp_path: Path
) -> None:
    page = tmp_path / f"{name}.html"
    page.write_bytes(sheet_html(name, language))
    pdf = tmp_path / f"{name}.pdf"
    run(chromium, "--no-pdf-header-footer", f"--print-to-pdf={pdf}", page.as_uri())
    words = load_language(Workspace(None), language)
    assert_tiles_on_the_front(pdf.read_bytes(), sheet_case(name)[0], words, overleaf_ids(name, "a4", words))
    # The hotel and house-rules colours are in the printout (the command line prints backgrounds anyway; that
    # a print dialog keeps them too comes from print-color-adjust, checked in test_sheet_reads_on_a_phone).
    front, back = (fill_colours(page) for page in PdfReader(pdf).pages)
    assert {HOTEL_RED, HOTEL_BLUE, HOTEL_YELLOW} <= back
    if sheet_case(name)[1] is not None:
        assert HOUSE_BOX in front
    if SHOTS:
        shutil.copy(pdf, Path(SHOTS) / f"{name}-chromium.pdf")


def colour(hex_colour: str) -> tuple[float, float, float]:
    r, g, b = (int(hex_colour[i : i + 2], 16) / 255 for i in (1, 3, 5))
    return round(r, 2), round(g, 2), round(b, 2)


HOTEL_RED, HOTEL_BLUE, HOTEL_YELLOW, HOUSE_BOX = (colour(c) for c in ("#f2b8b5", "#b8d4ee", "#f7e39a", "#fdf6d8"))


def fill_colours(page: PageObject) -> set[tuple[float, float, float]]:
    """The RGB fill colours a PDF page paints with (its `r g b rg` operators), to 2 decimals."""
    data = page.get_contents()
    text = data.get_data().decode("latin-1") if data is not None else ""
    found = re.findall(r"([0-9.]+) ([0-9.]+) ([0-9.]+) rg", text)
    return {(round(float(r), 2), round(float(g), 2), round(float(b), 2)) for r, g, b in found}


# Runs inside the 390 px frame: what is wider than the screen, and where each track space is drawn.
MEASURE = """
(function () {
  var frame = document.getElementById('page');
  var win = frame.contentWindow, doc = frame.contentDocument;
  var out = {innerWidth: win.innerWidth, scrollWidth: doc.documentElement.scrollWidth, wide: [], spaces: [],
             colourAdjust: win.getComputedStyle(doc.documentElement).printColorAdjust};
  doc.querySelectorAll('body *').forEach(function (e) {
    if (!e.getClientRects().length) return;
    var r = e.getBoundingClientRect();
    if (r.right > win.innerWidth + 0.5 || r.left < -0.5) {
      out.wide.push(e.tagName + '.' + (e.getAttribute('class') || '') + ' ' + Math.round(r.left) + '..' + Math.round(r.right));
    }
  });
  doc.querySelectorAll('svg.track rect.space').forEach(function (e) {
    if (!e.getClientRects().length) return;
    var r = e.getBoundingClientRect();
    var style = win.getComputedStyle(e.ownerSVGElement);
    out.spaces.push({space: Number(e.getAttribute('data-space')), left: r.left, right: r.right, width: r.width,
                     visible: style.visibility !== 'hidden' && style.display !== 'none'});
  });
  document.body.setAttribute('data-measured', JSON.stringify(out));
})();
"""


def phone_view(chromium: str, page: str, tmp_path: Path, shot: str | None = None) -> dict[str, Any]:
    """Load `page` into a frame 390 px wide and measure it."""
    harness = (
        "<!DOCTYPE html><html><head><meta charset='utf-8'><style>body{margin:0}"
        f"iframe{{border:0;display:block;width:{PHONE_WIDTH}px;height:6000px}}</style></head><body>"
        f'<iframe id="page" srcdoc="{html.escape(page, quote=True)}"'
        f' onload="{html.escape(MEASURE, quote=True)}"></iframe></body></html>'
    )
    path = tmp_path / "phone.html"
    path.write_text(harness, encoding="utf-8")
    dom = run(chromium, "--window-size=500,900", "--dump-dom", path.as_uri())
    found = re.search(r'data-measured="([^"]*)"', dom)
    assert found, "the measuring script did not run"
    if shot:
        run(chromium, "--window-size=500,6000", f"--screenshot={shot}", path.as_uri())
    measured: dict[str, Any] = json.loads(html.unescape(found.group(1)))
    return measured


@pytest.mark.parametrize(("name", "language"), CASES)
def test_sheet_reads_on_a_phone(chromium: str, name: str, language: str, tmp_path: Path) -> None:
    ruleset = sheet_case(name)[0]
    shot = str(Path(SHOTS) / f"{name}-{language}-390.png") if SHOTS else None
    measured = phone_view(chromium, sheet_html(name, language).decode("utf-8"), tmp_path, shot)
    assert measured["innerWidth"] == PHONE_WIDTH
    assert measured["scrollWidth"] <= measured["innerWidth"], measured["wide"]
    assert measured["wide"] == []
    assert measured["colourAdjust"] == "exact"
    spaces = measured["spaces"]
    # One track picture is shown, with every space once, whole, inside the screen, and big enough to read.
    assert sorted(s["space"] for s in spaces) == list(range(ruleset.track.last_space + 1))
    for space in spaces:
        assert space["visible"] and space["left"] >= 0 and space["right"] <= PHONE_WIDTH, space
        assert space["width"] >= 28, space
    if SHOTS:
        page = Path(SHOTS) / f"{name}-{language}.html"
        page.write_bytes(sheet_html(name, language))
        shot_1200 = Path(SHOTS) / f"{name}-{language}-1200.png"
        run(chromium, "--window-size=1200,3200", f"--screenshot={shot_1200}", page.as_uri())


def test_lab_report_reads_on_a_phone(chromium: str, tmp_path: Path) -> None:
    from gah.cli import main

    report = tmp_path / "lab.html"
    names = ["base", "gentle-move-backs", "long-track", "royal-banquet"]
    assert main(["compare", *names, "--games", "40", "--html", str(report)]) == 0
    shot = str(Path(SHOTS) / "lab-390.png") if SHOTS else None
    measured = phone_view(chromium, report.read_text(encoding="utf-8"), tmp_path, shot)
    assert measured["innerWidth"] == PHONE_WIDTH
    assert measured["scrollWidth"] <= measured["innerWidth"], measured["wide"]
