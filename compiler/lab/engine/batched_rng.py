"""The lab's common random numbers (gah.lab.engine.rng) as a numba kernel: BLAKE2b of one 48-byte message.

A block of a stream is the 64-byte BLAKE2b digest (no key) of the six 64-bit numbers (seed, game, round, player,
purpose, index), little-endian, read as sixteen 32-bit numbers: `block_into` writes exactly rng.block's numbers.
The message always fits one compression (48 bytes of a 128-byte block), so one call of `compress` is the hash.

The state lives in sixteen local scalars and the twelve rounds are written out with their message words, so the
compiler keeps the state in registers and drops the ten message words that are always zero.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from ...backends.batched.jit import kernel

Words = npt.NDArray[np.uint64]
Ints = npt.NDArray[np.int64]
Numbers = npt.NDArray[np.uint32]  # 32-bit numbers stored compactly (the plan's)
U64 = np.uint64
State = tuple[U64, U64, U64, U64, U64, U64, U64, U64, U64, U64, U64, U64, U64, U64, U64, U64]

_IV0 = U64(0x6A09E667F3BCC908)
_IV1 = U64(0xBB67AE8584CAA73B)
_IV2 = U64(0x3C6EF372FE94F82B)
_IV3 = U64(0xA54FF53A5F1D36F1)
_IV4 = U64(0x510E527FADE682D1)
_IV5 = U64(0x9B05688C2B3E6C1F)
_IV6 = U64(0x1F83D9ABFB41BD6B)
_IV7 = U64(0x5BE0CD19137E2179)
_PARAMETERS = U64(0x01010040)  # digest length 64, no key, fan-out 1, depth 1 (XORed into the first word)
_MESSAGE_BYTES = U64(48)
_LOW = U64(0xFFFFFFFF)


@kernel
def _rotr(x: U64, bits: int) -> U64:
    return (x >> U64(bits)) | (x << U64(64 - bits))


@kernel
def _mix(a: U64, b: U64, c: U64, d: U64, x: U64, y: U64) -> tuple[U64, U64, U64, U64]:
    """BLAKE2b's G on four state words and two message words."""
    a = a + b + x
    d = _rotr(d ^ a, 32)
    c = c + d
    b = _rotr(b ^ c, 24)
    a = a + b + y
    d = _rotr(d ^ a, 16)
    c = c + d
    b = _rotr(b ^ c, 63)
    return a, b, c, d


@kernel
def _round(v: State, x: State) -> State:
    """One round: the message words x in the round's permuted order; four columns, then four diagonals."""
    x0, x1, x2, x3, x4, x5, x6, x7, x8, x9, x10, x11, x12, x13, x14, x15 = x
    v0, v1, v2, v3, v4, v5, v6, v7, v8, v9, v10, v11, v12, v13, v14, v15 = v
    v0, v4, v8, v12 = _mix(v0, v4, v8, v12, x0, x1)
    v1, v5, v9, v13 = _mix(v1, v5, v9, v13, x2, x3)
    v2, v6, v10, v14 = _mix(v2, v6, v10, v14, x4, x5)
    v3, v7, v11, v15 = _mix(v3, v7, v11, v15, x6, x7)
    v0, v5, v10, v15 = _mix(v0, v5, v10, v15, x8, x9)
    v1, v6, v11, v12 = _mix(v1, v6, v11, v12, x10, x11)
    v2, v7, v8, v13 = _mix(v2, v7, v8, v13, x12, x13)
    v3, v4, v9, v14 = _mix(v3, v4, v9, v14, x14, x15)
    return (v0, v1, v2, v3, v4, v5, v6, v7, v8, v9, v10, v11, v12, v13, v14, v15)


@kernel
def _half(word: U64, out: Ints | Numbers, at: int) -> None:
    """A digest word as two 32-bit numbers, the low half first."""
    out[at] = np.int64(word & _LOW)
    out[at + 1] = np.int64(word >> U64(32))


@kernel
def compress(a: U64, b: U64, c: U64, d: U64, e: U64, f: U64, out: Ints | Numbers, at: int) -> None:
    """The BLAKE2b digest of the 48-byte message of words a..f, written as sixteen 32-bit numbers (each word's
    low half first) into out[at : at + 16]."""
    z = U64(0)
    h0 = _IV0 ^ _PARAMETERS
    v = (h0, _IV1, _IV2, _IV3, _IV4, _IV5, _IV6, _IV7, _IV0, _IV1, _IV2, _IV3, _IV4 ^ _MESSAGE_BYTES, _IV5, ~_IV6, _IV7)
    # BLAKE2b's message schedule (sigma) for rounds 0..9, then 0 and 1 again; z for the words past the message.
    v = _round(v, (a, b, c, d, e, f, z, z, z, z, z, z, z, z, z, z))
    v = _round(v, (z, z, e, z, z, z, z, z, b, z, a, c, z, z, f, d))
    v = _round(v, (z, z, z, a, f, c, z, z, z, z, d, z, z, b, z, e))
    v = _round(v, (z, z, d, b, z, z, z, z, c, z, f, z, e, a, z, z))
    v = _round(v, (z, a, f, z, c, e, z, z, z, b, z, z, z, z, d, z))
    v = _round(v, (c, z, z, z, a, z, z, d, e, z, z, f, z, z, b, z))
    v = _round(v, (z, f, b, z, z, z, e, z, a, z, z, d, z, c, z, z))
    v = _round(v, (z, z, z, z, z, b, d, z, f, a, z, e, z, z, c, z))
    v = _round(v, (z, z, z, z, z, d, a, z, z, c, z, z, b, e, z, f))
    v = _round(v, (z, c, z, e, z, z, b, f, z, z, z, z, d, z, z, a))
    v = _round(v, (a, b, c, d, e, f, z, z, z, z, z, z, z, z, z, z))
    v = _round(v, (z, z, e, z, z, z, z, z, b, z, a, c, z, z, f, d))
    _half(h0 ^ v[0] ^ v[8], out, at)
    _half(_IV1 ^ v[1] ^ v[9], out, at + 2)
    _half(_IV2 ^ v[2] ^ v[10], out, at + 4)
    _half(_IV3 ^ v[3] ^ v[11], out, at + 6)
    _half(_IV4 ^ v[4] ^ v[12], out, at + 8)
    _half(_IV5 ^ v[5] ^ v[13], out, at + 10)
    _half(_IV6 ^ v[6] ^ v[14], out, at + 12)
    _half(_IV7 ^ v[7] ^ v[15], out, at + 14)


@kernel
def block_into(key: Words, index: int, out: Ints, at: int) -> None:
    """Block `index` of the stream named by key[0:5] (rng.stream_key's five numbers, already 64-bit): its sixteen
    numbers into out[at : at + 16]."""
    compress(key[0], key[1], key[2], key[3], key[4], U64(index), out, at)


def key_words(seed: int, game: int, round_: int, player: int, purpose: int) -> Words:
    """rng.stream_key as the words block_into reads."""
    mask = (1 << 64) - 1
    return np.array([seed & mask, game & mask, round_ & mask, player & mask, purpose & mask], dtype=np.uint64)
