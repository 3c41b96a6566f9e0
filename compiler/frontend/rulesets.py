"""Finding rules files, resolving `extends` chains and merging variants into one document."""

from __future__ import annotations

import dataclasses
import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import Position, Problem, RulesError
from ..said import problem_at, said
from ..workspace import Workspace
from .loader import Node, load_file
from .merge import Removal, merge_patch
from .validate import IndentHint, indent_hints, said_did_you_mean, schema_problems

__all__ = ["NAME_PATTERN", "Library", "Resolved", "RulesFile", "Workspace"]

NAME_PATTERN = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$")
VARIANT_KEYS = ("extends", "name", "title", "description")
MAX_CHAIN = 20


@dataclass
class RulesFile:
    """One loaded rules file: a full ruleset or a variant that extends another."""

    path: Path
    display: str
    node: Node

    @property
    def mapping(self) -> dict[str, Node]:
        return self.node.value if isinstance(self.node.value, dict) else {}

    @property
    def extends(self) -> str | None:
        value = self.mapping.get("extends")
        return value.value if value is not None and isinstance(value.value, str) else None

    @property
    def name(self) -> str | None:
        value = self.mapping.get("name")
        return value.value if value is not None and isinstance(value.value, str) else None


@dataclass
class Resolved:
    """A ruleset after merging its chain: the document and the files it came from (root first)."""

    name: str
    document: Node
    chain: list[RulesFile]
    removed: list[str] = field(default_factory=list)  # dotted paths the last file removes with null

    @property
    def sources(self) -> list[str]:
        return [f.display for f in self.chain]

    @property
    def parent(self) -> str | None:
        return self.chain[-1].extends


def load_rules_file(workspace: Workspace, path: Path) -> RulesFile:
    """Load one rules file, named in messages as the workspace shows it."""
    display = workspace.display(path)
    return RulesFile(path, display, load_file(path, display, workspace.sources))


def _top_level_problems(rules_file: RulesFile) -> list[Problem]:
    """Checks every rules file needs before merging: a mapping with a valid name and extends."""
    node = rules_file.node
    if node.value is None:
        return [problem_at(node.position, "errors.rules.no_data")]
    if not isinstance(node.value, dict):
        found = "list" if isinstance(node.value, list) else "value"
        return [problem_at(node.position, f"errors.rules.not_mapping_{found}")]
    problems: list[Problem] = []
    for key in ("name", "extends"):
        child = node.value.get(key)
        if child is None:
            if key == "name":
                problems.append(problem_at(node.position, "errors.rules.no_name"))
            continue
        if child.empty:
            where = node.key_positions.get(key, child.position)
            problems.append(problem_at(where, "errors.rules.name_empty", key=key))
        elif not isinstance(child.value, str):
            kind = (
                said("check.value.mapping")
                if isinstance(child.value, dict)
                else said("check.value.list")
                if isinstance(child.value, list)
                else json.dumps(child.value)
            )
            problems.append(problem_at(child.position, "errors.rules.name_not_text", key=key, got=kind))
        elif not NAME_PATTERN.match(child.value) or len(child.value) > 40:
            problems.append(problem_at(child.position, "errors.rules.name_invalid", key=key, name=repr(child.value)))
    return problems


