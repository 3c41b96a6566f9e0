"""The JavaScript backend (score pads): the effect vocabulary, the page's safety, and the cross-check.

The cross-check: a corpus of game states (random valid states of every discovered ruleset: shipped, test
and the effect samples, tests/helpers_discovery.py; each hand-worked scenario of tests/test_scoring_scenarios.py, with default, recorded and changed
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
from effect_samples import every_sample
from gah import ir
from gah.backends.call_shapes import camel
from gah.backends.final_words import expression_names
from gah.backends.js.effects import (
    JsCodegenError,
    all_feasible_js,
    effect_js,
    effect_lines_js,
    feasible_js,
    filtered_js,
)
from gah.backends.js.engine import generate_engine, runtime_source
from gah.backends.js.expressions import js_expr
from gah.backends.js.literals import js_literal
from gah.backends.js.page import generate_page
from gah.backends.python.effects import condition_name, effect_lines, targeted_function, targeted_name
from gah.backends.python.load import load_scoring_module
from gah.backends.score_words import score_words
from gah.dispatch import MissingKind
from gah.languages import english
from gah.project import load_one
from helpers_discovery import PAD_REFUSES, discovered
from helpers_rules import ROOT, SHIPPED, shipped_workspace
from helpers_scoring import module, player, state
from test_scoring_properties import build_state

NODE = shutil.which("node")
JS_TESTS = ROOT / "tests" / "js"
# The hand-worked scenarios: scoring rules and rulings, and decisions (recorded lists, whole-turn search).
SCENARIOS = [str(ROOT / "tests" / name) for name in ("test_scoring_scenarios.py", "test_decisions.py")] + [
    # The hand-worked explanations of final scoring (not its random property tests: the corpus has its own).
    f"{ROOT / 'tests' / 'test_final_details.py'}::{name}"
    for name in (
        "test_a_four_player_game_end_is_explained_line_by_line",
        "test_a_secretary_with_nothing_to_copy_and_a_total_held_at_zero",
        "test_three_tied_players_one_ahead_on_the_tie_breaker",
    )
]
RANDOM_PER_RULESET = 60  # for each shipped ruleset (9); each test ruleset (9 with the effect samples) has 45
RANDOM_PER_TEST_RULESET = 45
# A changed decision for each kind that has an always-legal alternative to the default.
ALTERNATIVES: dict[str, Any] = {
    "prepare_room": None,
    "play_staff": None,
    "occupy_room": None,
    "conference_manager": False,
}


# Every discovered ruleset but those the pads refuse (asserted by test_the_pads_refuse_only_what_they_say):
# name -> what load_one and module() take. The test rulesets (not shipped) use every parameter of the effect
# vocabulary, the invented tiles and the effect samples: the pads must agree with Python on each (issue 21).
RULESETS = {name: source for name, source in discovered().items() if name not in PAD_REFUSES}
TEST_RULESETS = {name: source for name, source in RULESETS.items() if name not in SHIPPED}
# Decisions that are changed to their runner-up (always legal: the policy tried it) in "changed" states.
RUNNER_UP_KEYS = ("return_items", "choose_one", "remove_rooms", "hand_to_deck")


def node() -> str:
    if NODE is None:
        if os.environ.get("CI") == "true":
            pytest.fail("CI runs the JavaScript tests: node must be installed")
        pytest.skip("node is not installed")
    return NODE


# --- the generators ------------------------------------------------------------------


SAMPLE_IDS = [f"{kind}-{index}" for index, (kind, _) in enumerate(every_sample())]


def test_every_sample_generates_javascript_that_parses(tmp_path: Path) -> None:
    """Each sample of tests/effect_samples.py as a statement and as a feasibility expression, each in a
    function of its own, and all the statements in one function (two choices there must not clash)."""
    parts = []
    for index, (_kind, effect) in enumerate(every_sample()):
        parts.append(f"function s{index}(game, player) {{\n{effect_js(effect)}\n}}")
        parts.append(f"function f{index}(game, player) {{\n  return {feasible_js(effect)};\n}}")
    every = "\n".join(effect_js(effect) for _kind, effect in every_sample())
    parts.append(f"function all(game, player) {{\n{every}\n}}")
    script = tmp_path / "samples.js"
    script.write_text('"use strict";\n' + "\n".join(parts) + "\n", encoding="utf-8")
    run = subprocess.run([node(), "--check", str(script)], capture_output=True, text=True, timeout=60, check=False)
    assert run.returncode == 0, run.stderr


@pytest.mark.parametrize(("kind", "effect"), every_sample(), ids=SAMPLE_IDS)
def test_every_sample_calls_the_runtime_as_the_python_backend_does(kind: str, effect: ir.Effect) -> None:
    """The same runtime function (its name in camelCase) and, but for the spelling of the values, the
    same arguments as the Python backend's line."""
    statement = effect_js(effect)
    python = "\n".join(effect_lines(effect))
    for change in (e for e in ir.all_effects((effect,)) if isinstance(e, ir.Change)):
        # the module works an amount out in a function of its own, by its key
        statement = statement.replace(js_expr(change.amount), f"{ir.expression_key(change.amount)}(game, player)")
    if isinstance(effect, ir.ForPlayers):  # the module names the condition and the effects (functions of their own)
        python = "\n".join([*effect_lines(effect), *targeted_function(effect)])
        statement = _named_targets(statement, effect)
    if isinstance(effect, ir.PointsPerQuantity) and not effect.quantity.name:  # a call folded as formatters do
        python = " ".join(line.strip() for line in python.splitlines()).replace("( ", "(").replace(", )", ")")
    assert _calls(statement) == _calls(python), (statement, python)
    assert feasible_js(effect)


