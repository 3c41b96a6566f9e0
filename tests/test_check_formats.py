"""`gah check --format json|github`: the problems, with their positions, in the forms tools read; `gah diff
--exit-code` for scripts (gah docs commands)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from gah.errors import Position, Problem
from gah.problem_formats import as_github, as_json, as_sarif
from helpers_rules import run_gah

BROKEN = "extends: base\nname: house\nrounds: seven\n"
MESSAGE = 'rounds: expected a whole number, got text ("seven")'


def house(tmp_path: Path, text: str) -> Path:
    assert run_gah("init", str(tmp_path)).code == 0
    (tmp_path / "rules" / "house.yaml").write_text(text, encoding="utf-8")
    return tmp_path


def test_github_marks_each_problem_at_its_line(tmp_path: Path) -> None:
    run = run_gah("--workspace", str(house(tmp_path, BROKEN)), "check", "--format", "github")
    assert run.code == 1
    assert f"::error file=rules/house.yaml,line=3,col=9::{MESSAGE}" in run.out.splitlines()
    assert run.err == ""


def test_json_prints_the_problems_and_nothing_else(tmp_path: Path) -> None:
    run = run_gah("--workspace", str(house(tmp_path, BROKEN)), "check", "--format", "json")
    assert run.code == 1
    found = json.loads(run.out)  # no "ok" line around it
    assert found == {
        "problems": [{"file": "rules/house.yaml", "line": 3, "column": 9, "severity": "error", "message": MESSAGE}],
        "count": 1,
    }


def test_sarif_gives_code_scanning_the_file_line_and_column(tmp_path: Path) -> None:
    run = run_gah("--workspace", str(house(tmp_path, BROKEN)), "check", "--format", "sarif")
    assert run.code == 1 and run.err == ""
    log = json.loads(run.out)
    assert log["version"] == "2.1.0" and log["$schema"].endswith("sarif-2.1.0.json")
    (only_run,) = log["runs"]
    assert only_run["tool"]["driver"]["name"] == "gah"
    (result,) = only_run["results"]
    assert result["level"] == "error" and result["message"] == {"text": MESSAGE}
    assert result["ruleId"] in {rule["id"] for rule in only_run["tool"]["driver"]["rules"]}
    (location,) = result["locations"]
    assert location["physicalLocation"] == {
        "artifactLocation": {"uri": "rules/house.yaml"},
        "region": {"startLine": 3, "startColumn": 9},
    }


def test_sarif_says_the_run_did_its_work_when_it_found_problems(tmp_path: Path) -> None:
    # The rules are broken, but the check ran: executionSuccessful is about gah, the results about the rules.
    run = run_gah("--workspace", str(house(tmp_path, BROKEN)), "check", "--format", "sarif")
    assert json.loads(run.out)["runs"][0]["invocations"] == [{"executionSuccessful": True}]


MISSING = "rules/nonexist.yaml"
NO_SUCH_FILE = f"gah check: no such file: {MISSING}"


def test_json_of_a_missing_file_is_a_problem_at_that_file(tmp_path: Path) -> None:
    run = run_gah("check", "--format", "json", MISSING, cwd=house(tmp_path, "extends: base\nname: house\n"))
    assert run.code == 2 and run.err == ""
    assert json.loads(run.out) == {
        "problems": [{"file": MISSING, "line": 1, "column": 1, "severity": "error", "message": NO_SUCH_FILE}],
        "count": 1,
    }


def test_sarif_of_a_missing_file_is_a_run_that_did_not_succeed(tmp_path: Path) -> None:
    run = run_gah("check", "--format", "sarif", MISSING, cwd=house(tmp_path, "extends: base\nname: house\n"))
    assert run.code == 2 and run.err == ""
    (only_run,) = json.loads(run.out)["runs"]
    assert only_run["results"] == []
    (invocation,) = only_run["invocations"]
    assert invocation["executionSuccessful"] is False
    (notification,) = invocation["toolExecutionNotifications"]
    assert notification["level"] == "error" and notification["message"] == {"text": NO_SUCH_FILE}
    assert notification["locations"][0]["physicalLocation"]["artifactLocation"] == {"uri": MISSING}


def test_github_of_a_folder_in_the_file_list_is_an_error_annotation(tmp_path: Path) -> None:
    run = run_gah("check", "--format", "github", "rules", cwd=house(tmp_path, "extends: base\nname: house\n"))
    assert run.code == 2 and run.err == ""
    assert run.out.splitlines() == [
        "::error file=rules,line=1,col=1::gah check: rules is a folder; name rules files, or none to check the "
        "workspace"
    ]


NOT_A_WORKSPACE = "is not a gah workspace (no gah.toml)"


@pytest.mark.parametrize("form", ["json", "sarif", "github"])
def test_an_error_before_the_check_is_said_in_the_form_asked_for(tmp_path: Path, form: str) -> None:
    # --workspace names a folder without gah.toml: gah check never gets to the rules, and says so on stdout.
    run = run_gah("--workspace", str(tmp_path), "check", "--format", form)
    assert run.code == 1 and run.err == ""
    if form == "json":
        found = json.loads(run.out)
        assert found["problems"] == [] and found["count"] == 0
        assert found["error"].startswith("gah check: ") and NOT_A_WORKSPACE in found["error"]
    elif form == "sarif":
        (invocation,) = json.loads(run.out)["runs"][0]["invocations"]
        assert invocation["executionSuccessful"] is False
        assert NOT_A_WORKSPACE in invocation["toolExecutionNotifications"][0]["message"]["text"]
    else:
        (line,) = run.out.splitlines()
        assert line.startswith("::error::gah check: ") and NOT_A_WORKSPACE in line


def test_json_of_a_file_the_machine_refuses_is_a_problem_at_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # An OSError no check foresaw (here: a file gah may not read) ends the run; the JSON still says where.
    import gah.commands.check as check

    def refused(*_args: object) -> object:
        raise PermissionError(13, "Permission denied", "rules/house.yaml")

    workspace = house(tmp_path, "extends: base\nname: house\n")
    monkeypatch.setattr(check, "_checked", refused)
    run = run_gah("check", "--format", "json", cwd=workspace)
    assert run.code == 1 and run.err == ""
    assert json.loads(run.out)["problems"] == [
        {
            "file": "rules/house.yaml",
            "line": 1,
            "column": 1,
            "severity": "error",
            "message": "gah check: rules/house.yaml: Permission denied",
        }
    ]


def test_json_of_a_broken_gah_toml_lists_its_problem(tmp_path: Path) -> None:
    workspace = house(tmp_path, "extends: base\nname: house\n")
    (workspace / "gah.toml").write_text("paper = [\n", encoding="utf-8")
    run = run_gah("check", "--format", "json", cwd=workspace)
    assert run.code == 1 and run.err == ""
    (problem,) = json.loads(run.out)["problems"]
    assert problem["file"] == "gah.toml" and problem["message"].startswith("not valid TOML")


def test_json_of_nothing_to_check_is_an_error(tmp_path: Path) -> None:
    workspace = house(tmp_path, "extends: base\nname: house\n")
    for rules_file in (workspace / "rules").glob("*.yaml"):
        rules_file.unlink()
    run = run_gah("--workspace", str(workspace), "check", "--format", "json")
    assert run.code == 1 and run.err == ""
    assert json.loads(run.out) == {
        "problems": [],
        "count": 0,
        "error": "gah check: nothing to check: rules/ holds no rules files; start one with: gah new-variant NAME",
    }


def test_sarif_paths_are_uris() -> None:
    problem = Problem(Position("rules/my house#1.yaml", 2, 5), "x")
    location = json.loads(as_sarif([problem], "0"))["runs"][0]["results"][0]["locations"][0]
    assert location["physicalLocation"]["artifactLocation"]["uri"] == "rules/my%20house%231.yaml"


def test_sarif_points_at_no_web_page_that_does_not_exist() -> None:
    """SARIF's informationUri is optional; gah has no published page yet (no package on the index), so none."""
    driver = json.loads(as_sarif([], "0"))["runs"][0]["tool"]["driver"]
    assert driver["name"] == "gah" and "informationUri" not in driver
    assert "pypi.org" not in as_sarif([], "0")


