"""The training lab at work: a learner trains against the opponent chosen, in a worker thread,
while the screen shows the progress, games per second, the tally, the learning curve as it
grows and the hats (or Q-values) of the position in play; the speed changes while it runs, from
one move at a time to full speed (``-``/``+``, ``f`` full speed, ``w`` back to watching), and it
pauses, steps and cancels: every key acts at once (:class:`~..speed.SpeedControl`). Games per
second are over about the last second, with the time left at that speed. The app's one training
pipeline: the lab's form starts it (at the speed chosen there, kept for the next time), and so
does the trained-opponent mode (option 3), at full speed.

The worker's reports replace each other in the queue (the screen draws the latest), and at full
speed :class:`~..speed.SpeedControl` lets about one through a second. When training ends,
finished or cancelled, what was learned is kept (``k``/Enter) or discarded (``d``), or kept and
played at once (``p``: "play it now" puts the brain on the board against the person); leaving the
screen any other way keeps it, and says so: nothing is lost silently. Before a game (the
trained-opponent mode) Keep goes on to that game too, against the brain as kept; Discard (the
brain as it was) and Back (kept) return to the mode screen. It is kept in the app's
brain cache, so the board, the analysis and the hint play and read the brain as trained.

A brain saved whole (a Q-learner's table) is trained by one run at a time in the whole data
directory (another tab of a classroom, another terminal): a run waits for its turn while another
has it, and says who trains the brain; once it has the turn it starts from the brain as then
saved, and says so when that is another's training, kept while it waited (:class:`RunEnd`).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Header, Static
from textual.worker import Worker, WorkerState

from ....engine import (
    CurvePoint,
    TrainingHooks,
    TrainingProgress,
    TrainingResult,
)
from ....engine.learning_curve import kept_curve
from ....engine.opponents import SelfPlay
from ....engine.pacing import MoveSeen
from ....storage.brain_cache import BrainRef
from ....storage.training_session import TrainingSession, Waiting
from ...host import host_of
from ...lab_plan import (
    LabPlan,
    not_started_words,
    run_end_words,
    run_title,
    started_from_words,
    waiting_words,
)
from ...plain import notify_plain, plain
from ...presenters.hats import HatChart
from ...speed import (
    FULL_SPEED,
    START_SPEED,
    SpeedControl,
    recalled_speed,
    remember_speed,
    time_left_words,
)
from ...widgets.curve import LearningCurvePlot
from ...widgets.footer import KeysFooter
from ...widgets.tally import RunningTally, TallyView
from ..brains.modals import PassphraseModal
from .end import RunEnd
from .parts import LabDone, LabMove, LabStarted, LabTick, LabWaiting, Reports, progress_bar
from .views import LabViews, Picture

#: How often a run waiting for its brain's training turn tries again, in seconds.
TURN_TRIES_SECONDS = 0.25


class LabRunScreen(Screen["bool | None"]):
    """One training, from the plan the lab's form (or the trained-opponent mode) made; it is
    dismissed with True when the person asks to play the brain now."""

    CSS_PATH = "lab.tcss"
    BINDINGS = [
        Binding("space", "pause", "Pause"),
        Binding("space", "resume", "Resume"),
        Binding("s", "step", "Step"),
        Binding("minus", "speed(-1)", "Slower"),
        Binding("plus,equals_sign", "speed(1)", "Faster"),
        Binding("f", "full_speed", "Fastest"),
        Binding("w", "watch", "Watch"),
        Binding("c,escape", "cancel", "Cancel"),
        Binding("escape", "leave", "Back"),
        Binding("k,enter", "keep", "Keep"),
        Binding("d", "discard", "Discard"),
        Binding("p", "play_now", "Play it now"),
        Binding("left_square_bracket", "scroll_hats(-1)", "Hats left", show=False),
        Binding("right_square_bracket", "scroll_hats(1)", "Hats right", show=False),
    ]

    def __init__(
        self,
        plan: LabPlan,
        *,
        speed: int = FULL_SPEED,
        pause_after: int | None = None,
        then_play: str | None = None,
    ) -> None:
        """``then_play``: the run is a step before a game (the trained-opponent mode), which
        follows on "play it now" (its button says ``then_play``) and on Enter; else the lab's
        "play it now" puts the brain on a board of its own."""
        super().__init__()
        self.plan = plan
        self.then_play = then_play
        self.control = SpeedControl(speed, on_move=self._seen)
        self.control.pause_after = pause_after
        opponent = "itself" if isinstance(plan.against, SelfPlay) else plan.against_words
        self.views = LabViews(plan.rules, plan.learner, plan.name, opponent)
        self.self_play = isinstance(plan.against, SelfPlay)
        self.result: TrainingResult | None = None
        #: How long training took (once it has ended).
        self.seconds = 0.0
        #: What the end decides, once: keep (whichever comes first: the end, or leaving) or not.
        self.end = RunEnd(plan)
        self.games_done = 0
        #: The curve this training keeps (the one rule, as ``train``'s), or None.
        self.curve = kept_curve(plan.rules, plan.games)
        self.curve_kept = self.curve is not None
        self._curve_from = plan.learner.games_played  # the curve shown starts here
        #: The position of the watched game now (None between games, or at full speed).
        self._in_play: object = None
        self._shown_paused = False
        self._rate: float | None = None  # games per second over about the last second
        self._left: float | None = None  # seconds left at that rate (None: not known, paused)
        #: What the run says while it waits for its turn (two lines), None once it has it.
        self._waiting: tuple[str, str] | None = None

    def compose(self) -> ComposeResult:
        plan = self.plan
        yield Header()
        with Vertical(id="lab-run"):
            yield Static(plain(run_title(plan)), id="run-title")
            yield Static(id="run-progress")
            yield Static(id="run-speed")
            yield TallyView(id="run-tally")
            yield Static(id="run-move")
            with Horizontal(id="run-charts"):
                shown = self.views.learner  # its hats, its values: its presenter's chart
                yield shown.chart(shown.lab_title(plan.name), id="run-hats")
                if self.curve_kept:  # else the hats take the width: no curve to promise
                    yield LearningCurvePlot(right=shown.kind.words.right, id="run-curve")
            with Horizontal(id="run-actions"):
                yield Button("Keep (k)", id="keep", compact=True, variant="primary")
                yield Button("Discard (d)", id="discard", compact=True)
                yield Button(
                    f"{self.then_play or 'Play it now'} (p)", id="play-now", compact=True,
                    variant="success",
                )
        yield KeysFooter(show_command_palette=False)  # room for every key (ctrl+p still works)

    def on_mount(self) -> None:
        for plot in self.query(LearningCurvePlot):
            plot.border_title = "learning curve"
        if self.self_play:
            self.query_one(TallyView).note = "(against itself: the starting side's games)"
        self._show_counts(0, None)
        self._show_speed()
        self.query_one(TallyView).show(RunningTally().figures())
        self._show_picture(self.views.picture(self.plan.learner), None)
        self.query_one("#run-move", Static).update(plain(self._move_hint()))
        self.set_class(True, "-running")
        app = host_of(self)
        self.end.start(app)
        self.control.clock = app.clock  # the app's clock paces full speed (tests fix it)
        player = app.settings.names[0] if app.served else ""  # a tab's player, named first
        self._train(app.player_rng(), app.clock, player)

    # -- the worker ---------------------------------------------------------------------------
    @work(thread=True, exclusive=True, group="lab", exit_on_error=False)
    def _train(self, rng: random.Random, clock: Callable[[], float], player: str) -> None:
        """Runs in a thread: never touches a widget, only posts messages. ``player``: who
        trains, as another run waiting for the turn reads it ("": unsaid)."""
        plan, session = self.plan, self.end.session
        if not self._take_turn(session, player):
            if not session.cancelled():
                result = TrainingResult(plan.learner, 0, True, {}, ())
                picture = self.views.picture(plan.learner)
                self.post_message(LabDone(result, picture, 0.0, started=False))
            return
        started = clock()  # the time it trains, not the time it waited
        reports = Reports(plan.games, self.control, clock)
        result = session.train(plan.options(self.curve), self._hooks(rng, reports))
        seconds = clock() - started
        if not self.end.ended(result):  # else the screen has gone: kept there, as it said
            picture = self.views.picture(plan.learner)
            self.post_message(LabDone(result, picture, seconds, tally=reports.final(result)))

    def _hooks(self, rng: random.Random, reports: Reports) -> TrainingHooks:
        """How the engine's training reports to the screen, paces itself and stops."""
        plan, control = self.plan, self.control

        def report(progress: TrainingProgress) -> None:
            picture = self.views.picture(plan.learner, self._in_play)
            self.post_message(reports.tick(progress, picture))

        return TrainingHooks(rng, report, control.should_stop, pacing=control)

    def _take_turn(self, session: TrainingSession, player: str) -> bool:
        """(In the training thread.) Wait for the brain's training turn while another training
        has it, saying who trains it; then start from the brain as saved (the session picks up
        what another training kept meanwhile). False: cancelled (or the screen went) while
        waiting."""
        holder: str | None = None
        waited = False
        while isinstance(begun := session.begin(player), Waiting):
            if not waited or begun.holder != holder:  # said again when another takes the turn
                waited, holder = True, begun.holder
                self.post_message(LabWaiting(holder))
            if self.control.stopped_within(TURN_TRIES_SECONDS):
                return False
        picked_up = begun.picked_up is not None
        if waited or picked_up:
            picture = self.views.picture(self.plan.learner)
            self.post_message(LabStarted(picture, self.plan.learner.games_played, picked_up))
        return True

    def _seen(self, move: MoveSeen) -> None:
        """A move of a watched game (from the training thread)."""
        self._in_play = move.after if not move.over else None
        line = self.views.move_line(move, self.self_play)
        picture = self.views.picture(self.plan.learner, move.before)
        self.post_message(LabMove(line, picture, move.before))

    # -- what the worker says -----------------------------------------------------------------
    def on_lab_tick(self, tick: LabTick) -> None:
        if self.result is not None:
            return
        self._rate, self._left = tick.rate, tick.left
        self._show_counts(tick.games_done, tick.rate)
        self.query_one(TallyView).show(tick.tally)
        self._show_picture(tick.picture, self._in_play)
        self._show_curve(tick.curve)
        self._show_speed(tick.paused)

    def on_lab_move(self, move: LabMove) -> None:
        if self.result is None and self.control.speed.moves:  # not one left from before
            line = plain(move.line)
            line.no_wrap, line.overflow = True, "ellipsis"
            self.query_one("#run-move", Static).update(line, layout=False)
            self._show_picture(move.picture, move.position)

    def on_lab_waiting(self, waiting: LabWaiting) -> None:
        if self.result is None:
            self._waiting = waiting_words(self.plan.name, self.plan.kind, waiting.holder)
            self._show_speed()
            self.query_one("#run-move", Static).update(plain(self._waiting[1]))

    def on_lab_started(self, started: LabStarted) -> None:
        if self.result is not None:
            return
        self._waiting = None
        self._curve_from = started.games  # the curve shown starts from the brain picked up
        self._show_picture(started.picture, None)
        self._show_speed()
        line = self._move_hint()
        if started.picked_up:  # on its line, and in a note that stays after the moves begin
            line = started_from_words(self.plan.name, self.plan.kind, started.games)
            host_of(self).say(line)
        self.query_one("#run-move", Static).update(plain(line))

    def on_lab_done(self, done: LabDone) -> None:
        result = done.result
        self.result = result
        self._waiting = None
        self.seconds = done.seconds
        rate = self._rate  # over the last second; a run shorter than that, over the run
        if rate is None and done.seconds > 0:
            rate = result.games_played / done.seconds
        self._show_counts(result.games_played, rate)
        if done.tally is not None:  # every game played, as the counts say
            self.query_one(TallyView).show(done.tally)
        self._show_picture(done.picture, None)
        self._show_curve(result.curve)
        if done.started:
            status, hint = run_end_words(result, self.then_play)
        else:
            status, hint = not_started_words(self.plan.name)
        self.query_one("#run-speed", Static).update(plain(status))
        self.query_one("#run-move", Static).update(plain(hint))  # no move left from the run
        self.set_class(False, "-running")
        self.set_class(True, "-done")
        for button in ("#keep", "#discard"):  # nothing trained: nothing to keep or discard
            self.query_one(button, Button).display = done.started
        if self.then_play:
            self.query_one("#play-now", Button).focus()
        elif done.started:
            self.query_one("#keep", Button).focus()
        self.refresh_bindings()

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.state is WorkerState.ERROR:
            self.query_one("#run-speed", Static).update(
                plain(f"Training stopped: {event.worker.error}")
            )

    # -- showing ------------------------------------------------------------------------------
    def _show_counts(self, done: int, rate: float | None) -> None:
        """The progress bar and the games: a Static of fixed size, so no layout is redone
        (a redraw costs little, and training keeps the processor)."""
        self.games_done = done
        speed = "" if rate is None else f" · {rate:,.{1 if rate < 10 else 0}f} games/s"
        words = f" {done / self.plan.games:4.0%}  {done:,} of {self.plan.games:,}{speed}"
        bar = progress_bar(done, self.plan.games, max(10, self.size.width - 2 - len(words)))
        bar.append(words)
        self.query_one("#run-progress", Static).update(bar, layout=False)

    def _show_speed(self, paused: bool | None = None) -> None:
        """The speed, paused or not, and the time left at this speed (the footer follows)."""
        if self.result is not None or self.control.stopped or not self.query("#run-speed"):
            return  # ended or stopping (said), or a key before the screen is drawn
        paused = self.control.paused if paused is None else paused
        if paused != self._shown_paused:
            self._shown_paused = paused
            self.refresh_bindings()
        state = "PAUSED (s: step)" if paused else time_left_words(self._left)
        line = f"speed: {self.control.speed.label} (- +) · {state}"
        if self._waiting is not None:  # the speed is kept for when it starts
            line = self._waiting[0]
        self.query_one("#run-speed", Static).update(plain(line), layout=False)

    def _show_curve(self, curve: tuple[CurvePoint, ...]) -> None:
        """The curve of this training, from its start (a brain that learned long before
        would draw it as a sliver at the end of its log scale); redrawn only when it grew."""
        ours = tuple(p for p in curve if p.games >= self._curve_from)
        for plot in self.query(LearningCurvePlot):
            if plot.curve != ours:
                plot.show(ours)

    def _move_hint(self) -> str:
        if self.control.speed.moves:
            return "Every move is shown."
        return "Press - until the moves show, one at a time."

    def _show_picture(self, picture: Picture, position: object) -> None:
        """The learner's picture, at the position in play (None between games)."""
        self.views.learner.show(self.query_one("#run-hats", Widget), picture, position)

    # -- keys ---------------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        running = self.result is None
        paced = running and not self.control.stopped  # the speed keys go with a cancel
        if action in ("step", "speed"):
            return paced
        if action in ("pause", "resume"):
            return paced and self._shown_paused == (action == "resume")
        if action in ("full_speed", "watch"):
            return paced and self.control.speed.is_full == (action == "watch")
        if action in ("keep", "discard"):
            return not running and not self.end.decided
        if action == "play_now":
            return not running
        if action in ("cancel", "leave"):  # one key: cancel while it runs, then back
            return running == (action == "cancel")
        return True

    def action_pause(self) -> None:
        self.control.pause(True)
        self._show_speed()

    def action_resume(self) -> None:
        self.control.pause(False)
        self._left = None  # measured anew at this speed
        self._show_speed()

    def action_step(self) -> None:
        if not self.control.paused:
            self.control.pause(True)
        else:
            self.control.step()
        self._show_speed()

    def action_speed(self, steps: int) -> None:
        self._new_speed(self.control.index + steps)

    def action_full_speed(self) -> None:
        self._new_speed(FULL_SPEED)

    def action_watch(self) -> None:
        """Back to a speed a person can follow: the lab's last slow one, or its first."""
        recalled = recalled_speed(host_of(self))
        self._new_speed(recalled if recalled != FULL_SPEED else START_SPEED)

    def _new_speed(self, index: int) -> None:
        """The speed ``index`` at once; the lab keeps it for its next run; the time left and
        the move line are of the new speed (nothing left from the old one)."""
        before = self.control.index
        self.control.set_speed(index)
        if self.control.index == before:
            return
        if self.then_play is None:
            remember_speed(host_of(self), self.control.index)
        self._left = None
        self._show_speed()
        self.refresh_bindings()
        if self.query("#run-move") and self._waiting is None:
            self.query_one("#run-move", Static).update(plain(self._move_hint()))

    def action_cancel(self) -> None:  # stop between two games; the games learned are kept
        if self.result is not None:
            self.action_leave()
            return
        self.control.stop()
        stopping = "Cancelling..." if self._waiting is not None else "Stopping after this game..."
        self.query_one("#run-speed", Static).update(stopping)
        self.refresh_bindings()  # the speed keys are gone with the speed

    def action_leave(self) -> None:  # once done: back, keeping what it learned unless discarded
        if self.result is not None:
            if not self.end.decided:
                self.end.keep(self.result)
            self.dismiss(None)

    def action_keep(self) -> None:
        """Keep what was learned; before a game (the trained-opponent mode), on to that game,
        against the brain as kept."""
        if self.result is not None and not self.end.decided:
            self.end.keep(self.result)
            self.dismiss(True if self.then_play else None)

    def action_play_now(self) -> None:
        """Keep what was learned (unless discarded) and play the brain: the game the mode
        screen waits for, or (from the lab) the person against it on a board."""
        if self.result is None:
            return
        if not self.end.decided:
            self.end.keep(self.result)
        if self.then_play:
            self.dismiss(True)
            return
        app, plan = host_of(self), self.plan
        self.dismiss(None)
        app.play_against(BrainRef(plan.name, plan.kind))

    def action_discard(self) -> None:
        if self.result is None or self.end.decided:
            return
        app = host_of(self)
        if not app.served:
            self._discard(True)
            return
        question = f"Discard what this training taught {self.plan.name}?"  # the room's brain
        self.app.push_screen(PassphraseModal(question, app.passphrase), self._discard)

    def _discard(self, agreed: bool | None) -> None:
        if agreed and not self.end.decided:
            self.end.discard()
            notify_plain(self.app, f"Discarded: {self.plan.name} is as it was before.")
            self.dismiss(None)

    def action_scroll_hats(self, delta: int) -> None:
        for chart in self.query(HatChart):
            chart.scroll_hats(delta * 5)

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        actions = {"keep": self.action_keep, "discard": self.action_discard,
                   "play-now": self.action_play_now}
        actions.get(event.button.id or "", lambda: None)()

    def on_unmount(self) -> None:
        """Leaving keeps what was learned unless it was discarded (:class:`RunEnd`)."""
        self.control.stop()
        self.end.going(self.result)
