"""Workspaces (issue 9): gah init, finding the workspace, bundled rulesets, building a user's rules.

Every test works in its own temporary folder: nothing here reads or writes the repository's rules.
"""

from __future__ import annotations

import io
import json
import re
import shlex
import sys
from pathlib import Path

import pytest
from gah.errors import SourceRegistry
from gah.frontend.loader import load_file
from helpers_rules import ROOT, SHIPPED, Run, run_gah
from jsonschema import Draft7Validator

SCHEMA_LINE = re.compile(r"^# yaml-language-server: \$schema=(\S+)\n")
README = (ROOT / "README.md").read_text(encoding="utf-8")
VARIANT = "extends: base\nname: {name}\n"


def init(folder: Path, *args: str) -> Run:
    run = run_gah("init", str(folder), *args, cwd=folder.parent)
    return run


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    """A fresh workspace made by gah init."""
    folder = tmp_path / "table"
    run = init(folder)
    assert run.code == 0, run.err
    return folder


def schema_of(path: Path) -> Path:
    """The schema a YAML file's first line names, resolved from the file's folder."""
    match = SCHEMA_LINE.match(path.read_text(encoding="utf-8"))
    assert match is not None, f"{path} has no yaml-language-server schema line"
    return (path.parent / match[1]).resolve()


def assert_valid_against_its_schema_line(path: Path) -> None:
    schema_path = schema_of(path)
    assert schema_path.is_file(), f"{path} names {schema_path}, which does not exist"
    schema = json.loads(schema_path.read_text(encoding="utf-8"))
    document = load_file(path, path.name, SourceRegistry()).plain()
    errors = [error.message for error in Draft7Validator(schema).iter_errors(document)]
    assert errors == [], f"{path}: {errors}"


# --- gah init -------------------------------------------------------------------------------------


def test_init_makes_a_workspace_with_config_starter_variant_example_state_schemas_and_gitignore(
    workspace: Path,
) -> None:
    files = sorted(p.relative_to(workspace).as_posix() for p in workspace.rglob("*") if p.is_file())
    assert files == [
        ".gitignore",
        "examples/round7.yaml",
        "gah.toml",
        "rules/house-rules.yaml",
        "schemas/lab-model.schema.json",
        "schemas/language.schema.json",
        "schemas/ruleset.schema.json",
        "schemas/state.schema.json",
        "schemas/variant.schema.json",
    ]
    assert "/generated/" in (workspace / ".gitignore").read_text(encoding="utf-8").splitlines()
    # The schemas are the ones this gah validates with.
    for name in ("ruleset", "state", "lab-model", "variant"):
        shipped = (ROOT / "schemas" / f"{name}.schema.json").read_bytes()
        assert (workspace / "schemas" / f"{name}.schema.json").read_bytes() == shipped


def test_every_yaml_file_gah_writes_validates_against_the_schema_its_first_line_names(workspace: Path) -> None:
    made = run_gah("new-variant", "second-rule", "--from", "gentle-move-backs", cwd=workspace)
    assert made.code == 0, made.err
    written = sorted(workspace.rglob("*.yaml"))
    assert [p.relative_to(workspace).as_posix() for p in written] == [
        "examples/round7.yaml",
        "rules/house-rules.yaml",
        "rules/second-rule.yaml",
    ]
    for path in written:
        assert schema_of(path).parent == (workspace / "schemas").resolve()
        assert_valid_against_its_schema_line(path)


def test_a_new_workspace_checks_clean_and_scores_its_example(workspace: Path) -> None:
    check = run_gah("check", cwd=workspace)
    assert check.code == 0, check.err
    assert check.out.startswith("ok  house-rules        extends base |")
    assert len(check.out.splitlines()) == 1  # only the workspace's own ruleset is listed
    score = run_gah("score", "examples/round7.yaml", cwd=workspace)
    assert score.code == 0, score.err
    # Anna's final total worked by hand in tests/test_scoring_scenarios.py (round7 example): 101.
    assert "1. Anna: 101 points" in score.out


def test_init_refuses_an_existing_workspace_and_writes_nothing(workspace: Path) -> None:
    before = {p: p.read_bytes() for p in workspace.rglob("*") if p.is_file()}
    run = init(workspace)
    assert run.code == 1
    assert "is already a workspace (gah.toml exists); gah init --update refreshes its schemas" in run.err
    assert {p: p.read_bytes() for p in workspace.rglob("*") if p.is_file()} == before


