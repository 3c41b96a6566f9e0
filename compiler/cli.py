"""The `gah` command line: check, build, score, sheet, setup, compare, diff, new-variant, init."""

from __future__ import annotations

import argparse
import contextlib
import io
import sys
from collections.abc import Callable, Sequence
from importlib import metadata
from pathlib import Path

from . import ir
from .errors import GahError, Problem, RulesError, SourceRegistry, format_problems, printable
from .frontend.rulesets import Workspace
from .frontend.validate import Speaks, did_you_mean, shipped_english
from .languages import (
    Language,
    choose_language,
    language_ids,
    load_language,
    own_language_ids,
)
from .problem_formats import FORMATS, as_github, as_json
from .project import Compiled, compile_library
from .sheets.fit_check import fit_problems

Handler = Callable[[argparse.Namespace, Workspace], int]
_COMMANDS: dict[str, tuple[Callable[[argparse.ArgumentParser], None], Handler, str]] = {}


def command(
    name: str, help_text: str
) -> Callable[[Callable[[argparse.ArgumentParser], None]], Callable[[Handler], Handler]]:
    """Register a subcommand: the decorated configure function adds arguments, the returned decorator the handler."""

    def configure(setup: Callable[[argparse.ArgumentParser], None]) -> Callable[[Handler], Handler]:
        def register(handler: Handler) -> Handler:
            _COMMANDS[name] = (setup, handler, help_text)
            return handler

        return register

    return configure


def language_option(parser: argparse.ArgumentParser) -> None:
    """`--lang ID`: the language of what players read."""
    parser.add_argument(
        "--lang",
        metavar="ID",
        default=None,
        help="language of the words players read: en, de or a language of the workspace's rules/languages/ "
        "(default: gah.toml's language, else en)",
    )


def report(problems: list[Problem], sources: SourceRegistry, language: Speaks | None = None) -> None:
    """Print positioned problems to stderr, sorted, with a count said in `language` (default English)."""
    print(format_problems(problems, sources), file=sys.stderr)
    count = len(set(problems))
    print((language or shipped_english()).say("cli.problems_found", count), file=sys.stderr)


def speaker(workspace: Workspace | None, requested: str | None = None) -> Speaks:
    """The language a command's summary lines are said in (choose_language: --lang, else gah.toml's), or
    English where that language cannot be loaded (its own problems are then being reported)."""
    if workspace is not None:
        try:
            return choose_language(workspace, requested)
        except GahError:
            pass
    return shipped_english()


def summary_line(
    ruleset: ir.Ruleset, changes: list[str], removed: list[str] | None = None, language: Speaks | None = None
) -> str:
    """One line per ruleset for `gah check`: name, parent, contents (in `language`, default English)."""
    says = language or shipped_english()
    tiers = ", ".join(
        f"{t}:{sum(1 for x in ruleset.tiles if x.tier == t)}" for t in sorted({x.tier for x in ruleset.tiles})
    )
    parent = says.say("cli.extends", parent=ruleset.extends) if ruleset.extends else says.say("cli.root_ruleset")
    changed = says.say("cli.changes", keys=", ".join(changes)) if changes else ""
    if removed:
        changed += says.say("cli.removes", keys=", ".join(removed))
    return says.say(
        "cli.ruleset_ok",
        name=f"{ruleset.name:<18}",
        parent=parent,
        changes=changed,
        tiles=len(ruleset.tiles),
        tiers=tiers,
        staff=len(ruleset.staff),
        rounds="/".join(str(s.round) for s in ruleset.scorings),
        last=ruleset.track.last_space,
        sources=len(ruleset.final_scoring),
        method=ruleset.setup.deal.method,
    )


def _check_setup(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "files", nargs="*", type=Path, help="rules files to check (default: the workspace's rules, or the bundled ones)"
    )
    parser.add_argument("--all", action="store_true", help="also list the rulesets bundled with gah")
    parser.add_argument(
        "--format",
        choices=FORMATS,
        default="text",
        help="text (default: for people, on stderr), json (every problem with its position, on stdout, nothing "
        "else) or github (an annotation a problem for GitHub Actions, on stdout)",
    )


