"""Issue 21: a scoring module's messages are safe to print whatever the state holds.

Keys, values and names from a state reach a StateError (and an unused choice's warning) only
through the runtime's shown()/plain(): Python's repr, every non-printable character escaped. The
same hostile states go through the score pad's engine under node, which must say the same.
"""

from __future__ import annotations

import json
import random
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from gah.backends.js.page import generate_page
from gah.project import load_one
from helpers_rules import ROOT, shipped_workspace
from helpers_scoring import module, player, state
from hypothesis import given, settings
from hypothesis import strategies as st
from test_js_backend import node

ITEMS = "items are: strudel, cake, wine, coffee"
CHOICE_KEYS = (
    "choices are: choose_items, choose_one, conference_manager, draft, drawn_to_bottom, hand_to_deck, "
    "occupy_room, play_staff, prepare_room, remove_hired_staff, remove_rooms, return_items, secretary, serve"
)
PLAYER_KEYS = (
    "expected: cafe, choices, emperor, hand, hired, hotel, kitchen, krones, name, objectives, points, resources, role"
)
LEGAL_ITEMS = "legal: strudel, cake, wine, coffee"


def two_items(choices: dict[str, Any], name: str = "Anna") -> dict[str, Any]:
    """Round 3's a-two-items bonus (marker on 6) asks choose_items twice: a recorded item is checked."""
    return state(3, player(name=name, emperor=6, cafe=[{}, {}], choices=choices), A="a-two-items")


# (label, state, the message worked out by hand): every escape as Python's repr writes it.
HOSTILE: list[tuple[str, dict[str, Any], str]] = [
    (
        "ESC in a tile key",
        state(1, tiles={"\x1b[31m": "a-krones"}),
        r"tiles.'\x1b[31m': tile 'a-krones' is of tier A, not '\x1b[31m'",
    ),
    (
        "DEL in a tile",
        state(1, tiles={"A": "a\x7f"}),
        r"tiles.A: unknown tile 'a\x7f'; tiles are: a-krones, a-two-items, a-draw-staff, a-free-room, "
        "b-one-of-each, b-krones, b-draw-staff, b-occupied-room, c-points, c-occupied-room, c-staff-points, "
        "c-free-staff",
    ),
    (
        "ESC in a kitchen item",
        state(1, player(kitchen={"\x1b[2J": 1})),
        rf"players[0].kitchen: unknown item '\x1b[2J'; {ITEMS}",
    ),
    (
        "NUL in a café guest's item",
        state(1, player(cafe=[{"wine\x00": 1}])),
        rf"players[0].cafe[0]: unknown item 'wine\x00'; {ITEMS}",
    ),
    (
        "U+2028 in a kitchen item",
        state(1, player(kitchen={"cake\u2028": 1})),
        rf"players[0].kitchen: unknown item 'cake\u2028'; {ITEMS}",
    ),
    (
        "OSC title sequence as a top-level key",
        {**state(1), "\x1b]0;pwned\x07": 1},
        r"state: unknown key '\x1b]0;pwned\x07'; expected: players, round, staff_deck, staff_discard, tiles",
    ),
    (
        "U+202E in a player's key",
        state(1, {**player(), "\u202eevil": 1}),
        rf"players[0]: unknown key '\u202eevil'; {PLAYER_KEYS}",
    ),
    (
        "C1 CSI as a choices key",
        state(1, player(choices={"\x9b2J": 1})),
        rf"players[0].choices: unknown choice '\x9b2J'; {CHOICE_KEYS}",
    ),
    (
        "ESC in a recorded item (asked)",
        two_items({"choose_items": ["\x1b[31m"]}),
        rf"players[0].choices.choose_items[0]: '\x1b[31m' is not a legal choice here; {LEGAL_ITEMS} (player Anna)",
    ),
    (
        "U+2066 in a recorded item (asked)",
        two_items({"choose_items": ["cake", "wine\u2066"]}),
        rf"players[0].choices.choose_items[1]: 'wine\u2066' is not a legal choice here; {LEGAL_ITEMS} (player Anna)",
    ),
    (
        "U+2028 as a recorded room",
        state(1, player(choices={"occupy_room": "1\u2028.1"})),
        r"""players[0].choices.occupy_room: expected a room as "floor.column" or null, got '1\u2028.1'""",
    ),
    (
        "ESC in a name",
        state(1, player(name="An\x1b[2Jna"), player(name="Ben")),
        r"players[0].name: 'An\x1b[2Jna' holds a control character; names are plain text",
    ),
    (
        "U+2028 in a name",
        state(1, player(name="Ben"), player(name="An\u2028na")),
        r"players[1].name: 'An\u2028na' holds a control character; names are plain text",
    ),
    (
        "U+202E in a name",
        state(1, player(name="\u202eanna")),
        r"players[0].name: '\u202eanna' holds a control character; names are plain text",
    ),
    (
        "a zero-width space in a name echoed by a choice's error",
        two_items({"choose_items": ["tea"]}, name="An\u200bna"),
        rf"players[0].choices.choose_items[0]: tea is not a legal choice here; {LEGAL_ITEMS} (player 'An\u200bna')",
    ),
    (
        "a zero-width space in a name given twice",
        state(1, player(name="A\u200b"), player(name="A\u200b")),
        r"players[1].name: two players are called 'A\u200b'",
    ),
    (
        "a name of only a zero-width space (issue 31: no visible character)",
        state(1, player(name="Anna"), player(name="\u200b")),
        r"players[1].name: '\u200b' shows no visible character; a name needs a letter, digit or sign",
    ),
    (
        "a name of a Hangul filler and a word joiner",
        state(1, player(name="\u3164\u2060")),
        "players[0].name: '\u3164\\u2060' shows no visible character; a name needs a letter, digit or sign",
    ),
]
UNUSED_STATE = state(1, player(name="An\u200bna", choices={"choose_items": "\x1b[31m"}))
UNUSED_MESSAGE = (
    r"players[0].choices.choose_items: '\x1b[31m' was recorded, but the scoring asked no choose_items decisions"
    r" (player 'An\u200bna'); it was not used"
)


