"""The steps every effect is made of: points, krones, resources, the Emperor track, items gained, chosen
and returned, one option of a choice.

Copied verbatim (imports hoisted) into every generated scoring module: see words.py.
"""

from __future__ import annotations

from collections.abc import Sequence

from .chooser import decide
from .core import Game, Player, item_named, say, term


def per_quantity(game: Game, each: int, quantity: str) -> str:
    """Why points per a quantity change hands: " (2 per occupied room)" (explaining games only, else "")."""
    if not game.explain:
        return ""
    return game.voice.said["per_quantity"](each=each, quantity=game.words["quantity_names"][quantity])


def gain_points(game: Game, player: Player, amount: int, why: str = "") -> None:
    player.points += amount
    if game.explain:
        voice = game.voice
        text = voice.said["gains"](player=player.name, what=voice.points[amount], why=why)
        game.events.append(
            {"round": game.round, "player": player.name, "kind": "points", "text": text, "points": amount}
        )


def lose_points(game: Game, player: Player, amount: int, why: str = "") -> None:
    lost = min(amount, max(0, player.points - game.rules.points_floor))
    player.points -= lost
    if not game.explain:
        return
    said = game.voice.said
    note = "" if lost == amount else said["has_only_to_lose"](lost=lost)
    text = said["loses"](player=player.name, what=game.voice.points[lost], why=why + note)
    game.events.append({"round": game.round, "player": player.name, "kind": "points", "text": text, "points": -lost})


def gain_krones(game: Game, player: Player, amount: int) -> None:
    player.krones += amount
    if game.explain:
        text = game.voice.said["gains"](player=player.name, what=game.voice.counts["krones"][amount], why="")
        game.events.append(
            {"round": game.round, "player": player.name, "kind": "krones", "text": text, "krones": amount}
        )


def lose_krones(game: Game, player: Player, amount: int) -> None:
    lost = min(amount, max(0, player.krones - game.rules.krones_floor))
    player.krones -= lost
    if not game.explain:
        return
    note = "" if lost == amount else game.voice.said["has_only"](lost=lost)
    text = game.voice.said["loses"](player=player.name, what=game.voice.counts["krones"][lost], why=note)
    game.events.append({"round": game.round, "player": player.name, "kind": "krones", "text": text, "krones": -lost})


def resource_amount(player: Player, resource: str) -> int:
    """The player's amount of a declared resource."""
    return player.objectives if resource == "objectives" else player.resources[resource]


def _set_resource(player: Player, resource: str, amount: int) -> None:
    if resource == "objectives":
        player.objectives = amount
    else:
        player.resources[resource] = amount


def resource_words(game: Game, resource: str, count: int) -> str:
    """`count` and the resource's name in the game's language ("2 dancers")."""
    names = game.words["resources"][resource]
    return f"{count} {names['one'] if abs(count) == 1 else names['other']}"


def gain_resource(game: Game, player: Player, resource: str, amount: int) -> None:
    """Gain up to the upper limit; the rest is lost."""
    _low, high, _start = game.rules.resources[resource]
    had = resource_amount(player, resource)
    now = had + amount if high is None else max(had, min(had + amount, high))
    _set_resource(player, resource, now)
    if game.explain:
        note = "" if now - had == amount else game.voice.said["resource_capped"](limit=high)
        text = game.voice.said["gains"](player=player.name, what=resource_words(game, resource, now - had), why=note)
        event = {"round": game.round, "player": player.name, "kind": "resource", "text": text}
        game.events.append({**event, "resource": resource, "amount": now - had})


def lose_resource(game: Game, player: Player, resource: str, amount: int | None) -> None:
    """Lose `amount` (None: all), never below the lower limit."""
    low = game.rules.resources[resource][0]
    had = resource_amount(player, resource)
    lost = max(0, had - low) if amount is None else min(amount, max(0, had - low))
    _set_resource(player, resource, had - lost)
    if game.explain:
        note = "" if amount is None or lost == amount else game.voice.said["has_only"](lost=lost)
        text = game.voice.said["loses"](player=player.name, what=resource_words(game, resource, lost), why=note)
        event = {"round": game.round, "player": player.name, "kind": "resource", "text": text}
        game.events.append({**event, "resource": resource, "amount": -lost})


