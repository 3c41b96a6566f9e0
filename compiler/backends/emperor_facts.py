"""The Emperor scoring's data of a ruleset, as both generators write it (the Python module and the pad's engine):
read once here from the IR, each backend only spells it (python/module.py, js/engine.py), around the fixed steps
each runtime's entry file holds (runtime/entry.py, runtime/entry.js)."""

from __future__ import annotations

from dataclasses import dataclass

from .. import ir
from .policy_facts import decides, reads_others


@dataclass(frozen=True)
class EmperorFacts:
    """`outcomes` and `zones`: by track space, the outcome and zone name there. `tile_names`: tile id -> (name,
    tier), as explanations name it. `decides`: tile id -> whether its bonus, its penalty can ask a decision (those
    turns are searched whole). `boosters`: the Staff that add to every Emperor bonus; `waivers`: those that let
    their player pay to ignore a penalty. `reads_before`: other players are read as they stood before the scoring.
    `role_parts`: the parts of a scoring each role has (a player without one: ""), none without roles."""

    outcomes: tuple[str, ...]
    zones: tuple[str, ...]
    tile_names: dict[str, tuple[str, str]]
    decides: dict[str, tuple[bool, bool]]
    boosters: tuple[ir.StaffCard, ...]
    waivers: tuple[ir.StaffCard, ...]
    reads_before: bool
    role_parts: dict[str, tuple[str, ...]]


def emperor_facts(ruleset: ir.Ruleset) -> EmperorFacts:
    track = ruleset.track
    spaces = range(track.last_space + 1)
    # A Staff that adds to every bonus may ask a decision in any bonus.
    boosters_decide = any(decides(card.emperor_bonus) for card in ruleset.staff)
    asks = {
        tile.id: (
            decides(tile.bonus) or boosters_decide,
            decides(tile.penalty.effects + tile.penalty.prefer + tile.penalty.otherwise),
        )
        for tile in ruleset.tiles
    }
    parts = {"": ir.EMPEROR_PARTS, **{role.id: role.parts for role in ruleset.roles}} if ruleset.roles else {}
    return EmperorFacts(
        outcomes=tuple(track.zone_of(space).outcome for space in spaces),
        zones=tuple(track.zone_of(space).name for space in spaces),
        tile_names={tile.id: (tile.name, tile.tier) for tile in ruleset.tiles},
        decides=asks,
        boosters=tuple(card for card in ruleset.staff if card.emperor_bonus),
        waivers=tuple(card for card in ruleset.staff if card.penalty_waiver_cost is not None),
        reads_before=reads_others(ruleset) and ruleset.rulings.read_other_players == "before_scoring",
        role_parts=parts,
    )
