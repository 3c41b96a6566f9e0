"""Samples of every effect kind, each parameter in use somewhere: the one list the per-stage tests share.

A new effect kind or parameter gets its samples here; tests/test_dispatch.py fails until it does, and
then runs every sample through every stage (front end to sheets). tests/helpers_samples.py writes them as the
`effect-samples` ruleset, which every cross-check of the engines plays (tests/helpers_discovery.py).
"""

from __future__ import annotations

import dataclasses

from gah import ir

CAKE_OR_WINE = ir.ItemFilter(ids=("cake", "wine"), fits=("cake", "wine"))
DRINKS_NOT_WINE = ir.ItemFilter(kinds=("drink",), excluding=("wine",), fits=("coffee",))

# Filtered counts: every filter of every count that takes them (rooms by state, floors, columns, colours;
# groups by colour; items by kind, id, exception and place; Staff by kind and place).
FILTERED = (
    ir.Quantity("rooms", state="occupied", floors=(3, 4)),
    ir.Quantity("rooms", state="vacant", floors=(1,), columns=(2, 4), colours=("red", "yellow")),
    ir.Quantity("groups", colours=("red",)),
    ir.Quantity("items", items=ir.ItemFilter(kinds=("dish",), fits=("strudel", "cake")), places=("kitchen",)),
    ir.Quantity("items", items=CAKE_OR_WINE, places=("kitchen", "cafe")),
    ir.Quantity("staff", places=("hand", "hired"), staff_kinds=("permanent", "game_end")),
    ir.Quantity("items", items=DRINKS_NOT_WINE, places=("cafe",)),
)
# Quantities read of other players: every `of` but self.
OF_OTHERS = (
    dataclasses.replace(ir.shorthand("krones"), of="left"),
    dataclasses.replace(ir.shorthand("krones"), of="right"),
    dataclasses.replace(FILTERED[5], of="each_other"),
    dataclasses.replace(ir.shorthand("occupied_rooms"), of="players_with_fewer"),
    dataclasses.replace(ir.shorthand("emperor_position"), of="leader"),
    dataclasses.replace(FILTERED[0], of="players_with_more"),
)


def read(name: str) -> ir.Read:
    """An expression reading a quantity by its shorthand name."""
    return ir.Read(ir.shorthand(name))


# One red, one blue and one yellow occupied room on floors 3-4: the three counts of a set (min of them).
FLOOR_SETS = tuple(
    ir.Read(ir.Quantity("rooms", state="occupied", floors=(3, 4), colours=(colour,)))
    for colour in ("red", "blue", "yellow")
)

