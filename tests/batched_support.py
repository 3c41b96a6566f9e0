"""Shared by the batched lab's tests: a batch's game read back as the module's Game fields, to compare."""

from __future__ import annotations

from typing import Any

from compiler import ir
from compiler.backends.batched.state import Dims, GameArrays


def dims_of(ruleset: ir.Ruleset, games: int, players: int) -> Dims:
    return Dims(
        games=games,
        players=players,
        items=len(ruleset.items),
        seats=ruleset.hotel.cafe_seats,
        cards=len(ruleset.staff),
        tiers=len(ruleset.tiers()),
    )


def arrays_view(ruleset: ir.Ruleset, s: GameArrays, g: int) -> dict[str, Any]:
    """Game g of a batch in the module Game's terms (the fields the lab and the scorings read)."""
    items = [i.id for i in ruleset.items]
    hotel = ruleset.hotel
    players = []
    for p in range(s.points.shape[1]):
        order = [items[int(i)] for i in s.kitchen_order[g, p, : s.kitchen_keys[g, p]]]
        players.append(
            {
                "points": int(s.points[g, p]),
                "krones": int(s.krones[g, p]),
                "emperor": int(s.emperor[g, p]),
                "objectives": int(s.objectives[g, p]),
                "kitchen": [(k, int(s.kitchen[g, p, items.index(k)])) for k in order],
                "cafe": [
                    {items[i]: int(s.cafe[g, p, guest, i]) for i in range(len(items))}
                    for guest in range(s.guests[g, p])
                ],
                "hotel": _hotel(hotel, int(s.placed[g, p]), int(s.occupied[g, p])),
                "hand": [int(c) for c in s.hand[g, p, : s.hand_size[g, p]]],
                "hired": [int(c) for c in s.hired[g, p, : s.hired_count[g, p]]],
            }
        )
    tiers = ruleset.tiers()
    return {
        "round": int(s.round_[g]),
        "tiles": {tier: ruleset.tiles[int(s.tiles[g, t])].id for t, tier in enumerate(tiers)},
        "deck": [int(c) for c in s.deck[g, : s.deck_size[g]]],
        "discard": [int(c) for c in s.discard[g, : s.discard_size[g]]],
        "players": players,
    }


def module_view(game: Any) -> dict[str, Any]:
    """The same fields of a module's Game."""
    return {
        "round": game.round,
        "tiles": dict(game.tiles),
        "deck": list(game.deck),
        "discard": list(game.discard),
        "players": [
            {
                "points": p.points,
                "krones": p.krones,
                "emperor": p.emperor,
                "objectives": p.objectives,
                "kitchen": list(p.kitchen.items()),
                "cafe": [dict(guest) for guest in p.cafe],
                "hotel": [row[:] for row in p.hotel],
                "hand": list(p.hand),
                "hired": list(p.hired),
            }
            for p in game.players
        ],
    }


def _hotel(hotel: ir.Hotel, placed: int, occupied: int) -> list[list[str]]:
    rows = []
    for floor in range(hotel.floors):
        row = []
        for column in range(hotel.columns):
            bit = 1 << (floor * hotel.columns + column)
            row.append("o" if occupied & bit else "v" if placed & bit else ".")
        rows.append(row)
    return rows