def test_init_update_restores_stale_schemas_and_touches_nothing_else(workspace: Path) -> None:
    stale = workspace / "schemas" / "variant.schema.json"
    stale.write_text("{}", encoding="utf-8")
    (workspace / "rules" / "house-rules.yaml").write_text("extends: base\nname: house-rules\n", encoding="utf-8")
    run = init(workspace, "--update")
    assert run.code == 0, run.err
    assert run.out == "updated schemas/variant.schema.json\n"
    assert stale.read_bytes() == (ROOT / "schemas" / "variant.schema.json").read_bytes()
    assert (workspace / "rules" / "house-rules.yaml").read_text(encoding="utf-8") == VARIANT.format(name="house-rules")
    again = init(workspace, "--update")
    assert again.out == "schemas/ is up to date\n"


def test_init_keeps_files_that_are_already_there(tmp_path: Path) -> None:
    folder = tmp_path / "existing"
    (folder / "rules").mkdir(parents=True)
    (folder / ".gitignore").write_text("*.log\n", encoding="utf-8")
    (folder / "rules" / "house-rules.yaml").write_text(VARIANT.format(name="house-rules"), encoding="utf-8")
    run = init(folder)
    assert run.code == 0, run.err
    assert "kept existing files: rules/house-rules.yaml" in run.out
    assert (folder / ".gitignore").read_text(encoding="utf-8") == "*.log\n"
    assert (folder / "rules" / "house-rules.yaml").read_text(encoding="utf-8") == VARIANT.format(name="house-rules")


# --- finding the workspace ------------------------------------------------------------------------


def test_commands_find_the_workspace_from_a_subfolder_as_git_does(workspace: Path) -> None:
    deep = workspace / "notes" / "2026"
    deep.mkdir(parents=True)
    run = run_gah("check", cwd=deep)
    assert run.code == 0, run.err
    assert run.out.startswith("ok  house-rules ")


