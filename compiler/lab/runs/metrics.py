"""The lab's named metrics: one catalogue, with each metric's value under a ruleset and its difference from the
reference with a 95% interval from the paired games.

A metric's name is what `gah sweep --where/--sort` take, what `--csv` heads its columns with and what the
JSON's `metrics` objects are keyed by; the guide defines each (gah docs metrics). Values come from the tallies, rounded as
the report rounds them (rates to 4 digits, points and counts to 3), so a name reads the same number everywhere.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from math import comb, erfc, exp, lgamma, log, pi, sqrt
from typing import Literal

from .intervals import (
    Interval,
    Z,
    delta_interval,
    paired_interval,
    ratio_difference,
    stdev_difference,
    wilson_interval,
)
from .measures import DesignTally, comeback_key, decided_key
from .tallies import Tally, pair_key, rate, summary
from .voice import english, lab_phrase, speaking

Unit = Literal["rate", "points", "count", "p"]  # a rate is a fraction (shown as a percentage); p: a test's p-value
DIGITS: dict[str, int] = {"rate": 4, "points": 3, "count": 3, "p": 4}
SAME = Interval(0.0, 0.0, 0.0)


@dataclass(frozen=True)
class Metric:
    """One named figure of a ruleset's games; its words are two phrases of the `lab` section, its label (a
    table row's words, at most 28 characters) and its definition (one line; gah docs metrics says more), said with
    the round (`{round}`) or seat (`{seat}`) its name holds."""

    name: str
    words: tuple[str, str]  # its label's and its definition's phrase: metric_total_mean_label, ..._definition
    unit: Unit

    @property
    def digits(self) -> int:
        return DIGITS[self.unit]

    def _values(self) -> dict[str, str | int]:
        number = re.search(r"([0-9]+)(?:_wins)?$", self.name)
        return {"round": int(number[1]) if number else 0, "seat": int(number[1]) if number else 0}

    @property
    def label(self) -> str:
        """A table row's words, in the lab's language."""
        return speaking().say(f"lab.{self.words[0]}", None, **self._values())

    @property
    def definition(self) -> str:
        """One line, in the lab's language."""
        return speaking().say(f"lab.{self.words[1]}", None, **self._values())

    @property
    def english_definition(self) -> str:
        """The definition in English: what the JSON keeps (data for scripts, as the ids are)."""
        return english().say(f"lab.{self.words[1]}", None, **self._values())


# Every metric's words: its label's and its definition's `lab` phrase, by kind.
WORDS = {
    "bonus": (lab_phrase("metric_bonus_label"), lab_phrase("metric_bonus_definition")),
    "penalty": (lab_phrase("metric_penalty_label"), lab_phrase("metric_penalty_definition")),
    "seat_wins": (lab_phrase("metric_seat_wins_label"), lab_phrase("metric_seat_wins_definition")),
    "balance": (lab_phrase("metric_balance_label"), lab_phrase("metric_balance_definition")),
    "seat_fairness": (lab_phrase("metric_seat_fairness_label"), lab_phrase("metric_seat_fairness_definition")),
    "comeback": (lab_phrase("metric_comeback_label"), lab_phrase("metric_comeback_definition")),
    "behind": (lab_phrase("metric_behind_label"), lab_phrase("metric_behind_definition")),
    "total_mean": (lab_phrase("metric_total_mean_label"), lab_phrase("metric_total_mean_definition")),
    "total_stdev": (lab_phrase("metric_total_stdev_label"), lab_phrase("metric_total_stdev_definition")),
    "winner_changes": (lab_phrase("metric_winner_changes_label"), lab_phrase("metric_winner_changes_definition")),
    "gap_mean": (lab_phrase("metric_gap_mean_label"), lab_phrase("metric_gap_mean_definition")),
    "tie_rate": (lab_phrase("metric_tie_rate_label"), lab_phrase("metric_tie_rate_definition")),
    "margin": (lab_phrase("metric_margin_label"), lab_phrase("metric_margin_definition")),
    "lead_changes": (lab_phrase("metric_lead_changes_label"), lab_phrase("metric_lead_changes_definition")),
    "drama": (lab_phrase("metric_drama_label"), lab_phrase("metric_drama_definition")),
    "decided": (lab_phrase("metric_decided_label"), lab_phrase("metric_decided_definition")),
    "spread": (lab_phrase("metric_spread_label"), lab_phrase("metric_spread_definition")),
    "emperor_points": (lab_phrase("metric_emperor_points_label"), lab_phrase("metric_emperor_points_definition")),
    "emperor_share": (lab_phrase("metric_emperor_share_label"), lab_phrase("metric_emperor_share_definition")),
    "tile_points": (lab_phrase("metric_tile_points_label"), lab_phrase("metric_tile_points_definition")),
}


