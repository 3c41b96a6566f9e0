"""The state of a batch of games as arrays over games (axis 0) and players (axis 1), the shape every batched
kernel reads and writes. One game of the batch is the generated module's Game, field for field:

- points, krones, emperor, objectives: [game, player];
- kitchen[game, player, item]: the count of each item (index in the ruleset's items, in the rules' order);
  kitchen_order[game, player, 0:kitchen_keys[game, player]]: the item indices in the order the module's kitchen
  dict holds its keys (setup's order, then first gained; a key whose count fell to 0 stays), because the
  default policy breaks ties in that order;
- cafe[game, player, guest, item], guests[game, player]: the café's guests in order (every guest holds every
  item kind, as the module's guest dicts do);
- placed, occupied[game, player]: the hotel as bit masks, bit (floor - 1) * columns + (column - 1)
  (placed: a room tile is there, vacant or occupied; occupied is a subset of placed);
- hand[game, player, 0:hand_size], hired[game, player, 0:hired_count]: Staff card numbers, in the module's
  list order;
- deck[game, 0:deck_size] (index 0: the top, drawn first), discard[game, 0:discard_size]: card numbers;
- resources[game, player, k]: the k-th declared resource other than the objectives (ruleset order);
- round_[game]; tiles[game, tier]: the index, in the ruleset's tiles (ir order), of each tier's tile
  (tiers in the order ir.Ruleset.tiers() gives), -1 where a tier has none.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from .jit import kernel

Ints = npt.NDArray[np.int64]


class Dims(NamedTuple):
    """The sizes of a batch: games, players, item kinds, café seats, Staff cards (bounds every hand, hired
    list, deck and discard pile), tiers."""

    games: int
    players: int
    items: int
    seats: int
    cards: int
    tiers: int
    resources: int = 0  # declared resources but the objectives (which have their own array)


class GameArrays(NamedTuple):
    points: Ints
    krones: Ints
    emperor: Ints
    objectives: Ints
    kitchen: Ints
    kitchen_order: Ints
    kitchen_keys: Ints
    cafe: Ints
    guests: Ints
    placed: Ints
    occupied: Ints
    hand: Ints
    hand_size: Ints
    hired: Ints
    hired_count: Ints
    deck: Ints
    deck_size: Ints
    discard: Ints
    discard_size: Ints
    round_: Ints
    tiles: Ints
    resources: Ints  # [game, player, k]: the k-th declared resource but the objectives (at least one slot)


def new_state(dims: Dims) -> GameArrays:
    """A batch of empty games (every count 0, no tiles)."""
    g, p, i, s, c, t, n = dims
    zeros = np.zeros
    return GameArrays(
        points=zeros((g, p), np.int64),
        krones=zeros((g, p), np.int64),
        emperor=zeros((g, p), np.int64),
        objectives=zeros((g, p), np.int64),
        kitchen=zeros((g, p, i), np.int64),
        kitchen_order=zeros((g, p, i), np.int64),
        kitchen_keys=zeros((g, p), np.int64),
        cafe=zeros((g, p, max(s, 1), i), np.int64),
        guests=zeros((g, p), np.int64),
        placed=zeros((g, p), np.int64),
        occupied=zeros((g, p), np.int64),
        hand=zeros((g, p, max(c, 1)), np.int64),
        hand_size=zeros((g, p), np.int64),
        hired=zeros((g, p, max(c, 1)), np.int64),
        hired_count=zeros((g, p), np.int64),
        deck=zeros((g, max(c, 1)), np.int64),
        deck_size=zeros(g, np.int64),
        discard=zeros((g, max(c, 1)), np.int64),
        discard_size=zeros(g, np.int64),
        round_=zeros(g, np.int64),
        tiles=np.full((g, max(t, 1)), -1, np.int64),
        resources=zeros((g, p, max(n, 1)), np.int64),
    )


@kernel
def copy_game(source: GameArrays, game: int, target: GameArrays, into: int) -> None:
    """Copy game `game` of `source` over game `into` of `target` (batches of the same dimensions but games)."""
    target.points[into] = source.points[game]
    target.krones[into] = source.krones[game]
    target.emperor[into] = source.emperor[game]
    target.objectives[into] = source.objectives[game]
    target.kitchen[into] = source.kitchen[game]
    target.kitchen_order[into] = source.kitchen_order[game]
    target.kitchen_keys[into] = source.kitchen_keys[game]
    target.cafe[into] = source.cafe[game]
    target.guests[into] = source.guests[game]
    target.placed[into] = source.placed[game]
    target.occupied[into] = source.occupied[game]
    target.hand[into] = source.hand[game]
    target.hand_size[into] = source.hand_size[game]
    target.hired[into] = source.hired[game]
    target.hired_count[into] = source.hired_count[game]
    target.deck[into] = source.deck[game]
    target.deck_size[into] = source.deck_size[game]
    target.discard[into] = source.discard[game]
    target.discard_size[into] = source.discard_size[game]
    target.round_[into] = source.round_[game]
    target.tiles[into] = source.tiles[game]
    target.resources[into] = source.resources[game]
