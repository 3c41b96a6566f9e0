"""The quantity vocabulary counted by hand on a player's state dict, for the base game's hotel and Staff.

Like handwritten.py it shares no code with compiler/: each count is written out from the rules' wording
(docs/rules-format.md, quantity_name), not from the runtime. tests/test_quantity_registry.py holds its names
to ir.QUANTITIES and its counts to each fixture's hand-worked value; handwritten.py scores the final-scoring
sources of the `quantity-samples` ruleset (one per quantity) with it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from oracle.handwritten import GROUPS, cells, count

# The base game's Staff with a game-end effect (rules/base.yaml: kind game_end), the Secretary (29) among them.
GAME_END_STAFF = frozenset({27, 28, 29, 30, 31, 32, 34, 37, 40, 41, 46, 47, 48})
Player = dict[str, Any]


def full_groups(p: Player) -> int:
    occupied = set(cells(p, "o"))
    return sum(1 for group in GROUPS if set(group) <= occupied)


def full_floors(p: Player) -> int:
    return sum(1 for row in p["hotel"] if row == "ooooo")


def full_columns(p: Player) -> int:
    return sum(1 for c in range(5) if all(row[c] == "o" for row in p["hotel"]))


COUNTS: dict[str, Callable[[Player], int]] = {
    "occupied_rooms": lambda p: len(cells(p, "o")),
    "occupied_red_rooms": lambda p: count(p, "red"),
    "occupied_blue_rooms": lambda p: count(p, "blue"),
    "occupied_yellow_rooms": lambda p: count(p, "yellow"),
    "vacant_rooms": lambda p: len(cells(p, "v")),
    "room_tiles": lambda p: len(cells(p)),
    "full_floors": full_floors,
    "full_columns": full_columns,
    "full_groups": full_groups,
    "colour_sets": lambda p: min(count(p, "red"), count(p, "blue"), count(p, "yellow")),
    "hired_staff": lambda p: len(p["hired"]),
    "hired_game_end_staff": lambda p: sum(1 for n in p["hired"] if n in GAME_END_STAFF),
    "staff_in_hand": lambda p: len(p["hand"]),
    "krones": lambda p: int(p["krones"]),
    "kitchen_items": lambda p: sum(p["kitchen"].values()),
    "cafe_guests": lambda p: len(p["cafe"]),
    "cafe_items": lambda p: sum(sum(guest.values()) for guest in p["cafe"]),
    "objectives": lambda p: int(p["objectives"]),
    "emperor_position": lambda p: int(p["emperor"]),
}
