"""A merged ruleset written back as the YAML a user would write, saying where each value came from.

`gah show` prints what `extends` makes of a chain of files: one document with the keys and
shape of rules/base.yaml. Every value of the merged tree still carries the position it was
read from (the loader keeps positions, the merge keeps the patch's), so each printed line can
name its file and line. A short collection whose values all come from one file is written on
one line, `{...}` or `[...]`, as base.yaml writes them; a collection mixing files is written
one value a line, so no line hides two origins.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

import yaml

from .errors import Position, Speaks, printable
from .frontend.loader import Node
from .frontend.rulesets import Resolved
from .said import shipped_english

WIDTH = 88  # longest line (before its comment) that a one-line collection may make
TEXT_WIDTH = 88  # where long text is folded
_RESOLVER = yaml.resolver.Resolver()
_STR_TAG = "tag:yaml.org,2002:str"
# A plain scalar may not start with these (YAML indicators), nor hold ": " or " #".
_INDICATORS = "-?:,[]{}#&*!|>'\"%@`"
_WHOLE_NUMBER = re.compile(r"0|[1-9][0-9]*")  # a key read back as this number is this text
_FLOW_BREAKERS = ",?[]{}"  # inside {...} or [...] these end a plain scalar


@dataclass(frozen=True)
class Origin:
    """Where a value was read: a file as gah names it, and a line."""

    file: str
    line: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}"


@dataclass(frozen=True)
class _Line:
    text: str
    origin: Origin | None = None


def _origin(position: Position) -> Origin:
    return Origin(position.file, position.line)


# --- scalars ----------------------------------------------------------------------------------


def _quoted(text: str) -> str:
    """A double-quoted YAML scalar; anything not printable is an escape, so output cannot drive a terminal."""
    out = []
    for char in text:
        if char in '"\\':
            out.append("\\" + char)
        elif char == "\n":
            out.append("\\n")
        elif char == "\t":
            out.append("\\t")
        elif not char.isprintable():
            code = ord(char)
            out.append(f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}")
        else:
            out.append(char)
    return '"' + "".join(out) + '"'


def _plain_text_ok(text: str, in_flow: bool) -> bool:
    """True when `text` written plain reads back as the same text."""
    if not text or not text.isprintable() or text != text.strip() or text[0] in _INDICATORS:
        return False
    if ": " in text or " #" in text or text.endswith(":"):
        return False
    if in_flow and any(char in _FLOW_BREAKERS for char in text):
        return False
    return bool(_RESOLVER.resolve(yaml.ScalarNode, text, (True, False)) == _STR_TAG)  # type: ignore[no-untyped-call]


def scalar_text(value: object, in_flow: bool = False) -> str:
    """One scalar as YAML that reads back as the same value and type."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return _float_text(value)
    assert isinstance(value, str)
    return value if _plain_text_ok(value, in_flow) else _quoted(value)


def _float_text(value: float) -> str:
    if math.isnan(value):
        return ".nan"
    if math.isinf(value):
        return ".inf" if value > 0 else "-.inf"
    text = repr(value)
    mantissa, _e, exponent = text.partition("e")
    if exponent and "." not in mantissa:  # YAML 1.1 reads 1e+20 as text: it wants 1.0e+20
        text = f"{mantissa}.0e{exponent}"
    return text


def key_text(key: str) -> str:
    """A mapping key: plain when it reads back as the same key (3, a-krones), else quoted ("3.4")."""
    if _WHOLE_NUMBER.fullmatch(key):
        return key
    return key if _plain_text_ok(key, in_flow=True) else _quoted(key)


def _folded(text: str, indent: int) -> list[str] | None:
    """Long text as the lines of a `>-` block, or None when folding would not read back the same."""
    if len(text) + indent <= TEXT_WIDTH or not text.isprintable() or "  " in text or text != text.strip():
        return None
    lines: list[str] = []
    current = ""
    for word in text.split(" "):
        if current and indent + len(current) + 1 + len(word) > TEXT_WIDTH:
            lines.append(current)
            current = word
        else:
            current = f"{current} {word}" if current else word
    lines.append(current)
    return lines if len(lines) > 1 else None


