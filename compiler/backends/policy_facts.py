"""What the default policy may take for granted about a ruleset, read from its IR (every backend uses these).

The generated code searches a turn whole only where it can ask a decision (decides), lets a free room
that ends a tile's bonus go untested against "none" where a room never hurts (bonus_room_wins), tries
one space per printed-points value for a free vacant room that ends a bonus where nothing after it looks
(bonus_boosters_only_gain; quiet games only, see prepare_room), and tries serving café guests only where
that could pay (serving_pays).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from .. import ir
from ..dispatch import ByKind


class Traits(NamedTuple):
    """What the policy may assume of one effect kind: whether it can ask the player a decision, and
    whether it only ever gains (points, krones, items, steps) without looking at anything."""

    decides: bool
    only_gains: bool


TRAITS: ByKind[Callable[[Any], Traits]] = ByKind("the policy facts (compiler/backends/policy_facts.py: TRAITS)")


@TRAITS.on(ir.GainPoints, ir.GainKrones, ir.GainItems, ir.AdvanceEmperor)
def _gains(_effect: ir.Effect) -> Traits:
    return Traits(decides=False, only_gains=True)


@TRAITS.on(ir.LoseKrones, ir.LosePoints, ir.PointsPerQuantity, ir.Conditional, ir.Change, ir.ForPlayers)
def _plain(_effect: ir.Effect) -> Traits:
    return Traits(decides=False, only_gains=False)


@TRAITS.on(ir.ReturnItems)
def _returns(effect: ir.ReturnItems) -> Traits:
    return Traits(decides=effect.count != "all", only_gains=False)


@TRAITS.on(
    ir.ChooseItems,
    ir.DrawStaff,
    ir.StaffToDeckBottom,
    ir.PrepareRoom,
    ir.OccupyVacantRooms,
    ir.RemoveRooms,
    ir.PlayStaffFromHand,
    ir.RemoveHiredStaff,
    ir.ChooseOne,
)
def _deciding(_effect: ir.Effect) -> Traits:
    return Traits(decides=True, only_gains=False)


@TRAITS.on(ir.GainResource)
def _gains_resource(_effect: ir.Effect) -> Traits:
    return Traits(decides=False, only_gains=True)


@TRAITS.on(ir.LoseResource)
def _loses_resource(_effect: ir.Effect) -> Traits:
    return Traits(decides=False, only_gains=False)


def traits(effect: ir.Effect) -> Traits:
    return TRAITS.of(effect)(effect)


def decides(effects: tuple[ir.Effect, ...]) -> bool:
    """Can these effects ask the player a decision? (Then the generated code searches the whole turn.) A
    conditional asks none itself (it reads the player), but the effects of its branches may."""
    return any(traits(effect).decides for effect in ir.all_effects(effects))


ROOM_QUANTITIES = {
    "occupied_rooms",
    "occupied_red_rooms",
    "occupied_blue_rooms",
    "occupied_yellow_rooms",
    "vacant_rooms",
    "room_tiles",
    "full_floors",
    "full_columns",
    "full_groups",
    "colour_sets",
    "krones",
    "emperor_position",
}
# What a room placed can raise (the counts of ROOM_QUANTITIES, whatever their filters).
ROOM_COUNTS = {"rooms", "full_floors", "full_columns", "groups", "colour_sets", "krones", "emperor_space"}


def rooms_never_hurt(ruleset: ir.Ruleset) -> bool:
    """Is one more room (placed free, vacant or occupied) never worth less to the projected total?

    True when everything a room can change counts for the player: printed points, group rewards and
    steps beyond the track are not negative, and no final-scoring source or game-end Staff counts a
    quantity a room can raise (rooms, full floors, columns, groups, sets, krones, the Emperor marker)
    against the player. A room never lowers any of those quantities."""
    hotel = ruleset.hotel
    if any(points < 0 for _cell, points in hotel.printed_points) or ruleset.track.points_per_step_beyond < 0:
        return False
    if any(amount < 0 for _colour, reward in hotel.group_rewards for _size, amount in reward.by_size):
        return False
    if any(
        s.source == "occupied_rooms_by_floor" and min(s.points_by_floor, default=0) < 0 for s in ruleset.final_scoring
    ):
        return False
    if final_expressions(ruleset):
        return False  # an expression may count a room against the player (a difference, a rank)
    return all(points >= 0 for quantity, points in final_uses(ruleset) if quantity.count in ROOM_COUNTS)


def final_uses(ruleset: ir.Ruleset) -> list[tuple[ir.Quantity, int]]:
    """Each quantity final scoring counts (per-quantity sources, then game-end Staff) with its points per unit."""
    uses = [(s.per, s.points) for s in ruleset.final_scoring if s.source == "per_quantity" and s.per is not None]
    uses += [(c.game_end.per, c.game_end.points) for c in ruleset.staff if c.game_end and c.game_end.per]
    return own_uses(uses)


def own_uses(uses: list[tuple[ir.Quantity, int]]) -> list[tuple[ir.Quantity, int]]:
    """`uses`, and for each that reads other players, its count of the player's own state either way: how many
    players have more (fewer) than the player, or who leads, moves with the player's own count."""
    found = list(uses)
    for quantity, points in uses:
        if quantity.of != "self":
            found += [(quantity.own, points), (quantity.own, -points)]
    return found


