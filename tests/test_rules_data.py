"""The shipped rules data says what the game's rules say.

Every expected value below is written out by hand from the project's game
reference (cited as "GR <section>": 1 the Emperor track, 2 the twelve Emperor
tiles, 3 the hotel, 4 the Staff cards, 4b setup, 5 the rulings, which
rules/base.yaml labels "ruling 5.N") or from the publisher's rules page (cited as
"page"); none is read back from rules/. rules/base.yaml's comments say where
each fact comes from and how sure it is.
"""

from __future__ import annotations

import dataclasses

import pytest
from gah import ir
from gah.ir import (
    AdvanceEmperor,
    ChooseItems,
    DrawStaff,
    GainItems,
    GainKrones,
    GainPoints,
    LoseKrones,
    LosePoints,
    OccupyVacantRooms,
    Penalty,
    PlayStaffFromHand,
    PointsPerQuantity,
    PrepareRoom,
    RemoveHiredStaff,
    RemoveRooms,
    ReturnItems,
    StaffToDeckBottom,
)
from gah.project import load_one
from helpers_rules import ruleset, run_gah, shipped, shipped_root, shipped_rule_files, shipped_workspace

ONE_OF_EACH = (("strudel", 1), ("cake", 1), ("wine", 1), ("coffee", 1))


@pytest.fixture(scope="module")
def base() -> ir.Ruleset:
    return ruleset("base")


# --- GR 1: the Emperor track ----------------------------------------------------------


def test_track_points_under_every_space(base: ir.Ruleset) -> None:
    # GR 1 / page table: 0:0 1:1 2:2 3:3 4:3 5:4 6:4 7:5 8:5 9:6 10:6 11:7 12:8 13:9
    expected = {0: 0, 1: 1, 2: 2, 3: 3, 4: 3, 5: 4, 6: 4, 7: 5, 8: 5, 9: 6, 10: 6, 11: 7, 12: 8, 13: 9}
    assert dict(enumerate(base.track.points)) == expected
    assert base.track.last_space == 13  # GR 1: spaces 0..13, 13 is the cap


def test_track_points_per_step_beyond_the_cap(base: ir.Ruleset) -> None:
    # GR 1: "each step beyond 13 gives 1 point at once"
    assert base.track.points_per_step_beyond == 1


def test_track_zones(base: ir.Ruleset) -> None:
    # GR 1: 0 black (penalty), 1-2 neutral, 3-13 yellow (bonus)
    assert base.track.zones == (
        ir.Zone("black", "Black", 0, 0, "penalty"),
        ir.Zone("neutral", "Neutral", 1, 2, "nothing"),
        ir.Zone("yellow", "Yellow", 3, 13, "bonus"),
    )
    outcomes = [base.track.zone_of(space).outcome for space in range(14)]
    assert outcomes == ["penalty", "nothing", "nothing"] + ["bonus"] * 11


def test_emperor_scorings_rounds_tiers_and_move_backs(base: ir.Ruleset) -> None:
    # GR 1: scoring after rounds 3, 5, 7 with tiers A, B, C; move back 3 / 5 / 7
    assert base.scorings == (
        ir.EmperorScoring(3, "A", 3),
        ir.EmperorScoring(5, "B", 5),
        ir.EmperorScoring(7, "C", 7),
    )
    assert base.tiers() == ("A", "B", "C")


# --- GR 2: the 12 Emperor tiles ---------------------------------------------------------

