"""The decorator of every batched kernel: numba's njit, compiled on first use and cached on disk.

numba ships wheels with its own LLVM for Linux, macOS and Windows, so a plain `pip install` needs no compiler;
the first call of a kernel compiles it (and every kernel it calls) and writes the machine code next to the source
(or, where that folder is read-only, in the user's cache folder), so later processes only load it.
NUMBA_DISABLE_JIT=1 runs the same kernels as plain Python (for debugging and coverage).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

import numba

F = TypeVar("F", bound=Callable[..., Any])

_NJIT = numba.njit(cache=True, nogil=True)


def kernel(function: F) -> F:
    """Compile `function` with numba (nopython mode, cached); typed as the function itself for mypy."""
    return cast(F, _NJIT(function))
