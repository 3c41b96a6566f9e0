"""One dispatch style for effect kinds: every stage's `ByKind` table has one function per kind.

A new effect kind added to compiler/ir.py (EFFECT_KINDS) fails here, naming each stage that lacks it,
until the front end, the call shapes (whose kinds the Python and JavaScript backends then spell), the Python backend, the JavaScript backend, the policy facts, the batched backend's
tables and kernels and the sheets all handle it; and every sample of tests/effect_samples.py then goes through
every stage. The batched kernels are if/elif chains on opcodes (numba calls no Python dict): their tables name
the kernel of each kind, and each such kernel must compare the opcode ENCODE gives the kind's samples.
"""

from __future__ import annotations

import ast
import dataclasses
import inspect
import re
import textwrap
from typing import Any

import gah.backends.batched.effects
import gah.backends.batched.tables
import gah.backends.call_shapes
import gah.backends.js.effects
import gah.backends.policy_facts
import gah.backends.python.effects
import gah.frontend.lower_effects
import gah.words.effects  # noqa: F401  (each stage module registers its tables on import)
import helpers_samples  # noqa: F401  (the samples' rules data: a table of its own)
import pytest
from effect_samples import SAMPLES, every_sample
from gah import ir
from gah.dispatch import ByKind, MissingKind
from gah.errors import GahError
from gah.words.effects import Speaker
from gah.words.text import Words, plain

STAGES = {
    "the front end (compiler/frontend/lower_effects.py: LOWER)",
    "the front end (compiler/frontend/lower_effects.py: CONSUMES)",
    "the front end (compiler/frontend/lower_effects.py: GIVES)",
    "the call shapes (compiler/backends/call_shapes.py: SHAPE)",
    "the call shapes (compiler/backends/call_shapes.py: TEST)",
    "the Python backend (compiler/backends/python/effects.py: LINES)",
    "the Python backend (compiler/backends/python/effects.py: FEASIBLE)",
    "the JavaScript backend (compiler/backends/js/effects.py: STATEMENT)",
    "the JavaScript backend (compiler/backends/js/effects.py: FEASIBLE)",
    "the policy facts (compiler/backends/policy_facts.py: TRAITS)",
    "the batched backend (compiler/backends/batched/tables.py: ENCODE)",
    "the batched backend (compiler/backends/batched/tables.py: READS_POINTS)",
    "the batched kernels (compiler/backends/batched/effects.py: RUN)",
    "the batched kernels (compiler/backends/batched/effects.py: FEASIBLE)",
    "the words (compiler/words/effects.py: RENDERERS)",
    "the samples' rules data (tests/helpers_samples.py: DATA)",
}


def test_every_stage_has_a_table() -> None:
    assert {table.stage for table in ByKind.tables} >= STAGES


@pytest.mark.parametrize("stage", sorted(STAGES))
def test_every_stage_handles_every_effect_kind(stage: str) -> None:
    table = next(t for t in ByKind.tables if t.stage == stage)
    assert table.missing() == [], f"{stage} lacks a function for these effect kinds"


def test_every_kind_has_samples() -> None:
    assert set(SAMPLES) == set(ir.EFFECT_KINDS)
    for kind, effect in every_sample():
        assert ir.effect_kind(effect) == kind


def test_a_new_kind_is_missing_from_every_stage(monkeypatch: pytest.MonkeyPatch) -> None:
    @dataclasses.dataclass(frozen=True)
    class Teleport:
        spaces: int

    monkeypatch.setitem(ir.EFFECT_KINDS, "teleport", Teleport)
    for table in ByKind.tables:
        assert "teleport" in table.missing(), table.stage
        with pytest.raises(MissingKind, match="Teleport"):
            table.of(Teleport(3))


def test_a_second_function_for_a_kind_is_refused() -> None:
    table: ByKind[object] = ByKind("a test stage")
    try:
        table.on(ir.GainKrones)(print)
        with pytest.raises(MissingKind, match="two functions"):
            table.on(ir.GainKrones)(print)
        with pytest.raises(MissingKind, match="not an effect kind"):
            table.on(int)
    finally:
        ByKind.tables.remove(table)


@pytest.mark.parametrize(
    ("kind", "effect"), every_sample(), ids=[f"{k}-{i}" for i, (k, _) in enumerate(every_sample())]
)
def test_every_sample_goes_through_the_python_backend(kind: str, effect: ir.Effect) -> None:
    from gah.backends.python.effects import effect_lines, feasible

    ast.parse("\n".join(effect_lines(effect)))  # statements
    ast.parse(feasible(effect), mode="eval")  # an expression


@pytest.mark.parametrize(
    ("kind", "effect"), every_sample(), ids=[f"{k}-{i}" for i, (k, _) in enumerate(every_sample())]
)
def test_every_sample_has_english(kind: str, effect: ir.Effect) -> None:
    from helpers_rules import ruleset

    base = ruleset("base")
    text = plain(Speaker(Words(), base.items, base.resources).effect(effect))
    assert text and "{" not in text and "[[" not in text and "  " not in text


