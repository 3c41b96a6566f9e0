"""The pre-commit hook (.pre-commit-hooks.yaml; gah docs ci): in a house-rules git
repository, a commit that breaks a rules file is stopped, and `--format github` marks the file at its line.

The test installs the `repo: local` hook of the guide (docs/guide-ci.md, `gah docs ci`) word for word, on the gah
this suite runs; it is the hook .pre-commit-hooks.yaml declares (entry, files, pass_filenames), with `language:
system` (a `language: python` hook would pip-install gah from its published repository, which does not exist yet)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml
from helpers_rules import ROOT, run_gah

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
PRE_COMMIT = Path(sys.executable).parent / "pre-commit"
# Under CI (which installs the test extra) a missing pre-commit fails the test instead of skipping it.
needs_pre_commit = pytest.mark.skipif(
    not PRE_COMMIT.exists() and not os.environ.get("CI"),
    reason="pre-commit is not installed (pip install -e '.[test]')",
)


def declared_hook() -> dict[str, Any]:
    (hook,) = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    assert hook["id"] == "gah-check" and hook["language"] == "python"
    return dict(hook)


def guide_config() -> str:
    """The .pre-commit-config.yaml the guide shows, as written."""
    text = (ROOT / "docs" / "guide-ci.md").read_text(encoding="utf-8")
    (block,) = [b for b in re.findall(r"```yaml\n(.*?)```", text, re.S) if "pre-commit-config" in b]
    return str(block)


def test_the_guide_s_hook_is_the_declared_one_run_locally() -> None:
    (hook,) = yaml.safe_load(guide_config())["repos"][0]["hooks"]
    declared = declared_hook()
    assert yaml.safe_load(guide_config())["repos"][0]["repo"] == "local"
    assert hook["language"] == "system"
    assert {k: hook[k] for k in ("id", "entry", "files", "pass_filenames")} == {
        k: declared[k] for k in ("id", "entry", "files", "pass_filenames")
    }


def repository(tmp_path: Path, args: list[str]) -> tuple[Path, dict[str, str]]:
    """A house-rules repository (gah init, git init) with the guide's pre-commit config (its args line
    uncommented when `args` are given)."""
    folder = tmp_path / "house"
    assert run_gah("init", str(folder)).code == 0
    config = guide_config()
    if args:
        config = config.replace("# args: [--format, github]", f"args: [{', '.join(args)}]")
        assert f"args: [{', '.join(args)}]" in config
    (folder / ".pre-commit-config.yaml").write_text(config, encoding="utf-8")
    env = {
        **os.environ,
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
        "PRE_COMMIT_HOME": str(tmp_path / "pre-commit-home"),
        "GIT_AUTHOR_NAME": "t",
        "GIT_AUTHOR_EMAIL": "t@example.org",
        "GIT_COMMITTER_NAME": "t",
        "GIT_COMMITTER_EMAIL": "t@example.org",
    }
    for command in (["git", "init", "-q"], [str(PRE_COMMIT), "install"], ["git", "add", "-A"]):
        subprocess.run(command, cwd=folder, env=env, check=True, capture_output=True)
    return folder, env


def commit(folder: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    subprocess.run(["git", "add", "-A"], cwd=folder, env=env, check=True)
    return subprocess.run(
        ["git", "commit", "-q", "-m", "house rules"], cwd=folder, env=env, capture_output=True, text=True, timeout=300
    )


@needs_pre_commit
def test_a_broken_rules_file_stops_the_commit_and_is_marked_at_its_line(tmp_path: Path) -> None:
    folder, env = repository(tmp_path, ["--format", "github"])
    variant = folder / "rules" / "house.yaml"
    variant.write_text("extends: base\nname: house\nrounds: seven\n", encoding="utf-8")
    stopped = commit(folder, env)
    assert stopped.returncode == 1
    assert '::error file=rules/house.yaml,line=3,col=9::rounds: expected a whole number, got text ("seven")' in (
        stopped.stdout + stopped.stderr
    )
    variant.write_text("extends: base\nname: house\nrounds: 7\n", encoding="utf-8")
    assert commit(folder, env).returncode == 0


@needs_pre_commit
def test_the_hook_runs_only_when_rules_change(tmp_path: Path) -> None:
    folder, env = repository(tmp_path, [])
    (folder / "rules" / "house.yaml").write_text("extends: base\nname: house\nrounds: seven\n", encoding="utf-8")
    assert commit(folder, env).returncode == 1
    subprocess.run(["git", "reset", "-q"], cwd=folder, env=env, check=True)
    (folder / "rules" / "house.yaml").unlink()
    (folder / "notes.txt").write_text("not rules\n", encoding="utf-8")
    done = commit(folder, env)
    assert done.returncode == 0 and "gah check" in done.stdout + done.stderr  # "(no files to check)Skipped"
