"""The hotel: placement and adjacency, preparing, occupying and removing rooms, group completion."""

from __future__ import annotations

from collections.abc import Callable

from .chooser import decide
from .core import Cell, Game, Player, Rules, quiet, replaying, term
from .primitives import advance_emperor, gain_krones, gain_points

EMPTY, VACANT, OCCUPIED = ".", "v", "o"


def cell_name(cell: Cell) -> str:
    return f"{cell[0]}.{cell[1]}"


def rooms(player: Player, state: str | None = None) -> list[Cell]:
    """Placed rooms (optionally only vacant or occupied), bottom floor first, left to right."""
    if state is None:
        return [(f, c) for f, row in enumerate(player.hotel, 1) for c, room in enumerate(row, 1) if room != EMPTY]
    if state == EMPTY:
        return []
    return [(f, c) for f, row in enumerate(player.hotel, 1) for c, room in enumerate(row, 1) if room == state]


def count_rooms(player: Player, state: str) -> int:
    """How many rooms are in `state` (vacant or occupied)."""
    count = 0
    for row in player.hotel:  # plain loops in the quantities: every projection of the search runs them
        count += row.count(state)
    return count


def legal_spaces(rules: Rules, player: Player, floors: tuple[int, ...] | None) -> list[Cell]:
    """Empty spaces where a room may go: the first room's space, or next to any placed room."""
    hotel = player.hotel
    for row in hotel:
        if row.count(EMPTY) != len(row):
            break
    else:  # no room yet
        first = rules.first_room
        return [first] if floors is None or first[0] in floors else []
    top, last = rules.floors - 1, rules.columns - 1
    spaces = []
    for f, row in enumerate(hotel):  # plain loops: every search tries a room space by space
        if floors is not None and f + 1 not in floors:
            continue
        for c, room in enumerate(row):
            if room == EMPTY and (
                (f > 0 and hotel[f - 1][c] != EMPTY)
                or (f < top and hotel[f + 1][c] != EMPTY)
                or (c > 0 and row[c - 1] != EMPTY)
                or (c < last and row[c + 1] != EMPTY)
            ):
                spaces.append((f + 1, c + 1))
    return spaces


def place_room(game: Game, player: Player, cell: Cell, free: bool, occupy: bool) -> None:
    """Put a room tile on `cell` (paying unless free), score printed points, occupy if asked."""
    rules = game.rules
    cost = 0 if free else rules.prepare_cost[cell[0] - 1]
    player.krones -= cost
    player.hotel[cell[0] - 1][cell[1] - 1] = VACANT
    if game.explain:
        paid = (
            game.voice.said["for_krones"](krones=game.voice.counts["krones"][cost])
            if cost
            else game.voice.said["at_no_cost"]()
        )
        name = cell_name(cell)
        text = game.voice.said["prepares_room"](player=player.name, cell=name, paid=paid)
        game.events.append({"round": game.round, "player": player.name, "kind": "room", "text": text, "cell": name})
    printed = rules.printed_points.get(cell, 0)
    if printed:
        gain_points(game, player, printed, game.voice.said["why_printed"](cell=cell_name(cell)) if game.explain else "")
    if occupy:
        occupy_room(game, player, cell)


def occupy_room(game: Game, player: Player, cell: Cell) -> None:
    """Turn a vacant room occupied; completing its group pays the group reward at once."""
    rules = game.rules
    player.hotel[cell[0] - 1][cell[1] - 1] = OCCUPIED
    if game.explain:
        name = cell_name(cell)
        text = game.voice.said["occupies_room"](player=player.name, cell=name)
        game.events.append({"round": game.round, "player": player.name, "kind": "room", "text": text, "cell": name})
    group = rules.group_of(cell)
    colour, cells = rules.groups[group]
    hotel = player.hotel
    for f, c in rules.group_cells[group]:
        if hotel[f][c] != OCCUPIED:
            return
    # The group is complete: its reward.
    reward, by_size = rules.group_rewards[colour]
    amount = by_size.get(len(cells), 0)
    named = term(game, "colour", colour, colour) if game.explain else ""
    why = game.voice.said["why_group"](colour=named, size=len(cells)) if game.explain else ""
    if reward == "krones":
        gain_krones(game, player, amount)
        if game.explain:
            text = game.voice.said["completes_group"](player=player.name, colour=named, size=len(cells))
            game.events.append({"round": game.round, "player": player.name, "kind": "group", "text": text})
    elif reward == "points":
        gain_points(game, player, amount, why)
    else:
        advance_emperor(game, player, amount, why)


