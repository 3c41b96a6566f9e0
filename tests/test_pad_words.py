"""The score pad's words (issue 25): the `pad` section of the language files and the page's scripts.

- Every phrase the scripts say is in English's `pad` section, and every phrase there is said.
- Each shipped language's own file has every `pad` phrase (German `extends: en`, so a phrase it lacked
  would silently show in English: this test is what catches it).
- words.js fills a phrase in as compiler/languages.py does (plural form, slots, braces, icons), for
  every pad phrase of every shipped language, under Node.
"""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml
from gah.backends.js.page import ASSETS, UI_ASSETS, shipped_languages
from helpers_rules import ROOT, run_gah
from test_js_backend import node

LANGUAGES = ROOT / "rules" / "languages"
# A call of say() or label() whose first argument is a phrase key, or a choice of two keys.
_CALL = re.compile(r"\b(?:say|label)\(\s*(?:[^\"()]*\?\s*)?\"([a-z0-9_]+)\"(?!\s*\+)(?:\s*:\s*\"([a-z0-9_]+)\")?")
# A key made from data: "decision_" + key.
_PREFIX = re.compile(r"\"([a-z0-9_]+_)\"\s*\+")


def pad_section(language: str) -> dict[str, Any]:
    """The `pad` section as the file itself writes it (without what it extends)."""
    document = yaml.safe_load((LANGUAGES / f"{language}.yaml").read_text(encoding="utf-8"))
    section = document.get("pad", {})
    assert isinstance(section, dict)
    return section


def scripts(*names: str) -> str:
    """The pad's scripts (all but the checks' and the report's unless `names` are given)."""
    chosen = names or tuple(name for name in UI_ASSETS if name not in ("check.js", "report.js"))
    return "\n".join((ASSETS / name).read_text(encoding="utf-8") for name in chosen)


def flat(section: dict[str, Any], prefix: str = "") -> set[str]:
    """A section's phrase keys, dotted where nested (plural forms are one phrase)."""
    keys: set[str] = set()
    for key, value in section.items():
        nested = isinstance(value, dict) and not set(value) <= {"zero", "one", "two", "other"}
        keys |= flat(value, f"{prefix}{key}.") if nested else {prefix + key}
    return keys


def test_every_phrase_the_pad_says_is_in_english_and_every_english_one_is_said() -> None:
    english = set(pad_section("en"))
    text = scripts()
    called = {key for match in _CALL.finditer(text) for key in match.groups() if key}
    # yaml.js names its refusals by phrase key; the model says them (not_yaml).
    called |= set(re.findall(r"YamlError\([^,()]+, \"([a-z0-9_]+)\"", text))
    assert called, "no say() calls found: the pattern no longer fits the scripts"
    assert sorted(called - english) == []
    prefixes = set(_PREFIX.findall(text))
    literal = set(re.findall(r"\"([a-z0-9_]+)\"", text))
    literal |= set(re.findall(r"\"pad\.([a-z0-9_]+)\"", (ASSETS.parent / "page.py").read_text(encoding="utf-8")))
    unused = sorted(key for key in english if key not in literal and not any(key.startswith(p) for p in prefixes))
    assert unused == []


def test_every_check_phrase_the_pad_says_is_in_english() -> None:
    """The entry checks (check.js) say the `check` section's phrases, as compiler/frontend/validate.py does."""
    english = flat(yaml.safe_load((LANGUAGES / "en.yaml").read_text(encoding="utf-8"))["check"])
    text = scripts("check.js")
    called = {key for match in re.finditer(r"\bsay\(\s*\"([a-z_.]+)\"(?!\s*\+)", text) for key in match.groups()}
    assert len(called) > 20
    assert sorted(called - english) == []
    conditional = set(re.findall(r"\? \"([a-z_]+)\" : \"([a-z_]+)\"", text))
    assert sorted({key for pair in conditional for key in pair} - english) == []


def test_every_report_phrase_the_pad_says_is_in_english() -> None:
    """The copied report (report.js) and the sentences the page shares with it say gah score's report phrases."""
    document = yaml.safe_load((LANGUAGES / "en.yaml").read_text(encoding="utf-8"))
    english = flat(document["score"]["report"])
    called = {m for m in re.findall(r"\bsay\(\s*\"([a-z_.]+)\"(?!\s*\+)", scripts("report.js"))}
    called |= {f"column.{c}" for c in re.findall(r"\"(player|points|total)\"\]\.map\(\(column\)", scripts("report.js"))}
    called |= set(re.findall(r"\bwords\.report\(\s*\"([a-z_.]+)\"", scripts()))
    assert len(called) > 12
    assert sorted(called - english) == []


@pytest.mark.parametrize("language", sorted(p.stem for p in LANGUAGES.glob("*.yaml") if p.stem != "en"))
def test_each_shipped_language_has_every_pad_phrase_itself(language: str) -> None:
    english, own = pad_section("en"), pad_section(language)
    assert sorted(set(english) - set(own)) == [], f"{language}.yaml lacks these pad phrases"
    assert sorted(set(own) - set(english)) == []


def test_the_german_pad_phrases_the_issue_names() -> None:
    """A few German phrases, worked out by hand: the words of the game's German edition."""
    german = pad_section("de")
    assert german["points"] == "Siegpunkte"
    assert german["krones"] == "Kronen"
    assert german["tiles_heading"] == "Kaiser-Plättchen"
    assert german["emperor_space"] == "Feld auf der Kaiserleiste"
    assert german["room_vacant"] == "frei" and german["room_occupied"] == "bezogen"