# GR 2 table, one row per tile: (id, tier, bonus, penalty).
TILES = [
    # A · 3 krones; penalty lose 3 krones, fewer than 3 -> lose 5 points
    ("a-krones", "A", (GainKrones(3),), Penalty(prefer=(LoseKrones(3),), otherwise=(LosePoints(5),))),
    # A · 2 dishes/drinks of your choice (may go onto guests); penalty return every item in the kitchen
    ("a-two-items", "A", (ChooseItems(2, True),), Penalty(effects=(ReturnItems(("kitchen",)),))),
    # A · draw 3, play 1 for 3 krones less; penalty 2 Staff under the deck, fewer -> lose 5 points
    ("a-draw-staff", "A", (DrawStaff(3, 1, 3),), Penalty(prefer=(StaffToDeckBottom(2),), otherwise=(LosePoints(5),))),
    # A · prepare 1 room at no cost; penalty remove 1 vacant room from as high a floor as possible, none -> 5 points
    (
        "a-free-room",
        "A",
        (PrepareRoom(None, True, False),),
        Penalty(prefer=(RemoveRooms("vacant", 1, "each_highest"),), otherwise=(LosePoints(5),)),
    ),
    # B · 1 strudel, 1 cake, 1 wine, 1 coffee; penalty return kitchen and café items
    ("b-one-of-each", "B", (GainItems(ONE_OF_EACH),), Penalty(effects=(ReturnItems(("kitchen", "cafe")),))),
    # B · 5 krones; penalty lose 5 krones, fewer than 5 -> lose 7 points
    ("b-krones", "B", (GainKrones(5),), Penalty(prefer=(LoseKrones(5),), otherwise=(LosePoints(7),))),
    # B · draw 3, play 1 at no cost; penalty 3 Staff under the deck, fewer -> lose 7 points
    (
        "b-draw-staff",
        "B",
        (DrawStaff(3, 1, "all"),),
        Penalty(prefer=(StaffToDeckBottom(3),), otherwise=(LosePoints(7),)),
    ),
    # B · free room on floor 1 or 2, occupied at once; penalty remove 2 vacant rooms, at most 1 -> lose 7 points
    (
        "b-occupied-room",
        "B",
        (PrepareRoom((1, 2), True, True),),
        Penalty(prefer=(RemoveRooms("vacant", 2, "each_highest"),), otherwise=(LosePoints(7),)),
    ),
    # C · 8 points; penalty lose 8 points
    ("c-points", "C", (GainPoints(8),), Penalty(effects=(LosePoints(8),))),
    # C · free room anywhere, occupied at once; penalty remove the highest occupied room, then one strictly below
    (
        "c-occupied-room",
        "C",
        (PrepareRoom(None, True, True),),
        Penalty(effects=(RemoveRooms("occupied", 2, "highest_then_strictly_below"),)),
    ),
    # C · 2 points per hired Staff; penalty lose 2 points per hired Staff
    (
        "c-staff-points",
        "C",
        (PointsPerQuantity(ir.shorthand("hired_staff"), 2),),
        Penalty(effects=(PointsPerQuantity(ir.shorthand("hired_staff"), -2),)),
    ),
    # C · play 1 Staff from hand at no cost; penalty remove a hired game-end Staff, none -> lose 10 points
    (
        "c-free-staff",
        "C",
        (PlayStaffFromHand(1, "all"),),
        Penalty(prefer=(RemoveHiredStaff(1, "game_end"),), otherwise=(LosePoints(10),)),
    ),
]


def test_exactly_the_twelve_tiles(base: ir.Ruleset) -> None:
    # GR 2: these ids are a contract; four tiles per tier
    assert [t.id for t in base.tiles] == [row[0] for row in TILES]
    assert [t.tier for t in base.tiles] == ["A"] * 4 + ["B"] * 4 + ["C"] * 4


@pytest.mark.parametrize(("tile_id", "tier", "bonus", "penalty"), TILES, ids=[row[0] for row in TILES])
def test_tile_effects(
    base: ir.Ruleset, tile_id: str, tier: str, bonus: tuple[ir.Effect, ...], penalty: Penalty
) -> None:
    tile = base.tile(tile_id)
    assert tile.tier == tier
    assert tile.bonus == bonus
    assert tile.penalty == penalty


def test_penalties_with_an_alternative_are_choices(base: ir.Ruleset) -> None:
    # GR 2 / ruling 5.2: "Penalty X, or N points" is all-or-nothing: prefer X, otherwise lose N points
    with_points_fallback = {
        "a-krones",
        "a-draw-staff",
        "a-free-room",
        "b-krones",
        "b-draw-staff",
        "b-occupied-room",
        "c-free-staff",
    }
    assert {t.id for t in base.tiles if t.penalty.is_choice} == with_points_fallback
    for tile in base.tiles:
        if tile.penalty.is_choice:
            assert len(tile.penalty.otherwise) == 1
            assert isinstance(tile.penalty.otherwise[0], LosePoints)
            assert tile.penalty.effects == ()


