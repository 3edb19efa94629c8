"""The end of a lab run, decided once: what training taught is kept (in the app's brain cache,
and said) or discarded. The run's :class:`~sticks_tui.storage.training_session.TrainingSession`
holds the brain's training turn from its start until then, decides once, and tells training's
end (in its thread) and the screen's going (on the app's thread) of each other, so that what was
learned is kept whichever comes first: nothing learned is lost silently. Here is what the app
says of it.
"""

from __future__ import annotations

from ....engine import TrainingResult
from ....storage.training_session import TrainingSession
from ....text.brain_news import news_words
from ...host import Host
from ...lab_plan import LabPlan
from ...leaving import kept_words


class RunEnd:
    """What one run's end decides; :meth:`start` gives it the app that keeps the brain."""

    def __init__(self, plan: LabPlan) -> None:
        self.plan = plan
        self._app: Host | None = None
        #: The run's training (kept nowhere until :meth:`start`).
        self.session = TrainingSession(None, plan.rules, plan.name, plan.learner, plan.before)

    def start(self, app: Host) -> None:
        self._app = app
        plan = self.plan
        self.session = TrainingSession(app.brains, plan.rules, plan.name, plan.learner, plan.before)

    @property
    def decided(self) -> bool:
        """Kept or discarded already (a run decides once)."""
        return self.session.decided

    def ended(self, result: TrainingResult) -> bool:
        """Training ended (from its thread): True when the screen has gone, and what it
        learned has then been kept here, as the screen said it would be."""
        gone = self.session.ended(result)
        if gone:
            self.keep(result, quietly=True)
        return gone

    def going(self, shown: TrainingResult | None) -> None:
        """The screen goes (leaving, quitting, a signal: :mod:`..leaving`): what was learned
        is kept unless discarded, here if training has ended (even if the screen has not heard
        yet: ``shown`` is what it heard), else by :meth:`ended` when it stops."""
        trained = self.session.leave()
        if trained is not None:
            self.keep(shown or trained)

    def keep(self, result: TrainingResult | None, quietly: bool = False) -> None:
        """Save what training taught (once), and say so (``quietly``: only when the app is
        leaving, after it: see :meth:`~..host.Host.say`). Safe from the training thread."""
        app, session = self._app, self.session
        if session.decided:
            return
        news = session.keep()
        if app is None:  # never shown: kept nowhere
            return
        games = result.games_played if result is not None else 0
        app.say(kept_words(self.plan.name, games), quietly=quietly)
        if news is not None:
            app.say(news_words(news), quietly=quietly)

    def discard(self) -> None:
        self.session.discard()
