"""Training: the hat AI (or the Q-learner) plays itself, both seats learning, in a worker
thread while the screen shows what is being learned.

For take-away games the chart shows every hat; for Nim and Sticky-Nim, whose hats are the
positions met, it shows the hat of the starting position, and for the Q-learner the Q-values of
the moves from the start.

The thread reports every so many games with a small message holding a *copy* of the counts
(the brain keeps changing); a newer report replaces an older one still waiting in the queue,
so the screen is never flooded. Cancelling stops between two games and keeps what was learned.
As soon as the hats' training ends (finished, cancelled, or stopped because the screen went
away), the worker saves what it taught as the lesson of the AI it trained; the screen is then
dismissed with the :class:`TrainingResult` (for the Q-learner it is kept for this run only:
Q-learners are not saved by the app yet), or None when the user backs out.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Button, Footer, Header, ProgressBar, Static
from textual.worker import Worker, WorkerState

from ...engine import (
    SELF,
    CurveSettings,
    HatBrain,
    Learner,
    QLearner,
    TrainingProgress,
    TrainingResult,
    train,
)
from ...engine.game import AnyRuleSet
from ..leaving import kept_words
from ..plain import plain
from ..presenters import presenter_for
from ..session import Machine
from ..widgets.hats import (
    HatChart,
    HatPicture,
    HatsSnapshot,
    OneHatChart,
    games_learned,
)
from . import app_of

#: About how many progress reports a training run sends (more for long runs, see below).
REPORTS = 200
#: ...with at most this many games between two reports, so a long run still shows the hats
#: moving several times a second.
REPORT_MOST_EVERY = 1000


@dataclass
class TrainingTick(Message):
    """Progress from the training thread: games so far, and the hats at that moment."""

    games_done: int
    games_total: int
    hats: HatsSnapshot | HatPicture
    games_per_second: float

    def can_replace(self, message: Message) -> bool:
        return isinstance(message, TrainingTick)


@dataclass
class TrainingFinished(Message):
    result: TrainingResult
    hats: HatsSnapshot | HatPicture


class ClickOnlyButton(Button, inherit_bindings=False):
    """A button Enter does not press (it is the screen's Play key): only a click, or the
    screen's own keys. Focused first, it looks as any button."""


class TrainingScreen(Screen["TrainingResult | None"]):
    """Pre-train the AI by self-play; the UI keeps answering keys while it runs."""

    BINDINGS = [
        Binding("c,escape", "cancel", "Cancel"),
        Binding("enter,p", "play", "Play"),
        Binding("left_square_bracket", "scroll_hats(-1)", "Hats left", show=False),
        Binding("right_square_bracket", "scroll_hats(1)", "Hats right", show=False),
    ]

    def __init__(
        self,
        rules: AnyRuleSet,
        games: int,
        brain: HatBrain | None = None,
        *,
        q_learning: bool = False,
        ai_name: str = Machine.TRAINED.value,
    ) -> None:
        super().__init__()
        self.rules = rules
        self._presenter = presenter_for(rules)
        self.games = games
        self.brain = brain
        #: Whose saved brain learns what the hats' training taught.
        self.ai_name = ai_name
        self.q_learning = q_learning
        #: Every hat drawn (take-away), or one hat at a time (Nim, Sticky-Nim, Q-values).
        self.all_hats = self._presenter.every_hat and not q_learning
        #: Whether the hats keep their learning curve (quick to measure for these games).
        self.keeps_curve = self._presenter.keeps_curve and not q_learning
        self.result: TrainingResult | None = None
        self.games_done = 0
        self._stop = threading.Event()

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical(id="training"):
            what = "the Q-learning AI" if self.q_learning else "AI"
            yield Static(plain(f"Training {what}, please wait..."), id="training-title")
            yield ProgressBar(total=self.games, show_eta=False, id="training-progress")
            yield Static(id="training-rate")
            if self.all_hats:
                yield HatChart(
                    "Trained AI's hats", words=self._presenter, rules=self.rules, id="training-hats"
                )
            elif self.q_learning:
                yield OneHatChart("Q-values of the moves from the start", id="training-hats")
            else:
                yield OneHatChart("Trained AI's hat for the start", id="training-hats")
            with Horizontal(id="training-actions", classes="actions"):
                yield ClickOnlyButton("Cancel (keep what was learned)", id="cancel", compact=True)
                yield Button("Play", id="play", compact=True, variant="primary", disabled=True)
        yield Footer()

    def on_mount(self) -> None:
        self._show_rate(0, 0.0)
        app = app_of(self)
        rng = app.player_rng()
        learner: Learner[Any, Any]
        keep: Callable[[Learner[Any, Any], int], None] | None = None
        if self.q_learning:
            learner = QLearner(rules=self.rules, rng=rng)
        else:
            learner = self.brain if self.brain is not None else HatBrain(self.rules)
            self.brain = learner

            def keep_hats(trained: Learner[Any, Any], games: int) -> None:
                assert isinstance(trained, HatBrain)
                app.keep_brain(self.ai_name, trained)
                # the screen says so; if the app is leaving (q, a signal), it says so after
                app.say(kept_words(self.ai_name, games), quietly=True)

            keep = keep_hats
        self._show(self._picture(learner))
        self._train(learner, rng, app.clock, keep)

    def _picture(self, learner: Learner[Any, Any]) -> HatsSnapshot | HatPicture:
        """What the chart shows of ``learner`` (from the training thread between two games)."""
        if isinstance(learner, QLearner):
            return self._q_picture(learner, learner.games_played)
        assert isinstance(learner, HatBrain)
        if self.all_hats:
            return HatsSnapshot.of(learner)
        return HatPicture.of_hat(learner, self.rules.initial_position(), self._presenter)

    def _q_picture(self, learner: QLearner, games: int) -> HatPicture:
        start = self.rules.initial_position()
        values = [
            (self._presenter.ball_words(move), learner.get_q_value(start, move))
            for move in self.rules.legal_moves(start)
        ]
        return HatPicture.of_values(
            f"{self._presenter.at_words(start)} it plays the move of highest value",
            values,
            games_learned(games),
        )

    def _show(self, picture: HatsSnapshot | HatPicture) -> None:
        if isinstance(picture, HatsSnapshot):
            start = self.rules.initial_position()  # the caption: what it does first
            first = 1 if self.games_done == 0 else None
            self.query_one(HatChart).show(picture, focus=first, caption_at=start)
        else:
            self.query_one(OneHatChart).show(picture)

    # -- the worker -----------------------------------------------------------------------------
    @work(thread=True, exclusive=True, group="training", exit_on_error=False)
    def _train(
        self,
        learner: Learner[Any, Any],
        rng: random.Random,
        clock: Callable[[], float],
        keep: Callable[[Learner[Any, Any], int], None] | None,
    ) -> None:
        """Runs in a thread: never touches a widget, only posts messages. When training ends,
        ``keep`` saves what it taught, there and then, so that leaving the screen (or the app)
        by any way loses none of it."""
        started = clock()
        every = max(1, min(self.games // REPORTS, REPORT_MOST_EVERY))

        def report(progress: TrainingProgress) -> None:
            elapsed = clock() - started
            rate = progress.games_done / elapsed if elapsed > 0 else 0.0
            self.post_message(
                TrainingTick(
                    progress.games_done, progress.games_total, self._picture(learner), rate
                )
            )

        # The learning curve (kept with the hats) measures every position reachable from the
        # start at each point; that is quick for these games, not for long lines.
        curve = CurveSettings(spacing=1.5) if self.keeps_curve else None
        result = train(
            learner,
            SELF,
            self.games,
            rules=self.rules,
            rng=rng,
            progress=report,
            progress_every=every,
            should_stop=self._stop.is_set,
            curve=curve,
            backend="auto",  # the compiled loop where numba is installed ([fast]), same brain
        )
        if keep is not None:
            keep(learner, result.games_played)
        self.post_message(TrainingFinished(result, self._picture(learner)))

    def on_training_tick(self, tick: TrainingTick) -> None:
        self.games_done = tick.games_done
        self.query_one(ProgressBar).update(progress=tick.games_done)
        self._show_rate(tick.games_done, tick.games_per_second)
        self._show(tick.hats)

    def on_training_finished(self, message: TrainingFinished) -> None:
        result = message.result
        self.result = result
        self.games_done = result.games_played
        self.query_one(ProgressBar).update(progress=result.games_played)
        self._show(message.hats)
        verb = "Cancelled after" if result.cancelled else "Trained for"
        self.query_one("#training-title", Static).update(
            plain(
                f"{verb} {result.games_played:,} games: the AI keeps what it learned. "
                "Press Enter to play."
            )
        )
        self.query_one("#cancel", Button).disabled = True
        play = self.query_one("#play", Button)
        play.disabled = False
        play.focus()
        self.refresh_bindings()

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.state is WorkerState.ERROR:
            self.query_one("#training-title", Static).update(
                plain(f"Training stopped: {event.worker.error}")
            )

    def _show_rate(self, done: int, rate: float) -> None:
        self.query_one("#training-rate", Static).update(
            plain(f"{done:,} of {self.games:,} games · {rate:,.0f} games/s")
        )

    # -- keys -------------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "play":
            return True if self.result is not None else None
        return True

    def action_cancel(self) -> None:
        """Stop between two games; what was learned so far is kept. Once done: go back."""
        if self.result is not None:
            self.dismiss(None)
            return
        self._stop.set()
        self.query_one("#training-title", Static).update("Stopping after this game...")

    def action_play(self) -> None:
        if self.result is not None:
            self.dismiss(self.result)

    def action_scroll_hats(self, delta: int) -> None:
        for chart in self.query(HatChart):
            chart.scroll_hats(delta * 5)

    def on_unmount(self) -> None:
        self._stop.set()

    @on(Button.Pressed, "#cancel")
    def _cancel_pressed(self) -> None:
        self.action_cancel()

    @on(Button.Pressed, "#play")
    def _play_pressed(self) -> None:
        self.action_play()
