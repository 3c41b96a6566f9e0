"""Emperor tiles of our own invention, written as data-only variants (tests/data/variants/invented-*.yaml),
each scored by hand. No code knows these tiles: the variants use every parameter of the effect vocabulary
(amounts "all", item filters, counted returns, draws into the hand, Staff on top of the deck, Staff kinds,
the older C-room reading, choose_one with and without declining).

Track points (GR 1): space 0 1 2 3 4 5 6 7 8 9 10 11 12 13 pays 0 1 2 3 3 4 4 5 5 6 6 7 8 9. Move back 3 / 5 / 7
after rounds 3 / 5 / 7; landing on 3 or more gives the bonus, on 0 the penalty. So in these tests: round 3
from space 6 scores 4 and lands on 3 (bonus), from 3 scores 3 and from 0 scores 0, landing on 0 (penalty);
round 5 from 8 scores 5 (bonus), from 5 scores 4 (penalty); round 7 from 10 scores 6 (bonus), from 7 scores 5
(penalty). The default policy takes the option with the best projected final total (GR 5.7: 1 point per
krone and per kitchen item, game-end Staff as printed), ties to the first option in the documented order.
Hotel colours (GR 3): floor 1 is B Y R R B, top floor first in states.
"""

from __future__ import annotations

import copy
import re
from pathlib import Path
from typing import Any

import pytest
from helpers_rules import run_gah
from helpers_scoring import module, player, state

DATA = Path(__file__).resolve().parent / "data" / "variants"
ITEMS = str(DATA / "invented-items.yaml")
RETURNS = str(DATA / "invented-returns.yaml")
STAFF = str(DATA / "invented-staff.yaml")
CHOICES = str(DATA / "invented-choices.yaml")
COUNTS = str(DATA / "invented-counts.yaml")


def play(rules: str, round_: int, tier: str, tile: str, deck: list[int] | None = None, **fields: Any) -> dict[str, Any]:
    """Score one player's Emperor scoring after `round_` with `tile` in play; the result of score_game."""
    mod = module(rules)
    tiles = {t: next(i for i, of in mod.RULES.tiles.items() if of == t) for t in "ABC"}  # the first of each tier
    tiles[tier] = tile
    data = state(round_, player(**fields), tiles=tiles, deck=deck)
    result: dict[str, Any] = mod.score_game(copy.deepcopy(data))
    return result


def anna(result: dict[str, Any]) -> dict[str, Any]:
    return dict(result["state"]["players"][0])


def kitchen(**items: int) -> dict[str, int]:
    full = {"strudel": 0, "cake": 0, "wine": 0, "coffee": 0}
    full.update(items)
    return full


# --- invented-items: champagne, a new drink -----------------------------------------------


def test_tax_and_tribute_both_parts_paid() -> None:
    # Space 0: 0 points, penalty. 5 krones >= 2 and 3 items >= 1: pay 2 krones (5 -> 3) and return 1 item.
    # Cake or wine leave the same total (1 point per kitchen item): the first in the rules' order, cake.
    result = play(ITEMS, 3, "A", "a-tax-and-tribute", points=10, krones=5, kitchen={"wine": 1, "cake": 2})
    a = anna(result)
    assert (a["points"], a["krones"], a["kitchen"]) == (10, 3, kitchen(cake=1, wine=1, champagne=0))


def test_tax_and_tribute_recorded_item() -> None:
    result = play(
        ITEMS,
        3,
        "A",
        "a-tax-and-tribute",
        points=10,
        krones=5,
        kitchen={"wine": 1, "cake": 2},
        choices={"return_items": "wine"},
    )
    assert anna(result)["kitchen"] == kitchen(cake=2, champagne=0)


@pytest.mark.parametrize(
    ("krones", "items", "points", "krones_after"),
    [
        (1, {"wine": 1}, 5, 1),  # 1 krone < 2: the first option cannot be paid in full, lose 5 points (10 -> 5)
        (5, {}, 5, 5),  # an empty kitchen: no item to return, lose 5 points; the krones stay
    ],
)
def test_tax_and_tribute_all_or_nothing(krones: int, items: dict[str, int], points: int, krones_after: int) -> None:
    result = play(ITEMS, 3, "A", "a-tax-and-tribute", points=10, krones=krones, kitchen=items)
    a = anna(result)
    assert (a["points"], a["krones"], a["kitchen"]) == (points, krones_after, kitchen(champagne=0, **items))


