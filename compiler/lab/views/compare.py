"""The comparison report built from the runs' tallies (gah.lab.views.records), and its JSON."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable

from ... import ir
from ..engine.model import Planning, Price
from ..runs import metrics
from ..runs.intervals import Interval, paired_interval, ratio_difference, stdev_difference, wilson_interval
from ..runs.jobs import CHUNK, LabSpec
from ..runs.metrics import Metric
from ..runs.tallies import PlanTally, Tally, pair_key, rate
from ..runs.voice import speaking_id
from .records import (
    Choices,
    CompareReport,
    Difference,
    Differences,
    Json,
    Level,
    OutcomeDifferences,
    Outcomes,
    Planners,
    RulesetRecord,
    Run,
    ScoringDifferences,
    ScoringRecord,
    Summary,
    TileDifferences,
    TileRecord,
    shown,
)

POINTS_DIGITS, RATE_DIGITS = 3, 4  # as the report rounds means and rates
SAME = Interval(0.0, 0.0, 0.0)


def run_record(spec: LabSpec, chunk: int = CHUNK) -> Run:
    """What a spec plays (the head of every lab report)."""
    model = spec.model
    description = model.description_in(speaking_id())  # the reports' language (the JSON keeps what they say)
    return Run(spec.games, spec.players, spec.seed, chunk, model.name, model.source, description, model.planning)


def build_report(spec: LabSpec, tallies: list[Tally]) -> CompareReport:
    """Everything `gah compare` shows (deterministic: no times, no worker count)."""
    rulesets = tuple(
        ruleset_record(ruleset, tally, spec.players, spec.model.planning)
        for ruleset, tally in zip(spec.rulesets, tallies, strict=True)
    )
    return CompareReport(run_record(spec), rulesets, metric_catalogue(spec))


def metric_catalogue(spec: LabSpec) -> tuple[Metric, ...]:
    """Every metric the spec's rulesets have, the first ruleset's in catalogue order, then any the others add."""
    found: dict[str, Metric] = {}
    for ruleset in spec.rulesets:
        for metric in metrics.catalogue([s.round for s in ruleset.scorings], spec.players):
            found.setdefault(metric.name, metric)
    return tuple(found.values())


def _outcomes(counts: Counter[str]) -> Outcomes:
    n = sum(counts.values())
    return Outcomes(n, rate(counts["bonus"], n), rate(counts["nothing"], n), rate(counts["penalty"], n))


def _histogram(counts: Counter[int]) -> tuple[tuple[int, int], ...]:
    return tuple((value, counts[value]) for value in sorted(counts))


def ruleset_record(ruleset: ir.Ruleset, tally: Tally, players: int, planning: Planning) -> RulesetRecord:
    """One ruleset's record from its tally (the first ruleset's tally is the reference's)."""
    tiers = {t.id: t.tier for t in ruleset.tiles}
    tile_ids = sorted(tally.tile_outcomes, key=lambda t: (tiers.get(t, ""), t))
    games = tally.games
    return RulesetRecord(
        name=ruleset.name,
        title=ruleset.title,
        games=games,
        final_total=Summary.of(tally.totals),
        winning_total=Summary.of(tally.winning_totals),
        gap_first_last=Summary.of(tally.gaps),
        difference_from_first=Summary.of(tally.paired),
        winner_change_rate=rate(tally.winner_changes, games),
        tie_rate=rate(tally.top_ties, games),
        shared_win_rate=rate(tally.shared_wins, games),
        seat_win_rate={seat: rate(tally.seat_wins[seat], games) for seat in range(1, players + 1)},
        scorings=tuple(
            ScoringRecord(
                round_,
                Summary.of(tally.track_points[round_]),
                Summary.of(tally.net_points[round_]),
                _outcomes(tally.outcomes[round_]),
            )
            for round_ in sorted(tally.outcomes)
        ),
        tiles=tuple(TileRecord(t, tiers.get(t, ""), _outcomes(tally.tile_outcomes[t])) for t in tile_ids),
        final_total_histogram=_histogram(tally.totals),
        differences=differences(tally, players, tile_ids),
        planning=planners(tally.planning, planning),
        metrics=metrics.values(tally, players),
        level_intervals={
            name: None if found is None else Level(found.estimate, round(found.low, 4), round(found.high, 4))
            for name, found in metrics.level_intervals(tally, players).items()
        },
    )


