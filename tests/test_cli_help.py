"""`gah --help` and every `gah CMD --help`: fast (they import none of the commands' machinery) and in the
workspace's language, argparse's own words ("usage:", "options", its refusals) too (issue 40, builds 4 and 5)."""

from __future__ import annotations

import argparse
import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest
from gah.commands.options import SETUPS
from gah.commands.parser import ARGPARSE, LazyWords, Parser, build_parser, command_parser
from gah.languages import english, placeholders
from helpers_rules import ROOT, run_gah

from tests.helpers_english import ENGLISH_WORDS, english_words

# What help and the parser's refusals are made of in English, on top of the words of the English messages.
HELP_WORDS = ENGLISH_WORDS | {
    "usage",
    "positional",
    "arguments",
    "print",
    "message",
    "exit",
    "default",
    "also",
    "every",
    "or",
    "to",
    "for",
    "instead",
    "game",
    "games",
    "command",
    "commands",
    "error",
    "unrecognized",
    "invalid",
    "choice",
    "required",
    "following",
    "allowed",
    "argument",
    "mean",
}
HELP = [["--help"], *[[name, "--help"] for name in SETUPS]]
REFUSED = [
    ["scor"],
    ["--colr", "always", "check"],
    ["check", "--formt", "json"],
    ["check", "--format", "xml"],
    ["sweep"],
    ["sweep", "base", "--games", "many"],
    ["compare", "--json", "--csv", "base"],
    ["tune", "base", "--vary"],
]
HEAVY = ("numpy", "numba", "weasyprint", "jsonschema", "gah.frontend", "gah.lab", "gah.backends", "gah.sheets")


