"""The names module.py writes from a ruleset around the functions it copies from entry.py, typed as it writes
them: what entry.py reads of them (a stub only, for mypy and ruff; no module of this name exists)."""

from collections.abc import Callable
from typing import Any

from .core import Game, Player, Rules
from .scoring import Line

WORDS: dict[str, dict[str, Any]]
RULES: Rules
SETUP: dict[str, Any]
TRACK_POINTS: tuple[int, ...]
OUTCOME: tuple[str, ...]
ZONE_NAME: tuple[str, ...]
TILE_NAME: dict[str, tuple[str, str]]
DECIDES: dict[str, tuple[bool, bool]]
ROLE_PARTS: dict[str, tuple[str, ...]]
SCORING_STEPS: dict[int, tuple[str, int]]
EMPEROR_SCORINGS: dict[int, Callable[[Game], None]]
TIEBREAK_QUANTITIES: tuple[str, ...]
FINAL_SOURCES: tuple[tuple[str, Callable[[Game, Player], tuple[int, list[Line]]]], ...]
ROLE_FINAL: dict[str, tuple[tuple[str, Callable[[Game, Player], tuple[int, list[Line]]]], ...]]
TILES: dict[str, tuple[Callable[[Game, Player, bool], None], Callable[[Game, Player, bool], None]]]
tiebreak: Callable[[Game, Player], int]
projected_total: Callable[[Game, Player], int]
