"""`gah lab-model [-o PATH] [--force]`: copy the variant lab's default game model into the workspace.

The copy goes to rules/lab/default.yaml (or PATH) with its editor schema line pointing at the
workspace's schemas/. When the copy lies inside the workspace and gah.toml names no model yet,
`lab_model` is set to it, so `gah compare` and `gah sweep` use the copy at once: copying the model
is asking for that, and the change is one line of gah.toml, said in the output. A model gah.toml
already names is left alone (the command says how to switch).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from ..errors import GahError
from ..frontend.rulesets import Workspace
from ..workspace import CONFIG_NAME, DEFAULT_LAB_MODEL, with_setting
from ..writer import write_atomically
from .registry import command

SCHEMA_LINE = "# yaml-language-server: $schema="


@command("lab-model")
def run_lab_model(args: argparse.Namespace, workspace: Workspace) -> int:
    source = workspace.bundle / DEFAULT_LAB_MODEL
    target: Path = args.output if args.output is not None else workspace.require_root() / DEFAULT_LAB_MODEL
    shown = workspace.display(target)
    if target.resolve() == source.resolve():
        raise GahError(f"{shown} is the bundled model itself; name another file with -o PATH")
    if target.is_dir():
        raise GahError(f"{shown} is a folder; name the file to write with -o PATH")
    if target.exists() and not args.force:
        print(f"gah lab-model: {shown} exists (use --force to overwrite)", file=sys.stderr)
        return 1
    write_atomically(target, model_copy(source, target, (workspace.root or workspace.bundle) / "schemas"))
    print(f"wrote {shown}, a copy of the default game model; edit its weights (gah docs lab-model)")
    print(_use_it(workspace, target))
    return 0


def model_copy(source: Path, target: Path, schemas: Path) -> bytes:
    """The model's text, its schema line made relative to where the copy goes."""
    text = source.read_text(encoding="utf-8")
    schema = Path(os.path.relpath(schemas / "lab-model.schema.json", target.resolve().parent)).as_posix()
    first, newline, rest = text.partition("\n")
    if first.startswith(SCHEMA_LINE):
        text = SCHEMA_LINE + schema + newline + rest
    return text.encode("utf-8")


def _use_it(workspace: Workspace, target: Path) -> str:
    """Make gah.toml name the copy when it names no model yet; the sentence that says what happened."""
    flag = f"gah compare A B --model {target}"
    if workspace.root is None or not target.resolve().is_relative_to(workspace.root):
        return f"it is outside any workspace's gah.toml: use it with {flag}"
    relative = target.resolve().relative_to(workspace.root).as_posix()
    line = f'lab_model = "{relative}"'
    if workspace.config.lab_model == relative:
        return f"{CONFIG_NAME} already names it: gah compare and gah sweep use it"
    if workspace.config.lab_model:
        return (
            f"{CONFIG_NAME} names {workspace.config.lab_model!r}, which gah compare keeps using; "
            f"to use the copy, write there: {line}"
        )
    config = workspace.root / CONFIG_NAME
    changed = with_setting(config.read_text(encoding="utf-8"), "lab_model", relative)
    if changed is None:
        return f"to make gah compare use it, write in {CONFIG_NAME}: {line}"
    write_atomically(config, changed.encode("utf-8"))
    return f"set {line} in {CONFIG_NAME}: gah compare and gah sweep use the copy"
