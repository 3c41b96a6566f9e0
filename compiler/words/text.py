"""Rich text: words with inline icons, from a language's phrases, rendered as HTML, Markdown or plain text.

A `Rich` is a tuple of parts: plain strings (never markup), `Icon`s and `Id`s. Icons come only from the
phrases of the language (`[[name]]`); values passed in (rules data such as tile names) stay plain strings, so data
can never smuggle markup or icons into a sheet. An `Id` is a string too (an id from the rules data, escaped
like any other) that HTML prints in small grey type and Markdown as code.
"""

from __future__ import annotations

import html
import re
import string
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from ..errors import GahError
from ..languages import DEFAULT, Language, LanguageError, load_language
from ..workspace import Workspace


class SheetError(GahError):
    """A sheet cannot be made (for example, an effect kind without an English renderer)."""


@dataclass(frozen=True)
class Icon:
    name: str


class Id(str):
    """An id of the rules data (a tile's `c-points`): plain text and width estimates read it as words."""

    __slots__ = ()


Part = str | Icon
Rich = tuple[Part, ...]
Value = str | int | Rich

_ICON = re.compile(r"\[\[([a-z_]+)\]\]")
_PLAIN_ID = re.compile(r"[a-z0-9-]+")
_FORMATTER = string.Formatter()


def rich(*parts: Value) -> Rich:
    """Concatenate strings, numbers and rich texts."""
    out: list[Part] = []
    for part in parts:
        if isinstance(part, tuple):
            out.extend(part)
        elif isinstance(part, Id):
            out.append(part)
        else:
            out.append(str(part))
    return _merge(out)


def _merge(parts: Iterable[Part]) -> Rich:
    out: list[Part] = []
    for part in parts:
        if isinstance(part, str):
            if not part:
                continue
            if out and isinstance(out[-1], str) and not isinstance(out[-1], Id) and not isinstance(part, Id):
                out[-1] = out[-1] + part
                continue
        out.append(part)
    return tuple(out)


def plain(text: Rich) -> str:
    """The words alone: icons dropped."""
    return "".join(p for p in text if isinstance(p, str))


def ident(value: str) -> Rich:
    """An id of the rules data as rich text."""
    return (Id(value),)


def capitalised(text: Rich) -> Rich:
    """The first letter in upper case (an id that comes first stays as it is)."""
    parts = list(text)
    for index, part in enumerate(parts):
        if isinstance(part, Id):
            break
        if isinstance(part, str) and part:
            parts[index] = part[0].upper() + part[1:]
            break
    return tuple(parts)


def number(value: int) -> str:
    """A number as printed: a true minus sign for negatives."""
    return f"−{-value}" if value < 0 else str(value)


class Words:
    """The sheets' phrases in one language (its `sheet` and `diff` sections), with formatting helpers."""

    def __init__(self, language: Language | str | None = None) -> None:
        if language is None or isinstance(language, str):
            try:
                language = load_language(Workspace(None), language or DEFAULT)
            except LanguageError as error:
                raise SheetError(str(error)) from None
        self.language = language

    @staticmethod
    def _path(key: str) -> str:
        return key if key.startswith("diff.") else f"sheet.{key}"

    def has(self, key: str) -> bool:
        return self.language.has(self._path(key))

    def template(self, key: str, count: int | None = None) -> str:
        try:
            return self.language.phrase(self._path(key), count)
        except LanguageError as error:
            raise SheetError(str(error)) from None

    def rich(self, key: str, count: int | None = None, **values: Value) -> Rich:
        """Fill the phrase `key` (its plural form by `count`): literal text may hold [[icon]] marks; values are
        inserted as they are."""
        parts: list[Part] = []
        for literal, field, spec, _conversion in _FORMATTER.parse(self.template(key, count)):
            for index, piece in enumerate(_ICON.split(literal)):
                if index % 2:
                    parts.append(Icon(piece))
                elif piece:
                    parts.append(piece)
            if field is None:
                continue
            if field not in values:
                raise SheetError(f"{self.language.file}: phrase '{self._path(key)}' needs a value for '{{{field}}}'")
            value = values[field]
            if isinstance(value, tuple):
                parts.extend(value)
            elif isinstance(value, Id):
                parts.append(value)
            else:
                parts.append(format(value, spec or ""))
        return _merge(parts)

    def text(self, key: str, count: int | None = None, **values: Value) -> str:
        return plain(self.rich(key, count, **values))

    def count(self, n: int, noun: str) -> Rich:
        """`n` of a counted noun, singular or plural, with its icon."""
        return self.rich(f"count.{noun}", n, n=number(n))

    def name(self, kind: str, id: str, own: str) -> str:
        """The name of an entry of the rules data in this language (Language.name_of)."""
        return self.language.name_of(kind, id, own)

    def join(self, items: Sequence[Rich], conjunction: str = "") -> Rich:
        """'a', 'a and b', 'a, b and c' (or with 'or')."""
        prefix = f"list{conjunction}"
        if not items:
            return ()
        if len(items) == 1:
            return items[0]
        if len(items) == 2:
            return self.rich(f"{prefix}.two", first=items[0], second=items[1])
        rest: Rich = ()
        for index, item in enumerate(items[:-1]):
            rest = rich(rest, self.template("list.sep") if index else "", item)
        return self.rich(f"{prefix}.many", rest=rest, last=items[-1])

    def sequence(self, items: Sequence[Rich]) -> Rich:
        """Items one after the other: 'a; b; c'."""
        out: Rich = ()
        for index, item in enumerate(items):
            out = rich(out, self.template("list.then") if index else "", item)
        return out


# --- output forms ------------------------------------------------------------------


def md_escape(text: str) -> str:
    """Plain text made safe for Markdown: no markup, no raw HTML, no table breaks."""
    text = html.escape(text, quote=False)
    return re.sub(r"([\\`*_\[\]{}|#~])", r"\\\1", text).replace("\n", " ")


def to_markdown(text: Rich) -> str:
    """Escaped words; an id as a code span (when it is one as the schema allows, which needs no escaping)."""
    out = []
    for part in text:
        if isinstance(part, Id):
            out.append(f"`{part}`" if _PLAIN_ID.fullmatch(part) else md_escape(part))
        elif isinstance(part, str):
            out.append(md_escape(part))
    return "".join(out)


def to_html(text: Rich, icons: Mapping[str, str]) -> str:
    """Escaped words with inline SVG icons (given as trusted markup by icon name).

    An icon and the word after it ("3", "krones") stay on one line.
    """
    out: list[str] = []
    parts = list(text)
    index = 0
    while index < len(parts):
        part = parts[index]
        index += 1
        if isinstance(part, Id):
            out.append(f'<span class="id">{html.escape(part, quote=True)}</span>')
            continue
        if isinstance(part, str):
            out.append(html.escape(part, quote=True))
            continue
        if part.name not in icons:
            raise SheetError(f"no icon named '{part.name}'")
        word, rest = "", ""
        if index < len(parts) and isinstance(parts[index], str):
            following = str(parts[index])
            cut = following.find(" ")
            word, rest = (following, "") if cut < 0 else (following[:cut], following[cut:])
            index += 1
        out.append(f'<span class="nb">{icons[part.name]}{html.escape(word, quote=True)}</span>')
        out.append(html.escape(rest, quote=True))
    return "".join(out)
