"""Helpers of the lab's batched kernels that numba compiles into each kernel that calls them.

A call of a compiled helper that takes arrays (or NamedTuples of arrays, as GameArrays) costs more than most
of the turns' helpers do: the arguments are passed word by word and their references counted. A helper marked
`inlined` is compiled in place at each call instead (by numba, before LLVM): the turns ran about twice as fast.
One catch: around a call of a kernel that is not inlined (compress) inside an inlined helper, numba still
counts a reference to each array the helper took, so such loops call compress directly (batched_plan).
Kernels called from Python keep compiler.backends.batched.jit.kernel (their machine code, every inlined
helper in it, is cached on disk and stamped with the sources' digest).
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
