"""Reading a game state file: safe YAML/JSON, schema-checked, with positioned errors."""

from __future__ import annotations

import re
from pathlib import Path

from ..errors import Position, Problem, RulesError
from .loader import Node, load_file
from .raw import RawMapping
from .rulesets import Workspace
from .validate import Speaks, locate, schema_problems

# A scorer's message starts with the path it is about, perhaps followed by a note in
# parentheses: "players[0].hotel[3] (floor 1): ...".
_PATH = re.compile(r"^((?:[A-Za-z_]+)(?:\[\d+\]|\.[A-Za-z0-9_-]+)*)(?: \([^()]*\))?: ")


def load_state(workspace: Workspace, path: Path, language: Speaks | None = None) -> tuple[Node, RawMapping]:
    """The state as a positioned tree and as plain data; RulesError on any schema problem (said in `language`)."""
    node = load_file(path, workspace.display(path), workspace.sources)
    problems = schema_problems(node, "state", language)
    if problems:
        raise RulesError(problems)
    data = node.plain()
    assert isinstance(data, dict)
    return node, data


def state_problem(node: Node, message: str) -> Problem:
    """Place a scorer's StateError ("players[0].hotel: ...") at the value it names."""
    match = _PATH.match(message)
    position: Position = node.position
    if match:
        steps: list[str | int] = []
        for part in re.findall(r"[A-Za-z0-9_-]+|\[\d+\]", match.group(1)):
            steps.append(int(part[1:-1]) if part.startswith("[") else part)
        position = locate(node, steps)
    return Problem(position, message)
