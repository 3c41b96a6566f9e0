"""Output into a pipe nobody reads (`gah diff A B --exit-code | head -0`): the command keeps its own exit code,
with no traceback and no "Broken pipe" on stderr (compiler/pipes.py)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from helpers_rules import ROOT, shipped_root


def run_into_closed_pipe(*argv: str, stderr_closed: bool = False) -> tuple[int, str]:
    """`python -m gah ARGV` whose stdout (and, if asked, stderr) is a pipe whose reading end was closed before
    it started, so that its first write fails as a write after `head -0` has exited does; its exit code and
    what it wrote on stderr (nothing when stderr is closed too)."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        done = subprocess.run(
            [sys.executable, "-m", "gah", "--workspace", str(shipped_root()), *argv],
            cwd=ROOT,
            stdout=write_end,
            stderr=write_end if stderr_closed else subprocess.PIPE,
            text=True,
            timeout=60,
            check=False,
        )
    finally:
        os.close(write_end)
    return done.returncode, done.stderr or ""


@pytest.mark.parametrize(
    ("argv", "code"),
    [
        (("diff", "base", "gentle-move-backs", "--exit-code"), 1),  # they differ: 1, as when the reader reads
        (("diff", "base", "base", "--exit-code"), 0),
        (("diff", "base", "gentle-move-backs"), 0),
        (("--help",), 0),
    ],
    ids=["differ", "same", "no-exit-code", "help"],
)
def test_a_closed_pipe_keeps_the_exit_code(argv: tuple[str, ...], code: int) -> None:
    assert run_into_closed_pipe(*argv) == (code, "")


def test_closed_stderr_too_keeps_the_exit_code_of_broken_rules() -> None:
    # `gah check FILE 2>&1 | head -0` with a broken file: the problems go nowhere, the exit code is still 1.
    broken = ROOT / "tests" / "data" / "broken" / "bad-enum.yaml"
    assert run_into_closed_pipe("check", str(broken), stderr_closed=True) == (1, "")


def test_a_write_past_the_guards_ends_as_a_sigpipe_kill_does(monkeypatch: pytest.MonkeyPatch) -> None:
    # A write straight to the descriptor (no guarded stream) that fails ends the command as a shell shows a tool
    # killed by SIGPIPE: 141, and no "Broken pipe" line.
    from gah.cli import main
    from gah.commands import handler
    from gah.commands.registry import HANDLERS

    handler("diff")  # imports its module, which registers the real handler

    def cut_off(_args: object, _workspace: object) -> int:
        raise BrokenPipeError(32, "Broken pipe")

    monkeypatch.setitem(HANDLERS, "diff", cut_off)
    assert main(["--workspace", str(shipped_root()), "diff", "base", "base"]) == 141
