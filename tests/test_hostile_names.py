"""File names are data, not terminal codes (issue 43): a name holding escape sequences (a title change ending in
BEL, a colour) or bidirectional overrides reaches no terminal or CI log raw, in any form of `gah check` (text,
github, json, sarif) nor in the lines other commands print about files; SARIF's URIs follow RFC 3986."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import unquote

import pytest
from gah.errors import Position, Problem
from gah.problem_formats import as_github, as_json, as_sarif
from helpers_rules import ROOT, run_gah

# A file name that retitles the terminal (OSC 0 ... BEL), turns it red (CSI 31 m), reverses text (U+202E), holds
# an 8-bit CSI (U+009B), and has what a URI must escape (<, >, a space).
HOSTILE = "\x1b]0;pwned\x07\x1b[31m <x>\u202e\u009b"
RAW = ("\x1b", "\x07", "\u202e", "\u009b")


def hostile_workspace(folder: Path) -> Path:
    """A workspace with a ruleset file (its name not its file's: a problem) and a valid lab model, both named with HOSTILE."""
    (folder / "rules" / "lab").mkdir(parents=True)
    (folder / "gah.toml").write_text("", encoding="utf-8")
    (folder / "rules" / f"{HOSTILE}.yaml").write_text("extends: base\nname: evil\n", encoding="utf-8")
    model = (ROOT / "rules" / "lab" / "default.yaml").read_text(encoding="utf-8")
    (folder / "rules" / "lab" / f"{HOSTILE}.yaml").write_text(model, encoding="utf-8")
    return folder


def assert_nothing_raw(text: str) -> None:
    assert not [char for char in RAW if char in text], ascii(text)


@pytest.mark.parametrize("form", ["text", "github", "json", "sarif"])
def test_no_form_of_check_prints_a_file_name_raw(tmp_path: Path, form: str) -> None:
    run = run_gah("check", "--format", form, cwd=hostile_workspace(tmp_path))
    assert run.code == 1
    assert_nothing_raw(run.out + run.err)
    shown = "rules/\\x1b]0;pwned\\x07\\x1b[31m <x>\\u202e\\x9b.yaml"
    if form == "text":
        assert f"{shown}:2:7: name 'evil' must match the file name" in run.err
        assert "ok  lab model rules/lab/\\x1b]0;pwned" in run.out
    elif form == "github":
        assert f"::error file={shown},line=2,col=7::name 'evil' must match" in run.out
    else:  # JSON and SARIF keep the name, escaped as JSON escapes: a tool reads the file's real name back
        document = json.loads(run.out)
        if form == "json":
            assert document["problems"][0]["file"] == f"rules/{HOSTILE}.yaml"
        else:
            location = document["runs"][0]["results"][0]["locations"][0]["physicalLocation"]
            uri = location["artifactLocation"]["uri"]
            assert uri == "rules/%1B%5D0%3Bpwned%07%1B%5B31m%20%3Cx%3E%E2%80%AE%C2%9B.yaml"
            assert unquote(uri) == f"rules/{HOSTILE}.yaml"


@pytest.mark.parametrize("form", ["text", "github", "json", "sarif"])
def test_a_missing_file_named_on_the_command_line_is_not_echoed_raw(tmp_path: Path, form: str) -> None:
    hostile_workspace(tmp_path)
    run = run_gah("check", "--format", form, f"{HOSTILE}.yaml", cwd=tmp_path)
    assert run.code == 2
    assert_nothing_raw(run.out + run.err)
    said = run.out + run.err if form in ("text", "github") else "\n".join(strings(json.loads(run.out)))
    assert "no such file: \\x1b]0;pwned\\x07\\x1b[31m <x>\\u202e\\x9b.yaml" in said, said


def strings(document: object) -> list[str]:
    """Every text in a JSON document."""
    if isinstance(document, dict):
        return [text for value in document.values() for text in strings(value)]
    if isinstance(document, list):
        return [text for value in document for text in strings(value)]
    return [document] if isinstance(document, str) else []


def test_json_writes_the_controls_json_leaves_raw_as_escapes() -> None:
    """JSON escapes the C0 controls itself; DEL, C1 controls and bidi overrides become \\u escapes too, and the
    file name read back is the real one."""
    problem = Problem(Position(f"a\x7f{HOSTILE}.yaml", 1, 2), "m")
    for text in (as_json([problem]), as_sarif([problem], "0")):
        assert_nothing_raw(text)
        assert "\x7f" not in text
    assert "\\u007f" in as_json([problem]) and "\\u202e" in as_json([problem])
    assert json.loads(as_json([problem]))["problems"][0]["file"] == f"a\x7f{HOSTILE}.yaml"


def test_github_properties_and_data_follow_its_escaping() -> None:
    # GitHub's workflow commands: % \r \n escaped in the data; in a property also : and ,; controls as \x escapes.
    problem = Problem(Position("rules/a,b:c\x1b[2J%.yaml", 2, 5), "100% wrong\r\nhere")
    assert as_github([problem]) == ("::error file=rules/a%2Cb%3Ac\\x1b[2J%25.yaml,line=2,col=5::100%25 wrong\\r\\nhere")


@pytest.mark.parametrize(
    ("file", "uri"),
    [
        ("rules/<a> b.yaml", "rules/%3Ca%3E%20b.yaml"),
        ("rules/ü#?%.yaml", "rules/%C3%BC%23%3F%25.yaml"),
        ("/tmp/my rules/x.yaml", "file:///tmp/my%20rules/x.yaml"),
        ("rules\\win\\x.yaml", "rules/win/x.yaml"),
    ],
)
def test_sarif_uris_follow_rfc_3986(file: str, uri: str) -> None:
    location = json.loads(as_sarif([Problem(Position(file, 1, 1), "x")], "0"))["runs"][0]["results"][0]["locations"]
    assert location[0]["physicalLocation"]["artifactLocation"]["uri"] == uri
    if uri.startswith("file:"):
        assert uri == Path(file).as_uri()


def test_build_check_names_a_stray_output_file_escaped(tmp_path: Path) -> None:
    """gah build --check lists files in the output folder it did not write: their names are anyone's."""
    folder = tmp_path
    (folder / "rules").mkdir()
    (folder / "gah.toml").write_text("", encoding="utf-8")
    (folder / "rules" / "house.yaml").write_text("extends: base\nname: house\n", encoding="utf-8")
    assert run_gah("build", cwd=folder).code == 0
    (folder / "generated" / "sheets" / f"{HOSTILE}.md").write_text("x", encoding="utf-8")
    run = run_gah("build", "--check", cwd=folder)
    assert run.code == 1
    assert_nothing_raw(run.out + run.err)
    assert "generated/sheets/\\x1b]0;pwned\\x07" in run.err


def test_score_and_new_variant_echo_names_escaped(tmp_path: Path) -> None:
    (tmp_path / "rules").mkdir()
    (tmp_path / "gah.toml").write_text("", encoding="utf-8")
    score = run_gah("score", f"{HOSTILE}.yaml", cwd=tmp_path)
    new = run_gah("new-variant", HOSTILE, cwd=tmp_path)
    assert score.code == 2 and new.code == 2
    for run in (score, new):
        assert_nothing_raw(run.out + run.err)
        assert "\\x1b]0;pwned\\x07" in run.err
