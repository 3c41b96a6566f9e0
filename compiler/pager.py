"""A long text for a person at a terminal: through a pager, as git pages its output, or plainly when there is none.

The pager is $PAGER (a command and its arguments; empty or `cat`: none), else `less`, else `more`. A pager that
is not installed, cannot start, or a TERM of `dumb` leaves the text printed plainly: the text is never lost.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
from typing import TextIO


def pager_command() -> list[str] | None:
    """The pager to run, as its argument list, or None to print plainly."""
    if os.environ.get("TERM") == "dumb":
        return None
    named = os.environ.get("PAGER")
    if named is None:
        found = [name for name in ("less", "more") if shutil.which(name)]
        return found[:1] or None
    try:
        words = shlex.split(named)
    except ValueError:  # an unbalanced quote: no program can be told from it
        return None
    if not words or words == ["cat"] or shutil.which(words[0]) is None:
        return None
    return words


def _run(command: list[str], text: str) -> bool:
    """Page `text` with `command`; False when the pager did not start (nothing was shown)."""
    environment = dict(os.environ)
    environment.setdefault("LESS", "FRX")  # as git: quit when it fits one screen, leave it on the screen
    sys.stdout.flush()  # what was written before comes before the pager's screen
    try:
        process = subprocess.Popen(command, stdin=subprocess.PIPE, env=environment)
    except OSError:
        return False
    assert process.stdin is not None
    try:
        process.stdin.write(text.encode("utf-8"))
        process.stdin.close()
    except BrokenPipeError:  # the reader quit before the end: what they read was shown
        pass
    while True:
        try:
            process.wait()
            return True
        except KeyboardInterrupt:  # Ctrl-C belongs to the pager (less scrolls on): wait for it to end
            continue


def page(text: str, stream: TextIO | None = None) -> None:
    """Show `text` through the pager, or write it to `stream` (stdout) when there is no pager to run."""
    command = pager_command()
    if command is None or not _run(command, text):
        out = stream or sys.stdout
        out.write(text)
        out.flush()
