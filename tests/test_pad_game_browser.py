"""A whole game on the score pad in Chromium, as players at a table use it (issue 22).

On a 390 px phone screen: four players dealt by taps, every round's changes typed and tapped in,
each scoring's result compared with the Python module's on the same state (worked out here, from
what the test typed, not read back from the page); a decision changed from its list of options and
undone; the hostile entries of the issue refused with gah score's words; a browser killed a second
after the last entry loses nothing; axe-core finds no serious or critical problem, light or dark.

The harness (Chromium over the DevTools pipe) is tests/test_js_pad_browser.py's.
Set GAH_PAD_SHOTS=FOLDER to save screenshots (390 px, light and dark) for a person to look at.
"""

from __future__ import annotations

import base64
import copy
import json
import os
import signal
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from gah.backends.js.page import generate_page
from gah.frontend.loader import load_file
from gah.frontend.validate import schema_problems
from gah.languages import english
from gah.project import load_one
from gah.report import human_report, standing_line
from helpers_rules import ROOT, shipped_workspace
from helpers_scoring import module
from test_js_pad_browser import TIMEOUT, DevTools, Pad, chromium, open_pad, problems, start_browser  # noqa: F401

SHOTS = os.environ.get("GAH_PAD_SHOTS")
AXE = ROOT / ".ci-node" / "node_modules" / "axe-core" / "axe.min.js"
NAMES = ["Anna", "Ben", "Cleo", "Dan"]
SEED = 42


def q(selector: str) -> str:
    """A JavaScript expression for the first element matching a CSS selector."""
    return f"document.querySelector({json.dumps(selector)})"


def field(path: str) -> str:
    return q(f'[data-path="{path}"]')


@pytest.fixture
def profile() -> Iterator[str]:
    with tempfile.TemporaryDirectory(prefix="gah-pad-game-") as folder:
        yield folder


@pytest.fixture
def page(tmp_path: Path) -> Path:
    path = tmp_path / "base.html"
    path.write_bytes(generate_page(load_one(shipped_workspace(), "base")))
    return path


def opened(tools: DevTools, page: Path) -> Pad:
    """The pad, once it has read what it saved (localStorage at once, IndexedDB a moment later)."""
    pad = open_pad(tools, page)
    deadline = time.monotonic() + TIMEOUT
    while not pad.evaluate("document.documentElement.dataset.padReady === 'true'"):
        assert time.monotonic() < deadline, "the pad did not finish loading"
        time.sleep(0.05)
    return pad


def deal(pad: Pad, names: list[str], seed: int) -> None:
    """Type the names (adding players as needed) and the seed, then tap Deal."""
    for index, name in enumerate(names):
        if not pad.evaluate(f"!!{q(f'[data-key=setup-name-{index}]')}"):
            pad.tap(q("[data-key=setup-add]"))
        pad.type_into(q(f"[data-key=setup-name-{index}]"), name)
    pad.type_into(q("[data-key=setup-seed]"), str(seed))
    pad.tap(q("[data-key=deal]"))


def action(pad: Pad) -> dict[str, Any]:
    return dict(
        pad.evaluate(
            "({label: document.getElementById('action').textContent, disabled: document.getElementById('action').disabled,"
            " why: document.getElementById('action-why').textContent})"
        )
    )


def error_at(pad: Pad, path: str, part: str = "problem") -> str:
    """The words shown next to a field (its error line): gah score's (part "problem"), or what to type
    instead (part "todo", issue 42)."""
    found = pad.evaluate(
        f"(() => {{ const id = {field(path)}.getAttribute('aria-describedby'); const e = document.getElementById(id);"
        f" return e.hidden ? '' : Array.from(e.querySelectorAll('.{part}')).map((s) => s.textContent).join(' '); }})()"
    )
    return str(found)


def shown_state(pad: Pad) -> dict[str, Any]:
    """The state the pad scored last, as its export shows it."""
    pad.tap(q("[data-key=show]"))
    state: dict[str, Any] = json.loads(pad.evaluate("document.getElementById('json-area').value"))
    return state


def result_text(pad: Pad) -> str:
    return str(pad.evaluate("document.getElementById('result').innerText"))


def events_shown(pad: Pad) -> list[str]:
    return list(pad.evaluate("Array.from(document.querySelectorAll('#result .event')).map(li => li.textContent)"))


def after_state(result: dict[str, Any]) -> dict[str, Any]:
    """The pad's next entries as a state: the state after the scoring, without the deck's order or decisions."""
    state = copy.deepcopy(result["state"])
    state.pop("staff_deck", None)
    if not state.get("staff_discard"):
        state.pop("staff_discard", None)
    for entry in state["players"]:
        entry["choices"] = {}
    return state


# --- one round at the table: what changed, typed and tapped ----------------------------------------


