"""The score pad on a slow phone, in several tabs and in one language (issue 42), in Chromium at 390 px.

- A double or triple tap on a step's button runs one step under Chrome's CPU slow-down (4x and 6x),
  the final scoring included: "New game" is not where the last scoring's button was, and it asks first.
- Two and three tabs of one pad stay in step; a tab whose game is older than the stored one cannot save
  over it (its change is refused with a message, and it shows the stored game).
- A game scored in English and opened after German was chosen on another pad is told in German, its
  events and final-scoring lines included; no word in a table breaks inside without a hyphen.
- Every control of every view is at least 44 x 44 px; the solo opponent's krones show as "-".

The harness is tests/test_js_pad_browser.py's; the helpers are tests/test_pad_game_browser.py's.
GAH_PAD_SHOTS=FOLDER saves round entry, the points by round and the final (light, dark, German) as phone-*.png.
"""

from __future__ import annotations

import base64
import json
import os
import time
from pathlib import Path
from typing import Any

import pytest
from gah.backends.js.page import generate_page
from gah.project import load_one
from helpers_rules import shipped_workspace
from test_js_pad_browser import TIMEOUT, DevTools, Pad, chromium, problems, start_browser  # noqa: F401
from test_pad_game_browser import choose_theme, deal, events_shown, field, opened, page, profile, q  # noqa: F401
from test_pad_table_browser import language, round_line, taps_at

SHOTS = os.environ.get("GAH_PAD_SHOTS")
NAMES = ["Annabella", "Benedikt", "Cleopatra", "Dankwart"]  # long enough to crowd the tables at 390 px
STORED = "JSON.parse(localStorage.getItem('gah-pad-base'))"
# Every target a thumb may hit, shown (rendered, on the screen's side of the skip link's hiding place).
SMALL_TARGETS = """(() => Array.from(document.querySelectorAll('button, input, select, summary, a, [role=button]'))
  .filter((e) => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden')
  .map((e) => [e.dataset.key || e.id || e.tagName + ' ' + e.textContent.slice(0, 24), e.getBoundingClientRect()])
  .filter(([, r]) => r.right > 0 && (r.width < 44 || r.height < 44))
  .map(([name, r]) => `${name} ${Math.round(r.width)}x${Math.round(r.height)}`))()"""
# Words of the tables and controls that span two lines: a break inside a word, allowed only where this
# browser hyphenates (it then draws the hyphen) and the element asks for it, and in a player's name
# heading a column (a name is no word of the language; four long ones must fit the phone).
BROKEN_WORDS = """(() => {
  const probe = document.createElement('div');
  probe.lang = 'de';
  probe.style.cssText = 'width: 3em; hyphens: auto; position: absolute; overflow-wrap: normal';
  probe.textContent = 'Schlusswertung';
  document.body.append(probe);
  const hyphenates = probe.getClientRects().length && probe.getBoundingClientRect().height > 30;
  probe.remove();
  const found = [];
  for (const element of document.querySelectorAll('th, td, button, summary, label, h2, h3, li, p')) {
    if (hyphenates && getComputedStyle(element).hyphens === 'auto') continue;
    if (element.matches('th.who')) continue; // a player's name is no word of the language: it may break
    for (const node of element.childNodes) {
      if (node.nodeType !== Node.TEXT_NODE) continue;
      for (const word of node.textContent.matchAll(/[\\p{L}\\p{N}]+/gu)) {
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        const tops = new Set(Array.from(range.getClientRects()).filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (tops.size > 1) found.push(word[0]);
      }
    }
  }
  return found;
})()"""


def settled(pad: Pad) -> None:
    """Wait until the pad rests no more (the last step's result is drawn and its pause is over)."""
    deadline = time.monotonic() + TIMEOUT
    while pad.evaluate("!!document.documentElement.dataset.resting"):
        assert time.monotonic() < deadline, "the pad never stopped resting"
        time.sleep(0.05)


