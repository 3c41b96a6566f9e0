"""`gah show`: a ruleset after `extends` as one YAML file (and JSON), with where each value came from."""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path

import pytest
import yaml
from gah.frontend.blame import RulesetBuilder
from gah.frontend.loader import load_yaml
from gah.frontend.rulesets import Library, Resolved, RulesFile
from gah.rules_yaml import render_yaml, scalar_text
from helpers_rules import BROKEN, ROOT, SHIPPED, ruleset, run_gah, shipped_workspace
from hypothesis import given, settings
from hypothesis import strategies as st

BASE = "<bundled>/rules/base.yaml"
GENTLE = "<bundled>/rules/variants/gentle-move-backs.yaml"


def show(*args: str, cwd: Path | None = None) -> str:
    run = run_gah("show", *args, cwd=cwd)
    assert run.code == 0, run.err
    assert run.err == ""
    return run.out


@pytest.mark.parametrize("name", SHIPPED)
def test_the_shown_yaml_is_a_ruleset_that_builds_to_the_same_rules(name: str, tmp_path: Path) -> None:
    text = show(name, cwd=tmp_path)  # outside any workspace: the bundled rulesets
    assert text == show(name, cwd=tmp_path)  # deterministic
    assert "extends" not in load_yaml(text, "shown").plain()  # type: ignore[operator]
    copy = tmp_path / f"{name}-whole.yaml"
    copy.write_text(text, encoding="utf-8")
    check = run_gah("check", str(copy))
    assert check.code == 0, check.err
    assert check.out.startswith(f"ok  {name:<18} root ruleset |")
    workspace = shipped_workspace()
    built = RulesetBuilder(Library(workspace, [copy])).build(name)
    assert built.extends is None
    shipped = ruleset(name)
    assert dataclasses.replace(built, extends=shipped.extends, sources=shipped.sources) == shipped


def test_a_value_from_a_variant_names_its_file_and_line_and_the_base_values_stay_plain(tmp_path: Path) -> None:
    lines = show("gentle-draft", cwd=tmp_path).splitlines()
    assert lines[1:6] == [
        "# Made from these files, each changing the one before:",
        f"#   {BASE}",
        f"#   {GENTLE}",
        "#   <bundled>/rules/variants/gentle-draft.yaml",
        f"# A value not from {BASE} ends with a comment naming its file and line.",
    ]
    start = lines.index("emperor_scorings:")
    # Round 3 mixes base's tier (base.yaml:44) with the variant's move-back (line 10): one value a line.
    assert lines[start + 1 : start + 4] == ["  3:", "    tier: A", f"    move_back: 2  # {GENTLE}:10"]
    assert lines[start + 9] == f"    move_back: 6  # {GENTLE}:12"
    # A mapping with all its values from base stays on one line, as base.yaml writes it.
    assert "    black: {from: 0, to: 0, outcome: penalty, name: Black}" in lines
    deal = lines.index("  deal:")
    assert lines[deal + 1].startswith("    method: draft") and "gentle-draft.yaml:" in lines[deal + 1]


def test_a_track_extended_by_a_variant_is_written_one_space_a_line(tmp_path: Path) -> None:
    lines = show("long-track", cwd=tmp_path).splitlines()
    spaces = lines.index("  spaces:")
    assert lines[spaces + 1] == "    0: 0"
    assert lines[spaces + 14] == "    13: 9"
    assert lines[spaces + 15] == "    14: 10  # <bundled>/rules/variants/long-track.yaml:11"


def test_base_has_no_comments_beyond_its_header(tmp_path: Path) -> None:
    lines = show("base", cwd=tmp_path).splitlines()
    assert lines[1] == f"# Every value comes from {BASE}."
    body = lines[lines.index("") :]
    assert [line for line in body if "#" in line] == []
    assert '  printed_points: {"3.4": 1, "3.5": 1, "4.3": 2, "4.4": 2, "4.5": 2}' in body
    assert '  first_room: "1.1"' in body