def prepare_room(
    game: Game,
    player: Player,
    floors: tuple[int, ...] | None,
    free: bool,
    occupy: bool,
    room_wins: bool = False,
    alike_by_points: bool = False,
    ends_turn: bool = False,
) -> None:
    """An optional room: the player picks a legal, affordable space or none. `ends_turn`: nothing follows in the
    turn (the search then takes each space where the game stands, see finished()).

    `room_wins`: no room is never worth more than a room here (the generator proved it from the rules
    data), so the policy does not try it. `alike_by_points`: the room is free, stays vacant and ends the
    turn's bonus, and nothing after it in the turn reacts to where it went (the generator proved it): no
    final source counts a vacant room by its place, so spaces with the same printed points lead to the
    same total. A quiet game then tries only the first space of each printed value: the same choice (the
    first of the best), found sooner; a game that explains tries every space, for its runner-up."""
    rules = game.rules
    spaces = (
        []
        if replaying(game)
        else [
            cell
            for cell in legal_spaces(rules, player, floors)
            if free or rules.prepare_cost[cell[0] - 1] <= player.krones
        ]
    )
    options: list[Cell | None] = [*spaces, None]
    tried, classes = room_tries(game, spaces, room_wins, alike_by_points)
    chosen = decide(
        game,
        player,
        "prepare_room",
        options,
        tried,
        none_why="why_no_legal_space",
        dominated=True,
        classes=classes,
        finish=room_placer(free, occupy) if ends_turn else None,
        restore=room_remover(player.points, player.krones, player.emperor) if ends_turn else None,
    )
    if chosen is None:
        if game.explain:
            key = "prepares_no_room" if len(options) > 1 else "no_space_for_room"
            game.events.append(
                {
                    "round": game.round,
                    "player": player.name,
                    "kind": "room",
                    "text": game.voice.said[key](player=player.name),
                }
            )
        return
    place_room(game, player, chosen, free, occupy)


def room_tries(
    game: Game, spaces: list[Cell], room_wins: bool, alike_by_points: bool
) -> tuple[list[Cell | None] | None, list[int | None] | None]:
    """The spaces (and None) prepare_room()'s policy tries, None: every option; and their classes (see decide()),
    None: none. `room_wins` and `alike_by_points`: as prepare_room() says."""
    tried: list[Cell | None] | None = list(spaces) if room_wins and spaces else None
    if not alike_by_points or len(spaces) < 2:
        return tried, None
    printed = game.rules.printed_points
    if quiet(game):
        firsts: dict[int, Cell | None] = {}  # each printed value's first space, in the order of the spaces
        for cell in spaces:
            firsts.setdefault(printed.get(cell, 0), cell)
        return (list(firsts.values()) if room_wins else [*firsts.values(), None]), None
    # Explaining, every space is tried for the runner-up: a space's outcome is that of the first with its points.
    return tried, [printed.get(cell, 0) for cell in spaces] + ([] if room_wins else [None])


def room_placer(free: bool, occupy: bool) -> Callable[[Game, Player, Cell | None], None]:
    """What prepare_room does once its space is chosen (None: nothing)."""

    def place(game: Game, player: Player, cell: Cell | None) -> None:
        if cell is not None:
            place_room(game, player, cell, free, occupy)

    return place


def room_remover(points: int, krones: int, emperor: int) -> Callable[[Game, Player, Cell | None], None]:
    """What puts back all that room_placer did: the space empty again, and the points, krones and Emperor marker
    as they were before (group rewards change nothing else)."""

    def back(game: Game, player: Player, cell: Cell | None) -> None:
        if cell is not None:
            player.hotel[cell[0] - 1][cell[1] - 1] = EMPTY
        player.points, player.krones, player.emperor = points, krones, emperor

    return back


def occupy_vacant_rooms(game: Game, player: Player, count: int) -> None:
    """Up to `count` vacant rooms become occupied, one decision per room.

    The policy tries every order, though only the rooms matter to the outcome: so each room's runner-up
    total is exact (what occupying that room first leads to at best).
    """
    for _ in range(count):
        vacant: list[Cell | None] = [] if replaying(game) else list(rooms(player, VACANT))
        vacant.append(None)
        chosen = decide(game, player, "occupy_room", vacant, none_why="why_no_vacant_room")
        if chosen is None:
            if game.explain and len(vacant) == 1:
                game.log(player, "room", game.voice.said["no_vacant_room"](player=player.name))
            return
        occupy_room(game, player, chosen)


def removal_candidates(player: Player, state: str, below: int | None) -> list[Cell]:
    """Rooms in `state` on the highest floor that has one (strictly below `below` if given)."""
    hotel = player.hotel
    for floor in range(len(hotel) if below is None else below - 1, 0, -1):
        row = hotel[floor - 1]
        if state in row:
            found = []
            for column, room in enumerate(row, 1):
                if room == state:
                    found.append((floor, column))
            return found
    return []


def column_below(player: Player, state: str, cell: Cell) -> list[Cell]:
    """The room in `state` next down in the column of `cell` (the highest below it), or none."""
    for floor in range(cell[0] - 1, 0, -1):
        if player.hotel[floor - 1][cell[1] - 1] == state:
            return [(floor, cell[1])]
    return []


