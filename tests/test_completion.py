"""Shell completion (gah docs commands: Shell completion): bash sources `gah completion bash` and completes as a user's
<Tab> would: command names, options, ruleset names of the workspace, language ids, `--vary` paths."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from helpers_rules import run_gah

pytestmark = pytest.mark.skipif(shutil.which("bash") is None, reason="bash is not installed")

# What bash does on <Tab>: the words so far in COMP_WORDS, then the function `complete` registered for gah.
DRIVE = r"""
source <(gah completion bash)
line="$1"
read -ra COMP_WORDS <<< "$line"
[[ "$line" == *" " ]] && COMP_WORDS+=("")
COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
COMP_LINE="$line"; COMP_POINT=${#line}
_python_argcomplete gah "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
printf '%s\n' "${COMPREPLY[@]}"
"""


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("completion") / "table"
    assert run_gah("init", str(folder)).code == 0
    assert run_gah("new-variant", "house-stakes", cwd=folder).code == 0
    return folder


def tab(line: str, cwd: Path) -> list[str]:
    """The completions bash offers for `line` (the cursor at its end)."""
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    env.pop("_ARGCOMPLETE", None)
    done = subprocess.run(
        ["bash", "-c", DRIVE, "drive", line], capture_output=True, text=True, cwd=cwd, env=env, timeout=120
    )
    assert done.returncode == 0, done.stderr
    return [word.rstrip() for word in done.stdout.splitlines() if word.strip()]


def test_command_names_complete(workspace: Path) -> None:
    assert tab("gah sh", workspace) == ["sheet", "show"]
    assert {"build", "check", "score", "sweep", "completion"} <= set(tab("gah ", workspace))


def test_options_complete_for_the_command_typed(workspace: Path) -> None:
    assert tab("gah build --f", workspace) == ["--force-pdf"]
    assert "--paper" in tab("gah sheet --", workspace)


def test_ruleset_names_come_from_the_workspace(workspace: Path) -> None:
    offered = tab("gah sheet ", workspace)
    assert {"base", "house-stakes"} <= set(offered)
    assert tab("gah diff base house-s", workspace) == ["house-stakes"]


def test_languages_and_vary_paths(workspace: Path) -> None:
    assert tab("gah score --lang ", workspace) == ["de", "en"]
    assert tab("gah sweep base --vary emperor_sc", workspace) == ["emperor_scorings."]
    paths = tab("gah sweep base --vary emperor_scorings.7.", workspace)
    assert "emperor_scorings.7.move_back=" in paths
    assert "model." in tab("gah sweep base --vary ", workspace), "the game model's knobs vary too"
    assert tab("gah sweep base --vary model.planning.sh", workspace) == ["model.planning.share="]
    assert "model.planning.mistakes=" in tab("gah sweep base --vary model.planning.", workspace)
    assert "model." not in tab("gah tune base --vary ", workspace), "tune varies the ruleset alone"


def test_docs_topics_complete_not_file_names(workspace: Path) -> None:
    from gah.commands.format_docs import TOPICS

    assert tab("gah docs ", workspace) == list(TOPICS)  # the listing's order; the workspace's files are not topics
    assert tab("gah docs la", workspace) == ["lab", "lab-model", "language"]
    assert tab("gah docs house", workspace) == ["house-rules"]


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_each_shell_gets_a_script(shell: str) -> None:
    shown = run_gah("completion", shell)
    assert shown.code == 0 and "gah" in shown.out and len(shown.out.splitlines()) > 5
