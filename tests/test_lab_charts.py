"""Charts of a sweep (issue 33, item 3): heat maps on one diverging scale centred on the start, grey within noise;
a 1-D sweep's maps each get an inline SVG line chart with the interval band."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from gah.cli import main
from gah.lab.views.charts import Dot, line_chart
from gah.lab.views.records import Difference
from gah.lab.views.sweep_html import HIGHER, LOWER, NOISE_GREY, _shade
from helpers_rules import shipped_root


def test_the_colour_says_how_clearly_a_cell_differs_from_the_start() -> None:
    # +0.5 in 0.1..0.9: half-width 0.4, 1.25 half-widths: the lightest red, dark text.
    assert _shade(Difference(0.5, 0.1, 0.9, False)) == (HIGHER[0], False)
    # -3 in -4..-2: half-width 1, 3 half-widths (at least 2 and 3): the third blue, white text.
    assert _shade(Difference(-3.0, -4.0, -2.0, False)) == (LOWER[2], True)
    # +7 in every game (no width): the darkest red. Within noise: grey, however far the estimate.
    assert _shade(Difference(7.0, 7.0, 7.0, False)) == (HIGHER[3], True)
    assert _shade(Difference(5.0, -1.0, 11.0, True)) == (NOISE_GREY, False)


def test_a_line_chart_joins_the_dots_over_their_band() -> None:
    svg = line_chart([Dot(3, 10, 9, 11), Dot(4, 12, 11, 13), Dot(5, 15, 14, 16)], 12, "move_back", ["a", "b", "c"], "m")
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    assert len(re.search(r'<polyline points="([^"]*)"', svg)[1].split()) == 3  # type: ignore[index]
    assert len(re.search(r'<polygon points="([^"]*)"', svg)[1].split()) == 6  # type: ignore[index]
    assert 'stroke-dasharray="4 3"' in svg, "the start's value"
    # y from 9 to 16 over 180 - 2 * 36 pixels: the start (12) at 144 - 3/7 * 108 = 97.7.
    assert 'y1="97.7" y2="97.7"' in svg


def test_a_sweep_of_one_path_draws_a_chart_per_metric(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    page = tmp_path / "sweep.html"
    argv = ["sweep", "base", "--vary", "emperor_scorings.7.move_back=6..8", "--games", "20", "--workers", "1"]
    assert main(["--workspace", str(shipped_root()), *argv, "--html", str(page)]) == 0
    text = page.read_text(encoding="utf-8")
    assert text.count("<svg") == text.count('<section class="map"') > 0
    two = tmp_path / "two.html"
    assert (
        main(["--workspace", str(shipped_root()), *argv, "--vary", "setup.start.points=0,1", "--html", str(two)]) == 0
    )
    assert "<svg" not in two.read_text(encoding="utf-8"), "a grid of two paths: heat maps only"
    capsys.readouterr()
