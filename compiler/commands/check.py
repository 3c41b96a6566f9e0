"""`gah check`: validate rules files, language files and lab models; one line per valid ruleset."""

from __future__ import annotations

import argparse
import contextlib
import io
import sys
from pathlib import Path

from .. import __version__, ir
from ..errors import Problem, RulesError
from ..frontend.rulesets import Workspace
from ..frontend.validate import Speaks, shipped_english
from ..languages import Language, language_ids, load_language, own_language_ids
from ..problem_formats import as_github, as_json, as_sarif
from ..project import compile_library
from ..sheets.fit_check import fit_problems
from ..terminal import wrap
from .common import report, speaker
from .registry import command


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


@command("check")
def run_check(args: argparse.Namespace, workspace: Workspace) -> int:
    """`gah check` in the format asked for: the JSON and SARIF forms print only the problems."""
    if args.format in ("json", "sarif"):
        with contextlib.redirect_stdout(io.StringIO()):
            code, problems = _checked(args, workspace)
        problems = [problem.told(speaker(workspace)) for problem in problems]
        print(as_json(problems) if args.format == "json" else as_sarif(problems, __version__))
        return code
    code, problems = _checked(args, workspace)
    if problems and args.format == "github":
        print(as_github([problem.told(speaker(workspace)) for problem in problems]))
    elif problems:
        report(problems, workspace.sources, speaker(workspace))
    return code


def _checked(args: argparse.Namespace, workspace: Workspace) -> tuple[int, list[Problem]]:
    """Check what `args` names, printing a line for each valid ruleset; the exit code and the problems."""
    files: list[Path] = args.files
    says = speaker(workspace)
    for path in files:
        if not path.exists() or path.is_dir():
            print(
                says.say("build.is_folder" if path.exists() else "build.no_such_file", file=str(path)), file=sys.stderr
            )
            return 2, []
    lab_folders = {(workspace.rules_dir / "lab").resolve(), (workspace.bundle / "rules" / "lab").resolve()}
    lab_files = [p for p in files if p.resolve().parent in lab_folders]
    files = [p for p in files if p not in lab_files]
    if not args.files:
        lab_files = workspace.lab_model_paths()
        if workspace.root is None or args.all:
            lab_files = sorted({*lab_files, workspace.bundle / "rules" / "lab" / "default.yaml"})
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
        print(says.say("build.nothing_to_check", folder=workspace.display(workspace.rules_dir)), file=sys.stderr)
        return 1, []
    if workspace.root is None and not files:
        print(says.say("cli.bundled_only"))
    languages, language_problems = _check_languages(workspace, says)
    too_long = fit_problems(compiled, names, workspace.config.paper, languages)
    for name in sorted(n for n in names if n in compiled.rulesets and n not in too_long):
        rules_file = library.files[name]
        changes = sorted(k for k in rules_file.mapping if k not in ("extends", "name", "title", "description"))
        changed = changes if rules_file.extends else []
        print(wrap(summary_line(compiled.rulesets[name], changed, compiled.removed.get(name), says), sys.stdout))
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
    from ..lab.engine.model import load_model

    problems: list[Problem] = []
    for path in paths:
        try:
            load_model(workspace, path)
        except RulesError as error:
            problems.extend(error.problems)
            continue
        print(says.say("cli.lab_model_ok", path=workspace.display(path)))
    return problems
