"""The compiled hot path (python -m compiler.lab.native) plays exactly the games of the pure one.

Skipped when the extension is not built (the plain install never builds it; CI builds it and runs this)."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

from compiler.frontend.rulesets import Workspace
from compiler.lab import game, native
from compiler.lab.model import default_model_path, load_model
from compiler.lab.runner import Lab, LabSpec
from compiler.project import load_one

ROOT = Path(__file__).resolve().parents[1]


def test_compiled_and_pure_paths_give_identical_tallies(monkeypatch: pytest.MonkeyPatch) -> None:
    try:
        compiled = importlib.import_module(native.NATIVE)
    except ImportError:
        pytest.skip("the compiled hot path is not built (python -m compiler.lab.native)")
    assert compiled is not game and compiled.__file__ != game.__file__
    monkeypatch.delenv(native.PURE_ENV, raising=False)
    assert native.engine() is compiled
    monkeypatch.setenv(native.PURE_ENV, "1")
    assert native.engine() is game, "GAH_LAB_PURE=1 plays the pure path"
    workspace = Workspace(ROOT)
    rulesets = tuple(load_one(workspace, name) for name in ("base", "gentle-move-backs", "long-track", "mild-cafe"))
    for players, seed in ((4, 3), (2, 8)):
        spec = LabSpec(rulesets, load_model(workspace, default_model_path(workspace)), 60, players, seed)
        assert Lab(spec, play=compiled).run(0, 60) == Lab(spec, play=game).run(0, 60)


def test_engine_is_the_pure_game_without_the_extension(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(native, "NATIVE", "compiler.lab._no_such_module")
    assert native.engine() is game


def test_a_build_from_an_older_game_py_is_not_used(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A stale extension would play yesterday's rules of the lab: it is ignored, with one warning to rebuild."""
    stale = type(game)("compiler.lab._stale_native")
    stale.BUILT_FROM = "0" * 64  # type: ignore[attr-defined]
    monkeypatch.setattr(native.importlib, "import_module", lambda name: stale)
    monkeypatch.delenv(native.PURE_ENV, raising=False)
    monkeypatch.setattr(native, "_WARNED", [])
    assert native.engine() is game
    assert native.engine() is game
    warning = capsys.readouterr().err
    assert warning.count("python -m compiler.lab.native") == 1, warning
    stale.BUILT_FROM = native.source_digest()  # type: ignore[attr-defined]
    assert native.engine() is stale
