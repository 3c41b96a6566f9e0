"""Every game of a run as data (`gah compare/sweep --games-csv FILE`, `--games-parquet FILE`): one row per game,
ruleset and seat, played again in this process on the run's games (the same seed, so the same games, on the
batched engine where its kernels are compiled, else on the pure path: both give the same outcomes).

Columns: seed, game (from 0), ruleset (its name; a sweep's point as its values, the start as "start"), seat
(1 = the start player), planner (1 when that player plans; empty without planners); per Emperor scoring round N:
tile_rN, track_points_rN (under the marker), outcome_rN (bonus, nothing or penalty), net_rN (points after the
scoring minus before), points_rN (the standings just after it); then total (final), rank and winner (rank 1:
the winners after the tie-breakers; any other player 1 + the players with a higher total, or the same total and a
win), the game's decisive checkpoint `decided` (rN: the first Emperor scoring from which on its one winner led
alone; final: none, or a shared win) and `drama` (1 when the final scoring changed the lead), the same on every
seat's row (gah.lab.runs.measures), and what planners bought: steps_rN (extra Emperor steps before scoring N) and
cafe_guests (served at the end), where the model lets them. A ruleset without a scoring after round N leaves its columns empty.
"""

from __future__ import annotations

import csv
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, BinaryIO

from ...errors import GahError
from ...writer import write_atomically
from ..engine.game import Outcome
from .batches import BatchedLab, chosen_engine, refusal
from .jobs import CHUNK, Lab, LabSpec, chunks
from .measures import decided, drama
from .voice import say
from .warm import compiled

Cell = int | str


def columns(spec: LabSpec) -> list[str]:
    """The columns of a spec's games, in order."""
    rounds = _rounds(spec)
    planning = spec.model.planning
    head = ["seed", "game", "ruleset", "seat", "planner"]
    per_round = [f"{what}_r{r}" for r in rounds for what in ("tile", "track_points", "outcome", "net", "points")]
    bought = [f"steps_r{r}" for r in rounds] if planning.active and planning.step_limit else []
    cafe = ["cafe_guests"] if planning.active and planning.cafe else []
    return [*head, *per_round, "total", "rank", "winner", "decided", "drama", *bought, *cafe]


def _rounds(spec: LabSpec) -> list[int]:
    return sorted({s.round for ruleset in spec.rulesets for s in ruleset.scorings})


def _outcomes(spec: LabSpec) -> Iterator[tuple[int, list[Outcome]]]:
    """Each game's outcome under every ruleset, game by game, on the engine that plays them soonest here."""
    if chosen_engine() == "batched" and compiled() and not refusal(spec):
        batched = BatchedLab(spec)
        for start, stop in chunks(spec.games, CHUNK):
            played = batched.play(start, stop)
            for offset in range(stop - start):
                yield start + offset, [games[offset] for games in played]
        return
    pure = Lab(spec)
    for game in range(spec.games):
        yield game, pure.play_game(game)


def _rank(outcome: Outcome, seat: int) -> int:
    if seat in outcome.winners:
        return 1
    mine = outcome.totals[seat]
    return 1 + sum(
        1 for other, total in enumerate(outcome.totals) if total > mine or (total == mine and other in outcome.winners)
    )


def _checkpoints(outcome: Outcome) -> list[Cell]:
    """The game's decisive checkpoint (r3, ..., or final) and whether the final scoring changed the lead."""
    standings = [s.points for s in outcome.scorings]
    index = decided(standings, outcome.winners)
    checkpoint = f"r{outcome.scorings[index].round}" if index < len(standings) else "final"
    return [checkpoint, drama(standings, outcome.totals)]


