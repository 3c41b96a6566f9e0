"""Words of issue 41 item 7: plurals right after 1, one sentence for a ladder, the note on when conditions and
amounts are read, the House-rules box with new tiles in full (English and German)."""

from __future__ import annotations

from pathlib import Path

import pytest
from effect_samples import FILTERED, OF_OTHERS
from gah import ir
from gah.languages import localised
from gah.sheets.context import build_sheet
from gah.words.effects import Speaker
from gah.words.text import Words, plain
from helpers_rules import ROOT, run_gah
from helpers_sheets import load_file, rulesets

VARIANTS = ROOT / "tests" / "data" / "variants"
QUANTITIES = [ir.shorthand(name) for name in ir.QUANTITIES] + list(FILTERED) + list(OF_OTHERS)

# Each quantity in a condition with "at most 1" and "at least 2": English, then German.
EXPECTED = {
    "occupied_rooms": (
        "you have at most 1 occupied room",
        "you have at least 2 occupied rooms",
        "du höchstens 1 bezogenes Zimmer hast",
        "du mindestens 2 bezogene Zimmer hast",
    ),
    "occupied_red_rooms": (
        "you have at most 1 occupied red room",
        "you have at least 2 occupied red rooms",
        "du höchstens 1 bezogenes rotes Zimmer hast",
        "du mindestens 2 bezogene rote Zimmer hast",
    ),
    "occupied_blue_rooms": (
        "you have at most 1 occupied blue room",
        "you have at least 2 occupied blue rooms",
        "du höchstens 1 bezogenes blaues Zimmer hast",
        "du mindestens 2 bezogene blaue Zimmer hast",
    ),
    "occupied_yellow_rooms": (
        "you have at most 1 occupied yellow room",
        "you have at least 2 occupied yellow rooms",
        "du höchstens 1 bezogenes gelbes Zimmer hast",
        "du mindestens 2 bezogene gelbe Zimmer hast",
    ),
    "vacant_rooms": (
        "you have at most 1 vacant room",
        "you have at least 2 vacant rooms",
        "du höchstens 1 freies Zimmer hast",
        "du mindestens 2 freie Zimmer hast",
    ),
    "room_tiles": (
        "you have at most 1 room tile in your hotel",
        "you have at least 2 room tiles in your hotel",
        "du höchstens 1 Zimmerplättchen in deinem Hotel hast",
        "du mindestens 2 Zimmerplättchen in deinem Hotel hast",
    ),
    "full_floors": (
        "you have at most 1 fully occupied floor",
        "you have at least 2 fully occupied floors",
        "du höchstens 1 vollständig bezogene Etage hast",
        "du mindestens 2 vollständig bezogene Etagen hast",
    ),
    "full_columns": (
        "you have at most 1 fully occupied column",
        "you have at least 2 fully occupied columns",
        "du höchstens 1 vollständig bezogene Spalte hast",
        "du mindestens 2 vollständig bezogene Spalten hast",
    ),
    "full_groups": (
        "you have at most 1 fully occupied colour group",
        "you have at least 2 fully occupied colour groups",
        "du höchstens 1 vollständig bezogene Zimmergruppe hast",
        "du mindestens 2 vollständig bezogene Zimmergruppen hast",
    ),
    "colour_sets": (
        "you have at most 1 complete set of one occupied red, one blue and one yellow room",
        "you have at least 2 complete sets of one occupied red, one blue and one yellow room",
        "du höchstens 1 vollständigen Satz aus je einem bezogenen roten, blauen und gelben Zimmer hast",
        "du mindestens 2 vollständige Sätze aus je einem bezogenen roten, blauen und gelben Zimmer hast",
    ),
    "hired_staff": (
        "you have at most 1 Staff card you have hired",
        "you have at least 2 Staff cards you have hired",
        "du höchstens 1 angestellte Personalkarte hast",
        "du mindestens 2 angestellte Personalkarten hast",
    ),
    "hired_game_end_staff": (
        "you have at most 1 hired Staff card with a game-end effect",
        "you have at least 2 hired Staff cards with a game-end effect",
        "du höchstens 1 angestellte Personalkarte mit Effekt bei Spielende hast",
        "du mindestens 2 angestellte Personalkarten mit Effekt bei Spielende hast",
    ),
    "staff_in_hand": (
        "you have at most 1 Staff card in your hand",
        "you have at least 2 Staff cards in your hand",
        "du höchstens 1 Personalkarte auf der Hand hast",
        "du mindestens 2 Personalkarten auf der Hand hast",
    ),
    "krones": (
        "you have at most 1 krone",
        "you have at least 2 krones",
        "du höchstens 1 Krone hast",
        "du mindestens 2 Kronen hast",
    ),
    "kitchen_items": (
        "you have at most 1 dish or drink in the kitchen",
        "you have at least 2 dishes and drinks in the kitchen",
        "du höchstens 1 Ware in der Küche hast",
        "du mindestens 2 Waren in der Küche hast",
    ),
    "cafe_guests": (
        "you have at most 1 guest in the café",
        "you have at least 2 guests in the café",
        "du höchstens 1 Gast im Café hast",
        "du mindestens 2 Gäste im Café hast",
    ),
    "cafe_items": (
        "you have at most 1 dish or drink on guests in the café",
        "you have at least 2 dishes and drinks on guests in the café",
        "du höchstens 1 Ware auf Gästen im Café hast",
        "du mindestens 2 Waren auf Gästen im Café hast",
    ),
    "objectives": (
        "you have at most 1 objective card carrying the player's marker",
        "you have at least 2 objective cards carrying the player's marker",
        "du höchstens 1 Politikkarte mit dem Marker des Spielers hast",
        "du mindestens 2 Politikkarten mit dem Marker des Spielers hast",
    ),
    "emperor_position": (
        "your Emperor marker is on space 1 or lower",
        "your Emperor marker is on space 2 or higher",
        "deine Kaiserfigur auf Feld 1 oder niedriger steht",
        "deine Kaiserfigur auf Feld 2 oder höher steht",
    ),
    "rooms_occupied_floors_3_4": (
        "you have at most 1 occupied room on floors 3–4",
        "you have at least 2 occupied rooms on floors 3–4",
        "du höchstens 1 bezogenes Zimmer auf den Etagen 3–4 hast",
        "du mindestens 2 bezogene Zimmer auf den Etagen 3–4 hast",
    ),
    "rooms_vacant_floors_1_columns_2_4_red_yellow": (
        "you have at most 1 vacant red or yellow room on floor 1 in columns 2 and 4",
        "you have at least 2 vacant red or yellow rooms on floor 1 in columns 2 and 4",
        "du höchstens 1 freies rotes oder gelbes Zimmer auf Etage 1 in den Spalten 2 und 4 hast",
        "du mindestens 2 freie rote oder gelbe Zimmer auf Etage 1 in den Spalten 2 und 4 hast",
    ),
    "groups_red": (
        "you have at most 1 fully occupied red colour group",
        "you have at least 2 fully occupied red colour groups",
        "du höchstens 1 vollständig bezogene rote Zimmergruppe hast",
        "du mindestens 2 vollständig bezogene rote Zimmergruppen hast",
    ),
    "items_dish_kitchen": (
        "you have at most 1 dish in your kitchen",
        "you have at least 2 dishes in your kitchen",
        "du höchstens 1 Speise in deiner Küche hast",
        "du mindestens 2 Speisen in deiner Küche hast",
    ),
    "items_named_cake_wine_kitchen_cafe": (
        "you have at most 1 Cake or Wine in your kitchen or on guests in your café",
        "you have at least 2 Cakes or Wines in your kitchen or on guests in your café",
        "du höchstens 1 Ware (Torte oder Wein) in deiner Küche oder auf Gästen in deinem Café hast",
        "du mindestens 2 Waren (Torten oder Weine) in deiner Küche oder auf Gästen in deinem Café hast",
    ),
    "staff_permanent_game_end_hand_hired": (
        "you have at most 1 permanent or game-end Staff card in your hand or hired",
        "you have at least 2 permanent or game-end Staff cards in your hand or hired",
        "du höchstens 1 Personalkarte (dauerhaft oder Spielende) auf deiner Hand oder angestellt hast",
        "du mindestens 2 Personalkarten (dauerhaft oder Spielende) auf deiner Hand oder angestellt hast",
    ),
    "items_drink_except_wine_cafe": (
        "you have at most 1 drink (not Wine) on guests in your café",
        "you have at least 2 drinks (not Wine) on guests in your café",
        "du höchstens 1 Getränk (außer Wein) auf Gästen in deinem Café hast",
        "du mindestens 2 Getränke (außer Wein) auf Gästen in deinem Café hast",
    ),
    "krones_of_left": (
        "there is at most 1 krone of your left neighbour",
        "there are at least 2 krones of your left neighbour",
        "es höchstens 1 Krone deines linken Nachbarn gibt",
        "es mindestens 2 Kronen deines linken Nachbarn gibt",
    ),
    "krones_of_right": (
        "there is at most 1 krone of your right neighbour",
        "there are at least 2 krones of your right neighbour",
        "es höchstens 1 Krone deines rechten Nachbarn gibt",
        "es mindestens 2 Kronen deines rechten Nachbarn gibt",
    ),
    "staff_permanent_game_end_hand_hired_of_each_other": (
        "there is at most 1 permanent or game-end Staff card in the hand of the other players or hired by them",
        "there are at least 2 permanent or game-end Staff cards in the hand of the other players or hired by them",
        "es höchstens 1 Personalkarte (dauerhaft oder Spielende) auf der Hand oder im Dienst der anderen Spieler gibt",
        "es mindestens 2 Personalkarten (dauerhaft oder Spielende) auf der Hand oder im Dienst der anderen Spieler gibt",
    ),
    "occupied_rooms_of_players_with_fewer": (
        "at most 1 other player has fewer occupied rooms than you",
        "at least 2 other players have fewer occupied rooms than you",
        "höchstens 1 anderer Spieler weniger bezogene Zimmer hat als du",
        "mindestens 2 andere Spieler weniger bezogene Zimmer haben als du",
    ),
    "emperor_position_of_leader": (
        "the Emperor position of the leader is at most 1",
        "the Emperor position of the leader is at least 2",
        "die Position des führenden Spielers auf der Kaiserleiste höchstens 1 ist",
        "die Position des führenden Spielers auf der Kaiserleiste mindestens 2 ist",
    ),
    "rooms_occupied_floors_3_4_of_players_with_more": (
        "at most 1 other player has more occupied rooms on floors 3–4 than you",
        "at least 2 other players have more occupied rooms on floors 3–4 than you",
        "höchstens 1 anderer Spieler mehr bezogene Zimmer auf den Etagen 3–4 hat als du",
        "mindestens 2 andere Spieler mehr bezogene Zimmer auf den Etagen 3–4 haben als du",
    ),
}


