"""The comparison's rows: one catalogue that the text table, the CSV and the HTML render, each row read from the
report records (gah.lab.views.records) and found in the JSON at its `json` paths.

A row is a figure per ruleset with, after the reference's, its difference from the reference (with a 95%
interval where the paired games give one); or words (a spread, a range); or a tile's three outcome rates. A
row added here appears in the table, as a CSV column and in the HTML; a test holds each row against the JSON.
The named metrics (gah.lab.runs.metrics) are rows under their own names.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..engine.model import Planning
from ..runs.metrics import Metric, metric_of
from ..runs.tallies import OUTCOME_PHRASES, OUTCOMES
from ..runs.voice import say
from .numbers import interval_text, signed
from .records import Choices, CompareReport, Difference, RulesetRecord

NOISE_MARK = "~"
INTERVAL_COLUMNS = ("difference", "low", "high", "within_noise")
Value = Callable[[RulesetRecord], float | None]  # None: the ruleset has no such figure
Change = Callable[[RulesetRecord], Difference | None]


@dataclass(frozen=True)
class Figure:
    """A number per ruleset; `difference`: each one's difference from the reference with its interval (without
    one, or where it is None, the plain difference of the numbers is shown)."""

    key: str  # the CSV column (a metric's name for a metric)
    label: str  # the words in its section
    json: tuple[str, ...]  # where a ruleset's JSON holds it
    value: Value
    difference: Change | None = None
    percent: bool = False  # a rate, shown in percent
    digits: int = 1  # decimals shown otherwise
    definition: str = ""  # a metric's line of definition
    proportion: bool = False  # a rate against 0 (how often the winner differs): its interval is shown lo..hi
    long: str = ""  # the words outside its section (the difference plots); the label if empty
    plot: bool = False  # drawn in the HTML's difference plots
    plain: bool = True  # without an interval, the plain difference of the numbers is shown (not for a p-value)


@dataclass(frozen=True)
class Words:
    """Words per ruleset (a spread, a range)."""

    key: str
    label: str
    json: tuple[str, ...]
    words: Callable[[RulesetRecord], str]


@dataclass(frozen=True)
class TileRow:
    """One tile's bonus, neutral and penalty rates (a ruleset without the tile shows "-")."""

    tile: str

    @property
    def key(self) -> str:
        return f"tile_{self.tile}"

    @property
    def label(self) -> str:
        return self.tile

    @property
    def json(self) -> tuple[str, ...]:
        return (f"tiles[tile={self.tile}].outcomes",)


Row = Figure | Words | TileRow


@dataclass(frozen=True)
class Section:
    title: str  # the HTML's heading
    heading: str  # the text table's
    rows: tuple[Row, ...]


def outcome_word(outcome: str) -> str:
    """An outcome (bonus, nothing, penalty) in the lab's language."""
    return say(OUTCOME_PHRASES[outcome])


def metric_row(name: str, label: str = "", plot: bool = False, long: str = "") -> Figure:
    """The row of a named metric (its value and difference under each ruleset, None where a ruleset lacks it)."""
    metric = metric_of(name)
    return Figure(
        key=name,
        label=label or metric.label,
        json=(f"metrics.{name}", f"differences.metrics.{name}"),
        value=lambda e: e.metrics.get(name),
        difference=lambda e: e.differences.metrics.get(name),
        percent=metric.unit == "rate",
        digits={"count": 2, "p": 3}.get(metric.unit, 1),
        definition=metric.definition,
        proportion=name == "winner_changes",
        long=long or metric.label,
        plot=plot,
        plain=metric.unit != "p",
    )


def catalogue(report: CompareReport) -> tuple[Section, ...]:
    """Every row of a comparison, section by section, in the order the table and the HTML show them."""
    rounds = report.rounds
    planning = report.run.planning
    sections = [_totals(), _winners(report), _lead(rounds)]
    if planning.active:
        sections.append(_planners(planning))
    sections.extend(_scoring(round_, planning) for round_ in rounds)
    tiles: list[str] = []
    for entry in report.rulesets:
        tiles.extend(t.tile for t in entry.tiles if t.tile not in tiles)
    sections.append(Section(say("section_tiles"), say("heading_tiles"), tuple(TileRow(t) for t in tiles)))
    return tuple(sections)


