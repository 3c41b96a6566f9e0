"""Copy the runtime's source into a generated module, as lark's standalone generator does; or make the same
runtime one module of its own (the variant lab can compile that once and share it between modules)."""

from __future__ import annotations

import ast
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path

RUNTIME_DIR = Path(__file__).resolve().parent / "runtime"
# Order matters: each file uses only names defined by the files before it.
RUNTIME_FILES = (
    "words.py",
    "core.py",
    "chooser.py",
    "primitives.py",
    "conditions.py",
    "hotel.py",
    "staff.py",
    "quantities.py",
    "state.py",
    "setup.py",
    "scoring.py",
)


@lru_cache(maxsize=1)
def runtime_parts() -> tuple[tuple[str, ...], tuple[tuple[str, str], ...]]:
    """The standard-library imports the runtime needs, and each file's body without imports (read once a process:
    every module generated copies them)."""
    plain_imports: set[str] = set()
    from_imports: dict[str, set[str]] = {}
    bodies: list[tuple[str, str]] = []
    for name in RUNTIME_FILES:
        source = (RUNTIME_DIR / name).read_text(encoding="utf-8")
        tree = ast.parse(source)
        lines = source.splitlines()
        drop: set[int] = set()
        for index, node in enumerate(tree.body):
            is_docstring = index == 0 and isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
            if isinstance(node, ast.Import):
                plain_imports.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                if node.level == 0 and node.module != "__future__":
                    from_imports.setdefault(node.module or "", set()).update(alias.name for alias in node.names)
            elif not is_docstring:
                continue
            end = node.end_lineno or node.lineno
            drop.update(range(node.lineno, end + 1))
        body = "\n".join(line for number, line in enumerate(lines, start=1) if number not in drop).strip("\n")
        bodies.append((name, body))
    imports = [f"import {name}" for name in sorted(plain_imports)]
    imports += [f"from {module} import {', '.join(sorted(names))}" for module, names in sorted(from_imports.items())]
    return tuple(imports), tuple(bodies)


def runtime_module_text() -> str:
    """The runtime as one module, exactly the text a generated module copies (with its imports)."""
    imports, bodies = runtime_parts()
    parts = ["from __future__ import annotations", "", *imports, ""]
    for _name, body in bodies:
        parts += ["", body, ""]
    return "\n".join(parts) + "\n"


@lru_cache(maxsize=32)
def defined_names(source: str) -> frozenset[str]:
    """The names a module's top-level statements define (functions, classes, assignments)."""
    names: set[str] = set()
    for node in ast.parse(source).body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names.update(target.id for target in node.targets if isinstance(target, ast.Name))
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
    return frozenset(names)


ENTRY_FILE = "entry.py"  # not one of RUNTIME_FILES: copied a function at a time (fixed_lines)


@lru_cache(maxsize=1)
def fixed_functions() -> dict[str, str]:
    """Each top-level function of runtime/entry.py by name: its text as written there."""
    source = (RUNTIME_DIR / ENTRY_FILE).read_text(encoding="utf-8")
    lines = source.splitlines()
    return {
        node.name: "\n".join(lines[node.lineno - 1 : node.end_lineno])
        for node in ast.parse(source).body
        if isinstance(node, ast.FunctionDef)
    }


def fixed_lines(name: str, by_role: bool = False, replace: Sequence[tuple[str, str]] = ()) -> list[str]:
    """The lines of runtime/entry.py's function `name` (`by_role`: of `<name>_by_role`, named `name`), each text
    `old` of `replace` (which must be there once) replaced by its `new`: what a ruleset varies in it."""
    text = fixed_functions()[f"{name}_by_role" if by_role else name]
    if by_role:
        text = text.replace(f"def {name}_by_role(", f"def {name}(", 1)
    for old, new in replace:
        if text.count(old) != 1:
            raise ValueError(f"runtime/entry.py: {name} holds {old!r} {text.count(old)} times, not once")
        text = text.replace(old, new)
    return text.splitlines()
