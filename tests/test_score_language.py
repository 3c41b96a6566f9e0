"""gah score's explanations in the players' language (issue 25): the `score` section of the language files.

- German events, final details and ties for small states, the expected texts written out by hand.
- The shipped languages are complete: de.yaml itself has every `score` phrase English has, every phrase the
  runtime and the code generator ask for exists, and every phrase English has is asked for.
- English is unchanged (the scenario tests and goldens check it in depth; one state here, word for word).
- A third language, a data file in a workspace, reaches `gah score --lang xx`; a missing phrase is named.
"""

from __future__ import annotations

import copy
import json
import re
import subprocess
from pathlib import Path
from typing import Any

import yaml
from gah.backends.js.page import generate_page
from gah.backends.score_words import score_words
from gah.languages import english, load_language
from gah.workspace import Workspace
from helpers_rules import ROOT, ruleset, run_gah
from helpers_scoring import module, player, state
from test_js_backend import JS_TESTS, node

RUNTIME = ROOT / "compiler" / "backends" / "python"


def german(data: dict[str, Any], rules: str = "base") -> dict[str, Any]:
    result: dict[str, Any] = module(rules).score_game(copy.deepcopy(data), "de")
    return result


def texts(result: dict[str, Any]) -> list[str]:
    return [event["text"] for event in result["events"]]


def test_a_neutral_space_in_german() -> None:
    """Space 5 pays 4; back 3 to space 2, which is neutral."""
    result = german(state(3, player(emperor=5)))
    assert texts(result) == [
        "Anna erhält 4 Siegpunkte für Feld 5",
        "Anna zieht von Feld 5 um 3 zurück auf Feld 2 (Neutral)",
        "Anna erhält weder Belohnung noch Bestrafung",
    ]


def test_a_penalty_that_cannot_be_paid_in_german() -> None:
    """Space 1 pays 1 (one point: the singular); back to 0 (black): the A tile Krones wants 3 krones, Anna has 1,
    so she loses 5 points instead, of which she has 1."""
    result = german(state(3, player(emperor=1, krones=1)))
    assert texts(result) == [
        "Anna erhält 1 Siegpunkt für Feld 1",
        "Anna zieht von Feld 1 um 3 zurück auf Feld 0 (Schwarz)",
        "Anna erhält die Bestrafung des Plättchens Kronen (Stufe A)",
        "Anna kann die erste Möglichkeit nicht vollständig erfüllen",
        "Anna verliert 1 Siegpunkt (hat nur 1 zu verlieren)",
    ]


def test_a_bonus_and_items_in_german() -> None:
    """Space 7 pays 5; back 3 to space 4 (yellow): the A tile Zwei Waren, two items of the policy's choice (the
    kind held fewest: strudel, then cake, in the rules' order), into the kitchen (no café guest to serve)."""
    result = german(state(3, player(emperor=7), A="a-two-items"))
    assert texts(result) == [
        "Anna erhält 5 Siegpunkte für Feld 7",
        "Anna zieht von Feld 7 um 3 zurück auf Feld 4 (Gelb)",
        "Anna erhält die Belohnung des Plättchens Zwei Waren (Stufe A)",
        "Anna erhält 1 Strudel, 1 Torte",
    ]


def test_final_details_and_a_shared_place_in_german() -> None:
    """Both at space 0 after round 7 with 10 points: the C tile Siegpunkte takes 8 (2 left); nothing else scores,
    so both total 2 with the same tie-breaker (0) and share 1st place."""
    result = german(state(7, player("Anna", points=10), player("Ben", points=10)))
    assert texts(result)[:4] == [
        "Anna erhält 0 Siegpunkte für Feld 0",
        "Anna zieht von Feld 0 um 7 zurück auf Feld 0 (Schwarz)",
        "Anna erhält die Bestrafung des Plättchens Siegpunkte (Stufe C)",
        "Anna verliert 8 Siegpunkte",
    ]
    words = module("base").WORDS["de"]
    rooms = [line["text"] for line in result["final"][0]["details"]["rooms"]]
    occupied = words["quantities"]["occupied_rooms"]
    assert rooms == [f"Etage {n}, {occupied}: 0 × {n} = 0 Siegpunkte" for n in (1, 2, 3, 4)]
    tiebreak = words["tiebreak"]
    assert [tie["text"] for tie in result["ties"]] == [
        f"Anna und Ben haben je 2 Siegpunkte und denselben Wert bei Gleichstand ({tiebreak}: 0): "
        "sie teilen sich den 1. Platz"
    ]


