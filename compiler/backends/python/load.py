"""Compile a ruleset's generated scoring module in memory and import it."""

from __future__ import annotations

import hashlib
import sys
import types
from typing import Any, Protocol, cast

from ... import ir
from .module import generate_module


class ScoringModule(Protocol):
    """What every generated module offers."""

    def score_game(self, state: dict[str, Any], language: str | dict[str, Any] = "en") -> dict[str, Any]: ...

    def setup_game(
        self,
        players: list[str],
        seed: int,
        choices: dict[str, Any] | None = None,
        language: str | dict[str, Any] = "en",
    ) -> dict[str, Any]: ...


_CACHE: dict[str, types.ModuleType] = {}


def import_source(text: str, name: str) -> types.ModuleType:
    """Execute module source as a fresh module (registered so dataclasses can find it)."""
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]
    if digest in _CACHE:
        return _CACHE[digest]
    module_name = f"gah_generated_{name}_{digest}"
    module = types.ModuleType(module_name)
    module.__file__ = f"<generated {name}>"
    sys.modules[module_name] = module
    exec(compile(text, module.__file__, "exec"), module.__dict__)
    _CACHE[digest] = module
    return module


def load_scoring_module(ruleset: ir.Ruleset) -> ScoringModule:
    """The generated module of a ruleset, compiled in memory."""
    return cast(ScoringModule, import_source(generate_module(ruleset), ruleset.module_name))