def test_champagne_reception() -> None:
    # Bonus from space 6: 4 points and 2 champagne. Penalty: "2 champagne" takes the 1 there is; wine stays.
    bonus = anna(play(ITEMS, 3, "A", "a-champagne-reception", emperor=6))
    assert (bonus["points"], bonus["kitchen"]["champagne"]) == (4, 2)
    penalty = anna(play(ITEMS, 3, "A", "a-champagne-reception", kitchen={"champagne": 1, "wine": 2}))
    assert penalty["kitchen"] == kitchen(wine=2, champagne=0)


def test_anything_but_champagne() -> None:
    # Bonus from space 8 after round 5: 5 points; 1 item of strudel, cake, wine, coffee (never champagne), all
    # worth 1 in the kitchen and nothing counts items on guests: the first, strudel, into the kitchen.
    a = anna(play(ITEMS, 5, "B", "b-anything-but-champagne", emperor=8, cafe=[{}]))
    assert (a["points"], a["kitchen"]) == (5, kitchen(strudel=1, champagne=0))
    with pytest.raises(
        module(ITEMS).StateError, match="champagne is not a legal choice here; legal: strudel, cake, wine, coffee"
    ):
        play(ITEMS, 5, "B", "b-anything-but-champagne", emperor=8, choices={"choose_items": "champagne"})
    # Penalty from space 5: 4 points; every dish (strudel, cake) goes from the kitchen and the café guests.
    p = anna(
        play(
            ITEMS,
            5,
            "B",
            "b-anything-but-champagne",
            emperor=5,
            kitchen={"strudel": 1, "cake": 2, "wine": 3, "champagne": 1},
            cafe=[{"cake": 1, "coffee": 1}],
        )
    )
    assert (p["points"], p["kitchen"]) == (4, kitchen(wine=3, champagne=1))
    assert [{k: v for k, v in guest.items() if v} for guest in p["cafe"]] == [{"coffee": 1}]


# --- invented-returns -------------------------------------------------------------------------


def test_sweet_tooth() -> None:
    # Bonus from 8: 5 points; 2 of cake or strudel, each worth the same: each the kind the kitchen holds fewest
    # of, ties to the rules' order (as everywhere): strudel (0 and 0), then cake (strudel 1, cake 0).
    a = anna(play(RETURNS, 5, "B", "b-sweet-tooth", emperor=8))
    assert (a["points"], a["kitchen"]) == (5, kitchen(strudel=1, cake=1))
    # Penalty from 5: 4 points; every cake and strudel in the kitchen goes, the wine stays.
    p = anna(play(RETURNS, 5, "B", "b-sweet-tooth", emperor=5, kitchen={"strudel": 1, "cake": 2, "wine": 3}))
    assert (p["points"], p["kitchen"]) == (4, kitchen(wine=3))


def test_cafe_cleanup_returns_two_from_the_guests() -> None:
    # Penalty from 7 after round 7: 5 points. 3 items on guests >= 2: return 2, each the first option:
    # wine@0, then cake@1. Coffee stays on guest 1; no points lost.
    p = anna(play(RETURNS, 7, "C", "c-cafe-cleanup", emperor=7, cafe=[{"wine": 1}, {"cake": 1, "coffee": 1}]))
    assert p["points"] == 5
    assert [{k: v for k, v in guest.items() if v} for guest in p["cafe"]] == [{}, {"coffee": 1}]


def test_cafe_cleanup_short_of_items_loses_points() -> None:
    # 1 item on the guests < 2: the first option cannot be paid in full: 10 + 5 - 4 = 11 points, the cake stays.
    p = anna(play(RETURNS, 7, "C", "c-cafe-cleanup", emperor=7, points=10, cafe=[{"cake": 1}]))
    assert p["points"] == 11
    assert p["cafe"][0]["cake"] == 1


