"""Common random numbers: counter-based streams, the same on every machine.

Every draw of a synthetic game comes from a stream named by
(seed, game index, round, player, purpose): block i of the stream is the
BLAKE2b digest of those five numbers and i, read as sixteen 32-bit numbers.
Nothing depends on the platform, the Python version or hash randomisation,
and a stream never depends on how many numbers another stream gave. The plan
of a game is drawn once and read by every ruleset under comparison.
"""

from __future__ import annotations

import struct
from hashlib import blake2b

MASK = (1 << 64) - 1

# Purposes, and the player index of game-level draws (players count from 1).
SETUP_PLAYER = 0
TILES = 1
SHUFFLE = 2
TURN = 3
DEAL = 4
# Planning players (gah.lab.engine.planning): streams of their own, so a model without planners draws as before.
PLANNERS = 5  # who plans: one number per seat
PLAN_NOISE = 6  # mistakes and the temperature's picks: numbers per (round, seat)

_PACK = struct.Struct("<6Q").pack
_UNPACK = struct.Struct("<16I").unpack
BLOCK = 16


def stream_key(seed: int, game: int, round_: int, player: int, purpose: int) -> tuple[int, ...]:
    """The five numbers that name a stream, each reduced to 64 bits."""
    return (seed & MASK, game & MASK, round_ & MASK, player & MASK, purpose & MASK)


def block(key: tuple[int, ...], index: int) -> tuple[int, ...]:
    """Block `index` of the stream named by `key`: its sixteen 32-bit numbers."""
    return _UNPACK(blake2b(_PACK(*key, index)).digest())


class Stream:
    """The numbers of one stream, one after another."""

    __slots__ = ("_block", "_buffer", "_key", "_position")

    def __init__(self, seed: int, game: int, round_: int, player: int, purpose: int) -> None:
        self._key = (seed & MASK, game & MASK, round_ & MASK, player & MASK, purpose & MASK)
        self._block = 0
        self._buffer: tuple[int, ...] = ()
        self._position = BLOCK

    def next32(self) -> int:
        """The next number in [0, 2**32)."""
        if self._position == BLOCK:
            self._buffer = _UNPACK(blake2b(_PACK(*self._key, self._block)).digest())
            self._block += 1
            self._position = 0
        value = self._buffer[self._position]
        self._position += 1
        return value

    def take(self, count: int) -> tuple[int, ...]:
        """The next `count` numbers (the same as `count` calls of next32)."""
        if self._position == BLOCK and count:
            self._buffer = _UNPACK(blake2b(_PACK(*self._key, self._block)).digest())
            self._block += 1
            self._position = 0
        end = self._position + count
        if end <= BLOCK:
            numbers = self._buffer[self._position : end]
            self._position = end
            return numbers
        return tuple([self.next32() for _ in range(count)])

    def below(self, count: int) -> int:
        """A whole number in [0, count) (count >= 1), without floating point."""
        return (self.next32() * count) >> 32


def scaled(r32: int, count: int) -> int:
    """Map a 32-bit number to [0, count) exactly."""
    return (r32 * count) >> 32


def weighted(weights: list[int], r32: int) -> int:
    """The index a 32-bit number picks, each index as likely as its weight (the total must be above 0)."""
    x = scaled(r32, sum(weights))
    for index, weight in enumerate(weights):
        if x < weight:
            return index
        x -= weight
    raise AssertionError("unreachable: x < sum(weights)")  # pragma: no cover
