"""Helpers of the lab's batched kernels that numba compiles into each kernel that calls them.

numba's call of a compiled function that takes arrays (or NamedTuples of arrays) counts references on every
array it passes, which costs more than most of the turns' helpers do; a helper marked `inlined` is compiled in
place at each call instead (by numba, before LLVM), so it costs no call at all. Kernels called from Python keep
compiler.backends.batched.jit.kernel (their machine code, with every helper inlined in it, is cached on disk).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

import numba

F = TypeVar("F", bound=Callable[..., Any])

_INLINED = numba.njit(inline="always", nogil=True)


def inlined(function: F) -> F:
    """Compile `function` into every kernel that calls it; typed as the function itself for mypy."""
    return cast(F, _INLINED(function))