def steps(pad: Pad) -> int:
    """The rounds scored so far in the stored game (-1: no game)."""
    return int(pad.evaluate(f"(({STORED} || {{}}).game || {{history: {{length: -1}}}}).history.length"))


def throttle(pad: Pad, rate: float) -> None:
    pad.tools.send("Emulation.setCPUThrottlingRate", {"rate": rate})


def wait(pad: Pad, condition: str) -> None:
    deadline = time.monotonic() + TIMEOUT
    while not pad.evaluate(condition):
        assert time.monotonic() < deadline, f"never: {condition}"
        time.sleep(0.05)


def small_targets(pad: Pad) -> list[str]:
    """The controls under 44 x 44 px with every <details> of the page open (its contents made)."""
    pad.evaluate("document.querySelectorAll('details').forEach((d) => (d.open = true))")
    time.sleep(0.1)
    return list(pad.evaluate(SMALL_TARGETS))


def enter_and_step(pad: Pad) -> None:
    """One point for the first player (so a scoring does not ask first), then the step, once heard."""
    points = int(pad.evaluate(f"{field('players[0].points')}.value"))
    pad.type_into(field("players[0].points"), str(points + 1))
    pad.tap(q("#action"))
    settled(pad)


def test_double_and_triple_taps_on_a_slow_phone_run_one_step(chromium: str, profile: str, page: Path) -> None:  # noqa: F811
    tools = start_browser(chromium, profile)
    try:
        pad = opened(tools, page)
        deal(pad, NAMES, 7)
        settled(pad)
        # End round 1 and 2 at 4x, score round 3 at 6x: a second (and third) tap 100 ms after the first.
        for rate, gaps, line in (
            (4, [0.1], "Round 2 of 7"),
            (4, [0.1, 0.1], "Round 3 of 7"),
            (6, [0.1], "Round 4 of 7"),
        ):
            before = steps(pad)
            if line == "Round 4 of 7":
                pad.type_into(field("players[0].points"), "3")
                settled(pad)
            throttle(pad, rate)
            taps_at(pad, q("#action"), gaps)
            settled(pad)
            throttle(pad, 1)
            assert (steps(pad), round_line(pad)) == (before + 1, line)
        for _round in (4, 5, 6):
            enter_and_step(pad)
        assert round_line(pad) == "Round 7 of 7"
        # The final scoring, double-tapped at 6x: the final only; no new game behind it.
        pad.type_into(field("players[0].points"), "40")
        settled(pad)
        before = steps(pad)
        throttle(pad, 6)
        taps_at(pad, q("#action"), [0.1])
        settled(pad)
        throttle(pad, 1)
        assert steps(pad) == before + 1
        assert round_line(pad) == "Game over"
        assert pad.evaluate("!document.querySelector('[data-key=deal]') && !!document.querySelector('table.final')")
        assert pad.evaluate("document.getElementById('action').hidden")  # the last scoring's place holds nothing
        # "New game" is beside the standings, and asks (its answer is the step).
        pad.tap(q("[data-key=new-game]"))
        assert pad.evaluate(f"{q('[data-key=new-game-yes]')}.textContent") == "Yes, a new game"
        assert pad.evaluate("!!document.querySelector('table.final')") and steps(pad) == before + 1
        pad.tap(q("[data-key=new-game-yes]"))
        assert steps(pad) == -1 and pad.evaluate("!!document.querySelector('[data-key=deal]')")
        assert problems(tools) == []
    finally:
        tools.close()


# --- tabs ---------------------------------------------------------------------------------------


class Tab:
    """A second page of the same browser (one profile: one localStorage) on its own DevTools session."""

    def __init__(self, tools: DevTools, session: str | None) -> None:
        self.tools = tools
        self.session = session

    def send(self, method: str, params: dict[str, Any] | None = None, browser: bool = False) -> dict[str, Any]:
        kept = self.tools.session
        self.tools.session = self.session
        try:
            return self.tools.send(method, params, browser)
        finally:
            self.tools.session = kept


