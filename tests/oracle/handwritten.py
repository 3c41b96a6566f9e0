"""A straightforward hand-written scorer: the Emperor scorings after rounds 3, 5 and 7, final scoring, standings.

It shares no code with compiler/ (it imports neither the runtime nor a generated
module): it works on the state dict directly, with the rules' numbers written
in `HandRules` (transcribed by hand per ruleset in tests/oracle/rulesets.py) and
the mechanics written out here, with the same default policy as the generated
modules (try each option on a copy, keep the best projected total, ties to the
first). The suite checks the generated modules against it (tests/test_oracle.py);
the scoring benchmark times both.

It knows the base game's 12 tiles, the royal-banquet variant's B tile and the 34
invented tiles of tests/data/variants/invented-*.yaml (each written out below as
plain code per tile id; amounts worked out by expressions in the oracle's own form,
tests/oracle/expressions.py; effects on other players, for_players, as loops over
the players they apply to), final-scoring sources worked out by expressions, and
reads two kinds of recorded decisions from a
player's `choices`: `return_items` and `choose_one` (plus `conference_manager`).
A recorded decision must be legal where it is asked, else `Illegal` (the
modules raise StateError); a path that uses more recorded decisions beats one
that uses fewer, whatever their totals (docs/state-format.md).
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from oracle.expressions import Seat, work_out

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
BASE_ITEMS = ("strudel", "cake", "wine", "coffee")  # the base game's items, in the rules' order
DISHES = ("strudel", "cake")  # the dishes among them; wine, coffee (and the invented champagne) are drinks
BASE_TILES = (
    "a-krones",
    "a-two-items",
    "a-draw-staff",
    "a-free-room",
    "b-one-of-each",
    "b-krones",
    "b-draw-staff",
    "b-occupied-room",
    "c-points",
    "c-occupied-room",
    "c-staff-points",
    "c-free-staff",
)
# Staff of kind permanent (rules/base.yaml); 1-4 are once per round, 21, 35, 36, 38, 39, 43-45 once, the rest game end
PERMANENT = frozenset({*range(5, 21), 22, 23, 24, 25, 26, 33, 42})
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
CONFERENCE_MANAGER = 26  # may pay 1 krone to ignore an Emperor penalty
GARDENER = 42  # 5 points more with every Emperor bonus


class Illegal(Exception):
    """A recorded decision that is not legal where it is asked: player `index`, `choices` key `key`."""

    def __init__(self, index: int, key: str) -> None:
        super().__init__(f"players[{index}].choices.{key}")
        self.index = index
        self.key = key


@dataclass(frozen=True)
class Dancers:
    """The declared resource `dancers` of a ruleset: from 0 to `most` (None: no upper limit), `start` when the
    state has none; worth `table`'s points by amount at the end (the last entry for more; empty: no end scoring);
    `tiebreak`: the tie-breaker counts kitchen items plus dancers (not krones)."""

    start: int
    most: int | None
    table: tuple[int, ...] = ()
    tiebreak: bool = False


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
    c_points_penalty: int = 8  # the points the C tile "Points" takes as its penalty
    # game-end Staff with a formula: card -> points per unit (the unit is written out in staff_points)
    staff: dict[int, int] = field(
        default_factory=lambda: {27: 3, 28: 3, 30: 3, 31: 1, 32: 2, 34: 1, 37: 2, 40: 5, 41: 2, 46: 5, 47: 5, 48: 4}
    )
    tiles: tuple[str, ...] = BASE_TILES  # every tile id of the ruleset (this file must know each)
    items: tuple[str, ...] = BASE_ITEMS  # dishes and drinks, in the rules' order
    # No tile or Staff picks items by a filter: every kind is worth the same, and the policy tries one kind only
    # (choosing: the kind the kitchen holds fewest of; returning: the kind it holds most of; ties: the rules'
    # order). Else it tries every kind, in the rules' order.
    items_alike: bool = True
    # invented-counts: the Booking Manager (27) counts occupied red rooms on floors 3-4 only, and final scoring
    # adds 1 point per occupied red room on floor 4 ("red-attic").
    red_upstairs: bool = False
    # invented-others-before: other players are read as they stood before the Emperor scoring (else as they stand).
    read_before: bool = False
    # invented-others: final scoring adds 2 points per other player with fewer occupied rooms ("rivalry").
    rivalry: bool = False
    # invented-resources and invented-final: each player has dancers, a declared resource (Dancers). None: none.
    dancers: Dancers | None = None
    # invented-final: final-scoring sources worked out by expressions, (source id, expression in the oracle's
    # form, tests/oracle/expressions.py), each worked out for every player at the final scoring (may be below 0).
    final_expressions: tuple[tuple[str, Any], ...] = ()
    # solo (rules/variants/solo.yaml): a player whose state says `role: solo-opponent` scores its space and moves
    # back at an Emperor scoring, but takes no bonus and no penalty; at the end only its game-end Staff and its
    # occupied rooms count (its krones, kitchen and café are empty: the state may hold none).
    solo_opponent: bool = False
    # quantity-samples (tests/helpers_quantities.py): final scoring adds 1 point per unit of each of these
    # quantities, as source per-<quantity> (underscores as hyphens); each counted by tests/oracle/quantities.py.
    per_quantity: tuple[tuple[str, Callable[[dict[str, Any]], int]], ...] = ()
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


def dancers(p: dict[str, Any]) -> int:
    return int(p["resources"]["dancers"])


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


def krones(p: dict[str, Any]) -> int:
    return int(p["krones"])


def occupied(p: dict[str, Any]) -> int:
    return len(cells(p, "o"))


def upstairs(which: str) -> Callable[[dict[str, Any]], int]:
    """The count of occupied rooms of a colour on floors 3 and 4."""
    return lambda p: sum(1 for f, c in cells(p, "o") if f >= 3 and colour((f, c)) == which)


def returnable(p: dict[str, Any], items: tuple[str, ...], kitchen: bool, cafe: bool) -> list[str]:
    """What a return of `items` could take, as `choices` records it: the kitchen's item ids, then "item@guest"
    for the café guests (from 0), each in the rules' item order."""
    options = [item for item in items if kitchen and p["kitchen"].get(item, 0)]
    if cafe:
        options += [f"{item}@{g}" for g, guest in enumerate(p["cafe"]) for item in items if guest.get(item, 0)]
    return options


