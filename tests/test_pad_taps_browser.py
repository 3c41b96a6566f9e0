"""What a whole 4-player game costs a table on the score pad: every tap and every key counted (issue 42).

The game is tests/test_pad_game_browser.py's hand-worked one (Anna, Ben, Cleo and Dan, seed 42): each round
every player gains round + seat points and 2 krones, moves the Emperor marker to (3 x round + 5 x seat) mod 14,
occupies one room (floor 1 in rounds 1 to 5, floor 2 after) and, in odd rounds, hires the first card of the
hand. The pad is played as a player would, from the deal to the final scoring; after every step the state the
pad scored is the one worked out here and its events are gah score's (read without a tap). The taps and keys
are Pad's counts (tests/test_js_pad_browser.py): every mouse tap and every character or key sent.

Before issue 42's item 5 (this file's first commit) the game cost BEFORE: 206 taps and 153 keys, the numbers
typed as totals, each player's card unfolded, the Staff opened to hire, a room tapped twice (empty -> vacant ->
occupied). Now it costs AFTER (a third less, and each count lower): digits typed for points and krones are a
change ("3" is +3) once the Changes switch is on (one tap, kept for every pad), the marker's space is a tap on
the Emperor track, a tap marks an empty room occupied, and a card in hand is hired with one tap on it (the
Staff stay folded). Each player's card is still opened with a tap on the name (one card open at a time).

The second test enters a loss without a minus key (iOS's numeric keypad has none): ± then the digits.

GAH_PAD_SHOTS=FOLDER saves round 3's entry (a change typed, its sum and ± key shown) at 390 px, light, dark and
German, as taps-entry-*.png, and the switches below the players as taps-switches-390-light.png.
"""

from __future__ import annotations

import base64
import copy
import json
import os
import time
from pathlib import Path
from typing import Any

from helpers_scoring import module
from test_js_pad_browser import Pad, chromium, problems, start_browser  # noqa: F401
from test_pad_game_browser import (  # noqa: F401
    NAMES,
    SEED,
    after_state,
    choose_theme,
    deal,
    error_at,
    events_shown,
    field,
    opened,
    page,
    profile,
    q,
)
from test_pad_table_browser import language

SHOTS = os.environ.get("GAH_PAD_SHOTS")
BEFORE = {
    "taps": 206,
    "keys": 153,
}  # this file's first commit, on the code before the change (rounds: 32+24+32+24+32+22+32 taps)
AFTER = {"taps": 164, "keys": 73}  # rounds: 24+20+24+20+24+19+24 taps, 8 or 9 keys each


def scored_state(pad: Pad) -> dict[str, Any]:
    """The state the pad scored last, read from its export without a tap."""
    pad.evaluate("document.querySelector('[data-key=show]').click()")
    state: dict[str, Any] = json.loads(pad.evaluate("document.getElementById('json-area').value"))
    return state


def expected_round(state: dict[str, Any], round_: int, track_last: int) -> dict[str, Any]:
    """The round's changes made to `state` (the hand-worked game): the state the pad must score."""
    state = copy.deepcopy(state)
    state["round"] = round_
    for index, entry in enumerate(state["players"]):
        entry["points"] += round_ + index
        entry["krones"] += 2
        entry["emperor"] = (3 * round_ + 5 * index) % (track_last + 1)
        floor, column = (1, round_) if round_ <= 5 else (2, round_ - 5)
        row = len(entry["hotel"]) - floor
        entry["hotel"][row] = entry["hotel"][row][: column - 1] + "o" + entry["hotel"][row][column:]
        if entry["hand"] and round_ % 2:
            entry["hired"].append(entry["hand"].pop(0))
    return state


