"""Benchmark: nanoseconds per BLAKE2b block of the lab's batched random numbers (batched_rng.compress), called in
a kernel loop as the plan calls it, beside hashlib's blake2b of the same 48-byte messages from Python.

Run: PYTHONPATH=. .venv/bin/python benchmarks/bench_rng.py [--blocks 2000000] [--repeat 5]
Prints figures only (CPU time of this process, best of `repeat` runs); asserts nothing about speed. It first
checks that the kernel's blocks are hashlib's, so the comparison is of the same work.
"""

from __future__ import annotations

import argparse
import hashlib
import struct
import time
from collections.abc import Callable

import numpy as np
from gah.backends.batched.jit import kernel
from gah.lab.engine.batched_rng import Ints, Words, compress, key_words

KEY = (0x0123456789ABCDEF, 7, 3, 2, 3)


@kernel
def blocks(key: Words, count: int, out: Ints) -> None:
    """Block 0 of the streams of games 0..count - 1 (the rest of `key` as given), each over the last: every
    message differs in its second word, as the plan's streams differ by game, round and seat."""
    for game in range(count):
        compress(key[0], np.uint64(game), key[2], key[3], key[4], np.uint64(0), out, 0)


def hashlib_blocks(count: int) -> None:
    """The same blocks from hashlib, unpacked to sixteen numbers (as rng.block)."""
    pack, unpack = struct.Struct("<6Q").pack, struct.Struct("<16I").unpack
    for game in range(count):
        unpack(hashlib.blake2b(pack(KEY[0], game, *KEY[2:], 0)).digest())


def best(run: Callable[[], None], repeat: int) -> float:
    """The least CPU time of `repeat` runs, in seconds."""
    times = []
    for _ in range(repeat):
        start = time.process_time()
        run()
        times.append(time.process_time() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--blocks", type=int, default=2_000_000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    out = np.zeros(16, np.int64)
    key = key_words(*KEY)
    blocks(key, 5, out)  # compiles (or loads) the kernel
    expected = struct.unpack("<16I", hashlib.blake2b(struct.pack("<6Q", KEY[0], 4, *KEY[2:], 0)).digest())
    if tuple(out.tolist()) != expected:
        raise SystemExit("bench_rng: the kernel's block differs from hashlib's")
    kernel_s = best(lambda: blocks(key, args.blocks, out), args.repeat)
    python_blocks = max(1, args.blocks // 20)
    python_s = best(lambda: hashlib_blocks(python_blocks), args.repeat)
    print(f"compress, in a kernel loop: {kernel_s / args.blocks * 1e9:8.1f} ns per block ({args.blocks} blocks)")
    print(f"hashlib from Python:        {python_s / python_blocks * 1e9:8.1f} ns per block ({python_blocks} blocks)")


if __name__ == "__main__":
    main()
