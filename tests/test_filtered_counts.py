"""Filtered counts (issue 30, item 2): each shorthand name and an explicit filtered form of the same count give
the same number on random states, in the generated module and in the batched kernels; and an explicit form
that is the shorthand's record is the shorthand (same code, same words).

The explicit forms below are not the shorthands' records (they name every floor, every colour, every kind or
every item), so each goes through the filtered path: the module's own q_<key> function, the kernels'
quantity_rows. full_floors, full_columns, colour_sets, krones, cafe_guests, objectives and emperor_position take
no filters, and hired_game_end_staff's only explicit form is its own record: they have no second path to test.
"""

from __future__ import annotations

import dataclasses
from functools import cache
from typing import Any

from gah import ir
from gah.backends.batched import record
from gah.backends.batched.convert import arrays_of
from gah.backends.batched.quantities import quantity
from gah.backends.batched.tables import FILTERED_FROM, compile_tables, table
from gah.backends.python.load import load_scoring_module
from gah.frontend.quantities import lower_quantity
from gah.project import load_one
from helpers_rules import ruleset, shipped_workspace
from hypothesis import given, settings
from hypothesis import strategies as st

EVERY_FLOOR = (1, 2, 3, 4)
ALL_ITEMS = ir.ItemFilter(kinds=("dish", "drink"), fits=("strudel", "cake", "wine", "coffee"))
EVERY_KIND: tuple[ir.StaffKind, ...] = ("once_per_round", "permanent", "once", "game_end")
# shorthand -> the same count written out with every filter that lets everything through
LONG_FORMS: dict[str, ir.Quantity] = {
    "occupied_rooms": ir.Quantity("rooms", state="occupied", floors=EVERY_FLOOR),
    "occupied_red_rooms": ir.Quantity("rooms", state="occupied", colours=("red",), columns=(1, 2, 3, 4, 5)),
    "occupied_blue_rooms": ir.Quantity("rooms", state="occupied", colours=("blue",), floors=EVERY_FLOOR),
    "occupied_yellow_rooms": ir.Quantity("rooms", state="occupied", colours=("yellow",), floors=EVERY_FLOOR),
    "vacant_rooms": ir.Quantity("rooms", state="vacant", colours=("blue", "red", "yellow")),
    "room_tiles": ir.Quantity("rooms", state="any", floors=EVERY_FLOOR, columns=(1, 2, 3, 4, 5)),
    "full_groups": ir.Quantity("groups", colours=("blue", "red", "yellow")),
    "hired_staff": ir.Quantity("staff", places=("hired",), staff_kinds=EVERY_KIND),
    "staff_in_hand": ir.Quantity("staff", places=("hand",), staff_kinds=EVERY_KIND),
    "kitchen_items": ir.Quantity("items", items=ALL_ITEMS, places=("kitchen",)),
    "cafe_items": ir.Quantity("items", items=ALL_ITEMS, places=("cafe",)),
}


@cache
def both_forms() -> tuple[ir.Ruleset, Any, Any]:
    """Base with one final-scoring source per form (1 point each): `s_<name>` the shorthand, `l_<name>` the
    long form; its module and its tables."""
    base = load_one(shipped_workspace(), "base")
    sources = []
    for name, long in LONG_FORMS.items():
        for prefix, per in (("s", ir.shorthand(name)), ("l", long)):
            sources.append(ir.FinalSource(f"{prefix}-{name}", name, "per_quantity", per, 1, (0, 0, 0, 0)))
    rules = dataclasses.replace(base, name="both-forms", final_scoring=tuple(sources))
    return rules, load_scoring_module(rules), compile_tables(rules)


def test_the_long_forms_take_the_filtered_path() -> None:
    _rules, mod, tables = both_forms()
    codes = list(table(tables, "final_quantity"))
    assert codes[0::2] == [ir.QUANTITIES.index(name) for name in LONG_FORMS]
    assert all(code >= FILTERED_FROM for code in codes[1::2])
    assert all(hasattr(mod, f"q_{q.key}") for q in LONG_FORMS.values())


rows = st.lists(st.text("vo.", min_size=5, max_size=5), min_size=4, max_size=4)
items = st.dictionaries(st.sampled_from(["strudel", "cake", "wine", "coffee"]), st.integers(0, 3))
cards = st.lists(st.integers(1, 48), max_size=12, unique=True)


@settings(max_examples=60, deadline=None)
@given(hotel=rows, kitchen=items, cafe=st.lists(items, max_size=3), cards=cards, split=st.integers(0, 12))
def test_each_shorthand_and_its_long_form_count_alike(
    hotel: list[str], kitchen: dict[str, int], cafe: list[dict[str, int]], cards: list[int], split: int
) -> None:
    rules, mod, tables = both_forms()
    player = {"name": "Anna", "points": 0, "krones": 0, "emperor": 0, "kitchen": kitchen, "cafe": cafe}
    player.update({"hotel": ["....."] * 4, "hand": cards[:split], "hired": cards[split:], "objectives": 0})
    game = mod.new_game({"round": 2, "tiles": {"A": "a-krones", "B": "b-krones", "C": "c-points"}, "players": [player]})
    anna = game.players[0]
    anna.hotel = [list(row) for row in reversed(hotel)]  # any hotel, legal or not: counting does not care
    python = {s.id: getattr(mod, f"final_{s.id.replace('-', '_')}")(game, anna) for s in rules.final_scoring}
    arrays = arrays_of(rules, [game])
    rec = record.new_record(arrays)
    record.load_record(arrays, 0, 0, rec)
    batched = {
        s.id: quantity(tables, rec, code)
        for s, code in zip(rules.final_scoring, table(tables, "final_quantity"), strict=True)
    }
    for name in LONG_FORMS:
        assert python[f"s-{name}"] == python[f"l-{name}"] == batched[f"s-{name}"] == batched[f"l-{name}"], name