# --- collections ------------------------------------------------------------------------------


def _leaf_files(node: Node) -> set[str]:
    """The files the values under `node` were read from (its own for an empty collection)."""
    files: set[str] = set()
    stack = [node]
    while stack:
        current = stack.pop()
        children = _children(current)
        if children is None or not children:
            files.add(current.position.file)
        else:
            stack.extend(child for _key, child in children)
    return files


def _children(node: Node) -> list[tuple[str, Node]] | None:
    if isinstance(node.value, dict):
        return list(node.value.items())
    if isinstance(node.value, list):
        return [(str(index), child) for index, child in enumerate(node.value)]
    return None


def _first_leaf(node: Node) -> Node:
    while True:
        children = _children(node)
        if not children:
            return node
        node = children[0][1]


def _flow(node: Node, budget: int) -> str | None:
    """`node` on one line ({...} or [...]) within `budget` characters, or None."""
    if not isinstance(node.value, (dict, list)):
        text = scalar_text(node.value, in_flow=True)
        return text if len(text) <= budget else None
    if isinstance(node.value, list) and any(isinstance(item.value, dict) for item in node.value):
        return None  # a list of mappings (effects, tiebreakers) is one item a line, as base.yaml writes it
    parts: list[str] = []
    used = 2
    if isinstance(node.value, dict):
        items: list[tuple[str | None, Node]] = [(k, v) for k, v in node.value.items()]
    else:
        items = [(None, v) for v in node.value]
    for key, child in items:
        prefix = "" if key is None else key_text(key) + ": "
        inner = _flow(child, budget - used - len(prefix))
        if inner is None:
            return None
        parts.append(prefix + inner)
        used += len(prefix) + len(inner) + 2
        if used > budget:
            return None
    opening, closing = ("{", "}") if isinstance(node.value, dict) else ("[", "]")
    return opening + ", ".join(parts) + closing


def _one_line(node: Node, budget: int) -> tuple[str, Origin] | None:
    """A collection written on one line, when it fits and all its values come from one file."""
    files = _leaf_files(node)
    if len(files) != 1:
        return None
    text = _flow(node, budget)
    if text is None:
        return None
    # A merged mapping keeps the position of the last patch that touched it; name the values' file.
    where = node if node.position.file in files else _first_leaf(node)
    return text, _origin(where.position)


class _Writer:
    """Writes a node tree as block YAML, line by line, each value line with its origin."""

    def __init__(self) -> None:
        self.lines: list[_Line] = []

    def value(self, lead: str, node: Node, indent: int) -> None:
        """`lead` (a `key:` or `-` already indented) followed by `node`, then its nested lines."""
        if not isinstance(node.value, (dict, list)):
            self._scalar(lead, node, indent)
            return
        if not node.value:
            self.lines.append(_Line(f"{lead} {'{}' if isinstance(node.value, dict) else '[]'}", _origin(node.position)))
            return
        one_line = _one_line(node, WIDTH - len(lead) - 1)
        if one_line is not None:
            self.lines.append(_Line(f"{lead} {one_line[0]}", one_line[1]))
        elif lead.endswith("-"):
            self._in_list_item(lead, node, indent)
        else:
            self.lines.append(_Line(lead))
            self.block(node, indent + 2)

    def _scalar(self, lead: str, node: Node, indent: int) -> None:
        folded = _folded(node.value, indent + 2) if isinstance(node.value, str) else None
        if folded is None:
            self.lines.append(_Line(f"{lead} {scalar_text(node.value)}", _origin(node.position)))
            return
        self.lines.append(_Line(f"{lead} >-", _origin(node.position)))
        self.lines.extend(_Line(" " * (indent + 2) + part) for part in folded)

    def _in_list_item(self, lead: str, node: Node, indent: int) -> None:
        """A block collection as a list item: its first line shares the `- `."""
        start = len(self.lines)
        self.block(node, indent + 2)
        first = self.lines[start]
        self.lines[start] = _Line(lead + " " + first.text[indent + 2 :], first.origin)

    def block(self, node: Node, indent: int) -> None:
        """The entries of a non-empty mapping or list, at `indent`."""
        pad = " " * indent
        if isinstance(node.value, dict):
            for key, child in node.value.items():
                self.value(f"{pad}{key_text(key)}:", child, indent)
        elif isinstance(node.value, list):
            for child in node.value:
                self.value(f"{pad}-", child, indent)


