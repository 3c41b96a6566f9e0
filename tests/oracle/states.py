"""Seeded random game states just before the last Emperor scoring, legal by construction."""

from __future__ import annotations

import random
from typing import Any

TILES = {
    "A": ("a-krones", "a-two-items", "a-draw-staff", "a-free-room"),
    "B": ("b-one-of-each", "b-krones", "b-draw-staff", "b-occupied-room"),
    "C": ("c-points", "c-occupied-room", "c-staff-points", "c-free-staff"),
}


def grow_hotel(rng: random.Random, rooms: int) -> list[str]:
    """A legal hotel (top floor first): rooms grown from 1.1 by adjacency, some occupied."""
    placed = {(1, 1)}
    while len(placed) < rooms:
        frontier = sorted(
            {
                (f + df, c + dc)
                for f, c in placed
                for df, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
                if 1 <= f + df <= 4 and 1 <= c + dc <= 5
            }
            - placed
        )
        placed.add(rng.choice(frontier))
    full = rng.random() < 0.3  # often enough, every room occupied (full floors, columns and groups)
    rows = []
    for floor in range(4, 0, -1):
        rows.append(
            "".join(("o" if full or rng.random() < 0.7 else "v") if (floor, c) in placed else "." for c in range(1, 6))
        )
    return rows


def random_state(
    rng: random.Random, cap: int = 13, players: int = 4, round_: int = 7, extra_tiles: tuple[str, ...] = ()
) -> dict[str, Any]:
    """A state just before the Emperor scoring after `round_`, `players` players, a track whose last space is `cap`."""
    cards = list(range(1, 49))
    rng.shuffle(cards)
    table = []
    for index in range(players):
        hand = [cards.pop() for _ in range(rng.randint(0, 4))]
        hired = [cards.pop() for _ in range(rng.randint(0, 7))]
        table.append(
            {
                "name": f"P{index + 1}",
                "points": rng.choice([0, rng.randint(0, 12), rng.randint(30, 110)]),
                "krones": rng.randint(0, 15),
                "emperor": rng.choice([0, cap, rng.randint(0, cap)]),
                "kitchen": {item: rng.randint(0, 2) for item in ("strudel", "cake", "wine", "coffee")},
                "cafe": [rng.choice([{}, {"cake": 1}, {"wine": 1, "coffee": 1}]) for _ in range(rng.randint(0, 3))],
                "hotel": grow_hotel(rng, rng.randint(1, 20)),
                "hand": hand,
                "hired": hired,
                "objectives": rng.randint(0, 3),
            }
        )
    tiles = {tier: rng.choice(TILES[tier] + tuple(t for t in extra_tiles if t[0] == tier.lower())) for tier in "ABC"}
    return {"round": round_, "tiles": tiles, "staff_deck": cards, "players": table}


def random_states(seed: int, count: int, cap: int = 13, extra_tiles: tuple[str, ...] = ()) -> list[dict[str, Any]]:
    """`count` states before the scorings after rounds 3, 5 and 7 (half of them the last)."""
    rng = random.Random(seed)
    return [
        random_state(rng, cap, rng.choice((2, 3, 4, 4)), rng.choice((3, 5, 7, 7)), extra_tiles) for _ in range(count)
    ]
