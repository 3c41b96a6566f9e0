"""The comparison as data (for --json) and as a terminal table."""

from __future__ import annotations

import json
from typing import Any

from compiler.lab import planning_report
from compiler.lab.intervals import (
    LEVEL,
    METHODS,
    Interval,
    paired_interval,
    ratio_difference,
    stdev_difference,
    wilson_interval,
)
from compiler.lab.runner import CHUNK, LabSpec
from compiler.lab.stats import OUTCOME_WORDS, OUTCOMES, Tally, histogram, outcome_rates, pair_key, rate, summary

FORMAT = "gah-compare/1"


def run_fields(spec: LabSpec) -> dict[str, Any]:
    """What was played: the games, players, seed, chunk size and model (the head of every lab report)."""
    return {
        "games": spec.games,
        "players": spec.players,
        "seed": spec.seed,
        "chunk": CHUNK,
        "model": {"name": spec.model.name, "file": spec.model.source, "description": spec.model.description},
        "planning": planning_report.model_fields(spec.model.planning),
    }


def build_report(spec: LabSpec, tallies: list[Tally]) -> dict[str, Any]:
    """Everything `gah compare` shows, as plain JSON-ready data (deterministic: no times, no worker count)."""
    rulesets = []
    for ruleset, tally in zip(spec.rulesets, tallies, strict=True):
        tiers = {t.id: t.tier for t in ruleset.tiles}
        tile_ids = sorted(tally.tile_outcomes, key=lambda t: (tiers.get(t, ""), t))
        rulesets.append(
            {
                "name": ruleset.name,
                "title": ruleset.title,
                "games": tally.games,
                "final_total": summary(tally.totals),
                "winning_total": summary(tally.winning_totals),
                "gap_first_last": summary(tally.gaps),
                "difference_from_first": summary(tally.paired),
                "winner_change_rate": rate(tally.winner_changes, tally.games),
                "tie_rate": rate(tally.top_ties, tally.games),
                "shared_win_rate": rate(tally.shared_wins, tally.games),
                "seat_win_rate": {
                    str(seat): rate(tally.seat_wins[seat], tally.games) for seat in range(1, spec.players + 1)
                },
                "scorings": [
                    {
                        "round": round_,
                        "emperor_points": summary(tally.track_points[round_]),
                        "net_points": summary(tally.net_points[round_]),
                        "outcomes": outcome_rates(tally.outcomes[round_]),
                    }
                    for round_ in sorted(tally.outcomes)
                ],
                "tiles": [
                    {"tile": tile, "tier": tiers.get(tile, ""), "outcomes": outcome_rates(tally.tile_outcomes[tile])}
                    for tile in tile_ids
                ],
                "final_total_histogram": histogram(tally.totals),
                "differences": differences(tally, spec.players, tile_ids),
                "planning": planning_report.ruleset_fields(tally.planning, spec.model.planning),
            }
        )
    return {
        "format": FORMAT,
        **run_fields(spec),
        "reference": spec.rulesets[0].name,
        "intervals": {"level": LEVEL, "methods": METHODS},
        "rulesets": rulesets,
    }


# --- the differences from the reference, with their 95% intervals ----------------------------

POINTS_DIGITS, RATE_DIGITS = 3, 4  # as the report rounds means and rates
SAME = Interval(0.0, 0.0, 0.0)


def _shown(found: Interval | None, digits: int) -> dict[str, Any] | None:
    return None if found is None else found.as_json(digits)


def differences(tally: Tally, players: int, tile_ids: list[str]) -> dict[str, Any]:
    """Every mean and rate of a ruleset minus the reference's, with its 95% interval from the paired games
    (compiler.lab.intervals); null where there is no pair (a scoring the reference lacks) or under 2 games."""
    games = tally.games
    same = tally.pair_same == games  # the reference's own games: every difference is exactly 0
    assert same or not tally.pair_same, "a ruleset is the reference's own outcome in every game or in none"

    def paired(key: str, per: int, digits: int) -> dict[str, Any] | None:
        if same:
            return SAME.as_json(digits)
        if key not in tally.pair_sums:
            return None
        found = paired_interval(games, tally.pair_sums[key], tally.pair_squares[key])
        return _shown(None if found is None else found.scaled(1 / per), digits)

    def tile_rates(tile: str) -> dict[str, Any]:
        if same:
            return {name: SAME.as_json(RATE_DIGITS) for name in OUTCOMES}
        moments = tally.pair_tiles[tile]  # per game: bonus, neutral, penalty, scored; then the reference's
        return {
            name: _shown(ratio_difference(moments.select((index, 3, 4 + index, 7)), games), RATE_DIGITS)
            for index, name in enumerate(OUTCOMES)
        }

    spread = SAME if same else stdev_difference(tally.pair_spread, games, players)
    tiles = tile_ids if same else [tile for tile in tile_ids if tile in tally.pair_tiles]

    return {
        "games": games,
        "final_total_mean": paired("total", players, POINTS_DIGITS),
        "final_total_stdev": _shown(spread, POINTS_DIGITS),
        "winning_total_mean": paired("winning", 1, POINTS_DIGITS),
        "gap_first_last_mean": paired("gap", 1, POINTS_DIGITS),
        "winner_change_rate": _shown(wilson_interval(tally.winner_changes, games), RATE_DIGITS),
        "tie_rate": paired("tie", 1, RATE_DIGITS),
        "shared_win_rate": paired("shared", 1, RATE_DIGITS),
        "seat_win_rate": {str(seat): paired(f"seat{seat}", 1, RATE_DIGITS) for seat in range(1, players + 1)},
        "scorings": [
            {
                "round": round_,
                "emperor_points_mean": paired(pair_key(round_, "emperor"), players, POINTS_DIGITS),
                "net_points_mean": paired(pair_key(round_, "net"), players, POINTS_DIGITS),
                **{name: paired(pair_key(round_, name), players, RATE_DIGITS) for name in OUTCOMES},
            }
            for round_ in sorted(tally.outcomes)
        ],
        "tiles": [{"tile": tile, **tile_rates(tile)} for tile in tiles],
    }


