"""Seeded random game states just before an Emperor scoring, legal by construction."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from oracle.handwritten import BASE_ITEMS, BASE_TILES

GUESTS: tuple[dict[str, int], ...] = ({}, {"cake": 1}, {"wine": 1, "coffee": 1})
ROUND_OF_TIER = {"a": 3, "b": 5, "c": 7}


@dataclass(frozen=True)
class Variety:
    """What else a ruleset's states need: the share of states that play a focused tile (the others end in round 7
    half of the time: a ruleset whose final scoring is its own wants fewer), the most krones a player holds, and
    `ties`: 3 states in 10 have a player with the leader's points (half of them on its Emperor space too)."""

    focus_share: float = 0.75
    most_krones: int = 15
    ties: bool = False


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


def recorded_choices(rng: random.Random, player: dict[str, Any], items: tuple[str, ...]) -> dict[str, Any]:
    """Recorded `return_items` and `choose_one` decisions: mostly items the player holds (kitchen ids, or café
    item@guest) and option numbers, legal or not when asked; one value or a list."""
    kitchen = [item for item in items if player["kitchen"].get(item)]
    cafe = [f"{item}@{g}" for g, guest in enumerate(player["cafe"]) for item in items if guest.get(item)]
    pool = [*rng.choice([place for place in (kitchen, cafe) if place] or [[]]), rng.choice(items)]
    choices: dict[str, Any] = {}
    if rng.random() < 0.7:
        values = [rng.choice(pool) for _ in range(rng.randint(1, 2))]
        choices["return_items"] = values if len(values) > 1 or rng.random() < 0.5 else values[0]
    if not choices or rng.random() < 0.4:
        choices["choose_one"] = rng.choice((1, 1, 2, 2, 3, None))
    return choices


def random_player(
    rng: random.Random,
    index: int,
    cards: list[int],
    cap: int,
    items: tuple[str, ...],
    rich: bool,
    dancers: bool,
    most_krones: int = 15,
) -> dict[str, Any]:
    """One player, with Staff taken from `cards` (see random_state for `rich` and `dancers`), 0 to `most_krones`
    krones."""
    guests = GUESTS
    if rich:
        extra = tuple({item: 1, "cake": 1} for item in items if item not in BASE_ITEMS)
        guests = (*GUESTS, {"strudel": 1, "wine": 1}, {"cake": 2}, {"coffee": 1}, *extra)
    hand = [cards.pop() for _ in range(rng.randint(0, 4))]
    hired = [cards.pop() for _ in range(rng.randint(0, 7))]
    player = {
        "name": f"P{index + 1}",
        "points": rng.choice([0, rng.randint(0, 12), rng.randint(30, 110)]),
        "krones": rng.randint(0, most_krones),
        "emperor": rng.choice([0, cap, rng.randint(0, cap)]),
        "kitchen": {item: rng.randint(0, 2) for item in items},
        "cafe": [dict(rng.choice(guests)) for _ in range(rng.randint(0, 3))],  # no guest shared
        "hotel": grow_hotel(rng, rng.randint(1, 20)),
        "hand": hand,
        "hired": hired,
        "objectives": rng.randint(0, 3),
    }
    if dancers and rng.random() < 0.8:  # else the state has none: the start amount
        player["resources"] = {"dancers": rng.choice([0, 1, 2, 3, 5, rng.randint(0, 5)])}
    if rich and rng.random() < 0.2:
        player["kitchen"] = dict.fromkeys(items, 0)
    if rich and rng.random() < 0.6:
        player["choices"] = recorded_choices(rng, player, items)
    return player


def random_state(
    rng: random.Random,
    cap: int = 13,
    players: int = 4,
    round_: int = 7,
    tiles: tuple[str, ...] = BASE_TILES,
    items: tuple[str, ...] = BASE_ITEMS,
    pinned: str | None = None,
    rich: bool = False,
    dancers: bool = False,
    most_krones: int = 15,
) -> dict[str, Any]:
    """A state just before the Emperor scoring after `round_`, `players` players, a track whose last space is `cap`,
    the Emperor tiles drawn from `tiles` (`pinned`: that one for its tier) and kitchens of `items`. `rich`: café
    guests of more kinds (the ruleset's own items too), an empty kitchen 1 time in 5 and recorded decisions
    (return_items, choose_one) for 3 players in 5. `dancers`: players hold dancers (invented-resources), 4 in 5
    of them written in the state. Each player holds 0 to `most_krones` krones."""
    cards = list(range(1, 49))
    rng.shuffle(cards)
    table = [random_player(rng, index, cards, cap, items, rich, dancers, most_krones) for index in range(players)]
    drawn = {}
    for tier in "abc":
        if pinned is not None and pinned[0] == tier:
            drawn[tier.upper()] = pinned
        else:
            drawn[tier.upper()] = rng.choice(tuple(tile for tile in tiles if tile[0] == tier))
    return {"round": round_, "tiles": drawn, "staff_deck": cards, "players": table}


def random_states(
    seed: int,
    count: int,
    cap: int = 13,
    tiles: tuple[str, ...] = BASE_TILES,
    items: tuple[str, ...] = BASE_ITEMS,
    focus: tuple[str, ...] = (),
    rich: bool = False,
    dancers: bool = False,
    solo: bool = False,
    variety: Variety = Variety(),
) -> list[dict[str, Any]]:
    """`count` states before the scorings after rounds 3, 5 and 7 (half of them the last). With `focus`, some states
    (variety.focus_share) play one of those tiles, in the round of its tier. With `solo`, two players, one of them
    (9 states in 10) the solo opponent, who holds no krones, items, café guests or hand. See Variety for the rest."""
    rng = random.Random(seed)
    states = []
    for _ in range(count):
        pinned = rng.choice(focus) if focus and rng.random() < variety.focus_share else None
        players = 2 if solo else rng.choice((2, 3, 4, 4))
        round_ = ROUND_OF_TIER[pinned[0]] if pinned else rng.choice((3, 5, 7, 7))
        states.append(random_state(rng, cap, players, round_, tiles, items, pinned, rich, dancers, variety.most_krones))
        if variety.ties and rng.random() < 0.3:  # a player with the leader's points (and maybe space): tied
            table = states[-1]["players"]
            first = max(range(players), key=lambda i: table[i]["points"])
            second = rng.choice([i for i in range(players) if i != first])
            table[second]["points"] = table[first]["points"]
            if rng.random() < 0.5:
                table[second]["emperor"] = table[first]["emperor"]
        if solo and rng.random() < 0.9:
            opponent = states[-1]["players"][rng.randrange(2)]
            opponent.update(role="solo-opponent", krones=0, kitchen={}, cafe=[], hand=[])
    return states
