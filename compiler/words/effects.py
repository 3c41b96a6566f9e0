"""The effect vocabulary in words: exactly one renderer per effect kind, in a `ByKind` table.

An effect whose kind has no renderer is an error (`MissingKind`, a `SheetError`), never a placeholder;
tests/test_dispatch.py proves every kind has one.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .. import ir
from ..dispatch import ByKind, MissingKind
from ..frontend.lower_effects import CONSUMES
from . import ladders
from .expressions import ExpressionWords
from .text import Rich, SheetError, Words, rich

Renderer = Callable[[Any, "Speaker"], Rich]
RENDERERS: ByKind[Renderer] = ByKind("the words (compiler/words/effects.py: RENDERERS)")


class Speaker:
    """Says effects, penalties and quantities of one ruleset in one language."""

    def __init__(self, words: Words, items: Sequence[ir.Item], resources: Sequence[ir.Resource] = ()) -> None:
        self.w = words
        self.items = {item.id: item for item in items}
        self.resources = {resource.id: resource for resource in resources}
        self.whole = False  # saying an all-or-nothing option: no "if possible"
        self.expressions = ExpressionWords(words, self.total, {r.id: r.at_least for r in resources})

    def expression(self, expr: ir.Expr) -> Rich:
        """An expression in words ("your krones minus krones of your right neighbour")."""
        return self.expressions.say(expr)

    def effect(self, effect: ir.Effect) -> Rich:
        try:
            function = RENDERERS.of(effect)
        except MissingKind as error:
            raise SheetError(str(error)) from None
        return function(effect, self)

    def effects(self, effects: Sequence[ir.Effect], empty: str = "bonus.none") -> Rich:
        if not effects:
            return self.w.rich(empty)
        if len(effects) > 1 and any(isinstance(e, ir.Conditional) for e in effects):
            return self.w.sequence([self.effect(e) for e in effects])  # "a; if ...: b; otherwise: c", in order
        return self.w.join([self.effect(e) for e in effects])

    def whole_effects(self, effects: Sequence[ir.Effect], empty: str = "bonus.none") -> Rich:
        """Effects of an all-or-nothing option, taken only if every one can be taken fully."""
        was, self.whole = self.whole, True
        try:
            return self.effects(effects, empty)
        finally:
            self.whole = was

    def penalty(self, penalty: ir.Penalty) -> Rich:
        if penalty.is_choice:
            return self.w.rich(
                "penalty.choice",
                prefer=self.whole_effects(penalty.prefer, "penalty.none"),
                otherwise=self.effects(penalty.otherwise, "penalty.none"),
            )
        return self.effects(penalty.effects, "penalty.none")

    def per(self, quantity: ir.Quantity) -> Rich:
        """A unit of the quantity, as said after 'per'."""
        return self._quantity(quantity, "per")

    def total(self, quantity: ir.Quantity) -> Rich:
        """The whole quantity."""
        return self._quantity(quantity, "total")

    def after(self, quantity: ir.Quantity, n: int | None) -> Rich:
        """The quantity as said after the number `n` ("at most 1 occupied room", "at least 2 occupied rooms");
        None: after a range of numbers (plural)."""
        return self._quantity(quantity, "one" if n is not None and abs(n) == 1 else "total")

    def _quantity(self, quantity: ir.Quantity, form: str) -> Rich:
        if quantity.of != "self":
            return self._of_other(quantity, form)
        if not quantity.name:
            return self._filtered(quantity, form)
        key = f"quantity.{quantity.name}.{form}"
        if not self.w.has(key):
            raise SheetError(f"quantity '{quantity.name}' has no phrase (sheet.{key}) in {self.w.language.file}")
        return self.w.rich(key)

    def _of_other(self, q: ir.Quantity, form: str) -> Rich:
        """A quantity read of other players: "occupied room of your left neighbour", "players with more krones
        than you"; a place in the count names the owner ("Staff cards hired by your right neighbour")."""
        own = q.own
        if q.of in ("players_with_more", "players_with_fewer"):
            return self.w.rich(f"of.{q.of}.{form}", what=self.total(own))
        owner = self.w.rich(f"of.owner.{q.of}")
        if own.count in ("cafe_guests", "objectives", "emperor_space"):
            return self.w.rich(f"count_of.{own.count}.of.{form}", owner=owner)
        if own.count in ("items", "staff"):
            return self._filtered(own, form, owner)
        return self.w.rich("of.count", what=self._quantity(own, form), owner=owner)

    def condition(self, condition: ir.Condition, nested: bool = False) -> Rich:
        """A condition as said after "if": "you have at least 3 krones", "your Emperor marker is on space 6
        or higher"; a combined one nested in another in brackets."""
        if isinstance(condition, (ir.AllOf, ir.AnyOf)):
            parts = [self.condition(part, True) for part in condition.conditions]
            said = self.w.join(parts, "" if isinstance(condition, ir.AllOf) else ".or")
            return self.w.rich("condition.nested", condition=said) if nested else said
        if isinstance(condition, ir.ZoneIs):
            if not condition.name:
                return self.w.rich(f"condition.zone.{condition.zone}")
            return self.w.rich("condition.zone.named", name=self.w.name("zones", condition.zone, condition.name))
        if isinstance(condition, ir.MostOf):
            which = "fewest" if condition.fewest else "most"
            return self.w.rich(f"condition.{which}.{condition.ties}", what=self.total(condition.quantity))
        if isinstance(condition, ir.ValueIs):
            form, values = self._bound(condition.bounds)
            bound = self.w.rich(f"condition.bound.{form}", None, **values)
            return self.w.rich("condition.value", value=self.expression(condition.value), bound=bound)
        q = None if isinstance(condition, ir.SpaceIs) else condition.quantity
        if q is None or (q.count == "emperor_space" and q.of == "self"):
            form, values = self._bound(condition.bounds)
            return self.w.rich(f"condition.space.{form}", None, **values)
        form, values = self._bound(condition.bounds)
        bound = self.w.rich(f"condition.bound.{form}", None, **values)
        n = self._said_number(condition.bounds)
        if q.of in ("players_with_more", "players_with_fewer"):
            return self.w.rich(f"condition.of.{q.of}", n, bound=bound, what=self.total(q.own))
        if q.of != "self":
            if q.count == "emperor_space":
                return self.w.rich("condition.of.value", bound=bound, what=self.total(q))
            return self.w.rich("condition.of.count", n, bound=bound, what=self.after(q, n))
        return self.w.rich("condition.have", n, bound=bound, what=self.after(q, n))

    @staticmethod
    def _said_number(bounds: ir.Bounds) -> int | None:
        """The one number a bound says right before the quantity's words (None for a range: "from 2 to 4")."""
        low, high = bounds.at_least, bounds.at_most
        if low is not None and high is not None and low != high:
            return None
        return low if low is not None else high

    @staticmethod
    def _bound(bounds: ir.Bounds) -> tuple[str, dict[str, str]]:
        """Which comparison (at_least, at_most, exactly, range) and its numbers."""
        low, high = bounds.at_least, bounds.at_most
        if low is not None and high is not None:
            return ("exactly", {"n": str(low)}) if low == high else ("range", {"low": str(low), "high": str(high)})
        if low is not None:
            return "at_least", {"n": str(low)}
        return "at_most", {"n": str(high)}

    def _filtered(self, q: ir.Quantity, form: str, owner: Rich = ()) -> Rich:
        """A filtered count in words, from its phrases: "occupied room on floors 3–4"; `owner`: another
        player whose items or Staff are counted (their place phrases name them)."""
        if q.count == "rooms":
            where = rich(self._numbers("floors", q.floors), self._numbers("columns", q.columns))
            colours = self._colours(q, ".one" if form == "one" else "")
            return self.w.rich(f"count_of.rooms.{q.state}.{form}", colours=colours, where=where)
        if q.count == "groups":
            return self.w.rich(f"count_of.groups.{form}", colours=self._colours(q))
        if q.count == "items":
            return self._counted_items(q, form, owner)
        if q.count == "resource":
            if form == "per":
                return rich(self._resource(q.resource).unit(self.w.language.id))
            return rich(self.resource_name(q.resource, 1 if form == "one" else 2))
        if q.count == "staff":
            kinds = [self.w.rich(f"count_of.staff.kind.{k}") for k in q.staff_kinds]
            said = self.w.rich("count_of.staff.kinds", kinds=self.w.join(kinds, ".or")) if kinds else ()
            where = self._place("count_of.staff." + "_".join(q.places), owner)
            return self.w.rich(f"count_of.staff.{form}", kinds=said, where=where)
        raise SheetError(f"the count '{q.count}' takes no filters")  # pragma: no cover - the front end's shorthands

    def resource_name(self, resource_id: str, count: int) -> str:
        """A declared resource's name in this language after `count` (its English one if it has none here)."""
        return self._resource(resource_id).named(self.w.language.id, count)

    def _resource(self, resource_id: str) -> ir.Resource:
        resource = self.resources.get(resource_id)
        if resource is None:
            raise SheetError(f"unknown resource '{resource_id}'")
        return resource

    def resource_amount(self, resource_id: str, count: int) -> Rich:
        """ "2 dancers" in this language."""
        return self.w.rich("resource.count", n=count, name=self.resource_name(resource_id, count))

    def _colours(self, q: ir.Quantity, form: str = "") -> Rich:
        """ "red or yellow "; `form` ".one": as said before one room (German "rotes")."""
        if not q.colours:
            return ()
        names = [self.w.rich(f"count_of.colour.{c}{form}") for c in q.colours]
        return self.w.rich("count_of.colours", colours=self.w.join(names, ".or"))

    def _numbers(self, key: str, numbers: tuple[int, ...]) -> Rich:
        """ " on floors 3–4", " in columns 1 and 3" (a run of two or more as a range); () for none."""
        if not numbers:
            return ()
        run = len(numbers) > 1 and numbers == tuple(range(numbers[0], numbers[-1] + 1))
        said = (
            self.w.rich("count_of.range", first=numbers[0], last=numbers[-1])
            if run
            else self.w.join([rich(str(n)) for n in numbers])
        )
        return self.w.rich(f"count_of.{key}", len(numbers), **{key: said})

    def _place(self, key: str, owner: Rich) -> Rich:
        """Where a count looks, in the player's own state or (`owner`) another player's."""
        return self.w.rich(f"{key}.of", owner=owner) if owner else self.w.rich(key)

    def _counted_items(self, q: ir.Quantity, form: str, owner: Rich = ()) -> Rich:
        which = q.items
        where = self._place("count_of.items." + "_".join(q.places), owner)
        if which.kinds and not which.ids and len(which.kinds) == 1:
            text = self.w.rich(f"count_of.items.{which.kinds[0]}.{form}")
        elif which.ids or which.kinds:
            n = 2 if form == "total" else 1  # "Cakes or Wines", "Cake or Wine"
            names = self._names([*which.ids, *(self._kind(k, n) for k in which.kinds)], ".or", n)
            text = self.w.rich(f"count_of.items.named.{form}", names=names)
        else:
            text = self.w.rich(f"count_of.items.any.{form}")
        if which.excluding:
            text = self.w.rich("count_of.items.except", what=text, names=self._names(which.excluding, ".or"))
        return rich(text, where)

    def _names(self, ids: Sequence[str], conjunction: str, count: int = 1) -> Rich:
        """Items by id (other words as they are), named as after `count` ("Cake", "Cakes")."""
        return self.w.join([rich(self.items[i].named(count) if i in self.items else i) for i in ids], conjunction)

    def _kind(self, kind: str, count: int) -> str:
        """An item kind as after `count`: "dish", "dishes"."""
        return self.w.text(f"item.kind.{kind}" if abs(count) == 1 else f"item.kinds.{kind}")

    def some_items(self, count: int, which: ir.ItemFilter) -> Rich:
        """`count` items a filter lets through: "2 dishes or drinks", "1 drink other than Champagne",
        "2 Cake or Strudel"."""
        if which.kinds and not which.ids:
            noun = "item" if len(which.kinds) > 1 else which.kinds[0]
            text = self.w.count(count, noun)
        elif which.ids or which.kinds:
            names = self._names([*which.ids, *(self._kind(k, count) for k in which.kinds)], ".or", count)
            text = self.w.rich("which.named", n=count, names=names)
        else:
            text = self.w.count(count, "item")
        return self._except(text, which)

    def every_item(self, which: ir.ItemFilter) -> Rich:
        """Every item a filter lets through: "every dish", "all Cakes and Strudels"."""
        if which.kinds and not which.ids:
            text = self.w.rich("which.every." + ("item" if len(which.kinds) > 1 else which.kinds[0]))
        elif which.ids or which.kinds:
            names = self._names([*which.ids, *(self._kind(k, 2) for k in which.kinds)], "", 2)
            text = self.w.rich("which.every.named", names=names)
        else:
            text = self.w.rich("which.every.item")
        return self._except(text, which)

    def _except(self, text: Rich, which: ir.ItemFilter) -> Rich:
        if not which.excluding:
            return text
        return self.w.rich("which.except", what=text, names=self._names(which.excluding, ".or"))

    def staff_cards(self, count: int, kind: ir.StaffFilter) -> Rich:
        """`count` Staff cards of a kind: "1 game-end Staff card"."""
        return self.w.rich("effect.staff_of_kind", count, n=count, kind=self.w.rich(f"staff_kind.{kind}"))

    def cost(self, discount: ir.Discount) -> Rich:
        if discount == "all":
            return self.w.rich("cost.free")
        if discount == 0:
            return self.w.rich("cost.printed")
        return self.w.rich("cost.discount", krones=self.w.count(discount, "krone"))


