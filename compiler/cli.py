"""The `gah` command line: finds the command asked for, imports only its module, and runs it with one line
per error (no traceback). Kept light: `gah --version` imports nothing else."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from . import __version__
from .commands.registry import COMMANDS as _COMMANDS

if TYPE_CHECKING:
    from .errors import Problem
    from .problem_formats import Failure


def wanted_command(argv: Sequence[str]) -> str | None:
    """The command a command line names: its first word that is no option (nor --workspace's folder)."""
    words = iter(argv)
    for word in words:
        if word in ("--workspace", "--root", "--color", "--colour"):
            next(words, None)
        elif not word.startswith("-"):
            return word
    return None


def register_commands(argv: Sequence[str] | None) -> None:
    """Import the module of the command `argv` names, only that one; every module when it names none that is
    known and asks for help or for nothing (the help lists them all), or names an unknown one (its error does)."""
    from . import commands

    words = list(sys.argv[1:] if argv is None else argv)
    name = wanted_command(words)
    if name in commands.MODULES:
        commands.import_command(name)
    elif name is not None or not words or "-h" in words or "--help" in words:
        commands.import_all()


def build_parser(argv: Sequence[str] | None = ()) -> argparse.ArgumentParser:
    """The parser of `gah`, with the commands `argv` needs (see register_commands; by default, every one)."""
    register_commands(argv if argv != () else ["--help"])
    parser = argparse.ArgumentParser(
        prog="gah",
        description="Rules compiler for the Emperor track and final scoring of Grand Austria Hotel.",
    )
    parser.add_argument("--version", action="version", version=f"gah {__version__}")
    parser.add_argument(
        "--workspace",
        "--root",
        dest="workspace",
        type=Path,
        default=None,
        metavar="DIR",
        help="workspace folder holding gah.toml (default: found from the current folder upwards, as git does)",
    )
    parser.add_argument(
        "--color",
        "--colour",
        dest="color",
        choices=("auto", "always", "never"),
        default="auto",
        help="colour errors and diffs: auto (default: on a terminal, unless NO_COLOR is set; FORCE_COLOR forces it)",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, (setup, _handler, help_text) in _COMMANDS.items():
        _PARSERS[name] = sub.add_parser(name, help=help_text, description=help_text)
        setup(_PARSERS[name])
    return parser


_PARSERS: dict[str, argparse.ArgumentParser] = {}


def completion_parser(words: list[str]) -> argparse.ArgumentParser:
    """The parser a shell completes `gah WORDS` with: the command's own once its word is complete (only its module
    is imported), else one that knows only the commands' names (none is imported)."""
    from . import commands

    name = wanted_command(words)
    if name in commands.MODULES and words[-1:] != [name]:
        return build_parser([name])
    parser = build_parser(["--version"])
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    for other in commands.MODULES:
        if other not in sub.choices:
            sub.add_parser(other)
    return parser


def parse(parser: argparse.ArgumentParser, argv: Sequence[str] | None) -> argparse.Namespace:
    """The parsed command line; an option the command does not know is refused with that command's usage (and
    the closest option it has)."""
    args, extra = parser.parse_known_args(argv)
    if extra:
        command_parser = _PARSERS.get(args.command or "", parser)
        options = [o for action in command_parser._actions for o in action.option_strings]
        from .frontend.validate import did_you_mean

        hint = did_you_mean(extra[0], options) if extra[0].startswith("-") else ""
        command_parser.error(f"unrecognized arguments: {' '.join(extra)}{hint}")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of `gah` and `python -m gah`; returns the exit code, also when the reader of its output has
    gone (pipes.py)."""
    from .pipes import guarded_streams

    with guarded_streams():
        return _main(argv)


def _main(argv: Sequence[str] | None) -> int:
    """`gah ARGV`: the command line read and the command it names run; the exit code."""
    if "_ARGCOMPLETE" in os.environ:  # the shell asks for completions (gah completion SHELL): answer and exit
        from .completion import complete_if_asked

        complete_if_asked(completion_parser)
    parser = build_parser(argv)
    name = wanted_command(list(sys.argv[1:] if argv is None else argv))
    if name is not None and name not in _COMMANDS:
        from .frontend.validate import did_you_mean

        names = ", ".join(sorted(_COMMANDS))
        try:
            parser.error(f"unknown command '{name}'{did_you_mean(name, _COMMANDS)}; commands: {names}")
        except SystemExit as exit_:
            return int(exit_.code or 0)
    try:
        args = parse(parser, argv)
    except SystemExit as exit_:
        return int(exit_.code or 0)
    if args.command is None:
        parser.print_help(sys.stderr)
        return 2
    return run(args)


def run(args: argparse.Namespace) -> int:
    """Run the parsed command in its workspace: every error a user's files or machine can cause is one line
    (or positioned problems) and exit 1; Ctrl-C is one line and 130."""
    from .commands.common import report, speaker
    from .errors import GahError, RulesError, SourceRegistry, printable
    from .said import told
    from .terminal import set_choice
    from .workspace import Workspace

    set_choice(args.color)
    sources = SourceRegistry()
    _setup, handler, _help = _COMMANDS[args.command]
    workspace: Workspace | None = None
    try:
        workspace = Workspace.at(args.workspace, sources) if args.workspace else Workspace.find(sources=sources)
        return handler(args, workspace)
    except RulesError as error:  # gah.toml's own problems are said in the language it names (ConfigError)
        says = speaker(workspace or getattr(error, "said_in", None), getattr(args, "lang", None))
        if not _output_as_asked(args, [problem.told(says) for problem in error.problems]):
            report(error.problems, sources, says)
        return 1
    except GahError as error:
        message = told(error, speaker(workspace, getattr(args, "lang", None)))
        _fail(args, f"gah {args.command}: {printable(message)}")
        return 1
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # a write past the guarded streams (pipes.py) ended the command: as a shell shows it
        return 128 + 13  # killed by SIGPIPE
    except OSError as error:  # the machine refused a file or folder no check could foresee: one line, no traceback
        where = f"{error.filename}: " if error.filename is not None else ""
        file = None if error.filename is None else str(error.filename)
        _fail(args, f"gah {args.command}: {printable(where + (error.strerror or str(error)))}", file)
        return 1


def _fail(args: argparse.Namespace, message: str, file: str | None = None) -> None:
    """An error that ends the command, in the form its options ask for (a line on stderr for people)."""
    from .problem_formats import Failure

    if not _output_as_asked(args, [], Failure(message, file)):
        print(message, file=sys.stderr)


def _output_as_asked(args: argparse.Namespace, problems: list[Problem], failure: Failure | None = None) -> bool:
    """Whether the command printed what ended it in the form tools read that its options ask for (gah check
    --format json); False when they ask for the text form."""
    from .commands.registry import FAILURE_OUTPUTS

    output = FAILURE_OUTPUTS.get(args.command)
    return output is not None and output(args, problems, failure)


def entry() -> None:
    sys.exit(main())
