"""`gah new-variant NAME [--from PARENT]`: a commented starter variant that checks clean."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from ..errors import Speaks, printable
from ..frontend.rulesets import NAME_PATTERN, Library, Workspace
from ..frontend.validate import said_did_you_mean
from ..project import UnknownRuleset
from ..rules_yaml import scalar_text
from ..said import error_of, shipped_english
from ..writer import write_atomically
from .common import speaker
from .registry import command

EXAMPLES = {  # the phrase above each example, and its YAML (keys and values are the rules data's own)
    "cli.new_variant.move_backs": ("emperor_scorings:", "  3: {move_back: 2}", "  5: {move_back: 4}"),
    "cli.new_variant.cafe": ("final_scoring:", "  cafe: {points: -3}"),
    "cli.new_variant.space": ("emperor_track:", "  spaces: {13: 10}"),
}


def starter_variant(workspace: Workspace, name: str, parent: str, says: Speaks | None = None) -> tuple[Path, bytes]:
    """Where a new variant goes in the workspace, and its commented text (with an editor schema line), its
    comments and description said in `says`' language (default English)."""
    root = workspace.require_root()
    folder = root / "rules" / "variants" if workspace.is_bundle else root / "rules"
    path = folder / f"{name}.yaml"
    schema = Path(os.path.relpath(root / "schemas" / "variant.schema.json", folder)).as_posix()
    title = name.replace("-", " ").capitalize()
    say = (says or shipped_english()).say
    head = say("cli.new_variant.head", title=title, parent=parent, path=workspace.display(path))
    lines = [f"# yaml-language-server: $schema={schema}", "#", *_comment(head)]
    lines += [f"extends: {parent}", f"name: {name}", f"title: {scalar_text(title)}"]
    lines += [f"description: {scalar_text(say('cli.new_variant.description'))}", ""]
    lines += [*_comment(say("cli.new_variant.examples")), "#"]
    for index, (key, example) in enumerate(EXAMPLES.items()):
        lines += ["#"] if index else []
        lines += [*_comment(say(key)), *(f"# {line}" for line in example)]
    return path, ("\n".join(lines) + "\n").encode("utf-8")


def _comment(text: str) -> list[str]:
    """`text` as YAML comment lines, one per line of it."""
    return [f"# {line}".rstrip() for line in text.splitlines()]


@command("new-variant")
def run_new_variant(args: argparse.Namespace, workspace: Workspace) -> int:
    name: str = args.name
    workspace.require_root()
    says = speaker(workspace)
    if not NAME_PATTERN.match(name) or len(name) > 40:
        print(says.say("cli.new_variant.bad_name", name=printable(name)), file=sys.stderr)
        return 2
    library = Library(workspace)
    if args.parent not in library.files:
        known = ", ".join(library.names())
        hint = said_did_you_mean(args.parent, library.names())
        raise error_of(UnknownRuleset, "errors.rules.unknown_from", name=args.parent, hint=hint, known=known)
    if name in library.files:
        print(
            says.say("cli.new_variant.taken", name=name, file=printable(library.files[name].display)), file=sys.stderr
        )
        return 1
    path, text = starter_variant(workspace, name, args.parent, says)
    if path.exists() and not args.force:
        print(says.say("cli.file_exists", command="new-variant", file=workspace.display(path)), file=sys.stderr)
        return 1
    write_atomically(path, text)
    print(says.say("cli.new_variant.wrote", file=workspace.display(path), parent=args.parent))
    return 0
