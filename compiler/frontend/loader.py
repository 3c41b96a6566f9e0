"""Safe YAML loading into a tree that remembers where every value came from.

The tree is built from PyYAML's event stream without recursion, so hostile
files (deep nesting, alias bombs, custom tags, huge files) are refused with a
positioned error before anything is constructed. Only plain scalars (str, int,
float, bool, null), mappings with scalar keys and sequences are produced.
"""

from __future__ import annotations

import os
import re
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from yaml.events import (
    AliasEvent,
    DocumentStartEvent,
    Event,
    MappingEndEvent,
    MappingStartEvent,
    ScalarEvent,
    SequenceEndEvent,
    SequenceStartEvent,
)
from yaml.reader import ReaderError

from ..errors import Position, Problem, RulesError, SourceRegistry
from ..said import Said, problem_at, said

MAX_FILE_BYTES = 1_000_000
MAX_DEPTH = 64
MAX_NODES = 20_000

Scalar = str | int | float | bool | None


@dataclass
class Node:
    """A loaded value with its position; mappings also keep their keys' positions."""

    value: Scalar | dict[str, Node] | list[Node]
    position: Position
    key_positions: dict[str, Position] = field(default_factory=dict)
    # Keys a merge patch removed with `null`, and where: a missing required key
    # is then reported at the line that removed it.
    removed_keys: dict[str, Position] = field(default_factory=dict)
    # Nothing was written (`key:` and the end of the line): YAML reads it as null, but the
    # author wrote no `null`, so it is not taken as one (a variant's null removes a key).
    empty: bool = False

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
_TAG = "tag:yaml.org,2002:"
_BOOLS = {"yes": True, "true": True, "on": True, "no": False, "false": False, "off": False}
# Longest number text converted; longer ones are refused (a huge or sexagesimal number
# costs quadratic time to convert, and no rules value needs more than a few digits).
MAX_NUMBER_CHARS = 40
_DECIMAL = re.compile(r"[-+]?(?:0|[1-9][0-9]{0,20})\Z")


def _mark_position(name: str, mark: Any) -> Position:
    if mark is None:
        return Position(name, 1, 1)
    return Position(name, mark.line + 1, mark.column + 1)


class _NumberTooLong(Exception):
    pass


def _scalar_value(event: ScalarEvent) -> Scalar:
    """The value of a plain or quoted scalar, resolved like yaml.safe_load does."""
    text: str = event.value
    if not event.implicit[0]:
        return text  # quoted: always text
    if _DECIMAL.match(text):
        return int(text)  # the common case, without the resolver's slower path
    tag = _RESOLVER.resolve(yaml.ScalarNode, text, (True, False))  # type: ignore[no-untyped-call]
    if tag == _TAG + "str":
        return text
    if tag == _TAG + "null":
        return None
    if tag == _TAG + "bool":
        return _BOOLS[text.lower()]
    if tag in (_TAG + "int", _TAG + "float"):
        if len(text) > MAX_NUMBER_CHARS:
            raise _NumberTooLong
        node = yaml.ScalarNode(tag, text)
        if tag == _TAG + "int":
            number: int | float = _RESOLVER.construct_yaml_int(node)
        else:
            number = _RESOLVER.construct_yaml_float(node)
        return number
    # Timestamps, binary and the like are kept as the text that was written.
    return text


def _key_text(value: Scalar) -> str:
    if isinstance(value, bool) or value is None:
        return str(value).lower() if value is not None else "null"
    return str(value)


def decode_text(name: str, data: bytes) -> str:
    """Decode UTF-8 strictly, refusing binary files; errors carry a position."""
    if b"\x00" in data:
        offset = data.index(b"\x00")
        raise RulesError([problem_at(_offset_position(name, data, offset), "errors.file.binary")])
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line_start = data.rfind(b"\n", 0, error.start) + 1
        line = data[:line_start].count(b"\n") + 1
        column = len(data[line_start : error.start].decode("utf-8")) + 1  # in characters, like every position
        raise RulesError(
            [problem_at(Position(name, line, column), "errors.file.not_utf8", byte=f"0x{data[error.start]:02x}")]
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
        status = os.stat(path)
    except OSError as error:
        raise RulesError([_unreadable(display_name, str(error.strerror))]) from None
    size = status.st_size
    if not stat.S_ISREG(status.st_mode) and not stat.S_ISDIR(status.st_mode):
        # A named pipe or a device would block the read (or never end): only plain files are rules or states.
        raise RulesError([problem_at(Position(display_name, 1, 1), "errors.file.not_plain")])
    if size > MAX_FILE_BYTES:
        raise RulesError(
            [problem_at(Position(display_name, 1, 1), "errors.file.too_large", size=size, limit=MAX_FILE_BYTES)]
        )
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_FILE_BYTES + 1)
    except OSError as error:
        raise RulesError([_unreadable(display_name, str(error.strerror))]) from None
    if len(data) > MAX_FILE_BYTES:
        raise RulesError([problem_at(Position(display_name, 1, 1), "errors.file.too_many_bytes", limit=MAX_FILE_BYTES)])
    try:
        text = decode_text(display_name, data)
    except RulesError:
        if b"\x00" not in data:  # text with a bad byte: still quote its lines (binary files are not shown)
            sources.add(display_name, data.decode("utf-8", errors="replace"))
        raise
    sources.add(display_name, text)
    return text


