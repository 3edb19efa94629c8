"""Who plays a learner's fast self-play loop: a registry of backends, as the games are one.

``python`` plays every loop as the learner made it. A backend registers what it compiles
(:class:`Backend`: which learner and game it fits, how it is loaded, how it takes over a run)
and training asks the registry by name (:func:`fast_run`); ``auto`` takes the first registered
backend that can be had and falls back to python quietly. The one registered today is numba's
compiled take-away loop (:mod:`.learners.hats.compiled`, the extra ``sticks-tui[fast]``), which
plays the very games of the python loop (the tests prove it), for a learner whose entry says a
compiled loop plays it (:attr:`~.learners.kind.LearnerKind.compiled`).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .learners import learner_kind
from .learners.hats import compiled

AUTO = "auto"
PYTHON = "python"


class BackendUnavailable(Exception):
    """The backend cannot be had here (not installed, did not compile); the message says why,
    in one line."""


@dataclass(frozen=True)
class Backend:
    """A way to play some fast loops quicker, proven to leave the same brain."""

    name: str
    #: Whether it plays the self-play of this learner (its registry name) in this game.
    fits: Callable[[Any, str], bool]
    #: Whether it plays this run (a learner's fast loop).
    plays: Callable[[Any], bool]
    #: Loads it (once: later calls are free); :class:`BackendUnavailable` when it cannot be had.
    load: Callable[[], object]
    #: The run, played by the backend from now on (loaded first).
    take_over: Callable[[Any, random.Random], Any]


_BACKENDS: dict[str, Backend] = {}


def register_backend(backend: Backend) -> None:
    _BACKENDS[backend.name] = backend


def backend_names() -> tuple[str, ...]:
    """Every name ``backend`` may be: ``auto``, ``python`` and each registered backend."""
    return (AUTO, PYTHON, *_BACKENDS)


def backend_for(name: str, rules: Any, learner_kind: str) -> str:
    """The backend that will play this learner's self-play in this game when ``name`` is asked
    for: ``python`` where none fits or (``auto``) none can be had;
    :class:`BackendUnavailable` when the one named cannot."""
    for backend in _asked(name):
        if backend.fits(rules, learner_kind):
            try:
                backend.load()
            except BackendUnavailable:
                if name != AUTO:
                    raise
                continue
            return backend.name
    return PYTHON


def fast_run(run: Any, rng: random.Random, name: str) -> Any:
    """``run`` played by the backend ``name`` asks for, where one takes it; else ``run``
    itself. ``auto`` falls back silently; a named backend raises :class:`BackendUnavailable`."""
    for backend in _asked(name):
        if not backend.plays(run):
            continue
        try:
            backend.load()
        except BackendUnavailable:
            if name != AUTO:
                raise
            continue
        return backend.take_over(run, rng)
    return run


def check_backend(name: str) -> None:
    """:class:`ValueError` for a name that is no backend."""
    if name not in backend_names():
        names = ", ".join(backend_names())
        raise ValueError(f"unknown backend {name!r:.30}: give one of {names}")


def _asked(name: str) -> list[Backend]:
    check_backend(name)
    if name == PYTHON:
        return []
    return list(_BACKENDS.values()) if name == AUTO else [_BACKENDS[name]]


def _load_numba() -> object:
    try:
        return compiled.load_kernel()
    except compiled.KernelUnavailable as error:
        raise BackendUnavailable(str(error)) from None


#: numba's compiled take-away self-play of the hat AI (the extra ``sticks-tui[fast]``).
register_backend(Backend(
    "numba",
    fits=lambda rules, kind: learner_kind(kind).compiled(rules),
    plays=compiled.plays,
    load=_load_numba,
    take_over=lambda run, rng: compiled.CompiledSelfPlay(run, rng, _load_numba()),
))
