"""The cases the fuzzer tries: mutated rules files and game states, as hypothesis strategies.

A rules case is a set of files for a scratch project (base.yaml and variants), the
file the user edited and the ruleset to build. A state case is a mutated game state
(plain data, written as YAML or JSON for `gah score`, or passed to `score_game`).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from functools import cache
from typing import Any

import yaml
from gah import ir
from gah.frontend.rulesets import Workspace
from gah.project import load_one
from hypothesis import strategies as st

from .contract import ROOT, dump
from .mutations import Draw, mutated, paths

SECTIONS = (
    "players",
    "rounds",
    "items",
    "emperor_track",
    "emperor_scorings",
    "tiles",
    "hotel",
    "staff",
    "final_scoring",
    "score_track",
    "tiebreakers",
    "rulings",
    "setup",
)
BROKEN_EXTENDS = ("bsae", "fuzz", "Base", "../base", "", 5, None, ["base"], "gentle-draft")


@dataclass(frozen=True)
class RulesCase:
    files: dict[str, str]
    edited: str
    name: str
    steps: tuple[str, ...]

    def __str__(self) -> str:
        return f"{self.edited} ({'; '.join(self.steps)})"


RAW_INSERTS = (
    "\t",
    ":",
    "{",
    "[",
    "&a ",
    "*a",
    "!!python/object ",
    "\x00",
    "\ufeff",
    "\r",
    "---\n",
    "'",
    '"',
    "\udcff",
)


@st.composite
def _maybe_corrupt(draw: Draw, text: str, steps: list[str]) -> str:
    """Now and then, damage the text itself: cut it short or insert a character YAML cares about."""
    if draw(st.integers(0, 7)) != 0 or not text:
        return text
    at = draw(st.integers(0, len(text)))
    if draw(st.booleans()):
        steps.append(f"text cut at {at}")
        return text[:at]
    insert = draw(st.sampled_from(RAW_INSERTS))
    steps.append(f"text insert {insert!r} at {at}")
    return text[:at] + insert + text[at:]


@cache
def _plain(path: str) -> Any:
    return yaml.safe_load((ROOT / path).read_text(encoding="utf-8"))


def base_document() -> Any:
    return copy.deepcopy(_plain("rules/base.yaml"))


@st.composite
def edited_base(draw: Draw) -> RulesCase:
    """The full ruleset itself, edited."""
    document, steps = draw(mutated(base_document()))
    text = draw(_maybe_corrupt(dump(document), steps))
    return RulesCase({"rules/base.yaml": text}, "rules/base.yaml", "base", tuple(steps))


@st.composite
def new_variant(draw: Draw) -> RulesCase:
    """A variant of base that copies a few sections of the parent and edits them (or removes them)."""
    base = base_document()
    sections = draw(st.lists(st.sampled_from(SECTIONS), min_size=1, max_size=3, unique=True))
    patch: dict[str, Any] = {"extends": "base", "name": "fuzz", "title": "Fuzz"}
    for section in sections:
        patch[section] = copy.deepcopy(base[section])
    steps: list[str] = []
    if draw(st.integers(0, 9)) == 0:
        patch["extends"] = draw(st.sampled_from(BROKEN_EXTENDS))
        steps.append(f"extends = {patch['extends']!r}")
    patch, more = draw(mutated(patch))
    steps += more
    text = draw(_maybe_corrupt(dump(patch), steps))
    return RulesCase({"rules/variants/fuzz.yaml": text}, "rules/variants/fuzz.yaml", "fuzz", tuple(steps))


@st.composite
def edited_variant(draw: Draw) -> RulesCase:
    """A shipped variant, edited (with the variants it extends, unchanged)."""
    names = sorted(p.stem for p in (ROOT / "rules" / "variants").glob("*.yaml"))
    name = draw(st.sampled_from(names))
    files: dict[str, str] = {}
    parent = _plain(f"rules/variants/{name}.yaml").get("extends")
    while parent and parent != "base":
        files[f"rules/variants/{parent}.yaml"] = (ROOT / "rules" / "variants" / f"{parent}.yaml").read_text(
            encoding="utf-8"
        )
        parent = _plain(f"rules/variants/{parent}.yaml").get("extends")
    document, steps = draw(mutated(copy.deepcopy(_plain(f"rules/variants/{name}.yaml"))))
    edited = f"rules/variants/{name}.yaml"
    files[edited] = draw(_maybe_corrupt(dump(document), steps))
    return RulesCase(files, edited, name, tuple(steps))


@st.composite
def lab_models(draw: Draw) -> tuple[str, tuple[str, ...]]:
    """The variant lab's default game model, edited."""
    document, steps = draw(mutated(copy.deepcopy(_plain("rules/lab/default.yaml"))))
    return dump(document), tuple(steps)


def rules_cases() -> st.SearchStrategy[RulesCase]:
    return st.one_of(edited_base(), new_variant(), edited_variant())


# --- game states ----------------------------------------------------------------------


@cache
def seed_states() -> tuple[Any, ...]:
    """Valid states to start from: the example, and the same game at each Emperor scoring round."""
    example = _plain("examples/round7.yaml")
    seeds = [example]
    for round_ in (1, 3, 5):
        state = copy.deepcopy(example)
        state["round"] = round_
        seeds.append(state)
    no_deck = copy.deepcopy(example)
    no_deck["staff_discard"] = [1, 2]
    seeds.append(no_deck)
    return tuple(seeds)


