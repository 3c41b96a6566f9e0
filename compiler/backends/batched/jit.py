"""The decorator of every batched kernel: numba's njit, compiled on first use and cached on disk.

numba ships wheels with its own LLVM for Linux, macOS and Windows, so a plain `pip install` needs no compiler;
the first call of a kernel compiles it (and every kernel it calls) and writes the machine code into the user's
cache folder (the platform's: `~/.cache/gah/kernels` on Linux; `GAH_CACHE_DIR` overrides it, and numba's own
NUMBA_CACHE_DIR still comes first), never inside the installed package; later processes only load it. A cache
folder gah cannot write falls back to this user's private folder in the temporary folder (gah.user_cache:
never one another user could have made or written in), else to none: the kernels are compiled for the run
only; a kernel that cannot be saved (a full disk) is used as compiled. A damaged cache file (an interrupted
first run) is removed and compiled again. Each of these is said in one line that names the folder.
NUMBA_DISABLE_JIT=1 runs the same kernels as plain Python (for debugging and coverage).

A kernel's machine code holds every kernel it calls, but numba's cache knows only the kernel's own file: a
change to a called kernel in another file would leave the caller's cached code stale. So a kernel's cache
is also stamped with a digest of every source of this package and of the kernel's own folder.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import pickle
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any, TypeVar, cast

import numba
from numba.core import caching
from numba.core.registry import cpu_target

from ...said import notice, said
from ...user_cache import CACHE_VARIABLE as CACHE_VARIABLE  # the variable's name, for the tests
from ...user_cache import Unwritable, kernels_folder, kernels_home
from ...user_cache import cache_root as cache_root  # the folder, for the tests

F = TypeVar("F", bound=Callable[..., Any])

_NJIT = numba.njit(cache=True, nogil=True)
_BARE = cast(Any, numba.njit)(cache=True, nogil=True, _nrt=False)  # _nrt: not in numba's stubs
_INLINED = numba.njit(inline="always", nogil=True)


def kernel(function: F) -> F:
    """Compile `function` with numba (nopython mode, cached); typed as the function itself for mypy."""
    return cast(F, _NJIT(function))


def bare_kernel(function: F) -> F:
    """As kernel, without numba's reference counting of arrays (its runtime, NRT): every array a call passes
    costs two atomic operations otherwise, the most of a small kernel's time. A bare kernel allocates nothing
    and calls only bare kernels; an array it returns is a view of one it was given (a kernel with NRT would
    count a reference it does not hold), so only bare kernels call those."""
    return cast(F, _BARE(function))


def inlined(function: F) -> F:
    """A helper compiled in place at each call, by numba before LLVM (the lab's turns, plan and deal): a call of
    a compiled helper that takes arrays passes them word by word and counts their references, which cost more
    than most of those helpers do (inlining them made the turns about twice as fast). Around a call of a kernel
    that is not inlined (compress) inside an inlined helper, numba still counts a reference to each array the
    helper took, so such loops call compress directly (batched_plan). Its machine code is cached within the
    kernels that call it."""
    return cast(F, _INLINED(function))


def cached_here(function: Callable[..., Any]) -> bool:
    """Whether numba's cache holds machine code of this kernel for this machine and these sources (so its first
    call only loads it). True when numba's cache cannot be read that way: this only chooses whether to say that
    a first call compiles."""
    try:
        index = function._cache._cache_file._load_index()  # type: ignore[attr-defined]
        magic = cpu_target.target_context.codegen().magic_tuple()
        return any(key[1] == magic for key in index)
    except Exception:  # numba's private cache API changed: assume cached rather than fail
        return True


@cache
def sources_digest(folder: Path) -> bytes:
    """A digest of the Python sources of this package and of `folder` (names and contents)."""
    digest = hashlib.sha256()
    for root in sorted({Path(__file__).resolve().parent, folder.resolve()}):
        for path in sorted(root.glob("*.py")):
            digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.digest()


class _PackageStamp:
    """A numba cache locator whose stamp adds sources_digest() of the cached function's folder."""

    _py_file: str

    def get_source_stamp(self) -> Any:
        return (super().get_source_stamp(), sources_digest(Path(self._py_file).parent))  # type: ignore[misc]


_subpath: Any = caching._CacheLocator.get_suitable_cache_subpath  # numba's folder name: parent name and hash