def _named_targets(statement: str, effect: ir.ForPlayers) -> str:
    """A for_players statement as the module writes it: the condition's and the effects' functions by name, then
    the effects' calls."""
    head, _, body = statement.partition(" => {\n")
    head = head.removesuffix(", (game, player)")
    if effect.condition is not None:
        head = re.sub(r"\(game, player\) => \[.*\]$", condition_name(effect.condition), head)
    return f"{head}, {targeted_name(effect)});\n" + body.rsplit("\n});", 1)[0]


def _calls(code: str) -> list[str]:
    """The runtime calls of a statement with values spelt one way (JavaScript's: arrays for tuples)."""
    words = {"True": "true", "False": "false", "None": "null"}
    calls = []
    for name, args in re.findall(r"([a-z_A-Z]+)\((game, player.*?)\)(?:;|$)", code, flags=re.MULTILINE):
        camel = re.sub(r"_([a-z])", lambda m: m.group(1).upper(), name)
        if camel == "chooseOption":  # its feasibility tests differ in spelling (len(x) against x.length)
            args = re.sub(r"\[.*\]", "[...]", args)
        args = re.sub(r"q_([a-z_0-9]+)\(game, (player|other)\)", r'QUANTITIES["\1"](game, \2)', args)
        args = _expression_calls(args)
        args = args.replace("per_quantity(game,", "perQuantity(game,")  # the why of a points-per-quantity line
        args = re.sub(r"True|False|None", lambda m: words[m.group(0)], args.replace("'", '"').replace(" ", ""))
        args = args.replace("(", "[").replace(")", "]").replace(",]", "]")
        calls.append(f"{camel}({args})")
    return calls


# Where an expression (an amount worked out) is spelt otherwise than by its runtime function's name in camelCase.
_EXPRESSION_WORDS = {
    r"lambda game, other: ": "(game, other) => ",
    r"(?<![.\w])(min|max)\(": r"Math.\1(",
}


def _expression_calls(args: str) -> str:
    """The arguments of a call with an expression's calls spelt as in JavaScript (divide_up: divideUp)."""
    for pattern, spelt in _EXPRESSION_WORDS.items():
        args = re.sub(pattern, spelt, args)
    return re.sub(r"(?<![.\w\"])([a-z]+(?:_[a-z]+)+)\(", lambda m: camel(m.group(1)) + "(", args)


