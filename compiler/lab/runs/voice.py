"""The lab's words: every sentence a lab command prints around its numbers comes from the `lab` section of the
language files (rules/languages/en.yaml, de.yaml), in the language the command chose (`use`; English until then).

A command chooses once, before it plays (gah.commands.compare); the deeper layers (the engine's choice, the
progress line) only `say`. Worker processes say nothing, so they need no language.
"""

from __future__ import annotations

from functools import cache

from ...frontend.validate import Speaks
from ...said import speak_notices

_CHOSEN: list[Speaks] = []


@cache
def english() -> Speaks:
    """English, the language of what the lab keeps as data (the JSON's definitions)."""
    from ...languages import english as shipped_english

    return shipped_english()


def use(language: Speaks) -> None:
    """Say the lab's sentences in `language` from now on (in this process), and the notices about the caches
    (gah.said.notice) too."""
    _CHOSEN[:] = [language]
    speak_notices(language)


def speaking() -> Speaks:
    """The language the lab speaks now."""
    return _CHOSEN[0] if _CHOSEN else english()


def speaking_id() -> str:
    """The id of the language the lab speaks now ("en" until a command chooses)."""
    return str(getattr(speaking(), "id", "en"))


def say(key: str, count: int | None = None, **values: str | int) -> str:
    """The phrase `lab.KEY` filled in (plural by `count`)."""
    return speaking().say(f"lab.{key}", count, **values)


def say_english(key: str, count: int | None = None, **values: str | int) -> str:
    """The phrase `lab.KEY` in English, whatever the lab speaks: for what scripts read (the JSON)."""
    return english().say(f"lab.{key}", count, **values)


def lab_phrase(key: str) -> str:
    """`key`, named as a phrase of the `lab` section asked for later (tests/test_lab_language.py finds it)."""
    return key