# A tab that may be made deaf to the others (window.deaf = true): as a tab is when two edit at once.
DEAF = """(() => { const add = EventTarget.prototype.addEventListener;
  EventTarget.prototype.addEventListener = function (type, listener, options) {
    const heard = type === 'storage' || type === 'visibilitychange' ? (event) => window.deaf || listener(event) : listener;
    return add.call(this, type, heard, options);
  }; })();"""


def new_tab(tools: DevTools, page: Path) -> Pad:  # noqa: F811
    target = tools.send("Target.createTarget", {"url": "about:blank"}, browser=True)["targetId"]
    session = tools.send("Target.attachToTarget", {"targetId": target, "flatten": True}, browser=True)["sessionId"]
    tab = Tab(tools, session)
    for domain in ("Page", "Runtime"):
        tab.send(f"{domain}.enable")
    tab.send(
        "Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True}
    )
    tab.send("Page.addScriptToEvaluateOnNewDocument", {"source": DEAF})
    tab.send("Page.navigate", {"url": page.as_uri()})
    pad = Pad(tab)  # type: ignore[arg-type]
    wait(pad, "!!document.documentElement && document.documentElement.dataset.padReady === 'true'")
    return pad


def at_room(cell: str) -> str:
    """The first player's room button `cell` ("1.1")."""
    return q(f'section.player[data-player="0"] [data-cell="{cell}"]')


def room(pad: Pad, cell: str) -> str:
    return str(pad.evaluate(f"{at_room(cell)}.className"))


def test_tabs_of_one_pad_stay_in_step_and_a_stale_save_is_refused(chromium: str, profile: str, page: Path) -> None:  # noqa: F811
    tools = start_browser(chromium, profile)
    try:
        one = opened(tools, page)
        deal(one, NAMES, 7)
        two = new_tab(tools, page)
        assert round_line(two) == "Round 1 of 7"
        # An entry in one tab shows in the other, and the other way round.
        one.type_into(field("players[0].points"), "7")
        wait(two, f"{field('players[0].points')}.value === '7'")
        before = room(two, "1.1")
        two.tap(at_room("1.1"))
        assert room(two, "1.1") != before
        wait(one, f"{at_room('1.1')}.className === {json.dumps(room(two, '1.1'))}")
        # A third tab: a step in it shows in both others.
        three = new_tab(tools, page)
        three.tap(q("#action"))
        for pad in (one, two):
            wait(pad, "document.getElementById('round-line').textContent === 'Round 2 of 7'")
        # Tab three misses the next save (as a tab does when both edit at once): its own change is refused.
        three.evaluate("window.deaf = true")
        settled(one)
        one.tap(q("#action"))
        wait(two, "document.getElementById('round-line').textContent === 'Round 3 of 7'")
        assert round_line(three) == "Round 2 of 7"
        stored = one.evaluate(STORED)
        three.tap(at_room("1.2"))
        assert three.evaluate("document.getElementById('said').textContent") == (
            "Another tab of this pad changed the game at the same time: this change is not kept, "
            "and the game as that tab saved it is shown."
        )
        assert round_line(three) == "Round 3 of 7"
        assert one.evaluate(STORED) == stored  # nothing of the stale tab was saved
        assert round_line(one) == "Round 3 of 7" and room(three, "1.2") == room(one, "1.2")
        assert problems(tools) == []
    finally:
        tools.close()


# --- one language per page, words that never break inside, targets for thumbs ----------------------


@pytest.fixture
def solo(tmp_path: Path) -> Path:
    path = tmp_path / "solo.html"
    path.write_bytes(generate_page(load_one(shipped_workspace(), "solo")))
    return path


