"""What a terminal gets that a pipe does not: colour (errors red, positions bold, diffs marked) and long lines
wrapped to its width. Piped or redirected output stays plain, full lines, byte for byte as before.

Colour follows the conventions users set once for every tool: `--color always|never|auto` first, then
NO_COLOR (any value: none, https://no-color.org), then FORCE_COLOR (any value but 0: colour), else colour
only on a terminal whose TERM is not `dumb`."""

from __future__ import annotations

import os
import shutil
import textwrap
from typing import TextIO

CHOICES = ("auto", "always", "never")
_choice = ["auto"]  # set once per command line by set_choice (the global --color option)

STYLES = {"bold": "1", "dim": "2", "red": "31", "green": "32", "yellow": "33", "cyan": "36", "error": "1;31"}


def set_choice(choice: str) -> None:
    _choice[0] = choice if choice in CHOICES else "auto"


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def colour(stream: TextIO) -> bool:
    """Whether to colour what is written to `stream`."""
    if _choice[0] != "auto":
        return _choice[0] == "always"
    if os.environ.get("NO_COLOR"):
        return False
    forced = os.environ.get("FORCE_COLOR")
    if forced is not None and forced != "0":
        return True
    return _is_terminal(stream) and os.environ.get("TERM") != "dumb"


def paint(text: str, style: str, stream: TextIO) -> str:
    """`text` in `style` (one of STYLES) when `stream` is coloured, else as it is."""
    return f"\x1b[{STYLES[style]}m{text}\x1b[0m" if text and colour(stream) else text


def width(stream: TextIO) -> int | None:
    """The terminal's width in columns when `stream` is a terminal (COLUMNS overrides), else None: no wrapping."""
    if not _is_terminal(stream):
        return None
    return max(shutil.get_terminal_size().columns, 40)


def wrap(text: str, stream: TextIO, indent: str = "    ") -> str:
    """`text` (one line) wrapped to the terminal's width, its later lines indented; unchanged when piped."""
    columns = width(stream)
    if columns is None or len(text) <= columns:
        return text
    lines = textwrap.wrap(text, columns, subsequent_indent=indent, break_long_words=False, break_on_hyphens=False)
    return "\n".join(lines)
