"""A saved run (`gah compare --json`, `gah sweep --json`) read back into the records its views render, with no
replay: `gah report RUN.json` prints the text, CSV or HTML the run would have printed, byte for byte.

Each reader is the inverse of a record's `as_json` (gah.lab.views.records); a metric's words come from the
catalogue by its name (gah.lab.runs.metrics), its unit and definition from the file.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..engine.model import Planning, Price
from ..runs.metrics import Metric, metric_of
from ..runs.voice import say
from .records import (
    COMPARE_FORMAT,
    SWEEP_FORMAT,
    Choices,
    CompareReport,
    Difference,
    Differences,
    Level,
    OutcomeDifferences,
    Outcomes,
    Planners,
    RulesetRecord,
    Run,
    ScoringDifferences,
    ScoringRecord,
    Summary,
    SweepAxis,
    SweepPoint,
    SweepReport,
    TileDifferences,
    TileRecord,
)

Data = dict[str, Any]


class NotARun(ValueError):
    """The file is not a saved lab run this gah reads (its format is named)."""


def _summary(data: Data) -> Summary:
    return Summary(data["n"], data["mean"], data["stdev"], data["min"], data["max"], dict(data["percentiles"]))


def _outcomes(data: Data) -> Outcomes:
    return Outcomes(data["n"], data["bonus"], data["nothing"], data["penalty"])


def _difference(data: Data | None) -> Difference | None:
    if data is None:
        return None
    return Difference(data["estimate"], data["low"], data["high"], data["within_noise"])


def _outcome_differences(data: Data) -> OutcomeDifferences:
    return OutcomeDifferences(_difference(data["bonus"]), _difference(data["nothing"]), _difference(data["penalty"]))


def _differences(data: Data) -> Differences:
    return Differences(
        games=data["games"],
        final_total_mean=_difference(data["final_total_mean"]),
        final_total_stdev=_difference(data["final_total_stdev"]),
        winning_total_mean=_difference(data["winning_total_mean"]),
        gap_first_last_mean=_difference(data["gap_first_last_mean"]),
        winner_change_rate=_difference(data["winner_change_rate"]),
        tie_rate=_difference(data["tie_rate"]),
        shared_win_rate=_difference(data["shared_win_rate"]),
        seat_win_rate={int(seat): _difference(found) for seat, found in data["seat_win_rate"].items()},
        scorings=tuple(
            ScoringDifferences(
                s["round"],
                _difference(s["emperor_points_mean"]),
                _difference(s["net_points_mean"]),
                _outcome_differences(s),
            )
            for s in data["scorings"]
        ),
        tiles=tuple(TileDifferences(t["tile"], _outcome_differences(t)) for t in data["tiles"]),
        metrics={name: _difference(found) for name, found in data["metrics"].items()},
    )


def _histogram(pairs: list[list[int]]) -> tuple[tuple[int, int], ...]:
    return tuple((value, count) for value, count in pairs)


def _choices(data: Data) -> Choices:
    return Choices(
        data["decisions"],
        data["mean"],
        data["buying_rate"],
        data["points_paid_mean"],
        data["krones_paid_mean"],
        _histogram(data["histogram"]),
    )


def _planners(data: Data) -> Planners:
    return Planners(
        planners=data["planners"],
        planner_share=data["planner_share"],
        planner_total=_summary(data["planner_total"]),
        other_total=_summary(data["other_total"]),
        planner_win_rate=data["planner_win_rate"],
        other_win_rate=data["other_win_rate"],
        emperor_steps=tuple((step["round"], _choices(step)) for step in data["emperor_steps"]),
        cafe_guests=None if data["cafe_guests"] is None else _choices(data["cafe_guests"]),
    )


def _level(data: Data | None) -> Level | None:
    return None if data is None else Level(data["value"], data["low"], data["high"])


def _ruleset(data: Data) -> RulesetRecord:
    return RulesetRecord(
        name=data["name"],
        title=data["title"],
        games=data["games"],
        final_total=_summary(data["final_total"]),
        winning_total=_summary(data["winning_total"]),
        gap_first_last=_summary(data["gap_first_last"]),
        difference_from_first=_summary(data["difference_from_first"]),
        winner_change_rate=data["winner_change_rate"],
        tie_rate=data["tie_rate"],
        shared_win_rate=data["shared_win_rate"],
        seat_win_rate={int(seat): found for seat, found in data["seat_win_rate"].items()},
        scorings=tuple(
            ScoringRecord(
                s["round"], _summary(s["emperor_points"]), _summary(s["net_points"]), _outcomes(s["outcomes"])
            )
            for s in data["scorings"]
        ),
        tiles=tuple(TileRecord(t["tile"], t["tier"], _outcomes(t["outcomes"])) for t in data["tiles"]),
        final_total_histogram=_histogram(data["final_total_histogram"]),
        differences=_differences(data["differences"]),
        planning=_planners(data["planning"]),
        metrics=dict(data["metrics"]),
        level_intervals={name: _level(found) for name, found in data["level_intervals"].items()},
    )


def _price(data: Data) -> Price:
    return Price(data["points"], data["krones"])


def _run(data: Data) -> Run:
    planning, model = data["planning"], data["model"]
    cafe = planning["cafe_guests"]
    return Run(
        games=data["games"],
        players=data["players"],
        seed=data["seed"],
        chunk=data["chunk"],
        model=model["name"],
        model_file=model["file"],
        model_description=model["description"],
        planning=Planning(
            share=planning["share"],
            mistakes=planning["mistakes"],
            temperature=planning["temperature"],
            step_limit=planning["emperor_steps"]["limit"],
            step_price=_price(planning["emperor_steps"]["price"]),
            cafe=cafe is not None,
            guest_price=_price(cafe["price"]) if cafe is not None else Price(),
            fixed=planning["fixed"],
        ),
    )


def _metrics(data: Data) -> tuple[Metric, ...]:
    """The metrics a run names (its words the catalogue's, in the workspace's language; the JSON keeps English)."""
    return tuple(replace(metric_of(name), unit=found["unit"]) for name, found in data.items())


def compare_report(data: Data) -> CompareReport:
    """The CompareReport a `gah compare --json` file holds."""
    return CompareReport(
        _run(data), tuple(_ruleset(entry) for entry in data["rulesets"]), _metrics(data["metric_definitions"])
    )


def sweep_report(data: Data) -> SweepReport:
    """The SweepReport a `gah sweep --json` file holds."""
    return SweepReport(
        run=_run(data),
        start=data["start"],
        vary=tuple(SweepAxis(a["path"], tuple(a["values"]), a["start"], a.get("run", False)) for a in data["vary"]),
        start_metrics=dict(data["start_metrics"]),
        points=tuple(_sweep_point(p) for p in data["points"]),
        definitions=_metrics(data["metric_definitions"]),
        starts=tuple(_sweep_point(p) for p in data.get("starts", [])),
    )


def _sweep_point(p: Data) -> SweepPoint:
    if not p["valid"]:
        return SweepPoint(dict(p["values"]), False, tuple(p["problems"]))
    differences = {n: _difference(d) for n, d in p["differences"].items()}
    return SweepPoint(dict(p["values"]), True, (), dict(p["metrics"]), differences)


def saved_report(data: object) -> CompareReport | SweepReport:
    """The report a saved run holds, by its format (NotARun for anything else)."""
    kind = data.get("format") if isinstance(data, dict) else None
    try:
        if kind == COMPARE_FORMAT:
            return compare_report(data)  # type: ignore[arg-type]
        if kind == SWEEP_FORMAT:
            return sweep_report(data)  # type: ignore[arg-type]
    except (KeyError, TypeError, ValueError) as error:
        raise NotARun(say("run_malformed", kind=str(kind), error=f"{type(error).__name__}: {error}")) from None
    raise NotARun(say("not_a_run", kind=repr(kind), compare=COMPARE_FORMAT, sweep=SWEEP_FORMAT))