def catalogue(rounds: Sequence[int], players: int) -> tuple[Metric, ...]:
    """Every metric of a ruleset with Emperor scorings after `rounds`, for games of `players`, in report order
    (the sweep's first ten, then the designer's)."""
    per_round = [Metric(f"{kind}_r{r}", WORDS[kind], "rate") for r in rounds for kind in ("bonus", "penalty")]
    seats = [Metric(f"seat{s}_wins", WORDS["seat_wins"], "rate") for s in range(1, players + 1)]
    return (
        *per_round,
        *BEFORE_DESIGN,
        Metric("balance", WORDS["balance"], "rate"),
        *seats,
        Metric("seat_fairness", WORDS["seat_fairness"], "p"),
        *TIES_AND_LEAD,
        *_comebacks(rounds),
        *decisiveness(rounds),
        *CONTRIBUTIONS,
    )


def _comebacks(rounds: Sequence[int]) -> list[Metric]:
    """For each Emperor scoring: how often the winner was behind then, and by how much."""
    return [
        metric
        for r in rounds
        for metric in (
            Metric(f"comeback_r{r}", WORDS["comeback"], "rate"),
            Metric(f"behind_r{r}", WORDS["behind"], "points"),
        )
    ]


BEFORE_DESIGN = (
    Metric("total_mean", WORDS["total_mean"], "points"),
    Metric("total_stdev", WORDS["total_stdev"], "points"),
    Metric("winner_changes", WORDS["winner_changes"], "rate"),
    Metric("gap_mean", WORDS["gap_mean"], "points"),
)
TIES_AND_LEAD = (
    Metric("tie_rate", WORDS["tie_rate"], "rate"),
    Metric("margin", WORDS["margin"], "points"),
    Metric("lead_changes", WORDS["lead_changes"], "count"),
    Metric("drama", WORDS["drama"], "rate"),
)


def decisiveness(rounds: Sequence[int]) -> list[Metric]:
    """decided_rN: the games decided by the Emperor scoring after round N (gah.lab.runs.measures.decided)."""
    return [Metric(f"decided_r{r}", WORDS["decided"], "rate") for r in rounds]


CONTRIBUTIONS = (
    Metric("spread", WORDS["spread"], "points"),
    Metric("emperor_points", WORDS["emperor_points"], "points"),
    Metric("emperor_share", WORDS["emperor_share"], "rate"),
    Metric("tile_points", WORDS["tile_points"], "points"),
)


def find(name: str, metrics: Sequence[Metric]) -> Metric | None:
    return next((metric for metric in metrics if metric.name == name), None)


def metric_of(name: str) -> Metric:
    """The metric of a name (the round or seat in it read from the name); KeyError for an unknown name."""
    round_ = re.search(r"_r([0-9]+)$", name)
    seat = re.fullmatch(r"seat([0-9]+)_wins", name)
    found = find(name, catalogue([int(round_[1])] if round_ else [], int(seat[1]) if seat else 2))
    if found is None:
        raise KeyError(name)
    return found


def metric_unit(name: str) -> Unit:
    return metric_of(name).unit


def metric_label(name: str) -> str:
    return metric_of(name).label


def tally_rounds(tally: Tally) -> list[int]:
    """The rounds of a tally's Emperor scorings (as the report lists them)."""
    return sorted(tally.outcomes)


