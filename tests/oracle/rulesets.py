"""The oracle's numbers for each ruleset, transcribed by hand from the rules files (not read from them).

A ruleset the oracle cannot express (its last round differs in a way
handwritten.py does not model) is absent here; tests/test_oracle.py says which
tiles it does not model, and checks that claim.
"""

from __future__ import annotations

import dataclasses

from oracle.handwritten import BASE_ITEMS, BASE_TILES, Dancers, HandRules, dancers, krones, occupied
from oracle.quantities import COUNTS


def without(tiles: tuple[str, ...], *removed: str) -> tuple[str, ...]:
    """`tiles` less those a variant removes (each must be there)."""
    assert set(removed) <= set(tiles)
    return tuple(tile for tile in tiles if tile not in removed)


BASE = HandRules()
# Base's tiles less three of them, as the invented rulesets with tiles of their own have them.
REPLACED = without(BASE_TILES, "a-krones", "b-krones", "c-free-staff")
GENTLE = dataclasses.replace(BASE, move_backs={3: 2, 5: 4, 7: 6})  # gentle-move-backs

# tests/data/variants/invented-final.yaml: dancers from 0 up (2 at the start, no end scoring of their own) and
# three final-scoring sources worked out by expressions.
DANCING = ("read", dancers)
PAIRS = ("min", DANCING, ("read", lambda p: len(p["cafe"])))
FINAL = dataclasses.replace(
    BASE,
    tiles=(*without(BASE_TILES, "a-krones"), "a-dance-floor"),
    dancers=Dancers(start=2, most=None),
    final_expressions=(
        # 5 points per pair of a dancer and a café guest, 1 per leftover dancer
        ("dance-pairs", ("plus", ("times", 5, PAIRS), ("minus", DANCING, PAIRS))),
        # occupied rooms less the most any other player has
        ("room-race", ("minus", ("read", occupied), ("most_over", "others", ("read", occupied)))),
        # a point per 3 krones (rounded down) less a point per Staff card in hand, from -3 to 5
        (
            "thrift",
            ("clamp", ("minus", ("divide_down", ("read", krones), 3), ("read", lambda p: len(p["hand"]))), -3, 5),
        ),
    ),
)

# tests/data/variants/invented-targets.yaml (and -before): effects applied to other players (for_players).
TARGETS = dataclasses.replace(BASE, tiles=(*REPLACED, "a-toll", "b-wealth-tax", "c-crowning"))

OTHERS = dataclasses.replace(
    BASE,
    tiles=(*REPLACED, "a-good-neighbours", "b-top-of-the-class", "c-catch-up"),
    rivalry=True,
)