@pytest.mark.parametrize(("kind", "effect"), every_sample(), ids=SAMPLE_IDS)
def test_every_call_shape_names_a_function_of_both_runtimes(kind: str, effect: ir.Effect) -> None:
    """The calls compiler/backends/call_shapes.py gives an effect (its statement's and those of its feasibility
    test) call functions that each runtime defines (the Python one by its name, the JavaScript one in camelCase),
    with room for their arguments."""
    import ast
    import dataclasses

    from gah.backends.call_shapes import UNSHAPED, Call, Place, camel, feasibility, shape
    from gah.backends.python.standalone import runtime_module_text

    if isinstance(effect, UNSHAPED):
        return
    python = {n.name: n for n in ast.parse(runtime_module_text()).body if isinstance(n, ast.FunctionDef)}
    javascript = runtime_source()

    def calls(expression: object) -> list[Call]:
        found = [expression] if isinstance(expression, Call) else []
        if dataclasses.is_dataclass(expression):
            for field in dataclasses.fields(expression):
                value = getattr(expression, field.name)
                for part in value if isinstance(value, tuple) else (value,):
                    found += calls(part)
        return found

    every = calls(shape(effect, Place(True, True, True))) + calls(feasibility(effect))
    assert every, kind
    for call in every:
        assert f"function {camel(call.name)}(" in javascript, call.name
        function = python[call.name]
        positional = len(function.args.posonlyargs) + len(function.args.args)
        given = len(call.head) + len(call.args) + len(call.python_args)
        assert given <= positional, (call.name, given, positional)
        assert not call.ends_turn or "ends_turn" in [a.arg for a in function.args.args + function.args.kwonlyargs]


def test_the_fixed_functions_land_as_runtime_entry_js_writes_them() -> None:
    """Each function of runtime/entry.js is copied into the engines: whole (tileName, standings, scoreGame), or with
    what a ruleset varies (the Emperor bonus and penalty: their first line; the per-player step, whose body goes
    into each scoring's loop: as base and solo fill it in, move-back 3 and the Conference Manager's waiver)."""
    from gah.backends.js.engine import fixed_functions_js

    engines = [generate_engine(load_one(shipped_workspace(), name)) for name in ("base", "solo")]
    for name, lines in fixed_functions_js().items():
        if name.startswith("emperorScoringStep"):
            body = "\n".join("    " + line for line in lines[1:-1]).replace("return;", "continue;")
            body = body.replace("back, ZONE_NAME", "3, ZONE_NAME")
            part = [body.replace("DECIDES[tileId][1])", "DECIDES[tileId][1] || player.hired.includes(26))")]
        elif name in ("emperorBonus", "emperorPenalty"):
            part = ["  " + lines[0]]
        else:
            part = ["  " + line for line in lines]
        assert any("\n".join(part) in engine for engine in engines), name


def test_two_choices_in_one_function_each_have_their_own_option() -> None:
    choice = next(effect for kind, effect in every_sample() if kind == "choose_one")
    lines = effect_lines_js(choice)
    assert lines[0] == "{" and lines[-1] == "}"  # a block: `const option` is local to it
    assert lines[1].startswith("  const takeable = [")
    assert lines[2].startswith("  const option = chooseOption(game, player, takeable, ")


def test_an_effect_without_a_generator_fails_the_build() -> None:
    class Unknown:
        pass

    with pytest.raises(
        MissingKind, match=r"JavaScript backend \(compiler/backends/js/effects.py: STATEMENT\).*Unknown"
    ):
        effect_js(Unknown())  # type: ignore[arg-type]
    with pytest.raises(MissingKind, match=r"JavaScript backend \(compiler/backends/js/effects.py: FEASIBLE\).*Unknown"):
        feasible_js(Unknown())  # type: ignore[arg-type]
    with pytest.raises(JsCodegenError, match="no JavaScript quantity"):
        filtered_js(ir.Quantity("krones", floors=(3,)))