@command("check", "validate rules files (default: every ruleset of the workspace)")(_check_setup)
def run_check(args: argparse.Namespace, workspace: Workspace) -> int:
    """`gah check` in the format asked for: the JSON form prints only the problems."""
    if args.format == "json":
        with contextlib.redirect_stdout(io.StringIO()):
            code, problems = _checked(args, workspace)
        print(as_json(problems))
        return code
    code, problems = _checked(args, workspace)
    if problems and args.format == "github":
        print(as_github(problems))
    elif problems:
        report(problems, workspace.sources, speaker(workspace))
    return code


def _checked(args: argparse.Namespace, workspace: Workspace) -> tuple[int, list[Problem]]:
    """Check what `args` names, printing a line for each valid ruleset; the exit code and the problems."""
    files: list[Path] = args.files
    for path in files:
        if not path.exists():
            print(f"gah check: no such file: {path}", file=sys.stderr)
            return 2, []
        if path.is_dir():
            print(f"gah check: {path} is a folder; name rules files, or none to check the workspace", file=sys.stderr)
            return 2, []
    lab_folders = {(workspace.rules_dir / "lab").resolve(), (workspace.bundle / "rules" / "lab").resolve()}
    lab_files = [p for p in files if p.resolve().parent in lab_folders]
    files = [p for p in files if p not in lab_files]
    if not args.files:
        lab_files = workspace.lab_model_paths()
        if workspace.root is None or args.all:
            lab_files = sorted({*lab_files, workspace.bundle / "rules" / "lab" / "default.yaml"})
    says = speaker(workspace)
    model_problems = _check_lab_models(workspace, lab_files, says)
    if args.files and not files:
        return (1 if model_problems else 0), model_problems
    compiled = compile_library(workspace, extra=files, only_extra=bool(files))
    library = compiled.library
    if files:
        wanted = {workspace.display(p) for p in files}
        names = [n for n, f in library.files.items() if f.display in wanted]
    elif workspace.root is None or args.all:
        names = library.names()
    else:
        names = library.own_names
    own_languages = own_language_ids(workspace)
    if not files and not names and not compiled.problems and not model_problems and not own_languages:
        print(
            f"gah check: nothing to check: {workspace.display(workspace.rules_dir)}/ holds no rules files; "
            "start one with: gah new-variant NAME",
            file=sys.stderr,
        )
        return 1, []
    if workspace.root is None and not files:
        print(says.say("cli.bundled_only"))
    languages, language_problems = _check_languages(workspace, says)
    too_long = fit_problems(compiled, names, workspace.config.paper, languages)
    for name in sorted(n for n in names if n in compiled.rulesets and n not in too_long):
        rules_file = library.files[name]
        changes = sorted(k for k in rules_file.mapping if k not in ("extends", "name", "title", "description"))
        changed = changes if rules_file.extends else []
        print(summary_line(compiled.rulesets[name], changed, compiled.removed.get(name), says))
    problems = compiled.problems + model_problems + language_problems + list(too_long.values())
    return (1 if problems else 0), problems


def _check_languages(workspace: Workspace, says: Speaks) -> tuple[list[Language], list[Problem]]:
    """Load the languages sheets are made in here (printing one line for each of the workspace's own that is
    valid): those that loaded, the chosen one first, and the problems of those that did not."""
    languages: list[Language] = []
    problems: list[Problem] = []
    own = set(own_language_ids(workspace))
    main = workspace.config.language or "en"
    wanted = sorted({*(workspace.config.languages or language_ids(workspace)), *own, main})
    for language_id in sorted(wanted, key=lambda i: i != main):
        setting = "language" if language_id == main and workspace.config.language else "languages"
        try:
            language = load_language(workspace, language_id, workspace.setting_position(setting))
        except RulesError as error:
            problems.extend(error.problems)
            continue
        languages.append(language)
        if language_id in own:
            print(says.say("cli.language_ok", id=language_id, name=language.name, file=str(language.file)))
    return languages, problems


