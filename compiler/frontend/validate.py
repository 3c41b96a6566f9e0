"""JSON Schema validation of loaded documents, with positioned, readable messages."""

from __future__ import annotations

import difflib
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import cast

from jsonschema import Draft7Validator, validators
from jsonschema.exceptions import ValidationError, best_match

from ..errors import Position, Problem
from ..errors import Speaks as Speaks
from ..said import Said, package_bundle, problem_at, said
from ..said import shipped_english as shipped_english
from . import known_valid
from .loader import Node
from .raw import JsonSchema

SCHEMA_DIR = package_bundle() / "schemas"  # the schemas this version of gah validates with


@cache
def load_schema(name: str) -> JsonSchema:
    """One of the project's schemas by file stem, e.g. "ruleset".

    They ship inside gah and no user edits them, so they are checked against the JSON Schema meta-schema by
    the tests (tests/test_schemas.py), not at every start (about 0.1 s)."""
    path = SCHEMA_DIR / f"{name}.schema.json"
    with open(path, encoding="utf-8") as handle:
        schema: JsonSchema = json.load(handle)
    return schema


def _is_whole_number(_checker: object, instance: object) -> bool:
    """JSON Schema counts 5.0 as an integer; the rules, models and states must not.

    Every "integer" of every schema becomes a Python int this way, so no float
    reaches the IR, the code generator or a generated module as a count.
    """
    return isinstance(instance, int) and not isinstance(instance, bool)


# Draft 7 with "integer" meaning a whole number as written: the single place the type is decided.
StrictValidator = validators.extend(  # type: ignore[no-untyped-call]
    Draft7Validator, type_checker=Draft7Validator.TYPE_CHECKER.redefine("integer", _is_whole_number)
)


@cache
def _validator(name: str) -> Draft7Validator:
    validator: Draft7Validator = StrictValidator(load_schema(name))
    return validator


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


def _expected_keys(schema: JsonSchema) -> list[str]:
    return sorted(schema.get("properties", {}))


def did_you_mean(word: str, options: Iterable[str], w: Speaks | None = None) -> str:
    close = difflib.get_close_matches(word, list(options), n=1, cutoff=0.6)
    return (w or shipped_english()).say("check.did_you_mean", word=close[0]) if close else ""


def said_did_you_mean(word: str, options: Iterable[str]) -> Said | str:
    """did_you_mean, to be said later."""
    close = difflib.get_close_matches(word, list(options), n=1, cutoff=0.6)
    return said("check.did_you_mean", word=close[0]) if close else ""


def _type_name(value: object, w: Speaks) -> str:
    if value is None:
        kind = "null"
    elif isinstance(value, bool):
        kind = "boolean"
    elif isinstance(value, int):
        kind = "integer"
    elif isinstance(value, float):
        kind = "decimal"
    elif isinstance(value, str):
        kind = "text"
    else:
        kind = "mapping" if isinstance(value, dict) else "list"
    return w.say(f"check.value.{kind}")


_TYPES = ("integer", "string", "object", "array", "boolean", "number", "null")


def _type_words(name: str, w: Speaks) -> str:
    return w.say(f"check.type.{name}") if name in _TYPES else name