def play_round(pad: Pad, state: dict[str, Any], round_: int, track_last: int) -> dict[str, Any]:
    """Enter the changes of a round into the pad and into `state` (the same changes): the expected state."""
    state = copy.deepcopy(state)
    state["round"] = round_
    for index, entry in enumerate(state["players"]):
        path = f"players[{index}]"
        entry["points"] += round_ + index
        entry["krones"] += 2
        entry["emperor"] = (3 * round_ + 5 * index) % (track_last + 1)
        for key in ("points", "krones", "emperor"):
            pad.type_into(field(f"{path}.{key}"), str(entry[key]))
        floor, column = (1, round_) if round_ <= 5 else (2, round_ - 5)
        row = len(entry["hotel"]) - floor
        taps = 0 if entry["hotel"][row][column - 1] == "o" else 1  # a tap marks a room occupied
        for _ in range(taps):
            pad.tap(q(f'section.player[data-player="{index}"] [data-cell="{floor}.{column}"]'))
        entry["hotel"][row] = entry["hotel"][row][: column - 1] + "o" + entry["hotel"][row][column:]
        if entry["hand"] and round_ % 2:
            card = entry["hand"].pop(0)
            entry["hired"].append(card)
            pad.tap(q(f'[data-key="{path}.hand-hire-{card}"]'))
    return state


def options_shown(pad: Pad, key: str) -> list[dict[str, Any]]:
    """Open a decision's list of options: each option's value and the text shown with it."""
    pad.tap(f"{q(f'details[data-key={key}]')}.querySelector('summary')")
    return list(
        pad.evaluate(
            f"Array.from({q(f'details[data-key={key}]')}.querySelectorAll('input[type=radio]')).map(r =>"
            ' ({value: r.dataset.value, text: document.querySelector(`label[for="${r.id}"]`).textContent}))'
        )
    )


def replayed(steps: list[dict[str, Any]], at: int, value: Any) -> dict[str, Any]:
    """A player's choices with the decisions before step `at` as taken and `value` at it."""
    lists: dict[str, list[Any]] = {}
    for step in [*steps[:at], {"key": steps[at]["key"], "value": value}]:
        lists.setdefault(step["key"], []).append(step["value"])
    return {key: values[0] if len(values) == 1 else values for key, values in lists.items()}


def projected(after: dict[str, Any], index: int) -> int:
    game = module("base").new_game(copy.deepcopy(after), explain=False)
    total: int = module("base").projection(game, game.players[index])
    return total


def try_a_decision(pad: Pad, before: dict[str, Any], result: dict[str, Any]) -> bool:
    """Change the first decision with a real alternative: each option's total is Python's, the round is
    scored again with the chosen one, and Undo brings the first result back."""
    mod = module("base")
    for index, taken in enumerate(result["decisions"]):
        for at, step in enumerate(taken["steps"]):
            if step["how"] == "only":
                continue
            shown = options_shown(pad, f"decision-{index}-{at}")
            values = [json.loads(o["value"]) for o in shown if o["value"] != "default"]
            others = [v for v in values if v != step["value"]]
            for option, value in zip(shown, values, strict=False):
                changed = copy.deepcopy(before)
                changed["players"][index]["choices"] = replayed(taken["steps"], at, value)
                total = projected(mod.score_game(changed)["state"], index)
                assert option["text"].endswith(f"projected total {total}"), (option, total)
            if not others:
                continue
            radios = f"Array.from({q(f'details[data-key=decision-{index}-{at}]')}.querySelectorAll('input'))"
            pad.tap(f"{radios}.find(r => r.dataset.value === {json.dumps(json.dumps(others[0]))})")
            changed = copy.deepcopy(before)
            changed["players"][index]["choices"] = replayed(taken["steps"], at, others[0])
            assert shown_state(pad) == changed
            assert events_shown(pad) == [e["text"] for e in mod.score_game(changed)["events"] if e["kind"] != "final"]
            pad.tap(q("#undo"))
            assert shown_state(pad) == before
            assert events_shown(pad) == [e["text"] for e in result["events"] if e["kind"] != "final"]
            return True
    return False


