"""`gah new-variant NAME [--from PARENT]`: a commented starter variant that checks clean."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from ..frontend.rulesets import NAME_PATTERN, Library, Workspace
from ..project import UnknownRuleset
from ..writer import write_atomically
from .registry import command

TEMPLATE = """\
# yaml-language-server: $schema={schema}
#
# {title}: a house variant of '{parent}'.
# Write only what changes; everything else comes from '{parent}'.
# Merging follows JSON Merge Patch: mappings merge key by key, lists are
# replaced whole, and `null` removes a key. Check it with: gah check {path}
extends: {parent}
name: {name}
title: {title}
description: Say in a sentence what this house rule changes.

# Examples (remove the leading '# ' to use one):
#
# Gentler move-backs after rounds 3, 5 and 7:
# emperor_scorings:
#   3: {{move_back: 2}}
#   5: {{move_back: 4}}
#
# Guests left in the café cost 3 points, not 5:
# final_scoring:
#   cafe: {{points: -3}}
#
# Space 13 pays 10 points:
# emperor_track:
#   spaces: {{13: 10}}
"""


def starter_variant(workspace: Workspace, name: str, parent: str) -> tuple[Path, bytes]:
    """Where a new variant goes in the workspace, and its commented text (with an editor schema line)."""
    root = workspace.require_root()
    folder = root / "rules" / "variants" if workspace.is_bundle else root / "rules"
    path = folder / f"{name}.yaml"
    schema = Path(os.path.relpath(root / "schemas" / "variant.schema.json", folder)).as_posix()
    title = name.replace("-", " ").capitalize()
    text = TEMPLATE.format(name=name, parent=parent, title=title, path=workspace.display(path), schema=schema)
    return path, text.encode("utf-8")


@command("new-variant")
def run_new_variant(args: argparse.Namespace, workspace: Workspace) -> int:
    name: str = args.name
    workspace.require_root()
    if not NAME_PATTERN.match(name) or len(name) > 40:
        print(f"gah new-variant: '{name}' is not a valid name: lower-case letters, digits and dashes", file=sys.stderr)
        return 2
    library = Library(workspace)
    if args.parent not in library.files:
        known = ", ".join(library.names())
        raise UnknownRuleset(f"--from: unknown ruleset '{args.parent}'; known rulesets: {known}")
    if name in library.files:
        print(
            f"gah new-variant: a ruleset named '{name}' already exists ({library.files[name].display})",
            file=sys.stderr,
        )
        return 1
    path, text = starter_variant(workspace, name, args.parent)
    if path.exists() and not args.force:
        print(f"gah new-variant: {workspace.display(path)} exists (use --force to overwrite)", file=sys.stderr)
        return 1
    write_atomically(path, text)
    shown = workspace.display(path)
    print(f"wrote {shown} (extends {args.parent}); edit it, then run: gah check {shown}")
    return 0
