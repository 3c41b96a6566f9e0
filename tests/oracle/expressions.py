"""Expressions (numbers that compose, issue 41) worked out by hand on a player's state dict, from the rules'
wording (docs/rules-format.md, the docstrings of compiler/ir.py), sharing no code with compiler/.

The oracle writes each tile's expressions by hand in its own form, transcribed from the rules files:
- a whole number stands for itself ("number");
- ("read", count) is `count(player)` of the player the expression is worked out for; ("read", count, "left")
  (or "right") is that of the player's left (right) neighbour, 0 without one;
- (operator, argument, ...) for plus, minus, times, min, max, divide_down, divide_up: divide_down and divide_up
  are the quotient rounded down and up (towards -infinity and +infinity), a divisor of 0 gives 0;
- ("clamp", value, at_least, at_most): the value raised to at_least and lowered to at_most (None: no limit);
- ("most_over" | "least_over" | "total_over", players, value): the largest, the smallest or the sum of `value`
  worked out for each player of the set: "all" (the player too), "others", "neighbours" (left and right, a
  player once); no player in the set: 0;
- ("rank", ties, value): the player's place on `value` among every player, 1 for the most; "shared": 1 + the
  players with more, "behind": 1 + the other players with at least as much.

OPERATORS is the one table, by operator name; an operator it lacks is refused by name, never worked out as 0.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

Player = dict[str, Any]


@dataclass(frozen=True)
class Seat:
    """Where an expression is worked out: the player, and the other players from the left neighbour (the next in
    turn order) round to the right (the previous), as the ruleset reads them (None: a value inside an aggregate,
    which reads only the player it is worked out for)."""

    player: Player
    others: tuple[Player, ...] | None


def work_out(expr: Any, seat: Seat) -> int:
    """The value of one expression of the oracle's form for the player of `seat`."""
    name = "number" if isinstance(expr, int) and not isinstance(expr, bool) else expr[0]
    if name not in OPERATORS:
        raise KeyError(f"the oracle (tests/oracle/expressions.py: OPERATORS) has no operator {name}")
    return OPERATORS[name](expr, seat)


def _others(seat: Seat) -> tuple[Player, ...]:
    if seat.others is None:
        raise ValueError("a value inside an aggregate reads only the player it is worked out for")
    return seat.others


def _read(expr: Any, seat: Seat) -> int:
    count, *whose = expr[1:]
    if not whose:
        return int(count(seat.player))
    others = _others(seat)
    if not others:
        return 0
    if whose == ["left"]:
        return int(count(others[0]))
    if whose == ["right"]:
        return int(count(others[-1]))
    raise KeyError(f"the oracle reads no player {whose}")


def _args(expr: Any, seat: Seat) -> list[int]:
    return [work_out(part, seat) for part in expr[1:]]


def _divide(rounding: Callable[[Fraction], int]) -> Callable[[Any, Seat], int]:
    def divide(expr: Any, seat: Seat) -> int:
        dividend, divisor = _args(expr, seat)
        return 0 if divisor == 0 else rounding(Fraction(dividend, divisor))

    return divide


def _difference(first: int, second: int) -> int:
    return first - second


def _clamp(expr: Any, seat: Seat) -> int:
    _name, inner, at_least, at_most = expr
    found = work_out(inner, seat)
    if at_least is not None:
        found = max(found, at_least)
    if at_most is not None:
        found = min(found, at_most)
    return found


def players_of(seat: Seat, which: str) -> list[Player]:
    """A set of players: all (the player first), others, or neighbours (left and right, each player once)."""
    others = list(_others(seat))
    if which == "all":
        return [seat.player, *others]
    if which == "others":
        return others
    if which == "neighbours":
        found: list[Player] = []
        for neighbour in others[:1] + others[-1:]:
            if not any(neighbour is seen for seen in found):
                found.append(neighbour)
        return found
    raise KeyError(f"the oracle knows no set of players {which}")


def _aggregate(pick: Callable[[list[int]], int]) -> Callable[[Any, Seat], int]:
    def aggregate(expr: Any, seat: Seat) -> int:
        _name, which, inner = expr
        values = [work_out(inner, Seat(each, None)) for each in players_of(seat, which)]
        return pick(values) if values else 0

    return aggregate


def _rank(expr: Any, seat: Seat) -> int:
    _name, ties, inner = expr
    mine = work_out(inner, Seat(seat.player, None))
    theirs = [work_out(inner, Seat(other, None)) for other in _others(seat)]
    if ties == "shared":
        return 1 + len([value for value in theirs if value > mine])
    if ties == "behind":
        return 1 + len([value for value in theirs if value >= mine])
    raise KeyError(f"the oracle knows no tie rule {ties}")


OPERATORS: dict[str, Callable[[Any, Seat], int]] = {
    "number": lambda expr, _seat: int(expr),
    "read": _read,
    "plus": lambda expr, seat: sum(_args(expr, seat)),
    "minus": lambda expr, seat: _difference(*_args(expr, seat)),
    "times": lambda expr, seat: math.prod(_args(expr, seat)),
    "min": lambda expr, seat: min(_args(expr, seat)),
    "max": lambda expr, seat: max(_args(expr, seat)),
    "divide_down": _divide(math.floor),
    "divide_up": _divide(math.ceil),
    "clamp": _clamp,
    "most_over": _aggregate(max),
    "least_over": _aggregate(min),
    "total_over": _aggregate(sum),
    "rank": _rank,
}
