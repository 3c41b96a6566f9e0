"""Kernels not compiled yet (a new install, an update, a damaged cache): a small run plays on the pure path while
the kernels compile in a background process, when that finishes sooner than compiling first.

Measured on 2 cores (README: The lab's speed): compiling the kernels takes about 60 s of CPU; the pure path plays
a game of one ruleset in about 1.5 ms (`gah compare base introductory`, 2,000 games: 6.7 s of CPU). So a run of
fewer than about 40,000 ruleset-games is done on the pure path before the compile would be; the kernels are
ready for the next run. Only the default engine does this: GAH_LAB_ENGINE=batched always compiles first.

    gah compare base base --games 1 --players 4 --workers 1    # what the background process runs
"""

from __future__ import annotations

import os
import subprocess
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .jobs import LabSpec

# The command that compiles every kernel the lab uses: the base game compared with itself on one game, on the
# batched engine (the process is run as `python -m gah`, so the lab never imports the command line).
WARM_UP = ("compare", "base", "base", "--games", "1", "--players", "4", "--workers", "1")
TOP = __name__.partition(".")[0]  # gah

COMPILE_SECONDS = 60.0
PURE_GAME_SECONDS = 0.002  # rounded up from 1.5 ms: planning models play slower
MEANWHILE = (
    "gah: the batched lab engine is not compiled for this machine yet; compiling it in the background (about a "
    "minute of CPU time) and playing these {games} games on the pure path meanwhile, which is sooner"
)


def compiled() -> bool:
    """Whether the kernels' machine code for this machine and these sources is in the cache."""
    from ...backends.batched.jit import cached_here
    from ..engine.batched_scorer import score_games

    return cached_here(score_games)


def sooner_on_the_pure_path(spec: LabSpec) -> bool:
    """Whether the pure path plays `spec` before the kernels would be compiled."""
    return spec.games * len(spec.rulesets) * PURE_GAME_SECONDS < COMPILE_SECONDS


def compile_in_background() -> None:
    """Start a process, detached from this one's terminal and signals, that compiles the kernels."""
    env = {**os.environ, "GAH_LAB_ENGINE": "batched"}
    env.pop("GAH_LAB_PURE", None)
    subprocess.Popen(
        [sys.executable, "-m", TOP, *WARM_UP],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
        env=env,
    )


def pure_meanwhile(spec: LabSpec) -> bool:
    """For a run on the default engine: True (the background compile started, the user told) when the kernels
    are not compiled and the pure path finishes `spec` sooner."""
    if compiled() or not sooner_on_the_pure_path(spec):
        return False
    compile_in_background()
    print(MEANWHILE.format(games=f"{spec.games:,}"), file=sys.stderr)
    return True