def test_ties_decided_by_the_tiebreaker_in_german() -> None:
    """After the C tile's 8 points and a point per krone: 9 - 8 + 2, 10 - 8 + 1 and 10 - 8 + 1 all make 3; the
    tie-breaker (krones among its quantities) puts Anna (2) first, Ben and Cleo (1 each) share 2nd."""
    three = german(
        state(
            7,
            player("Anna", points=9, krones=2),
            player("Ben", points=10, krones=1),
            player("Cleo", points=10, krones=1),
        )
    )
    tiebreak = module("base").WORDS["de"]["tiebreak"]
    assert [tie["text"] for tie in three["ties"]] == [
        f"Anna, Ben und Cleo haben je 3 Siegpunkte; Gleichstand ({tiebreak}): Anna 2, Ben 1, Cleo 1: "
        "Anna wird 1.; Ben und Cleo teilen sich den 2. Platz"
    ]
    two = german(state(7, player("Anna", points=9, krones=2), player("Ben", points=10, krones=1)))
    assert [tie["text"] for tie in two["ties"]] == [
        f"Anna und Ben haben je 3 Siegpunkte; Anna gewinnt den Gleichstand ({tiebreak}) mit 2 gegen 1: "
        "Anna wird 1., Ben 2."
    ]


def test_english_is_unchanged() -> None:
    """The same penalty as in German, in English as gah score has always said it (the default language)."""
    result = module("base").score_game(state(3, player(emperor=1, krones=1)))
    assert texts(result) == [
        "Anna scores 1 point on space 1",
        "Anna moves back 3 from space 1 to space 0 (Black)",
        "Anna takes the penalty of Krones (tier A)",
        "Anna cannot take the first option fully",
        "Anna loses 1 point (has only 1 to lose)",
    ]
    assert module("base").score_game(state(3, player(emperor=1, krones=1)), "en") == result


# --- the data is complete ----------------------------------------------------------------


def _keys(section: dict[str, Any], prefix: str = "") -> set[str]:
    """Every phrase's key path in a section (plural forms are one phrase)."""
    keys: set[str] = set()
    for key, value in section.items():
        if isinstance(value, dict) and not set(value) <= {"zero", "one", "two", "other"}:
            keys |= _keys(value, f"{prefix}{key}.")
        else:
            keys.add(f"{prefix}{key}")
    return keys


def _section(language: str) -> dict[str, Any]:
    document = yaml.safe_load((ROOT / "rules" / "languages" / f"{language}.yaml").read_text(encoding="utf-8"))
    section: dict[str, Any] = document["score"]
    return section


def test_german_says_every_score_phrase_itself() -> None:
    """de.yaml extends English, so a phrase it left out would be English in a German explanation."""
    missing = sorted(_keys(_section("en")) - _keys(_section("de")))
    assert not missing, f"de.yaml lacks the score phrases {missing}"
    assert not sorted(_keys(_section("de")) - _keys(_section("en")))


def _asked() -> set[str]:
    """The phrases the runtime, the code generator and the report ask for by name."""
    sources = [*sorted((RUNTIME / "runtime").glob("*.py")), RUNTIME / "module.py", ROOT / "compiler" / "report.py"]
    text = "\n".join(path.read_text(encoding="utf-8") for path in sources)
    asked = set(re.findall(r"""(?:say|phrase)\(\s*(?:game|words),\s*["']([a-z_]+)["']""", text))
    asked |= set(re.findall(r"""say\(["']score\.([a-z_.]+)["']""", text))
    # the hot paths say them through the game's voice: said["key"](...), counts["key"][n], voice.points[n]
    asked |= set(re.findall(r"""(?:said|counts)\[["']([a-z_]+)["']\]""", text))
    asked |= {"points"} if "voice.points[" in text else set()
    # keys chosen first, then said: `key = "a" if ... else "b"`, hire's `how`, remove_rooms' pair
    asked |= set(re.findall(r'"((?:plays|prepares|no|removes|puts|returns|from|why|role_no)_[a-z_]+)"', text))
    return asked


