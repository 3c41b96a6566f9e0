"""The table of `gah compare A B --states FILE...`: per state, a row per player and a column per ruleset, then
the differences in words (gah.lab.runs.states scores them)."""

from __future__ import annotations

from ..runs.voice import say
from .records import Json
from .rows import outcome_word
from .textfit import GAP, blocks, wrap


def states_text(report: Json) -> str:
    """One table per state: a row per player, a column per ruleset; then the differences in words."""
    names: list[str] = report["rulesets"]
    lines: list[str] = []
    for entry in report["states"]:
        lines.extend(wrap(say("state_head", file=entry["file"], round=entry["round"])))
        players: list[str] = []
        for result in entry["results"]:
            players.extend(p["player"] for p in result.get("players", []) if p["player"] not in players)
        table: list[list[str]] = [[say("state_player"), *names]]
        for player in players:
            row = [player]
            for result in entry["results"]:
                if "error" in result:
                    row.append(say("state_cannot_score"))
                    continue
                found = next(p for p in result["players"] if p["player"] == player)
                if "total" in found:
                    cell = say("state_total", total=found["total"], rank=found["rank"])
                else:
                    cell = say("state_points", found["points"])
                if "outcome" in found:
                    cell += f", {outcome_word(found['outcome'])}"
                row.append(cell)
            table.append(row)
        lines.extend(_blocks(table))
        for result in entry["results"]:
            if "error" in result:
                lines.extend(wrap(say("state_error", ruleset=result["ruleset"], error=result["error"]), "  ", "    "))
        if entry["differences"]:
            lines.append("  " + say("state_differences"))
            lines.extend(line for sentence in entry["differences"] for line in wrap(sentence, "  - ", "    "))
        elif all("error" not in r for r in entry["results"]):
            lines.append("  " + say("state_no_differences"))
        lines.append("")
    return "\n".join(lines)


def _blocks(table: list[list[str]]) -> list[str]:
    """A state's table, its ruleset columns cut into blocks that fit textfit.WIDTH (the first in each)."""
    widths = [max(len(r[i]) for r in table) for i in range(len(table[0]))]
    lines: list[str] = []
    for number, columns in enumerate(blocks(2 + widths[0], widths[1:])):
        lines.extend([""] if number else [])
        for row in table:
            cells = [row[0].ljust(widths[0]), *(row[1 + i].ljust(widths[1 + i]) for i in columns)]
            lines.append(("  " + GAP.join(cells)).rstrip())
    return lines
