"""How much the front of a sheet condenses so that the track, the scorings and every tile fit on one page.

The front condenses in fixed steps (tighter spacing, then smaller text, never below 8 pt, then the tiles
in two columns). The step is chosen here, before any renderer runs, from an estimate of the front's
height: the text is broken into lines with the widths of DejaVu Sans (approximated, a little on the
wide side) and the heights follow the numbers of sheet.css. The same HTML then goes to WeasyPrint and to
browsers; `render_pdf` checks the result, so an estimate that is ever too hopeful fails the build
instead of printing a tile where the sheet does not say. When no step holds every tile, layout.py continues
the pool on the back and the pages after it; when a side does not fit even without tiles, `gah check` and
`gah build` say so at the rules that made the sheet long (fit_check.py).
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..words.text import Icon, Rich, SheetError, plain
from .track import MIN_BOX, ROW_BODY, WIDTH, text_width

if TYPE_CHECKING:
    from .context import Sheet, TierGroup, TileRow

MM = 72 / 25.4  # pt per mm


@dataclass(frozen=True)
class Fit:
    """One condensing step of the front; the numbers mirror the body.fit-NAME rules of sheet.css."""

    name: str
    font: float  # pt
    line: float  # line-height, a factor of the font size
    gap: float  # mm above each section heading
    para: float  # mm above and below a paragraph
    pad: float  # mm above and below the text of a table cell
    heading: float  # pt, section headings
    tile_columns: bool = False
    overleaf: bool = False  # the tiles the front cannot hold continue at the top of the back


REGULAR = Fit("regular", 9, 1.17, 2.6, 0.8, 0.35, 11)
STEPS: tuple[Fit, ...] = (
    REGULAR,
    Fit("tight", 9, 1.12, 1.6, 0.45, 0.2, 11),
    Fit("small", 8.5, 1.12, 1.6, 0.45, 0.2, 10.5),
    Fit("smaller", 8, 1.12, 1.4, 0.4, 0.2, 10),
    Fit("columns", 8, 1.12, 1.4, 0.4, 0.2, 10, tile_columns=True),
)
# When no step holds every tile: the last step's front with as many tiles as fit, the rest overleaf (layout.py).
OVERLEAF = Fit("overleaf", 8, 1.12, 1.4, 0.4, 0.2, 10, tile_columns=True, overleaf=True)

# Page sizes and margins in mm (sheet.css: @page margin 9mm 10mm).
PAPER = {"A4": (210.0, 297.0), "letter": (215.9, 279.4)}
MARGIN_X, MARGIN_Y = 10.0, 9.0
# Text widths are approximations; assume lines a little longer than computed, and keep a little room spare.
WIDTH_SLACK = 1.02
HEIGHT_SPARE = 0.975

ICON_EM = 1.22  # an inline icon with its margin (sheet.css: svg.icon)
CELL_X = 2 * 1.0 * MM + 0.6  # left and right padding of a table cell plus one border
ROW_BORDER = 0.6
TABLE_LINE = 1.12  # table.tiles td line-height
ID_LINE = 7 * 1.12  # pt: the tile's id in small print under its name (sheet.css: .id)
SPACES_PER_ROW = int((WIDTH - 38 - 30 - 3) // MIN_BOX)  # the most spaces in a row of the track picture


def lines(text: Rich | str, width: float, size: float, bold: bool = False) -> int:
    """How many lines `text` takes in a box `width` pt wide (greedy breaking at spaces, as browsers do)."""
    space = text_width(" ", size, bold) * WIDTH_SLACK
    count, used = 1, 0.0
    for word, icons in _glued(text):
        width_of = (text_width(word, size, bold) + icons * ICON_EM * size) * WIDTH_SLACK
        if used and used + space + width_of > width:
            count += 1
            used = width_of
        else:
            used += (space if used else 0.0) + width_of
    return count


def _glued(text: Rich | str) -> list[tuple[str, int]]:
    """Words separated by spaces, each with the number of icons in front of it."""
    marked = text if isinstance(text, str) else "".join("\x00" if isinstance(p, Icon) else p for p in text)
    return [(word.replace("\x00", ""), word.count("\x00")) for word in marked.split(" ") if word]


def front_height(sheet: Sheet, fit: Fit) -> float:
    """The estimated height of the front in pt at step `fit` (vertical margins collapse, as in CSS)."""
    return sum(front_parts(sheet, fit).values())


def front_parts(sheet: Sheet, fit: Fit) -> dict[str, float]:
    """The estimated heights in pt of the front's parts at step `fit`: title, house, track, scorings, tiles."""
    width = text_width_of(sheet)
    size = fit.font
    line = size * fit.line
    para = fit.para * MM  # one margin between paragraphs: the other collapses into it
    title = 15 * 1.15  # h1
    if sheet.description:
        title += lines(sheet.description, width, size) * line + 0.6 * MM
    house = 0.0
    if sheet.house is not None:
        house += 2 * MM + 2 * 1.8 + (1.4 + 1.6) * MM + fit.heading * fit.line + (0.8 + 0.6) * MM
        house += sum(house_line_height(sheet, sentence, fit) for sentence in sheet.house or [()])
        if sheet.house:
            key = (
                sheet.words.text("sheet.key.heading"),
                sheet.words.text("sheet.key.changed", parent=sheet.parent_title),
            )
            house += lines(" ".join(key) + " ◆ bold", width, size) * line + 1.0 * MM
    heading = section_heading(fit)
    # The track: the picture's own height, and the line about the cap.
    track = heading + track_picture_height(sheet) + 1.0 * MM
    track += lines(sheet.beyond.text, width, size, sheet.beyond.changed) * line + para
    # The scorings: one paragraph of steps, the table, the note.
    scoring = heading + lines(scoring_paragraph(sheet), width, size) * line + para
    scoring += scoring_table_height(sheet, fit, width) + max(para, 0.8 * MM)
    scoring += lines(sheet.need_note, width, size) * line + para
    tiles = heading + (_tile_columns(sheet, fit, width) if fit.tile_columns else _tile_table(sheet, fit, width))
    if sheet.reading_note:  # when conditions and worked-out amounts are read
        tiles += lines(sheet.reading_note, width, size) * line + para
    if fit.overleaf:  # the line that points to the rest
        tiles += lines(sheet.words.text("tiles.overleaf"), width, size, True) * line + para
    return {"title": title, "house": house, "track": track, "scorings": scoring, "tiles": tiles}


