"""The decorator of every batched kernel: numba's njit, compiled on first use and cached on disk.

numba ships wheels with its own LLVM for Linux, macOS and Windows, so a plain `pip install` needs no compiler;
the first call of a kernel compiles it (and every kernel it calls) and writes the machine code next to the source
(or, where that folder is read-only, in the user's cache folder), so later processes only load it.
NUMBA_DISABLE_JIT=1 runs the same kernels as plain Python (for debugging and coverage).

A kernel's machine code holds every kernel it calls, but numba's cache knows only the kernel's own file: a
change to a called kernel in another file would leave the caller's cached code stale. So a kernel's cache
is also stamped with a digest of every source of this package and of the kernel's own folder.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any, TypeVar, cast

import numba
from numba.core import caching
from numba.core.registry import cpu_target

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


class _InTree(_PackageStamp, caching.InTreeCacheLocator):
    pass


class _UserWide(_PackageStamp, caching.UserWideCacheLocator):
    pass


# In place of numba's own (the same folders and file names: a cache stamped by numba's never matches ours);
# a NUMBA_CACHE_DIR the user sets still comes first.
_LOCATORS = caching.CacheImpl._locator_classes
for _index, _locator in enumerate(_LOCATORS):
    if _locator is caching.InTreeCacheLocator:
        _LOCATORS[_index] = _InTree
    elif _locator is caching.UserWideCacheLocator:
        _LOCATORS[_index] = _UserWide
