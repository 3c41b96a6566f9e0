"""Shared helpers for the rules-as-data tests: run `gah` in-process, compile the shipped rules.

The suite never reads the repository's rules/ folder as a whole: it tests the shipped rulesets
by the explicit list SHIPPED, in a scratch copy that holds only them (`shipped_root()`), so a
file a user adds under rules/ cannot change what the tests see.
"""

from __future__ import annotations

import atexit
import contextlib
import io
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from gah import ir
from gah.cli import main
from gah.frontend.rulesets import Workspace
from gah.outputs import manifest_text, read_manifest
from gah.project import Compiled, compile_library

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "rules"
SCHEMAS = ROOT / "schemas"
BROKEN = ROOT / "tests" / "data" / "broken"
# The rulesets this repository ships, by name: the suite tests exactly these.
SHIPPED = (
    "base",
    "draft",
    "gentle-draft",
    "gentle-move-backs",
    "introductory",
    "long-track",
    "mild-cafe",
    "no-penalties",
    "royal-banquet",
    "solo",
)
LAB_MODELS = ("default",)
LANGUAGES = ("de", "en")


def shipped_rule_files(rules: Path = RULES) -> list[Path]:
    """The shipped ruleset and variant files, sorted as `gah check` lists them."""
    return [rules / "base.yaml", *(rules / "variants" / f"{name}.yaml" for name in SHIPPED if name != "base")]


def _copy(source: Path, target: Path) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(source, target)


def _fill_shipped_copy(target: Path) -> Path:
    """Copy the shipped rules (and only those), schemas, examples and their generated output into `target`."""
    _copy(ROOT / "gah.toml", target / "gah.toml")
    for path in shipped_rule_files():
        _copy(path, target / path.relative_to(ROOT))
    for name in LAB_MODELS:
        _copy(RULES / "lab" / f"{name}.yaml", target / "rules" / "lab" / f"{name}.yaml")
    for language in LANGUAGES:
        _copy(RULES / "languages" / f"{language}.yaml", target / "rules" / "languages" / f"{language}.yaml")
    shutil.copytree(SCHEMAS, target / "schemas")
    shutil.copytree(ROOT / "examples", target / "examples")
    manifest = read_manifest(ROOT / "generated" / "sheets" / "pdf-manifest.json")
    kept = {}
    for name in SHIPPED:
        module = name.replace("-", "_")
        _copy(ROOT / "generated" / "scoring" / f"{module}.py", target / "generated" / "scoring" / f"{module}.py")
        for folder in ("", *(f"{language}/" for language in LANGUAGES if language != "en")):
            for suffix in ("html", "md", "pdf"):
                sheet = Path("generated") / "sheets" / f"{folder}{name}.{suffix}"
                _copy(ROOT / sheet, target / sheet)
            kept[f"{folder}{name}.pdf"] = manifest.get(f"{folder}{name}.pdf", {})
        _copy(ROOT / "generated" / "pads" / f"{name}.html", target / "generated" / "pads" / f"{name}.html")
    (target / "generated" / "sheets" / "pdf-manifest.json").write_bytes(manifest_text(kept))
    return target


@cache
def shipped_root() -> Path:
    """A scratch copy of the repository's workspace holding only the shipped rulesets (made once per session)."""
    folder = Path(tempfile.mkdtemp(prefix="gah-shipped-"))
    atexit.register(shutil.rmtree, folder, True)
    return _fill_shipped_copy(folder / "project")


def shipped_workspace() -> Workspace:
    """A fresh Workspace object on the shipped copy."""
    return Workspace.at(shipped_root())


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


def _in_workspace(args: tuple[str, ...], cwd: Path | None) -> list[str]:
    """With no workspace named and no folder to find one from, the shipped copy is the workspace."""
    if cwd is not None or any(
        a in ("--workspace", "--root") or a.startswith(("--workspace=", "--root=")) for a in args
    ):
        return list(args)
    return ["--workspace", str(shipped_root()), *args]


def run_gah(*args: str, cwd: Path | None = None) -> Run:
    """`gah ARGS...` run in-process from `cwd`.

    Without `cwd` it runs from the repository root (so relative paths like tests/data/... work)
    with the shipped copy as its workspace.
    """
    out, err = io.StringIO(), io.StringIO()
    argv = _in_workspace(args, cwd)
    with _cwd(cwd or ROOT), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    return Run(code, out.getvalue(), err.getvalue())


def run_gah_process(*args: str, cwd: Path | None = None) -> Run:
    """`python -m gah ARGS...` in a real subprocess (to see tracebacks and exit codes as a shell does)."""
    done = subprocess.run(
        [sys.executable, "-m", "gah", *_in_workspace(args, cwd)],
        cwd=cwd or ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    return Run(done.returncode, done.stdout, done.stderr)


@cache
def shipped() -> Compiled:
    """Every shipped ruleset, compiled once per test session."""
    return compile_library(shipped_workspace())


def ruleset(name: str) -> ir.Ruleset:
    compiled = shipped()
    assert not compiled.problems, "\n".join(f"{p.position}: {p.message}" for p in compiled.problems)
    return compiled.rulesets[name]


def copy_project(target: Path) -> Path:
    """A scratch copy of the shipped workspace under `target` (gah.toml, rules, schemas, generated, examples)."""
    return _fill_shipped_copy(target)
