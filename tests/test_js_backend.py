"""The JavaScript backend (score pads): the effect vocabulary, the page's safety, and the cross-check.

The cross-check: a corpus of game states (random valid states of every shipped ruleset, each
hand-worked scenario of tests/test_scoring_scenarios.py, with default, recorded and changed
decisions) is scored here by the Python modules; the expected results are written next to the
generated pages and `node --test tests/js/crosscheck.test.js` scores them with each page's engine.
Expected outputs are made at test time, so Python and JavaScript can never drift apart silently.
"""

from __future__ import annotations

import copy
import json
import os
import random
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from helpers_rules import ROOT, SHIPPED, shipped_workspace
from helpers_scoring import module
from test_scoring_properties import build_state

from compiler import ir
from compiler.backends.js.effects import JsCodegenError, effect_js, feasible_js, js_literal
from compiler.backends.js.engine import generate_engine
from compiler.backends.js.page import generate_page
from compiler.project import load_one

NODE = shutil.which("node")
JS_TESTS = ROOT / "tests" / "js"
# The hand-worked scenarios: scoring rules and rulings, and decisions (recorded lists, whole-turn search).
SCENARIOS = [str(ROOT / "tests" / name) for name in ("test_scoring_scenarios.py", "test_decisions.py")]
RANDOM_PER_RULESET = 60  # 9 shipped rulesets: 540 random states
# A changed decision for each kind that has an always-legal alternative to the default.
ALTERNATIVES: dict[str, Any] = {
    "prepare_room": None,
    "play_staff": None,
    "occupy_room": None,
    "conference_manager": False,
}

SAMPLES: dict[str, ir.Effect] = {
    "gain_krones": ir.GainKrones(3),
    "lose_krones": ir.LoseKrones(3),
    "gain_points": ir.GainPoints(4),
    "lose_points": ir.LosePoints(4),
    "gain_items": ir.GainItems((("wine", 2),)),
    "choose_items": ir.ChooseItems(2, True),
    "return_items": ir.ReturnItems(("kitchen", "cafe")),
    "draw_staff": ir.DrawStaff(3, 1, "all"),
    "staff_to_deck_bottom": ir.StaffToDeckBottom(2),
    "prepare_room": ir.PrepareRoom((1, 2), True, True),
    "occupy_vacant_rooms": ir.OccupyVacantRooms(1),
    "remove_rooms": ir.RemoveRooms("occupied", 2, "highest_then_strictly_below"),
    "points_per_quantity": ir.PointsPerQuantity("hired_staff", -2),
    "play_staff_from_hand": ir.PlayStaffFromHand(1, 2),
    "remove_hired_staff": ir.RemoveHiredStaff(1, "game_end"),
    "advance_emperor": ir.AdvanceEmperor(2),
}


def node() -> str:
    if NODE is None:
        if os.environ.get("CI") == "true":
            pytest.fail("CI runs the JavaScript tests: node must be installed")
        pytest.skip("node is not installed")
    return NODE


# --- the generators ------------------------------------------------------------------


def test_every_effect_kind_has_a_javascript_generator_and_feasibility_test() -> None:
    assert set(SAMPLES) == set(ir.EFFECT_KINDS), "a new effect kind needs a sample here and a JS generator"
    for kind, effect in SAMPLES.items():
        assert ir.effect_kind(effect) == kind
        statement = effect_js(effect)
        assert statement.endswith(");"), statement
        assert feasible_js(effect)


def test_an_effect_without_a_generator_fails_the_build() -> None:
    class Unknown:
        pass

    with pytest.raises(JsCodegenError, match="no JavaScript generator"):
        effect_js(Unknown())  # type: ignore[arg-type]
    with pytest.raises(JsCodegenError, match="no JavaScript quantity"):
        effect_js(ir.PointsPerQuantity("moons", 2))


def test_literals_cannot_end_a_script_element() -> None:
    hostile = "</script><script>alert(1)</script><!-- \u2028"
    text = js_literal({"name": hostile})
    assert "<" not in text and ">" not in text and "\u2028" not in text
    assert json.loads(text) == {"name": hostile}


