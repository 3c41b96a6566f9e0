"""CI runs the README's two set-up commands as written (.ci/readme_commands.py reads them from the README), each
in a fresh venv, so a missing install step in the README fails CI; the tests that need more than the README's
`.[test]` install are marked `extra` and run again where every extra is installed."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CI = (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def load_reader():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("readme_commands", ROOT / ".ci" / "readme_commands.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_readme_has_two_commands_one_installing_the_tool_one_the_tests() -> None:
    main_job, tests = load_reader().readme_commands((ROOT / "README.md").read_text(encoding="utf-8"))
    assert main_job.startswith("python3 -m venv .venv && ") and tests.startswith("python3 -m venv .venv && ")
    assert "pip install -e . " in main_job and "gah build" in main_job
    assert "pip install -e '.[test]'" in tests and tests.endswith("python -m pytest")


def test_the_reader_prints_each_command_and_refuses_anything_else() -> None:
    reader = ROOT / ".ci" / "readme_commands.py"
    first = subprocess.run([sys.executable, reader, "1"], capture_output=True, text=True, check=True).stdout
    assert first.startswith("python3 -m venv .venv && ")
    refused = subprocess.run([sys.executable, reader, "3"], capture_output=True, text=True)
    assert refused.returncode == 2 and "usage" in refused.stderr


def test_the_reader_takes_only_the_block_under_its_heading() -> None:
    text = (
        "# x\n\n```sh\nnot this\n```\n\n## Two commands\n\n```sh\n# a comment\none\n\ntwo\n```\n\n```sh\nthree\n```\n"
    )
    assert load_reader().readme_commands(text) == ["one", "two"]


def test_ci_runs_both_commands_verbatim_in_fresh_venvs_before_its_own_venv() -> None:
    one = CI.index('bash -euo pipefail -c "$(python3 .ci/readme_commands.py 1)"')
    two = CI.index('bash -euo pipefail -c "$(python3 .ci/readme_commands.py 2)"')
    own = CI.index("python3 -m venv .ci-venv")
    assert one < two < own
    assert CI.count("rm -rf .venv\n") >= 2 and CI.rindex("rm -rf .venv\n", 0, two) > one


def test_ci_runs_the_extras_tests_where_a_skip_fails() -> None:
    assert "GAH_NO_SKIPS=1 python -m pytest -m extra" in CI
    assert CI.index("pip install --quiet -e '.[test,cluster,fast,mutation]'") < CI.index("-m pytest -m extra")