class _Context:
    """What lower_quantity needs: base's document; problems are failures."""

    def __init__(self) -> None:
        self.doc = {"hotel": {"layout": ["BRBRB"] * 4, "colours": {"B": "blue", "R": "red", "Y": "yellow"}}}
        self.doc["items"] = {i: {"kind": "dish", "name": i} for i in ("strudel", "cake")} | {
            i: {"kind": "drink", "name": i} for i in ("wine", "coffee")
        }

    def at(self, *path: str | int) -> Any:
        return path

    def problem(self, position: Any, message: str) -> None:
        raise AssertionError(message)


def test_written_out_shorthands_are_the_shorthands() -> None:
    """The front end writes filters in one order without repeats, and an item filter every item passes as none:
    these long forms are the shorthands' own records (so they generate the shorthands' code and words)."""
    context = _Context()
    written = {
        "occupied_rooms": {"count": "rooms", "state": "occupied"},
        "occupied_red_rooms": {"count": "rooms", "state": "occupied", "colours": ["red"]},
        "room_tiles": {"count": "rooms", "state": "any"},
        "full_groups": {"count": "groups"},
        "hired_game_end_staff": {"count": "staff", "kinds": ["game_end"], "places": ["hired"]},
        "kitchen_items": {"count": "items", "kinds": ["drink", "dish"], "places": ["kitchen"]},
        "cafe_items": {"count": "items", "places": ["cafe"]},
        "emperor_position": {"count": "emperor_space"},
    }
    for name, data in written.items():
        assert lower_quantity(data, [], context) == ir.shorthand(name), name
    swapped = lower_quantity(
        {"count": "rooms", "state": "vacant", "floors": [4, 3], "colours": ["red", "blue"]}, [], context
    )
    assert swapped == ir.Quantity("rooms", state="vacant", floors=(3, 4), colours=("blue", "red"))
    assert swapped.key == "rooms_vacant_floors_3_4_blue_red" and not swapped.name


def test_a_shipped_ruleset_uses_no_filtered_count() -> None:
    """Shipped rulesets keep their generated files byte for byte: they use shorthands only."""
    from gah.backends.policy_facts import every_quantity

    for name in ("base", "royal-banquet", "mild-cafe"):
        assert all(q.name for q in every_quantity(ruleset(name))), name


def test_the_policy_facts_read_filtered_counts() -> None:
    """What the planners assume of a ruleset holds for filtered counts as for their shorthands: a count of some
    items only makes items unlike; a count on guests makes serving pay; a room count against the player means a
    room can hurt."""
    from gah.backends.policy_facts import items_alike, rooms_never_hurt, serving_pays

    base = ruleset("base")

    def with_final(per: ir.Quantity, points: int) -> ir.Ruleset:
        source = ir.FinalSource("x", "x", "per_quantity", per, points, (0, 0, 0, 0))
        return dataclasses.replace(base, final_scoring=(*base.final_scoring, source))

    dishes = ir.Quantity("items", items=ir.ItemFilter(kinds=("dish",), fits=("strudel", "cake")), places=("kitchen",))
    assert items_alike(base) and not items_alike(with_final(dishes, 1))
    on_guests = ir.Quantity("items", items=dishes.items, places=("cafe",))
    assert not serving_pays(base) and serving_pays(with_final(on_guests, 1)) and serving_pays(with_final(dishes, -1))
    upstairs = ir.Quantity("rooms", state="vacant", floors=(4,))
    assert rooms_never_hurt(with_final(upstairs, 2)) and not rooms_never_hurt(with_final(upstairs, -2))
    assert ruleset("base") == base  # the shipped ruleset itself is untouched


def test_gah_diff_says_filtered_counts_in_words() -> None:
    from helpers_rules import ROOT, run_gah

    counts = str(ROOT / "tests" / "data" / "variants" / "invented-counts.yaml")
    run = run_gah("diff", "base", counts)
    assert run.code == 0, run.err
    assert (
        "Staff 27 Booking Manager scores 3 points per occupied red room on floors 3–4 instead of 3 points per "
        "occupied red room." in run.out
    )
    assert "1 point per occupied red room on floor 4" in run.out
    assert "Tie-breaker" not in run.out  # written out in its long form, it is base's
    german = run_gah("diff", "base", counts, "--lang", "de")
    assert "3 Siegpunkte für jedes bezogene rote Zimmer auf den Etagen 3–4" in german.out
