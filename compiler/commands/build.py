"""`gah build [--check] [--all] [--lang ID]`: compile the workspace's rulesets into its output folder, all or nothing.

The sheets are written in every language gah knows here (the shipped ones and the workspace's own): the
workspace's language (gah.toml, or --lang) in sheets/, each other in sheets/ID/.
"""

from __future__ import annotations

import argparse
import sys
from typing import cast

from ..frontend.rulesets import Workspace
from ..languages import build_languages
from ..outputs import (
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
from .registry import command, language_option


def _setup(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if any generated file is stale")
    parser.add_argument(
        "--force-pdf", action="store_true", help="render every PDF again, even when its HTML is unchanged"
    )
    parser.add_argument("--all", action="store_true", help="also build the rulesets bundled with gah")
    language_option(parser)


@command("build", "compile the workspace's rulesets into its output folder (scoring modules and sheets)")(_setup)
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
    too_long = fit_problems(compiled, names, paper, languages)
    if too_long:
        report(list(too_long.values()), workspace.sources, languages[0])
        return 1
    table = languages[0].id if args.lang or workspace.config.language else None  # a pad opens in it
    plan = plan_outputs(workspace.output_dir, chosen, compiled.rulesets, workspace.schemas_dir, paper, languages, table)
    manifest = read_manifest(plan.manifest_path)
    stale = [path for path, data in plan.files.items() if not path.is_file() or path.read_bytes() != data]
    stale_pdfs = [job for job in plan.pdfs if args.force_pdf or not pdf_is_fresh(job, manifest)]
    extra = [path for path in managed_files(workspace.output_dir) if path not in plan.owned()]
    if args.check:
        for path in stale:
            print(f"{workspace.display(path)}: {'stale' if path.exists() else 'missing'}", file=sys.stderr)
        for job in stale_pdfs:
            print(f"{workspace.display(job.path)}: stale (not rendered from the current HTML)", file=sys.stderr)
        for path in extra:
            print(f"{workspace.display(path)}: no ruleset produces it (remove it or run gah build)", file=sys.stderr)
        if stale or stale_pdfs or extra:
            print("generated files are out of date: run gah build" + (" --all" if args.all else ""), file=sys.stderr)
            return 1
        output = workspace.display(workspace.output_dir)
        print(f"{output}/ and schemas/ are up to date ({len(plan.files) + len(plan.pdfs) + 1} files)")
        return 0
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
    print(
        f"built {len(chosen)} rulesets: {len(outputs)} files written "
        f"({len(rendered)} PDFs rendered), {total - len(outputs)} unchanged, {len(extra)} removed"
    )
    return 0