def rows_of(report: CompareReport) -> list[Row]:
    return [row for section in catalogue(report) for row in section.rows]


def _totals() -> Section:
    def percentiles(e: RulesetRecord) -> str:
        total = e.final_total
        return f"{total.percentile(5)} / {total.percentile(50)} / {total.percentile(95)}"

    return Section(
        say("section_totals"),
        say("heading_totals"),
        (
            metric_row("total_mean", say("row_mean"), plot=True),
            metric_row("total_stdev", say("row_stdev"), plot=True),
            Words("total_percentiles", say("row_percentiles"), ("final_total.percentiles",), percentiles),
            Words(
                "total_range",
                say("row_range"),
                ("final_total.min", "final_total.max"),
                lambda e: f"{e.final_total.min} .. {e.final_total.max}",
            ),
            Figure(
                "change_from_first",
                say("row_change_from_first"),
                ("difference_from_first.mean", "differences.final_total_mean"),
                lambda e: e.difference_from_first.mean,
                lambda e: e.differences.final_total_mean,
                long=say("row_change_from_first_long"),
            ),
            *(metric_row(name, plot=True) for name in ("spread", "emperor_points", "tile_points")),
            metric_row("emperor_share"),
        ),
    )


def _winners(report: CompareReport) -> Section:
    return Section(
        say("section_winners"),
        say("heading_winners"),
        (
            Figure(
                "winning_total_mean",
                say("row_winning_total"),
                ("winning_total.mean", "differences.winning_total_mean"),
                lambda e: e.winning_total.mean,
                lambda e: e.differences.winning_total_mean,
                plot=True,
            ),
            metric_row("margin", plot=True),
            metric_row("gap_mean", plot=True),
            metric_row("winner_changes", plot=True),
            metric_row("tie_rate", plot=True),
            Figure(
                "shared_win_rate",
                say("row_shared_win"),
                ("shared_win_rate", "differences.shared_win_rate"),
                lambda e: e.shared_win_rate,
                lambda e: e.differences.shared_win_rate,
                percent=True,
            ),
            metric_row("balance", plot=True),
            Words("balance_interval", say("row_balance_interval"), ("level_intervals.balance",), _balance_interval),
            *(row for seat in range(1, report.run.players + 1) for row in _seat_rows(seat)),
            metric_row("seat_fairness"),
        ),
    )


def _lead(rounds: list[int]) -> Section:
    return Section(
        say("section_lead"),
        say("heading_lead"),
        (
            metric_row("lead_changes"),
            metric_row("drama", plot=True),
            *(row for r in rounds for row in (metric_row(f"comeback_r{r}", plot=True), metric_row(f"behind_r{r}"))),
            *(metric_row(f"decided_r{r}", plot=True) for r in rounds),
        ),
    )


def _level_words(entry: RulesetRecord, name: str) -> str:
    """A level's 95% interval (gah.lab.runs.metrics.level_intervals) in percent: "93.0..99.2%"."""
    found = entry.level_intervals.get(name)
    return "-" if found is None else f"{100 * found.low:.1f}..{100 * found.high:.1f}%"


def _balance_interval(entry: RulesetRecord) -> str:
    return _level_words(entry, "balance")


def _seat_rows(seat: int) -> tuple[Row, Row]:
    """A seat's win rate (a metric) and its own 95% interval (Wilson)."""
    name = f"seat{seat}_wins"
    words = Words(
        f"{name}_interval",
        say("row_seat_interval", seat=seat),
        (f"level_intervals.{name}",),
        lambda e: _level_words(e, name),
    )
    return metric_row(name), words


