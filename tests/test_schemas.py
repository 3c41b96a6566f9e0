"""The JSON Schemas: described, in step with the code, and used by every rules file."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from gah import ir
from gah.errors import SourceRegistry
from gah.frontend.loader import load_file
from gah.frontend.schemas import VARIANT_SCHEMA_PATH, variant_schema_text
from helpers_rules import LAB_MODELS, RULES, SCHEMAS, shipped_rule_files
from jsonschema import Draft7Validator
from jsonschema.exceptions import SchemaError

RULESET_SCHEMA = json.loads((SCHEMAS / "ruleset.schema.json").read_text(encoding="utf-8"))
VARIANT_SCHEMA = json.loads((SCHEMAS / "variant.schema.json").read_text(encoding="utf-8"))
DEFINITIONS: dict[str, Any] = RULESET_SCHEMA["definitions"]
SCHEMA_LINE = "# yaml-language-server: $schema="


def _described(schema: Any) -> bool:
    if schema is True:  # `"kind": true` in an effect's `then`: the kind is described once, above
        return True
    if not isinstance(schema, dict):
        return False
    if "description" in schema:
        return True
    ref = schema.get("$ref")
    return isinstance(ref, str) and "description" in DEFINITIONS[ref.rsplit("/", 1)[-1]]


def _walk(schema: Any, path: tuple[str | int, ...] = ()) -> list[tuple[tuple[str | int, ...], dict[str, Any]]]:
    """Every subschema with its path, skipping `if` conditions (they test values, they describe nothing)."""
    found = []
    stack: list[tuple[tuple[str | int, ...], Any]] = [(path, schema)]
    while stack:
        where, item = stack.pop()
        if isinstance(item, dict):
            found.append((where, item))
            stack.extend(((*where, k), v) for k, v in item.items() if k != "if")
        elif isinstance(item, list):
            stack.extend(((*where, i), v) for i, v in enumerate(item))
    return found


def test_every_property_has_a_description() -> None:
    properties = [
        (".".join(map(str, (*where, name))), sub)
        for where, schema in _walk(RULESET_SCHEMA)
        if isinstance(schema.get("properties"), dict) and where[-1:] != ("properties",)
        for name, sub in schema["properties"].items()
    ]
    assert len(properties) > 100  # the walk reaches every nested object, effects included
    assert [name for name, sub in properties if not _described(sub)] == []


def test_every_definition_and_open_mapping_value_is_described() -> None:
    # values of keyed mappings (tiles, staff, zones, ...) are described where they are defined
    undescribed = [name for name, schema in DEFINITIONS.items() if not _described(schema)]
    assert undescribed == []
    for key in ("items", "emperor_track", "emperor_scorings", "tiles", "staff", "final_scoring"):
        assert _described(RULESET_SCHEMA["properties"][key]), key


ALL_SCHEMAS = {path.name: json.loads(path.read_text(encoding="utf-8")) for path in sorted(SCHEMAS.glob("*.json"))}


@pytest.mark.parametrize("name", ALL_SCHEMAS)
def test_every_pattern_has_a_human_message(name: str) -> None:
    # the editor shows `patternErrorMessage` instead of the regex, and `gah check` uses the same words
    patterns = [(where, schema) for where, schema in _walk(ALL_SCHEMAS[name]) if "pattern" in schema]
    assert patterns
    for where, schema in patterns:
        message = schema.get("patternErrorMessage", "")
        assert message.startswith("Expected ") and message.endswith("."), where
        assert "description" in schema, where


@pytest.mark.parametrize("name", ALL_SCHEMAS)
def test_every_property_and_mapping_value_has_a_description_of_its_own_or_its_definition(name: str) -> None:
    schema = ALL_SCHEMAS[name]
    definitions = schema.get("definitions", {})

    def described(sub: Any) -> bool:
        if sub is True or not isinstance(sub, dict):
            return sub is True
        ref = sub.get("$ref")
        text = sub.get("description") or (definitions[ref.rsplit("/", 1)[-1]].get("description") if ref else None)
        return bool(text) and not str(text).startswith(" ")

    values = []
    for where, item in _walk(schema):
        if where[-1:] == ("properties",):
            continue
        values += [((*where, key), sub) for key, sub in item.get("properties", {}).items()]
        if isinstance(item.get("additionalProperties"), dict):
            values.append(((*where, "additionalProperties"), item["additionalProperties"]))
    assert len(values) > 10
    assert [where for where, sub in values if not described(sub)] == []


def test_the_variant_schema_asks_nothing_of_a_patch_that_needs_the_whole_mapping() -> None:
    # mappings are merged into the parent's; only lists (replaced whole) keep their size rules
    def outside_lists(schema: Any, inside: bool = False) -> list[str]:
        found = []
        if isinstance(schema, dict):
            if not inside:
                found += [key for key in ("required", "minProperties", "maxProperties") if key in schema]
            for key, sub in schema.items():
                if key == "definitions":
                    found += [k for name, d in sub.items() for k in outside_lists(d, name in ("effect", "effects"))]
                elif key != "if":
                    found += outside_lists(sub, inside or key == "items")
        elif isinstance(schema, list):
            found += [k for item in schema for k in outside_lists(item, inside)]
        return found

    top = {k: v for k, v in VARIANT_SCHEMA.items() if k != "required"}  # a variant names `extends` and `name`
    assert outside_lists(top) == []
    assert VARIANT_SCHEMA["required"] == ["extends", "name"]


def test_the_schemas_are_valid_draft_7() -> None:
    """Every shipped schema (gah reads them unchecked: gah.frontend.validate.load_schema)."""
    Draft7Validator.check_schema(RULESET_SCHEMA)
    Draft7Validator.check_schema(VARIANT_SCHEMA)
    names = sorted(path.name for path in SCHEMAS.glob("*.schema.json"))
    assert names == [f"{n}.schema.json" for n in ("lab-model", "language", "ruleset", "state", "variant")]
    for name in names:
        Draft7Validator.check_schema(json.loads((SCHEMAS / name).read_text(encoding="utf-8")))


def test_a_schema_that_is_not_draft_7_is_caught() -> None:
    with pytest.raises(SchemaError):
        Draft7Validator.check_schema({"type": "integer", "minimum": "five"})


def test_variant_schema_is_derived_from_the_ruleset_schema() -> None:
    assert VARIANT_SCHEMA_PATH == SCHEMAS / "variant.schema.json"
    assert VARIANT_SCHEMA_PATH.read_text(encoding="utf-8") == variant_schema_text()


def test_effect_kinds_in_the_schema_are_the_ir_kinds() -> None:
    enum = DEFINITIONS["effect"]["properties"]["kind"]["enum"]
    assert enum == list(ir.EFFECT_KINDS)
    # every kind has exactly one parameter rule (an if/then on its name)
    conditioned: list[str] = []
    for rule in DEFINITIONS["effect"]["allOf"]:
        kind = rule["if"]["properties"]["kind"]
        conditioned.extend(kind["enum"] if "enum" in kind else [kind["const"]])
    assert sorted(conditioned) == sorted(ir.EFFECT_KINDS)


def test_quantities_in_the_schema_are_the_ir_quantities() -> None:
    assert DEFINITIONS["quantity_name"]["enum"] == list(ir.QUANTITIES)
    counts = DEFINITIONS["filtered_count"]["properties"]["count"]["enum"]
    assert sorted(counts) == sorted(ir.QuantityCount.__args__)  # type: ignore[attr-defined]
    assert {q.count for q in ir.SHORTHANDS.values()} <= set(counts)


def _yaml_files() -> list[Path]:
    return [*shipped_rule_files(), *(RULES / "lab" / f"{name}.yaml" for name in LAB_MODELS)]


@pytest.mark.parametrize("path", _yaml_files(), ids=lambda p: p.relative_to(RULES).as_posix())
def test_every_rules_file_names_an_existing_schema_on_its_first_line(path: Path) -> None:
    first = path.read_text(encoding="utf-8").splitlines()[0]
    assert first.startswith(SCHEMA_LINE)
    target = (path.parent / first.removeprefix(SCHEMA_LINE).strip()).resolve()
    assert target.is_file(), target
    assert target.parent == SCHEMAS.resolve()


def _plain(path: Path) -> Any:
    return load_file(path, path.name, SourceRegistry()).plain()


def test_root_rulesets_name_and_satisfy_the_ruleset_schema() -> None:
    validator = Draft7Validator(RULESET_SCHEMA)
    for path in [RULES / "base.yaml"]:
        assert path.read_text(encoding="utf-8").startswith(f"{SCHEMA_LINE}../schemas/ruleset.schema.json\n")
        errors = [e.message for e in validator.iter_errors(_plain(path))]
        assert errors == [], path


@pytest.mark.parametrize("path", shipped_rule_files()[1:], ids=lambda p: p.stem)
def test_every_shipped_variant_satisfies_the_variant_schema(path: Path) -> None:
    assert path.read_text(encoding="utf-8").startswith(f"{SCHEMA_LINE}../../schemas/variant.schema.json\n")
    errors = [
        f"{list(e.absolute_path)}: {e.message}" for e in Draft7Validator(VARIANT_SCHEMA).iter_errors(_plain(path))
    ]
    assert errors == []


def test_the_variant_schema_catches_what_a_variant_gets_wrong() -> None:
    validator = Draft7Validator(VARIANT_SCHEMA)

    def errors(document: dict[str, Any]) -> list[str]:
        return [e.message for e in validator.iter_errors(document)]

    assert errors({"extends": "base", "name": "x", "emperor_scorings": {"3": {"move_back": 2}}}) == []
    assert errors({"extends": "base", "name": "x", "rounds": None}) == []  # null removes
    assert errors({"name": "x"}) != []  # a variant names its parent
    assert errors({"extends": "base", "name": "x", "emperor_scorings": {"3": {"move_bak": 2}}}) != []
    assert errors({"extends": "base", "name": "x", "tiles": {"t": {"bonus": [{"kind": "gain_krones"}]}}}) != []
