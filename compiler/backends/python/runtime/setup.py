"""Setting up a game from the rules data: the Staff deal, the Emperor tiles and the starting resources.

This file is copied verbatim (imports hoisted) into every generated scoring
module, so it imports the standard library only and names nothing outside
the runtime package.

Randomness comes from SplitMix64 (below), written out here with an explicit
Fisher-Yates shuffle, so that the same seed gives the same deal on every
machine and Python version; `random.shuffle`'s algorithm is not a contract.
"""

from __future__ import annotations

from typing import Any

from .chooser import parse_cell
from .core import Game, Player, Rules
from .state import NAME_REFUSED, visible, write_game
from .words import StateError, plain, refused, shown

SPLITMIX64_MASK = (1 << 64) - 1
DEAL_METHODS = ("standard", "introductory", "draft")


SURELY_UNBIASED = (1 << 64) - (1 << 32)  # below this, no draw for a bound up to 2**32 is redrawn


class SplitMix64:
    """The SplitMix64 generator (Steele, Lea and Flood 2014, with Vigna's reference constants).

    The state is one 64-bit word: the seed reduced modulo 2**64. Each draw adds
    the golden-ratio increment 0x9E3779B97F4A7C15 and mixes the result; with
    seed 1234567 the first draws are 6457827717110365317, 3203168211198807973,
    9817491932198370423 (the reference implementation's numbers).
    """

    def __init__(self, seed: int) -> None:
        self.state = seed & SPLITMIX64_MASK

    def next64(self) -> int:
        """The next 64-bit number."""
        self.state = (self.state + 0x9E3779B97F4A7C15) & SPLITMIX64_MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & SPLITMIX64_MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & SPLITMIX64_MASK
        return z ^ (z >> 31)

    def below(self, bound: int) -> int:
        """A whole number from 0 to bound - 1, uniform: draws that would bias `x % bound` are redrawn."""
        if bound < 1:
            raise ValueError(f"below({bound}): the bound must be 1 or more")
        limit = (1 << 64) - (1 << 64) % bound
        while True:
            value = self.next64()
            if value < limit:
                return value % bound

    def shuffle(self, cards: list[int]) -> None:
        """Fisher-Yates (Durstenfeld): from the last position down to the second, swap with a position at or before it.

        The same draws as `below(i + 1)` for each position, written out in one loop for speed.
        """
        mask = SPLITMIX64_MASK
        state = self.state
        for i in range(len(cards) - 1, 0, -1):
            bound = i + 1
            while True:
                state = (state + 0x9E3779B97F4A7C15) & mask
                z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & mask
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
                value = z ^ (z >> 31)
                # below()'s test, value < 2**64 - 2**64 % bound, worked out only near the top: a list holds far
                # fewer than 2**32 cards, so every value under 2**64 - 2**32 passes it.
                if value < SURELY_UNBIASED or value < (1 << 64) - (1 << 64) % bound:
                    break
            j = value % bound
            cards[i], cards[j] = cards[j], cards[i]
        self.state = state