def report_json(report: dict[str, Any]) -> str:
    return json.dumps(report, indent=2, ensure_ascii=False) + "\n"


# --- the terminal table ----------------------------------------------------------------------


def _num(value: float, digits: int = 1) -> str:
    return f"{value:.{digits}f}"


def _pct(value: float) -> str:
    return f"{100 * value:.1f}%"


def _delta(value: float, first: float, percent: bool = False, digits: int = 1) -> str:
    diff = value - first
    if abs(diff) < 1e-9:
        return ""
    return (
        f" ({'+' if diff > 0 else ''}{100 * diff:.1f})" if percent else f" ({'+' if diff > 0 else ''}{diff:.{digits}f})"
    )


NOISE_MARK = "~"


def interval_text(found: dict[str, Any] | None, percent: bool = False, proportion: bool = False) -> str:
    """A difference and its 95% interval as a table shows it: (+1.8 ±0.4), (same) when no game changed, or
    (lo..hi) for a proportion; NOISE_MARK after it when the interval contains 0 (a space otherwise)."""
    if found is None:
        return ""
    scale = 100 if percent else 1
    mark = NOISE_MARK if found["within_noise"] else " "
    if proportion:
        return f" ({scale * found['low']:.1f}..{scale * found['high']:.1f}){mark}"
    if found["low"] == found["high"] == 0:
        return f" (same){mark}"
    half = scale * (found["high"] - found["low"]) / 2
    estimate = scale * found["estimate"]
    # Numbers too small for one decimal get as many as they need (up to 3), so that "+0.0 ±0.0" never
    # stands for a difference or an interval that is not 0.
    smallest = min((x for x in (abs(estimate), half) if x > 0), default=1.0)
    digits = 1 if smallest >= 0.05 else 2 if smallest >= 0.005 else 3
    return f" ({estimate:+.{digits}f} ±{half:.{digits}f}){mark}"


def tile_noise(entry: dict[str, Any], tile: str) -> dict[str, bool]:
    """Which of a tile's outcome rates are within noise of the reference's (no interval: not marked)."""
    paired = next((t for t in entry["differences"]["tiles"] if t["tile"] == tile), None) or {}
    return {name: bool(paired.get(name) and paired[name]["within_noise"]) for name in OUTCOMES}


