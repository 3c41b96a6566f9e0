"""The batched engine's memory, described by name: each flat int64 array the kernels share is a Layout (its
fields in order, each a name and a size, the offsets following from them), and each row of a ruleset's effect
program is an Ops row (an opcode and its named parameters, each in its column).

The descriptions live beside the code that owns each array (record.py: a player's record header and the other
players in its tail; effects.py: a turn's search; tables.py: the head of ScoringTables.data and the rows of
two of its tables; ops.py: the op rows) and are written as module-level int constants, one a field:

    _HEADER = Layout("record header")
    POINTS = _HEADER.field("points", "the player's points")
    KITCHEN = _HEADER.field("kitchen", "where the kitchen starts")

numba reads a module-level int as a compile-time constant, so `rec[POINTS]` compiles exactly as `rec[0]` did.
`describe()` gives every description as text; tests/test_batched_layout.py checks that each constant names its
field; the guide's "Inside the batched engine" (gah docs development) walks one Emperor scoring through these arrays.
"""

from __future__ import annotations

from dataclasses import dataclass, field

LAYOUTS: list[Layout] = []  # every layout declared, in import order (for `describe`)
OPS_DECLARED: list[Ops] = []


@dataclass(frozen=True)
class Field:
    """One named part of a layout: `size` values from `offset`."""

    name: str
    offset: int
    size: int
    doc: str


@dataclass
class Layout:
    """Named fields laid one after the other in a flat array, from `start`."""

    name: str
    start: int = 0
    fields: list[Field] = field(default_factory=list)

    def __post_init__(self) -> None:
        LAYOUTS.append(self)

    @property
    def size(self) -> int:
        """Where the next field would go: the end of the last one."""
        return self.fields[-1].offset + self.fields[-1].size if self.fields else self.start

    def field(self, name: str, doc: str = "", size: int = 1) -> int:
        """Declare the next field; its offset."""
        if any(f.name == name for f in self.fields):
            raise ValueError(f"{self.name}: two fields named {name}")
        offset = self.size
        self.fields.append(Field(name, offset, size, doc))
        return offset

    def names(self) -> tuple[str, ...]:
        return tuple(f.name for f in self.fields)

    def offset(self, name: str) -> int:
        """A field's offset by its name (for Python callers and tests)."""
        return next(f.offset for f in self.fields if f.name == name)

    def pack(self, **values: int) -> list[int]:
        """One record of this layout, each field (of size 1) by its name: every one, none other."""
        if set(values) != set(self.names()) or any(f.size != 1 for f in self.fields):
            raise ValueError(f"{self.name} holds {', '.join(self.names())}; given {', '.join(values)}")
        return [int(values[name]) for name in self.names()]


@dataclass(frozen=True)
class Op:
    """One kind of op row: its code and its parameters' names, in their columns from 1."""

    name: str
    code: int
    params: tuple[str, ...]
    docs: tuple[str, ...]


@dataclass
class Ops:
    """The op rows of a program: `width` columns, column 0 the opcode (CODE), then the op's named parameters.
    The encoder writes a row by its parameters' names (`row`), the kernels read a column by its constant."""

    name: str
    width: int
    ops: list[Op] = field(default_factory=list)

    def __post_init__(self) -> None:
        OPS_DECLARED.append(self)

    def op(self, name: str, code: int | None = None, like: int | None = None) -> int:
        """Declare the next op (code: the last one's + 1 unless given); `like`: its parameters are those of
        the op of that code (declared already), in the same columns. Its code."""
        if code is None:
            code = self.ops[-1].code + 1 if self.ops else 0
        if any(o.code == code or o.name == name for o in self.ops):
            raise ValueError(f"{self.name}: op {name} ({code}) declared twice")
        params: tuple[str, ...] = ()
        docs: tuple[str, ...] = ()
        if like is not None:
            model = self.of(like)
            params, docs = model.params, model.docs
        self.ops.append(Op(name, code, params, docs))
        return code

    def param(self, name: str, doc: str = "") -> int:
        """Declare the next parameter of the last op declared; its column."""
        last = self.ops[-1]
        if name in last.params:
            raise ValueError(f"{self.name}: op {last.name} has two parameters named {name}")
        if len(last.params) + 1 >= self.width:
            raise ValueError(f"{self.name}: op {last.name} has more parameters than a row holds")
        self.ops[-1] = Op(last.name, last.code, (*last.params, name), (*last.docs, doc))
        return len(last.params) + 1

    def of(self, code: int) -> Op:
        return next(o for o in self.ops if o.code == code)

    def row(self, code: int, **values: int) -> list[int]:
        """A whole row of op `code`: each parameter by its name (every one, none other), 0 in the columns after."""
        op = self.of(code)
        if set(values) != set(op.params):
            raise ValueError(f"{self.name}: op {op.name} takes {', '.join(op.params)}; given {', '.join(values)}")
        return [code, *(int(values[name]) for name in op.params), *[0] * (self.width - 1 - len(op.params))]


CODE = 0  # every op row's column 0: its opcode


def describe() -> str:
    """Every layout and op row declared, as text: the memory map of the batched engine once its modules are
    imported (record, effects, tables and ops each declare theirs on import; scoring imports them all)."""
    lines: list[str] = []
    for layout in LAYOUTS:
        lines.append(f"{layout.name} ({layout.size - layout.start} values from {layout.start}):")
        for f in layout.fields:
            span = f"{f.offset}" if f.size == 1 else f"{f.offset}..{f.offset + f.size - 1}"
            lines.append(f"  {span:>10}  {f.name}" + (f"  {f.doc}" if f.doc else ""))
    for table in OPS_DECLARED:
        lines.append(f"{table.name} (rows of {table.width}: the code, then each op's parameters):")
        for o in table.ops:
            lines.append(f"  {o.code:>4} {o.name}({', '.join(o.params)})")
    return "\n".join(lines)
