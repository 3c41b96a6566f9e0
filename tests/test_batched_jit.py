"""The kernels' disk cache: a kernel that calls a kernel of another file is compiled again when that file
changes (numba's own stamp, the kernel's file alone, would load the caller's stale machine code)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from helpers_rules import ROOT

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
