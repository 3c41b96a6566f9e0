"""`python -m tests.fuzz [--examples N] [--seed S]`: the long fuzz run, before a release."""

from __future__ import annotations

import argparse
import resource
import sys
import time

from .contract import REACHED
from .run import fuzz

# How a total is shared, by cost: a rules case runs every stage of gah (a second or more
# each), a state file two `gah score` runs, a direct score_game call a few milliseconds.
MEMORY_LIMIT = 3 * 1024**3  # bytes of address space for the whole run

SHARES = {
    "rules": 0.02,
    "state file": 0.06,
    "lab model": 0.01,
    "score_game": 0.89,
    "language file": 0.01,
    "file system": 0.01,
}


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.fuzz", description=__doc__)
    parser.add_argument("--examples", type=int, default=20000, help="cases in all (default: 20000)")
    parser.add_argument("--seed", type=int, default=None, help="fix hypothesis's random choices")
    parser.add_argument(
        "--minutes", type=float, default=None, help="stop each kind of case when its share of this time is up"
    )
    parser.add_argument(
        "--only", action="append", choices=sorted(SHARES), help="run only these kinds of case (repeatable)"
    )
    args = parser.parse_args()
    # A case that swallows memory is a finding (MemoryError), not a machine brought down.
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))
    shares = {name: share for name, share in SHARES.items() if not args.only or name in args.only}
    examples = {name: max(1, int(args.examples * share / sum(shares.values()))) for name, share in shares.items()}
    seconds = {name: args.minutes * 60 / len(shares) for name in shares} if args.minutes else None
    start = time.monotonic()
    findings = fuzz(examples, args.seed, progress=True, seconds=seconds)
    elapsed = time.monotonic() - start
    for name, tried in findings.tried.items():
        print(f"{name}: {tried} cases")
    print(f"{sum(findings.tried.values())} cases in {elapsed:.0f} s")
    for stage, count in sorted(REACHED.items()):
        print(f"  {stage}: {count}")
    if not findings.count:
        print("no broken promise found")
        return 0
    print(f"{len(findings.count)} kinds of broken promise:")
    for kind, count in sorted(findings.count.items(), key=lambda item: -item[1]):
        print(f"- {kind} ({count}x)\n    first case: {findings.first_case[kind]}")
    return 1


if __name__ == "__main__":
    sys.exit(main())
