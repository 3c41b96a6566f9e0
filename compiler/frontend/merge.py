"""JSON Merge Patch (RFC 7386) on positioned trees: mappings merge, lists replace, null removes."""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import Position
from .loader import Node


@dataclass(frozen=True)
class Removal:
    """One `null` in a patch: what it removes, where it stands, and whether the target had it."""

    path: tuple[str, ...]
    position: Position
    existed: bool
    siblings: tuple[str, ...]  # the keys the target held beside it
    empty: bool = False  # nothing was written after the key: a mistake, reported as one

    @property
    def dotted(self) -> str:
        return ".".join(self.path)


def merge_patch(
    target: Node | None, patch: Node, removals: list[Removal] | None = None, path: tuple[str, ...] = ()
) -> Node | None:
    """Apply `patch` to `target`; values from the patch keep the patch's positions.

    Keys removed with `null` are remembered (with the position of the `null`) in
    the result's `removed_keys`, so that a check can say where a key went missing;
    every `null` is also reported to `removals`, so that removing a key the target
    does not have (a silent no-op in RFC 7386) can be reported as the mistake it is.
    """
    if not isinstance(patch.value, dict):
        return patch
    if target is None or not isinstance(target.value, dict):
        target = Node({}, patch.position)
    assert isinstance(target.value, dict)
    merged: dict[str, Node] = dict(target.value)
    key_positions = dict(target.key_positions)
    removed = dict(target.removed_keys)
    for key, child in patch.value.items():
        if child.value is None:
            if removals is not None:
                position = patch.key_positions.get(key, child.position)
                removals.append(Removal((*path, key), position, key in merged, tuple(merged), child.empty))
            merged.pop(key, None)
            key_positions.pop(key, None)
            removed[key] = patch.key_positions.get(key, child.position)
            continue
        result = merge_patch(merged.get(key), child, removals, (*path, key))
        if result is None:  # pragma: no cover - merge_patch returns None only for null patches
            continue
        merged[key] = result
        key_positions[key] = patch.key_positions.get(key, child.position)
        removed.pop(key, None)
    return Node(merged, patch.position, key_positions, removed)


def merge_plain(target: object, patch: object) -> object:
    """The same merge on plain data (used by tests and the variant lab)."""
    if not isinstance(patch, dict):
        return patch
    base: dict[str, object] = dict(target) if isinstance(target, dict) else {}
    for key, value in patch.items():
        if value is None:
            base.pop(key, None)
        else:
            base[key] = merge_plain(base.get(key), value)
    return base
