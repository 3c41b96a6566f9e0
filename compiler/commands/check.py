"""`gah check`: validate rules files, language files and lab models; one line per valid ruleset."""

from __future__ import annotations

import argparse
import contextlib
import io
import sys
from pathlib import Path

from .. import __version__, ir
from ..errors import Problem, RulesError, printable
from ..frontend.rulesets import Library, Workspace
from ..frontend.validate import Speaks, shipped_english
from ..languages import Language, load_language, own_language_ids, sheet_language_ids
from ..problem_formats import Failure, as_github, as_json, as_sarif
from ..project import Compiled, compile_library
from ..sheets.fit_check import fit_problems
from ..terminal import wrap
from .common import report, speaker
from .registry import command, failure_output


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


class _Stop(Exception):
    """What ends `gah check` before it has problems to list (a file on the command line that is none, nothing to
    check): the failure, and the exit code."""

    def __init__(self, failure: Failure, code: int) -> None:
        super().__init__(failure.message)
        self.failure, self.code = failure, code


@command("check")
def run_check(args: argparse.Namespace, workspace: Workspace) -> int:
    """`gah check` in the format asked for: the JSON and SARIF forms print only the problems; what stops the
    check is said in every form."""
    says = speaker(workspace)
    try:
        if args.format in ("json", "sarif"):
            with contextlib.redirect_stdout(io.StringIO()):
                code, problems, notes = _checked(args, workspace)
        else:
            code, problems, notes = _checked(args, workspace)
    except _Stop as stop:
        if not _output_failure(args, [], stop.failure):
            print(stop.failure.message, file=sys.stderr)
        return stop.code
    if args.format in ("json", "sarif") or (problems and args.format == "github"):
        _output_as_asked(args, [problem.told(says) for problem in problems], notes)
    elif problems:
        report(problems, workspace.sources, says)
    return code


@failure_output("check")
def _output_failure(args: argparse.Namespace, problems: list[Problem], failure: Failure | None) -> bool:
    """Print the problems (said already) and what stopped the run, in the --format asked for, on stdout; False
    for the text form, which the caller prints for people."""
    return _output_as_asked(args, problems, [], failure)


def _output_as_asked(
    args: argparse.Namespace, problems: list[Problem], notes: list[Problem], failure: Failure | None = None
) -> bool:
    """Print problems, notes and a failure (all said already) in the --format asked for, on stdout; False for the
    text form."""
    if args.format == "json":
        print(as_json(problems, failure, notes))
    elif args.format == "sarif":
        print(as_sarif(problems, __version__, failure, notes))
    elif args.format == "github":
        print(as_github(problems, failure, notes))
    return bool(args.format != "text")


def _check_files_exist(files: list[Path], says: Speaks) -> None:
    """Stop (a usage mistake: 2) at the first path on the command line that is no file (missing, or a folder)."""
    for path in files:
        if not path.exists() or path.is_dir():
            message = says.say("build.is_folder" if path.exists() else "build.no_such_file", file=str(path))
            raise _Stop(Failure(message, str(path)), 2)


def _checked(args: argparse.Namespace, workspace: Workspace) -> tuple[int, list[Problem], list[Problem]]:
    """Check what `args` names, printing a line for each valid ruleset and for each not checked; the exit code,
    the problems and the notes (a ruleset not checked because a ruleset it extends is broken)."""
    files: list[Path] = args.files
    says = speaker(workspace)
    _check_files_exist(files, says)
    lab_folders = {(workspace.rules_dir / "lab").resolve(), (workspace.bundle / "rules" / "lab").resolve()}
    lab_files = [p for p in files if p.resolve().parent in lab_folders]
    files = [p for p in files if p not in lab_files]
    if not args.files:
        lab_files = workspace.lab_model_paths()
        if workspace.root is None or args.all:
            lab_files = sorted({*lab_files, workspace.bundle / "rules" / "lab" / "default.yaml"})
    model_problems = _check_lab_models(workspace, lab_files, says)
    if args.files and not files:
        return (1 if model_problems else 0), model_problems, []
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
        raise _Stop(Failure(says.say("build.nothing_to_check", folder=workspace.display(workspace.rules_dir))), 1)
    if workspace.root is None and not files:
        print(says.say("cli.bundled_only"))
    languages, language_problems = _check_languages(workspace, says)
    built = sheet_language_ids(workspace, workspace.config.language or "en")
    sheets_in = [language for language in languages if language.id in built]  # as gah build makes them
    too_long = fit_problems(compiled, names, workspace.config.paper, sheets_in)
    problems = compiled.problems + model_problems + language_problems + list(too_long.values())
    notes = _ruleset_lines(compiled, [n for n in names if n not in too_long], problems, says)
    return (1 if problems else 0), problems, notes