def hostile_ruleset(tmp_path: Path) -> ir.Ruleset:
    variant = tmp_path / "hostile.yaml"
    variant.write_text(
        "extends: base\nname: hostile\ntitle: '<b>Bold</b> & co'\n"
        "tiles:\n  a-krones:\n    name: '</script><script>alert(1)</script>'\n",
        encoding="utf-8",
    )
    return load_one(shipped_workspace(), str(variant))


def test_rules_strings_reach_the_page_escaped(tmp_path: Path) -> None:
    page = generate_page(hostile_ruleset(tmp_path)).decode("utf-8")
    assert page.count("</script>") == 3  # the data, engine and UI elements' own ends, nothing more
    assert "<script>alert" not in page and "<b>Bold" not in page
    assert "&lt;b&gt;Bold&lt;/b&gt; &amp; co: score pad" in page  # the <title>


@pytest.mark.parametrize("name", ["base", "royal-banquet"])
def test_page_is_self_contained_and_safe(name: str) -> None:
    page = generate_page(load_one(shipped_workspace(), name)).decode("utf-8")
    csp = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">', page)
    assert csp and "default-src 'none'" in csp.group(1) and "unsafe" not in csp.group(1)
    for banned in (
        "http://",
        "https://",
        "<link",
        " src=",
        "innerHTML",
        "outerHTML",
        "eval(",
        "new Function",
        "import(",
    ):
        assert banned not in page, banned


def test_build_writes_a_pad_per_ruleset() -> None:
    pads = sorted(p.stem for p in (ROOT / "generated" / "pads").glob("*.html"))
    assert pads == sorted(SHIPPED)


# --- the cross-check -----------------------------------------------------------------------


def expected(state: dict[str, Any], rules: str) -> dict[str, Any]:
    """What the Python module gives (its result holds every decision taken), or the error message."""
    try:
        result = module(rules).score_game(copy.deepcopy(state))
    except ValueError as error:  # the module's StateError
        return {"error": str(error)}
    return {"result": json.loads(json.dumps(result))}


def with_choices(state: dict[str, Any], rules: str, change: bool) -> dict[str, Any]:
    """The state with the decisions taken recorded as `choices`; with `change`, the first decision of
    each kind that has an always-legal alternative is recorded as that alternative instead."""
    recorded = copy.deepcopy(state)
    try:
        report = module(rules).score_game(copy.deepcopy(state))["decisions"]
    except ValueError:
        return recorded
    for entry, taken in zip(recorded["players"], report, strict=True):
        choices = copy.deepcopy(taken["choices"])
        for key in set(choices) & set(ALTERNATIVES) if change else ():
            choices[key] = ALTERNATIVES[key]
        if choices:
            entry["choices"] = choices
    return recorded


def random_vectors() -> list[dict[str, Any]]:
    vectors = []
    for rules in SHIPPED:
        mod_rules = module(rules).RULES
        rng = random.Random(f"js-crosscheck-{rules}")
        rounds = sorted({*mod_rules.scoring_tiers, mod_rules.rounds})
        for index in range(RANDOM_PER_RULESET):
            cards = sorted(mod_rules.staff)
            rng.shuffle(cards)
            state = build_state(rng.randbytes(700), cards, mod_rules)
            state["round"] = rng.choice(rounds)
            how = ("default", "recorded", "changed")[index % 3]
            if how != "default":
                state = with_choices(state, rules, change=how == "changed")
            if index % 20 == 19:  # an illegal recorded room: both must refuse it the same way (if asked)
                state["players"][0].setdefault("choices", {})["prepare_room"] = "9.9"
            vectors.append({"rules": rules, "label": f"{rules} random #{index} ({how})", "state": state})
    return vectors


def has_float(value: Any) -> bool:
    if isinstance(value, dict):
        return any(has_float(v) for v in value.values())
    if isinstance(value, list):
        return any(has_float(v) for v in value)
    return isinstance(value, float)


