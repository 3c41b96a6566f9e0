"""A straightforward hand-written scorer: the Emperor scorings after rounds 3, 5 and 7, final scoring, standings.

It shares no code with compiler/ (it imports neither the runtime nor a generated
module): it works on the state dict directly, with the rules' numbers written
in `HandRules` (transcribed by hand per ruleset in tests/oracle/rulesets.py) and
the mechanics written out here, with the same default policy as the generated
modules (try each option on a copy, keep the best projected total, ties to the
first). The suite checks the generated modules against it (tests/test_oracle.py);
the scoring benchmark times both.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

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
PRINTED = {(3, 4): 1, (3, 5): 1, (4, 3): 2, (4, 4): 2, (4, 5): 2}
ITEMS = ("strudel", "cake", "wine", "coffee")
# printed cost of every Staff card, 1 to 48
COST = dict(
    enumerate(
        (
            4,
            6,
            4,
            6,
            4,
            1,
            1,
            2,
            5,
            5,
            5,
            2,
            2,
            2,
            4,
            2,
            5,
            2,
            3,
            2,
            3,
            3,
            5,
            1,
            6,
            5,
            4,
            4,
            5,
            4,
            4,
            4,
            5,
            5,
            2,
            2,
            3,
            5,
            3,
            2,
            3,
            3,
            3,
            2,
            1,
            2,
            4,
            4,
        ),
        start=1,
    )
)
SECRETARY = 29


@dataclass(frozen=True)
class HandRules:
    """The numbers of one ruleset that the last round uses (the base game's by default)."""

    track: tuple[int, ...] = (0, 1, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 8, 9)  # points by space; last space = cap
    move_backs: dict[int, int] = field(default_factory=lambda: {3: 3, 5: 5, 7: 7})  # round -> spaces back
    bonus_from: int = 3  # first space of the bonus zone
    black_penalty: bool = True  # space 0 takes the tile's penalty (else nothing)
    beyond: int = 1  # points per Emperor step beyond the cap
    rooms: tuple[int, ...] = (1, 2, 3, 4)  # points per occupied room, by floor from 1
    krones: int = 1
    kitchen: int = 1
    cafe: int = -5
    # game-end Staff with a formula: card -> points per unit (the unit is written out in staff_points)
    staff: dict[int, int] = field(
        default_factory=lambda: {27: 3, 28: 3, 30: 3, 31: 1, 32: 2, 34: 1, 37: 2, 40: 5, 41: 2, 46: 5, 47: 5, 48: 4}
    )
    extra_tiles: tuple[str, ...] = ()  # tiles beyond the base game's 12 (handwritten.py must know them)
    rewards: dict[str, tuple[str, tuple[int, ...]]] = field(
        default_factory=lambda: {
            "red": ("krones", (0, 1, 3, 6, 10)),
            "blue": ("points", (0, 2, 5, 9, 15)),
            "yellow": ("steps", (0, 1, 3, 6, 10)),
        }
    )

    @property
    def cap(self) -> int:
        return len(self.track) - 1

    @property
    def game_end(self) -> set[int]:
        return {*self.staff, SECRETARY}


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


def lose_points(p: dict[str, Any], n: int) -> None:
    p["points"] = max(0, p["points"] - n)


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
    return sum(1 for c in cells(p, "o") if colour(c) == which)


class HandScorer:
    """The last round of one ruleset, scored by hand."""

    def __init__(self, rules: HandRules) -> None:
        self.rules = rules

    def advance(self, p: dict[str, Any], steps: int) -> None:
        moved = min(steps, self.rules.cap - p["emperor"])
        p["emperor"] += moved
        p["points"] += (steps - moved) * self.rules.beyond

    def occupy(self, p: dict[str, Any], cell: tuple[int, int]) -> None:
        set_room(p, cell, "o")
        group = next(g for g in GROUPS if cell in g)
        if all(room(p, c) == "o" for c in group):
            kind, table = self.rules.rewards[colour(cell)]
            if kind == "krones":
                p["krones"] += table[len(group)]
            elif kind == "points":
                p["points"] += table[len(group)]
            else:
                self.advance(p, table[len(group)])

    def staff_points(self, game: dict[str, Any], p: dict[str, Any], n: int) -> int:
        """What game-end Staff `n` scores for `p` (the Secretary copies an opponent's best card)."""
        if n == SECRETARY:
            options = {m for q in game["players"] if q is not p for m in q["hired"] if m in self.rules.staff}
            return max((self.staff_points(game, p, m) for m in sorted(options)), default=0)
        occupied = cells(p, "o")
        units = {
            27: lambda: count(p, "red"),
            28: lambda: count(p, "blue"),
            30: lambda: count(p, "yellow"),
            31: lambda: len(occupied),
            32: lambda: len(p["hired"]),
            34: lambda: len(cells(p)),
            37: lambda: sum(1 for g in GROUPS if all(room(p, c) == "o" for c in g)),
            40: lambda: p["objectives"],
            41: lambda: p["emperor"],
            46: lambda: sum(1 for row in p["hotel"] if row == "ooooo"),
            47: lambda: sum(1 for c in range(5) if all(row[c] == "o" for row in p["hotel"])),
            48: lambda: min(count(p, "red"), count(p, "blue"), count(p, "yellow")),
        }
        return self.rules.staff[n] * units[n]() if n in self.rules.staff else 0

    def breakdown(self, game: dict[str, Any], p: dict[str, Any]) -> dict[str, int]:
        rules = self.rules
        rooms = sum(rules.rooms[f - 1] * sum(1 for c in range(1, 6) if room(p, (f, c)) == "o") for f in range(1, 5))
        return {
            "staff": sum(self.staff_points(game, p, n) for n in p["hired"] if n in rules.game_end),
            "rooms": rooms,
            "krones": rules.krones * p["krones"],
            "kitchen": rules.kitchen * sum(p["kitchen"].values()),
            "cafe": rules.cafe * len(p["cafe"]),
        }

    def projected(self, game: dict[str, Any], p: dict[str, Any]) -> int:
        return int(p["points"]) + sum(self.breakdown(game, p).values())

    def best(self, game: dict[str, Any], index: int, options: list[Any], apply: Callable[..., None]) -> Any:
        chosen, value = options[0], None
        for option in options:
            trial = copy.deepcopy(game)
            apply(trial, trial["players"][index], option)
            v = self.projected(trial, trial["players"][index])
            if value is None or v > value:
                chosen, value = option, v
        return chosen

    def play_once(self, game: dict[str, Any], p: dict[str, Any], n: int) -> None:
        p["hired"].append(n)
        if n == 21:
            for item in ITEMS:
                p["kitchen"][item] = p["kitchen"].get(item, 0) + 1
        elif n in (36, 39, 43, 44):
            item = {36: "wine", 39: "cake", 43: "coffee", 44: "strudel"}[n]
            p["kitchen"][item] = p["kitchen"].get(item, 0) + 4
        elif n == 45:
            self.advance(p, 3)
        elif n == 35:
            # Up to 2 vacant rooms, compared whole: every pair (a room, then each later one), the room
            # alone, and none last, in the order a search room by room meets them first.
            index = game["players"].index(p)
            vacant = cells(p, "v")
            sets: list[tuple[tuple[int, int], ...]] = []
            for i, first in enumerate(vacant):
                sets += [(first, second) for second in vacant[i + 1 :]] + [(first,)]
            pick = self.best(game, index, [*sets, ()], lambda g, q, rooms: [self.occupy(q, c) for c in rooms])
            for cell in pick:
                self.occupy(p, cell)

    def tile_c(self, game: dict[str, Any], index: int, tile: str, bonus: bool) -> None:
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
                            self.occupy(q, c)

                    pick = self.best(game, index, [*options, None], place)
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
                    pick = self.best(game, index, pairs, lambda g, q, rooms: [set_room(q, c, ".") for c in rooms])
                    for cell in pick:
                        set_room(p, cell, ".")
        elif tile == "c-free-staff":
            if bonus:
                if p["hand"]:

                    def play(g: dict[str, Any], q: dict[str, Any], n: Any) -> None:
                        if n is not None:
                            q["hand"].remove(n)
                            self.play_once(g, q, n)

                    pick = self.best(game, index, [*p["hand"], None], play)
                    play(game, p, pick)
            else:
                options = [n for n in p["hired"] if n in self.rules.game_end]
                if options:
                    pick = self.best(game, index, options, lambda g, q, n: q["hired"].remove(n))
                    p["hired"].remove(pick)
                    game["staff_discard"].append(pick)
                else:
                    lose_points(p, 10)

    def tile_ab(self, game: dict[str, Any], index: int, tile: str, bonus: bool) -> None:
        """The A and B tiles (and the royal-banquet variant's B tile)."""
        p = game["players"][index]
        if tile in ("a-krones", "b-krones"):
            amount, points = (3, 5) if tile == "a-krones" else (5, 7)
            if bonus:
                p["krones"] += amount
            elif p["krones"] >= amount:
                p["krones"] -= amount
            else:
                lose_points(p, points)
        elif tile == "a-two-items":
            if bonus:
                self.choose_items(p, 2)
            else:
                p["kitchen"] = dict.fromkeys(p["kitchen"], 0)
        elif tile == "b-one-of-each":
            if bonus:
                for item in ITEMS:
                    p["kitchen"][item] = p["kitchen"].get(item, 0) + 1
            else:
                p["kitchen"] = dict.fromkeys(p["kitchen"], 0)
                p["cafe"] = [dict.fromkeys(guest, 0) for guest in p["cafe"]]
        elif tile in ("a-draw-staff", "b-draw-staff"):
            back, points = (2, 5) if tile == "a-draw-staff" else (3, 7)
            if bonus:
                self.draw_and_play(game, index, 3, 3 if tile == "a-draw-staff" else None)
            elif len(p["hand"]) >= back:
                self.hand_to_bottom(game, p, back)
            else:
                lose_points(p, points)
        elif tile in ("a-free-room", "b-occupied-room"):
            back, points = (1, 5) if tile == "a-free-room" else (2, 7)
            if bonus:
                self.prepare(game, index, None if tile == "a-free-room" else (1, 2), tile == "b-occupied-room")
            elif len(cells(p, "v")) >= back:
                self.remove_vacant(game, index, back)
            else:
                lose_points(p, points)
        elif tile == "b-royal-banquet":
            if bonus:
                self.choose_items(p, 2)
                p["krones"] += 2
            elif p["krones"] >= 2 and p["hand"]:
                p["krones"] -= 2
                self.hand_to_bottom(game, p, 1)
            else:
                lose_points(p, 6)
        else:
            raise KeyError(tile)

    def choose_items(self, p: dict[str, Any], count: int) -> None:
        """Each item to the kind the kitchen holds fewest of (ties: the order of ITEMS)."""
        for _ in range(count):
            item = min(ITEMS, key=lambda i: (p["kitchen"].get(i, 0), ITEMS.index(i)))
            p["kitchen"][item] = p["kitchen"].get(item, 0) + 1

    def hand_to_bottom(self, game: dict[str, Any], p: dict[str, Any], count: int) -> None:
        """The cheapest cards (then the lowest numbers) go under the deck."""
        for n in sorted(p["hand"], key=lambda n: (COST[n], n))[:count]:
            p["hand"].remove(n)
            game["staff_deck"].append(n)

    def draw_and_play(self, game: dict[str, Any], index: int, count: int, discount: int | None) -> None:
        """Draw `count`, play at most one affordable card at the discount (None: free), the rest under the deck."""
        p = game["players"][index]
        drawn = game["staff_deck"][:count]
        del game["staff_deck"][:count]

        def price(n: int) -> int:
            return 0 if discount is None else max(0, COST[n] - discount)

        options = [n for n in drawn if price(n) <= p["krones"]]
        if options:

            def hire(g: dict[str, Any], q: dict[str, Any], n: Any) -> None:
                if n is not None:
                    q["krones"] -= price(n)
                    self.play_once(g, q, n)

            pick = self.best(game, index, [*options, None], hire)
            if pick is not None:
                drawn.remove(pick)
                hire(game, p, pick)
        game["staff_deck"].extend(drawn)

    def prepare(self, game: dict[str, Any], index: int, floors: tuple[int, ...] | None, occupy: bool) -> None:
        """A free room on a legal space of `floors` (None: any), occupied if asked, or none."""
        p = game["players"][index]
        options = [c for c in legal(p) if floors is None or c[0] in floors]
        if not options:
            return

        def place(g: dict[str, Any], q: dict[str, Any], c: Any) -> None:
            if c is not None:
                set_room(q, c, "v")
                q["points"] += PRINTED.get(c, 0)
                if occupy:
                    self.occupy(q, c)

        place(game, p, self.best(game, index, [*options, None], place))

    def remove_vacant(self, game: dict[str, Any], index: int, count: int) -> None:
        """Remove vacant rooms one by one, each from the highest floor that has one (the least valuable there)."""
        p = game["players"][index]
        for _ in range(count):
            vacant = cells(p, "v")
            top = max(c[0] for c in vacant)
            pick = self.best(game, index, [c for c in vacant if c[0] == top], lambda g, q, c: set_room(q, c, "."))
            set_room(p, pick, ".")

    def tile(self, game: dict[str, Any], index: int, tile: str, bonus: bool) -> None:
        if tile.startswith("c-"):
            self.tile_c(game, index, tile, bonus)
        else:
            self.tile_ab(game, index, tile, bonus)

    def score(self, state: dict[str, Any]) -> dict[str, Any]:
        """The Emperor scoring of the round that just ended (3, 5 or 7); after round 7, final scoring and standings."""
        rules = self.rules
        game = copy.deepcopy(state)
        game.setdefault("staff_discard", [])
        for p in game["players"]:
            p.setdefault("objectives", 0)
            p.setdefault("cafe", [])
            p.setdefault("kitchen", {})
            p.setdefault("hired", [])
            p.setdefault("hand", [])
        round_ = game["round"]
        tile = game["tiles"]["ABC"[(round_ - 3) // 2]]
        for index, p in enumerate(game["players"]):
            p["points"] += rules.track[p["emperor"]]
            p["emperor"] = max(0, p["emperor"] - rules.move_backs[round_])
            if p["emperor"] >= rules.bonus_from:
                gardener = 42 in p["hired"]  # a Gardener hired through this bonus does not add to it
                self.tile(game, index, tile, True)
                if gardener:
                    p["points"] += 5
            elif p["emperor"] == 0 and rules.black_penalty:
                if 26 in p["hired"] and p["krones"] >= 1:  # Conference Manager: pay 1 krone instead, if worth it
                    penalty = copy.deepcopy(game)
                    self.tile(penalty, index, tile, False)
                    if self.projected(game, p) - rules.krones >= self.projected(penalty, penalty["players"][index]):
                        p["krones"] -= 1
                        continue
                self.tile(game, index, tile, False)
        if round_ != 7:
            return {"state": game}
        final = []
        for p in game["players"]:
            parts = self.breakdown(game, p)
            total = p["points"] + sum(parts.values())
            if total < 0:  # the score never goes below 0
                parts["points_floor"] = -total
                total = 0
            final.append({"player": p["name"], "points": p["points"], "total": total, "breakdown": parts})
        return {"state": game, "final": final, "standings": standings(game, final)}

    def score_round_7(self, state: dict[str, Any]) -> dict[str, Any]:
        """Emperor scoring after round 7 (tier C), final scoring and standings."""
        assert state["round"] == 7
        return self.score(state)


def standings(game: dict[str, Any], final: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Highest total first; a tie goes to more kitchen items plus krones; still equal, a shared rank."""

    def tiebreak(i: int) -> int:
        p = game["players"][i]
        return int(sum(p["kitchen"].values()) + p["krones"])

    order = sorted(range(len(final)), key=lambda i: (-final[i]["total"], -tiebreak(i), i))
    table: list[dict[str, Any]] = []
    for position, i in enumerate(order):
        same = table and table[-1]["points"] == final[i]["total"] and table[-1]["tiebreak"] == tiebreak(i)
        rank = table[-1]["rank"] if same else position + 1
        table.append({"player": final[i]["player"], "rank": rank, "points": final[i]["total"], "tiebreak": tiebreak(i)})
    return table


def score_round_7(state: dict[str, Any], rules: HandRules | None = None) -> dict[str, Any]:
    """The last round of a state under `rules` (the base game by default)."""
    return HandScorer(rules or HandRules()).score_round_7(state)
