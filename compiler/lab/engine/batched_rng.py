"""The lab's common random numbers (compiler.lab.engine.rng) as a numba kernel: BLAKE2b of one 48-byte message.

A block of a stream is the 64-byte BLAKE2b digest (no key) of the six 64-bit numbers (seed, game, round, player,
purpose, index), little-endian, read as sixteen 32-bit numbers: `block_into` writes exactly rng.block's numbers.
The message always fits one compression (48 bytes of a 128-byte block), so one call of `compress` is the hash.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from compiler.backends.batched.jit import kernel

Words = npt.NDArray[np.uint64]
Ints = npt.NDArray[np.int64]

_IV = np.array(
    [
        0x6A09E667F3BCC908,
        0xBB67AE8584CAA73B,
        0x3C6EF372FE94F82B,
        0xA54FF53A5F1D36F1,
        0x510E527FADE682D1,
        0x9B05688C2B3E6C1F,
        0x1F83D9ABFB41BD6B,
        0x5BE0CD19137E2179,
    ],
    dtype=np.uint64,
)
_SIGMA = np.array(
    [
        [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
        [14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3],
        [11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4],
        [7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8],
        [9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13],
        [2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9],
        [12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11],
        [13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10],
        [6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5],
        [10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0],
    ],
    dtype=np.int64,
)
# The (a, b, c, d) words of the eight mixings of a round: four columns, then four diagonals.
_MIX = np.array(
    [
        [0, 4, 8, 12],
        [1, 5, 9, 13],
        [2, 6, 10, 14],
        [3, 7, 11, 15],
        [0, 5, 10, 15],
        [1, 6, 11, 12],
        [2, 7, 8, 13],
        [3, 4, 9, 14],
    ],
    dtype=np.int64,
)
_PARAMETERS = 0x01010040  # digest length 64, no key, fan-out 1, depth 1 (XORed into the first word)
_MESSAGE_BYTES = 48
_LOW = 0xFFFFFFFF


@kernel
def _rotr(x: np.uint64, bits: int) -> np.uint64:
    return (x >> np.uint64(bits)) | (x << np.uint64(64 - bits))


@kernel
def compress(message: Words, work: Words, out: Ints, at: int) -> None:
    """The BLAKE2b digest of a one-block message of 48 bytes (its words in `message`, the rest zero), written as
    sixteen 32-bit numbers (each word's low half first) into out[at : at + 16]; `work` is 16 words of scratch."""
    for i in range(8):
        work[i] = _IV[i]
        work[i + 8] = _IV[i]
    work[0] ^= np.uint64(_PARAMETERS)
    work[12] ^= np.uint64(_MESSAGE_BYTES)
    work[14] = ~work[14]
    for round_ in range(12):
        sigma = _SIGMA[round_ % 10]
        for mix in range(8):
            a, b, c, d = _MIX[mix, 0], _MIX[mix, 1], _MIX[mix, 2], _MIX[mix, 3]
            x, y = message[sigma[2 * mix]], message[sigma[2 * mix + 1]]
            work[a] = work[a] + work[b] + x
            work[d] = _rotr(work[d] ^ work[a], 32)
            work[c] = work[c] + work[d]
            work[b] = _rotr(work[b] ^ work[c], 24)
            work[a] = work[a] + work[b] + y
            work[d] = _rotr(work[d] ^ work[a], 16)
            work[c] = work[c] + work[d]
            work[b] = _rotr(work[b] ^ work[c], 63)
    low = np.uint64(_LOW)
    for i in range(8):
        h = _IV[i] ^ work[i] ^ work[i + 8]
        if i == 0:
            h ^= np.uint64(_PARAMETERS)
        out[at + 2 * i] = np.int64(h & low)
        out[at + 2 * i + 1] = np.int64(h >> np.uint64(32))


@kernel
def block_into(key: Words, index: int, message: Words, work: Words, out: Ints, at: int) -> None:
    """Block `index` of the stream named by key[0:5] (rng.stream_key's five numbers, already 64-bit): its sixteen
    numbers into out[at : at + 16]. `message` (16 words) and `work` (16 words) are scratch."""
    for i in range(5):
        message[i] = key[i]
    message[5] = np.uint64(index)
    for i in range(6, 16):
        message[i] = np.uint64(0)
    compress(message, work, out, at)


def scratch() -> tuple[Words, Words, Words]:
    """The key, message and work words block_into needs (one set per thread)."""
    return np.zeros(5, np.uint64), np.zeros(16, np.uint64), np.zeros(16, np.uint64)


def key_words(seed: int, game: int, round_: int, player: int, purpose: int) -> Words:
    """rng.stream_key as the words block_into reads."""
    mask = (1 << 64) - 1
    return np.array([seed & mask, game & mask, round_ & mask, player & mask, purpose & mask], dtype=np.uint64)