def test_a_four_player_game_from_the_deal_to_the_final_scoring(chromium: str, profile: str, page: Path) -> None:  # noqa: F811
    mod = module("base")
    tools = start_browser(chromium, profile)
    try:
        pad = opened(tools, page)
        deal(pad, NAMES, SEED)
        dealt = mod.setup_game(NAMES, SEED)
        assert shown_state(pad) == dealt  # the deal of gah setup base --players Anna,Ben,Cleo,Dan --seed 42
        state = after_state(mod.score_game(copy.deepcopy(dealt)))
        changed_one = False
        for round_ in range(1, 8):
            assert pad.evaluate("document.getElementById('round-line').textContent") == f"Round {round_} of 7"
            before = play_round(pad, state, round_, mod.RULES.track_last)
            label = {3: "Score round 3", 5: "Score round 5", 7: "Score round 7 and the final scoring"}.get(
                round_, f"End round {round_}"
            )
            assert action(pad) == action(pad) | {"label": label, "disabled": False}
            if SHOTS and round_ == 5:
                shoot(pad, "round-5-in-progress")
            pad.tap(q("#action"))
            result = mod.score_game(copy.deepcopy(before))
            assert shown_state(pad) == before, f"round {round_}: the state scored"
            if result["events"]:
                assert events_shown(pad) == [e["text"] for e in result["events"] if e["kind"] != "final"]
            else:  # no Emperor scoring: the last scoring stays, folded away
                assert pad.evaluate(
                    f"document.getElementById('said').textContent.startsWith('Done: End round {round_}.')"
                )
                assert pad.evaluate("!document.querySelector('#result details[open]')")
            if not changed_one and round_ in (3, 5, 7):
                changed_one = try_a_decision(pad, before, result)
            state = after_state(result)
        assert changed_one, "no decision of the game had an alternative"
        totals = pad.evaluate(
            "Object.fromEntries(Array.from(document.querySelectorAll('table.final tr.total td')).map(td => [td.dataset.player, Number(td.textContent)]))"
        )
        assert totals == {e["player"]: e["total"] for e in result["final"]}
        standings = pad.evaluate("Array.from(document.querySelectorAll('.standings li')).map(li => li.textContent)")
        assert standings == [standing_line(s, result["standings"], english().say) for s in result["standings"]]
        # Copied as text: gah score's report of the same state, line for line.
        pad.evaluate("navigator.clipboard.writeText = (text) => { window.copied = text; return Promise.resolve(); }")
        pad.tap(q("[data-key=copy]"))
        assert pad.evaluate("window.copied") == human_report(result)
        # The game is over: no scoring is left, none can run again; a new game is asked for elsewhere (issue 42).
        assert pad.evaluate("document.getElementById('action').hidden")
        assert pad.evaluate(f"{q('#rounds [data-key=new-game]')}.textContent") == "New game"
        assert not pad.evaluate(
            "Array.from(document.querySelectorAll('button')).some(b => /^Score round/.test(b.textContent))"
        )
        assert pad.evaluate("document.documentElement.scrollWidth") <= 390
        if SHOTS:
            pad.tap(q('tr.source[data-source="rooms"] button') + " || " + q("#result-heading"))
            shoot(pad, "final", "#result")
        assert problems(tools) == []
    finally:
        tools.close()


def shoot(pad: Pad, name: str, at: str = "#status", pattern: str = "{name}-390-{theme}.png") -> None:
    """Screenshots of the phone screen (light and dark) from the element `at` down, named by `pattern`."""
    folder = Path(str(SHOTS))
    folder.mkdir(parents=True, exist_ok=True)
    for theme in ("light", "dark"):
        choose_theme(pad, theme)
        pad.evaluate(f"{q(at)}.scrollIntoView({{block: 'start'}})")
        time.sleep(0.1)
        data = pad.tools.send("Page.captureScreenshot", {"format": "png"})
        (folder / pattern.format(name=name, theme=theme)).write_bytes(base64.b64decode(data["data"]))
    choose_theme(pad, "auto")


def choose_theme(pad: Pad, theme: str) -> None:
    """Set the Colours switch as a player would (auto: as the system)."""
    pad.evaluate(
        f"(() => {{ const s = {q('[data-key=theme]')}; s.value = '{theme}'; s.dispatchEvent(new Event('change')); }})()"
    )


# --- the hostile entries of issue 22 -------------------------------------------------------------


def gah_words(state: dict[str, Any], key: str, raw: str) -> str:
    """What gah score says of the first player's `key` written as `raw` in a state file (YAML, as the
    field's text reads), without the path: the words the pad must show next to the field."""
    text = yaml.safe_dump(state, sort_keys=False)
    line = f"  {key}: {state['players'][0][key]}\n"
    assert line in text
    text = text.replace(line, f"  {key}: {raw}\n".replace(": \n", ":\n"), 1)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "state.yaml"
        path.write_text(text, encoding="utf-8")
        tree = load_file(path, "state.yaml", shipped_workspace().sources)
        messages = [p.message for p in schema_problems(tree, "state")]
        if not messages:
            try:
                module("base").score_game(yaml.safe_load(text))
            except ValueError as error:
                messages = [str(error)]
    where = f"players[0].{key}: "
    found = [m.removeprefix(where) for m in messages if m.startswith(where)]
    assert found, messages
    return "".join(found)