def load_yaml(text: str, name: str) -> Node:
    """Parse one YAML document safely into a Node tree.

    Refuses anchors, aliases, explicit tags, duplicate keys, non-scalar keys,
    more than one document, nesting deeper than MAX_DEPTH and more than
    MAX_NODES values.
    """
    if len(text) > MAX_FILE_BYTES:
        raise RulesError([problem_at(Position(name, 1, 1), "errors.file.too_many_characters", limit=MAX_FILE_BYTES)])
    builder = _TreeBuilder(name)
    text = _join_surrogate_escapes(text)
    try:
        for event in yaml.parse(text, Loader=_PARSER):
            builder.feed(event)
    except ReaderError as error:
        index = error.position
        if _PARSER is not yaml.SafeLoader:  # libyaml counts bytes of UTF-8, not characters
            index = len(text.encode("utf-8")[:index].decode("utf-8", errors="ignore"))
        position = _index_position(name, text, index)
        raise RulesError([problem_at(position, "errors.file.control", code=f"U+{error.character:04X}")]) from None
    except yaml.MarkedYAMLError as error:
        raise RulesError([_syntax_problem(name, text, error)]) from None
    except yaml.YAMLError as error:  # pragma: no cover - every parser error is marked or a reader error
        raise RulesError([problem_at(Position(name, 1, 1), "errors.yaml.other", message=str(error))]) from None
    return builder.result()


# JSON writes a character beyond U+FFFF as two escapes ("\\ud83d\\ude00", as Python's json.dumps
# does by default); YAML refuses those halves. Each pair becomes the one 8-digit escape YAML
# reads (two characters shorter: a later column on that line shifts by two).
_SURROGATE_PAIR = re.compile(r"(?<!\\)((?:\\\\)*)\\u(d[89ab][0-9a-f]{2})\\u(d[c-f][0-9a-f]{2})", re.IGNORECASE)


def _join_surrogate_escapes(text: str) -> str:
    if "\\u" not in text:
        return text

    def joined(match: re.Match[str]) -> str:
        high, low = int(match[2], 16), int(match[3], 16)
        return f"{match[1]}\\U{0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00):08X}"

    return _SURROGATE_PAIR.sub(joined, text)


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


_CONTEXT_WORDS = {  # the parser's context, as errors.yaml.context.* phrases
    "while parsing a flow mapping": "errors.yaml.context.flow_mapping",
    "while parsing a flow sequence": "errors.yaml.context.flow_sequence",
    "while parsing a block mapping": "errors.yaml.context.block_mapping",
    "while parsing a block collection": "errors.yaml.context.block_collection",
    "while parsing a flow node": "errors.yaml.context.value",
    "while parsing a block node": "errors.yaml.context.value",
}
# The parser's own words for the mistakes met most, as errors.yaml.parser.* phrases (others are quoted as they are).
_PARSER_WORDS = {
    "mapping values are not allowed here": "errors.yaml.parser.mapping_values",
    "mapping values are not allowed in this context": "errors.yaml.parser.mapping_values_context",
    "found unexpected end of stream": "errors.yaml.parser.end_of_stream",
    "could not find expected ':'": "errors.yaml.parser.no_colon",
    "did not find expected key": "errors.yaml.parser.no_key",
    "did not find expected ',' or '}'": "errors.yaml.parser.flow_mapping_end",
    "did not find expected ',' or ']'": "errors.yaml.parser.flow_sequence_end",
    "did not find expected node content": "errors.yaml.parser.no_content",
    "did not find expected '-' indicator": "errors.yaml.parser.no_dash",
    "found character that cannot start any token": "errors.yaml.parser.bad_character",
    "found a tab character that violates indentation": "errors.yaml.parser.tab",
}


def _parser_words(problem: str) -> Said | str:
    """The parser's words for a mistake as a phrase where there is one (others are quoted as they are)."""
    if problem in _PARSER_WORDS:
        return said(_PARSER_WORDS[problem])
    found = re.fullmatch(r"expected <block end>, but found (.*)", problem)
    if found:
        return said("errors.yaml.parser.block_end", found=found.group(1))
    found = re.fullmatch(r"found character '(.*)' that cannot start any token", problem)
    if found:
        return said("errors.yaml.parser.character", character=found.group(1))
    return problem