# --- one renderer per effect kind ----------------------------------------------------


@RENDERERS.on(ir.GainKrones)
def _gain_krones(effect: ir.GainKrones, s: Speaker) -> Rich:
    return s.w.rich("effect.gain_krones", krones=s.w.count(effect.amount, "krone"))


@RENDERERS.on(ir.LoseKrones)
def _lose_krones(effect: ir.LoseKrones, s: Speaker) -> Rich:
    if effect.amount == "all":
        return s.w.rich("effect.lose_krones.all")
    return s.w.rich("effect.lose_krones", krones=s.w.count(effect.amount, "krone"))


@RENDERERS.on(ir.GainPoints)
def _gain_points(effect: ir.GainPoints, s: Speaker) -> Rich:
    return s.w.rich("effect.gain_points", points=s.w.count(effect.amount, "point"))


@RENDERERS.on(ir.LosePoints)
def _lose_points(effect: ir.LosePoints, s: Speaker) -> Rich:
    if effect.amount == "all":
        return s.w.rich("effect.lose_points.all")
    return s.w.rich("effect.lose_points", points=s.w.count(effect.amount, "point"))


@RENDERERS.on(ir.GainItems)
def _gain_items(effect: ir.GainItems, s: Speaker) -> Rich:
    parts = []
    for item_id, count in effect.items:
        item = s.items.get(item_id)
        if item is None:
            raise SheetError(f"unknown item '{item_id}'")
        parts.append(s.w.rich(f"item.count.{item.kind}", n=count, name=item.named(count)))
    return s.w.rich("effect.gain_items", items=s.w.join(parts))