def _planners(planning: Planning) -> Section:
    """What planning players did and scored, beside the others (no intervals: who plans differs by ruleset)."""

    def figure(key: str, label: str, value: Value, percent: bool = False, digits: int = 1) -> Figure:
        return Figure(key, label, (f"planning.{key.replace('_mean', '.mean')}",), value, None, percent, digits)

    rows = [
        figure("planner_share", say("row_planner_share"), lambda e: e.planning.planner_share, True),
        figure("planner_total_mean", say("row_planner_total"), lambda e: e.planning.planner_total.mean),
        figure("other_total_mean", say("row_other_total"), lambda e: e.planning.other_total.mean),
        figure("planner_win_rate", say("row_planner_win_rate"), lambda e: e.planning.planner_win_rate, True),
        figure("other_win_rate", say("row_other_win_rate"), lambda e: e.planning.other_win_rate, True),
    ]
    if planning.cafe:
        rows += [
            Figure(
                "cafe_guests_mean",
                say("row_cafe_guests"),
                ("planning.cafe_guests.mean",),
                lambda e: _cafe(e, "mean"),
                digits=2,
            ),
            Figure(
                "cafe_guests_buying_rate",
                say("row_cafe_buying"),
                ("planning.cafe_guests.buying_rate",),
                lambda e: _cafe(e, "buying_rate"),
                percent=True,
            ),
        ]
    return Section(
        say("section_planning", share=planning.share, mistakes=planning.mistakes),
        say("heading_planning", share=planning.share, mistakes=planning.mistakes),
        tuple(rows),
    )


def _cafe(entry: RulesetRecord, what: str) -> float | None:
    guests = entry.planning.cafe_guests
    return None if guests is None else float(getattr(guests, what))


def _scoring(round_: int, planning: Planning) -> Section:
    """One Emperor scoring: its points, its outcomes (bonus and penalty are the named metrics), and what the
    planners bought before it."""
    at = f"scorings[round={round_}]"
    rows: list[Row] = [
        Figure(
            f"emperor_points_mean_r{round_}",
            say("row_emperor_points"),
            (f"{at}.emperor_points.mean", f"differences.{at}.emperor_points_mean"),
            lambda e: None if (s := e.scoring(round_)) is None else s.emperor_points.mean,
            lambda e: None if (d := e.differences.scoring(round_)) is None else d.emperor_points_mean,
            long=say("row_emperor_points_long", round=round_),
        ),
        Figure(
            f"net_points_mean_r{round_}",
            say("row_net_points"),
            (f"{at}.net_points.mean", f"differences.{at}.net_points_mean"),
            lambda e: None if (s := e.scoring(round_)) is None else s.net_points.mean,
            lambda e: None if (d := e.differences.scoring(round_)) is None else d.net_points_mean,
            long=say("row_net_points_long", round=round_),
            plot=True,
        ),
        *(_outcome_row(round_, outcome) for outcome in OUTCOMES),
    ]
    if planning.active:
        rows += _steps_rows(round_, planning)
    return Section(say("section_scoring", round=round_), say("heading_scoring", round=round_), tuple(rows))


def _outcome_row(round_: int, outcome: str) -> Figure:
    word = outcome_word(outcome)
    long = say("row_outcome_long", outcome=word, round=round_)
    if outcome != "nothing":
        return metric_row(f"{outcome}_r{round_}", word, plot=True, long=long)
    at = f"scorings[round={round_}]"
    return Figure(
        f"neutral_r{round_}",
        word,
        (f"{at}.outcomes.nothing", f"differences.{at}.nothing"),
        lambda e: None if (s := e.scoring(round_)) is None else s.outcomes.nothing,
        lambda e: None if (d := e.differences.scoring(round_)) is None else d.outcomes.nothing,
        percent=True,
        long=long,
    )


