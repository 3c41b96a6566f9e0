"""The score pad at a real table (issue 31), in Chromium at 390 px.

- The game of `gah setup base --seed 7 --players A,B,C,D` from the deal to the final scoring, with the
  Emperor tiles the table turned up for tiers A and B (both "Draw Staff": seed 7 deals none) and the
  table's own draws entered where they score: after every scoring the state the pad scored is the one
  worked out here from what was typed and tapped, and its events are gah score's on that state.
- A double or triple tap (50-150 ms apart) on a step's button never runs the next step.
- "+14" is a change of the field's value, shown as "28 + 14 = 42" before it counts, and a change the
  format cannot hold is refused with gah score's words.

The harness is tests/test_js_pad_browser.py's; the helpers are tests/test_pad_game_browser.py's.
GAH_PAD_SHOTS=FOLDER saves the draw entry's screenshots (light, dark, German) as padflow-*.png;
GAH_PAD_TAPS=FILE writes the taps and keys the whole game took (JSON; count it without GAH_PAD_SHOTS).
"""

from __future__ import annotations

import base64
import copy
import json
import os
import random
import time
from pathlib import Path
from typing import Any

from helpers_scoring import module
from test_js_pad_browser import DevTools, Pad, chromium, problems, start_browser  # noqa: F401
from test_pad_game_browser import (
    action,
    after_state,
    axe_counts,
    axe_source,
    choose_theme,
    deal,
    error_at,
    events_shown,
    field,
    opened,
    page,  # noqa: F401
    profile,  # noqa: F401
    q,
)

SHOTS = os.environ.get("GAH_PAD_SHOTS")
TAPS = os.environ.get("GAH_PAD_TAPS")
NAMES = ["A", "B", "C", "D"]
TABLE_TILES = {"A": "a-draw-staff", "B": "b-draw-staff"}
# Emperor spaces typed before each scoring. Round 3 moves markers back 3: 9 and 6 end in the yellow
# (bonus) zone (3 to 13), 3 and 0 on space 0 (black: penalty). Round 5 moves back 5: 10, 13 and 8 end on
# 5, 8 and 3 (bonus), 2 on 0 (penalty). rules/base.yaml, emperor_scorings and zones.
EMPEROR = {3: [9, 6, 3, 0], 5: [10, 13, 8, 2], 7: [4, 1, 7, 0]}


def choose_tile(pad: Pad, tier: str, tile: str) -> None:
    """Open the folded tiles and choose a tier's tile (two taps)."""
    if not pad.evaluate(f"{q('details[data-key=tiles]')}.open"):
        pad.tap(f"{q('details[data-key=tiles]')}.querySelector('summary')")
    pad.taps += 1  # choosing from the list is a tap
    pad.evaluate(
        f"(() => {{ const s = {q(f'select[data-tier={tier}]')}; s.value = {json.dumps(tile)}; s.dispatchEvent(new Event('change')); }})()"
    )


def change_into(pad: Pad, path: str, old: int, new: int) -> None:
    """Type the change of a number as a table thinks of it: "+14" (or "-3"), then leave the field."""
    delta = new - old
    pad.type_into(field(path), f"{'+' if delta >= 0 else '-'}{abs(delta)}")
    sign = "+" if delta >= 0 else "−"
    assert pad.evaluate(f"{field(path)}.closest('.field').querySelector('.sum').textContent") == (
        f"{old} {sign} {abs(delta)} = {new}"
    )
    pad.tools.send(
        "Input.dispatchKeyEvent", {"type": "rawKeyDown", "key": "Enter", "code": "Enter", "windowsVirtualKeyCode": 13}
    )
    pad.tools.send(
        "Input.dispatchKeyEvent", {"type": "keyUp", "key": "Enter", "code": "Enter", "windowsVirtualKeyCode": 13}
    )
    pad.keys += 1
    assert pad.evaluate(f"{field(path)}.value") == str(new)