def samples(key: str, forms: Any) -> list[dict[str, Any]]:
    """Values for every slot of a phrase, once per count that picks a different form."""
    texts = [forms] if isinstance(forms, str) else list(forms.values())
    slots = {name for text in texts for name in re.findall(r"(?<!\{)\{([a-z_]+)\}", text)}
    values = {name: f"<{name}>" for name in sorted(slots - {"count"})}
    if isinstance(forms, str):
        return [dict(values, count=3) if "count" in slots else values]
    return [dict(values, count=count) for count in (0, 1, 2, 5)]


def test_words_js_fills_a_phrase_in_as_python_does() -> None:
    cases = []
    expected = []
    for language in shipped_languages():
        for key, phrase in language.phrases.items():
            if not key.startswith("pad."):
                continue
            forms = dict(phrase.forms) if phrase.is_plural else phrase.text(None)
            for values in samples(key, forms):
                cases.append([language.id, key.removeprefix("pad."), values])
                count = values.get("count")
                rest = {name: value for name, value in values.items() if name != "count"}
                expected.append(language.say(key, count, **rest))
    tables = {
        language.id: {
            "id": language.id,
            "name": language.name,
            "pad": {
                key.removeprefix("pad."): dict(p.forms) if p.is_plural else p.text(None)
                for key, p in language.phrases.items()
                if key.startswith("pad.")
            },
        }
        for language in shipped_languages()
    }
    got = run_words(tables, cases)
    assert len(got) == len(expected) > 400
    assert [pair for pair in zip(got, expected, strict=True) if pair[0] != pair[1]] == []


def test_words_js_by_hand() -> None:
    """Plural forms, braces, icons and a key the language lacks, on a made-up table."""
    table = {
        "id": "xx",
        "name": "Test",
        "pad": {"n": {"zero": "none", "one": "{count} thing", "other": "{count} things"}, "b": "{{a}} [[krone]]{a}"},
    }
    cases = [["xx", "n", {"count": 0}], ["xx", "n", {"count": 1}], ["xx", "n", {"count": -1}]]
    cases += [["xx", "n", {"count": 7}], ["xx", "b", {"a": 3}], ["xx", "gone", {}]]
    assert run_words({"xx": table}, cases) == ["none", "1 thing", "-1 thing", "7 things", "{a} 3", "[gone]"]


def run_words(tables: dict[str, Any], cases: list[Any]) -> list[str]:
    """PadWords.make(table).say(key, values) for each case, with words.js under Node."""
    source = (ASSETS / "words.js").read_text(encoding="utf-8")
    script = (
        "const vm = require('node:vm'); const context = vm.createContext({});"
        f"vm.runInContext({json.dumps(source)} + '\\nglobalThis.W = PadWords;', context);"
        f"const tables = {json.dumps(tables)}; const cases = {json.dumps(cases)};"
        "const made = {}; for (const id of Object.keys(tables)) made[id] = context.W.make(tables[id]);"
        "process.stdout.write(JSON.stringify(cases.map(([id, key, values]) => made[id].say(key, values))));"
    )
    run = subprocess.run([node(), "-e", script], capture_output=True, timeout=60, check=True, cwd=Path.cwd())
    result: list[str] = json.loads(run.stdout.decode("utf-8"))
    return result


STATE = (
    "round: 3\ntiles: {A: a-krones, B: b-krones, C: c-points}\nplayers:\n  - name: Anna\n    krones: x\n  - name: Ben\n"
)


def test_gah_score_says_a_schema_problem_in_the_chosen_language(tmp_path: Path) -> None:
    """The sentence the German pad shows next to the field (tests/test_pad_language_browser.py), from gah."""
    (tmp_path / "state.yaml").write_text(STATE, encoding="utf-8")
    german = run_gah("score", "state.yaml", "--rules", "base", "--lang", "de", cwd=tmp_path)
    assert german.code == 1
    assert german.err.splitlines()[0] == (
        'state.yaml:5:13: players[0].krones: erwartet: eine ganze Zahl, erhalten: Text ("x")'
    )
    english = run_gah("score", "state.yaml", "--rules", "base", cwd=tmp_path)
    assert english.err.splitlines()[0] == 'state.yaml:5:13: players[0].krones: expected a whole number, got text ("x")'


def test_gah_init_leaves_the_language_to_each_browser_and_gah_speaks_english(tmp_path: Path) -> None:
    """A fresh workspace (issue 31) pins no language: its pads open in the browser's (chosen null),
    while gah itself still speaks English."""
    from gah.workspace import Workspace

    folder = tmp_path / "table"
    assert run_gah("init", str(folder)).code == 0
    assert Workspace.at(folder).config.language == ""
    built = run_gah("build", cwd=folder)
    assert built.code == 0, built.err
    page = next((folder / "generated" / "pads").glob("*.html")).read_text(encoding="utf-8")
    table = json.loads(re.search(r'<script type="application/json" id="gah-words">(.*?)</script>', page, re.S)[1])
    assert table["chosen"] is None and {t["id"] for t in table["languages"]} >= {"en", "de"}
    assert run_gah("check", cwd=folder).out.startswith("ok  ")