def _without_choices(state: Any) -> Any:
    """Recorded choices are fuzzed by their own tests; here they are left out of the mutations."""
    if isinstance(state, dict) and isinstance(state.get("players"), list):
        for player in state["players"]:
            if isinstance(player, dict):
                player.pop("choices", None)
    return state


@st.composite
def state_documents(draw: Draw) -> tuple[Any, tuple[str, ...]]:
    """A mutated state as plain data (what YAML or JSON can say)."""
    state = copy.deepcopy(draw(st.sampled_from(seed_states())))
    state, steps = draw(mutated(state))
    return _without_choices(state), tuple(steps)


@cache
def _base_ir() -> ir.Ruleset:
    return load_one(Workspace(ROOT), "base")


@st.composite
def plausible_states(draw: Draw) -> Any:
    """A state that could come from a real game under base: every value in range, the hotel
    grown from the first room, each Staff card in one place. These reach deep into scoring."""
    rules = _base_ir()
    hotel = rules.hotel
    cards = draw(st.permutations([card.number for card in rules.staff]))
    tiles = {tier: draw(st.sampled_from([t.id for t in rules.tiles if t.tier == tier])) for tier in ("A", "B", "C")}
    players = []
    for index in range(draw(st.integers(rules.min_players, rules.max_players))):
        hand, hired = draw(st.integers(0, 6)), draw(st.integers(0, 8))
        taken, cards = cards[: hand + hired], cards[hand + hired :]
        players.append(
            {
                "name": ["Anna", "Ben", "Cleo", "Dora"][index],
                "points": draw(st.integers(0, 150)),
                "krones": draw(st.integers(0, 25)),
                "emperor": draw(st.integers(0, rules.track.last_space)),
                "kitchen": {item.id: draw(st.integers(0, 3)) for item in rules.items},
                "cafe": [
                    {item.id: draw(st.integers(0, 1)) for item in rules.items}
                    for _ in range(draw(st.integers(0, hotel.cafe_seats)))
                ],
                "hotel": _grown_hotel(draw, hotel.floors, hotel.columns, hotel.first_room),
                "hand": taken[:hand],
                "hired": taken[hand:],
                "objectives": draw(st.integers(0, 3)),
            }
        )
    discard = draw(st.integers(0, min(5, len(cards))))
    state: dict[str, Any] = {"round": draw(st.integers(1, rules.rounds)), "tiles": tiles, "players": players}
    state["staff_discard"] = cards[:discard]
    if draw(st.booleans()):
        state["staff_deck"] = cards[discard:]
    return state


def _grown_hotel(draw: Draw, floors: int, columns: int, first: tuple[int, int]) -> list[str]:
    """Rooms placed one by one next to earlier ones, from the first room; each vacant or occupied."""
    placed = [first]
    for _ in range(draw(st.integers(0, floors * columns - 1))):
        free = sorted(
            {
                (f + df, c + dc)
                for f, c in placed
                for df, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
                if 1 <= f + df <= floors and 1 <= c + dc <= columns
            }
            - set(placed)
        )
        if not free:
            break
        placed.append(draw(st.sampled_from(free)))
    rows = [["."] * columns for _ in range(floors)]
    for floor, column in placed if draw(st.integers(0, 4)) else []:
        rows[floor - 1][column - 1] = draw(st.sampled_from("ov"))
    return ["".join(row) for row in reversed(rows)]


@st.composite
def scorable_states(draw: Draw) -> tuple[Any, tuple[str, ...]]:
    """Mostly plausible states, some with one mutation."""
    state = draw(plausible_states())
    if draw(st.integers(0, 3)) == 0:
        state, steps = draw(mutated(state, max_mutations=1))
        return _without_choices(state), tuple(steps)
    return state, ("plausible",)


HOSTILE_VALUES = (
    float("nan"),
    float("inf"),
    (1, 2),
    frozenset({1}),
    b"bytes",
    object(),
    {1: "a", "b": 2},
    {"a": {}},
    [[]],
    2**70,
    -(2**70),
    True,
    1.0,
)


@st.composite
def hostile_states(draw: Draw) -> tuple[Any, tuple[str, ...]]:
    """What a bot or app might pass to score_game: Python values no file could hold."""
    state, steps = draw(state_documents())
    for _ in range(draw(st.integers(0, 2))):
        path = draw(st.sampled_from([p for p, _v in paths(state)]))
        value = _fresh(draw(st.sampled_from(HOSTILE_VALUES)))
        if path:
            holder = state
            for step in path[:-1]:
                holder = holder[step]
            if draw(st.booleans()) and isinstance(holder, dict):
                holder[value if _hashable(value) else 1] = value  # a key of any type
            else:
                holder[path[-1]] = value
            steps += (f"hostile {path} = {value!r}"[:80],)
    return state, steps


def _fresh(value: object) -> object:
    """A copy of a mutable hostile value, so no case changes the one the next case gets."""
    return copy.deepcopy(value) if isinstance(value, (dict, list)) else value


def _hashable(value: object) -> bool:
    try:
        hash(value)
    except TypeError:
        return False
    return True
