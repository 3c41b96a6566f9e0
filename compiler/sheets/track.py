"""The Emperor track as an inline SVG picture (1 user unit = 1 pt, so text sizes are true point sizes).

Zones read in colour and in greyscale: penalty spaces are solid black with white numbers, "nothing"
spaces white, bonus spaces yellow with a hatched strip; a band under the spaces names each zone and
what it gives. Changed spaces and zones (house rules) get a thick outline and a marker above.
"""

from __future__ import annotations

import html
from collections.abc import Collection
from dataclasses import dataclass

from .. import ir

WIDTH = 520.0
NARROW_WIDTH = 300.0  # phones: the track wraps into rows of about 8 spaces
LABEL_WIDTH = 38.0
END_WIDTH = 30.0
MAX_BOX = 34.0
MIN_BOX = 22.0
ROW_BODY = 72.0  # from the top of the space boxes to the bottom of the zone band, plus a gap
FONT = "DejaVu Sans"

INK = "#1a1a1a"
FILL = {"penalty": INK, "nothing": "#ffffff", "bonus": "#f7d54a"}
TEXT = {"penalty": "#ffffff", "nothing": INK, "bonus": INK}


@dataclass(frozen=True)
class TrackLabels:
    title: str
    space: str
    points: str
    zone: str
    cap: str
    marker: str
    outcome: dict[str, str]


def _e(text: str) -> str:
    return html.escape(text, quote=True)


def _text(
    x: float, y: float, content: str, size: float, fill: str = INK, bold: bool = False, anchor: str = "middle"
) -> str:
    weight = ' font-weight="bold"' if bold else ""
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" font-family="{FONT}" font-size="{size:g}" fill="{fill}"'
        f'{weight} text-anchor="{anchor}">{_e(content)}</text>'
    )


# Approximate advance widths of DejaVu Sans, in em (enough to decide whether a label fits).
_NARROW = set("iljt.,:;'!|() ")
_WIDE = set("mwMW◆")


def text_width(text: str, size: float, bold: bool = False) -> float:
    em = 0.0
    for char in text:
        if char in _NARROW:
            em += 0.32
        elif char in _WIDE:
            em += 0.86
        elif char.isupper():
            em += 0.7
        elif char.isdigit():
            em += 0.64
        else:
            em += 0.57
    return em * size * (1.12 if bold else 1.0)


SMALLEST_LABEL = 8.0  # a zone's name is set this small rather than left out


def _fits(text: str, size: float, width: float, bold: bool = False) -> bool:
    return text_width(text, size, bold) <= width - 2.5


@dataclass(frozen=True)
class _Grid:
    """Where the spaces go: `per_row` boxes of `box` pt in each of `rows` rows, `lead` pt of room above each."""

    count: int
    rows: int
    per_row: int
    box: float
    lead: float

    @property
    def row_height(self) -> float:
        return self.lead + ROW_BODY

    def place(self, space: int) -> tuple[float, float]:
        """The left edge of a space's box and the top of its row (the markers' line)."""
        row, column = divmod(space, self.per_row)
        return LABEL_WIDTH + column * self.box, row * self.row_height + self.lead - 12


