"""The human-readable report of a scoring result."""

from __future__ import annotations

from typing import Any


def human_report(result: dict[str, Any]) -> str:
    """Every step, grouped by player, then final scoring and standings."""
    lines = [f"Ruleset {result['ruleset']}, after round {result['round']}"]
    events = [e for e in result["events"] if e["kind"] != "final"]
    final_notes = [e for e in result["events"] if e["kind"] == "final"]
    if not events:
        lines.append("  No Emperor scoring after this round.")
    current = None
    for event in events:
        if event["player"] != current:
            current = event["player"]
            lines.append(f"  {current}:" if current else "  Game:")
        lines.append(f"    - {event['text']}")
    if "final" in result:
        final = result["final"]
        sources = list(dict.fromkeys(k for entry in final for k in entry["breakdown"]))
        width = max(8, *(len(e["player"]) for e in final))
        lines.append("")
        lines.append("Final scoring")
        header = f"  {'player':<{width}} {'points':>6} " + " ".join(f"{s:>8}" for s in sources) + f" {'total':>6}"
        lines.append(header)
        for entry in final:
            cells = " ".join(f"{entry['breakdown'].get(s, 0):>8}" for s in sources)
            lines.append(f"  {entry['player']:<{width}} {entry['points']:>6} {cells} {entry['total']:>6}")
        for event in final_notes:
            lines.append(f"  - {event['text']}")
        lines.append("")
        lines.append("Standings")
        for row in result["standings"]:
            lines.append(f"  {row['rank']}. {row['player']}: {row['points']} points (tie-breaker {row['tiebreak']})")
    return "\n".join(lines) + "\n"
