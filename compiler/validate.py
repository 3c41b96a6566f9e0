"""JSON Schema validation of loaded documents, with positioned, readable messages."""

from __future__ import annotations

import difflib
import json
from collections.abc import Iterable, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from jsonschema import Draft7Validator
from jsonschema.exceptions import ValidationError, best_match

from .errors import Position, Problem
from .loader import Node

SCHEMA_DIR = Path(__file__).resolve().parent.parent / "schemas"


@cache
def load_schema(name: str) -> dict[str, Any]:
    """One of the project's schemas by file stem, e.g. "ruleset"."""
    path = SCHEMA_DIR / f"{name}.schema.json"
    with open(path, encoding="utf-8") as handle:
        schema: dict[str, Any] = json.load(handle)
    Draft7Validator.check_schema(schema)
    return schema


@cache
def _validator(name: str) -> Draft7Validator:
    return Draft7Validator(load_schema(name))


def node_at(root: Node, path: Sequence[str | int]) -> Node:
    """The deepest node along a JSON path that exists."""
    node = root
    for step in path:
        if isinstance(node.value, dict) and str(step) in node.value:
            node = node.value[str(step)]
        elif isinstance(node.value, list) and isinstance(step, int) and 0 <= step < len(node.value):
            node = node.value[step]
        else:
            break
    return node


def format_path(path: Iterable[str | int]) -> str:
    text = ""
    for step in path:
        if isinstance(step, int):
            text += f"[{step}]"
        else:
            text += f".{step}" if text else str(step)
    return text


def _expected_keys(schema: dict[str, Any]) -> list[str]:
    return sorted(schema.get("properties", {}))


def _suggest(word: str, options: Iterable[str]) -> str:
    close = difflib.get_close_matches(word, list(options), n=1, cutoff=0.6)
    return f" (did you mean '{close[0]}'?)" if close else ""


def _type_name(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int):
        return "a whole number"
    if isinstance(value, float):
        return "a decimal number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, dict):
        return "a mapping"
    return "a list"


_TYPE_WORDS = {
    "integer": "a whole number",
    "string": "text",
    "object": "a mapping (key: value)",
    "array": "a list",
    "boolean": "true or false",
    "number": "a number",
    "null": "null",
}


def _describe(error: ValidationError, root: Node) -> list[Problem]:
    """Turn one jsonschema error into positioned problems with plain words."""
    path = list(error.absolute_path)
    node = node_at(root, path)
    where = format_path(path)
    prefix = f"{where}: " if where else ""
    schema = error.schema if isinstance(error.schema, dict) else {}
    instance = error.instance
    validator = error.validator
    if validator == "additionalProperties" and isinstance(instance, dict):
        allowed = set(schema.get("properties", {}))
        problems = []
        for key in instance:
            if key not in allowed:
                key_position = node.key_positions.get(key, node.position)
                expected = ", ".join(_expected_keys(schema))
                problems.append(
                    Problem(
                        key_position,
                        f"{prefix}unknown key '{key}'{_suggest(key, allowed)}; expected one of: {expected}",
                    )
                )
        return problems
    if validator == "propertyNames":
        bad = error.instance
        key_position = node.key_positions.get(str(bad), node.position)
        sub = best_match(error.context) if error.context else None
        detail = _value_message(sub) if sub is not None else "is not a valid key"
        return [Problem(key_position, f"{prefix}key {detail}")]
    if validator == "required":
        missing = error.message.split("'")[1] if "'" in error.message else error.message
        return [Problem(node.position, f"{prefix}missing required key '{missing}'")]
    return [Problem(node.position, f"{prefix}{_value_message(error)}")]


def _value_message(error: ValidationError) -> str:
    schema = error.schema if isinstance(error.schema, dict) else {}
    instance = error.instance
    validator = error.validator
    shown = json.dumps(instance, ensure_ascii=False) if not isinstance(instance, (dict, list)) else _type_name(instance)
    if validator == "enum":
        options = [str(o) for o in error.validator_value]  # type: ignore[union-attr]
        suggestion = _suggest(str(instance), options)
        return f"{shown} is not allowed here{suggestion}; expected one of: {', '.join(options)}"
    if validator == "const":
        return f"{shown} is not allowed here; expected {json.dumps(error.validator_value)}"
    if validator == "type":
        wanted = error.validator_value
        names = [wanted] if isinstance(wanted, str) else list(wanted)  # type: ignore[arg-type]
        words = " or ".join(_TYPE_WORDS.get(str(n), str(n)) for n in names)
        return f"expected {words}, got {_type_name(instance)} ({shown})"
    if validator == "pattern":
        description = schema.get("description")
        hint = description if description else f"the form {error.validator_value}"
        return f"{shown} is not valid here: {hint}"
    if validator in ("oneOf", "anyOf") and error.context:
        sub = best_match(error.context)
        return _value_message(sub)
    if validator in (
        "minimum",
        "maximum",
        "minItems",
        "maxItems",
        "minProperties",
        "maxProperties",
        "minLength",
        "maxLength",
    ):
        return error.message.replace("'", "")
    if validator == "uniqueItems":
        return "has repeated entries; each must appear once"
    if validator == "not":
        return "combines keys that cannot go together here"
    return error.message


def schema_problems(root: Node, schema_name: str) -> list[Problem]:
    """Every schema problem of a document, one readable message per real problem."""
    document = root.plain()
    validator = _validator(schema_name)
    problems: list[Problem] = []
    seen: set[tuple[tuple[str | int, ...], str]] = set()
    for error in sorted(
        validator.iter_errors(document), key=lambda e: (list(map(str, e.absolute_path)), str(e.validator))
    ):
        chosen = error
        if error.validator in ("oneOf", "anyOf") and error.context:
            chosen = best_match(error.context)
        key = (tuple(chosen.absolute_path), str(chosen.validator))
        if key in seen:
            continue
        seen.add(key)
        problems.extend(_describe(chosen, root))
    return problems


def locate(root: Node, path: Sequence[str | int]) -> Position:
    """Position of the value at a JSON path (or of its deepest existing parent)."""
    return node_at(root, path).position


def key_position(root: Node, path: Sequence[str | int]) -> Position:
    """Position of the key that holds the value at `path` (falls back to the value)."""
    if not path:
        return root.position
    parent = node_at(root, path[:-1])
    return parent.key_positions.get(str(path[-1]), locate(root, path))