@RENDERERS.on(ir.ChooseItems)
def _choose_items(effect: ir.ChooseItems, s: Speaker) -> Rich:
    key = "effect.choose_items.serve" if effect.may_serve_guests else "effect.choose_items"
    return s.w.rich(key, items=s.some_items(effect.count, effect.which))


@RENDERERS.on(ir.ReturnItems)
def _return_items(effect: ir.ReturnItems, s: Speaker) -> Rich:
    if effect.count == "all":
        where = s.w.join([s.w.rich(f"effect.return_items.{source}") for source in effect.sources])
        return s.w.rich("effect.return_items", every=s.every_item(effect.which), where=where)
    where = s.w.join([s.w.rich(f"effect.return_items.from.{source}") for source in effect.sources], ".or")
    return s.w.rich("effect.return_items.count", items=s.some_items(effect.count, effect.which), where=where)


@RENDERERS.on(ir.DrawStaff)
def _draw_staff(effect: ir.DrawStaff, s: Speaker) -> Rich:
    cards = s.w.count(effect.count, "staff")
    rest = ".hand" if effect.rest == "hand" else ""
    if effect.play == 0:
        return s.w.rich(f"effect.draw_staff.none{rest}", cards=cards)
    play = s.w.rich("effect.draw_staff.play", effect.play, n=effect.play)
    return s.w.rich(f"effect.draw_staff{rest}", cards=cards, play=play, cost=s.cost(effect.discount))


