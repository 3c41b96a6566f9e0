"""What the runtime says: a language's phrases made ready once (Voice), user text quoted safely (shown,
plain), and the error a state or a recorded choice raises, said in a language (StateError).

Every runtime file is copied verbatim (imports hoisted) into every generated scoring module, in the order
of standalone.RUNTIME_FILES: it imports the standard library and the runtime files before it only.
"""

from __future__ import annotations

import keyword
import string
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


class StateError(ValueError):
    """A game state (or a recorded choice) that this ruleset cannot score. The readers raise one as a phrase of
    a language's `state` section (`key`, with `values`), which told() says in a language; until then its
    text is the key. One made of a text (a recorded choice's, said by the game) has no key."""

    def __init__(self, text: str, key: str = "", values: dict[str, object] | None = None) -> None:
        super().__init__(text)
        self.key = key
        self.values = values or {}

    def told(self, words: dict[str, Any]) -> StateError:
        """This error said in the language of `words` (a table of WORDS, with its `state` phrases)."""
        if not self.key:
            return self
        return StateError(state_phrase(words["state"], self.key, self.values), self.key, self.values)


class UnknownLanguage(UserWarning):
    """A language the module carries no words in was asked for: it speaks English instead."""


def words_in(tables: dict[str, dict[str, Any]], language: str | dict[str, Any]) -> dict[str, Any]:
    """The words of `language`: its table among `tables` (a module's WORDS, by language id), or a table itself.
    A language the module does not carry is English, with a warning (UnknownLanguage) naming the ones it has."""
    if not isinstance(language, str):
        return language
    found = tables.get(language)
    if found is not None:
        return found
    english = tables["en"]
    said = refused("unknown_language", language=shown(language), languages=", ".join(tables)).told(english)
    warnings.warn(str(said), UnknownLanguage, stacklevel=3)
    return english


def refused(key: str, count: int | None = None, /, **values: object) -> StateError:
    """A StateError of the `state` phrase `key` (a Said value is a phrase of its own); `count` picks a form."""
    if count is not None:
        values["count"] = count
    return StateError(key, key, values)


@dataclass(frozen=True)
class Said:
    """A phrase of the `state` section inside another's values ("expected {expected}")."""

    key: str
    values: dict[str, object] = field(default_factory=dict)


def state_phrase(table: dict[str, Any], key: str, values: dict[str, object]) -> str:
    """The `state` phrase `key` with `values` filled in, a Said value said first."""
    filled = {name: state_phrase(table, v.key, v.values) if isinstance(v, Said) else v for name, v in values.items()}
    count = filled.get("count")
    return phrase(table, key, count if isinstance(count, int) else None, **filled)


def shown(value: object) -> str:
    """A value from a state as a message quotes it: its repr, with every character that is not
    printable written as an escape (\\x1b, \\u202e), so no key, value or name in a message can drive
    a terminal, break the line or reorder the text around it. Every message shows user data so."""
    text = repr(value)
    if text.isprintable():  # always so for text, numbers and containers of them
        return text
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii") for c in text)


def plain(text: str) -> str:
    """User text bare, as it reads, where every character is printable; else quoted as shown() quotes it."""
    return text if text.isprintable() else shown(text)


def phrase(words: dict[str, Any], key: str, count: int | None = None, /, **values: object) -> str:
    """The phrase `key` of a language's phrases (`words`) with `values` filled in; `count` (also {count})
    picks the plural form of a phrase that has forms (`one`, `other`)."""
    pattern = words[key]
    if isinstance(pattern, dict):  # forms by a count: zero and two where the language has them
        size = -1 if count is None else abs(count)
        form = "zero" if size == 0 else "one" if size == 1 else "two" if size == 2 else "other"
        pattern = pattern.get(form) or pattern["other"]
    if count is not None:
        values["count"] = count
    text: str = pattern.format_map(values)
    return text


