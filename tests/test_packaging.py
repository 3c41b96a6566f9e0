"""The wheel's layout, from pyproject.toml: compiler/ installs as the import package `gah` (issue 34), every
package under it is listed, and the bundled data folders map under gah/_bundled/."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CONFIG = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]


def test_every_package_under_compiler_is_in_the_wheel() -> None:
    """setuptools needs the list (its finder cannot rename folders): a new package under compiler/ missing from
    pyproject.toml's `packages` would be left out of the wheel and break only there."""
    on_disk = {
        ".".join(("gah", *init.parent.relative_to(ROOT / "compiler").parts))
        for init in (ROOT / "compiler").rglob("__init__.py")
    }
    listed = {name for name in CONFIG["packages"] if not name.startswith("gah._bundled")}
    assert on_disk - listed == set(), "add these to [tool.setuptools] packages in pyproject.toml"
    assert listed - on_disk == set(), "these are listed in pyproject.toml but have no folder"


def test_the_import_name_is_gah_and_the_data_folders_ship_under_it() -> None:
    mapped = CONFIG["package-dir"]
    assert mapped["gah"] == "compiler"
    assert {mapped[f"gah._bundled.{name}"] for name in ("rules", "schemas", "examples", "docs")} == {
        "rules",
        "schemas",
        "examples",
        "docs",
    }


def test_no_file_imports_the_repository_folder_by_name() -> None:
    """Only `gah` is an import name: code in compiler/ imports itself relatively, the tests import `gah`."""
    offenders = [
        f"{path.relative_to(ROOT)}:{number}"
        for folder in ("compiler", "tests", "benchmarks")
        for path in (ROOT / folder).rglob("*.py")
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if line.lstrip().startswith(("from compiler", "import compiler"))
    ]
    assert offenders == []


def test_the_suite_runs_on_the_installed_name() -> None:
    """The tests import gah from this repository's compiler/ folder, and nothing of gah imports the folder by its
    own name: checked in a fresh process (run from the repository, where `compiler` would be importable), with
    every command's module and the lab's runs and views loaded."""
    import gah.cli

    assert Path(gah.cli.__file__).resolve().parent == ROOT / "compiler"
    code = (
        "import importlib, sys\n"
        "import gah.cli, gah.commands, gah.lab.runs.jobs, gah.lab.views.report, gah.lab.views.html\n"
        "for name in gah.commands.MODULES.values():\n"
        "    importlib.import_module(f'gah.commands.{name}')\n"
        "print(sorted(m for m in sys.modules if m == 'compiler' or m.startswith('compiler.')))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]", done.stdout


def test_every_file_under_compiler_ships() -> None:
    """Each tracked file under compiler/ is a module of a listed package or matched by a package-data pattern
    (the runtime copied into generated modules, the pad's scripts, templates): missing, it breaks only in a wheel."""
    import fnmatch

    tracked = subprocess.run(["git", "ls-files", "compiler"], cwd=ROOT, capture_output=True, text=True, check=True)
    packages = {name.removeprefix("gah").replace(".", "/").lstrip("/") for name in CONFIG["packages"]}
    patterns = CONFIG["package-data"]["gah"]
    left = []
    for line in tracked.stdout.splitlines():
        inside = Path(line).relative_to("compiler")
        folder = "" if inside.parent == Path(".") else inside.parent.as_posix()
        if inside.suffix == ".py" and folder in packages:
            continue
        if not any(fnmatch.fnmatch(inside.as_posix(), pattern) for pattern in patterns):
            left.append(line)
    assert left == [], "add a package or a package-data pattern in pyproject.toml"
