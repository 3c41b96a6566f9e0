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

from ..errors import GahError, Speaks
from ..frontend.rulesets import Workspace
from ..said import error_of
from ..workspace import CONFIG_NAME, DEFAULT_LAB_MODEL, with_setting
from ..writer import write_atomically
from .common import speaker
from .registry import command

SCHEMA_LINE = "# yaml-language-server: $schema="


@command("lab-model")
def run_lab_model(args: argparse.Namespace, workspace: Workspace) -> int:
    source = workspace.bundle / DEFAULT_LAB_MODEL
    target: Path = args.output if args.output is not None else workspace.require_root() / DEFAULT_LAB_MODEL
    shown = workspace.display(target)
    says = speaker(workspace)
    if target.resolve() == source.resolve():
        raise error_of(GahError, "errors.lab_model.bundled", file=shown)
    if target.is_dir():
        raise error_of(GahError, "errors.lab_model.folder", file=shown)
    if target.exists() and not args.force:
        print(says.say("cli.file_exists", command="lab-model", file=shown), file=sys.stderr)
        return 1
    write_atomically(target, model_copy(source, target, (workspace.root or workspace.bundle) / "schemas"))
    print(says.say("cli.lab_model.wrote", file=shown))
    print(_use_it(workspace, target, says))
    return 0


def model_copy(source: Path, target: Path, schemas: Path) -> bytes:
    """The model's text, its schema line made relative to where the copy goes."""
    text = source.read_text(encoding="utf-8")
    schema = Path(os.path.relpath(schemas / "lab-model.schema.json", target.resolve().parent)).as_posix()
    first, newline, rest = text.partition("\n")
    if first.startswith(SCHEMA_LINE):
        text = SCHEMA_LINE + schema + newline + rest
    return text.encode("utf-8")


def _use_it(workspace: Workspace, target: Path, says: Speaks) -> str:
    """Make gah.toml name the copy when it names no model yet; the sentence that says what happened."""
    if workspace.root is None or not target.resolve().is_relative_to(workspace.root):
        return says.say("cli.lab_model.outside", config=CONFIG_NAME, command=f"gah compare A B --model {target}")
    relative = target.resolve().relative_to(workspace.root).as_posix()
    line = f'lab_model = "{relative}"'
    if workspace.config.lab_model == relative:
        return says.say("cli.lab_model.named", config=CONFIG_NAME)
    if workspace.config.lab_model:
        return says.say(
            "cli.lab_model.names_other", config=CONFIG_NAME, model=repr(workspace.config.lab_model), line=line
        )
    config = workspace.root / CONFIG_NAME
    changed = with_setting(config.read_text(encoding="utf-8"), "lab_model", relative)
    if changed is None:
        return says.say("cli.lab_model.write_it", config=CONFIG_NAME, line=line)
    write_atomically(config, changed.encode("utf-8"))
    return says.say("cli.lab_model.set", config=CONFIG_NAME, line=line)
