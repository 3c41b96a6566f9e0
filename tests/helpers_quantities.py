"""The quantity vocabulary's fixtures and its test ruleset: one per registered quantity (ir.QUANTITIES).

FIXTURES gives each quantity a base-game player whose count of it is worked out by hand and distinctive: it
differs from the count of every other quantity on the same state (0 included), so that an engine that counts
the wrong thing for it, or falls through to another quantity, gives another number. colour_sets is the one
exception: it is by definition the least of the three colour counts, so it equals that one (DISTINCT_EXCEPT).
tests/test_quantity_registry.py runs each fixture on every engine and holds FIXTURES to ir.QUANTITIES.

`quantity-samples` is base with one final-scoring source per quantity, 1 point per unit (`per-<quantity>`),
written out as rules data at test time from ir.QUANTITIES (so it can never lag behind the registry); every
cross-check of the engines discovers it (tests/helpers_discovery.py), the oracle included.
"""

from __future__ import annotations

import atexit
import shutil
import tempfile
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import yaml
from gah import ir
from helpers_scoring import player, state

NAME = "quantity-samples"


@dataclass(frozen=True)
class Fixture:
    """A player (fields of helpers_scoring.player; hotel rows top floor first) and its hand-worked count."""

    value: int
    fields: dict[str, Any] = field(default_factory=dict)

    def state(self) -> dict[str, Any]:
        """The fixture as a state just after round 7 (any hotel is legal then), Anna its only player."""
        return state(7, player(**self.fields))


