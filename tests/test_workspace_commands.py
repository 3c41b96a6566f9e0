"""A workspace's example state scored from anywhere, and `gah lab-model` (a copy of the lab's model to edit)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from gah.workspace import with_setting
from helpers_rules import ROOT, run_gah

MODEL = "rules/lab/default.yaml"


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    run = run_gah("init", "table", cwd=tmp_path)
    assert run.code == 0, run.err
    return tmp_path / "table"


# --- gah score examples/round7.yaml, from anywhere ----------------------------------------------


def test_the_example_state_scores_alike_from_the_workspace_a_subfolder_and_outside(workspace: Path) -> None:
    inside = run_gah("score", "examples/round7.yaml", cwd=workspace)
    assert inside.code == 0, inside.err
    assert "1. Anna: 101 points" in inside.out  # the example's standings (tests/test_workspaces.py)
    (workspace / "notes").mkdir()
    below = run_gah("score", "../examples/round7.yaml", cwd=workspace / "notes")
    outside = run_gah("score", str(workspace / "examples" / "round7.yaml"), cwd=workspace.parent)
    assert (below.code, below.err, below.out) == (0, "", inside.out)
    assert (outside.code, outside.err, outside.out) == (0, "", inside.out)


def test_a_workspace_path_typed_in_a_subfolder_gets_a_hint(workspace: Path) -> None:
    (workspace / "notes").mkdir()
    run = run_gah("score", "examples/round7.yaml", cwd=workspace / "notes")
    assert run.code == 2
    assert (
        run.err.strip()
        == "gah score: no such file: examples/round7.yaml here; the workspace has ../examples/round7.yaml"
    )
    assert (
        run_gah("score", "nowhere.yaml", cwd=workspace / "notes").err.strip() == "gah score: no such file: nowhere.yaml"
    )


def test_outside_any_workspace_the_bundled_example_scores_by_absolute_path(tmp_path: Path) -> None:
    run = run_gah("score", str(ROOT / "examples" / "round7.yaml"), "--rules", "gentle-move-backs", cwd=tmp_path)
    assert run.code == 0, run.err
    here = run_gah("score", "examples/round7.yaml", "--rules", "gentle-move-backs")  # from the repository
    assert (here.code, run.out) == (0, here.out)
    assert "1. Anna: " in run.out


# --- gah lab-model --------------------------------------------------------------------------------


def _compare(workspace: Path) -> dict[str, object]:
    run = run_gah("compare", "base", "house-rules", "--games", "30", "--workers", "1", "--json", cwd=workspace)
    assert run.code == 0, run.err
    data: dict[str, object] = json.loads(run.out)
    return data


def _mean_total(report: dict[str, object]) -> float:
    rulesets = report["rulesets"]
    assert isinstance(rulesets, list)
    mean: float = rulesets[0]["final_total"]["mean"]
    return mean


def test_lab_model_copies_the_model_sets_gah_toml_and_compare_uses_the_copy(workspace: Path) -> None:
    bundled = _compare(workspace)
    run = run_gah("lab-model", cwd=workspace / "rules")  # from a subfolder: still the workspace's rules/lab/
    assert run.code == 0, run.err
    assert run.out.splitlines()[1] == f'set lab_model = "{MODEL}" in gah.toml: gah compare and gah sweep use the copy'
    copy = workspace / MODEL
    original = (ROOT / MODEL).read_text(encoding="utf-8")
    assert copy.read_text(encoding="utf-8") == original  # rules/lab/ in the workspace: the schema line fits as is
    config = (workspace / "gah.toml").read_text(encoding="utf-8")
    assert f'\nlab_model = "{MODEL}"\n' in config and 'lab_model = ""' not in config
    assert run_gah("check", cwd=workspace).out.splitlines()[0] == f"ok  lab model {MODEL}"
    same = _compare(workspace)
    assert same["model"] == {**bundled["model"], "file": MODEL}  # type: ignore[dict-item]
    assert _mean_total(same) == _mean_total(bundled)
    # Richer turns in the copy (every round's points drawn 20 instead of 8-20) raise every total.
    text = original.replace("  points: {8: 1, 10: 2, 12: 3, 14: 3, 16: 2, 18: 1, 20: 1}", "  points: {20: 1}")
    assert text != original
    copy.write_text(text, encoding="utf-8")
    assert _mean_total(_compare(workspace)) > _mean_total(bundled) + 20


def test_lab_model_refuses_to_overwrite_unless_forced(workspace: Path) -> None:
    assert run_gah("lab-model", cwd=workspace).code == 0
    (workspace / MODEL).write_text("# mine\n", encoding="utf-8")
    again = run_gah("lab-model", cwd=workspace)
    assert again.code == 1 and again.out == ""
    assert again.err == f"gah lab-model: {MODEL} exists (use --force to overwrite)\n"
    assert (workspace / MODEL).read_text(encoding="utf-8") == "# mine\n"
    forced = run_gah("lab-model", "--force", cwd=workspace)
    assert forced.code == 0, forced.err
    assert forced.out.splitlines()[1] == "gah.toml already names it: gah compare and gah sweep use it"
    assert (workspace / MODEL).read_text(encoding="utf-8") == (ROOT / MODEL).read_text(encoding="utf-8")


def test_lab_model_leaves_a_model_gah_toml_already_names(workspace: Path) -> None:
    (workspace / "gah.toml").write_text('lab_model = "rules/lab/mine.yaml"\n', encoding="utf-8")
    run = run_gah("lab-model", "-o", "rules/lab/other.yaml", cwd=workspace)
    assert run.code == 0, run.err
    assert run.out.splitlines()[1] == (
        "gah.toml names 'rules/lab/mine.yaml', which gah compare keeps using; "
        'to use the copy, write there: lab_model = "rules/lab/other.yaml"'
    )
    assert (workspace / "gah.toml").read_text(encoding="utf-8") == 'lab_model = "rules/lab/mine.yaml"\n'
    first = (workspace / "rules" / "lab" / "other.yaml").read_text(encoding="utf-8").splitlines()[0]
    assert first == "# yaml-language-server: $schema=../../schemas/lab-model.schema.json"


def test_lab_model_elsewhere_in_the_workspace_points_its_schema_line_at_schemas(workspace: Path) -> None:
    run = run_gah("lab-model", "-o", "model.yaml", cwd=workspace)
    assert run.code == 0, run.err
    first = (workspace / "model.yaml").read_text(encoding="utf-8").splitlines()[0]
    assert first == "# yaml-language-server: $schema=schemas/lab-model.schema.json"
    assert 'lab_model = "model.yaml"' in (workspace / "gah.toml").read_text(encoding="utf-8")


def test_outside_a_workspace_lab_model_needs_a_path_and_says_how_to_use_it(tmp_path: Path) -> None:
    bare = run_gah("lab-model", cwd=tmp_path)
    assert bare.code == 1 and "no workspace here: run gah init" in bare.err
    run = run_gah("lab-model", "-o", "m.yaml", cwd=tmp_path)
    assert run.code == 0, run.err
    assert (
        run.out.splitlines()[1] == "it is outside any workspace's gah.toml: use it with gah compare A B --model m.yaml"
    )
    assert (tmp_path / "m.yaml").is_file()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            'paper = "a4"\nlab_model = ""  # the bundled one\n',
            'paper = "a4"\nlab_model = "m.yaml"  # the bundled one\n',
        ),
        ('paper = "a4"', 'paper = "a4"\nlab_model = "m.yaml"\n'),
        ("", 'lab_model = "m.yaml"\n'),
        ('lab_model = "x.yaml"\n', None),  # the user's choice stays
        ('"lab_model" = ""\n', None),  # written in a form the edit does not recognise: left to the user
        ("[section]\nz = 1\n", None),  # an appended line would land in the table
        ("not toml =", None),
    ],
)
def test_with_setting_fills_in_an_empty_or_missing_key_and_nothing_else(text: str, expected: str | None) -> None:
    assert with_setting(text, "lab_model", "m.yaml") == expected