@pytest.fixture(scope="module")
def german(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("de") / "hotel"
    assert run_gah("init", str(folder)).code == 0
    config = folder / "gah.toml"
    config.write_text(config.read_text(encoding="utf-8") + 'language = "de"\n', "utf-8")
    return folder


def english_in(text: str) -> list[str]:
    """The English words of `text` (tests/test_german_everywhere.py's scanner), but in a list of choices
    ({auto,always,never}: values as typed)."""
    return english_words(re.sub(r"\{[^{}\s]*\}", " ", text), HELP_WORDS)


@pytest.fixture(autouse=True)
def wide(monkeypatch: pytest.MonkeyPatch) -> None:
    """Help unwrapped, so that a quoted id stays on one line (the scanner skips quoted text)."""
    monkeypatch.setenv("COLUMNS", "1000")


def said(argv: list[str], cwd: Path) -> str:
    run = run_gah(*argv, cwd=cwd)
    assert run.code in (0, 2), run.err
    return run.out + run.err


# --- fast: no command's machinery ------------------------------------------------------------------------


def test_help_imports_no_command_and_nothing_heavy(german: Path) -> None:
    """Every help, in one process, in a German workspace: NumPy, numba, WeasyPrint, jsonschema, the rules'
    front end, the lab and each command's module stay unloaded (a regression guard, not a timing)."""
    code = (
        "import contextlib, io, sys\nfrom gah.cli import main\n"
        f"for argv in {HELP!r}:\n"
        "    with contextlib.redirect_stdout(io.StringIO()):\n"
        "        assert main(argv) == 0, argv\n"
        "commands = ('build', 'check', 'compare', 'completion', 'diff', 'format_docs', 'init', 'lab_model',"
        " 'new_variant', 'report', 'score', 'setup', 'sheet', 'show', 'sweep', 'tune')\n"
        f"heavy = {HEAVY!r} + tuple('gah.commands.' + name for name in commands)\n"
        "print(sorted(m for m in sys.modules if m.startswith(heavy)))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=german, check=True)
    assert done.stdout.strip().splitlines()[-1] == "[]"


# --- in the workspace's language --------------------------------------------------------------------------


@pytest.mark.parametrize("argv", HELP, ids=" ".join)
def test_every_help_of_a_german_workspace_is_german(german: Path, argv: list[str]) -> None:
    text = said(argv, german)
    assert text.startswith("Aufruf: gah") and "Optionen:" in text and "diese Hilfe zeigen und beenden" in text
    assert english_in(text) == [], text


@pytest.mark.parametrize("argv", HELP, ids=" ".join)
def test_the_scanner_finds_english_in_each_english_help(argv: list[str]) -> None:
    """The control: the same help where the workspace speaks English is caught, so the scanner is not blind."""
    text = said(argv, ROOT)
    assert text.startswith("usage: gah")
    assert english_in(text), text


@pytest.mark.parametrize("argv", REFUSED, ids=" ".join)
def test_the_parser_refuses_in_german(german: Path, argv: list[str]) -> None:
    run = run_gah(*argv, cwd=german)
    assert run.code == 2 and run.out == ""
    assert run.err.startswith("Aufruf: gah") and ": Fehler: " in run.err
    assert english_in(run.err) == [], run.err
    english_run = run_gah(*argv, cwd=ROOT)
    assert english_in(english_run.err), english_run.err


def test_what_the_german_refusals_say(german: Path) -> None:
    err = {" ".join(argv): run_gah(*argv, cwd=german).err.splitlines()[-1] for argv in REFUSED}
    assert err["scor"].startswith("gah: Fehler: unbekannter Befehl 'scor' (meintest du 'score'?); Befehle: build, ")
    assert err["--colr always check"] == "gah: Fehler: unbekannte Argumente: --colr (meintest du '--color'?)"
    assert err["check --format xml"] == (
        "gah check: Fehler: Argument --format: ungültige Wahl: 'xml' (möglich: 'text', 'json', 'github', 'sarif')"
    )
    assert err["sweep"] == "gah sweep: Fehler: diese Argumente fehlen: REGELWERK"
    assert err["sweep base --games many"] == "gah sweep: Fehler: Argument --games: ungültiger Wert für int: 'many'"
    assert err["compare --json --csv base"] == "gah compare: Fehler: Argument --csv: nicht zusammen mit --json erlaubt"
    assert err["tune base --vary"] == "gah tune: Fehler: Argument --vary: erwartet einen Wert"


def test_lang_speaks_too_and_a_workspace_file_changes_the_words(german: Path, tmp_path: Path) -> None:
    assert said(["sheet", "--lang", "de", "--help"], ROOT).startswith("Aufruf: gah sheet")
    assert said(["sheet", "--help", "--lang", "en"], german).startswith("usage: gah sheet")
    own = german / "rules" / "languages"
    own.mkdir(parents=True, exist_ok=True)
    (own / "de.yaml").write_text(
        "extends: de\nlanguage: de\nname: Deutsch\nhelp:\n  commands.check: prüft alles, was es findet\n", "utf-8"
    )
    try:
        text = said(["--help"], german)
        assert "prüft alles, was es findet" in text and "das Variantenlabor" in text
    finally:
        (own / "de.yaml").unlink()


def test_a_language_file_that_cannot_be_read_leaves_help_in_english(german: Path) -> None:
    own = german / "rules" / "languages"
    own.mkdir(parents=True, exist_ok=True)
    (own / "de.yaml").write_text("extends: de\nhelp:\n  commands.check: [never closed\n", "utf-8")
    try:
        run = run_gah("check", "--help", cwd=german)
    finally:
        (own / "de.yaml").unlink()
    assert run.code == 0 and run.out.startswith("usage: gah check") and "Traceback" not in run.err


# --- the phrases ------------------------------------------------------------------------------------------


NAMES_AS_WRITTEN = {"A", "B", "N", "X", "json", "desc"}  # argument names with no phrase: letters, values


def _phrase_keys() -> set[str]:
    """The help.* phrase each argument, option and command of the parser reads (parser.option_help), and
    those of the words of their names (parser.named)."""
    parser = build_parser(LazyWords([]))
    keys = {"help.gah", *(f"help.commands.{name}" for name in SETUPS)}
    for name in (None, *SETUPS):
        for action in command_parser(parser, name)._actions:
            if action.help == argparse.SUPPRESS:
                continue
            if action.nargs != 0 and (action.metavar is not None or action.choices is None):
                shown = str(action.metavar or (action.dest.upper() if action.option_strings else action.dest))
                keys |= {f"help.names.{word}" for word in re.findall("[A-Za-z]+", shown)} - {
                    f"help.names.{word}" for word in NAMES_AS_WRITTEN
                }
            if action.help is not None or isinstance(action, argparse._SubParsersAction):
                continue
            own = f"help.{name}.{action.dest}"
            keys.add(own if own in english().phrases else f"help.options.{action.dest}")
    return keys


def test_every_option_has_its_phrase_and_every_phrase_an_option() -> None:
    asked = _phrase_keys()
    phrases = {key for key in english().phrases if key.startswith("help.")}
    refusals = {"help.unknown_command"} | {f"help.argparse.{key}" for key, _fields in ARGPARSE.values()}
    assert sorted(asked - phrases) == []
    assert sorted(phrases - asked - refusals) == []


def test_the_docs_topic_help_points_at_the_list_of_topics() -> None:
    # The topics are ids (English words such as "commands"): the help names the list, which gah docs prints.
    assert english().say("help.docs.topic") == "a topic of the list that gah docs prints (none: the list)"


def test_the_light_options_name_the_values_their_commands_take() -> None:
    from gah import problem_formats, sheets
    from gah.commands import options

    assert options.FORMATS == problem_formats.FORMATS
    assert (options.SHEET_FORMATS, options.PAPERS) == (sheets.FORMATS, sheets.PAPERS)


def test_each_argparse_message_has_a_phrase_with_its_fields() -> None:
    for message, (key, fields) in ARGPARSE.items():
        phrase = english().phrase(f"help.argparse.{key}", 2)
        assert placeholders(phrase) == set(fields), message
        assert all(field in message for field in fields.values()), message


def test_every_message_of_this_pythons_argparse_that_users_can_meet_has_a_phrase() -> None:
    """argparse's gettext messages, but those about mistakes in building a parser (gah's own bugs) and about
    deprecated options (gah has none)."""
    tree = ast.parse(Path(argparse.__file__).read_text(encoding="utf-8"))
    messages = {
        node.args[0].value
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and getattr(node.func, "id", "") in ("_", "ngettext")
        and node.args
        and isinstance(node.args[0], ast.Constant)
        and isinstance(node.args[0].value, str)
    }
    builders = {
        ".__call__() not defined",
        "conflicting subparser: %s",
        "conflicting subparser alias: %s",
        "unknown parser %(parser_name)r (choices: %(choices)s)",  # gah refuses an unknown command first
        'argument "-" with mode %r',
        "can't open '%(filename)s': %(error)s",  # gah has no argparse.FileType argument
        "cannot merge actions - two groups are named %r",
        "'required' is an invalid argument for positionals",
        "invalid option string %(option)r: must start with a character %(prefix_chars)r",
        "dest= is required for options like %r",
        "invalid conflict_resolution value: %r",
        "conflicting option string: %s",
        "mutually exclusive arguments must be optional",
        "cannot have multiple subparser arguments",
        "subcommands",
        "%r is not callable",
    }
    missing = sorted(m for m in messages - builders - set(ARGPARSE) if "deprecated" not in m)
    assert missing == []


def test_the_help_parser_is_gahs() -> None:
    parser = build_parser(LazyWords([]))
    assert isinstance(parser, Parser) and all(isinstance(command_parser(parser, n), Parser) for n in SETUPS)


def test_help_finds_the_bundle_where_gah_does(monkeypatch: pytest.MonkeyPatch) -> None:
    """help_words finds the bundle itself (importing gah.workspace would cost help its speed): the same one."""
    from gah import workspace
    from gah.commands import help_words

    assert help_words.bundle_root() == workspace.bundle_root.__wrapped__()  # $GAH_BUNDLE: the suite sets it
    monkeypatch.delenv(workspace.BUNDLE_VARIABLE)
    assert help_words.bundle_root() == workspace.bundle_root.__wrapped__() == ROOT
    assert help_words.CONFIG_NAME == workspace.CONFIG_NAME
