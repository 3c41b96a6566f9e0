"""Safe YAML loading into a tree that remembers where every value came from.

The tree is built from PyYAML's event stream without recursion, so hostile
files (deep nesting, alias bombs, custom tags, huge files) are refused with a
positioned error before anything is constructed. Only plain scalars (str, int,
float, bool, null), mappings with scalar keys and sequences are produced.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from yaml.events import (
    AliasEvent,
    DocumentEndEvent,
    DocumentStartEvent,
    Event,
    MappingEndEvent,
    MappingStartEvent,
    ScalarEvent,
    SequenceEndEvent,
    SequenceStartEvent,
    StreamEndEvent,
    StreamStartEvent,
)
from yaml.reader import ReaderError

from .errors import Position, Problem, RulesError, SourceRegistry

MAX_FILE_BYTES = 1_000_000
MAX_DEPTH = 64
MAX_NODES = 200_000

Scalar = str | int | float | bool | None

_ALLOWED_TAGS = {
    "tag:yaml.org,2002:null",
    "tag:yaml.org,2002:bool",
    "tag:yaml.org,2002:int",
    "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:str",
}


@dataclass
class Node:
    """A loaded value with its position; mappings also keep their keys' positions."""

    value: Scalar | dict[str, Node] | list[Node]
    position: Position
    key_positions: dict[str, Position] = field(default_factory=dict)

    def plain(self) -> object:
        """The value as plain JSON-like Python data (iteratively, no recursion limit)."""
        return to_plain(self)


def to_plain(root: Node) -> object:
    """Convert a node tree to dicts, lists and scalars."""
    if not isinstance(root.value, (dict, list)):
        return root.value
    result: dict[str, object] | list[object] = {} if isinstance(root.value, dict) else []
    stack: list[tuple[Node, dict[str, object] | list[object]]] = [(root, result)]
    while stack:
        node, out = stack.pop()
        children: list[tuple[str, Node]]
        if isinstance(node.value, dict):
            children = list(node.value.items())
        elif isinstance(node.value, list):
            children = [(str(i), c) for i, c in enumerate(node.value)]
        else:  # pragma: no cover - only containers are stacked
            children = []
        for key, child in children:
            if isinstance(child.value, (dict, list)):
                inner: dict[str, object] | list[object] = {} if isinstance(child.value, dict) else []
                stack.append((child, inner))
                value: object = inner
            else:
                value = child.value
            if isinstance(out, dict):
                out[str(key)] = value
            else:
                out.append(value)
    return result


class _ScalarResolver(yaml.SafeLoader):
    """Only used to resolve and construct plain scalars safely."""

    def __init__(self) -> None:
        super().__init__("")


_RESOLVER = _ScalarResolver()


def _mark_position(name: str, mark: Any) -> Position:
    if mark is None:
        return Position(name, 1, 1)
    return Position(name, mark.line + 1, mark.column + 1)


def _scalar_value(event: ScalarEvent) -> Scalar:
    tag = _RESOLVER.resolve(yaml.ScalarNode, event.value, event.implicit)  # type: ignore[no-untyped-call]
    if tag not in _ALLOWED_TAGS:
        # Timestamps, binary and the like are kept as the text that was written.
        return event.value
    node = yaml.ScalarNode(tag, event.value)
    value = _RESOLVER.construct_object(node)
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    return event.value  # pragma: no cover - defensive


def _key_text(value: Scalar) -> str:
    if isinstance(value, bool) or value is None:
        return str(value).lower() if value is not None else "null"
    return str(value)


def decode_text(name: str, data: bytes) -> str:
    """Decode UTF-8 strictly, refusing binary files; errors carry a position."""
    if b"\x00" in data:
        offset = data.index(b"\x00")
        raise RulesError(
            [Problem(_offset_position(name, data, offset), "binary file: NUL byte found; rules files are UTF-8 text")]
        )
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise RulesError(
            [
                Problem(
                    _offset_position(name, data, error.start),
                    f"invalid UTF-8 (byte 0x{data[error.start]:02x}); save the file as UTF-8",
                )
            ]
        ) from None
    return text.removeprefix("\ufeff")


