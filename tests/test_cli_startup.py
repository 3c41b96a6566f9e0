"""gah imports only the command it runs: `gah check` and `gah score` never load NumPy, numba, WeasyPrint or
the lab; help and an unknown command still list every command."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from gah import commands
from gah.cli import wanted_command
from helpers_rules import ROOT, run_gah

HEAVY = ("numpy", "numba", "weasyprint", "gah.lab.runs.jobs", "gah.commands.compare")
VARIANT = str(ROOT / "tests" / "data" / "variants" / "invented-counts.yaml")


def loaded_after(*argv: str) -> list[str]:
    """Which HEAVY modules a process that runs `gah ARGV` has imported."""
    code = (
        "import sys\nfrom gah.cli import main\n"
        f"code = main({list(argv)!r})\n"
        f"print(sorted(m for m in {HEAVY!r} if m in sys.modules))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    return list(eval(done.stdout.strip().splitlines()[-1]))


@pytest.mark.parametrize(
    "argv",
    [("--version",), ("check", VARIANT), ("score", str(ROOT / "examples" / "round7.yaml")), ("diff", "base", VARIANT)],
    ids=["version", "check", "score", "diff"],
)
def test_light_commands_load_nothing_heavy(argv: tuple[str, ...]) -> None:
    assert loaded_after(*argv) == []


def test_the_lab_loads_for_the_lab() -> None:
    assert {"numpy", "gah.commands.compare"} <= set(loaded_after("compare", "no-such-ruleset", "base"))


def test_the_command_word_is_the_first_that_is_no_option() -> None:
    assert wanted_command(["--workspace", "check", "score", "x"]) == "score"  # `check` is the folder here
    assert wanted_command(["--root", "w", "--", "build"]) == "build"
    assert wanted_command(["-h"]) is None and wanted_command([]) is None


def test_help_and_an_unknown_command_name_every_command() -> None:
    shown = run_gah("--help")
    for name in commands.MODULES:
        assert name in shown.out, name
    wrong = run_gah("scor")
    assert wrong.code == 2
    assert "gah: error: unknown command 'scor' (did you mean 'score'?); commands: build, check, compare" in wrong.err
    for name in commands.MODULES:
        assert name in wrong.err, name


def test_a_bad_option_shows_that_commands_usage_and_the_closest_option() -> None:
    wrong = run_gah("score", "--rulez", "base", "state.yaml")
    assert wrong.code == 2 and wrong.out == ""
    assert wrong.err.startswith("usage: gah score ")
    assert "gah score: error: unrecognized arguments: --rulez (did you mean '--rules'?)" in wrong.err
    top = run_gah("--nope")
    assert top.code == 2 and top.err.startswith("usage: gah [-h]") and "unrecognized arguments: --nope" in top.err


def test_version_loads_no_more_than_the_command_line() -> None:
    """`gah --version` answers from gah.__version__: no YAML, no JSON Schema, no package metadata, no rules (only
    the guard of its output streams, gah.pipes, which imports nothing but the standard library's os and sys)."""
    code = (
        "import sys\nfrom gah.cli import main\nmain(['--version'])\n"
        "print(sorted(m for m in sys.modules if m.startswith(('gah.', 'yaml', 'jsonschema', 'importlib.metadata'))))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=False)
    loaded = "['gah.cli', 'gah.commands', 'gah.commands.options', 'gah.commands.parser', 'gah.commands.registry', 'gah.pipes']"
    assert done.stdout.strip().splitlines() == ["gah 0.1.0", loaded]


def test_the_colour_option_takes_its_value() -> None:
    assert wanted_command(["--color", "always", "check"]) == "check"
    assert wanted_command(["--color=never", "diff", "a", "b"]) == "diff"


def test_gahs_options_work_after_the_command_too(tmp_path: Path) -> None:
    from gah.cli import parse
    from gah.commands.parser import LazyWords, build_parser

    parser = build_parser(LazyWords([]))
    after = parse(parser, ["check", "--color", "always", "--workspace", str(tmp_path)])
    assert (after.command, after.color, after.workspace) == ("check", "always", tmp_path)
    before = parse(parser, ["--color", "never", "--root", str(tmp_path), "check", "x.yaml"])
    assert (before.color, before.workspace, before.files) == ("never", tmp_path, [Path("x.yaml")])
    assert parse(parser, ["check"]).color == "auto" and parse(parser, ["check"]).workspace is None
    run = run_gah("check", VARIANT, "--color", "never")
    assert run.code == 0 and "unrecognized" not in run.err


def test_a_mistyped_option_before_the_command_is_named_as_such() -> None:
    wrong = run_gah("--colr", "always", "check")
    assert wrong.code == 2 and "unknown command" not in wrong.err
    assert wrong.err.splitlines()[-1] == "gah: error: unrecognized arguments: --colr (did you mean '--color'?)"
    assert wanted_command(["--col", "never", "check"]) == "check"  # argparse takes a unique prefix
