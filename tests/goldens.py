"""Golden files: what they hold, how a test compares one, and the only code that writes them.

A golden is exact text the project produces (the base scoring module, the Markdown
sheets, `gah check`'s messages for broken files). Tests only compare: a mismatch
fails with the diff. Goldens are rewritten by one explicit command,

    python -m tests.update_goldens

never by a test run (no environment variable can switch a test into writing), and
the rewrite is then reviewed with `git diff`. A golden says that text changed, not
that it is right: every scoring fact is also asserted by a hand-worked number or
by the oracle (tests/test_oracle.py).
"""

from __future__ import annotations

import difflib
from collections.abc import Callable
from pathlib import Path

import pytest
from gah.project import compile_library, load_one
from helpers_rules import BROKEN, ROOT, run_gah, shipped_workspace

GOLDEN = ROOT / "tests" / "golden"
UPDATE_COMMAND = "python -m tests.update_goldens"
MAX_DIFF_LINES = 120


def scoring_goldens() -> dict[Path, str]:
    """tests/golden/scoring/base.py: the generated base module, a reviewed copy."""
    from gah.backends.python.module import generate_module

    return {GOLDEN / "scoring" / "base.py": generate_module(load_one(shipped_workspace(), "base"))}


def sheet_goldens() -> dict[Path, str]:
    """tests/golden/sheets/<ruleset>.md: each shipped ruleset's Markdown sheet."""
    from gah.sheets import render_sheet

    compiled = compile_library(shipped_workspace())
    assert not compiled.problems
    rulesets = compiled.rulesets
    return {
        GOLDEN / "sheets" / f"{name}.md": render_sheet(
            ruleset, rulesets[ruleset.extends] if ruleset.extends else None, "md"
        ).decode("utf-8")
        for name, ruleset in sorted(rulesets.items())
    }


def broken_cases() -> list[str]:
    """Each tests/data/broken/NAME.yaml, and each folder NAME/ whose files are checked together."""
    names = [p.stem for p in BROKEN.glob("*.yaml")] + [p.name for p in BROKEN.iterdir() if p.is_dir()]
    return sorted(names)


def broken_files(name: str) -> list[str]:
    folder = BROKEN / name
    paths = sorted(folder.glob("*.yaml")) if folder.is_dir() else [BROKEN / f"{name}.yaml"]
    return [p.relative_to(ROOT).as_posix() for p in paths]


def broken_golden(name: str) -> str:
    """The stderr of `gah check` on one broken case, run from the repository root."""
    return run_gah("check", *broken_files(name)).err


def broken_goldens() -> dict[Path, str]:
    """tests/data/broken/NAME.expected for every case."""
    return {BROKEN / f"{name}.expected": broken_golden(name) for name in broken_cases()}


PRODUCERS: tuple[Callable[[], dict[Path, str]], ...] = (scoring_goldens, sheet_goldens, broken_goldens)


def shown(path: Path) -> str:
    """A golden's path as a message shows it: from the repository root when it is inside."""
    return path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else str(path)


def golden_diff(path: Path, actual: str) -> str:
    """A unified diff from the golden (-) to what the code gives now (+), cut to MAX_DIFF_LINES."""
    expected = path.read_text(encoding="utf-8").splitlines(keepends=True)
    name = shown(path)
    lines = list(difflib.unified_diff(expected, actual.splitlines(keepends=True), f"{name} (golden)", f"{name} (now)"))
    if len(lines) > MAX_DIFF_LINES:
        lines = [*lines[:MAX_DIFF_LINES], f"... {len(lines) - MAX_DIFF_LINES} more diff lines\n"]
    return "".join(line if line.endswith("\n") else line + "\n" for line in lines)


def assert_matches_golden(path: Path, actual: str) -> None:
    """Fail with the diff when `actual` is not exactly the golden at `path`."""
    name = shown(path)
    if not path.is_file():
        pytest.fail(f"no golden {name}: run `{UPDATE_COMMAND}` and review it", pytrace=False)
    if path.read_text(encoding="utf-8") != actual:
        pytest.fail(
            f"{name} differs from what the code gives now:\n{golden_diff(path, actual)}"
            f"If the change is intended: `{UPDATE_COMMAND}`, then review `git diff`.",
            pytrace=False,
        )