@pytest.mark.parametrize(
    ("kind", "effect"), every_sample(), ids=[f"{k}-{i}" for i, (k, _) in enumerate(every_sample())]
)
def test_every_sample_goes_through_the_batched_tables(kind: str, effect: ir.Effect) -> None:
    """Each sample is one row of its kind's opcode (a choice's options: programs of their own); a kind the
    kernels cannot play yet is refused by the encoder, with the reason gah compare gives."""
    from gah.backends.batched import ops, tables
    from helpers_rules import ruleset

    encoder = tables.Encoder(ruleset("base"))
    if kind in KERNELS_REFUSE:
        with pytest.raises(GahError, match=re.escape(KERNELS_REFUSE[kind])):
            encoder.program((effect,))
        return
    first, end = encoder.progs[encoder.program((effect,))]
    assert end == first + 1 and len(encoder.rows[first]) == tables.ROW
    assert encoder.rows[first][0] == getattr(ops, "OP_" + BATCHED_OPS.get(kind, kind).upper())
    if isinstance(effect, ir.ChooseOne):
        assert len(encoder.progs) == 1 + len(effect.options)


# The kinds the batched kernels cannot play yet, with the refusal every ruleset holding one gets (the lab plays
# such rulesets on its pure path; tests/helpers_discovery.py: BATCHED_REFUSES).
KERNELS_REFUSE = {"for_players": "for_players: the kernels apply effects to the resolving player's record only"}

# The batched opcodes whose names are not their kinds' names.
BATCHED_OPS = {
    "staff_to_deck_bottom": "staff_to_deck",
    "occupy_vacant_rooms": "occupy_vacant",
    "points_per_quantity": "points_per",
    "play_staff_from_hand": "play_from_hand",
    "remove_hired_staff": "remove_hired",
    "advance_emperor": "advance",
}


def opcode_name(effect: ir.Effect) -> str:
    """The name of the OP_ constant ENCODE gives an effect (in base)."""
    from gah.backends.batched import ops, tables
    from helpers_rules import ruleset

    encoder = tables.Encoder(ruleset("base"))
    first, _end = encoder.progs[encoder.program((effect,))]
    code = encoder.rows[first][0]
    return next(name for name in dir(ops) if name.startswith("OP_") and getattr(ops, name) == code)


def compared_opcodes(kernel: Any) -> set[str]:
    """The OP_ constants a kernel's source compares with `==` (its if/elif branches)."""
    source = textwrap.dedent(inspect.getsource(getattr(kernel, "py_func", kernel)))
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare) and all(isinstance(o, ast.Eq) for o in node.ops):
            for side in (node.left, *node.comparators):
                if isinstance(side, ast.Attribute) and side.attr.startswith("OP_"):
                    found.add(side.attr)
    return found


@pytest.mark.parametrize(
    ("kind", "effect"), every_sample(), ids=[f"{k}-{i}" for i, (k, _) in enumerate(every_sample())]
)
def test_every_samples_opcode_has_a_branch_in_the_kernels(kind: str, effect: ir.Effect) -> None:
    """The kernel that each of the kernels' tables names for the kind compares the kind's opcode: dropping a
    branch fails here, before any kernel runs (and at run time the kernel raises on the opcode)."""
    from gah.backends.batched import effects

    if kind in KERNELS_REFUSE:
        for table in (effects.RUN, effects.FEASIBLE):
            with pytest.raises(MissingKind, match="the encoder refuses it"):
                table.of(effect)()
        return
    name = opcode_name(effect)
    for table in (effects.RUN, effects.FEASIBLE):
        kernel = table.of(effect)
        assert name in compared_opcodes(kernel), f"{table.stage}: {kernel.__name__} has no branch for {name} ({kind})"


def test_every_opcode_is_some_samples() -> None:
    """No opcode without an effect kind that the encoder gives it (and so a sample and a kernel branch)."""
    from gah.backends.batched import ops

    declared = {name for name in dir(ops) if name.startswith("OP_")}
    assert declared == {opcode_name(effect) for kind, effect in every_sample() if kind not in KERNELS_REFUSE}


def test_compared_opcodes_reads_the_kernels_branches() -> None:
    from gah.backends.batched import effects

    assert compared_opcodes(effects.run_program) == {"OP_DRAW_STAFF", "OP_PLAY_FROM_HAND", "OP_CHOOSE_ONE", "OP_IF"}
    assert compared_opcodes(effects.feasible) == {"OP_CHOOSE_ONE", "OP_IF"}
    assert "OP_ADVANCE" in compared_opcodes(effects.simple_op)
    assert "OP_ADVANCE" in compared_opcodes(effects.row_feasible)