def enter_round(pad: Pad, was: dict[str, Any], now: dict[str, Any], round_: int) -> None:
    """Enter a round's changes as the pad asks for them: the gains typed as changes ("3" is +3), the Emperor
    marker's space, a room and a hire tapped."""
    for index, (old, new) in enumerate(zip(was["players"], now["players"], strict=True)):
        path = f"players[{index}]"
        for key in ("points", "krones"):
            pad.type_into(field(f"{path}.{key}"), str(new[key] - old[key]))
            shown = pad.evaluate(f"{field(f'{path}.{key}')}.closest('.field').querySelector('.sum').textContent")
            assert shown == f"{old[key]} + {new[key] - old[key]} = {new[key]}"
        pad.tap(q(f'[data-key="{path}.emperor-at-{new["emperor"]}"]'))  # the marker's space on the track
        floor, column = (1, round_) if round_ <= 5 else (2, round_ - 5)
        if old["hotel"][len(old["hotel"]) - floor][column - 1] != "o":  # a tap marks a room occupied
            pad.tap(q(f'section.player[data-player="{index}"] [data-cell="{floor}.{column}"]'))
        for card in old["hand"][: len(old["hand"]) - len(new["hand"])]:
            pad.tap(q(f'[data-key="{path}.hand-hire-{card}"]'))


def shoot_entry(pad: Pad, state: dict[str, Any]) -> None:
    """Round 3's entry with a change typed into Anna's points (its sum and ± key showing): light, dark, German.
    The changes are undone afterwards, and the taps and keys they took are not counted."""
    folder = Path(str(SHOTS))
    folder.mkdir(parents=True, exist_ok=True)
    counted = pad.taps, pad.keys
    anna = q('section.player[data-player="0"]')
    shots = (("light", "light", "en"), ("dark", "dark", "en"), ("de-light", "light", "de"))
    for name, theme, chosen in shots:
        choose_theme(pad, theme)
        language(pad, chosen)
        pad.type_into(field("players[0].points"), "4")
        pad.evaluate(f"{anna}.scrollIntoView({{block: 'start'}})")
        time.sleep(0.15)
        data = pad.tools.send("Page.captureScreenshot", {"format": "png"})
        (folder / f"taps-entry-390-{name}.png").write_bytes(base64.b64decode(data["data"]))
    language(pad, "en")
    choose_theme(pad, "light")
    pad.evaluate(f"{q('.switches')}.scrollIntoView({{block: 'start'}})")  # the switches, after the players
    time.sleep(0.15)
    data = pad.tools.send("Page.captureScreenshot", {"format": "png"})
    (folder / "taps-switches-390-light.png").write_bytes(base64.b64decode(data["data"]))
    choose_theme(pad, "auto")
    for _ in shots:
        pad.tap(q("#undo"))
    assert pad.evaluate(f"{field('players[0].points')}.value") == str(state["players"][0]["points"])
    pad.taps, pad.keys = counted


def test_a_whole_four_player_game_counted_tap_by_tap(chromium: str, profile: str, page: Path) -> None:  # noqa: F811
    mod = module("base")
    tools = start_browser(chromium, profile)
    try:
        pad = opened(tools, page)
        deal(pad, NAMES, SEED)
        pad.tap(q("[data-key=typing-changes]"))  # digits typed for points and krones are a change
        dealt = mod.setup_game(NAMES, SEED)
        assert scored_state(pad) == dealt
        state = after_state(mod.score_game(copy.deepcopy(dealt)))
        rounds = []
        for round_ in range(1, 8):
            taps, keys = pad.taps, pad.keys
            before = expected_round(state, round_, mod.RULES.track_last)
            enter_round(pad, state, before, round_)
            if SHOTS and round_ == 3:
                shoot_entry(pad, before)
            pad.tap(q("#action"))
            result = mod.score_game(copy.deepcopy(before))
            assert scored_state(pad) == before, f"round {round_}: the state scored"
            if result["events"]:
                assert events_shown(pad) == [e["text"] for e in result["events"] if e["kind"] != "final"]
            rounds.append((pad.taps - taps, pad.keys - keys))
            state = after_state(result)
        totals = pad.evaluate(
            "Object.fromEntries(Array.from(document.querySelectorAll('table.final tr.total td')).map(td => [td.dataset.player, Number(td.textContent)]))"
        )
        assert totals == {e["player"]: e["total"] for e in result["final"]}
        print(f"a whole game: {pad.taps} taps, {pad.keys} keys; by round (taps, keys): {rounds}")
        assert {"taps": pad.taps, "keys": pad.keys} == AFTER
        assert AFTER["taps"] <= BEFORE["taps"] and AFTER["keys"] <= BEFORE["keys"]
        assert 3 * (AFTER["taps"] + AFTER["keys"]) <= 2 * (BEFORE["taps"] + BEFORE["keys"])  # a third less at least
        assert problems(tools) == []
    finally:
        tools.close()