def test_cafe_cleanup_recorded_guest_item() -> None:
    p = anna(
        play(
            RETURNS,
            7,
            "C",
            "c-cafe-cleanup",
            emperor=7,
            cafe=[{"wine": 1}, {"cake": 1, "coffee": 1}],
            choices={"return_items": ["coffee@1", "cake@1"]},
        )
    )
    assert [{k: v for k, v in guest.items() if v} for guest in p["cafe"]] == [{"wine": 1}, {}]


def test_bankrupt() -> None:
    # Bonus from 10: 6 points and 6 krones (2 -> 8).
    a = anna(play(RETURNS, 7, "C", "c-bankrupt", emperor=10, krones=2))
    assert (a["points"], a["krones"]) == (6, 8)
    # Penalty from 0: every krone (7 -> 0) and every kitchen item; the guest keeps its cake.
    p = anna(play(RETURNS, 7, "C", "c-bankrupt", krones=7, kitchen={"wine": 2}, cafe=[{"cake": 1}]))
    assert (p["krones"], p["kitchen"], p["cafe"][0]["cake"]) == (0, kitchen(), 1)


# --- invented-staff ----------------------------------------------------------------------------


def test_recruiting_drive_draws_into_the_hand() -> None:
    # Bonus from 6: 4 + 4 points; 5, 12 and 40 from the top of the deck join the hand; 7 stays in the deck.
    result = play(STAFF, 3, "A", "a-recruiting-drive", deck=[5, 12, 40, 7], emperor=6, hand=[27])
    a = anna(result)
    assert (a["points"], a["hand"], result["state"]["staff_deck"]) == (8, [27, 5, 12, 40], [7])


def test_recruiting_drive_penalty_puts_a_card_on_top() -> None:
    # Penalty: 1 card from hand on top of the deck; cheapest first (3 and 27 both cost 4: the lower number, 3).
    result = play(STAFF, 3, "A", "a-recruiting-drive", deck=[7], hand=[27, 3], points=10)
    a = anna(result)
    assert (a["points"], a["hand"], result["state"]["staff_deck"]) == (10, [27], [3, 7])
    # No card in hand: lose 3 points instead (10 -> 7).
    assert anna(play(STAFF, 3, "A", "a-recruiting-drive", deck=[7], points=10))["points"] == 7


def test_headhunter_plays_one_and_keeps_the_other() -> None:
    # Bonus from 8: 5 points. Draw 28 Concierge and 31 Chambermaid (both cost 4, 2 less: 2 each; 3 krones).
    # Occupied 1.1 (blue) and 1.2 (yellow): Concierge 3 x 1 blue - 2 krones = +1; Chambermaid 1 x 2 rooms - 2 = 0;
    # none: 0. The policy plays the Concierge (3 -> 1 krone); the Chambermaid goes into the hand.
    result = play(
        STAFF, 5, "B", "b-headhunter", deck=[28, 31, 9], emperor=8, krones=3, hotel=[".....", ".....", ".....", "oo..."]
    )
    a = anna(result)
    assert (a["points"], a["krones"], a["hired"], a["hand"]) == (5, 1, [28], [31])
    assert result["state"]["staff_deck"] == [9]


def test_headhunter_penalty_stacks_two_on_top() -> None:
    # Penalty from 5: 4 points; 2 cards on top, cheapest first: 40 (cost 2), then 3 (cost 4, lower than 27).
    result = play(STAFF, 5, "B", "b-headhunter", deck=[9], emperor=5, hand=[27, 3, 40])
    a = anna(result)
    assert (a["points"], a["hand"], result["state"]["staff_deck"]) == (4, [27], [40, 3, 9])


