"""Benchmark: microseconds per 4-player round-7 score_game, generated vs hand-written; and a full gah build.

Run: .venv/bin/python benchmarks/bench_scoring.py [--states 300] [--repeat 5] [--baseline REV] [--no-build]
Prints figures only (CPU time of this process, best of several interleaved samples);
asserts nothing about speed. It first checks that both
scorers agree on every state, so the comparison is of the same rules.

It also times the base module as generated at git revision REV (default fa49efd, before the search went on
from each decision point) against the one today's compiler generates, interleaved (same load on both): on
the random states, and state by state on a fixed set (each Emperor scoring, rounds 3, 5 and 7 with final
scoring, tiles whose decisions branch, each state once as the policy decides and once with its decisions
recorded), after checking that both give the same result, byte for byte as JSON. --baseline none skips it.
"""

from __future__ import annotations

import argparse
import copy
import gc
import importlib.util
import json
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

# The fixed states: (round, tile pinned for its tier). Each decides something in a branching turn.
FIXED = (
    (3, "a-free-room"),
    (3, "a-draw-staff"),
    (5, "b-occupied-room"),
    (5, "b-draw-staff"),
    (7, "c-occupied-room"),
    (7, "c-free-staff"),
)


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


def todays_module() -> Any:
    """The base module as today's compiler generates it (not the file in generated/, which may be older)."""
    sys.path.insert(0, str(ROOT))
    from gah.backends.python.load import load_scoring_module
    from gah.project import load_one
    from helpers_rules import shipped_workspace

    return load_scoring_module(load_one(shipped_workspace(), "base"))


def branching(module: Any, state: dict[str, Any]) -> bool:
    """Whether a scoring of the state compares options somewhere (a policy decision with a runner-up)."""
    result = module.score_game(copy.deepcopy(state))
    return any("runner_up" in step for entry in result["decisions"] for step in entry["steps"])


def recorded(module: Any, state: dict[str, Any]) -> dict[str, Any]:
    """The state with every decision the policy takes recorded in the players' choices."""
    result = module.score_game(copy.deepcopy(state))
    again = copy.deepcopy(state)
    for player, taken in zip(again["players"], result["decisions"], strict=True):
        if taken["choices"]:
            player["choices"] = taken["choices"]
    return again


def fixed_states(module: Any) -> list[tuple[str, dict[str, Any]]]:
    """The fixed set of named states: examples/round7.yaml, then for each of FIXED the first seeded random
    4-player state (its tile pinned) whose scoring compares options; each also with its decisions recorded."""
    import yaml

    example = yaml.safe_load((ROOT / "examples" / "round7.yaml").read_text(encoding="utf-8"))
    named = [("examples/round7.yaml", example)]
    rng = random.Random(20261201)
    for round_, tile in FIXED:
        state = random_state(rng, round_=round_, pinned=tile)
        while not branching(module, state):
            state = random_state(rng, round_=round_, pinned=tile)
        named.append((f"round {round_} {tile}", state))
    return [
        (f"{name}{how}", form)
        for name, state in named
        for how, form in (("", state), (", recorded", recorded(module, state)))
    ]


def per_state(functions: list[Any], state: dict[str, Any], repeat: int, calls: int = 200) -> list[float]:
    """Microseconds per call of each function on one state: `calls` calls a sample, the functions taking
    turns, the best of `repeat` samples each (the collector off while timing, as in interleaved())."""
    best = [float("inf") for _ in functions]
    for _ in range(repeat):
        for number, function in enumerate(functions):
            gc.collect()
            gc.disable()
            try:
                began = time.process_time()
                for _ in range(calls):
                    function(state)
                best[number] = min(best[number], time.process_time() - began)
            finally:
                gc.enable()
    return [b / calls * 1e6 for b in best]


def compare_with_baseline(revision: str, states: list[dict[str, Any]], repeat: int) -> None:
    """Today's base module against the one generated at `revision`: the same results, then the times."""
    new = todays_module()
    with tempfile.TemporaryDirectory() as tmp:
        old = baseline_module(revision, Path(tmp))
    fixed = fixed_states(new)
    for name, state in [("random", s) for s in states] + fixed:
        ours, theirs = (json.dumps(m.score_game(copy.deepcopy(state))) for m in (new, old))
        if ours != theirs:
            raise SystemExit(f"today's module and {revision}'s differ on {name}: {state}")
    print(f"today's base module and {revision}'s give the same results (as JSON) on every state")
    new_us, old_us = interleaved([new.score_game, old.score_game], states, repeat)
    print(f"random states, base module at {revision:<8}: {old_us:8.1f} us per score_game (interleaved)")
    print(f"random states, today's base module      : {new_us:8.1f} us per score_game")
    print(f"random states, speed-up                 : {old_us / new_us:8.2f}x (above 1: today is faster)")
    print(f"{'fixed state':<40} {revision + ' us':>10} {'today us':>10} {'speed-up':>9}")
    ratios = []
    for name, state in fixed:
        new_one, old_one = per_state([new.score_game, old.score_game], state, repeat)
        ratios.append(old_one / new_one)
        print(f"{name:<40} {old_one:10.1f} {new_one:10.1f} {old_one / new_one:8.2f}x")
    print(f"{'fixed states: least and geometric mean':<40} {min(ratios):8.2f}x {_geomean(ratios):8.2f}x")


def _geomean(values: list[float]) -> float:
    product = 1.0
    for value in values:
        product *= value
    return float(product ** (1 / len(values)))


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
    parser.add_argument(
        "--baseline", metavar="REV", default="fa49efd", help="time the base module generated at REV (none: skip)"
    )
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
    if args.baseline != "none":
        compare_with_baseline(args.baseline, states, args.repeat)
    if args.no_build:
        return
    with tempfile.TemporaryDirectory() as tmp:
        for path in ("rules", "schemas", "gah.toml"):  # a copy of this workspace (its gah.toml bundles rules/)
            subprocess.run(["cp", "-r", str(ROOT / path), tmp], check=True)
        gah = [sys.executable, "-m", "gah", "--workspace", tmp, "build"]
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
