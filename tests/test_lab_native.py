"""The compiled hot path (python -m gah.lab.native) plays exactly the games of the pure one.

Skipped when the extension is not built (the plain install never builds it; CI builds it and runs this)."""

from __future__ import annotations

import copy
import importlib
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from gah.backends.python.load import import_source
from gah.backends.python.module import generate_module, with_runtime_from
from gah.backends.python.standalone import runtime_module_text
from gah.frontend.rulesets import Workspace
from gah.lab.engine import game, native
from gah.lab.engine.model import default_model_path, load_model
from gah.lab.runs.jobs import Lab, LabSpec
from gah.project import load_one

pytestmark = pytest.mark.extra("fast")  # the compiled hot path: the fast extra, then python -m gah.lab.native

ROOT = Path(__file__).resolve().parents[1]


def test_compiled_and_pure_paths_give_identical_tallies(monkeypatch: pytest.MonkeyPatch) -> None:
    """The compiled turns and the compiled runtime (each ruleset's own code interpreted on top of it) play
    exactly the games of the pure path, planners included."""
    try:
        compiled = importlib.import_module(native.NATIVE)
    except ImportError:
        pytest.skip("the compiled hot path is not built (the fast extra, then python -m gah.lab.native)")
    assert compiled is not game and compiled.__file__ != game.__file__
    workspace = Workspace(ROOT)
    rulesets = tuple(load_one(workspace, name) for name in ("base", "gentle-move-backs", "long-track", "mild-cafe"))
    for players, seed in ((4, 3), (2, 8)):
        spec = LabSpec(rulesets, load_model(workspace, default_model_path(workspace)), 60, players, seed)
        monkeypatch.delenv(native.PURE_ENV, raising=False)
        assert native.engine() is compiled and native.runtime_module() == native.RUNTIME_NATIVE
        fast = Lab(spec)
        assert fast.game is compiled
        assert all(m.Game.__module__ == native.RUNTIME_NATIVE for m in fast.modules), "the compiled runtime is used"
        monkeypatch.setenv(native.PURE_ENV, "1")
        assert native.engine() is game and native.runtime_module() is None, "GAH_LAB_PURE=1 plays the pure path"
        pure = Lab(spec)
        assert all(m.Game.__module__ != native.RUNTIME_NATIVE for m in pure.modules)
        assert fast.run(0, 60) == pure.run(0, 60)


def test_a_module_with_the_runtime_imported_scores_as_the_generated_one(tmp_path: Path) -> None:
    """with_runtime_from swaps a module's copy of the runtime for an import, nothing else: the state the
    explaining path leaves and every event are the same (here with the runtime imported from a plain module)."""
    workspace = Workspace(ROOT)
    ruleset = load_one(workspace, "base")
    source = generate_module(ruleset)
    (tmp_path / "gah_runtime_copy.py").write_text(runtime_module_text(), encoding="utf-8")
    lab_form = with_runtime_from(source, "gah_runtime_copy")
    assert lab_form is not None and "def decide(" not in lab_form and "def decide(" in source
    assert with_runtime_from("x = 1\n", "gah_runtime_copy") is None, "not laid out as generated"
    clash = source.replace(
        "def tiebreak(", "def decide(game: Any, player: Any) -> int:\n    return 0\n\n\ndef tiebreak("
    )
    assert with_runtime_from(clash, "gah_runtime_copy") is None, "its own code redefines a runtime name"
    sys.path.insert(0, str(tmp_path))
    try:
        plain, imported = import_source(source, "base_plain"), import_source(lab_form, "base_imported")
    finally:
        sys.path.remove(str(tmp_path))
    state = yaml.safe_load((ROOT / "examples" / "round7.yaml").read_text(encoding="utf-8"))
    assert imported.score_game(copy.deepcopy(state)) == plain.score_game(copy.deepcopy(state))


def test_engine_is_the_pure_game_without_the_extension(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(native, "NATIVE", "gah.lab._no_such_module")
    assert native.engine() is game


def test_a_build_from_an_older_game_py_is_not_used(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A stale extension would play yesterday's rules of the lab: it is ignored, with one warning to rebuild."""
    stale = type(game)("gah.lab._stale_native")
    stale.BUILT_FROM = "0" * 64  # type: ignore[attr-defined]
    monkeypatch.setattr(native.importlib, "import_module", lambda name: stale)
    monkeypatch.delenv(native.PURE_ENV, raising=False)
    monkeypatch.setattr(native, "_WARNED", [])
    assert native.engine() is game
    assert native.engine() is game
    warning = capsys.readouterr().err
    assert warning.count("python -m gah.lab.native") == 1, warning
    assert native.runtime_module() is None, "the runtime's build is checked the same way"
    stale.BUILT_FROM = native.source_digest()  # type: ignore[attr-defined]
    assert native.engine() is stale
    stale.BUILT_FROM = native.runtime_digest()  # type: ignore[attr-defined]
    assert native.runtime_module() == native.RUNTIME_NATIVE


def test_compiled_picks_are_the_pure_ones() -> None:
    """The compiled plan reads distributions as the pure one does, from a table and by bisection."""
    try:
        compiled = importlib.import_module(native.NATIVE)
    except ImportError:
        pytest.skip("the compiled hot path is not built (the fast extra, then python -m gah.lab.native)")
    small = ((3, 7, 9), 9, (0, 1, 2))  # weights 3, 4, 2: a table
    large = ((1, 70000, 70001, 100000), 100000, (0, 1, 4, 5))  # weights adding up past TABLE_LIMIT: bisected
    numbers = [0, 1, (1 << 31) - 1, 1 << 31, (1 << 32) - 1, *range(12345, 1 << 32, 48611917)]
    for shape in (small, large):
        pure, fast = game.Pick(*shape), compiled.Pick(*shape)
        assert [fast.pick(r32) for r32 in numbers] == [pure.pick(r32) for r32 in numbers]
        assert bool(fast.table) == bool(pure.table) == (shape is small)


def test_the_benchmark_times_the_compiled_lab_alone() -> None:
    """The guide's (gah docs lab) `bench_lab.py 100000 --rounds 1 --variants native`, on a few games: only the compiled
    variant runs (no baseline export), on one worker and on two, and both give the same report."""
    if not native.built():
        pytest.skip("the compiled hot path is not built (the fast extra, then python -m gah.lab.native)")
    bench = [sys.executable, str(ROOT / "benchmarks" / "bench_lab.py")]
    done = subprocess.run([*bench, "30", "--rounds", "1", "--variants", "native"], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    rows = [
        line.split() for line in done.stdout.splitlines() if line.strip().startswith(("native", "baseline", "pure"))
    ]
    assert [row[:2] for row in rows] == [["native", "1"], ["native", "2"]]
    assert all(row[-1] == "yes" for row in rows)
    assert "identical reports across variants and worker counts: yes" in done.stdout
    wrong = subprocess.run([*bench, "30", "--variants", "nativ"], capture_output=True, text=True)
    assert wrong.returncode == 2 and "unknown variant(s) nativ" in wrong.stderr