def deal_game(
    rules: Rules,
    setup: dict[str, Any],
    players: list[str],
    seed: int,
    choices: dict[str, Any] | None,
    words: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The dealt Game (see deal) as a state dict."""
    return write_game(deal(rules, setup, players, seed, choices, words))


def deal(
    rules: Rules,
    setup: dict[str, Any],
    players: list[str],
    seed: int,
    choices: dict[str, Any] | None,
    words: dict[str, Any] | None = None,
) -> Game:
    """The game deal_checked deals; a StateError said in `words` (a table of WORDS; default: the rules' own)."""
    try:
        return deal_checked(rules, setup, players, seed, choices)
    except StateError as error:
        raise error.told(rules.words if words is None else words) from None


def deal_checked(
    rules: Rules, setup: dict[str, Any], players: list[str], seed: int, choices: dict[str, Any] | None
) -> Game:
    """A game state at round 0 (the format score_game reads): hands dealt, tiles drawn, resources handed out.

    `players` are the names in turn order; the first is the start player. Their
    number must be within setup["min_players"]..setup["max_players"]; names must
    be unique and non-empty.

    Randomness: SplitMix64 seeded with `seed` (modulo 2**64). The Emperor tiles
    are drawn first, one per scored tier in the order of the scoring rounds
    (uniform among that tier's tiles, in rules order), then the Staff deck, the
    card numbers in ascending order, is shuffled by Fisher-Yates. So the same
    seed gives the same tiles whatever the deal method (see _deal_hands()).

    Draft choices: `choices` maps a player's name to the cards that player keeps,
    pick by pick, either as a list ([17, 4, ...]) or in the state format
    ({"draft": [17, 4, ...]}); with keep_per_pick k, each pick takes the next k
    cards of the list. Each recorded card must be in the packet in front of the
    player at that pick (StateError otherwise). A list may stop early: the
    remaining picks, and every pick of a player without a record, follow the
    default policy: keep the card with the highest cost, and among equal costs
    the lowest card number. The result records each drafted hand in pick
    order as that player's choices.draft, so passing
    {p["name"]: p["choices"] for p in state["players"]} back reproduces the deal.
    The other methods have no decisions: recording one is a StateError.

    Every player starts with setup's krones, items (in the kitchen), emperor,
    points and hotel_rooms (as vacant rooms); 0 objectives, an empty café and
    no hired Staff.
    """
    names = _deal_players(setup, players)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise refused("not_whole", where="seed", got=shown(seed))
    method = setup["method"]
    if method not in DEAL_METHODS:
        raise refused("unknown_method", method=shown(method), methods=", ".join(DEAL_METHODS))
    kept = _deal_choices(rules, setup, names, choices)
    rng = SplitMix64(seed)
    tiles = _deal_tiles(rules, rng)
    # A seat's role (setup["roles"]: seat from 1, role, what it never has); players whose role has no hand
    # are dealt none, the others are dealt as the method says, in turn order.
    roles = {seat - 1: (role, tuple(without)) for seat, role, without in setup.get("roles", ())}
    seats = [i for i in range(len(names)) if "hand" not in roles.get(i, ("", ()))[1]]
    hands, deck, records = _deal_hands(rules, setup, [names[i] for i in seats], kept, rng)
    game = Game(rules, 0, tiles, deck, [], [])
    seated = dict(zip(seats, zip(hands, records, strict=True), strict=True))
    for index, name in enumerate(names):
        hand, record = seated.get(index, ([], {}))
        game.players.append(_deal_player(rules, setup, name, hand, record, roles.get(index, ("", ()))))
    return game


def _deal_hands(
    rules: Rules, setup: dict[str, Any], names: list[str], kept: dict[str, list[int]], rng: SplitMix64
) -> tuple[list[list[int]], list[int], list[dict[str, list[int]]]]:
    """The hands of the players dealt one (`names`, in turn order), the deck left and each one's record of its
    choices (the draft's), the Staff deck (card numbers in ascending order) dealt by setup["method"]:

      standard: each player in turn order draws hand_size cards from the top.
      introductory: the start player takes set A, the next set B, and so on;
        every other card (unused sets included) is shuffled into the deck.
      draft: each player in turn order takes packet_size cards from the top;
        everyone keeps keep_per_pick cards from the packet in front of them and
        passes the rest, "left" to the next player in turn order (the last
        passes to the first), "right" to the previous one; this repeats until
        each holds hand_size cards. Cards left in the packets then (only when
        packet_size > hand_size) go back into the deck, which is reshuffled.
    """
    method, hand_size, count = setup["method"], setup["hand_size"], len(names)
    deck = sorted(rules.staff)
    if method == "standard":
        if hand_size * count > len(deck):
            raise refused("too_few_cards", count=count, size=hand_size, cards=len(deck))
        rng.shuffle(deck)
        hands = [deck[i * hand_size : (i + 1) * hand_size] for i in range(count)]
        return hands, deck[count * hand_size :], [{} for _ in names]
    if method == "introductory":
        hands = _deal_sets(rules, setup, count)
        dealt = {card for hand in hands for card in hand}
        deck = [card for card in deck if card not in dealt]
        rng.shuffle(deck)
        return hands, deck, [{} for _ in names]
    rng.shuffle(deck)
    hands, deck = _deal_draft(rules, setup, names, deck, kept, rng)
    return hands, deck, [{"draft": list(hand)} for hand in hands]


def _deal_players(setup: dict[str, Any], players: list[str]) -> list[str]:
    if not isinstance(players, list):
        raise refused("names_not_list", got=shown(players))
    low, high = setup["min_players"], setup["max_players"]
    if not low <= len(players) <= high:
        raise refused("ruleset_players", low=low, high=high, got=len(players))
    seen: set[str] = set()
    for index, name in enumerate(players):
        if not isinstance(name, str) or not name.strip():
            raise refused("name_empty", where=f"players[{index}]", got=shown(name))
        if len(name) > 100:
            raise refused("name_long", where=f"players[{index}]", most=100)
        if not NAME_REFUSED.isdisjoint(name):
            raise refused("name_control", where=f"players[{index}]", name=shown(name))
        if not visible(name):
            raise refused("name_invisible", where=f"players[{index}]", name=shown(name))
        if name in seen:
            raise refused("name_twice", where=f"players[{index}]", name=shown(name))
        seen.add(name)
    return list(players)


def _deal_choices(
    rules: Rules, setup: dict[str, Any], names: list[str], choices: dict[str, Any] | None
) -> dict[str, list[int]]:
    """Recorded draft picks by player name, checked for shape (legality is checked pick by pick)."""
    if choices is None:
        return {}
    if not isinstance(choices, dict):
        raise refused("picks_not_mapping", got=shown(choices))
    kept: dict[str, list[int]] = {}
    for name, value in choices.items():
        if name not in names:
            raise refused("picks_not_player", name=shown(name), players=", ".join(map(plain, names)))
        if isinstance(value, dict):
            extra = sorted(str(key) for key in value if key != "draft")
            if extra:
                raise refused("picks_other_key", where=f"{plain(name)}: choices.{plain(extra[0])}")
            value = value.get("draft", [])
        if not isinstance(value, list) or not all(
            isinstance(card, int) and not isinstance(card, bool) for card in value
        ):
            raise refused("picks_not_list", where=f"{plain(name)}: choices.draft", got=shown(value))
        if value and setup["method"] != "draft":
            raise refused("picks_no_draft", where=f"{plain(name)}: choices.draft", method=setup["method"])
        for index, card in enumerate(value):
            if card not in rules.staff:
                raise refused("unknown_card", where=f"{plain(name)}: choices.draft[{index}]", number=card)
        if len(value) > setup["hand_size"]:
            raise refused("picks_too_many", len(value), where=f"{plain(name)}: choices.draft", keeps=setup["hand_size"])
        kept[name] = list(value)
    return kept


def _deal_tiles(rules: Rules, rng: SplitMix64) -> dict[str, str]:
    """One tile per scored tier, in the order of the scoring rounds, uniform among the tier's tiles."""
    tiles: dict[str, str] = {}
    for round_ in sorted(rules.scoring_tiers):
        tier = rules.scoring_tiers[round_]
        if tier in tiles:
            continue
        candidates = [tile for tile, tile_tier in rules.tiles.items() if tile_tier == tier]
        if not candidates:
            raise refused("tile_to_deal_missing", tier=tier, round=round_)
        tiles[tier] = candidates[rng.below(len(candidates))]
    return tiles


def _deal_sets(rules: Rules, setup: dict[str, Any], count: int) -> list[list[int]]:
    """Introductory: the start player takes set A, the next set B, ..."""
    sets: dict[str, Any] = setup["sets"]
    hands: list[list[int]] = []
    used: set[int] = set()
    for index in range(count):
        letter = chr(ord("A") + index)
        if letter not in sets:
            raise refused("set_missing", letter=letter, player=index + 1)
        hand = list(sets[letter])
        for card in hand:
            if card not in rules.staff or card in used:
                raise refused("set_card", letter=letter, number=card)
            used.add(card)
        hands.append(hand)
    return hands


def _deal_draft(
    rules: Rules,
    setup: dict[str, Any],
    names: list[str],
    deck: list[int],
    kept: dict[str, list[int]],
    rng: SplitMix64,
) -> tuple[list[list[int]], list[int]]:
    """The draft on a shuffled deck: the hands in pick order, and the deck left over."""
    hand_size: int = setup["hand_size"]
    packet_size: int = setup["packet_size"]
    keep: int = setup["keep_per_pick"]
    count = len(names)
    if packet_size < hand_size or hand_size % keep:
        raise refused("draft_sizes", packet=packet_size, keep=keep, hand=hand_size)
    if packet_size * count > len(deck):
        raise refused("too_few_for_packets", count=count, size=packet_size, cards=len(deck))
    packets = [deck[i * packet_size : (i + 1) * packet_size] for i in range(count)]
    deck = deck[count * packet_size :]
    hands: list[list[int]] = [[] for _ in names]
    picks = hand_size // keep
    # "left": player i passes to player i + 1, so player i receives the packet of player i - 1.
    shift = 1 if setup["direction"] == "left" else -1
    for pick in range(picks):
        for i, name in enumerate(names):
            for k in range(keep):
                card = _deal_keep(rules, name, packets[i], kept.get(name, []), pick * keep + k, pick)
                packets[i].remove(card)
                hands[i].append(card)
        if pick < picks - 1:
            packets = [packets[(i - shift) % count] for i in range(count)]
    leftover = [card for packet in packets for card in packet]
    if leftover:
        deck += leftover
        rng.shuffle(deck)
    return hands, deck


def _deal_keep(rules: Rules, name: str, packet: list[int], kept: list[int], index: int, pick: int) -> int:
    """One kept card: the recorded one (it must be in the packet), else the highest cost, then the lowest number."""
    if index < len(kept):
        card = kept[index]
        if card not in packet:
            held = ", ".join(str(c) for c in sorted(packet))
            where = f"{plain(name)}: choices.draft[{index}]"
            raise refused("pick_not_in_packet", where=where, number=card, pick=pick + 1, held=held)
        return card
    return min(packet, key=lambda card: (-rules.staff[card][1], card))


def _deal_player(
    rules: Rules,
    setup: dict[str, Any],
    name: str,
    hand: list[int],
    record: dict[str, list[int]],
    role: tuple[str, tuple[str, ...]],
) -> Player:
    """One player's start; a player of a role (its id, what it never has) starts without those."""
    hotel = [["."] * rules.columns for _ in range(rules.floors)]
    for room in setup["hotel_rooms"]:
        cell = parse_cell(room) if isinstance(room, str) else room
        if cell is None or not (1 <= cell[0] <= rules.floors and 1 <= cell[1] <= rules.columns):
            raise refused("room_outside", room=shown(room))
        hotel[cell[0] - 1][cell[1] - 1] = "v"
    items: dict[str, int] = setup["items"]
    for item in items:
        if item not in rules.items:
            raise refused("unknown_start_item", item=shown(item), items=", ".join(rules.items))
    without = role[1]
    return Player(
        name=name,
        points=setup["points"],
        krones=0 if "krones" in without else setup["krones"],
        emperor=setup["emperor"],
        kitchen={item: 0 if "kitchen" in without else items.get(item, 0) for item in rules.items},
        cafe=[],
        hotel=hotel,
        hand=list(hand),
        hired=[],
        objectives=rules.resources["objectives"][2] if "objectives" in rules.resources else 0,
        choices=dict(record),
        resources={r: start for r, (_low, _high, start) in rules.resources.items() if r != "objectives"},
        role=role[0],
    )