def _steps_rows(round_: int, planning: Planning) -> list[Row]:
    """What planners bought before a scoring: extra steps, how often, and the price paid."""

    def figure(key: str, label: str, what: str, percent: bool = False) -> Figure:
        return Figure(
            f"{key}_r{round_}",
            label,
            (f"planning.emperor_steps[round={round_}].{what}",),
            lambda e: _steps(e.planning.steps(round_), what),
            percent=percent,
            digits=2,
        )

    rows: list[Row] = [
        figure("planner_steps_mean", say("row_steps_mean"), "mean"),
        figure("planner_steps_buying_rate", say("row_steps_buying"), "buying_rate", percent=True),
    ]
    if planning.step_price.points:
        rows.append(figure("planner_points_paid", say("row_points_paid"), "points_paid_mean"))
    if planning.step_price.krones:
        rows.append(figure("planner_krones_paid", say("row_krones_paid"), "krones_paid_mean"))
    return rows


def _steps(choices: Choices | None, what: str) -> float | None:
    return None if choices is None else float(getattr(choices, what))


# --- how a row's cells read ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Cell:
    """One ruleset's cell of a row: the figure (or words) and, for the rulesets after the reference, its
    difference from the reference: with an interval ("(+6.8 ±0.1)", "(same)", "(11.2..14.1)" for a
    proportion) or plain ("(+0.5)", where there is no interval)."""

    value: str
    change: str = ""
    interval: bool = False
    noise: bool = False  # the interval contains 0
    title: str = ""  # the interval in words

    def text(self) -> str:
        """As the text table shows it: a noise mark (or a space) after an interval."""
        if self.interval:
            return f"{self.value} {self.change}{NOISE_MARK if self.noise else ' '}"
        return f"{self.value} {self.change}" if self.change else self.value


def shown(value: float, percent: bool, digits: int) -> str:
    """A figure as the tables show it (never "-0.0")."""
    text = f"{100 * value:.1f}" if percent else f"{value:.{digits}f}"
    text = text.lstrip("-") if float(text) == 0 else text
    return f"{text}%" if percent else text


def interval_words(found: Difference, percent: bool, proportion: bool = False) -> str:
    """A difference and its 95% interval as the tables show it: (+1.8 ±0.4) at a precision that agrees with the
    noise mark (gah.lab.views.numbers), (same) when no game changed, (+7.0 in every game) when every game
    changed by as much, or (lo..hi) for a proportion."""
    scale = 100 if percent else 1
    if proportion:
        return f"({scale * found.low:.1f}..{scale * found.high:.1f})"
    if found.same:
        return say("interval_same")
    if found.low == found.high:
        return "(" + say("every_game", difference=signed(scale * found.estimate, 1)) + ")"
    return f"({interval_text(found, percent)})"


def interval_title(found: Difference, percent: bool) -> str:
    """A difference and its interval in words (the HTML's hover)."""
    scale = 100 if percent else 1
    verdict = say("verdict_noise") if found.within_noise else say("verdict_beyond")
    values: dict[str, str | int] = {
        "estimate": f"{scale * found.estimate:+.2f}",
        "low": f"{scale * found.low:+.2f}",
        "high": f"{scale * found.high:+.2f}",
        "verdict": verdict,
    }
    return say("interval_title_rate", None, **values) if percent else say("interval_title_points", None, **values)


def _plain(value: float, first: float, percent: bool, digits: int) -> str:
    """The difference of two figures without an interval ("" when they are equal)."""
    diff = value - first
    if abs(diff) < 1e-9:
        return ""
    return (
        f"({'+' if diff > 0 else ''}{100 * diff:.1f})" if percent else f"({'+' if diff > 0 else ''}{diff:.{digits}f})"
    )