# --- GR 3: the hotel ---------------------------------------------------------------------

B, R, Y = "blue", "red", "yellow"


def test_hotel_size_and_colours_per_cell(base: ir.Ruleset) -> None:
    # GR 3: 4 floors x 5 columns; printed top floor first:
    #   floor 4: B R B R B / floor 3: B R B Y Y / floor 2: Y Y R R Y / floor 1: B Y R R B
    hotel = base.hotel
    assert (hotel.floors, hotel.columns) == (4, 5)
    assert hotel.colours == (
        (B, Y, R, R, B),  # floor 1 (bottom)
        (Y, Y, R, R, Y),  # floor 2
        (B, R, B, Y, Y),  # floor 3
        (B, R, B, R, B),  # floor 4
    )
    assert hotel.colours[0][0] == B  # 1.1 is blue
    assert hotel.colours[3][4] == B  # 4.5 is blue
    assert hotel.colours[2][3] == Y  # 3.4 is yellow


def test_hotel_groups(base: ir.Ruleset) -> None:
    # GR 3: the 10 same-colour groups, cells as floor.column
    expected = {
        (B, frozenset({(1, 1)})),
        (Y, frozenset({(1, 2), (2, 1), (2, 2)})),
        (R, frozenset({(1, 3), (1, 4), (2, 3), (2, 4)})),
        (B, frozenset({(1, 5)})),
        (Y, frozenset({(2, 5), (3, 4), (3, 5)})),
        (B, frozenset({(3, 1), (4, 1)})),
        (R, frozenset({(3, 2), (4, 2)})),
        (B, frozenset({(3, 3), (4, 3)})),
        (R, frozenset({(4, 4)})),
        (B, frozenset({(4, 5)})),
    }
    groups = base.hotel.groups
    assert len(groups) == 10
    assert {(g.colour, frozenset(g.cells)) for g in groups} == expected
    all_cells = [cell for g in groups for cell in g.cells]
    assert sorted(all_cells) == [(f, c) for f in range(1, 5) for c in range(1, 6)]  # each room in one group


def test_hotel_costs_first_room_and_placement(base: ir.Ruleset) -> None:
    # GR 3: preparing costs 0 / 1 / 2 / 3 krones on floor 1 / 2 / 3 / 4; first room 1.1;
    # later rooms orthogonally next to any room tile
    assert base.hotel.prepare_cost == (0, 1, 2, 3)
    assert base.hotel.first_room == (1, 1)
    assert base.hotel.placement == "orthogonal_to_any_room"


def test_hotel_printed_points(base: ir.Ruleset) -> None:
    # GR 3: 3.4 and 3.5 -> 1 point; 4.3, 4.4, 4.5 -> 2 points (uncertain, kept as data)
    assert dict(base.hotel.printed_points) == {(3, 4): 1, (3, 5): 1, (4, 3): 2, (4, 4): 2, (4, 5): 2}
    assert base.hotel.printed_points_uncertain  # the doubt is carried to the sheets


def test_hotel_group_rewards(base: ir.Ruleset) -> None:
    # GR 3: by group size 1/2/3/4: red -> 1/3/6/10 krones; blue -> 2/5/9/15 points;
    # yellow -> 1/3/6/10 Emperor steps
    rewards = dict(base.hotel.group_rewards)
    assert rewards["red"] == ir.GroupReward("krones", ((1, 1), (2, 3), (3, 6), (4, 10)))
    assert rewards["blue"] == ir.GroupReward("points", ((1, 2), (2, 5), (3, 9), (4, 15)))
    assert rewards["yellow"] == ir.GroupReward("emperor_steps", ((1, 1), (2, 3), (3, 6), (4, 10)))
    assert rewards["blue"].for_size(3) == 9


def test_cafe_seats(base: ir.Ruleset) -> None:
    # GR 3: "Café: at most 3 guests"
    assert base.hotel.cafe_seats == 3