def error_of(score: Callable[[], Any]) -> str:
    with pytest.raises(module().StateError) as caught:
        score()
    return str(caught.value)


@pytest.mark.parametrize(("label", "hostile", "message"), HOSTILE, ids=[case[0] for case in HOSTILE])
def test_a_hostile_state_gets_a_printable_message_with_escapes(
    label: str, hostile: dict[str, Any], message: str
) -> None:
    got = error_of(lambda: module().score_game(hostile))
    assert got == message
    assert got.isprintable()


def test_an_unused_recorded_choice_is_warned_about_in_printable_text() -> None:
    [unused] = module().score_game(UNUSED_STATE)["unused_choices"]
    assert unused["message"] == UNUSED_MESSAGE
    assert unused["value"] == "\x1b[31m"  # the data itself stays as recorded


@pytest.mark.parametrize(
    ("players", "choices", "message"),
    [
        (["An\u202ena", "Ben"], None, r"players[0]: 'An\u202ena' holds a control character; names are plain text"),
        (["Anna", "Ben\x1b[2J"], None, r"players[1]: 'Ben\x1b[2J' holds a control character; names are plain text"),
        (
            ["Anna", "\u200b"],
            None,
            r"players[1]: '\u200b' shows no visible character; a name needs a letter, digit or sign",
        ),
        (["Anna", "Ben"], {"Ben\x1b": [1]}, r"choices: 'Ben\x1b' is not a player; players are: Anna, Ben"),
        (["Anna", "Ben"], {"Ben": {"\x9b": 1}}, r"Ben: choices.'\x9b': setup records only draft picks (choices.draft)"),
        (
            ["Anna", "Ben"],
            {"Ben": [1, "\u2029"]},
            r"Ben: choices.draft: [1, '\u2029'] is not a list of Staff card numbers",
        ),
        (
            ["A\u200b", "Ben"],
            {"A\u200b": {"x": 1}},
            r"'A\u200b': choices.x: setup records only draft picks (choices.draft)",
        ),
    ],
)
def test_setup_game_refuses_hostile_names_and_choices_printably(
    players: list[str], choices: dict[str, Any] | None, message: str
) -> None:
    got = error_of(lambda: module().setup_game(players, 1, choices))
    assert got == message
    assert got.isprintable()


class Sneaky:
    """Not JSON, but a Python caller may pass anything: its repr is a terminal escape."""

    def __repr__(self) -> str:
        return "\x1b[2J\u202e"


def test_a_value_whose_repr_is_not_printable_is_escaped_too() -> None:
    got = error_of(lambda: module().score_game(state(1, tiles={"A": Sneaky()})))
    assert got == r"tiles.A: expected text, got \x1b[2J\u202e"
    got = error_of(lambda: module().score_game(state(1, player(kitchen={Sneaky(): 1}))))
    assert got == r"players[0].kitchen: keys must be text, got \x1b[2J\u202e"


# --- any text at all -------------------------------------------------------------------------------

PLACES: dict[str, Callable[[str], dict[str, Any]]] = {
    "tile key": lambda text: state(1, tiles={text: "a-krones"}),
    "tile": lambda text: state(1, tiles={"A": text}),
    "kitchen item": lambda text: state(1, player(kitchen={text: 1})),
    "top-level key": lambda text: {**state(1), text: 1},
    "player key": lambda text: state(1, {**player(), text: 1}),
    "choices key": lambda text: state(1, player(choices={text: 1})),
    "recorded item (asked)": lambda text: two_items({"choose_items": [text]}),
    "recorded item (unused)": lambda text: state(1, player(choices={"choose_items": text})),
    "recorded room": lambda text: state(1, player(choices={"occupy_room": text})),
    "name": lambda text: state(1, player(name=text), player(name="Ben")),
    "name echoed by a choice's error": lambda text: two_items({"choose_items": ["tea"]}, name=text),
    "name given twice": lambda text: state(1, player(name=text), player(name=text)),
}


