"""The grid of `gah sweep` (and the values `gah tune` tries): one ruleset's data varied, each point a ruleset.

Each grid point is the starting ruleset's merged document with the varied
values put in, then checked and built exactly as a rules file would be (schema,
then the semantic checks); a point that breaks the rules is kept with its
problems and left out of play. The starting ruleset and every valid point are
one lab spec (the start first), so all of them play the same games with the
same random numbers, and the start is the reference for "winner differs".
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

import yaml

from ... import ir
from ...errors import RulesError
from ...frontend.loader import Node, Scalar
from ...frontend.lower import build_ruleset
from ...frontend.rulesets import Resolved
from ...frontend.validate import did_you_mean, schema_problems
from ..engine.model import Model, model_of
from .metrics import catalogue
from .voice import lab_phrase, say, speaking

MAX_POINTS = 1000
MAX_RANGE = 1000
MODEL = "model"  # a --vary path that starts so varies the game model (model.planning.share), not the ruleset
PLAYERS = "players"  # the axis of `--players 2,3,4`


class SweepUsage(ValueError):
    """A --vary, --where or --sort that cannot be read (a usage mistake: exit 2)."""


@dataclass(frozen=True)
class Axis:
    """One --vary: a path into the ruleset's data and the values it takes."""

    path: tuple[str, ...]
    values: tuple[Scalar, ...]

    @property
    def name(self) -> str:
        return ".".join(self.path)


def _scalar(text: str) -> Scalar:
    """A value as YAML reads it (7 is a number, true a flag, anything else text)."""
    try:
        value = yaml.safe_load(text)
    except yaml.YAMLError:
        return text
    return value if isinstance(value, (str, int, float, bool)) or value is None else text


def parse_vary(text: str) -> Axis:
    """PATH=A..B (whole numbers A to B) or PATH=V1,V2,... (values as YAML reads them)."""
    path_text, equals, values_text = text.partition("=")
    path = tuple(part for part in path_text.strip().split("."))
    if not equals or not path_text.strip() or any(not part for part in path):
        raise SweepUsage(f"--vary {text!r}: expected PATH=A..B or PATH=V1,V2 (e.g. emperor_scorings.7.move_back=5..9)")
    values_text = values_text.strip()
    span = re.fullmatch(r"(-?\d+)\s*\.\.\s*(-?\d+)", values_text)
    values: tuple[Scalar, ...]
    if span:
        low, high = int(span[1]), int(span[2])
        if high < low or high - low >= MAX_RANGE:
            raise SweepUsage(say("usage_vary_range", text=repr(text), most=MAX_RANGE))
        values = tuple(range(low, high + 1))
    else:
        parts = [part.strip() for part in values_text.split(",")]
        if not values_text or any(not part for part in parts):
            raise SweepUsage(say("usage_vary_no_values", text=repr(text)))
        values = tuple(_scalar(part) for part in parts)
    if len(set(map(json.dumps, values))) != len(values):
        raise SweepUsage(say("usage_vary_value_twice", text=repr(text)))
    return Axis(path, values)


def grid(axes: Sequence[Axis]) -> list[tuple[Scalar, ...]]:
    """Every combination of the axes' values, the first axis slowest."""
    points = list(itertools.product(*(axis.values for axis in axes)))
    if len(points) > MAX_POINTS:
        raise SweepUsage(say("usage_grid_size", len(points), most=MAX_POINTS))
    return points


def _replaced(node: Node, path: tuple[str, ...], value: Scalar, where: str, owner: str = "ruleset") -> Node:
    # owner: "ruleset" or "model", whose tree it is (the message names it)
    """A copy of the tree with the value at `path` replaced (copies only along the path)."""
    if not path:
        return Node(value, node.position)
    head, rest = path[0], path[1:]
    if isinstance(node.value, dict):
        child = node.value.get(head)
        if child is None and rest:
            raise SweepUsage(
                say(
                    lab_phrase("usage_vary_no_key_model") if owner == "model" else lab_phrase("usage_vary_no_key"),
                    where=where,
                    head=head,
                )
            )
        new_child = Node(value, node.position) if child is None else _replaced(child, rest, value, where, owner)
        key_positions = dict(node.key_positions)
        key_positions.setdefault(head, node.position)
        return replace(node, value={**node.value, head: new_child}, key_positions=key_positions)
    if isinstance(node.value, list):
        if not head.isdigit() or int(head) >= len(node.value):
            raise SweepUsage(say("usage_vary_index", where=where, head=head, last=len(node.value) - 1))
        items = list(node.value)
        items[int(head)] = _replaced(items[int(head)], rest, value, where, owner)
        return replace(node, value=items)
    raise SweepUsage(say("usage_vary_inside_value", where=where, head=head))


def check_paths(resolved: Resolved, axes: Sequence[Axis]) -> None:
    """Every path leads somewhere in the starting ruleset (else SweepUsage, with the path it may mean), tried
    with its first value."""
    for axis in axes:
        try:
            _replaced(resolved.document, axis.path, axis.values[0], axis.name)
        except SweepUsage as error:
            raise SweepUsage(f"{error}{unknown_path_hint(resolved, axis) or ''}") from None


def start_values(resolved: Resolved, axes: Sequence[Axis]) -> list[Scalar]:
    """The starting ruleset's own value at each path (None where it has none, or not a single value)."""
    return _values_at(resolved.document, [axis.path for axis in axes])


