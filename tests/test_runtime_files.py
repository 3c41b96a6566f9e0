"""The runtime files are copied one after the other into every generated module (standalone.RUNTIME_FILES):
what holds for the package must hold for that one module too."""

from __future__ import annotations

import ast
from collections import Counter

from gah.backends.python.standalone import RUNTIME_DIR, RUNTIME_FILES, defined_names


def test_no_runtime_file_defines_a_name_another_defines() -> None:
    """In the one module a later definition would silently replace an earlier one of the same name."""
    counts = Counter(
        name for file in RUNTIME_FILES for name in defined_names((RUNTIME_DIR / file).read_text(encoding="utf-8"))
    )
    assert [name for name, count in counts.items() if count > 1] == []


def test_each_runtime_file_imports_only_the_files_before_it() -> None:
    """The copy keeps the order of RUNTIME_FILES: a file that used a later one would need it defined first."""
    later: dict[str, list[str]] = {}
    for at, file in enumerate(RUNTIME_FILES):
        tree = ast.parse((RUNTIME_DIR / file).read_text(encoding="utf-8"))
        imported = {f"{node.module}.py" for node in tree.body if isinstance(node, ast.ImportFrom) and node.level == 1}
        later[file] = sorted(imported - set(RUNTIME_FILES[:at]))
    assert all(not files for files in later.values()), later