class Counts(dict[int, str]):
    """One phrase with forms by a count, said once per count and kept (a scoring says "3 points" dozens of
    times): counts[n] is phrase(words, key, n)."""

    __slots__ = ("key", "words")

    def __init__(self, words: dict[str, Any], key: str) -> None:
        super().__init__()
        self.words = words
        self.key = key

    def __missing__(self, count: int) -> str:
        text = self[count] = phrase(self.words, self.key, count)
        return text


@dataclass(slots=True, init=False)
class Voice:
    """A language's phrases made ready once (see speak()): explaining a scoring says a hundred of them.

    said[key](**values) is phrase(words, key, **values) without a count: each pattern's own str.format (of a
    phrase with forms, its `other` form), so no call of ours sits between. counts[key][n] says a phrase with a
    count; the names of cards and tiles, the final lines' labels and the terms are worked out once."""

    words: dict[str, Any]
    said: dict[str, Callable[..., str]]
    counts: dict[str, Counts]
    points: Counts  # counts["points"], the most said
    terms: dict[str, dict[str, str]]  # kind -> name -> the language's word (see term())
    cards: dict[int, str]  # card_name() by card number
    tiles: dict[str, str]  # a tile's name with its tier, by tile id
    labels: dict[str, str]  # a per-quantity line's label (the quantity's phrase capitalised), by quantity
    floors: dict[int, str]  # the label of a floor's line of occupied rooms, by floor
    lines: dict[tuple[str, int, int], str]  # counted lines by (label, count, each) (see new_line())
    staff_labels: dict[tuple[int, int, str], str]  # a game-end Staff line's label by (card, copied, quantity)
    copiers: dict[str, str]  # a copying Staff's name by the rules' name (see copy_decided())

    def __init__(self, words: dict[str, Any]) -> None:
        self.words = words
        self.said = {}
        self.counts = {}
        for key, pattern in words.items():
            if isinstance(pattern, dict) and isinstance(pattern.get("other"), str):
                self.said[key] = filler(pattern["other"])
                self.counts[key] = Counts(words, key)
            elif isinstance(pattern, str):
                self.said[key] = filler(pattern)
                self.counts[key] = Counts(words, key)
        self.points = self.counts["points"] if "points" in self.counts else Counts(words, "points")
        self.terms = {kind: dict(names) for kind, names in words.get("terms", {}).items()}
        self.cards = {}
        self.tiles = {}
        self.labels = {}
        self.floors = {}
        self.lines = {}
        self.staff_labels = {}
        self.copiers = {}


def filler(pattern: str) -> Callable[..., str]:
    """A function that fills a phrase's named placeholders as pattern.format(**values) does, about three
    times sooner: an f-string of the placeholders, made once. Its source holds only names checked to be
    identifiers and _0, _1, ... for the text between them (passed as default values: no text of a
    language's is ever read as code). Any other placeholder ({0}, {a.b}, {n:>3}, {n!r}): pattern.format."""
    try:
        parts = list(string.Formatter().parse(pattern))
    except ValueError:
        return pattern.format  # unbalanced braces: format says so when the phrase is said
    names: list[str] = []
    literals: dict[str, str] = {}
    body = ""
    for text, name, spec, conversion in parts:
        if text:
            slot = f"_{len(literals)}"
            literals[slot] = text
            body += "{" + slot + "}"
        if name is None:
            continue
        if spec or conversion or not name.isidentifier() or keyword.iskeyword(name) or name.startswith("_"):
            return pattern.format
        if name not in names:
            names.append(name)
        body += "{" + name + "}"
    keywords = [*names, *(f"{literal}=_L[{literal!r}]" for literal in literals)]
    params = ", ".join(["*", *keywords, "**_"] if keywords else ["**_"])
    made: Callable[..., str] = eval(f"lambda {params}: f{body!r}", {"_L": literals})
    return made


def ordinal(words: dict[str, Any], n: int) -> str:
    """1st, 2nd, 3rd, 4th, 11th, 21st (in English): the language's `ordinal` forms, chosen by the last two
    digits (ends_11), else the last digit (ends_1), else any_other."""
    forms: dict[str, str] = words["ordinal"]
    pattern = forms.get(f"ends_{n % 100}") or forms.get(f"ends_{n % 10}") or forms["any_other"]
    return pattern.format(n=n)
