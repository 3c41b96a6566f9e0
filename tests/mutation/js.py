"""Mutation testing of the score pad's entry checks (compiler/backends/js/assets/check.js): JavaScript, so
cosmic-ray cannot mutate it; Stryker's instrumenter (npm: @stryker-mutator/instrumenter) lists the mutants.

    npm install --prefix .ci-node @stryker-mutator/instrumenter@10.1.1
    python -m tests.mutation.js --one-in 4      # a stable quarter of the mutants
    python -m tests.mutation.js --ci            # CI's fixed sample: fails if any mutant survives

Each mutant of the sample is written into check.js on disk, the pad's tests run (they build the pad's page
from the assets on disk, then Node runs its checks against `gah score`'s messages), and the file is put back
(with git at the end, even after an interruption). The mutators are a focused set (KEPT: operators,
conditions, literals, regular expressions, not the messages' text or whole blocks). A mutant is named by a
key as the Python mutants are (tests/mutation/sample.py): file, mutator, the text of its line, the
replacement and which occurrence on that line it is; tests/mutation/equivalent.txt lists the ones that cannot
change behaviour, with the reason.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.mutation.sample import equivalent_keys, in_sample  # noqa: E402

TARGET = "compiler/backends/js/assets/check.js"
TESTS = ("tests/test_pad_engine.py",)
LISTER = ROOT / "tests" / "mutation" / "js_mutants.mjs"
KEPT = frozenset(
    {
        "ArithmeticOperator",
        "AssignmentOperator",
        "BooleanLiteral",
        "ConditionalExpression",
        "EqualityOperator",
        "LogicalOperator",
        "MethodExpression",
        "Regex",
        "UnaryOperator",
        "UpdateOperator",
    }
)
CI_ONE_IN = 200  # a subset of the one-in-100 sample (7 mutants, all killed)


@dataclass(frozen=True)
class Mutant:
    """One change of the file: the text from `start` to `end` ((line, column), both from 0) becomes
    `replacement`; `key` names it across unrelated edits."""

    key: str
    start: tuple[int, int]
    end: tuple[int, int]
    replacement: str


def mutants(text: str, node_modules: Path) -> list[Mutant]:
    """The kept mutants of TARGET (whose text is `text`), in the instrumenter's order."""
    listed = subprocess.run(
        ["node", str(LISTER), str(node_modules), TARGET], cwd=ROOT, capture_output=True, text=True, check=True
    )
    lines = text.splitlines()
    seen: Counter[str] = Counter()
    found = []
    for row in json.loads(listed.stdout):
        if row["mutator"] not in KEPT:
            continue
        replacement = " ".join(row["replacement"].split())
        where = f"{TARGET} | js/{row['mutator']} | {lines[row['start'][0]].strip()} | {replacement}"
        found.append(Mutant(f"{where} | {seen[where]}", tuple(row["start"]), tuple(row["end"]), row["replacement"]))
        seen[where] += 1
    return found


def applied(text: str, mutant: Mutant) -> str:
    """`text` with `mutant` in place."""
    starts = [0]
    for line in text.splitlines(keepends=True):
        starts.append(starts[-1] + len(line))
    begin = starts[mutant.start[0]] + mutant.start[1]
    end = starts[mutant.end[0]] + mutant.end[1]
    return text[:begin] + mutant.replacement + text[end:]


PYTEST = (sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", "-n", "0", *TESTS)


def killed(path: Path, text: str, mutant: Mutant) -> bool:
    """Whether the pad's tests fail with `mutant` written into `path`."""
    path.write_text(applied(text, mutant), encoding="utf-8")
    run = subprocess.run(PYTEST, cwd=ROOT, capture_output=True, text=True, timeout=600)
    return run.returncode != 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--one-in", type=int, default=1, help="run a stable sample: one mutant in N")
    parser.add_argument("--ci", action="store_true", help=f"CI's sample (one in {CI_ONE_IN}, no known equivalents)")
    parser.add_argument("--node-modules", type=Path, default=ROOT / ".ci-node" / "node_modules")
    args = parser.parse_args(argv)
    path = ROOT / TARGET
    if subprocess.run(["git", "diff", "--quiet", "--", TARGET], cwd=ROOT).returncode != 0:
        print(f"commit or stash your changes to {TARGET} first", file=sys.stderr)
        return 2
    collected = subprocess.run([*PYTEST, "--collect-only"], cwd=ROOT, capture_output=True, text=True)
    if collected.returncode != 0:  # a mutant's failing run must mean a failing test, not a refused command
        print(
            f"the pad's test command fails without any mutant:\n{collected.stdout}{collected.stderr}", file=sys.stderr
        )
        return 2
    text = path.read_text(encoding="utf-8")
    one_in = CI_ONE_IN if args.ci else args.one_in
    skip = equivalent_keys() if args.ci else set()
    sample = [m for m in mutants(text, args.node_modules) if in_sample(m.key, one_in) and m.key not in skip]
    start = time.monotonic()
    try:
        survivors = [m.key for m in sample if not killed(path, text, m)]
    finally:
        subprocess.run(["git", "checkout", "--", TARGET], cwd=ROOT, check=True)
    seconds = time.monotonic() - start
    print(f"pad checks: {len(sample)} mutants, {len(sample) - len(survivors)} killed, {len(survivors)} not killed")
    print(f"pad checks: ({seconds:.0f} s)")
    for key in survivors:
        print(f"survived: {key}")
    return 1 if args.ci and survivors else 0


if __name__ == "__main__":
    sys.exit(main())