def test_grand_finale_plays_only_a_game_end_card() -> None:
    # Bonus from 10: 6 points. Game-end cards in hand: 27 (3 per occupied red room: 1.3 and 1.4, 6 points) and 46
    # (5 per full floor: floor 1, 5 points); 5 Groom is permanent and may not be played. 27 goes, free.
    hotel = [".....", ".....", ".....", "ooooo"]
    a = anna(play(STAFF, 7, "C", "c-grand-finale", emperor=10, hand=[5, 27, 46], krones=0, hotel=hotel))
    assert (a["points"], a["hired"], a["hand"], a["krones"]) == (6, [27], [5, 46], 0)


def test_grand_finale_penalty() -> None:
    # Penalty from 7: 5 points; discard the one permanent hired card, 5 Groom.
    result = play(STAFF, 7, "C", "c-grand-finale", emperor=7, hired=[5, 27])
    assert (anna(result)["hired"], result["state"]["staff_discard"]) == ([27], [5])
    # No permanent card hired: lose 6 points instead: 10 + 5 - 6 = 9.
    assert anna(play(STAFF, 7, "C", "c-grand-finale", emperor=7, points=10, hired=[27]))["points"] == 9


def test_wipeout() -> None:
    assert anna(play(STAFF, 7, "C", "c-wipeout", emperor=10))["points"] == 16  # 6 + 10
    assert anna(play(STAFF, 7, "C", "c-wipeout", emperor=7, points=30))["points"] == 0  # 30 + 5, then all of it


# --- invented-choices --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("krones", "choices", "points", "krones_after"),
    [
        (5, {}, 10, 2),  # -3 krones + 6 points = +3 to the total, better than declining: 4 + 6 points
        (2, {}, 4, 2),  # 2 krones < 3: the option cannot be taken in full, nothing
        (5, {"choose_one": None}, 4, 5),  # recorded: declined
    ],
)
def test_trade_offer(krones: int, choices: dict[str, Any], points: int, krones_after: int) -> None:
    a = anna(play(CHOICES, 3, "A", "a-trade-offer", emperor=6, krones=krones, choices=choices))
    assert (a["points"], a["krones"]) == (points, krones_after)


def test_pick_your_poison_bonus() -> None:
    # Bonus from 8: 5 points. (1) 4 krones: +4 to the total; (2) 2 steps: the marker counts nothing at the end
    # without an Operator. The policy takes (1).
    a = anna(play(CHOICES, 5, "B", "b-pick-your-poison", emperor=8))
    assert (a["points"], a["krones"], a["emperor"]) == (5, 4, 3)
    recorded = anna(play(CHOICES, 5, "B", "b-pick-your-poison", emperor=8, choices={"choose_one": 2}))
    assert (recorded["krones"], recorded["emperor"]) == (0, 5)


def test_pick_your_poison_penalty() -> None:
    # Penalty from 5: 4 points (10 -> 14). (1) 4 krones: only 3, cannot; (2) 2 kitchen items: -2; (3) 6 points: -6.
    a = anna(play(CHOICES, 5, "B", "b-pick-your-poison", emperor=5, points=10, krones=3, kitchen={"wine": 2}))
    assert (a["points"], a["krones"], a["kitchen"]) == (14, 3, kitchen())
    with pytest.raises(module(CHOICES).StateError, match=r"choose_one: 1 is not a legal choice here; legal: 2, 3"):
        play(
            CHOICES,
            5,
            "B",
            "b-pick-your-poison",
            emperor=5,
            points=10,
            krones=3,
            kitchen={"wine": 2},
            choices={"choose_one": 1},
        )
    # With 0 points before: 4 after the space, fewer than 6, so (3) is not legal either.
    with pytest.raises(module(CHOICES).StateError, match=r"choose_one: 3 is not a legal choice here; legal: 2 "):
        play(CHOICES, 5, "B", "b-pick-your-poison", emperor=5, krones=3, kitchen={"wine": 2}, choices={"choose_one": 3})


def test_the_older_c_room_takes_the_second_room_from_the_same_column() -> None:
    # Occupied 4.2, 3.1, 2.1, 2.2, 1.1; 3.2 vacant. Older printing: 4.2, then the next occupied room down
    # column 2: 3.2 is vacant, so 2.2. Today's printing (base's c-occupied-room) takes 3.1 instead.
    hotel = [".o...", "ov...", "oo...", "o...."]
    old = anna(play(CHOICES, 7, "C", "c-old-occupied-room", emperor=7, hotel=hotel))
    assert old["hotel"] == [".....", "ov...", "o....", "o...."]
    today = anna(play("base", 7, "C", "c-occupied-room", emperor=7, hotel=hotel))
    assert today["hotel"] == [".....", ".v...", "oo...", "o...."]