def text_report(report: dict[str, Any]) -> str:
    """A table: one column per ruleset, differences from the first ruleset in brackets with their 95% interval."""
    rulesets = report["rulesets"]
    first = rulesets[0]
    rows: list[tuple[str, list[str]]] = []

    def stat(label: str, get: Any, percent: bool = False, digits: int = 1, interval: Any = None) -> None:
        """A row of values; `interval` picks the entry's difference (an entry of its "differences")."""
        base = get(first)
        cells = []
        for index, entry in enumerate(rulesets):
            value = get(entry)
            shown = _pct(value) if percent else _num(value, digits)
            if index == 0:
                cells.append(shown)
            else:
                found = None if interval is None else interval(entry["differences"])
                # No interval (under 2 games, or a scoring the first ruleset lacks): the plain difference.
                cells.append(
                    shown + (_delta(value, base, percent, digits) if found is None else interval_text(found, percent))
                )
        rows.append((label, cells))

    def text(label: str, get: Any) -> None:
        rows.append((label, [get(entry) for entry in rulesets]))

    def spread(summ: dict[str, Any]) -> str:
        p = summ["percentiles"]
        return f"{p.get('p5', 0)} / {p.get('p50', 0)} / {p.get('p95', 0)}"

    rows.append(("FINAL TOTALS (every player)", []))
    stat("  mean", lambda e: e["final_total"]["mean"], interval=lambda d: d["final_total_mean"])
    stat("  stdev", lambda e: e["final_total"]["stdev"], interval=lambda d: d["final_total_stdev"])
    text("  p5 / median / p95", lambda e: spread(e["final_total"]))
    text("  min .. max", lambda e: f"{e['final_total']['min']} .. {e['final_total']['max']}")
    stat(
        "  change from first (mean)",
        lambda e: e["difference_from_first"]["mean"],
        interval=lambda d: d["final_total_mean"],
    )
    stat("winning total (mean)", lambda e: e["winning_total"]["mean"], interval=lambda d: d["winning_total_mean"])
    stat("gap first-last (mean)", lambda e: e["gap_first_last"]["mean"], interval=lambda d: d["gap_first_last_mean"])
    rows.append(
        (
            "winner differs from first",
            [
                _pct(e["winner_change_rate"])
                + ("" if index == 0 else interval_text(e["differences"]["winner_change_rate"], True, True))
                for index, e in enumerate(rulesets)
            ],
        )
    )
    stat("tie on top (tie-breaker)", lambda e: e["tie_rate"], percent=True, interval=lambda d: d["tie_rate"])
    stat("shared win", lambda e: e["shared_win_rate"], percent=True, interval=lambda d: d["shared_win_rate"])
    for seat in sorted(first["seat_win_rate"], key=int):
        stat(
            f"wins by seat {seat}",
            lambda e, s=seat: e["seat_win_rate"][s],
            percent=True,
            interval=lambda d, s=seat: d["seat_win_rate"][s],
        )
    planning_report.player_rows(report, rows, stat)
    rounds = sorted({s["round"] for e in rulesets for s in e["scorings"]})
    for round_ in rounds:
        rows.append((f"EMPEROR SCORING AFTER ROUND {round_}", []))

        def scoring(entry: dict[str, Any], r: int = round_) -> dict[str, Any] | None:
            return next((s for s in entry["scorings"] if s["round"] == r), None)

        def get_or(entry: dict[str, Any], path: tuple[str, ...], r: int = round_) -> float:
            found: Any = scoring(entry, r)
            if found is None:
                return 0.0
            for step in path:
                found = found[step]
            return float(found)

        def paired(differences: dict[str, Any], key: str, r: int = round_) -> dict[str, Any] | None:
            found = next((s for s in differences["scorings"] if s["round"] == r), None)
            return None if found is None else found[key]

        stat(
            "  Emperor points (mean)",
            lambda e, r=round_: get_or(e, ("emperor_points", "mean"), r),
            interval=lambda d, r=round_: paired(d, "emperor_points_mean", r),
        )
        stat(
            "  net points (mean)",
            lambda e, r=round_: get_or(e, ("net_points", "mean"), r),
            interval=lambda d, r=round_: paired(d, "net_points_mean", r),
        )
        for outcome in OUTCOMES:
            stat(
                f"  {OUTCOME_WORDS[outcome]}",
                lambda e, o=outcome, r=round_: get_or(e, ("outcomes", o), r),
                percent=True,
                interval=lambda d, o=outcome, r=round_: paired(d, o, r),
            )
        planning_report.scoring_rows(report, stat, round_)
    rows.append(("TILES: bonus / neutral / penalty", []))
    tiles: list[str] = []
    for entry in rulesets:
        tiles.extend(t["tile"] for t in entry["tiles"] if t["tile"] not in tiles)
    for tile in tiles:

        def tile_cell(entry: dict[str, Any], tile: str = tile) -> str:
            found = next((t for t in entry["tiles"] if t["tile"] == tile), None)
            if found is None:
                return "-"
            o = found["outcomes"]
            noise = tile_noise(entry, tile) if entry is not first else {}
            return " / ".join(f"{100 * o[name]:.0f}%{NOISE_MARK if noise.get(name) else ''}" for name in OUTCOMES)

        text(f"  {tile}", tile_cell)
    label_width = max(len(label) for label, _ in rows)
    widths = [
        max(len(entry["name"]), *(len(cells[i]) for _label, cells in rows if cells)) for i, entry in enumerate(rulesets)
    ]
    model = report["model"]
    lines = [
        f"gah compare: {report['games']} games of {report['players']} players, seed {report['seed']}, "
        f"model {model['name']} ({model['file']}){planning_report.header_note(report)}",
        "Differences from the first ruleset in brackets with their 95% interval from the paired games (percentage",
        f"points for rates; for the winner, how often it differs); {NOISE_MARK} marks a difference within noise (its",
        "interval contains 0); same: equal in every game. Tiles: ~ after a rate within noise of the first's.",
        "",
        " " * label_width + "  " + "  ".join(e["name"].rjust(w) for e, w in zip(rulesets, widths, strict=True)),
    ]
    for label, cells in rows:
        if not cells:
            lines.append(label)
            continue
        lines.append(
            label.ljust(label_width) + "  " + "  ".join(c.rjust(w) for c, w in zip(cells, widths, strict=True))
        )
    return "\n".join(lines) + "\n"
