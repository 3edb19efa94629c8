"""The registry of learners: AIs that learn a game by playing it, behind one :class:`Learner`
protocol, each registered here once as a :class:`~.kind.LearnerKind`.

* the hat AI (``hats``): seed 000's hats of numbered balls, for any game;
* the Q-learner (``q``): CS50 AI's Q-learning, for games whose table fits.

Both choose moves while learning (for either seat of a game), learn from how a game ended,
give their preferred move for hints and evaluation, carry their learning settings, and read
and write the same brain file (see :mod:`.base`); :func:`learner_from_dict` reads any of them.

A learner defined elsewhere (the tests' own) joins with :func:`register_learner`; from then on
brain files, the commands, the store and the app know it like the others, by asking its entry
(:func:`learner_kind`, :func:`kind_of`) rather than its name.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Any, cast

from ..game import Rules
from .base import BrainError, LearnsInPlay, read_header
from .hats.kind import KIND as HATS_KIND
from .kind import LearnerKind
from .q.kind import KIND as Q_KIND

if TYPE_CHECKING:
    from .hats.brain import HatBrain
    from .q.learner import QLearner

__all__ = [
    "kind_of",
    "learner_from_dict",
    "learner_kind",
    "learner_kinds",
    "learner_names",
    "learners_for",
    "lessons_of",
    "register_learner",
    "unregister_learner",
]

#: Learners by name, in the order registered.
_kinds: dict[str, LearnerKind[Any]] = {}


def register_learner(kind: LearnerKind[Any]) -> LearnerKind[Any]:
    """Add a learner; its name must be new, lower case, one word, and its settings' options and
    lab fields new too (they share the ``train`` command and the lab's form). Returns the
    entry."""
    name = kind.name
    if not name or name != name.lower() or not name.replace("-", "").isalnum():
        raise ValueError(f"a learner's name is one lower-case word, got {name!r}")
    if name in _kinds:
        raise ValueError(f"the learner name {name!r} is taken")
    for other in _kinds.values():
        for mine, theirs, what in (
            (_options(kind), _options(other), "option"),
            (_fields(kind), _fields(other), "lab field"),
        ):
            taken = sorted(mine & theirs)
            if taken:
                raise ValueError(f"the {what} {taken[0]} is {other.name}'s setting already")
    _kinds[name] = kind
    return kind


def _options(kind: LearnerKind[Any]) -> set[str]:
    return {meta.option for meta in kind.settings_type.settings()}


def _fields(kind: LearnerKind[Any]) -> set[str]:
    return {meta.form_id for meta in kind.settings_type.settings()}


def unregister_learner(name: str) -> None:
    """Remove a learner added by :func:`register_learner` (a test's, once the test is done)."""
    del _kinds[name]


def learner_kinds() -> tuple[LearnerKind[Any], ...]:
    """Every registered learner, in the order registered (the first is the default)."""
    return tuple(_kinds.values())


def learner_names() -> tuple[str, ...]:
    """Every registered learner's name: ``("hats", "q")``."""
    return tuple(_kinds)


def learner_kind(name: str) -> LearnerKind[Any]:
    """The learner called ``name``; :class:`KeyError` names the learners there are."""
    try:
        return _kinds[name]
    except KeyError:
        raise KeyError(
            f"there is no learner {name!r:.30}: {', '.join(_kinds)} are registered"
        ) from None


def kind_of(learner: object) -> LearnerKind[Any]:
    """The registry entry of ``learner``: the one its ``kind`` names, if it owns it (a learner
    built on another's class is its own kind), else the first that owns it (by its class)."""
    named = _kinds.get(str(getattr(learner, "kind", "")))
    if named is not None and named.owns(learner):
        return named
    for kind in _kinds.values():
        if kind.owns(learner):
            return kind
    raise KeyError(f"{type(learner).__name__} is not a registered learner")


def learners_for(rules: Rules) -> tuple[LearnerKind[Any], ...]:
    """The learners offered for ``rules`` (the hat AI for every game, the others where they
    fit)."""
    return tuple(kind for kind in _kinds.values() if kind.fits(rules))


def learner_from_dict(
    data: Any, rules: Rules | None = None, kind: str | None = None
) -> HatBrain | QLearner:
    """The learner a brain file holds (by its "learner"; version 1 files are hats).

    ``rules``, when given, is the game it must be for; ``kind``, when given, the learner it
    must be. :class:`BrainError` says in one line what is wrong with anything else.
    """
    header = read_header(data, rules, kinds=tuple(_kinds))
    found = _kinds[header.kind]
    if header.version < found.since_version:
        raise BrainError(
            f"a brain file of version {header.version} cannot hold {found.words.a} "
            f"(\"learner\": {found.name!r}): its files are version {found.since_version} or later"
        )
    if kind is not None and kind != found.name:
        asked = learner_kind(kind)
        raise BrainError(f"this is {found.words.a}'s brain, not {asked.words.a}'s")
    return cast("HatBrain | QLearner", found.from_dict(data, rules))


for _kind in (HATS_KIND, Q_KIND):
    register_learner(_kind)


def lessons_of(learner: object) -> LearnsInPlay[Hashable, Hashable] | None:
    """``learner`` as one kept as its lessons, when its kind learns in play (the hat AI's
    does); None for one saved whole by its trainings (the Q-learner's)."""
    try:
        kind = kind_of(learner)
    except KeyError:
        return None
    if not kind.learns_in_play:
        return None
    return cast("LearnsInPlay[Hashable, Hashable]", learner)
