"""A straightforward hand-written scorer of the base rules, after round 7, for the benchmark.

It works on the state dict directly, with the rules' numbers written in the
code, and the same default policy as the generated modules (try every whole
outcome of an effect on a copy, keep the best projected total, ties to the
first). The benchmark checks it gives the same results as the generated module
before timing both.
"""

from __future__ import annotations

import copy
from typing import Any

TRACK = (0, 1, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 8, 9)
LAYOUT_TOP_FIRST = ("BRBRB", "BRBYY", "YYRRY", "BYRRB")
COLOUR = {"B": "blue", "R": "red", "Y": "yellow"}
GROUPS = (
    ((1, 1),),
    ((1, 2), (2, 1), (2, 2)),
    ((1, 3), (1, 4), (2, 3), (2, 4)),
    ((1, 5),),
    ((2, 5), (3, 4), (3, 5)),
    ((3, 1), (4, 1)),
    ((3, 2), (4, 2)),
    ((3, 3), (4, 3)),
    ((4, 4),),
    ((4, 5),),
)
REWARDS = {
    "red": ("krones", (0, 1, 3, 6, 10)),
    "blue": ("points", (0, 2, 5, 9, 15)),
    "yellow": ("steps", (0, 1, 3, 6, 10)),
}
PRINTED = {(3, 4): 1, (3, 5): 1, (4, 3): 2, (4, 4): 2, (4, 5): 2}
ITEMS = ("strudel", "cake", "wine", "coffee")
COST = {21: 3, 35: 2, 36: 2, 39: 3, 43: 3, 44: 2, 45: 1, 38: 5}
GAME_END = {27, 28, 29, 30, 31, 32, 34, 37, 40, 41, 46, 47, 48}


def colour(cell: tuple[int, int]) -> str:
    return COLOUR[LAYOUT_TOP_FIRST[4 - cell[0]][cell[1] - 1]]


def room(p: dict[str, Any], cell: tuple[int, int]) -> str:
    return str(p["hotel"][4 - cell[0]][cell[1] - 1])


def set_room(p: dict[str, Any], cell: tuple[int, int], value: str) -> None:
    row = p["hotel"][4 - cell[0]]
    p["hotel"][4 - cell[0]] = row[: cell[1] - 1] + value + row[cell[1] :]


def cells(p: dict[str, Any], state: str | None = None) -> list[tuple[int, int]]:
    return [
        (f, c)
        for f in range(1, 5)
        for c in range(1, 6)
        if room(p, (f, c)) != "." and (state is None or room(p, (f, c)) == state)
    ]


def advance(p: dict[str, Any], steps: int) -> None:
    moved = min(steps, 13 - p["emperor"])
    p["emperor"] += moved
    p["points"] += steps - moved


def lose_points(p: dict[str, Any], n: int) -> None:
    p["points"] = max(0, p["points"] - n)


def occupy(p: dict[str, Any], cell: tuple[int, int]) -> None:
    set_room(p, cell, "o")
    group = next(g for g in GROUPS if cell in g)
    if all(room(p, c) == "o" for c in group):
        kind, table = REWARDS[colour(cell)]
        if kind == "krones":
            p["krones"] += table[len(group)]
        elif kind == "points":
            p["points"] += table[len(group)]
        else:
            advance(p, table[len(group)])


def legal(p: dict[str, Any]) -> list[tuple[int, int]]:
    placed = cells(p)
    if not placed:
        return [(1, 1)]
    out = []
    for f in range(1, 5):
        for c in range(1, 6):
            if room(p, (f, c)) == "." and any(
                1 <= f2 <= 4 and 1 <= c2 <= 5 and room(p, (f2, c2)) != "."
                for f2, c2 in ((f - 1, c), (f + 1, c), (f, c - 1), (f, c + 1))
            ):
                out.append((f, c))
    return out