def test_json_gives_the_chain_the_document_and_every_value_s_origin(tmp_path: Path) -> None:
    data = json.loads(show("gentle-draft", "--json", cwd=tmp_path))
    assert list(data) == ["ruleset", "sources", "document", "origins", "removed"]
    assert data["ruleset"] == "gentle-draft"
    assert data["sources"] == [BASE, GENTLE, "<bundled>/rules/variants/gentle-draft.yaml"]
    assert data["document"]["emperor_scorings"]["3"] == {"tier": "A", "move_back": 2}
    assert "extends" not in data["document"]
    origins = data["origins"]
    assert origins["/emperor_scorings/3/tier"] == f"{BASE}:44"
    assert origins["/emperor_scorings/3/move_back"] == f"{GENTLE}:10"
    assert origins["/setup/deal/hand_size"] == "<bundled>/rules/variants/gentle-draft.yaml:12"
    assert origins["/setup/start/hotel_rooms"] == f"{BASE}:434"  # an empty list is a value too
    assert origins["/hotel/printed_points/3.4"].startswith(f"{BASE}:")
    assert len(origins) == len(set(origins)) > 400
    assert data["removed"] == {}


def _workspace(tmp_path: Path, name: str, body: str) -> Path:
    folder = tmp_path / "table"
    (folder / "rules").mkdir(parents=True)
    (folder / "gah.toml").write_text("", encoding="utf-8")
    (folder / "rules" / f"{name}.yaml").write_text(f"extends: base\nname: {name}\n{body}", encoding="utf-8")
    return folder


def test_a_removal_is_named_in_the_header_and_in_json(tmp_path: Path) -> None:
    folder = _workspace(tmp_path, "no-cafe", "final_scoring:\n  cafe: null\n")
    lines = show("no-cafe", cwd=folder / "rules").splitlines()
    assert "# Removed: /final_scoring/cafe (null at rules/no-cafe.yaml:4)" in lines
    assert "  cafe:" not in lines and not any(line.startswith("  cafe: {") for line in lines)
    data = json.loads(show("no-cafe", "--json", cwd=folder))
    assert data["removed"] == {"/final_scoring/cafe": "rules/no-cafe.yaml:4"}
    assert "cafe" not in data["document"]["final_scoring"]


def test_a_rules_file_given_by_path_is_shown(tmp_path: Path) -> None:
    folder = _workspace(tmp_path, "stakes", "emperor_track:\n  spaces: {13: 10}\n")
    text = show(str(folder / "rules" / "stakes.yaml"), cwd=tmp_path)
    assert "    13: 10  # table/rules/stakes.yaml:4" in text.splitlines()  # named from the current folder


def test_a_broken_or_unknown_ruleset_is_exit_1_with_a_positioned_message(tmp_path: Path) -> None:
    folder = _workspace(tmp_path, "broken", "rounds: seven\n")
    run = run_gah("show", "broken", cwd=folder)
    assert run.code == 1 and run.out == ""
    assert run.err.startswith('rules/broken.yaml:3:9: rounds: expected a whole number, got text ("seven")')
    unknown = run_gah("show", "bsae", cwd=folder)
    assert unknown.code == 1 and "unknown ruleset 'bsae'" in unknown.err


TRICKY_TEXTS = [
    "yes",
    "No",
    "null",
    "~",
    "1.10",
    "3.4",
    "0x1F",
    "1_000",
    "1:30",
    "2001-12-14",
    ".inf",
    "",
    " leading",
    "trailing ",
    "a: b",
    "a:",
    "x #y",
    "#x",
    "- x",
    "-x",
    "?x",
    "[x]",
    "a, b",
    "{x}",
    "@x",
    "%x",
    "!x",
    "*x",
    "&x",
    "|x",
    ">x",
    "'quoted'",
    'say "hi"',
    "back\\slash",
    "tab\there",
    "two\nlines",
    "bidi \u202e override",
    "emoji \U0001f600 and café",
    "²",  # a digit to str.isdigit, not to YAML
    "long text " * 12,
    "long  text with double  spaces " * 4 + "end",
    "long text that ends in a colon " * 4 + ":",
]


def _round_trip(document: object) -> object:
    node = load_yaml(json.dumps(document), "tricky.yaml")
    resolved = Resolved("tricky", node, [RulesFile(Path("tricky.yaml"), "tricky.yaml", node)])
    text = render_yaml(resolved)
    assert all(char.isprintable() for line in text.splitlines() for char in line), text
    yaml.load(text, Loader=yaml.SafeLoader)  # PyYAML's pure-Python parser (gah's fallback) reads it too
    return load_yaml(text, "shown.yaml").plain()


