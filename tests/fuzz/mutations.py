"""Structured mutations of rules files and game states, as hypothesis strategies.

A mutation is what an attacker or a careless editor does to a file: delete a key,
change the type of a value, write a number negative, huge, decimal or true/false,
empty a list, duplicate or swap ids, paste odd unicode or very long text, break
`extends`, make zones overlap, remove a tier. Mutations work on plain data (what
YAML or JSON loads into) and pick their target among every path of the document.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from hypothesis import strategies as st

Path = tuple[str | int, ...]
Draw = Callable[[st.SearchStrategy[Any]], Any]

# Text a user might paste, or an attacker might write: escapes, line breaks, bidi
# overrides, combining marks, astral characters, YAML look-alikes, very long text.
ODD_TEXT = (
    "",
    " ",
    "\x1b[2J\x1b[31mpwned",
    "line\nbreak",
    "tab\there",
    "\u202eevil",
    "e\u0301\u0301\u0301",
    "😀" * 3,
    "null",
    "true",
    "5.0",
    "-1",
    "{a: b}",
    "[1, 2]",
    "../../etc/passwd",
    "x" * 5000,
    "a-krones",
    "1.1",
    "9.9",
)
ODD_NUMBERS = (0, -1, -100, 1, 2, 99, 10**6, 10**30, 5.0, 2.5, -0.0, True, False)


def paths(document: object) -> list[tuple[Path, object]]:
    """Every (path, value) in the document, the root first (iteratively)."""
    found: list[tuple[Path, object]] = []
    stack: list[tuple[Path, object]] = [((), document)]
    while stack:
        path, value = stack.pop()
        found.append((path, value))
        if isinstance(value, dict):
            stack.extend(((*path, key), child) for key, child in reversed(list(value.items())))
        elif isinstance(value, list):
            stack.extend(((*path, index), child) for index, child in reversed(list(enumerate(value))))
    return found


def _parent(document: Any, path: Path) -> Any:
    node = document
    for step in path[:-1]:
        node = node[step]
    return node


def _set(document: Any, path: Path, value: object) -> Any:
    if not path:
        return value
    _parent(document, path)[path[-1]] = value
    return document


def _delete(document: Any, path: Path) -> Any:
    if not path:
        return None
    parent = _parent(document, path)
    del parent[path[-1]]
    return document


def _pick(draw: Draw, document: object, accept: Callable[[Path, object], bool]) -> Path | None:
    candidates = [path for path, value in paths(document) if accept(path, value)]
    if not candidates:
        return None
    chosen: Path = draw(st.sampled_from(candidates))
    return chosen


def _any_value(draw: Draw) -> object:
    return draw(
        st.one_of(
            st.sampled_from(ODD_TEXT),
            st.sampled_from(ODD_NUMBERS),
            st.none(),
            st.builds(list),
            st.builds(dict),
            st.lists(st.integers(-3, 60), max_size=4),
            st.dictionaries(st.sampled_from(("a", "1", "x", "kind", "A")), st.integers(-2, 9), max_size=3),
            st.text(max_size=20),
        )
    )


def mutate_once(draw: Draw, document: Any) -> tuple[Any, str]:
    """One mutation of a copy of `document`; returns it and a short description."""
    document = copy.deepcopy(document)
    kind = draw(
        st.sampled_from(
            (
                "delete",
                "retype",
                "number",
                "empty",
                "duplicate",
                "swap",
                "text",
                "key",
                "null",
                "overlap",
                "tier",
            )
        )
    )
    if kind == "delete":
        path = _pick(draw, document, lambda p, v: bool(p))
        if path is not None:
            return _delete(document, path), f"delete {path}"
    elif kind == "retype":
        path = _pick(draw, document, lambda p, v: True)
        if path is not None:
            return _set(document, path, _any_value(draw)), f"retype {path}"
    elif kind == "number":
        path = _pick(draw, document, lambda p, v: isinstance(v, int) and not isinstance(v, bool))
        if path is not None:
            number = draw(st.one_of(st.sampled_from(ODD_NUMBERS), st.integers(-(10**6), 10**6)))
            return _set(document, path, number), f"number {path} = {number!r}"
    elif kind == "empty":
        path = _pick(draw, document, lambda p, v: isinstance(v, (list, dict)) and bool(p))
        if path is not None:
            empty: object = [] if isinstance(_get(document, path), list) else {}
            return _set(document, path, empty), f"empty {path}"
    elif kind == "duplicate":
        return _duplicate(draw, document)
    elif kind == "swap":
        return _swap(draw, document)
    elif kind == "text":
        path = _pick(draw, document, lambda p, v: isinstance(v, str))
        if path is not None:
            text = draw(st.one_of(st.sampled_from(ODD_TEXT), st.text(max_size=30)))
            return _set(document, path, text), f"text {path} = {text[:40]!r}"
    elif kind == "key":
        path = _pick(draw, document, lambda p, v: isinstance(v, dict))
        if path is not None:
            mapping = _get(document, path)
            key = draw(st.one_of(st.sampled_from(ODD_TEXT), st.text(min_size=1, max_size=12)))
            mapping[key] = draw(st.one_of(st.just(1), st.just("x"), st.builds(dict), st.none()))
            return document, f"key {path} + {key[:40]!r}"
    elif kind == "null":
        path = _pick(draw, document, lambda p, v: bool(p) and isinstance(p[-1], str))
        if path is not None:
            return _set(document, path, None), f"null {path}"
    elif kind == "overlap":
        return _overlap(draw, document)
    elif kind == "tier":
        return _remove_tier(draw, document)
    return document, "unchanged"


def _get(document: Any, path: Path) -> Any:
    node = document
    for step in path:
        node = node[step]
    return node


def _duplicate(draw: Draw, document: Any) -> tuple[Any, str]:
    """Copy an entry of an id-keyed mapping under a new id, or repeat a list element."""
    path = _pick(draw, document, lambda p, v: bool(p) and isinstance(v, (dict, list)) and len(v) > 0)
    if path is None:
        return document, "unchanged"
    container = _get(document, path)
    if isinstance(container, list):
        index = draw(st.integers(0, len(container) - 1))
        container.insert(index, copy.deepcopy(container[index]))
        return document, f"duplicate {path}[{index}]"
    key = draw(st.sampled_from(sorted(container, key=str)))
    new_key = draw(st.sampled_from((f"{key}-copy", f"{key}2", "99", "zz", "1")))
    container[new_key] = copy.deepcopy(container[key])
    return document, f"duplicate {path}.{key} as {new_key}"


def _swap(draw: Draw, document: Any) -> tuple[Any, str]:
    """Swap the values of two keys (two tiles, two zones, two Staff cards)."""
    path = _pick(draw, document, lambda p, v: isinstance(v, dict) and len(v) >= 2)
    if path is None:
        return document, "unchanged"
    mapping = _get(document, path)
    first, second = draw(st.lists(st.sampled_from(sorted(mapping, key=str)), min_size=2, max_size=2, unique=True))
    mapping[first], mapping[second] = mapping[second], mapping[first]
    return document, f"swap {path}: {first} <-> {second}"


def _overlap(draw: Draw, document: Any) -> tuple[Any, str]:
    zones = document.get("emperor_track", {}).get("zones") if isinstance(document, dict) else None
    if not isinstance(zones, dict) or len(zones) < 2:
        return document, "unchanged"
    first, second = draw(st.lists(st.sampled_from(sorted(zones, key=str)), min_size=2, max_size=2, unique=True))
    if isinstance(zones[first], dict) and isinstance(zones[second], dict):
        zones[first]["to"] = zones[second].get("from", 0)
    return document, f"overlap zones {first} and {second}"


def _remove_tier(draw: Draw, document: Any) -> tuple[Any, str]:
    """Remove every tile of one tier, or the scoring that uses it."""
    if not isinstance(document, dict):
        return document, "unchanged"
    tier = draw(st.sampled_from(("A", "B", "C")))
    if draw(st.booleans()) and isinstance(document.get("tiles"), dict):
        tiles = document["tiles"]
        for tile_id in [k for k, v in tiles.items() if isinstance(v, dict) and v.get("tier") == tier]:
            del tiles[tile_id]
        return document, f"remove tiles of tier {tier}"
    scorings = document.get("emperor_scorings")
    if isinstance(scorings, dict):
        for key in [k for k, v in scorings.items() if isinstance(v, dict) and v.get("tier") == tier]:
            del scorings[key]
    return document, f"remove the scoring of tier {tier}"


@st.composite
def mutated(draw: Draw, document: Any, max_mutations: int = 3) -> tuple[Any, list[str]]:
    """`document` after one to `max_mutations` mutations, with their descriptions."""
    steps = []
    for _ in range(draw(st.integers(1, max_mutations))):
        document, step = mutate_once(draw, document)
        steps.append(step)
    return document, steps
