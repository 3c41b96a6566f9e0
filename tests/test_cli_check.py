"""`gah check` and `gah new-variant` from the command line: output, exit codes, files written."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from gah.errors import SourceRegistry
from gah.frontend.loader import load_file
from gah.frontend.rulesets import Workspace
from gah.project import load_one
from helpers_rules import ROOT, copy_project, ruleset, run_gah, run_gah_process, shipped_rule_files
from jsonschema import Draft7Validator

SHIPPED = sorted(p.stem for p in shipped_rule_files())


# --- gah check ---------------------------------------------------------------------------------


def test_check_all_shipped_rules_exits_0_with_one_line_per_ruleset() -> None:
    run = run_gah_process("check")
    assert run.code == 0, run.err
    assert run.err == ""
    all_lines = run.out.splitlines()
    # The variant-lab game models get a line of their own.
    assert [line for line in all_lines if line.startswith("ok  lab model ")] == ["ok  lab model rules/lab/default.yaml"]
    lines = [line for line in all_lines if not line.startswith("ok  lab model ")]
    assert len(lines) == len(SHIPPED)
    for line, name in zip(lines, SHIPPED, strict=True):
        assert line.startswith(f"ok  {name} ")
    base_line = next(line for line in lines if line.split()[1] == "base")
    assert "root ruleset" in base_line
    assert "12 tiles (A:4, B:4, C:4), 48 Staff, Emperor scorings after rounds 3/5/7, track 0-13" in base_line
    gentle = next(line for line in lines if line.split()[1] == "gentle-draft")
    assert "extends gentle-move-backs; changes setup" in gentle


def test_check_named_files_prints_only_those() -> None:
    run = run_gah("check", "rules/variants/long-track.yaml", "rules/variants/mild-cafe.yaml")
    assert run.code == 0, run.err
    assert [line.split()[1] for line in run.out.splitlines()] == ["long-track", "mild-cafe"]
    assert "changes emperor_track" in run.out and "track 0-15" in run.out


def test_check_a_file_outside_rules_that_extends_a_shipped_variant(tmp_path: Path) -> None:
    house = tmp_path / "house.yaml"
    house.write_text("extends: gentle-move-backs\nname: house\nrounds: 7\n", encoding="utf-8")
    run = run_gah("check", str(house))
    assert run.code == 0, run.err
    assert run.out.startswith("ok  house ")
    assert "extends gentle-move-backs; changes rounds" in run.out


def test_broken_file_exits_1_with_positioned_errors_and_no_traceback() -> None:
    run = run_gah_process("check", "tests/data/broken/many-problems-sorted.yaml")
    assert run.code == 1
    assert run.out == ""
    assert "Traceback" not in run.err
    assert run.err.startswith(
        'tests/data/broken/many-problems-sorted.yaml:3:9: rounds: expected a whole number, got text ("seven")\n'
        "    rounds: seven\n"
        "            ^\n"
    )
    assert run.err.endswith("5 problems found\n")


def test_good_and_broken_files_together_report_both() -> None:
    run = run_gah("check", "rules/variants/draft.yaml", "tests/data/broken/bad-enum.yaml")
    assert run.code == 1
    assert run.out.startswith("ok  draft ")
    assert "tests/data/broken/bad-enum.yaml:5:22:" in run.err


def test_a_broken_shipped_file_fails_the_default_check(tmp_path: Path) -> None:
    project = copy_project(tmp_path)
    path = project / "rules" / "variants" / "mild-cafe.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("points: -3", "points: lots"), encoding="utf-8")
    run = run_gah("--root", str(project), "check")
    assert run.code == 1
    assert (
        'rules/variants/mild-cafe.yaml:9:18: final_scoring.cafe.points: expected a whole number, got text ("lots")'
        in (run.err)
    )
    ruleset_lines = [line for line in run.out.splitlines() if line.startswith("ok  ") and " lab model " not in line]
    assert len(ruleset_lines) == len(SHIPPED) - 1  # the others still check


def family(tmp_path: Path, parent_text: str = "extends: base\nname: base-broken\nrounds: seven\n") -> Path:
    """A workspace where high-stakes extends base-broken (broken by `parent_text`) and higher extends
    high-stakes; neither of the two has a mistake of its own."""
    assert run_gah("init", str(tmp_path)).code == 0
    rules = tmp_path / "rules"
    (rules / "base-broken.yaml").write_text(parent_text, encoding="utf-8")
    (rules / "high-stakes.yaml").write_text("extends: base-broken\nname: high-stakes\n", encoding="utf-8")
    (rules / "higher.yaml").write_text("extends: high-stakes\nname: higher\n", encoding="utf-8")
    return tmp_path


def test_a_variant_of_a_broken_ruleset_is_said_not_checked(tmp_path: Path) -> None:
    run = run_gah("check", cwd=family(tmp_path))
    assert run.code == 1
    assert run.out.splitlines()[:2] == [
        "not checked  high-stakes: its parent base-broken is broken",
        "not checked  higher: its ancestor base-broken is broken (higher → high-stakes → base-broken)",
    ]
    assert run.out.splitlines()[2].startswith("ok  house-rules ")
    assert 'rules/base-broken.yaml:3:9: rounds: expected a whole number, got text ("seven")' in run.err


def test_a_variant_under_one_that_names_an_unknown_parent_is_said_not_checked(tmp_path: Path) -> None:
    # base-broken cannot be read at all, so high-stakes has a problem of its own (an unknown parent); higher,
    # which has none, names the nearest broken ruleset it extends.
    run = run_gah("check", cwd=family(tmp_path, "extends: base\nname: base-broken\n  bad: [\n"))
    assert run.code == 1
    assert [line for line in run.out.splitlines() if line.startswith("not checked")] == [
        "not checked  higher: its parent high-stakes is broken"
    ]
    assert "rules/high-stakes.yaml:1:10: extends: unknown ruleset 'base-broken'" in run.err


def test_not_checked_is_said_in_the_workspace_language(tmp_path: Path) -> None:
    workspace = family(tmp_path)
    with (workspace / "gah.toml").open("a", encoding="utf-8") as config:
        config.write('language = "de"\n')
    run = run_gah("check", cwd=workspace)
    assert run.code == 1
    assert run.out.splitlines()[:2] == [
        "nicht geprüft  high-stakes: das Regelwerk base-broken, das es erweitert, ist fehlerhaft",
        "nicht geprüft  higher: das Regelwerk base-broken, auf dem es aufbaut, ist fehlerhaft "
        "(higher → high-stakes → base-broken)",
    ]


@pytest.mark.parametrize("form", ["json", "sarif", "github"])
def test_not_checked_is_a_note_at_the_extends_in_every_format(tmp_path: Path, form: str) -> None:
    run = run_gah("check", "--format", form, cwd=family(tmp_path))
    assert run.code == 1
    note = "not checked: its parent base-broken is broken"
    if form == "json":
        rows = json.loads(run.out)["problems"]
        assert {"file": "rules/high-stakes.yaml", "line": 1, "column": 10, "severity": "note", "message": note} in rows
        assert [row["severity"] for row in rows] == ["error", "note", "note"]
    elif form == "sarif":
        results = json.loads(run.out)["runs"][0]["results"]
        notes = [r for r in results if r["level"] == "note"]
        assert [r["ruleId"] for r in notes] == ["not-checked", "not-checked"]
        assert notes[0]["message"] == {"text": note}
        assert notes[0]["locations"][0]["physicalLocation"] == {
            "artifactLocation": {"uri": "rules/high-stakes.yaml"},
            "region": {"startLine": 1, "startColumn": 10},
        }
    else:
        assert f"::notice file=rules/high-stakes.yaml,line=1,col=10::{note}" in run.out.splitlines()


def test_a_shipped_file_must_be_named_after_its_file(tmp_path: Path) -> None:
    project = copy_project(tmp_path)
    path = project / "rules" / "variants" / "mild-cafe.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("name: mild-cafe", "name: mild"), encoding="utf-8")
    run = run_gah("--root", str(project), "check")
    assert run.code == 1
    assert "rules/variants/mild-cafe.yaml:5:7: name 'mild' must match the file name 'mild-cafe'" in run.err


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["check", "--bogus"], "unrecognized arguments: --bogus"),
        (["check", "no-such-file.yaml"], "gah check: no such file: no-such-file.yaml"),
        (["check", "rules"], "gah check: rules is a folder"),
        (["--no-such-option"], "unrecognized arguments"),
        ([], "usage: gah"),
        (["no-such-command"], "unknown command 'no-such-command'; commands: build, check"),
    ],
)
def test_bad_usage_exits_2(args: list[str], words: str) -> None:
    run = run_gah(*args)
    assert run.code == 2
    assert words in run.err
    assert run.out == ""


def test_bad_usage_exits_2_from_the_real_command_line() -> None:
    run = run_gah_process("check", "--bogus")
    assert run.code == 2
    assert "Traceback" not in run.err


# --- gah new-variant ------------------------------------------------------------------------------


def _identity_free(rules: object) -> object:
    # A ruleset's own texts in other languages (translations) are part of who it is, as its title is.
    return dataclasses.replace(rules, name="", title="", description="", extends=None, sources=(), translations=())  # type: ignore[type-var]


@pytest.mark.parametrize("parent", ["base", "gentle-move-backs"])
def test_new_variant_writes_a_file_that_checks_clean_and_changes_nothing(tmp_path: Path, parent: str) -> None:
    project = copy_project(tmp_path)
    args = ["--root", str(project), "new-variant", "scratch-variant"]
    if parent != "base":
        args += ["--from", parent]
    run = run_gah(*args)
    assert run.code == 0, run.err
    path = project / "rules" / "variants" / "scratch-variant.yaml"
    assert path.is_file()
    assert run.out == (
        f"wrote rules/variants/scratch-variant.yaml (extends {parent}); "
        "edit it, then run: gah check rules/variants/scratch-variant.yaml\n"
    )
    text = path.read_text(encoding="utf-8")
    assert text.startswith("# yaml-language-server: $schema=../../schemas/variant.schema.json\n")
    assert f"\nextends: {parent}\nname: scratch-variant\n" in text
    # it satisfies the variant schema
    schema = json.loads((ROOT / "schemas" / "variant.schema.json").read_text(encoding="utf-8"))
    document = load_file(path, path.name, SourceRegistry()).plain()
    assert list(Draft7Validator(schema).iter_errors(document)) == []
    # it checks clean, from the scratch project
    check = run_gah("--root", str(project), "check", str(path))
    assert check.code == 0, check.err
    assert check.out.startswith(f"ok  scratch-variant    extends {parent} |")
    # its IR is its parent's, apart from who it is
    variant = load_one(Workspace.at(project), "scratch-variant")
    assert variant.name == "scratch-variant"
    assert variant.title == "Scratch variant"
    assert variant.extends == parent
    assert _identity_free(variant) == _identity_free(ruleset(parent))


def test_new_variant_with_the_default_root_finds_the_project_from_the_current_folder(tmp_path: Path) -> None:
    project = copy_project(tmp_path)
    inside = project / "rules" / "variants"
    run = run_gah("new-variant", "from-inside", cwd=inside)
    assert run.code == 0, run.err
    assert (inside / "from-inside.yaml").is_file()
    assert not (ROOT / "rules" / "variants" / "from-inside.yaml").exists()


@pytest.mark.parametrize("name", ["Bad_Name", "1st", "double--dash", "trailing-", "a" * 41, "spaces here"])
def test_new_variant_with_an_invalid_name_exits_2_and_writes_nothing(tmp_path: Path, name: str) -> None:
    project = copy_project(tmp_path)
    before = sorted(p.name for p in (project / "rules" / "variants").iterdir())
    run = run_gah("--root", str(project), "new-variant", name)
    assert run.code == 2
    assert f"gah new-variant: '{name}' is not a valid name: lower-case letters, digits and dashes" in run.err
    assert sorted(p.name for p in (project / "rules" / "variants").iterdir()) == before


def test_new_variant_with_an_unknown_parent_exits_1_like_every_unknown_ruleset(tmp_path: Path) -> None:
    project = copy_project(tmp_path)
    run = run_gah("--root", str(project), "new-variant", "quick", "--from", "bsae")
    assert run.code == 1
    assert (
        "gah new-variant: --from: unknown ruleset 'bsae' (did you mean 'base'?); known rulesets: base, draft" in run.err
    )
    assert not (project / "rules" / "variants" / "quick.yaml").exists()


def test_new_variant_refuses_an_existing_name(tmp_path: Path) -> None:
    project = copy_project(tmp_path)
    run = run_gah("--root", str(project), "new-variant", "mild-cafe")
    assert run.code == 1
    assert "a ruleset named 'mild-cafe' already exists (rules/variants/mild-cafe.yaml)" in run.err
    before = (ROOT / "rules" / "variants" / "mild-cafe.yaml").read_text(encoding="utf-8")
    assert (project / "rules" / "variants" / "mild-cafe.yaml").read_text(encoding="utf-8") == before
