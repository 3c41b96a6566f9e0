"""Mutation testing of the scoring mechanics with cosmic-ray: how many small bugs does the suite catch?

    python -m tests.mutation.run                       # the full score (about 1,060 mutants: hours on 2 cores)
    python -m tests.mutation.run --one-in 8            # a stable eighth of them (what the README reports)
    python -m tests.mutation.run --ci                  # CI's fixed sample: fails if any mutant survives

Mutated: compiler/backends/python/runtime/ and compiler/backends/python/effects.py.
cosmic-ray changes one spot of a file on disk, runs the tests, and puts the file
back. The runtime is copied into every generated module, but the tests compile
the modules in memory from the runtime files (compiler/backends/python/load.py),
so every mutant reaches them; the checked-in generated/ files are not used. Tests
marked `snapshot` (they compare output with checked-in copies, so they fail on
any change at all) are set aside, as are two slow tests that cannot see behaviour.

The operators are a focused set (see OPERATORS): each binary and comparison
operator is swapped for its nearest neighbour only (+ for -, < for <=, in for
not in, ...), not for all ten others, so the count stays near one mutant per
decision in the code. Mutants that cannot change behaviour are listed, with the
reason, in tests/mutation/equivalent.txt.

The files to mutate must have no uncommitted changes (they are restored with
git at the end, even after an interruption).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.mutation.sample import mutant_keys  # noqa: E402

TARGETS = ("compiler/backends/python/runtime", "compiler/backends/python/effects.py")
# Fastest killers first: with -x a mutant stops at the first failing test.
TEST_FILES = (
    "tests/test_scoring_caught_mutants.py",
    "tests/test_decisions.py",
    "tests/test_runtime_edges.py",
    "tests/test_conditions.py",
    "tests/test_filtered_counts.py",
    "tests/test_oracle.py",
    "tests/test_scoring_scenarios.py",
    "tests/test_scoring_properties.py",
    "tests/test_setup.py",
    "tests/test_generated_modules.py",
    "tests/test_lab.py",
)
SLOW_AND_BLIND = (
    "tests/test_generated_modules.py::test_generated_modules_pass_mypy_strict",
    "tests/test_generated_modules.py::test_two_builds_under_different_hash_seeds_are_identical",
)
KEPT_SWAPS = {
    "ReplaceBinaryOperator": (
        "Add_Sub|Sub_Add|Mul_Add|Div_Mul|FloorDiv_Mul|Mod_FloorDiv|Pow_Mul"
        "|BitOr_BitAnd|BitAnd_BitOr|BitXor_BitOr|LShift_RShift|RShift_LShift"
    ),
    "ReplaceComparisonOperator": "Eq_NotEq|NotEq_Eq|Lt_LtE|LtE_Lt|Gt_GtE|GtE_Gt|Is_IsNot|IsNot_Is|In_NotIn|NotIn_In",
}
OPERATORS_EXCLUDED = [
    *(f"core/{name}_(?!({swaps})$)" for name, swaps in KEPT_SWAPS.items()),
    "core/RemoveDecorator",  # @dataclass gone: nothing runs at all
    "core/VariableInserter",
    "core/VariableReplacer",
]
CI_ONE_IN = 120  # a subset of the one-in-60 sample, all killed when it was chosen


def config_text(test_command: str) -> str:
    def toml_list(values: list[str] | tuple[str, ...]) -> str:
        return "[" + ", ".join(json.dumps(v) for v in values) + "]"

    return "\n".join(
        [
            "[cosmic-ray]",
            f"module-path = {toml_list(TARGETS)}",
            "timeout = 240.0",
            "excluded-modules = []",
            f"test-command = {json.dumps(test_command)}",
            "",
            "[cosmic-ray.distributor]",
            'name = "local"',
            "",
            "[cosmic-ray.filters.operators-filter]",
            f"exclude-operators = {toml_list(OPERATORS_EXCLUDED)}",
            "",
        ]
    )


def test_command() -> str:
    deselect = " ".join(f"--deselect {t}" for t in SLOW_AND_BLIND)
    files = " ".join(TEST_FILES)
    return f'{sys.executable} -m pytest -x -q -p no:cacheprovider -m "not snapshot" {deselect} {files}'


def run(*argv: str) -> None:
    subprocess.run(argv, cwd=ROOT, check=True)


def tool(name: str) -> str:
    return str(Path(sys.executable).with_name(name))


def outcomes(session: Path) -> list[tuple[str, str]]:
    """(outcome, key) of every mutant the session ran: outcome is killed, survived or a worker failure."""
    from cosmic_ray.work_db import WorkDB, use_db  # the mutation extra; imported only when used

    with use_db(str(session), WorkDB.Mode.open) as db:
        every = list(db.work_items)
        done = {item.job_id: result for item, result in db.completed_work_items}
    keys = mutant_keys([item.mutations[0] for item in every], ROOT)
    rows = []
    for index, item in enumerate(every):
        result = done.get(item.job_id)
        if result is None or result.worker_outcome == "skipped":
            continue
        outcome = result.test_outcome if result.worker_outcome == "normal" else result.worker_outcome
        rows.append((getattr(outcome, "value", str(outcome)), keys[index]))
    return sorted(rows, key=lambda row: row[1])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--one-in", type=int, default=1, help="run a stable sample: one mutant in N")
    parser.add_argument("--ci", action="store_true", help=f"CI's sample (one in {CI_ONE_IN}, no known equivalents)")
    parser.add_argument("--session", type=Path, help="keep the cosmic-ray session here (default: a temp folder)")
    args = parser.parse_args(argv)
    dirty = subprocess.run(["git", "status", "--porcelain", "--", *TARGETS], cwd=ROOT, capture_output=True, text=True)
    if dirty.stdout.strip():
        print(f"commit or stash your changes to {', '.join(TARGETS)} first:\n{dirty.stdout}", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        session = args.session or Path(tmp) / "session.sqlite"
        config = Path(tmp) / "cosmic-ray.toml"
        config.write_text(config_text(test_command()), encoding="utf-8")
        sample = ["--one-in", str(CI_ONE_IN), "--skip-equivalent"] if args.ci else ["--one-in", str(args.one_in)]
        start = time.monotonic()
        try:
            if not session.exists():
                run(tool("cosmic-ray"), "init", str(config), str(session))
                run(tool("cr-filter-operators"), str(session), str(config))
                run(sys.executable, "-m", "tests.mutation.sample", str(session), *sample)
            run(tool("cosmic-ray"), "exec", str(config), str(session))
        finally:
            subprocess.run(["git", "checkout", "--", *TARGETS], cwd=ROOT, check=True)
        rows = outcomes(session)
    killed = sum(1 for outcome, _key in rows if outcome == "killed")
    survivors = [key for outcome, key in rows if outcome != "killed"]
    print(f"{len(rows)} mutants, {killed} killed, {len(survivors)} not killed ({time.monotonic() - start:.0f} s)")
    if rows:
        print(f"mutation score: {100 * killed / len(rows):.1f}% killed")
    for key in survivors:  # the key is what tests/mutation/equivalent.txt lists
        print(f"survived: {key}")
    return 1 if args.ci and survivors else 0


if __name__ == "__main__":
    sys.exit(main())
