"""The generated modules against an independent oracle: tests/oracle/handwritten.py, a scorer written by hand.

Every discovered ruleset (tests/helpers_discovery.py) is either transcribed for the oracle
(tests/oracle/rulesets.py) or refused by name here, with the tiles whose effects the oracle has no code
for (a claim the test checks against the compiled rulesets). For every ruleset the oracle can express, a few hundred seeded random states
just before an Emperor scoring (after round 3, 5 or 7) are scored both ways,
through score_game and through the quiet path the variant lab uses: every
player's state after the scoring, the deck and discard, and after round 7 the
final totals, each breakdown and the standings must agree.

The invented test rulesets (tests/data/variants/invented-*.yaml) play their
invented tiles in 3 states of 4 (invented-final, whose final scoring is its own,
in 1 of 4: more of its states end the game), with richer states: café guests with more
kinds of items, some empty kitchens, and recorded return_items and choose_one
decisions, legal or not where they are asked. Where the oracle finds a recorded
decision illegal, both paths of the module must refuse the state (StateError
naming that decision).
"""

from __future__ import annotations

import ast
import copy
import re
import sys
import zlib
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from gah import ir
from gah.project import load_one
from helpers_discovery import discovered, discovered_names
from helpers_expressions import CASES, TABLES
from helpers_rules import shipped_workspace
from helpers_samples import NAME as SAMPLES_NAME
from helpers_scoring import module
from oracle.expressions import OPERATORS, Seat, work_out
from oracle.handwritten import BASE_TILES, HandScorer, Illegal
from oracle.rulesets import HAND_RULES
from oracle.states import Variety, random_states

ROOT = Path(__file__).resolve().parent.parent
INVENTED = tuple(name for name in discovered_names() if name.startswith("invented-"))
# Discovered rulesets the oracle does not model, refused by name: the tiles whose effects it has no code for
# (their ids may be base's, the ruleset having changed them). Checked by test_the_refusals_name_the_tiles.
NOT_EXPRESSIBLE: dict[str, tuple[str, ...]] = {
    "vocabulary-a": (
        "a-krones",
        "a-two-items",
        "a-draw-staff",
        "b-one-of-each",
        "b-krones",
        "b-draw-staff",
        "c-points",
    ),
    "vocabulary-b": (
        "a-krones",
        "a-two-items",
        "a-draw-staff",
        "a-free-room",
        "b-krones",
        "b-draw-staff",
        "b-occupied-room",
        "c-points",
        "c-occupied-room",
        "c-staff-points",
        "c-free-staff",
    ),
    "conditions-staff": ("b-krones",),  # and Staff 21 and 42, whose conditional effects the oracle lacks too
    SAMPLES_NAME: BASE_TILES,  # every tile holds samples (tests/helpers_samples.py)
}
# The others: 100 each (their scoring differs from base in one number or one tile).
STATES = {"base": 400, "house-numbers": 300, "solo": 300, **dict.fromkeys(INVENTED, 600)}
# What some rulesets' states need besides their own tiles: invented-final scores its own final-scoring sources
# (more states end the game, richer players reach the top of its thrift's clamp); invented-targets' Crowning
# takes points from every tied leader.
VARIETY = {
    "invented-final": Variety(focus_share=0.25, most_krones=24),
    "invented-targets": Variety(ties=True),
    "invented-targets-before": Variety(ties=True),
}


def rules_ref(name: str) -> str:
    return discovered()[name]


def quiet_path(mod: Any, state: dict[str, Any]) -> dict[str, Any]:
    """What the variant lab does: the module's own Game, explain=False, scored in place."""
    game = mod.new_game(copy.deepcopy(state), explain=False)
    mod.emperor_scoring(game)
    if game.round != mod.RULES.rounds:
        return {"state": mod.write_game(game)}
    final = mod.final_scoring(game)
    return {"state": mod.write_game(game), "final": final, "standings": mod.standings(game, final)}


def comparable(result: dict[str, Any]) -> dict[str, Any]:
    players = [
        {key: p[key] for key in ("name", "points", "krones", "emperor", "hotel", "hand", "hired", "objectives")}
        | {
            "resources": p.get("resources", {}),
            "kitchen": {k: v for k, v in p["kitchen"].items() if v},
            "cafe": [{k: v for k, v in guest.items() if v} for guest in p["cafe"]],
        }
        for p in result["state"]["players"]
    ]
    return {
        "players": players,
        "deck": result["state"]["staff_deck"],
        "discard": result["state"].get("staff_discard", []),
        # The oracle scores; it does not explain (tests/test_final_details.py checks the details against it).
        "final": [{k: v for k, v in entry.items() if k != "details"} for entry in result["final"]]
        if "final" in result
        else None,
        "standings": result.get("standings"),
    }


