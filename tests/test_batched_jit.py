"""The kernels' disk cache: a kernel that calls a kernel of another file is compiled again when that file
changes (numba's own stamp, the kernel's file alone, would load the caller's stale machine code)."""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
from pathlib import Path

import pytest
from gah.backends.batched import jit
from gah.lab.runs import warm
from helpers_rules import ROOT

CALLEE = "from gah.backends.batched.jit import kernel\n\n\n@kernel\ndef f(x: int) -> int:\n    return x + {}\n"
CALLER = (
    "from gah.backends.batched.jit import kernel\nfrom callee import f\n\n\n"
    "@kernel\ndef g(x: int) -> int:\n    return f(x) * 10\n\n\nprint(g(1))\n"
)


def run(folder: Path, cache: Path | None = None) -> str:
    """caller.py's output, run in a fresh process with the compile cache in `cache` (default: folder/cache)."""
    return run_process(folder, cache)[0]


def run_process(folder: Path, cache: Path | None = None) -> tuple[str, str]:
    """caller.py's output and stderr, with the compile cache in `cache` and the temporary folder folder/tmp."""
    inherited = [os.environ["PYTHONPATH"]] if os.environ.get("PYTHONPATH") else []
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([*inherited, str(ROOT), str(folder)])}
    env[jit.CACHE_VARIABLE] = str(cache or folder / "cache")
    env.pop("NUMBA_DISABLE_JIT", None)
    env.pop("NUMBA_CACHE_DIR", None)
    (folder / "tmp").mkdir(exist_ok=True)
    env["TMPDIR"] = str(folder / "tmp")
    done = subprocess.run([sys.executable, str(folder / "caller.py")], env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip(), done.stderr


def cache_files(folder: Path, suffix: str) -> list[Path]:
    return sorted(path for path in folder.rglob(f"*{suffix}"))


def test_a_changed_callee_recompiles_its_callers(tmp_path: Path) -> None:
    (tmp_path / "callee.py").write_text(CALLEE.format(1))
    (tmp_path / "caller.py").write_text(CALLER)
    assert run(tmp_path) == "20"
    assert cache_files(tmp_path / "cache" / "kernels", ".nbi")  # cached, in GAH_CACHE_DIR
    (tmp_path / "callee.py").write_text(CALLEE.format(2))
    assert run(tmp_path) == "30"


PROBE = (
    "from gah.backends.batched.jit import cached_here\nfrom callee import f\n\n\n"
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
    warm.compile_first(lambda: None)
    assert capsys.readouterr().err.startswith("gah: compiling the lab's kernels for this machine before the games")
    monkeypatch.setattr(jit, "cached_here", lambda function: True)
    warm.compile_first(lambda: None)
    assert capsys.readouterr().err == ""


def test_the_compile_cache_lives_in_the_user_cache_folder_never_beside_the_sources(tmp_path: Path) -> None:
    (tmp_path / "callee.py").write_text(CALLEE.format(1))
    (tmp_path / "caller.py").write_text(CALLER)
    assert run(tmp_path) == "20"
    assert len(cache_files(tmp_path / "cache" / "kernels", ".nbc")) == 2  # f and g, one machine code each
    assert cache_files(tmp_path, ".nbi") == cache_files(tmp_path / "cache", ".nbi"), "nothing in __pycache__"
    env = {k: v for k, v in os.environ.items() if k not in (jit.CACHE_VARIABLE, "XDG_CACHE_HOME")}
    code = "from gah.backends.batched import jit; print(jit.cache_root())"
    shown = subprocess.run(
        [sys.executable, "-c", code],
        env={**env, "XDG_CACHE_HOME": str(tmp_path / "xdg")},
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    if sys.platform.startswith("linux"):
        assert shown.stdout.strip() == str(tmp_path / "xdg" / "gah")


@pytest.mark.parametrize("damage", ["truncate", "garble"])
def test_a_damaged_cache_is_compiled_again_with_one_line(tmp_path: Path, damage: str) -> None:
    """A cut-short or garbled cache file (a full disk, a killed first run) is removed and compiled again, once."""
    (tmp_path / "callee.py").write_text(CALLEE.format(1))
    (tmp_path / "caller.py").write_text(CALLER)
    assert run(tmp_path) == "20"
    for path in cache_files(tmp_path / "cache", ".nbi") + cache_files(tmp_path / "cache", ".nbc"):
        data = path.read_bytes()
        path.write_bytes(data[: len(data) // 3] if damage == "truncate" else bytes(b ^ 0x5A for b in data))
    out, err = run_process(tmp_path)
    assert out == "20"
    assert err.count("gah: the compile cache in ") == 1 and "was damaged; compiling the lab's kernels again" in err
    assert "Traceback" not in err
    assert run_process(tmp_path) == ("20", ""), "the rebuilt cache loads silently"


def test_a_cache_folder_gah_cannot_write_falls_back_to_the_temporary_folder(tmp_path: Path) -> None:
    (tmp_path / "callee.py").write_text(CALLEE.format(1))
    (tmp_path / "caller.py").write_text(CALLER)
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the cache folder should be")
    out, err = run_process(tmp_path, blocker)
    assert out == "20"
    [line] = err.strip().splitlines()
    [fallback] = (tmp_path / "tmp").glob("gah-kernels-*")
    assert line.startswith(f"gah: cannot write in {blocker / 'kernels'} (")
    assert line.endswith(f"); the lab's compiled kernels go to {fallback}")
    assert cache_files(fallback, ".nbi")
    if sys.platform != "win32":
        assert fallback.stat().st_mode & 0o777 == 0o700, "made for this user alone"


class _Planted:
    """What another user could put in a shared folder: an index whose unpickling runs their code."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (exec, (f"open({str(self.marker)!r}, 'w').write('planted')",))


def test_a_temporary_folder_another_user_could_write_in_is_never_read(tmp_path: Path) -> None:
    """The fallback's name is predictable: a folder of that name that others can write in (here: made 0777, an
    index planted in it) is refused in one line, nothing in it is read, and the kernels are compiled anew."""
    (tmp_path / "callee.py").write_text(CALLEE.format(1))
    (tmp_path / "caller.py").write_text(CALLER)
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the cache folder should be")
    assert run(tmp_path, blocker) == "20"  # the fallback made, as this user's own (the test above)
    [fallback] = (tmp_path / "tmp").glob("gah-kernels-*")
    marker = tmp_path / "planted"
    planted = cache_files(fallback, ".nbi")
    for index in planted:
        index.write_bytes(pickle.dumps(_Planted(marker)))
    fallback.chmod(0o777)
    out, err = run_process(tmp_path, blocker)
    assert (out, marker.exists()) == ("20", False), "the planted index was not unpickled"
    owner = fallback.stat().st_uid
    assert err.splitlines() == [
        f"gah: not using {fallback}: another user could have written in it (owner {owner}, mode 0777)"
    ]
    assert planted and all(index.read_bytes() == pickle.dumps(_Planted(marker)) for index in planted)


FULL_DISK = """import errno
from numba.core import caching


def full(self, name, data):
    raise OSError(errno.ENOSPC, "No space left on device")


caching.IndexDataCacheFile._save_data = full
"""


def test_a_kernel_that_cannot_be_saved_is_used_as_compiled_with_one_line(tmp_path: Path) -> None:
    """A full disk under the compile cache (the machine code cannot be written): one line naming the folder, the
    kernels run as compiled, and no index is left to say they are cached (the next run compiles and keeps them)."""
    (tmp_path / "callee.py").write_text(CALLEE.format(1))
    (tmp_path / "caller.py").write_text(FULL_DISK + CALLER)
    out, err = run_process(tmp_path)
    kernels = tmp_path / "cache" / "kernels"
    assert out == "20"
    assert err.splitlines() == [
        f"gah: no space left on device in {kernels}; the lab's kernels are compiled for this run only"
    ]
    assert cache_files(kernels, ".nbi") == []
    (tmp_path / "caller.py").write_text(CALLER)
    assert run_process(tmp_path) == ("20", "") and cache_files(kernels, ".nbi")
