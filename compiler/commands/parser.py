"""The parser of `gah`, speaking the workspace's language: every --help and every usage error in it.

The parser is built without a word of help (options.py); a help text is said when help is printed: the
option DEST of command CMD reads the phrase `help.CMD.DEST`, else `help.options.DEST`, a command
`help.commands.CMD`, gah itself `help.gah`. argparse's own words ("usage:", "options", "unrecognized
arguments: ...") are its gettext messages, said as `help.argparse.*` while `speaking` (argparse asks gettext
for each as it prints it); the names of arguments (RULESET, files) are said word by word (help.names.*).
The words are read on first use only (help_words.py): `gah --version` and a command line that parses read
none.
"""

from __future__ import annotations

import argparse
import difflib
import re
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from .. import __version__
from .options import SETUPS, global_options

if TYPE_CHECKING:
    from .help_words import Words

# argparse's messages (its gettext ids, Python 3.11 to 3.13): the phrase help.argparse.KEY of each, and the
# %-field each placeholder of the phrase stands for.
ARGPARSE: dict[str, tuple[str, dict[str, str]]] = {
    "usage: ": ("usage", {}),
    "positional arguments": ("positional", {}),
    "options": ("options", {}),
    "optional arguments": ("options", {}),
    "show this help message and exit": ("help", {}),
    "show program's version number and exit": ("version", {}),
    "%(prog)s: error: %(message)s\n": ("error", {"prog": "%(prog)s", "message": "%(message)s"}),
    "argument %(argument_name)s: %(message)s": (
        "argument",
        {"argument": "%(argument_name)s", "message": "%(message)s"},
    ),
    "unrecognized arguments: %s": ("unrecognized", {"arguments": "%s"}),
    "not allowed with argument %s": ("not_allowed", {"argument": "%s"}),
    "ignored explicit argument %r": ("ignored", {"value": "%r"}),
    "the following arguments are required: %s": ("required", {"arguments": "%s"}),
    "one of the arguments %s is required": ("one_required", {"arguments": "%s"}),
    "expected one argument": ("expected_one", {}),
    "expected at most one argument": ("expected_at_most_one", {}),
    "expected at least one argument": ("expected_at_least_one", {}),
    "expected %s argument": ("expected_count", {"count": "%s"}),
    "ambiguous option: %(option)s could match %(matches)s": (
        "ambiguous",
        {"option": "%(option)s", "matches": "%(matches)s"},
    ),
    "unexpected option string: %s": ("unexpected", {"option": "%s"}),
    "invalid %(type)s value: %(value)r": ("invalid_value", {"type": "%(type)s", "value": "%(value)r"}),
    "invalid choice: %(value)r (choose from %(choices)s)": (
        "invalid_choice",
        {"value": "%(value)r", "choices": "%(choices)s"},
    ),
}
_SLOT = "\x00{}\x00"
_WORD = re.compile(r"[A-Za-z]+")
_SPOKEN = ("_", "ngettext", "_get_action_name")  # what argparse says its words through


class LazyWords:
    """The words of a command line, read when first asked for."""

    def __init__(self, argv: Sequence[str]) -> None:
        self.argv = list(argv)
        self._words: Words | None = None

    def __call__(self) -> Words:
        if self._words is None:
            from .help_words import command_line_words

            self._words = command_line_words(self.argv)
        return self._words


def argparse_says(words: Words, message: str, count: int | None = None) -> str:
    """argparse's `message` (a gettext id, its %-fields unfilled) in `words`; a message it has no phrase for
    as it is."""
    found = ARGPARSE.get(message)
    if found is None:
        return message
    key, fields = found
    text = words.say(f"help.argparse.{key}", count, **{name: _SLOT.format(name) for name in fields})
    if "%" in message:  # argparse fills it in with %: a % of the phrase's own is doubled
        text = text.replace("%", "%%")
    for name, field in fields.items():
        text = text.replace(_SLOT.format(name), field)
    return text + "\n" * message.endswith("\n")


@contextmanager
def speaking(words: Callable[[], Words]) -> Iterator[None]:
    """argparse says its own words in `words` inside the block: its gettext functions and the function that
    names an argument in its refusals are swapped for ones that speak `words`."""
    saved = [getattr(argparse, name) for name in _SPOKEN]

    def gettext(message: str) -> str:
        return argparse_says(words(), message)

    def ngettext(singular: str, plural: str, count: int) -> str:
        return argparse_says(words(), singular, count)

    def action_name(action: argparse.Action | None) -> str | None:
        """How a refusal names an argument: its name in `words` (an option as typed)."""
        name: str | None = saved[2](action)
        return named(words(), name) if action is not None and not action.option_strings and name else name

    for name, function in zip(_SPOKEN, (gettext, ngettext, action_name), strict=True):
        setattr(argparse, name, function)
    try:
        yield
    finally:
        for name, function in zip(_SPOKEN, saved, strict=True):
            setattr(argparse, name, function)