def test_points_or_rooms() -> None:
    # Penalty from 7: 5 points (10 -> 15). (1) 2 vacant rooms, worth nothing at the end; (2) 8 points. (1).
    hotel = [".....", "v....", "v....", "o...."]
    a = anna(play(CHOICES, 7, "C", "c-points-or-rooms", emperor=7, points=10, hotel=hotel))
    assert (a["points"], a["hotel"]) == (15, [".....", ".....", ".....", "o...."])
    # One vacant room only: (1) cannot be taken in full, so (2): 15 - 8 = 7; the room stays.
    one = anna(
        play(CHOICES, 7, "C", "c-points-or-rooms", emperor=7, points=10, hotel=[".....", ".....", "v....", "o...."])
    )
    assert (one["points"], one["hotel"]) == (7, [".....", ".....", "v....", "o...."])


# --- invented-counts: filtered counts ---------------------------------------------------------------
# Hotel colours, top floor first (GR 3): floor 4 BRBRB, floor 3 BRBYY, floor 2 YYRRY, floor 1 BYRRB. Red groups:
# {1.3, 1.4, 2.3, 2.4}, {3.2, 4.2}, {4.4}.


def test_upper_floors() -> None:
    # Bonus from space 6 after round 3: 4 track points. "3 points per occupied room on floors 3-4": floor 4
    # "oov.." has 2 occupied, floor 3 "o.v.." 1 (the vacant ones do not count; floors 1-2's ten do not):
    # 3 x 3 = 9. 0 + 4 + 9 = 13.
    hotel = ["oov..", "o.v..", "ooooo", "ooooo"]
    assert anna(play(COUNTS, 3, "A", "a-upper-floors", emperor=6, hotel=hotel))["points"] == 13
    # Penalty from 0: no track points. "Lose 1 point per vacant room on floors 1-2": floor 2 "vv.oo" 2, floor 1
    # "ovvoo" 2 (floor 3's vacant room does not count): 10 - 4 = 6.
    hotel = [".....", "v....", "vv.oo", "ovvoo"]
    assert anna(play(COUNTS, 3, "A", "a-upper-floors", points=10, hotel=hotel))["points"] == 6


def test_red_groups() -> None:
    # Bonus from 8 after round 5: 5 track points. Complete red groups: {1.3, 1.4, 2.3, 2.4} all occupied, yes;
    # {3.2, 4.2}: 4.2 is vacant, no; {4.4}: yes. The complete blue group {3.3, 4.3} does not count. 4 x 2 = 8;
    # 0 + 5 + 8 = 13.
    hotel = [".voo.", ".oo..", "..oo.", "..oo."]
    assert anna(play(COUNTS, 5, "B", "b-red-groups", emperor=8, hotel=hotel))["points"] == 13
    # Penalty from 5: 4 track points. "1 point per dish or drink other than coffee in your kitchen": strudel 2 +
    # cake 1 + wine 3 = 6 (3 coffee and the wine on a guest do not count). 20 + 4 - 6 = 18.
    kitchen_items = {"strudel": 2, "cake": 1, "wine": 3, "coffee": 3}
    a = anna(play(COUNTS, 5, "B", "b-red-groups", emperor=5, points=20, kitchen=kitchen_items, cafe=[{"wine": 2}]))
    assert a["points"] == 18