def test_workspace_option_overrides_the_search(workspace: Path, tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    run = run_gah("--workspace", str(workspace), "check", cwd=elsewhere)
    assert run.code == 0, run.err
    assert run.out.startswith("ok  house-rules ")
    not_one = run_gah("--workspace", str(elsewhere), "check", cwd=elsewhere)
    assert not_one.code == 1
    assert f"{elsewhere} is not a gah workspace (no gah.toml): run gah init {elsewhere}" in not_one.err


def test_outside_any_workspace_the_bundled_rulesets_are_there_read_only(tmp_path: Path) -> None:
    check = run_gah("check", cwd=tmp_path)
    assert check.code == 0, check.err
    assert "no workspace here: checking the rulesets bundled with gah" in check.out
    listed = [line.split()[1] for line in check.out.splitlines() if line.startswith("ok  ") and "lab model" not in line]
    assert set(SHIPPED) <= set(listed)
    for command in (["build"], ["new-variant", "mine"]):
        run = run_gah(*command, cwd=tmp_path)
        assert run.code == 1
        assert run.err == f"gah {command[0]}: no workspace here: run gah init (or pass --workspace DIR)\n"
    assert sorted(tmp_path.iterdir()) == []  # nothing written
    diff = run_gah("diff", "base", "mild-cafe", cwd=tmp_path)
    assert diff.code == 0, diff.err
    assert "3 points" in diff.out  # mild-cafe: each café guest costs 3 points instead of 5


# --- names and building ---------------------------------------------------------------------------


def test_extends_base_resolves_to_the_bundled_base(workspace: Path) -> None:
    run = run_gah("diff", "base", "house-rules", cwd=workspace)
    assert run.code == 0, run.err
    assert run.out == "house-rules has the same rules as base.\n"


def test_a_workspace_ruleset_with_a_bundled_name_is_a_positioned_error(workspace: Path) -> None:
    (workspace / "rules" / "draft.yaml").write_text("# mine\nextends: base\nname: draft\n", encoding="utf-8")
    run = run_gah("check", cwd=workspace)
    assert run.code == 1
    assert run.err.startswith(
        "rules/draft.yaml:3:7: 'draft' is the name of a ruleset bundled with gah; choose another name (bundled: base,"
    )


def test_build_writes_the_workspace_rulesets_only_and_all_adds_the_bundled(workspace: Path) -> None:
    (workspace / "rules" / "house-rules.yaml").write_text(
        VARIANT.format(name="house-rules") + "final_scoring:\n  cafe: {points: -2}\n", encoding="utf-8"
    )
    build = run_gah("build", cwd=workspace)
    assert build.code == 0, build.err
    output = workspace / "generated"
    assert sorted(p.relative_to(output).as_posix() for p in output.rglob("*") if p.is_file()) == [
        "pads/house-rules.html",
        "scoring/house_rules.py",
        "sheets/de/house-rules.html",
        "sheets/de/house-rules.md",
        "sheets/de/house-rules.pdf",
        "sheets/house-rules.html",
        "sheets/house-rules.md",
        "sheets/house-rules.pdf",
        "sheets/pdf-manifest.json",
    ]
    module = (output / "scoring" / "house_rules.py").read_text(encoding="utf-8")
    # The header names the sources the same way on every machine: no temporary or site-packages path.
    assert "Source files: <bundled>/rules/base.yaml, rules/house-rules.yaml" in module
    assert str(workspace) not in module and str(ROOT) not in module
    assert "2 points" in (output / "sheets" / "house-rules.md").read_text(encoding="utf-8")
    # The same sheet in German, from the shipped de.yaml, the changed row marked.
    german = (output / "sheets" / "de" / "house-rules.md").read_text(encoding="utf-8")
    assert (
        "| ◆ **Gäste im Café** `cafe` | ◆ **−2 Siegpunkte für jeden Gast, der noch in deinem Café sitzt** |" in german
    )
    fresh = run_gah("build", "--check", cwd=workspace)
    assert fresh.code == 0, fresh.err
    assert fresh.out.startswith("generated/ and schemas/ are up to date")
    stale_all = run_gah("build", "--check", "--all", cwd=workspace)
    assert stale_all.code == 1
    assert "generated/scoring/base.py: missing" in stale_all.err


def test_build_output_folder_and_paper_come_from_gah_toml(workspace: Path) -> None:
    (workspace / "gah.toml").write_text('output = "out/aids"\npaper = "letter"\n', encoding="utf-8")
    run = run_gah("build", cwd=workspace)
    assert run.code == 0, run.err
    html = (workspace / "out" / "aids" / "sheets" / "house-rules.html").read_text(encoding="utf-8")
    assert "letter" in html
    assert not (workspace / "generated").exists()


def test_an_empty_workspace_has_nothing_to_check_and_says_what_to_do(workspace: Path) -> None:
    (workspace / "rules" / "house-rules.yaml").unlink()
    run = run_gah("check", cwd=workspace)
    assert run.code == 1
    assert run.err == (
        "gah check: nothing to check: rules/ holds no rules files; start one with: gah new-variant NAME\n"
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('outpt = "x"\n', "gah.toml:1:1: unknown setting 'outpt'; known settings: output, paper, lab_model, bundle"),
        ('\npaper = "a3"\n', "gah.toml:2:1: paper: expected 'a4' or 'letter'"),
        ("paper = 4\n", "gah.toml:1:1: paper: expected text in quotes"),
        ('output = "../elsewhere"\n', "gah.toml:1:1: output: expected a path inside the workspace"),
        ('paper = "a4\n', "gah.toml:1:12: not valid TOML: Illegal character"),
    ],
)
def test_gah_toml_mistakes_are_positioned_errors(workspace: Path, text: str, message: str) -> None:
    (workspace / "gah.toml").write_text(text, encoding="utf-8")
    run = run_gah("check", cwd=workspace)
    assert run.code == 1
    assert run.err.startswith(message), run.err
    assert "Traceback" not in run.err


# --- no silent no-ops -----------------------------------------------------------------------------


def test_removing_an_id_the_parent_does_not_have_is_an_error_with_did_you_mean(workspace: Path) -> None:
    path = workspace / "rules" / "house-rules.yaml"
    path.write_text(VARIANT.format(name="house-rules") + "tiles: {c-staff-point: null}\n", encoding="utf-8")
    run = run_gah("check", cwd=workspace)
    assert run.code == 1
    assert run.err.splitlines()[0] == (
        "rules/house-rules.yaml:3:9: tiles.c-staff-point: null removes 'c-staff-point', "
        "but base's tiles has no 'c-staff-point' (did you mean 'c-staff-points'?)"
    )


