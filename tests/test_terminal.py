"""Colour and width (compiler/terminal.py; gah docs commands): a terminal gets colour and lines wrapped to its
width; a pipe gets plain full lines; --color, NO_COLOR and FORCE_COLOR decide as users expect."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from gah import terminal
from helpers_rules import run_gah

BROKEN = "extends: base\nname: house\nrounds: seven\n"
MESSAGE = 'rules/house.yaml:3:9: rounds: expected a whole number, got text ("seven")'


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.fixture(autouse=True)
def plain_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("NO_COLOR", "FORCE_COLOR", "TERM"):
        monkeypatch.delenv(name, raising=False)
    terminal.set_choice("auto")


def test_colour_on_a_terminal_only() -> None:
    assert terminal.colour(Terminal()) and not terminal.colour(io.StringIO())
    assert terminal.paint("x", "red", Terminal()) == "\x1b[31mx\x1b[0m"
    assert terminal.paint("x", "red", io.StringIO()) == "x"


def test_no_color_force_color_and_the_option(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    assert not terminal.colour(Terminal())
    monkeypatch.delenv("NO_COLOR")
    monkeypatch.setenv("FORCE_COLOR", "1")
    assert terminal.colour(io.StringIO())
    monkeypatch.setenv("FORCE_COLOR", "0")
    assert not terminal.colour(io.StringIO())
    terminal.set_choice("never")
    monkeypatch.setenv("FORCE_COLOR", "1")
    assert not terminal.colour(Terminal())
    terminal.set_choice("always")
    monkeypatch.setenv("NO_COLOR", "1")
    assert terminal.colour(io.StringIO())
    monkeypatch.delenv("FORCE_COLOR")
    terminal.set_choice("auto")
    monkeypatch.delenv("NO_COLOR")
    monkeypatch.setenv("TERM", "dumb")
    assert not terminal.colour(Terminal())


def test_long_lines_wrap_to_the_terminal_and_stay_whole_in_a_pipe(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "40")
    text = "word " * 30
    wrapped = terminal.wrap(text.strip(), Terminal()).splitlines()
    assert len(wrapped) > 3 and all(len(line) <= 40 for line in wrapped)
    assert all(line.startswith("    ") for line in wrapped[1:])
    assert terminal.wrap(text.strip(), io.StringIO()) == text.strip()


def _house(tmp_path: Path) -> Path:
    assert run_gah("init", str(tmp_path)).code == 0
    (tmp_path / "rules" / "house.yaml").write_text(BROKEN, encoding="utf-8")
    return tmp_path


def test_check_in_colour_when_asked_and_plain_when_piped(tmp_path: Path) -> None:
    folder = _house(tmp_path)
    plain = run_gah("--workspace", str(folder), "check")
    assert MESSAGE in plain.err.splitlines() and "\x1b[" not in plain.err
    coloured = run_gah("--workspace", str(folder), "--color", "always", "check")
    assert "\x1b[1mrules/house.yaml:3:9:\x1b[0m\x1b[31m rounds:" in coloured.err
    assert "\x1b[1;31m1 problem found\x1b[0m" in coloured.err


def test_diff_marks_its_items_in_colour() -> None:
    shown = run_gah("--color", "always", "diff", "base", "gentle-move-backs")
    assert shown.out.splitlines()[0].startswith("\x1b[1m")
    assert shown.out.splitlines()[1].startswith("\x1b[36m-\x1b[0m After round 3")
