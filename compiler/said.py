"""Messages said later: a problem or error keeps the key of its phrase and its values (a `Said`), so that the
command that reports it says it in the user's language; its English text, from the shipped en.yaml, is what
it reads until then (and what tests, logs and English users see)."""

from __future__ import annotations

import atexit
import string
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TypeVar

import yaml

from .errors import GahError, Position, Problem, Speaks, Tells, printable

# The sections of the shipped en.yaml read without loading a Language: the checks', the errors', gah's own lines.
_PLAIN_SECTIONS = ("check", "cli", "errors", "build")


def package_bundle() -> Path:
    """The folder holding the rules/, schemas/ and examples/ that ship with this installation.

    In an installed wheel they are package data under gah/_bundled/ (put there by the
    build configuration); in a checkout or editable install they are the repository's own.
    """
    package = Path(__file__).resolve().parent
    packaged = package / "_bundled"
    if (packaged / "rules").is_dir():
        return packaged
    return package.parent


Value = str | int | Tells


@dataclass(frozen=True)
class Said:
    """A phrase by key with its values (a value may be a Said itself), said in whichever language is asked."""

    key: str
    values: tuple[tuple[str, Value], ...] = ()
    count: int | None = None

    def tell(self, says: Speaks) -> str:
        values = {name: value if isinstance(value, (str, int)) else value.tell(says) for name, value in self.values}
        return says.say(self.key, self.count, **values)


@dataclass(frozen=True)
class Joined:
    """Messages said one after another, with `separator` between them."""

    parts: tuple[Said, ...]
    separator: str = ", "

    def tell(self, says: Speaks) -> str:
        return self.separator.join(part.tell(says) for part in self.parts)


class _ShippedEnglish:
    """Sections of the shipped en.yaml, read as plain YAML: the words of the checks that check the language files
    themselves (a Language is loaded through them), of the errors before a language is chosen, and of the lines
    around them."""

    def __init__(self, phrases: Mapping[str, object]) -> None:
        self.phrases = phrases

    def say(self, key: str, count: int | None = None, /, **values: str | int) -> str:
        section, _, rest = key.partition(".")
        found: object = self.phrases[section]
        if isinstance(found, dict) and rest in found:  # a section written with dotted keys
            found = found[rest]
        else:
            for part in rest.split("."):
                assert isinstance(found, dict), key
                found = found[part]
        if isinstance(found, dict):
            found = found["one"] if count is not None and abs(count) == 1 and "one" in found else found["other"]
        if count is not None:
            values.setdefault("count", count)
        return string.Formatter().vformat(str(found), (), values)


@cache
def shipped_english() -> Speaks:
    """English as shipped, for messages said without a language."""
    path = package_bundle() / "rules" / "languages" / "en.yaml"
    document = yaml.load(path.read_text(encoding="utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    return _ShippedEnglish({section: document.get(section, {}) for section in _PLAIN_SECTIONS})


def said(key: str, count: int | None = None, /, **values: Value) -> Said:
    """The phrase `key` with its values, to be said later."""
    return Said(key, tuple(values.items()), count)


def problem_at(position: Position, key: str, count: int | None = None, /, **values: Value) -> Problem:
    """A problem whose message is the phrase `key` (English until a command says it in its language)."""
    message = said(key, count, **values)
    return Problem(position, message.tell(shipped_english()), message)


E = TypeVar("E", bound=GahError)


def error_of(kind: type[E], key: str, count: int | None = None, /, **values: Value) -> E:
    """An error of `kind` whose message is the phrase `key` (English until a command says it in its language)."""
    message = said(key, count, **values)
    error = kind(message.tell(shipped_english()))
    error.said = message
    return error


def told(error: GahError, says: Speaks) -> str:
    """An error's message in `says`' language (as it reads where it has no phrase)."""
    return error.said.tell(says) if error.said is not None else str(error)


# Lines about this machine rather than the user's files (a cache that cannot be kept, a folder refused): each said
# once per process on stderr, in the command's language once it has chosen one (speak_notices), the waiting ones
# when it does (or, if none is ever chosen, in English as the process ends).
_NOTICED: set[Said] = set()
_WAITING: list[Said] = []
_LANGUAGE: list[Speaks] = []


def notice(message: Said) -> None:
    """Say `message` on stderr once per process: now if a language is chosen, else when one is."""
    if message in _NOTICED:
        return
    _NOTICED.add(message)
    if _LANGUAGE:
        print(printable(message.tell(_LANGUAGE[0])), file=sys.stderr)
        return
    if not _WAITING:
        atexit.register(_say_waiting)
    _WAITING.append(message)


def begin_notices() -> None:
    """A command starts (in-process runs, as the tests make, start several): no language chosen yet, and every
    notice not yet said in it."""
    _LANGUAGE.clear()
    _NOTICED.intersection_update(_WAITING)


def notices_waiting() -> bool:
    """Whether a notice waits for a language to be said in."""
    return bool(_WAITING)


def speak_notices(says: Speaks) -> None:
    """Say notices in `says` from now on, and the waiting ones now."""
    _LANGUAGE[:] = [says]
    waiting = list(_WAITING)
    _WAITING.clear()
    for message in waiting:
        print(printable(message.tell(says)), file=sys.stderr)


def _say_waiting() -> None:
    speak_notices(_LANGUAGE[0] if _LANGUAGE else shipped_english())
