"""The end of a lab run, decided once: what training taught is kept (in the app's brain cache,
and said) or discarded. Training's end (in its thread) and the screen's going (on the app's
thread) are each told the other once, under a lock, so that what was learned is kept whichever
comes first: nothing learned is lost silently.

The run holds its brain's training turn (:mod:`sticks_tui.storage.training_turns`) from its
start until this end is decided: another training of a brain saved whole waits until then, and
starts from what this one kept.
"""

from __future__ import annotations

import threading

from ....engine import TrainingResult
from ....storage.brain_cache import BrainRef
from ....storage.training_turns import TrainingTurn
from ....text.brain_news import news_words
from ...host import Host
from ...lab_plan import LabPlan
from ...leaving import kept_words


class RunEnd:
    """What one run's end decides; :meth:`start` gives it the app that keeps the brain."""

    def __init__(self, plan: LabPlan) -> None:
        self.plan = plan
        #: Kept or discarded already (a run decides once).
        self.decided = False
        self._app: Host | None = None
        self._lock = threading.Lock()
        self._trained: TrainingResult | None = None
        self._gone = False
        #: The brain's training turn, taken by the run before it trains, let go once decided.
        self.turn = TrainingTurn(None)

    def start(self, app: Host) -> None:
        self._app = app
        plan = self.plan
        self.turn = app.brains.training_turn(plan.rules, BrainRef(plan.name, plan.kind))

    def not_started(self) -> bool:
        """Training was cancelled before it had its turn (from its thread): nothing was
        trained, so nothing is kept; True when the screen has gone."""
        with self._lock:
            self.decided, gone = True, self._gone
        return gone

    def failed(self) -> None:
        """Training stopped on an error (from its thread): the next training may have its turn
        (what this one learned is kept when the screen goes, as always)."""
        self.turn.release()

    def ended(self, result: TrainingResult) -> bool:
        """Training ended (from its thread): True when the screen has gone, and what it
        learned has then been kept here, as the screen said it would be."""
        with self._lock:
            self._trained, gone = result, self._gone
        if gone:
            self.keep(result, quietly=True)
        return gone

    def going(self, shown: TrainingResult | None) -> None:
        """The screen goes (leaving, quitting, a signal: :mod:`..leaving`): what was learned
        is kept unless discarded, here if training has ended (even if the screen has not heard
        yet: ``shown`` is what it heard), else by :meth:`ended` when it stops."""
        with self._lock:
            self._gone, trained = True, self._trained
        if trained is not None and not self.decided:
            self.keep(shown or trained)

    def keep(self, result: TrainingResult | None, quietly: bool = False) -> None:
        """Save what training taught (once), and say so (``quietly``: only when the app is
        leaving, after it: see :meth:`~..host.Host.say`). Safe from the training thread."""
        self.decided = True
        app, plan = self._app, self.plan
        if app is None:
            return
        try:
            warning = app.brains.keep_trained(plan.rules, plan.name, plan.learner, plan.before)
        finally:
            self.turn.release()  # the next training starts from what this one kept
        games = result.games_played if result is not None else 0
        app.say(kept_words(plan.name, games), quietly=quietly)
        if warning is not None:
            app.say(news_words(warning), quietly=quietly)

    def discard(self) -> None:
        self.decided = True
        self.turn.release()
