"""The batched engine's memory described by name (compiler/backends/batched/layout.py): every constant is the
offset of the field it names, every op parameter's constant the column of the parameter it names, and the
encoder writes rows only as ops.py describes them."""

from __future__ import annotations

import ast
import inspect
from types import ModuleType

import pytest
from gah.backends.batched import effects, layout, ops, record, tables
from gah.backends.batched.layout import Layout, Ops

# Each layout: its module, its name there, the prefix of its fields' constants and the constant of its size.
LAYOUTS: list[tuple[ModuleType, str, str, str]] = [
    (record, "_HEADER", "", "HEADER"),
    (record, "_OTHER", "OTHER_", "OTHER_STRIDE"),
    (effects, "_SEARCH", "", "SEARCH"),
    (tables, "_CONSTANTS", "K_", ""),
    (tables, "_TABLES", "A_", "HEAD"),
    (tables, "_QROW", "QROW_", "QROW"),
    (tables, "_OROW", "OROW_", "OROW"),
    (tables, "_ENODE", "ENODE_", "ENODE"),
]


@pytest.mark.parametrize(("module", "name", "prefix", "size"), LAYOUTS, ids=[x[1] for x in LAYOUTS])
def test_each_fields_constant_is_its_offset(module: ModuleType, name: str, prefix: str, size: str) -> None:
    described: Layout = getattr(module, name)
    for field in described.fields:
        assert getattr(module, prefix + field.name.upper()) == field.offset, f"{name}.{field.name}"
    assert [f.offset for f in described.fields] == sorted({f.offset for f in described.fields})
    if size:
        assert getattr(module, size) == described.size


def test_every_layout_is_checked_above() -> None:
    checked = {id(getattr(module, name)) for module, name, _prefix, _size in LAYOUTS}
    assert {id(x) for x in layout.LAYOUTS} == checked


def test_the_tables_head_follows_the_constants() -> None:
    constants, offsets = tables._CONSTANTS.names(), tables._TABLES.names()
    assert (constants, offsets[:-1], offsets[-1]) == (tables.CONSTANTS, tables.TABLES, "end")
    assert tables._TABLES.start == len(tables.CONSTANTS) and tables.A_END == tables.HEAD - 1


def _declarations(module: ModuleType) -> list[tuple[str, str, str]]:
    """(constant, method, declared name) for each `CONSTANT = OPS.method("name", ...)` of a module."""
    found = []
    for node in ast.parse(inspect.getsource(module)).body:
        if not (isinstance(node, ast.Assign) and isinstance(node.value, ast.Call)):
            continue
        call, target = node.value, node.targets[0]
        if isinstance(call.func, ast.Attribute) and ast.unparse(call.func.value) == "OPS":
            assert isinstance(target, ast.Name) and isinstance(call.args[0], ast.Constant)
            found.append((target.id, call.func.attr, str(call.args[0].value)))
    return found


def test_each_op_constant_names_its_op_and_each_column_its_parameter() -> None:
    declarations = _declarations(ops)
    assert len([d for d in declarations if d[1] == "op"]) == len(ops.OPS.ops)
    current = None
    for constant, method, name in declarations:
        if method == "op":
            current = ops.OPS.of(getattr(ops, constant))
            assert current.name == name and constant in (f"OP_{name.upper()}", name.upper()), constant
        else:
            assert current is not None and method == "param"
            assert constant.endswith("_" + name.upper()), constant
            assert getattr(ops, constant) == 1 + current.params.index(name)


def test_ops_sharing_columns_share_their_parameters() -> None:
    assert ops.OPS.of(ops.COND_SPACE).params == ops.OPS.of(ops.COND_QUANTITY).params
    assert ops.OPS.of(ops.COND_ALL).params == ops.OPS.of(ops.COND_ANY).params == ops.OPS.of(ops.COND_ZONE).params


def test_a_row_is_written_by_its_parameters_names_only() -> None:
    row = ops.OPS.row(ops.OP_RETURN_ITEMS, kitchen=1, cafe=0, count=2, mask=5)
    assert row == [ops.OP_RETURN_ITEMS, 1, 0, 2, 5, 0, 0, 0] and len(row) == ops.ROW
    assert row[ops.RETURN_COUNT] == 2 and row[ops.RETURN_MASK] == 5
    with pytest.raises(ValueError, match="return_items takes kitchen, cafe, count, mask"):
        ops.OPS.row(ops.OP_RETURN_ITEMS, kitchen=1, cafe=0, count=2)
    with pytest.raises(ValueError, match="given amount, more"):
        ops.OPS.row(ops.OP_GAIN_KRONES, amount=1, more=2)


def test_a_layout_refuses_a_name_twice_and_a_row_too_wide() -> None:
    scratch = Layout("scratch")
    scratch.field("a")
    with pytest.raises(ValueError, match="two fields named a"):
        scratch.field("a")
    assert scratch.pack(a=3) == [3]
    narrow = Ops("narrow", 2)
    narrow.op("x")
    narrow.param("p")
    with pytest.raises(ValueError, match="more parameters than a row holds"):
        narrow.param("q")
    layout.LAYOUTS.remove(scratch)
    layout.OPS_DECLARED.remove(narrow)


def test_the_map_names_every_layout_and_op() -> None:
    text = layout.describe()
    for described in layout.LAYOUTS:
        assert described.name in text
    assert "return_items(kitchen, cafe, count, mask)" in text and "cond_most(quantity, slot, fewest, none_tied)" in text