def _offset_position(name: str, data: bytes, offset: int) -> Position:
    before = data[:offset]
    line = before.count(b"\n") + 1
    column = offset - (before.rfind(b"\n") + 1) + 1
    return Position(name, line, column)


def read_source(path: Path, display_name: str, sources: SourceRegistry) -> str:
    """Read a rules or state file with the size cap, strict UTF-8, and register its text."""
    try:
        size = os.stat(path).st_size
    except OSError as error:
        raise RulesError([Problem(Position(display_name, 1, 1), f"cannot read file: {error.strerror}")]) from None
    if size > MAX_FILE_BYTES:
        raise RulesError(
            [Problem(Position(display_name, 1, 1), f"file too large: {size} bytes (the limit is {MAX_FILE_BYTES})")]
        )
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_FILE_BYTES + 1)
    except OSError as error:
        raise RulesError([Problem(Position(display_name, 1, 1), f"cannot read file: {error.strerror}")]) from None
    if len(data) > MAX_FILE_BYTES:
        raise RulesError(
            [Problem(Position(display_name, 1, 1), f"file too large (the limit is {MAX_FILE_BYTES} bytes)")]
        )
    text = decode_text(display_name, data)
    sources.add(display_name, text)
    return text


def load_yaml(text: str, name: str) -> Node:
    """Parse one YAML document safely into a Node tree.

    Refuses anchors, aliases, explicit tags, duplicate keys, non-scalar keys,
    more than one document, nesting deeper than MAX_DEPTH and more than
    MAX_NODES values.
    """
    if len(text) > MAX_FILE_BYTES:
        raise RulesError([Problem(Position(name, 1, 1), f"file too large (the limit is {MAX_FILE_BYTES} characters)")])
    builder = _TreeBuilder(name)
    try:
        for event in yaml.parse(text, Loader=_PARSER):
            builder.feed(event)
    except ReaderError as error:
        position = _index_position(name, text, error.position)
        raise RulesError(
            [Problem(position, f"control character U+{error.character:04X} is not allowed in a rules file")]
        ) from None
    except yaml.MarkedYAMLError as error:
        raise RulesError([_syntax_problem(name, text, error)]) from None
    except yaml.YAMLError as error:  # pragma: no cover - every parser error is marked or a reader error
        raise RulesError([Problem(Position(name, 1, 1), f"YAML error: {error}")]) from None
    return builder.result()


# libyaml's parser (shipped in PyYAML's wheels) is fast and caps nesting itself; the
# pure-Python one is the fallback. Both only parse: nothing is constructed from tags.
_PARSER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _index_position(name: str, text: str, index: int) -> Position:
    before = text[:index]
    return Position(name, before.count("\n") + 1, index - (before.rfind("\n") + 1) + 1)


def _char_at(text: str, mark: Any) -> str:
    lines = text.split("\n", mark.line + 1)
    if mark.line >= len(lines):
        return ""
    line = lines[mark.line]
    return line[mark.column] if 0 <= mark.column < len(line) else ""


_CONTEXT_WORDS = {
    "while parsing a flow mapping": "in the '{' mapping opened",
    "while parsing a flow sequence": "in the '[' list opened",
    "while parsing a block mapping": "in the mapping that starts",
    "while parsing a block collection": "in the list that starts",
    "while parsing a flow node": "in the value that starts",
    "while parsing a block node": "in the value that starts",
}


def _syntax_problem(name: str, text: str, error: yaml.MarkedYAMLError) -> Problem:
    """A YAML syntax error in plain words, at the place a reader would fix it."""
    mark = error.problem_mark or error.context_mark
    problem = error.problem or error.context or "invalid YAML"
    context, context_mark = error.context, error.context_mark
    if mark is not None and (_char_at(text, mark) == "\t" or "tab" in problem):
        return Problem(
            _mark_position(name, mark),
            "YAML syntax error: tab character; indent with spaces (YAML does not allow tabs here)",
        )
    if context == "while scanning a simple key" and context_mark is not None:
        return Problem(
            _mark_position(name, context_mark),
            "YAML syntax error: this line is not 'key: value' (could not find the ':' after a key)",
        )
    if context == "while scanning a quoted scalar" and context_mark is not None:
        return Problem(
            _mark_position(name, context_mark),
            f"YAML syntax error: this quoted text is never closed ({problem})",
        )
    message = f"YAML syntax error: {problem}"
    if (
        context
        and context_mark is not None
        and mark is not None
        and (context_mark.line, context_mark.column)
        != (
            mark.line,
            mark.column,
        )
    ):
        words = _CONTEXT_WORDS.get(context, context)
        message += f" ({words} at line {context_mark.line + 1}, column {context_mark.column + 1})"
    return Problem(_mark_position(name, mark), message)


