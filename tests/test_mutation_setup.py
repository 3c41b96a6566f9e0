"""The mutation runs are set up as the guide says (gah docs development): every group's files and tests exist, it names
every group, and a JavaScript mutant is written exactly where the instrumenter put it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.mutation.first_killer import known_killers, mutant_name
from tests.mutation.js import PYTEST, Mutant, applied
from tests.mutation.run import GROUPS, collects, config_text, lane_copy, lane_environment, pytest_command

ROOT = Path(__file__).resolve().parents[1]


def test_every_group_mutates_and_runs_files_that_exist() -> None:
    for group in GROUPS:
        for path in (*group.targets, *group.tests):
            assert (ROOT / path).exists(), (group.name, path)
        assert group.ci_one_in >= 1


def test_the_guide_names_every_group() -> None:
    readme = (ROOT / "docs" / "guide-development.md").read_text(encoding="utf-8")
    line = next(line for line in readme.splitlines() if "--group kernels" in line)
    for group in GROUPS:
        assert group.name in line, group.name


def test_the_kernels_run_as_plain_python_in_one_process() -> None:
    (kernels,) = (group for group in GROUPS if group.name == "kernels")
    command = pytest_command(kernels)
    assert command.startswith("env NUMBA_DISABLE_JIT=1 ")
    assert " -n 0 " in command and " -x " in command


def test_a_javascript_mutant_replaces_its_span_only() -> None:
    text = "const a = 1;\nif (a >= 1 &&\n    b) go();\n"
    # Lines and columns from 0, as the instrumenter gives them: `a >= 1 &&\n    b` spans two lines.
    both = Mutant("k", (1, 4), (2, 5), "true")
    assert applied(text, both) == "const a = 1;\nif (true) go();\n"
    sign = Mutant("k", (1, 6), (1, 8), ">")
    assert applied(text, sign) == "const a = 1;\nif (a > 1 &&\n    b) go();\n"


def test_every_test_command_collects_its_tests() -> None:
    # A command pytest refuses (an option the addopts contradict, a missing file) would "kill" every mutant.
    for group in GROUPS:
        assert collects(group) == "", group.name
    collected = subprocess.run([*PYTEST, "--collect-only"], cwd=ROOT, capture_output=True, text=True)
    assert collected.returncode == 0, collected.stdout + collected.stderr


def test_a_lane_imports_gah_from_its_own_copy(tmp_path: Path) -> None:
    """With --lanes, a group's mutants are written into its lane's copy: the tests it runs there must import that
    copy's code, not the repository's (else every mutant would survive unseen), in the test process and in the
    processes the tests start."""
    root = lane_copy(tmp_path)
    assert (root / "compiler" / "cli.py").read_bytes() == (ROOT / "compiler" / "cli.py").read_bytes()
    code = "import gah.cli, pathlib; print(pathlib.Path(gah.cli.__file__).resolve())"
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=root, env=lane_environment(root), capture_output=True, text=True, check=True
    )
    assert Path(done.stdout.strip()) == (root / "compiler" / "cli.py").resolve()
    assert lane_environment(ROOT).get("PYTHONPATH") == os.environ.get("PYTHONPATH")


def test_a_mutant_is_named_by_its_file_and_the_lines_it_changed(tmp_path: Path) -> None:
    """first_killer.py finds the mutant cosmic-ray wrote by comparing the targets with their pristine copy."""
    pristine, root = tmp_path / "pristine", tmp_path / "root"
    for folder, line in ((pristine, "if a < b:"), (root, "if a <= b:")):
        (folder / "compiler").mkdir(parents=True)
        (folder / "compiler" / "same.py").write_text("x = 1\n", encoding="utf-8")
        (folder / "compiler" / "cut.py").write_text(f"x = 1\n    {line}\n    go()\n", encoding="utf-8")
    assert mutant_name(pristine, root) == "compiler/cut.py | if a < b: | if a <= b:"
    (root / "compiler" / "cut.py").write_text("x = 1\n    if a < b:\n    go()\n", encoding="utf-8")
    assert mutant_name(pristine, root) is None


def test_every_recorded_killer_names_a_test_that_exists() -> None:
    """A killer whose test was renamed would only cost time (the whole files run), but a stale map should be seen."""
    for name, test in known_killers().items():
        file, _, function = test.partition("::")
        assert name.split(" | ", 1)[0] and (ROOT / file).is_file(), test
        assert f"def {function.split('[', 1)[0]}(" in (ROOT / file).read_text(encoding="utf-8"), test


def test_the_mutants_meet_their_known_killer_first(tmp_path: Path) -> None:
    (kernels,) = (group for group in GROUPS if group.name == "kernels")
    command = config_text(kernels, tmp_path / "pristine", tmp_path / "records.jsonl")
    assert "-m tests.mutation.first_killer kernels " in command
