"""The designer's figures of one game, and their tallies: how the lead moves, comebacks, the margin, the spread
of totals and what the Emperor scorings give (defined in the guide: gah docs metrics).

Every figure of a game is an integer read from its Outcome (the standings after each Emperor scoring and the
final totals), so the tallies are integer sums that merge exactly in any grouping, like gah.lab.runs.tallies.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from ..engine.game import Outcome
from .intervals import Moments


def leaders(points: Sequence[int]) -> frozenset[int]:
    """The seats (from 0) with the most points: one player, or every player tied for the lead."""
    best = max(points)
    return frozenset(seat for seat, value in enumerate(points) if value == best)


def lead_changes(standings: Sequence[Sequence[int]]) -> int:
    """How often the lead changes from one standings to the next: a change is a step after which nobody who
    led before (alone or tied) leads (alone or tied); a tie that keeps a leader among the leaders is none."""
    found = 0
    before = leaders(standings[0]) if standings else frozenset()
    for points in standings[1:]:
        now = leaders(points)
        found += not before & now
        before = now
    return found


def decided(standings: Sequence[Sequence[int]], winners: frozenset[int]) -> int:
    """The checkpoint that decided the game: the index (from 0) of the first Emperor scoring's standings after
    which the one winner led alone at every later Emperor scoring; len(standings) (the final scoring) when the
    winner did not lead alone after the last one, or the game has several winners (a shared win is decided only
    by the final scoring). Leading alone: more points than every other player (a tie for the lead is not held)."""
    if len(winners) != 1:
        return len(standings)
    (winner,) = winners
    found = len(standings)
    for index in range(len(standings) - 1, -1, -1):
        points = standings[index]
        if any(value >= points[winner] for seat, value in enumerate(points) if seat != winner):
            break
        found = index
    return found


def drama(standings: Sequence[Sequence[int]], totals: Sequence[int]) -> int:
    """1 when the final scoring changed the lead: nobody who led after the last Emperor scoring (alone or tied)
    has the best final total (alone or tied); 0 otherwise, and without Emperor scorings (lead_changes' rule,
    on its last step)."""
    return lead_changes([standings[-1], totals]) if standings else 0


def behind(points: Sequence[int], winners: frozenset[int]) -> int:
    """How many points the final winners' best placed player had fewer than the leader at these standings
    (0: a winner led, alone or tied)."""
    return max(points) - max(points[seat] for seat in winners)


def margin(totals: Sequence[int]) -> int:
    """The best final total minus the second best (0 on a tie on top)."""
    best, second = sorted(totals, reverse=True)[:2]
    return best - second


def pair_gaps(totals: Sequence[int]) -> int:
    """The sum, over every two players of a game, of the difference between their final totals."""
    ordered = sorted(totals)
    # Sorted, the i-th lowest total is above i others and below the rest: sum of (2i - n + 1) * total.
    count = len(ordered)
    return sum((2 * index - count + 1) * total for index, total in enumerate(ordered))


class GameFigures(NamedTuple):
    """The designer's figures of one game under one ruleset (all integers)."""

    lead_changes: int  # over the standings after each Emperor scoring, then the final totals
    margin: int
    pair_gaps: int
    emperor: int  # every player's points from every Emperor scoring (after minus before)
    tiles: int  # the part of `emperor` beyond the points under the markers: tiles' bonuses and penalties
    total: int  # every player's final total
    behind: tuple[tuple[int, int], ...]  # per Emperor scoring: (round, how far the winner was behind there)
    seats: tuple[int, ...]  # per seat: 1 if it won (a shared win counts for each), else 0
    decided: tuple[int, ...]  # the rounds of the Emperor scorings by which the game was decided (decided())
    drama: int  # 1 if the final scoring changed the lead (drama())


def figures(outcome: Outcome) -> GameFigures:
    """The designer's figures of a game."""
    totals, winners, scorings = outcome.totals, outcome.winners, outcome.scorings
    emperor = sum([sum(scoring.net) for scoring in scorings])
    track = sum([sum(scoring.track_points) for scoring in scorings])
    standings = [scoring.points for scoring in scorings]
    return GameFigures(
        lead_changes([*standings, totals]),
        margin(totals),
        pair_gaps(totals),
        emperor,
        emperor - track,
        sum(totals),
        tuple([(scoring.round, behind(scoring.points, winners)) for scoring in scorings]),
        tuple([int(seat in winners) for seat in range(len(totals))]),
        tuple([scoring.round for scoring in scorings[decided(standings, winners) :]]),
        drama(standings, totals),
    )


PAIRED = ("lead_changes", "margin", "pair_gaps", "emperor", "tiles", "drama")  # GameFigures fields paired game by game


def comeback_key(round_: int) -> str:
    """The DesignTally.pair_sums key of "the winner was behind after round N"."""
    return f"comeback_r{round_}"


def decided_key(round_: int) -> str:
    """The DesignTally.pair_sums key of "the game was decided by the Emperor scoring after round N"."""
    return f"decided_r{round_}"


