"""Every command of the README and of the user guide (docs/guide-*.md, `gah docs TOPIC`) runs in a test.

Each ```sh block's command lines are collected. A `gah` command runs here, in document order, in a workspace of
its own made by `gah init` (lab runs on a few games, on the pure path); the README's tour runs in
tests/test_workspaces.py as written. Every other command is run by the test or CI script named in ELSEWHERE
(which must hold it), or is one of LONG_OR_INSTALL, with the reason no test runs it. A new command in a document
that none of these covers fails this test. The wheel the CI topic tells a house-rules repository to build is
built here too, and read: the guide ships in it, and its README says nothing a wheel user cannot follow.
"""

from __future__ import annotations

import glob
import re
import shlex
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from helpers_rules import ROOT, run_gah

DOCUMENTS = ["README.md", *sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "docs").glob("guide-*.md"))]

# Commands another test or CI runs: command -> (the file that runs it, a text that file holds to run it).
ELSEWHERE = {
    "python -m tests.mutation.run --ci --lanes 2": (".ci/run", "python -m tests.mutation.run --ci --lanes 2"),
    "python -m tests.mutation.js --ci": (".ci/run", "python -m tests.mutation.js --ci"),
    "npm install --prefix .ci-node @stryker-mutator/instrumenter@10.1.1": (".ci/run", "instrumenter@10.1.1"),
    "npm install --prefix .ci-node --no-audit --no-fund yaml-language-server@1.25.0 && python -m pytest "
    "tests/test_editor.py": (".ci/run", "yaml-language-server@1.25.0"),
    "gah sweep base --vary emperor_scorings.7.move_back=5,7,9 --players 2,3,4 --vary model.planning.share=0,50,100 "
    "--sort drama:desc": ("tests/test_sweep_axes.py", '"guide-sweeps.md"'),
    "gah sweep base --vary emperor_scorings.7.move_back=3..9 --games 100000 --scheduler tcp://HOST:8786": (
        "tests/test_lab_cluster.py",
        '"--scheduler"',
    ),
    "dask scheduler": ("tests/test_lab_cluster.py", "LocalCluster"),
    "dask worker tcp://HOST:8786 --nworkers 2 --nthreads 1": ("tests/test_lab_cluster.py", "LocalCluster"),
}
# Commands no test runs, and why: the installs of the README's two commands (CI runs them, word for word), runs of
# hours, or installs a test cannot make.
LONG_OR_INSTALL = {
    "python3 -m venv .venv && .venv/bin/pip install -e . && .venv/bin/gah check && .venv/bin/gah build": "CI",
    "python3 -m venv .venv && .venv/bin/pip install -e '.[test]' && .venv/bin/python -m pytest": "CI",
    "python -m tests.mutation.run --one-in 8": "hours on 2 cores; CI runs its fixed sample (--ci)",
    "python -m tests.mutation.run --ci": "CI runs it two groups at a time (--ci --lanes 2)",
    "python -m tests.mutation.run --ci --group kernels": "CI runs every group (--ci --lanes 2)",
    "python -m tests.mutation.run --ci --record-killers": "CI's sample as above, then writes killers.json "
    "(test_mutation_setup checks every recorded killer exists)",
    "python -m tests.fuzz --examples 20000": "a long run; the suite runs a bounded sample (tests/test_fuzz.py)",
    'python -m tests.fuzz --minutes 10 --only "language file" --only "file system"': "a long run, as above",
    "pip install '.[cluster]'": "an install; CI installs the cluster extra",
}
# The README's tour: tests/test_workspaces.py runs it as written.
TOUR = "## A five-minute tour"


def sh_commands(name: str) -> list[tuple[str, str]]:
    """(section, command) for each command line of a document's ```sh blocks, comments and continuations gone."""
    text = (ROOT / name).read_text(encoding="utf-8")
    found = []
    for match in re.finditer(r"```sh\n(.*?)```", text, re.S):
        section = re.findall(r"^#+ .*$", text[: match.start()], re.M)[-1]
        for line in match[1].replace("\\\n", " ").splitlines():
            command = " ".join(shlex.split(line, comments=True))
            if command:
                found.append((section, re.sub(r"\s+#.*$", "", " ".join(line.split()))))
    return found


def _is_gah(command: str) -> bool:
    """A gah command, run here: `gah ...`, or `eval "$(gah ...)"` as a shell's start-up file has it."""
    return command.startswith(("gah ", 'eval "$(gah '))


def _runnable(name: str) -> list[str]:
    return [
        command
        for section, command in sh_commands(name)
        if not (name == "README.md" and section == TOUR) and command not in ELSEWHERE and command not in LONG_OR_INSTALL
    ]