class _GahCache(_PackageStamp, caching._SourceFileBackedLocatorMixin, caching._CacheLocator):
    """The kernels' machine code in the folder kernels_home() chose (NUMBA_CACHE_DIR, else cache_root()/kernels,
    else this user's private folder in the temporary folder), one folder per source folder (as numba names
    them)."""

    def __init__(self, py_func: Any, py_file: str) -> None:
        self._py_file = py_file
        self._lineno = py_func.__code__.co_firstlineno
        self._cache_path = str(self.base() / _subpath(py_file))

    @staticmethod
    def base() -> Path:
        return kernels_home().folder or kernels_folder()

    def get_cache_path(self) -> str:
        return self._cache_path

    @classmethod
    def from_function(cls, py_func: Any, py_file: str) -> Any:
        if not os.path.exists(py_file) or kernels_home().folder is None:
            return None
        locator = cls(py_func, py_file)
        try:
            _ensure: Any = locator.ensure_cache_path
            _ensure()
        except OSError as error:
            notice(Unwritable(cls.base(), error).said(said("cli.cache.kernels_this_run")))
            return None
        return locator


class _Unkept(_GahCache):
    """Where no folder can be written: the kernels' folder is read (machine code compiled before loads), and
    nothing is saved (the kernels are compiled for this process only)."""

    @staticmethod
    def base() -> Path:
        return kernels_folder()

    @classmethod
    def from_function(cls, py_func: Any, py_file: str) -> Any:
        return cls(py_func, py_file) if os.path.exists(py_file) else None


# In place of numba's locators (a cache stamped by numba's never matches ours): the folder kernels_home() chose,
# else none (the kernels' folder only read); never the installed package's __pycache__.
caching.CacheImpl._locator_classes = [_GahCache, _Unkept]

# A kernel that cannot be saved (a full disk, a folder made read-only meanwhile) is said once, in a line that
# names the folder, and the run goes on with the machine code it compiled: a cache only saves time. The index
# that may name the machine code not written is removed, so that the next run knows it compiles.
_KEEPING: list[bool] = [True]
_save_overload: Any = caching.Cache._save_overload


def _save_or_go_on(self: Any, sig: Any, data: Any) -> None:
    locator = self._impl.locator
    if isinstance(locator, _Unkept) or not _KEEPING:
        return
    try:
        _save_overload(self, sig, data)
    except OSError as error:
        _KEEPING.clear()
        with contextlib.suppress(OSError):
            os.unlink(self._cache_file._index_path)
        notice(Unwritable(locator.base(), error).said(said("cli.cache.kernels_this_run")))


setattr(caching.Cache, "_save_overload", _save_or_go_on)  # noqa: B010 (mypy: no method assignment)

# A cache file that cannot be unpickled (cut short by a full disk or a killed first run, or garbled) would
# raise from numba on every later run; numba's loader is wrapped so that such a file is removed and compiled
# again. Only gah's process uses numba, so patching its cache file class touches no one else.
_DAMAGED = (EOFError, pickle.UnpicklingError, ValueError, TypeError, AttributeError, ImportError, IndexError)
_load_index: Any = caching.IndexDataCacheFile._load_index
_load_data: Any = caching.IndexDataCacheFile._load_data


def _forget_damaged(path: str) -> None:
    notice(said("cli.cache.damaged", folder=str(Path(path).parent)))
    with contextlib.suppress(OSError):
        os.unlink(path)


def _tolerant_index(self: Any) -> Any:
    try:
        return _load_index(self)
    except _DAMAGED:
        _forget_damaged(self._index_path)
        return {}
    except OSError:  # a folder that cannot be read (the kernels' folder of _Unkept is a file, say): nothing cached
        return {}


def _tolerant_data(self: Any, name: str) -> Any:
    try:
        return _load_data(self, name)
    except _DAMAGED:
        _forget_damaged(self._data_path(name))
        raise OSError(f"damaged cache file {name}") from None  # numba's load() takes OSError as "not cached"


setattr(caching.IndexDataCacheFile, "_load_index", _tolerant_index)  # noqa: B010 (mypy: no method assignment)
setattr(caching.IndexDataCacheFile, "_load_data", _tolerant_data)  # noqa: B010