def test_json_of_valid_rules_is_an_empty_list(tmp_path: Path) -> None:
    run = run_gah("--workspace", str(house(tmp_path, "extends: base\nname: house\n")), "check", "--format", "json")
    assert run.code == 0 and json.loads(run.out) == {"problems": [], "count": 0}


def test_github_escapes_what_would_end_a_field() -> None:
    # GitHub's workflow commands: % \\r \\n escaped everywhere, and : , in a property too.
    problem = Problem(Position("rules/a,b:c.yaml", 2, 5), "100% wrong, here: x")
    assert as_github([problem]) == "::error file=rules/a%2Cb%3Ac.yaml,line=2,col=5::100%25 wrong, here: x"


def test_both_forms_sort_and_drop_repeats() -> None:
    late = Problem(Position("b.yaml", 1, 1), "second")
    early = Problem(Position("a.yaml", 9, 1), "first")
    assert [row["message"] for row in json.loads(as_json([late, early, late]))["problems"]] == ["first", "second"]
    assert as_github([late, early]).splitlines()[0].endswith("::first")


def test_diff_exit_code_says_whether_rulesets_differ() -> None:
    # As git diff --exit-code: 1 when the rulesets differ (gentle-move-backs moves back less), 0 when they do
    # not; without the option, 0 either way.
    differ = run_gah("diff", "base", "gentle-move-backs", "--exit-code")
    assert differ.code == 1 and "- " in differ.out and differ.err == ""
    assert run_gah("diff", "base", "gentle-move-backs").code == 0
    assert run_gah("diff", "base", "base", "--exit-code").code == 0
    assert run_gah("diff", "base", "gentle-move-backs", "--exit-code", "--json").code == 1