def test_every_command_is_run_here_elsewhere_or_said_why_not() -> None:
    every = {command for name in DOCUMENTS for _section, command in sh_commands(name)}
    assert len(every) > 25
    left = sorted(command for name in DOCUMENTS for command in _runnable(name) if not _is_gah(command))
    assert left == [], "run these in a test, or add them to ELSEWHERE or LONG_OR_INSTALL"
    assert sorted(set(ELSEWHERE) - every) == [] and sorted(set(LONG_OR_INSTALL) - every) == []
    for command, (runner, evidence) in ELSEWHERE.items():
        assert evidence in (ROOT / runner).read_text(encoding="utf-8"), (command, runner)
    tour = [command for section, command in sh_commands("README.md") if section == TOUR]
    assert tour[:3] == ["gah init my-table", "cd my-table", "gah new-variant high-stakes"]
    assert 'README.index("## A five-minute tour")' in (ROOT / "tests" / "test_workspaces.py").read_text()


def test_the_collector_sees_comments_continuations_and_sections(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import test_guide

    (tmp_path / "doc.md").write_text(
        "# T\n\n## Part\n\n```sh\ngah a --x 1 \\\n      --y 2   # why\n\n# only a comment\n```\n", encoding="utf-8"
    )
    monkeypatch.setattr(test_guide, "ROOT", tmp_path)
    assert sh_commands("doc.md") == [("## Part", "gah a --x 1 --y 2")]


def _arguments(command: str, home: Path) -> tuple[list[str], str | None]:
    """A documented gah command as arguments to run (a few games, on one worker) and the file its output goes to."""
    command = re.sub(r'^eval "\$\((.*)\)"$', r"\1", command)
    words = shlex.split(command.replace("~/", f"{home}/"))
    target = None
    if ">" in words:
        at = words.index(">")
        target = words[at + 1]
        words = words[:at] + words[at + 2 :]
    args = words[1:]
    if args[0] in ("compare", "sweep", "tune"):
        if "--games" in args:
            args[args.index("--games") + 1] = "24"
        else:
            args += ["--games", "24"]
        args += ["--workers", "1"]
    return args, target


@pytest.mark.parametrize("name", [name for name in DOCUMENTS if any(_is_gah(c) for c in _runnable(name))])
def test_the_gah_commands_of_a_document_run(name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GAH_LAB_ENGINE", "pure")  # the same reports, and no kernels to compile for 24 games
    folder = tmp_path / "table"
    assert run_gah("init", str(folder)).code == 0
    for command in _runnable(name):
        args, target = _arguments(command, tmp_path)
        if target is not None:
            Path(target.replace("~", str(tmp_path))).parent.mkdir(parents=True, exist_ok=True)
        run = run_gah(*args, cwd=folder)
        assert run.code == 0, f"{name}: {command}\n{run.err}"
        if target is not None:
            assert run.out, command
            (folder / target).write_text(run.out, encoding="utf-8")
        for written in re.findall(r"(?:--html|--games-csv|-o) (\S+)", command):
            assert (folder / written).stat().st_size > 0, (command, written)


NOT_SOURCE = (
    ".git",
    ".venv",
    ".ci-venv",
    ".ci-node",
    "build",
    "*.egg-info",
    "__pycache__",
    ".lane",
    ".mutation-import",
)


def test_the_wheel_carries_the_guide_and_a_readme_for_a_wheel_user(tmp_path: Path) -> None:
    """`pip wheel --no-deps -w wheels .` as the CI topic says: the file it writes is the one the workflow's `pip
    install wheels/grand_austria_rules-*.whl` names, it ships every guide topic where gah docs reads them, and its
    README (the METADATA's description) links to nothing and speaks of gah's source folder, not "this" one.

    It builds from a copy: setuptools leaves a build/ folder in the tree it builds, and a later wheel built there
    would ship whatever that folder kept (a user's variant removed since, say)."""
    source = tmp_path / "source"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(*NOT_SOURCE), symlinks=True)
    had_build = (ROOT / "build").exists()
    done = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", "wheels", str(source)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    ci = (ROOT / "docs" / "guide-ci.md").read_text(encoding="utf-8")
    (pattern,) = re.findall(r"- run: pip install (\S+)", ci)
    (wheel,) = glob.glob(str(tmp_path / pattern))
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        (metadata,) = [n for n in names if n.endswith(".dist-info/METADATA")]
        description = archive.read(metadata).decode("utf-8")
    guide = {f"gah/_bundled/docs/{p.name}" for p in (ROOT / "docs").glob("guide-*.md")}
    assert len(guide) >= 10 and guide <= names
    assert "## A five-minute tour" in description and "`gah docs development`" in description
    assert "this project folder" not in description and "](docs/" not in description
    assert (ROOT / "build").exists() == had_build, "the wheel was built in the repository itself"
