"""English for the effect vocabulary: exactly one renderer per effect kind, in a registry.

An effect whose kind has no renderer is an error (`SheetError`), never a placeholder; a test walks
`ir.EFFECT_KINDS` to prove every kind has one.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from compiler import ir
from compiler.sheets.text import Rich, SheetError, Words, rich

Renderer = Callable[[Any, "Speaker"], Rich]
RENDERERS: dict[str, Renderer] = {}


def renderer(kind: str) -> Callable[[Renderer], Renderer]:
    """Register the English renderer of one effect kind (a second one for the same kind is an error)."""
    if kind not in ir.EFFECT_KINDS:
        raise SheetError(f"renderer for unknown effect kind '{kind}'")

    def register(function: Renderer) -> Renderer:
        if kind in RENDERERS:
            raise SheetError(f"effect kind '{kind}' has two renderers")
        RENDERERS[kind] = function
        return function

    return register


class Speaker:
    """Says effects, penalties and quantities of one ruleset in one language."""

    def __init__(self, words: Words, items: Sequence[ir.Item]) -> None:
        self.w = words
        self.items = {item.id: item for item in items}

    def effect(self, effect: ir.Effect) -> Rich:
        kind = ir.effect_kind(effect)
        function = RENDERERS.get(kind)
        if function is None:
            raise SheetError(f"effect kind '{kind}' has no English renderer (compiler/sheets/effects.py)")
        return function(effect, self)

    def effects(self, effects: Sequence[ir.Effect], empty: str = "bonus.none") -> Rich:
        if not effects:
            return self.w.rich(empty)
        return self.w.join([self.effect(e) for e in effects])

    def penalty(self, penalty: ir.Penalty) -> Rich:
        if penalty.is_choice:
            return self.w.rich(
                "penalty.choice",
                prefer=self.effects(penalty.prefer, "penalty.none"),
                otherwise=self.effects(penalty.otherwise, "penalty.none"),
            )
        return self.effects(penalty.effects, "penalty.none")

    def per(self, quantity: str) -> Rich:
        """A unit of the quantity, as said after 'per'."""
        return self._quantity(quantity, "per")

    def total(self, quantity: str) -> Rich:
        """The whole quantity."""
        return self._quantity(quantity, "total")

    def _quantity(self, quantity: str, form: str) -> Rich:
        key = f"quantity.{quantity}.{form}"
        if quantity not in ir.QUANTITIES or not self.w.has(key):
            raise SheetError(f"quantity '{quantity}' has no English phrase ({key})")
        return self.w.rich(key)

    def cost(self, discount: ir.Discount) -> Rich:
        if discount == "all":
            return self.w.rich("cost.free")
        if discount == 0:
            return self.w.rich("cost.printed")
        return self.w.rich("cost.discount", krones=self.w.count(discount, "krone"))


# --- one renderer per effect kind ----------------------------------------------------


@renderer("gain_krones")
def _gain_krones(effect: ir.GainKrones, s: Speaker) -> Rich:
    return s.w.rich("effect.gain_krones", krones=s.w.count(effect.amount, "krone"))


@renderer("lose_krones")
def _lose_krones(effect: ir.LoseKrones, s: Speaker) -> Rich:
    return s.w.rich("effect.lose_krones", krones=s.w.count(effect.amount, "krone"))


@renderer("gain_points")
def _gain_points(effect: ir.GainPoints, s: Speaker) -> Rich:
    return s.w.rich("effect.gain_points", points=s.w.count(effect.amount, "point"))


@renderer("lose_points")
def _lose_points(effect: ir.LosePoints, s: Speaker) -> Rich:
    return s.w.rich("effect.lose_points", points=s.w.count(effect.amount, "point"))


@renderer("gain_items")
def _gain_items(effect: ir.GainItems, s: Speaker) -> Rich:
    parts = []
    for item_id, count in effect.items:
        item = s.items.get(item_id)
        if item is None:
            raise SheetError(f"unknown item '{item_id}'")
        parts.append(s.w.rich(f"item.count.{item.kind}", n=count, name=item.name))
    return s.w.rich("effect.gain_items", items=s.w.join(parts))


@renderer("choose_items")
def _choose_items(effect: ir.ChooseItems, s: Speaker) -> Rich:
    key = "effect.choose_items.serve" if effect.may_serve_guests else "effect.choose_items"
    return s.w.rich(key, items=s.w.count(effect.count, "item"))


@renderer("return_items")
def _return_items(effect: ir.ReturnItems, s: Speaker) -> Rich:
    where = s.w.join([s.w.rich(f"effect.return_items.{source}") for source in effect.sources])
    return s.w.rich("effect.return_items", where=where)


@renderer("draw_staff")
def _draw_staff(effect: ir.DrawStaff, s: Speaker) -> Rich:
    cards = s.w.count(effect.count, "staff")
    if effect.play == 0:
        return s.w.rich("effect.draw_staff.none", cards=cards)
    play = s.w.rich("effect.draw_staff.play.one" if effect.play == 1 else "effect.draw_staff.play.other", n=effect.play)
    return s.w.rich("effect.draw_staff", cards=cards, play=play, cost=s.cost(effect.discount))


@renderer("staff_to_deck_bottom")
def _staff_to_deck_bottom(effect: ir.StaffToDeckBottom, s: Speaker) -> Rich:
    return s.w.rich("effect.staff_to_deck_bottom", cards=s.w.count(effect.count, "staff"))


@renderer("prepare_room")
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


@renderer("occupy_vacant_rooms")
def _occupy_vacant_rooms(effect: ir.OccupyVacantRooms, s: Speaker) -> Rich:
    return s.w.rich("effect.occupy_vacant_rooms", rooms=s.w.count(effect.count, "room"))


@renderer("remove_rooms")
def _remove_rooms(effect: ir.RemoveRooms, s: Speaker) -> Rich:
    rooms = s.w.count(effect.count, f"{effect.state}_room")
    state = s.w.rich(f"room_state.{effect.state}")
    key = f"effect.remove_rooms.{effect.pick}"
    if effect.count == 1:
        key += ".one"
    elif effect.count == 2 and effect.pick == "highest_then_strictly_below":
        key += ".two"
    return s.w.rich(key, rooms=rooms, state=state)


@renderer("points_per_quantity")
def _points_per_quantity(effect: ir.PointsPerQuantity, s: Speaker) -> Rich:
    key = "effect.points_per_quantity.gain" if effect.points >= 0 else "effect.points_per_quantity.lose"
    return s.w.rich(key, points=s.w.count(abs(effect.points), "point"), unit=s.per(effect.quantity))


@renderer("play_staff_from_hand")
def _play_staff_from_hand(effect: ir.PlayStaffFromHand, s: Speaker) -> Rich:
    return s.w.rich("effect.play_staff_from_hand", cards=s.w.count(effect.count, "staff"), cost=s.cost(effect.discount))


@renderer("remove_hired_staff")
def _remove_hired_staff(effect: ir.RemoveHiredStaff, s: Speaker) -> Rich:
    form = "one" if effect.count == 1 else "other"
    cards = s.w.rich(
        f"effect.remove_hired_staff.cards.{form}", n=effect.count, kind=s.w.rich(f"staff_kind.{effect.staff_kind}")
    )
    return s.w.rich("effect.remove_hired_staff", cards=cards)


@renderer("advance_emperor")
def _advance_emperor(effect: ir.AdvanceEmperor, s: Speaker) -> Rich:
    return s.w.rich("effect.advance_emperor", steps=s.w.count(effect.steps, "space"))
