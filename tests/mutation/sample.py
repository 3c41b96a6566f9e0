"""Pick which mutants of a cosmic-ray session run: a stable sample, minus the mutants known to be equivalent.

Usage: python -m tests.mutation.sample SESSION.sqlite --one-in N [--skip-equivalent]

A mutant is named by a key that survives unrelated edits: its file, its operator,
the text of the line it changes and which occurrence on that line it is (not the
line number). A mutant is in the sample when the SHA-256 of its key, read as a
number, is divisible by N; every other pending mutant is marked skipped, as
cosmic-ray's own filters do. `--skip-equivalent` also skips the mutants listed in
tests/mutation/equivalent.txt (one key a line, with the reason the mutant cannot
change behaviour), so a fixed sample can demand that every mutant dies.
"""

from __future__ import annotations

import argparse
import hashlib
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # cosmic-ray is the `mutation` extra: the README's test command collects this file without it
    from cosmic_ray.work_item import MutationSpec

EQUIVALENT = Path(__file__).resolve().parent / "equivalent.txt"


def mutant_keys(mutations: list[MutationSpec], root: Path | None = None) -> dict[int, str]:
    """`file | operator | line text | n`, n counting the operator's mutants on that line, for each mutation.

    Paths are read from `root`, by default the folder cosmic-ray runs in (its paths are relative to it)."""
    seen: Counter[tuple[str, str, str]] = Counter()
    lines: dict[Path, list[str]] = {}
    keys: dict[int, str] = {}
    order = sorted(
        range(len(mutations)),
        key=lambda i: (str(mutations[i].module_path), mutations[i].operator_name, mutations[i].occurrence),
    )
    for index in order:
        spec = mutations[index]
        path = (root or Path.cwd()) / spec.module_path
        if path not in lines:
            lines[path] = path.read_text(encoding="utf-8").splitlines()
        text = lines[path][spec.start_pos[0] - 1].strip()
        where = (spec.module_path.as_posix(), spec.operator_name, text)
        keys[index] = f"{where[0]} | {where[1]} | {text} | {seen[where]}"
        seen[where] += 1
    return keys


def equivalent_keys() -> set[str]:
    """Keys listed in equivalent.txt: `KEY  # why`, blank lines and lines starting with # ignored."""
    keys = set()
    for line in EQUIVALENT.read_text(encoding="utf-8").splitlines():
        key = line.split("  #", 1)[0].strip()
        if key and not key.startswith("#"):
            keys.add(key)
    return keys


def in_sample(key: str, one_in: int) -> bool:
    return int(hashlib.sha256(key.encode("utf-8")).hexdigest(), 16) % one_in == 0


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("session")
    parser.add_argument("--one-in", type=int, default=1, help="keep one mutant in N (1: all)")
    parser.add_argument("--skip-equivalent", action="store_true", help="skip the mutants of equivalent.txt")
    args = parser.parse_args(argv)
    from cosmic_ray.work_db import WorkDB, use_db
    from cosmic_ray.work_item import WorkerOutcome, WorkResult

    equivalent = equivalent_keys() if args.skip_equivalent else set()
    with use_db(args.session, WorkDB.Mode.open) as db:
        # Keys are counted over every mutant of the session, done or not, so a key never depends on progress.
        every = [item for item in db.work_items if len(item.mutations) == 1]
        keys = mutant_keys([item.mutations[0] for item in every])
        key_of = {item.job_id: keys[index] for index, item in enumerate(every)}
        items = [item for item in db.pending_work_items if item.job_id in key_of]
        skipped = [
            item.job_id
            for item in items
            if not in_sample(key_of[item.job_id], args.one_in) or key_of[item.job_id] in equivalent
        ]
        db.set_multiple_results(skipped, WorkResult(output="not in the sample", worker_outcome=WorkerOutcome.SKIPPED))
    print(f"{len(items) - len(skipped)} of {len(items)} pending mutants kept")


if __name__ == "__main__":
    main()