def enter_round(pad: Pad, state: dict[str, Any], round_: int, rng: random.Random, changes: bool) -> dict[str, Any]:
    """A round's changes, typed and tapped into the pad and made to `state` alike: the state expected."""
    state = copy.deepcopy(state)
    state["round"] = round_
    for index, entry in enumerate(state["players"]):
        path = f"players[{index}]"
        points, krones = entry["points"] + rng.randint(2, 15), entry["krones"] + rng.randint(0, 4)
        for key, value in (("points", points), ("krones", krones)):
            if value == entry[key]:
                continue
            if changes:
                change_into(pad, f"{path}.{key}", entry[key], value)
            else:
                pad.type_into(field(f"{path}.{key}"), str(value))
            entry[key] = value
        emperor = EMPEROR.get(round_, [round_ + index] * 4)[index]
        if emperor != entry["emperor"]:
            pad.type_into(field(f"{path}.emperor"), str(emperor))
            entry["emperor"] = emperor
        floor, column = (1, round_) if round_ <= 5 else (2, round_ - 5)
        row = len(entry["hotel"]) - floor
        for _ in range(0 if entry["hotel"][row][column - 1] == "o" else 1):  # a tap marks a room occupied
            pad.tap(q(f'section.player[data-player="{index}"] [data-cell="{floor}.{column}"]'))
        entry["hotel"][row] = entry["hotel"][row][: column - 1] + "o" + entry["hotel"][row][column:]
    return state


def drawers_shown(pad: Pad) -> list[int]:
    return [
        int(i) for i in pad.evaluate("Array.from(document.querySelectorAll('#draws .draw')).map(d => d.dataset.player)")
    ]


