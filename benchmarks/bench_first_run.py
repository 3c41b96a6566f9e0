"""The first lab runs after a fresh install of a wheel (issue 33, item 4), for one or more wheels in one run.

Usage: python benchmarks/bench_first_run.py NAME=WHEEL [NAME=WHEEL ...] [--big 100000] [--keep]

For each wheel: a new venv under /tmp (its dependencies from pip's cache), then with an empty cache folder
(GAH_CACHE_DIR) the first `gah compare base gentle-move-backs --games 2000`, and with another empty cache folder
the first `gah compare base gentle-move-backs --games BIG`. Each is timed (wall and CPU seconds of gah and its
children), its stderr kept, and its report's SHA-256 compared with a second, warm run of the same command (the
same report as later runs). A kernel compile the first run left in the background is waited for (not counted)
before the next measurement, so it does not load the next one. The wheels' measurements are interleaved so
load from other jobs falls on all of them alike.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

COMMAND = ("compare", "base", "gentle-move-backs", "--games")


def venv(name: str, wheel: Path, root: Path) -> Path:
    """A new venv with `wheel` installed; its gah."""
    folder = root / f"venv-{name}"
    subprocess.run([sys.executable, "-m", "venv", str(folder)], check=True)
    subprocess.run(
        [str(folder / "bin" / "pip"), "install", "-q", str(wheel)],
        check=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    return folder / "bin" / "gah"


# The background compile of gah.lab.runs.warm: `python -m gah compare base base --games 1 ...` since the lab stopped
# importing the command line; `python -m gah.lab.runs.warm` in older wheels. Both are waited for.
WARM_UP = (b"-m", b"gah", b"compare", b"base", b"base", b"--games", b"1")


def background_compiles(gah: Path) -> list[int]:
    """Process ids of kernel compiles this venv's python left running (gah.lab.runs.warm)."""
    python = str(gah.parent / "python")
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            argv = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        warming = b"gah.lab.runs.warm" in argv or tuple(argv[1 : 1 + len(WARM_UP)]) == WARM_UP
        if argv and argv[0].decode(errors="replace").startswith(python) and warming:
            found.append(int(entry.name))
    return found


def timed(gah: Path, games: int, cache: Path) -> tuple[float, float, str, str]:
    """Wall and CPU seconds (gah and its waited-for children), the report's digest and stderr."""
    env = {**os.environ, "GAH_CACHE_DIR": str(cache)}
    for name in ("GAH_LAB_ENGINE", "GAH_LAB_PURE", "NUMBA_CACHE_DIR"):
        env.pop(name, None)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    run = subprocess.run([str(gah), *COMMAND, str(games)], env=env, capture_output=True, cwd=cache.parent)
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if run.returncode != 0:
        raise SystemExit(f"{gah} failed:\n{run.stderr.decode()}")
    return wall, cpu, hashlib.sha256(run.stdout).hexdigest()[:12], run.stderr.decode()


def settle(gah: Path) -> float:
    """Wait for a background compile of this venv to end; the seconds waited."""
    start = time.monotonic()
    while background_compiles(gah):
        time.sleep(0.5)
    return time.monotonic() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("wheels", nargs="+", metavar="NAME=WHEEL")
    parser.add_argument("--big", type=int, default=100_000)
    parser.add_argument("--keep", action="store_true", help="keep the venvs and caches (printed)")
    args = parser.parse_args()
    root = Path(tempfile.mkdtemp(prefix="gah-first-run-"))
    gahs = {}
    for item in args.wheels:
        name, _, wheel = item.partition("=")
        gahs[name] = venv(name, Path(wheel).resolve(), root)
    print(f"load average before: {os.getloadavg()[0]:.2f}")
    for games in (2000, args.big):
        for name, gah in gahs.items():
            cache = root / f"cache-{name}-{games}"
            cache.mkdir()
            wall, cpu, digest, err = timed(gah, games, cache)
            waited = settle(gah)
            warm_wall, _, warm_digest, _ = timed(gah, games, cache)
            same = "same report" if digest == warm_digest else f"DIFFERENT report ({warm_digest})"
            print(
                f"{name:8} first {games:>7,} games: {wall:6.1f} s wall, {cpu:6.1f} s CPU; warm run {warm_wall:5.1f} s"
                f" wall; {same} ({digest}); background compile waited {waited:.0f} s; "
                f"load {os.getloadavg()[0]:.2f}"
            )
            for line in err.replace("\r", "\n").splitlines():
                if line.strip():
                    print(f"           | {line.strip()}")
    if args.keep:
        print(f"kept: {root}")
    else:
        shutil.rmtree(root, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
