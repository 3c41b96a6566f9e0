"""A ladder said in one sentence: an `if` chain on one of the player's quantities (nested if/otherwise,
consecutive bounds) whose rungs each gain or lose a fixed amount, said as a table of values ("score points by
your krones: 0–4: 1 point, 5–9: 3 points, 10 or more: 5 points") instead of nested conditions."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .. import ir
from .expressions import lowest
from .text import Rich, rich

if TYPE_CHECKING:
    from .effects import Speaker

# The effects a rung may hold: a fixed gain or loss, said by its amount after the ladder's verb.
_FIXED = (ir.GainPoints, ir.LosePoints, ir.GainKrones, ir.LoseKrones, ir.GainResource, ir.LoseResource)
_RESOURCE = (ir.GainResource, ir.LoseResource)
_VERB: dict[type, str] = {
    ir.GainPoints: "gain_points",
    ir.LosePoints: "lose_points",
    ir.GainKrones: "gain_krones",
    ir.LoseKrones: "lose_krones",
    ir.GainResource: "gain_resource",
    ir.LoseResource: "lose_resource",
}


@dataclass(frozen=True)
class Rung:
    """The values from `low` to `high` (None: no end) and what they give."""

    low: int | None
    high: int | None
    effects: tuple[ir.Effect, ...]


def rungs(effect: ir.Conditional, floor: int | None) -> list[Rung] | None:
    """The rungs of a ladder, lowest values first; None when `effect` is no ladder (fewer than two conditions,
    another quantity or player, bounds that leave a gap in the middle, a rung that is not a fixed amount).
    `floor`: the least value the quantity can take (None: unknown)."""
    quantity = _quantity(effect)
    if quantity is None:
        return None
    found: list[Rung] = []
    low, high = floor, None  # the values no rung above has taken yet
    rest: tuple[ir.Effect, ...] = (effect,)
    while len(rest) == 1 and isinstance(rest[0], ir.Conditional) and _quantity(rest[0]) == quantity:
        step = rest[0]
        assert isinstance(step.condition, ir.QuantityIs)
        taken = _cut(step.condition.bounds, low, high)
        if taken is None or not _fixed(step.then):
            return None
        rung, low, high = taken
        found.append(Rung(rung[0], rung[1], step.then))
        rest = step.otherwise
    if len(found) < 2 or not _fixed(rest):
        return None
    if low is not None and high is not None and low > high:
        return sorted(found, key=_order) if not rest else None  # nothing is left for the last "otherwise"
    return sorted([*found, Rung(low, high, rest)], key=_order)


def _quantity(effect: ir.Effect) -> ir.Quantity | None:
    if not isinstance(effect, ir.Conditional) or not isinstance(effect.condition, ir.QuantityIs):
        return None
    quantity = effect.condition.quantity
    return quantity if quantity.of == "self" and quantity.count != "emperor_space" else None


def _cut(
    bounds: ir.Bounds, low: int | None, high: int | None
) -> tuple[tuple[int | None, int | None], int | None, int | None] | None:
    """The values a rung takes of those left (`low` to `high`) and what it leaves; None unless it takes an
    end of them and leaves the rest in one piece."""
    first = bounds.at_least if bounds.at_least is not None and (low is None or bounds.at_least > low) else low
    last = bounds.at_most if bounds.at_most is not None and (high is None or bounds.at_most < high) else high
    if first is not None and last is not None and first > last:
        return None  # the rung takes nothing
    if first == low and last != high:
        assert last is not None
        return (first, last), last + 1, high
    if last == high and first != low:
        assert first is not None
        return (first, last), low, first - 1
    return None


def _fixed(effects: tuple[ir.Effect, ...]) -> bool:
    """Nothing, or one fixed gain or loss."""
    return not effects or (len(effects) == 1 and isinstance(effects[0], _FIXED) and isinstance(effects[0].amount, int))


def _order(rung: Rung) -> int:
    return rung.low if rung.low is not None else -(10**9)


def say(effect: ir.Conditional, s: Speaker) -> Rich | None:
    """The ladder in one sentence, or None when `effect` is no ladder."""
    condition = effect.condition
    if not isinstance(condition, ir.QuantityIs):
        return None
    quantity = condition.quantity
    found = rungs(effect, lowest(ir.Read(quantity), s.expressions.floors))
    if found is None:
        return None
    kinds = {type(e) for rung in found for e in rung.effects}
    resources = {e.resource for rung in found for e in rung.effects if isinstance(e, _RESOURCE)}
    alike = len(kinds) == 1 and len(resources) <= 1
    said = [s.w.rich("ladder.rung", values=_values(s, rung), what=_amount(s, rung, alike)) for rung in found]
    items: Rich = ()
    for index, item in enumerate(said):
        items = rich(items, s.w.template("ladder.sep") if index else "", item)
    key = f"effect.ladder.{_VERB[next(iter(kinds))]}" if alike else "effect.ladder"
    name = s.resource_name(next(iter(resources)), 2) if resources else ""
    return s.w.rich(key, value=s.expression(ir.Read(quantity)), rungs=items, name=name)


def _values(s: Speaker, rung: Rung) -> Rich:
    low, high = rung.low, rung.high
    if low is None:
        return s.w.rich("ladder.values.up_to", n=high if high is not None else 0)
    if high is None:
        return s.w.rich("ladder.values.from", n=low)
    if low == high:
        return s.w.rich("ladder.values.one", n=low)
    return s.w.rich("ladder.values.range", low=low, high=high)


def _amount(s: Speaker, rung: Rung, alike: bool) -> Rich:
    """What a rung gives: its amount after the ladder's verb (`alike`), else the effect in full."""
    if not rung.effects:
        return s.w.rich("bonus.none")
    effect = rung.effects[0]
    if not alike:
        return s.effect(effect)
    assert isinstance(effect, _FIXED) and isinstance(effect.amount, int)  # rungs() let only these through
    if isinstance(effect, (ir.GainPoints, ir.LosePoints)):
        return s.w.count(effect.amount, "point")
    if isinstance(effect, (ir.GainKrones, ir.LoseKrones)):
        return s.w.count(effect.amount, "krone")
    return s.resource_amount(effect.resource, effect.amount)