def _describe(error: ValidationError, root: Node, w: Speaks) -> list[Problem]:
    """Turn one jsonschema error into positioned problems with plain words."""
    path = list(error.absolute_path)
    node = node_at(root, path)
    where = format_path(path)
    prefix = f"{where}: " if where else ""
    schema = error.schema if isinstance(error.schema, dict) else {}
    instance = error.instance
    validator = error.validator
    if "propertyNames" in error.schema_path and isinstance(instance, str) and isinstance(node.value, dict):
        # A key of the mapping at `path` is not a valid name.
        where_key = node.key_positions.get(instance, node.position)
        return [Problem(where_key, prefix + w.say("check.key", message=_value_message(error, w)))]
    if validator == "additionalProperties" and isinstance(instance, dict):
        allowed = set(schema.get("properties", {}))
        problems = []
        for key in instance:
            if key not in allowed:
                where_key = node.key_positions.get(key, node.position)
                expected = ", ".join(_expected_keys(schema))
                hint = did_you_mean(key, allowed, w)
                problems.append(
                    Problem(where_key, prefix + w.say("check.unknown_key", name=key, hint=hint, expected=expected))
                )
        return problems
    if validator == "propertyNames":
        bad = error.instance
        where_key = node.key_positions.get(str(bad), node.position)
        sub = best_match(error.context) if error.context else None
        detail = _value_message(sub, w) if sub is not None else w.say("errors.schema.not_a_key")
        return [Problem(where_key, prefix + w.say("check.key", message=detail))]
    if validator == "required" and isinstance(instance, dict):
        wanted = [str(k) for k in error.validator_value]  # type: ignore[union-attr]
        missing = [k for k in wanted if k not in instance]
        problems = [
            Problem(node.removed_keys[key], prefix + w.say("errors.schema.required_removed", name=key))
            for key in missing
            if key in node.removed_keys
        ]
        rest = [k for k in missing if k not in node.removed_keys]
        if rest:
            where_key = key_position(root, path)
            hint = _typo_hint(root, path, w)
            if len(rest) == 1:
                text = w.say("check.missing_key", name=rest[0], hint=hint)
            else:
                text = w.say("check.missing_keys", keys=", ".join(rest), hint=hint)
            problems.append(Problem(where_key, prefix + text))
        return problems
    if validator == "oneOf" and _is_key_choice(error.validator_value) and isinstance(instance, dict):
        return [Problem(key_position(root, path), f"{prefix}{_key_choice_message(error, node, w)}")]
    if instance is None and node.empty:
        return [Problem(key_position(root, path), f"{prefix}{_no_value_message(error, w)}")]
    return [Problem(node.position, f"{prefix}{_value_message(error, w)}")]


def _no_value_message(error: ValidationError, w: Speaks) -> str:
    """For `key:` with nothing after it: what the value should be (not "got null": no null was written)."""
    expected = _expected(error, w)
    if expected is None:
        return w.say("check.no_value_any")
    return w.say("check.no_value", expected=expected)


def _expected(error: ValidationError, w: Speaks) -> str | None:
    """ "expected ..." for an error about the kind of value (a type, or alternatives of simple kinds), else None."""
    if error.validator == "type":
        wanted = error.validator_value
        names = [wanted] if isinstance(wanted, str) else list(wanted)  # type: ignore[arg-type]
        return w.say("check.expected", expected=w.say("check.or").join(_type_words(str(n), w) for n in names))
    if error.validator in ("oneOf", "anyOf") and error.context:
        kinds = [_kind_words(a, w) for a in error.validator_value]  # type: ignore[union-attr]
        if all(kinds):
            return w.say("check.expected", expected=w.say("check.or").join(k for k in kinds if k))
        sub = best_match(error.context)
        return _expected(sub, w) if sub.instance is None else None
    if error.validator in ("const", "enum") and error.instance is None:
        if error.validator == "enum" and did_you_mean(str(error.instance), _options(error)):
            return None
        return _allowed_values(error, w)
    return None


def _typo_hint(root: Node, path: Sequence[str | int], w: Speaks) -> str:
    """For an incomplete entry whose key looks like a typo of a sibling's (a variant that
    meant to patch `a-krones` but wrote `a-kroner` adds a new, incomplete entry)."""
    if not path or not isinstance(path[-1], str):
        return ""
    parent = node_at(root, path[:-1])
    if not isinstance(parent.value, dict):
        return ""
    siblings = [k for k in parent.value if k != path[-1]]
    close = difflib.get_close_matches(path[-1], siblings, n=1, cutoff=0.75)
    return w.say("errors.schema.typo", key=str(path[-1]), word=close[0]) if close else ""


def _is_key_choice(alternatives: object) -> bool:
    """A oneOf whose alternatives differ only in which keys are present."""
    return (
        isinstance(alternatives, list)
        and len(alternatives) > 1
        and all(isinstance(a, dict) and "required" in a for a in alternatives)
    )


