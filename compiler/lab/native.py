"""The lab's hot path compiled with mypyc: an optional speed-up, the same numbers.

`python -m compiler.lab.native` compiles a copy of compiler/lab/game.py (the
synthetic turns, the plan of a game, the play loop) into the C extension
compiler.lab._game_native, next to it; the runner uses it whenever it imports
(GAH_LAB_PURE=1 says not to). It needs mypyc, which comes with mypy:
pip install 'grand-austria-rules[fast]'. The plain install never builds it, and
the generated scoring modules are not compiled: they stay pure standard library.
`python -m compiler.lab.native --remove` deletes the extension again.
"""

from __future__ import annotations

import hashlib
import importlib
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from types import ModuleType

from compiler.lab import game

NATIVE = "compiler.lab._game_native"
PURE_ENV = "GAH_LAB_PURE"
LAB = Path(__file__).resolve().parent

_BUILD = """
import sys
from setuptools import setup
from mypyc.build import mypycify

source, temp = sys.argv[1], sys.argv[2]
setup(
    name="gah-lab-native",
    packages=[],  # no package discovery: the project itself is built by its own backend
    py_modules=[],
    ext_modules=mypycify([source], opt_level="3", target_dir=temp),
    script_args=["--quiet", "build_ext", "--inplace", "--build-temp", temp],
)
"""


_WARNED: list[bool] = []  # the stale-build warning is printed once per process


def source_digest() -> str:
    """The SHA-256 of compiler/lab/game.py: a build records it, and is used only while it still matches."""
    return hashlib.sha256((LAB / "game.py").read_bytes()).hexdigest()


def engine() -> ModuleType:
    """The module that plays the lab's games: the compiled copy of `game` if built from today's game.py (and
    allowed), else `game`. A build from an older game.py is ignored, with a warning to rebuild."""
    if os.environ.get(PURE_ENV) != "1":
        try:
            native = importlib.import_module(NATIVE)
        except ImportError:
            return game
        if getattr(native, "BUILT_FROM", None) == source_digest():
            return native
        if not _WARNED:
            _WARNED.append(True)
            print(
                "gah: the lab's compiled hot path is older than compiler/lab/game.py and is not used; "
                "rebuild it with: python -m compiler.lab.native",
                file=sys.stderr,
            )
    return game


def built() -> list[Path]:
    return sorted(LAB.glob("_game_native*.so")) + sorted(LAB.glob("_game_native*.pyd"))


def build() -> int:
    """Compile the copy in place (under the folder that holds the compiler package); 0 if it worked."""
    root = LAB.parent.parent
    copy = LAB / "_game_native.py"
    with tempfile.TemporaryDirectory(prefix="gah-native-") as temp:
        text = (LAB / "game.py").read_text(encoding="utf-8")
        copy.write_text(f"{text}\n\nBUILT_FROM = {source_digest()!r}\n", encoding="utf-8")
        try:
            done = subprocess.run(
                [sys.executable, "-W", "ignore", "-c", _BUILD, str(copy.relative_to(root)), temp], cwd=root, check=False
            )
        finally:
            copy.unlink()
    if done.returncode != 0:
        print("compiler.lab.native: the build failed (is mypy installed? pip install mypy)", file=sys.stderr)
        return 1
    print(f"compiler.lab.native: built {', '.join(p.name for p in built())}")
    return 0


def remove() -> int:
    for path in built():
        path.unlink()
        print(f"compiler.lab.native: removed {path.name}")
    return 0


def main(argv: list[str]) -> int:
    if argv == ["--remove"]:
        return remove()
    if argv:
        print("usage: python -m compiler.lab.native [--remove]", file=sys.stderr)
        return 2
    return build()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