def _row(spec: LabSpec, rounds: list[int], game: int, label: str, outcome: Outcome, seat: int) -> list[Cell]:
    planning = spec.model.planning
    moves = outcome.moves
    found: list[Cell] = [spec.seed, game, label, seat + 1, "" if moves is None else int(moves.planners[seat])]
    scorings = {s.round: s for s in outcome.scorings}
    for round_ in rounds:
        s = scorings.get(round_)
        found += (
            ["", "", "", "", ""]
            if s is None
            else [s.tile, s.track_points[seat], s.outcomes[seat], s.net[seat], s.points[seat]]
        )
    found += [outcome.totals[seat], _rank(outcome, seat), int(seat in outcome.winners)]
    found += _checkpoints(outcome)
    if planning.active and planning.step_limit:
        steps = {} if moves is None else dict(moves.steps)
        found += [steps[r][seat] if r in steps else "" for r in rounds]
    if planning.active and planning.cafe:
        found.append(moves.cafe[seat] if moves is not None and moves.cafe else "")
    return found


def game_rows(spec: LabSpec, labels: Sequence[str]) -> Iterator[list[Cell]]:
    """Every row (columns()), game by game, then ruleset by ruleset (`labels`: what each is called), seat by seat."""
    rounds = _rounds(spec)
    for game, outcomes in _outcomes(spec):
        for label, outcome in zip(labels, outcomes, strict=True):
            for seat in range(spec.players):
                yield _row(spec, rounds, game, label, outcome, seat)


Part = tuple[LabSpec, Sequence[str]]  # a spec and what each of its rulesets is called


def _parts_columns(parts: Sequence[Part]) -> list[str]:
    """The columns of several specs' games (a sweep's runs at several player counts or models): every spec's,
    in the order they first come."""
    return list(dict.fromkeys(name for spec, _labels in parts for name in columns(spec)))


def _parts_rows(parts: Sequence[Part], names: list[str]) -> Iterator[list[Cell]]:
    """Every spec's rows in turn, on the columns `names` (a column a spec lacks is empty)."""
    for spec, labels in parts:
        own = columns(spec)
        if own == names:
            yield from game_rows(spec, labels)
            continue
        where = [own.index(name) if name in own else -1 for name in names]
        for row in game_rows(spec, labels):
            yield [row[index] if index >= 0 else "" for index in where]


def write_games_csv(path: Path, spec: LabSpec, labels: Sequence[str], more: Sequence[Part] = ()) -> None:
    """The games as CSV (a header, then game_rows; then those of `more` specs, a sweep's other runs), written row
    by row into a file that replaces `path` whole (or into the stream `path` names: gah.writer)."""
    parts = [(spec, labels), *more]
    names = _parts_columns(parts)

    def fill(handle: BinaryIO) -> None:
        writer = csv.writer(_Utf8(handle), lineterminator="\n")
        writer.writerow(names)
        writer.writerows(_parts_rows(parts, names))

    write_atomically(path, fill)


class _Utf8:
    """Text written as UTF-8 into a binary file (what csv.writer writes to)."""

    def __init__(self, handle: BinaryIO) -> None:
        self.handle = handle

    def write(self, text: str) -> int:
        return self.handle.write(text.encode("utf-8"))


def write_games_parquet(path: Path, spec: LabSpec, labels: Sequence[str], more: Sequence[Part] = ()) -> None:
    """The games as Parquet (pyarrow, the `parquet` extra): the CSV's columns, typed (empty cells are nulls).
    pyarrow writes into the open file gah.writer gives it, never to `path` itself (which it would remove when
    the write fails, whatever it is)."""
    pq = parquet()
    table = _games_table([(spec, labels), *more])
    write_atomically(path, lambda handle: pq.write_table(table, handle))


def parquet() -> Any:
    """pyarrow.parquet, or a GahError saying how to install it (a command asks before it plays its games)."""
    try:
        import pyarrow.parquet as pq
    except ImportError:
        raise GahError(say("no_pyarrow")) from None
    return pq


def _games_table(parts: Sequence[Part]) -> Any:
    """The games as a pyarrow table."""
    import pyarrow as pa

    names = _parts_columns(parts)
    values: list[list[Cell | None]] = [[] for _ in names]
    for row in _parts_rows(parts, names):
        for column, cell in zip(values, row, strict=True):
            column.append(None if cell == "" else cell)
    return pa.table(dict(zip(names, values, strict=True)))
