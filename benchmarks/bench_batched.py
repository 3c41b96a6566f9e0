"""Benchmark: microseconds per planner's trial (a copy of the game, one player's part of the Emperor scoring,
the projected total), the generated module against the batched kernels, on the states of real lab games.

Run: PYTHONPATH=. .venv/bin/python benchmarks/bench_batched.py [--rules base] [--games 20] [--repeat 5]
Prints figures only (CPU time of this process, best of `repeat` runs); asserts nothing about speed. It first
checks that both give the same state and total on every trial, so the comparison is of the same work.
"The kernels, from Python" calls them one trial at a time (numba's dispatch per call); "in a kernel" loops over
the trials in machine code, as the lab's batched engine calls them.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from gah.backends.batched import scoring  # noqa: E402
from gah.backends.batched.convert import arrays_of, dims_of  # noqa: E402
from gah.backends.batched.jit import kernel  # noqa: E402
from gah.backends.batched.state import GameArrays, Ints, copy_game, new_state  # noqa: E402
from gah.backends.batched.tables import ScoringTables  # noqa: E402
from test_batched_scoring import lab_states  # noqa: E402  (the tests' recorder of lab games)


@kernel
def trials(t: ScoringTables, source: GameArrays, seats: Ints, work: GameArrays, out: Ints) -> None:
    """Each trial in machine code: copy game i, score seat i's part, project its total."""
    for i in range(len(seats)):
        copy_game(source, i, work, 0)
        scoring.emperor_scoring_of(t, work, 0, seats[i])
        out[i] = scoring.projected_total(t, work, 0, seats[i])


def module_trials(mod: Any, games: list[Any], seats: list[int]) -> list[int]:
    totals = []
    for game, seat in zip(games, seats, strict=True):
        copy = game.clone()
        mod.emperor_scoring_of(copy, copy.players[seat])
        totals.append(mod.projected_total(copy, copy.players[seat]))
    return totals


def python_called(t: ScoringTables, source: GameArrays, seats: list[int], work: GameArrays) -> list[int]:
    totals = []
    for i, seat in enumerate(seats):
        copy_game(source, i, work, 0)
        scoring.emperor_scoring_of(t, work, 0, seat)
        totals.append(scoring.projected_total(t, work, 0, seat))
    return totals


def best_seconds(run: Any, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        run()
        best = min(best, time.process_time() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rules", default="base")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    states = lab_states((args.rules,), args.games)
    ruleset, mod, t = states[0][0], states[0][1], states[0][2]
    games = [game for _r, _m, _t, game, seat in states for _ in ([seat] if seat >= 0 else game.players)]
    seats = [s for _r, _m, _t, game, seat in states for s in ([seat] if seat >= 0 else range(len(game.players)))]
    source = arrays_of(ruleset, games)
    work = new_state(dims_of(ruleset, 1, source.points.shape[1]))
    out = np.zeros(len(seats), np.int64)
    seat_array = np.array(seats, np.int64)
    expected = module_trials(mod, games, seats)
    trials(t, source, seat_array, work, out)
    assert list(out) == expected == python_called(t, source, seats, work), "the kernels and the module differ"
    n = len(seats)
    times = {
        "the generated module": best_seconds(lambda: module_trials(mod, games, seats), args.repeat),
        "the kernels, from Python": best_seconds(lambda: python_called(t, source, seats, work), args.repeat),
        "the kernels, in a kernel": best_seconds(lambda: trials(t, source, seat_array, work, out), args.repeat),
    }
    print(f"{n} trials (copy + emperor_scoring_of + projected_total) of {args.games} lab games of {args.rules}")
    for name, seconds in times.items():
        ratio = times["the generated module"] / seconds
        print(f"  {name:26} {seconds / n * 1e6:9.2f} µs per trial  ({ratio:6.1f} x)")


if __name__ == "__main__":
    main()
