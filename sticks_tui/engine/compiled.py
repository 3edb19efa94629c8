"""numba, loaded only when a compiled kernel is asked for (the optional extra
``sticks-tui[fast]``): the one way the engine's kernels are compiled, each once a process and
kept in numba's cache on disk, and the one way they say why they cannot be had.

The kernels: the hat AI's take-away self-play (:mod:`.learners.hats.compiled`) and an octal
game's Grundy values (:mod:`.games.octal_compiled`). Each is plain integer code that runs,
slowly, without numba (their tests use that); nothing here imports numba until
:func:`compile_kernel` is called.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

#: What ``pip`` installs numba with, as the refusals say it.
INSTALL_FAST = "pip install 'sticks-tui[fast]'"


class KernelUnavailable(Exception):
    """numba is not installed, or the kernel did not compile; the message says which, in one
    line."""


def compile_kernel(function: Any, warm_up: Callable[[Any], object], what: str) -> Any:
    """``function`` compiled by numba (``nogil``), and called once by ``warm_up`` so that it is
    compiled (or loaded from numba's cache) with the argument types it will get. Cached on disk
    (beside the module, else in the user's cache folder, or where ``NUMBA_CACHE_DIR`` says), so
    that a later run loads it instead of compiling again; where no cache can be written (no
    folder numba may write, a full disk), compiled for this run alone, without a word.

    Raises :class:`KernelUnavailable` with a one-line reason (``what``: the kernel's name in
    words, "the training loop") when it cannot be had.
    """
    try:
        import numba
    except ImportError:
        raise KernelUnavailable(
            f"numba is not installed ({INSTALL_FAST} installs it)"
        ) from None
    failures = (numba.core.errors.NumbaError, ImportError, OSError, RuntimeError, TypeError,
                ValueError)
    try:
        try:
            kernel = numba.njit(cache=True, nogil=True)(function)
            warm_up(kernel)
        except (RuntimeError, OSError):  # the cache: no locator can write, or saving failed
            kernel = numba.njit(nogil=True)(function)
            warm_up(kernel)
    except failures as error:
        first = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
        raise KernelUnavailable(f"numba could not compile {what}: {first[:160]}") from None
    return kernel
