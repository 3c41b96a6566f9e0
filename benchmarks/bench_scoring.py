"""Benchmark: microseconds per 4-player round-7 score_game, generated vs hand-written; and a full gah build.

Run: .venv/bin/python benchmarks/bench_scoring.py [--states 300] [--repeat 5] [--baseline REV]
Prints figures only (CPU time of this process, best of several interleaved samples);
asserts nothing about speed. It first checks that both
scorers agree on every state, so the comparison is of the same rules. With
--baseline, it also times the base module as generated at git revision REV,
interleaved with today's (same load on both), and prints the ratio.
"""

from __future__ import annotations

import argparse
import gc
import importlib.util
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from oracle import handwritten  # noqa: E402  (the suite's independent oracle)
from oracle.states import random_state  # noqa: E402


def load_generated(name: str, path: Path | None = None) -> Any:
    path = path or ROOT / "generated" / "scoring" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"bench_{name}_{path.stem}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def per_call_microseconds(function: Any, states: list[dict[str, Any]], repeat: int) -> float:
    return interleaved([function], states, repeat)[0]


def interleaved(functions: list[Any], states: list[dict[str, Any]], repeat: int, chunk: int = 20) -> list[float]:
    """Microseconds per call of each function: the states in chunks, each chunk timed `repeat` times per
    function, the functions taking turns; the best time of each chunk, summed. Short samples and their
    minimum keep the figure close to an unloaded machine's when other jobs share it.

    As timeit does, the garbage collector is off while timing (and run before each sample), so a
    collection that garbage from one function triggers is not charged to the next."""
    totals = [0.0 for _ in functions]
    for start in range(0, len(states), chunk):
        part = states[start : start + chunk]
        best = [float("inf") for _ in functions]
        for _ in range(repeat):
            for number, function in enumerate(functions):
                gc.collect()
                gc.disable()
                try:
                    began = time.process_time()
                    for state in part:
                        function(state)
                    best[number] = min(best[number], time.process_time() - began)
                finally:
                    gc.enable()
        totals = [total + part_best for total, part_best in zip(totals, best, strict=True)]
    return [total / len(states) * 1e6 for total in totals]


def baseline_module(revision: str, folder: Path) -> Any:
    """The base module as generated at a git revision (for a before/after ratio in one run)."""
    text = subprocess.run(
        ["git", "show", f"{revision}:generated/scoring/base.py"], check=True, capture_output=True, text=True, cwd=ROOT
    ).stdout
    path = folder / "baseline_base.py"
    path.write_text(text, encoding="utf-8")
    return load_generated("base", path)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--states", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--baseline", metavar="REV", help="also time the base module generated at this git revision")
    parser.add_argument("--no-build", action="store_true", help="skip timing gah build")
    args = parser.parse_args()
    rng = random.Random(20261130)
    states = [random_state(rng) for _ in range(args.states)]
    generated = load_generated("base")
    for state in states:
        ours = generated.score_game(state)
        theirs = handwritten.score_round_7(state)
        if [e["total"] for e in ours["final"]] != [e["total"] for e in theirs["final"]]:
            raise SystemExit(f"scorers disagree on {state}:\n{ours['final']}\n{theirs['final']}")
    print(f"{len(states)} random 4-player round-7 states; both scorers agree on every final total")
    gen_us = per_call_microseconds(generated.score_game, states, args.repeat)
    hand_us = per_call_microseconds(handwritten.score_round_7, states, args.repeat)
    print(f"generated base module : {gen_us:8.1f} us per score_game (best of {args.repeat})")
    print(f"hand-written scorer   : {hand_us:8.1f} us per call")
    print(f"ratio hand/generated  : {hand_us / gen_us:8.2f}x (above 1: generated is faster)")
    if args.baseline:
        with tempfile.TemporaryDirectory() as tmp:
            old = baseline_module(args.baseline, Path(tmp))
            new_us, old_us = interleaved([generated.score_game, old.score_game], states, args.repeat)
        print(f"base module at {args.baseline:<8}: {old_us:8.1f} us per score_game (interleaved with today's)")
        print(f"today's base module    : {new_us:8.1f} us per score_game")
        print(f"ratio today/baseline   : {new_us / old_us:8.2f}x (below 1: today is faster)")
    if args.no_build:
        return
    with tempfile.TemporaryDirectory() as tmp:
        for path in ("rules", "schemas", "gah.toml"):  # a copy of this workspace (its gah.toml bundles rules/)
            subprocess.run(["cp", "-r", str(ROOT / path), tmp], check=True)
        gah = [sys.executable, "-m", "compiler", "--workspace", tmp, "build"]
        runs = []
        for _ in range(3):
            start = _children_cpu()
            subprocess.run(gah, check=True, capture_output=True, cwd=ROOT)
            runs.append(_children_cpu() - start)
        print(f"full gah build        : {runs[0]:8.2f} s (every shipped ruleset from scratch, PDFs included)")
        print(f"gah build, no changes : {min(runs[1:]):8.2f} s (best of 2; PDFs whose HTML is unchanged are kept)")


def _children_cpu() -> float:
    """CPU seconds of the finished child processes (gah build runs in one)."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


if __name__ == "__main__":
    main()