# --- GR 4: the 48 Staff cards ---------------------------------------------------------------

_KIND = {"R": "once_per_round", "P": "permanent", "O": "once", "E": "game_end"}
# GR 4 table: number, name, cost, kind letter.
STAFF_TABLE = """
1 Breakfast Server 4 R
2 Waitress 6 R
3 Barkeeper 4 R
4 Sous-Chef 6 R
5 Groom 4 P
6 Stableman 1 P
7 Masseuse 1 P
8 Tour Guide 2 P
9 Butler 5 P
10 Chauffeur 5 P
11 Florist 5 P
12 Executive Housekeeper 2 P
13 Restaurant Manager 2 P
14 Decorator 2 P
15 Bootblack 4 P
16 Laundress 2 P
17 Kitchen Hand 5 P
18 Checker 2 P
19 Interior Architect 3 P
20 Detective 2 P
21 Chef 3 O
22 Staff Manager 3 P
23 Custodian 5 P
24 Chief Waiter 1 P
25 Delivery Boy 6 P
26 Conference Manager 5 P
27 Booking Manager 4 E
28 Concierge 4 E
29 Secretary 5 E
30 Reception Clerk 4 E
31 Chambermaid 4 E
32 Assistant Manager 4 E
33 Male Floor Housekeeper 5 P
34 Receptionist 5 E
35 Page Boy 2 O
36 Sommelier 2 O
37 Room Service 3 E
38 Porter 5 O
39 Confectioner 3 O
40 Marketing Director 2 E
41 Operator 3 E
42 Gardener 3 P
43 Barista 3 O
44 Larder Cook 2 O
45 Pool Attendant 1 O
46 Female Floor Housekeeper 2 E
47 Liftboy 4 E
48 Hotel Manager 4 E
"""


def _staff_rows() -> list[tuple[int, str, int, str]]:
    rows = []
    for line in STAFF_TABLE.strip().splitlines():
        number, *name, cost, kind = line.split()
        rows.append((int(number), " ".join(name), int(cost), _KIND[kind]))
    return rows


def test_all_48_staff_numbers_names_costs_and_kinds(base: ir.Ruleset) -> None:
    # GR 4: 48 cards in the base game
    assert [c.number for c in base.staff] == list(range(1, 49))
    assert [(c.number, c.name, c.cost, c.kind) for c in base.staff] == _staff_rows()


def test_staff_spot_checks(base: ir.Ruleset) -> None:
    # GR 4, a few cards read straight from the table
    assert (base.staff_card(1).name, base.staff_card(1).cost) == ("Breakfast Server", 4)
    assert (base.staff_card(24).name, base.staff_card(24).cost, base.staff_card(24).kind) == (
        "Chief Waiter",
        1,
        "permanent",
    )
    assert base.staff_card(33).name == "Male Floor Housekeeper"
    assert base.staff_card(46).name == "Female Floor Housekeeper"
    assert base.staff_card(38).kind == "once"  # Porter: a once card whose effect is out of scope
    # GR 4 table: 4 R (1-4), 8 O (21 35 36 38 39 43 44 45), 13 E, the other 23 P
    kinds = [c.kind for c in base.staff]
    counts = (kinds.count("once_per_round"), kinds.count("permanent"), kinds.count("once"), kinds.count("game_end"))
    assert counts == (4, 23, 8, 13)


