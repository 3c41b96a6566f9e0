"""Shared helpers for the rules-as-data tests: run `gah` in-process, compile the shipped rules."""

from __future__ import annotations

import contextlib
import io
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from compiler import ir
from compiler.cli import main
from compiler.frontend.rulesets import Workspace
from compiler.project import Compiled, compile_library

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "rules"
SCHEMAS = ROOT / "schemas"
BROKEN = ROOT / "tests" / "data" / "broken"


@dataclass(frozen=True)
class Run:
    """What one `gah` run did."""

    code: int
    out: str
    err: str


@contextlib.contextmanager
def _cwd(folder: Path) -> Iterator[None]:
    before = Path.cwd()
    os.chdir(folder)
    try:
        yield
    finally:
        os.chdir(before)


def run_gah(*args: str, cwd: Path = ROOT) -> Run:
    """`gah ARGS...` run in-process from `cwd` (the repository root by default)."""
    out, err = io.StringIO(), io.StringIO()
    with _cwd(cwd), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(args))
    return Run(code, out.getvalue(), err.getvalue())


def run_gah_process(*args: str, cwd: Path = ROOT) -> Run:
    """`python -m compiler ARGS...` in a real subprocess (to see tracebacks and exit codes as a shell does)."""
    done = subprocess.run(
        [sys.executable, "-m", "compiler", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    return Run(done.returncode, done.stdout, done.stderr)


@cache
def shipped() -> Compiled:
    """Every shipped ruleset, compiled once per test session."""
    return compile_library(Workspace(ROOT))


def ruleset(name: str) -> ir.Ruleset:
    compiled = shipped()
    assert not compiled.problems, "\n".join(f"{p.position}: {p.message}" for p in compiled.problems)
    return compiled.rulesets[name]


def shipped_rule_files() -> list[Path]:
    """The ruleset and variant files `gah check` checks by default."""
    return sorted(RULES.glob("*.yaml")) + sorted((RULES / "variants").glob("*.yaml"))


def copy_project(target: Path) -> Path:
    """A scratch project: copies of rules/ and schemas/ under `target`."""
    shutil.copytree(RULES, target / "rules")
    shutil.copytree(SCHEMAS, target / "schemas")
    return target
