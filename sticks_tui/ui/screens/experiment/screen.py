"""The experiment screen (SPEC section 15), reached from the training lab (F4 on its form): how
fast does it learn, over many seeds?

Pick a ready question (:mod:`sticks_tui.engine.experiment_questions`: which opponent, the loss
penalty, fresh balls, hats or Q-learning) or the lab form's training as one configuration; the
seeds and games (the question's own at first); then run it. It runs in a worker thread, in this
process, one run after another (one worker: a classroom's tab stays within its memory limit),
with a progress bar of the runs; ``c`` or Escape cancels between two games, keeping the runs
that had finished and saying so. Then, under the question's answer in words (worked out from
the runs, :mod:`sticks_tui.text.experiments`), a table per configuration (each checkpoint's
median and 10%-90% band of the shares won against random, against perfect and against the
best reply to its play, and of the positions right; games until right) and a band chart of
one measure (``m`` changes which).
"""

from __future__ import annotations

import threading

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Header, Input, Label, Select, Static
from textual.worker import Worker, WorkerState

from ....engine.experiment import (
    MEASURES,
    ConfigurationSummary,
    Experiment,
    ExperimentResult,
    run_experiment,
    summarise,
)
from ....engine.experiment_questions import QUESTIONS, Question, question
from ....text.experiments import (
    MEASURE_WORDS,
    answer_lines,
    command_line,
    interrupted_words,
    table_lines,
    until_right_words,
)
from ....text.opponents import training_games
from ...lab_plan import game_from_start
from ...plain import plain
from ...widgets.curve import BandPlot, BandPoint, band_points
from ...widgets.footer import KeysFooter
from ..lab.parts import progress_bar
from .parts import ExperimentDone, ExperimentProgress

#: The most seeds the screen runs (each a training: a class's question needs tens).
SEEDS_MOST = 1000
#: What the key of the lab form's own training is among the questions.
THIS = "this"


