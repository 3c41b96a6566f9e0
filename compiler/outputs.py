"""Everything `gah build` writes, computed in memory first so a failure changes nothing.

PDFs are slow to render (seconds each), so they are tracked through a
manifest, generated/sheets/pdf-manifest.json, that records for each PDF the
SHA-256 of the HTML it was rendered from and of the PDF itself. A PDF is
fresh when its HTML is unchanged and the file is the one recorded; only then
does `gah build` skip re-rendering it, and `gah build --check` needs no
renderer at all.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from . import ir
from .backends.js.page import generate_page
from .backends.python.module import generate_module
from .frontend.schemas import variant_schema_text
from .frontend.validate import SCHEMA_DIR
from .languages import Language, english
from .sheets import Paper, render_sheet
from .workspace import SCHEMA_NAMES

MANIFEST = Path("sheets") / "pdf-manifest.json"  # inside the output folder


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


@dataclass
class PdfJob:
    """A PDF to be rendered from known HTML (lazily: rendering is slow)."""

    path: Path
    html: bytes
    render: Callable[[], bytes]


@dataclass
class Plan:
    """Every file a build owns: exact bytes for most, render jobs for the PDFs."""

    files: dict[Path, bytes]
    pdfs: list[PdfJob]
    manifest_path: Path

    def owned(self) -> set[Path]:
        return set(self.files) | {job.path for job in self.pdfs} | {self.manifest_path}


def plan_outputs(
    output: Path,
    rulesets: dict[str, ir.Ruleset],
    parents: dict[str, ir.Ruleset],
    schemas: Path,
    paper: Paper = "a4",
    languages: Sequence[Language] = (),
    opens_in: str | None = None,
) -> Plan:
    """Path -> bytes of every file a build writes (PDFs as jobs).

    `rulesets` are written to `output`; `parents` (every ruleset compiled) give each
    variant's sheet the ruleset it differs from. The sheets are in each of `languages`
    (default: English): the first's in sheets/, every other's in sheets/ID/. The schemas
    an editor needs go to `schemas`: the ones this gah validates with, and the variant
    schema derived from them. The scoring modules (with English) and the score pads carry
    `languages` (none: the shipped ones); the pads open in `opens_in` (None: the browser's,
    else English) unless a player chose one.
    """
    files: dict[Path, bytes] = {}
    pdfs: list[PdfJob] = []
    for name in sorted(rulesets):
        ruleset = rulesets[name]
        parent = parents.get(ruleset.extends) if ruleset.extends else None
        stem = ruleset.name
        files[output / "scoring" / f"{ruleset.module_name}.py"] = generate_module(ruleset, languages).encode("utf-8")
        for index, language in enumerate(languages or (english(),)):
            sheets = output / "sheets" if index == 0 else output / "sheets" / language.id
            files[sheets / f"{stem}.md"] = render_sheet(ruleset, parent, "md", paper, language=language)
            html = render_sheet(ruleset, parent, "html", paper, language=language)
            files[sheets / f"{stem}.html"] = html
            pdfs.append(PdfJob(sheets / f"{stem}.pdf", html, _pdf_renderer(html, stem)))
        files[output / "pads" / f"{stem}.html"] = generate_page(ruleset, languages or None, opens_in)
    files.update(schema_files(schemas))
    return Plan(files, pdfs, output / MANIFEST)


def schema_files(folder: Path) -> dict[Path, bytes]:
    """The JSON Schemas an editor needs in `folder`: the ones this gah validates with, and the derived variant one."""
    files: dict[Path, bytes] = {}
    for name in SCHEMA_NAMES:
        text = (
            variant_schema_text().encode("utf-8")
            if name == "variant"
            else (SCHEMA_DIR / f"{name}.schema.json").read_bytes()
        )
        files[folder / f"{name}.schema.json"] = text
    return files


def _pdf_renderer(html: bytes, name: str) -> Callable[[], bytes]:
    def render() -> bytes:
        from .sheets.render import render_pdf

        return render_pdf(html.decode("utf-8"), name)

    return render


def read_manifest(path: Path) -> dict[str, dict[str, str]]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {name: entry for name, entry in data.items() if isinstance(entry, dict)}


def manifest_key(path: Path) -> str:
    """A PDF's entry in the manifest: its path inside sheets/ (`base.pdf`, `de/base.pdf`)."""
    return path.name if path.parent.name == "sheets" else f"{path.parent.name}/{path.name}"


def pdf_is_fresh(job: PdfJob, manifest: dict[str, dict[str, str]]) -> bool:
    entry = manifest.get(manifest_key(job.path), {})
    if not job.path.is_file() or entry.get("html_sha256") != sha256(job.html):
        return False
    return entry.get("pdf_sha256") == sha256(job.path.read_bytes())


MANIFEST_NOTE = "DO NOT EDIT: written by gah build (the PDF of each sheet and the HTML it was rendered from)"


def manifest_text(entries: dict[str, dict[str, str]]) -> bytes:
    document: dict[str, object] = {"_comment": MANIFEST_NOTE, **dict(sorted(entries.items()))}
    return (json.dumps(document, indent=2) + "\n").encode("utf-8")


def managed_files(output: Path) -> list[Path]:
    """Files in the output folder's scoring/, sheets/ and pads/ that a build owns (so stale ones can be removed)."""
    found: list[Path] = []
    for folder in (output / "scoring", output / "sheets", output / "pads"):
        if folder.is_dir():
            found += [
                p for p in folder.rglob("*") if p.is_file() and p.suffix in (".py", ".html", ".md", ".pdf", ".json")
            ]
    return sorted(found)
