"""`gah diff A B`: the rule differences between two rulesets, in words; entries named by their ids (tile c-points, Staff 42)."""

from __future__ import annotations

import argparse
import json
import sys

from ..frontend.rulesets import Workspace
from ..irdiff import describe_differences
from ..languages import choose_language
from ..project import load_one
from ..terminal import paint, wrap
from .registry import command


@command("diff")
def run_diff(args: argparse.Namespace, workspace: Workspace) -> int:
    first = load_one(workspace, args.first)
    second = load_one(workspace, args.second)
    language = choose_language(workspace, args.lang)
    sentences = describe_differences(first, second, language=language)
    differ = 1 if args.exit_code and sentences else 0
    if args.json:
        data = {"a": first.name, "b": second.name, "differences": sentences}
        sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")
        return differ
    if not sentences:
        print(language.say("diff.command.same", first=first.name, second=second.name))
        return 0
    out = sys.stdout
    print(
        paint(language.say("diff.command.differs", len(sentences), first=first.name, second=second.name), "bold", out)
    )
    for sentence in sentences:
        print(paint("-", "cyan", out) + wrap(f"- {sentence}", out, indent="  ")[1:])
    return differ
