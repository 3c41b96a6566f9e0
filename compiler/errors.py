"""The single error root and positioned error reports."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol


@dataclass(frozen=True, order=True)
class Position:
    """A place in a source file: 1-based line and column."""

    file: str
    line: int
    column: int

    def __str__(self) -> str:
        """`file:line:column`, the file name printable (it is user text: it may hold escape sequences)."""
        return f"{printable(self.file)}:{self.line}:{self.column}"


# Characters that would act on the terminal instead of showing (escape sequences, line
# breaks that split one problem over lines, bidirectional overrides that reorder text).
_BIDI = {chr(c) for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A), 0x200E, 0x200F, 0x061C)}


def printable(text: str) -> str:
    """`text` safe to print on one line: control and bidi characters written as escapes (\\x1b, \\n)."""
    if text.isprintable():
        return text
    return "".join(
        char.encode("unicode_escape").decode("ascii") if _is_control(char) or char in _BIDI else char for char in text
    )


def acts_on_a_terminal(char: str) -> bool:
    """Whether `char` is one printable() escapes: a C0 or C1 control, DEL, or a bidirectional control."""
    return _is_control(char) or char in _BIDI


class Speaks(Protocol):
    """What says messages: a Language (compiler/languages.py), or English as shipped (compiler/said.py)."""

    def say(self, key: str, count: int | None = None, /, **values: str | int) -> str: ...


class Tells(Protocol):
    """A message that can be said in any language (compiler/said.py)."""

    def tell(self, says: Speaks) -> str: ...


@dataclass(frozen=True)
class Problem:
    """One mistake at one position. The message is made printable here, the one way messages
    reach a user, so user text quoted in it (a key, a value, a name) cannot drive the terminal.
    `said`: the message as a phrase, for a command to say it in the user's language (told)."""

    position: Position
    message: str
    said: Tells | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "message", printable(self.message))

    def told(self, says: Speaks) -> Problem:
        """This problem said in `says`' language (as it is where it has no phrase)."""
        return self if self.said is None else Problem(self.position, self.said.tell(says), self.said)

    def sort_key(self) -> tuple[str, int, int, str]:
        return (self.position.file, self.position.line, self.position.column, self.message)


class GahError(Exception):
    """Root of every error the tool reports to a user (exit code 1). `said`: its message as a phrase."""

    said: Tells | None = None


@dataclass
class RulesError(GahError):
    """One or more problems found in rules or state files."""

    problems: list[Problem] = field(default_factory=list)

    def __str__(self) -> str:
        return "\n".join(f"{p.position}: {p.message}" for p in self.problems)


class ScoringError(GahError):
    """A game state that the rules cannot score (for example an illegal recorded choice)."""


class SourceRegistry:
    """Remembers the text of every file read, to quote the line of an error."""

    def __init__(self) -> None:
        self._lines: dict[str, list[str]] = {}

    def add(self, name: str, text: str) -> None:
        self._lines[name] = text.splitlines()

    def line(self, name: str, number: int) -> str | None:
        lines = self._lines.get(name)
        if lines is None or not 1 <= number <= len(lines):
            return None
        return lines[number - 1]


def format_problem(problem: Problem, sources: SourceRegistry) -> str:
    """`file:line:col: message`, then the source line and a caret under the column."""
    text = f"{problem.position}: {problem.message}"
    quoted = quoted_line(problem, sources)
    if quoted is not None:
        text += f"\n    {quoted[0]}\n    {quoted[1]}"
    return text


def quoted_line(problem: Problem, sources: SourceRegistry) -> tuple[str, str] | None:
    """The source line of a problem (as it can be shown) and the caret line under its column, if known."""
    line = sources.line(problem.position.file, problem.position.line)
    if line is None or len(line) > 300:
        return None
    # Tabs and control characters would shift or hide the caret: one visible character each.
    shown = "".join(" " if c == "\t" else "\ufffd" if _is_control(c) else c for c in line)
    return shown, " " * (max(problem.position.column, 1) - 1) + "^"


def _is_control(char: str) -> bool:
    code = ord(char)
    return code < 0x20 or 0x7F <= code < 0xA0


def format_problems(problems: list[Problem], sources: SourceRegistry) -> str:
    ordered = sorted(set(problems), key=Problem.sort_key)
    return "\n".join(format_problem(p, sources) for p in ordered)
