"""A learner as the registry holds it (:class:`LearnerKind`): everything the program above the
engine asks of a learner, declared once, so that no screen, command or store asks which learner
it holds.

The hat AI's entry is :data:`sticks_tui.engine.learners.hats.kind.KIND`, the Q-learner's
:data:`sticks_tui.engine.learners.q.kind.KIND`; :func:`sticks_tui.engine.learners.register_learner`
adds one (the tests add a learner of their own, as they add a game).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from ..game import Rules
from ..players import Player
from .base import Learner, Reading
from .fast import Backend
from .settings import Settings

L = TypeVar("L", bound=Learner[Hashable, Hashable])


@dataclass(frozen=True)
class LearnerWords:
    """A learner in the words a user reads."""

    a: str
    """In a sentence, with "a": "a hat AI", "a Q-learner" ("this is a hat AI's brain")."""
    the: str
    """With "the": "the hat AI", "the Q-learner" ("Trained the hat AI for 100 games")."""
    choice: str
    """Where it is chosen (the lab's list): "hat AI (learns with balls in hats)"."""
    fits: str
    """Which games it is for, for ``--learner``'s help: "any game"."""
    brain: str
    """Its brain in messages: "brain" (the hat AI's, as always), "Q-learner brain"."""
    afresh: str
    """A fresh brain, after "it starts afresh": "with no value learned"."""
    shown: str
    """What the lab shows of it at a position: "hat in play", "Q-values"."""
    settings: str
    """The title of its settings' options: "the Q-learner's learning settings (default:
    CS50's)"."""
    analysed: str = "a brain"
    """Whose brain an analysis reads, in its first line: "a brain", "a Q-learner's brain"."""
    numbers: str = "the values"
    """What it holds, read for a rule: "the hats", "the values"."""
    plays: str = "plays its best move or explores"
    """How it plays while its learning curve is measured: "draws balls"."""
    right: str = "positions right"
    """The learning curve's column of positions where it prefers winning moves."""
    unfit: str = "{a} is not offered for {game}"
    """Why it is not offered for a game (``{a}``: its :attr:`a`; ``{game}``: the game's spec):
    "a Q-learner's table does not fit sticky:62:3 (too many positions)"."""


@dataclass(frozen=True)
class LearnerKind(Generic[L]):
    """One learner: its name and words, its settings, the games it fits, its brain file, how it
    plays and how it trains fast."""

    name: str
    """Its name: ``--learner``'s word, the "learner" of its brain file, its key in the store."""
    words: LearnerWords
    learner_type: type[L]
    settings_type: type[Settings]
    """Its learning settings: a dataclass whose fields' metadata say their help, range and
    default (:mod:`.settings`); the command line's options, the lab's fields, the brain file's
    "settings" and their messages come from it."""
    fresh: Callable[[Rules, Any], L]
    """A learner that has learned nothing, for a game, with these settings."""
    from_dict: Callable[[Any, Rules | None], L]
    """The learner a brain file holds (:class:`~.base.BrainError` says what is wrong)."""
    part: str
    """The key of what it knows in its brain file: ``"hats"``, ``"values"``."""
    part_schema: Callable[[], dict[str, Any]]
    """The JSON Schema of that part (the brain format's schema is built from every learner's)."""
    since_version: int
    """The first brain file version that holds it (a file of an earlier one is refused)."""
    default_games: int
    """Games of a training when none are given (``train``, the lab)."""
    ai_name: str
    """The AI whose brain the brain commands mean when no ``--ai`` is given."""
    trained_name: str
    """The brain the lab trains when no other name is typed."""
    learns_in_play: bool
    """Whether it learns from the games it plays against a person (the hat AI does; the
    Q-learner plays as it was trained, as CS50's does, and learns only in training). A learner
    that learns in play is saved as the lessons its games teach (``lesson_since``,
    ``apply_lesson``, ``take_on``: :mod:`.hats.lessons`), so that two programs teaching one AI
    both keep what they taught; one that does not is saved whole, by training."""
    player: Callable[[str, L, random.Random], Player[Hashable, Hashable]]
    """A player at the table that plays this learner (and teaches it, when it learns in play)."""
    read: Callable[[L, Rules, Iterable[Hashable]], Mapping[Hashable, Reading]]
    """What it has learned of each of these positions (lost, won, or not yet either; with the
    evidence), for the analysis."""
    fits: Callable[[Rules], bool] = lambda rules: True
    """Whether it is offered for a game."""
    offered: Callable[[], str] = lambda: "every game"
    """Where it is offered, for the message that refuses it: "every Nim game and ..."."""
    backends: tuple[Backend, ...] = ()
    """Its faster ways to play its fast loops (the hat AI's: numba's compiled take-away
    self-play, ``--backend numba``), each proven to leave the brain its python loop leaves."""
    person_chances: Callable[[L, Hashable], list[tuple[Hashable, float]]] | None = None
    """Each move it makes at a position when it plays a person (its :attr:`player`), with its
    chance, for an experiment to measure it as people meet it; None: as it learns
    (:meth:`~.base.Learner.move_chances`: the hat AI draws balls either way). The Q-learner
    plays greedily, its best moves alike, without exploring."""

    def chances_against_a_person(
        self, learner: L, position: Hashable
    ) -> list[tuple[Hashable, float]]:
        """:attr:`person_chances` of ``learner`` at ``position``."""
        if self.person_chances is None:
            return learner.move_chances(position)
        return self.person_chances(learner, position)

    def make(self, rules: Rules, settings: Settings | None = None) -> L:
        """A fresh learner for ``rules``, with ``settings`` (the defaults when None)."""
        return self.fresh(rules, settings if settings is not None else self.settings_type())

    def owns(self, learner: object) -> bool:
        """Whether ``learner`` is one of this kind."""
        return isinstance(learner, self.learner_type)

    def mine(self, learner: object) -> L | None:
        """``learner`` as one of this kind, or None when it is another's (a brain read back by
        the name of its learner is its kind's)."""
        return learner if isinstance(learner, self.learner_type) else None