def to_round_3(pad: Pad, names: list[str]) -> dict[str, Any]:
    """Deal, end rounds 1 and 2 unchanged: the pad is at round 3; the state it stands for."""
    deal(pad, names, 7)
    for _ in range(2):
        pad.tap(q("#action"))
    state = after_state(module("base").score_game(module("base").setup_game(names, 7)))
    state["round"] = 3
    return state


def test_hostile_entries_get_gah_scores_words_and_change_nothing(chromium: str, profile: str, page: Path) -> None:  # noqa: F811
    tools = start_browser(chromium, profile)
    try:
        pad = opened(tools, page)
        state = to_round_3(pad, ["Anna", "Ben"])
        assert action(pad)["label"] == "Score round 3"
        for key, raw in (
            ("points", "-5"),
            ("emperor", "20"),
            ("krones", "1e3"),
            ("krones", "2.5"),
            ("krones", ""),
            ("krones", "99999999999999999999"),
            ("objectives", "101"),
        ):
            path = f"players[0].{key}"
            pad.type_into(field(path), raw)
            words = gah_words(state, key, raw)
            assert error_at(pad, path) == words, (key, raw)
            # What to type instead, where the text is no whole number at all (issue 42).
            todo = "" if raw in ("-5", "20", "101") else "Type a whole number from 0 to 100000."
            assert error_at(pad, path, "todo") == todo, (key, raw)
            assert pad.evaluate(f"{field(path)}.getAttribute('aria-invalid')") == "true"
            assert pad.evaluate(f"{field(path)}.value") == raw  # what is typed stays, as typed
            shown = action(pad)
            assert shown["disabled"] and shown["why"].endswith(words), shown
            pad.tap(q("#action"))  # a disabled button: nothing is scored
            assert pad.evaluate("document.getElementById('round-line').textContent") == "Round 3 of 7"
            pad.type_into(field(path), str(state["players"][0][key]))
            assert error_at(pad, path) == ""
        # A fresh field's number is selected when it is tapped: typing 5 gives 5, not 105.
        pad.tap(field("players[1].krones"))
        tools.send("Input.insertText", {"text": "5"})
        assert pad.evaluate(f"{field('players[1].krones')}.value") == "5"
        state["players"][1]["krones"] = 5
        # A 120-character name: gah score's words, and the page stays 390 px wide; the heading follows it.
        long_name = "Ann" * 40
        pad.type_into(field("players[0].name"), long_name)
        assert error_at(pad, "players[0].name") == "is too long: 120 characters (at most 100)"
        assert pad.evaluate("document.querySelector('section.player h2 .fold-name').textContent") == long_name
        assert pad.evaluate("document.documentElement.scrollWidth") <= 390
        pad.type_into(field("players[0].name"), "Anna")
        # Nothing changed silently: the scoring is gah score's on the state as typed.
        pad.tap(q("#action"))
        result = module("base").score_game(copy.deepcopy(state))
        assert shown_state(pad) == state
        assert events_shown(pad) == [e["text"] for e in result["events"]]
        # A round is scored once: the action has moved on to round 4, and round 3 is in the history once.
        assert action(pad)["label"] == "End round 4"
        assert not pad.evaluate(
            "Array.from(document.querySelectorAll('button')).some(b => b.textContent === 'Score round 3')"
        )
        rounds = pad.evaluate(
            "Array.from(document.querySelectorAll('.history .round > .label')).map(e => e.textContent)"
        )
        assert [r for r in rounds if r.startswith("Round 3")] == ["Round 3: Emperor scoring (tier A: Free room)"]
        # Five players imported: refused with gah setup's words; the game stays as it was.
        five = {"round": 3, "tiles": state["tiles"], "players": [{"name": n} for n in ("A", "B", "C", "D", "E")]}
        pad.type_into(q("#json-area"), json.dumps(five))
        pad.tap(q("[data-key=import]"))
        said = pad.evaluate("document.querySelector('#json-area ~ [role=status]').textContent")
        assert said == "Cannot import: players: this ruleset is for 2 to 4 players, got 5"
        assert action(pad)["label"] == "End round 4"
        assert shown_state(pad) == state
        assert problems(tools) == []
    finally:
        tools.close()


def undo_label(pad: Pad) -> str:
    return str(pad.evaluate("document.getElementById('undo').textContent"))


