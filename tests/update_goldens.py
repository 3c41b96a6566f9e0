"""Rewrite every golden file from the code as it is now: `python -m tests.update_goldens [--check]`.

The only way goldens change (tests never write them). Review the result with
`git diff` before committing: a golden that blesses a bug is a bug. `--check`
writes nothing and exits 1 naming each golden that is out of date.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parent
sys.path.insert(0, str(TESTS))  # the tests' own helpers are top-level modules, as under pytest

from goldens import PRODUCERS, ROOT  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 if a golden is out of date")
    args = parser.parse_args(argv)
    stale = []
    for produce in PRODUCERS:
        for path, text in produce().items():
            if path.is_file() and path.read_text(encoding="utf-8") == text:
                continue
            stale.append(path.relative_to(ROOT).as_posix())
            if not args.check:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(text, encoding="utf-8", newline="\n")
    verb = "out of date" if args.check else "rewritten (review with git diff)"
    for name in stale:
        print(f"{name}: {verb}")
    print(f"{len(stale)} golden file(s) {verb}" if stale else "every golden file is up to date")
    return 1 if stale and args.check else 0


if __name__ == "__main__":
    sys.exit(main())