@RENDERERS.on(ir.StaffToDeckBottom)
def _staff_to_deck_bottom(effect: ir.StaffToDeckBottom, s: Speaker) -> Rich:
    key = "effect.staff_to_deck_top" if effect.to == "top" else "effect.staff_to_deck_bottom"
    return s.w.rich(key, cards=s.w.count(effect.count, "staff"))


@RENDERERS.on(ir.PrepareRoom)
def _prepare_room(effect: ir.PrepareRoom, s: Speaker) -> Rich:
    if effect.floors is None:
        where = s.w.rich("effect.prepare_room.anywhere")
    else:
        where = s.w.rich("effect.prepare_room.floors", floors=s.w.join([rich(f) for f in effect.floors], ".or"))
    cost = s.w.rich("cost.free" if effect.free else "cost.room.normal")
    key = "effect.prepare_room.occupy" if effect.occupy else "effect.prepare_room"
    text = s.w.rich(key, rooms=s.w.count(1, "room"), cost=cost, where=where)
    if effect.floors is not None:
        text = rich(text, s.w.rich("effect.prepare_room.none_legal"))
    return text


@RENDERERS.on(ir.OccupyVacantRooms)
def _occupy_vacant_rooms(effect: ir.OccupyVacantRooms, s: Speaker) -> Rich:
    return s.w.rich("effect.occupy_vacant_rooms", rooms=s.w.count(effect.count, "room"))


