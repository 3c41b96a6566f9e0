"""Benchmark of the variant lab: 4-player games under base and gentle-move-backs, against a baseline, same run.

Usage: python benchmarks/bench_lab.py [GAMES] [--baseline REV] [--rounds N] [--profile] [--planners]
                                      [--variants NAME ...] [--figures] [--compile]

Each measurement is a fresh process playing GAMES games with 1 and with 2 worker processes. The variants
are run interleaved, round after round, so load from other jobs on the machine falls on all of them alike:

  baseline  the lab at git revision REV (default 298ee7f: before the stretches shared between rulesets and
            the compiled runtime), from `git archive`
  pure      this checkout, pure Python (GAH_LAB_PURE=1)
  native    this checkout with the compiled hot path, if built (python -m gah.lab.native; GAH_LAB_ENGINE=pure)
  batched   this checkout on the batched engine (GAH_LAB_ENGINE=batched: numba kernels, the default install)

This checkout plays the default model with its planning players turned off (`gah compare --fixed`), the
games the baseline plays. With --planners, also "pure planners", "batched planners" (and "native planners"):
the default model as `gah compare` plays it, planners on (their reports are compared with each other, not with
the baseline's).

For each: start-up CPU seconds (once per run), wall seconds and CPU seconds of the games (the process and its
workers), games per CPU second, and 100,000 games extrapolated to two idle cores (start-up, plus the games'
CPU seconds / 2: what both cores give when nobody else uses them). With few games the 2-worker rows overstate
it: each worker's own start-up falls inside the games' CPU. `--variants native` with 100000 games measures the
real thing in about a minute and a half. Every variant must give the same report, byte for byte (its SHA-256
is compared). With --profile, also where the time of one process goes: the plan, the lab's turns and glue,
the scoring modules (by entry point), the tallies.

--figures times issue 23's figures on the batched engine, each a `gah` process with two workers: `gah compare
base gentle-move-backs --games 100000` with planners and with --fixed, and `gah sweep` of 15 points plus the
start at 10,000 games each, planners on. --compile times the batched engine's start-up (one game) with an
empty numba cache (the first run after an install: every kernel compiled) and again with that cache filled.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib
import json
import os
import re
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
RULESETS = ("base", "gentle-move-backs")
BASELINE = "298ee7f"
PLANNERS_ENV = "GAH_BENCH_PLANNERS"  # "1": keep the model's planners (else --fixed, when the lab has them)
ENGINE_ENV = "GAH_LAB_ENGINE"
FIGURES = {
    "compare 100k, planners": ["compare", "base", "gentle-move-backs", "--games", "100000"],
    "compare 100k, --fixed": ["compare", "base", "gentle-move-backs", "--games", "100000", "--fixed"],
    "sweep 15 points x 10k": [
        "sweep", "base", "--vary", "emperor_scorings.7.move_back=0..4", "--vary", "tiles.c-points.bonus.0.amount=6,8,10",
        "--games", "10000",
    ],
}  # fmt: skip
TARGETS = {"compare 100k, planners": 10.0, "compare 100k, --fixed": 5.0, "sweep 15 points x 10k": 10.0}


def _cpu_seconds() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def _lab(module: str, baseline: str) -> Any:
    """A module of this checkout's lab (gah.lab.MODULE), or of the baseline's (gah.lab.BASELINE)."""
    try:
        return importlib.import_module(f"gah.lab.{module}")
    except ModuleNotFoundError:
        return importlib.import_module(f"gah.lab.{baseline}")


def _spec(games: int) -> Any:
    from gah.frontend.rulesets import Workspace
    from gah.project import find_root, load_one

    model_module = _lab("engine.model", "model")
    workspace = Workspace(find_root())
    rulesets = tuple(load_one(workspace, name) for name in RULESETS)
    model = model_module.load_model(workspace, model_module.default_model_path(workspace))
    if os.environ.get(PLANNERS_ENV) != "1" and hasattr(model, "fixed"):  # labs before issue 15 have no planners
        model = model.fixed()
    return _lab("runs.jobs", "runner").LabSpec(rulesets=rulesets, model=model, games=games, players=4, seed=1)


def measure(games: int, workers: int) -> dict[str, Any]:
    """One run in this process (the child side): start-up CPU, then wall and CPU of the games, the report's hash.

    Start-up (reading the rules, generating and compiling the scoring modules, one game) is paid once per run,
    so it is measured apart and added once to the extrapolation, not per game."""
    build_report, run_lab = _lab("views.compare", "report").build_report, _lab("runs.runner", "runner").run_lab

    cpu = _cpu_seconds()
    spec = _spec(games)
    run_lab(_spec(1), workers=1)
    startup = _cpu_seconds() - cpu
    cpu = _cpu_seconds()
    start = time.perf_counter()
    tallies = run_lab(spec, workers=workers)
    wall = time.perf_counter() - start
    cpu = _cpu_seconds() - cpu
    built = build_report(spec, tallies)
    report = built.as_json() if hasattr(built, "as_json") else built  # a record since the lab's layers
    # What planning players did, the differences' intervals (issue 15) and the named metrics (issue 24) are not
    # in the baseline's report: the rest must be the same.
    for key in ("planning", "intervals", "metric_definitions"):
        report.pop(key, None)
    for entry in report["rulesets"]:
        for key in ("planning", "differences", "metrics"):
            entry.pop(key, None)
    digest = hashlib.sha256(json.dumps(report, indent=2, ensure_ascii=False).encode("utf-8")).hexdigest()
    return {"startup": startup, "wall": wall, "cpu": cpu, "sha": digest}


# The baseline ends a game with final_scoring and standings; this lab with final_totals and final_standings.
ENTRY_POINTS = frozenset(
    {"setup_new_game", "emperor_scoring", "final_scoring", "standings", "final_totals", "final_standings"}
)


class _Timed:
    """A scoring module whose entry points add their CPU time to a shared account."""

    def __init__(self, module: Any, account: dict[str, float]) -> None:
        self._module, self._account = module, account

    def __getattr__(self, name: str) -> Any:
        function = getattr(self._module, name)
        if name not in ENTRY_POINTS:  # the module's classes and rules, read to copy a game into it
            return function

        def timed(*args: Any, **kwargs: Any) -> Any:
            start = time.process_time()
            try:
                return function(*args, **kwargs)
            finally:
                self._account[f"module: {name}"] = self._account.get(f"module: {name}", 0.0) + (
                    time.process_time() - start
                )

        return timed


def breakdown(games: int) -> dict[str, float]:
    """Where one process's time goes, in ms of CPU per game (works on the baseline's lab and on this one)."""
    runner, stats = _lab("runs.jobs", "runner"), _lab("runs.tallies", "stats")

    spec = _spec(games)
    lab = runner.Lab(spec)
    account: dict[str, float] = {}
    lab.modules = [_Timed(m, account) for m in lab.modules]
    if hasattr(lab, "tables"):  # this checkout: the lab plays (Fast, module) tables
        lab.tables = list(zip(lab.fasts, lab.modules, strict=True))

    def timed(name: str, function: Any) -> Any:
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            start = time.process_time()
            try:
                return function(*args, **kwargs)
            finally:
                account[name] = account.get(name, 0.0) + time.process_time() - start

        return wrapper

    if hasattr(lab, "game"):  # this checkout: the lab plays through its engine module
        engine = lab.game

        class Engine:
            def __getattr__(self, name: str) -> Any:
                return getattr(engine, name)

        proxy = Engine()
        proxy.plan_game = timed("plan (random numbers, turns drawn)", engine.plan_game)  # type: ignore[attr-defined]
        lab.game = proxy
    else:  # the baseline: plan_game imported into the runner
        runner.plan_game = timed("plan (random numbers, turns drawn)", runner.plan_game)  # type: ignore[attr-defined]
    # Tallies: per game (the baseline) or per chunk of games (add_games, since the bulk tallies).
    if hasattr(stats.Tally, "add_games"):
        stats.Tally.add_games = timed("tallies", stats.Tally.add_games)  # type: ignore[method-assign]
    else:
        stats.Tally.add = timed("tallies", stats.Tally.add)  # type: ignore[method-assign]
    start = time.process_time()
    lab.run(0, games)
    total = time.process_time() - start
    account["lab: turns, setup glue, syncing states"] = total - sum(account.values())
    return {name: 1000 * seconds / games for name, seconds in sorted(account.items())} | {"total": 1000 * total / games}


def _export(revision: str, into: Path) -> Path:
    archive = subprocess.run(
        ["git", "archive", revision, "compiler", "rules", "schemas", "pyproject.toml"],
        cwd=ROOT,
        check=True,
        capture_output=True,
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    # The revision's compiler/ becomes importable as `gah` (the name this script imports), whichever name
    # its own imports used (older revisions import `compiler.` absolutely): PYTHONPATH=into finds it first.
    for path in (into / "compiler").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        text = re.sub(r"\b(from|import) compiler\b", r"\1 gah", text)
        path.write_text(text, encoding="utf-8")
    (into / "gah").symlink_to("compiler", target_is_directory=True)
    return into


def _child(root: Path, env: dict[str, str], *argv: str) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, str(Path(__file__).resolve()), *argv],
        cwd=root,
        env={**os.environ, "PYTHONPATH": str(root), "PYTHONHASHSEED": "0", **env},
        check=True,
        capture_output=True,
        text=True,
    )
    result: dict[str, Any] = json.loads(done.stdout.splitlines()[-1])
    return result


def figures(env: dict[str, str]) -> None:
    """Issue 23's figures: wall seconds of each `gah` command on two workers, and its output's hash."""
    print(f"\n  issue 23's figures ({os.cpu_count()} cores; load average {os.getloadavg()[0]:.2f}):")
    for name, argv in FIGURES.items():
        command = [sys.executable, "-m", "gah", *argv, "--workers", "2", "--seed", "1"]
        start = time.perf_counter()
        done = subprocess.run(
            command, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT), **env}, capture_output=True, check=True
        )
        wall = time.perf_counter() - start
        digest = hashlib.sha256(done.stdout).hexdigest()[:16]
        print(f"  {name:<24} {wall:>8.1f} s  (target {TARGETS[name]:.0f} s)  output {digest}")


def compile_times() -> None:
    """The batched engine's start-up with an empty numba cache (every kernel compiled), then with it filled."""
    print("\n  batched engine start-up, one game (numba's cache in a fresh folder):")
    with tempfile.TemporaryDirectory(prefix="gah-numba-") as cache:
        env = {ENGINE_ENV: "batched", "NUMBA_CACHE_DIR": cache}
        for name in ("cold cache (first run)", "warm cache"):
            start = time.perf_counter()
            result = _child(ROOT, env, "1", "--measure", "1")
            print(f"  {name:<24} {time.perf_counter() - start:>8.1f} s wall, start-up {result['startup']:.1f} CPU s")


