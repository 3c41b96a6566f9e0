"""The pages a pool's tiles take past the back: when the back cannot hold every tile the front could not, it
holds as many as fit and a line naming page 3; the rest go on pages that hold only tiles.

Each further page flows in two columns like the back (the same blocks, back.py), holds the most tiles that fit
in tier order, and, but for the last, ends with the line naming the next page. A tile never splits between
columns or pages: the one limit left to a pool is a tile taller than a column of a page of its own.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from .back import columns_needed, pointer_block, tile_blocks
from .fit import page_height

if TYPE_CHECKING:
    from .context import Sheet, TierGroup


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


def count(groups: list[TierGroup]) -> int:
    return sum(len(group.tiles) for group in groups)


def tile_room(sheet: Sheet, spare: float) -> float:
    """The height in pt of the two columns of a page that holds only tiles (no footer under them), `spare` kept."""
    return page_height(sheet) * spare


def tile_pages(sheet: Sheet, groups: list[TierGroup], room: float) -> list[list[TierGroup]] | None:
    """`groups` on pages of two columns `room` pt tall, each page the most tiles that fit with the line naming
    the next page; None when a tile on a page of its own does not fit one column."""
    pages: list[list[TierGroup]] = []
    rest = groups
    while rest:
        total = count(rest)
        held = 0
        while held < total and page_holds(sheet, cut_tiers(rest, held + 1)[0], held + 1 < total, room):
            held += 1
        if not held:
            return None
        page, rest = cut_tiers(rest, held)
        pages.append(page)
    return pages


def page_holds(sheet: Sheet, page: list[TierGroup], pointer: bool, room: float) -> bool:
    """Whether a page of only tiles holds `page` (and, if `pointer`, the line naming the next page)."""
    blocks = [*tile_blocks(sheet, page), *pointer_block(sheet, pointer)]
    return max(blocks) <= room and columns_needed(blocks, room) <= 2


def tallest_tile(sheet: Sheet, groups: list[TierGroup]) -> tuple[str, float]:
    """The id of the tallest tile of `groups` and its height in pt with the page's heading above it."""
    tiles = [
        (tile.id, tile_blocks(sheet, [dataclasses.replace(group, tiles=[tile])])[0])
        for group in groups
        for tile in group.tiles
    ]
    return max(tiles, key=lambda pair: pair[1])