@dataclass
class _Open:
    node: Node
    pending_key: tuple[str, Position] | None = None


class _TreeBuilder:
    def __init__(self, name: str) -> None:
        self.name = name
        self.stack: list[_Open] = []
        self.root: Node | None = None
        self.documents = 0
        self.count = 0

    def fail(self, event: Event, message: str) -> RulesError:
        return RulesError([Problem(_mark_position(self.name, event.start_mark), message)])

    def feed(self, event: Event) -> None:
        if isinstance(event, (StreamStartEvent, StreamEndEvent, DocumentEndEvent)):
            return
        if isinstance(event, DocumentStartEvent):
            self.documents += 1
            if self.documents > 1:
                raise self.fail(event, "only one YAML document per file is allowed (found a second '---')")
            return
        if isinstance(event, AliasEvent):
            raise self.fail(event, "YAML aliases (*name) are not allowed; write the value out")
        anchor = getattr(event, "anchor", None)
        if anchor is not None:
            raise self.fail(event, f"YAML anchors (&{anchor}) are not allowed; write the value out")
        tag = getattr(event, "tag", None)
        if tag is not None:
            shown = "!!" + tag.removeprefix("tag:yaml.org,2002:") if tag.startswith("tag:yaml.org,2002:") else tag
            raise self.fail(event, f"YAML tags ({shown}) are not allowed; rules files hold plain data")
        if isinstance(event, (MappingEndEvent, SequenceEndEvent)):
            finished = self.stack.pop().node
            self._attach(finished, event)
            return
        self.count += 1
        if self.count > MAX_NODES:
            raise self.fail(event, f"too many values (the limit is {MAX_NODES})")
        position = _mark_position(self.name, event.start_mark)
        if isinstance(event, ScalarEvent):
            self._attach(Node(_scalar_value(event), position), event)
        elif isinstance(event, (MappingStartEvent, SequenceStartEvent)):
            if len(self.stack) >= MAX_DEPTH:
                raise self.fail(event, f"nesting too deep (the limit is {MAX_DEPTH} levels)")
            container: dict[str, Node] | list[Node] = {} if isinstance(event, MappingStartEvent) else []
            if self.stack and isinstance(self.stack[-1].node.value, dict) and self.stack[-1].pending_key is None:
                raise self.fail(event, "mapping keys must be plain scalars (text or numbers)")
            self.stack.append(_Open(Node(container, position)))

    def _attach(self, node: Node, event: Event) -> None:
        if not self.stack:
            self.root = node
            return
        parent = self.stack[-1]
        if isinstance(parent.node.value, list):
            parent.node.value.append(node)
            return
        assert isinstance(parent.node.value, dict)
        if parent.pending_key is None:
            key = _key_text(node.value)  # type: ignore[arg-type]
            if key in parent.node.value:
                first = parent.node.key_positions[key]
                raise self.fail(event, f"duplicate key '{key}' (first defined at line {first.line})")
            parent.pending_key = (key, node.position)
            return
        key, key_position = parent.pending_key
        parent.pending_key = None
        parent.node.value[key] = node
        parent.node.key_positions[key] = key_position

    def result(self) -> Node:
        if self.root is None:
            return Node(None, Position(self.name, 1, 1))
        return self.root


def load_file(path: Path, display_name: str, sources: SourceRegistry) -> Node:
    """Read and parse a YAML file with every safety check."""
    return load_yaml(read_source(path, display_name, sources), display_name)
