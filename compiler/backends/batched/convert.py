"""A generated module's Game to and from one game of a GameArrays batch (see state.py for the layout).

The module stays the reference: tests score the same state both ways and compare every field, and the lab
hands games between the two forms.
"""

from __future__ import annotations

from typing import Any

from ... import ir
from .state import Dims, GameArrays, new_state

EMPTY, VACANT, OCCUPIED = ".", "v", "o"


def dims_of(ruleset: ir.Ruleset, games: int, players: int) -> Dims:
    """The dimensions of a batch of `games` games of `players` players under `ruleset`."""
    return Dims(
        games=games,
        players=players,
        items=len(ruleset.items),
        seats=ruleset.hotel.cafe_seats,
        cards=len(ruleset.staff),
        tiers=len(ruleset.tiers()),
        resources=len(ruleset.other_resources),
    )


def arrays_of(ruleset: ir.Ruleset, games: list[Any]) -> GameArrays:
    """A batch holding these module Games (all with the same number of players), in order."""
    players = len(games[0].players) if games else 1
    state = new_state(dims_of(ruleset, len(games), players))
    for index, game in enumerate(games):
        load_game(ruleset, game, state, index)
    return state


def load_game(ruleset: ir.Ruleset, game: Any, state: GameArrays, g: int) -> None:
    """Write a module Game into game `g` of the batch."""
    items = {item.id: index for index, item in enumerate(ruleset.items)}
    tile_index = {tile.id: index for index, tile in enumerate(ruleset.tiles)}
    columns = ruleset.hotel.columns
    state.round_[g] = game.round
    state.tiles[g, :] = -1
    for tier_index, tier in enumerate(ruleset.tiers()):
        if tier in game.tiles:
            state.tiles[g, tier_index] = tile_index[game.tiles[tier]]
    _put_cards(state.deck[g], game.deck)
    state.deck_size[g] = len(game.deck)
    _put_cards(state.discard[g], game.discard)
    state.discard_size[g] = len(game.discard)
    for p, player in enumerate(game.players):
        state.points[g, p] = player.points
        state.krones[g, p] = player.krones
        state.emperor[g, p] = player.emperor
        state.objectives[g, p] = player.objectives
        for k, resource in enumerate(ruleset.other_resources):
            state.resources[g, p, k] = player.resources[resource.id]
        state.kitchen[g, p, :] = 0
        state.kitchen_order[g, p, :] = 0
        for key, (item, count) in enumerate(player.kitchen.items()):
            state.kitchen[g, p, items[item]] = count
            state.kitchen_order[g, p, key] = items[item]
        state.kitchen_keys[g, p] = len(player.kitchen)
        state.cafe[g, p] = 0
        for seat, guest in enumerate(player.cafe):
            for item, count in guest.items():
                state.cafe[g, p, seat, items[item]] = count
        state.guests[g, p] = len(player.cafe)
        placed = occupied = 0
        for floor, row in enumerate(player.hotel):
            for column, room in enumerate(row):
                bit = 1 << (floor * columns + column)
                if room != EMPTY:
                    placed |= bit
                if room == OCCUPIED:
                    occupied |= bit
        state.placed[g, p] = placed
        state.occupied[g, p] = occupied
        _put_cards(state.hand[g, p], player.hand)
        state.hand_size[g, p] = len(player.hand)
        _put_cards(state.hired[g, p], player.hired)
        state.hired_count[g, p] = len(player.hired)


def _put_cards(target: Any, cards: list[int]) -> None:
    target[:] = 0
    target[: len(cards)] = cards


def store_game(ruleset: ir.Ruleset, state: GameArrays, g: int, game: Any) -> None:
    """Write game `g` of the batch back into a module Game of the same players (in place)."""
    ids = [item.id for item in ruleset.items]
    hotel = ruleset.hotel
    tiers = ruleset.tiers()
    game.round = int(state.round_[g])
    game.tiles = {
        tiers[t]: ruleset.tiles[int(index)].id for t, index in enumerate(state.tiles[g, : len(tiers)]) if index >= 0
    }
    game.deck[:] = [int(n) for n in state.deck[g, : state.deck_size[g]]]
    game.discard[:] = [int(n) for n in state.discard[g, : state.discard_size[g]]]
    for p, player in enumerate(game.players):
        player.points = int(state.points[g, p])
        player.krones = int(state.krones[g, p])
        player.emperor = int(state.emperor[g, p])
        player.objectives = int(state.objectives[g, p])
        for k, resource in enumerate(ruleset.other_resources):
            player.resources[resource.id] = int(state.resources[g, p, k])
        order = [int(i) for i in state.kitchen_order[g, p, : state.kitchen_keys[g, p]]]
        # In place: the lab's players hold these very dicts and lists.
        player.kitchen.clear()
        player.kitchen.update((ids[i], int(state.kitchen[g, p, i])) for i in order)
        player.cafe[:] = [
            {item: int(state.cafe[g, p, seat, i]) for i, item in enumerate(ids)} for seat in range(state.guests[g, p])
        ]
        placed, occupied = int(state.placed[g, p]), int(state.occupied[g, p])
        player.hotel[:] = [
            [_room(placed, occupied, floor * hotel.columns + column) for column in range(hotel.columns)]
            for floor in range(hotel.floors)
        ]
        player.hand[:] = [int(n) for n in state.hand[g, p, : state.hand_size[g, p]]]
        player.hired[:] = [int(n) for n in state.hired[g, p, : state.hired_count[g, p]]]


def _room(placed: int, occupied: int, bit: int) -> str:
    if occupied >> bit & 1:
        return OCCUPIED
    return VACANT if placed >> bit & 1 else EMPTY


def player_fields(player: Any) -> dict[str, Any]:
    """A module Player's fields that a scoring reads or writes, for comparisons (kitchen keys in order)."""
    return {
        "points": player.points,
        "krones": player.krones,
        "emperor": player.emperor,
        "objectives": player.objectives,
        "resources": dict(player.resources),
        "kitchen": list(player.kitchen.items()),
        "cafe": [dict(guest) for guest in player.cafe],
        "hotel": ["".join(row) for row in player.hotel],
        "hand": list(player.hand),
        "hired": list(player.hired),
    }
