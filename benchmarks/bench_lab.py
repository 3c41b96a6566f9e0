"""Benchmark of the variant lab: games per second for 2 rulesets, 4 players, with 1 and 2 workers.

Usage: python benchmarks/bench_lab.py [GAMES] [--profile] [--baseline REV]

Prints games/s (wall clock) for each worker count and the time 100,000 games would take, plus the CPU
seconds spent (this process and its workers), which stay meaningful when other jobs share the machine.
With --profile, also profiles one worker (cProfile) and prints where the time goes. With --baseline REV,
also plays the same games (1 worker) with the scoring modules as generated at git revision REV, interleaved
with today's, and prints the ratio and whether the tallies agree.
"""

from __future__ import annotations

import cProfile
import os
import pstats
import resource
import subprocess
import sys
import time
from pathlib import Path

from compiler.frontend.rulesets import Workspace
from compiler.lab.model import default_model_path, load_model
from compiler.lab.runner import Lab, LabSpec, module_source, run_lab
from compiler.project import find_root, load_one

RULESETS = ("base", "gentle-move-backs")


def _cpu_seconds() -> float:
    """CPU time of this process and of its finished children (the worker processes)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def baseline_source(root: Path, revision: str, module_name: str) -> str:
    """A ruleset's scoring module as generated at a git revision."""
    path = f"generated/scoring/{module_name}.py"
    done = subprocess.run(["git", "show", f"{revision}:{path}"], check=True, capture_output=True, text=True, cwd=root)
    return done.stdout


def main(argv: list[str]) -> int:
    games = int(next((a for a in argv if a.isdigit()), "2000"))
    workspace = Workspace(find_root())
    rulesets = tuple(load_one(workspace, name) for name in RULESETS)
    model = load_model(workspace, default_model_path(workspace))
    spec = LabSpec(rulesets=rulesets, model=model, games=games, players=4, seed=1)
    print(f"variant lab benchmark: {games} four-player games under {' and '.join(RULESETS)}")
    print(f"  {os.cpu_count()} CPU cores; load average {', '.join(f'{x:.2f}' for x in os.getloadavg())}")
    results = {}
    for workers in (1, 2):
        cpu_before = _cpu_seconds()
        start = time.perf_counter()
        tallies = run_lab(spec, workers=workers)
        seconds = time.perf_counter() - start
        cpu = _cpu_seconds() - cpu_before
        results[workers] = tallies
        rate = games / seconds
        print(
            f"  {workers} worker{'s' if workers > 1 else ' '}: {seconds:7.2f} s  {rate:8.1f} games/s"
            f"  -> 100,000 games in {100_000 / rate:7.1f} s   (CPU {cpu:.2f} s: {games / cpu:.1f} games per CPU second)"
        )
    same = all(a == b for a, b in zip(results[1], results[2], strict=True))
    print(f"  identical tallies with 1 and 2 workers: {'yes' if same else 'NO'}")
    if "--baseline" in argv:
        revision = argv[argv.index("--baseline") + 1]
        old = tuple(baseline_source(workspace.root, revision, r.module_name) for r in rulesets)
        labs = {"baseline": Lab(spec, old), "today": Lab(spec, tuple(module_source(r) for r in rulesets))}
        best = {name: float("inf") for name in labs}
        tallies_of = {}
        for _ in range(3):
            for name, lab in labs.items():
                start = time.process_time()  # CPU time: stable when other jobs share the machine
                tallies_of[name] = lab.run(0, games)
                best[name] = min(best[name], time.process_time() - start)
        print(f"  scoring modules at {revision}: {best['baseline']:7.2f} CPU s (1 worker, best of 3, interleaved)")
        print(f"  today's scoring modules: {best['today']:7.2f} CPU s")
        print(f"  ratio today/baseline   : {best['today'] / best['baseline']:7.2f}x (below 1: today is faster)")
        agree = all(a == b for a, b in zip(tallies_of["today"], tallies_of["baseline"], strict=True))
        print(f"  same tallies as {revision}: {'yes' if agree else 'no (the policy chose differently)'}")
        for ruleset, now, then in zip(rulesets, tallies_of["today"], tallies_of["baseline"], strict=True):
            mean_now = sum(k * v for k, v in now.totals.items()) / sum(now.totals.values())
            mean_then = sum(k * v for k, v in then.totals.items()) / sum(then.totals.values())
            print(f"  mean final total under {ruleset.name}: {mean_now:.2f} today, {mean_then:.2f} at {revision}")
    if "--profile" in argv:
        small = LabSpec(rulesets=rulesets, model=model, games=min(games, 500), players=4, seed=1)
        profiler = cProfile.Profile()
        profiler.enable()
        run_lab(small, workers=1)
        profiler.disable()
        stats = pstats.Stats(profiler, stream=sys.stdout)
        stats.sort_stats("tottime").print_stats(25)
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