def test_undo_takes_back_a_removed_player_a_removed_card_and_a_scoring(chromium: str, profile: str, page: Path) -> None:  # noqa: F811
    tools = start_browser(chromium, profile)
    try:
        pad = opened(tools, page)
        state = to_round_3(pad, ["Anna", "Ben", "Cleo"])
        cleo = "section.player[data-player='2']"
        pad.type_into(field("players[2].krones"), "13")
        # Removing a player asks first; "Keep" (where the button was) keeps her.
        pad.tap(q("[data-key='players[2]-remove']"))
        pad.tap(q("[data-key='players[2]-remove-keep']"))
        assert pad.evaluate("document.querySelectorAll('section.player').length") == 3
        pad.tap(q("[data-key='players[2]-remove']"))
        pad.tap(q("[data-key='players[2]-remove-yes']"))
        assert pad.evaluate("document.querySelectorAll('section.player').length") == 2
        assert undo_label(pad) == "Undo: Remove Cleo"
        pad.tap(q("#undo"))
        assert pad.evaluate(f"{q(cleo)}.querySelector('h2').textContent") == "Cleo"
        assert pad.evaluate(f"{field('players[2].krones')}.value") == "13"
        card = state["players"][0]["hand"][0]
        pad.tap(q(f"[data-key='players[0].hand-remove-{card}']"))
        pad.tap(q(f"[data-key='players[0].hand-remove-{card}-yes']"))
        assert card not in hand_shown(pad, 0)
        pad.tap(q("#undo"))
        assert hand_shown(pad, 0) == state["players"][0]["hand"]
        pad.tap(q("#action"))
        assert action(pad)["label"] == "End round 4"
        pad.tap(q("#undo"))
        assert action(pad)["label"] == "Score round 3"
        assert pad.evaluate(f"{field('players[2].krones')}.value") == "13"
        assert problems(tools) == []
    finally:
        tools.close()


def test_undo_never_loses_an_entry(chromium: str, profile: str, page: Path) -> None:  # noqa: F811
    """Issue 31: each entry is an undo step of its own (a removal, a typed number, a room), undone one at a
    time in the order made (the Undo button says which) and redone again: nothing is lost."""
    tools = start_browser(chromium, profile)
    try:
        pad = opened(tools, page)
        state = to_round_3(pad, ["Anna", "Ben", "Cleo", "Dan"])
        card = state["players"][1]["hand"][0]
        cleo_points, dan_krones = state["players"][2]["points"] + 9, state["players"][3]["krones"] + 4
        room = "section.player[data-player='3'] [data-cell='1.2']"
        pad.tap(q(f"[data-key='players[1].hand-remove-{card}']"))  # 1: remove Staff from Ben's hand (asked)
        pad.tap(q(f"[data-key='players[1].hand-remove-{card}-yes']"))
        pad.type_into(field("players[2].points"), str(cleo_points))  # 2: Cleo's points
        pad.type_into(field("players[3].krones"), str(dan_krones))  # 3: Dan's krones
        pad.tap(q(room))  # 4: a room of Dan's
        kept = shown_entries(pad)
        labels = [
            "Undo: Dan: room 1.2",
            f"Undo: Dan · Krones: {state['players'][3]['krones']} → {dan_krones}",
            f"Undo: Cleo · Points: {state['players'][2]['points']} → {cleo_points}",
            f"Undo: Remove Staff {card} from Ben's hand",
        ]
        for label in labels:
            assert undo_label(pad) == label
            pad.tap(q("#undo"))
        # Every step undone, in the order made: the state is the one before the first.
        assert card in hand_shown(pad, 1)
        assert pad.evaluate(f"{field('players[2].points')}.value") == str(state["players"][2]["points"])
        assert pad.evaluate(f"{field('players[3].krones')}.value") == str(state["players"][3]["krones"])
        for _ in labels:
            pad.tap(q("#redo"))
        assert shown_entries(pad) == kept  # nothing was lost
        assert card not in hand_shown(pad, 1)
        assert pad.evaluate(f"{q(room)}.classList.contains('state-occupied')")  # a tap marks it occupied
        # A new entry after an undo: what was undone cannot be redone any more (the redo button goes).
        pad.tap(q("#undo"))
        pad.tap(q(room))
        assert pad.evaluate("document.getElementById('redo').hidden")
        assert problems(tools) == []
    finally:
        tools.close()


def shown_entries(pad: Pad) -> dict[str, Any]:
    """Every field's text and every room's and card's place on the page (what a player entered)."""
    found: dict[str, Any] = pad.evaluate(
        "({fields: Object.fromEntries(Array.from(document.querySelectorAll('input[data-path]')).map(i => [i.dataset.path, i.value])),"
        " rooms: Array.from(document.querySelectorAll('.room')).map(b => b.className),"
        " cards: Array.from(document.querySelectorAll('.chip')).map(c => c.textContent)})"
    )
    return found


def hand_shown(pad: Pad, index: int) -> list[int]:
    return [
        int(key.rsplit("-", 1)[1])
        for key in pad.evaluate(
            f"Array.from(document.querySelectorAll('[data-key^=\"players[{index}].hand-remove-\"]')).map(b => b.dataset.key)"
        )
    ]


# --- nothing lost: a reload, and a browser killed a second after the last entry -------------------