def test_prefer_tests_leave_out_what_is_always_feasible() -> None:
    assert all_feasible_js((ir.GainPoints(2), ir.LoseKrones(3), ir.LosePoints("all"))) == "player.krones >= 3"
    assert all_feasible_js((ir.GainPoints(2),)) == "true"
    two = all_feasible_js((ir.LoseKrones(3), ir.StaffToDeckBottom(1, "top")))
    assert two == "player.krones >= 3 && player.hand.length >= 1"


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
    assert page.count("</script>") == 4  # the data, words, engine and UI elements' own ends, nothing more
    assert "<script>alert" not in page and "<b>Bold" not in page
    assert "&lt;b&gt;Bold&lt;/b&gt; &amp; co: score pad" in page  # the <title>


@pytest.mark.parametrize("name", ["base", "royal-banquet"])
def test_page_is_self_contained_and_safe(name: str) -> None:
    page = generate_page(load_one(shipped_workspace(), name)).decode("utf-8")
    csp = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">', page)
    assert csp and "default-src 'none'" in csp.group(1) and "unsafe" not in csp.group(1)
    # The SVG namespace names the chart's elements (createElementNS, views.js): a name, never fetched.
    assert page.count('"http://www.w3.org/2000/svg"') == 1
    page = page.replace('"http://www.w3.org/2000/svg"', "")
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


def expected(state: dict[str, Any], rules: str, language: str = "en") -> dict[str, Any]:
    """What the Python module gives (its result holds every decision taken), or the error message."""
    try:
        result = module(RULESETS[rules]).score_game(copy.deepcopy(state), language)
    except ValueError as error:  # the module's StateError
        return {"error": str(error)}
    return {"result": json.loads(json.dumps(result))}


def with_choices(state: dict[str, Any], rules: str, change: bool) -> dict[str, Any]:
    """The state with the decisions taken recorded as `choices`; with `change`, the first decision of
    each kind that has an always-legal alternative is recorded as that alternative instead, and so is the
    first of each RUNNER_UP_KEYS decision that has a runner-up (the decisions before it as taken)."""
    recorded = copy.deepcopy(state)
    try:
        report = module(RULESETS[rules]).score_game(copy.deepcopy(state))["decisions"]
    except ValueError:
        return recorded
    for entry, taken in zip(recorded["players"], report, strict=True):
        choices = copy.deepcopy(taken["choices"])
        for key in set(choices) & set(ALTERNATIVES) if change else ():
            choices[key] = ALTERNATIVES[key]
        for key in RUNNER_UP_KEYS if change else ():
            steps = [step for step in taken["steps"] if step["key"] == key]
            turned = next((n for n, step in enumerate(steps) if "runner_up" in step), None)
            if turned is not None:
                values = [step["value"] for step in steps[:turned]] + [steps[turned]["runner_up"]["value"]]
                choices[key] = values if len(values) > 1 else values[0]
        if choices:
            entry["choices"] = choices
    return recorded


# What a player of a role that never has a thing holds of it (a state's keys).
EMPTY_OF: dict[str, Any] = {"krones": 0, "kitchen": {}, "cafe": [], "hand": []}


def random_vectors() -> list[dict[str, Any]]:
    vectors = []
    for rules in RULESETS:
        mod_rules = module(RULESETS[rules]).RULES
        rng = random.Random(f"js-crosscheck-{rules}")
        rounds = sorted({*mod_rules.scoring_tiers, mod_rules.rounds})
        for index in range(RANDOM_PER_RULESET if rules in SHIPPED else RANDOM_PER_TEST_RULESET):
            cards = sorted(mod_rules.staff)
            rng.shuffle(cards)
            state = build_state(rng.randbytes(700), cards, mod_rules)
            state["round"] = rng.choice(rounds)
            for role, without in mod_rules.roles.items():  # a ruleset with roles: one player of each
                seat = rng.randrange(len(state["players"]))
                state["players"][seat].update({"role": role, **{key: EMPTY_OF[key] for key in without}})
            how = ("default", "recorded", "changed")[index % 3]
            if how != "default":
                state = with_choices(state, rules, change=how == "changed")
            if index % 20 == 19:  # an illegal recorded room: both must refuse it the same way (if asked)
                state["players"][0].setdefault("choices", {})["prepare_room"] = "9.9"
            vectors.append({"rules": rules, "label": f"{rules} random #{index} ({how})", "state": state})
    return vectors


