"""One dispatch style for effect kinds: every stage's `ByKind` table has one function per kind.

A new effect kind added to compiler/ir.py (EFFECT_KINDS) fails here, naming each stage that lacks it,
until the front end, the Python backend, the JavaScript backend, the policy facts, the batched backend's
tables and the sheets all handle it; and every sample of tests/effect_samples.py then goes through every stage.
"""

from __future__ import annotations

import ast
import dataclasses

import pytest
from effect_samples import SAMPLES, every_sample

import compiler.backends.batched.tables
import compiler.backends.js.effects
import compiler.backends.policy_facts
import compiler.backends.python.effects
import compiler.frontend.lower_effects
import compiler.sheets.effects  # noqa: F401  (each stage module registers its tables on import)
from compiler import ir
from compiler.dispatch import ByKind, MissingKind
from compiler.sheets.effects import Speaker
from compiler.sheets.text import Words, plain

STAGES = {
    "the front end (compiler/frontend/lower_effects.py: LOWER)",
    "the front end (compiler/frontend/lower_effects.py: CONSUMES)",
    "the front end (compiler/frontend/lower_effects.py: GIVES)",
    "the Python backend (compiler/backends/python/effects.py: LINES)",
    "the Python backend (compiler/backends/python/effects.py: FEASIBLE)",
    "the JavaScript backend (compiler/backends/js/effects.py: STATEMENT)",
    "the JavaScript backend (compiler/backends/js/effects.py: FEASIBLE)",
    "the policy facts (compiler/backends/policy_facts.py: TRAITS)",
    "the batched backend (compiler/backends/batched/tables.py: ENCODE)",
    "the sheets (compiler/sheets/effects.py: RENDERERS)",
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
    from compiler.backends.python.effects import effect_lines, feasible

    ast.parse("\n".join(effect_lines(effect)))  # statements
    ast.parse(feasible(effect), mode="eval")  # an expression


@pytest.mark.parametrize(
    ("kind", "effect"), every_sample(), ids=[f"{k}-{i}" for i, (k, _) in enumerate(every_sample())]
)
def test_every_sample_has_english(kind: str, effect: ir.Effect) -> None:
    from helpers_rules import ruleset

    text = plain(Speaker(Words(), ruleset("base").items).effect(effect))
    assert text and "{" not in text and "[[" not in text and "  " not in text


@pytest.mark.parametrize(
    ("kind", "effect"), every_sample(), ids=[f"{k}-{i}" for i, (k, _) in enumerate(every_sample())]
)
def test_every_sample_goes_through_the_batched_tables(kind: str, effect: ir.Effect) -> None:
    """Each sample is one row of its kind's opcode (a choice's options: programs of their own)."""
    from helpers_rules import ruleset

    from compiler.backends.batched import tables

    encoder = tables.Encoder(ruleset("base"))
    first, end = encoder.progs[encoder.program((effect,))]
    assert end == first + 1 and len(encoder.rows[first]) == tables.ROW
    assert encoder.rows[first][0] == getattr(tables, "OP_" + BATCHED_OPS.get(kind, kind).upper())
    if isinstance(effect, ir.ChooseOne):
        assert len(encoder.progs) == 1 + len(effect.options)


# The batched opcodes whose names are not their kinds' names.
BATCHED_OPS = {
    "staff_to_deck_bottom": "staff_to_deck",
    "occupy_vacant_rooms": "occupy_vacant",
    "points_per_quantity": "points_per",
    "play_staff_from_hand": "play_from_hand",
    "remove_hired_staff": "remove_hired",
    "advance_emperor": "advance",
}
