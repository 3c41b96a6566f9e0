"""The scoring modules' and score pads' refusals in the players' language (issue 25): the `state` section.

- German refusals of a state (score_game(state, "de")) and of a deal (setup_game(..., "de")), written out by
  hand; the same states refused in English word for word as before.
- The pad's engine (readGame, scoreGame, the deal) says the module's German, message for message.
- Every `state` phrase the runtimes ask for exists in en.yaml, and every one is asked for (Python and JS); the
  schema describes each; de.yaml says each itself.
- gah score --lang de and gah setup --lang de say the refusal and the count under it in German; gah check and
  gah sheet say their own lines in gah.toml's language (the `cli` section).
"""

from __future__ import annotations

import copy
import json
import re
import subprocess
from pathlib import Path
from typing import Any

import pytest
from gah.backends.js.page import generate_page
from gah.languages import english, load_language
from gah.workspace import Workspace
from helpers_rules import ROOT, ruleset, run_gah
from helpers_scoring import module, player, state
from test_js_backend import JS_TESTS, node

RUNTIMES = ROOT / "compiler" / "backends"
# What only Python refuses: keys that are not text (JSON's always are), and the recorded draft picks and the
# players given as other than a list, which setup_game takes and the pad's deal does not; and a language the module
# lacks (score_game(state, "fr"): the pad offers only the languages it carries).
PYTHON_ONLY = {
    "unknown_language",
    "key_not_text",
    "names_not_list",
    "pick_not_in_packet",
    "picks_no_draft",
    "picks_not_list",
    "picks_not_mapping",
    "picks_not_player",
    "picks_other_key",
    "picks_too_many",
}
CONNECTED = [".....", ".....", ".....", "v...."]  # one room, on the first room's space 1.1


def refusal(data: Any, language: str = "en", rules: str = "base") -> str:
    with pytest.raises(ValueError) as caught:
        module(rules).score_game(copy.deepcopy(data), language)
    return str(caught.value)


def deal_refusal(names: list[str], language: str, rules: str = "base", choices: Any = None) -> str:
    with pytest.raises(ValueError) as caught:
        module(rules).setup_game(names, 1, choices, language)
    return str(caught.value)


# Each: a state, its English refusal (as it always was), its German one (checked by hand).
CASES: list[tuple[str, Any, str, str]] = [
    (
        "round",
        state(20, player()),
        "round: 20 is out of range (from 0 to 7)",
        "round: 20 liegt außerhalb des Bereichs (von 0 bis 7)",
    ),
    (
        "krones",
        state(1, player(krones=-2)),
        "players[0].krones: -2 is out of range (0 or more)",
        "players[0].krones: -2 liegt außerhalb des Bereichs (0 oder mehr)",
    ),
    (
        "floors",
        state(1, player(hotel=["....", "...."])),
        "players[0].hotel: expected 4 floors (top floor first), got 2",
        "players[0].hotel: erwartet: 4 Etagen (die oberste zuerst), erhalten: 2",
    ),
    (
        "row",
        state(1, player(hotel=[".....", ".....", "..x..", "v...."])),
        "players[0].hotel[2] (floor 2): expected 5 characters of o (occupied), v (vacant) or . (empty), got '..x..'",
        "players[0].hotel[2] (Etage 2): erwartet: 5 Zeichen aus o (bezogen), v (frei) oder . (leer), erhalten: '..x..'",
    ),
    (
        "placement",
        state(1, player(hotel=[".....", ".....", ".....", "v.v.."])),
        "players[0].hotel: room 1.3 is not connected to the other rooms (placement rule)",
        "players[0].hotel: Zimmer 1.3 hängt nicht mit den anderen Zimmern zusammen (Bauregel)",
    ),
    (
        "choice value (a phrase inside a phrase)",
        state(1, player(hotel=CONNECTED, choices={"serve": "x"})),
        "players[0].choices.serve: expected a café guest's place in cafe (from 0) or null, got 'x'",
        "players[0].choices.serve: erwartet: die Stelle eines Gastes in cafe (ab 0 gezählt) oder null, erhalten: 'x'",
    ),
    (
        "unknown item",
        state(1, player(kitchen={"caviar": 1})),
        "players[0].kitchen: unknown item 'caviar'; items are: strudel, cake, wine, coffee",
        "players[0].kitchen: unbekannte Ware 'caviar'; Waren sind: strudel, cake, wine, coffee",
    ),
    (
        "two names",
        state(1, player("Anna"), player("Anna")),
        "players[1].name: two players are called 'Anna'",
        "players[1].name: zwei Spieler heißen 'Anna'",
    ),
    (
        "a card twice",
        state(1, player("Anna", hand=[3]), player("Ben", hired=[3])),
        "players[1].hired[0]: Staff card 3 appears twice (also at players[0].hand[0]); "
        "hands, hired, deck and discard hold each card once",
        "players[1].hired[0]: Personalkarte 3 kommt zweimal vor (auch bei players[0].hand[0]); "
        "Hände, angestellte Personalkarten, Stapel und Ablage enthalten jede Karte nur einmal",
    ),
    (
        "missing key",
        {"round": 1, "players": [player()]},
        "state: missing required key 'tiles'",
        "state: der nötige Schlüssel 'tiles' fehlt",
    ),
]


