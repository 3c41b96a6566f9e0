"""A mutant's test command: first the one test known to kill it, then, only if that test passes, the group's files.

    python -m tests.mutation.first_killer GROUP PRISTINE RECORDS

cosmic-ray runs this with one mutant written into a file of GROUP's targets. PRISTINE is a copy of those targets
as they were before; the difference names the mutant by its file and the text of the lines it changed.
tests/mutation/killers.json maps that name to a test that failed on the mutant before. That test runs alone first:
if it fails, the mutant is killed by a real test, in seconds instead of minutes. If it passes (the code or the test
changed since), or no test is known, the group's whole command runs, exactly as without this file, and the test
that then fails is appended to RECORDS (`python -m tests.mutation.run --record-killers` saves them).

So the map only saves time: a mutant counts as killed only when a test fails on it.
"""

from __future__ import annotations

import difflib
import json
import re
import shlex
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
KILLERS = Path(__file__).resolve().parent / "killers.json"
FAILED = re.compile(r"^(?:FAILED|ERROR) (\S+?)(?: - |$)", re.MULTILINE)  # a failed test, or one whose set-up failed


def mutant_name(pristine: Path, root: Path) -> str | None:
    """`file | lines before | lines after` of the one target file that differs from its pristine copy."""
    for original in sorted(path for path in pristine.rglob("*") if path.is_file()):
        relative = original.relative_to(pristine)
        now = root / relative
        before, after = original.read_text(encoding="utf-8"), now.read_text(encoding="utf-8")
        if before == after:
            continue
        old, new = before.splitlines(), after.splitlines()
        for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(a=old, b=new, autojunk=False).get_opcodes():
            if tag != "equal":
                changed = (" / ".join(line.strip() for line in lines) for lines in (old[i1:i2], new[j1:j2]))
                return " | ".join((relative.as_posix(), *changed))
    return None


def known_killers() -> dict[str, str]:
    return dict(json.loads(KILLERS.read_text(encoding="utf-8"))) if KILLERS.exists() else {}


def run_tests(command: list[str], *selection: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*command, "-rfE", *selection], capture_output=True, text=True)


def main(argv: list[str] | None = None) -> int:
    from tests.mutation.run import GROUPS, pytest_command

    group_name, pristine, records = argv if argv is not None else sys.argv[1:]
    (group,) = (group for group in GROUPS if group.name == group_name)
    command = shlex.split(pytest_command(group))
    name = mutant_name(Path(pristine), Path.cwd())
    killer = known_killers().get(name or "")
    if killer is not None:
        first = run_tests([part for part in command if part not in group.tests], killer)
        if first.returncode != 0:
            sys.stdout.write(first.stdout[-4000:])
            return first.returncode
    whole = run_tests(command)
    sys.stdout.write(whole.stdout[-4000:])
    found = FAILED.search(whole.stdout)
    if whole.returncode != 0 and found is not None and name is not None:
        with open(records, "a", encoding="utf-8") as out:  # one short line per write: lanes append side by side
            out.write(json.dumps([name, found.group(1)]) + "\n")
    return whole.returncode


if __name__ == "__main__":
    sys.exit(main())
