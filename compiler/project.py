"""Front door of the pipeline: load, validate, merge and build rulesets of a workspace."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from compiler import ir
from compiler.errors import GahError, Problem, RulesError
from compiler.frontend.blame import RulesetBuilder
from compiler.frontend.rulesets import Library, Workspace


def find_root(start: Path | None = None) -> Path:
    """The project folder: the current folder or a parent that holds rules/, else the package's checkout."""
    here = (start or Path.cwd()).resolve()
    for folder in (here, *here.parents):
        if (folder / "rules").is_dir() and (folder / "schemas").is_dir():
            return folder
    return Path(__file__).resolve().parent.parent


class UnknownRuleset(GahError):
    """A ruleset name that no file under rules/ defines (a usage mistake, not a rules error)."""


@dataclass
class Compiled:
    """Every ruleset that built, and every problem found on the way."""

    workspace: Workspace
    library: Library
    rulesets: dict[str, ir.Ruleset] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)


def compile_library(
    workspace: Workspace, extra: list[Path] | None = None, only: list[str] | None = None, only_extra: bool = False
) -> Compiled:
    """Build the rulesets of `workspace` (plus extra files), collecting all problems.

    With `only_extra`, build just the rulesets of the extra files (and their parents
    as needed): checking one file does not report on unrelated shipped rulesets.
    """
    library = Library(workspace, extra)
    compiled = Compiled(workspace, library, problems=list(library.problems))
    names = library.names() if only is None else only
    if only_extra:
        names = list(dict.fromkeys(library.extra_names))
    failed_files = {p.position.file for p in library.problems}
    builder = RulesetBuilder(library)
    for name in names:
        if name not in library.files:
            continue
        chain, chain_problems = library.chain(name)
        if chain_problems:
            compiled.problems.extend(chain_problems)
            continue
        if any(f.display in failed_files for f in chain):
            continue
        try:
            compiled.rulesets[name] = builder.build(name)
        except RulesError as error:
            compiled.problems.extend(error.problems)
    compiled.problems = sorted(set(compiled.problems), key=Problem.sort_key)
    return compiled


def load_one(workspace: Workspace, name_or_file: str) -> ir.Ruleset:
    """One ruleset by name (from rules/) or by path to a file (compiled in memory)."""
    path = Path(name_or_file)
    is_file = name_or_file.endswith((".yaml", ".yml")) or path.is_file()
    extra = [path] if is_file else []
    library = Library(workspace, extra)
    if library.problems:
        relevant = [p for p in library.problems if not is_file or p.position.file == workspace.display(path)]
        if relevant or not library.extra_names:
            raise RulesError(relevant or library.problems)
    if is_file:
        name = library.extra_names[0]
    else:
        name = name_or_file
        if name not in library.files:
            known = ", ".join(library.names())
            raise UnknownRuleset(f"unknown ruleset '{name}'; known rulesets: {known}")
    return RulesetBuilder(library).build(name)
