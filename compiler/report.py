"""The human-readable report of a scoring result."""

from __future__ import annotations

import json
from typing import Any

from compiler.languages import Language


def human_report(result: dict[str, Any], language: Language | None = None) -> str:
    """Every step, grouped by player, then final scoring and standings.

    `language` is the one `gah score --lang` or gah.toml chose (compiler/languages.py); these words are still
    English here: the explanations' own phrases are the `score` section's work (issue 25).
    """
    lines = [f"Ruleset {result['ruleset']}, after round {result['round']}"]
    # Final-scoring events (a copier's card) are said again, with their figures, in the details.
    events = [e for e in result["events"] if e["kind"] != "final"]
    if not events:
        lines.append("  No Emperor scoring after this round.")
    current = None
    for event in events:
        if event["player"] != current:
            current = event["player"]
            lines.append(f"  {current}:" if current else "  Game:")
        lines.append(f"    - {event['text']}")
    if "final" in result:
        lines += final_block(result["final"])
        lines.append("")
        lines.append("Standings")
        for row in result["standings"]:
            lines.append(f"  {row['rank']}. {row['player']}: {row['points']} points (tie-breaker {row['tiebreak']})")
        lines += [f"  - {tie['text']}" for tie in result.get("ties", [])]
    lines += decisions_block(result.get("decisions", []))
    return "\n".join(lines) + "\n"


def final_block(final: list[dict[str, Any]]) -> list[str]:
    """The final scoring: a table of each player's points by source, then every source's lines per player."""
    sources = list(dict.fromkeys(k for entry in final for k in entry["breakdown"]))
    width = max(8, *(len(e["player"]) for e in final))
    lines = ["", "Final scoring"]
    lines.append(f"  {'player':<{width}} {'points':>6} " + " ".join(f"{s:>8}" for s in sources) + f" {'total':>6}")
    for entry in final:
        cells = " ".join(f"{entry['breakdown'].get(s, 0):>8}" for s in sources)
        lines.append(f"  {entry['player']:<{width}} {entry['points']:>6} {cells} {entry['total']:>6}")
    lines += ["", "Final scoring in detail"]
    label = max((len(s) for s in sources), default=0)
    for entry in final:
        lines.append(f"  {entry['player']}:")
        for source, details in entry["details"].items():
            texts = [line["text"] for line in details] or ["none"]
            lines.append(f"    {source:<{label}}  {texts[0]}")
            lines += [f"    {'':<{label}}  {text}" for text in texts[1:]]
    return lines


def decisions_block(decisions: list[dict[str, Any]]) -> list[str]:
    """Per player, the decisions taken as a `choices:` block to paste into the state and edit."""
    players = [entry for entry in decisions if entry["steps"]]
    if not players:
        return []
    lines = ["", "Decisions (to play it differently, change them in the player's choices and re-run)"]
    for entry in players:
        lines.append(f"  {entry['player']}:")
        lines.append("    choices:")
        by_key: dict[str, list[dict[str, Any]]] = {}
        for step in entry["steps"]:
            by_key.setdefault(step["key"], []).append(step)
        for key, steps in by_key.items():
            if len(steps) == 1:
                lines.append(_commented(f"      {key}: {json.dumps(steps[0]['value'])}", steps[0]))
                continue
            lines.append(f"      {key}:")
            lines += [_commented(f"        - {json.dumps(step['value'])}", step) for step in steps]
    return lines


def _commented(text: str, step: dict[str, Any]) -> str:
    """A line of the block with how the decision was taken, and the runner-up with its projected total."""
    if step["how"] == "recorded":
        why = "recorded"
    elif step["how"] == "only":
        why = "the only legal choice"
    else:
        why = f"default policy, projected total {step['total']}"
        runner = step.get("runner_up")
        if runner is not None:
            why += f"; runner-up {json.dumps(runner['value'])}: {runner['total']}"
    return f"{text:<34} # {why}"
