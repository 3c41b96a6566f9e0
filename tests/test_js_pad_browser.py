"""The score pads in a real browser: Debian's Chromium, headless, driven over the DevTools protocol.

A round-7 game worked out by hand is entered through the page as a player would (its skeleton imported,
then taps and typing on a 390 px wide phone screen); the page must show the hand-worked totals and
standings, log no console error and break no Content-Security-Policy rule. A whole game, the hostile
entries, undo, persistence and accessibility: tests/test_pad_game_browser.py. Chromium speaks the protocol over a pipe
(--remote-debugging-pipe: file descriptors 3 and 4), so no driver library and no download is needed.

Chromium, its flags and the skip rule are those of tests/test_browser.py (under CI=true a missing
Chromium fails the tests).
Set GAH_PAD_SHOTS=FOLDER to also save screenshots (390 px and 1280 px wide) for a person to look at.
"""

from __future__ import annotations

import base64
import contextlib
import fcntl
import json
import os
import select
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from gah.backends.js.page import generate_page
from gah.project import load_one
from helpers_rules import shipped_workspace
from helpers_scoring import module

# The sheets' browser tests: the same Chromium, flags and skip rule (chromium is their fixture, asked by name).
from test_browser import FLAGS, chromium  # noqa: F401

SHOTS = os.environ.get("GAH_PAD_SHOTS")
TIMEOUT = 60.0


class DevTools:
    """A minimal DevTools-protocol client over Chromium's pipe: commands, replies and events."""

    def __init__(self, binary: str, profile: str) -> None:
        to_browser_read, self._to_browser = os.pipe()
        self._from_browser, from_browser_write = os.pipe()

        def wire() -> None:  # in the child: the protocol's fds 3 (commands in) and 4 (replies out)
            # Out of the way first: the pipes may themselves be fds 3 and 4.
            commands = fcntl.fcntl(to_browser_read, fcntl.F_DUPFD, 10)
            replies = fcntl.fcntl(from_browser_write, fcntl.F_DUPFD, 10)
            os.dup2(commands, 3)
            os.dup2(replies, 4)

        self.process = subprocess.Popen(
            [binary, *FLAGS, f"--user-data-dir={profile}", "--remote-debugging-pipe", "about:blank"],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            close_fds=False,
            preexec_fn=wire,
        )
        os.close(to_browser_read)
        os.close(from_browser_write)
        self._buffer = b""
        self._next_id = 0
        self.events: list[dict[str, Any]] = []
        self.session: str | None = None

    def _read_message(self, deadline: float) -> dict[str, Any]:
        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            ready, _, _ = select.select([self._from_browser], [], [], max(0.0, left))
            if not ready:
                raise TimeoutError("no answer from Chromium")
            chunk = os.read(self._from_browser, 1 << 16)
            if not chunk:
                raise ConnectionError("Chromium closed the pipe")
            self._buffer += chunk
        message, self._buffer = self._buffer.split(b"\0", 1)
        parsed: dict[str, Any] = json.loads(message)
        return parsed

    def send(self, method: str, params: dict[str, Any] | None = None, browser: bool = False) -> dict[str, Any]:
        self._next_id += 1
        command: dict[str, Any] = {"id": self._next_id, "method": method, "params": params or {}}
        if self.session and not browser:
            command["sessionId"] = self.session
        os.write(self._to_browser, json.dumps(command).encode("utf-8") + b"\0")
        deadline = time.monotonic() + TIMEOUT
        while True:
            message = self._read_message(deadline)
            if message.get("id") == self._next_id:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                result: dict[str, Any] = message.get("result", {})
                return result
            if "method" in message:
                self.events.append(message)

    def wait_for(self, method: str) -> dict[str, Any]:
        deadline = time.monotonic() + TIMEOUT
        for event in self.events:
            if event["method"] == method:
                self.events.remove(event)
                return event
        while True:
            message = self._read_message(deadline)
            if message.get("method") == method:
                return message
            if "method" in message:
                self.events.append(message)

    def close(self) -> None:
        with contextlib.suppress(RuntimeError, OSError, TimeoutError, ConnectionError):
            self.send("Browser.close", browser=True)
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        os.close(self._to_browser)
        os.close(self._from_browser)