def _ruleset_lines(compiled: Compiled, names: list[str], problems: list[Problem], says: Speaks) -> list[Problem]:
    """Print a line for each ruleset that is valid, and one for each that was not checked because a ruleset it
    extends is broken (its own file has no problem); the notes of the latter, at their `extends`."""
    library = compiled.library
    broken = {problem.position.file for problem in problems}
    notes: list[Problem] = []
    for name in sorted(names):
        rules_file = library.files[name]
        if name in compiled.rulesets:
            changes = sorted(k for k in rules_file.mapping if k not in ("extends", "name", "title", "description"))
            changed = changes if rules_file.extends else []
            print(wrap(summary_line(compiled.rulesets[name], changed, compiled.removed.get(name), says), sys.stdout))
            continue
        chain = _up_to_broken(library, name, broken)
        if rules_file.display in broken or not chain:
            continue  # its own problems say why
        if len(chain) == 2:
            reason = says.say("cli.parent_broken", parent=chain[-1])
        else:
            reason = says.say("cli.ancestor_broken", ancestor=chain[-1], chain=" → ".join(chain))
        print(wrap(says.say("cli.not_checked", name=name, reason=reason), sys.stdout))
        notes.append(Problem(rules_file.mapping["extends"].position, says.say("cli.not_checked_note", reason=reason)))
    return notes


def _up_to_broken(library: Library, name: str, broken: set[str]) -> list[str]:
    """The names from `name` up the rulesets it extends to the nearest one whose file has problems; empty when
    none has."""
    chain = [name]
    parent = library.files[name].extends
    while parent is not None and parent in library.files and parent not in chain:
        chain.append(parent)
        if library.files[parent].display in broken:
            return chain
        parent = library.files[parent].extends
    return []


def _check_languages(workspace: Workspace, says: Speaks) -> tuple[list[Language], list[Problem]]:
    """Load the languages sheets are made in here (printing one line for each of the workspace's own that is
    valid): those that loaded, the chosen one first, and the problems of those that did not."""
    languages: list[Language] = []
    problems: list[Problem] = []
    own = set(own_language_ids(workspace))
    main = workspace.config.language or "en"
    built = sheet_language_ids(workspace, main)  # as gah build (without --lang) makes its sheets
    for language_id in [*built, *sorted(own - set(built))]:
        setting = "language" if language_id == main and workspace.config.language else "languages"
        try:
            language = load_language(workspace, language_id, workspace.setting_position(setting))
        except RulesError as error:
            problems.extend(error.problems)
            continue
        languages.append(language)
        if language_id in own:
            print(says.say("cli.language_ok", id=language_id, name=language.name, file=printable(str(language.file))))
    return languages, problems


def _check_lab_models(workspace: Workspace, paths: list[Path], says: Speaks) -> list[Problem]:
    """Check variant-lab game models (rules/lab/); print one line for each that is valid."""
    from ..lab.engine.model import load_model

    problems: list[Problem] = []
    for path in paths:
        try:
            load_model(workspace, path)
        except RulesError as error:
            problems.extend(error.problems)
            continue
        print(says.say("cli.lab_model_ok", path=printable(workspace.display(path))))
    return problems
