"""Benchmark: microseconds per 4-player round-7 score_game, generated vs hand-written; and a full gah build.

Run: .venv/bin/python benchmarks/bench_scoring.py [--states 300] [--repeat 5]
Prints figures only; asserts nothing about speed. It first checks that both
scorers agree on every state, so the comparison is of the same rules.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
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


def load_generated(name: str) -> Any:
    path = ROOT / "generated" / "scoring" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"bench_{name}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def per_call_microseconds(function: Any, states: list[dict[str, Any]], repeat: int) -> float:
    timings = []
    for _ in range(repeat):
        start = time.perf_counter()
        for state in states:
            function(state)
        timings.append((time.perf_counter() - start) / len(states) * 1e6)
    return min(timings)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--states", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=5)
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
    with tempfile.TemporaryDirectory() as tmp:
        for folder in ("rules", "schemas"):
            subprocess.run(["cp", "-r", str(ROOT / folder), tmp], check=True)
        gah = [sys.executable, "-m", "compiler", "--root", tmp, "build"]
        runs = []
        for _ in range(3):
            start = time.perf_counter()
            subprocess.run(gah, check=True, capture_output=True, cwd=ROOT)
            runs.append(time.perf_counter() - start)
        print(f"full gah build        : {runs[0]:8.2f} s (every shipped ruleset from scratch, PDFs included)")
        print(f"gah build, no changes : {min(runs[1:]):8.2f} s (best of 2; PDFs whose HTML is unchanged are kept)")


if __name__ == "__main__":
    main()
