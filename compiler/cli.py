"""The `gah` command line: parses it (every command's options, none of their machinery), imports only the
command it runs, and runs it with one line per error (no traceback). Kept light: `gah --version` imports
nothing else, `gah --help` and `gah CMD --help` only the words they print, in the workspace's language."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from .commands import handler
from .commands.options import SETUPS
from .commands.parser import LazyWords, Parser, build_parser, command_parser, did_you_mean, speaking

# gah's own options (before the command), each with whether it takes a value; argparse takes a unique prefix.
GLOBAL_OPTIONS = {"--workspace": True, "--root": True, "--color": True, "--colour": True}
_FLAGS = {"-h": False, "--help": False, "--version": False}


def leading(argv: Sequence[str]) -> tuple[str | None, str | None]:
    """The command a command line names (its first word that is no option nor an option's value), and the
    first word before it that is no option of gah's."""
    options = {**GLOBAL_OPTIONS, **_FLAGS}
    words = iter(argv)
    for word in words:
        if word == "--":
            return next(words, None), None
        if not word.startswith("-") or word == "-":
            return word, None
        name, equals, _value = word.partition("=")
        known = [o for o in options if o == name or (name.startswith("--") and len(name) > 2 and o.startswith(name))]
        if not known:
            return None, word
        if options[known[0]] and not equals:
            next(words, None)
    return None, None


def wanted_command(argv: Sequence[str]) -> str | None:
    """The command a command line names (see leading)."""
    return leading(argv)[0]


def completion_parser(words: list[str]) -> argparse.ArgumentParser:
    """The parser a shell completes `gah WORDS` with: every command's, its help said (zsh and fish show it)."""
    parser = build_parser(LazyWords(words))
    for name in (None, *SETUPS):
        found = command_parser(parser, name)
        assert isinstance(found, Parser)
        found.say_help()
    return parser


def parse(parser: Parser, argv: Sequence[str] | None) -> argparse.Namespace:
    """The parsed command line; an option the command does not know is refused with that command's usage (and
    the closest option it has)."""
    args, extra = parser.parse_known_args(argv)
    if extra:
        found = command_parser(parser, args.command)
        options = [o for action in found._actions for o in action.option_strings]
        words = parser.words()
        hint = did_you_mean(words, extra[0], options) if extra[0].startswith("-") else ""
        found.error(words.say("help.argparse.unrecognized", arguments=" ".join(extra)) + hint)
    return args


def refusal(parser: Parser, argv: Sequence[str]) -> str | None:
    """What is wrong before the command: an option gah does not have, or a command it does not know."""
    name, unknown = leading(argv)
    words = parser.words
    if unknown is not None:
        options = [*GLOBAL_OPTIONS, *_FLAGS]
        said = words().say("help.argparse.unrecognized", arguments=unknown)
        return said + did_you_mean(words(), unknown.partition("=")[0], options)
    if name is not None and name not in SETUPS:
        hint = did_you_mean(words(), name, list(SETUPS))
        return words().say("help.unknown_command", name=name, hint=hint, commands=", ".join(sorted(SETUPS)))
    return None


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of `gah` and `python -m gah`; returns the exit code."""
    if "_ARGCOMPLETE" in os.environ:  # the shell asks for completions (gah completion SHELL): answer and exit
        from .completion import complete_if_asked

        complete_if_asked(completion_parser)
    words = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser(LazyWords(words))
    try:
        with speaking(parser.words):
            problem = refusal(parser, words)
            if problem is not None:
                parser.error(problem)
            args = parse(parser, words)
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
    workspace: Workspace | None = None
    try:
        workspace = Workspace.at(args.workspace, sources) if args.workspace else Workspace.find(sources=sources)
        return handler(args.command)(args, workspace)
    except RulesError as error:
        report(error.problems, sources, speaker(workspace, getattr(args, "lang", None)))
        return 1
    except GahError as error:
        message = told(error, speaker(workspace, getattr(args, "lang", None)))
        print(f"gah {args.command}: {printable(message)}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    except OSError as error:  # the machine refused a file or folder no check could foresee: one line, no traceback
        where = f"{error.filename}: " if error.filename is not None else ""
        print(f"gah {args.command}: {printable(where + (error.strerror or str(error)))}", file=sys.stderr)
        return 1


def entry() -> None:
    sys.exit(main())
