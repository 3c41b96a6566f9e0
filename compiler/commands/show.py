"""`gah show RULESET [--json]`: a ruleset after `extends`, as one file, with where each value came from.

RULESET is a name (the workspace's or a bundled one) or a path to a rules file. The YAML is a
valid ruleset on its own (same keys and shape as rules/base.yaml, no `extends`) that builds to
the same rules; a value read from a file other than the chain's first ends with a comment
naming that file and line. `--json` prints {ruleset, sources, document, origins, removed}.
"""

from __future__ import annotations

import argparse
import json
import sys

from ..frontend.rulesets import Workspace
from ..project import load_one, resolve_one, ruleset_path
from ..rules_yaml import origins, removals, render_yaml
from .common import speaker
from .registry import command


@command("show")
def run_show(args: argparse.Namespace, workspace: Workspace) -> int:
    if args.path:
        print(ruleset_path(workspace, args.ruleset))
        return 0
    load_one(workspace, args.ruleset)  # every check, with a variant's problems placed in the variant
    resolved = resolve_one(workspace, args.ruleset)
    if not args.json:
        sys.stdout.write(render_yaml(resolved, speaker(workspace)))
        return 0
    data = {
        "ruleset": resolved.name,
        "sources": resolved.sources,
        "document": resolved.document.plain(),
        "origins": origins(resolved.document),
        "removed": {pointer: str(where) for pointer, where in removals(resolved)},
    }
    sys.stdout.write(terminal_safe_json(data) + "\n")
    return 0


def terminal_safe_json(data: object) -> str:
    """Indented JSON whose strings keep their characters, except that those that would act on a
    terminal (controls, bidi overrides) are written as \\u escapes."""
    text = json.dumps(data, indent=2, ensure_ascii=False)
    if text.isprintable() or all(char.isprintable() or char == "\n" for char in text):
        return text
    out = []
    for char in text:
        if char.isprintable() or char == "\n":
            out.append(char)
            continue
        code = ord(char)
        if code > 0xFFFF:  # JSON escapes beyond the first plane as a surrogate pair
            code -= 0x10000
            out.append(f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}")
        else:
            out.append(f"\\u{code:04x}")
    return "".join(out)