def _key_choice_message(error: ValidationError, node: Node, w: Speaks) -> str:
    """`use either 'a', or 'b' with 'c' (not both); found: ...` for key-combination rules."""
    choices = []
    for alternative in error.validator_value:  # type: ignore[union-attr]
        keys = [f"'{k}'" for k in alternative["required"]]
        choices.append(w.say("errors.schema.with").join(keys))
    instance = error.instance if isinstance(error.instance, dict) else {}
    relevant = sorted(
        {k for a in error.validator_value for k in _mentioned_keys(a)} & set(instance)  # type: ignore[union-attr]
    )
    found = ", ".join(relevant) if relevant else w.say("errors.schema.none_of_them")
    alternatives: list[JsonSchema] = list(error.validator_value)  # type: ignore[arg-type]
    present = len([a for a in alternatives if set(a["required"]) & set(instance)])
    both = w.say("errors.schema.not_both") if present > 1 else ""
    message = w.say("errors.schema.either", choices=w.say("errors.schema.or").join(choices), both=both, found=found)
    files = {node.key_positions[k].file for k in relevant if k in node.key_positions}
    if len(files) > 1:
        message += w.say("errors.schema.variant_removes")
    return message


def _mentioned_keys(schema: object) -> set[str]:
    """Every key named in a `required` list anywhere inside `schema`."""
    found: set[str] = set()
    stack = [schema]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            for key, value in item.items():
                if key == "required" and isinstance(value, list):
                    found.update(str(v) for v in value)
                else:
                    stack.append(value)
        elif isinstance(item, list):
            stack.extend(item)
    return found


def _value_message(error: ValidationError, w: Speaks) -> str:
    schema = error.schema if isinstance(error.schema, dict) else {}
    instance = error.instance
    validator = error.validator
    shown = (
        json.dumps(instance, ensure_ascii=False) if not isinstance(instance, (dict, list)) else _type_name(instance, w)
    )
    if validator == "enum":
        suggestion = did_you_mean(str(instance), _options(error), w)
        return w.say("errors.schema.not_allowed", value=shown, hint=suggestion, expected=_allowed_values(error, w))
    if validator == "const":
        return w.say("errors.schema.not_allowed", value=shown, hint="", expected=_allowed_values(error, w))
    if validator in ("oneOf", "anyOf") and error.context and not all(_kind_words(a, w) for a in error.validator_value):  # type: ignore[union-attr]
        return _value_message(best_match(error.context), w)  # alternatives not all of a simple kind
    if validator == "type" or (validator in ("oneOf", "anyOf") and error.context):
        expected = _expected(error, w)
        assert expected is not None
        if isinstance(instance, (dict, list)):
            return w.say("check.got", expected=expected, got=_type_name(instance, w))
        return w.say("check.got_value", expected=expected, got=_type_name(instance, w), value=shown)
    if validator == "pattern":
        return w.say("check.not_of_form", value=shown, hint=pattern_hint(schema, str(error.validator_value), w))
    if validator in ("minimum", "maximum"):
        key = "check.below_minimum" if validator == "minimum" else "check.above_maximum"
        return w.say(key, value=_repr(instance), limit=_repr(error.validator_value))
    limit = error.validator_value if isinstance(error.validator_value, int) else 0
    size = len(instance) if isinstance(instance, (str, list, dict)) else 0
    if validator in ("minItems", "maxItems"):
        return w.say("check.min_items" if validator == "minItems" else "check.max_items", limit, size=size)
    if validator in ("minProperties", "maxProperties"):
        return w.say(
            "errors.schema.min_keys" if validator == "minProperties" else "errors.schema.max_keys", limit, size=size
        )
    if validator == "minLength":
        return w.say("check.not_empty") if limit == 1 else w.say("check.min_length", limit, size=size)
    if validator == "maxLength":
        return w.say("check.max_length", limit, size=size)
    if validator == "uniqueItems":
        return w.say("errors.schema.repeated")
    if validator == "not":
        present = sorted(_mentioned_keys(error.validator_value) & set(instance if isinstance(instance, dict) else {}))
        if present:
            keys = ", ".join(f"'{k}'" for k in present)
            return w.say("errors.schema.not_together", keys=keys)
        return w.say("errors.schema.combines")
    return error.message


def _options(error: ValidationError) -> list[str]:
    return [str(o) for o in error.validator_value]  # type: ignore[union-attr]