HAND_WORKED = {
    "round": 7,
    "tiles": {"A": "a-krones", "B": "b-krones", "C": "c-points"},
    "players": [
        {
            "name": "Anna",
            "points": 30,
            "krones": 7,
            "emperor": 9,
            "kitchen": {"strudel": 2, "wine": 1},
            "cafe": [{"cake": 2}, {}],
            "hotel": ["o....", "o....", "o....", "ov..."],
            "hired": [29],
        },
        {
            "name": "Ben",
            "points": 20,
            "krones": 0,
            "emperor": 9,
            "hotel": [".....", "o....", "ovoo.", "ooooo"],
            "hired": [27, 31],
        },
    ],
}  # tests/test_js_pad_browser.py's hand-worked round 7: Anna 50, Ben 61 (46 if her Secretary copies 27)


def totals_shown(pad: Pad) -> dict[str, int]:
    return dict(
        pad.evaluate(
            "Object.fromEntries(Array.from(document.querySelectorAll('table.final tr.total td')).map(td => [td.dataset.player, Number(td.textContent)]))"
        )
    )


def import_text(pad: Pad, text: str) -> None:
    pad.type_into(q("#json-area"), text)
    pad.tap(q("[data-key=import]"))


def killed_and_restarted(tools: DevTools, binary: str, profile: str, page: Path) -> tuple[DevTools, Pad]:
    """A second after the last entry, the browser is killed (SIGKILL) and started again on its profile."""
    time.sleep(1.0)
    os.kill(tools.process.pid, signal.SIGKILL)
    tools.process.wait()
    tools.close()
    again = start_browser(binary, profile)
    return again, opened(again, page)


def test_a_browser_killed_a_second_after_the_last_entry_loses_nothing(chromium: str, profile: str, page: Path) -> None:  # noqa: F811
    tools = start_browser(chromium, profile)
    try:
        pad = opened(tools, page)
        deal(pad, ["Anna", "Ben"], 7)
        pad.type_into(field("players[0].krones"), "17")
        pad.type_into(field("players[1].points"), "4")
        tools, pad = killed_and_restarted(tools, chromium, profile, page)
        assert pad.evaluate(f"{field('players[0].krones')}.value") == "17"
        assert pad.evaluate(f"{field('players[1].points')}.value") == "4"
        assert pad.evaluate("document.getElementById('round-line').textContent") == "Round 1 of 7"
        # A scored round with a changed decision: the result, the decision and undo survive too.
        import_text(pad, json.dumps(HAND_WORKED))
        pad.tap(q("#action"))
        assert totals_shown(pad) == {"Anna": 50, "Ben": 61}
        options_shown(pad, "decision-0-0")
        radios = f"Array.from({q('details[data-key=decision-0-0]')}.querySelectorAll('input'))"
        pad.tap(f"{radios}.find(r => r.dataset.value === '27')")
        assert totals_shown(pad) == {"Anna": 46, "Ben": 61}
        tools, pad = killed_and_restarted(tools, chromium, profile, page)
        assert totals_shown(pad) == {"Anna": 46, "Ben": 61}
        assert shown_state(pad)["players"][0]["choices"] == {"secretary": 27}
        assert "Anna · secretary #1: Booking Manager (#27) (recorded)" in result_text(pad)
        assert pad.evaluate("document.getElementById('undo').textContent") == "Undo: Change Anna's secretary decision"
        # A reload keeps it all as well; undo still works after it.
        tools.send("Page.reload")
        tools.wait_for("Page.loadEventFired")
        pad = opened(tools, page)
        assert totals_shown(pad) == {"Anna": 46, "Ben": 61}
        pad.tap(q("#undo"))
        assert totals_shown(pad) == {"Anna": 50, "Ben": 61}
        assert problems(tools) == []
    finally:
        tools.close()


# --- accessibility: axe-core in the browser ----------------------------------------------------------


def axe_source() -> str:
    """axe-core's script (npm install --prefix .ci-node axe-core@4); skips locally without it, fails under CI."""
    if not AXE.is_file():
        message = "axe-core is not installed (npm install --prefix .ci-node axe-core@4)"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(message)
        pytest.skip(message)
    return AXE.read_text(encoding="utf-8")


def axe_counts(pad: Pad, source: str) -> dict[str, list[str]]:
    """axe's violations by impact: the rule ids (and how many nodes), in light and dark colours."""
    if not pad.evaluate("typeof axe !== 'undefined'"):
        pad.tools.send("Runtime.evaluate", {"expression": source})
    found: dict[str, list[str]] = {}
    for theme in ("light", "dark"):
        choose_theme(pad, theme)
        reply = pad.tools.send(
            "Runtime.evaluate",
            {
                "expression": "axe.run(document, {resultTypes: ['violations']}).then(r => r.violations.map(v => [v.impact, v.id, v.nodes.length, v.nodes.slice(0, 3).map(n => n.target.join(' ') + ': ' + n.failureSummary)]))",
                "awaitPromise": True,
                "returnByValue": True,
            },
        )
        for impact, rule, count, where in reply["result"]["value"]:
            found.setdefault(impact, []).append(f"{theme}: {rule} x{count} {where}")
    choose_theme(pad, "auto")
    return found