def _unreadable(name: str, reason: str) -> Problem:
    return problem_at(Position(name, 1, 1), "errors.file.unreadable", reason=reason)


def _syntax_problem(name: str, text: str, error: yaml.MarkedYAMLError) -> Problem:
    """A YAML syntax error in plain words, at the place a reader would fix it."""
    mark = error.problem_mark or error.context_mark
    problem = error.problem or error.context or "invalid YAML"
    context, context_mark = error.context, error.context_mark
    if mark is not None and (_char_at(text, mark) == "\t" or "tab" in problem):
        return problem_at(_mark_position(name, mark), "errors.yaml.tab")
    if context == "while scanning a simple key" and context_mark is not None:
        return problem_at(_mark_position(name, context_mark), "errors.yaml.no_colon")
    if context == "while scanning a quoted scalar" and context_mark is not None:
        return problem_at(
            _mark_position(name, context_mark), "errors.yaml.unclosed_quote", problem=_parser_words(problem)
        )
    if context == "while parsing a block mapping" and problem.startswith(
        ("did not find expected key", "expected <block end>")
    ):
        return problem_at(_mark_position(name, mark), "errors.yaml.indentation")
    if "maximum nesting depth" in problem:
        return problem_at(_mark_position(name, mark), "errors.file.too_deep", limit=MAX_DEPTH)
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
        return problem_at(
            _mark_position(name, mark),
            "errors.yaml.syntax_at",
            problem=_parser_words(problem),
            context=said(_CONTEXT_WORDS[context]) if context in _CONTEXT_WORDS else context,
            line=context_mark.line + 1,
            column=context_mark.column + 1,
        )
    return problem_at(_mark_position(name, mark), "errors.yaml.syntax", problem=_parser_words(problem))


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

    def fail(self, event: Event, key: str, /, **values: str | int) -> RulesError:
        return RulesError([problem_at(_mark_position(self.name, event.start_mark), f"errors.file.{key}", **values)])

    def feed(self, event: Event) -> None:
        kind = type(event)
        if kind is ScalarEvent or kind is MappingStartEvent or kind is SequenceStartEvent:
            self._open_or_scalar(event)
        elif kind is MappingEndEvent or kind is SequenceEndEvent:
            finished = self.stack.pop().node
            self._attach(finished, event)
        elif kind is DocumentStartEvent:
            self.documents += 1
            if self.documents > 1:
                raise self.fail(event, "two_documents")
        elif kind is AliasEvent:
            raise self.fail(event, "alias", anchor=str(getattr(event, "anchor", "")))

    def _open_or_scalar(self, event: Event) -> None:
        anchor = getattr(event, "anchor", None)
        if anchor is not None:
            raise self.fail(event, "anchor", anchor=str(anchor))
        tag = getattr(event, "tag", None)
        if tag is not None:
            shown = "!!" + tag.removeprefix(_TAG) if tag.startswith(_TAG) else tag
            raise self.fail(event, "tag", tag=shown)
        self.count += 1
        if self.count > MAX_NODES:
            raise self.fail(event, "too_many_values", limit=MAX_NODES)
        position = _mark_position(self.name, event.start_mark)
        if isinstance(event, ScalarEvent):
            try:
                value = _scalar_value(event)
            except _NumberTooLong:
                raise self.fail(event, "number_too_long", size=len(event.value), limit=MAX_NUMBER_CHARS) from None
            if isinstance(value, str) and not value.isprintable():
                self._refuse_controls(event, value)
            empty = bool(event.implicit[0]) and event.value == ""
            self._attach(Node(value, position, empty=empty), event)
            return
        if len(self.stack) >= MAX_DEPTH:
            raise self.fail(event, "too_deep", limit=MAX_DEPTH)
        if self.stack and isinstance(self.stack[-1].node.value, dict) and self.stack[-1].pending_key is None:
            raise self.fail(event, "complex_key")
        container: dict[str, Node] | list[Node] = {} if isinstance(event, MappingStartEvent) else []
        self.stack.append(_Open(Node(container, position)))

    def _refuse_controls(self, event: Event, text: str) -> None:
        """Control characters written as escapes ("\\e[2J") are refused like raw ones: text from
        these files is printed on terminals. Values may hold tabs and line breaks; keys may not."""
        is_key = bool(self.stack) and isinstance(self.stack[-1].node.value, dict) and self.stack[-1].pending_key is None
        allowed = "" if is_key else "\t\n"
        for char in text:
            code = ord(char)
            if (code < 0x20 or 0x7F <= code < 0xA0) and char not in allowed:
                raise self.fail(event, "control_in_key" if is_key else "control_in_text", code=f"U+{code:04X}")

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
                raise self.fail(event, "duplicate_key", key=key, line=first.line)
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