class Pad:
    """One score pad page in the browser, used as a player would: taps and typing."""

    def __init__(self, tools: DevTools) -> None:
        self.tools = tools
        self.taps = 0  # taps and characters typed so far: what a game costs a player
        self.keys = 0

    def evaluate(self, expression: str) -> Any:
        reply = self.tools.send("Runtime.evaluate", {"expression": expression, "returnByValue": True})
        if "exceptionDetails" in reply:
            raise AssertionError(f"{expression}: {reply['exceptionDetails']}")
        return reply["result"].get("value")

    def tap(self, finder: str) -> None:
        """Scroll the element `finder` (a JS expression) into view and click its centre with the mouse (a
        player's folded card is opened first with a tap on its name, as a player would)."""
        self.unfold(finder)
        box = self.evaluate(
            f"(() => {{ const e = {finder}; if (!e) return null; e.scrollIntoView({{block: 'center'}});"
            " const r = e.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; })()"
        )
        assert box is not None, f"nothing to tap: {finder}"
        self.wait_until_heard(finder)  # the pad rests a moment after a tap (tap.js): a tap then would be lost
        self.taps += 1
        for kind in ("mousePressed", "mouseReleased"):
            self.tools.send(
                "Input.dispatchMouseEvent", {"type": kind, "x": box[0], "y": box[1], "button": "left", "clickCount": 1}
            )

    def unfold(self, finder: str) -> None:
        """Open, with a tap as a player would, the folded player card or closed <details> that hides `finder`."""
        folded = self.evaluate(
            f"(() => {{ const e = {finder}; const body = e && e.closest('.player-body[hidden]'); return body && body.id; }})()"
        )
        if folded:
            self.tap(f"document.querySelector('[aria-controls=\"{folded}\"]')")
        shut = f"(() => {{ const e = {finder}; const d = e && e.closest('details:not([open])'); return d && e !== d.querySelector('summary') ? d : null; }})()"
        if self.evaluate(f"!!{shut}"):
            self.tap(f"{shut}.querySelector('summary')")

    def wait_until_heard(self, finder: str) -> None:
        deadline = time.monotonic() + TIMEOUT
        heard = (
            f"(() => {{ const r = document.documentElement.dataset.resting; if (!r) return true; const e = {finder};"
            " return r === 'repeat' && !!e && e.hasAttribute('data-repeat'); })()"
        )
        while not self.evaluate(heard):
            assert time.monotonic() < deadline, f"the pad never stopped resting: {finder}"
            time.sleep(0.05)

    def type_into(self, finder: str, text: str) -> None:
        """Tap a field, select what it holds and type `text` over it."""
        self.tap(finder)
        self.tools.send("Input.dispatchKeyEvent", {"type": "rawKeyDown", "key": "a", "commands": ["selectAll"]})
        self.tools.send("Input.dispatchKeyEvent", {"type": "keyUp", "key": "a"})
        self.tools.send("Input.insertText", {"text": text})
        self.keys += len(text)

    def shot(self, path: Path, width: int) -> None:
        self.tools.send(
            "Emulation.setDeviceMetricsOverride",
            {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": width < 600},
        )
        height = self.evaluate("document.documentElement.scrollHeight")
        data = self.tools.send(
            "Page.captureScreenshot",
            {
                "format": "png",
                "captureBeyondViewport": True,
                "clip": {"x": 0, "y": 0, "width": width, "height": height, "scale": 1},
            },
        )
        path.write_bytes(base64.b64decode(data["data"]))


def start_browser(binary: str, profile: str) -> DevTools:
    """Chromium on `profile`, attached to its page, with the Page, Runtime and Log events on."""
    tools = DevTools(binary, profile)
    targets = tools.send("Target.getTargets", browser=True)["targetInfos"]
    page = next(t for t in targets if t["type"] == "page")
    tools.session = tools.send("Target.attachToTarget", {"targetId": page["targetId"], "flatten": True}, True)[
        "sessionId"
    ]
    for domain in ("Page", "Runtime", "Log"):
        tools.send(f"{domain}.enable")
    return tools


@pytest.fixture
def browser(request: pytest.FixtureRequest) -> Iterator[DevTools]:
    binary = request.getfixturevalue("chromium")
    with tempfile.TemporaryDirectory(prefix="gah-pad-chromium-") as profile:
        tools = start_browser(binary, profile)
        try:
            yield tools
        finally:
            tools.close()


def open_pad(tools: DevTools, page: Path, width: int = 390) -> Pad:
    tools.send(
        "Emulation.setDeviceMetricsOverride", {"width": width, "height": 844, "deviceScaleFactor": 1, "mobile": True}
    )
    tools.events.clear()
    tools.send("Page.navigate", {"url": page.as_uri()})
    tools.wait_for("Page.loadEventFired")
    pad = Pad(tools)
    deadline = time.monotonic() + TIMEOUT
    ready = f"location.href === {json.dumps(page.as_uri())} && document.readyState === 'complete'"
    while not pad.evaluate(ready):
        assert time.monotonic() < deadline, f"{page} did not load"
        time.sleep(0.05)
    return pad


def problems(tools: DevTools) -> list[str]:
    """Console errors and warnings, uncaught exceptions, CSP violations and dialogs, as text."""
    found = []
    for event in tools.events:
        method, params = event["method"], event.get("params", {})
        if method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "warning", "assert"):
            found.append(f"console.{params['type']}: {params.get('args')}")
        elif method == "Runtime.exceptionThrown":
            found.append(f"exception: {params['exceptionDetails']}")
        elif method == "Log.entryAdded" and params["entry"]["level"] in ("error", "warning"):
            found.append(f"log: {params['entry'].get('text')}")
        elif method == "Page.javascriptDialogOpening":
            found.append(f"dialog: {params.get('message')}")
    return found