def _check_lab_models(workspace: Workspace, paths: list[Path], says: Speaks) -> list[Problem]:
    """Check variant-lab game models (rules/lab/); print one line for each that is valid."""
    from .lab.engine.model import load_model

    problems: list[Problem] = []
    for path in paths:
        try:
            load_model(workspace, path)
        except RulesError as error:
            problems.extend(error.problems)
            continue
        print(says.say("cli.lab_model_ok", path=workspace.display(path)))
    return problems


def compile_or_report(workspace: Workspace, requested: str | None = None) -> Compiled | None:
    """The workspace's rulesets compiled, or None once their problems are reported (counted in the language
    `requested`, else gah.toml's)."""
    compiled = compile_library(workspace)
    if compiled.problems:
        report(compiled.problems, workspace.sources, speaker(workspace, requested))
        return None
    return compiled


def wanted_command(argv: Sequence[str]) -> str | None:
    """The command a command line names: its first word that is no option (nor --workspace's folder)."""
    words = iter(argv)
    for word in words:
        if word in ("--workspace", "--root"):
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
    elif name in _COMMANDS:  # check, registered here
        return
    elif name is not None or not words or "-h" in words or "--help" in words:
        commands.import_all()


def build_parser(argv: Sequence[str] | None = ()) -> argparse.ArgumentParser:
    """The parser of `gah`, with the commands `argv` needs (see register_commands; by default, every one)."""
    register_commands(argv if argv != () else ["--help"])
    parser = argparse.ArgumentParser(
        prog="gah",
        description="Rules compiler for the Emperor track and final scoring of Grand Austria Hotel.",
    )
    parser.add_argument("--version", action="version", version=f"gah {package_version()}")
    parser.add_argument(
        "--workspace",
        "--root",
        dest="workspace",
        type=Path,
        default=None,
        metavar="DIR",
        help="workspace folder holding gah.toml (default: found from the current folder upwards, as git does)",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, (setup, _handler, help_text) in _COMMANDS.items():
        _PARSERS[name] = sub.add_parser(name, help=help_text, description=help_text)
        setup(_PARSERS[name])
    return parser


_PARSERS: dict[str, argparse.ArgumentParser] = {}


def parse(parser: argparse.ArgumentParser, argv: Sequence[str] | None) -> argparse.Namespace:
    """The parsed command line; an option the command does not know is refused with that command's usage (and
    the closest option it has)."""
    args, extra = parser.parse_known_args(argv)
    if extra:
        command_parser = _PARSERS.get(args.command or "", parser)
        options = [o for action in command_parser._actions for o in action.option_strings]
        hint = did_you_mean(extra[0], options) if extra[0].startswith("-") else ""
        command_parser.error(f"unrecognized arguments: {' '.join(extra)}{hint}")
    return args


def package_version() -> str:
    """The installed version of gah's distribution (or 'unknown' when run from a bare source tree)."""
    try:
        return metadata.version("grand-austria-rules")
    except metadata.PackageNotFoundError:
        return "unknown"


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of `gah` and `python -m compiler`; returns the exit code."""
    parser = build_parser(argv)
    name = wanted_command(list(sys.argv[1:] if argv is None else argv))
    if name is not None and name not in _COMMANDS:
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
    sources = SourceRegistry()
    _setup, handler, _help = _COMMANDS[args.command]
    workspace: Workspace | None = None
    try:
        workspace = Workspace.at(args.workspace, sources) if args.workspace else Workspace.find(sources=sources)
        return handler(args, workspace)
    except RulesError as error:
        report(error.problems, sources, speaker(workspace, getattr(args, "lang", None)))
        return 1
    except GahError as error:
        print(f"gah {args.command}: {printable(str(error))}", file=sys.stderr)
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
