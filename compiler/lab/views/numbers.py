"""How the lab prints a difference and its 95% interval: with as many decimals as it takes for the printed numbers
to agree with the within-noise mark, and never a "-0.0" or a "±0.0".

A Difference (gah.lab.views.records) holds its interval rounded as the JSON has it (3 decimals for points, 4
for rates) and is within noise when that interval contains 0. The printed form is "+1.8 ±0.4": the estimate and
the half-width, from `digits` decimals up to the JSON's (a rate's are percentage points: 2 fewer), the fewest at
which (1) the printed estimate ± half-width contains 0 exactly when the interval does, (2) the half-width is not
printed as 0 and (3) neither is a non-zero estimate (no "-0.0"). When no precision does (an interval not centred
on its estimate, as a tile's rates have), it is printed as its ends, "+1.2..+2.0". One function, `interval_text`,
for the text tables, the CSV's words and the HTML.
"""

from __future__ import annotations

from .records import Difference

RATE_DIGITS, POINTS_DIGITS = 2, 3  # the JSON's precision, as printed (rates in percentage points)


def signed(value: float, digits: int) -> str:
    """A signed number; 0 (also one that rounds to it) as "0" without a sign."""
    text = f"{value:+.{digits}f}"
    return "0" if float(text) == 0 else text


def _agrees(estimate: float, half: float, difference: Difference, digits: int) -> bool:
    shown_estimate, shown_half = round(estimate, digits), round(half, digits)
    if shown_half <= 0 or (estimate != 0 and shown_estimate == 0):
        return False
    low, high = shown_estimate - shown_half, shown_estimate + shown_half
    if difference.within_noise:
        return low <= 0 <= high
    return low > 0 or high < 0


def interval_text(difference: Difference, percent: bool, digits: int = 1) -> str:
    """A difference that is not "same" and its interval: "+1.8 ±0.4", at the fewest decimals from `digits` that
    agree with its mark (module doc); else its ends, "+1.2..+2.0"."""
    scale = 100 if percent else 1
    most = RATE_DIGITS if percent else POINTS_DIGITS
    estimate, low, high = scale * difference.estimate, scale * difference.low, scale * difference.high
    half = (high - low) / 2
    for places in range(min(digits, most), most + 1):
        if _agrees(estimate, half, difference, places):
            return f"{signed(estimate, places)} ±{half:.{places}f}"
    return f"{signed(low, most)}..{signed(high, most)}"