def messages(hostile: dict[str, Any]) -> list[str]:
    """What score_game says about the state: its StateError, or the unused choices' warnings."""
    scoring = module()
    try:
        result = scoring.score_game(hostile)
    except scoring.StateError as error:
        return [str(error)]
    return [unused["message"] for unused in result["unused_choices"]]


@settings(max_examples=400, deadline=None)
@given(place=st.sampled_from(sorted(PLACES)), text=st.text(max_size=8))
def test_any_text_anywhere_gives_printable_messages(place: str, text: str) -> None:
    for message in messages(PLACES[place](text)):
        assert message.isprintable(), (place, message)


@settings(max_examples=200, deadline=None)
@given(name=st.text(max_size=8), key=st.text(max_size=8))
def test_any_text_in_setup_game_gives_printable_messages(name: str, key: str) -> None:
    for players, choices in (
        ([name, "Ben"], None),
        (["Anna", "Ben"], {name: [1]}),
        (["Anna", "Ben"], {"Ben": {key: 1}}),
    ):
        try:
            module().setup_game(players, 1, choices)
        except module().StateError as error:
            assert str(error).isprintable(), str(error)


# --- the score pad's engine -----------------------------------------------------------------------

NODE_SCRIPT = """
const fs = require("node:fs");
const { engineFromPage, plain } = require(process.env.GAH_ENGINE_JS);
const engine = engineFromPage(process.env.GAH_PAGE);
const states = JSON.parse(fs.readFileSync(process.env.GAH_STATES, "utf8"));
const said = states.map((state) => {
  try {
    return plain(engine.scoreGame(state)).unused_choices.map((unused) => unused.message);
  } catch (error) {
    if (error.name !== "StateError") throw error;
    return [error.message];
  }
});
process.stdout.write(JSON.stringify(said));
"""


@pytest.fixture(scope="module")
def pad(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("pad")
    (folder / "base.html").write_bytes(generate_page(load_one(shipped_workspace(), "base")))
    return folder


def pad_messages(pad: Path, states: list[dict[str, Any]]) -> list[list[str]]:
    """Each state scored by the base pad's engine under node: its StateError, or the unused warnings."""
    (pad / "states.json").write_text(json.dumps(states), encoding="utf-8")
    (pad / "say.js").write_text(NODE_SCRIPT, encoding="utf-8")
    env = {
        "GAH_ENGINE_JS": str(ROOT / "tests" / "js" / "engine.js"),
        "GAH_PAGE": str(pad / "base.html"),
        "GAH_STATES": str(pad / "states.json"),
    }
    run = subprocess.run(
        [node(), str(pad / "say.js")], capture_output=True, text=True, env=env, timeout=300, check=False
    )
    assert run.returncode == 0, run.stderr[-3000:]
    said: list[list[str]] = json.loads(run.stdout)
    return said


def test_the_pad_says_the_same_printable_messages(pad: Path) -> None:
    said = pad_messages(pad, [hostile for _label, hostile, _message in HOSTILE] + [UNUSED_STATE])
    expected = [[message] for _label, _hostile, message in HOSTILE] + [[UNUSED_MESSAGE]]
    assert said == expected
    assert all(message.isprintable() for messages in said for message in messages)


# Characters both Unicode versions agree on (Python 3.11's and node's): ASCII, C0 and C1 controls,
# Latin-1, general punctuation (the separators, the bidi controls, zero-width ones), specials,
# a language tag and an unassigned plane-14 point, and an emoji.
ALPHABET = (
    [chr(c) for c in range(0x100)]
    + [chr(c) for c in range(0x2000, 0x2070)]
    + [chr(c) for c in range(0xFFF0, 0x10000)]
    + ["\u061c", "\U000e0001", "\U000e0080", "\U0001f3e8", "'", '"', "\\"] * 8
)


def test_the_pad_says_what_python_says_about_random_text(pad: Path) -> None:
    rng = random.Random("issue-21-pad")
    states = []
    for index in range(400):
        text = "".join(rng.choice(ALPHABET) for _ in range(rng.randint(1, 6)))
        states.append(PLACES[sorted(PLACES)[index % len(PLACES)]](text))
    said = pad_messages(pad, states)
    assert said == [messages(hostile) for hostile in states]
    assert all(message.isprintable() for messages in said for message in messages)
