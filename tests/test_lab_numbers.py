"""Honest numbers (issue 33, item 2): a difference is printed as precisely as it takes for its printed interval to
agree with its noise mark, never as "-0.0" or "±0.0" (gah.lab.views.numbers, rows.shown); a ruleset's own
tile is never folded away. Each expected string is worked out by hand in the comment beside it."""

from __future__ import annotations

from gah.lab.views.numbers import interval_text
from gah.lab.views.records import Difference
from gah.lab.views.report import text_report
from gah.lab.views.rows import interval_words, shown
from test_lab_intervals import lab_record


def test_beyond_noise_is_never_printed_touching_zero() -> None:
    # The "shared win (-0.1 ±0.1)" unmarked: -0.12 ±0.09 percentage points (-0.21..-0.03), beyond noise.
    # At 1 decimal: -0.1 ±0.1 = -0.2..0.0 touches 0 (disagrees); at 2: -0.12 ±0.09 = -0.21..-0.03 (agrees).
    found = Difference(-0.0012, -0.0021, -0.0003, False)
    assert interval_text(found, percent=True) == "-0.12 ±0.09"
    # Points -0.02 in -0.03..-0.01, beyond noise: at 1 decimal the estimate would be "-0.0"; at 2: -0.02 ±0.01.
    assert interval_text(Difference(-0.02, -0.03, -0.01, False), percent=False) == "-0.02 ±0.01"


def test_within_noise_is_printed_containing_zero() -> None:
    # +0.02 percentage points in -0.03..+0.07: at 1 decimal the estimate rounds to 0.0 (no sign to show);
    # at 2: +0.02 ±0.05 = -0.03..+0.07, containing 0 as the mark says.
    assert interval_text(Difference(0.0002, -0.0003, 0.0007, True), percent=True) == "+0.02 ±0.05"
    # An estimate of exactly 0 has no sign: "0 ±0.2".
    assert interval_text(Difference(0.0, -0.2, 0.2, True), percent=False) == "0 ±0.2"
    # Plenty of room: +1.8 ±0.4 at one decimal.
    assert interval_text(Difference(1.8, 1.4, 2.2, False), percent=False) == "+1.8 ±0.4"


def test_an_interval_not_centred_on_its_estimate_is_printed_as_its_ends() -> None:
    # Estimate 0.1 percentage points in 0.05..1.0 (a ratio's interval), beyond noise: estimate ± half-width
    # (0.475) contains 0 at any precision, so the ends are printed, at the JSON's precision.
    assert interval_text(Difference(0.001, 0.0005, 0.01, False), percent=True) == "+0.05..+1.00"


def test_no_minus_zero_and_no_plus_minus_zero() -> None:
    assert shown(-0.0004, False, 1) == "0.0" and shown(-0.05, False, 2) == "-0.05"
    assert shown(-0.00001, True, 1) == "0.0%"
    # +7 points in every game: a zero-width interval that is not "same" is said in words, not "±0.0".
    assert interval_words(Difference(7.0, 7.0, 7.0, False), percent=False) == "(+7.0 in every game)"
    assert interval_words(Difference(0.0, 0.0, 0.0, True), percent=False) == "(same)"


def test_a_rulesets_own_tile_is_shown_and_summed_up() -> None:
    """royal-banquet adds the B tile b-royal-banquet: base lacks it, so its row is never folded into "same in
    all" (before, it read "b-royal-banquet = -" there), and the summary paragraph names it with its rates."""
    report = lab_record("base", "royal-banquet")
    text = text_report(report)
    folded = [line for line in text.splitlines() if "same in all" in line or line.startswith("    ")]
    assert not any("b-royal-banquet" in line for line in folded)
    row = next(line for line in text.splitlines() if line.startswith("  b-royal-banquet "))
    tile = report.rulesets[1].tile("b-royal-banquet")
    assert tile is not None
    rates = " / ".join(f"{100 * tile.outcomes.rate(o):.0f}%" for o in ("bonus", "nothing", "penalty"))
    assert row.split()[1] == "-" and row.endswith(rates)
    paragraph = " ".join(text.split("\n\n")[1].split())
    assert paragraph.startswith("royal-banquet against base: ")
    assert paragraph.endswith(f"Its own tile (bonus / neutral / penalty): b-royal-banquet {rates}.")