def test_game_end_hand() -> None:
    # Bonus from 10 after round 7: 6 track points. "2 points per game-end Staff card in your hand": 27 and 28 are
    # game-end, 3 (Barkeeper) is once-per-round: 2 x 2 = 4. 0 + 6 + 4 = 10.
    assert anna(play(COUNTS, 7, "C", "c-game-end-hand", emperor=10, hand=[27, 28, 3]))["points"] == 10
    # Penalty from 7: 5 track points. "2 points per once-per-round or permanent card, in hand or hired": in hand 1
    # (once per round; 27 game-end and 35 one-off do not count), hired 5 (permanent; 28 and 21 do not): 2 x 2 = 4.
    a = anna(play(COUNTS, 7, "C", "c-game-end-hand", emperor=7, points=10, hand=[1, 27, 35], hired=[5, 28, 21]))
    assert a["points"] == 11  # 10 + 5 - 4


def test_blue_columns() -> None:
    # Bonus from 10 after round 7: 6 track points. "2 points per blue room tile in columns 1 and 5, vacant or
    # occupied": the blue spaces there are 4.1 (vacant here), 4.5 (empty), 3.1, 1.1 and 1.5 (occupied); 2.5 is
    # yellow. 4 tiles x 2 = 8; 0 + 6 + 8 = 14.
    hotel = ["v....", "o....", "ooooo", "ooooo"]
    assert anna(play(COUNTS, 7, "C", "c-blue-columns", emperor=10, hotel=hotel))["points"] == 14
    # Penalty from 7: 5 track points. "1 point per Wine or dish on guests in your café": wine 1 + strudel 1 +
    # cake 1 = 3 (coffee does not count, nor the 5 wine in the kitchen). 10 + 5 - 3 = 12.
    cafe = [{"wine": 1, "coffee": 1}, {"strudel": 1, "cake": 1}, {"coffee": 2}]
    a = anna(play(COUNTS, 7, "C", "c-blue-columns", emperor=7, points=10, kitchen={"wine": 5}, cafe=cafe))
    assert a["points"] == 12


def test_red_rooms_upstairs_at_final_scoring() -> None:
    # After round 7 (marker on 0: the Blue columns penalty, nothing on guests), final scoring. Occupied red rooms:
    # 4.2 and 4.4 on floor 4, 3.2 on floor 3, 1.3, 1.4, 2.3, 2.4 below. The Booking Manager (27) counts floors 3-4
    # only: 3 x 3 = 9 (base: 3 x 7 = 21). Red rooms on the top floor: 2 x 1 = 2. Rooms by floor (1 2 3 4 each):
    # 5 + 2 x 5 + 3 x 3 + 4 x 2 = 32.
    hotel = [".o.o.", ".ooo.", "ooooo", "ooooo"]
    entry = play(COUNTS, 7, "C", "c-blue-columns", hotel=hotel, hired=[27])["final"][0]
    assert (entry["breakdown"]["staff"], entry["breakdown"]["red-attic"], entry["breakdown"]["rooms"]) == (9, 2, 32)
    assert entry["total"] == 43
    staff = entry["details"]["staff"][0]
    assert staff["text"] == "Booking Manager (27), occupied red rooms on floors 3–4: 3 × 3 = 9 points"


def test_long_forms_are_their_shorthands() -> None:
    """The tie-breaker written {count: items, places: [kitchen]} plus {count: krones} is base's, word for word."""
    assert module(COUNTS).TIEBREAK_QUANTITIES == module("base").TIEBREAK_QUANTITIES == ("kitchen_items", "krones")


# --- the same tiles through the command line -----------------------------------------------------


def test_gah_score_explains_an_invented_tile(tmp_path: Path) -> None:
    path = tmp_path / "state.yaml"
    path.write_text(
        "round: 3\ntiles: {A: a-tax-and-tribute, B: b-krones, C: c-points}\nplayers:\n"
        "  - {name: Anna, points: 10, krones: 5, emperor: 0, kitchen: {wine: 1, cake: 2}, cafe: [],\n"
        '     hotel: [".....", ".....", ".....", "....."], hand: [], hired: [], objectives: 0}\n',
        encoding="utf-8",
    )
    run = run_gah("score", str(path), "--rules", ITEMS)
    assert run.code == 0, run.err
    assert "Anna loses 2 krones" in run.out and "Anna returns 1 cake from the kitchen" in run.out
    assert re.search(r"return_items", run.out)


