"""The layout of a printed sheet: the condensing step of its front, and which tiles continue overleaf.

The front takes the first step of fit.STEPS at which the track, the scorings and every tile fit. When none
does, the front keeps the last step's look (8 pt, tiles in two columns) with as many tiles as fit, in tier
order, and a line that points overleaf; the rest open the back, which must then fit its page too. A back with
no tiles on it keeps its 9 pt text where that fits its page, else condenses to 8 pt as an overleaf back does;
one that fits neither way is refused, so `gah check` (which lays out every sheet) never passes a sheet whose
PDF would take a third page.
Markdown and the screen have no page: `choose_layout(..., paged=False)` never refuses.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .back import CONDENSED, PLAIN, back_height, back_room
from .fit import (
    HEIGHT_SPARE,
    MM,
    OVERLEAF,
    STEPS,
    Fit,
    FrontTooLong,
    front_height,
    page_height,
    split_tiles,
)

if TYPE_CHECKING:
    from ..words.text import Rich
    from .context import Sheet, TierGroup


@dataclass(frozen=True)
class Layout:
    fit: Fit
    house: list[Rich] | None  # the House-rules box: short when tiles continue overleaf
    columns: list[list[TierGroup]]  # the front's tiles in two columns (with fit.tile_columns)
    overleaf: list[TierGroup]  # the tiles continued on the back (with fit.overleaf)
    small_back: bool = False  # a back without tiles in 8 pt: its 9 pt text does not fit (an overleaf back is 8 pt)


def cut_tiers(tiers: list[TierGroup], count: int) -> tuple[list[TierGroup], list[TierGroup]]:
    """The first `count` tiles and the rest, by tier; a tier cut in two has its heading on both sides."""
    front: list[TierGroup] = []
    back: list[TierGroup] = []
    seen = 0
    for group in tiers:
        here = max(0, min(len(group.tiles), count - seen))
        if here:
            front.append(dataclasses.replace(group, tiles=group.tiles[:here]))
        if here < len(group.tiles):
            back.append(dataclasses.replace(group, tiles=group.tiles[here:]))
        seen += len(group.tiles)
    return front, back


# The back's estimate adds up more kinds of block than the front's (rulings, Staff, the continued tiles), each a
# little off, so it keeps 5% spare (long continued tiles have a margin of their own: back.LONG_TILE_LINES).
BACK_SPARE = 0.95


def choose_layout(sheet: Sheet, paged: bool = True) -> Layout:
    """The first step at which the front holds every tile; else the front with as many as fit and the rest
    overleaf; FrontTooLong when neither side can hold what it must (unless not `paged`)."""
    room = page_height(sheet) * HEIGHT_SPARE
    heights = []
    for fit in STEPS:
        needed = front_height(sheet, fit)
        if needed <= room:
            small_back = _small_back(sheet, fit, paged)
            return Layout(fit, sheet.house, split_tiles(sheet, fit) if fit.tile_columns else [], [], small_back)
        heights.append((needed, fit))
    needed, shortest = min(heights, key=lambda pair: pair[0])
    short = dataclasses.replace(sheet, house=sheet.house_short)  # the tiles show which are new
    total = sum(len(group.tiles) for group in sheet.tiers)
    held = next((n for n in range(total - 1, -1, -1) if _front_holds(short, n, room)), None)
    if held is not None:
        front, back = cut_tiers(sheet.tiers, held)
        spare = back_room(sheet) * BACK_SPARE
        needed = back_height(sheet, back)
        if needed <= spare or not paged:
            columns = split_tiles(dataclasses.replace(short, tiers=front), OVERLEAF)
            return Layout(OVERLEAF, short.house, columns, back)
        raise _too_long(short, OVERLEAF, needed, spare, "back")
    if not paged:
        return Layout(STEPS[-1], sheet.house, split_tiles(sheet, STEPS[-1]), [])
    raise _too_long(sheet, shortest, needed, room, "front")


def _small_back(sheet: Sheet, fit: Fit, paged: bool) -> bool:
    """Whether a back with no tiles on it condenses to 8 pt, as an overleaf back does: when its plain 9 pt text
    does not fit its page (long rulings, Staff or hotel lines, say in a longer language). FrontTooLong (if
    `paged`) when it does not fit even then."""
    spare = back_room(sheet) * BACK_SPARE
    if back_height(sheet, [], PLAIN) <= spare:
        return False
    needed = back_height(sheet, [], CONDENSED)
    if needed <= spare or not paged:
        return True
    raise _too_long(sheet, fit, needed, spare, "back")


def _front_holds(sheet: Sheet, count: int, room: float) -> bool:
    front, _back = cut_tiers(sheet.tiers, count)
    return front_height(dataclasses.replace(sheet, tiers=front), OVERLEAF) <= room


def _too_long(sheet: Sheet, fit: Fit, needed: float, room: float, side: str) -> FrontTooLong:
    ruleset = sheet.ruleset
    where = f"{ruleset.sources[-1]}: " if ruleset.sources else ""
    what = "the track, the scorings and" if side == "front" else "the rest of the rules and"
    return FrontTooLong(
        f"{where}the {side} of the {ruleset.name} sheet does not fit on one {sheet.page_size} page: {what} "
        f"{sum(len(g.tiles) for g in sheet.tiers)} tiles need about {needed / MM:.0f} mm even at "
        f"{fit.font:g} pt, and the page has {room / MM:.0f} mm; shorten the tile texts or the house rules",
        sheet,
        fit,
        needed,
        room,
        side,
    )