def test_every_discovered_ruleset_is_checked_or_refused_by_name() -> None:
    """A new test ruleset fails here until it is transcribed for the oracle or refused with its tiles."""
    assert not set(HAND_RULES) & set(NOT_EXPRESSIBLE)
    assert set(discovered_names()) == set(HAND_RULES) | set(NOT_EXPRESSIBLE)


def modelled_tiles() -> dict[str, list[ir.Tile]]:
    """Each tile id the oracle has code for, with the tiles (as compiled) of the rulesets it is transcribed for."""
    found: dict[str, list[ir.Tile]] = {}
    for name, rules in HAND_RULES.items():
        for tile in compiled_ruleset(name).tiles:
            if tile.id in rules.tiles:
                found.setdefault(tile.id, []).append(tile)
    return found


@cache
def compiled_ruleset(name: str) -> ir.Ruleset:
    return load_one(shipped_workspace(), rules_ref(name))


@pytest.mark.parametrize("name", sorted(NOT_EXPRESSIBLE))
def test_the_refusals_name_the_tiles_the_oracle_has_no_code_for(name: str) -> None:
    """The tiles a refusal names are exactly those of the ruleset that no transcribed ruleset has alike."""
    modelled = modelled_tiles()
    unknown = [tile.id for tile in compiled_ruleset(name).tiles if tile not in modelled.get(tile.id, [])]
    assert unknown and sorted(unknown) == sorted(NOT_EXPRESSIBLE[name])


def states_of(name: str) -> list[dict[str, Any]]:
    """The seeded random states a ruleset is checked on: the invented rulesets' focus on their own tiles."""
    rules = HAND_RULES[name]
    own = tuple(tile for tile in rules.tiles if tile not in BASE_TILES)
    count = STATES.get(name, 100)
    seed = zlib.crc32(name.encode())
    return random_states(
        seed,
        count,
        rules.cap,
        rules.tiles,
        rules.items,
        own,
        rich=name in INVENTED,
        dancers=rules.dancers is not None,
        solo=rules.solo_opponent,
        variety=VARIETY.get(name, Variety()),
    )


def check(name: str, mod: Any, oracle: HandScorer, index: int, state: dict[str, Any]) -> bool:
    """Score one state both ways and with the oracle; False if the oracle refused a recorded decision."""
    try:
        expected = comparable(oracle.score(state))
    except Illegal as illegal:
        where = re.escape(str(illegal))  # players[i].choices.KEY
        with pytest.raises(mod.StateError, match=where):
            mod.score_game(copy.deepcopy(state))
        with pytest.raises(mod.StateError, match=where):
            quiet_path(mod, state)
        return False
    loud = comparable(mod.score_game(copy.deepcopy(state)))
    assert loud == expected, f"{name}, state {index}: score_game differs from the oracle on {state}"
    quiet = comparable(quiet_path(mod, state))
    assert quiet == expected, f"{name}, state {index}: the quiet path differs from the oracle on {state}"
    return True


@pytest.mark.parametrize("name", sorted(HAND_RULES))
def test_generated_module_agrees_with_the_hand_written_scorer(name: str) -> None:
    rules = HAND_RULES[name]
    oracle = HandScorer(rules)
    mod = module(rules_ref(name))
    scored = [check(name, mod, oracle, index, state) for index, state in enumerate(states_of(name))]
    if name not in INVENTED:
        assert all(scored)
        return
    # The invented tiles were played both ways, recorded decisions were used, and some were refused.
    for tile in (tile for tile in rules.tiles if tile not in BASE_TILES):
        assert oracle.tally["bonus", tile] >= 20 and oracle.tally["penalty", tile] >= 20, (tile, oracle.tally)
    if VARIETY.get(name, Variety()).ties:
        assert oracle.tally["tied", "leaders"] >= 10, oracle.tally
    # Their tiles ask neither return_items nor choose_one.
    unasked = (
        *("invented-staff", "invented-counts", "invented-others", "invented-others-before", "invented-arithmetic"),
        *("invented-final", "invented-targets", "invented-targets-before"),
    )
    if name not in unasked:
        assert oracle.tally["recorded", "decisions"] >= 15 and 10 <= scored.count(False) <= len(scored) // 3