def column_starts(player: Player, state: str, count: int) -> tuple[list[Cell], int]:
    """The highest rooms in `state` from which a removal down their column takes the most rooms (at most `count`),
    and that number: the player must start where the whole removal can be taken."""
    found = rooms(player, state)
    reach = {
        (floor, column): min(count, 1 + sum(1 for f, c in found if c == column and f < floor))
        for floor, column in removal_candidates(player, state, None)
    }
    best = max(reach.values(), default=0)
    return [cell for cell, taken in reach.items() if taken == best], best


def count_removable(player: Player, state: str, count: int, strictly_below: bool, in_column: bool = False) -> int:
    """How many rooms a removal could take (rooms on distinct floors when strictly below; with `in_column`,
    the most a start on the highest floor takes down its column)."""
    if in_column:
        return column_starts(player, state, count)[1]
    found = rooms(player, state)
    if strictly_below:
        return min(count, len({cell[0] for cell in found}))
    return min(count, len(found))


def remove_rooms(
    game: Game,
    player: Player,
    state: str,
    count: int,
    strictly_below: bool,
    in_column: bool = False,
    ends_turn: bool = False,
) -> None:
    """Remove rooms from as high a floor as possible, one decision per room; equal rooms are the player's choice.
    `strictly_below`: each next room from a floor below the last; `in_column`: the next one down in its column.
    `ends_turn`: nothing follows in the turn (the search takes the last room where the game stands)."""
    below: int | None = None
    last: Cell | None = None
    removes, none_left = (
        ("removes_occupied_room", "no_more_occupied_rooms")
        if state == OCCUPIED
        else ("removes_vacant_room", "no_more_vacant_rooms")
    )
    for number in range(count):
        if in_column:
            candidates = (
                column_below(player, state, last) if last is not None else column_starts(player, state, count)[0]
            )
        else:
            candidates = removal_candidates(player, state, below if strictly_below else None)
        if not candidates:
            if game.explain:
                game.events.append(
                    {
                        "round": game.round,
                        "player": player.name,
                        "kind": "room",
                        "text": game.voice.said[none_left](player=player.name),
                    }
                )
            return
        ends = ends_turn and number == count - 1
        back = ROOM_BACK[state] if ends else None
        chosen = decide(game, player, "remove_rooms", candidates, finish=empty_room if ends else None, restore=back)
        player.hotel[chosen[0] - 1][chosen[1] - 1] = EMPTY
        below = chosen[0]
        last = chosen
        if game.explain:
            name = cell_name(chosen)
            text = game.voice.said[removes](player=player.name, cell=name)
            game.events.append({"round": game.round, "player": player.name, "kind": "room", "text": text, "cell": name})


def empty_room(game: Game, player: Player, cell: Cell) -> None:
    """What remove_rooms does once its last room is chosen."""
    player.hotel[cell[0] - 1][cell[1] - 1] = EMPTY


def vacant_back(game: Game, player: Player, cell: Cell) -> None:
    player.hotel[cell[0] - 1][cell[1] - 1] = VACANT


def occupied_back(game: Game, player: Player, cell: Cell) -> None:
    player.hotel[cell[0] - 1][cell[1] - 1] = OCCUPIED


# A removed room put back (the search takes each last room of a removal on the game itself, see taken_back()).
ROOM_BACK = {VACANT: vacant_back, OCCUPIED: occupied_back}


# --- quantities of the hotel ---------------------------------------------------------


def occupied_of_colour(rules: Rules, player: Player, colour: str) -> int:
    hotel = player.hotel
    count = 0
    for f, c in rules.colour_cells.get(colour, ()):
        if hotel[f][c] == OCCUPIED:
            count += 1
    return count


def full_floors(player: Player) -> int:
    full = 0
    for row in player.hotel:
        if EMPTY not in row and VACANT not in row:
            full += 1
    return full


def full_columns(rules: Rules, player: Player) -> int:
    full = 0
    for column in zip(*player.hotel, strict=True):
        if EMPTY not in column and VACANT not in column:
            full += 1
    return full


def full_groups(rules: Rules, player: Player) -> int:
    hotel = player.hotel
    full = 0
    for cells in rules.group_cells:  # plain loops: this runs in every projection of a Room Service holder
        for f, c in cells:
            if hotel[f][c] != OCCUPIED:
                break
        else:
            full += 1
    return full


def colour_sets(rules: Rules, player: Player) -> int:
    hotel, cells = player.hotel, rules.colour_cells
    sets = -1
    for colour in ("red", "blue", "yellow"):
        count = 0
        for f, c in cells.get(colour, ()):
            if hotel[f][c] == OCCUPIED:
                count += 1
        if sets < 0 or count < sets:
            sets = count
    return sets
