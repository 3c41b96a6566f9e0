"""Line charts as inline SVG (no script, no external resource): a metric over one varied value with its 95%
interval band, the start's value as a dashed line (`gah sweep --html` of one path, `gah tune --html`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

WIDTH, HEIGHT, MARGIN = 360, 180, 36


@dataclass(frozen=True)
class Dot:
    """One value tried: x, the metric there and its 95% interval (low == high without one)."""

    x: float
    y: float
    low: float
    high: float


def _scale(values: Sequence[float], size: int, flip: bool) -> tuple[float, float, float]:
    lowest, highest = min(values), max(values)
    span = highest - lowest or 1.0
    return lowest, span, float(size - 2 * MARGIN) * (-1 if flip else 1)


def line_chart(dots: Sequence[Dot], start: float | None, x_label: str, y_text: Sequence[str], title: str) -> str:
    """The SVG: the dots joined, the band of their intervals, a dashed line at `start` (None: none); `y_text`:
    each dot's value as the report prints it (the hover)."""
    if not dots:
        return ""
    xs = [d.x for d in dots]
    ys = [v for d in dots for v in (d.low, d.high, d.y)] + ([start] if start is not None else [])
    x0, x_span, x_size = _scale(xs, WIDTH, False)
    y0, y_span, y_size = _scale(ys, HEIGHT, True)

    def px(x: float) -> float:
        return round(MARGIN + (x - x0) / x_span * x_size, 1)

    def py(y: float) -> float:
        return round(HEIGHT - MARGIN + (y - y0) / y_span * y_size, 1)

    band = [f"{px(d.x)},{py(d.high)}" for d in dots] + [f"{px(d.x)},{py(d.low)}" for d in reversed(dots)]
    line = " ".join(f"{px(d.x)},{py(d.y)}" for d in dots)
    parts = [
        f'<svg class="chart" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" height="{HEIGHT}" role="img" '
        f'aria-label="{escape(title)}">',
        f'<polygon points="{" ".join(band)}" fill="#9ecae1" fill-opacity="0.45" stroke="none"/>',
        f'<polyline points="{line}" fill="none" stroke="#08519c" stroke-width="2"/>',
    ]
    if start is not None:
        y = py(start)
        parts.append(
            f'<line x1="{MARGIN}" x2="{WIDTH - MARGIN}" y1="{y}" y2="{y}" stroke="#555" stroke-dasharray="4 3"/>'
        )
    for dot, text in zip(dots, y_text, strict=True):
        parts.append(
            f'<circle cx="{px(dot.x)}" cy="{py(dot.y)}" r="3" fill="#08519c"><title>{escape(x_label)} '
            f"{dot.x:g}: {escape(text)}</title></circle>"
        )
        parts.append(
            f'<text x="{px(dot.x)}" y="{HEIGHT - MARGIN + 14}" font-size="10" text-anchor="middle">{dot.x:g}</text>'
        )
    parts.append(f'<text x="{WIDTH / 2}" y="{HEIGHT - 4}" font-size="11" text-anchor="middle">{escape(x_label)}</text>')
    parts.append("</svg>")
    return "\n".join(parts)