def cells(row: Row, rulesets: tuple[RulesetRecord, ...]) -> list[Cell]:
    """The row's cell under each ruleset, the reference first."""
    if isinstance(row, Words):
        return [Cell(row.words(entry)) for entry in rulesets]
    if isinstance(row, TileRow):
        return [Cell(_tile_words(row.tile, entry, index > 0)) for index, entry in enumerate(rulesets)]
    values = [row.value(entry) for entry in rulesets]
    if any(value is None for value in values):
        return [Cell("-" if v is None else shown(v, row.percent, row.digits)) for v in values]
    first = float(values[0] or 0.0)
    found = [Cell(shown(first, row.percent, row.digits))]
    for entry, value in zip(rulesets[1:], values[1:], strict=True):
        figure = float(value or 0.0)
        text = shown(figure, row.percent, row.digits)
        paired = None if row.difference is None else row.difference(entry)
        if paired is None:
            plain = "" if row.proportion or not row.plain else _plain(figure, first, row.percent, row.digits)
            found.append(Cell(text, plain))
            continue
        change = interval_words(paired, row.percent, row.proportion)
        found.append(Cell(text, change, True, paired.within_noise, interval_title(paired, row.percent)))
    return found


def _tile_words(tile: str, entry: RulesetRecord, marked: bool) -> str:
    """A tile's rates under a ruleset, each marked when within noise of the reference's."""
    found = entry.tile(tile)
    if found is None:
        return "-"
    paired = entry.differences.tile(tile)
    parts = []
    for outcome in OUTCOMES:
        difference = None if paired is None or not marked else paired.outcomes.of(outcome)
        mark = NOISE_MARK if difference is not None and difference.within_noise else ""
        parts.append(f"{100 * found.outcomes.rate(outcome):.0f}%{mark}")
    return " / ".join(parts)


def same_in_all(row: Row, rulesets: tuple[RulesetRecord, ...]) -> bool:
    """The figure is the same under every ruleset, in every game where there is an interval to say so (the
    table folds such rows into one line)."""
    if isinstance(row, Words):
        words = [row.words(entry) for entry in rulesets]
        return all(w == words[0] for w in words)
    if isinstance(row, TileRow):
        return _tile_same(row.tile, rulesets)
    values = [row.value(entry) for entry in rulesets]
    if any(value is None for value in values):
        shown_ = [c.value for c in cells(row, rulesets)]
        return all(s == shown_[0] for s in shown_)
    if row.proportion:
        return not any(values)
    paired = [None if row.difference is None else row.difference(entry) for entry in rulesets[1:]]
    return all(v == values[0] for v in values) and all(p is None or p.same for p in paired)


def _tile_same(tile: str, rulesets: tuple[RulesetRecord, ...]) -> bool:
    """The tile's rates are the same in every game under every ruleset; never for a tile that some rulesets
    lack (a ruleset's own tile is always shown)."""
    found = [entry.tile(tile) for entry in rulesets]
    first = found[0]
    if any(t is None for t in found) and any(t is not None for t in found):
        return False
    rates_same = first is None or all(t is not None and t.outcomes == first.outcomes for t in found)
    paired = [entry.differences.tile(tile) for entry in rulesets[1:]]
    return rates_same and all(
        p is not None and all((d := p.outcomes.of(o)) is None or d.same for o in OUTCOMES) for p in paired
    )


def short(row: Row, rulesets: tuple[RulesetRecord, ...]) -> str:
    """The row's figure in the "same in all" line: the reference's."""
    if isinstance(row, TileRow):
        found = rulesets[0].tile(row.tile)
        return "-" if found is None else " / ".join(f"{100 * found.outcomes.rate(o):.0f}%" for o in OUTCOMES)
    if isinstance(row, Figure) and row.proportion:
        return shown(0.0, True, 1)
    return cells(row, rulesets)[0].value


def interval_cells(found: Difference | None) -> list[object]:
    """A difference's CSV cells (INTERVAL_COLUMNS; empty without an interval)."""
    if found is None:
        return [""] * len(INTERVAL_COLUMNS)
    return [found.estimate, found.low, found.high, str(found.within_noise).lower()]


def planning_note(planning: Planning) -> str:
    """What a report's first line says about planning: nothing when nobody plans."""
    return say("planning_note", share=planning.share) if planning.active else ""


def definitions(report: CompareReport) -> dict[str, Metric]:
    return {metric.name: metric for metric in report.metrics}
