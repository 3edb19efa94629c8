"""One training of one brain, from its turn to its end: the lab's runs (the lab's form, and the
trained-opponent mode, which trains on the lab's run screen before a game) and the classic
console's option 3 all run it so.

1. :meth:`TrainingSession.begin`: take the brain's training turn (:mod:`.training_turns`), or
   say who has it (:class:`Waiting`); with the turn, a brain saved whole starts from the one
   saved when another training kept it meanwhile (:class:`Started`).
2. :meth:`TrainingSession.train`: the engine's training (:func:`~..engine.training.train_with`).
3. :meth:`TrainingSession.keep` or :meth:`TrainingSession.discard`, once: kept, what training
   taught goes to the brain cache (:meth:`~.brain_cache.BrainCache.keep_trained`: the brain in
   play becomes the trained one), and keeping returns what it found besides, as facts
   (:mod:`..text.brain_news`); either way the next training has the turn.

Whoever trains on a thread of its own and may go before training ends (a screen) says so with
:meth:`TrainingSession.leave`; then :meth:`TrainingSession.ended` tells the training's thread to
keep what it taught, so nothing learned is lost silently. Safe from two threads: the one that
trains and the one that shows it.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass

from ..engine.game import Rules
from ..engine.learners import kind_of
from ..engine.training import TrainingHooks, TrainingOptions, train_with
from ..engine.training_report import TrainingResult
from ..text.brain_news import BrainNews
from .brain_cache import BrainCache
from .brain_ref import BrainRef
from .saved_brains import SavedBrain
from .training_turns import TrainingTurn


@dataclass(frozen=True)
class Waiting:
    """Another training of the brain has its turn (a brain saved whole: another tab of a
    classroom, another terminal); ``holder``: who trains it, as they said ("" when unsaid)."""

    holder: str


@dataclass(frozen=True)
class Started:
    """The training has the turn; ``picked_up``: the games of the brain another training kept
    while this one waited, which it starts from (None: it starts from its own copy)."""

    picked_up: int | None


class TrainingSession:
    """One training of ``learner``, the brain of ``name`` for ``rules``: ``before`` is the brain
    as it was when the training read it (None for a new brain), so keeping adds what training
    taught since. ``brains``: where it is kept (None: nowhere, nothing is saved)."""

    def __init__(
        self,
        brains: BrainCache | None,
        rules: Rules,
        name: str,
        learner: SavedBrain,
        before: SavedBrain | None,
    ) -> None:
        self.brains = brains
        self.rules = rules
        self.name = name
        self.learner = learner
        self.before = before
        self.ref = BrainRef(name, kind_of(learner).name)
        self._turn = (
            brains.training_turn(rules, self.ref) if brains is not None else TrainingTurn(None)
        )
        self._lock = threading.Lock()
        #: Kept or discarded already (a training decides once).
        self.decided = False
        #: What training did, once it ended.
        self.result: TrainingResult | None = None
        self._left = False

    # -- the start -------------------------------------------------------------------------------
    def begin(self, holder: str = "") -> Waiting | Started:
        """Take the brain's training turn if no other training has it, without waiting (ask
        again to wait): :class:`Waiting` says who has it; :class:`Started`, what this one starts
        from. ``holder``: who trains (a player's name, "" unsaid), for the others to read."""
        turn = self._turn
        if not turn.take(holder):
            return Waiting(turn.holder or "")
        saved = None
        if self.brains is not None:
            try:
                saved = self.brains.training_start(self.rules, self.ref, self.before)
            except BaseException:  # the next training may have the turn
                turn.release()
                raise
        if saved is None:
            return Started(None)
        self.learner.take_on(saved)
        self.before = saved.copy()
        return Started(saved.games_played)

    def train(self, options: TrainingOptions, hooks: TrainingHooks) -> TrainingResult:
        """(Holding the turn.) The engine's training of the learner. An error lets the turn go
        (the next training may have it), and goes on up."""
        try:
            return train_with(self.learner, options, hooks)
        except BaseException:
            self._turn.release()
            raise

    # -- the end ---------------------------------------------------------------------------------
    def ended(self, result: TrainingResult) -> bool:
        """Training ended (on its thread): True when whoever showed it has left
        (:meth:`leave`): :meth:`keep` it then, as they said it would be."""
        with self._lock:
            self.result, left = result, self._left
        return left

    def cancelled(self) -> bool:
        """Training was cancelled before it had its turn (on its thread): nothing was trained,
        so nothing is kept; True when whoever showed it has left."""
        with self._lock:
            self.decided, left = True, self._left
        return left

    def leave(self) -> TrainingResult | None:
        """Whoever shows the training goes (a screen closes, the app quits): what to keep now,
        when training has ended and nothing was decided; else None (still training: the
        training's thread keeps it when it ends, as :meth:`ended` says)."""
        with self._lock:
            self._left, result = True, self.result
            return result if not self.decided else None

    def keep(self) -> BrainNews | None:
        """Save what training taught (once: a second keep, or one after a discard, does
        nothing); the next training then has the turn. What keeping found besides: the games
        others taught a brain kept as lessons meanwhile, or the brain saved whole that this
        training's replaced."""
        with self._lock:
            if self.decided:
                return None
            self.decided = True
        try:
            if self.brains is None:
                return None
            return self.brains.keep_trained(self.rules, self.name, self.learner, self.before)
        finally:
            self._turn.release()  # the next training starts from what this one kept

    def discard(self) -> bool:
        """Keep nothing of what training taught (once: False when kept or discarded already);
        the next training then has the turn."""
        with self._lock:
            if self.decided:
                return False
            self.decided = True
        self._turn.release()
        return True
