"""The deal of many games at once: exactly the module's setup (runtime/setup.py) and the lab's tiles (setup_state).

SplitMix64 seeded with the game's deal seed draws the Emperor tiles (only to move the generator on: the lab
replaces them), then the Staff deck, card numbers ascending, is shuffled by Fisher-Yates and dealt: standard,
introductory (the sets as written, the other cards shuffled) or draft (the default policy's picks: the highest
cost, then the lowest number). What the module would refuse (a deal that cannot be made for this many players)
is refused here at build time, by ruleset name, so those games stay on the pure path and its message.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from ... import ir
from ...backends.batched.jit import inlined, kernel
from ...backends.batched.state import GameArrays
from ...backends.batched.tables import resource_starts
from . import rng
from .batched_rng import U64, Words, compress

Ints = npt.NDArray[np.int64]

STANDARD, INTRODUCTORY, DRAFT = 0, 1, 2
_METHODS = {"standard": STANDARD, "introductory": INTRODUCTORY, "draft": DRAFT}


class DealTables(NamedTuple):
    """What the deal of one ruleset reads, for one number of players."""

    method: int
    hand_size: int
    packet_size: int
    keep: int
    shift: int  # a draft passes to player i + shift
    cards: Ints  # the Staff card numbers, ascending
    cost: Ints  # by card number
    tier_sizes: Ints  # tiles of each scored tier, in the order the module draws them
    sets: Ints  # [player, k]: introductory hands
    set_sizes: Ints  # [player]
    rest: Ints  # introductory: the cards of no hand, ascending
    points: int
    krones: int
    emperor: int
    kitchen: Ints  # by item (ruleset order)
    resources: Ints  # [resource index]: starting amounts (tables.resource_starts: 0 the objectives)
    placed: int  # the starting rooms
    lab_tiers: Ints  # ord() of each tier (ruleset.tiers() order): the lab's TILES stream
    lab_tiles: Ints  # [tier, k]: index in ruleset.tiles of the k-th tile of the tier by id
    lab_sizes: Ints  # tiles per tier


class Refused(Exception):
    """A ruleset the batched engine cannot play (the message says why; batches.refusal names the ruleset)."""


def deal_tables(ruleset: ir.Ruleset, players: int) -> DealTables:
    """The deal's data, or Refused where the module's deal would fail for `players` players."""
    deal, start = ruleset.setup.deal, ruleset.setup.start
    cards = sorted(c.number for c in ruleset.staff)
    method = _METHODS[deal.method]
    _check_deal(ruleset, players, len(cards))
    hands = _introductory_hands(ruleset, players, cards) if method == INTRODUCTORY else []
    width = max([len(h) for h in hands] + [1])
    set_array = np.zeros((players, width), np.int64)
    for i, hand in enumerate(hands):
        set_array[i, : len(hand)] = hand
    cost = np.zeros(max(cards, default=0) + 1, np.int64)
    for card in ruleset.staff:
        cost[card.number] = card.cost
    items = [i.id for i in ruleset.items]
    starting = dict(start.items)
    if not set(starting) <= set(items):
        raise Refused("a starting item is unknown")
    tiers, lab_tiles, lab_sizes = _tile_tables(ruleset)
    dealt = {c for hand in hands for c in hand}
    return DealTables(
        method=method,
        hand_size=deal.hand_size if method != INTRODUCTORY else width,
        packet_size=deal.packet_size,
        keep=deal.keep_per_pick,
        shift=1 if deal.direction == "left" else -1,
        cards=np.array(cards, np.int64),
        cost=cost,
        tier_sizes=np.array(_tier_sizes(ruleset), np.int64),
        sets=set_array,
        set_sizes=np.array([len(h) for h in hands] or [0], np.int64),
        rest=np.array([c for c in cards if c not in dealt], np.int64),
        points=start.points,
        krones=start.krones,
        emperor=start.emperor,
        kitchen=np.array([starting.get(i, 0) for i in items], np.int64),
        resources=np.array(resource_starts(ruleset), np.int64),
        placed=_starting_rooms(ruleset),
        lab_tiers=tiers,
        lab_tiles=lab_tiles,
        lab_sizes=lab_sizes,
    )


def _check_deal(ruleset: ir.Ruleset, players: int, cards: int) -> None:
    """Refused where the module's deal of this many players would be a StateError."""
    deal = ruleset.setup.deal
    if not ruleset.min_players <= players <= ruleset.max_players:
        raise Refused(f"it is for {ruleset.min_players} to {ruleset.max_players} players, not {players}")
    if deal.method == "standard" and deal.hand_size * players > cards:
        raise Refused(f"too few Staff cards for {players} hands")
    if deal.method == "draft" and (
        deal.packet_size < deal.hand_size
        or deal.keep_per_pick < 1
        or deal.hand_size % deal.keep_per_pick
        or deal.packet_size * players > cards
    ):
        raise Refused(f"its draft cannot deal {players} hands")