def speaker(language: str) -> Speaker:
    """A speaker of the base game's items in `language` (their names localised)."""
    words = Words(language)
    return Speaker(words, localised(rulesets()["base"], words.language).items)


def said(language: str, quantity: ir.Quantity, bounds: ir.Bounds) -> str:
    return plain(speaker(language).condition(ir.QuantityIs(quantity, bounds)))


def test_every_quantity_of_the_registry_and_the_samples_is_listed() -> None:
    assert sorted(EXPECTED) == sorted(q.key for q in QUANTITIES)


@pytest.mark.parametrize("quantity", QUANTITIES, ids=[q.key for q in QUANTITIES])
def test_a_bound_of_1_is_followed_by_the_singular_and_2_by_the_plural(quantity: ir.Quantity) -> None:
    en_one, en_two, de_one, de_two = EXPECTED[quantity.key]
    assert said("en", quantity, ir.Bounds(at_most=1)) == en_one
    assert said("en", quantity, ir.Bounds(at_least=2)) == en_two
    assert said("de", quantity, ir.Bounds(at_most=1)) == de_one
    assert said("de", quantity, ir.Bounds(at_least=2)) == de_two


def test_exactly_1_is_singular_and_a_range_plural() -> None:
    rooms = ir.shorthand("occupied_rooms")
    assert said("en", rooms, ir.Bounds(1, 1)) == "you have exactly 1 occupied room"
    assert said("de", rooms, ir.Bounds(1, 1)) == "du genau 1 bezogenes Zimmer hast"
    assert said("en", rooms, ir.Bounds(0, 1)) == "you have from 0 to 1 occupied rooms"
    assert said("de", ir.shorthand("krones"), ir.Bounds(at_least=1)) == "du mindestens 1 Krone hast"