def take_back(game: dict[str, Any], p: dict[str, Any], option: str) -> None:
    """Return one item: an item id from the kitchen, or item@guest from a café guest."""
    item, _, guest = option.partition("@")
    place = p["cafe"][int(guest)] if guest else p["kitchen"]
    place[item] -= 1


class HandScorer:
    """The last round of one ruleset, scored by hand."""

    def __init__(self, rules: HandRules) -> None:
        self.rules = rules
        # What the scorings did (tests read it): ("bonus" or "penalty", tile id), ("recorded", "decisions"): how
        # many recorded decisions were used, and ("tied", "leaders"): how often an effect met tied leaders.
        self.tally: Counter[tuple[str, str]] = Counter()

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
            27: lambda: (
                sum(1 for f, c in occupied if colour((f, c)) == "red" and f >= 3)
                if self.rules.red_upstairs
                else count(p, "red")
            ),
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
        parts = {
            "staff": sum(self.staff_points(game, p, n) for n in p["hired"] if n in rules.game_end),
            "rooms": rooms,
            "krones": rules.krones * p["krones"],
            "kitchen": rules.kitchen * sum(p["kitchen"].values()),
            "cafe": rules.cafe * len(p["cafe"]),
        }
        if rules.rivalry:  # 2 points per other player with fewer occupied rooms (during the scoring: as it reads)
            index = next(i for i, q in enumerate(game["players"]) if q is p)
            parts["rivalry"] = 2 * sum(1 for q in self.others(game, index) if len(cells(q, "o")) < len(cells(p, "o")))
        if rules.red_upstairs:
            parts["red-attic"] = sum(1 for c in range(1, 6) if room(p, (4, c)) == "o" and colour((4, c)) == "red")
        if rules.dancers and rules.dancers.table:
            table = rules.dancers.table
            parts["dancers"] = table[min(dancers(p), len(table) - 1)]
        if rules.final_expressions:  # worked out as the game ended (outside a scoring every player stands)
            seat = self.seat(game, next(i for i, q in enumerate(game["players"]) if q is p))
            parts.update((source, work_out(expr, seat)) for source, expr in rules.final_expressions)
        for name, count_of in rules.per_quantity:
            parts["per-" + name.replace("_", "-")] = count_of(p)
        if rules.solo_opponent and p.get("role") == "solo-opponent":
            return {"staff": parts["staff"], "rooms": parts["rooms"]}
        return parts

    def projected(self, game: dict[str, Any], p: dict[str, Any]) -> int:
        return int(p["points"]) + sum(self.breakdown(game, p).values())

    def best(self, game: dict[str, Any], index: int, options: list[Any], apply: Callable[..., None]) -> Any:
        """The option with the best outcome: the most recorded decisions used (a path that reaches an illegal
        one counts it and is worth nothing), then the highest projected total; ties go to the first option."""
        chosen, value = options[0], None
        for option in options:
            trial = copy.deepcopy(game)
            q = trial["players"][index]
            try:
                apply(trial, q, option)
                v = (q["_used"], float(self.projected(trial, q)))
            except Illegal:
                v = (q["_used"], float("-inf"))
            if value is None or v > value:
                chosen, value = option, v
        return chosen

    def recorded(self, p: dict[str, Any], key: str) -> tuple[bool, Any]:
        """Ask the player's next decision of `key`: is it recorded, and its value (a key holds the first
        decision's value, or a list of values in the order asked)."""
        asked = p["_asked"].get(key, 0)
        p["_asked"][key] = asked + 1
        if key not in p["choices"]:
            return False, None
        value = p["choices"][key]
        if isinstance(value, list):
            if asked >= len(value):
                return False, None
            value = value[asked]
        elif asked > 0:
            return False, None
        p["_used"] += 1
        return True, value

    def decide(
        self,
        game: dict[str, Any],
        index: int,
        key: str,
        options: list[Any],
        apply: Callable[..., None],
        tried: list[Any] | None = None,
    ) -> Any:
        """One decision, applied: the recorded value if there is one (it must be one of `options`), else the
        best of `tried` (the policy's shortcut where the others are worth no more) or of every option."""
        p = game["players"][index]
        found, value = self.recorded(p, key)
        if found and value not in options:
            raise Illegal(index, key)
        pick = value if found else self.best(game, index, tried or options, apply)
        apply(game, p, pick)
        return pick

    def play_once(self, game: dict[str, Any], p: dict[str, Any], n: int) -> None:
        p["hired"].append(n)
        if n == 21:
            for item in BASE_ITEMS:
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
                lose_points(p, self.rules.c_points_penalty)
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
        else:
            raise KeyError(tile)

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
                self.choose_items(game, index, 2, self.rules.items)
            else:
                p["kitchen"] = dict.fromkeys(p["kitchen"], 0)
        elif tile == "b-one-of-each":
            if bonus:
                for item in BASE_ITEMS:
                    p["kitchen"][item] = p["kitchen"].get(item, 0) + 1
            else:
                p["kitchen"] = dict.fromkeys(p["kitchen"], 0)
                p["cafe"] = [dict.fromkeys(guest, 0) for guest in p["cafe"]]
        elif tile in ("a-draw-staff", "b-draw-staff"):
            back, points = (2, 5) if tile == "a-draw-staff" else (3, 7)
            if bonus:
                self.draw_and_play(game, index, 3, 3 if tile == "a-draw-staff" else None)
            elif len(p["hand"]) >= back:
                self.hand_to_deck(game, p, back)
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
                self.choose_items(game, index, 2, self.rules.items)
                p["krones"] += 2
            elif p["krones"] >= 2 and p["hand"]:
                p["krones"] -= 2
                self.hand_to_deck(game, p, 1)
            else:
                lose_points(p, 6)
        else:
            raise KeyError(tile)

    def choose_items(self, game: dict[str, Any], index: int, count: int, allowed: tuple[str, ...]) -> None:
        """`count` items of the `allowed` kinds (in the rules' order), each into the kitchen: nothing in these
        rulesets counts items on café guests, so the policy never serves one. Items alike: the kind the kitchen
        holds fewest of (ties: the rules' order); else the best of every allowed kind, tried the fewest first (each
        is worth the same in the kitchen, so that is the one)."""

        def gain(g: dict[str, Any], q: dict[str, Any], item: str) -> None:
            q["kitchen"][item] = q["kitchen"].get(item, 0) + 1

        p = game["players"][index]
        for _ in range(count):
            fewest = min(allowed, key=lambda i: (p["kitchen"].get(i, 0), allowed.index(i)))
            if self.rules.items_alike:
                item = fewest
            else:  # every kind, the fewest first: ties go as where items are alike
                item = self.best(game, index, [fewest, *(i for i in allowed if i != fewest)], gain)
            gain(game, p, item)

    def return_some(self, game: dict[str, Any], index: int, count: int, items: tuple[str, ...], cafe: bool) -> None:
        """Return `count` of `items` (as many as there are), each the player's choice (`return_items`): from the
        kitchen, or (`cafe`) from the café guests only. Items alike: the policy tries the kind the kitchen
        holds most of (ties: the rules' order) and the first item on a guest; else every option."""
        p = game["players"][index]
        for _ in range(count):
            options = returnable(p, items, not cafe, cafe)
            if not options:
                return
            kitchen = [o for o in options if "@" not in o]
            if kitchen:  # the first of the most held, then the others in the rules' order
                most = max(kitchen, key=lambda i: p["kitchen"][i])
                kitchen = [most] + [o for o in kitchen if o != most]
            guests = [o for o in options if "@" in o]
            tried = kitchen[:1] + guests[:1] if self.rules.items_alike else kitchen + guests
            self.decide(game, index, "return_items", options, take_back, tried)

    def hand_to_deck(self, game: dict[str, Any], p: dict[str, Any], count: int, top: bool = False) -> None:
        """The cheapest cards (then the lowest numbers) from hand go under the deck, as many as there are; `top`:
        on top of it instead, the first chosen on top."""
        chosen = sorted(p["hand"], key=lambda n: (COST[n], n))[:count]
        for n in chosen:
            p["hand"].remove(n)
        if top:
            game["staff_deck"][:0] = chosen
        else:
            game["staff_deck"].extend(chosen)

    def draw_and_play(
        self, game: dict[str, Any], index: int, count: int, discount: int | None, play: int = 1, to_hand: bool = False
    ) -> None:
        """Draw `count`, play at most `play` (0 or 1) affordable card at the discount (None: free), the rest under
        the deck in the order drawn (`to_hand`: into the hand)."""
        p = game["players"][index]
        drawn = game["staff_deck"][:count]
        del game["staff_deck"][:count]

        def price(n: int) -> int:
            return 0 if discount is None else max(0, COST[n] - discount)

        options = [n for n in drawn if price(n) <= p["krones"]] if play else []
        if options:

            def hire(g: dict[str, Any], q: dict[str, Any], n: Any) -> None:
                if n is not None:
                    q["krones"] -= price(n)
                    self.play_once(g, q, n)

            pick = self.best(game, index, [*options, None], hire)
            if pick is not None:
                drawn.remove(pick)
                hire(game, p, pick)
        if to_hand:
            p["hand"].extend(drawn)
        else:
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

    # --- the invented tiles (tests/data/variants/invented-*.yaml), one method each, named after the tile id ---

    def tile_a_tax_and_tribute(self, game: dict[str, Any], index: int, bonus: bool) -> None:
        """Bonus: 4 points. Penalty: pay 2 krones and return 1 item of your choice from the kitchen (any dish or
        drink), both or neither; neither: lose 5 points."""
        p = game["players"][index]
        if bonus:
            p["points"] += 4
        elif p["krones"] >= 2 and returnable(p, self.rules.items, True, False):
            p["krones"] -= 2
            self.return_some(game, index, 1, self.rules.items, cafe=False)
        else:
            lose_points(p, 5)

    def tile_a_champagne_reception(self, game: dict[str, Any], index: int, bonus: bool) -> None:
        """Bonus: 2 champagne. Penalty: return 2 champagne from the kitchen, as many as there are."""
        p = game["players"][index]
        if bonus:
            p["kitchen"]["champagne"] = p["kitchen"].get("champagne", 0) + 2
        else:
            self.return_some(game, index, 2, ("champagne",), cafe=False)

    def tile_b_anything_but_champagne(self, game: dict[str, Any], index: int, bonus: bool) -> None:
        """Bonus: 1 item of any kind but champagne. Penalty: every dish, in the kitchen and on the café guests."""
        p = game["players"][index]
        if bonus:
            self.choose_items(game, index, 1, tuple(item for item in self.rules.items if item != "champagne"))
        else:
            for place in (p["kitchen"], *p["cafe"]):
                for dish in DISHES:
                    if dish in place:
                        place[dish] = 0

    def tile_b_sweet_tooth(self, game: dict[str, Any], index: int, bonus: bool) -> None:
        """Bonus: 2 items, each strudel or cake. Penalty: every strudel and cake in the kitchen (guests keep theirs)."""
        p = game["players"][index]
        if bonus:
            self.choose_items(game, index, 2, ("strudel", "cake"))
        else:
            for dish in ("strudel", "cake"):
                if dish in p["kitchen"]:
                    p["kitchen"][dish] = 0

    def tile_c_cafe_cleanup(self, game: dict[str, Any], index: int, bonus: bool) -> None:
        """Bonus: 3 points. Penalty: return 2 items of your choice from the café guests; fewer there: lose 4 points."""
        p = game["players"][index]
        if bonus:
            p["points"] += 3
        elif sum(guest.get(item, 0) for guest in p["cafe"] for item in self.rules.items) >= 2:
            self.return_some(game, index, 2, self.rules.items, cafe=True)
        else:
            lose_points(p, 4)

    def tile_c_bankrupt(self, game: dict[str, Any], index: int, bonus: bool) -> None:
        """Bonus: 6 krones. Penalty: every krone, and every item in the kitchen."""
        p = game["players"][index]
        if bonus:
            p["krones"] += 6
        else:
            p["krones"] = 0
            p["kitchen"] = dict.fromkeys(p["kitchen"], 0)

    def tile_a_recruiting_drive(self, game: dict[str, Any], index: int, bonus: bool) -> None:
        """Bonus: draw 3 cards into the hand, and 4 points. Penalty: 1 card from hand on top of the deck; no card in
        hand: lose 3 points."""
        p = game["players"][index]
        if bonus:
            self.draw_and_play(game, index, 3, 0, play=0, to_hand=True)
            p["points"] += 4
        elif p["hand"]:
            self.hand_to_deck(game, p, 1, top=True)
        else:
            lose_points(p, 3)

    def tile_b_headhunter(self, game: dict[str, Any], index: int, bonus: bool) -> None:
        """Bonus: draw 2, play at most 1 of them for 2 krones less, the other into the hand. Penalty: 2 cards from
        hand on top of the deck, as many as there are."""
        p = game["players"][index]
        if bonus:
            self.draw_and_play(game, index, 2, 2, to_hand=True)
        else:
            self.hand_to_deck(game, p, 2, top=True)

    def tile_c_grand_finale(self, game: dict[str, Any], index: int, bonus: bool) -> None:
        """Bonus: play 1 game-end card from hand for free, or none. Penalty: discard 1 permanent hired card;
        none hired: lose 6 points."""
        p = game["players"][index]
        if bonus:
            options = [n for n in p["hand"] if n in self.rules.game_end]
            if options:

                def play(g: dict[str, Any], q: dict[str, Any], n: Any) -> None:
                    if n is not None:
                        q["hand"].remove(n)
                        self.play_once(g, q, n)

                play(game, p, self.best(game, index, [*options, None], play))
            return
        options = [n for n in p["hired"] if n in PERMANENT]
        if options:
            pick = self.best(game, index, options, lambda g, q, n: q["hired"].remove(n))
            p["hired"].remove(pick)
            game["staff_discard"].append(pick)
        else:
            lose_points(p, 6)

    def tile_c_wipeout(self, game: dict[str, Any], index: int, bonus: bool) -> None:
        """Bonus: 10 points. Penalty: every point."""
        p = game["players"][index]
        p["points"] = p["points"] + 10 if bonus else 0

    def tile_a_trade_offer(self, game: dict[str, Any], index: int, bonus: bool) -> None:
        """Bonus: you may pay 3 krones for 6 points (choose_one: 1, or none). Penalty: 2 krones, as many as there are."""
        p = game["players"][index]
        if not bonus:
            p["krones"] = max(0, p["krones"] - 2)
            return

        def trade(g: dict[str, Any], q: dict[str, Any], option: int | None) -> None:
            if option == 1:
                q["krones"] -= 3
                q["points"] += 6

        self.decide(game, index, "choose_one", [1, None] if p["krones"] >= 3 else [None], trade)

    def tile_b_pick_your_poison(self, game: dict[str, Any], index: int, bonus: bool) -> None:
        """Bonus: (1) 4 krones or (2) 2 Emperor steps. Penalty: one option that can be taken in full: (1) 4 krones,
        (2) 2 items of your choice from the kitchen, (3) 6 points; if none can, nothing."""
        p = game["players"][index]
        if bonus:

            def gain(g: dict[str, Any], q: dict[str, Any], option: int) -> None:
                if option == 1:
                    q["krones"] += 4
                else:
                    self.advance(q, 2)

            self.decide(game, index, "choose_one", [1, 2], gain)
            return
        can = (p["krones"] >= 4, sum(p["kitchen"].get(i, 0) for i in self.rules.items) >= 2, p["points"] >= 6)
        options = [number for number, ok in enumerate(can, 1) if ok] or [None]

        def pay(g: dict[str, Any], q: dict[str, Any], option: int | None) -> None:
            if option == 1:
                q["krones"] -= 4
            elif option == 2:
                self.return_some(g, index, 2, self.rules.items, cafe=False)
            elif option == 3:
                lose_points(q, 6)

        self.decide(game, index, "choose_one", options, pay)

    def tile_c_old_occupied_room(self, game: dict[str, Any], index: int, bonus: bool) -> None:
        """Bonus: as c-occupied-room. Penalty: an occupied room on the highest floor that has one, then the next
        occupied room down its column, if any (each pair compared whole); the start must allow both where some does."""
        if bonus:
            self.tile_c(game, index, "c-occupied-room", True)
            return
        p = game["players"][index]
        occupied = cells(p, "o")
        if not occupied:
            return

        def remove(g: dict[str, Any], q: dict[str, Any], first: tuple[int, int]) -> None:
            set_room(q, first, ".")
            below = [c for c in cells(q, "o") if c[1] == first[1] and c[0] < first[0]]
            if below:
                set_room(q, max(below), ".")

        top = max(f for f, _ in occupied)
        starts = [c for c in occupied if c[0] == top]
        # Both rooms must go where they can: start only on a column with an occupied room below, if there is one.
        full = [c for c in starts if any(o[1] == c[1] and o[0] < c[0] for o in occupied)]
        remove(game, p, self.best(game, index, full or starts, remove))

    def tile_c_points_or_rooms(self, game: dict[str, Any], index: int, bonus: bool) -> None:
        """Bonus: 5 points. Penalty: one option that can be taken in full: (1) 2 vacant rooms, each from as high a
        floor as possible, or (2) 8 points; if neither can, nothing."""
        p = game["players"][index]
        if bonus:
            p["points"] += 5
            return
        can = (len(cells(p, "v")) >= 2, p["points"] >= 8)
        options = [number for number, ok in enumerate(can, 1) if ok] or [None]

        def take(g: dict[str, Any], q: dict[str, Any], option: int | None) -> None:
            if option == 1:
                self.remove_vacant(g, index, 2)
            elif option == 2:
                lose_points(q, 8)

        self.decide(game, index, "choose_one", options, take)

    def tile_a_nest_egg(self, game: dict[str, Any], index: int, bonus: bool) -> None:
        """Bonus: 2 krones, then (krones read after them) 4 points with 5 krones or more, else 1 point.
        Penalty: 3 krones if there are 3 or more, else 3 points (as many as there are)."""
        p = game["players"][index]
        if bonus:
            p["krones"] += 2
            p["points"] += 4 if p["krones"] >= 5 else 1
        elif p["krones"] >= 3:
            p["krones"] -= 3
        else:
            lose_points(p, 3)

    def tile_b_high_flyer(self, game: dict[str, Any], index: int, bonus: bool) -> None:
        """Bonus: 2 Emperor steps, then (the space read after them) 5 points on space 6 or higher, else 2
        krones. Penalty: 6 points with 6 occupied rooms or more, else 4 krones (each as far as it goes)."""
        p = game["players"][index]
        if bonus:
            self.advance(p, 2)
            if p["emperor"] >= 6:
                p["points"] += 5
            else:
                p["krones"] += 2
        elif len(cells(p, "o")) >= 6:
            lose_points(p, 6)
        else:
            p["krones"] = max(0, p["krones"] - 4)

    def tile_c_last_orders(self, game: dict[str, Any], index: int, bonus: bool) -> None:
        """Bonus: (1) with 2 kitchen items or more and the marker on space 4 or higher: 2 kitchen items of the
        player's choice back and 8 points (else nothing), or (2) 3 krones; both can always be taken.
        Penalty: 8 points with 4 krones or fewer, else 5 krones."""
        p = game["players"][index]
        if not bonus:
            if p["krones"] <= 4:
                lose_points(p, 8)
            else:
                p["krones"] -= 5
            return

        def take(g: dict[str, Any], q: dict[str, Any], option: int) -> None:
            if option == 2:
                q["krones"] += 3
            elif sum(q["kitchen"].get(i, 0) for i in self.rules.items) >= 2 and q["emperor"] >= 4:
                self.return_some(g, index, 2, self.rules.items, cafe=False)
                q["points"] += 8

        self.decide(game, index, "choose_one", [1, 2], take)

    def tile_a_upper_floors(self, game: dict[str, Any], index: int, bonus: bool) -> None:
        """Bonus: 3 points per occupied room on floors 3-4. Penalty: 1 point per vacant room on floors 1-2."""
        p = game["players"][index]
        if bonus:
            p["points"] += 3 * sum(1 for f, _c in cells(p, "o") if f in (3, 4))
        else:
            lose_points(p, sum(1 for f, _c in cells(p, "v") if f in (1, 2)))

    def tile_b_red_groups(self, game: dict[str, Any], index: int, bonus: bool) -> None:
        """Bonus: 4 points per fully occupied red group. Penalty: 1 point per kitchen item other than coffee."""
        p = game["players"][index]
        if bonus:
            red = [g for g in GROUPS if colour(g[0]) == "red"]
            p["points"] += 4 * sum(1 for g in red if all(room(p, c) == "o" for c in g))
        else:
            lose_points(p, sum(n for item, n in p["kitchen"].items() if item != "coffee"))

    def tile_c_game_end_hand(self, game: dict[str, Any], index: int, bonus: bool) -> None:
        """Bonus: 2 points per game-end card in hand. Penalty: 2 points per once-per-round (1-4) or permanent card,
        in hand or hired."""
        p = game["players"][index]
        if bonus:
            p["points"] += 2 * sum(1 for n in p["hand"] if n in self.rules.game_end)
        else:
            lose_points(p, 2 * sum(1 for n in (*p["hand"], *p["hired"]) if n in PERMANENT or 1 <= n <= 4))

    def tile_c_blue_columns(self, game: dict[str, Any], index: int, bonus: bool) -> None:
        """Bonus: 2 points per blue room tile, vacant or occupied, in columns 1 and 5. Penalty: 1 point per wine,
        strudel or cake on the café guests."""
        p = game["players"][index]
        if bonus:
            p["points"] += 2 * sum(1 for f, c in cells(p) if c in (1, 5) and colour((f, c)) == "blue")
        else:
            lose_points(p, sum(guest.get(i, 0) for guest in p["cafe"] for i in ("wine", "strudel", "cake")))

    def others(self, game: dict[str, Any], index: int) -> list[dict[str, Any]]:
        """The other players from the left neighbour (the next in turn order) round to the right (the previous),
        as they stand now, or, during the scoring, as they stood before it (HandRules.read_before)."""
        players = game["_before"] if self.rules.read_before and "_before" in game else game["players"]
        return [players[(index + k) % len(players)] for k in range(1, len(players))]

    def tile_a_good_neighbours(self, game: dict[str, Any], index: int, bonus: bool) -> None:
        """Bonus: 1 point per occupied room of the left neighbour. Penalty: 2 points per Staff card the right
        neighbour has hired. Alone: no neighbour, 0."""
        p, others = game["players"][index], self.others(game, index)
        if bonus:
            p["points"] += len(cells(others[0], "o")) if others else 0
        else:
            lose_points(p, 2 * len(others[-1]["hired"]) if others else 0)

    def tile_b_top_of_the_class(self, game: dict[str, Any], index: int, bonus: bool) -> None:
        """Bonus: 5 points if no other player has more occupied rooms, else 2 krones. Penalty: 4 points if the
        player has fewer krones than every other player (alone: so), else 2 krones (as many as there are)."""
        p, others = game["players"][index], self.others(game, index)
        if bonus:
            mine = len(cells(p, "o"))
            if all(len(cells(q, "o")) <= mine for q in others):
                p["points"] += 5
            else:
                p["krones"] += 2
        elif all(q["krones"] > p["krones"] for q in others):
            lose_points(p, 4)
        else:
            p["krones"] = max(0, p["krones"] - 2)

    def tile_c_catch_up(self, game: dict[str, Any], index: int, bonus: bool) -> None:
        """Bonus: 2 krones; then 3 points per other player with more krones; then 2 points if the leader (most
        points, the player included; of tied leaders the furthest) has the marker on space 6 or higher.
        Penalty: 2 points per other player with fewer occupied rooms; 1 point per guest in the others' cafés."""
        p, others = game["players"][index], self.others(game, index)
        if bonus:
            p["krones"] += 2
            p["points"] += 3 * sum(1 for q in others if q["krones"] > p["krones"])
            most = max(q["points"] for q in [p, *others])
            if max(q["emperor"] for q in [p, *others] if q["points"] == most) >= 6:
                p["points"] += 2
        else:
            lose_points(p, 2 * sum(1 for q in others if len(cells(q, "o")) < len(cells(p, "o"))))
            lose_points(p, sum(len(q["cafe"]) for q in others))

    def set_dancers(self, p: dict[str, Any], n: int) -> None:
        """A gain stops at the upper limit, if any (the rest is lost), a loss at 0."""
        most = self.rules.dancers.most if self.rules.dancers else 0
        p["resources"]["dancers"] = max(0, n if most is None else min(most, n))

    def tile_a_dance_hall(self, game: dict[str, Any], index: int, bonus: bool) -> None:
        """Bonus: 2 dancers (never past 5). Penalty: lose 1 dancer (never below 0)."""
        p = game["players"][index]
        self.set_dancers(p, dancers(p) + (2 if bonus else -1))

    def tile_b_ballet_night(self, game: dict[str, Any], index: int, bonus: bool) -> None:
        """Bonus: choose (1) pay 2 dancers for 9 points, only with 2 dancers or more, or (2) 2 krones. Penalty:
        lose 2 points per dancer (never below 0 points)."""
        p = game["players"][index]
        if not bonus:
            lose_points(p, 2 * dancers(p))
            return

        def take(g: dict[str, Any], q: dict[str, Any], option: int) -> None:
            if option == 1:
                self.set_dancers(q, dancers(q) - 2)
                q["points"] += 9
            else:
                q["krones"] += 2

        self.decide(game, index, "choose_one", [1, 2] if dancers(p) >= 2 else [2], take)

    def tile_c_grand_ball(self, game: dict[str, Any], index: int, bonus: bool) -> None:
        """Bonus: an objective marker, then 5 points with 3 dancers or more. Penalty: every dancer lost."""
        p = game["players"][index]
        if not bonus:
            self.set_dancers(p, 0)
            return
        p["objectives"] = min(100, p["objectives"] + 1)
        if dancers(p) >= 3:
            p["points"] += 5

    def tile_a_dance_floor(self, game: dict[str, Any], index: int, bonus: bool) -> None:
        """invented-final: Bonus: 2 dancers (no upper limit). Penalty: lose 1 dancer (never below 0)."""
        p = game["players"][index]
        self.set_dancers(p, dancers(p) + (2 if bonus else -1))

    # --- amounts worked out by expressions (tests/data/variants/invented-arithmetic.yaml) ---

    def seat(self, game: dict[str, Any], index: int) -> Seat:
        """Where player `index` works an expression out: the other players as this ruleset reads them."""
        return Seat(game["players"][index], tuple(self.others(game, index)))

    def change(self, game: dict[str, Any], index: int, what: str, gain: bool, expr: Any) -> None:
        """Gain or lose krones, points or a declared resource by an expression's value (below 0: nothing), as a
        plain gain or loss of that many: a loss takes what there is (krones and points never below 0, a resource
        never below its lower limit), a gain of a resource stops at its upper limit."""
        p = game["players"][index]
        n = max(0, work_out(expr, self.seat(game, index)))
        if what in ("krones", "points"):
            p[what] = p[what] + n if gain else max(0, p[what] - n)
        elif what == "objectives":  # base declares the objective markers, 0 to 100
            p["objectives"] = min(100, p["objectives"] + n) if gain else max(0, p["objectives"] - n)
        elif what == "dancers":
            self.set_dancers(p, dancers(p) + (n if gain else -n))
        else:
            raise KeyError(f"the oracle changes no {what}")

    def value_is(self, game: dict[str, Any], index: int, expr: Any, at_least: int | None, at_most: int | None) -> bool:
        """A condition on an expression's value for player `index` (a bound None: none)."""
        found = work_out(expr, self.seat(game, index))
        return (at_least is None or found >= at_least) and (at_most is None or found <= at_most)

    def tile_a_blue_wing(self, game: dict[str, Any], index: int, bonus: bool) -> None:
        """Bonus: 1 krone per occupied blue room, then points: the fewest café guests of the neighbours plus the
        other players' krones together divided by 5 (rounded down, at least 1). Penalty: half the player's krones,
        rounded up."""
        if bonus:
            self.change(game, index, "krones", True, ("read", lambda q: count(q, "blue")))
            guests = ("least_over", "neighbours", ("read", lambda q: len(q["cafe"])))
            fifth = ("max", 1, ("divide_down", ("total_over", "others", ("read", krones)), 5))
            self.change(game, index, "points", True, ("plus", guests, fifth))
        else:
            self.change(game, index, "krones", False, ("divide_up", ("read", krones), 2))

    def tile_b_half_of_left(self, game: dict[str, Any], index: int, bonus: bool) -> None:
        """Bonus: half the left neighbour's krones, rounded down, as points (alone: 0). Penalty: 1 point per
        occupied room fewer than the player with the most (the player among them)."""
        if bonus:
            self.change(game, index, "points", True, ("divide_down", ("read", krones, "left"), 2))
        else:
            most = ("most_over", "all", ("read", occupied))
            self.change(game, index, "points", False, ("minus", most, ("read", occupied)))

    def tile_c_upstairs_sets(self, game: dict[str, Any], index: int, bonus: bool) -> None:
        """Bonus: 3 points per set of a red, a blue and a yellow occupied room on floors 3-4. Penalty: 1 krone per
        hired Staff card beyond the first, at most 3; then 2 points if third or worse in occupied rooms, a tie
        counting as behind."""
        if bonus:
            sets = ("min", *(("read", upstairs(c)) for c in ("red", "blue", "yellow")))
            self.change(game, index, "points", True, ("times", 3, sets))
            return
        hired = ("read", lambda q: len(q["hired"]))
        self.change(game, index, "krones", False, ("clamp", ("minus", hired, 1), 0, 3))
        if self.value_is(game, index, ("rank", "behind", ("read", occupied)), 3, None):
            lose_points(game["players"][index], 2)

    # --- effects applied to other players (tests/data/variants/invented-targets*.yaml) ---

    # Whom a for_players effect applies to (its `if`, and who leads) is read the way other players are read; the
    # effects each of them takes are then theirs, "you" being that player: read and changed as it stands.

    def as_read(self, game: dict[str, Any], index: int, target: int) -> dict[str, Any]:
        """Player `target` as player `index` reads it to pick its targets: itself as it stands, another as other
        players are read (HandRules.read_before)."""
        if target != index and self.rules.read_before and "_before" in game:
            return game["_before"][target]
        return game["players"][target]

    def targets(
        self,
        game: dict[str, Any],
        index: int,
        which: str,
        condition: Callable[[dict[str, Any]], bool] | None = None,
    ) -> list[int]:
        """The players (by index) an effect of player `index` applies to: others, left, right, neighbours (left and
        right, each once), leaders (tied for the most points, the player too if tied) or all; in turn order from
        the player (where one of them), then its left neighbour on; with `condition`, those for whom it holds.
        Whom, and the condition, are read as as_read reads each."""
        turn = [(index + k) % len(game["players"]) for k in range(len(game["players"]))]
        others = turn[1:]
        sets = {
            "all": turn,
            "others": others,
            "left": others[:1],
            "right": others[-1:],
            "neighbours": list(dict.fromkeys(others[:1] + others[-1:])),
        }
        if which == "leaders":
            points = {t: self.as_read(game, index, t)["points"] for t in turn}
            sets["leaders"] = [t for t in turn if points[t] == max(points.values())]
            self.tally["tied", "leaders"] += len(sets["leaders"]) > 1
        return [t for t in sets[which] if condition is None or condition(self.as_read(game, index, t))]

    def tile_a_toll(self, game: dict[str, Any], index: int, bonus: bool) -> None:
        """Bonus: each other player loses a krone (as many as there are), then the player gains 2 krones. Penalty:
        the left neighbour gains 2 points."""
        players = game["players"]
        if not bonus:
            for t in self.targets(game, index, "left"):
                players[t]["points"] += 2
            return
        for t in self.targets(game, index, "others"):
            players[t]["krones"] = max(0, players[t]["krones"] - 1)
        players[index]["krones"] += 2

    def tile_b_wealth_tax(self, game: dict[str, Any], index: int, bonus: bool) -> None:
        """Bonus: each other player with at least 3 krones loses 2. Penalty: each neighbour gains 1 point per
        occupied room it has."""
        players = game["players"]
        if bonus:
            for t in self.targets(game, index, "others", lambda q: q["krones"] >= 3):
                players[t]["krones"] = max(0, players[t]["krones"] - 2)
            return
        for t in self.targets(game, index, "neighbours"):
            players[t]["points"] += occupied(players[t])

    def tile_c_crowning(self, game: dict[str, Any], index: int, bonus: bool) -> None:
        """Bonus: every player tied for the most points (the player too) loses 3 points; then the right neighbour
        gains 1. Penalty: every player, the player first: with at most 1 krone gains 2 krones, else loses 1."""
        players = game["players"]
        if bonus:
            for t in self.targets(game, index, "leaders"):
                lose_points(players[t], 3)
            for t in self.targets(game, index, "right"):
                players[t]["points"] += 1
            return
        for t in self.targets(game, index, "all"):
            if players[t]["krones"] <= 1:
                players[t]["krones"] += 2
            else:
                players[t]["krones"] = max(0, players[t]["krones"] - 1)

    def tile(self, game: dict[str, Any], index: int, tile: str, bonus: bool) -> None:
        invented = getattr(self, "tile_" + tile.replace("-", "_"), None)
        if invented is not None:
            invented(game, index, bonus)
        elif tile.startswith("c-"):
            self.tile_c(game, index, tile, bonus)
        else:
            self.tile_ab(game, index, tile, bonus)

    def penalty(self, game: dict[str, Any], index: int, tile: str) -> None:
        """A tile's penalty; with a Conference Manager hired, the player may pay 1 krone to ignore it."""
        p = game["players"][index]

        def take(g: dict[str, Any], q: dict[str, Any], pay: bool) -> None:
            if pay:
                q["krones"] -= 1
            else:
                self.tile(g, index, tile, False)

        if CONFERENCE_MANAGER not in p["hired"]:
            take(game, p, False)
            self.tally["penalty", tile] += 1
        elif not self.decide(game, index, "conference_manager", [True, False] if p["krones"] >= 1 else [False], take):
            self.tally["penalty", tile] += 1

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
            p.setdefault("choices", {})
            if rules.dancers:
                p.setdefault("resources", {}).setdefault("dancers", rules.dancers.start)
            p["_asked"], p["_used"] = {}, 0  # decisions asked per `choices` key; recorded decisions used
        round_ = game["round"]
        tile = game["tiles"]["ABC"[(round_ - 3) // 2]]
        game["_before"] = copy.deepcopy(game["players"])
        for index, p in enumerate(game["players"]):
            p["points"] += rules.track[p["emperor"]]
            p["emperor"] = max(0, p["emperor"] - rules.move_backs[round_])
            if rules.solo_opponent and p.get("role") == "solo-opponent":
                continue  # neither bonus nor penalty
            if p["emperor"] >= rules.bonus_from:
                gardener = GARDENER in p["hired"]  # a Gardener hired through this bonus does not add to it
                self.tile(game, index, tile, True)
                self.tally["bonus", tile] += 1
                if gardener:
                    p["points"] += 5
            elif p["emperor"] == 0 and rules.black_penalty:
                self.penalty(game, index, tile)
        del game["_before"]
        for p in game["players"]:
            self.tally["recorded", "decisions"] += p.pop("_used")
            del p["_asked"]
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
        return {
            "state": game,
            "final": final,
            "standings": standings(game, final, bool(rules.dancers and rules.dancers.tiebreak)),
        }

    def score_round_7(self, state: dict[str, Any]) -> dict[str, Any]:
        """Emperor scoring after round 7 (tier C), final scoring and standings."""
        assert state["round"] == 7
        return self.score(state)


def standings(game: dict[str, Any], final: list[dict[str, Any]], dancers_break: bool = False) -> list[dict[str, Any]]:
    """Highest total first; a tie goes to more kitchen items plus krones (plus dancers instead, with
    `dancers_break`); still equal, a shared rank."""

    def tiebreak(i: int) -> int:
        p = game["players"][i]
        return int(sum(p["kitchen"].values()) + (dancers(p) if dancers_break else p["krones"]))

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
