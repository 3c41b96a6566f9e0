"""A mistyped ruleset name gets a did-you-mean wherever it is typed: every command that takes one, and a rules
file's `extends:` (issue 40, build 4)."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers_rules import run_gah

TYPED = {
    "sheet": ["sheet", "high-stake"],
    "score": ["score", "--rules", "high-stake", "examples/round7.yaml"],
    "compare": ["compare", "base", "high-stake", "--games", "1"],
    "sweep": ["sweep", "high-stake", "--vary", "emperor_scorings.7.move_back=5,6", "--games", "1"],
    "tune": ["tune", "high-stake", "--vary", "emperor_scorings.7.move_back=3..5", "--target", "penalty_r7=10%"],
    "diff": ["diff", "base", "high-stake"],
    "show": ["show", "high-stake"],
    "setup": ["setup", "high-stake", "--players", "Anna,Ben"],
}


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("names") / "hotel"
    assert run_gah("init", str(folder)).code == 0
    assert run_gah("new-variant", "high-stakes", cwd=folder).code == 0
    return folder


@pytest.mark.parametrize("command", sorted(TYPED))
def test_a_mistyped_ruleset_name_gets_the_closest_name(workspace: Path, command: str) -> None:
    run = run_gah(*TYPED[command], cwd=workspace)
    assert run.code == 1, run.err
    assert run.err.startswith(
        f"gah {command}: unknown ruleset 'high-stake' (did you mean 'high-stakes'?); known rulesets: base, "
    ), run.err


def test_a_name_like_none_gets_no_guess(workspace: Path) -> None:
    run = run_gah("show", "zzzz", cwd=workspace)
    assert run.code == 1 and run.err.startswith("gah show: unknown ruleset 'zzzz'; known rulesets: base, ")


def test_extends_gets_the_closest_name_at_its_line(workspace: Path) -> None:
    path = workspace / "rules" / "typo.yaml"
    path.write_text("extends: high-stake\nname: typo\ntitle: t\ndescription: d\n", encoding="utf-8")
    try:
        run = run_gah("check", "rules/typo.yaml", cwd=workspace)
    finally:
        path.unlink()
    assert run.code == 1
    assert run.err.startswith(
        "rules/typo.yaml:1:10: extends: unknown ruleset 'high-stake' (did you mean 'high-stakes'?); known rulesets: "
    ), run.err


def test_german_says_it_in_german(workspace: Path) -> None:
    run = run_gah("sheet", "high-stake", "--lang", "de", cwd=workspace)
    assert "unbekanntes Regelwerk 'high-stake' (meintest du 'high-stakes'?); bekannte Regelwerke: " in run.err


def test_new_variant_from_a_mistyped_parent_gets_the_closest_name(workspace: Path) -> None:
    run = run_gah("new-variant", "higher", "--from", "high-stake", cwd=workspace)
    assert run.code == 1 and not (workspace / "rules" / "higher.yaml").exists()
    assert run.err.startswith(
        "gah new-variant: --from: unknown ruleset 'high-stake' (did you mean 'high-stakes'?); known rulesets: base, "
    ), run.err