def _introductory_hands(ruleset: ir.Ruleset, players: int, cards: list[int]) -> list[tuple[int, ...]]:
    """Set A for the start player, B for the next, ... (Refused where a set is missing or a card is dealt twice)."""
    sets = dict(ruleset.setup.deal.sets)
    letters = [chr(ord("A") + i) for i in range(players)]
    hands = [sets.get(letter, ()) for letter in letters]
    dealt = [c for hand in hands for c in hand]
    if any(letter not in sets for letter in letters) or len(set(dealt)) != len(dealt):
        raise Refused(f"its introductory sets cannot deal {players} hands")
    if not set(dealt) <= set(cards):
        raise Refused("an introductory set holds an unknown card")
    return hands


def _starting_rooms(ruleset: ir.Ruleset) -> int:
    """The starting rooms as a mask of placed rooms."""
    hotel, placed = ruleset.hotel, 0
    for floor, column in ruleset.setup.start.hotel_rooms:
        if not (1 <= floor <= hotel.floors and 1 <= column <= hotel.columns):
            raise Refused("a starting room is outside the hotel")
        placed |= 1 << ((floor - 1) * hotel.columns + column - 1)
    return placed


def _tile_tables(ruleset: ir.Ruleset) -> tuple[Ints, Ints, Ints]:
    """setup_state's draw of tiles: each tier's letter (its TILES stream), its tiles by id (as indices in
    ruleset.tiles) and how many."""
    tiers = ruleset.tiers()
    by_tier = [sorted(t.id for t in ruleset.tiles if t.tier == tier) for tier in tiers]
    if any(not ids for ids in by_tier):
        raise Refused("a scored tier has no tile")
    index = {t.id: i for i, t in enumerate(ruleset.tiles)}
    tiles = np.zeros((max(len(tiers), 1), max([len(ids) for ids in by_tier] + [1])), np.int64)
    for t, ids in enumerate(by_tier):
        tiles[t, : len(ids)] = [index[i] for i in ids]
    letters = np.array([ord(t) for t in tiers], np.int64)
    return letters, tiles, np.array([len(ids) for ids in by_tier], np.int64)


def _tier_sizes(ruleset: ir.Ruleset) -> list[int]:
    """The module's _deal_tiles: one draw per scored tier, in the order of the scoring rounds, first time only."""
    sizes: list[int] = []
    seen: set[str] = set()
    for scoring in sorted(ruleset.scorings, key=lambda s: s.round):
        if scoring.tier not in seen:
            seen.add(scoring.tier)
            sizes.append(sum(1 for t in ruleset.tiles if t.tier == scoring.tier))
    return sizes


_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)


@inlined
def _next64(state: Words) -> np.uint64:
    """SplitMix64: state[0] moves on, the mixed number comes back."""
    state[0] = state[0] + _GOLDEN
    z: np.uint64 = state[0]
    z = (z ^ (z >> np.uint64(30))) * _MIX1
    z = (z ^ (z >> np.uint64(27))) * _MIX2
    return z ^ (z >> np.uint64(31))


@inlined
def _below(state: Words, bound: int) -> int:
    """SplitMix64.below: draws that would bias value % bound are drawn again."""
    b = np.uint64(bound)
    while True:
        value = _next64(state)
        # 2**64 % bound is below bound, so a value below 2**64 - bound is kept without computing it
        if value < np.uint64(0) - b:
            return int(value % b)
        remainder = (np.uint64(0) - b) % b  # 2**64 % bound
        if remainder == np.uint64(0) or value < np.uint64(0) - remainder:
            return int(value % b)


@inlined
def _shuffle(state: Words, cards: Ints, count: int) -> None:
    """Fisher-Yates over cards[0:count], as SplitMix64.shuffle."""
    for i in range(count - 1, 0, -1):
        j = _below(state, i + 1)
        cards[i], cards[j] = cards[j], cards[i]