def vocabulary_vectors() -> list[dict[str, Any]]:
    """Hand-made states of the test rulesets for the edges random states seldom reach (each worked out
    under Python first: the comment says what it shows), and recorded values of the new choice keys
    that a state must refuse, with the same message."""
    tiles = {"A": "a-krones", "B": "b-krones", "C": "c-points"}
    hotel = [".....", "o..o.", "v..o.", "o.oo."]  # column 1: 3.1, (2.1 vacant), 1.1; column 4: 3.4, 2.4, 1.4
    made: list[tuple[str, str, dict[str, Any]]] = [
        # Only wine, which the prefer part's return excepts: the otherwise part returns 2 wine of 3 asked.
        (
            "vocabulary-a",
            "a filtered count cannot be met",
            state(3, player(kitchen={"wine": 2}, krones=4), tiles=tiles),
        ),
        # 2 points (4 asked) and 1 drink (3 asked): no option can be taken fully.
        (
            "vocabulary-a",
            "no option",
            state(5, player(points=2, kitchen={"wine": 1}), tiles={**tiles, "B": "b-one-of-each"}),
        ),
        # A recorded return from the second café guest.
        (
            "vocabulary-a",
            "return from guest 1",
            state(
                5,
                player(krones=6, cafe=[{"coffee": 1}, {"coffee": 2}], choices={"return_items": "coffee@1"}),
                tiles=tiles,
            ),
        ),
        # Guest 3 is not there: refused, naming the legal ones.
        (
            "vocabulary-a",
            "return from no guest",
            state(
                5,
                player(krones=6, cafe=[{"coffee": 1}, {"coffee": 2}], choices={"return_items": "coffee@3"}),
                tiles=tiles,
            ),
        ),
        # Option 2 wants 2 wine: only option 1 is legal.
        (
            "vocabulary-a",
            "an option that cannot be taken",
            state(7, player(emperor=13, choices={"choose_one": 2}), tiles=tiles),
        ),
        # 3.1 then the next occupied room down its column (1.1), or 3.4 then 2.4: the policy picks.
        ("vocabulary-b", "column removal", state(7, player(hotel=hotel), tiles={**tiles, "C": "c-occupied-room"})),
        (
            "vocabulary-b",
            "column removal recorded",
            state(
                7,
                player(hotel=hotel, choices={"remove_rooms": ["3.1", "1.1"]}),
                tiles={**tiles, "C": "c-occupied-room"},
            ),
        ),
        (
            "vocabulary-b",
            "column removal off the column",
            state(
                7,
                player(hotel=hotel, choices={"remove_rooms": ["3.1", "2.4"]}),
                tiles={**tiles, "C": "c-occupied-room"},
            ),
        ),
        # 3 rooms in column 4 make the prefer part feasible; column 1 only 2 deep, and then 3 floors but 2 in a column.
        (
            "vocabulary-b",
            "column removal of 3",
            state(7, player(hotel=hotel, points=20), tiles={**tiles, "C": "c-free-staff"}),
        ),
        (
            "vocabulary-b",
            "column too short",
            state(
                7, player(hotel=[".....", "o....", "o....", "..o.."], points=20), tiles={**tiles, "C": "c-free-staff"}
            ),
        ),
    ]
    for bad in ("cake@x", "@0", "cake@", 5, ["wine", "wine@-1"]):
        made.append(("vocabulary-a", f"return_items {bad!r}", state(5, player(choices={"return_items": bad}))))
    for bad in (0, True, "1", None):
        made.append(("vocabulary-a", f"choose_one {bad!r}", state(5, player(choices={"choose_one": bad}))))
    return [{"rules": rules, "label": f"{rules}: {label}", "state": data} for rules, label, data in made]


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
            "-n",
            "0",
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


# Event texts that only the vocabulary's new parameters give (issue 21): the corpus must show each.
VOCABULARY_EVENTS = (
    " returns 1 ",  # a counted return, one item per decision
    " takes none of the options",  # choose_one declined, or no option can be taken fully
    " takes the other drawn cards into hand: ",  # draw_staff rest: hand
    " from hand on top of the deck",  # staff_to_deck_bottom to: top
    " has no more items to return",  # a counted return beyond what there is
    " items from the kitchen",  # a filtered return of all items (a dish or a drink only)
)


