"""A workspace's own language files are checked against the shipped language before any phrase is used (issue 32):
an unbalanced brace, a missing phrase, an unknown placeholder, a format spec are each a problem at its line in the
language file, from `gah check` and from every command that speaks, never a traceback or a blame elsewhere."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers_rules import ROOT, run_gah

SHIPPED = ROOT / "rules" / "languages"
COMMANDS = [
    ("check",),
    ("score", "examples/round7.yaml"),
    ("sheet", "base", "-o", "-"),
    ("diff", "base", "no-penalties"),
]


def _table(tmp_path: Path, language: str, edit: tuple[str, str], setting: str = "") -> Path:
    """A workspace holding its own copy of a shipped language file with one line edited."""
    folder = tmp_path / "table"
    assert run_gah("init", str(folder)).code == 0
    text = (SHIPPED / f"{language}.yaml").read_text(encoding="utf-8")
    assert edit[0] in text
    (folder / "rules" / "languages").mkdir(parents=True)
    (folder / "rules" / "languages" / f"{language}.yaml").write_text(text.replace(edit[0], edit[1]), encoding="utf-8")
    if setting:
        config = folder / "gah.toml"
        config.write_text(config.read_text(encoding="utf-8") + f'\nlanguage = "{setting}"\n', encoding="utf-8")
    return folder


def _line_of(folder: Path, language: str, text: str) -> int:
    lines = (folder / "rules" / "languages" / f"{language}.yaml").read_text(encoding="utf-8").splitlines()
    return next(number for number, line in enumerate(lines, 1) if text in line)


@pytest.mark.parametrize("command", COMMANDS)
def test_an_unbalanced_brace_in_a_workspace_english_is_a_problem_at_its_line(
    tmp_path: Path, command: tuple[str, ...]
) -> None:
    folder = _table(tmp_path, "en", ("  game: Grand Austria Hotel\n", '  game: "Grand {"\n'))
    run = run_gah(*command, cwd=folder)
    assert run.code == 1
    line = _line_of(folder, "en", 'game: "Grand {"')
    assert f"rules/languages/en.yaml:{line}:9: terms.game: a '{{' or '}}' without its pair" in run.err
    assert "Traceback" not in run.err and "Single '{'" not in run.err


def test_a_phrase_a_workspace_english_lacks_is_named_at_its_section(tmp_path: Path) -> None:
    folder = _table(tmp_path, "en", ('  language_ok: "ok  language {id} ({name}): {file}"\n', ""))
    run = run_gah("check", cwd=folder)
    assert run.code == 1
    line = _line_of(folder, "en", "cli:")
    assert f"rules/languages/en.yaml:{line}:1: missing phrase 'cli.language_ok' (in English: " in run.err


def test_an_unknown_placeholder_in_a_workspace_english_fails_gah_check(tmp_path: Path) -> None:
    folder = _table(tmp_path, "en", ("({format}, {ruleset})", "({format}, {ruleset}) {extra}"))
    run = run_gah("check", cwd=folder)
    assert run.code == 1
    assert "cli.wrote: unknown placeholder {extra}; this phrase has: {file}, {format}, {ruleset}" in run.err


@pytest.mark.parametrize("command", [("check",), ("score", "--lang", "de", "examples/round7.yaml")])
def test_a_format_spec_is_refused_at_its_line_in_the_language_file(tmp_path: Path, command: tuple[str, ...]) -> None:
    folder = _table(
        tmp_path, "de", ('standing_short: "{rank}. {player} {points}"', 'standing_short: "{rank}. {player:d} {points}"')
    )
    run = run_gah(*command, cwd=folder)
    assert run.code == 1
    line = _line_of(folder, "de", "{player:d}")
    assert f"rules/languages/de.yaml:{line}:" in run.err
    assert "pad.standing_short: {player:d} formats its value; write {player}" in run.err
    assert "Unknown format code" not in run.err and "round7.yaml" not in run.err


def test_a_workspace_english_that_changes_only_words_is_fine(tmp_path: Path) -> None:
    folder = _table(tmp_path, "en", ("  game: Grand Austria Hotel\n", "  game: Grand Austria Hotel (our table)\n"))
    run = run_gah("check", cwd=folder)
    assert run.code == 0, run.err