# --- the hand-worked game ----------------------------------------------------------------------
#
# After round 7 (tier C; both markers on space 9: each scores 6 and moves back 7 to space 2, a
# neutral space: no bonus, no penalty). Hotel layout, top floor first: BRBRB / BRBYY / YYRRY / BYRRB.
#
# Anna: 30 points, 7 krones, kitchen 2 strudel + 1 wine, café guests [2 cake] and [], occupied
#   4.1 3.1 2.1 1.1 (all blue or yellow: no red), vacant 1.2, Secretary (29) hired.
#   Points 30 + 6 = 36. Rooms 4 + 3 + 2 + 1 = 10; krones 7; kitchen 3; café 2 x -5 = -10.
#   Secretary copies Ben's best card on Anna's hotel: Booking Manager 3 x 0 red = 0,
#   Chambermaid 1 x 4 occupied = 4: 4. Total 36 + 4 + 10 + 7 + 3 - 10 = 50. Tie-breaker 3 + 7 = 10.
# Ben: 20 points, Booking Manager (27) and Chambermaid (31) hired, hotel floor 1 all occupied,
#   2.1 2.3 2.4 occupied, 2.2 vacant, 3.1 occupied (the hotel H of tests/test_scoring_scenarios.py:
#   4 red, 9 occupied). Points 20 + 6 = 26. Staff 3 x 4 + 1 x 9 = 21; rooms 5 x 1 + 3 x 2 + 1 x 3 = 14.
#   Total 26 + 21 + 14 = 61. Tie-breaker 0.
# Standings: 1. Ben 61, 2. Anna 50.
ANNA = {"name": "Anna", "points": 30, "krones": 7, "emperor": 9}
BEN = {"name": "Ben", "points": 20, "krones": 0, "emperor": 9}
ANNA_ROOMS = {"4.1": "o", "3.1": "o", "2.1": "o", "1.1": "o", "1.2": "v"}
BEN_ROOMS = {f"1.{c}": "o" for c in range(1, 6)} | {"2.1": "o", "2.2": "v", "2.3": "o", "2.4": "o", "3.1": "o"}
TOTALS = {"Anna": 50, "Ben": 61}
STANDINGS = ["1. Ben: 61 points", "2. Anna: 50 points"]  # nobody tied on points: no tie-breaker said


