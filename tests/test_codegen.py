"""The Python backend's building blocks: one generator per effect kind, safe literals and names."""

from __future__ import annotations

import ast
import dataclasses
import subprocess
import sys
from pathlib import Path

import pytest
from effect_samples import every_sample
from gah import ir
from gah.backends.codebuilder import CodeBuilder, comment, identifier, literal
from gah.backends.python.effects import effect_lines, feasible
from gah.dispatch import MissingKind
from hypothesis import given
from hypothesis import strategies as st


@pytest.mark.parametrize(
    ("name", "effect"), every_sample(), ids=[f"{k}-{i}" for i, (k, _) in enumerate(every_sample())]
)
def test_every_effect_kind_has_a_generator_and_a_feasibility_test(name: str, effect: ir.Effect) -> None:
    lines = effect_lines(effect)
    assert lines, name
    ast.parse("\n".join(lines))  # statements
    ast.parse(feasible(effect), mode="eval")  # an expression


def test_an_unknown_effect_is_an_error_not_a_placeholder() -> None:
    @dataclasses.dataclass(frozen=True)
    class Teleport:
        spaces: int

    with pytest.raises(MissingKind):
        effect_lines(Teleport(3))  # type: ignore[arg-type]
    with pytest.raises(MissingKind):
        feasible(Teleport(3))  # type: ignore[arg-type]


def test_prefer_tests_read_the_amounts() -> None:
    # a-krones: "lose 3 krones; fewer than 3 -> lose 5 points" (GAME-REFERENCE 2) needs krones >= 3.
    assert feasible(ir.LoseKrones(3)) == "player.krones >= 3"
    assert feasible(ir.StaffToDeckBottom(2)) == "len(player.hand) >= 2"
    # c-staff-points penalty: 2 per hired Staff, taken fully only with that many points.
    assert (
        feasible(ir.PointsPerQuantity(ir.shorthand("hired_staff"), -2))
        == "player.points >= 2 * q_hired_staff(game, player)"
    )


@given(st.text())
def test_any_text_becomes_a_literal_that_reads_back_unchanged(text: str) -> None:
    source = literal(text)
    assert "\n" not in source and "\r" not in source
    assert ast.literal_eval(source) == text


@given(st.text())
def test_a_comment_stays_on_one_line(text: str) -> None:
    line = comment(text)
    tree = ast.parse(f"{line}\nx = 1\n")
    assert len(tree.body) == 1  # nothing from the text became code
    assert len(line.splitlines()) == 1


@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(max_size=8),
        lambda inner: st.lists(inner, max_size=4).map(tuple) | st.dictionaries(st.text(max_size=5), inner, max_size=4),
        max_leaves=20,
    )
)
def test_folded_literals_read_back_unchanged(value: object) -> None:
    code = CodeBuilder()
    code.literal_line("VALUE = ", value, width=30)
    namespace: dict[str, object] = {}
    exec(code.text(), namespace)  # our own generated literal
    assert namespace["VALUE"] == value


@pytest.mark.parametrize("bad", ["a b", "x;y", "import os", "1abc", "a.b", "é"])
def test_identifiers_refuse_anything_but_validated_ids(bad: str) -> None:
    with pytest.raises(ValueError):
        identifier(bad)


def test_identifiers_from_ids() -> None:
    assert identifier("tile", "a-krones") == "tile_a_krones"


def test_generated_modules_are_as_ruff_formats_them(tmp_path: Path) -> None:
    """DESIGN: modules come out formatted. CI checks the shipped ones; this checks those of the test rulesets too
    (their long ids and new items stretch lines), straight from the generator."""
    from gah.backends.python.module import generate_module
    from gah.project import load_one
    from helpers_rules import ROOT, shipped_workspace

    names = [
        "base",
        *sorted(
            str(p) for p in (ROOT / "tests" / "data").glob("*/*.yaml") if p.parent.name in ("variants", "rulesets")
        ),
    ]
    for index, name in enumerate(names):
        (tmp_path / f"module_{index}.py").write_text(
            generate_module(load_one(shipped_workspace(), name)), encoding="utf-8"
        )
    ruff = Path(sys.executable).with_name("ruff")
    run = subprocess.run(
        [str(ruff), "format", "--check", "--isolated", "--line-length", "120", str(tmp_path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stdout + run.stderr