def advance_emperor(game: Game, player: Player, steps: int, why: str = "") -> None:
    """Move forward, never past the last space; each step beyond it is worth points at once."""
    room = game.rules.track_last - player.emperor
    moved = min(steps, max(0, room))
    beyond = steps - moved
    player.emperor += moved
    if not game.explain:
        player.points += beyond * game.rules.beyond_points
        return
    steps_said = game.voice.counts["steps"][moved]
    text = game.voice.said["advances"](player=player.name, steps=steps_said, space=player.emperor, why=why)
    if beyond:
        bonus = beyond * game.rules.beyond_points
        player.points += bonus
        text += game.voice.said["beyond_cap"](steps=game.voice.counts["steps"][beyond], points=game.voice.points[bonus])
    game.events.append(
        {"round": game.round, "player": player.name, "kind": "emperor", "text": text, "steps": moved, "beyond": beyond}
    )


def gain_items(game: Game, player: Player, items: Sequence[tuple[str, int]]) -> None:
    for item, count in items:
        player.kitchen[item] = player.kitchen.get(item, 0) + count
    if not game.explain:
        return
    listed = game.voice.said["list_separator"]().join(
        say(game, "item_count", count, item=item_named(game, item, count)) for item, count in items
    )
    text = game.voice.said["gains"](player=player.name, what=listed, why="")
    game.events.append(
        {"round": game.round, "player": player.name, "kind": "items", "text": text, "items": dict(items)}
    )


def return_items(
    game: Game,
    player: Player,
    kitchen: bool,
    cafe: bool,
    count: int | None = None,
    which: tuple[str, ...] | None = None,
) -> None:
    """Return items from the kitchen and/or the café guests: `count` of them, each the player's choice
    (as many as there are), or every one (count None); `which`: only these item ids (None: any)."""
    if count is not None:
        return_some_items(game, player, kitchen, cafe, count, which)
        return
    returned = 0
    if kitchen:
        for item, held in player.kitchen.items():
            if which is None or item in which:
                returned += held
                player.kitchen[item] = 0
    if cafe:
        for guest in player.cafe:
            for item, held in guest.items():
                if which is None or item in which:
                    returned += held
                    guest[item] = 0  # the guest keeps the shape of the kitchen: every kind, now 0
    if not game.explain:
        return
    places = game.voice.said[
        "from_kitchen_and_cafe" if kitchen and cafe else "from_kitchen" if kitchen else "from_cafe"
    ]()
    text = game.voice.said["returns_items"](
        player=player.name, items=game.voice.counts["items"][returned], places=places
    )
    game.events.append(
        {"round": game.round, "player": player.name, "kind": "items", "text": text, "returned": returned}
    )


def returnable(player: Player, kitchen: bool, cafe: bool, which: tuple[str, ...] | None) -> list[str]:
    """Every item the player could return, as `choices` records it: an item id for the kitchen, then
    "item@guest" for an item on a café guest (guests from 0), in the rules' item order."""
    options = [item for item, held in player.kitchen.items() if held and kitchen and (which is None or item in which)]
    if cafe:
        for index, guest in enumerate(player.cafe):
            options += [f"{item}@{index}" for item, held in guest.items() if held and (which is None or item in which)]
    return options


def count_returnable(player: Player, kitchen: bool, cafe: bool, which: tuple[str, ...] | None) -> int:
    """How many items a return could take."""
    total = 0
    if kitchen:
        total += sum(held for item, held in player.kitchen.items() if which is None or item in which)
    if cafe:
        for guest in player.cafe:
            total += sum(held for item, held in guest.items() if which is None or item in which)
    return total