def text_width_of(sheet: Sheet) -> float:
    """The width in pt of the page's text area."""
    return (PAPER[sheet.page_size][0] - 2 * MARGIN_X) * MM


def section_heading(fit: Fit) -> float:
    """The height of a section heading with its margins and rule."""
    return fit.gap * MM + fit.heading * fit.line + 0.3 * MM + 1.2 + 1.2 * MM


def house_line_height(sheet: Sheet, sentence: Rich, fit: Fit) -> float:
    """The height of one sentence of the house-rules box."""
    inner = text_width_of(sheet) - 2 * 3 * MM - 2 * 1.8
    return lines(sentence, inner - 4 * MM, fit.font) * fit.font * fit.line + 0.2 * MM


def track_picture_height(sheet: Sheet) -> float:
    """The height of the track picture: its rows of spaces."""
    return track_rows(sheet) * track_row_height(sheet)


def track_rows(sheet: Sheet) -> int:
    """How many rows of spaces the track picture has."""
    count = sheet.track.last_space + 1
    return math.ceil(count / max(1, min(count, SPACES_PER_ROW)))


def track_row_height(sheet: Sheet) -> float:
    lead = 12.0 if sheet.changes.spaces or sheet.changes.cap else 3.0
    return lead + ROW_BODY


def scoring_paragraph(sheet: Sheet, zones: bool = True) -> str:
    """The paragraph of scoring steps as plain text (with the zone clauses unless `zones` is false)."""
    steps: list[Rich] = [sheet.scoring_when, *sheet.steps, *(z.text for z in sheet.zones if zones)]
    paragraph = " ".join(plain(s) for s in steps) + " 1. 2. 3. " + sheet.words.text("scoring.step.check")
    return paragraph + " " + sheet.words.text("scoring.step.stay")


def table_row_height(fit: Fit) -> float:
    """The height of a one-line row of the scorings table."""
    return fit.font * fit.line + 2 * fit.pad * MM + ROW_BORDER


def scoring_table_height(sheet: Sheet, fit: Fit, width: float) -> float:
    """The scorings table: one line a row when every cell fits on one line side by side; else each column
    gets a share of the width in proportion to its widest cell, as automatic table layout roughly does."""
    w = sheet.words
    header = [w.text(f"scoring.col.{c}") for c in ("round", "tier", "back", "bonus", "safe")]
    rows = [[plain(r.move_back), plain(r.bonus.text), plain(r.safe.text), str(r.round), r.tier] for r in sheet.scorings]
    rows = [[r[3], r[4], r[0], r[1], r[2]] for r in rows]
    size = fit.font
    natural = [
        max([text_width(header[i], size, True), *(text_width(row[i], size) for row in rows)]) * WIDTH_SLACK
        for i in range(5)
    ]
    room = width - 5 * CELL_X
    if sum(natural) <= room:
        return (1 + len(sheet.scorings)) * table_row_height(fit)
    shares = [room * n / sum(natural) for n in natural]
    height = 0.0
    for cells, bold in ((header, True), *((row, False) for row in rows)):
        count = max(lines(cell, share, size, bold) for cell, share in zip(cells, shares, strict=True))
        height += count * size * fit.line + 2 * fit.pad * MM + ROW_BORDER
    return height


