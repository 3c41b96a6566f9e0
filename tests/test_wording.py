"""Wording is the engine's meaning (issue 30, item 6): what the sheets, the explanations and the format say is
what the engines do. Each test scores by hand what the words claim, or shows the words of a case the engines
decide.

Track points (GR 1): space 5 pays 4, 7 pays 5, 8 pays 5, 9 pays 6; move back 5 after round 5 and 7 after round
7; a marker landing on 0 takes the penalty, on 3 or more the bonus.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from gah.languages import load_language
from helpers_rules import run_gah, shipped_workspace
from helpers_scoring import kitchen, module, player, state, texts
from helpers_sheets import load_file, tile_texts
from test_invented_tiles import CHOICES, anna, play

DATA = Path(__file__).resolve().parent / "data"
VOCABULARY_B = str(DATA / "rulesets" / "vocabulary-b.yaml")
RETURNS = str(DATA / "variants" / "invented-returns.yaml")


def words(path: str, language: str = "en") -> dict[str, tuple[str, str, str]]:
    """Tile id -> (name, bonus, penalty) as the sheet of the rules file says them."""
    ruleset, _parent = load_file(Path(path))
    return tile_texts(ruleset, load_language(shipped_workspace(), language))


# --- 1. no "if possible" inside an all-or-nothing option ----------------------------------------


def test_a_column_removal_in_an_option_is_said_in_full() -> None:
    said = words(VOCABULARY_B)["b-occupied-room"][2]
    assert said.startswith(
        "Choose one you can do in full: (1) remove one occupied room on your highest floor and the next occupied "
        "room below it in the same column, (2)"
    )
    assert "if possible" not in said
    german = words(VOCABULARY_B, "de")["b-occupied-room"][2]
    assert "wenn möglich" not in german and "und das nächste solche darunter in derselben Spalte" in german
    # Outside an option the removal goes as far as it can, and says so.
    assert "then, if possible, the next occupied room" in words(VOCABULARY_B)["c-occupied-room"][2]


def test_the_engine_takes_the_points_when_the_removal_cannot_be_taken_in_full() -> None:
    # vocabulary-b's b-occupied-room, after round 5 from space 5: 4 points (20 -> 24), back to 0: the penalty.
    # (1) 2 occupied rooms down a column: only 2.1 is occupied (1.1 is vacant), so not in full;
    # (2) 2 Staff from hand: the hand is empty; (3) 9 points: 24 - 9 = 15. The rooms stay.
    hotel = [".....", ".....", "o....", "v...."]
    a = anna(play(VOCABULARY_B, 5, "B", "b-occupied-room", emperor=5, points=20, hotel=hotel))
    assert (a["points"], a["hotel"]) == (15, hotel)


# --- 2. the older C room starts where the whole removal can be taken -----------------------------


def test_the_older_c_room_says_and_does_where_it_starts() -> None:
    # Round 7 from space 7: 5 points, back to 0: the penalty. Occupied 3.1, 3.5, 2.5, 1.5; 2.1 and 1.1 vacant.
    # From 3.1 nothing occupied lies below in column 1; from 3.5, 2.5 does: the removal starts at 3.5.
    hotel = [".....", "o...o", "v...o", "v...o"]
    a = anna(play(CHOICES, 7, "C", "c-old-occupied-room", emperor=7, hotel=hotel))
    assert a["hotel"] == [".....", "o....", "v....", "v...o"]
    with pytest.raises(
        module(CHOICES).StateError, match=r"remove_rooms\[0\]: 3\.1 is not a legal choice here; legal: 3\.5"
    ):
        play(CHOICES, 7, "C", "c-old-occupied-room", emperor=7, hotel=hotel, choices={"remove_rooms": ["3.1", "2.5"]})
    said = words(CHOICES)["c-old-occupied-room"][2]
    assert said == (
        "Remove one occupied room on your highest floor (one with another occupied room below it in its column, "
        "if you have such), then, if possible, the next occupied room below it in the same column"
    )
    schema = (Path(__file__).resolve().parents[1] / "docs" / "rules-format.md").read_text(encoding="utf-8")
    assert "a recorded start with fewer rooms below is refused" in schema


# --- 3. a payment with what the same option gains is refused by gah check --------------------------


@pytest.mark.parametrize(
    "path",
    sorted(str(p) for folder in ("variants", "rulesets", "sheets") for p in (DATA / folder).glob("*.yaml")),
)
def test_no_test_ruleset_pays_with_its_own_gain(path: str) -> None:
    assert "may give" not in run_gah("check", path).err


def test_no_shipped_ruleset_pays_with_its_own_gain() -> None:
    run = run_gah("check")
    assert run.code == 0 and "may give" not in run.err


def test_a_payment_before_the_gain_is_accepted(tmp_path: Path) -> None:
    # The way the refusal says to write it: pay 5 krones, then gain 3; each checked against the state before.
    path = tmp_path / "pay-first.yaml"
    path.write_text(
        "extends: base\nname: pay-first\ntiles:\n  c-points:\n    penalty:\n      effects:\n"
        "        - kind: choose_one\n          options:\n"
        "            - [{kind: lose_krones, amount: 5}, {kind: gain_krones, amount: 3}]\n"
        "            - [{kind: lose_points, amount: 8}]\n",
        encoding="utf-8",
    )
    run = run_gah("check", str(path))
    assert run.code == 0, run.err


# --- 4. a choice none of whose options can be taken ---------------------------------------------


def test_a_choice_that_may_fail_says_nothing_happens() -> None:
    _name, bonus, penalty = words(CHOICES)["b-pick-your-poison"]
    assert penalty.endswith("(3) lose 6 points; if you can do none of them in full, nothing happens")
    assert "nothing happens" not in bonus  # 4 krones or 2 steps: each can always be taken
    german = words(CHOICES, "de")["b-pick-your-poison"][2]
    assert german.endswith("(3) verliere 6 Siegpunkte; kannst du keine ganz ausführen, geschieht nichts")


def test_a_player_who_can_take_no_option_loses_nothing() -> None:
    # Round 5 from space 5: 4 points (1 -> 5), back to 0: the penalty. 3 krones < 4, an empty kitchen < 2
    # items, 5 points < 6: no option in full, so nothing happens: 5 points, 3 krones.
    a = anna(play(CHOICES, 5, "B", "b-pick-your-poison", emperor=5, points=1, krones=3))
    assert (a["points"], a["krones"]) == (5, 3)


# --- 5. emperor_position is read after the move-back ----------------------------------------------


def test_emperor_position_on_a_tile_is_read_after_the_move_back(tmp_path: Path) -> None:
    path = tmp_path / "marker-points.yaml"
    path.write_text(
        "extends: base\nname: marker-points\ntiles:\n  b-krones:\n    bonus:\n"
        "      - {kind: points_per_quantity, quantity: emperor_position, points: 1}\n",
        encoding="utf-8",
    )
    # Round 5 from space 9: 6 points, back 5 to space 4 (the bonus), then 1 per space: 4, not 9. 0 + 6 + 4 = 10.
    result = module(str(path)).score_game(state(5, player(emperor=9), B="b-krones"))
    assert result["state"]["players"][0]["points"] == 10
    assert (
        "Anna gains 4 points (1 per space your Emperor marker has reached (counted after the latest move-back))"
        in texts(result)
    )


# --- 6. "N per X" in the explanations is the sheets' X ------------------------------------------


def test_points_per_quantity_is_explained_with_the_sheets_unit() -> None:
    # c-staff-points penalty after round 7 from space 7: 5 points (10 -> 15), back to 0: -2 per hired Staff,
    # 3 hired: 15 - 6 = 9.
    data = state(7, player(emperor=7, points=10, hired=[1, 5, 12]), C="c-staff-points")
    english = module().score_game(data)
    assert english["state"]["players"][0]["points"] == 9
    assert "Anna loses 6 points (2 per Staff card you have hired)" in texts(english)
    german = module().score_game(data, "de")
    assert "Anna verliert 6 Siegpunkte (2 für jede Personalkarte, die du angestellt hast)" in texts(german)


# --- 7. plural names of items ---------------------------------------------------------------------


def test_items_after_a_count_are_plural_on_sheets() -> None:
    assert words(RETURNS)["b-sweet-tooth"][1].startswith("Gain 2 Cakes or Strudels of your choice")
    assert words(RETURNS)["b-sweet-tooth"][2] == "Return all Cakes and Strudels in your kitchen"
    german = words(RETURNS, "de")["b-sweet-tooth"]
    assert german[1].startswith("Erhalte 2 Torten oder Strudel nach Wahl")
    assert german[2] == "Gib alle Torten und Strudel in deiner Küche ab"


def test_items_after_a_count_are_plural_in_explanations() -> None:
    # b-sweet-tooth bonus after round 5 from space 8: 5 points, back to 3 (the bonus); 2 cakes recorded.
    data = state(5, player(emperor=8, choices={"choose_items": ["cake", "cake"]}), B="b-sweet-tooth")
    result = module(RETURNS).score_game(data, "de")
    assert result["state"]["players"][0]["kitchen"] == kitchen(cake=2)
    assert "Anna erhält 2 Torten" in texts(result)
    # English names items by their ids in running text; after another count, the data's plural in lower case.
    assert "Anna gains 2 cakes" in texts(module(RETURNS).score_game(data))
    one = module(RETURNS).score_game(
        state(5, player(emperor=8, choices={"choose_items": ["cake", "strudel"]}), B="b-sweet-tooth"), "de"
    )
    assert "Anna erhält 1 Torte, 1 Strudel" in texts(one)  # one of each: singular


def test_an_item_without_a_plural_is_named_alike_for_every_count(tmp_path: Path) -> None:
    path = tmp_path / "tea.yaml"
    path.write_text(
        "extends: base\nname: tea\nitems:\n  tea: {kind: drink, name: Tea}\ntiles:\n  b-krones:\n    bonus:\n"
        "      - {kind: gain_items, items: {tea: 2}}\n",
        encoding="utf-8",
    )
    assert words(str(path))["b-krones"][1] == "Gain 2 Tea"
    assert run_gah("check", str(path)).code == 0


def test_gah_diff_names_a_changed_plural(tmp_path: Path) -> None:
    path = tmp_path / "cakes.yaml"
    path.write_text(
        "extends: base\nname: cakes\nitems:\n  cake: {kind: dish, name: Cake, plural: Gateaux}\n", encoding="utf-8"
    )
    run = run_gah("diff", "base", str(path))
    assert "The item cake is now called Gateaux after a count other than 1, instead of Cakes." in run.out, run.err


def test_a_rulesets_own_translation_gives_the_plural(tmp_path: Path) -> None:
    path = tmp_path / "tea.yaml"
    path.write_text(
        "extends: base\nname: tea\nitems:\n  tea: {kind: drink, name: Tea, plural: Teas}\ntiles:\n  b-krones:\n"
        "    bonus:\n      - {kind: gain_items, items: {tea: 2}}\n"
        "translations:\n  de:\n    names:\n      items: {tea: Tee}\n      item_plurals: {tea: Tees}\n",
        encoding="utf-8",
    )
    assert words(str(path))["b-krones"][1] == "Gain 2 Teas"
    assert words(str(path), "de")["b-krones"][1] == "Erhalte 2 Tees"
    # Without item_plurals the translated name serves every count.
    path.write_text(path.read_text(encoding="utf-8").replace("      item_plurals: {tea: Tees}\n", ""), encoding="utf-8")
    assert words(str(path), "de")["b-krones"][1] == "Erhalte 2 Tee"