def _groups(variants: dict[str, tuple[Path, dict[str, str]]]) -> list[tuple[str, str]]:
    """Each variant's group: the variants of a group play the same games and must give the same report."""
    return [(name, "planners" if env.get(PLANNERS_ENV) == "1" else "fixed") for name, (_root, env) in variants.items()]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="?", type=int, default=2000)
    parser.add_argument("--baseline", default=BASELINE, help=f"git revision to compare with (default {BASELINE})")
    parser.add_argument("--rounds", type=int, default=2, help="measurements per variant, interleaved (default 2)")
    parser.add_argument("--profile", action="store_true", help="also show where the time goes")
    parser.add_argument("--planners", action="store_true", help="also measure the default model with its planners")
    parser.add_argument(
        "--variants",
        nargs="+",
        metavar="NAME",
        help="measure only these variants (e.g. native: 100000 games of it in a few minutes, the real figure)",
    )
    parser.add_argument("--figures", action="store_true", help="also time issue 23's figures (batched engine)")
    parser.add_argument("--compile", action="store_true", help="also time numba's first compile against a warm cache")
    parser.add_argument("--measure", type=int, default=None, help=argparse.SUPPRESS)
    parser.add_argument("--breakdown", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.measure is not None:
        print(json.dumps(measure(args.games, args.measure)))
        return 0
    if args.breakdown:
        print(json.dumps(breakdown(args.games)))
        return 0

    sys.path.insert(0, str(ROOT))
    from gah.lab.engine.native import built

    with tempfile.TemporaryDirectory(prefix="gah-bench-") as temp:
        variants: dict[str, tuple[Path, dict[str, str]]] = {}
        if not args.variants or "baseline" in args.variants:  # exported only when measured
            variants[f"baseline {args.baseline}"] = (_export(args.baseline, Path(temp)), {})
        variants["pure"] = (ROOT, {"GAH_LAB_PURE": "1"})
        variants["batched"] = (ROOT, {ENGINE_ENV: "batched"})
        if built():
            variants["native"] = (ROOT, {ENGINE_ENV: "pure"})
        if args.planners:
            variants["pure planners"] = (ROOT, {"GAH_LAB_PURE": "1", PLANNERS_ENV: "1"})
            variants["batched planners"] = (ROOT, {ENGINE_ENV: "batched", PLANNERS_ENV: "1"})
            if built():
                variants["native planners"] = (ROOT, {ENGINE_ENV: "pure", PLANNERS_ENV: "1"})
        if args.variants:
            unknown = sorted(set(args.variants) - {name.split(" ")[0] for name in variants} - set(variants))
            if unknown:
                parser.error(f"unknown variant(s) {', '.join(unknown)}; known: {', '.join(variants)}")
            variants = {
                name: found
                for name, found in variants.items()
                if name in args.variants or name.split(" ")[0] in args.variants
            }
        print(f"variant lab benchmark: {args.games} four-player games under {' and '.join(RULESETS)}")
        print(f"  {os.cpu_count()} CPU cores; load average {', '.join(f'{x:.2f}' for x in os.getloadavg())}")
        best: dict[tuple[str, int], dict[str, Any]] = {}
        for _round in range(args.rounds):
            for workers in (1, 2):
                for name, (root, env) in variants.items():
                    result = _child(root, env, str(args.games), "--measure", str(workers))
                    key = (name, workers)
                    if key not in best or result["cpu"] < best[key]["cpu"]:
                        best[key] = result
        print(f"  best of {args.rounds} interleaved rounds; load average now {os.getloadavg()[0]:.2f}")
        print(
            f"  {'variant':<18} {'workers':>7} {'start-up CPU s':>15} {'wall s':>8} {'CPU s':>8} {'games/CPU s':>12}"
            f" {'100k on 2 idle cores':>21} {'same report':>12}"
        )
        references = {group: best[name, 1]["sha"] for name, group in reversed(_groups(variants))}
        for (name, workers), result in best.items():
            reference = references[dict(_groups(variants))[name]]
            rate = args.games / result["cpu"]
            extrapolated = result["startup"] + 100_000 / rate / 2
            print(
                f"  {name:<18} {workers:>7} {result['startup']:>15.2f} {result['wall']:>8.2f} {result['cpu']:>8.2f}"
                f" {rate:>12.0f} {extrapolated:>19.1f} s {'yes' if result['sha'] == reference else 'NO':>12}"
            )
        same = all(result["sha"] == references[dict(_groups(variants))[name]] for (name, _w), result in best.items())
        if args.profile:
            print("\n  where one process's time goes (ms of CPU per game, both rulesets):")
            parts = {name: _child(root, env, str(args.games), "--breakdown") for name, (root, env) in variants.items()}
            rows = sorted({row for part in parts.values() for row in part}, key=lambda r: (r == "total", r))
            print(f"  {'':<44}" + "".join(f"{name:>20}" for name in parts))
            for row in rows:
                cells = "".join(f"{part[row]:>20.3f}" if row in part else f"{'-':>20}" for part in parts.values())
                print(f"  {row:<44}{cells}")
    print(f"  identical reports across variants and worker counts: {'yes' if same else 'NO'}")
    if args.figures:
        figures({ENGINE_ENV: "batched"})
    if args.compile:
        compile_times()
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
