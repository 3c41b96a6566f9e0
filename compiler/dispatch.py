"""The one dispatch style every stage uses for effect kinds: a `ByKind` table of one function per kind.

A stage declares its table (`LINES = ByKind("Python generator")`), registers one function per kind
with `@LINES.on(ir.GainKrones)`, and calls `LINES.of(effect)(effect, ...)`. A kind without a function
is an error naming the stage and the kind, never a silent placeholder; `ByKind.tables` lists every
table, and tests/test_dispatch.py checks each covers every kind of `ir.EFFECT_KINDS`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, Generic, TypeVar

from . import ir

F = TypeVar("F", bound=Callable[..., Any])


class MissingKind(Exception):
    """A stage met an effect kind it has no function for (a bug of the compiler, never of the data)."""


class ByKind(Generic[F]):
    """One stage's function per effect kind."""

    tables: ClassVar[list[ByKind[Any]]] = []

    def __init__(self, stage: str) -> None:
        self.stage = stage
        self.functions: dict[type, F] = {}
        ByKind.tables.append(self)

    def on(self, *kinds: type) -> Callable[[F], F]:
        """Register the decorated function for these effect classes (a second function for one is an error)."""
        for kind in kinds:
            if kind not in ir.EFFECT_KINDS.values():
                raise MissingKind(f"{self.stage}: {kind.__name__} is not an effect kind of compiler/ir.py")

        def register(function: F) -> F:
            for kind in kinds:
                if kind in self.functions:
                    raise MissingKind(f"{self.stage}: effect kind {kind.__name__} has two functions")
                self.functions[kind] = function
            return function

        return register

    def of(self, effect: object) -> F:
        """The function for an effect (or an effect class)."""
        kind = effect if isinstance(effect, type) else type(effect)
        function = self.functions.get(kind)
        if function is None:
            raise MissingKind(f"{self.stage} has no function for effect kind {kind.__name__}")
        return function

    def missing(self) -> list[str]:
        """The data names of the effect kinds this table has no function for."""
        return [name for name, cls in ir.EFFECT_KINDS.items() if cls not in self.functions]
