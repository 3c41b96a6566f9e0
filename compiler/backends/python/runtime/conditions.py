"""A condition's test where it is called (holds), its effect on a player (condition), and why it holds or
not, told (why_condition).

Copied verbatim (imports hoisted) into every generated scoring module: see words.py.
"""

from __future__ import annotations

from typing import Any

from .core import Game, Player, term

# A condition's test, its values read where the condition is: ["quantity", name, value, at_least, at_most],
# ["space", value, at_least, at_most], ["zone", zone, zone name ("" for an outcome), space, mask of its
# spaces], ["most", name, the other players' most (fewest) or None, fewest, value, at_least, at_most],
# ["all", [tests]], ["any", [tests]] (a bound None: none).


def holds(test: list[Any]) -> bool:
    """Does a condition's test hold?"""
    kind = test[0]
    if kind == "all":
        return all(holds(part) for part in test[1])
    if kind == "any":
        return any(holds(part) for part in test[1])
    if kind == "zone":
        return bool(test[4] >> test[3] & 1)
    value, low, high = test[-3], test[-2], test[-1]
    return (low is None or value >= low) and (high is None or value <= high)


def condition(game: Game, player: Player, test: list[Any], otherwise: bool) -> bool:
    """Does a condition hold? Told with why (explaining games): the values read against the bounds, and
    which effects follow (`otherwise`: the effect has effects for a condition that does not hold)."""
    held = holds(test)
    if game.explain:
        said = game.voice.said
        told = (
            said["condition_then"] if held else said["condition_otherwise"] if otherwise else said["condition_nothing"]
        )
        text = told(player=player.name, why=why_condition(game, test, False))
        game.events.append({"round": game.round, "player": player.name, "kind": "condition", "text": text})
    return held


def why_condition(game: Game, test: list[Any], nested: bool) -> str:
    """A test said with its values: "space 7 ≥ 6", "krones 2 < 3 and space 7 ≥ 6"."""
    said = game.voice.said
    kind = test[0]
    if kind in ("all", "any"):
        joined = said["condition_and"] if kind == "all" else said["condition_or"]
        text = ""
        for part in test[1]:
            why = why_condition(game, part, True)
            text = joined(first=text, second=why) if text else why
        return said["condition_nested"](condition=text) if nested else text
    if kind == "zone":
        if test[2]:
            zone = said["condition_zone_named"](name=term(game, "zone", test[2], test[2]))
        else:
            outcomes = {
                "bonus": said["condition_zone_bonus"],
                "nothing": said["condition_zone_nothing"],
                "penalty": said["condition_zone_penalty"],
            }
            zone = outcomes[test[1]]()
        inside = said["condition_in_zone"] if holds(test) else said["condition_not_in_zone"]
        return inside(space=test[3], zone=zone)
    if kind == "most":  # ["most", quantity, the others' best or None, fewest, value, low, high]
        what = game.words["quantity_totals"][test[1]]
        if test[2] is None:
            return said["condition_alone"](what=what, value=test[4])
        compared = said["condition_fewest"] if test[3] else said["condition_most"]
        return compared(what=what, value=test[4], best=test[2])
    what = game.words["quantity_totals"][test[1]] if kind == "quantity" else said["condition_space"]()
    value, low, high = test[-3], test[-2], test[-1]
    if low is not None and low == high:
        equal = said["condition_exactly_yes"] if value == low else said["condition_exactly_no"]
        return equal(what=what, value=value, bound=low)
    parts = []
    if low is not None:
        least = said["condition_at_least_yes"] if value >= low else said["condition_at_least_no"]
        parts.append(least(what=what, value=value, bound=low))
    if high is not None:
        most = said["condition_at_most_yes"] if value <= high else said["condition_at_most_no"]
        parts.append(most(what=what, value=value, bound=high))
    return said["condition_and"](first=parts[0], second=parts[1]) if len(parts) > 1 else parts[0]
