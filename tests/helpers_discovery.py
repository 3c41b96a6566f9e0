"""The rulesets every cross-check runs on, found by discovery rather than listed by hand.

Every shipped ruleset (SHIPPED, which tests/test_discovery.py holds equal to the files under rules/), every
file under tests/data/rulesets and tests/data/variants, the `effect-samples` ruleset derived from
tests/effect_samples.py (tests/helpers_samples.py) and the `quantity-samples` ruleset derived from the quantity
registry, ir.QUANTITIES (tests/helpers_quantities.py). A new test ruleset file is checked by the pad's engine,
the batched engine and the oracle from the moment it is saved; one an engine cannot play must be refused by
that engine with a message its test states (never skipped).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from helpers_quantities import NAME as QUANTITIES_NAME
from helpers_quantities import quantity_samples_ruleset
from helpers_rules import ROOT, SHIPPED
from helpers_samples import NAME as SAMPLES_NAME
from helpers_samples import samples_ruleset

# The discovered rulesets the batched engine cannot play, with the reason its refusal must give ("ruleset NAME:
# the batched ... cannot play it: REASON"). Its tests assert the refusal instead of skipping them. A ruleset with
# player roles: the game model plays every player as a hotelier, and has no model of a role's automated opponent.
BATCHED_REFUSES: dict[str, str] = {
    "solo": "player roles solo-opponent: the game model cannot say how a player of a role plays its rounds",
    # Effects on other players and final sources worked out by expressions: the kernels cannot play them yet
    # (issue 41); the lab's pure path plays them (tests/test_lab.py).
    "effect-samples": "for_players: the kernels apply effects to the resolving player's record only",
    "invented-targets": "for_players: the kernels apply effects to the resolving player's record only",
    "invented-targets-before": "for_players: the kernels apply effects to the resolving player's record only",
    "invented-final": "a final-scoring source worked out by an expression: the kernels score fixed kinds only",
}
# The discovered rulesets the lab refuses in both engines (its LabSpec: an engine never plays what it does not know),
# with what the refusal must say. A ruleset with player roles: the game model has no model of a role's opponent.
LAB_REFUSES: dict[str, str] = {
    "solo": "ruleset solo has player roles (solo-opponent): the lab's game model says how a player plays a round",
}
# Those the score pad cannot be made for, with what its error says (none today): asserted, never skipped.
PAD_REFUSES: dict[str, str] = {}
TEST_FOLDERS = (ROOT / "tests" / "data" / "rulesets", ROOT / "tests" / "data" / "variants")


def data_ruleset_files() -> list[Path]:
    """Every test ruleset file of tests/data/rulesets and tests/data/variants, sorted by name."""
    return sorted((path for folder in TEST_FOLDERS for path in folder.glob("*.yaml")), key=lambda p: p.stem)


def discovered_names() -> list[str]:
    """The names of every discovered ruleset (known without compiling anything: parametrize ids)."""
    return [*SHIPPED, *(path.stem for path in data_ruleset_files()), SAMPLES_NAME, QUANTITIES_NAME]


@cache
def discovered() -> dict[str, str]:
    """Every discovered ruleset: name -> what load_one and helpers_scoring.module take (a name or a file)."""
    files = {path.stem: str(path) for path in data_ruleset_files()}
    derived = {SAMPLES_NAME: str(samples_ruleset()), QUANTITIES_NAME: str(quantity_samples_ruleset())}
    return {**{name: name for name in SHIPPED}, **files, **derived}


def reference(name: str) -> str:
    """What load_one and helpers_scoring.module take for a discovered ruleset's name."""
    return discovered()[name]