def every_quantity(ruleset: ir.Ruleset) -> tuple[ir.Quantity, ...]:
    """Every quantity a ruleset counts (effects, final scoring, game-end Staff, tie-breakers), each once, in
    that order."""
    used = [e.quantity for e in every_effect(ruleset) if isinstance(e, ir.PointsPerQuantity)]
    used += [quantity for quantity, _points in final_uses(ruleset)]
    used += [q for t in ruleset.tiebreakers for q in t.quantities]
    used += condition_quantities(ruleset)
    # A quantity read of other players counts with the function of the player's own (listed first).
    used = [part for q in used for part in ((q.own, q) if q.of != "self" else (q,))]
    return tuple(dict.fromkeys(used))


def resources_in_play(ruleset: ir.Ruleset) -> tuple[ir.Resource, ...]:
    """The declared resources something changes, counts or scores (the sheets state their rules)."""
    used = {e.resource for e in every_effect(ruleset) if isinstance(e, (ir.GainResource, ir.LoseResource))}
    used |= {q.resource for q in every_quantity(ruleset) if q.count == "resource"}
    return tuple(r for r in ruleset.resources if r.id in used)


def every_effect(ruleset: ir.Ruleset) -> tuple[ir.Effect, ...]:
    """Every effect of a ruleset's tiles and Staff, options of choices included."""
    effects: list[ir.Effect] = []
    for tile in ruleset.tiles:
        effects += [*tile.bonus, *tile.penalty.effects, *tile.penalty.prefer, *tile.penalty.otherwise]
    for card in ruleset.staff:
        effects += [*card.once, *card.emperor_bonus]
    return ir.all_effects(tuple(effects))


def items_alike(ruleset: ir.Ruleset) -> bool:
    """Is every item kind worth the same to the policy? Only if no effect singles out items by a filter
    (gaining named items is fine: what is gained is not chosen)."""
    for effect in every_effect(ruleset):
        if isinstance(effect, (ir.ChooseItems, ir.ReturnItems)) and not effect.which.is_any:
            return False
    return all(q.items.is_any for q in every_quantity(ruleset))


def serving_pays(ruleset: ir.Ruleset) -> bool:
    """Could an item on a café guest ever be worth more than in the kitchen? Only if something counts the
    items on guests, or counts kitchen items against the player; otherwise the policy never serves."""
    uses = final_uses(ruleset)
    uses += own_uses([(e.quantity, e.points) for e in every_effect(ruleset) if isinstance(e, ir.PointsPerQuantity)])
    # A condition on items in the kitchen or on guests can make either place the better one.
    uses += [(q, -1) for q in condition_quantities(ruleset) if q.count == "items"]
    return any(q.count == "items" and ("cafe" in q.places or points < 0) for q, points in uses)