def values(tally: Tally, players: int) -> dict[str, float]:
    """Every metric of one ruleset's games, by name, in catalogue order."""
    design = tally.design
    games, rounds = tally.games, tally_rounds(tally)
    wins = [tally.seat_wins[seat] for seat in range(1, players + 1)]
    found: dict[str, float] = {}
    for round_ in rounds:
        counts = tally.outcomes[round_]
        found[f"bonus_r{round_}"] = rate(counts["bonus"], sum(counts.values()))
        found[f"penalty_r{round_}"] = rate(counts["penalty"], sum(counts.values()))
    totals = summary(tally.totals)
    found["total_mean"], found["total_stdev"] = totals["mean"], totals["stdev"]
    found["winner_changes"] = rate(tally.winner_changes, games)
    found["gap_mean"] = summary(tally.gaps)["mean"]
    found["balance"] = round(1 - (max(wins) - min(wins)) / games, 4) if games else 0.0
    found.update({f"seat{seat}_wins": rate(won, games) for seat, won in enumerate(wins, 1)})
    found["seat_fairness"] = round(seat_fairness(wins), 4)
    found["tie_rate"] = rate(tally.top_ties, games)
    found["margin"] = summary(design.margins)["mean"]
    found["lead_changes"] = summary(design.lead_changes)["mean"]
    found["drama"] = rate(design.drama, games)
    for round_ in rounds:
        found[f"comeback_r{round_}"] = rate(design.comebacks[round_], games)
        found[f"behind_r{round_}"] = _mean(design.behind[round_], design.comebacks[round_])
    for round_ in rounds:
        found[f"decided_r{round_}"] = rate(design.decided[round_], games)
    found["spread"] = _mean(design.pair_gaps, games * comb(players, 2))
    found["emperor_points"] = _mean(design.emperor, games * players)
    found["emperor_share"] = rate(design.emperor, design.total)
    found["tile_points"] = _mean(design.tiles, games * players)
    return found


def _mean(total: int, count: int) -> float:
    return round(total / count, 3) if count else 0.0


def differences(tally: Tally, players: int) -> dict[str, Interval | None]:
    """Every metric's difference from the reference with its 95% interval (gah.lab.runs.intervals), by name;
    None where there is no pair (a scoring the reference lacks) or too few games."""
    games, design = tally.games, tally.design
    same = tally.pair_same == games  # the reference's own games: every difference is exactly 0

    def paired(sums: dict[str, int], squares: dict[str, int], key: str, per: int) -> Interval | None:
        if same:
            return SAME
        if key not in sums:
            return None
        found = paired_interval(games, sums[key], squares[key])
        return None if found is None else found.scaled(1 / per)

    mine, theirs = tally.pair_sums, tally.pair_squares
    ours, squares = design.pair_sums, design.pair_squares
    found: dict[str, Interval | None] = {}
    for round_ in tally_rounds(tally):
        found[f"bonus_r{round_}"] = paired(mine, theirs, pair_key(round_, "bonus"), players)
        found[f"penalty_r{round_}"] = paired(mine, theirs, pair_key(round_, "penalty"), players)
    found["total_mean"] = paired(mine, theirs, "total", players)
    found["total_stdev"] = SAME if same else stdev_difference(tally.pair_spread, games, players)
    found["winner_changes"] = wilson_interval(tally.winner_changes, games)
    found["gap_mean"] = paired(mine, theirs, "gap", 1)
    found["balance"] = SAME if same else balance_difference(tally, players)
    found.update({f"seat{s}_wins": paired(mine, theirs, f"seat{s}", 1) for s in range(1, players + 1)})
    found["seat_fairness"] = None  # a p-value: each ruleset's own test, no difference to take
    found["tie_rate"] = paired(mine, theirs, "tie", 1)
    found["margin"] = paired(ours, squares, "margin", 1)
    found["lead_changes"] = paired(ours, squares, "lead_changes", 1)
    found["drama"] = paired(ours, squares, "drama", 1)
    for round_ in tally_rounds(tally):
        found[f"comeback_r{round_}"] = paired(ours, squares, comeback_key(round_), 1)
        found[f"behind_r{round_}"] = SAME if same else _behind_difference(design, games, round_)
    for round_ in tally_rounds(tally):
        found[f"decided_r{round_}"] = paired(ours, squares, decided_key(round_), 1)
    found["spread"] = paired(ours, squares, "pair_gaps", comb(players, 2))
    found["emperor_points"] = paired(ours, squares, "emperor", players)
    found["emperor_share"] = SAME if same else ratio_difference(design.pair_shares.select((0, 2, 3, 5)), games)
    found["tile_points"] = paired(ours, squares, "tiles", players)
    return found