@pytest.mark.parametrize(("label", "data", "english_text", "german_text"), CASES, ids=[c[0] for c in CASES])
def test_a_state_is_refused_in_german_and_in_english_as_before(
    label: str, data: Any, english_text: str, german_text: str
) -> None:
    assert refusal(data) == english_text
    assert refusal(data, "en") == english_text
    assert refusal(data, "de") == german_text
    # new_game reads as score_game does, in the module's English
    with pytest.raises(ValueError, match=re.escape(english_text)):
        module().new_game(copy.deepcopy(data))


def test_a_deal_is_refused_in_german() -> None:
    assert deal_refusal(["Anna", "Anna"], "de") == "players[1]: zwei Spieler heißen 'Anna'"
    assert deal_refusal(["Anna", "Anna"], "en") == "players[1]: two players are called 'Anna'"
    assert deal_refusal(["Anna", "B\x1bc"], "de") == (
        "players[1]: 'B\\x1bc' enthält ein Steuerzeichen; Namen sind reiner Text"
    )
    assert deal_refusal(["Anna"] * 6, "de") == "players: dieses Regelwerk ist für 2 bis 4 Spieler, erhalten: 6"


def test_a_plural_refusal_takes_the_form_of_its_count() -> None:
    """gentle-draft deals hands of 4 by a draft (its setup data): 7 recorded picks are too many."""
    too_many = {"Anna": list(range(1, 8))}
    assert deal_refusal(["Anna", "Ben"], "de", "gentle-draft", too_many) == (
        "Anna: choices.draft: 7 Karten festgehalten, aber ein Spieler behält nur 4"
    )
    assert deal_refusal(["Anna", "Ben"], "en", "gentle-draft", too_many) == (
        "Anna: choices.draft: 7 cards recorded, but a player keeps only 4"
    )


def test_a_workspace_language_without_state_phrases_is_named(tmp_path: Path) -> None:
    """A language of its own (no `extends`) that lacks a `state` phrase is refused, the phrase named."""
    folder = tmp_path / "table"
    assert run_gah("init", str(folder)).code == 0
    (folder / "rules" / "languages").mkdir()
    english_file = (ROOT / "rules" / "languages" / "en.yaml").read_text(encoding="utf-8")
    lacking = english_file.replace("language: en", "language: yy").replace(
        '  name_twice: "{where}: two players are called {name}"\n', ""
    )
    assert "name_twice" not in lacking
    (folder / "rules" / "languages" / "yy.yaml").write_text(lacking, encoding="utf-8")
    run = run_gah("score", "examples/round7.yaml", "--lang", "yy", cwd=folder)
    assert run.code == 1
    assert "missing phrase 'state.name_twice' (in English: '{where}: two players are called {name}')" in run.err
    assert "Traceback" not in run.err


# --- the pad's engine -----------------------------------------------------------------------------


def _engine_refusals(tmp_path: Path, states: list[Any], deals: list[list[str]], language: str) -> Any:
    page = generate_page(ruleset("base"))
    (tmp_path / "pad.html").write_bytes(page)
    data = re.search(r'id="gah-data">(.*?)</script>', page.decode("utf-8"), re.S)
    assert data is not None
    (tmp_path / "cases.json").write_text(json.dumps({"states": states, "deals": deals}), encoding="utf-8")
    script = (
        f"const {{ engineFromPage }} = require({json.dumps(str(JS_TESTS / 'engine.js'))});"
        f"const G = engineFromPage({json.dumps(str(tmp_path / 'pad.html'))});"
        f"const cases = JSON.parse(require('node:fs').readFileSync({json.dumps(str(tmp_path / 'cases.json'))}));"
        f"const lang = {json.dumps(language)};"
        "const said = (run) => { try { run(); return null; } catch (e) {"
        "  if (!(e instanceof G.StateError)) throw e; return e.message; } };"
        "process.stdout.write(JSON.stringify({"
        "  scored: cases.states.map((s) => said(() => G.scoreGame(s, lang))),"
        "  read: cases.states.map((s) => said(() => G.readGame(G.RULES, s, G.WORDS[lang]))),"
        "  dealt: cases.deals.map((d) => said(() => G.DEAL.deal(G.RULES, DATA_SETUP, d, 1, G.WORDS[lang]))),"
        "  checked: cases.deals.map((d) => said(() => G.DEAL.players(DATA_SETUP, d, G.WORDS[lang]))),"
        "}));"
    )
    script = script.replace("DATA_SETUP", json.dumps(json.loads(data.group(1))["setup"]))
    run = subprocess.run([node(), "-e", script], capture_output=True, text=True, timeout=60, check=True)
    return json.loads(run.stdout)


