"""How tall the back of a sheet is, with the tiles that the front could not hold continued at its top, and
with the line that names page 3 when the back cannot hold them all (pages.py lays out the pages after it).

The back flows in two columns, in 9 pt text, or at 8 pt when tiles continue there (sheet.css: body.fit-overleaf
.back): PLAIN and CONDENSED below. Its parts are estimated as blocks, the way
fit.py estimates the front: text broken into lines with DejaVu Sans widths, heights from sheet.css. A block
never splits between the columns (a heading goes with what follows it; the final scoring and the hotel
avoid breaks as a whole), so the estimate fills the first column block by block, then the second, and
the back fits when the second column ends on the page. `render_pdf` checks the real page count.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..words.text import Rich, plain
from .fit import MM, OVERLEAF, ROW_BORDER, WIDTH_SLACK, lines, page_height, text_width_of
from .track import text_width

if TYPE_CHECKING:
    from .context import Line, Sheet, TierGroup


@dataclass(frozen=True)
class BackText:
    """The back's type (sheet.css): its text size in pt, line height (a factor of the size), headings' sizes."""

    size: float
    line_height: float
    h2_size: float
    h3_size: float

    @property
    def line(self) -> float:
        return self.size * self.line_height

    @property
    def h2(self) -> float:
        """A section's heading: it is its section's first child, so no margin above."""
        return self.h2_size * self.line_height + 0.3 * MM + 1.2 + 1.2 * MM

    @property
    def h3(self) -> float:
        return 1.6 * MM + self.h3_size * self.line_height + 0.6 * MM


PLAIN = BackText(9, 1.17, 11, 9.5)  # html, h2, h3 (the front holds every tile)
CONDENSED = BackText(OVERLEAF.font, OVERLEAF.line, 10, 8.5)  # body.fit-overleaf .back: tiles continue there
# The continued tiles are only ever on a condensed back.
SIZE = CONDENSED.size
LINE = CONDENSED.line
GAP = 6 * MM  # sheet.css: .back column-gap
H2 = CONDENSED.h2
TIER = 0.6 * MM + LINE + 2 * 0.3 * MM + 0.4 * MM  # .overleaf h3.tier
PARA = 0.8 * MM
CELL = 2 * 1.0 * MM + 0.6  # left and right padding of a table cell plus one border
ROW = 2 * 0.35 * MM + ROW_BORDER
ID_LINE = 7 * 1.12
# A long continued tile (LONG_TILE lines or more) breaks into more lines than the width estimate finds: each
# break leaves part of a word's width unused, and on backs full of the longest tiles that came to about 7% more
# lines. Shorter tiles are estimated well (the zone and Staff limits hold to the line).
LONG_TILE, LONG_TILE_LINES = 8, 1.08


def column_width(sheet: Sheet) -> float:
    return (text_width_of(sheet) - GAP) / 2


def back_room(sheet: Sheet) -> float:
    """The height in pt of the back's columns: the page less the footer under them."""
    footer = 2 * MM + 0.8 * MM + 0.6 + lines(sheet.footer, text_width_of(sheet), 9) * 9 * 1.17  # 9 pt (sheet.css)
    return page_height(sheet) - footer


def back_height(sheet: Sheet, overleaf: list[TierGroup], pointer: bool = False, text: BackText = CONDENSED) -> float:
    """The height in pt the back's two columns need in `text`, with `overleaf` at the top (and after them, if
    `pointer`, the line that names page 3)."""
    blocks = [
        *tile_blocks(sheet, overleaf),
        *pointer_block(sheet, pointer and bool(overleaf)),
        *rules_blocks(sheet, text),
    ]
    return columns_height(blocks)


def rules_blocks(sheet: Sheet, text: BackText = CONDENSED) -> list[float]:
    """The back's rules in `text`: the final scoring, Staff, setup, the hotel, the rulings and the notes."""
    return [block for part in RULES for block in part(sheet, text)]


def rules_parts(sheet: Sheet) -> dict[str, float]:
    """The height in pt of each part of the back's rules (condensed: a back is refused only so), by its name in
    RULES, as the share of the page it takes (half its blocks: the back has two columns)."""
    return {part.__name__.lstrip("_"): sum(part(sheet, CONDENSED)) / 2 for part in RULES}


def pointer_block(sheet: Sheet, pointer: bool) -> list[float]:
    """The line after a side's tiles that names the page where they continue (none unless `pointer`)."""
    if not pointer:
        return []
    text = sheet.words.text("tiles.continued_on", page=10)  # two digits: as wide as any page number
    return [_text(text, column_width(sheet), CONDENSED, True) + PARA]


def columns_height(blocks: list[float]) -> float:
    """The least column height at which `blocks` fill two columns."""
    low, high = max(blocks), sum(blocks)
    for _ in range(30):
        middle = (low + high) / 2
        low, high = (low, middle) if columns_needed(blocks, middle) <= 2 else (middle, high)
    return high


def columns_needed(blocks: list[float], height: float) -> int:
    count, used = 1, 0.0
    for block in blocks:
        if used and used + block > height:
            count, used = count + 1, block
        else:
            used += block
    return count


def _text(text: Rich | str, width: float, t: BackText, bold: bool = False) -> float:
    return lines(text, width, t.size, bold) * t.line


def _line(line: Line, width: float, t: BackText) -> float:
    return _text(("◆ ", *line.text) if line.changed else line.text, width, t, line.changed)


