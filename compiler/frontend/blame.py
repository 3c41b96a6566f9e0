"""Building a ruleset by name, with every problem a variant causes reported in the variant.

A variant that breaks its parent (removes an item the parent's cards use, reshapes
the hotel under the parent's room groups) makes problems whose natural place is a
line of the parent. The user edited the variant, so the problem is moved there (to
the deepest key the variant sets along the same path, else its first change) and
the parent's line is kept in the message as context. A problem the parent has on
its own stays where it is.
"""

from __future__ import annotations

from collections.abc import Sequence

from .. import ir
from ..errors import Position, Problem, RulesError
from ..said import problem_at
from .loader import Node
from .lower import build_ruleset
from .rulesets import VARIANT_KEYS, Library, RulesFile

Path = tuple[str | int, ...]


class RulesetBuilder:
    """Resolves and builds rulesets of one library; remembers each ruleset's own problems."""

    def __init__(self, library: Library) -> None:
        self.library = library
        self._own_problems: dict[str, frozenset[Problem]] = {}

    def build(self, name: str) -> ir.Ruleset:
        """The IR of `name`; RulesError with its problems, placed in the file the user edited."""
        try:
            return build_ruleset(self.library.resolve(name))
        except RulesError as error:
            self._own_problems[name] = frozenset(error.problems)
            raise RulesError(self._placed(name, error.problems)) from None

    def _own(self, name: str) -> frozenset[Problem]:
        """The problems of `name` as found, before any is moved."""
        if name not in self._own_problems:
            try:
                self.build(name)
                self._own_problems[name] = frozenset()
            except RulesError:
                pass  # build() remembered them
        return self._own_problems[name]

    def _placed(self, name: str, problems: list[Problem]) -> list[Problem]:
        leaf = self.library.files[name]
        parent = leaf.extends
        inherited = [p for p in problems if p.position.file != leaf.display]
        if parent is None or parent not in self.library.files or not inherited:
            return problems
        chain, chain_problems = self.library.chain(name)
        chain_files = {f.display for f in chain}
        parents_own = self._own(parent) if not chain_problems else frozenset()
        document = _merged_index(self.library, name)
        placed = []
        for problem in problems:
            if (
                problem.position.file == leaf.display
                or problem.position.file not in chain_files
                or problem in parents_own
            ):
                placed.append(problem)
                continue
            path = document.get(problem.position, ())
            placed.append(
                problem_at(
                    _in_variant(leaf, path),
                    "errors.rules.inherited",
                    message=problem.said or problem.message,
                    position=str(problem.position),
                )
            )
        return placed


def _merged_index(library: Library, name: str) -> dict[Position, Path]:
    """Every position in the merged document (values and keys) and the path it belongs to."""
    try:
        resolved = library.merged(name)
    except RulesError:
        return {}
    index: dict[Position, Path] = {}
    stack: list[tuple[Node, Path]] = [(resolved.document, ())]
    while stack:
        node, path = stack.pop()
        index.setdefault(node.position, path)
        if isinstance(node.value, dict):
            for key, child in node.value.items():
                if key in node.key_positions:
                    index.setdefault(node.key_positions[key], (*path, key))
                stack.append((child, (*path, key)))
        elif isinstance(node.value, list):
            stack.extend((child, (*path, i)) for i, child in enumerate(node.value))
    return index


def _in_variant(leaf: RulesFile, path: Sequence[str | int]) -> Position:
    """The deepest key the variant sets along `path`; else a key it removes that `path` still
    names (an item removed but used by a card); else its first change; else its `extends`."""
    node = leaf.node
    removals = _removals(leaf.node)
    found: Position | None = None
    for step in path:
        if not isinstance(node.value, dict) or str(step) not in node.value:
            break
        found = node.key_positions.get(str(step), node.value[str(step)].position)
        node = node.value[str(step)]
    if found is not None:
        return found
    named = [removals[str(step)] for step in path if str(step) in removals]
    if named:
        return named[-1]
    changes = [key for key in leaf.mapping if key not in VARIANT_KEYS]
    if changes:
        return leaf.node.key_positions.get(changes[0], leaf.node.position)
    return leaf.mapping["extends"].position if "extends" in leaf.mapping else leaf.node.position


def _removals(root: Node) -> dict[str, Position]:
    """Every key the variant removes with `null`, and where."""
    found: dict[str, Position] = {}
    stack = [root]
    while stack:
        node = stack.pop()
        if isinstance(node.value, dict):
            for key, child in node.value.items():
                if child.value is None:
                    found.setdefault(key, node.key_positions.get(key, child.position))
                stack.append(child)
        elif isinstance(node.value, list):
            stack.extend(node.value)
    return found