# GR 4 "Game-end effects" table: number -> (points, per, copy_opponent)
GAME_END = {
    27: ir.GameEnd(3, ir.shorthand("occupied_red_rooms"), False),  # 3 per occupied red room
    28: ir.GameEnd(3, ir.shorthand("occupied_blue_rooms"), False),  # 3 per occupied blue room
    29: ir.GameEnd(0, None, True),  # Secretary: copy an opponent's game-end Staff
    30: ir.GameEnd(3, ir.shorthand("occupied_yellow_rooms"), False),  # 3 per occupied yellow room
    31: ir.GameEnd(1, ir.shorthand("occupied_rooms"), False),  # 1 per occupied room
    32: ir.GameEnd(2, ir.shorthand("hired_staff"), False),  # 2 per Staff hired, itself included
    34: ir.GameEnd(1, ir.shorthand("room_tiles"), False),  # 1 per room tile (vacant or occupied)
    37: ir.GameEnd(2, ir.shorthand("full_groups"), False),  # 2 per fully occupied group
    40: ir.GameEnd(5, ir.shorthand("objectives"), False),  # 5 per objective card with your marker
    41: ir.GameEnd(2, ir.shorthand("emperor_position"), False),  # 2 x your Emperor position
    46: ir.GameEnd(5, ir.shorthand("full_floors"), False),  # 5 per fully occupied floor
    47: ir.GameEnd(5, ir.shorthand("full_columns"), False),  # 5 per fully occupied column
    48: ir.GameEnd(4, ir.shorthand("colour_sets"), False),  # 4 per red+blue+yellow set of occupied rooms
}


def test_all_13_game_end_formulas(base: ir.Ruleset) -> None:
    formulas = {c.number: c.game_end for c in base.staff if c.game_end is not None}
    assert formulas == GAME_END
    assert {c.number for c in base.staff if c.kind == "game_end"} == set(GAME_END)


def test_gardener_and_conference_manager(base: ir.Ruleset) -> None:
    # GR 4: 42 Gardener: +5 points each time you get a tile's bonus
    gardener = base.staff_card(42)
    assert (gardener.name, gardener.kind, gardener.emperor_bonus) == ("Gardener", "permanent", (GainPoints(5),))
    # GR 4: 26 Conference Manager: you may pay 1 krone to ignore a penalty
    manager = base.staff_card(26)
    assert (manager.name, manager.penalty_waiver_cost) == ("Conference Manager", 1)
    others = [c for c in base.staff if c.number not in (26, 42)]
    assert all(c.emperor_bonus == () and c.penalty_waiver_cost is None for c in others)


# GR 4: once-effects the vocabulary can express
ONCE = {
    21: (GainItems(ONE_OF_EACH),),  # Chef: 1 of each item
    35: (OccupyVacantRooms(2),),  # Page Boy: occupy up to 2 vacant rooms
    36: (GainItems((("wine", 4),)),),  # Sommelier: 4 wine
    39: (GainItems((("cake", 4),)),),  # Confectioner: 4 cake
    43: (GainItems((("coffee", 4),)),),  # Barista: 4 coffee
    44: (GainItems((("strudel", 4),)),),  # Larder Cook: 4 strudel
    45: (AdvanceEmperor(3),),  # Pool Attendant: +3 Emperor steps
}


def test_once_effects(base: ir.Ruleset) -> None:
    assert {c.number: c.once for c in base.staff if c.once} == ONCE


# --- GR 5.7 final scoring, 5.9 tie-breaker, 5.1 floors --------------------------------------


def test_final_scoring_sources(base: ir.Ruleset) -> None:
    # Ruling 5.7 / page "Final scoring": game-end Staff, occupied rooms 1/2/3/4 by floor,
    # 1 per krone, 1 per kitchen item (not on guests), -5 per guest still in the café
    assert base.final_scoring == (
        ir.FinalSource("staff", "Hired Staff with a game-end effect", "game_end_staff", None, 0, (0, 0, 0, 0)),
        ir.FinalSource("rooms", "Occupied rooms", "occupied_rooms_by_floor", None, 0, (1, 2, 3, 4)),
        ir.FinalSource("krones", "Krones left", "per_quantity", ir.shorthand("krones"), 1, (0, 0, 0, 0)),
        ir.FinalSource(
            "kitchen",
            "Dishes and drinks left in the kitchen",
            "per_quantity",
            ir.shorthand("kitchen_items"),
            1,
            (0, 0, 0, 0),
        ),
        ir.FinalSource(
            "cafe", "Guests still in the café", "per_quantity", ir.shorthand("cafe_guests"), -5, (0, 0, 0, 0)
        ),
    )