# --- ladders ------------------------------------------------------------------------------------

KRONES = ir.shorthand("krones")


def if_krones(bounds: ir.Bounds, then: tuple[ir.Effect, ...], otherwise: tuple[ir.Effect, ...] = ()) -> ir.Effect:
    return ir.Conditional(ir.QuantityIs(KRONES, bounds), then, otherwise)


DOWN = if_krones(
    ir.Bounds(at_least=10),
    (ir.GainPoints(5),),
    (if_krones(ir.Bounds(at_least=5), (ir.GainPoints(3),), (ir.GainPoints(1),)),),
)
UP = if_krones(
    ir.Bounds(at_most=4),
    (ir.GainPoints(1),),
    (if_krones(ir.Bounds(at_most=9), (ir.GainPoints(3),), (ir.GainPoints(5),)),),
)


def words(language: str, effect: ir.Effect) -> str:
    return plain(speaker(language).effect(effect))


@pytest.mark.parametrize("ladder", [DOWN, UP], ids=["from-the-top", "from-the-bottom"])
def test_a_ladder_is_one_sentence_with_a_table(ladder: ir.Effect) -> None:
    assert words("en", ladder) == "score points by your krones: 0–4: 1 point, 5–9: 3 points, 10 or more: 5 points"
    assert words("de", ladder) == (
        "erhalte Siegpunkte je nach „eigene Kronen“: 0–4: 1 Siegpunkt, 5–9: 3 Siegpunkte, ab 10: 5 Siegpunkte"
    )