def _behind_difference(design: DesignTally, games: int, round_: int) -> Interval | None:
    moments = design.pair_behind.get(round_)
    return None if moments is None else ratio_difference(moments, games)


def balance_difference(tally: Tally, players: int) -> Interval | None:
    """Balance minus the reference's: the reference's gap between its most and least winning seats minus this
    ruleset's between its own. Its interval holds those seats fixed (the seat that wins most, and least, under
    each; ties to the lower seat) and is the paired interval of that difference of per-game win indicators."""
    moments, games = tally.design.pair_seats, tally.games
    if moments is None or moments.size != 2 * players:
        return None
    wins, theirs = moments.sums[:players], moments.sums[players:]  # seat wins here and under the reference
    most, least = wins.index(max(wins)), wins.index(min(wins))
    most0, least0 = theirs.index(max(theirs)), theirs.index(min(theirs))
    gradient = [0.0] * (2 * players)
    gradient[most] -= 1.0
    gradient[least] += 1.0
    gradient[players + most0] += 1.0
    gradient[players + least0] -= 1.0
    estimate = ((theirs[most0] - theirs[least0]) - (wins[most] - wins[least])) / games
    return delta_interval(moments, games, estimate, gradient)


def chi_square_survival(statistic: float, freedom: int) -> float:
    """P(X >= statistic) for X chi-square with `freedom` degrees of freedom (1 to 3 seats' worth: closed forms;
    more by the regularised gamma series)."""
    x = max(0.0, statistic)
    if freedom == 1:
        return erfc(sqrt(x / 2))
    if freedom == 2:
        return exp(-x / 2)
    if freedom == 3:
        return erfc(sqrt(x / 2)) + sqrt(2 * x / pi) * exp(-x / 2)
    a, term = freedom / 2, 1.0 / (freedom / 2)  # lower regularised gamma P(a, x/2) by its series
    total, k = term, 1
    while term > 1e-15 * total and k < 10_000:
        term *= (x / 2) / (a + k)
        total += term
        k += 1
    return max(0.0, 1.0 - total * exp(-x / 2 + a * log(x / 2) - lgamma(a))) if x > 0 else 1.0


def seat_fairness(wins: Sequence[int]) -> float:
    """The chi-square test that every seat wins as often: its p-value (1.0 without wins)."""
    total = sum(wins)
    if not total:
        return 1.0
    expected = total / len(wins)
    statistic = sum((won - expected) ** 2 / expected for won in wins)
    return chi_square_survival(statistic, len(wins) - 1)


def level_intervals(tally: Tally, players: int) -> dict[str, Interval | None]:
    """The 95% intervals of the levels read as a verdict: each seat's win rate (Wilson) and balance (normal, the
    seats that win most and least held fixed: the gap's per-game indicator difference has variance
    p_most + p_least - (p_most - p_least)^2; balance drifts up with noise, seat_fairness is the test)."""
    games = tally.games
    wins = [tally.seat_wins[seat] for seat in range(1, players + 1)]
    found: dict[str, Interval | None] = {
        f"seat{seat}_wins": wilson_interval(won, games) for seat, won in enumerate(wins, 1)
    }
    if games < 2:
        found["balance"] = None
        return found
    most, least = max(wins) / games, min(wins) / games
    level = 1 - (most - least)
    half = Z * sqrt(max(0.0, most + least - (most - least) ** 2) / games)
    found["balance"] = Interval(level, max(0.0, level - half), min(1.0, level + half))
    return found


def is_rate(metric: str) -> bool:
    return metric_unit(metric) == "rate"