# Base's hotel, floor 1 first: B Y R R B / Y Y R R Y / B R B Y Y / B R B R B. Its colour groups: 1.1 (blue), 1.5
# (blue), 4.4 (red), 4.5 (blue) alone; 1.2 2.1 2.2 (yellow); 1.3 1.4 2.3 2.4 (red); 2.5 3.4 3.5 (yellow); and
# columns 1, 2, 3 of floors 3-4 (blue, red, blue). Staff 1-4 are once per round, 5-20, 22-26, 33 and 42
# permanent, 21, 35, 36, 38, 39, 43-45 once, the rest (27-32, 34, 37, 40, 41, 46-48) game end.
FIXTURES: dict[str, Fixture] = {
    # 1.1 B, 1.2 Y, 1.3 R occupied, 1.4 vacant: occupied 3; each colour 1, vacant 1, tiles 4, groups 1 (1.1).
    "occupied_rooms": Fixture(3, {"hotel": [".....", ".....", ".....", "ooov."]}),
    # 1.3 R, 1.4 R, 1.5 B occupied: red 2; occupied 3, blue 1, tiles 3, groups 1 (1.5).
    "occupied_red_rooms": Fixture(2, {"hotel": [".....", ".....", ".....", "..ooo"]}),
    # 1.1 B, 3.1 B, 3.3 B, 1.2 Y occupied: blue 3; occupied 4, yellow 1, groups 1 (1.1), tiles 4.
    "occupied_blue_rooms": Fixture(3, {"hotel": [".....", "o.o..", ".....", "oo..."]}),
    # 1.2 Y, 2.1 Y, 2.5 Y, 1.3 R occupied: yellow 3; occupied 4, red 1, no group full (2.2 and 2.3 are empty).
    "occupied_yellow_rooms": Fixture(3, {"hotel": [".....", ".....", "o...o", ".oo.."]}),
    # 1.1 B occupied, 1.2 and 1.3 vacant: vacant 2; occupied 1, blue 1, tiles 3, groups 1.
    "vacant_rooms": Fixture(2, {"hotel": [".....", ".....", ".....", "ovv.."]}),
    # 1.1 B, 1.2 Y occupied, 1.3-1.5 vacant: tiles 5; occupied 2, vacant 3, blue 1, yellow 1, groups 1.
    "room_tiles": Fixture(5, {"hotel": [".....", ".....", ".....", "oovvv"]}),
    # Floor 1 and 2.1 occupied: full floors 1; occupied 6, red 2, blue 2, yellow 2, groups 2 (1.1, 1.5).
    "full_floors": Fixture(1, {"hotel": [".....", ".....", "o....", "ooooo"]}),
    # Column 1 and 1.2 occupied: full columns 1; occupied 5, blue 3, yellow 2, groups 2 (1.1; 3.1 4.1).
    "full_columns": Fixture(1, {"hotel": ["o....", "o....", "o....", "oo..."]}),
    # 1.1 B, 1.2 Y, 1.5 B, 4.4 R occupied: groups 3 (1.1, 1.5, 4.4); occupied 4, blue 2, red 1, yellow 1.
    "full_groups": Fixture(3, {"hotel": ["...o.", ".....", ".....", "oo..o"]}),
    # Floor 1, 2.1 2.3 2.4, 3.1 3.3 occupied: red 4, blue 4, yellow 2, sets 2 (= yellow); occupied 10, groups 3
    # (1.1, 1.5, the red 1.3-2.4), full floors 1.
    "colour_sets": Fixture(2, {"hotel": [".....", "o.o..", "o.oo.", "ooooo"]}),
    # 5 and 12 permanent, 27 game end: hired 3; game-end 1.
    "hired_staff": Fixture(3, {"hired": [5, 27, 12]}),
    # 27 and 28 game end of 5 hired: game-end 2; hired 5, marker on 9 (the count the kernels once fell through to).
    "hired_game_end_staff": Fixture(2, {"hired": [27, 5, 28, 12, 33], "emperor": 9}),
    # 1 and 2 in hand, 5 hired: hand 2; hired 1.
    "staff_in_hand": Fixture(2, {"hand": [1, 2], "hired": [5]}),
    # 7 krones; marker on 3.
    "krones": Fixture(7, {"krones": 7, "emperor": 3}),
    # 2 cakes, a wine and a coffee in the kitchen: 4; one guest with 1 item (guests 1, café items 1).
    "kitchen_items": Fixture(4, {"kitchen": {"cake": 2, "wine": 1, "coffee": 1}, "cafe": [{"strudel": 1}]}),
    # 3 guests (one with nothing): 3; café items 4.
    "cafe_guests": Fixture(3, {"cafe": [{"cake": 2, "wine": 1}, {}, {"coffee": 1}]}),
    # 3 + 2 items on 2 guests: 5; guests 2, kitchen 1.
    "cafe_items": Fixture(5, {"cafe": [{"cake": 1, "wine": 1, "coffee": 1}, {"strudel": 2}], "kitchen": {"cake": 1}}),
    # 2 objectives; 1 krone.
    "objectives": Fixture(2, {"objectives": 2, "krones": 1}),
    # Marker on 6; 2 krones.
    "emperor_position": Fixture(6, {"emperor": 6, "krones": 2}),
}
# The quantities a fixture's value may share, by definition (see the module's docstring).
DISTINCT_EXCEPT: dict[str, set[str]] = {"colour_sets": {"occupied_yellow_rooms"}}


def source_id(quantity: str) -> str:
    """The final-scoring source of `quantity-samples` that pays 1 point per unit of `quantity`."""
    return "per-" + quantity.replace("_", "-")


def ruleset_data() -> dict[str, Any]:
    """The ruleset's document: base, and a final-scoring source per registered quantity."""
    sources = {
        source_id(name): {"name": f"Per {name}", "source": "per_quantity", "per": name, "points": 1}
        for name in ir.QUANTITIES
    }
    return {
        "extends": "base",
        "name": NAME,
        "title": "Quantity samples (test ruleset)",
        "description": "Base and a final-scoring source per quantity, derived by tests/helpers_quantities.py.",
        "final_scoring": sources,
    }


@cache
def quantity_samples_ruleset() -> Path:
    """The ruleset's file, written once per test session into a scratch folder."""
    folder = Path(tempfile.mkdtemp(prefix="gah-quantities-"))
    atexit.register(shutil.rmtree, folder, True)
    path = folder / f"{NAME}.yaml"
    header = "# Derived from ir.QUANTITIES by tests/helpers_quantities.py at test time: do not edit.\n"
    text = yaml.safe_dump(ruleset_data(), sort_keys=False, width=120, default_flow_style=None)
    path.write_text(header + text, encoding="utf-8")
    return path