HAND_RULES: dict[str, HandRules] = {
    "base": BASE,
    # Setup-only variants: the scoring is their parent's.
    "draft": BASE,
    "introductory": BASE,
    "gentle-move-backs": GENTLE,
    "gentle-draft": GENTLE,
    # long-track: spaces 14 and 15 pay 10 and 11; neutral 1-3, bonus from 4.
    "long-track": dataclasses.replace(BASE, track=(*BASE.track, 10, 11), bonus_from=4),
    "mild-cafe": dataclasses.replace(BASE, cafe=-3),
    "no-penalties": dataclasses.replace(BASE, black_penalty=False),
    # solo: base, and the first or second of two players may be the solo opponent (handwritten.py knows it).
    "solo": dataclasses.replace(BASE, solo_opponent=True),
    # royal-banquet adds a B tile (handwritten.py knows it); base otherwise.
    "royal-banquet": dataclasses.replace(BASE, tiles=(*BASE_TILES, "b-royal-banquet")),
    # tests/data/rulesets/house-numbers.yaml
    "house-numbers": dataclasses.replace(
        BASE,
        move_backs={3: 3, 5: 5, 7: 6},
        beyond=2,
        rooms=(3, 1, 4, 2),
        krones=2,
        kitchen=3,
        cafe=-4,
        staff={**BASE.staff, 27: 4, 31: 2, 34: 3, 41: 3, 46: 6, 47: 7},
        rewards={
            "red": ("krones", (0, 2, 4, 7, 11)),
            "blue": ("points", (0, 3, 6, 10, 16)),
            "yellow": ("steps", (0, 2, 4, 5, 9)),
        },
    ),
    # tests/data/rulesets/harsh-c-points.yaml: the C tile "Points" takes 20 points as its penalty.
    "harsh-c-points": dataclasses.replace(BASE, c_points_penalty=20),
    # tests/data/variants/invented-*.yaml: base plus invented tiles (handwritten.py knows them); some replace base
    # tiles. A tile that picks items by a filter makes the items unlike to the policy (HandRules.items_alike).
    "invented-items": dataclasses.replace(
        BASE,
        tiles=(*BASE_TILES, "a-tax-and-tribute", "a-champagne-reception", "b-anything-but-champagne"),
        items=(*BASE_ITEMS, "champagne"),  # a drink
        items_alike=False,
    ),
    "invented-returns": dataclasses.replace(
        BASE, tiles=(*BASE_TILES, "b-sweet-tooth", "c-cafe-cleanup", "c-bankrupt"), items_alike=False
    ),
    "invented-staff": dataclasses.replace(
        BASE,
        tiles=(
            *without(BASE_TILES, "a-draw-staff", "b-draw-staff", "c-staff-points", "c-free-staff"),
            *("a-recruiting-drive", "b-headhunter", "c-grand-finale", "c-wipeout"),
        ),
    ),
    "invented-choices": dataclasses.replace(
        BASE,
        tiles=(
            *without(BASE_TILES, "a-free-room", "b-occupied-room", "c-occupied-room", "c-points"),
            *("a-trade-offer", "b-pick-your-poison", "c-old-occupied-room", "c-points-or-rooms"),
        ),
    ),
    "invented-conditions": dataclasses.replace(
        BASE,
        tiles=(
            *without(BASE_TILES, "a-two-items", "b-one-of-each", "c-staff-points"),
            *("a-nest-egg", "b-high-flyer", "c-last-orders"),
        ),
    ),
    # Filtered counts; the Booking Manager and a final-scoring source count red rooms upstairs. Its counts of
    # items by kind and id make the items unlike to the policy.
    "invented-counts": dataclasses.replace(
        BASE,
        tiles=(
            *without(BASE_TILES, "a-free-room", "b-occupied-room", "c-occupied-room", "c-points"),
            *("a-upper-floors", "b-red-groups", "c-game-end-hand", "c-blue-columns"),
        ),
        items_alike=False,
        red_upstairs=True,
    ),
    # Tiles that read other players (left and right neighbours, most and fewest, the leader, players with more or
    # fewer, each other player), as they stand when each player resolves, or as they stood before the scoring.
    # Dancers, a declared resource: 0 to 5, 1 at the start, worth 0/1/3/6/10 points by amount at the end; the
    # tie-breaker counts kitchen items plus dancers.
    "invented-resources": dataclasses.replace(
        BASE,
        tiles=(
            *without(BASE_TILES, "a-two-items", "b-one-of-each", "c-staff-points"),
            *("a-dance-hall", "b-ballet-night", "c-grand-ball"),
        ),
        dancers=Dancers(start=1, most=5, table=(0, 1, 3, 6, 10), tiebreak=True),
    ),
    # tests/helpers_quantities.py: base, and final scoring adds 1 point per unit of each quantity of the vocabulary.
    "quantity-samples": dataclasses.replace(BASE, per_quantity=tuple(COUNTS.items())),
    "invented-others": OTHERS,
    "invented-others-before": dataclasses.replace(OTHERS, read_before=True),
    # Amounts worked out by expressions (issue 41), and a condition on a rank; other players read as they stand.
    "invented-arithmetic": dataclasses.replace(
        BASE,
        tiles=(*REPLACED, "a-blue-wing", "b-half-of-left", "c-upstairs-sets"),
    ),
    "invented-final": FINAL,
    # Other players read as they stand when each player resolves, or as they stood before the scoring.
    "invented-targets": TARGETS,
    "invented-targets-before": dataclasses.replace(TARGETS, read_before=True),
}
