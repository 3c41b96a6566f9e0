"""Everything `gah build` writes, computed in memory first so a failure changes nothing."""

from __future__ import annotations

from pathlib import Path

from . import ir
from .python_backend import generate_module
from .schemas import variant_schema_text


def planned_outputs(root: Path, rulesets: dict[str, ir.Ruleset]) -> dict[Path, bytes]:
    """Path -> bytes of every generated file, for every ruleset."""
    outputs: dict[Path, bytes] = {}
    for name in sorted(rulesets):
        ruleset = rulesets[name]
        outputs[root / "generated" / "scoring" / f"{ruleset.module_name}.py"] = generate_module(ruleset).encode("utf-8")
    outputs[root / "schemas" / "variant.schema.json"] = variant_schema_text().encode("utf-8")
    return outputs


def managed_files(root: Path) -> list[Path]:
    """Files under generated/ that a build owns (so stale ones can be removed)."""
    folder = root / "generated"
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.rglob("*") if p.is_file() and p.suffix in (".py", ".html", ".md", ".pdf"))
