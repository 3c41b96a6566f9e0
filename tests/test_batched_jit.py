"""The kernels' disk cache: a kernel that calls a kernel of another file is compiled again when that file
changes (numba's own stamp, the kernel's file alone, would load the caller's stale machine code)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from helpers_rules import ROOT

from compiler.backends.batched import jit
from compiler.lab.runs import batches

CALLEE = "from compiler.backends.batched.jit import kernel\n\n\n@kernel\ndef f(x: int) -> int:\n    return x + {}\n"
CALLER = (
    "from compiler.backends.batched.jit import kernel\nfrom callee import f\n\n\n"
    "@kernel\ndef g(x: int) -> int:\n    return f(x) * 10\n\n\nprint(g(1))\n"
)


def run(folder: Path) -> str:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(folder)])}
    env.pop("NUMBA_DISABLE_JIT", None)
    done = subprocess.run([sys.executable, str(folder / "caller.py")], env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_a_changed_callee_recompiles_its_callers(tmp_path: Path) -> None:
    (tmp_path / "callee.py").write_text(CALLEE.format(1))
    (tmp_path / "caller.py").write_text(CALLER)
    assert run(tmp_path) == "20"
    assert any(path.suffix == ".nbi" for path in (tmp_path / "__pycache__").iterdir())  # cached
    (tmp_path / "callee.py").write_text(CALLEE.format(2))
    assert run(tmp_path) == "30"


PROBE = (
    "from compiler.backends.batched.jit import cached_here\nfrom callee import f\n\n\n"
    "print('cached' if cached_here(f) else 'to compile')\n"
)


def test_cached_here_tells_whether_a_first_call_compiles(tmp_path: Path) -> None:
    """cached_here (which chooses whether gah says it is compiling) is False before the first call and after a
    change of the sources, True once the machine code is on disk."""
    (tmp_path / "callee.py").write_text(CALLEE.format(1))
    (tmp_path / "caller.py").write_text(PROBE)
    assert run(tmp_path) == "to compile"
    (tmp_path / "caller.py").write_text(PROBE + "f(1)\n")
    assert run(tmp_path) == "to compile"  # the probe runs before the call
    assert run(tmp_path) == "cached"
    (tmp_path / "callee.py").write_text(CALLEE.format(2))
    assert run(tmp_path) == "to compile"


def test_gah_says_when_the_kernels_compile(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """The first batched run after an install says why it starts slowly; a run on cached kernels says nothing."""
    monkeypatch.setattr(jit, "cached_here", lambda function: False)
    batches.say_if_compiling()
    assert capsys.readouterr().err == batches.COMPILING + "\n"
    monkeypatch.setattr(jit, "cached_here", lambda function: True)
    batches.say_if_compiling()
    assert capsys.readouterr().err == ""