def test_the_guide_example_is_the_tile_and_its_wording() -> None:
    """The guide's "Writing a tile of your own" (gah docs house-rules) shows a-tax-and-tribute and the sentence its
    sheet prints."""
    readme = (Path(__file__).resolve().parents[1] / "docs" / "guide-house-rules.md").read_text(encoding="utf-8")
    block = readme.split("## Writing a tile of your own", 1)[1].split("```yaml\n", 1)[1].split("```", 1)[0]
    data = Path(ITEMS).read_text(encoding="utf-8")
    tile = [line for line in block.splitlines()[1:] if line.strip()]
    assert all(line in data for line in tile), "the guide's tile differs from invented-items.yaml"
    said = "lose 2 krones and return 1 dish or drink of your choice from your kitchen; if you cannot do all of that, lose 5 points instead"
    assert said in " ".join(readme.split()).lower().replace('"', "")
    from gah.project import load_one
    from gah.sheets import render_sheet
    from helpers_rules import shipped_workspace

    sheet = render_sheet(load_one(shipped_workspace(), ITEMS), None, "md").decode("utf-8")
    assert said in " ".join(sheet.split()).lower()


@pytest.mark.parametrize("rules", [ITEMS, RETURNS, STAFF, CHOICES, COUNTS], ids=lambda p: Path(p).stem)
def test_every_invented_tile_is_on_its_sheet_with_its_id(rules: str) -> None:
    """The front fits on one page (render_sheet raises if not) and names each invented tile with its id."""
    from gah.project import load_one
    from gah.sheets import render_sheet
    from helpers_rules import shipped_workspace

    ruleset = load_one(shipped_workspace(), rules)
    sheet = render_sheet(ruleset, load_one(shipped_workspace(), "base"), "md").decode("utf-8")
    invented = [tile for tile in ruleset.tiles if tile.id not in module("base").RULES.tiles]
    assert len(invented) >= 3
    for tile in invented:
        assert f"**{tile.name}** `{tile.id}`" in sheet, tile.id


def test_the_older_c_room_starts_where_both_rooms_can_go() -> None:
    # Occupied 4.2 and 4.3 on the top floor; below 4.2 in column 2 sits 3.2, below 4.3 nothing. Removing "2
    # occupied rooms, the second from the same column" must take both where it can: start at 4.2, then 3.2.
    # (Starting at 4.3 would keep 3 points of rooms but take 1 room, not 2.)
    hotel = [".oo..", "oo...", "o....", "o...."]
    a = anna(play(CHOICES, 7, "C", "c-old-occupied-room", emperor=7, hotel=hotel))
    assert a["hotel"] == ["..o..", "o....", "o....", "o...."]
    with pytest.raises(
        module(CHOICES).StateError, match=r"remove_rooms: 4\.3 is not a legal choice here; legal: 4\.2 "
    ):
        play(CHOICES, 7, "C", "c-old-occupied-room", emperor=7, hotel=hotel, choices={"remove_rooms": "4.3"})


def test_gah_score_explains_a_filtered_count(tmp_path: Path) -> None:
    # Upper floors' bonus from 6 after round 3 (test_upper_floors): 4 track points, then 3 x 3 = 9.
    path = tmp_path / "state.yaml"
    path.write_text(
        "round: 3\ntiles: {A: a-upper-floors, B: b-krones, C: c-blue-columns}\nplayers:\n"
        "  - {name: Anna, points: 0, krones: 0, emperor: 6, kitchen: {}, cafe: [],\n"
        '     hotel: ["oov..", "o.v..", "ooooo", "ooooo"], hand: [], hired: [], objectives: 0}\n',
        encoding="utf-8",
    )
    run = run_gah("score", str(path), "--rules", COUNTS, "--json")
    assert run.code == 0, run.err
    import json

    result = json.loads(run.out)[0] if run.out.lstrip().startswith("[") else json.loads(run.out)
    assert result["state"]["players"][0]["points"] == 13
    said = run_gah("score", str(path), "--rules", COUNTS)
    assert "9 points (3 per occupied room on floors 3–4)" in said.out, said.out