def test_a_removal_is_said_by_check_and_by_diff(workspace: Path) -> None:
    path = workspace / "rules" / "house-rules.yaml"
    path.write_text(VARIANT.format(name="house-rules") + "final_scoring:\n  cafe: null\n", encoding="utf-8")
    check = run_gah("check", cwd=workspace)
    assert check.code == 0, check.err
    assert "; changes final_scoring; removes final_scoring.cafe |" in check.out
    assert "4 final-scoring sources" in check.out  # base has 5: staff, rooms, krones, kitchen, cafe
    diff = run_gah("diff", "base", "house-rules", cwd=workspace)
    assert diff.code == 0, diff.err
    assert "- No final scoring for cafe (Guests still in the café)." in diff.out.splitlines()


# --- smaller things -------------------------------------------------------------------------------


def test_version(tmp_path: Path) -> None:
    run = run_gah("--version", cwd=tmp_path)
    assert run.code == 0
    assert re.fullmatch(r"gah \d+\.\d+\.\d+\n", run.out)


def test_score_takes_several_files_and_reports_a_bad_one_after_scoring_the_rest(workspace: Path) -> None:
    example = workspace / "examples" / "round7.yaml"
    copy = workspace / "examples" / "again.yaml"
    copy.write_bytes(example.read_bytes())
    bad = workspace / "examples" / "bad.yaml"
    bad.write_text("round: 9\ntiles: {}\nplayers: []\n", encoding="utf-8")
    run = run_gah("score", "examples/round7.yaml", "examples/bad.yaml", "examples/again.yaml", cwd=workspace)
    assert run.code == 1
    assert run.out.count("1. Anna: 101 points") == 2
    assert "== examples/round7.yaml\n" in run.out and "== examples/again.yaml\n" in run.out
    assert "examples/bad.yaml:3:10: players: needs at least 1 entry" in run.err
    both = run_gah("score", "examples/round7.yaml", "examples/again.yaml", "--json", cwd=workspace)
    assert both.code == 0, both.err
    results = json.loads(both.out)
    assert [r["standings"][0]["points"] for r in results] == [101, 101]
    one = json.loads(run_gah("score", "examples/round7.yaml", "--json", cwd=workspace).out)
    assert one["standings"][0] == {"player": "Anna", "rank": 1, "points": 101, "tiebreak": 7}


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_sheet_to_a_terminal_writes_a_file_instead_of_dumping_html(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from gah.cli import main

    terminal = _Terminal()
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "stdout", terminal)
    assert main(["sheet", "base"]) == 0
    assert terminal.getvalue() == "wrote base.html (html, base)\n"
    assert (tmp_path / "base.html").read_bytes().startswith(b"<!DOCTYPE html>")


def test_sheet_to_a_pipe_still_goes_to_stdout(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsysbinary: pytest.CaptureFixture[bytes]
) -> None:
    from gah.cli import main

    monkeypatch.chdir(tmp_path)
    assert main(["sheet", "base", "--format", "md"]) == 0
    assert capsysbinary.readouterr().out.startswith(b"<!-- DO NOT EDIT")
    assert sorted(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    "command",
    [
        ["score", "examples/round7.yaml", "--rules", "bsae"],
        ["sheet", "bsae"],
        ["setup", "bsae", "--players", "A,B"],
        ["diff", "base", "bsae"],
        ["compare", "base", "bsae", "--games", "10"],
        ["new-variant", "mine", "--from", "bsae"],
    ],
)
def test_an_unknown_ruleset_is_exit_1_in_every_command(workspace: Path, command: list[str]) -> None:
    run = run_gah(*command, cwd=workspace)
    assert run.code == 1, run.err
    assert "unknown ruleset 'bsae'" in run.err
    assert "Traceback" not in run.err


# --- the README's five-minute tour, as written ----------------------------------------------------


# What the brief of the tour promises: a workspace, a variant, check, build, score the example, sheet, compare.
TOUR = ["init", "new-variant", "check", "build", "score", "sheet", "diff", "compare"]


def _tutorial() -> str:
    start = README.index("## A five-minute tour")
    return README[start : README.index("\n## ", start + 1)]


