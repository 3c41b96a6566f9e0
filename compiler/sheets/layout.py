"""The layout of a printed sheet: the condensing step of its front, and on which pages the tiles continue.

The front takes the first step of fit.STEPS at which the track, the scorings and every tile fit. When none
does, the front keeps the last step's look (8 pt, tiles in two columns) with as many tiles as fit, in tier
order, and a line that points overleaf; the rest open the back. When the back cannot hold them all beside its
rules, it holds as many as fit and a line naming page 3, and the rest continue on pages of their own
(pages.py). A back with no tiles on it keeps its 9 pt text where that fits its page, else condenses to 8 pt as
an overleaf back does. What no layout can hold is refused: a front that does not fit even with no tile on it, a
back that does not fit with none (at 8 pt), a tile taller than a column; so `gah check`, which lays out every
sheet, passes no sheet whose PDF would take a page it does not name. Markdown and the screen have no page:
`choose_layout(..., paged=False)` never refuses.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .back import CONDENSED, PLAIN, back_height, back_room
from .fit import (
    HEIGHT_SPARE,
    MM,
    OVERLEAF,
    STEPS,
    Fit,
    FrontTooLong,
    TileTooLong,
    front_height,
    page_height,
    split_tiles,
)
from .pages import count, cut_tiers, tallest_tile, tile_pages, tile_room

if TYPE_CHECKING:
    from ..words.text import Rich
    from .context import Sheet, TierGroup

__all__ = ["BACK_SPARE", "Layout", "choose_layout", "cut_tiers"]


@dataclass(frozen=True)
class Layout:
    fit: Fit
    house: list[Rich] | None  # the House-rules box: short when tiles continue overleaf
    columns: list[list[TierGroup]]  # the front's tiles in two columns (with fit.tile_columns)
    overleaf: list[TierGroup]  # the tiles continued on the back (with fit.overleaf)
    pages: list[list[TierGroup]] = field(default_factory=list)  # the tiles of pages 3, 4, ... (with fit.overleaf)
    small_back: bool = False  # a back without tiles in 8 pt: its 9 pt text does not fit (an overleaf back is 8 pt)


# The most new tiles a House-rules box says in full when tiles continue overleaf (as many as a variant of one
# new tile per tier and one more); more it names in one line: they are marked among the tiles.
NEW_TILES_IN_FULL = 4

# The back's estimate adds up more kinds of block than the front's (rulings, Staff, the continued tiles), each a
# little off, so it keeps 5% spare (long continued tiles have a margin of their own: back.LONG_TILE_LINES).
BACK_SPARE = 0.95


def choose_layout(sheet: Sheet, paged: bool = True) -> Layout:
    """The first step at which the front holds every tile; else the front with as many as fit and the rest
    overleaf, and on further pages what the back cannot hold; FrontTooLong when no layout can hold the sheet
    (unless not `paged`). The House-rules box says new tiles in full unless there are more than four, or in
    full it would leave the front no tile or cost a page; then it names them in one line."""
    room = page_height(sheet) * HEIGHT_SPARE
    for fit in STEPS:
        if front_height(sheet, fit) <= room:
            columns = split_tiles(sheet, fit) if fit.tile_columns else []
            return Layout(fit, sheet.house, columns, [], small_back=_small_back(sheet, paged))
    short = dataclasses.replace(sheet, house=sheet.house_short)  # the tiles show which are new
    brief = _overleaf(short, room, paged)
    if brief is None:
        if not paged:
            return Layout(STEPS[-1], sheet.house, split_tiles(sheet, STEPS[-1]), [])
        bare = dataclasses.replace(short, tiers=[])  # what the front must hold, measured without the tiles
        raise _too_long(bare, front_height(bare, OVERLEAF), room, "front")
    if sheet.house == sheet.house_short or len(sheet.changes.new_tiles) > NEW_TILES_IN_FULL:
        return brief  # no new tile, or so many that in full the box would crowd the tiles off the front
    full = _overleaf(sheet, room, paged)
    if full is None or not any(full.columns) or len(full.pages) > len(brief.pages):
        return brief  # in full the box would leave the front no tile or take another page
    return full


def _overleaf(sheet: Sheet, room: float, paged: bool) -> Layout | None:
    """The front with as many tiles as fit beside its House-rules box, the rest on the back and the pages after
    it; None when the front holds not even no tile."""
    held = _most(count(sheet.tiers) - 1, lambda n: _front_holds(sheet, n, room))
    if held is None:
        return None
    front, back = cut_tiers(sheet.tiers, held)
    columns = split_tiles(dataclasses.replace(sheet, tiers=front), OVERLEAF)
    on_back, pages = _continued(sheet, back, paged)
    return Layout(OVERLEAF, sheet.house, columns, on_back, pages)


def _continued(sheet: Sheet, back: list[TierGroup], paged: bool) -> tuple[list[TierGroup], list[list[TierGroup]]]:
    """The tiles the back holds, and those of the pages after it; FrontTooLong (if `paged`) when the back holds
    too little even with no tile, or a tile is taller than a column of a page."""
    spare = back_room(sheet) * BACK_SPARE
    if back_height(sheet, back) <= spare:
        return back, []
    held = _most(count(back) - 1, lambda n: _back_holds(sheet, back, n, spare))
    if held is None:
        if not paged:
            return back, []
        raise _too_long(sheet, back_height(sheet, []), spare, "back")
    on_back, rest = cut_tiers(back, held)
    pages = tile_pages(sheet, rest, tile_room(sheet, BACK_SPARE))
    if pages is None:
        if not paged:
            return back, []
        tile, needed = tallest_tile(sheet, rest)
        raise _tile_too_long(sheet, tile, needed, tile_room(sheet, BACK_SPARE))
    return on_back, pages


def _most(top: int, holds: Callable[[int], bool]) -> int | None:
    """The most tiles, up to `top`, that a side `holds`, counting up (a side that holds n tiles holds fewer);
    None when it holds not even none."""
    if not holds(0):
        return None
    held = 0
    while held < top and holds(held + 1):
        held += 1
    return held


def _small_back(sheet: Sheet, paged: bool) -> bool:
    """Whether a back with no tiles on it condenses to 8 pt, as an overleaf back does: when its plain 9 pt text
    does not fit its page (long rulings, Staff or hotel lines, say in a longer language). FrontTooLong (if
    `paged`) when it does not fit even then."""
    spare = back_room(sheet) * BACK_SPARE
    if back_height(sheet, [], text=PLAIN) <= spare:
        return False
    needed = back_height(sheet, [], text=CONDENSED)
    if needed <= spare or not paged:
        return True
    raise _too_long(sheet, needed, spare, "back")


def _front_holds(sheet: Sheet, count: int, room: float) -> bool:
    front, _back = cut_tiers(sheet.tiers, count)
    return front_height(dataclasses.replace(sheet, tiers=front), OVERLEAF) <= room


def _back_holds(sheet: Sheet, back: list[TierGroup], count: int, room: float) -> bool:
    return back_height(sheet, cut_tiers(back, count)[0], pointer=True) <= room


def _where(sheet: Sheet) -> str:
    return f"{sheet.ruleset.sources[-1]}: " if sheet.ruleset.sources else ""


def _too_long(sheet: Sheet, needed: float, room: float, side: str) -> FrontTooLong:
    ruleset = sheet.ruleset
    what = (
        "the track, the scorings and the house rules"
        if side == "front"
        else "the final scoring, Staff, setup, hotel and rulings"
    )
    return FrontTooLong(
        f"{_where(sheet)}the {side} of the {ruleset.name} sheet does not fit on one {sheet.page_size} page: {what} "
        f"need about {needed / MM:.0f} mm even at {OVERLEAF.font:g} pt with every Emperor tile moved to the pages "
        f"after it, and the page has {room / MM:.0f} mm; shorten them",
        sheet,
        OVERLEAF,
        needed,
        room,
        side,
    )


def _tile_too_long(sheet: Sheet, tile: str, needed: float, room: float) -> TileTooLong:
    return TileTooLong(
        f"{_where(sheet)}tile {tile} of the {sheet.ruleset.name} sheet needs about {needed / MM:.0f} mm at "
        f"{OVERLEAF.font:g} pt, more than a column of one {sheet.page_size} page holds ({room / MM:.0f} mm), "
        "and a tile never splits; shorten its texts",
        sheet,
        tile,
        needed,
        room,
    )
