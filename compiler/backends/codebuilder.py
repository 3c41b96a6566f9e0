"""A tiny code builder that owns indentation, and the only ways user data may enter code."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

IDENTIFIER = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


class CodeBuilder:
    """Collects lines of Python at the current indentation."""

    def __init__(self, indent_width: int = 4) -> None:
        self.lines: list[str] = []
        self.level = 0
        self.width = indent_width

    def line(self, text: str = "") -> None:
        self.lines.append((" " * (self.level * self.width) + text) if text else "")

    def lines_from(self, texts: Sequence[str]) -> None:
        for text in texts:
            self.line(text)

    @contextmanager
    def block(self, header: str) -> Iterator[None]:
        """`header:` followed by an indented body."""
        self.line(header)
        self.level += 1
        yield
        self.level -= 1

    def literal_line(self, head: str, value: object, tail: str = "", width: int = 120) -> None:
        """`head + literal(value) + tail`, folded one element per line when too long (as formatters do)."""
        single = head + literal(value) + tail
        indent = self.level * self.width
        if indent + len(single) <= width or not isinstance(value, (tuple, list, dict)) or not value:
            self.line(single)
            return
        brackets = {tuple: ("(", ")"), list: ("[", "]"), dict: ("{", "}")}
        opening, closing = brackets[type(value)]
        self.line(head + opening)
        self.level += 1
        if isinstance(value, dict):
            for key, item in value.items():
                self.literal_line(f"{literal(key)}: ", item, ",", width)
        else:
            for item in value:
                self.literal_line("", item, ",", width)
        self.level -= 1
        self.line(closing + tail)

    def sum_line(self, head: str, terms: list[str], width: int = 120) -> None:
        """`head + a + b + ...`, folded into parentheses one term per line when too long."""
        single = head + " + ".join(terms)
        if self.level * self.width + len(single) <= width or len(terms) < 2:
            self.line(single)
            return
        self.line(head + "(")
        self.level += 1
        self.line(terms[0])
        for term in terms[1:]:
            self.line("+ " + term)
        self.level -= 1
        self.line(")")

    def blank(self, count: int = 1) -> None:
        for _ in range(count):
            self.line()

    def text(self) -> str:
        return "\n".join(self.lines).rstrip("\n") + "\n"


def literal(value: object) -> str:
    """A Python literal for plain data: the only way user strings reach generated code.

    Built on repr() (so every string is escaped by Python itself), with double
    quotes as formatters write them.
    """
    if isinstance(value, str):
        text = repr(value)
        if text.startswith("'") and '"' not in value:
            return '"' + text[1:-1].replace("\\'", "'") + '"'
        return text
    if isinstance(value, tuple):
        inner = ", ".join(literal(v) for v in value)
        return f"({inner},)" if len(value) == 1 else f"({inner})"
    if isinstance(value, list):
        return "[" + ", ".join(literal(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{literal(k)}: {literal(v)}" for k, v in value.items()) + "}"
    if value is None or isinstance(value, (bool, int)):
        return repr(value)
    raise TypeError(f"no literal for {type(value).__name__}")


def identifier(*parts: str) -> str:
    """An identifier made from validated ids (dashes become underscores); refuses anything else."""
    name = "_".join(part.replace("-", "_") for part in parts)
    if not IDENTIFIER.match(name):
        raise ValueError(f"not a safe identifier: {name!r}")
    return name


def comment(text: str) -> str:
    """A one-line comment that cannot break out: user text is shown as a repr literal."""
    return "# " + repr(text)[1:-1].replace("\n", " ")
