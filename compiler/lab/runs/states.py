"""`gah compare A B --states FILE...`: recorded game states scored by every ruleset, side by side."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

from ... import ir
from ...backends.python.load import ScoringModule
from ...errors import Problem
from ...frontend.rulesets import Workspace
from ...frontend.state_input import load_state, state_problem
from .tallies import OUTCOME_PHRASES
from .voice import say

FORMAT = "gah-compare-states/1"


def _outcomes(ruleset: ir.Ruleset, result: dict[str, Any]) -> dict[str, str]:
    """Each player's Emperor outcome (bonus, nothing, penalty) from the move-back events."""
    found: dict[str, str] = {}
    for event in result["events"]:
        if event["kind"] == "move_back":
            found[event["player"]] = ruleset.track.zone_of(event["space"]).outcome
    return found


def _player_rows(ruleset: ir.Ruleset, result: dict[str, Any]) -> list[dict[str, Any]]:
    outcomes = _outcomes(ruleset, result)
    final = {entry["player"]: entry for entry in result.get("final", [])}
    ranks = {row["player"]: row["rank"] for row in result.get("standings", [])}
    rows = []
    for player in result["state"]["players"]:
        name = player["name"]
        row: dict[str, Any] = {
            "player": name,
            "points": player["points"],
            "emperor": player["emperor"],
            "krones": player["krones"],
        }
        if name in outcomes:
            row["outcome"] = outcomes[name]
        if name in final:
            row["total"] = final[name]["total"]
            row["breakdown"] = final[name]["breakdown"]
            row["rank"] = ranks[name]
        rows.append(row)
    return rows


def _differences(names: list[str], results: list[dict[str, Any]]) -> list[str]:
    """Plain sentences: what each later ruleset gives differently from the first, player by player."""
    first = results[0]
    if "players" not in first:
        return []
    sentences = []
    words = {
        "total": say("state_word_total"),
        "rank": say("state_word_rank"),
        "points": say("state_word_points"),
        "outcome": say("state_word_outcome"),
        "emperor": say("state_word_emperor"),
        "krones": say("state_word_krones"),
    }
    outcomes = {outcome: say(OUTCOME_PHRASES[outcome]) for outcome in OUTCOME_PHRASES}
    for name, other in zip(names[1:], results[1:], strict=True):
        if "players" not in other:
            continue
        for mine, theirs in zip(first["players"], other["players"], strict=True):
            keys = ["total", "rank", "outcome"] if "total" in mine else ["points", "outcome"]
            differing = [k for k in keys if k in mine and k in theirs and mine[k] != theirs[k]]
            if not differing:
                differing = [k for k in ("emperor", "krones") if mine[k] != theirs[k]]
            for key in differing:
                change = f" ({theirs[key] - mine[key]:+d})" if key in ("total", "points", "emperor", "krones") else ""
                new, old = (
                    (outcomes[theirs[key]], outcomes[mine[key]]) if key == "outcome" else (theirs[key], mine[key])
                )
                sentences.append(
                    say(
                        "state_change",
                        player=mine["player"],
                        what=words[key],
                        new=str(new),
                        name=name,
                        old=str(old),
                        reference=names[0],
                        change=change,
                    )
                )
        winners = [p["player"] for p in first["players"] if p.get("rank") == 1]
        their_winners = [p["player"] for p in other["players"] if p.get("rank") == 1]
        if winners != their_winners:
            sentences.append(
                say(
                    "state_winner_changes",
                    new=", ".join(their_winners),
                    name=name,
                    old=", ".join(winners),
                    reference=names[0],
                )
            )
    return sentences


def compare_states(
    workspace: Workspace,
    rulesets: list[ir.Ruleset],
    modules: list[ScoringModule],
    paths: list[Path],
) -> tuple[dict[str, Any], list[Problem]]:
    """Score every state with every ruleset; problems for states a ruleset cannot score."""
    names = [r.name for r in rulesets]
    entries = []
    problems: list[Problem] = []
    for path in paths:
        node, state = load_state(workspace, path)
        results: list[dict[str, Any]] = []
        for ruleset, module in zip(rulesets, modules, strict=True):
            try:
                result = module.score_game(copy.deepcopy(state))
            except ValueError as error:
                problem = state_problem(node, f"{error} (ruleset {ruleset.name})")
                problems.append(problem)
                results.append({"ruleset": ruleset.name, "error": str(error)})
                continue
            entry: dict[str, Any] = {"ruleset": ruleset.name, "players": _player_rows(ruleset, result)}
            if "final" in result:
                entry["final"] = result["final"]
                entry["standings"] = result["standings"]
            results.append(entry)
        entries.append(
            {
                "file": workspace.display(path),
                "round": state["round"],
                "results": results,
                "differences": _differences(names, results),
            }
        )
    return {"format": FORMAT, "rulesets": names, "states": entries}, problems