@RENDERERS.on(ir.RemoveRooms)
def _remove_rooms(effect: ir.RemoveRooms, s: Speaker) -> Rich:
    rooms = s.w.count(effect.count, f"{effect.state}_room")
    state = s.w.rich(f"room_state.{effect.state}")
    key = f"effect.remove_rooms.{effect.pick}"
    if effect.count == 1:
        key += ".one"
    elif effect.count == 2 and effect.pick != "each_highest":
        key += ".two"
    if s.whole and effect.count > 1 and effect.pick != "each_highest":
        key += ".whole"  # taken in full or not at all: no "if possible"
    return s.w.rich(key, rooms=rooms, state=state)


@RENDERERS.on(ir.PointsPerQuantity)
def _points_per_quantity(effect: ir.PointsPerQuantity, s: Speaker) -> Rich:
    key = "effect.points_per_quantity.gain" if effect.points >= 0 else "effect.points_per_quantity.lose"
    return s.w.rich(key, points=s.w.count(abs(effect.points), "point"), unit=s.per(effect.quantity))


@RENDERERS.on(ir.PlayStaffFromHand)
def _play_staff_from_hand(effect: ir.PlayStaffFromHand, s: Speaker) -> Rich:
    cards = s.staff_cards(effect.count, effect.staff_kind)
    return s.w.rich("effect.play_staff_from_hand", cards=cards, cost=s.cost(effect.discount))


@RENDERERS.on(ir.RemoveHiredStaff)
def _remove_hired_staff(effect: ir.RemoveHiredStaff, s: Speaker) -> Rich:
    return s.w.rich("effect.remove_hired_staff", cards=s.staff_cards(effect.count, effect.staff_kind))


@RENDERERS.on(ir.AdvanceEmperor)
def _advance_emperor(effect: ir.AdvanceEmperor, s: Speaker) -> Rich:
    return s.w.rich("effect.advance_emperor", steps=s.w.count(effect.steps, "space"))