def condition_quantities(ruleset: ir.Ruleset) -> list[ir.Quantity]:
    """The quantities the conditions of a ruleset's effects read, then those its expressions read (amounts of
    changes, values compared), in order, each once."""
    found: list[ir.Quantity] = [q for value in final_expressions(ruleset) for q in ir.expr_quantities(value)]
    for effect in every_effect(ruleset):
        for read in ir.effect_conditions(effect):
            for part in ir.all_conditions(read):
                if isinstance(part, (ir.QuantityIs, ir.MostOf)):
                    found.append(part.quantity)
                elif isinstance(part, ir.ValueIs):
                    found += ir.expr_quantities(part.value)
        if isinstance(effect, ir.Change):
            found += ir.expr_quantities(effect.amount)
    return list(dict.fromkeys(found))


def compared_expressions(ruleset: ir.Ruleset) -> tuple[ir.Expr, ...]:
    """The expressions explanations name: those the conditions of a ruleset's effects compare (ValueIs), then
    the values of its expression final-scoring sources, each once."""
    found = [
        part.value
        for effect in every_effect(ruleset)
        for read in ir.effect_conditions(effect)
        for part in ir.all_conditions(read)
        if isinstance(part, ir.ValueIs)
    ]
    found += final_expressions(ruleset)
    return tuple(dict.fromkeys(found))


def final_expressions(ruleset: ir.Ruleset) -> list[ir.Expr]:
    """The values of a ruleset's expression final-scoring sources, in order."""
    return [s.value for s in ruleset.final_scoring if s.source == "expression" and s.value is not None]


def every_expression(ruleset: ir.Ruleset) -> tuple[ir.Expr, ...]:
    """Every expression of a ruleset's effects (amounts of changes, values of conditions), each once."""
    found: list[ir.Expr] = []
    for effect in every_effect(ruleset):
        if isinstance(effect, ir.Change):
            found.append(effect.amount)
        for read in ir.effect_conditions(effect):
            found += [c.value for c in ir.all_conditions(read) if isinstance(c, ir.ValueIs)]
    found += final_expressions(ruleset)
    return tuple(dict.fromkeys(found))


def reads_others(ruleset: ir.Ruleset) -> bool:
    """Does the ruleset read another player's state (a quantity with `of`, a most / fewest condition, an
    aggregate or rank, or an effect on other players: for_players reads and changes them)?"""
    conditions = [
        part
        for effect in every_effect(ruleset)
        for read in ir.effect_conditions(effect)
        for part in ir.all_conditions(read)
    ]
    if targets_others(ruleset):
        return True
    if any(isinstance(e, (ir.Over, ir.Rank)) for x in every_expression(ruleset) for e in ir.all_exprs(x)):
        return True
    return any(q.of != "self" for q in every_quantity(ruleset)) or any(isinstance(c, ir.MostOf) for c in conditions)


def targets_others(ruleset: ir.Ruleset) -> bool:
    """Does an effect of the ruleset change other players (for_players)? Then the Python runtime's search copies
    every player to try an option on (Rules.targets_others)."""
    return any(isinstance(effect, ir.ForPlayers) for effect in every_effect(ruleset))


def bonus_boosters_only_gain(ruleset: ir.Ruleset) -> bool:
    """Do the Staff that add to an Emperor bonus only gain (points, krones, items, steps)? Then nothing after
    the last effect of a tile's bonus, in the same turn, reacts to what that effect did to the hotel."""
    return all(traits(e).only_gains for card in ruleset.staff for e in ir.all_effects(card.emperor_bonus))


def bonus_room_wins(ruleset: ir.Ruleset) -> bool:
    """Can a free room that ends a tile's bonus count as never worth less than none? Only if nothing
    after it in the turn reacts to it (the Staff that add to a bonus only gain) and a room never hurts."""
    return bonus_boosters_only_gain(ruleset) and rooms_never_hurt(ruleset)