def count(p: dict[str, Any], which: str) -> int:
    occupied = cells(p, "o")
    if which == "red":
        return sum(1 for c in occupied if colour(c) == "red")
    if which == "blue":
        return sum(1 for c in occupied if colour(c) == "blue")
    if which == "yellow":
        return sum(1 for c in occupied if colour(c) == "yellow")
    raise KeyError(which)


def staff_points(game: dict[str, Any], p: dict[str, Any], n: int) -> int:
    occupied = cells(p, "o")
    if n == 27:
        return 3 * count(p, "red")
    if n == 28:
        return 3 * count(p, "blue")
    if n == 30:
        return 3 * count(p, "yellow")
    if n == 31:
        return len(occupied)
    if n == 32:
        return 2 * len(p["hired"])
    if n == 34:
        return len(cells(p))
    if n == 37:
        return 2 * sum(1 for g in GROUPS if all(room(p, c) == "o" for c in g))
    if n == 40:
        return 5 * p["objectives"]
    if n == 41:
        return 2 * p["emperor"]
    if n == 46:
        return 5 * sum(1 for row in p["hotel"] if row == "ooooo")
    if n == 47:
        return 5 * sum(1 for c in range(5) if all(row[c] == "o" for row in p["hotel"]))
    if n == 48:
        return 4 * min(count(p, "red"), count(p, "blue"), count(p, "yellow"))
    if n == 29:
        options = sorted({m for q in game["players"] if q is not p for m in q["hired"] if m in GAME_END and m != 29})
        return max((staff_points(game, p, m) for m in options), default=0)
    return 0


def breakdown(game: dict[str, Any], p: dict[str, Any]) -> dict[str, int]:
    rooms = sum(f * sum(1 for c in range(1, 6) if room(p, (f, c)) == "o") for f in range(1, 5))
    return {
        "staff": sum(staff_points(game, p, n) for n in p["hired"] if n in GAME_END),
        "rooms": rooms,
        "krones": p["krones"],
        "kitchen": sum(p["kitchen"].values()),
        "cafe": -5 * len(p["cafe"]),
    }


def projected(game: dict[str, Any], p: dict[str, Any]) -> int:
    return int(p["points"]) + sum(breakdown(game, p).values())


def best(game: dict[str, Any], index: int, options: list[Any], apply: Any) -> Any:
    chosen, value = options[0], None
    for option in options:
        trial = copy.deepcopy(game)
        apply(trial, trial["players"][index], option)
        v = projected(trial, trial["players"][index])
        if value is None or v > value:
            chosen, value = option, v
    return chosen


def play_once(game: dict[str, Any], p: dict[str, Any], n: int) -> None:
    p["hired"].append(n)
    if n == 21:
        for item in ITEMS:
            p["kitchen"][item] = p["kitchen"].get(item, 0) + 1
    elif n in (36, 39, 43, 44):
        item = {36: "wine", 39: "cake", 43: "coffee", 44: "strudel"}[n]
        p["kitchen"][item] = p["kitchen"].get(item, 0) + 4
    elif n == 45:
        advance(p, 3)
    elif n == 35:
        # Up to 2 vacant rooms: every set of them, the pairs of a room first (the order of the search).
        index = game["players"].index(p)
        vacant = cells(p, "v")
        sets: list[tuple[tuple[int, int], ...]] = []
        for i, a in enumerate(vacant):
            sets += [(a, b) for b in vacant[i + 1 :]] + [(a,)]
        pick = best(game, index, [*sets, ()], lambda g, q, rooms: [occupy(q, c) for c in rooms])
        for cell in pick:
            occupy(p, cell)