class ExperimentScreen(Screen[None]):
    """Choose a question, its seeds and games; run it; read its answer, tables and charts."""

    CSS_PATH = "experiment.tcss"
    BINDINGS = [
        Binding("ctrl+n", "start", "Run"),
        Binding("c,escape", "cancel", "Cancel"),
        Binding("escape", "leave", "Back"),
        Binding("m", "measure", "Chart: next measure"),
    ]

    def __init__(self, this: Question | None = None) -> None:
        """``this``: the lab form's training as a question of one configuration (None when
        the form holds no training that can run)."""
        super().__init__()
        self.this = this
        #: The measure the charts show (one of MEASURES).
        self.measure = "right"
        self.experiment: Experiment | None = None
        self.summaries: list[ConfigurationSummary] = []
        self.result: ExperimentResult | None = None
        self._stop: threading.Event | None = None

    @property
    def running(self) -> bool:
        return self._stop is not None

    def _questions(self) -> list[tuple[str, str]]:
        offered = [(question(key).name, key) for key in QUESTIONS]
        if self.this is not None:
            offered.append((self.this.name, THIS))
        return offered

    def _question(self, key: str) -> Question:
        if key == THIS and self.this is not None:
            return self.this
        return question(key)

    def compose(self) -> ComposeResult:
        first = question(QUESTIONS[0])
        yield Header()
        with Vertical(id="experiment"):
            yield Static(plain(self._title(first)), id="exp-title")
            with Horizontal(classes="exp-row"):
                yield Label("Question", classes="exp-label")
                yield Select(self._questions(), value=first.key, allow_blank=False,
                             id="question", compact=True)
            yield Static(plain(first.asks), id="exp-asks")
            with Horizontal(classes="exp-row"):
                yield Label("Seeds", classes="exp-label")
                yield Input(str(first.seeds), id="seeds", compact=True, max_length=6,
                            type="integer")
                yield Label("Games", classes="exp-label exp-games-label")
                yield Input(str(first.games), id="games", compact=True, max_length=12)
                yield Button("Run (Enter)", id="run", compact=True, variant="primary")
            yield Static(plain(self._resting()), id="exp-status")
            yield VerticalScroll(id="exp-results", can_focus=True)
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one("#question", Select).focus()

    @staticmethod
    def _title(asked: Question) -> str:
        return f"Experiment · {game_from_start(asked.rules)}"

    @staticmethod
    def _resting() -> str:
        return "Enter runs it, one run after another; c cancels, keeping the finished runs."

    # -- choosing -----------------------------------------------------------------------------
    @property
    def chosen(self) -> Question:
        value = self.query_one("#question", Select).value
        return self._question(value if isinstance(value, str) else QUESTIONS[0])

    @on(Select.Changed, "#question")
    def _chosen(self) -> None:
        """The question's game, words, seeds and games; the results of another go."""
        asked = self.chosen
        if self.result is not None and self.result.experiment.configurations != (
            asked.configurations
        ):
            self.result, self.summaries = None, []
            self.query_one("#exp-results", VerticalScroll).remove_children()
            self._status(self._resting(), error=False)
            self.refresh_bindings()
        self.query_one("#exp-title", Static).update(plain(self._title(asked)))
        self.query_one("#exp-asks", Static).update(plain(asked.asks))
        self.query_one("#seeds", Input).value = str(asked.seeds)
        self.query_one("#games", Input).value = str(asked.games)

    def _read(self) -> Experiment | str:
        """The experiment the fields make, or what is wrong with them, in words."""
        asked = self.chosen
        seeds_text = self.query_one("#seeds", Input).value.strip()
        try:
            seeds = int(seeds_text)
        except ValueError:
            return f"Seeds: type a whole number from 1 to {SEEDS_MOST:,}"
        if not 1 <= seeds <= SEEDS_MOST:
            return f"Seeds: from 1 to {SEEDS_MOST:,}, not {seeds:,}"
        try:
            games = training_games(self.query_one("#games", Input).value)
        except ValueError as error:
            return f"Games {error}"
        try:
            return asked.experiment(seeds, games)
        except ValueError as error:
            words = str(error)
            return words[:1].upper() + words[1:]

    # -- running ------------------------------------------------------------------------------
    @on(Input.Submitted)
    @on(Button.Pressed, "#run")
    def action_start(self) -> None:
        if self.running:
            return
        experiment = self._read()
        if isinstance(experiment, str):
            self._status(experiment, error=True)
            self.app.bell()
            return
        self.experiment, self.result, self.summaries = experiment, None, []
        self._stop = threading.Event()
        for field in self.query("#question, #seeds, #games, #run"):
            field.disabled = True
        self.query_one("#exp-results", VerticalScroll).remove_children()
        self._show_progress(0, experiment.runs)
        self.query_one("#exp-results", VerticalScroll).focus()
        self.refresh_bindings()
        self._run(experiment, self._stop)

    @work(thread=True, exclusive=True, group="experiment", exit_on_error=False)
    def _run(self, experiment: Experiment, stop: threading.Event) -> None:
        """(In a worker thread: never touches a widget.) Every run, in this process."""

        def progress(done: int, total: int) -> None:
            self.post_message(ExperimentProgress(done, total))

        result = run_experiment(experiment, 1, progress, stop=stop)
        self.post_message(ExperimentDone(result, summarise(result)))

    def on_experiment_progress(self, progress: ExperimentProgress) -> None:
        if self.running and not self._stop_asked():
            self._show_progress(progress.done, progress.total)

    def _stop_asked(self) -> bool:
        return self._stop is not None and self._stop.is_set()

    def _show_progress(self, done: int, total: int) -> None:
        words = f" {done:,} of {total:,} runs"
        bar = progress_bar(done, total, max(10, self.size.width - 4 - len(words)))
        bar.append(words)
        self.query_one("#exp-status", Static).update(bar)

    def on_experiment_done(self, done: ExperimentDone) -> None:
        self._stop = None
        self.result, self.summaries = done.result, done.summaries
        for field in self.query("#question, #seeds, #games, #run"):
            field.disabled = False
        result = done.result
        total = result.experiment.runs
        if result.complete:
            self._status(f"Done: {total:,} runs.", error=False)
        else:
            self._status(interrupted_words(len(result.runs), total), error=False)
        self._show_results()
        self.refresh_bindings()

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.state is WorkerState.ERROR:
            self._stop = None
            for field in self.query("#question, #seeds, #games, #run"):
                field.disabled = False
            self._status(f"The experiment stopped: {event.worker.error}", error=True)
            self.refresh_bindings()

    def action_leave(self) -> None:
        self.app.pop_screen()

    def action_cancel(self) -> None:
        if self._stop is not None:
            self._stop.set()
            self._status("Cancelling: the run in hand is dropped, the finished ones kept...",
                         error=False)

    def _status(self, words: str, *, error: bool) -> None:
        status = self.query_one("#exp-status", Static)
        status.update(plain(words))
        status.set_class(error, "error")

    # -- the results --------------------------------------------------------------------------
    def _show_results(self) -> None:
        result, asked = self.result, self.chosen
        if result is None:
            return
        games = result.experiment.games
        results = self.query_one("#exp-results", VerticalScroll)
        results.remove_children()
        answer = answer_lines(asked, self.summaries, games)
        try:
            command = command_line(asked, result.experiment.seeds, games)
        except ValueError:  # a grid no one command makes
            pass
        else:
            answer += ["", f"The same from the command line: {command}"]
        widgets: list[Static | BandPlot] = [
            Static(plain("\n".join(answer)), id="exp-answer"),
        ]
        for index, summary in enumerate(self.summaries):
            label = asked.label_of(summary.configuration)
            title = f"{label[:1].upper()}{label[1:]} ({summary.runs:,} seeds)"
            widgets.append(Static(plain(title), classes="exp-config-title"))
            lines = [f"games until right: {until_right_words(summary.until_right, games)}",
                     *table_lines(summary)]
            widgets.append(Static(plain("\n".join(lines)), classes="exp-table"))
            points, what = self._points(summary)
            widgets.append(BandPlot(points, what, id=f"exp-chart-{index}",
                                    classes="exp-chart"))
        results.mount_all(widgets)
        results.scroll_home(animate=False)

    def _points(self, summary: ConfigurationSummary) -> tuple[list[BandPoint], str]:
        """The checkpoints of the measure shown, and its name."""
        return band_points(summary, self.measure), MEASURE_WORDS[self.measure]

    def action_measure(self) -> None:
        """The charts show the next measure."""
        self.measure = MEASURES[(MEASURES.index(self.measure) + 1) % len(MEASURES)]
        for index, summary in enumerate(self.summaries):
            points, what = self._points(summary)
            for chart in self.query(f"#exp-chart-{index}").results(BandPlot):
                chart.show(points, what)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "cancel":
            return self.running
        if action in ("leave", "start"):
            return not self.running
        if action == "measure":
            return bool(self.summaries) and not self.running
        return True

    def on_unmount(self) -> None:
        """Leaving stops the runs (nothing of them is kept: the screen that shows them goes)."""
        if self._stop is not None:
            self._stop.set()
