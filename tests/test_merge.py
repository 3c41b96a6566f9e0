"""Variant merging: JSON Merge Patch (RFC 7386) on plain data and on positioned trees."""

from __future__ import annotations

import copy
import itertools
from typing import Any

import pytest
from gah.errors import Position
from gah.frontend.loader import Node, load_yaml
from gah.frontend.merge import merge_patch, merge_plain
from gah.frontend.rulesets import Library
from gah.frontend.validate import key_position, locate
from helpers_rules import shipped_workspace
from hypothesis import given, settings
from hypothesis import strategies as st

# --- plain data -------------------------------------------------------------------------------


def test_mappings_merge_key_by_key() -> None:
    target = {"a": 1, "b": {"x": 1, "y": 2}}
    patch = {"b": {"y": 3, "z": 4}, "c": 5}
    assert merge_plain(target, patch) == {"a": 1, "b": {"x": 1, "y": 3, "z": 4}, "c": 5}


def test_lists_are_replaced_whole() -> None:
    target = {"groups": [["1.1"], ["1.2", "2.1"]], "notes": ["a", "b", "c"]}
    assert merge_plain(target, {"groups": [["1.1"]]}) == {"groups": [["1.1"]], "notes": ["a", "b", "c"]}
    # a mapping inside a list is not merged: the list is the unit
    assert merge_plain({"x": [{"a": 1, "b": 2}]}, {"x": [{"a": 9}]}) == {"x": [{"a": 9}]}


def test_null_removes_a_key_at_any_depth() -> None:
    target = {"a": 1, "b": {"x": 1, "y": 2}}
    assert merge_plain(target, {"a": None}) == {"b": {"x": 1, "y": 2}}
    assert merge_plain(target, {"b": {"x": None}}) == {"a": 1, "b": {"y": 2}}
    assert merge_plain(target, {"missing": None}) == target  # removing what is not there is harmless


def test_merge_does_not_change_its_inputs() -> None:
    target = {"a": {"b": [1, 2]}, "c": 3}
    patch = {"a": {"b": [3]}, "c": None}
    before = copy.deepcopy((target, patch))
    merge_plain(target, patch)
    assert (target, patch) == before


def test_a_chain_resolves_in_order() -> None:
    base = {"scorings": {"3": {"tier": "A", "move_back": 3}, "5": {"tier": "B", "move_back": 5}}, "deal": "standard"}
    gentle = {"scorings": {"3": {"move_back": 2}, "5": {"move_back": 4}}}
    gentle_draft = {"scorings": {"5": {"move_back": 1}}, "deal": "draft"}
    result = merge_plain(merge_plain(base, gentle), gentle_draft)
    assert result == {
        "scorings": {"3": {"tier": "A", "move_back": 2}, "5": {"tier": "B", "move_back": 1}},
        "deal": "draft",
    }
    # order matters: the later variant wins
    other_order = merge_plain(merge_plain(base, gentle_draft), gentle)
    assert other_order["scorings"]["5"]["move_back"] == 4  # type: ignore[index]


# RFC 7386, Appendix A ("Example Test Cases"), every row: original, patch, result.
RFC_7386_APPENDIX_A: list[tuple[Any, Any, Any]] = [
    ({"a": "b"}, {"a": "c"}, {"a": "c"}),
    ({"a": "b"}, {"b": "c"}, {"a": "b", "b": "c"}),
    ({"a": "b"}, {"a": None}, {}),
    ({"a": "b", "b": "c"}, {"a": None}, {"b": "c"}),
    ({"a": ["b"]}, {"a": "c"}, {"a": "c"}),
    ({"a": "c"}, {"a": ["b"]}, {"a": ["b"]}),
    ({"a": {"b": "c"}}, {"a": {"b": "d", "c": None}}, {"a": {"b": "d"}}),
    ({"a": [{"b": "c"}]}, {"a": [1]}, {"a": [1]}),
    (["a", "b"], ["c", "d"], ["c", "d"]),
    ({"a": "b"}, ["c"], ["c"]),
    ({"a": "foo"}, None, None),
    ({"a": "foo"}, "bar", "bar"),
    ({"e": None}, {"a": 1}, {"e": None, "a": 1}),
    ([1, 2], {"a": "b", "c": None}, {"a": "b"}),
    ({}, {"a": {"bb": {"ccc": None}}}, {"a": {"bb": {}}}),
]