def player_card(index: int) -> str:
    return f"document.querySelector('section.player[data-player=\"{index}\"]')"


def by_key(key: str) -> str:
    return f"document.querySelector({json.dumps(f'[data-key={json.dumps(key)}]')})"


def by_path(path: str) -> str:
    return f"document.querySelector({json.dumps(f'[data-path={json.dumps(path)}]')})"


def skeleton(count: int) -> str:
    """The round-7 state of a game whose entries are all still to be typed: the tiles and nameless players."""
    tiles = {"A": "a-krones", "B": "b-krones", "C": "c-points"}
    return json.dumps({"round": 7, "tiles": tiles, "players": [{"name": f"P{n}"} for n in range(count)]})


def start_at_round_7(pad: Pad) -> None:
    """Paste the skeleton into the import box: the pad waits for the entries of round 7."""
    pad.type_into("document.getElementById('json-area')", skeleton(2))
    pad.tap(by_key("import"))
    assert pad.evaluate("document.getElementById('action').textContent") == "Score round 7 and the final scoring"


def enter_player(pad: Pad, index: int, entry: dict[str, Any], rooms: dict[str, str]) -> None:
    pad.type_into(by_path(f"players[{index}].name"), entry["name"])
    for key in ("points", "krones", "emperor"):
        pad.type_into(by_path(f"players[{index}].{key}"), str(entry[key]))
    for cell, room in rooms.items():  # a tap marks an empty room as the switch says: vacant or occupied
        brush(pad, room)
        pad.tap(f"{player_card(index)}.querySelector('[data-cell=\"{cell}\"]')")


def brush(pad: Pad, room: str) -> None:
    """Set what a tap marks an empty room ("o" occupied, "v" vacant), with a tap if it marks the other."""
    if pad.evaluate(f"{by_key(f'brush-{room}')}.getAttribute('aria-pressed')") != "true":
        pad.tap(by_key(f"brush-{room}"))


def hire(pad: Pad, index: int, query: str) -> None:
    pad.type_into(by_key(f"players[{index}].staff-search"), query)
    pad.tap(f"{player_card(index)}.querySelector('.matches button[aria-label$=\": hired\"]')")


def enter_the_game(pad: Pad) -> None:
    start_at_round_7(pad)
    enter_player(pad, 0, ANNA, ANNA_ROOMS)
    for _ in range(2):
        pad.tap(by_key("players[0].kitchen.strudel+"))
    pad.tap(by_key("players[0].kitchen.wine+"))
    for _ in range(2):
        pad.tap(by_key("players[0].cafe-add"))
    for _ in range(2):
        pad.tap(by_key("players[0].cafe[0].cake+"))
    hire(pad, 0, "secretary")
    enter_player(pad, 1, BEN, BEN_ROOMS)
    hire(pad, 1, "27")
    hire(pad, 1, "Chamber")


def read_outcome(pad: Pad) -> dict[str, Any]:
    return dict(
        pad.evaluate(
            "({totals: Object.fromEntries(Array.from(document.querySelectorAll('table.final tr.total td'))"
            ".map(td => [td.dataset.player, Number(td.textContent)])),"
            " standings: Array.from(document.querySelectorAll('.standings li')).map(li => li.textContent),"
            " text: document.getElementById('result').textContent})"
        )
    )


def expected_state() -> dict[str, Any]:
    """The same game as a state, for the Python oracle (what the page must also export)."""

    def hotel(rooms: dict[str, str]) -> list[str]:
        return ["".join(rooms.get(f"{floor}.{c}", ".") for c in range(1, 6)) for floor in range(4, 0, -1)]

    anna = ANNA | {"kitchen": {"strudel": 2, "wine": 1}, "cafe": [{"cake": 2}, {}], "hotel": hotel(ANNA_ROOMS)}
    ben = BEN | {"hotel": hotel(BEN_ROOMS), "hired": [27, 31]}
    return {
        "round": 7,
        "tiles": {"A": "a-krones", "B": "b-krones", "C": "c-points"},
        "players": [anna | {"hired": [29]}, ben],
    }