def _grid(track: ir.Track, width: float, lead: float) -> _Grid:
    count = track.last_space + 1
    room = width - LABEL_WIDTH - END_WIDTH - 3
    most = max(1, min(count, int(room // MIN_BOX)))
    rows = (count + most - 1) // most
    per_row = (count + rows - 1) // rows  # balanced rows: 25 spaces make 13 + 12, not 20 + 5
    return _Grid(count, rows, per_row, min(MAX_BOX, room / per_row), lead)


def _row_labels(grid: _Grid, labels: TrackLabels) -> list[str]:
    out = []
    for row in range(grid.rows):
        top = row * grid.row_height + grid.lead - 12
        out.append(_text(0, top + 32, labels.space, 9, anchor="start"))
        out.append(_text(0, top + 57, labels.points, 9, anchor="start"))
        out.append(_text(0, top + 77, labels.zone, 9, anchor="start"))
    return out


def _spaces(grid: _Grid, track: ir.Track, labels: TrackLabels, changed_spaces: Collection[int]) -> list[str]:
    """The space boxes with their numbers, the markers above changed ones, and the points under each."""
    out = []
    box = grid.box
    for space in range(grid.count):
        x, top = grid.place(space)
        outcome = track.zone_of(space).outcome
        changed = space in changed_spaces
        cap = space == track.last_space
        stroke = 2.6 if changed or cap else 0.9
        out.append(
            f'<rect class="space" data-space="{space}" x="{x + 1:.1f}" y="{top + 12:.1f}" width="{box - 2:.1f}" '
            f'height="32" fill="{FILL[outcome]}" stroke="{INK}" stroke-width="{stroke}"/>'
        )
        if outcome == "bonus":
            # A hatched strip: bonus spaces stay distinct from neutral ones in greyscale.
            out.append(_hatch(x + 1, top + 37, box - 2, 7))
        out.append(_text(x + box / 2, top + 32, str(space), 13, fill=TEXT[outcome], bold=True))
    # Markers above changed spaces (drawn after the numbers, so text extraction reads the numbers in a row).
    for space in sorted(s for s in changed_spaces if 0 <= s < grid.count):
        x, top = grid.place(space)
        out.append(_text(x + box / 2, top + 10, labels.marker, 9, bold=True))
    # Points under each space.
    for space in range(grid.count):
        x, top = grid.place(space)
        changed = space in changed_spaces
        out.append(
            f'<rect x="{x + 1:.1f}" y="{top + 45:.1f}" width="{box - 2:.1f}" height="17" fill="#ffffff" '
            f'stroke="{INK}" stroke-width="{2.6 if changed else 0.6}"/>'
        )
        out.append(_text(x + box / 2, top + 58, str(track.points[space]), 11, bold=changed))
    return out


def _zone_label(zone: ir.Zone, labels: TrackLabels, band: float, changed: bool) -> tuple[str, float] | None:
    """A zone band's label and its size: shortened, then smaller, then only the marker; None when nothing fits."""
    mark = f"{labels.marker} " if changed else ""
    label = f"{mark}{zone.name}: {labels.outcome[zone.outcome]}"
    if not _fits(label, 9, band, changed):
        label = f"{mark}{zone.name}"
    size = 9.0
    while not _fits(label, size, band, changed) and size > SMALLEST_LABEL:  # a long name in a short band
        size -= 0.5
    if not _fits(label, size, band, changed) and changed:
        label, size = labels.marker, 9.0
    return (label, size) if _fits(label, size, band, changed) else None


def _zones(grid: _Grid, track: ir.Track, labels: TrackLabels, changed_zones: Collection[str]) -> list[str]:
    """Zone bands, one per row a zone spans; labels after all bands, so no band covers a label."""
    out: list[str] = []
    labels_out: list[str] = []
    for zone in track.zones:
        first, last = zone.first, min(zone.last, track.last_space)
        changed = zone.id in changed_zones
        space = first
        while space <= last:
            x, top = grid.place(space)
            row_end = min(last, (space // grid.per_row + 1) * grid.per_row - 1)
            band = (row_end - space + 1) * grid.box
            out.append(
                f'<rect x="{x + 1:.1f}" y="{top + 66:.1f}" width="{band - 2:.1f}" height="15" '
                f'fill="{FILL[zone.outcome]}" stroke="{INK}" stroke-width="{2.6 if changed else 0.9}"/>'
            )
            label = _zone_label(zone, labels, band, changed)
            if label is not None:
                text, size = label
                labels_out.append(_text(x + band / 2, top + 77, text, size, fill=TEXT[zone.outcome], bold=changed))
            space = row_end + 1
    return out + labels_out


def _cap(grid: _Grid, track: ir.Track, labels: TrackLabels, cap_changed: bool, beyond_changed: bool) -> list[str]:
    """The cap and the points per step beyond it."""
    out = []
    x, top = grid.place(track.last_space)
    end = x + grid.box + 3
    if cap_changed:
        out.append(_text(end + END_WIDTH / 2, top + 10, labels.marker, 9, bold=True))
    out.append(_text(end + END_WIDTH / 2, top + 22, labels.cap, 9, bold=True))
    out.append(
        f'<path d="M{end + 2:.1f} {top + 28:.1f} H{end + END_WIDTH - 6:.1f}" stroke="{INK}" stroke-width="1.4"/>'
        f'<path d="M{end + END_WIDTH - 2:.1f} {top + 28:.1f} l-5 -3.5 v7 Z" fill="{INK}"/>'
    )
    beyond_mark = f"{labels.marker}" if beyond_changed else ""
    out.append(_text(end + END_WIDTH / 2, top + 42, f"{beyond_mark}+{track.points_per_step_beyond}", 10, bold=True))
    return out


def track_svg(
    track: ir.Track,
    labels: TrackLabels,
    changed_spaces: Collection[int] = (),
    changed_zones: Collection[str] = (),
    cap_changed: bool = False,
    beyond_changed: bool = False,
    width: float = WIDTH,
    css_class: str = "wide",
) -> str:
    """The SVG markup of the track (trusted: every text from data is escaped).

    `width` in pt decides how many spaces go in a row: a narrower picture wraps the track into more rows.
    """
    # Room above the boxes for the change markers, only when a space or the cap changed.
    grid = _grid(track, width, 12.0 if changed_spaces or cap_changed else 3.0)
    height = grid.rows * grid.row_height
    out: list[str] = [
        f'<svg class="track {css_class}" xmlns="http://www.w3.org/2000/svg" width="{width:g}pt" height="{height:g}pt" '
        f'viewBox="0 0 {width:g} {height:g}" role="img" aria-label="{_e(labels.title)}">'
    ]
    out.extend(_row_labels(grid, labels))
    out.extend(_spaces(grid, track, labels, changed_spaces))
    out.extend(_zones(grid, track, labels, changed_zones))
    out.extend(_cap(grid, track, labels, cap_changed, beyond_changed))
    out.append("</svg>")
    return "".join(out)


def _hatch(x: float, y: float, width: float, height: float) -> str:
    """Diagonal hatching inside a rectangle, clipped by hand (no patterns or clip paths needed)."""
    paths = []
    step = 3.5
    start = x - height
    offset = start
    while offset < x + width:
        # A line from (offset, y + height) to (offset + height, y), clipped to [x, x + width].
        x1, y1 = offset, y + height
        x2, y2 = offset + height, y
        if x1 < x:
            y1 -= x - x1
            x1 = x
        if x2 > x + width:
            y2 += x2 - (x + width)
            x2 = x + width
        if x2 > x1:
            paths.append(f"M{x1:.1f} {y1:.1f}L{x2:.1f} {y2:.1f}")
        offset += step
    return f'<path d="{"".join(paths)}" stroke="{INK}" stroke-width="0.8" fill="none"/>'