def _tile_table(sheet: Sheet, fit: Fit, width: float) -> float:
    size = fit.font
    line = size * TABLE_LINE
    pad = 2 * fit.pad * MM + ROW_BORDER
    height = 0.8 * MM + size * fit.line + pad  # the margin and the header row
    columns = (0.15 * width - CELL_X, 0.41 * width - CELL_X, 0.44 * width - CELL_X)
    for group in sheet.tiers:
        height += size * fit.line + pad
        for tile in group.tiles:
            name = lines(("◆ " if tile.changed else "") + tile.name + tile.mark, columns[0], size, True)
            if tile.description:
                name += lines(tile.description, columns[0], size)
            bonus = lines(tile.bonus.text, columns[1], size, tile.changed)
            penalty = lines(tile.penalty.text, columns[2], size, tile.changed)
            height += max(name * line + ID_LINE, bonus * line, penalty * line) + pad
    return height


def _tile_columns(sheet: Sheet, fit: Fit, width: float) -> float:
    return 0.8 * MM + max(height for _column, height in _columns(sheet, fit, width))


def split_tiles(sheet: Sheet, fit: Fit) -> list[list[TierGroup]]:
    """The tiers in two columns of about equal height (a tier split between them has its heading in both)."""
    width = (PAPER[sheet.page_size][0] - 2 * MARGIN_X) * MM
    return [column for column, _height in _columns(sheet, fit, width)]


def _columns(sheet: Sheet, fit: Fit, width: float) -> list[tuple[list[TierGroup], float]]:
    size = fit.font
    line = size * fit.line
    column = (width - 5 * MM) / 2 - 1.2 * MM
    heading = line + 1.6 * MM
    label = sheet.words.text("tiles.label", label=sheet.words.text("tiles.col.penalty")) + " "
    tiles: list[tuple[int, TileRow, float]] = []
    for index, group in enumerate(sheet.tiers):
        for tile in group.tiles:
            name = ("◆ " if tile.changed else "") + tile.name + tile.mark + " " + tile.id + " " + tile.description
            count = lines(name, column, size, True)
            count += lines((label, *tile.bonus.text), column, size, tile.changed)
            count += lines((label, *tile.penalty.text), column, size, tile.changed)
            tiles.append((index, tile, count * line + 1.4 * MM + ROW_BORDER))

    def layout(part: list[tuple[int, TileRow, float]]) -> tuple[list[TierGroup], float]:
        groups: list[TierGroup] = []
        height = 0.0
        for index, tile, block in part:
            if not groups or groups[-1].heading != sheet.tiers[index].heading:
                groups.append(dataclasses.replace(sheet.tiers[index], tiles=[]))
                height += heading
            groups[-1].tiles.append(tile)
            height += block
        return groups, height

    splits = [(layout(tiles[:cut]), layout(tiles[cut:])) for cut in range(len(tiles) + 1)]
    left, right = min(splits, key=lambda pair: max(pair[0][1], pair[1][1]))
    return [left, right]


def page_height(sheet: Sheet) -> float:
    return (PAPER[sheet.page_size][1] - 2 * MARGIN_Y) * MM


class FrontTooLong(SheetError):
    """The sheet does not fit: its front even with no tile on it (`side` "front"), or its back even with no
    continued tile (`side` "back"). `sheet` is the sheet as built, before fitting; `fit` the step at which the
    side is shortest; `needed` and `room` are that side's pt."""

    def __init__(self, message: str, sheet: Sheet, fit: Fit, needed: float, room: float, side: str = "front") -> None:
        super().__init__(message)
        self.sheet = sheet
        self.fit = fit
        self.needed = needed
        self.room = room
        self.side = side


class TileTooLong(FrontTooLong):
    """A tile taller than a column of a page that holds only tiles (`side` "tile"): `tile` is its id."""

    def __init__(self, message: str, sheet: Sheet, tile: str, needed: float, room: float) -> None:
        super().__init__(message, sheet, OVERLEAF, needed, room, "tile")
        self.tile = tile
