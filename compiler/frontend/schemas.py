"""The variant schema, derived from the ruleset schema so the two never drift apart.

A variant holds only what changes, so every key is optional and may be `null`
(which removes it). A patch's mappings are merged into the parent's, so nothing
that needs the whole mapping can be asked of the patch: required keys, how many
keys a mapping has (`null` removes keys, so even a maximum does not carry over),
and combination rules (`oneOf` of required keys). Those are checked on the
merged ruleset instead, where they are complete. Lists are replaced whole, so
they keep every rule.
"""

from __future__ import annotations

import copy
import json
from typing import Any

from .raw import JsonSchema
from .validate import SCHEMA_DIR, load_schema

VARIANT_SCHEMA_PATH = SCHEMA_DIR / "variant.schema.json"

_VARIANT_TOP = {
    "extends": {
        "$ref": "#/definitions/ruleset_name",
        "description": "Name of the ruleset this variant changes: a ruleset bundled with gah (base, introductory, draft, ...) or one of this workspace's.",
    },
    "name": {"$ref": "#/definitions/ruleset_name", "description": "Name of this variant; must match its file name."},
    "title": {"type": "string", "minLength": 1, "maxLength": 200, "description": "Title printed on the sheets."},
}


# Rules about a whole mapping, which a patch of it need not meet.
_WHOLE_MAPPING_RULES = ("required", "minProperties", "maxProperties")


def _loosen(schema: Any, inside_list: bool, definitions: JsonSchema) -> Any:
    """Drop whole-mapping and key-combination rules, and allow null for removable values."""
    if isinstance(schema, list):
        return [_loosen(item, inside_list, definitions) for item in schema]
    if not isinstance(schema, dict):
        return schema
    if inside_list:
        return schema  # list items are replaced whole, so they stay complete
    result: JsonSchema = {}
    for key, value in schema.items():
        if key in _WHOLE_MAPPING_RULES:
            continue
        if key in ("oneOf", "allOf", "not") and _is_combination(value):
            continue
        if key == "items":
            result[key] = _loosen(value, True, definitions)
        elif key == "properties":
            result[key] = {
                name: _nullable(_with_description(_loosen(sub, False, definitions), definitions))
                for name, sub in value.items()
            }
        elif key == "additionalProperties" and isinstance(value, dict):
            result[key] = _nullable(_with_description(_loosen(value, False, definitions), definitions))
        elif key == "definitions":
            result[key] = {
                name: _loosen(sub, name in ("effect", "effects"), definitions) for name, sub in value.items()
            }
        else:
            result[key] = _loosen(value, False, definitions)
    return result


def _with_description(schema: Any, definitions: JsonSchema) -> Any:
    """A `$ref` without a description of its own, given its definition's (editors show the property's)."""
    if not isinstance(schema, dict) or "description" in schema or not isinstance(schema.get("$ref"), str):
        return schema
    target = definitions.get(schema["$ref"].rsplit("/", 1)[-1], {})
    return {**schema, "description": target["description"]} if "description" in target else schema


def _is_combination(value: Any) -> bool:
    text = json.dumps(value)
    return '"required"' in text or '"if"' in text


def _nullable(schema: Any) -> Any:
    if schema is True or schema == {}:
        return schema
    return {"anyOf": [schema, {"type": "null"}], "description": schema.get("description", "") + " (null removes it)"}


def _variant_top() -> JsonSchema:
    description = {
        "type": "string",
        "maxLength": 4000,
        "description": "What this house rule changes, in a sentence or two.",
    }
    # Optional in every ruleset, so a variant may drop the description it would inherit.
    return {**_VARIANT_TOP, "description": _nullable(description)}


def derive_variant_schema() -> JsonSchema:
    ruleset = copy.deepcopy(load_schema("ruleset"))
    loose = _loosen(ruleset, False, ruleset["definitions"])
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
        "properties": {**_variant_top(), **properties},
        "definitions": loose["definitions"],
    }


def variant_schema_text() -> str:
    return json.dumps(derive_variant_schema(), indent=2, sort_keys=False, ensure_ascii=False) + "\n"
