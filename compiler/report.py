"""The human-readable report of a scoring result."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import NotRequired, TypedDict

from .languages import Language, english

# The scoring result a generated module returns (`gah score --json` prints it): the keys this report reads.


class Event(TypedDict):
    player: str | None  # None: an event of the game, not of a player
    kind: str
    text: str


class DetailLine(TypedDict):
    text: str


class FinalEntry(TypedDict):
    player: str
    points: int
    total: int
    breakdown: dict[str, int]
    details: dict[str, list[DetailLine]]


class Standing(TypedDict):
    rank: int
    player: str
    points: int
    tiebreak: int


class Tie(TypedDict):
    text: str


class RunnerUp(TypedDict):
    value: object
    total: int


class Step(TypedDict):
    """A decision taken: recorded in the state, the only one, or the policy's (with its projected total)."""

    key: str
    value: object
    how: str
    total: NotRequired[int]
    runner_up: NotRequired[RunnerUp]


class Decisions(TypedDict):
    player: str
    steps: list[Step]


class UnusedChoice(TypedDict):
    message: str  # starts with the path of the decision in the state ("players[0].choices.x: ...")


class ScoreResult(TypedDict):
    ruleset: str
    round: int
    events: list[Event]
    final: NotRequired[list[FinalEntry]]  # after the last round
    standings: NotRequired[list[Standing]]
    ties: NotRequired[list[Tie]]
    decisions: NotRequired[list[Decisions]]
    unused_choices: NotRequired[list[UnusedChoice]]


def human_report(result: ScoreResult, language: Language | None = None) -> str:
    """Every step, grouped by player, then final scoring and standings (in `language`; default English)."""
    say = (language or english()).say
    lines = [say("score.report.heading", ruleset=result["ruleset"], round=result["round"])]
    # Final-scoring events (a copier's card) are said again, with their figures, in the details.
    events = [e for e in result["events"] if e["kind"] != "final"]
    if not events:
        lines.append("  " + say("score.report.no_scoring"))
    current = None
    for event in events:
        if event["player"] != current:
            current = event["player"]
            lines.append(f"  {current or say('score.report.game')}:")
        lines.append(f"    - {event['text']}")
    if "final" in result:
        lines += final_block(result["final"], language or english())
        lines.append("")
        lines.append(say("score.report.standings"))
        lines += ["  " + standing_line(row, result["standings"], say) for row in result["standings"]]
        lines += [f"  - {tie['text']}" for tie in result.get("ties", [])]
    lines += decisions_block(result.get("decisions", []), language or english())
    return "\n".join(lines) + "\n"


def standing_line(row: Standing, standings: list[Standing], say: Callable[..., str]) -> str:
    """A player's place in the standings, with its tie-breaker only where that decided something: another
    player has as many points and a different tie-breaker (the pad's PadReport.standing says it alike)."""
    values = {"rank": row["rank"], "player": row["player"], "points": row["points"]}
    if any(other["points"] == row["points"] and other["tiebreak"] != row["tiebreak"] for other in standings):
        return say("score.report.standing_tiebreak", row["points"], tiebreak=row["tiebreak"], **values)
    return say("score.report.standing", row["points"], **values)


def final_block(final: list[FinalEntry], language: Language) -> list[str]:
    """The final scoring: a table of each player's points by source, then every source's lines per player."""
    say = language.say
    sources = list(dict.fromkeys(k for entry in final for k in entry["breakdown"]))
    heads = [source_head(source, language) for source in sources]
    widths = [max(8, len(head)) for head in heads]
    width = max(8, *(len(e["player"]) for e in final))
    lines = ["", say("score.report.final")]
    player, points, total = (say(f"score.report.column.{c}") for c in ("player", "points", "total"))
    columns = " ".join(f"{head:>{size}}" for head, size in zip(heads, widths, strict=True))
    lines.append(f"  {player:<{width}} {points:>6} {columns} {total:>6}")
    for entry in final:
        # '-': not counted (a role)
        cells = " ".join(f"{entry['breakdown'].get(s, '-'):>{size}}" for s, size in zip(sources, widths, strict=True))
        lines.append(f"  {entry['player']:<{width}} {entry['points']:>6} {cells} {entry['total']:>6}")
    lines += ["", say("score.report.detail")]
    label = max((len(head) for head in heads), default=0)
    for entry in final:
        lines.append(f"  {entry['player']}:")
        for source, details in entry["details"].items():
            texts = [line["text"] for line in details] or [say("score.report.none")]
            lines.append(f"    {source_head(source, language):<{label}}  {texts[0]}")
            lines += [f"    {'':<{label}}  {text}" for text in texts[1:]]
    return lines


def source_head(source: str, language: Language) -> str:
    """A final-scoring source's column head: the language's for the game's own sources, else its id."""
    key = f"score.report.column.{source}"
    return language.say(key) if source not in ("player", "points", "total") and language.has(key) else source


def decisions_block(decisions: list[Decisions], language: Language) -> list[str]:
    """Per player, the decisions taken as a `choices:` block to paste into the state and edit."""
    players = [entry for entry in decisions if entry["steps"]]
    if not players:
        return []
    lines = ["", language.say("score.report.decisions")]
    for entry in players:
        lines.append(f"  {entry['player']}:")
        lines.append("    choices:")
        by_key: dict[str, list[Step]] = {}
        for step in entry["steps"]:
            by_key.setdefault(step["key"], []).append(step)
        for key, steps in by_key.items():
            if len(steps) == 1:
                lines.append(_commented(f"      {key}: {json.dumps(steps[0]['value'])}", steps[0], language))
                continue
            lines.append(f"      {key}:")
            lines += [_commented(f"        - {json.dumps(step['value'])}", step, language) for step in steps]
    return lines


def _commented(text: str, step: Step, language: Language) -> str:
    """A line of the block with how the decision was taken, and the runner-up with its projected total."""
    if step["how"] == "recorded":
        why = language.say("score.report.recorded")
    elif step["how"] == "only":
        why = language.say("score.report.only")
    else:
        why = language.say("score.report.policy", total=step["total"])
        runner = step.get("runner_up")
        if runner is not None:
            why += language.say("score.report.runner_up", value=json.dumps(runner["value"]), total=runner["total"])
    return f"{text:<34} # {why}"
