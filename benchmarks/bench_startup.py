"""Start-up of `gah` as whole processes: `--version`, `--help` and a lab command's `--help` (in the workspace's
language, importing none of the lab), `check` of one variant in a workspace, `check` of the workspace, and
`score` of a state, each run by this install's gah and, alternately, by a baseline's.

Usage: python benchmarks/bench_startup.py [--baseline PATH_TO_OTHER_GAH] [--runs 9]

The baseline is another installed gah (a venv of an older revision: `git worktree add /tmp/old REV`,
`python3 -m venv /tmp/old/.venv && /tmp/old/.venv/bin/pip install -e /tmp/old`, then
`--baseline /tmp/old/.venv/bin/gah`). Both run the same commands in the same fresh workspace, in turn (A B A B),
after one warm-up each; the figures are medians of wall and CPU seconds (the children's user + system time), and
the ratio new/old of the medians. On a loaded machine wall time grows and CPU time stays: read both.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
THIS_GAH = str(Path(sys.executable).parent / "gah")

COMMANDS = {
    "--version": ["--version"],
    "--help": ["--help"],
    "sweep --help": ["sweep", "--help"],
    "check one variant": ["check", "rules/house.yaml"],
    "check the workspace": ["check"],
    "score a state": ["score", "examples/round7.yaml"],
}


def _workspace(gah: str, folder: Path) -> None:
    subprocess.run([gah, "init", str(folder)], check=True, capture_output=True)
    (folder / "rules" / "house.yaml").write_text(
        "extends: base\nname: house\nemperor_scorings:\n  7: {move_back: 5}\n", encoding="utf-8"
    )


def _once(gah: str, argv: list[str], folder: Path) -> tuple[float, float]:
    """Wall and CPU seconds of one run of `gah ARGV` in `folder`."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([gah, *argv], cwd=folder, check=True, capture_output=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def measure(gahs: dict[str, str], runs: int, folder: Path) -> dict[tuple[str, str], tuple[float, float]]:
    """Median (wall, cpu) of each command for each gah, the gahs taking turns."""
    samples: dict[tuple[str, str], list[tuple[float, float]]] = {}
    for name, argv in COMMANDS.items():
        for gah in gahs.values():
            _once(gah, argv, folder)  # warm-up: the file system cache, .pyc files, the validity cache
        for _ in range(runs):
            for label, gah in gahs.items():
                samples.setdefault((label, name), []).append(_once(gah, argv, folder))
    return {
        key: (statistics.median(w for w, _c in values), statistics.median(c for _w, c in values))
        for key, values in samples.items()
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--baseline", default=None, help="another installed gah to compare with")
    parser.add_argument("--runs", type=int, default=9)
    args = parser.parse_args()
    gahs = {"new": THIS_GAH}
    if args.baseline:
        gahs["old"] = shutil.which(args.baseline) or args.baseline
    print(f"gah start-up: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f}, {args.runs} runs each")
    with tempfile.TemporaryDirectory(prefix="gah-startup-") as temp:
        folder = Path(temp) / "table"
        _workspace(THIS_GAH, folder)
        figures = measure(gahs, args.runs, folder)
    print(f"{'command':<22} {'gah':<4} {'wall s':>8} {'cpu s':>8}")
    for name in COMMANDS:
        for label in gahs:
            wall, cpu = figures[(label, name)]
            print(f"{name:<22} {label:<4} {wall:8.3f} {cpu:8.3f}")
        if "old" in gahs:
            (new_wall, new_cpu), (old_wall, old_cpu) = figures[("new", name)], figures[("old", name)]
            print(f"{name:<22} {'new/old':<4} {new_wall / old_wall:8.2f} {new_cpu / old_cpu:8.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