def test_tie_breaker(base: ir.Ruleset) -> None:
    # Ruling 5.9: the larger sum of kitchen items and krones wins
    assert base.tiebreakers == (ir.Tiebreaker((ir.shorthand("kitchen_items"), ir.shorthand("krones"))),)


def test_rulings_and_score_track(base: ir.Ruleset) -> None:
    # Ruling 5.1: points and krones never go below 0; ruling 5.8: 75 spaces, marker 75/150
    assert (base.rulings.points_floor, base.rulings.krones_floor) == (0, 0)
    assert base.score_track_spaces == 75
    assert base.lap_marker == (75, 150)


# --- GR 4b setup -------------------------------------------------------------------------------


def test_players_rounds_and_items(base: ir.Ruleset) -> None:
    # GR 4b: 2 to 4 players, 7 rounds; GR 3: strudel and cake are dishes, wine and coffee drinks
    assert (base.min_players, base.max_players, base.rounds) == (2, 4, 7)
    assert [(i.id, i.kind) for i in base.items] == [
        ("strudel", "dish"),
        ("cake", "dish"),
        ("wine", "drink"),
        ("coffee", "drink"),
    ]


def test_setup(base: ir.Ruleset) -> None:
    # GR 4b: 10 krones, one strudel, cake, wine and coffee, marker on 0, 0 points, no rooms
    # (unverified, kept as data); ruling 5.12: each player draws 6 Staff
    start = base.setup.start
    assert (start.krones, start.emperor, start.points, start.hotel_rooms) == (10, 0, 0, ())
    assert dict(start.items) == {"strudel": 1, "cake": 1, "wine": 1, "coffee": 1}
    assert start.uncertain
    assert base.setup.deal == ir.Deal("standard", 6, (), False, 6, 1, "left")


# --- every shipped ruleset compiles clean -----------------------------------------------------


def test_every_shipped_ruleset_compiles_without_problems() -> None:
    compiled = shipped()
    assert compiled.problems == []
    names = sorted(p.stem for p in shipped_rule_files())
    assert sorted(compiled.rulesets) == names
    assert "base" in names and "gentle-draft" in names


def test_gah_check_prints_one_ok_line_per_ruleset() -> None:
    run = run_gah("check")
    assert run.code == 0, run.err
    assert run.err == ""
    lines = [line for line in run.out.splitlines() if not line.startswith("ok  lab model ")]
    names = sorted(p.stem for p in shipped_rule_files())
    assert [line.split()[0] for line in lines] == ["ok"] * len(names)
    assert [line.split()[1] for line in lines] == names


def test_load_one_by_name_and_by_file_agree() -> None:
    workspace = shipped_workspace()
    by_name = load_one(workspace, "gentle-move-backs")
    by_file = load_one(workspace, str(shipped_root() / "rules" / "variants" / "gentle-move-backs.yaml"))
    assert by_name == by_file == ruleset("gentle-move-backs")


# --- variants hold only what changes ------------------------------------------------------------


def _same_apart_from(variant: ir.Ruleset, parent: ir.Ruleset, **changes: object) -> ir.Ruleset:
    """`parent` with the variant's identity and the named changes."""
    return dataclasses.replace(
        parent,
        name=variant.name,
        title=variant.title,
        description=variant.description,
        extends=variant.extends,
        sources=variant.sources,
        translations=variant.translations,
        **changes,  # type: ignore[arg-type]
    )


def test_gentle_move_backs_changes_only_the_move_backs(base: ir.Ruleset) -> None:
    gentle = ruleset("gentle-move-backs")
    assert gentle.extends == "base"
    assert gentle.sources == ("rules/base.yaml", "rules/variants/gentle-move-backs.yaml")
    # the variant's own header: move back 2 / 4 / 6 instead of 3 / 5 / 7
    scorings = (ir.EmperorScoring(3, "A", 2), ir.EmperorScoring(5, "B", 4), ir.EmperorScoring(7, "C", 6))
    assert gentle == _same_apart_from(gentle, base, scorings=scorings)


