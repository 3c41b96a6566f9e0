"""A solo game (rules/variants/solo.yaml) in the score pad, in Chromium at 390 px: you and the Let's Waltz solo
opponent dealt by taps, every round's changes typed and tapped in, each Emperor scoring and the final scoring
matching the Python module (whose numbers tests/test_solo.py works out by hand), and the opponent shown only
the fields it has.

Set GAH_PAD_SHOTS=FOLDER to save screenshots (solo-*-390-light/dark.png, and German) for a person to look at.
"""

from __future__ import annotations

import copy
import os
from pathlib import Path
from typing import Any

import pytest
from gah.backends.js.page import generate_page
from gah.project import load_one
from gah.report import human_report
from helpers_rules import shipped_workspace
from helpers_scoring import module
from test_js_pad_browser import DevTools, chromium, problems, start_browser  # noqa: F401
from test_pad_game_browser import action, after_state, deal, events_shown, field, opened, profile, q, shoot, shown_state  # noqa: F401
from test_pad_language_browser import choose_language

SHOTS = os.environ.get("GAH_PAD_SHOTS")
NAMES = ["Leopold", "Anna"]  # the opponent takes the first seat (the solo helper: "he always takes the first turn")
SEED = 7


@pytest.fixture
def page(tmp_path: Path) -> Path:
    path = tmp_path / "solo.html"
    path.write_bytes(generate_page(load_one(shipped_workspace(), "solo")))
    return path


def play_round(pad: Any, state: dict[str, Any], round_: int) -> dict[str, Any]:
    """Enter a round's changes into the pad and into `state`: the opponent's points, marker and a room it
    occupies (no krones, kitchen, café or hand: it has no field for them); your points, krones and marker."""
    state = copy.deepcopy(state)
    state["round"] = round_
    leopold, anna = state["players"]
    leopold["points"] += 2 * round_
    leopold["emperor"] = (2 * round_ + 3) % 14
    anna["points"] += round_
    anna["krones"] += 1
    anna["emperor"] = (3 * round_ + 1) % 14
    for index, entry in enumerate(state["players"]):
        keys = ("points", "emperor") if index == 0 else ("points", "krones", "emperor")
        for key in keys:
            pad.type_into(field(f"players[{index}].{key}"), str(entry[key]))
    column = round_ if round_ <= 5 else round_ - 5
    floor = 1 if round_ <= 5 else 2
    row = len(leopold["hotel"]) - floor
    taps = 0 if leopold["hotel"][row][column - 1] == "o" else 1
    for _ in range(taps):  # the opponent occupies rooms at once: a tap marks a room occupied
        pad.tap(q(f'section.player[data-player="0"] [data-cell="{floor}.{column}"]'))
    leopold["hotel"][row] = leopold["hotel"][row][: column - 1] + "o" + leopold["hotel"][row][column:]
    return state


def test_a_solo_game_round_by_round_to_the_final_scoring(chromium: str, profile: str, page: Path) -> None:  # noqa: F811
    mod = module("solo")
    tools: DevTools = start_browser(chromium, profile)
    try:
        pad = opened(tools, page)
        # The setup names the opponent's seat; the deal is gah setup's.
        labels = pad.evaluate("Array.from(document.querySelectorAll('label')).map(l => l.textContent)")
        assert "Player 1 (start player) (solo opponent)" in labels
        deal(pad, NAMES, SEED)
        dealt = mod.setup_game(NAMES, SEED)
        assert shown_state(pad) == dealt  # gah setup solo --players Leopold,Anna --seed 7
        assert dealt["players"][0]["role"] == "solo-opponent" and dealt["players"][0]["hand"] == []
        # The opponent's card: no krones, kitchen, café or hand; yours has them all.
        for key in ("krones", "kitchen.wine"):
            assert not pad.evaluate(f"!!{field(f'players[0].{key}')}"), key
            assert pad.evaluate(f"!!{field(f'players[1].{key}')}"), key
        first = q('section.player[data-player="0"] h2')
        heading = pad.evaluate(f"{first}.textContent")
        assert heading == "Leopold (solo opponent)"
        state = after_state(mod.score_game(copy.deepcopy(dealt)))
        for round_ in range(1, 8):
            before = play_round(pad, state, round_)
            pad.tap(q("#action"))
            result = mod.score_game(copy.deepcopy(before))
            assert shown_state(pad) == before, f"round {round_}: the state scored"
            if result["events"]:
                assert events_shown(pad) == [e["text"] for e in result["events"] if e["kind"] != "final"]
                assert "No bonus or penalty for Leopold (solo opponent)" in events_shown(pad)
            if SHOTS and round_ == 3:
                shoot(pad, "solo-round-3", "#result")
            state = after_state(result)
        # The final scoring: the opponent's staff and rooms only.
        assert set(result["final"][0]["breakdown"]) == {"staff", "rooms"}
        totals = pad.evaluate(
            "Object.fromEntries(Array.from(document.querySelectorAll('table.final tr.total td')).map(td => [td.dataset.player, Number(td.textContent)]))"
        )
        assert totals == {e["player"]: e["total"] for e in result["final"]}
        # A source that does not count for the opponent shows "-", in the table as in gah score's report.
        krones_row = pad.evaluate(
            "Array.from(document.querySelectorAll('table.final tr.source[data-source=krones] td')).map(td => td.textContent)"
        )
        assert krones_row[0] == "-"
        pad.evaluate("navigator.clipboard.writeText = (text) => { window.copied = text; return Promise.resolve(); }")
        pad.tap(q("[data-key=copy]"))
        assert pad.evaluate("window.copied") == human_report(result)
        assert pad.evaluate("document.getElementById('action').hidden")  # New game is beside the standings
        assert pad.evaluate("document.documentElement.scrollWidth") <= 390
        if SHOTS:
            shoot(pad, "solo-final", "#result")
        # In German: the same game told again, the opponent's part in its words.
        choose_language(pad, "de")
        assert "Weder Belohnung noch Bestrafung für Leopold (Solo-Gegner)" in events_shown(pad)
        assert pad.evaluate("document.documentElement.scrollWidth") <= 390
        if SHOTS:
            shoot(pad, "solo-final-de", "#result")
        assert problems(tools) == []
    finally:
        tools.close()
