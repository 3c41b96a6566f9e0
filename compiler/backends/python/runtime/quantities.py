"""The shared quantity vocabulary: one function per quantity, named q_<quantity>."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .conditions import condition
from .core import Game, Player, seat
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


# --- other players (a quantity with `of`) ------------------------------------------------------
Count = Callable[[Game, Player], int]


def others(game: Game, player: Player) -> list[Player]:
    """The other players in turn order from the left neighbour (the next player) to the right (the previous),
    as they stand, or as they stood before the Emperor scoring where the ruleset reads them so (game.before)."""
    players = game.before if game.before is not None else game.players
    index, n = seat(game, player), len(players)
    return [players[(index + k) % n] for k in range(1, n)]


def of_left(game: Game, player: Player, count: Count) -> int:
    rest = others(game, player)
    return count(game, rest[0]) if rest else 0


def of_right(game: Game, player: Player, count: Count) -> int:
    rest = others(game, player)
    return count(game, rest[-1]) if rest else 0


def of_each_other(game: Game, player: Player, count: Count) -> int:
    return sum(count(game, other) for other in others(game, player))


def of_leader(game: Game, player: Player, count: Count) -> int:
    """The count of the player with the most points, the player included; of tied leaders, the most."""
    everyone = [player, *others(game, player)]
    most = max(p.points for p in everyone)
    return max(count(game, p) for p in everyone if p.points == most)


def of_players_with_more(game: Game, player: Player, count: Count) -> int:
    mine = count(game, player)
    return sum(1 for other in others(game, player) if count(game, other) > mine)


def of_players_with_fewer(game: Game, player: Player, count: Count) -> int:
    mine = count(game, player)
    return sum(1 for other in others(game, player) if count(game, other) < mine)


# --- expressions (compiler/backends/python/expressions.py spells them as calls of these) ----------------


def players_of(game: Game, player: Player, players: str) -> list[Player]:
    """The players of a set: all (the player first), others, or neighbours (left and right, each once)."""
    rest = others(game, player)
    if players == "all":
        return [player, *rest]
    if players == "others":
        return rest
    if players == "neighbours":
        return rest[:1] + rest[-1:] if len(rest) > 1 else rest
    raise ValueError(f"a set of players the runtime does not know: {players}")


def aggregate_over(game: Game, player: Player, operator: str, players: str, value: Count) -> int:
    """most_over, least_over or total_over of `value` over a set of players (no player: 0)."""
    if operator not in ("most_over", "least_over", "total_over"):
        raise ValueError(f"an aggregate the runtime does not know: {operator}")
    values = [value(game, each) for each in players_of(game, player, players)]
    if operator == "total_over":
        return sum(values)
    if not values:
        return 0
    return max(values) if operator == "most_over" else min(values)


def rank_among(game: Game, player: Player, ties: str, value: Count) -> int:
    """The player's place on `value` among all players, 1 for the most; tied players share the better place
    (ties "shared") or each take the worse ("behind")."""
    if ties not in ("shared", "behind"):
        raise ValueError(f"a tie rule of rank the runtime does not know: {ties}")
    mine = value(game, player)
    values = [value(game, other) for other in others(game, player)]
    if ties == "shared":
        return 1 + sum(1 for v in values if v > mine)
    if ties == "behind":
        return 1 + sum(1 for v in values if v >= mine)
    raise ValueError(f"a tie rule of rank the runtime does not know: {ties}")


def divide_down(dividend: int, divisor: int) -> int:
    """The quotient rounded down (a divisor of 0 gives 0)."""
    return 0 if divisor == 0 else dividend // divisor


def divide_up(dividend: int, divisor: int) -> int:
    """The quotient rounded up (a divisor of 0 gives 0)."""
    return 0 if divisor == 0 else -(-dividend // divisor)


def clamp(value: int, low: int | None, high: int | None) -> int:
    """`value` kept within `low` and `high` (None: no such limit)."""
    if low is not None and value < low:
        return low
    return high if high is not None and value > high else value


def most_test(game: Game, player: Player, count: Count, fewest: bool, strict: bool) -> list[Any]:
    """A most / fewest condition's leaf after its kind and quantity: the others' best (None: no other player),
    whether fewest, the player's count and its bounds (holds() reads the last three)."""
    mine = count(game, player)
    values = [count(game, other) for other in others(game, player)]
    if not values:
        return [None, fewest, mine, None, None]
    if fewest:
        best = min(values)
        return [best, fewest, mine, None, best - 1 if strict else best]
    best = max(values)
    return [best, fewest, mine, best + 1 if strict else best, None]


# --- effects with targets (for_players) ----------------------------------------------------------


def targets(game: Game, player: Player, players: str) -> list[Player]:
    """The players a for_players effect applies to, as they stand (changes go to the live players), in turn
    order from the player (where included), then its left neighbour on: others, left, right, neighbours (left
    and right, each once), leaders (tied for the most points, the points read as other players are read, see
    others()) or all."""
    live = game.players
    index, n = seat(game, player), len(live)
    order = [live[(index + k) % n] for k in range(1, n)]
    if players == "others":
        return order
    if players == "left":
        return order[:1]
    if players == "right":
        return order[-1:]
    if players == "neighbours":
        return order[:1] + order[-1:] if len(order) > 1 else order
    if players == "all":
        return [player, *order]
    if players == "leaders":
        read = [player, *others(game, player)]
        most = max(each.points for each in read)
        return [each for each, seen in zip([player, *order], read, strict=True) if seen.points == most]
    raise ValueError(f"a set of players the runtime does not know: {players}")


def for_players(
    game: Game,
    player: Player,
    players: str,
    test: Callable[[Game, Player], list[Any]] | None,
    apply: Callable[[Game, Player], None],
) -> None:
    """`apply` to each of the players of a set (targets()) for whom `test` (a condition's, read as that player,
    who is read as other players are: see as_read()) holds; None: to each of them. `apply` changes the player as
    it stands, and reads it so."""
    for target in targets(game, player, players):
        if test is None or condition(game, target, test(game, as_read(game, player, target)), False):
            apply(game, target)


def as_read(game: Game, player: Player, other: Player) -> Player:
    """Another player as `player` reads it: as it stands, or as it stood before the Emperor scoring where the
    ruleset reads other players so (game.before); the player itself as it stands."""
    if other is player or game.before is None:
        return other
    return game.before[seat(game, other)]