@kernel
def _draft(t: DealTables, state: Words, deck: Ints, players: int, s: GameArrays, g: int) -> int:
    """The draft on the shuffled deck: the hands into s, the deck left over into deck[0:returned count]."""
    size, packet_size = len(t.cards), t.packet_size
    packets = np.zeros((players, packet_size), np.int64)
    held = np.zeros(players, np.int64)
    for i in range(players):
        packets[i] = deck[i * packet_size : (i + 1) * packet_size]
        held[i] = packet_size
    left = size - players * packet_size
    deck[:left] = deck[players * packet_size : size].copy()
    picks = t.hand_size // t.keep
    for p in range(players):
        s.hand_size[g, p] = 0
    for round_ in range(picks):
        for i in range(players):
            for _k in range(t.keep):
                best = 0
                for at in range(1, held[i]):
                    card, chosen = packets[i, at], packets[i, best]
                    if t.cost[card] > t.cost[chosen] or (t.cost[card] == t.cost[chosen] and card < chosen):
                        best = at
                s.hand[g, i, s.hand_size[g, i]] = packets[i, best]
                s.hand_size[g, i] += 1
                packets[i, best : held[i] - 1] = packets[i, best + 1 : held[i]].copy()
                held[i] -= 1
        if round_ < picks - 1:
            passed = packets.copy()
            counts = held.copy()
            for i in range(players):
                source = (i - t.shift) % players
                packets[i] = passed[source]
                held[i] = counts[source]
    start = left
    for i in range(players):
        deck[left : left + held[i]] = packets[i, : held[i]]
        left += held[i]
    if left > start:
        _shuffle(state, deck, left)
    return left


@kernel
def deal_games(t: DealTables, seeds: Words, seed: np.uint64, start: int, s: GameArrays) -> None:
    """Deal games start.. (their deal seeds in `seeds`) into s: the module's setup_new_game and the lab's tiles."""
    players = s.points.shape[1]
    state = np.zeros(1, np.uint64)
    deck = np.zeros(len(t.cards), np.int64)
    numbers = np.zeros(16, np.int64)  # a TILES stream's block
    for g in range(seeds.shape[0]):
        state[0] = seeds[g]
        for size in t.tier_sizes:
            _below(state, size)
        deck[:] = t.cards
        count = len(t.cards)
        if t.method == 0:
            _shuffle(state, deck, count)
            for p in range(players):
                s.hand[g, p, : t.hand_size] = deck[p * t.hand_size : (p + 1) * t.hand_size]
                s.hand_size[g, p] = t.hand_size
            dealt = players * t.hand_size
            count -= dealt
            for k in range(count):  # a loop, not a copy of the slice: no array made per game
                deck[k] = deck[dealt + k]
        elif t.method == 1:
            for p in range(players):
                n = t.set_sizes[p]
                s.hand[g, p, :n] = t.sets[p, :n]
                s.hand_size[g, p] = n
            count = len(t.rest)
            deck[:count] = t.rest
            _shuffle(state, deck, count)
        else:
            _shuffle(state, deck, count)
            count = _draft(t, state, deck, players, s, g)
        s.deck[g, :count] = deck[:count]
        s.deck_size[g] = count
        _start(t, s, g, players)
        _lab_tiles(t, seed, start + g, s, g, numbers)


@inlined
def _start(t: DealTables, s: GameArrays, g: int, players: int) -> None:
    """Every player's starting supplies (the module's _deal_player)."""
    items = len(t.kitchen)
    s.discard_size[g] = 0
    s.round_[g] = 0
    for p in range(players):
        s.points[g, p] = t.points
        s.krones[g, p] = t.krones
        s.emperor[g, p] = t.emperor
        s.objectives[g, p] = t.resources[0]
        for k in range(s.resources.shape[2]):
            s.resources[g, p, k] = t.resources[1 + k]
        for i in range(items):
            s.kitchen[g, p, i] = t.kitchen[i]
            s.kitchen_order[g, p, i] = i
        s.kitchen_keys[g, p] = items
        s.guests[g, p] = 0
        s.placed[g, p] = t.placed
        s.occupied[g, p] = 0
        s.hired_count[g, p] = 0


@inlined
def _lab_tiles(t: DealTables, seed: np.uint64, game: int, s: GameArrays, g: int, numbers: Ints) -> None:
    """setup_state's tiles: per tier, the tile its TILES number picks among the tier's tiles by id (`numbers`:
    16 numbers of scratch)."""
    for tier in range(len(t.lab_tiers)):
        tier_key = U64(t.lab_tiers[tier])
        compress(seed, U64(game), tier_key, U64(rng.SETUP_PLAYER), U64(rng.TILES), U64(0), numbers, 0)
        s.tiles[g, tier] = t.lab_tiles[tier, (numbers[0] * t.lab_sizes[tier]) >> 32]
