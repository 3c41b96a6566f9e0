"""The `gah` command line: parses it (every command's options, none of their machinery), imports only the
command it runs, and runs it with one line per error (no traceback). Kept light: `gah --version` imports
nothing else, `gah --help` and `gah CMD --help` only the words they print, in the workspace's language."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

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


if TYPE_CHECKING:
    from .errors import Problem
    from .problem_formats import Failure
    from .workspace import Workspace


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
    from .said import begin_notices, notices_waiting, told
    from .terminal import set_choice
    from .workspace import Workspace

    set_choice(args.color)
    sources = SourceRegistry()
    workspace: Workspace | None = None
    begin_notices()
    try:
        workspace = Workspace.at(args.workspace, sources) if args.workspace else Workspace.find(sources=sources)
        return handler(args.command)(args, workspace)
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
    finally:
        if notices_waiting():  # a cache that could not be kept (gah.said.notice): said in the command's language
            _say_notices(workspace, getattr(args, "lang", None))


def _say_notices(workspace: Workspace | None, requested: str | None) -> None:
    """The notices waiting (gah.said.notice), said in the command's language (English if it cannot be read)."""
    from .commands.common import speaker
    from .said import shipped_english, speak_notices

    try:
        says = speaker(workspace, requested)
    except OSError:
        says = shipped_english()
    speak_notices(says)


def _fail(args: argparse.Namespace, message: str, file: str | None = None) -> None:
    """An error that ends the command, in the form its options ask for (a line on stderr for people)."""
    from .problem_formats import Failure

    if not _output_as_asked(args, [], Failure(message, file)):
        print(message, file=sys.stderr)


def _output_as_asked(args: argparse.Namespace, problems: list[Problem], failure: Failure | None = None) -> bool:
    """Whether the command printed what ended it in the form tools read that its options ask for (gah check
    --format json); False when they ask for the text form."""
    from .commands.registry import FAILURE_OUTPUTS

    handler(args.command)  # its module registers its output (it may not be imported yet: no workspace, say)
    output = FAILURE_OUTPUTS.get(args.command)
    return output is not None and output(args, problems, failure)


def entry() -> None:
    sys.exit(main())