def enter_draws(pad: Pad, state: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """The table's draws, in the order drawn (three cards nobody holds, not the lowest first), and the card
    each drawing player plays (the first one the pad allows, else none): the state the pad must score."""
    state = copy.deepcopy(state)
    # The players who draw are those gah score has draw (from its own guess at the deck, unused here).
    guessed = module("base").score_game(copy.deepcopy(state))["events"]
    drawing = [e["player"] for e in guessed if e.get("cards") and " draws " in e["text"]]
    assert [state["players"][i]["name"] for i in drawers_shown(pad)] == drawing and drawing
    held = {n for p in state["players"] for n in p["hand"] + p["hired"]} | set(state.get("staff_discard", []))
    free = sorted(set(module("base").RULES.staff) - held)
    rng.shuffle(free)
    deck: list[int] = []
    for index in drawers_shown(pad):
        block = q(f"#draws .draw[data-player='{index}']")
        count = int(pad.evaluate(f"{block}.querySelector('h3').textContent").split(" draws ")[1].split()[0])
        cards = [free.pop() for _ in range(count)]
        search = q(f"[data-key=draw-{index}-search]")
        pad.tap(search)
        for card in cards:
            pad.tools.send("Input.insertText", {"text": str(card)})
            pad.keys += len(str(card)) + 1
            pad.tools.send(
                "Input.dispatchKeyEvent",
                {"type": "rawKeyDown", "key": "Enter", "code": "Enter", "windowsVirtualKeyCode": 13},
            )
            pad.tools.send(
                "Input.dispatchKeyEvent",
                {"type": "keyUp", "key": "Enter", "code": "Enter", "windowsVirtualKeyCode": 13},
            )
        shown = pad.evaluate(f"Array.from({block}.querySelectorAll('ol.drawn .chip-name')).map(c => c.textContent)")
        assert [int(text.rsplit("#", 1)[1]) for text in shown] == cards  # in the order drawn
        options = pad.evaluate(
            f"Array.from({block}.querySelectorAll('.option-button')).map(b => ({{key: b.dataset.key, text: b.textContent, off: b.disabled}}))"
        )
        # Each option's projected total is the Python module's for the round scored with it recorded.
        for option in options:
            value = option["key"].rsplit("-", 1)[1]
            chosen = copy.deepcopy(state)
            chosen["staff_deck"] = deck + cards
            chosen["players"][index]["choices"] = {"play_staff": None if value == "null" else int(value)}
            if not option["off"]:
                assert option["text"].endswith(f"projected total {projected_total(chosen, index)}"), option
        pick = next(o for o in options if not o["off"])
        pad.tap(q(f"[data-key='{pick['key']}']"))
        value = pick["key"].rsplit("-", 1)[1]
        state["players"][index]["choices"] = {"play_staff": None if value == "null" else int(value)}
        deck += cards
    if deck:
        state["staff_deck"] = deck
    return state


def projected_total(state: dict[str, Any], index: int) -> int:
    mod = module("base")
    after = mod.score_game(copy.deepcopy(state))["state"]
    game = mod.new_game(after, explain=False)
    total: int = mod.projection(game, game.players[index])
    return total


def shoot_draws(pad: Pad, state: dict[str, Any]) -> None:
    """The draw entry at 390 px, a card entered and the next one searched by name: light, dark and German.
    The card is taken out again afterwards (undo), the search emptied."""
    folder = Path(str(SHOTS))
    folder.mkdir(parents=True, exist_ok=True)
    staff = module("base").RULES.staff
    held = {n for p in state["players"] for n in p["hand"] + p["hired"]}
    free = [n for n in sorted(staff) if n not in held]
    pad.tap(q("[data-key=draw-0-search]"))
    pad.tools.send("Input.insertText", {"text": str(free[0])})
    pad.tap(q(f"[data-key=draw-0-add-{free[0]}]"))

    def take(name: str) -> None:
        pad.type_into(q("[data-key=draw-0-search]"), staff[free[-1]][0][:4].lower())
        pad.evaluate("document.getElementById('draws').scrollIntoView({block: 'start'})")
        time.sleep(0.15)
        data = pad.tools.send("Page.captureScreenshot", {"format": "png"})
        (folder / f"padflow-{name}.png").write_bytes(base64.b64decode(data["data"]))

    for theme in ("light", "dark"):
        choose_theme(pad, theme)
        take(f"draws-390-{theme}")
    choose_theme(pad, "light")
    language(pad, "de")
    take("draws-390-de")
    language(pad, "en")
    choose_theme(pad, "auto")
    pad.type_into(q("[data-key=draw-0-search]"), "")
    pad.tap(q("#undo"))


def language(pad: Pad, chosen: str) -> None:
    pad.evaluate(
        f"(() => {{ const s = {q('[data-key=language]')}; s.value = '{chosen}'; s.dispatchEvent(new Event('change')); }})()"
    )


def play_the_seed_7_game(pad: Pad, table: bool = True) -> list[dict[str, Any]]:
    """Deal seed 7, choose the table's tiles, play rounds 1 to 7 (changes typed as +N, the draws entered
    where they score when `table`); returns each round's state scored and result as gah score gives it."""
    mod = module("base")
    rng = random.Random("issue 31, seed 7")
    deal(pad, NAMES, 7)
    dealt = mod.setup_game(NAMES, 7)
    state = after_state(mod.score_game(copy.deepcopy(dealt)))
    for tier, tile in TABLE_TILES.items():
        choose_tile(pad, tier, tile)
        state["tiles"][tier] = tile
    scored = []
    for round_ in range(1, 8):
        before = enter_round(pad, state, round_, rng, changes=table)
        if table and round_ in (3, 5):
            if round_ == 3 and SHOTS:
                shoot_draws(pad, before)
            before = enter_draws(pad, before, rng)
        pad.tap(q("#action"))
        result = mod.score_game(copy.deepcopy(before))
        if table:  # read without a tap: the state the pad scored, and what it shows of the result
            pad.evaluate("document.querySelector('[data-key=show]').click()")
            assert json.loads(pad.evaluate("document.getElementById('json-area').value")) == before, round_
            if result["events"]:
                assert events_shown(pad) == [e["text"] for e in result["events"] if e["kind"] != "final"], round_
        scored.append({"before": before, "result": result})
        state = after_state(result)
    return scored


def test_the_seed_7_game_with_the_tables_draws_matches_gah_score(chromium: str, profile: str, page: Path) -> None:  # noqa: F811
    tools = start_browser(chromium, profile)
    try:
        pad = opened(tools, page)
        assert not pad.evaluate("!!document.getElementById('draws') && !!document.querySelector('#draws .draw')")
        scored = play_the_seed_7_game(pad)
        # Every scoring was checked as it was scored (play_the_seed_7_game): the state the pad scored is the
        # one worked out here from what was entered (the table's draws on the deck, in the order drawn, and
        # the cards chosen to play), and what it shows is gah score's result on that state.
        mod = module("base")
        final = scored[-1]
        for round_, entry in zip(range(1, 8), scored, strict=True):
            before = entry["before"]
            assert before["round"] == round_
            if round_ in (3, 5):
                # The drawing players drew exactly the cards the table entered, and no card the table did not.
                draws = [e for e in entry["result"]["events"] if e.get("cards") and " draws " in e["text"]]
                assert [c for e in draws for c in e["cards"]] == before["staff_deck"]
                assert not any("deck holds only" in e["text"] for e in entry["result"]["events"])
                played = {p["name"]: p["choices"].get("play_staff") for p in before["players"] if p["choices"]}
                hired = {p["name"]: p["hired"] for p in entry["result"]["state"]["players"]}
                for name, card in played.items():
                    assert (card in hired[name]) == (card is not None)
        assert pad.evaluate("document.documentElement.scrollWidth") <= 390
        totals = pad.evaluate(
            "Object.fromEntries(Array.from(document.querySelectorAll('table.final tr.total td')).map(td => [td.dataset.player, Number(td.textContent)]))"
        )
        assert totals == {e["player"]: e["total"] for e in final["result"]["final"]}
        assert mod.RULES.rounds == 7
        if TAPS:
            Path(TAPS).write_text(json.dumps({"taps": pad.taps, "keys": pad.keys}) + "\n", encoding="utf-8")
        assert problems(tools) == []
    finally:
        tools.close()


def taps_at(pad: Pad, finder: str, gaps: list[float]) -> None:
    """Taps on the spot where `finder` is, as a thumb makes them: the first once the pad hears one, each
    next one `gaps` seconds after the last, on the same spot whatever the page has put there meanwhile (a folded
    card that hides it is opened first, as Pad.tap does)."""
    pad.unfold(finder)
    pad.wait_until_heard(finder)
    box = pad.evaluate(
        f"(() => {{ const e = {finder}; e.scrollIntoView({{block: 'center'}}); const r = e.getBoundingClientRect();"
        " return [r.left + r.width / 2, r.top + r.height / 2]; })()"
    )
    for gap in [0.0, *gaps]:
        time.sleep(gap)
        for kind in ("mousePressed", "mouseReleased"):
            pad.tools.send(
                "Input.dispatchMouseEvent", {"type": kind, "x": box[0], "y": box[1], "button": "left", "clickCount": 1}
            )


def round_line(pad: Pad) -> str:
    return str(pad.evaluate("document.getElementById('round-line').textContent"))


def test_double_and_triple_taps_never_run_an_extra_step(chromium: str, profile: str, page: Path) -> None:  # noqa: F811
    tools = start_browser(chromium, profile)
    try:
        pad = opened(tools, page)
        deal(pad, NAMES, 7)
        taps_at(pad, q("#action"), [0.12])  # End round 1, and a second tap 120 ms later
        assert round_line(pad) == "Round 2 of 7"
        taps_at(pad, q("#action"), [0.15, 0.15])  # End round 2, three taps 150 ms apart
        assert round_line(pad) == "Round 3 of 7"
        # Nothing entered since round 2 ended: the scoring asks first, above the button; a double tap on
        # the button only asks.
        taps_at(pad, q("#action"), [0.05])
        assert round_line(pad) == "Round 3 of 7"
        assert pad.evaluate("!document.getElementById('confirm').hidden")
        assert pad.evaluate("document.getElementById('confirm-text').textContent") == (
            "Nothing was entered since the last step. Score round 3 anyway?"
        )
        taps_at(pad, q("#confirm-yes"), [0.1, 0.1])  # yes, three taps: round 3 is scored, round 4 not ended
        assert round_line(pad) == "Round 4 of 7"
        assert pad.evaluate("document.getElementById('confirm').hidden")
        assert action(pad)["label"] == "End round 4"
        # A round with entries: no question; a triple tap 50 ms apart ends round 4 only.
        pad.type_into(field("players[0].points"), "+3")
        taps_at(pad, q("#action"), [0.05, 0.05])
        assert round_line(pad) == "Round 5 of 7"
        # Two taps on a card's Hired button: one card is hired (the next card's button slid under the thumb).
        hand = pad.evaluate(
            "Array.from(document.querySelectorAll('[data-key^=\"players[1].hand-hire-\"]')).map(b => b.dataset.key)"
        )
        assert len(hand) >= 2
        taps_at(pad, q(f"[data-key='{hand[0]}']"), [0.08])
        after = pad.evaluate(
            "Array.from(document.querySelectorAll('[data-key^=\"players[1].hand-hire-\"]')).map(b => b.dataset.key)"
        )
        assert after == hand[1:]
        # Two taps on a card's ✕: it asks; the second tap answers nothing.
        remove = after[0].replace("-hire-", "-remove-")
        taps_at(pad, q(f"[data-key='{remove}']"), [0.06])
        asked = q(f"[data-key='{remove}-yes']")
        assert pad.evaluate(f"!!{asked}")
        assert pad.evaluate(
            "Array.from(document.querySelectorAll('[data-key^=\"players[1].hand-hire-\"]')).length"
        ) == len(after)
        assert problems(tools) == []
    finally:
        tools.close()


def test_a_change_is_typed_as_plus_or_minus_and_shown_before_it_counts(chromium: str, profile: str, page: Path) -> None:  # noqa: F811
    tools = start_browser(chromium, profile)
    try:
        pad = opened(tools, page)
        deal(pad, ["Anna", "Ben"], 7)
        points = "players[0].points"
        pad.type_into(field(points), "28")
        pad.type_into(field(points), "+")  # typed key by key: a sign alone changes nothing yet
        assert shown_entry(pad, points) == "28" and error_at(pad, points) == ""
        for key in "14":
            pad.tools.send("Input.insertText", {"text": key})
        sum_line = f"{field(points)}.closest('.field').querySelector('.sum')"
        assert pad.evaluate(f"{sum_line}.textContent") == "28 + 14 = 42"
        assert pad.evaluate(f"{field(points)}.value") == "+14"  # as typed until the field is left
        pad.tap(field("players[1].points"))
        assert pad.evaluate(f"{field(points)}.value") == "42"
        assert shown_entry(pad, points) == "42"
        # A change the format cannot hold: 10 - 15 = -5 krones, refused with gah score's words for -5.
        krones = "players[0].krones"
        pad.type_into(field(krones), "10")
        pad.type_into(field(krones), "- 15")
        assert pad.evaluate(f"{field(krones)}.closest('.field').querySelector('.sum').textContent") == "10 − 15 = -5"
        # gah score on a state holding `krones: -5`: players[0].krones: -5 is less than the minimum of 0
        assert error_at(pad, krones) == "-5 is less than the minimum of 0"
        assert action(pad)["disabled"]
        # A change of a field holding no whole number changes nothing and says so; gah's words stay.
        pad.type_into(field(krones), "2.5")
        pad.type_into(field(krones), "+3")
        assert pad.evaluate(f"{field(krones)}.closest('.field').querySelector('.sum').textContent") == (
            '"2.5" is no whole number: a change needs one to change'
        )
        assert shown_entry(pad, krones) == "2.5"
        assert action(pad)["disabled"]
        pad.type_into(field(krones), "12")
        assert not action(pad)["disabled"]
        assert problems(tools) == []
    finally:
        tools.close()


def shown_entry(pad: Pad, path: str) -> str:
    """What the pad holds for a field (its saved entries), read without a tap."""
    index, key = path.removeprefix("players[").split("].")
    saved = pad.evaluate("localStorage.getItem('gah-pad-base')")
    return str(json.loads(saved)["game"]["entries"]["players"][int(index)][key])


def test_axe_finds_nothing_serious_on_the_draw_entry_and_the_confirmation(
    chromium: str,  # noqa: F811
    profile: str,  # noqa: F811
    page: Path,  # noqa: F811
) -> None:
    source = axe_source()
    tools = start_browser(chromium, profile)
    try:
        pad = opened(tools, page)
        deal(pad, NAMES, 7)
        choose_tile(pad, "A", TABLE_TILES["A"])
        for _ in range(2):
            pad.tap(q("#action"))
        seen = {}
        taps_at(pad, q("#action"), [])  # nothing entered: the scoring asks first
        seen["the confirmation"] = axe_counts(pad, source)
        pad.tap(q("[data-key=confirm-no]"))
        for index, space in enumerate(EMPEROR[3]):
            pad.type_into(field(f"players[{index}].emperor"), str(space))
        state = shown_state_now(pad)
        held = {n for p in state["players"] for n in p["hand"] + p["hired"]}
        free = [n for n in sorted(module("base").RULES.staff) if n not in held]
        pad.type_into(q("[data-key=draw-0-search]"), str(free[0]))
        pad.tap(q(f"[data-key=draw-0-add-{free[0]}]"))
        pad.type_into(q("[data-key=draw-0-search]"), "a")  # matches listed, problems shown
        seen["a draw being entered"] = axe_counts(pad, source)
        for card in free[1:3]:
            pad.type_into(q("[data-key=draw-0-search]"), str(card))
            pad.tap(q(f"[data-key=draw-0-add-{card}]"))
        seen["the card to play"] = axe_counts(pad, source)
        serious = {view: found.get("serious", []) + found.get("critical", []) for view, found in seen.items()}
        assert serious == {view: [] for view in seen}
        assert problems(tools) == []
    finally:
        tools.close()


def shown_state_now(pad: Pad) -> dict[str, Any]:
    """The state the last step scored, read without a tap (here nobody has taken a card since)."""
    state: dict[str, Any] = pad.evaluate(
        "(() => { document.querySelector('[data-key=show]').click(); return JSON.parse(document.getElementById('json-area').value); })()"
    )
    return state