def test_every_phrase_asked_for_exists_and_every_phrase_is_asked_for() -> None:
    english_keys = {key.removeprefix("score.") for key in english().phrases if key.startswith("score.")}
    tops = {key.split(".")[0] for key in english_keys}
    asked = _asked()
    unknown = sorted(key for key in asked if key not in english_keys and key not in tops)
    assert not unknown, f"phrases asked for but not in en.yaml's score section: {unknown}"
    # Groups read whole: ordinal (by ordinal()), report.column (a loop).
    whole = {"ordinal", "report.column"}
    unused = sorted(k for k in english_keys if k not in asked and not any(k.startswith(g + ".") for g in whole))
    assert not unused, f"score phrases nothing asks for: {unused}"


def test_the_schema_knows_every_score_phrase() -> None:
    schema = json.loads((ROOT / "schemas" / "language.schema.json").read_text(encoding="utf-8"))

    def described(node: dict[str, Any], prefix: str = "") -> set[str]:
        keys: set[str] = set()
        for key, value in node["properties"].items():
            keys |= described(value, f"{prefix}{key}.") if "properties" in value else {f"{prefix}{key}"}
        return keys

    assert described(schema["properties"]["score"]) == _keys(_section("en"))


# --- a workspace's own language -----------------------------------------------------------

PIRATE = """\
language: xx
name: Pirate
extends: en
score:
  points: {one: "{count} doubloon", other: "{count} doubloons"}
  scores_space: "{player} plunders {points} at berth {space}{note}"
  report:
    heading: "Ship {ruleset}, after voyage {round}"
"""


def _workspace(tmp_path: Path) -> Path:
    folder = tmp_path / "table"
    assert run_gah("init", str(folder)).code == 0
    (folder / "rules" / "languages").mkdir()
    return folder


def test_a_third_language_from_a_workspace_file(tmp_path: Path) -> None:
    folder = _workspace(tmp_path)
    (folder / "rules" / "languages" / "xx.yaml").write_text(PIRATE, encoding="utf-8")
    run = run_gah("score", "examples/round7.yaml", "--lang", "xx", cwd=folder)
    assert run.code == 0, run.err
    lines = run.out.splitlines()
    assert lines[0] == "Ship base, after voyage 7"
    assert "    - Anna plunders 6 doubloons at berth 9" in lines
    assert "    - Ben pays 1 krone (Conference Manager) to ignore the penalty" in lines  # English where xx is silent
    assert "Standings" in lines


def test_a_missing_phrase_is_named(tmp_path: Path) -> None:
    """A language of its own (no `extends`) must say every phrase: the one it lacks is named, with its English."""
    folder = _workspace(tmp_path)
    english_file = (ROOT / "rules" / "languages" / "en.yaml").read_text(encoding="utf-8")
    lacking = english_file.replace("language: en", "language: yy").replace(
        '  takes_no_option: "{player} takes none of the options"\n', ""
    )
    assert lacking.count("takes_no_option") == 0
    (folder / "rules" / "languages" / "yy.yaml").write_text(lacking, encoding="utf-8")
    run = run_gah("score", "examples/round7.yaml", "--lang", "yy", cwd=folder)
    assert run.code == 1
    assert "missing phrase 'score.takes_no_option' (in English: '{player} takes none of the options')" in run.err
    assert "Traceback" not in run.err


def test_an_unknown_language_is_refused() -> None:
    run = run_gah("score", "examples/round7.yaml", "--lang", "qq")
    assert run.code == 1
    assert run.err == "gah score: unknown language 'qq'; known languages: de, en\n"


def test_the_loaded_german_matches_the_module_table() -> None:
    """gah score hands score_game the table it builds from the language file: the module's own copy is the same."""
    built = score_words(ruleset("base"), load_language(Workspace(None), "de"))
    assert built == module("base").WORDS["de"]


def test_gah_diff_says_its_own_lines_in_german() -> None:
    """The lines around the differences come from the diff section too (one difference: the singular)."""
    one = run_gah("diff", "base", "royal-banquet", "--lang", "de")
    assert one.code == 0, one.err
    assert one.out.splitlines()[0] == "royal-banquet weicht in 1 Punkt von base ab:"
    same = run_gah("diff", "base", "base", "--lang", "de")
    assert same.out == "base hat dieselben Regeln wie base.\n"
    english_one = run_gah("diff", "base", "royal-banquet")
    assert english_one.out.splitlines()[0] == "royal-banquet differs from base in 1 way:"


