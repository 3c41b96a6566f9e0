"""The variant schema, derived from the ruleset schema so the two never drift apart.

A variant holds only what changes, so every key is optional and may be `null`
(which removes it). Combination rules (`oneOf` of required keys) are checked on
the merged ruleset instead, where they are complete.
"""

from __future__ import annotations

import copy
import json
from typing import Any

from compiler.frontend.validate import SCHEMA_DIR, load_schema

VARIANT_SCHEMA_PATH = SCHEMA_DIR / "variant.schema.json"

_VARIANT_TOP = {
    "extends": {
        "$ref": "#/definitions/ruleset_name",
        "description": "Name of the ruleset this variant changes (a file under rules/ or rules/variants/).",
    },
    "name": {"$ref": "#/definitions/ruleset_name", "description": "Name of this variant; must match its file name."},
    "title": {"type": "string", "minLength": 1, "maxLength": 200, "description": "Title printed on the sheets."},
    "description": {
        "type": "string",
        "maxLength": 4000,
        "description": "What this house rule changes, in a sentence or two.",
    },
}


def _loosen(schema: Any, inside_list: bool) -> Any:
    """Drop `required` and key-combination rules, and allow null for removable values."""
    if isinstance(schema, list):
        return [_loosen(item, inside_list) for item in schema]
    if not isinstance(schema, dict):
        return schema
    if inside_list:
        return schema  # list items are replaced whole, so they stay complete
    result: dict[str, Any] = {}
    for key, value in schema.items():
        if key == "required":
            continue
        if key in ("oneOf", "allOf", "not") and _is_combination(value):
            continue
        if key == "items":
            result[key] = _loosen(value, inside_list=True)
        elif key == "properties":
            result[key] = {name: _nullable(_loosen(sub, False)) for name, sub in value.items()}
        elif key == "additionalProperties" and isinstance(value, dict):
            result[key] = _nullable(_loosen(value, False))
        elif key == "definitions":
            result[key] = {name: _loosen(sub, name in ("effect", "effects")) for name, sub in value.items()}
        else:
            result[key] = _loosen(value, False)
    return result


def _is_combination(value: Any) -> bool:
    text = json.dumps(value)
    return '"required"' in text or '"if"' in text


def _nullable(schema: Any) -> Any:
    if schema is True or schema == {}:
        return schema
    return {"anyOf": [schema, {"type": "null"}], "description": schema.get("description", "") + " (null removes it)"}


def derive_variant_schema() -> dict[str, Any]:
    ruleset = copy.deepcopy(load_schema("ruleset"))
    loose = _loosen(ruleset, inside_list=False)
    properties = {k: v for k, v in loose["properties"].items() if k not in ("name", "title", "description")}
    return {
        "$schema": "http://json-schema.org/draft-07/schema#",
        "$id": "https://grand-austria-rules.invalid/schemas/variant.schema.json",
        "$comment": "DO NOT EDIT: derived from ruleset.schema.json by compiler/frontend/schemas.py. Regenerate with: gah build",
        "title": "Grand Austria Hotel variant",
        "description": "A house variant: names the ruleset it extends and holds only what changes (JSON Merge Patch).",
        "type": "object",
        "additionalProperties": False,
        "required": ["extends", "name"],
        "properties": {**_VARIANT_TOP, **properties},
        "definitions": loose["definitions"],
    }


def variant_schema_text() -> str:
    return json.dumps(derive_variant_schema(), indent=2, sort_keys=False, ensure_ascii=False) + "\n"
