"""No engine can miss a quantity: every stage is held to the registry, ir.QUANTITIES (compiler/ir.py: SHORTHANDS).

Every test is parametrized over the registry (never a hand list), so a failing id names the quantity and the
stage. STAGES says whether each stage has the quantity: the fixtures (tests/helpers_quantities.py), both rules
schemas, the Python runtime's q_<quantity>, the pad's engine (QUANTITIES of compiler/backends/js/runtime/
quantities.js), the batched kernels (a Q_ code and its branch in own_quantity, which raises on a code it has no
branch for), the oracle (tests/oracle/quantities.py) and the phrases of sheets, gah diff and gah show in English
and German. Then each engine counts the quantity on its fixture, a state where the hand-worked value is
distinctive (no other quantity gives it there), through the `quantity-samples` ruleset (base with a final-scoring
source per quantity): the Python runtime, the generated module's source, the pad's engine, the kernels (with the
code the encoder gives) and the oracle.
"""

from __future__ import annotations

import ast
import atexit
import inspect
import json
import shutil
import subprocess
import tempfile
import textwrap
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from gah import ir
from gah.backends.batched import record, tables
from gah.backends.batched.convert import arrays_of
from gah.backends.batched.quantities import own_quantity, quantity
from gah.backends.js.page import generate_page
from gah.backends.python.runtime import quantities as runtime
from gah.project import load_one
from gah.words.effects import Speaker
from gah.words.text import Words, plain
from helpers_quantities import DISTINCT_EXCEPT, FIXTURES, quantity_samples_ruleset, source_id
from helpers_rules import ROOT, shipped_workspace
from helpers_scoring import module
from oracle.quantities import COUNTS
from test_js_backend import node

REGISTRY = ir.QUANTITIES


def fixture(name: str) -> Any:
    """The quantity's fixture; a registered quantity without one fails here, by name."""
    assert name in FIXTURES, f"the fixtures (tests/helpers_quantities.py: FIXTURES) have none for {name}"
    return FIXTURES[name]


@cache
def samples() -> ir.Ruleset:
    return load_one(shipped_workspace(), str(quantity_samples_ruleset()))


@cache
def samples_tables() -> tables.ScoringTables:
    return tables.compile_tables(samples())


def schema_names(file: str) -> list[str]:
    """The quantity names a rules schema allows (its quantity_name enum)."""
    schema = json.loads((ROOT / "schemas" / file).read_text(encoding="utf-8"))
    names: list[str] = schema["definitions"]["quantity_name"]["enum"]
    return names


@cache
def words(language: str) -> Words:
    return Words(language)


def has_words(language: str, name: str) -> bool:
    """Whether the language file has the three phrases of the quantity (quantity.<name>.per, .one and .total)."""
    return all(words(language).has(f"quantity.{name}.{form}") for form in ("per", "one", "total"))


def has_kernel_branch(name: str) -> bool:
    """A named code Q_<NAME> equal to the quantity's code, and an own_quantity branch comparing it."""
    constant = f"Q_{name.upper()}"
    named = name in tables.QUANTITY_CODES and getattr(tables, constant, None) == tables.QUANTITY_CODES[name]
    return named and constant in compared_codes(own_quantity)


# Each stage that must know every registered quantity, and whether it knows one. The tests below also count
# each fixture on each engine; test_a_new_quantity_is_missing_from_every_stage shows each check can fail.
STAGES: dict[str, Callable[[str], bool]] = {
    "the fixtures (tests/helpers_quantities.py: FIXTURES)": lambda name: name in FIXTURES,
    "the rules schema (schemas/ruleset.schema.json: quantity_name)": lambda name: (
        name in schema_names("ruleset.schema.json")
    ),
    "the variant schema (schemas/variant.schema.json: quantity_name)": lambda name: (
        name in schema_names("variant.schema.json")
    ),
    "the Python runtime (compiler/backends/python/runtime/quantities.py: q_<quantity>)": lambda name: hasattr(
        runtime, f"q_{name}"
    ),
    "the pad's engine (compiler/backends/js/runtime/quantities.js: QUANTITIES)": lambda name: (
        name in javascript()["names"]
    ),
    "the batched kernels (compiler/backends/batched/quantities.py: own_quantity)": has_kernel_branch,
    "the oracle (tests/oracle/quantities.py: COUNTS)": lambda name: name in COUNTS,
    "the English words (rules/languages/en.yaml: quantity.<quantity>.per, .one, .total)": lambda name: has_words(
        "en", name
    ),
    "the German words (rules/languages/de.yaml: quantity.<quantity>.per, .one, .total)": lambda name: has_words(
        "de", name
    ),
}