SAMPLES: dict[str, tuple[ir.Effect, ...]] = {
    "gain_krones": (ir.GainKrones(3),),
    "lose_krones": (ir.LoseKrones(3), ir.LoseKrones("all")),
    "gain_points": (ir.GainPoints(8),),
    "lose_points": (ir.LosePoints(5), ir.LosePoints("all")),
    "gain_items": (ir.GainItems((("wine", 4), ("cake", 1))),),
    "choose_items": (ir.ChooseItems(2, True), ir.ChooseItems(1, False, CAKE_OR_WINE)),
    "return_items": (
        ir.ReturnItems(("kitchen", "cafe")),
        ir.ReturnItems(("kitchen",), 2),
        ir.ReturnItems(("kitchen", "cafe"), 1, DRINKS_NOT_WINE),
        ir.ReturnItems(("kitchen",), "all", CAKE_OR_WINE),
    ),
    "draw_staff": (ir.DrawStaff(3, 1, 3), ir.DrawStaff(3, 0, 0, "hand"), ir.DrawStaff(2, 1, "all", "hand")),
    "staff_to_deck_bottom": (ir.StaffToDeckBottom(2), ir.StaffToDeckBottom(1, "top")),
    "prepare_room": (ir.PrepareRoom((1, 2), True, True), ir.PrepareRoom(None, False, False)),
    "occupy_vacant_rooms": (ir.OccupyVacantRooms(2),),
    "remove_rooms": (
        ir.RemoveRooms("vacant", 2, "each_highest"),
        ir.RemoveRooms("occupied", 2, "highest_then_strictly_below"),
        ir.RemoveRooms("occupied", 2, "highest_then_below_in_column"),
    ),
    "points_per_quantity": (
        ir.PointsPerQuantity(ir.shorthand("hired_staff"), -2),
        ir.PointsPerQuantity(ir.shorthand("krones"), 1),
        *(ir.PointsPerQuantity(q, points) for q, points in zip(FILTERED, (3, -1, 4, -2, 2, 1, -1), strict=True)),
        # other players: each whose once, on shorthands and filtered counts
        *(ir.PointsPerQuantity(q, points) for q, points in zip(OF_OTHERS, (1, 2, -1, 2, 1, -1), strict=True)),
    ),
    "play_staff_from_hand": (ir.PlayStaffFromHand(1, "all"), ir.PlayStaffFromHand(1, 2, "game_end")),
    "remove_hired_staff": (ir.RemoveHiredStaff(1, "game_end"),),
    "advance_emperor": (ir.AdvanceEmperor(3),),
    "choose_one": (
        ir.ChooseOne(((ir.LoseKrones(2), ir.GainPoints(4)),), True),
        ir.ChooseOne(((ir.ReturnItems(("kitchen",), 1),), (ir.LosePoints(3),)), False),
    ),
    "if": (
        ir.Conditional(ir.QuantityIs(ir.shorthand("krones"), ir.Bounds(at_least=3)), (ir.GainPoints(2),)),
        ir.Conditional(
            ir.QuantityIs(ir.shorthand("occupied_rooms"), ir.Bounds(at_most=4)),
            (ir.GainKrones(3),),
            (ir.LoseKrones(2),),
        ),
        ir.Conditional(
            ir.QuantityIs(ir.shorthand("hired_staff"), ir.Bounds(1, 1)), (ir.LosePoints(3),), (ir.GainPoints(1),)
        ),
        ir.Conditional(ir.SpaceIs(ir.Bounds(6)), (ir.GainKrones(5),), (ir.PrepareRoom(None, True, False),)),
        ir.Conditional(ir.SpaceIs(ir.Bounds(2, 5)), (ir.ChooseOne(((ir.LoseKrones(2), ir.GainPoints(4)),), True),)),
        ir.Conditional(ir.ZoneIs("bonus", "", (3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13)), (ir.AdvanceEmperor(1),)),
        ir.Conditional(
            ir.AnyOf(
                (
                    ir.ZoneIs("neutral", "Neutral", (1, 2)),
                    ir.AllOf(
                        (
                            ir.QuantityIs(ir.shorthand("kitchen_items"), ir.Bounds(2, 4)),
                            ir.SpaceIs(ir.Bounds(at_most=3)),
                        )
                    ),
                )
            ),
            (ir.ReturnItems(("kitchen",), 1), ir.GainPoints(3)),
            (ir.Conditional(ir.QuantityIs(ir.shorthand("krones"), ir.Bounds(1)), (ir.LoseKrones(1),)),),
        ),
        # a condition on a filtered count (occupied rooms on floors 3-4) and one on items by kind
        ir.Conditional(ir.QuantityIs(FILTERED[0], ir.Bounds(at_least=2)), (ir.GainPoints(3),), (ir.GainKrones(1),)),
        ir.Conditional(ir.QuantityIs(FILTERED[3], ir.Bounds(at_most=1)), (ir.GainItems((("cake", 1),)),)),
        # other players: most and fewest with each tie rule, a condition on another player's quantity
        ir.Conditional(
            ir.MostOf(ir.shorthand("occupied_rooms"), False, "all_tied"), (ir.GainPoints(3),), (ir.GainKrones(1),)
        ),
        ir.Conditional(ir.MostOf(FILTERED[3], True, "none_tied"), (ir.LosePoints(2),)),
        ir.Conditional(ir.QuantityIs(OF_OTHERS[0], ir.Bounds(at_least=3)), (ir.GainKrones(2),)),
        # an expression compared: more krones than the right neighbour
        ir.Conditional(
            ir.ValueIs(ir.Arith("minus", (read("krones"), ir.Read(OF_OTHERS[1]))), ir.Bounds(at_least=1)),
            (ir.GainPoints(2),),
            (ir.LoseKrones(1),),
        ),
    ),
    # declared resources: base declares its objective markers as the resource `objectives`
    "gain_resource": (ir.GainResource("objectives", 2),),
    "lose_resource": (ir.LoseResource("objectives", 1), ir.LoseResource("objectives", "all")),
    # amounts worked out by expressions: every operator of ir.OPERATORS, every player set and tie rule
    "change": (
        ir.Change("krones", True, ir.Arith("times", (1, read("occupied_blue_rooms")))),
        ir.Change("points", True, ir.Arith("divide_down", (ir.Read(OF_OTHERS[0]), 2))),
        ir.Change("points", True, ir.Arith("times", (3, ir.Arith("min", FLOOR_SETS)))),
        ir.Change(
            "points",
            False,
            ir.Arith("minus", (ir.Over("most_over", "all", read("occupied_rooms")), read("occupied_rooms"))),
        ),
        ir.Change("krones", False, ir.Clamp(ir.Arith("plus", (read("hired_staff"), -1)), 0, 3)),
        ir.Change(
            "resource", True, ir.Arith("divide_up", (ir.Over("total_over", "others", read("krones")), 5)), "objectives"
        ),
        ir.Change(
            "points",
            True,
            ir.Arith(
                "max", (ir.Over("least_over", "neighbours", read("cafe_guests")), ir.Rank(read("krones"), "behind"))
            ),
        ),
        ir.Change("resource", False, ir.Rank(read("occupied_rooms"), "shared"), "objectives"),
        ir.Change("krones", True, ir.Clamp(ir.Arith("minus", (ir.Read(FILTERED[0]), 1)), None, 2)),
    ),
    # effects on other players: every set of players, with and without a condition, every kind they may apply
    "for_players": (
        ir.ForPlayers("others", None, (ir.LoseKrones(1),)),
        ir.ForPlayers(
            "left", ir.QuantityIs(ir.shorthand("krones"), ir.Bounds(at_least=3)), (ir.GainPoints(2), ir.GainKrones(1))
        ),
        ir.ForPlayers(
            "right",
            None,
            (ir.Change("points", True, ir.Arith("divide_down", (read("occupied_rooms"), 2))), ir.AdvanceEmperor(1)),
        ),
        ir.ForPlayers(
            "neighbours", None, (ir.PointsPerQuantity(ir.shorthand("full_floors"), 1), ir.GainResource("objectives", 1))
        ),
        ir.ForPlayers("leaders", None, (ir.LosePoints(2), ir.LoseResource("objectives", 1))),
        ir.ForPlayers(
            "all",
            ir.ValueIs(ir.Rank(read("krones"), "shared"), ir.Bounds(at_most=2)),
            (
                ir.Conditional(
                    ir.QuantityIs(ir.shorthand("krones"), ir.Bounds(at_most=1)),
                    (ir.GainItems((("wine", 1),)),),
                    (ir.LoseKrones(1),),
                ),
            ),
        ),
    ),
}


def every_sample() -> list[tuple[str, ir.Effect]]:
    return [(kind, effect) for kind, effects in SAMPLES.items() for effect in effects]
