"""The import graph of compiler/ has no circle: every import counts (those inside functions too, which run when
called), only the names under `if TYPE_CHECKING:` (never run) are left out."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "compiler"


def module_name(path: Path) -> str:
    """The import name of a file under compiler/ (installed as the package `gah`)."""
    parts = ("gah", *path.relative_to(PACKAGE).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def module_names() -> dict[str, Path]:
    return {module_name(path): path for path in PACKAGE.rglob("*.py")}


def absolute(node: ast.ImportFrom, path: Path) -> str:
    """The absolute module an import names (`from ..ir import X` in gah/words/text.py: gah.ir)."""
    if node.level == 0:
        return node.module or ""
    package = module_name(path).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    base = package[: len(package) - (node.level - 1)]
    return ".".join([*base, *([node.module] if node.module else [])])


def imported(path: Path, known: dict[str, Path]) -> set[str]:
    """The modules of compiler/ that running `path` may import (a name imported from a package that is a module
    counts as that module)."""
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                continue
            if isinstance(child, ast.ImportFrom):
                module = absolute(child, path)
                for alias in child.names:
                    whole = f"{module}.{alias.name}"
                    found.add(whole if whole in known else module)
            elif isinstance(child, ast.Import):
                found.update(alias.name for alias in child.names)
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    return {name for name in found if name in known}


def graph() -> dict[str, set[str]]:
    known = module_names()
    return {name: imported(path, known) - {name} for name, path in known.items()}


def circle(edges: dict[str, set[str]]) -> list[str]:
    """One circle of the graph as the modules along it (the first found, depth first), or []."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def walk(name: str) -> list[str]:
        state[name] = 1
        path.append(name)
        for other in sorted(edges[name]):
            if state.get(other) == 1:
                return [*path[path.index(other) :], other]
            if other not in state and (found := walk(other)):
                return found
        path.pop()
        state[name] = 2
        return []

    for name in sorted(edges):
        if name not in state and (found := walk(name)):
            return found
    return []


def test_the_import_graph_has_no_circle() -> None:
    found = circle(graph())
    assert not found, " -> ".join(found)


def test_the_check_finds_a_circle() -> None:
    assert circle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == ["a", "b", "c", "a"]
    assert circle({"a": {"b"}, "b": set()}) == []


def test_the_graph_sees_imports_inside_functions_but_not_type_checking_ones(tmp_path: Path) -> None:
    source = tmp_path / "m.py"
    source.write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from gah.ir import Ruleset\n"
        "def f():\n    from gah.sheets import context\n"
    )
    assert imported(source, module_names()) == {"gah.sheets.context"}


def test_the_python_backend_does_not_call_into_the_sheets() -> None:
    edges = graph()
    backend = [name for name in edges if name.startswith("gah.backends.python")]
    assert backend and not [(n, m) for n in backend for m in edges[n] if m.startswith("gah.sheets")]


def test_relative_imports_are_followed() -> None:
    """compiler/ imports itself relatively (it installs as `gah`): `from .errors import` in cli.py is an edge,
    `from ..languages import` in words/text.py too, so the circle check above sees the whole graph."""
    edges = graph()
    assert "gah.errors" in edges["gah.cli"]
    assert "gah.languages" in edges["gah.words.text"]
    assert sum(len(targets) for targets in edges.values()) > 300


# The layers of compiler/, lowest first (gah docs development: Layout): a module may import its own layer and the layers
# below it, never one above. A new top-level module or package must be given its layer here.
LAYERS: tuple[tuple[str, ...], ...] = (
    (
        "gah",
        "backends",
        "lab",
        "errors",
        "said",
        "user_cache",
        "terminal",
        "pager",
        "writer",
        "targets",
        "problem_formats",
        "pipes",
        "doc_topics",
    ),
    ("workspace",),
    ("ir",),
    ("dispatch",),
    ("frontend",),
    ("languages",),
    ("project", "rules_yaml", "docs", "report", "words"),
    ("irdiff", "backends.policy_facts", "backends.codebuilder", "backends.call_shapes"),
    ("backends.emperor_facts",),
    ("backends.final_words", "backends.score_words"),
    ("backends.python", "backends.js", "sheets"),
    ("backends.batched", "outputs"),
    ("lab.engine",),
    ("lab.runs",),
    ("lab.views", "lab.native"),
    ("completion",),
    ("commands",),
    ("cli",),
    ("__main__",),
)


def layer_group(module: str) -> str:
    """The part of compiler/ a module belongs to: gah.lab.runs.jobs is in lab.runs, gah.sheets.fit in sheets."""
    parts = module.split(".")[1:]
    if not parts:
        return "gah"
    if parts[0] in ("backends", "lab") and len(parts) > 1:
        return ".".join(parts[:2])
    return parts[0]


def test_no_import_runs_back_up_a_layer() -> None:
    rank = {group: number for number, groups in enumerate(LAYERS) for group in groups}
    unknown = sorted({layer_group(name) for name in graph()} - set(rank))
    assert unknown == [], "give these parts of compiler/ a layer in LAYERS"
    upward = [
        f"{module} -> {target}"
        for module, targets in sorted(graph().items())
        for target in sorted(targets)
        if rank[layer_group(target)] > rank[layer_group(module)]
    ]
    assert upward == []


def test_the_layer_check_sees_an_upward_import() -> None:
    assert layer_group("gah.lab.runs.warm") == "lab.runs" and layer_group("gah.cli") == "cli"
    assert layer_group("gah.sheets.fit") == "sheets" and layer_group("gah") == "gah"