def metric_differences(tally: Tally, players: int) -> dict[str, Difference | None]:
    """Each metric's difference from the reference with its 95% interval, rounded as its value is."""
    units = {m.name: m for m in metrics.catalogue(metrics.tally_rounds(tally), players)}
    return {name: shown(found, units[name].digits) for name, found in metrics.differences(tally, players).items()}


def differences(tally: Tally, players: int, tile_ids: list[str]) -> Differences:
    """Every mean and rate of a ruleset minus the reference's, with its 95% interval from the paired games
    (gah.lab.runs.intervals); None where there is no pair (a scoring the reference lacks) or under 2 games."""
    games = tally.games
    same = tally.pair_same == games  # the reference's own games: every difference is exactly 0
    assert same or not tally.pair_same, "a ruleset is the reference's own outcome in every game or in none"

    def paired(key: str, per: int, digits: int) -> Difference | None:
        if same:
            return Difference.of(SAME, digits)
        if key not in tally.pair_sums:
            return None
        found = paired_interval(games, tally.pair_sums[key], tally.pair_squares[key])
        return shown(None if found is None else found.scaled(1 / per), digits)

    def per_outcome(found: Callable[[int, str], Difference | None]) -> OutcomeDifferences:
        return OutcomeDifferences(found(0, "bonus"), found(1, "nothing"), found(2, "penalty"))

    def tile_rates(tile: str) -> OutcomeDifferences:
        if same:
            return per_outcome(lambda _index, _name: Difference.of(SAME, RATE_DIGITS))
        moments = tally.pair_tiles[tile]  # per game: bonus, neutral, penalty, scored; then the reference's
        return per_outcome(
            lambda index, _name: shown(ratio_difference(moments.select((index, 3, 4 + index, 7)), games), RATE_DIGITS)
        )

    def scoring(round_: int) -> ScoringDifferences:
        return ScoringDifferences(
            round_,
            paired(pair_key(round_, "emperor"), players, POINTS_DIGITS),
            paired(pair_key(round_, "net"), players, POINTS_DIGITS),
            per_outcome(lambda _index, name: paired(pair_key(round_, name), players, RATE_DIGITS)),
        )

    spread = SAME if same else stdev_difference(tally.pair_spread, games, players)
    tiles = tile_ids if same else [tile for tile in tile_ids if tile in tally.pair_tiles]
    return Differences(
        games=games,
        final_total_mean=paired("total", players, POINTS_DIGITS),
        final_total_stdev=shown(spread, POINTS_DIGITS),
        winning_total_mean=paired("winning", 1, POINTS_DIGITS),
        gap_first_last_mean=paired("gap", 1, POINTS_DIGITS),
        winner_change_rate=shown(wilson_interval(tally.winner_changes, games), RATE_DIGITS),
        tie_rate=paired("tie", 1, RATE_DIGITS),
        shared_win_rate=paired("shared", 1, RATE_DIGITS),
        seat_win_rate={seat: paired(f"seat{seat}", 1, RATE_DIGITS) for seat in range(1, players + 1)},
        scorings=tuple(scoring(round_) for round_ in sorted(tally.outcomes)),
        tiles=tuple(TileDifferences(tile, tile_rates(tile)) for tile in tiles),
        metrics=metric_differences(tally, players),
    )


def _choices(counts: Counter[int], price: Price) -> Choices:
    """Units bought per planner decision: how many decisions, the mean, how often any, the price paid."""
    n = sum(counts.values())
    units = sum(v * c for v, c in counts.items())
    return Choices(
        decisions=n,
        mean=Summary.of(counts).mean,
        buying_rate=rate(n - counts[0], n),
        points_paid_mean=round(units * price.points / n, 3) if n else 0.0,
        krones_paid_mean=round(units * price.krones / n, 3) if n else 0.0,
        histogram=_histogram(counts),
    )


def planners(tally: PlanTally, planning: Planning) -> Planners:
    """What planning players did under one ruleset, and what they bought."""
    return Planners(
        planners=tally.planners,
        planner_share=rate(tally.planners, tally.planners + tally.others),
        planner_total=Summary.of(tally.planner_totals),
        other_total=Summary.of(tally.other_totals),
        planner_win_rate=rate(tally.planner_wins, tally.planners),
        other_win_rate=rate(tally.other_wins, tally.others),
        emperor_steps=tuple((r, _choices(tally.steps[r], planning.step_price)) for r in sorted(tally.steps)),
        cafe_guests=_choices(tally.served, planning.guest_price) if planning.cafe else None,
    )


def to_json(data: Json) -> str:
    """A report's JSON as `--json` prints it."""
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def report_json(report: CompareReport) -> str:
    return to_json(report.as_json())
