"""The shared quantity vocabulary: one function per quantity, named q_<quantity>."""

from __future__ import annotations

from .core import Game, Player
from .hotel import (
    EMPTY,
    OCCUPIED,
    VACANT,
    colour_sets,
    count_rooms,
    full_columns,
    full_floors,
    full_groups,
    occupied_of_colour,
)


def q_occupied_rooms(game: Game, player: Player) -> int:
    return count_rooms(player, OCCUPIED)


def q_occupied_red_rooms(game: Game, player: Player) -> int:
    return occupied_of_colour(game.rules, player, "red")


def q_occupied_blue_rooms(game: Game, player: Player) -> int:
    return occupied_of_colour(game.rules, player, "blue")


def q_occupied_yellow_rooms(game: Game, player: Player) -> int:
    return occupied_of_colour(game.rules, player, "yellow")


def q_vacant_rooms(game: Game, player: Player) -> int:
    return count_rooms(player, VACANT)


def q_room_tiles(game: Game, player: Player) -> int:
    tiles = 0
    for row in player.hotel:
        tiles += len(row) - row.count(EMPTY)
    return tiles


def q_full_floors(game: Game, player: Player) -> int:
    return full_floors(player)


def q_full_columns(game: Game, player: Player) -> int:
    return full_columns(game.rules, player)


def q_full_groups(game: Game, player: Player) -> int:
    return full_groups(game.rules, player)


def q_colour_sets(game: Game, player: Player) -> int:
    return colour_sets(game.rules, player)


def q_hired_staff(game: Game, player: Player) -> int:
    return len(player.hired)


def q_hired_game_end_staff(game: Game, player: Player) -> int:
    staff = game.rules.staff
    count = 0
    for number in player.hired:
        if staff[number][2] == "game_end":
            count += 1
    return count


def q_staff_in_hand(game: Game, player: Player) -> int:
    return len(player.hand)


def q_krones(game: Game, player: Player) -> int:
    return player.krones


def q_kitchen_items(game: Game, player: Player) -> int:
    return sum(player.kitchen.values())


def q_cafe_guests(game: Game, player: Player) -> int:
    return len(player.cafe)


def q_cafe_items(game: Game, player: Player) -> int:
    items = 0
    for guest in player.cafe:
        items += sum(guest.values())
    return items


def q_objectives(game: Game, player: Player) -> int:
    return player.objectives


def q_emperor_position(game: Game, player: Player) -> int:
    return player.emperor