@pytest.mark.parametrize("name", sorted(HAND_RULES))
def test_the_transcribed_tiles_and_items_are_the_rulesets(name: str) -> None:
    """The random states draw tiles and kitchen items from the hand transcription: exactly the ruleset's."""
    rules = HAND_RULES[name]
    compiled = module(rules_ref(name)).RULES
    assert sorted(rules.tiles) == sorted(compiled.tiles)
    assert rules.items == compiled.items


def test_the_oracle_shares_no_code_with_the_compiler() -> None:
    """The oracle imports only the standard library and itself: never compiler/, a runtime or a generated module."""
    for path in sorted((ROOT / "tests" / "oracle").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
            if isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            for name in names:
                top = name.split(".")[0]
                assert top in sys.stdlib_module_names or top == "oracle", f"{path.name} imports {name}"


# --- the oracle's expressions (tests/oracle/expressions.py), on the hand-worked cases of every operator ---------


def oracle_form(expr: ir.Expr) -> Any:
    """An expression of the IR in the oracle's own form (the hand-worked tables count krones only)."""
    if isinstance(expr, int):
        return expr
    if isinstance(expr, ir.Read):
        assert expr.quantity.own.name == "krones", expr
        return ("read", lambda p: p["krones"], *((expr.quantity.of,) if expr.quantity.of != "self" else ()))
    if isinstance(expr, ir.Arith):
        return (expr.operator, *map(oracle_form, expr.args))
    if isinstance(expr, ir.Clamp):
        return ("clamp", oracle_form(expr.value), expr.at_least, expr.at_most)
    if isinstance(expr, ir.Over):
        return (expr.operator, expr.players, oracle_form(expr.value))
    assert isinstance(expr, ir.Rank)
    return ("rank", expr.ties, oracle_form(expr.value))


def table_seat(table: str) -> Seat:
    """The player of a hand-worked table, and the others as the table reads them (before the scoring, if given)."""
    krones, before, seat = TABLES[table]
    read = before or krones
    others = tuple(
        {"name": f"P{n % len(read)}", "krones": read[n % len(read)]} for n in range(seat + 1, seat + len(read))
    )
    return Seat({"name": f"P{seat}", "krones": krones[seat]}, others)


def test_the_oracle_has_one_function_per_operator_of_the_registry() -> None:
    assert set(OPERATORS) == {"number", "read", *ir.OPERATORS}


@pytest.mark.parametrize(("key", "table", "expr", "value", "rule"), CASES, ids=[case[0] for case in CASES])
def test_the_oracle_works_out_each_hand_worked_expression(
    key: str, table: str, expr: ir.Expr, value: int, rule: str
) -> None:
    assert work_out(oracle_form(expr), table_seat(table)) == value, rule


def test_the_oracle_refuses_an_operator_a_set_or_a_tie_rule_it_does_not_know() -> None:
    seat = table_seat("solo")
    refused = {
        "has no operator modulo": ("modulo", 7, 2),
        "knows no set of players everyone": ("total_over", "everyone", 1),
        "knows no tie rule random": ("rank", "random", 1),
        "reads only the player it is worked out for": ("most_over", "all", ("read", len, "left")),
    }
    for message, expr in refused.items():
        with pytest.raises((KeyError, ValueError), match=message):
            work_out(expr, seat)


def test_the_oracle_changes_by_an_amount_never_below_0() -> None:
    """Anna (3 krones, 5 points, 99 objective markers) alone: 0 - 4 krones to gain or lose change nothing; a loss
    of 9 points takes the 5 there are; 2 more markers stop at base's upper limit, 100."""
    scorer = HandScorer(HAND_RULES["base"])
    game = {"players": [{"name": "Anna", "krones": 3, "points": 5, "objectives": 99}]}
    scorer.change(game, 0, "krones", True, ("minus", 0, 4))
    assert game["players"][0]["krones"] == 3
    scorer.change(game, 0, "krones", False, ("minus", 0, 4))
    scorer.change(game, 0, "points", False, ("plus", 4, 5))
    scorer.change(game, 0, "objectives", True, 2)
    assert game["players"][0] == {"name": "Anna", "krones": 3, "points": 0, "objectives": 100}
    assert scorer.value_is(game, 0, ("rank", "shared", ("read", lambda p: p["points"])), 1, 1)
    with pytest.raises(KeyError, match="changes no dragons"):
        scorer.change(game, 0, "dragons", True, 1)