def test_the_readme_tour_runs_as_written(tmp_path: Path) -> None:
    text = _tutorial()
    blocks = re.findall(r"```(\w*)\n(.*?)```", text, re.S)
    commands = [
        shlex.split(line) for kind, body in blocks if kind == "sh" for line in body.splitlines() if line.strip()
    ]
    yaml_text = next(body for kind, body in blocks if kind == "yaml")
    expected_error = next(body for kind, body in blocks if kind == "")
    cwd = tmp_path
    variant: Path | None = None
    for command in commands:
        if command[0] == "cd":
            cwd = cwd / command[1]
            continue
        assert command[0] == "gah", command
        args = command[1:]
        if args[:1] == ["compare"]:
            args[args.index("--games") + 1] = "100"  # the README's 2000 games, fewer for speed
        run = run_gah(*args, cwd=cwd)
        assert run.code == 0, f"{command}: {run.err}"
        if args[:1] == ["new-variant"]:
            variant = cwd / "rules" / f"{args[1]}.yaml"
            written = variant.read_text(encoding="utf-8")
            # "replace its lines from `extends:` down with" the README's YAML:
            variant.write_text(written[: written.index("extends:")] + yaml_text, encoding="utf-8")
            assert_valid_against_its_schema_line(variant)
        if args[:1] == ["diff"]:
            assert "in 3 ways" in run.out  # "gah diff lists the three changes"
        if args[:1] == ["score"]:
            assert run.out.startswith("Ruleset high-stakes, after round 7") and "Standings" in run.out
    assert [command[1] for command in commands if command[0] == "gah"] == TOUR
    assert variant is not None
    assert (cwd / "high-stakes.pdf").read_bytes().startswith(b"%PDF")
    assert (cwd / "generated" / "scoring" / "high_stakes.py").is_file()
    assert (cwd / "generated" / "pads" / "high-stakes.html").is_file()
    # The misspelt key gives exactly the message the README shows.
    variant.write_text(variant.read_text(encoding="utf-8").replace("  spaces:", "  spacs:"), encoding="utf-8")
    run = run_gah("check", cwd=cwd)
    assert run.code == 1
    assert run.err == expected_error


# --- the editor in a starter workspace ------------------------------------------------------------


def test_the_editor_underlines_nothing_in_a_starter_workspace_and_a_mistake_in_a_broken_variant(
    workspace: Path,
) -> None:
    from helpers_lsp import yaml_diagnostics

    run_gah("new-variant", "second-rule", cwd=workspace)
    second = workspace / "rules" / "second-rule.yaml"
    second.write_text(second.read_text(encoding="utf-8") + "emperor_track:\n  spaces: {13: 10}\n", encoding="utf-8")
    broken = workspace / "rules" / "broken-rule.yaml"
    broken.write_text(
        "# yaml-language-server: $schema=../schemas/variant.schema.json\n"
        "extends: base\nname: broken-rule\nemperor_track:\n  spacs: {13: 10}\n",
        encoding="utf-8",
    )
    valid = [workspace / "rules" / "house-rules.yaml", second, workspace / "examples" / "round7.yaml"]
    shown = yaml_diagnostics(workspace, [*valid, broken])
    for path in valid:
        assert shown[path] == [], f"{path}: {[str(d) for d in shown[path]]}"
    assert [d.line for d in shown[broken]] == [5]  # the misspelt key


def test_the_lab_model_of_gah_toml_is_checked_and_used_by_compare(workspace: Path) -> None:
    model = (ROOT / "rules" / "lab" / "default.yaml").read_text(encoding="utf-8")
    (workspace / "rules" / "lab").mkdir()
    (workspace / "rules" / "lab" / "sharp.yaml").write_text(
        model.replace("\nname: default\n", "\nname: sharp\n"), encoding="utf-8"
    )
    (workspace / "gah.toml").write_text('lab_model = "rules/lab/sharp.yaml"\n', encoding="utf-8")
    check = run_gah("check", cwd=workspace)
    assert check.code == 0, check.err
    assert check.out.splitlines()[0] == "ok  lab model rules/lab/sharp.yaml"
    compare = run_gah("compare", "base", "house-rules", "--games", "20", "--workers", "1", cwd=workspace)
    assert compare.code == 0, compare.err
    assert compare.out.startswith("gah compare: 20 games of 4 players, seed 1, model sharp (rules/lab/sharp.yaml)")


def test_a_broken_house_rule_does_not_stop_scoring_with_another_ruleset(workspace: Path) -> None:
    (workspace / "rules" / "half-done.yaml").write_text("extends: base\nname: half-done\nrounds: seven\n")
    run = run_gah("score", "examples/round7.yaml", "--rules", "house-rules", cwd=workspace)
    assert run.code == 0, run.err
    assert "1. Anna: 101 points" in run.out
    broken = run_gah("score", "examples/round7.yaml", "--rules", "half-done", cwd=workspace)
    assert broken.code == 1
    assert broken.err.startswith('rules/half-done.yaml:3:9: rounds: expected a whole number, got text ("seven")')