def sum_shown(pad: Pad, path: str) -> str:
    return str(pad.evaluate(f"{field(path)}.closest('.field').querySelector('.sum').textContent"))


def test_a_loss_is_entered_without_a_minus_key(chromium: str, profile: str, page: Path) -> None:  # noqa: F811
    """iOS's numeric keypad has no minus key: under the Changes switch ± then the digits enter a loss, and ±
    turns the change shown the other way (one undo step with its typing). No "-" is ever typed here."""
    tools = start_browser(chromium, profile)
    try:
        pad = opened(tools, page)
        deal(pad, ["Anna", "Ben"], 7)
        krones, points = "players[0].krones", "players[0].points"
        flip = f'[data-key="{krones}-flip"]'
        assert pad.evaluate(f"{q('[data-key=typing-totals]')}.getAttribute('aria-pressed')") == "true"
        assert pad.evaluate(f"{q(flip)}.hidden")  # totals: no ± until a change is typed
        # The Emperor track: a tap puts the marker on a space, one undo step (and the typed field shows it).
        pad.tap(q('[data-key="players[0].emperor-at-5"]'))
        assert pad.evaluate(f"{field('players[0].emperor')}.value") == "5"
        assert pad.evaluate("document.getElementById('undo').textContent") == "Undo: Anna · Emperor space: 0 → 5"
        pad.tap(q("#undo"))
        at_zero = q('[data-key="players[0].emperor-at-0"]')
        assert pad.evaluate(f"{at_zero}.getAttribute('aria-pressed')") == "true"
        pad.tap(q("[data-key=typing-changes]"))
        assert pad.evaluate("localStorage.getItem('gah-pad-typing')") == "changes"  # kept for every pad
        assert pad.evaluate(f"{field(points)}.closest('.field').querySelector('label').textContent") == "Points +"
        # ± begins a loss, the digits follow; leaving the field writes the sum into it.
        pad.tap(q(flip))
        assert sum_shown(pad, krones) == "10 − … (type the loss)"
        pad.tools.send("Input.insertText", {"text": "3"})  # the field has the focus ± gave it
        pad.keys += 1
        assert sum_shown(pad, krones) == "10 − 3 = 7"
        pad.tap(field(points))
        assert pad.evaluate(f"{field(krones)}.value") == "7"
        # ± again: a gain of 3 instead, in the same undo step.
        pad.tap(q(flip))
        assert (sum_shown(pad, krones), pad.evaluate(f"{field(krones)}.value")) == ("10 + 3 = 13", "13")
        assert pad.evaluate("document.getElementById('undo').textContent") == "Undo: Anna · Krones: 10 → 13"
        pad.tap(q("#undo"))
        assert pad.evaluate(f"{field(krones)}.value") == "10"
        # Digits alone are a gain; ± makes it a loss, refused below 0 with gah score's words, and back.
        pad.type_into(field(points), "2")
        assert sum_shown(pad, points) == "0 + 2 = 2"
        pad.tap(q(f'[data-key="{points}-flip"]'))
        assert sum_shown(pad, points) == "0 − 2 = -2"
        assert error_at(pad, points) == "-2 is less than the minimum of 0"
        assert pad.evaluate("document.getElementById('action').disabled")
        pad.tap(q(f'[data-key="{points}-flip"]'))
        assert (error_at(pad, points), pad.evaluate(f"{field(points)}.value")) == ("", "2")
        pad.type_into(field(krones), "4")
        pad.tap(q(flip))
        assert (sum_shown(pad, krones), pad.evaluate(f"{field(krones)}.value")) == ("10 − 4 = 6", "6")
        assert pad.keys == len("AnnaBen7") + 3  # the names, the seed, and "3", "2", "4": never a "-"
        pad.tap(q("#action"))
        entries = scored_state(pad)["players"][0]
        assert (entries["points"], entries["krones"]) == (2, 6)
        assert problems(tools) == []
    finally:
        tools.close()
