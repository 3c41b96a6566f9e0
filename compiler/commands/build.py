"""`gah build [--check] [--all] [--lang ID]`: compile the workspace's rulesets into its output folder, all or nothing.

The sheets are written in every language gah knows here (the shipped ones and the workspace's own): the
workspace's language (gah.toml, or --lang) in sheets/, each other in sheets/ID/.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import cast

from ..errors import Speaks, printable
from ..frontend.rulesets import Workspace
from ..languages import build_languages
from ..outputs import (
    PdfJob,
    managed_files,
    manifest_key,
    manifest_text,
    pdf_is_fresh,
    plan_outputs,
    read_manifest,
    sha256,
)
from ..sheets import Paper
from ..sheets.fit_check import fit_problems
from ..writer import remove_files, write_all_or_nothing
from .common import compile_or_report, report
from .registry import command


@command("build")
def run_build(args: argparse.Namespace, workspace: Workspace) -> int:
    workspace.require_root()
    compiled = compile_or_report(workspace, args.lang)
    if compiled is None:
        return 1
    library = compiled.library
    names = library.names() if args.all or workspace.is_bundle else library.own_names
    chosen = {name: compiled.rulesets[name] for name in names}
    paper = cast(Paper, workspace.config.paper)
    languages = build_languages(workspace, args.lang)
    says = languages[0]
    too_long = fit_problems(compiled, names, paper, languages)
    if too_long:
        report(list(too_long.values()), workspace.sources, languages[0])
        return 1
    table = languages[0].id if args.lang or workspace.config.language else None  # a pad opens in it
    plan = plan_outputs(workspace.output_dir, chosen, compiled.rulesets, workspace.schemas_dir, paper, languages, table)
    manifest = read_manifest(plan.manifest_path)
    stale = [path for path, data in plan.files.items() if not path.is_file() or path.read_bytes() != data]
    stale_pdfs = [job for job in plan.pdfs if args.force_pdf or not pdf_is_fresh(job, manifest)]
    managed = managed_files(workspace.output_dir)
    extra = [path for path in managed if path not in plan.owned()]
    if args.check:
        return _report_check(workspace, args, len(plan.files) + len(plan.pdfs) + 1, stale, stale_pdfs, extra, says)
    # Render every PDF before writing anything, so a failure leaves generated/ as it was.
    rendered = {job.path: job.render() for job in stale_pdfs}
    entries = {manifest_key(job.path): manifest.get(manifest_key(job.path), {}) for job in plan.pdfs}
    for job in stale_pdfs:
        entries[manifest_key(job.path)] = {"html_sha256": sha256(job.html), "pdf_sha256": sha256(rendered[job.path])}
    outputs = {path: plan.files[path] for path in stale}
    outputs.update(rendered)
    manifest_bytes = manifest_text(entries)
    if not plan.manifest_path.is_file() or plan.manifest_path.read_bytes() != manifest_bytes:
        outputs[plan.manifest_path] = manifest_bytes
    write_all_or_nothing(outputs)
    remove_files(extra)
    total = len(plan.files) + len(plan.pdfs) + 1
    first = not managed  # the output folder held nothing of a build's
    print(_summary(workspace, says, len(chosen), len(outputs), len(rendered), total, len(extra), first))
    return 0


def _summary(
    workspace: Workspace, says: Speaks, built: int, written: int, rendered: int, total: int, removed: int, first: bool
) -> str:
    """What gah build did, in a line: into an empty output folder the files it wrote there (nothing was there to
    leave unchanged or remove); else how many it wrote, left unchanged and removed."""
    pdfs = says.say("build.rendered", rendered)
    if first:
        output = workspace.display(workspace.output_dir)
        return says.say("build.first", built, files=says.say("build.files", written), rendered=pdfs, output=output)
    return says.say(
        "build.built",
        built,
        written=says.say("build.written", written),
        rendered=pdfs,
        unchanged=total - written,
        removed=removed,
    )


def _report_check(
    workspace: Workspace,
    args: argparse.Namespace,
    total: int,
    stale: list[Path],
    stale_pdfs: list[PdfJob],
    extra: list[Path],
    says: Speaks,
) -> int:
    """gah build --check: each file out of date on a line (stderr) and 1, or one line that all is fresh and 0."""
    for path in stale:
        print(
            says.say("build.stale" if path.exists() else "build.missing", file=printable(workspace.display(path))),
            file=sys.stderr,
        )
    for job in stale_pdfs:
        print(says.say("build.stale_pdf", file=printable(workspace.display(job.path))), file=sys.stderr)
    for path in extra:
        print(says.say("build.extra", file=printable(workspace.display(path))), file=sys.stderr)  # any name: not ours
    if stale or stale_pdfs or extra:
        command = "gah build" + (" --all" if args.all else "")
        print(says.say("build.out_of_date", command=command), file=sys.stderr)
        return 1
    output = workspace.display(workspace.output_dir)
    print(says.say("build.up_to_date", total, output=output))
    return 0
