"""What each `gah` command takes on its command line: its arguments and options, and nothing of its machinery.

Building the whole parser imports only argparse, so `gah --help` and `gah CMD --help` load no rules, NumPy,
numba or WeasyPrint. No argument has its help here: every help text is a phrase of the language files, the
option DEST of command CMD reading `help.CMD.DEST`, else `help.options.DEST` (gah.commands.parser says them).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path

Setup = Callable[[argparse.ArgumentParser], None]
LAB_GAMES = 2000  # games a lab run plays by default
FORMATS = ("text", "json", "github", "sarif")  # gah check --format (gah.problem_formats.FORMATS)
SHEET_FORMATS = ("html", "md", "pdf")  # gah sheet --format (gah.sheets.FORMATS)
PAPERS = ("a4", "letter")  # gah sheet --paper (gah.sheets.PAPERS)
SHELLS = ("bash", "zsh", "fish")


def global_options(parser: argparse.ArgumentParser, after_command: bool = False) -> None:
    """--workspace and --color: gah's, before the command; taken after it too (`after_command`: not in the
    command's help, and the value given before the command stays unless given again)."""
    hidden = argparse.SUPPRESS if after_command else None
    parser.add_argument(
        "--workspace", "--root", dest="workspace", type=Path, metavar="DIR", default=hidden, help=hidden
    )
    colours = ("auto", "always", "never")
    parser.add_argument("--color", "--colour", dest="color", choices=colours, default=hidden or "auto", help=hidden)


def language_option(parser: argparse.ArgumentParser) -> None:
    """`--lang ID`: the language of what players read."""
    parser.add_argument("--lang", metavar="ID", default=None)


def add_run_options(parser: argparse.ArgumentParser, games: int = LAB_GAMES, player_counts: bool = False) -> None:
    """The options of every lab run (compare, sweep and tune): the games, the model and the engine
    (`player_counts`: --players takes several counts, read by the command)."""
    parser.add_argument("--games", type=int, default=games)
    if player_counts:
        parser.add_argument("--players", default="4", metavar="N[,N...]")
    else:
        parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--model", type=Path, default=None)
    parser.add_argument("--fixed", action="store_true")
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--scheduler", default=None, metavar="ADDRESS")


def add_games_options(parser: argparse.ArgumentParser) -> None:
    """--games-csv and --games-parquet: every game of the run as data (gah.lab.runs.games)."""
    parser.add_argument("--games-csv", type=Path, default=None, metavar="FILE")
    parser.add_argument("--games-parquet", type=Path, default=None, metavar="FILE")


def _table_or(parser: argparse.ArgumentParser) -> None:
    """--json or --csv instead of the table, one of them."""
    output = parser.add_mutually_exclusive_group()
    output.add_argument("--json", action="store_true")
    output.add_argument("--csv", action="store_true")


def build(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--force-pdf", action="store_true")
    parser.add_argument("--all", action="store_true")
    language_option(parser)


def check(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("files", nargs="*", type=Path)
    parser.add_argument("--all", action="store_true")
    parser.add_argument("--format", choices=FORMATS, default="text")


def compare(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("rulesets", nargs="+", metavar="RULESET")
    add_run_options(parser)
    _table_or(parser)
    parser.add_argument("--all", action="store_true")
    parser.add_argument("--html", type=Path, default=None, metavar="OUT")
    add_games_options(parser)
    parser.add_argument("--states", nargs="+", type=Path, default=None, metavar="FILE")


def completion(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("shell", choices=SHELLS)


def diff(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("first", metavar="A")
    parser.add_argument("second", metavar="B")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--exit-code", action="store_true")
    language_option(parser)


def docs(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("topic", nargs="?", metavar="TOPIC")


def init(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("folder", nargs="?", type=Path, default=Path("."))
    parser.add_argument("--update", action="store_true")


def lab_model(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("-o", "--output", type=Path, default=None, metavar="PATH")
    parser.add_argument("--force", action="store_true")


def new_variant(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("name")
    parser.add_argument("--from", dest="parent", default="base")
    parser.add_argument("--force", action="store_true")


def report(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("run", type=Path, metavar="RUN.json")
    parser.add_argument("--csv", action="store_true")
    parser.add_argument("--html", type=Path, default=None, metavar="OUT")
    parser.add_argument("--all", action="store_true")


def score(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("states", nargs="+", type=Path, metavar="STATE")
    parser.add_argument("--rules", default="base")
    parser.add_argument("--json", action="store_true")
    language_option(parser)


def setup(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("ruleset", metavar="RULESET")
    parser.add_argument("--players", required=True, metavar="NAME,NAME[,...]")
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--json", action="store_true")
    language_option(parser)


def sheet(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("ruleset", metavar="NAME|FILE")
    parser.add_argument("--format", choices=SHEET_FORMATS, default="html")
    parser.add_argument("--paper", choices=PAPERS, default=None)
    language_option(parser)
    parser.add_argument("-o", "--output", type=Path, default=None)


def show(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("ruleset", metavar="RULESET")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--path", action="store_true")


def sweep(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("ruleset", metavar="RULESET")
    parser.add_argument("--vary", action="append", default=[], metavar="PATH=VALUES")
    add_run_options(parser, player_counts=True)
    parser.add_argument("--where", action="append", default=[], metavar="CONDITION")
    parser.add_argument("--sort", default=None, metavar="METRIC[:desc]")
    _table_or(parser)
    parser.add_argument("--html", type=Path, default=None, metavar="OUT")
    add_games_options(parser)
    parser.add_argument("--all", action="store_true")


def tune(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("ruleset", metavar="RULESET")
    parser.add_argument("--vary", required=True, metavar="PATH=A..B")
    parser.add_argument("--target", required=True, metavar="METRIC=VALUE")
    add_run_options(parser)
    _table_or(parser)
    parser.add_argument("--html", type=Path, default=None, metavar="OUT")


# Every command's arguments, by command name, in the order `gah --help` lists them.
SETUPS: dict[str, Setup] = {
    "build": build,
    "check": check,
    "compare": compare,
    "completion": completion,
    "diff": diff,
    "docs": docs,
    "init": init,
    "lab-model": lab_model,
    "new-variant": new_variant,
    "report": report,
    "score": score,
    "setup": setup,
    "sheet": sheet,
    "show": show,
    "sweep": sweep,
    "tune": tune,
}