def test_axe_finds_nothing_serious_light_or_dark(chromium: str, profile: str, page: Path) -> None:  # noqa: F811
    source = axe_source()
    tools = start_browser(chromium, profile)
    try:
        pad = opened(tools, page)
        seen = {"empty pad": axe_counts(pad, source)}
        to_round_3(pad, ["Anna", "Ben", "Cleo"])
        pad.type_into(field("players[0].krones"), "-5")  # a game in progress, with a problem shown
        seen["a round in progress"] = axe_counts(pad, source)
        import_text(pad, json.dumps(HAND_WORKED))
        pad.tap(q("#action"))
        options_shown(pad, "decision-0-0")
        seen["the final results"] = axe_counts(pad, source)
        # The colours follow the system unless the switch says otherwise, and the switch is remembered.
        theme = "document.documentElement.dataset.theme"
        for scheme in ("dark", "light"):
            tools.send("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
            deadline = time.monotonic() + 5  # the media query's change event comes with the next frame
            while pad.evaluate(theme) != scheme and time.monotonic() < deadline:
                time.sleep(0.05)
            assert pad.evaluate(theme) == scheme
        choose_theme(pad, "dark")
        tools.send("Page.reload")
        tools.wait_for("Page.loadEventFired")
        pad = opened(tools, page)
        assert (pad.evaluate(theme), pad.evaluate(f"{q('[data-key=theme]')}.value")) == ("dark", "dark")
        print(
            "axe-core violations by impact:",
            json.dumps({k: {i: len(v) for i, v in c.items()} for k, c in seen.items()}),
        )
        for screen, counts in seen.items():
            assert not counts.get("critical") and not counts.get("serious"), (screen, counts)
    finally:
        tools.close()


def test_every_final_source_expands_to_the_lines_gah_score_prints(chromium: str, profile: str, page: Path) -> None:  # noqa: F811
    """Each final source's row expands to its lines per player (per Staff card, per floor, per quantity), the
    very `details` texts of `gah score`; the ties are said in words under the standings."""
    expected = module("base").score_game(copy.deepcopy(HAND_WORKED))
    tools = start_browser(chromium, profile)
    try:
        pad = opened(tools, page)
        import_text(pad, json.dumps(HAND_WORKED))
        pad.tap(q("#action"))
        for source in ("staff", "rooms", "cafe"):
            toggle = f"{q(f'tr.source[data-source={source}]')}.querySelector('button')"
            assert pad.evaluate(f"{toggle}.getAttribute('aria-expanded')") == "false"
            pad.tap(toggle)
            assert pad.evaluate(f"{toggle}.getAttribute('aria-expanded')") == "true"
            shown = pad.evaluate(f"document.getElementById({toggle}.getAttribute('aria-controls')).innerText")
            lines: list[str] = []
            for entry in expected["final"]:
                lines.append(f"{entry['player']}: {entry['breakdown'][source]}")
                lines += [line["text"] for line in entry["details"][source]]
            assert [line for line in shown.split("\n") if line] == lines, source
        ties = pad.evaluate("[...document.querySelectorAll('ul.ties li')].map((li) => li.innerText)")
        assert ties == [tie["text"] for tie in expected["ties"]]
        assert problems(tools) == []
    finally:
        tools.close()


def test_a_game_from_gah_setup_json_or_dealt_by_hand_and_its_files(chromium: str, profile: str, page: Path) -> None:  # noqa: F811
    """The other two starts: `gah setup --json` imported, and a deal entered by hand; the screen is kept
    awake while a game is open; the results are downloaded under the ruleset's and the round's name."""
    mod = module("base")
    tools = start_browser(chromium, profile)
    try:
        # A stand-in for the browser's wake lock, which records what the page asks of it.
        stub = (
            "window.locks = []; Object.defineProperty(navigator, 'wakeLock', {value: {request: (type) => {"
            " const lock = new EventTarget(); lock.released = false;"
            " lock.release = () => { lock.released = true; return Promise.resolve(); };"
            " window.locks.push([type, lock]); return Promise.resolve(lock); }}});"
            "window.saved = []; const blobs = new Map(); const made = URL.createObjectURL;"
            " URL.createObjectURL = (blob) => { const url = made(blob); blobs.set(url, blob); return url; };"
            " HTMLAnchorElement.prototype.click = function () {"
            " blobs.get(this.href).text().then(t => window.saved.push([this.download, t])); };"
        )
        tools.send("Page.addScriptToEvaluateOnNewDocument", {"source": stub})
        pad = opened(tools, page)
        assert pad.evaluate("window.locks.length") == 0  # no game open yet
        dealt = mod.setup_game(["Anna", "Ben", "Cleo"], 99)
        import_text(pad, json.dumps(dealt))
        assert pad.evaluate("document.getElementById('round-line').textContent") == "Round 1 of 7"
        assert shown_state(pad) == dealt
        assert pad.evaluate("window.locks.map(([type, lock]) => [type, lock.released])") == [["screen", False]]
        # Downloads: the state scored last and the CSV, named by ruleset and round.
        pad.tap(q("[data-key=json]"))
        pad.tap(q("[data-key=csv]"))
        deadline = time.monotonic() + TIMEOUT
        while pad.evaluate("window.saved.length") < 2:
            assert time.monotonic() < deadline
            time.sleep(0.05)
        files = dict(pad.evaluate("window.saved"))
        assert sorted(files) == ["base-round-0.csv", "base-round-0.json"]
        assert json.loads(files["base-round-0.json"]) == dealt
        assert files["base-round-0.csv"].split("\r\n")[:2] == [
            "player,points,krones,emperor,objectives",
            "Anna,0,10,0,0",
        ]
        # A new game (undoable), dealt by hand: names, the tiles by name, a hand, then round 1.
        pad.tap(q("[data-key=undo]"))  # back before the import: no game
        assert pad.evaluate("document.getElementById('round-line').textContent") == "A new game"
        assert pad.evaluate("window.locks[0][1].released")  # no game open: the screen may sleep
        pad.type_into(q("[data-key=setup-name-0]"), "Anna")
        pad.type_into(q("[data-key=setup-name-1]"), "Ben")
        pad.tap(q("[data-key=by-hand]"))
        assert action(pad)["label"] == "Start round 1"
        tiles = {"A": "a-krones", "B": "b-one-of-each", "C": "c-staff-points"}
        for tier, tile in tiles.items():
            pad.evaluate(
                f"(() => {{ const s = {q(f'select[data-tier={tier}]')}; s.value = '{tile}'; s.dispatchEvent(new Event('change')); }})()"
            )
        pad.type_into(q("[data-key='players[1].staff-search']"), "Secretary")
        pad.tap(q("section.player[data-player='1'] .matches button[aria-label='Secretary: to hand']"))
        pad.tap(q("#action"))
        start = mod.setup_game(["Anna", "Ben"], 1)
        for entry in start["players"]:
            entry["hand"], entry["choices"] = [], {}
        start["players"][1]["hand"] = [29]
        del start["staff_deck"], start["staff_discard"]
        assert shown_state(pad) == start | {"tiles": tiles}
        assert mod.score_game(shown_state(pad))["round"] == 0  # gah score reads it
        assert pad.evaluate("document.getElementById('round-line').textContent") == "Round 1 of 7"
        assert problems(tools) == []
    finally:
        tools.close()


# --- a declared resource's field (issue 30): gah score's words, the page 390 px wide ---------------------------


def test_a_declared_resource_has_a_field_checked_with_gah_scores_words(
    chromium: str,  # noqa: F811
    profile: str,
    tmp_path: Path,
) -> None:
    rules = str(ROOT / "tests" / "data" / "variants" / "invented-resources.yaml")
    path = tmp_path / "invented-resources.html"
    path.write_bytes(generate_page(load_one(shipped_workspace(), rules)))
    tools = start_browser(chromium, profile)
    try:
        pad = opened(tools, path)
        deal(pad, ["Anna", "Ben"], 7)
        dancers = "players[0].resources.dancers"
        assert pad.evaluate(f"{field(dancers)}.value") == "1"  # the declared start
        # Dancers are 0 to 5 (the rules data); the words are what gah score prints for a state file holding 6
        # (st.json:1:286: players[0].resources.dancers: 6 is out of range (from 0 to 5)), and -1: typed as a change
        # of 0 (issue 31: "-1" takes 1 from the value the field holds, 0 - 1 = -1, refused with gah score's words).
        for raw, words in (("6", "6 is out of range (from 0 to 5)"), ("-1", "-1 is less than the minimum of 0")):
            if raw == "-1":
                pad.type_into(field(dancers), "0")
            pad.type_into(field(dancers), raw)
            assert error_at(pad, dancers) == words, raw
            assert pad.evaluate(f"{field(dancers)}.getAttribute('aria-invalid')") == "true"
            assert action(pad)["disabled"]
            assert pad.evaluate(f"{field(dancers)}.value") == raw  # kept as typed
        pad.type_into(field(dancers), "3")
        assert error_at(pad, dancers) == "" and not action(pad)["disabled"]
        assert pad.evaluate("document.documentElement.scrollWidth") <= 390
        if SHOTS:
            shoot(pad, "resource", "section.player[data-player='0']")
        assert problems(tools) == []
    finally:
        tools.close()