@pytest.mark.parametrize("stage", STAGES)
@pytest.mark.parametrize("name", REGISTRY)
def test_every_stage_has_the_quantity(name: str, stage: str) -> None:
    assert STAGES[stage](name), f"{stage} has no {name}"


def test_a_new_quantity_is_missing_from_every_stage() -> None:
    """A name added to the registry alone (parametrizing every test above) fails each stage's check."""
    assert [stage for stage, has in STAGES.items() if has("guests_served")] == []
    assert [stage for stage, has in STAGES.items() if not has("krones")] == []


def test_the_fixtures_are_the_registry() -> None:
    assert sorted(FIXTURES) == sorted(REGISTRY)


@pytest.mark.parametrize("name", REGISTRY)
def test_each_fixture_is_distinctive(name: str) -> None:
    """On its fixture the quantity's value is that of no other quantity (the oracle counts them all)."""
    anna = fixture(name).state()["players"][0]
    same = [other for other, count in COUNTS.items() if other != name and count(anna) == fixture(name).value]
    assert set(same) <= DISTINCT_EXCEPT.get(name, set()), f"{name}'s fixture gives its value to {same} too"


@pytest.mark.parametrize("name", REGISTRY)
def test_the_oracle_counts_it(name: str) -> None:
    assert COUNTS[name](fixture(name).state()["players"][0]) == fixture(name).value


@pytest.mark.parametrize("name", REGISTRY)
def test_the_python_runtime_counts_it(name: str) -> None:
    mod = module(str(quantity_samples_ruleset()))
    game = mod.new_game(fixture(name).state())
    assert getattr(mod, f"q_{name}")(game, game.players[0]) == fixture(name).value


@pytest.mark.parametrize("name", REGISTRY)
def test_the_generated_modules_final_scoring_counts_it(name: str) -> None:
    """The module's own function of its per-quantity source (a q_ call, or the count written out)."""
    mod = module(str(quantity_samples_ruleset()))
    game = mod.new_game(fixture(name).state())
    source = getattr(mod, "final_" + source_id(name).replace("-", "_"))
    assert source(game, game.players[0]) == fixture(name).value


@cache
def javascript() -> dict[str, Any]:
    """What the pad of `quantity-samples` says: its QUANTITIES' names, and each fixture's count (None: no entry)."""
    folder = Path(tempfile.mkdtemp(prefix="gah-quantities-pad-"))
    atexit.register(shutil.rmtree, folder, True)
    (folder / "pad.html").write_bytes(generate_page(samples()))
    states = {name: fixture.state() for name, fixture in FIXTURES.items()}
    (folder / "states.json").write_text(json.dumps(states), encoding="utf-8")
    script = textwrap.dedent(
        f"""
        const {{ engineFromPage }} = require({json.dumps(str(ROOT / "tests" / "js" / "engine.js"))});
        const engine = engineFromPage({json.dumps(str(folder / "pad.html"))});
        const states = JSON.parse(require("node:fs").readFileSync({json.dumps(str(folder / "states.json"))}, "utf8"));
        const values = {{}};
        for (const [name, state] of Object.entries(states)) {{
          const game = engine.readGame(engine.RULES, state);
          const count = engine.QUANTITIES[name];
          values[name] = count === undefined ? null : count(game, game.players[0]);
        }}
        process.stdout.write(JSON.stringify({{ names: Object.keys(engine.QUANTITIES), values }}));
        """
    )
    run = subprocess.run([node(), "-e", script], capture_output=True, text=True, timeout=120, check=True)
    result: dict[str, Any] = json.loads(run.stdout)
    return result