def test_gentle_draft_inherits_gentle_move_backs() -> None:
    gentle = ruleset("gentle-move-backs")
    draft = ruleset("gentle-draft")
    assert draft.extends == "gentle-move-backs"
    assert draft.sources == (
        "rules/base.yaml",
        "rules/variants/gentle-move-backs.yaml",
        "rules/variants/gentle-draft.yaml",
    )
    assert [s.move_back for s in draft.scorings] == [2, 4, 6]  # from gentle-move-backs
    # take 4, keep 1, pass right, until each holds 4
    deal = ir.Deal("draft", 4, (), False, 4, 1, "right")
    assert draft == _same_apart_from(draft, gentle, setup=dataclasses.replace(gentle.setup, deal=deal))


def test_long_track_has_spaces_0_to_15(base: ir.Ruleset) -> None:
    long = ruleset("long-track")
    assert long.track.last_space == 15
    assert long.track.points == (0, 1, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 8, 9, 10, 11)
    zones = (
        ir.Zone("black", "Black", 0, 0, "penalty"),
        ir.Zone("neutral", "Neutral", 1, 3, "nothing"),
        ir.Zone("yellow", "Yellow", 4, 15, "bonus"),
    )
    track = ir.Track(long.track.points, 1, zones)
    assert long.track == track
    assert long == _same_apart_from(long, base, track=track)


def test_draft_variant(base: ir.Ruleset) -> None:
    # ruling 5.11: each takes 6, keeps 1, passes the rest to the left, until each holds 6
    draft = ruleset("draft")
    deal = ir.Deal("draft", 6, (), False, 6, 1, "left")
    assert draft == _same_apart_from(draft, base, setup=dataclasses.replace(base.setup, deal=deal))


def test_introductory_variant(base: ir.Ruleset) -> None:
    # ruling 5.10: start player set A, next B, ...; the sets are examples and say so
    intro = ruleset("introductory")
    deal = intro.setup.deal
    assert deal.method == "introductory"
    assert deal.sets_are_examples is True
    assert [letter for letter, _ in deal.sets] == ["A", "B", "C", "D"]  # one set per player, up to 4
    cards = [n for _, numbers in deal.sets for n in numbers]
    assert len(cards) == len(set(cards)) == 24  # 6 cards each, none in two sets
    assert set(cards) <= set(range(1, 49))
    assert intro == _same_apart_from(intro, base, setup=dataclasses.replace(base.setup, deal=deal))


def test_mild_cafe_and_no_penalties(base: ir.Ruleset) -> None:
    mild = ruleset("mild-cafe")
    final = tuple(dataclasses.replace(s, points=-3) if s.id == "cafe" else s for s in base.final_scoring)
    assert mild == _same_apart_from(mild, base, final_scoring=final)
    gentle = ruleset("no-penalties")
    zones = (dataclasses.replace(base.track.zones[0], outcome="nothing"), *base.track.zones[1:])
    assert gentle == _same_apart_from(gentle, base, track=dataclasses.replace(base.track, zones=zones))


def test_royal_banquet_adds_one_b_tile(base: ir.Ruleset) -> None:
    royal = ruleset("royal-banquet")
    new = royal.tile("b-royal-banquet")
    assert new.tier == "B"
    assert new.bonus == (ChooseItems(2, False), GainKrones(2))
    assert new.penalty == Penalty(prefer=(LoseKrones(2), StaffToDeckBottom(1)), otherwise=(LosePoints(6),))
    assert [t for t in royal.tiles if t.id != "b-royal-banquet"] == list(base.tiles)
    assert royal == _same_apart_from(royal, base, tiles=royal.tiles)


def test_every_variant_section_changes_something() -> None:
    """A variant holds only what changes: no top-level section merely repeats its parent."""
    from gah.frontend.merge import merge_plain

    compiled = shipped()
    for name, rules_file in compiled.library.files.items():
        parent_name = rules_file.extends
        if parent_name is None:
            continue
        parent = compiled.library.resolve(parent_name).document.plain()
        assert isinstance(parent, dict)
        for key, node in rules_file.mapping.items():
            if key in ("extends", "name", "title", "description"):
                continue
            merged = merge_plain(parent.get(key), node.plain())
            assert merged != parent.get(key), f"{name}: section '{key}' changes nothing"
