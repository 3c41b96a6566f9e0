"""Reading a game state dict into a Game (checking it), writing it back, and standings."""

from __future__ import annotations

import unicodedata
from typing import Any

from .core import Cell, Game, Player, Rules
from .hotel import EMPTY
from .words import Said, StateError, plain, refused, shown

ROOM_LETTERS = frozenset(".vo")
PLAYER_KEYS = {
    "name",
    "role",
    "points",
    "krones",
    "emperor",
    "kitchen",
    "cafe",
    "hotel",
    "hand",
    "hired",
    "objectives",
    "resources",
    "choices",
}
STATE_KEYS = {"round", "tiles", "staff_deck", "staff_discard", "players"}
# What a player's name may not hold, as names are printed in every explanation: C0 and C1 controls
# (escape sequences, line breaks), the line and paragraph separators, and the bidirectional
# controls that reorder the text around them.
NAME_REFUSED = frozenset(
    [
        *map(chr, range(0x20)),
        *map(chr, range(0x7F, 0xA0)),
        *"\u2028\u2029",
        *"\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069",
    ]
)
# Letters and signs that show nothing (the Hangul fillers, the blank Braille pattern, invisible marks).
NAME_BLANK = frozenset("\u034f\u115f\u1160\u17b4\u17b5\u2800\u3164\uffa0")


def visible(name: str) -> bool:
    """Whether a name shows something: a letter, mark, digit, punctuation or symbol that is not blank
    (a name of only a zero-width space, a format character, reads as no name at the table)."""
    return any(unicodedata.category(ch)[0] in "LMNPS" and ch not in NAME_BLANK for ch in name)


# Each `choices` key: what one decision's value is, and whether it may be null ("none").
CHOICE_VALUES: dict[str, tuple[str, bool]] = {
    "choose_items": ("item", False),
    "return_items": ("returned", False),
    "choose_one": ("option", True),
    "serve": ("guest", True),
    "play_staff": ("card", True),
    "drawn_to_bottom": ("card", False),
    "hand_to_deck": ("card", False),
    "prepare_room": ("room", True),
    "occupy_room": ("room", True),
    "remove_rooms": ("room", False),
    "remove_hired_staff": ("card", True),
    "conference_manager": ("yes/no", False),
    "secretary": ("card", True),
    "draft": ("card", False),
}
# Older names of keys, still read as the key they became (hand_to_bottom also recorded cards put on top).
OLD_CHOICE_KEYS = {"hand_to_bottom": "hand_to_deck"}
CHOICE_KEYS = set(CHOICE_VALUES)
# Each kind of value: its phrase in the `state` section.
VALUE_WORDS = {
    "item": "value_item",
    "returned": "value_returned",
    "option": "value_option",
    "guest": "value_guest",
    "card": "value_card",
    "room": "value_room",
    "yes/no": "value_yes_no",
}


def _int(value: Any, where: str, low: int, high: int | None = None) -> int:
    if type(value) is int and value >= low and (high is None or value <= high):
        return value  # the common case, checked first for speed
    if not isinstance(value, int) or isinstance(value, bool):
        raise refused("not_whole", where=where, got=shown(value))
    if value < low or (high is not None and value > high):
        if high is None:
            raise refused("out_of_range_from", where=where, value=value, low=low)
        raise refused("out_of_range", where=where, value=value, low=low, high=high)
    return value


def _mapping(value: Any, where: str) -> dict[str, Any]:
    """A mapping whose keys are text, as in JSON: anything else is not a state this module reads."""
    if not isinstance(value, dict):
        raise refused("not_mapping", where=where, got=shown(value))
    for key in value:
        if not isinstance(key, str):
            raise refused("key_not_text", where=where, got=shown(key))
    return value