def test_the_runtime_fills_phrases_as_the_language_files_mean_them() -> None:
    """Forms by a count (zero where a language has it, else other), {{ }} for braces, places by their last digits."""
    runtime = module("base")
    words = {"points": {"zero": "none", "one": "{count} point", "other": "{count} points"}, "braces": "{{a}} {b}"}
    assert [runtime.phrase(words, "points", n) for n in (0, 1, 2, -1)] == ["none", "1 point", "2 points", "-1 point"]
    assert runtime.phrase({"points": {"one": "1", "other": "{count}"}}, "points", 0) == "0"
    assert runtime.phrase(words, "braces", b=2) == "{a} 2"
    english_places = [runtime.ordinal(runtime.WORDS["en"], n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 111)]
    assert english_places == ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "111th"]
    assert runtime.ordinal(runtime.WORDS["de"], 21) == "21."


def test_gah_toml_language_explains_without_lang(tmp_path: Path) -> None:
    """A table that says `language = "de"` in gah.toml gets German explanations; --lang en still overrides it."""
    folder = _workspace(tmp_path)
    config = folder / "gah.toml"
    # gah init names the setting, unset (# language = "de"): the table sets it.
    text = config.read_text(encoding="utf-8")
    assert text.count('\n# language = "de"\n') == 1
    config.write_text(text.replace('\n# language = "de"\n', '\nlanguage = "de"\n'), encoding="utf-8")
    german_run = run_gah("score", "examples/round7.yaml", cwd=folder)
    assert german_run.code == 0, german_run.err
    assert german_run.out.splitlines()[:3] == [
        "Regelwerk base, nach Runde 7",
        "  Anna:",
        "    - Anna erhält 6 Siegpunkte für Feld 9",
    ]
    english_run = run_gah("score", "examples/round7.yaml", "--lang", "en", cwd=folder)
    assert english_run.out.splitlines()[0] == "Ruleset base, after round 7"


def test_a_recorded_choice_that_cannot_be_used_is_told_in_german() -> None:
    """An illegal recorded choice is an error, and a recorded choice never asked for a warning, both in German.
    Space 7 pays 5, back to 4: the A tile Krones' bonus asks no decision, so the recorded choose_one is unused;
    in round 3 at space 1 (black, penalty of Krones): a recorded conference_manager true without the Staff is
    never asked either."""
    unused = german(state(3, player(emperor=7, choices={"choose_one": 1})))
    assert [u["message"] for u in unused["unused_choices"]] == [
        "players[0].choices.choose_one: 1 wurde festgehalten, aber die Wertung hat keine Entscheidung choose_one "
        "abgefragt (Spieler Anna); sie wurde nicht verwendet"
    ]
    # The B tile Occupied room: a free room on floors 1-2, occupied. Anna's hotel is empty: only 1.1 is legal.
    message = ""
    tiles = {"A": "a-krones", "B": "b-occupied-room", "C": "c-points"}
    try:
        german(state(5, player(emperor=9, choices={"prepare_room": "2.1"}), tiles=tiles))
    except ValueError as error:
        message = str(error)
    assert message == (
        "players[0].choices.prepare_room: 2.1 ist hier keine erlaubte Wahl; erlaubt: 1.1, keine (Spieler Anna)"
    )


def test_the_pad_engine_tells_the_same_german(tmp_path: Path) -> None:
    """The score pad's engine, given "de", says what the module says (the hand-checked penalty above); given a
    language the page carries no words for, it tells the events in English rather than failing."""
    (tmp_path / "pad.html").write_bytes(generate_page(ruleset("base")))
    data = state(3, player(emperor=1, krones=1))
    (tmp_path / "state.json").write_text(json.dumps(data), encoding="utf-8")
    script = (
        f"const {{ engineFromPage, plain }} = require({json.dumps(str(JS_TESTS / 'engine.js'))});"
        f"const engine = engineFromPage({json.dumps(str(tmp_path / 'pad.html'))});"
        f"const read = () => JSON.parse(require('node:fs').readFileSync({json.dumps(str(tmp_path / 'state.json'))}));"
        "const texts = (language) => plain(engine.scoreGame(read(), language)).events.map((e) => e.text);"
        "process.stdout.write(JSON.stringify([texts('de'), texts('xx')]));"
    )
    run = subprocess.run([node(), "-e", script], capture_output=True, text=True, timeout=60, check=True)
    pad_german, pad_unknown = json.loads(run.stdout)
    assert pad_german == texts(german(data))
    assert pad_german[2] == "Anna erhält die Bestrafung des Plättchens Kronen (Stufe A)"
    assert pad_unknown == texts(module("base").score_game(copy.deepcopy(data)))