@pytest.mark.parametrize(("original", "patch", "result"), RFC_7386_APPENDIX_A)
def test_rfc_7386_appendix_a(original: Any, patch: Any, result: Any) -> None:
    assert merge_plain(original, patch) == result
    assert _merge_nodes(original, patch) == result


# --- positioned trees ------------------------------------------------------------------------

BASE = """\
name: base
emperor_scorings:
  3: {tier: A, move_back: 3}
  5: {tier: B, move_back: 5}
hotel:
  layout: [BRB, YYR]
  cafe_seats: 3
"""

VARIANT = """\
name: gentle
emperor_scorings:
  3: {move_back: 2}
hotel:
  layout: [RRR]
  cafe_seats: null
"""


def test_positions_of_patched_values_point_to_the_patch() -> None:
    base = load_yaml(BASE, "base.yaml")
    variant = load_yaml(VARIANT, "gentle.yaml")
    merged = merge_patch(base, variant)
    assert merged is not None
    assert merged.plain() == {
        "name": "gentle",
        "emperor_scorings": {"3": {"tier": "A", "move_back": 2}, "5": {"tier": "B", "move_back": 5}},
        "hotel": {"layout": ["RRR"]},
    }
    # patched scalar: the value and its key are where the variant wrote them
    assert locate(merged, ["emperor_scorings", "3", "move_back"]) == Position("gentle.yaml", 3, 18)
    assert key_position(merged, ["emperor_scorings", "3", "move_back"]) == Position("gentle.yaml", 3, 7)
    # untouched values keep the base's positions, even beside patched ones
    assert locate(merged, ["emperor_scorings", "3", "tier"]) == Position("base.yaml", 3, 13)
    assert locate(merged, ["emperor_scorings", "5", "move_back"]) == Position("base.yaml", 4, 27)
    # a replaced list is the patch's list, items and all
    assert locate(merged, ["hotel", "layout"]) == Position("gentle.yaml", 5, 11)
    assert locate(merged, ["hotel", "layout", 0]) == Position("gentle.yaml", 5, 12)
    # a removed key is gone, and the merge remembers where it was removed
    hotel = merged.value["hotel"]  # type: ignore[index]
    assert "cafe_seats" not in hotel.value
    assert "cafe_seats" not in hotel.key_positions
    assert hotel.removed_keys == {"cafe_seats": Position("gentle.yaml", 6, 3)}


def test_merge_patch_leaves_the_target_tree_unchanged() -> None:
    base = load_yaml(BASE, "base.yaml")
    before = base.plain()
    merge_patch(base, load_yaml(VARIANT, "gentle.yaml"))
    assert base.plain() == before
    assert locate(base, ["emperor_scorings", "3", "move_back"]) == Position("base.yaml", 3, 27)


def test_a_key_put_back_after_removal_is_no_longer_removed() -> None:
    base = load_yaml(BASE, "base.yaml")
    removed = merge_patch(base, load_yaml("hotel: {cafe_seats: null}\n", "one.yaml"))
    assert removed is not None
    restored = merge_patch(removed, load_yaml("hotel: {cafe_seats: 2}\n", "two.yaml"))
    assert restored is not None
    hotel = restored.value["hotel"]  # type: ignore[index]
    assert hotel.removed_keys == {}
    assert locate(restored, ["hotel", "cafe_seats"]) == Position("two.yaml", 1, 21)


def test_shipped_variant_of_a_variant_resolves_in_order_with_positions() -> None:
    # gentle-draft extends gentle-move-backs, which extends base
    resolved = Library(shipped_workspace()).resolve("gentle-draft")
    assert resolved.sources == [
        "rules/base.yaml",
        "rules/variants/gentle-move-backs.yaml",
        "rules/variants/gentle-draft.yaml",
    ]
    document = resolved.document
    assert locate(document, ["emperor_scorings", "3", "move_back"]).file == "rules/variants/gentle-move-backs.yaml"
    assert locate(document, ["emperor_scorings", "3", "tier"]).file == "rules/base.yaml"
    assert locate(document, ["setup", "deal", "direction"]).file == "rules/variants/gentle-draft.yaml"
    assert locate(document, ["setup", "start", "krones"]).file == "rules/base.yaml"
    plain = document.plain()
    assert isinstance(plain, dict)
    assert plain["name"] == "gentle-draft"
    assert "extends" not in plain  # `extends` names the parent; it is not part of the ruleset
    assert [plain["emperor_scorings"][r]["move_back"] for r in ("3", "5", "7")] == [2, 4, 6]