def return_some_items(
    game: Game, player: Player, kitchen: bool, cafe: bool, count: int, which: tuple[str, ...] | None
) -> None:
    """Return up to `count` items, one decision each. Where every item is alike (rules.items_alike), the
    policy tries the kind the kitchen holds most (ties: the rules' order) and the first café item; else every
    option, in that order of preference (so that ties go the same way)."""
    for _ in range(count):
        options = returnable(player, kitchen, cafe, which)
        if not options:
            if game.explain:
                game.events.append(
                    {
                        "round": game.round,
                        "player": player.name,
                        "kind": "items",
                        "text": game.voice.said["no_more_items_to_return"](player=player.name),
                    }
                )
            return
        in_kitchen = [o for o in options if "@" not in o]
        on_guests = [o for o in options if "@" in o]
        if in_kitchen:
            most = max(in_kitchen, key=lambda item: player.kitchen[item])  # the first of the most
            in_kitchen = [most] + [o for o in in_kitchen if o != most]
        tried = in_kitchen[:1] + on_guests[:1] if game.rules.items_alike else in_kitchen + on_guests
        chosen = decide(game, player, "return_items", options, tried, dominated=True)
        item, _at, guest = chosen.partition("@")
        place = player.kitchen if not guest else player.cafe[int(guest)]
        place[item] -= 1
        if game.explain:
            named = term(game, "item", item, item)
            if guest:
                text = game.voice.said["returns_one_from_guest"](player=player.name, item=named, guest=guest)
            else:
                text = game.voice.said["returns_one_from_kitchen"](player=player.name, item=named)
            game.events.append(
                {"round": game.round, "player": player.name, "kind": "items", "text": text, "item": item}
            )


def choose_option(game: Game, player: Player, feasible: list[bool], may_decline: bool) -> int | None:
    """One option of a choice (numbered from 1, as sheets list them) among those that can be taken fully;
    None: declined, or none can be taken fully."""
    options: list[int | None] = [number for number, ok in enumerate(feasible, 1) if ok]
    if may_decline or not options:
        options.append(None)
    chosen = decide(game, player, "choose_one", options, none_why="why_no_option_fully")
    if game.explain and chosen is None:
        game.log(player, "choice", game.voice.said["takes_no_option"](player=player.name))
    return chosen


def choose_items(game: Game, player: Player, count: int, serve: bool, which: tuple[str, ...] | None = None) -> None:
    """Gain `count` items of the player's choice (any mix, repeats allowed), each a decision; with
    `serve`, each may go straight onto a guest in the café instead of into the kitchen.

    Every item kind counts the same in scoring and so does every guest, so the policy tries only the
    kind the kitchen holds fewest of (ties: the rules' item order) and, for serving, the kitchen or the
    first guest; the kitchen alone where nothing counts items on guests (rules.serving_pays). Where some
    effect singles out items (not rules.items_alike), it tries every kind. `which`: only these item ids.
    """
    items = list(game.rules.items) if which is None else [item for item in game.rules.items if item in which]
    held = dict(player.kitchen)
    kitchen: dict[str, int] = {}
    served: list[tuple[str, int]] = []
    guests: list[int | None] = [None, *range(len(player.cafe))] if serve and player.cafe else []
    tried = guests[:2] if game.rules.serving_pays else guests[:1]
    for _ in range(count):
        fewest = items[0]  # the first of the fewest (a loop, not a closure: see copy_opponent_game_end)
        for kind in items:
            if held.get(kind, 0) < held.get(fewest, 0):
                fewest = kind
        # Where items differ, every kind is tried, the fewest first, so that ties go as where they are alike.
        preferred = [fewest] if game.rules.items_alike else [fewest] + [kind for kind in items if kind != fewest]
        item = decide(game, player, "choose_items", items, preferred)
        held[item] = held.get(item, 0) + 1
        guest = decide(game, player, "serve", guests, tried, dominated=True) if guests else None
        if guest is None:
            kitchen[item] = kitchen.get(item, 0) + 1
        else:
            cafe = player.cafe[guest]
            cafe[item] = cafe.get(item, 0) + 1
            served.append((item, guest))
    if kitchen:
        gain_items(game, player, tuple(kitchen.items()))
    if served and game.explain:
        for item, guest in served:
            named = term(game, "item", item, item)
            text = game.voice.said["serves"](player=player.name, item=named, guest=guest)
            game.log(player, "items", text, item=item, guest=guest)
