"""`gah new-variant NAME [--from PARENT]`: a commented starter variant that checks clean."""

from __future__ import annotations

import argparse
import sys

from compiler.cli import command
from compiler.frontend.rulesets import NAME_PATTERN, Workspace
from compiler.project import compile_library
from compiler.writer import write_atomically

TEMPLATE = """\
# yaml-language-server: $schema=../../schemas/variant.schema.json
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


def _setup(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("name", help="variant name: lower-case letters, digits and dashes")
    parser.add_argument("--from", dest="parent", default="base", help="ruleset it extends (default: base)")
    parser.add_argument("--force", action="store_true", help="overwrite an existing file")


@command("new-variant", "write a commented starter variant file under rules/variants/")(_setup)
def run_new_variant(args: argparse.Namespace, workspace: Workspace) -> int:
    name: str = args.name
    if not NAME_PATTERN.match(name) or len(name) > 40:
        print(f"gah new-variant: '{name}' is not a valid name: lower-case letters, digits and dashes", file=sys.stderr)
        return 2
    compiled = compile_library(workspace)
    if args.parent not in compiled.library.files:
        known = ", ".join(compiled.library.names())
        print(f"gah new-variant: --from: unknown ruleset '{args.parent}'; known rulesets: {known}", file=sys.stderr)
        return 2
    if name in compiled.library.files:
        print(
            f"gah new-variant: a ruleset named '{name}' already exists ({compiled.library.files[name].display})",
            file=sys.stderr,
        )
        return 1
    path = workspace.rules_dir / "variants" / f"{name}.yaml"
    if path.exists() and not args.force:
        print(f"gah new-variant: {workspace.display(path)} exists (use --force to overwrite)", file=sys.stderr)
        return 1
    title = name.replace("-", " ").capitalize()
    text = TEMPLATE.format(name=name, parent=args.parent, title=title, path=workspace.display(path))
    write_atomically(path, text.encode("utf-8"))
    print(
        f"wrote {workspace.display(path)} (extends {args.parent}); edit it, then run: gah check {workspace.display(path)}"
    )
    return 0