@pytest.mark.parametrize("name", ["base", "royal-banquet"])
def test_a_hand_worked_round_7_entered_on_a_phone(browser: DevTools, name: str, tmp_path: Path) -> None:
    page = tmp_path / f"{name}.html"
    page.write_bytes(generate_page(load_one(shipped_workspace(), name)))
    pad = open_pad(browser, page)
    assert pad.evaluate("document.documentElement.scrollWidth") <= 390  # nothing wider than the phone
    enter_the_game(pad)
    pad.tap("document.getElementById('action')")
    outcome = read_outcome(pad)
    assert outcome["totals"] == TOTALS
    assert outcome["standings"] == STANDINGS
    assert "Anna's Secretary copies Chambermaid (31): 4 points" in outcome["text"]
    # The Python module agrees (an independent oracle for the same entries).
    python = module(name).score_game(expected_state())
    assert {e["player"]: e["total"] for e in python["final"]} == TOTALS
    assert pad.evaluate("document.documentElement.scrollWidth") <= 390
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        pad.shot(Path(SHOTS) / f"{name}-390.png", 390)
        pad.shot(Path(SHOTS) / f"{name}-1280.png", 1280)
    assert problems(browser) == []


def test_changing_a_decision_shows_its_effect_and_exports_the_state(browser: DevTools, tmp_path: Path) -> None:
    """The Secretary's decision changed to Booking Manager (27): 0 on Anna's hotel, so her total is 46."""
    page = tmp_path / "base.html"
    page.write_bytes(generate_page(load_one(shipped_workspace(), "base")))
    pad = open_pad(browser, page)
    enter_the_game(pad)
    pad.tap("document.getElementById('action')")
    picker = "document.querySelector('details[data-key=\"decision-0-0\"]')"
    pad.tap(f"{picker}.querySelector('summary')")
    options = pad.evaluate(f"Array.from({picker}.querySelectorAll('label')).map(l => l.textContent)")
    assert options == [
        "Booking Manager (#27) — projected total 46",
        "Chambermaid (#31) — projected total 50",
        "Leave it to the default policy",
    ]
    pad.tap(f"Array.from({picker}.querySelectorAll('input')).find(r => r.dataset.value === '27')")
    outcome = read_outcome(pad)
    assert outcome["totals"] == {"Anna": 46, "Ben": 61}
    assert "Anna's Secretary copies Booking Manager (27): 0 points" in outcome["text"]
    assert "Anna · secretary #1: Booking Manager (#27) (recorded)" in outcome["text"]
    pad.tap(by_key("show"))
    exported = json.loads(pad.evaluate("document.getElementById('json-area').value"))
    assert exported["players"][0]["choices"] == {"secretary": 27}
    assert module("base").score_game(exported)["round"] == 7  # gah score reads it
    assert problems(browser) == []


def test_a_hostile_tile_name_shows_as_text(browser: DevTools, tmp_path: Path) -> None:
    variant = tmp_path / "hostile.yaml"
    variant.write_text(
        "extends: base\nname: hostile\ntiles:\n  a-krones:\n    name: '</script><script>alert(1)</script>'\n",
        encoding="utf-8",
    )
    page = tmp_path / "hostile.html"
    page.write_bytes(generate_page(load_one(shipped_workspace(), str(variant))))
    pad = open_pad(browser, page)
    start_at_round_7(pad)
    pad.tap("document.querySelector('section[aria-label=\"Emperor tiles\"] summary')")
    shown = pad.evaluate('document.querySelector(\'select[data-tier="A"] option[value="a-krones"]\').textContent')
    assert shown == "</script><script>alert(1)</script>"
    assert pad.evaluate("document.scripts.length") == 4  # the data, the words, the engine, the UI
    assert problems(browser) == []
