"""Facts derived from the rules data for the sheets: pure functions, no wording.

The main one answers a player's question before an Emperor scoring: "where must my marker be now to
get the bonus, and to avoid the penalty?" A marker moved back `m` spaces from space `s` lands on
`max(s - m, 0)`; the zone it lands in decides. With the usual track (zones in the order penalty,
nothing, bonus) that gives "space N or more" with N = first bonus space + move-back and M = first
space without a penalty + move-back, provided that space exists (the marker never passes the cap).
The functions below compute the exact sets of spaces, so odd tracks are described truthfully too.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .. import ir


def landing(space: int, move_back: int) -> int:
    """Where a marker on `space` lands after moving back `move_back` spaces (never below 0)."""
    return max(space - move_back, 0)


@dataclass(frozen=True)
class Need:
    """Before the scoring after `round`: the spaces that give the bonus and those that avoid the penalty."""

    round: int
    tier: str
    move_back: int
    last_space: int
    bonus_spaces: tuple[int, ...]
    safe_spaces: tuple[int, ...]

    @property
    def bonus_from(self) -> int | None:
        """N: bonus from space N up to the cap, or None if no space gives the bonus or they are not a run to the cap."""
        return threshold(self.bonus_spaces, self.last_space)

    @property
    def safe_from(self) -> int | None:
        """M: no penalty from space M up to the cap (same caveats as bonus_from)."""
        return threshold(self.safe_spaces, self.last_space)


def threshold(spaces: Sequence[int], last_space: int) -> int | None:
    """N if `spaces` is exactly N, N+1, ..., last_space; otherwise None."""
    if not spaces or spaces[-1] != last_space:
        return None
    first = spaces[0]
    return first if tuple(spaces) == tuple(range(first, last_space + 1)) else None


def ranges(spaces: Sequence[int]) -> tuple[tuple[int, int], ...]:
    """Consecutive runs of sorted spaces, as (first, last) pairs."""
    runs: list[tuple[int, int]] = []
    for space in spaces:
        if runs and runs[-1][1] == space - 1:
            runs[-1] = (runs[-1][0], space)
        else:
            runs.append((space, space))
    return tuple(runs)


def need(track: ir.Track, scoring: ir.EmperorScoring) -> Need:
    """The Need of one Emperor scoring on `track`."""
    spaces = range(track.last_space + 1)
    outcomes = {s: track.zone_of(landing(s, scoring.move_back)).outcome for s in spaces}
    return Need(
        round=scoring.round,
        tier=scoring.tier,
        move_back=scoring.move_back,
        last_space=track.last_space,
        bonus_spaces=tuple(s for s in spaces if outcomes[s] == "bonus"),
        safe_spaces=tuple(s for s in spaces if outcomes[s] != "penalty"),
    )


def needs(track: ir.Track, scorings: Sequence[ir.EmperorScoring]) -> tuple[Need, ...]:
    """The Need of every Emperor scoring, in round order."""
    return tuple(need(track, s) for s in sorted(scorings, key=lambda s: s.round))


def has_outcome(track: ir.Track, outcome: ir.Outcome) -> bool:
    return any(zone.outcome == outcome for zone in track.zones)