def _allowed_values(error: ValidationError, w: Speaks) -> str:
    """ "expected one of: ..." for an enum, "expected VALUE" for a const."""
    if error.validator == "enum":
        return w.say("errors.schema.expected_one_of", options=", ".join(_options(error)))
    return w.say("check.expected", expected=json.dumps(error.validator_value))


def _repr(value: object) -> str:
    """A number as jsonschema's messages show it (Python's repr)."""
    return repr(value).replace("'", "")


def pattern_hint(schema: JsonSchema, pattern: str, w: Speaks | None = None) -> str:
    """What a value failing `pattern` should look like, in the words the editor shows too.

    Every pattern in the schemas has a `patternErrorMessage` ("Expected ...", tests check
    it); the description and then the regex are fallbacks.
    """
    message = str(schema.get("patternErrorMessage", "")).rstrip(".")
    if message:
        return message[0].lower() + message[1:]
    description = str(schema.get("description", "")).rstrip(".")
    if description:
        return "expected " + description[0].lower() + description[1:]
    return (w or shipped_english()).say("check.pattern_form", pattern=pattern)


_SHALLOW = ("type", "const", "enum")


def _pick_alternative(error: ValidationError) -> ValidationError:
    """The error to report for a value that matches no alternative of a oneOf/anyOf.

    If exactly one alternative has the right kind of value (it failed on something
    deeper, such as a maximum or an item), its error is the one that helps; if every
    alternative failed on the kind of value, the oneOf itself is reported ("expected
    a whole number or "all"").
    """
    groups: dict[object, list[ValidationError]] = {}
    for sub in error.context or []:
        groups.setdefault(sub.relative_schema_path[0] if sub.relative_schema_path else None, []).append(sub)
    deep = [subs for subs in groups.values() if not _wrong_alternative(subs)]
    if not deep:
        return error
    chosen: ValidationError = best_match(deep[0] if len(deep) == 1 else error.context or [])
    return chosen


def _wrong_alternative(errors: list[ValidationError]) -> bool:
    """Did an alternative fail on the kind of value, or on a key it requires at its top (a mapping of another
    form: `{count: ...}` is no `{quantity: ..., of: ...}`)?"""
    if any(e.validator == "required" and len(e.relative_schema_path) == 2 for e in errors):
        return True
    return all(_wrong_kind(e) for e in errors)


def _wrong_kind(error: ValidationError) -> bool:
    """Did this error fail on the kind of value: a type, const or enum, or an inner oneOf (a number that may also
    be a quantity or an operation) none of whose alternatives takes this kind of value?"""
    if error.relative_path:
        return False
    if error.validator in _SHALLOW:
        return True
    if error.validator == "oneOf" and error.context:
        groups: dict[object, list[ValidationError]] = {}
        for sub in error.context:
            groups.setdefault(sub.relative_schema_path[0] if sub.relative_schema_path else None, []).append(sub)
        return all(_wrong_alternative(subs) for subs in groups.values())
    return False


def _kind_words(schema: object, w: Speaks) -> str | None:
    """A short description of the kind of value a simple schema accepts."""
    if not isinstance(schema, dict):
        return None
    if "const" in schema:
        return json.dumps(schema["const"])
    if "enum" in schema:
        return w.say("errors.schema.one_of", options=", ".join(json.dumps(v) for v in schema["enum"]))
    kind = schema.get("type")
    if isinstance(kind, str) and kind in _TYPES:
        words = _type_words(kind, w)
        if "minimum" in schema and "maximum" in schema:
            words = w.say("check.range", kind=words, minimum=schema["minimum"], maximum=schema["maximum"])
        return words
    return None