def _values_at(document: Node, paths: Sequence[tuple[str, ...]]) -> list[Scalar]:
    found: list[Scalar] = []
    for path in paths:
        node = _node_at(document, path)
        found.append(None if node is None or isinstance(node.value, (dict, list)) else node.value)
    return found


def _node_at(document: Node, path: tuple[str, ...]) -> Node | None:
    node: Node | None = document
    for part in path:
        if node is not None and isinstance(node.value, dict):
            node = node.value.get(part)
        elif node is not None and isinstance(node.value, list) and part.isdigit() and int(part) < len(node.value):
            node = node.value[int(part)]
        else:
            node = None
    return node


def value_paths(document: Node) -> list[str]:
    """Every path to a single value of the document, as --vary names it (emperor_scorings.7.move_back)."""
    found: list[str] = []
    todo: list[tuple[Node, tuple[str, ...]]] = [(document, ())]
    while todo:
        node, path = todo.pop()
        if isinstance(node.value, dict):
            todo.extend((child, (*path, str(key))) for key, child in node.value.items())
        elif isinstance(node.value, list):
            todo.extend((child, (*path, str(index))) for index, child in enumerate(node.value))
        else:
            found.append(".".join(path))
    return sorted(found)


def unknown_path_hint(resolved: Resolved, axis: Axis) -> str | None:
    """None where the starting ruleset has a value at the axis's path; else what it may have meant: the first
    path of the ruleset that ends as this one does (move_back: emperor_scorings.3.move_back), or the closest in
    spelling, as " (did you mean '…'?)" ('' when none is near)."""
    if _node_at(resolved.document, axis.path) is not None:
        return None
    paths = value_paths(resolved.document)
    ending = [path for path in paths if path.endswith("." + axis.name)]
    if ending:
        return speaking().say("check.did_you_mean", word=ending[0])
    return did_you_mean(axis.name, paths, speaking())


def parse_players(text: str) -> tuple[int, ...]:
    """--players N, or N1,N2,... (each 2 to 4, none twice): a sweep plays every point at each count."""
    parts = [part.strip() for part in text.split(",")]
    if not all(part.isdigit() and 2 <= int(part) <= 4 for part in parts):
        raise SweepUsage(say("sweep_players", text=repr(text)))
    counts = tuple(int(part) for part in parts)
    if len(set(counts)) != len(counts):
        raise SweepUsage(say("sweep_players_twice", text=repr(text)))
    return counts


def is_model_axis(axis: Axis) -> bool:
    """Whether the axis varies the game model (model.PATH) rather than the ruleset."""
    return axis.path[0] == MODEL


def model_start_values(document: Node, axes: Sequence[Axis]) -> list[Scalar]:
    """The model file's own value at each model axis's path (None where it has none)."""
    return _values_at(document, [axis.path[1:] for axis in axes])


def model_variant(document: Node, source: str, axes: Sequence[Axis], values: Sequence[Scalar]) -> Model:
    """The model with the axes' values put in, checked as a model file is (SweepUsage naming the problems)."""
    for axis, value in zip(axes, values, strict=True):
        document = _replaced(document, axis.path[1:], value, axis.name, "model")
    try:
        return model_of(document, source)
    except RulesError as error:
        shown = ", ".join(f"{axis.name}={value}" for axis, value in zip(axes, values, strict=True))
        messages = "; ".join(dict.fromkeys(problem.told(speaking()).message for problem in error.problems))
        raise SweepUsage(say("sweep_model_breaks", values=shown, problems=messages)) from None


def check_model_paths(document: Node, axes: Sequence[Axis]) -> None:
    """Every model path leads somewhere in the model file (else SweepUsage), tried with its first value."""
    for axis in axes:
        if len(axis.path) < 2:
            raise SweepUsage(say("sweep_model_path", path=axis.name))
        _replaced(document, axis.path[1:], axis.values[0], axis.name, "model")


@dataclass(frozen=True)
class Point:
    """One grid point: its values and either its ruleset or the problems that stop it."""

    values: tuple[Scalar, ...]
    ruleset: ir.Ruleset | None
    problems: tuple[str, ...] = ()


def build_point(resolved: Resolved, axes: Sequence[Axis], values: Sequence[Scalar], players: int) -> Point:
    """The grid point's ruleset, checked exactly as a rules file would be."""
    document = resolved.document
    for axis, value in zip(axes, values, strict=True):
        document = _replaced(document, axis.path, value, axis.name)
    problems = schema_problems(document, "ruleset")
    try:
        if problems:
            raise RulesError(problems)
        ruleset = build_ruleset(Resolved(resolved.name, document, resolved.chain))
    except RulesError as error:  # said in the lab's language, as the rest of its report
        messages = tuple(dict.fromkeys(problem.told(speaking()).message for problem in error.problems))
        return Point(tuple(values), None, messages)
    if not ruleset.min_players <= players <= ruleset.max_players:
        message = say("point_players", low=ruleset.min_players, high=ruleset.max_players, players=players)
        return Point(tuple(values), None, (message,))
    return Point(tuple(values), ruleset)


def metric_names(ruleset: ir.Ruleset, players: int) -> list[str]:
    """The metrics a sweep from `ruleset` reports, in report order (known before any game is played)."""
    return [metric.name for metric in catalogue([s.round for s in ruleset.scorings], players)]