@pytest.mark.parametrize("name", REGISTRY)
def test_the_pads_engine_counts_it(name: str) -> None:
    pad = javascript()
    assert pad["values"][name] == fixture(name).value


def compared_codes(kernel: Any) -> set[str]:
    """The Q_ constants a kernel's source compares with `==` (its if chain's branches)."""
    source = textwrap.dedent(inspect.getsource(getattr(kernel, "py_func", kernel)))
    found = set()
    for node_ in ast.walk(ast.parse(source)):
        if isinstance(node_, ast.Compare) and all(isinstance(o, ast.Eq) for o in node_.ops):
            found |= {side.id for side in (node_.left, *node_.comparators) if isinstance(side, ast.Name)}
    return {name for name in found if name.startswith("Q_")}


@pytest.mark.parametrize("name", REGISTRY)
def test_the_batched_kernels_count_it(name: str) -> None:
    """The count with the code the encoder gives the quantity-samples source (the kernels raise on a code they
    have no branch for)."""
    ruleset, mod, t = samples(), module(str(quantity_samples_ruleset())), samples_tables()
    code = tables.table(t, "final_quantity")[[s.id for s in ruleset.final_scoring].index(source_id(name))]
    arrays = arrays_of(ruleset, [mod.new_game(fixture(name).state())])
    rec = record.new_record(arrays)
    record.load_record(arrays, 0, 0, rec)
    assert quantity(t, rec, int(code)) == fixture(name).value


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("name", REGISTRY)
def test_the_words_say_it(name: str, language: str) -> None:
    """The phrases sheets, gah diff, gah show and the pads' final scoring read (quantity.<name>.per, .one after
    the number 1, .total)."""
    speaker = Speaker(words(language), samples().items)
    quantity = ir.shorthand(name)
    for phrase in (speaker.per(quantity), speaker.after(quantity, 1), speaker.total(quantity)):
        text = plain(phrase)
        assert text and "{" not in text and "_" not in text and text == text.strip(), (language, name, text)


def test_an_unknown_quantity_code_raises_in_the_kernels() -> None:
    """A code without a branch is an error where it is counted, never another quantity's count (the chain once
    fell through to the Emperor position); so are a filtered count of a kind and a read of other players of a
    `whose` the kernels do not know."""
    ruleset, t = samples(), samples_tables()
    arrays = arrays_of(ruleset, [module(str(quantity_samples_ruleset())).new_game(FIXTURES["krones"].state())])
    rec = record.new_record(arrays)
    record.load_record(arrays, 0, 0, rec)
    with pytest.raises(ValueError, match="a quantity code the batched kernels have no branch for"):
        own_quantity(t, rec, -1)
    counts = load_one(shipped_workspace(), str(ROOT / "tests" / "data" / "variants" / "invented-counts.yaml"))
    filtered = tables.compile_tables(counts)
    data = filtered.data.copy()
    data[data[tables.A_QUANTITY_ROWS] + tables.QROW_WHAT] = len(tables.COUNTS)  # row 0's `what`: no count
    with pytest.raises(ValueError, match="a filtered count the batched kernels have no branch for"):
        quantity(tables.ScoringTables(filtered.ops, data), rec, tables.FILTERED_FROM)
    others = load_one(shipped_workspace(), str(ROOT / "tests" / "data" / "variants" / "invented-others.yaml"))
    read = tables.compile_tables(others)
    data = read.data.copy()
    data[data[tables.A_OTHER_ROWS] + tables.OROW_WHOSE] = len(tables.WHOSE)  # row 0's `whose`: nobody's
    with pytest.raises(ValueError, match="a read of other players the batched kernels have no branch for"):
        quantity(tables.ScoringTables(read.ops, data), rec, tables.OTHERS_FROM)
