"""What a whole 4-player game costs a table on the score pad: every tap and every key counted (issue 42).

The game is tests/test_pad_game_browser.py's hand-worked one (Anna, Ben, Cleo and Dan, seed 42): each round
every player gains round + seat points and 2 krones, moves the Emperor marker to (3 x round + 5 x seat) mod 14,
occupies one room (floor 1 in rounds 1 to 5, floor 2 after) and, in odd rounds, hires the first card of the
hand. The pad is played as a player would, from the deal to the final scoring; after every step the state the
pad scored is the one worked out here and its events are gah score's (read without a tap). The taps and keys
are Pad's counts (tests/test_js_pad_browser.py): every mouse tap and every character or key sent.

Before issue 42's item 5 (this file's first commit) the game cost BEFORE; the test asserts what it costs now.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from helpers_scoring import module
from test_js_pad_browser import Pad, chromium, problems, start_browser  # noqa: F401
from test_pad_game_browser import NAMES, SEED, after_state, deal, events_shown, field, opened, page, profile, q  # noqa: F401

BEFORE = {"taps": 206, "keys": 153}  # measured on the code before the change (by round: 32+24+32+24+32+22+32 taps)


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
    """Enter a round's changes as the pad asks for them: the numbers typed, the room and the hire tapped."""
    for index, (old, new) in enumerate(zip(was["players"], now["players"], strict=True)):
        path = f"players[{index}]"
        for key in ("points", "krones", "emperor"):
            pad.type_into(field(f"{path}.{key}"), str(new[key]))
        floor, column = (1, round_) if round_ <= 5 else (2, round_ - 5)
        row = len(old["hotel"]) - floor
        for _ in range({".": 2, "v": 1, "o": 0}[old["hotel"][row][column - 1]]):  # empty -> vacant -> occupied
            pad.tap(q(f'section.player[data-player="{index}"] [data-cell="{floor}.{column}"]'))
        for card in old["hand"][: len(old["hand"]) - len(new["hand"])]:
            pad.tap(q(f'[data-key="{path}.hand-hire-{card}"]'))


def test_a_whole_four_player_game_counted_tap_by_tap(chromium: str, profile: str, page: Path) -> None:  # noqa: F811
    mod = module("base")
    tools = start_browser(chromium, profile)
    try:
        pad = opened(tools, page)
        deal(pad, NAMES, SEED)
        dealt = mod.setup_game(NAMES, SEED)
        assert scored_state(pad) == dealt
        state = after_state(mod.score_game(copy.deepcopy(dealt)))
        rounds = []
        for round_ in range(1, 8):
            taps, keys = pad.taps, pad.keys
            before = expected_round(state, round_, mod.RULES.track_last)
            enter_round(pad, state, before, round_)
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
        assert {"taps": pad.taps, "keys": pad.keys} == BEFORE
        assert problems(tools) == []
    finally:
        tools.close()