def vocabulary_covered(corpus: list[dict[str, Any]]) -> None:
    """The test rulesets' states meet every new parameter, decided by the policy and recorded."""
    results = [v["expected"]["result"] for v in corpus if v["rules"] in TEST_RULESETS and "result" in v["expected"]]
    texts = [e["text"] for r in results for e in r["events"]]
    for fragment in VOCABULARY_EVENTS:
        assert any(fragment in text for text in texts), fragment
    steps = [s for r in results for p in r["decisions"] for s in p["steps"]]
    for key in ("return_items", "choose_one", "choose_items", "remove_rooms", "play_staff", "hand_to_deck"):
        for how in ("policy", "recorded"):
            assert any(s["key"] == key and s["how"] == how for s in steps), (key, how)
    assert any(s["key"] == "choose_one" and s["value"] is None and s["how"] == "recorded" for s in steps)
    assert any(s["key"] == "return_items" and "@" in s["value"] for s in steps)  # from a café guest
    assert any(s["key"] == "choose_one" and s["how"] == "recorded" and s["value"] == 2 for s in steps)


def expressions_covered(corpus: list[dict[str, Any]]) -> None:
    """Every expression a condition compares or a final-scoring source counts (issue 41) is told in some result
    of its ruleset's states (an event, a final line): the pad's engine is compared with Python's where it works
    expressions out (their amounts: the same states' totals)."""
    told: dict[str, list[str]] = {}
    for vector in corpus:
        if vector.get("language", "en") == "en" and "result" in vector["expected"]:
            told.setdefault(vector["rules"], []).append(json.dumps(vector["expected"]["result"], ensure_ascii=False))
    compared = 0
    for rules, source in TEST_RULESETS.items():
        for words in expression_names(load_one(shipped_workspace(), source), english()).values():
            compared += 1
            said = (words, words[:1].upper() + words[1:])  # a final line opens with the words
            assert any(form in text for text in told[rules] for form in said), (rules, words)
    assert compared >= 5  # effect-samples and invented-arithmetic compare one each; invented-final counts 3


def explanations_covered(results: list[dict[str, Any]]) -> None:
    """The corpus meets every kind of final-scoring line and of tie the explanation has."""
    entries = [entry for r in results for entry in r.get("final", [])]
    staff = [line for entry in entries for line in entry["details"].get("staff", [])]
    assert any(line["copies"] is not None for line in staff), "a Secretary's copy"
    assert any(line["copies"] is None and line["per"] is None for line in staff), "a Secretary with nothing to copy"
    assert any("points_floor" in entry["details"] for entry in entries)
    texts = [tie["text"] for r in results for tie in r.get("ties", [])]
    for fragment in (" wins the tie-breaker ", " places 3rd", " share 2nd place", " they share 3rd place"):
        assert any(fragment in text for text in texts), fragment


def test_crosscheck_javascript_against_python(tmp_path: Path) -> None:
    node_binary = node()
    vectors = random_vectors()
    scenarios = scenario_vectors(tmp_path)
    assert len(vectors) >= 500 and len(scenarios) >= 100
    corpus = vectors + scenarios + vocabulary_vectors()
    # The same states told in German (every third, and every vocabulary state): the pad's events and details
    # come from the same phrase tables as the module's.
    corpus += [
        {**vector, "label": f"{vector['label']} (de)", "language": "de"}
        for index, vector in enumerate(corpus)
        if index % 3 == 0 or vector["rules"] in TEST_RULESETS
    ]
    for vector in corpus:
        vector["expected"] = expected(vector["state"], vector["rules"], vector.get("language", "en"))
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
    vocabulary_covered(corpus)
    expressions_covered(corpus)
    explanations_covered(results)
    german = [v["expected"]["result"] for v in corpus if v.get("language") == "de" and "result" in v["expected"]]
    said = [e["text"] for r in german for e in r["events"]] + [t["text"] for r in german for t in r.get("ties", [])]
    for fragment in (
        " erhält die Belohnung des Plättchens ",
        " gibt 1 ",
        " wählt keine der Möglichkeiten",
        " teilen sich den ",
    ):
        assert any(fragment in text for text in said), fragment
    (tmp_path / "vectors.json").write_text(json.dumps(corpus), encoding="utf-8")
    print(f"cross-check corpus: {len(vectors)} random + {len(scenarios)} scenario states, {len(steps)} decisions")
    pads = tmp_path / "pads"
    pads.mkdir()
    for rules, source in RULESETS.items():
        (pads / f"{rules}.html").write_bytes(generate_page(load_one(shipped_workspace(), source)))
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


