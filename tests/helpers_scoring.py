"""Builders of small, explicit game states and shortcuts to score them (issue 3 tests)."""

from __future__ import annotations

import copy
from functools import cache
from typing import Any

from gah.backends.python.load import load_scoring_module
from gah.project import load_one
from helpers_rules import ROOT, SHIPPED, shipped_workspace

__all__ = ["ROOT", "SHIPPED"]
EMPTY_HOTEL = (".....", ".....", ".....", ".....")
DEFAULT_TILES = {"A": "a-krones", "B": "b-krones", "C": "c-points"}


@cache
def module(rules: str = "base") -> Any:
    """The generated scoring module of a shipped ruleset (or a rules file), compiled in memory."""
    return load_scoring_module(load_one(shipped_workspace(), rules))


def player(name: str = "Anna", **fields: Any) -> dict[str, Any]:
    """A player with nothing (0 points, 0 krones, marker on 0, empty kitchen, café and hotel)."""
    data: dict[str, Any] = {
        "name": name,
        "points": 0,
        "krones": 0,
        "emperor": 0,
        "kitchen": {},
        "cafe": [],
        "hotel": list(EMPTY_HOTEL),
        "hand": [],
        "hired": [],
        "objectives": 0,
    }
    if "hotel" in fields:
        fields["hotel"] = list(fields["hotel"])
    data.update(fields)
    return data


def state(
    round_: int,
    *players: dict[str, Any],
    tiles: dict[str, str] | None = None,
    deck: list[int] | None = None,
    discard: list[int] | None = None,
    **tile_overrides: str,
) -> dict[str, Any]:
    """A game state just after `round_`; tiles default to a-krones / b-krones / c-points."""
    chosen = dict(tiles if tiles is not None else DEFAULT_TILES)
    chosen.update(tile_overrides)
    data: dict[str, Any] = {"round": round_, "tiles": chosen, "players": list(players) or [player()]}
    if deck is not None:
        data["staff_deck"] = list(deck)
    if discard is not None:
        data["staff_discard"] = list(discard)
    return data


def score(data: dict[str, Any], rules: str = "base") -> dict[str, Any]:
    """score_game on a deep copy (the input is never touched)."""
    result: dict[str, Any] = module(rules).score_game(copy.deepcopy(data))
    return result


def after(result: dict[str, Any], name: str = "Anna") -> dict[str, Any]:
    """A player's state after the scoring."""
    for entry in result["state"]["players"]:
        if entry["name"] == name:
            return dict(entry)
    raise KeyError(name)


def final(result: dict[str, Any], name: str = "Anna") -> dict[str, Any]:
    """A player's final-scoring entry."""
    for entry in result["final"]:
        if entry["name" if "name" in entry else "player"] == name:
            return dict(entry)
    raise KeyError(name)


def events(result: dict[str, Any], name: str | None = "Anna", kind: str | None = None) -> list[dict[str, Any]]:
    """Events of one player (None: every player), optionally of one kind."""
    return [
        e for e in result["events"] if (name is None or e["player"] == name) and (kind is None or e["kind"] == kind)
    ]


def texts(result: dict[str, Any], name: str | None = "Anna") -> list[str]:
    return [e["text"] for e in events(result, name)]


def kitchen(**items: int) -> dict[str, int]:
    """A full kitchen mapping as the scorer writes it back (missing kinds are 0)."""
    full = {"strudel": 0, "cake": 0, "wine": 0, "coffee": 0}
    full.update(items)
    return full


def run_game(data: dict[str, Any], rules: str = "base") -> Any:
    """What score_game does, but returning the Game itself (to read its default decisions)."""
    mod = module(rules)
    game = mod.read_game(mod.RULES, copy.deepcopy(data))
    scoring = mod.EMPEROR_SCORINGS.get(game.round)
    if scoring is not None:
        scoring(game)
    if game.round == mod.RULES.rounds:
        mod.final_scoring(game)
    return game


def cards_of(data: dict[str, Any]) -> list[int]:
    """Every Staff card a state holds: hands, hired, deck and discard (sorted multiset)."""
    held = [n for p in data["players"] for n in p.get("hand", []) + p.get("hired", [])]
    return sorted(held + list(data.get("staff_deck", [])) + list(data.get("staff_discard", [])))