@dataclass
class DesignTally:
    """The designer's figures of many games under one ruleset, and their differences from the first ruleset's
    in the same games (for the 95% intervals, gah.lab.runs.intervals)."""

    games: int = 0
    lead_changes: Counter[int] = field(default_factory=Counter)  # lead changes in a game -> games
    margins: Counter[int] = field(default_factory=Counter)  # best minus second best -> games
    pair_gaps: int = 0  # summed over games
    emperor: int = 0
    tiles: int = 0
    total: int = 0
    comebacks: Counter[int] = field(default_factory=Counter)  # scoring round -> games the winner was behind there
    behind: Counter[int] = field(default_factory=Counter)  # scoring round -> points behind, summed over those games
    decided: Counter[int] = field(default_factory=Counter)  # scoring round -> games decided by that scoring
    drama: int = 0  # games whose final scoring changed the lead
    # Paired with the first ruleset, game by game: sums and sums of squares of the differences (PAIRED, comebacks).
    pair_sums: Counter[str] = field(default_factory=Counter)
    pair_squares: Counter[str] = field(default_factory=Counter)
    # Scoring round -> per game: (points behind, behind or not) here, then under the first ruleset; only the
    # games where one of them is behind (the others add nothing).
    pair_behind: dict[int, Moments] = field(default_factory=dict)
    # Per game: (emperor, tiles, total) here, then under the first ruleset.
    pair_shares: Moments = field(default_factory=lambda: Moments(6))
    # Per game: each seat's win here, then under the first ruleset (made at the first game: its size is 2 seats).
    pair_seats: Moments | None = None

    def add_games(self, outcomes: Sequence[Outcome], firsts: Sequence[Outcome]) -> None:
        """Count games; `firsts[i]` is game i under the first ruleset (the same object: nothing is paired).

        Equal differences and equal vectors are counted first and each added once, times its count: the same
        integers as adding them game by game, sooner."""
        differences: Counter[tuple[str, int]] = Counter()
        behind: dict[int, Counter[tuple[int, ...]]] = {}
        shares: Counter[tuple[int, ...]] = Counter()
        seats: Counter[tuple[int, ...]] = Counter()
        for outcome, first in zip(outcomes, firsts, strict=True):
            mine = figures(outcome)
            self._add(mine)
            if outcome is first:
                continue
            theirs = figures(first)
            differences.update([(key, getattr(mine, key) - getattr(theirs, key)) for key in PAIRED])
            there_by_round = dict(theirs.behind)
            for round_, points in mine.behind:
                there = there_by_round.get(round_)
                if there is None:
                    continue
                differences[comeback_key(round_), (points > 0) - (there > 0)] += 1
                if points or there:
                    behind.setdefault(round_, Counter())[points, int(points > 0), there, int(there > 0)] += 1
            decided_there = set(theirs.decided)
            for round_ in (r for r, _points in mine.behind if r in there_by_round):
                differences[decided_key(round_), (round_ in mine.decided) - (round_ in decided_there)] += 1
            shares[mine.emperor, mine.tiles, mine.total, theirs.emperor, theirs.tiles, theirs.total] += 1
            seats[mine.seats + theirs.seats] += 1
        for (key, difference), games in differences.items():
            self.pair_sums[key] += difference * games
            self.pair_squares[key] += difference * difference * games
        for round_, vectors in behind.items():
            moments = self.pair_behind.setdefault(round_, Moments(4))
            for vector, games in vectors.items():
                moments.add(vector, games)
        for vector, games in shares.items():
            self.pair_shares.add(vector, games)
        for vector, games in seats.items():
            if self.pair_seats is None:
                self.pair_seats = Moments(len(vector))
            self.pair_seats.add(vector, games)

    def _add(self, mine: GameFigures) -> None:
        self.games += 1
        self.lead_changes[mine.lead_changes] += 1
        self.margins[mine.margin] += 1
        self.pair_gaps += mine.pair_gaps
        self.emperor += mine.emperor
        self.tiles += mine.tiles
        self.total += mine.total
        for round_, points in mine.behind:
            if points:
                self.comebacks[round_] += 1
                self.behind[round_] += points
        self.decided.update(mine.decided)
        self.drama += mine.drama

    def merge(self, other: DesignTally) -> None:
        for name in ("games", "pair_gaps", "emperor", "tiles", "total", "drama"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        for counter in ("lead_changes", "margins", "comebacks", "behind", "decided", "pair_sums", "pair_squares"):
            getattr(self, counter).update(getattr(other, counter))
        for round_, moments in other.pair_behind.items():
            self.pair_behind.setdefault(round_, Moments(4)).merge(moments)
        self.pair_shares.merge(other.pair_shares)
        if other.pair_seats is not None:
            if self.pair_seats is None:
                self.pair_seats = Moments(other.pair_seats.size)
            self.pair_seats.merge(other.pair_seats)