# --- the document -----------------------------------------------------------------------------


def removals(resolved: Resolved) -> list[tuple[str, Origin]]:
    """What the chain's `null`s removed and is still gone: (JSON Pointer, where the null stands)."""
    kept = set(origins(resolved.document))
    found: list[tuple[str, Origin]] = []
    for rules_file in resolved.chain[1:]:
        stack: list[tuple[Node, str]] = [(rules_file.node, "")]
        while stack:
            node, path = stack.pop()
            if not isinstance(node.value, dict):
                continue
            for key, child in node.value.items():
                pointer = f"{path}/{_escape_pointer(key)}"
                if child.value is None:
                    if not any(p == pointer or p.startswith(pointer + "/") for p in kept):
                        found.append((pointer, _origin(node.key_positions.get(key, child.position))))
                else:
                    stack.append((child, pointer))
    return sorted(found, key=lambda item: (item[1].file, item[1].line, item[0]))


def _escape_pointer(key: str) -> str:
    return key.replace("~", "~0").replace("/", "~1")


def origins(document: Node) -> dict[str, str]:
    """Every value of the document (scalars and empty collections) by JSON Pointer: `file:line`."""
    found: dict[str, str] = {}
    stack: list[tuple[Node, str]] = [(document, "")]
    while stack:
        node, pointer = stack.pop()
        children = _children(node)
        if not children:
            found[pointer] = str(_origin(node.position))
            continue
        stack.extend((child, f"{pointer}/{_escape_pointer(key)}") for key, child in reversed(children))
    return found


def render_yaml(resolved: Resolved, says: Speaks | None = None) -> str:
    """The merged ruleset as one YAML file, its header comments in `says`' language (default English); a value
    read from a file other than the chain's first ends with a comment naming that file and line."""
    root_file = resolved.chain[0].display
    writer = _Writer()
    assert isinstance(resolved.document.value, dict)
    for key, child in resolved.document.value.items():  # the merge left out every `extends`
        before = len(writer.lines)
        writer.value(f"{key_text(key)}:", child, 0)
        if len(writer.lines) - before > 1 and before:
            writer.lines.insert(before, _Line(""))
    body = _with_comments(writer.lines, root_file)
    return "\n".join([*_header(resolved, says or shipped_english()), "", *body]) + "\n"


def _header(resolved: Resolved, says: Speaks) -> list[str]:
    files = resolved.sources
    lines = [says.say("cli.show.head", name=resolved.name)]
    if len(files) == 1:
        lines.append(says.say("cli.show.one_file", file=printable(files[0])))
    else:
        lines.append(says.say("cli.show.files"))
        lines.extend(f"  {printable(name)}" for name in files)
        lines.append(says.say("cli.show.others", file=printable(files[0])))
    for pointer, where in removals(resolved):
        lines.append(says.say("cli.show.removed", pointer=printable(pointer), where=printable(str(where))))
    return [f"# {line}" for line in lines]


def _with_comments(lines: list[_Line], root_file: str) -> list[str]:
    """The lines' text, each value from another file than `root_file` with its origin as a comment;
    the comments of neighbouring lines line up."""
    shown: list[str] = []
    run: list[tuple[str, str]] = []  # the current run of commented lines: (text, comment)

    def close_run() -> None:
        column = max((len(text) for text, _comment in run), default=0)
        shown.extend(f"{text.ljust(column)}  # {comment}" for text, comment in run)
        run.clear()

    for line in lines:
        if line.origin is None or line.origin.file == root_file:
            close_run()
            shown.append(line.text)
        else:
            run.append((line.text, printable(str(line.origin))))
    close_run()
    return shown