# --- properties ---------------------------------------------------------------------------------

KEYS = st.sampled_from(["a", "b", "c", "d"])
SCALARS = st.booleans() | st.integers(-3, 3) | st.sampled_from(["x", "y", ""])


def _json(with_null: bool) -> st.SearchStrategy[Any]:
    leaves = (st.none() | SCALARS) if with_null else SCALARS
    return st.recursive(
        leaves,
        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(KEYS, inner, max_size=4),
        max_leaves=12,
    )


DOCUMENTS = st.dictionaries(KEYS, _json(with_null=False), max_size=4)  # rules files are mappings without nulls
PATCHES = st.dictionaries(KEYS, _json(with_null=True), max_size=4)


def _node(value: Any, file: str, counter: itertools.count[int]) -> Node:
    """A Node tree for plain data; every node gets its own line in `file`."""
    position = Position(file, next(counter), 1)
    if isinstance(value, dict):
        children = {k: _node(v, file, counter) for k, v in value.items()}
        return Node(children, position, {k: Position(file, next(counter), 1) for k in value})
    if isinstance(value, list):
        return Node([_node(v, file, counter) for v in value], position)
    return Node(value, position)


def _merge_nodes(target: Any, patch: Any) -> Any:
    merged = merge_patch(_node(target, "target", itertools.count(1)), _node(patch, "patch", itertools.count(1)))
    return None if merged is None else merged.plain()


@settings(max_examples=100, deadline=None)
@given(DOCUMENTS, PATCHES)
def test_merging_a_patch_twice_changes_nothing_more(target: dict[str, Any], patch: dict[str, Any]) -> None:
    once = merge_plain(target, patch)
    assert merge_plain(once, patch) == once


@settings(max_examples=100, deadline=None)
@given(DOCUMENTS)
def test_an_empty_patch_is_the_identity(target: dict[str, Any]) -> None:
    assert merge_plain(target, {}) == target
    assert _merge_nodes(target, {}) == target


@settings(max_examples=100, deadline=None)
@given(DOCUMENTS, PATCHES)
def test_positioned_merge_agrees_with_plain_merge(target: dict[str, Any], patch: dict[str, Any]) -> None:
    assert _merge_nodes(target, patch) == merge_plain(target, patch)


@settings(max_examples=100, deadline=None)
@given(DOCUMENTS, PATCHES)
def test_no_null_survives_in_a_mapping(target: dict[str, Any], patch: dict[str, Any]) -> None:
    def mapping_values(value: Any) -> list[Any]:
        if not isinstance(value, dict):
            return []
        return [v for v in value.values()] + [x for v in value.values() for x in mapping_values(v)]

    assert None not in mapping_values(merge_plain(target, patch))


@settings(max_examples=100, deadline=None)
@given(DOCUMENTS, PATCHES)
def test_what_the_patch_writes_carries_the_patch_position(target: dict[str, Any], patch: dict[str, Any]) -> None:
    merged = merge_patch(_node(target, "target", itertools.count(1)), _node(patch, "patch", itertools.count(1)))
    assert merged is not None

    def check(patch_value: Any, node: Node | None, path: list[str]) -> None:
        for key, value in patch_value.items():
            assert node is not None and isinstance(node.value, dict)
            if value is None:
                assert key not in node.value
                assert node.removed_keys[key].file == "patch"
                continue
            assert node.key_positions[key].file == "patch", [*path, key]
            child = node.value[key]
            if isinstance(value, dict):
                check(value, child, [*path, key])
            else:
                assert child.position.file == "patch", [*path, key]

    check(patch, merged, [])
    # keys the patch does not name are the target's nodes, untouched
    for key in set(target) - set(patch):
        assert merged.value[key].position.file == "target"  # type: ignore[index]