def test_tricky_text_and_numbers_read_back_as_the_same_values() -> None:
    document = {
        "texts": TRICKY_TEXTS,
        "by_key": {text: text for text in TRICKY_TEXTS if text.isprintable()},
        "numbers": [0, -3, 10**15, 0.5, -2.25, 1.5e20, 2.5e-05, True, False, None],
        "nested": [
            [1, [2, "3"]],
            {"a": [{"b": "1.1"}]},
            [],
            {},
            ["a, b", "z]", "{x", "b?c", "x:y"],
            {"k": "c,d", "q": "b?c"},
        ],
    }
    assert _round_trip(document) == document


@pytest.mark.parametrize("number", [1e20, 1e-05, -1e300, 0.1, float("inf"), float("-inf")])
def test_a_float_reads_back_as_the_same_float(number: float) -> None:
    # repr writes 1e+20, which YAML 1.1 reads as text; the shown file must say 1.0e+20.
    assert load_yaml(f"x: {scalar_text(number)}", "x.yaml").plain() == {"x": number}


def test_long_text_from_a_variant_is_folded_with_its_origin_on_the_key_line(tmp_path: Path) -> None:
    words = "Guests left in the café cost three points each at the end, not five, so a full café hurts less."
    folder = _workspace(tmp_path, "mild", f"description: {words}\n")
    lines = show("mild", cwd=folder).splitlines()
    at = lines.index("description: >-  # rules/mild.yaml:3")
    assert " ".join(line.strip() for line in lines[at + 1 : at + 3]) == words
    shown = folder / "whole.yaml"
    shown.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert load_yaml(shown.read_text(encoding="utf-8"), "whole.yaml").plain()["description"] == words  # type: ignore[index]


def test_the_guide_s_promises_about_show_hold(tmp_path: Path) -> None:
    readme = (ROOT / "docs" / "guide-commands.md").read_text(encoding="utf-8")
    row = next(line for line in readme.splitlines() if line.startswith("| `gah show RULESET"))
    keys = re.search(r"`\{([a-z, ]+)\}`", row)
    assert keys is not None
    data = json.loads(show("base", "--json", cwd=tmp_path))
    assert list(data) == keys[1].split(", ")
    # "with the ids a patch needs: tiles by id, Staff by number, scorings by round"
    lines = show("base", cwd=tmp_path).splitlines()
    assert lines.index("  a-krones:") > lines.index("tiles:")
    assert lines.index("  21:") > lines.index("staff:")
    assert lines[lines.index("emperor_scorings:") + 1] == "  3: {tier: A, move_back: 3}"


@pytest.mark.parametrize("path", sorted(BROKEN.glob("*.yaml")), ids=lambda path: path.stem)
def test_a_broken_file_gets_the_same_positioned_problems_as_from_check(path: Path) -> None:
    run = run_gah("show", path.relative_to(ROOT).as_posix())  # from the repository root, as the goldens were made
    assert (run.code, run.out) == (1, "")
    assert run.err == path.with_suffix(".expected").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    "path",
    sorted(
        [*(ROOT / "tests" / "data" / "rulesets").glob("*.yaml"), *(ROOT / "tests" / "data" / "variants").glob("*.yaml")]
    ),
    ids=lambda p: p.stem,
)
def test_the_test_rulesets_round_trip_too(path: Path, tmp_path: Path) -> None:
    copy = tmp_path / "whole.yaml"
    copy.write_text(show(str(path)), encoding="utf-8")
    workspace = shipped_workspace()
    original = RulesetBuilder(Library(workspace, [path])).build(path.stem)
    built = RulesetBuilder(Library(shipped_workspace(), [copy])).build(path.stem)
    assert dataclasses.replace(built, extends=original.extends, sources=original.sources) == original


def _allowed(text: str, in_key: bool) -> bool:
    """What the loader accepts: no control characters (values may hold tabs and line breaks)."""
    return all(not (ord(c) < 0x20 or 0x7F <= ord(c) < 0xA0) or (not in_key and c in "\t\n") for c in text)


@settings(max_examples=300, deadline=None)
@given(
    st.dictionaries(
        st.text(max_size=12).filter(lambda key: _allowed(key, in_key=True) and "\x00" not in key),
        st.one_of(
            st.text(max_size=120).filter(lambda text: _allowed(text, in_key=False)),
            st.lists(st.text(max_size=8).filter(lambda text: _allowed(text, in_key=False)), max_size=4),
            st.integers(),
        ),
        max_size=6,
    )
)
def test_any_text_reads_back_as_the_same_text(document: dict[str, object]) -> None:
    assert _round_trip({"name": "x", "data": document}) == {"name": "x", "data": document}
