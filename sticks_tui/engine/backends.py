"""Who plays a learner's fast loops: ``python``, or a faster backend a learner's kind declares
(:attr:`~.learners.kind.LearnerKind.backends`: which game it fits, how it is loaded, how it
takes over a run). Training asks by name (:func:`fast_run`); ``auto`` takes the first backend
that can be had and falls back to python quietly. The one declared today is numba's compiled
take-away self-play (the extra ``sticks-tui[fast]``), which plays the very games of the python
loop (the tests prove it).
"""

from __future__ import annotations

import random
from typing import Any

from .learners import learner_kind, learner_kinds
from .learners.fast import Backend, BackendUnavailable
from .opponents import SELF, Opponent, Schedule, SelfPlay

__all__ = [
    "AUTO", "PYTHON", "Backend", "BackendUnavailable", "backend_for", "backend_names",
    "check_backend", "fast_run",
]

AUTO = "auto"
PYTHON = "python"


def _declared() -> dict[str, list[Backend]]:
    """Every backend the learners declare, by name (one name may serve several learners)."""
    found: dict[str, list[Backend]] = {}
    for kind in learner_kinds():
        for backend in kind.backends:
            found.setdefault(backend.name, []).append(backend)
    return found


def backend_names() -> tuple[str, ...]:
    """Every name ``backend`` may be: ``auto``, ``python`` and each backend a learner
    declares."""
    return (AUTO, PYTHON, *_declared())


def backend_for(
    name: str, rules: Any, learner: str, against: Opponent | Schedule = SELF
) -> str:
    """The backend that will play this learner's (its registry name's) self-play in this game
    ``against`` these opponents when ``name`` is asked for: ``python`` where none fits, where
    the learner never plays itself (a backend plays only self-play: none is loaded, numba's
    half second of import spared) or (``auto``) none can be had; :class:`BackendUnavailable`
    when the one named cannot."""
    check_backend(name)
    if name == PYTHON or not _plays_itself(against):
        return PYTHON
    for backend in learner_kind(learner).backends:
        if name in (AUTO, backend.name) and backend.fits(rules) and _loads(backend, name):
            return backend.name
    return PYTHON


def fast_run(run: Any, rng: random.Random, name: str) -> Any:
    """``run`` played by the backend ``name`` asks for, where one takes it; else ``run``
    itself. ``auto`` falls back silently; a named backend raises :class:`BackendUnavailable`."""
    for backend in _asked(name):
        if backend.plays(run) and _loads(backend, name):
            return backend.take_over(run, rng)
    return run


def _plays_itself(against: Opponent | Schedule) -> bool:
    """Whether ``against`` (an opponent, or a schedule's legs) has the learner play itself."""
    if isinstance(against, (list, tuple)):
        return any(isinstance(leg[0], SelfPlay) and leg[1] > 0 for leg in against)
    return isinstance(against, SelfPlay)


def _loads(backend: Backend, asked: str) -> bool:
    """Whether ``backend`` is loaded now: asked for by name, one that cannot be had raises
    :class:`BackendUnavailable`; asked for as ``auto``, it is passed over (False)."""
    try:
        backend.load()
    except BackendUnavailable:
        if asked != AUTO:
            raise
        return False
    return True


def check_backend(name: str) -> None:
    """:class:`ValueError` for a name that is no backend."""
    if name not in backend_names():
        names = ", ".join(backend_names())
        raise ValueError(f"unknown backend {name!r:.30}: give one of {names}")


def _asked(name: str) -> list[Backend]:
    check_backend(name)
    if name == PYTHON:
        return []
    declared = _declared()
    if name == AUTO:
        return [backend for backends in declared.values() for backend in backends]
    return declared[name]