class Parser(argparse.ArgumentParser):
    """An ArgumentParser (of gah or of one command) whose help and errors are said in `words`."""

    def __init__(self, *args: Any, words: Callable[[], Words], command: str | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.words = words
        self.command = command
        self._said = False

    def format_usage(self) -> str:
        self.say_help()
        with speaking(self.words):
            return super().format_usage()

    def format_help(self) -> str:
        self.say_help()
        with speaking(self.words):
            return super().format_help()

    def error(self, message: str) -> Any:  # NoReturn: argparse's exits
        with speaking(self.words):
            super().error(message)

    def say_help(self) -> None:
        """Give this parser its description, its options, their groups and its commands their words."""
        if self._said:
            return
        self._said = True
        words = self.words()
        self.description = words.say(f"help.commands.{self.command}" if self.command else "help.gah")
        for group in self._action_groups:
            group.title = argparse_says(words, group.title) if group.title else group.title
        for action in self._actions:
            _name_words(words, action)
            if isinstance(action, argparse._SubParsersAction):
                for choice in action._choices_actions:
                    choice.help = _unformatted(words.say(f"help.commands.{choice.dest}"))
            elif action.help is None:
                action.help = _unformatted(option_help(words, self.command, action))
            elif action.help != argparse.SUPPRESS:
                action.help = _unformatted(argparse_says(words, action.help))


def option_help(words: Words, command: str | None, action: argparse.Action) -> str:
    """The help of an option or argument: help.COMMAND.DEST, else help.options.DEST; {default} and {choices}
    are its own."""
    key = f"help.{command}.{action.dest}"
    if command is None or not words.has(key):
        key = f"help.options.{action.dest}"
    choices = ", ".join(str(choice) for choice in action.choices or ())
    return words.say(key, default=str(action.default), choices=choices)


def _name_words(words: Words, action: argparse.Action) -> None:
    """The name an argument's value is shown by (its metavar: RULESET, PATH=VALUES, files), word by word in
    `words` (help.names.WORD; a word without a phrase, such as A or json, as it is)."""
    if action.nargs == 0 or (action.metavar is None and action.choices is not None):
        return  # a flag, or shown as its choices ({a4,letter})
    shown = action.metavar if action.metavar is not None else action.dest
    if not isinstance(shown, str):
        return
    action.metavar = named(words, shown.upper() if action.metavar is None and action.option_strings else shown)


def named(words: Words, name: str) -> str:
    """An argument's name (RULESET, PATH=VALUES, files) word by word in `words`: help.names.WORD, and a word
    without a phrase (A, json) as it is."""

    def said(word: re.Match[str]) -> str:
        key = f"help.names.{word.group()}"
        return words.say(key) if words.has(key) else word.group()

    return _WORD.sub(said, name)


def _unformatted(text: str) -> str:
    """A help text as argparse wants it: it fills in %(default)s and the like, so % is written %%."""
    return text.replace("%", "%%")


def build_parser(words: Callable[[], Words]) -> Parser:
    """The parser of `gah` and every command (their options only: no command's module is imported)."""
    parser = Parser(prog="gah", words=words)
    parser.add_argument("--version", action="version", version=f"gah {__version__}")
    global_options(parser)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, setup in SETUPS.items():
        command = sub.add_parser(name, help=None, words=words, command=name)
        setup(command)
        global_options(command, after_command=True)
    return parser


def command_parser(parser: argparse.ArgumentParser, name: str | None) -> argparse.ArgumentParser:
    """The parser of command `name` (gah's own for None or a name it does not know)."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction) and name in action.choices:
            found: argparse.ArgumentParser = action.choices[name]
            return found
    return parser


def did_you_mean(words: Words, word: str, known: Sequence[str]) -> str:
    """' (did you mean 'X'?)' for the closest of `known`, or ''. The same rule as frontend.validate.did_you_mean,
    which help cannot import: it loads jsonschema (help loads nothing heavy, tests/test_cli_help.py)."""
    close = difflib.get_close_matches(word, list(known), n=1, cutoff=0.6)
    return words.say("check.did_you_mean", word=close[0]) if close else ""