def schema_problems(root: Node, schema_name: str, language: Speaks | None = None) -> list[Problem]:
    """Every schema problem of a document, one readable message per real problem, in `language`
    (its `check` section; None: English as shipped)."""
    document = root.plain()
    remembered = schema_name in known_valid.REMEMBERED
    validity = known_valid.digest(SCHEMA_DIR / f"{schema_name}.schema.json", document) if remembered else None
    if validity is not None and known_valid.is_known_valid(validity):
        return []
    validator = _validator(schema_name)
    problems: list[Problem] = []
    seen: set[tuple[tuple[str | int, ...], str]] = set()
    for error in sorted(
        validator.iter_errors(document), key=lambda e: (list(map(str, e.absolute_path)), str(e.validator))
    ):
        chosen = error
        if error.validator in ("oneOf", "anyOf") and error.context and not _is_key_choice(error.validator_value):
            chosen = _pick_alternative(error)
        key = (tuple(chosen.absolute_path), str(chosen.validator))
        if key in seen:
            continue
        seen.add(key)
        # English as shipped is read only when there is something to say (a valid document needs no words).
        described = _describe(chosen, root, language or shipped_english())
        problems.extend(Problem(p.position, p.message, _SchemaTold(chosen, root, i)) for i, p in enumerate(described))
    if validity is not None and not problems:
        known_valid.remember_valid(validity)
    return problems


@dataclass(frozen=True, eq=False)
class _SchemaTold:
    """A schema problem said again in another language: the error described anew, the same one of its problems."""

    error: ValidationError
    root: Node
    index: int

    def tell(self, says: Speaks) -> str:
        return _describe(self.error, self.root, says)[self.index].message


def locate(root: Node, path: Sequence[str | int]) -> Position:
    """Position of the value at a JSON path (or of its deepest existing parent)."""
    return node_at(root, path).position


def key_position(root: Node, path: Sequence[str | int]) -> Position:
    """Position of the key that holds the value at `path` (falls back to the value)."""
    if not path:
        return root.position
    parent = node_at(root, path[:-1])
    return parent.key_positions.get(str(path[-1]), locate(root, path))


# How many keys after an empty one are tried as its value (a bound for hostile files).
MAX_FOLLOWERS = 64


@dataclass(frozen=True)
class IndentHint:
    """`key:` left empty while the keys after it, at its own indentation, would make its value."""

    key: str
    position: Position  # of the empty key
    first_line: int  # the lines of the keys that would fit under it
    last_line: int

    @property
    def problem(self) -> Problem:
        first, last = self.first_line, self.last_line
        lines = (
            said("errors.schema.line", line=first)
            if first == last
            else said("errors.schema.lines", first=first, last=last)
        )
        return problem_at(self.position, "errors.schema.indent", key=self.key, lines=lines)

    def explains(self, problem: Problem) -> bool:
        """Problems of the empty key and of the keys that belong under it are effects of the indentation."""
        where = problem.position
        return where.file == self.position.file and self.position.line <= where.line <= self.last_line


def indent_hints(root: Node, schema_name: str) -> list[IndentHint]:
    """Every empty key of a file whose following siblings, invalid where they are, would be valid under it."""
    checker = _SubSchemas(schema_name)
    hints: list[IndentHint] = []
    stack: list[tuple[Node, object]] = [(root, load_schema(schema_name))]
    while stack:
        node, schema = stack.pop()
        if isinstance(node.value, list):
            items = checker.shape(schema, "array").get("items")
            stack.extend((child, items) for child in node.value if isinstance(child.value, (dict, list)))
            continue
        shape = checker.shape(schema, "object")
        if not isinstance(node.value, dict) or not shape:
            continue
        found = _hints_in_mapping(node, shape, checker)
        hints.extend(found)
        explained = {key for hint in found for key in _keys_between(node, hint)}
        for key, child in node.value.items():
            if key not in explained and isinstance(child.value, (dict, list)):
                stack.append((child, checker.key_schema(shape, key)))
    return sorted(hints, key=lambda hint: hint.position)


def _hints_in_mapping(node: Node, shape: JsonSchema, checker: _SubSchemas) -> list[IndentHint]:
    assert isinstance(node.value, dict)
    children = node.value
    keys = list(children)
    fits_here: dict[str, bool] = {}

    def fits(key: str) -> bool:
        if key not in fits_here:
            fits_here[key] = checker.is_valid(children[key].plain(), checker.key_schema(shape, key))
        return fits_here[key]

    hints = []
    index = 0
    while index < len(keys):
        key = keys[index]
        index += 1
        target = checker.key_schema(shape, key) if children[key].empty else None
        inner = checker.shape(target, "object")
        if not inner:
            continue
        run = []
        for follower in keys[index : index + MAX_FOLLOWERS]:
            if checker.key_schema(inner, follower) is None or fits(follower):
                break
            run.append(follower)
        if not run or not checker.is_valid({k: children[k].plain() for k in run}, target):
            continue
        first = node.key_positions[run[0]].line
        if first == node.key_positions[key].line:
            continue  # `{rooms: , name: ...}` on one line: no indentation to fix
        hints.append(IndentHint(key, node.key_positions[key], first, _last_line(children[run[-1]], first)))
        index += len(run)
    return hints


