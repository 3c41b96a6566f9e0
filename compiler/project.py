"""Front door of the pipeline: load, validate, merge and build rulesets of a workspace."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from . import ir
from .errors import GahError, Problem, RulesError
from .frontend.blame import RulesetBuilder
from .frontend.rulesets import Library, Resolved, Workspace
from .frontend.validate import said_did_you_mean
from .said import error_of
from .workspace import bundle_root


def find_root(start: Path | None = None) -> Path:
    """The workspace folder from `start` upwards, else the folder of the bundled rules."""
    workspace = Workspace.find(start)
    return workspace.root if workspace.root is not None else bundle_root()


class UnknownRuleset(GahError):
    """A ruleset name that neither the workspace nor the bundle defines."""


@dataclass
class Compiled:
    """Every ruleset that built, and every problem found on the way."""

    workspace: Workspace
    library: Library
    rulesets: dict[str, ir.Ruleset] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)
    removed: dict[str, list[str]] = field(default_factory=dict)  # per ruleset: what its own file removes


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
            compiled.removed[name] = library.merged(name).removed
        except RulesError as error:
            compiled.problems.extend(error.problems)
    compiled.problems = sorted(set(compiled.problems), key=Problem.sort_key)
    return compiled


def load_one(workspace: Workspace, name_or_file: str) -> ir.Ruleset:
    """One ruleset by name (the workspace's or a bundled one) or by path to a file (compiled in memory).

    Problems a variant causes in the rules it inherits are reported in the variant (frontend/blame.py).
    """
    library, name = _find(workspace, name_or_file)
    return RulesetBuilder(library).build(name)


def resolve_one(workspace: Workspace, name_or_file: str) -> Resolved:
    """The merged, schema-checked document of one ruleset by name or file (before the semantic checks)."""
    library, name = _find(workspace, name_or_file)
    return library.resolve(name)


def ruleset_path(workspace: Workspace, name_or_file: str) -> Path:
    """The file that holds a ruleset (its own file, not those it extends), as an absolute path to open."""
    library, name = _find(workspace, name_or_file)
    return library.files[name].path.resolve()


BUNDLED = "<bundled>/"  # how messages name the rules shipped with gah (Workspace.display); accepted back here


def _find(workspace: Workspace, name_or_file: str) -> tuple[Library, str]:
    """The library holding the ruleset, and its name; positioned problems or UnknownRuleset otherwise."""
    if name_or_file.startswith(BUNDLED):
        name_or_file = str(workspace.bundle / name_or_file.removeprefix(BUNDLED))
    path = Path(name_or_file)
    is_file = name_or_file.endswith((".yaml", ".yml")) or path.is_file()
    extra = [path] if is_file else []
    library = Library(workspace, extra)
    if is_file:
        relevant = [p for p in library.problems if p.position.file == workspace.display(path)]
        if relevant or not library.extra_names:
            raise RulesError(relevant or library.problems)
        return library, library.extra_names[0]
    if name_or_file not in library.files:
        if library.problems:  # the file that would define it may be the one that is broken
            raise RulesError(library.problems)
        known = ", ".join(library.names())
        hint = said_did_you_mean(name_or_file, library.names())
        raise error_of(UnknownRuleset, "errors.rules.unknown", name=name_or_file, hint=hint, known=known)
    # A broken file elsewhere in the workspace does not stop this ruleset: only its own chain counts.
    return library, name_or_file