def scenario_vectors(tmp_path: Path) -> list[dict[str, Any]]:
    """Every state the hand-worked scenario tests score through helpers_scoring.score (recorded by
    tests/js/record_scenarios.py)."""
    out = tmp_path / "scenarios.json"
    env = dict(os.environ, GAH_RECORD_STATES=str(out))
    env["PYTHONPATH"] = os.pathsep.join([str(JS_TESTS), str(ROOT / "tests"), env.get("PYTHONPATH", "")])
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "record_scenarios",
            "-p",
            "no:cacheprovider",
            "--hypothesis-seed=0",
            "-x",
            *SCENARIOS,
        ],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=600,
        check=False,
    )
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    recorded = json.loads(out.read_text(encoding="utf-8"))
    vectors = []
    for index, entry in enumerate(recorded):
        # JSON, as a page reads it, has no NaN, and its 2.0 is JavaScript's 2: states with floats are Python's own.
        if entry["rules"] in SHIPPED and not has_float(entry["state"]):
            label = f"scenario #{index} ({entry['rules']})"
            vectors.append({"rules": entry["rules"], "label": label, "state": entry["state"]})
    return vectors


def test_crosscheck_javascript_against_python(tmp_path: Path) -> None:
    node_binary = node()
    vectors = random_vectors()
    scenarios = scenario_vectors(tmp_path)
    assert len(vectors) >= 500 and len(scenarios) >= 100
    corpus = vectors + scenarios
    for vector in corpus:
        vector["expected"] = expected(vector["state"], vector["rules"])
    kinds = {"error" if "error" in v["expected"] else "result" for v in corpus}
    assert kinds == {"error", "result"}
    assert sum("final" in v["expected"].get("result", {}) for v in corpus) >= 100
    assert any(e["kind"] == "choice" for v in corpus for e in v["expected"].get("result", {}).get("events", []))
    # The corpus exercises recorded lists of decisions and the policy's whole-turn search.
    results = [v["expected"]["result"] for v in corpus if "result" in v["expected"]]
    steps = [s for r in results for p in r["decisions"] for s in p["steps"]]
    assert any(isinstance(c, list) for r in results for p in r["decisions"] for c in p["choices"].values())
    assert sum(s["how"] == "policy" and "runner_up" in s for s in steps) >= 100
    assert any(r["unused_choices"] for r in results)
    (tmp_path / "vectors.json").write_text(json.dumps(corpus), encoding="utf-8")
    print(f"cross-check corpus: {len(vectors)} random + {len(scenarios)} scenario states, {len(steps)} decisions")
    pads = tmp_path / "pads"
    pads.mkdir()
    for rules in SHIPPED:
        (pads / f"{rules}.html").write_bytes(generate_page(load_one(shipped_workspace(), rules)))
    run = subprocess.run(
        [node_binary, "--test", str(JS_TESTS / "crosscheck.test.js")],
        capture_output=True,
        text=True,
        env=dict(os.environ, GAH_VECTORS=str(tmp_path)),
        timeout=600,
        check=False,
    )
    assert run.returncode == 0, run.stdout[:6000] + run.stderr[-2000:]  # the first failure first
    assert (tmp_path / "checked.txt").read_text() == str(len(corpus))


def test_javascript_runtime_unit_tests() -> None:
    run = subprocess.run(
        [node(), "--test", str(JS_TESTS / "runtime.test.js")], capture_output=True, text=True, timeout=300, check=False
    )
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]


def test_engine_is_deterministic() -> None:
    ruleset = load_one(shipped_workspace(), "base")
    assert generate_engine(ruleset) == generate_engine(ruleset)


def test_a_pad_opens_with_a_do_not_edit_header_naming_its_sources() -> None:
    from helpers_rules import ROOT

    for name, sources in (
        ("base", "rules/base.yaml"),
        ("gentle-draft", "rules/base.yaml, rules/variants/gentle-move-backs.yaml, rules/variants/gentle-draft.yaml"),
    ):
        lines = (ROOT / "generated" / "pads" / f"{name}.html").read_text(encoding="utf-8").splitlines()
        assert lines[1] == (
            f"<!-- DO NOT EDIT. Generated by gah (the Grand Austria Hotel rules compiler) from {sources}. "
            "Regenerate with: gah build -->"
        )