def test_the_pads_refuse_only_what_they_say() -> None:
    """A discovered ruleset the pad cannot be made for is refused by name, with the reason PAD_REFUSES gives
    (none today); every other one makes a page (the cross-check scores its states)."""
    for name, source in discovered().items():
        if name in PAD_REFUSES:
            with pytest.raises((JsCodegenError, MissingKind), match=PAD_REFUSES[name]):
                generate_page(load_one(shipped_workspace(), source))
    assert set(RULESETS) | set(PAD_REFUSES) == set(discovered())


def score_with_pad(tmp_path: Path, ruleset: ir.Ruleset, state: dict[str, Any]) -> dict[str, Any]:
    """One state scored by a ruleset's score pad under node (its result as plain JSON)."""
    (tmp_path / "pad.html").write_bytes(generate_page(ruleset))
    (tmp_path / "state.json").write_text(json.dumps(state), encoding="utf-8")
    script = (
        f"const {{ engineFromPage, plain }} = require({json.dumps(str(JS_TESTS / 'engine.js'))});"
        f"const engine = engineFromPage({json.dumps(str(tmp_path / 'pad.html'))});"
        f"const state = JSON.parse(require('node:fs').readFileSync({json.dumps(str(tmp_path / 'state.json'))}, 'utf8'));"
        "process.stdout.write(JSON.stringify(plain(engine.scoreGame(state))));"
    )
    run = subprocess.run([node(), "-e", script], capture_output=True, text=True, timeout=60, check=True)
    result: dict[str, Any] = json.loads(run.stdout)
    return result


def test_a_counted_return_of_any_item_returns_items(tmp_path: Path) -> None:
    """Two of the 3 items in the kitchen go back (the kind held most first: wine, then cake, first of a tie),
    in the pad as in the Python module (whose generator once passed no item at all as the filter)."""
    variant = tmp_path / "counted.yaml"
    variant.write_text(
        "extends: base\nname: counted-return\ntiles:\n  a-two-items:\n    penalty:\n      effects:\n"
        "        - {kind: return_items, from: [kitchen], count: 2}\n",
        encoding="utf-8",
    )
    ruleset = load_one(shipped_workspace(), str(variant))
    game = state(
        3, player(kitchen={"cake": 1, "wine": 2}), tiles={"A": "a-two-items", "B": "b-krones", "C": "c-points"}
    )
    pad = score_with_pad(tmp_path, ruleset, game)
    assert pad["state"]["players"][0]["kitchen"] == {"strudel": 0, "cake": 0, "wine": 1, "coffee": 0}
    assert pad["decisions"][0]["choices"] == {"return_items": ["wine", "cake"]}
    python = load_scoring_module(ruleset).score_game(copy.deepcopy(game))
    assert json.loads(json.dumps(python)) == pad


def test_javascript_runtime_unit_tests(tmp_path: Path) -> None:
    # The English words the runtime's events are told in (its hand-made rules name no ruleset's quantities: all).
    language = english()
    words = score_words(load_one(shipped_workspace(), "base"), language)
    words["quantities"] = {q: language.say(f"sheet.quantity.{q}.total") for q in ir.QUANTITIES}
    words["terms"] = {}  # the hand-made rules name their own cards
    (tmp_path / "words.json").write_text(json.dumps(words), encoding="utf-8")
    run = subprocess.run(
        [node(), "--test", str(JS_TESTS / "runtime.test.js")],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        env=dict(os.environ, GAH_WORDS=str(tmp_path / "words.json")),
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
