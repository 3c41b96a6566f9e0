"""The words a scoring module or score pad tells a game in: a language's `score` phrases, with final scoring's
phrases for the ruleset's quantities and tie-breaker.

A generated module carries these tables as data (it stays standard-library only), one per shipped language;
`gah score --lang` hands one to score_game, so a workspace's own language needs no new module.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from compiler import ir
from compiler.backends.final_words import quantity_words, tiebreak_words
from compiler.frontend.loader import load_yaml, to_plain
from compiler.workspace import bundle_root

SHIPPED_LANGUAGES = ("en", "de")


def score_phrases(folder: Path, language: str) -> dict[str, Any]:
    """The `score` section of the language file `language` in `folder`."""
    path = folder / f"{language}.yaml"
    document = to_plain(load_yaml(path.read_text(encoding="utf-8"), str(path)))
    assert isinstance(document, dict)
    section = document["score"]
    assert isinstance(section, dict)
    return section


def score_words(ruleset: ir.Ruleset, phrases: dict[str, Any]) -> dict[str, Any]:
    """A language's `score` phrases with the ruleset's quantity and tie-breaker phrases (`quantities`,
    `tiebreak`) and the game terms the language names (`terms`: kind -> id -> name)."""
    words = {key: value for key, value in phrases.items() if key != "uncertain"}
    words["quantities"] = quantity_words(ruleset)
    words["tiebreak"] = tiebreak_words(ruleset)[1]
    words["terms"] = {}
    return words


def shipped_score_words(ruleset: ir.Ruleset) -> dict[str, dict[str, Any]]:
    """The words of every shipped language, by language id (English first: a module's default)."""
    folder = bundle_root() / "rules" / "languages"
    return {language: score_words(ruleset, score_phrases(folder, language)) for language in SHIPPED_LANGUAGES}