class Library:
    """All rules files of a workspace plus any extra files, resolved by name."""

    def __init__(self, workspace: Workspace, extra: list[Path] | None = None) -> None:
        self.workspace = workspace
        self.files: dict[str, RulesFile] = {}
        self.problems: list[Problem] = []
        self.extra_names: list[str] = []
        self.bundled_names: list[str] = []
        self.own_names: list[str] = []
        for path in workspace.bundled_rules_paths():
            name = self._add(path, origin="bundled")
            if name is not None:
                self.bundled_names.append(name)
        if workspace.is_bundle:
            self.own_names = list(self.bundled_names)
        else:
            for path in workspace.own_rules_paths():
                name = self._add(path, origin="own")
                if name is not None:
                    self.own_names.append(name)
        for path in extra or []:
            name = self._add(path, origin="extra")
            if name is not None:
                self.extra_names.append(name)

    def _add(self, path: Path, origin: str) -> str | None:
        display = self.workspace.display(path)
        if origin == "extra" and display in {f.display for f in self.files.values()}:
            return next(n for n, f in self.files.items() if f.display == display)
        try:
            rules_file = load_rules_file(self.workspace, path)
        except RulesError as error:
            self.problems.extend(error.problems)
            return None
        top = _top_level_problems(rules_file)
        if top:
            self.problems.extend(top)
            return None
        name = rules_file.name
        assert name is not None
        if origin != "extra" and path.stem != name:
            self.problems.append(
                problem_at(rules_file.mapping["name"].position, "errors.rules.name_not_file", name=name, file=path.stem)
            )
            return None
        if name in self.files:
            other = self.files[name]
            position = rules_file.mapping["name"].position
            if origin == "extra" and name not in self.extra_names:
                # A file given on the command line replaces the ruleset of that name.
                self.files[name] = rules_file
                return name
            if origin == "own" and name in self.bundled_names:
                self.problems.append(
                    problem_at(
                        position, "errors.rules.bundled_name", name=name, bundled=", ".join(sorted(self.bundled_names))
                    )
                )
                return None
            self.problems.append(problem_at(position, "errors.rules.defined_twice", name=name, file=other.display))
            return None
        self.files[name] = rules_file
        return name

    def names(self) -> list[str]:
        return sorted(self.files)

    def chain(self, name: str) -> tuple[list[RulesFile], list[Problem]]:
        """The files from the root ruleset down to `name`, or the problems that stop it."""
        chain: list[RulesFile] = []
        current = self.files[name]
        seen = [name]
        while True:
            chain.append(current)
            parent = current.extends
            if parent is None:
                break
            if parent not in self.files:
                position = current.mapping["extends"].position
                others = [n for n in self.names() if n != current.name]
                hint = said_did_you_mean(parent, others)
                problem = problem_at(
                    position, "errors.rules.unknown_parent", name=parent, hint=hint, known=", ".join(others)
                )
                return [], [problem]
            if parent in seen:
                # Report the cycle at the `extends` of the file where it starts, read from there.
                cycle = seen[seen.index(parent) :]
                start = self.files[cycle[0]]
                position = start.mapping["extends"].position
                text = " -> ".join([*cycle, cycle[0]])
                return [], [problem_at(position, "errors.rules.cycle", cycle=text)]
            if len(seen) > MAX_CHAIN:
                position = current.mapping["extends"].position
                return [], [problem_at(position, "errors.rules.chain_too_long", limit=MAX_CHAIN)]
            seen.append(parent)
            current = self.files[parent]
        chain.reverse()
        return chain, []

    def resolve(self, name: str) -> Resolved:
        """Merge the chain of `name` and validate the result against the ruleset schema.

        Mistakes found while merging (an empty value, a block left unindented, a `null` that
        removes nothing) come first; the schema problems they explain are left out.
        """
        merge = self._merge(name)
        found = schema_problems(merge.resolved.document, "ruleset")
        problems = merge.causes + [p for p in found if not merge.explains(p)]
        if problems:
            raise RulesError(problems)
        return merge.resolved

    def merged(self, name: str) -> Resolved:
        """Merge the chain of `name` without validating it (a `null` removing nothing is still an error)."""
        merge = self._merge(name)
        if merge.causes:
            raise RulesError(merge.causes)
        return merge.resolved

    def _merge(self, name: str) -> _Merge:
        chain, problems = self.chain(name)
        if problems:
            raise RulesError(problems)
        hints = [hint for f in chain for hint in indent_hints(f.node, "variant" if f.extends else "ruleset")]
        merge = _Merge(hints, [hint.problem for hint in hints])
        document: Node | None = None
        removals: list[Removal] = []
        for rules_file in chain:
            if document is None:
                document = rules_file.node
            else:
                removals = []
                patch = _without_keys(rules_file.node, ("extends",))
                document = merge_patch(_without_stale_translations(document, patch), patch, removals)
                for problem in _removal_problems(removals, rules_file.extends or ""):
                    if not merge.explains(problem):
                        merge.causes.append(problem)
                merge.empty_keys.update(r.position for r in removals if r.empty)
        assert document is not None
        merge.resolved = Resolved(name, document, chain, [r.dotted for r in removals if r.existed])
        return merge


def _without_stale_translations(document: Node, patch: Node) -> Node:
    """`document` without the translations of the title and description that `patch` sets anew: a variant with
    a title of its own does not keep its parent's title in other languages (it may give its own)."""
    changed = [key for key in ("title", "description") if isinstance(patch.value, dict) and key in patch.value]
    translations = document.value.get("translations") if isinstance(document.value, dict) else None
    if not changed or translations is None or not isinstance(translations.value, dict):
        return document
    kept: dict[str, Node] = {}
    for language_id, texts in translations.value.items():
        if isinstance(texts.value, dict):
            texts = dataclasses.replace(texts, value={k: v for k, v in texts.value.items() if k not in changed})
        kept[language_id] = texts
    assert isinstance(document.value, dict)
    return dataclasses.replace(
        document, value={**document.value, "translations": dataclasses.replace(translations, value=kept)}
    )


@dataclass
class _Merge:
    """A merged chain, with the mistakes found on the way and what they explain."""

    hints: list[IndentHint]
    causes: list[Problem]
    empty_keys: set[Position] = field(default_factory=set)  # keys of a variant written with no value
    resolved: Resolved = field(init=False)

    def explains(self, problem: Problem) -> bool:
        """A problem that goes away once the cause found while merging is fixed."""
        return problem.position in self.empty_keys or any(hint.explains(problem) for hint in self.hints)


def _removal_problems(removals: list[Removal], parent: str) -> list[Problem]:
    """A key written with no value, and a `null` for a key the parent does not have (it changes
    nothing: almost always a typo)."""
    problems = []
    for removal in removals:
        key = removal.path[-1]
        if removal.empty:
            problems.append(_no_value_problem(removal, parent))
            continue
        if removal.existed:
            continue
        hint = said_did_you_mean(key, removal.siblings)
        where = ".".join(removal.path[:-1])
        owner = said("errors.rules.owner", parent=parent, where=where) if where else parent
        problems.append(
            problem_at(
                removal.position,
                "errors.rules.null_removes_nothing",
                path=removal.dotted,
                key=key,
                owner=owner,
                hint=hint,
            )
        )
    return problems


def _no_value_problem(removal: Removal, parent: str) -> Problem:
    """YAML reads `key:` with nothing after it as null, which would remove the key: say so instead."""
    key = removal.path[-1]
    return problem_at(
        removal.position,
        "errors.rules.empty_removes" if removal.existed else "errors.rules.empty",
        key=key,
        path=removal.dotted,
        parent=parent,
    )


def _without_keys(node: Node, keys: tuple[str, ...]) -> Node:
    assert isinstance(node.value, dict)
    kept = {k: v for k, v in node.value.items() if k not in keys}
    positions = {k: v for k, v in node.key_positions.items() if k not in keys}
    return Node(kept, node.position, positions)