def shoot(pad: Pad, name: str, at: str, themes: tuple[str, ...] = ("light", "dark")) -> None:
    folder = Path(str(SHOTS))
    folder.mkdir(parents=True, exist_ok=True)
    for theme in themes:
        choose_theme(pad, theme)
        pad.evaluate(f"{q(at)}.scrollIntoView({{block: 'start'}})")
        time.sleep(0.1)
        data = pad.tools.send("Page.captureScreenshot", {"format": "png"})  # the phone's screen from `at` down
        (folder / f"phone-{name}-{theme}.png").write_bytes(base64.b64decode(data["data"]))
    choose_theme(pad, "auto")


def final_lines(pad: Pad) -> list[str]:
    pad.evaluate("document.querySelectorAll('#result table.final button.expand').forEach((b) => b.click())")
    return list(
        pad.evaluate(
            "Array.from(document.querySelectorAll('#result table.final ul.lines li')).map((li) => li.textContent)"
        )
    )


def test_one_language_per_page_words_whole_and_targets_for_thumbs(
    chromium: str,  # noqa: F811
    profile: str,  # noqa: F811
    page: Path,  # noqa: F811
    solo: Path,
) -> None:
    tools = start_browser(chromium, profile)
    try:
        pad = opened(tools, page)
        seen = {"a new game": small_targets(pad)}
        deal(pad, NAMES, 7)
        seen["round entry"] = small_targets(pad)
        if SHOTS:
            shoot(pad, "entry", "#status")
        for _round in range(1, 8):
            enter_and_step(pad)
            if _round == 3:
                seen["round 3 scored, its decisions open"] = small_targets(pad)
        seen["the final"] = small_targets(pad)
        pad.tap(q("[data-key=new-game]"))
        seen["a new game asked"] = small_targets(pad)
        pad.tap(q("[data-key=new-game-keep]"))
        english = events_shown(pad) + final_lines(pad)
        assert any(line.startswith("Krones: ") for line in english)
        if SHOTS:
            shoot(pad, "rounds", "#rounds")
            shoot(pad, "final", "#result")
        # The points by round: the deal, the rounds where points were entered or scored, the final.
        rows = pad.evaluate("Array.from(document.querySelectorAll('#rounds tbody tr')).map((tr) => tr.dataset.round)")
        assert rows == ["0", "1", "2", "3", "4", "5", "6", "7", "7"]  # a point entered in every round
        # German chosen on another pad (the solo pad: "2 players", the opponent's krones "-").
        pad = opened(tools, solo)
        language(pad, "de")
        assert pad.evaluate(f"{q('#app section.card p')}.textContent").startswith("2 Spieler, in Spielreihenfolge.")
        deal(pad, ["Leopold", "Ich"], 7)
        opponent = q('section.player[data-player="0"] .fold-figures')
        assert pad.evaluate(f"{opponent}.textContent") == ("0 Siegpunkte · - Kronen · Feld 0")
        # Back on the first pad: every line in German, the events and final-scoring lines too.
        pad = opened(tools, page)
        assert pad.evaluate("document.documentElement.lang") == "de"
        german = events_shown(pad) + final_lines(pad)
        assert len(german) == len(english) and not set(german) & set(english)
        assert any(line.startswith("Kronen: ") for line in german)
        language(pad, "en")
        assert events_shown(pad) + final_lines(pad) == english
        language(pad, "de")
        assert pad.evaluate("document.documentElement.scrollWidth") <= 390
        assert pad.evaluate(BROKEN_WORDS) == []
        seen["the final in German"] = small_targets(pad)
        if SHOTS:
            shoot(pad, "rounds-de", "#rounds", ("light",))
            shoot(pad, "final-de", "#result", ("light",))
            pad.tap(q("#undo"))  # the last scoring undone: round 7's entry, in German
            shoot(pad, "entry-de", "#status", ("light",))
        assert {view: found for view, found in seen.items() if found} == {}
        assert problems(tools) == []
    finally:
        tools.close()
