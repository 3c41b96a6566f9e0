"""An expression's data (a number, a quantity, or an operation such as `{plus: [...]}`) to its IR record, with
the checks a schema cannot make: one operator per mapping, its companions (`round`, `over`, `ties`, `at_least`,
`at_most`) beside the right operator, and an aggregate's value reading only the player it is worked out for."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, cast

from .. import ir
from ..errors import Position
from ..said import said
from .quantities import Context as QuantityContext
from .quantities import lower_quantity
from .raw import RawMapping
from .validate import format_path

Path = Sequence[str | int]


class Context(QuantityContext, Protocol):
    """What lowering an expression needs: a quantity's needs, and the position of a key."""

    def key_at(self, *path: str | int) -> Position: ...


# The data form of each operation: its key, and the companion keys it needs (required) or takes.
LIST_OPERATORS = ("plus", "minus", "times", "min", "max")
OVER_OPERATORS = {"most": "most_over", "least": "least_over", "total": "total_over"}
FORMS = (*LIST_OPERATORS, "divide", "clamp", *OVER_OPERATORS, "rank")
COMPANIONS: dict[str, tuple[str, ...]] = {
    "divide": ("round",),
    "clamp": ("at_least", "at_most"),
    "most": ("over",),
    "least": ("over",),
    "total": ("over",),
    "rank": ("ties",),
}
REQUIRED: dict[str, tuple[str, ...]] = {"divide": ("round",), "most": ("over",), "least": ("over",)}
REQUIRED.update({"total": ("over",), "rank": ("ties",)})


def is_expression(data: object) -> bool:
    """Is this number data an expression (anything but a plain whole number or "all")?"""
    return not isinstance(data, int) and data != "all"


def lower_expression(data: int | str | RawMapping, path: Path, context: Context) -> ir.Expr:
    """The IR of an expression written at `path` (schema-valid)."""
    if isinstance(data, bool):
        raise TypeError("a truth value is not an expression (the schema refuses it)")
    if isinstance(data, int):
        return data
    if isinstance(data, str) or "count" in data or "quantity" in data:
        return ir.Read(lower_quantity(data, path, context))
    forms = [form for form in FORMS if form in data]
    if not forms:
        context.problem(context.at(*path), "expression_no_form", path=format_path(path))
        return 0
    if len(forms) != 1:
        context.problem(
            context.at(*path),
            "expression_forms",
            path=format_path(path),
            forms=said("errors.lower.list_and", rest=", ".join(forms[:-1]), last=forms[-1]),
        )
        return 0
    form = forms[0]
    _check_companions(data, form, path, context)
    if form in LIST_OPERATORS:
        args = tuple(lower_expression(arg, [*path, form, n], context) for n, arg in enumerate(data[form]))
        return ir.Arith(form, args)
    if form == "divide":
        args = tuple(lower_expression(arg, [*path, form, n], context) for n, arg in enumerate(data[form]))
        return ir.Arith("divide_up" if data.get("round") == "up" else "divide_down", args)
    value = lower_expression(data[form], [*path, form], context)
    if form == "clamp":
        return _clamp(value, data, path, context)
    _own_only(value, [*path, form], form, context)
    if form == "rank":
        return ir.Rank(value, cast(ir.RankTies, data.get("ties", "shared")))
    return ir.Over(OVER_OPERATORS[form], cast(ir.PlayerSet, data.get("over", "all")), value)


def _check_companions(data: RawMapping, form: str, path: Path, context: Context) -> None:
    """A companion key beside an operator that takes none of it; a required one missing."""
    for key in ("round", "over", "ties", "at_least", "at_most"):
        if key in data and key not in COMPANIONS.get(form, ()):
            context.problem(
                context.key_at(*path, key),
                "expression_companion",
                path=format_path([*path, key]),
                key=key,
                form=form,
            )
    for key in REQUIRED.get(form, ()):
        if key not in data:
            context.problem(context.at(*path), f"expression_needs_{key}", path=format_path(path), form=form)
    if form == "clamp" and "at_least" not in data and "at_most" not in data:
        context.problem(context.at(*path), "expression_clamp_bounds", path=format_path(path))


def _clamp(value: ir.Expr, data: RawMapping, path: Path, context: Context) -> ir.Expr:
    low, high = check_range(data, path, context)
    return ir.Clamp(value, low, high)


def check_range(data: RawMapping, path: Path, context: Context) -> tuple[int | None, int | None]:
    """`at_least` and `at_most` of a mapping (None: not given), with a problem where no value fits both."""
    low, high = data.get("at_least"), data.get("at_most")
    if low is not None and high is not None and low > high:
        context.problem(
            context.key_at(*path, "at_most"),
            "empty_range",
            path=format_path([*path, "at_most"]),
            low=low,
            high=high,
        )
    return low, high


def _own_only(value: ir.Expr, path: Path, form: str, context: Context) -> None:
    """An aggregate's value is worked out for each player in turn and reads that player's own state only."""
    for inner in ir.all_exprs(value):
        if isinstance(inner, (ir.Over, ir.Rank)) or (isinstance(inner, ir.Read) and inner.quantity.of != "self"):
            context.problem(context.at(*path), "expression_own_only", path=format_path(path), form=form)
            return