@RENDERERS.on(ir.ChooseOne)
def _choose_one(effect: ir.ChooseOne, s: Speaker) -> Rich:
    options = [s.whole_effects(option) for option in effect.options]
    if len(options) == 1:
        return s.w.rich("effect.choose_one.may" if effect.may_decline else "effect.choose_one.must", option=options[0])
    numbered = [s.w.rich("effect.choose_one.option", n=number, option=o) for number, o in enumerate(options, 1)]
    if effect.may_decline:
        key = "effect.choose_one.may_choose"
    else:  # say what happens when no option can be taken in full, where one might not be
        can_fail = any(CONSUMES.of(e)(e) for option in effect.options for e in option)
        key = "effect.choose_one.or_nothing" if can_fail else "effect.choose_one"
    return s.w.rich(key, options=s.w.join(numbered, ".or"))


@RENDERERS.on(ir.Conditional)
def _conditional(effect: ir.Conditional, s: Speaker) -> Rich:
    ladder = ladders.say(effect, s)  # a chain on one quantity, each rung a fixed amount: one sentence
    if ladder is not None:
        return ladder
    condition, then = s.condition(effect.condition), s.effects(effect.then)
    if not effect.otherwise:
        return s.w.rich("effect.if", condition=condition, then=then)
    return s.w.rich("effect.if.otherwise", condition=condition, then=then, otherwise=s.effects(effect.otherwise))


# --- declared resources --------------------------------------------------------------------


@RENDERERS.on(ir.GainResource)
def _gain_resource(effect: ir.GainResource, s: Speaker) -> Rich:
    return s.w.rich("effect.gain_resource", amount=s.resource_amount(effect.resource, effect.amount))


@RENDERERS.on(ir.LoseResource)
def _lose_resource(effect: ir.LoseResource, s: Speaker) -> Rich:
    if effect.amount == "all":
        return s.w.rich("effect.lose_resource.all", name=s.resource_name(effect.resource, 2))
    return s.w.rich("effect.lose_resource", amount=s.resource_amount(effect.resource, effect.amount))


# --- changes by an expression ----------------------------------------------------------------


def _per_unit(expr: ir.Expr) -> tuple[int, ir.Quantity] | None:
    """A whole number times one of the player's own quantities (either order), or the quantity alone (1 per
    unit): said "n per unit"."""
    if isinstance(expr, ir.Read) and expr.quantity.of == "self":
        return 1, expr.quantity
    if not (isinstance(expr, ir.Arith) and expr.operator == "times" and len(expr.args) == 2):
        return None
    first, second = expr.args
    number_, read = (first, second) if isinstance(first, int) else (second, first)
    if isinstance(number_, int) and number_ > 0 and isinstance(read, ir.Read) and read.quantity.of == "self":
        return number_, read.quantity
    return None


@RENDERERS.on(ir.Change)
def _change(effect: ir.Change, s: Speaker) -> Rich:
    side = "gain" if effect.gain else "lose"
    per = _per_unit(effect.amount)
    if per is not None:
        n, quantity = per
        if effect.what == "points":
            return s.w.rich(f"effect.points_per_quantity.{side}", points=s.w.count(n, "point"), unit=s.per(quantity))
        amount = s.w.count(n, "krone") if effect.what == "krones" else s.resource_amount(effect.resource, n)
        return s.w.rich(f"effect.change.{side}.per", amount=amount, unit=s.per(quantity))
    value = s.expression(effect.amount)
    if effect.what == "resource":
        said = s.w.rich(f"effect.change.{side}.resource", name=s.resource_name(effect.resource, 2), value=value)
    else:
        said = s.w.rich(f"effect.change.{side}.{effect.what}", value=value)
    if s.expressions.can_be_negative(effect.amount):
        return rich(said, s.w.template("effect.change.floor"))
    return said


# --- effects on other players ------------------------------------------------------------------


@RENDERERS.on(ir.ForPlayers)
def _for_players(effect: ir.ForPlayers, s: Speaker) -> Rich:
    """ "each other player, as “you”, if you have at least 3 krones: lose 2 krones": the effects said as to
    each of those players (the sheet's rulings say in which order and how they are read)."""
    players, effects = s.w.rich(f"for_players.{effect.players}"), s.effects(effect.effects)
    if effect.condition is None:
        return s.w.rich("effect.for_players", players=players, effects=effects)
    return s.w.rich("effect.for_players.if", players=players, condition=s.condition(effect.condition), effects=effects)