DEALS = [["Anna", "Anna"], ["Anna", " "], ["Anna", "x" * 101], ["Anna", "B\u202ec"], ["Anna"] * 5]


@pytest.mark.parametrize("language", ["de", "en"])
def test_the_pad_engine_refuses_in_the_modules_words(tmp_path: Path, language: str) -> None:
    states = [copy.deepcopy(case[1]) for case in CASES]
    found = _engine_refusals(tmp_path, states, DEALS, language)
    expected = [refusal(data, language) for data in states]
    assert found["scored"] == expected
    assert found["read"] == expected
    wanted_deals = [deal_refusal(names, language) for names in DEALS]
    assert found["dealt"] == wanted_deals
    assert found["checked"] == wanted_deals
    if language == "de":
        assert found["scored"][0] == "round: 20 liegt außerhalb des Bereichs (von 0 bis 7)"


PAD_MODEL = """
const fs = require("node:fs");
const vm = require("node:vm");
const page = fs.readFileSync(process.argv[1], "utf8");
const script = (id) => page.match(new RegExp(`<script[^>]*id="${id}">([\\\\s\\\\S]*?)</script>`))[1];
const ui = script("gah-ui");
const context = vm.createContext({});
vm.runInContext(`${script("gah-engine")}\n${ui.slice(0, ui.indexOf("\\nconst PadStore = "))}\n` +
  "globalThis.M = { GAH, PadWords, PadCheck, PadGame };", context);
const M = context.M;
const table = JSON.parse(script("gah-words")).languages.find((t) => t.id === process.argv[2]);
const G = M.PadGame.make(JSON.parse(script("gah-data")), M.GAH, M.GAH.DEAL, M.PadCheck, M.PadWords.make(table));
const state = JSON.parse(fs.readFileSync(process.argv[3], "utf8"));
const pad = G.create();
pad.setup.names = ["Anna", "Anna"];
let refused = null;
try { G.deal(pad, 1); } catch (error) { refused = error.message; }
process.stdout.write(JSON.stringify({ fields: G.problemsOf(state, true), deal: refused }));
"""