def _keys_between(node: Node, hint: IndentHint) -> list[str]:
    """The keys of `node` a hint is about: the empty one and those that belong under it."""
    return [key for key, where in node.key_positions.items() if hint.position.line <= where.line <= hint.last_line]


def _last_line(node: Node, at_least: int) -> int:
    """The last line any value or key inside `node` starts on."""
    last = at_least
    stack = [node]
    while stack:
        current = stack.pop()
        last = max(last, current.position.line, *(p.line for p in current.key_positions.values()))
        if isinstance(current.value, dict):
            stack.extend(current.value.values())
        elif isinstance(current.value, list):
            stack.extend(current.value)
    return last


class _SubSchemas:
    """Parts of one schema: what a mapping's key holds, and whether a value is valid under a part."""

    def __init__(self, schema_name: str) -> None:
        self.root = load_schema(schema_name)
        self.validator = _validator(schema_name)
        # Remembered by id() of a part of the schema; each entry keeps that part alive (the id stays its own).
        self._validators: dict[int, Draft7Validator] = {}
        self._key_schemas: dict[tuple[int, str], object | None] = {}  # parts of shapes, which _shapes keeps
        self._shapes: dict[tuple[int, str], tuple[object, JsonSchema]] = {}

    def resolve(self, schema: object) -> JsonSchema:
        """`schema` with its `$ref`s followed (only this document's definitions are referred to)."""
        for _ in range(32):
            if not isinstance(schema, dict):
                return {}
            reference = schema.get("$ref")
            if not isinstance(reference, str) or not reference.startswith("#/definitions/"):
                return schema
            schema = self.root.get("definitions", {}).get(reference.removeprefix("#/definitions/"))
        return {}

    def shape(self, schema: object, kind: str) -> JsonSchema:
        """The part of `schema` that accepts values of JSON type `kind` ("object", "array"); {} if none or several."""
        remembered = (id(schema), kind)
        if remembered not in self._shapes:
            self._shapes[remembered] = (schema, self._shape(schema, kind))
        return self._shapes[remembered][1]

    def _shape(self, schema: object, kind: str) -> JsonSchema:
        resolved = self.resolve(schema)
        if resolved.get("type", "object" if "properties" in resolved else None) == kind:
            return resolved
        alternatives = [*resolved.get("anyOf", []), *resolved.get("oneOf", [])]
        shapes = [found for alternative in alternatives if (found := self.shape(alternative, kind))]
        return shapes[0] if len(shapes) == 1 else {}

    def key_schema(self, shape: JsonSchema, key: str) -> object | None:
        """The schema of `key` in a mapping of `shape`; None if the mapping may not hold it."""
        remembered = (id(shape), key)
        if remembered not in self._key_schemas:
            self._key_schemas[remembered] = self._key_schema(shape, key)
        return self._key_schemas[remembered]

    def _key_schema(self, shape: JsonSchema, key: str) -> object | None:
        properties: dict[str, object] = shape.get("properties", {})
        if key in properties:
            return properties[key]
        names = shape.get("propertyNames")
        if names is not None and not self.is_valid(key, names):
            return None
        extra = shape.get("additionalProperties", True)
        return None if extra is False else extra

    def is_valid(self, value: object, schema: object | None) -> bool:
        if schema is None or isinstance(schema, bool):
            return bool(schema)
        # Following the outer `$ref` here spares jsonschema's slower reference lookup.
        part = self.resolve(schema)
        if id(part) not in self._validators:
            self._validators[id(part)] = cast(Draft7Validator, self.validator.evolve(schema=part))
        return bool(self._validators[id(part)].is_valid(value))