def tile_blocks(sheet: Sheet, groups: list[TierGroup]) -> list[float]:
    """The continued tiles: the heading with the first tier's heading and tile, then a block a tile."""
    if not groups:
        return []
    width = column_width(sheet)
    label = sheet.words.text("tiles.label", label=sheet.words.text("tiles.col.penalty")) + " "
    blocks: list[float] = []
    for group in groups:
        head = TIER + (H2 if not blocks else 0.0)
        for tile in group.tiles:
            name = ("◆ " if tile.changed else "") + tile.name + tile.mark + " " + tile.id + " " + tile.description
            count = lines(name, width, SIZE, True)
            count += lines((label, *tile.bonus.text), width, SIZE, tile.changed)
            count += lines((label, *tile.penalty.text), width, SIZE, tile.changed)
            lines_needed = count * LONG_TILE_LINES if count >= LONG_TILE else count
            blocks.append(head + lines_needed * LINE + 1.4 * MM + ROW_BORDER)
            head = 0.0
    return blocks


def _table(rows: list[list[tuple[Rich | str, bool]]], width: float, ids: list[bool], t: BackText) -> float:
    """A table laid out automatically: each column gets its longest word, and the width left over in
    proportion to how much more its widest cell wants (CSS 2.1's informative algorithm, roughly)."""
    columns = len(rows[0])
    texts = [[(plain(text) if not isinstance(text, str) else text, bold) for text, bold in row] for row in rows]
    most = [max(text_width(row[i][0], t.size, row[i][1]) for row in texts) * WIDTH_SLACK for i in range(columns)]
    least = [
        max(text_width(word, t.size, row[i][1]) for row in texts for word in row[i][0].split() or [""]) * WIDTH_SLACK
        for i in range(columns)
    ]
    room = width - columns * CELL
    if sum(most) > room:
        spare = max(room - sum(least), 0.0)
        wants = sum(m - n for m, n in zip(most, least, strict=True)) or 1.0
        most = [n + spare * (m - n) / wants for m, n in zip(most, least, strict=True)]
    height = 0.0
    for row, has_id in zip(rows, ids, strict=True):
        cells = [lines(text, share, t.size, bold) * t.line for (text, bold), share in zip(row, most, strict=True)]
        cells[0] += ID_LINE if has_id else 0.0  # the id in small print under the first cell's name
        height += max(cells) + ROW
    return height + PARA


def _final(sheet: Sheet, t: BackText) -> list[float]:
    width = column_width(sheet)
    w = sheet.words
    rows: list[list[tuple[Rich | str, bool]]] = [
        [(w.text("final.col.source"), True), (w.text("final.col.points"), True)]
    ]
    rows += [[(row.name, row.points.changed), (row.points.text, row.points.changed)] for row in sheet.final_rows]
    table = _table(rows, width, [False] + [True] * len(sheet.final_rows), t)
    body = _text(sheet.final_when, width, t) + table + _text(sheet.final_total, width, t) + 2 * PARA
    return [t.h2 + body + t.h3 + _line(sheet.tiebreak, width, t) + PARA]  # the section avoids a break inside


def _staff(sheet: Sheet, t: BackText) -> list[float]:
    width = column_width(sheet)
    cards = [
        _text(
            (f"◆ {card.number} {card.name}: " if card.changed else f"{card.number} {card.name}: ", *card.scores),
            width - 4 * MM,
            t,
            card.changed,
        )
        + 0.5 * MM
        for card in sheet.staff
    ] or [_text(sheet.words.text("staff.none"), width, t) + PARA]
    emperor = [_line(line, width, t) + PARA for line in sheet.emperor_staff]
    return [t.h2 + cards[0], *cards[1:], t.h3 + emperor[0], *emperor[1:]]


def _setup(sheet: Sheet, t: BackText) -> list[float]:
    width = column_width(sheet)
    start = (*sheet.start.text, " ", *sheet.start_rooms.text)
    blocks = [t.h2 + _line(sheet.players, width, t) + PARA, _text(start, width, t, sheet.start.changed) + PARA]
    blocks.append(_line(sheet.deal, width, t) + PARA)
    if sheet.sets:
        w = sheet.words
        rows: list[list[tuple[Rich | str, bool]]] = [
            [(w.text("setup.sets.col.set"), True), (w.text("setup.sets.col.cards"), True)]
        ]
        rows += [[(row.letter, True), (row.cards, sheet.sets_changed)] for row in sheet.sets]
        blocks.append(_table(rows, width, [False] * len(rows), t))
    if sheet.sets_note:
        blocks.append(_text(sheet.sets_note, width, t, True) + PARA)
    return blocks


def _hotel(sheet: Sheet, t: BackText) -> list[float]:
    width = column_width(sheet)
    grid = len(sheet.hotel_rows) * (t.line + 0.8 * MM + ROW_BORDER)
    layout = max(grid, _text(sheet.words.text("hotel.layout") + sheet.printed_mark, width - 44 * MM, t) + 2 * PARA)
    rest = sum(_text(entry, width, t) + PARA for entry in sheet.hotel_lines)
    return [t.h2 + layout + 0.8 * MM + rest]  # the section avoids a break inside


def _rulings(sheet: Sheet, t: BackText) -> list[float]:
    width = column_width(sheet) - 5 * MM
    items = [_line(ruling, width, t) + 0.2 * MM for ruling in sheet.rulings]
    return [t.h2 + 0.6 * MM + items[0], *items[1:]]


def _footnotes(sheet: Sheet, t: BackText) -> list[float]:
    if not sheet.footnotes:
        return []
    width = column_width(sheet)
    notes = [_text((f"{note.mark} ", *note.label, f": {note.text}"), width, t) + 0.5 * MM for note in sheet.footnotes]
    return [t.h2 + _text(sheet.words.text("notes.intro"), width, t) + PARA + notes[0], *notes[1:]]


RULES = (_final, _staff, _setup, _hotel, _rulings, _footnotes)  # the back's rules, in the order they print