def tile_c(game: dict[str, Any], index: int, tile: str, bonus: bool) -> None:
    p = game["players"][index]
    if tile == "c-points":
        if bonus:
            p["points"] += 8
        else:
            lose_points(p, 8)
    elif tile == "c-staff-points":
        if bonus:
            p["points"] += 2 * len(p["hired"])
        else:
            lose_points(p, 2 * len(p["hired"]))
    elif tile == "c-occupied-room":
        if bonus:
            options = legal(p)
            if options:

                def place(g: dict[str, Any], q: dict[str, Any], c: Any) -> None:
                    if c is not None:
                        set_room(q, c, "v")
                        q["points"] += PRINTED.get(c, 0)
                        occupy(q, c)

                pick = best(game, index, [*options, None], place)
                place(game, p, pick)
        else:
            # The occupied room on the highest floor, then one on the highest floor strictly below it:
            # every such pair (or single room) compared whole.
            def highest(q: dict[str, Any], below: int) -> list[tuple[int, int]]:
                found = [c for c in cells(q, "o") if c[0] < below]
                return [c for c in found if c[0] == max(f for f, _ in found)]

            pairs: list[tuple[tuple[int, int], ...]] = []
            for first in highest(p, 99):
                set_room(p, first, ".")
                pairs += [(first, second) for second in highest(p, first[0])] or [(first,)]
                set_room(p, first, "o")
            if pairs:
                pick = best(game, index, pairs, lambda g, q, rooms: [set_room(q, c, ".") for c in rooms])
                for cell in pick:
                    set_room(p, cell, ".")
    elif tile == "c-free-staff":
        if bonus:
            if p["hand"]:

                def play(g: dict[str, Any], q: dict[str, Any], n: Any) -> None:
                    if n is not None:
                        q["hand"].remove(n)
                        play_once(g, q, n)

                pick = best(game, index, [*p["hand"], None], play)
                play(game, p, pick)
        else:
            options = [n for n in p["hired"] if n in GAME_END]
            if options:
                pick = best(game, index, options, lambda g, q, n: q["hired"].remove(n))
                p["hired"].remove(pick)
                game["staff_discard"].append(pick)
            else:
                lose_points(p, 10)


def score_round_7(state: dict[str, Any]) -> dict[str, Any]:
    """Emperor scoring after round 7 (tier C), final scoring and standings."""
    game = copy.deepcopy(state)
    game.setdefault("staff_discard", [])
    for p in game["players"]:
        p.setdefault("objectives", 0)
        p.setdefault("cafe", [])
        p.setdefault("kitchen", {})
        p.setdefault("hired", [])
        p.setdefault("hand", [])
    tile = game["tiles"]["C"]
    for index, p in enumerate(game["players"]):
        p["points"] += TRACK[p["emperor"]]
        p["emperor"] = max(0, p["emperor"] - 7)
        if p["emperor"] >= 3:
            gardener = 42 in p["hired"]  # a Gardener hired through this bonus does not add to it
            tile_c(game, index, tile, True)
            if gardener:
                p["points"] += 5
        elif p["emperor"] == 0:
            if 26 in p["hired"] and p["krones"] >= 1:
                trial = copy.deepcopy(game)
                tile_c(trial, index, tile, False)
                if projected(trial, trial["players"][index]) <= projected(game, p) - 1:
                    p["krones"] -= 1
                    continue
            tile_c(game, index, tile, False)
    final = []
    for p in game["players"]:
        parts = breakdown(game, p)
        final.append(
            {"player": p["name"], "points": p["points"], "total": p["points"] + sum(parts.values()), "breakdown": parts}
        )
    order = sorted(
        range(len(final)),
        key=lambda i: (
            -final[i]["total"],
            -(sum(game["players"][i]["kitchen"].values()) + game["players"][i]["krones"]),
            i,
        ),
    )
    standings: list[dict[str, Any]] = []
    for position, i in enumerate(order):
        tiebreak = sum(game["players"][i]["kitchen"].values()) + game["players"][i]["krones"]
        same = standings and standings[-1]["points"] == final[i]["total"] and standings[-1]["tiebreak"] == tiebreak
        rank = standings[-1]["rank"] if same else position + 1
        standings.append(
            {"player": final[i]["player"], "rank": rank, "points": final[i]["total"], "tiebreak": tiebreak}
        )
    return {"state": game, "final": final, "standings": standings}