@pytest.mark.parametrize("language", ["de", "en"])
def test_the_pads_fields_and_deal_say_the_engines_refusal_in_the_chosen_language(tmp_path: Path, language: str) -> None:
    """A state the schema allows but the rules refuse (room 1.3 away from the rest): the pad names the field and
    says gah score --lang's words; two players of one name are refused at the deal, in those words too."""
    (tmp_path / "pad.html").write_bytes(generate_page(ruleset("base")))
    data = state(1, player(hotel=[".....", ".....", ".....", "v.v.."]))
    (tmp_path / "state.json").write_text(json.dumps(data), encoding="utf-8")
    run = subprocess.run(
        [node(), "-e", PAD_MODEL, str(tmp_path / "pad.html"), language, str(tmp_path / "state.json")],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    found = json.loads(run.stdout)
    assert found["fields"] == [{"path": "players[0].hotel", "message": refusal(data, language)}]
    assert found["deal"] == deal_refusal(["Anna", "Anna"], language)
    if language == "de":
        assert found["deal"] == "players[1]: zwei Spieler heißen 'Anna'"


# --- the phrases themselves -----------------------------------------------------------------------


def _state_keys(language: str) -> set[str]:
    loaded = english() if language == "en" else load_language(Workspace(None), language)
    return {key.removeprefix("state.") for key in loaded.phrases if key.startswith("state.")}


def _asked(paths: list[Path]) -> set[str]:
    """The `state` phrases a runtime refuses with: refused("key", ...), and the value kinds' phrases."""
    text = "\n".join(path.read_text(encoding="utf-8") for path in paths)
    asked = set(re.findall(r"""refused\(\s*["']([a-z_]+)["']""", text))
    # chosen first, then refused with: a recorded value's `expected` phrases and their kinds
    return asked | set(re.findall(r"""["'](value_[a-z_]+|expected_or_null|expected)["']""", text))


def test_every_state_phrase_is_asked_for_and_exists() -> None:
    english_keys = _state_keys("en")
    python = _asked(sorted((RUNTIMES / "python" / "runtime").glob("*.py")))
    javascript = _asked(sorted((RUNTIMES / "js" / "runtime").glob("*.js")))
    assert python == english_keys, (sorted(python - english_keys), sorted(english_keys - python))
    assert javascript == english_keys - PYTHON_ONLY, (
        sorted(javascript - english_keys),
        sorted(english_keys - javascript),
    )
    assert _state_keys("de") == english_keys


def test_the_schema_describes_every_state_phrase() -> None:
    schema = json.loads((ROOT / "schemas" / "language.schema.json").read_text(encoding="utf-8"))
    assert set(schema["properties"]["state"]["properties"]) == _state_keys("en")
    cli = {key.removeprefix("cli.") for key in english().phrases if key.startswith("cli.")}
    assert set(schema["properties"]["cli"]["properties"]) == cli
    assert {"problems_found", "warning", "ruleset_ok", "wrote"} <= cli


# --- the command line -----------------------------------------------------------------------------


def test_gah_score_says_refusals_and_their_count_in_german(tmp_path: Path) -> None:
    (tmp_path / "bad.json").write_text(json.dumps(state(20, player())), encoding="utf-8")
    (tmp_path / "worse.json").write_text(json.dumps(state(1, player(), player())), encoding="utf-8")
    one = run_gah("score", "bad.json", "--lang", "de", cwd=tmp_path)
    assert one.code == 1
    assert one.err.startswith("bad.json:1:")
    assert "round: 20 liegt außerhalb des Bereichs (von 0 bis 7)\n" in one.err
    assert one.err.endswith("\n1 Problem gefunden\n")
    two = run_gah("score", "bad.json", "worse.json", "--lang", "de", cwd=tmp_path)
    assert "players[1].name: zwei Spieler heißen 'Anna'" in two.err
    assert two.err.endswith("\n2 Probleme gefunden\n")
    english_run = run_gah("score", "bad.json", "worse.json", cwd=tmp_path)
    assert english_run.err.endswith("\n2 problems found\n")
    assert "players[1].name: two players are called 'Anna'" in english_run.err


def test_gah_score_warns_in_german(tmp_path: Path) -> None:
    """Space 7 pays 5, back to 4: the A tile Krones' bonus asks no decision, so the recorded choose_one is unused."""
    (tmp_path / "unused.json").write_text(
        json.dumps(state(3, player(emperor=7, choices={"choose_one": 1}))), encoding="utf-8"
    )
    run = run_gah("score", "unused.json", "--lang", "de", cwd=tmp_path)
    assert run.code == 0, run.err
    assert ": Warnung: players[0].choices.choose_one: 1 wurde festgehalten" in run.err
    assert ": warning: players[0].choices.choose_one" in run_gah("score", "unused.json", cwd=tmp_path).err


def test_gah_setup_refuses_in_german() -> None:
    run = run_gah("setup", "base", "--players", "Anna,Anna", "--lang", "de")
    assert run.code == 1
    assert run.err == "gah setup: players[1]: zwei Spieler heißen 'Anna'\n"


def test_gah_check_and_gah_sheet_say_their_lines_in_gah_tomls_language(tmp_path: Path) -> None:
    folder = tmp_path / "table"
    assert run_gah("init", str(folder)).code == 0
    english_run = run_gah("check", cwd=folder)
    assert english_run.code == 0, english_run.err
    assert english_run.out == (
        "ok  house-rules        extends base | 12 tiles (A:4, B:4, C:4), 48 Staff, Emperor scorings after rounds "
        "3/5/7, track 0-13, 5 final-scoring sources, deal: standard\n"
    )
    config = folder / "gah.toml"
    config.write_text(
        config.read_text(encoding="utf-8").replace('\n# language = "de"\n', '\nlanguage = "de"\n'), encoding="utf-8"
    )
    german_run = run_gah("check", cwd=folder)
    assert german_run.out == (
        "ok  house-rules        erweitert base | 12 Kaiser-Plättchen (A:4, B:4, C:4), 48 Personalkarten, "
        "Kaiserwertungen nach den Runden 3/5/7, Kaiserleiste 0-13, 5 Posten der Schlusswertung, "
        "Verteilung: standard\n"
    )
    sheet = run_gah("sheet", "base", "--format", "md", "-o", "base.md", cwd=folder)
    assert sheet.out == "base.md geschrieben (md, base)\n"
    (folder / "rules" / "house-rules.yaml").write_text(
        "extends: base\nname: house-rules\nrounds: x\n", encoding="utf-8"
    )
    broken = run_gah("check", cwd=folder)
    assert broken.code == 1 and broken.err.endswith("\n1 Problem gefunden\n")
