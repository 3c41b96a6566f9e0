"""The lab's hot path compiled with mypyc: an optional speed-up, the same numbers.

`python -m gah.lab.native` compiles, next to this file, two C extensions:

- gah.lab.engine._game_native, a copy of compiler/lab/engine/game.py (the synthetic
  turns, the plan of a game, the play loop);
- gah.lab.engine._runtime_native, the scoring runtime (compiler/backends/python/
  runtime/, as one module: the text every generated module copies). The lab
  then loads each ruleset's module with its copy of the runtime replaced by an
  import from the compiled one; the ruleset's own code stays interpreted.

The lab's jobs (gah.lab.runs.jobs) use them whenever they import and were built from today's sources
(a stale build is ignored, with a warning); GAH_LAB_PURE=1 says not to. It needs
mypyc, which comes with mypy: pip install 'grand-austria-rules[fast]'. The plain
install never builds them, and the generated scoring modules in generated/ stay
pure standard library. `python -m gah.lab.native --remove` deletes them.
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

from ...backends.python.standalone import runtime_module_text
from . import game

PACKAGE = __name__.rpartition(".")[0]  # gah.lab.engine, as imported
NATIVE = f"{PACKAGE}._game_native"
RUNTIME_NATIVE = f"{PACKAGE}._runtime_native"
PURE_ENV = "GAH_LAB_PURE"
ENGINE = Path(__file__).resolve().parent
TOP = PACKAGE.partition(".")[0]  # the import name: gah

_BUILD = """
import sys
from setuptools import setup
from mypyc.build import mypycify

temp, source = sys.argv[1], sys.argv[2]
setup(
    name="gah-lab-native",
    packages=[],  # no package discovery: the project itself is built by its own backend
    py_modules=[],
    ext_modules=mypycify([source], opt_level="3", target_dir=temp),
    script_args=["--quiet", "build_ext", "--inplace", "--build-temp", temp],
)
"""

_WARNED: list[bool] = []  # the stale-build warning is printed once per process


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def source_digest() -> str:
    """The SHA-256 of compiler/lab/engine/game.py: a build records it, and is used only while it still matches."""
    return _digest((ENGINE / "game.py").read_text(encoding="utf-8"))


def runtime_digest() -> str:
    """The SHA-256 of the runtime as one module: the compiled runtime is used only while it still matches."""
    return _digest(runtime_module_text())


def _current(name: str, digest: str) -> ModuleType | None:
    """The compiled module `name` if it is built, allowed, and built from the source of `digest`."""
    if os.environ.get(PURE_ENV) == "1":
        return None
    try:
        native = importlib.import_module(name)
    except ImportError:
        return None
    if getattr(native, "BUILT_FROM", None) == digest:
        return native
    if not _WARNED:
        _WARNED.append(True)
        print(
            "gah: the lab's compiled hot path is older than its sources and is not used; "
            "rebuild it with: python -m gah.lab.native",
            file=sys.stderr,
        )
    return None


def engine() -> ModuleType:
    """The module that plays the lab's games: the compiled copy of `game` if it is current, else `game`."""
    return _current(NATIVE, source_digest()) or game


def runtime_module() -> str | None:
    """The name of the compiled runtime the lab's scoring modules may import, if it is current."""
    return RUNTIME_NATIVE if _current(RUNTIME_NATIVE, runtime_digest()) is not None else None


def built() -> list[Path]:
    """The extensions (and their support libraries) a build left next to this file."""
    return sorted(p for p in ENGINE.glob("_*_native*") if p.suffix in (".so", ".pyd"))


def build() -> int:
    """Compile both copies in place; 0 if it worked."""
    with tempfile.TemporaryDirectory(prefix="gah-native-root-") as root_folder:
        # mypyc names an extension after its path: the package's folder must carry the import name, `gah`,
        # which the repository's folder (compiler/) does not; a link under that name gives it.
        root = Path(root_folder)
        (root / TOP).symlink_to(ENGINE.parents[1], target_is_directory=True)
        return _build_under(root)


def _build_under(root: Path) -> int:
    """Compile both copies with `root` as the folder that holds the package under its import name."""
    engine = root / TOP / ENGINE.relative_to(ENGINE.parents[1])
    copies = {
        ENGINE / "_game_native.py": ((ENGINE / "game.py").read_text(encoding="utf-8"), source_digest()),
        ENGINE / "_runtime_native.py": (runtime_module_text(), runtime_digest()),
    }
    failed = False
    for path, (text, digest) in copies.items():  # one build each: each extension gets its own support library
        with tempfile.TemporaryDirectory(prefix="gah-native-") as temp:
            path.write_text(f"{text}\n\nBUILT_FROM = {digest!r}\n", encoding="utf-8")
            try:
                source = engine / path.name
                command = [sys.executable, "-W", "ignore", "-c", _BUILD, temp, str(source.relative_to(root))]
                failed = failed or subprocess.run(command, cwd=root, check=False).returncode != 0
            finally:
                path.unlink()
    if failed:
        print("gah.lab.native: the build failed (is mypy installed? pip install mypy)", file=sys.stderr)
        return 1
    print(f"gah.lab.native: built {', '.join(p.name for p in built())}")
    return 0


def remove() -> int:
    for path in built():
        path.unlink()
        print(f"gah.lab.native: removed {path.name}")
    return 0


def main(argv: list[str]) -> int:
    if argv == ["--remove"]:
        return remove()
    if argv:
        print("usage: python -m gah.lab.native [--remove]", file=sys.stderr)
        return 2
    return build()