def test_a_ladder_of_unlike_rungs_says_each_effect_and_nothing() -> None:
    mixed = if_krones(
        ir.Bounds(at_most=0),
        (ir.LosePoints(2),),
        (if_krones(ir.Bounds(1, 1), (), (ir.GainKrones(2),)),),
    )
    assert words("en", mixed) == "by your krones: 0: lose 2 points, 1: nothing, 2 or more: gain 2 krones"
    assert words("de", mixed) == "je nach „eigene Kronen“: 0: verliere 2 Siegpunkte, 1: nichts, ab 2: erhalte 2 Kronen"


def test_a_ladder_without_a_last_otherwise_gives_nothing_below_its_rungs() -> None:
    staff = ir.shorthand("hired_staff")
    ladder = ir.Conditional(
        ir.QuantityIs(staff, ir.Bounds(at_least=3)),
        (ir.GainPoints(4),),
        (ir.Conditional(ir.QuantityIs(staff, ir.Bounds(at_least=1)), (ir.GainPoints(1),)),),
    )
    assert words("en", ladder) == (
        "score points by Staff cards you have hired: 0: nothing, 1–2: 1 point, 3 or more: 4 points"
    )


@pytest.mark.parametrize(
    "effect",
    [
        # one condition only
        if_krones(ir.Bounds(at_least=5), (ir.GainPoints(3),), (ir.GainPoints(1),)),
        # a rung in the middle of the values left: no table says it
        if_krones(ir.Bounds(3, 5), (ir.GainPoints(3),), (if_krones(ir.Bounds(at_least=8), (ir.GainPoints(1),)),)),
        # a rung that is not a fixed amount
        if_krones(
            ir.Bounds(at_least=5),
            (ir.GainPoints(3), ir.GainKrones(1)),
            (if_krones(ir.Bounds(at_least=2), (ir.GainPoints(1),)),),
        ),
        # another quantity on the second rung
        if_krones(
            ir.Bounds(at_least=5),
            (ir.GainPoints(3),),
            (ir.Conditional(ir.QuantityIs(ir.shorthand("vacant_rooms"), ir.Bounds(at_least=2)), (ir.GainPoints(1),)),),
        ),
    ],
    ids=["one-condition", "gap", "two-effects", "two-quantities"],
)
def test_what_is_no_ladder_keeps_its_conditions(effect: ir.Effect) -> None:
    assert words("en", effect).startswith("if you have ")
    assert "by your krones" not in words("en", effect)


