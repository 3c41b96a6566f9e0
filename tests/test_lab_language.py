"""The lab's words come from the language files' `lab` section (gah.lab.runs.voice): every phrase the lab asks
for is there in English and German, every phrase there is asked for, and the schema describes each."""

from __future__ import annotations

import json
import re

from gah.lab.runs import voice
from gah.languages import english, load_language
from gah.workspace import Workspace
from helpers_rules import ROOT

SOURCES = [
    *sorted((ROOT / "compiler" / "lab").rglob("*.py")),
    *(ROOT / "compiler" / "commands" / f"{name}.py" for name in ("compare", "sweep", "tune", "report")),
]


def _asked() -> set[str]:
    """The lab phrases asked for by name: say("key", ...), say_english("key", ...), say_html("key", ...), or named as a phrase to ask
    for later: lab_phrase("key")."""
    text = "\n".join(path.read_text(encoding="utf-8") for path in SOURCES if path.exists())
    asked = set(re.findall(r"""\bsay(?:_english|_html)?\(\s*["']([a-z_]+)["']""", text))
    asked |= set(re.findall(r"""lab_phrase\(\s*["']([a-z_]+)["']""", text))
    return asked


def _section(language_id: str) -> set[str]:
    phrases = load_language(Workspace(None), language_id).phrases
    return {key.removeprefix("lab.") for key in phrases if key.startswith("lab.")}


def test_every_lab_phrase_asked_for_exists_and_every_one_is_asked_for() -> None:
    asked, known = _asked(), _section("en")
    assert not sorted(asked - known), "asked for but not in en.yaml's lab section"
    assert not sorted(known - asked), "in en.yaml's lab section but asked for nowhere"


def test_german_says_every_lab_phrase_itself() -> None:
    assert _section("de") == _section("en")
    german = load_language(Workspace(None), "de")
    for key in _section("en") - {"thousands_separator", "seconds", "minutes", "hours"}:
        assert german.phrase(f"lab.{key}", 2) != english().phrase(f"lab.{key}", 2), key


def test_the_schema_describes_every_lab_phrase() -> None:
    schema = json.loads((ROOT / "schemas" / "language.schema.json").read_text(encoding="utf-8"))
    assert set(schema["properties"]["lab"]["properties"]) == _section("en")


def test_the_lab_speaks_the_language_it_is_given() -> None:
    voice.use(load_language(Workspace(None), "de"))
    try:
        assert (
            voice.say("progress_done", label="x", done=5, time="1 s", rate="5") == "x: 5 Partien in 1 s (5 Partien/s)"
        )
    finally:
        voice.use(english())
    assert voice.say("progress_done", label="x", done=5, time="1 s", rate="5") == "x: 5 games in 1 s (5 games/s)"
