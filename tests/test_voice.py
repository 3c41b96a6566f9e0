"""The runtime's phrases made ready once (Voice, filler(), speak()) and the Staff card taken back where a turn ends
(staff_back()): the same texts and the same search as before, sooner.

- filler() fills a phrase as str.format does; its source never holds a language's text.
- A counted phrase is said once per count and kept; a table of words passed in is never mistaken for another.
- The search's result when each card played at the turn's end is put back equals its result on copies.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from gah.backends.python.runtime.words import Voice, filler
from helpers_scoring import module, player, state
from oracle.states import random_state


@pytest.mark.parametrize(
    ("pattern", "values", "said"),
    [
        ("{player} gains {what}{why}", {"player": "Anna", "what": "3 points", "why": ""}, "Anna gains 3 points"),
        ("{first} and {first}, not {second}", {"first": "A", "second": 2}, "A and A, not 2"),
        ("{{lit}} {a}", {"a": 1}, "{lit} 1"),
        ('it\'s "q" \\ {a}', {"a": 1}, 'it\'s "q" \\ 1'),
        ("'); raise SystemExit; ('{a}", {"a": 1}, "'); raise SystemExit; ('1"),
        ("{a}", {"a": 1, "unused": 2}, "1"),  # values a phrase does not use are left out, as format leaves them
        ("no placeholder", {"a": 1}, "no placeholder"),
        ("", {}, ""),
        ("{n:>3}|{n!r}", {"n": 5}, "  5|5"),  # a format spec or conversion: str.format itself
        ("{0} x", {}, None),  # positional: str.format itself, which wants a positional value
    ],
)
def test_filler_fills_as_format_does(pattern: str, values: dict[str, Any], said: str | None) -> None:
    fill = filler(pattern)
    if said is None:
        assert fill == pattern.format
    else:
        assert fill(**values) == said


def test_filler_never_runs_a_placeholder_name() -> None:
    """Names that are not plain identifiers (or start with _) are left to str.format, which only looks them up."""
    for pattern in ("{__import__}", "{_0}", "{lambda}", "{a.b}", "{a[0]}"):
        assert filler(pattern) == pattern.format


def test_a_count_is_said_once_and_kept() -> None:
    words = {"points": {"one": "{count} point", "other": "{count} points", "zero": "none"}, "x": "{count} x"}
    voice = Voice(words)
    assert [voice.points[n] for n in (0, 1, 2, -1)] == ["none", "1 point", "2 points", "-1 point"]
    assert dict(voice.points) == {0: "none", 1: "1 point", 2: "2 points", -1: "-1 point"}
    assert voice.counts["x"][7] == "7 x"
    assert voice.said["points"](count=9) == "9 points"  # without a count: the `other` form, as phrase() says it


def test_a_table_of_words_passed_in_is_its_own() -> None:
    """Two tables passed to score_game one after the other each tell the events; a shipped language's voice is
    kept on the rules and used again."""
    base = module()
    data = state(3, player(emperor=5))
    words = copy.deepcopy(base.WORDS["en"])
    words["scores_space"] = "{player} takes {points} at {space}{note}"
    first = base.score_game(copy.deepcopy(data), words)["events"][0]["text"]
    other = copy.deepcopy(words)
    other["scores_space"] = "{player}: {points}"
    second = base.score_game(copy.deepcopy(data), other)["events"][0]["text"]
    assert (first, second) == ("Anna takes 4 points at 5", "Anna: 4 points")
    base.score_game(copy.deepcopy(data), "de")
    german = base.RULES.voices["de"]
    base.score_game(copy.deepcopy(data), "de")
    assert base.RULES.voices["de"] is german and german.words is base.WORDS["de"]


def _staff_states() -> list[dict[str, Any]]:
    """Seeded states whose turns play a Staff card where the turn ends (drawn, or from hand)."""
    rng = random.Random(2026)
    tiles = [(3, "a-draw-staff"), (5, "b-draw-staff"), (7, "c-free-staff")]
    return [random_state(rng, round_=round_, pinned=tile) for round_, tile in tiles for _ in range(12)]


def test_a_card_played_where_the_turn_ends_is_put_back_as_a_copy_would_leave_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each option of the last card to play is taken on the game itself and put back (staff_back), or on a copy of
    the game (no restore): the decisions, runner-ups, totals, events and the state after are the same."""
    base = module()
    states = _staff_states()
    backs = 0
    taken = base.staff_back

    def counting(game: Any, player: Any) -> Any:
        nonlocal backs
        backs += 1
        return taken(game, player)

    monkeypatch.setattr(base, "staff_back", counting)
    put_back = [json.dumps(base.score_game(copy.deepcopy(data))) for data in states]
    assert backs > 20  # the states do play cards where the turn ends
    monkeypatch.setattr(base, "staff_back", lambda game, player: None)
    on_copies = [json.dumps(base.score_game(copy.deepcopy(data))) for data in states]
    assert put_back == on_copies