def _text(value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise refused("not_text", where=where, got=shown(value))
    return value


def _list(value: Any, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise refused("not_list", where=where, got=shown(value))
    return value


def _items(rules: Rules, value: Any, where: str) -> dict[str, int]:
    items = {item: 0 for item in rules.items}
    if type(value) is dict and all(k in items and type(v) is int and v >= 0 for k, v in value.items()):
        items.update(value)  # the common case, checked first for speed
        return items
    for item, count in _mapping(value, where).items():
        if item not in items:
            raise refused("unknown_item", where=where, item=shown(item), items=", ".join(rules.items))
        items[item] = _int(count, f"{where}.{item}", 0)
    return items


def _choices(value: Any, where: str) -> dict[str, Any]:
    """Recorded decisions: each key one decision's value, or a list of them in the order asked."""
    choices = dict(_mapping(value, where))
    if not CHOICE_KEYS.union(OLD_CHOICE_KEYS).issuperset(choices):
        unknown = sorted(set(choices) - CHOICE_KEYS - set(OLD_CHOICE_KEYS))
        raise refused("unknown_choice", where=where, choice=shown(unknown[0]), choices=", ".join(sorted(CHOICE_KEYS)))
    for old, new in OLD_CHOICE_KEYS.items():
        if old in choices and new in choices:
            raise refused("old_and_new_choice", where=where, old=old, new=new)
        if old in choices:
            choices[new] = choices.pop(old)
    for key, recorded in choices.items():
        # Where a value is wrong is worked out only then: a state records several decisions per player.
        if isinstance(recorded, list):
            for index, one in enumerate(recorded):
                if not _choice_ok(key, one):
                    raise _choice_refused(key, one, f"{where}.{key}[{index}]")
        elif key == "draft":
            raise refused("draft_not_list", where=f"{where}.draft", got=shown(recorded))
        elif not _choice_ok(key, recorded):
            raise _choice_refused(key, recorded, f"{where}.{key}")
    return choices


def _choice_ok(key: str, value: Any) -> bool:
    """Whether one recorded decision's value is of the key's type (its legality is checked when it is asked)."""
    kind, nullable = CHOICE_VALUES[key]
    if value is None and nullable:
        return True
    if kind == "item":
        return isinstance(value, str)
    if kind == "returned":
        item, at, guest = value.partition("@") if isinstance(value, str) else ("", "", "")
        return bool(item) and (not at or (guest.isdigit() and guest.isascii()))
    if kind == "room":
        parts = value.split(".") if isinstance(value, str) else []
        return (
            len(parts) == 2 and parts[0].isdigit() and parts[0].isascii() and parts[1].isdigit() and parts[1].isascii()
        )
    if kind == "yes/no":
        return isinstance(value, bool)
    return type(value) is int and value >= (0 if kind == "guest" else 1)  # guests from 0; cards, options from 1


def _choice_refused(key: str, value: Any, where: str) -> StateError:
    """The refusal of a recorded decision's value that is not of the key's type, at `where`."""
    nullable = CHOICE_VALUES[key][1]
    phrase_key = "expected_or_null" if nullable else "expected"
    return refused(phrase_key, where=where, expected=Said(VALUE_WORDS[CHOICE_VALUES[key][0]]), got=shown(value))


def _cards(rules: Rules, value: Any, where: str) -> list[int]:
    if type(value) is list and all(type(n) is int and n in rules.staff for n in value):
        return list(value)  # the common case, checked first for speed
    cards = []
    for index, number in enumerate(_list(value, where)):
        number = _int(number, f"{where}[{index}]", 1)
        if number not in rules.staff:
            raise refused("unknown_card", where=f"{where}[{index}]", number=number)
        cards.append(number)
    return cards


def _hotel(rules: Rules, value: Any, where: str, before_scoring: bool) -> list[list[str]]:
    floors_top_first = _list(value, where)
    if len(floors_top_first) != rules.floors:
        raise refused("floor_count", where=where, floors=rules.floors, got=len(floors_top_first))
    hotel: list[list[str]] = []
    for index, row in enumerate(floors_top_first):
        floor = rules.floors - index
        if not isinstance(row, str) or len(row) != rules.columns or set(row) - ROOM_LETTERS:
            raise refused("floor_row", where=f"{where}[{index}]", floor=floor, columns=rules.columns, got=shown(row))
        hotel.append(list(row))
    hotel.reverse()  # floor 1 first
    placed = {(f + 1, c + 1) for f, row in enumerate(hotel) for c, room in enumerate(row) if room != "."}
    if placed and before_scoring:
        # Before any room is removed, every room grew from the first room by orthogonal steps.
        first = rules.first_room
        if first not in placed:
            raise refused("first_room", where=where, room=f"{first[0]}.{first[1]}")
        reached = _reachable(first, placed)
        stray = sorted(placed - reached)
        if stray:
            cell = stray[0]
            raise refused("not_connected", where=where, room=f"{cell[0]}.{cell[1]}")
    return hotel


def _reachable(start: Cell, placed: set[Cell]) -> set[Cell]:
    seen = {start}
    frontier = [start]
    while frontier:
        floor, column = frontier.pop()
        for cell in ((floor + 1, column), (floor - 1, column), (floor, column + 1), (floor, column - 1)):
            if cell in placed and cell not in seen:
                seen.add(cell)
                frontier.append(cell)
    return seen


def read_game(rules: Rules, state: Any, words: dict[str, Any] | None = None) -> Game:
    """Check a game state dict against the rules and turn it into a Game; a StateError is said in `words` (a
    table of WORDS; default: the rules' own, English)."""
    try:
        game = _read_plain(rules, state)
        return game if game is not None else read_checked(rules, state)
    except StateError as error:
        raise error.told(rules.words if words is None else words) from None


def _read_plain(rules: Rules, state: Any) -> Game | None:
    """The common case, sooner: a state of plain dicts, lists, text and whole numbers that read_checked would
    take as it is, read into the same Game; None where anything is unusual (read_checked then reads it, or
    says what is wrong). Recorded choices are checked as read_checked checks them, once the rest of the
    player passed: their error is the one it would find first."""
    if type(state) is not dict or not STATE_KEYS.issuperset(state) or "players" not in state:
        return None
    round_, tiles_data, players_data = state.get("round"), state.get("tiles"), state["players"]
    if type(round_) is not int or not 0 <= round_ <= rules.rounds or type(tiles_data) is not dict:
        return None
    for tier, tile_id in tiles_data.items():
        if type(tier) is not str or type(tile_id) is not str or rules.tiles.get(tile_id) != tier:
            return None
    tier_now = rules.scoring_tiers.get(round_)
    if tier_now is not None and tier_now not in tiles_data:
        return None
    if round_ < min(rules.scoring_tiers, default=rules.rounds + 1):
        return None  # the hotel's placement is checked: read_checked does it
    if type(players_data) is not list or not 1 <= len(players_data) <= 8:
        return None
    players: list[Player] = []
    for index, data in enumerate(players_data):
        player = _plain_player(rules, data, players)
        if player is None:
            return None
        choices = data.get("choices", player.choices)
        if type(choices) is not dict or choices:
            player.choices = _choices(choices, f"players[{index}].choices")
        players.append(player)
    discard = _plain_cards(rules, state.get("staff_discard", []))
    if discard is None:
        return None
    held = discard[:]
    for player in players:
        held += player.hand
        held += player.hired
    if "staff_deck" in state:
        deck = _plain_cards(rules, state["staff_deck"])
        if deck is None:
            return None
    else:
        out = set(held)
        deck = [number for number in rules.staff_order if number not in out]
    every = held + deck
    if len(set(every)) < len(every):
        return None
    return Game(rules, round_, dict(tiles_data), deck, discard, players)


def _plain_player(rules: Rules, data: Any, before: list[Player]) -> Player | None:
    """One player of a plain state (see _read_plain), its choices left empty; None where anything is unusual."""
    if type(data) is not dict or not PLAYER_KEYS.issuperset(data) or "role" in data:
        return None  # a role is checked against what its player has: read_checked does it
    name = data.get("name")
    if type(name) is not str or not name.strip() or not NAME_REFUSED.isdisjoint(name) or not visible(name):
        return None
    for other in before:
        if other.name == name:
            return None
    cafe_data = data.get("cafe", [])
    if type(cafe_data) is not list or len(cafe_data) > rules.cafe_seats:
        return None
    cafe = []
    for guest in cafe_data:
        items = _plain_items(rules, guest)
        if items is None:
            return None
        cafe.append(items)
    points, krones = data.get("points", 0), data.get("krones", 0)
    emperor, objectives = data.get("emperor", 0), data.get("objectives", 0)
    if type(points) is not int or type(krones) is not int or type(emperor) is not int or type(objectives) is not int:
        return None
    if points < 0 or krones < 0 or emperor < 0 or objectives < 0:
        return None
    kitchen = _plain_items(rules, data.get("kitchen", {}))
    hotel = (
        _plain_hotel(rules, data["hotel"])
        if "hotel" in data
        else [[EMPTY] * rules.columns for _ in range(rules.floors)]
    )
    hand = _plain_cards(rules, data.get("hand", []))
    hired = _plain_cards(rules, data.get("hired", []))
    if emperor > rules.track_last or kitchen is None or hotel is None or hand is None or hired is None:
        return None
    resources = _plain_resources(rules, data.get("resources", {}))
    if resources is None:
        return None
    return Player(name, points, krones, emperor, kitchen, cafe, hotel, hand, hired, objectives, {}, None, resources)


def _plain_resources(rules: Rules, value: Any) -> dict[str, int] | None:
    """The declared resources of a plain state's player (a missing one: its start); None where anything is
    unusual."""
    if type(value) is not dict:
        return None
    found = {}
    for resource, (low, high, start) in rules.resources.items():
        if resource == "objectives":
            continue
        amount = value.get(resource, start)
        if type(amount) is not int or amount < low or (high is not None and amount > high):
            return None
        found[resource] = amount
    return found if set(value) <= set(found) else None


def _plain_items(rules: Rules, value: Any) -> dict[str, int] | None:
    """A kitchen or a café guest of a plain state, every item kind present; None where anything is unusual."""
    if type(value) is not dict:
        return None
    items = rules.no_items.copy()
    if not value:
        return items
    for item, count in value.items():
        if type(count) is not int or count < 0 or item not in items:
            return None
    items.update(value)
    return items


def _plain_hotel(rules: Rules, value: Any) -> list[list[str]] | None:
    """A hotel of a plain state, floor 1 first; None where anything is unusual."""
    if type(value) is not list or len(value) != rules.floors:
        return None
    for row in value:
        if type(row) is not str or len(row) != rules.columns:
            return None
    if not ROOM_LETTERS.issuperset("".join(value)):  # every row text: one look at all their letters
        return None
    return list(map(list, reversed(value)))


def _plain_cards(rules: Rules, value: Any) -> list[int] | None:
    """A list of Staff card numbers of a plain state (a copy); None where anything is unusual."""
    if type(value) is not list:
        return None
    staff = rules.staff
    for number in value:
        if type(number) is not int or number not in staff:
            return None
    return value[:]


def read_checked(rules: Rules, state: Any) -> Game:
    """Check a game state dict against the rules, saying what is wrong, and turn it into a Game (a StateError
    raised here is not yet told in a language: read_game tells it)."""
    state = _mapping(state, "state")
    unknown = sorted(set(state) - STATE_KEYS)
    if unknown:
        raise refused("unknown_key", where="state", key=shown(unknown[0]), keys=", ".join(sorted(STATE_KEYS)))
    for key in ("round", "tiles", "players"):
        if key not in state:
            raise refused("missing_key", where="state", key=key)
    round_ = _int(state["round"], "round", 0, rules.rounds)
    tiles = _tiles(rules, state["tiles"], round_)
    # Rooms are only ever removed by an Emperor scoring, so the hotel is still one connected piece before the
    # round whose scoring comes first. A state of that round may already be scored (score_game's own output),
    # so it is not checked.
    connected = round_ < min(rules.scoring_tiers, default=rules.rounds + 1)
    players_data = _list(state["players"], "players")
    if not 1 <= len(players_data) <= 8:
        raise refused("player_count", where="players", low=1, high=8, got=len(players_data))
    players: list[Player] = []
    names: set[str] = set()
    for index, data in enumerate(players_data):
        players.append(_player(rules, data, f"players[{index}]", names, connected))
    discard = _cards(rules, state.get("staff_discard", []), "staff_discard")
    held = [n for p in players for n in p.hand + p.hired] + discard
    if "staff_deck" in state:
        deck = _cards(rules, state["staff_deck"], "staff_deck")
    else:
        # An unknown deck is every card nobody holds, lowest number on top (documented default).
        deck = sorted(set(rules.staff) - set(held))
    if len(set(held + deck)) < len(held + deck):
        _raise_twice(players, discard, deck)
    return Game(rules, round_, tiles, deck, discard, players)


def _tiles(rules: Rules, value: Any, round_: int) -> dict[str, str]:
    """A state's `tiles` checked: tier -> tile id, each tile of its tier, the tile of the round's tier there."""
    tiles: dict[str, str] = {}
    for tier, tile_id in _mapping(value, "tiles").items():
        tile_id = _text(tile_id, f"tiles.{plain(tier)}")
        if tile_id not in rules.tiles:
            raise refused(
                "unknown_tile", where=f"tiles.{plain(tier)}", tile=shown(tile_id), tiles=", ".join(rules.tiles)
            )
        if rules.tiles[tile_id] != tier:
            raise refused(
                "wrong_tier", where=f"tiles.{plain(tier)}", tile=tile_id, tier=rules.tiles[tile_id], wanted=plain(tier)
            )
        tiles[tier] = tile_id
    tier_now = rules.scoring_tiers.get(round_)
    if tier_now is not None and tier_now not in tiles:
        raise refused("tile_missing", where="tiles", round=round_, tier=tier_now)
    return tiles


def _player(rules: Rules, data: Any, where: str, names: set[str], connected: bool) -> Player:
    """One of a state's players checked (at `where`), its name not among `names` (added to them); `connected`:
    the hotel must be one connected piece."""
    data = _mapping(data, where)
    unknown = sorted(set(data) - PLAYER_KEYS)
    if unknown:
        raise refused("unknown_key", where=where, key=shown(unknown[0]), keys=", ".join(sorted(PLAYER_KEYS)))
    if not isinstance(data.get("name"), str) or not data["name"].strip():
        raise refused("name_missing", where=f"{where}.name")
    if not NAME_REFUSED.isdisjoint(data["name"]):
        raise refused("name_control", where=f"{where}.name", name=shown(data["name"]))
    if not visible(data["name"]):
        raise refused("name_invisible", where=f"{where}.name", name=shown(data["name"]))
    name = data["name"]
    if name in names:
        raise refused("name_twice", where=f"{where}.name", name=shown(name))
    names.add(name)
    cafe = [
        _items(rules, guest, f"{where}.cafe[{i}]")
        for i, guest in enumerate(_list(data.get("cafe", []), f"{where}.cafe"))
    ]
    if len(cafe) > rules.cafe_seats:
        raise refused("cafe_full", len(cafe), where=f"{where}.cafe", seats=rules.cafe_seats)
    hotel_data = data.get("hotel", ["." * rules.columns] * rules.floors)
    player = Player(
        name=name,
        points=_int(data.get("points", 0), f"{where}.points", 0),
        krones=_int(data.get("krones", 0), f"{where}.krones", 0),
        emperor=_int(data.get("emperor", 0), f"{where}.emperor", 0, rules.track_last),
        kitchen=_items(rules, data.get("kitchen", {}), f"{where}.kitchen"),
        cafe=cafe,
        hotel=_hotel(rules, hotel_data, f"{where}.hotel", connected),
        hand=_cards(rules, data.get("hand", []), f"{where}.hand"),
        hired=_cards(rules, data.get("hired", []), f"{where}.hired"),
        objectives=_int(data.get("objectives", 0), f"{where}.objectives", 0),
        choices=_choices(data.get("choices", {}), f"{where}.choices"),
        resources=_resources(rules, data.get("resources", {}), f"{where}.resources"),
        role=_role(rules, data, where),
    )
    _role_has_none(rules, player, where)
    return player


def _resources(rules: Rules, value: Any, where: str) -> dict[str, int]:
    """A player's declared resources (objectives excepted: their own key), each within its limits; a missing
    one is its starting amount."""
    data = _mapping(value, where)
    declared = {r: limits for r, limits in rules.resources.items() if r != "objectives"}
    for resource in data:
        if resource not in declared:
            keys = ", ".join(declared) or "-"
            raise refused("unknown_key", where=where, key=shown(resource), keys=keys)
    return {
        resource: _int(data.get(resource, start), f"{where}.{resource}", low, high)
        for resource, (low, high, start) in declared.items()
    }


def _role(rules: Rules, data: dict[str, Any], where: str) -> str:
    """The player's role: "" without one, else an id of the rules' roles."""
    if "role" not in data:
        return ""
    role = _text(data["role"], f"{where}.role")
    if role not in rules.roles:
        raise refused("unknown_role", where=f"{where}.role", role=shown(role), roles=", ".join(rules.roles) or "-")
    return role


def _role_has_none(rules: Rules, player: Player, where: str) -> None:
    """A player of a role holds nothing of what that role never has."""
    if not player.role:
        return
    held = {
        "krones": player.krones,
        "kitchen": sum(player.kitchen.values()),
        "cafe": len(player.cafe),
        "hand": len(player.hand),
    }
    for key in rules.roles[player.role]:
        if held[key]:
            raise refused("role_without", where=f"{where}.{key}", player=plain(player.name), role=player.role)


def _raise_twice(players: list[Player], discard: list[int], deck: list[int]) -> None:
    """Name the second place a card is found, and the first (each card is in one place only)."""
    places = [(f"players[{i}].{pile}", getattr(p, pile)) for i, p in enumerate(players) for pile in ("hand", "hired")]
    places += [("staff_discard", discard), ("staff_deck", deck)]
    first: dict[int, str] = {}
    for where, cards in places:
        for index, number in enumerate(cards):
            if number in first:
                raise refused("card_twice", where=f"{where}[{index}]", number=number, first=first[number])
            first[number] = f"{where}[{index}]"


def write_game(game: Game) -> dict[str, Any]:
    """The game as a state dict of the same shape as the input."""
    players = []
    for p in game.players:  # a loop and maps, not comprehensions (each a call in Python 3.11)
        players.append(
            {
                "name": p.name,
                **({"role": p.role} if p.role else {}),
                "points": p.points,
                "krones": p.krones,
                "emperor": p.emperor,
                "kitchen": p.kitchen.copy(),
                "cafe": list(map(dict.copy, p.cafe)),
                "hotel": list(map("".join, reversed(p.hotel))),
                "hand": p.hand[:],
                "hired": p.hired[:],
                "objectives": p.objectives,
                "choices": p.choices.copy(),
            }
        )
        if p.resources:  # a ruleset without declared resources writes the state as it always has
            players[-1]["resources"] = p.resources.copy()
    return {
        "round": game.round,
        "tiles": game.tiles.copy(),
        "staff_deck": game.deck[:],
        "staff_discard": game.discard[:],
        "players": players,
    }


def rank(entries: list[tuple[str, int, int]]) -> list[dict[str, Any]]:
    """Standings from (player, points, tiebreak): best first, still-tied players share a rank (1, 1, 3)."""
    ordered = sorted(enumerate(entries), key=lambda e: (-e[1][1], -e[1][2], e[0]))
    standings: list[dict[str, Any]] = []
    for position, (_index, (player, points, tiebreak)) in enumerate(ordered):
        if standings and standings[-1]["points"] == points and standings[-1]["tiebreak"] == tiebreak:
            place = standings[-1]["rank"]
        else:
            place = position + 1
        standings.append({"player": player, "rank": place, "points": points, "tiebreak": tiebreak})
    return standings