# --- the note on reading, the House-rules box ---------------------------------------------------------

READING_EN = (
    "Effects apply in the order printed: a condition, or an amount worked out from the state, is read when its "
    "effect applies, after the effects printed before it"
)
READING_DE = (
    "Effekte gelten in der gedruckten Reihenfolge: Eine Bedingung oder eine aus dem Spielstand berechnete Menge "
    "wird gelesen, wenn ihr Effekt gilt, also nach den davor gedruckten Effekten"
)


def markdown(target: str, language: str, folder: Path) -> str:
    """`gah sheet TARGET --format md --lang LANGUAGE`, as written."""
    out = folder / f"{Path(target).stem}.{language}.md"
    done = run_gah("sheet", target, "--format", "md", "--lang", language, "-o", str(out))
    assert done.code == 0, done.err
    return out.read_text(encoding="utf-8")


def test_the_note_on_reading_stands_once_under_the_tiles_that_read_the_state(tmp_path: Path) -> None:
    conditions = str(VARIANTS / "invented-conditions.yaml")
    en, de = markdown(conditions, "en", tmp_path), markdown(conditions, "de", tmp_path)
    assert en.count(READING_EN + ".") == 1 and de.count(READING_DE + ".") == 1
    assert en.index("## Emperor tiles") < en.index(READING_EN) < en.index("### Tier A")
    others = markdown(str(VARIANTS / "invented-others.yaml"), "en", tmp_path)
    assert READING_EN + "; other players are read as the Rulings say." in others
    assert "Other players are read as they stand when you resolve an Emperor scoring" in others  # the Rulings
    others_de = markdown(str(VARIANTS / "invented-others.yaml"), "de", tmp_path)
    assert READING_DE + "; andere Spieler zählen, wie es unter „Regelentscheidungen“ steht." in others_de


def test_no_note_where_no_tile_reads_the_state_after_another_effect(tmp_path: Path) -> None:
    assert "order printed" not in markdown("base", "en", tmp_path)
    assert "gedruckten Reihenfolge" not in markdown("base", "de", tmp_path)


def test_the_german_house_rules_box_says_new_tiles_in_full_on_a_sheet_that_continues_overleaf(tmp_path: Path) -> None:
    ruleset, parent = load_file(VARIANTS / "invented-conditions.yaml")
    sheet = build_sheet(ruleset, parent, "a4", Words("de"))
    assert sheet.fit.overleaf  # the German front cannot hold every tile
    house = [plain(sentence) for sentence in sheet.house or []]
    assert house[0].startswith("Neues Plättchen der Stufe A, Nest egg: Belohnung: erhalte 2 Kronen; wenn du")
    assert not any(sentence.startswith("Neue Plättchen, markiert") for sentence in house)
    assert any(tile.id == "a-nest-egg" for column in sheet.tile_columns for group in column for tile in group.tiles)
    box = markdown(str(VARIANTS / "invented-counts.yaml"), "de", tmp_path).split("**Legende**")[0]
    assert "Neues Plättchen der Stufe A, Upper floors: Belohnung: erhalte" in box
    assert "markiert unter den Kaiser-Plättchen" not in box
