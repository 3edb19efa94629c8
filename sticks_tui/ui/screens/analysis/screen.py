"""Analysis: what an AI's hats say about the game, beside the exact solver and the game's
theory (SPEC sections 5 and 9).

The numbers come from :mod:`sticks_tui.engine.analysis` and the words from the ``analyze``
command (the same table cells and rule lines), the theory from ``solve``'s words
(:mod:`sticks_tui.text.theory`), so the screen and the commands never disagree. The screen
analyses a *copy* of the brain, taken when it opens: a brain that is still training or playing
keeps changing, the picture on the screen does not. It reads the positions the game on screen
reaches from its start (a take-away brain serves every heap: a 20-stick game has 20).

The work (a take-away game's proved period, reading the hats, the theory, the table laid out
line by line) runs in a thread: the screen says it is working and how far it is, its keys
answer meanwhile, and leaving it stops the work. The table (up to thousands of rows) is then
shown at once: it draws only the lines on screen (:mod:`..widgets.lines_table`).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Header, Static, TabbedContent, TabPane
from textual.worker import Worker, WorkerState, get_current_worker

from ....engine.analysis import DISAGREE, Analysis, AnalysisError, analyse_game
from ....engine.game import RuleError, Rules
from ....engine.games import prepare_theory, theory_of
from ....engine.learners import kind_of, learner_kind
from ....engine.learners.base import Learner
from ....engine.machines import Machine
from ....text.analysis import (
    SCREEN_HEADER,
    SCREEN_VALUES_HEADER,
    rules_lines,
    screen_table,
    sure_words,
)
from ....text.theory import theory_panel_lines
from ...host import Host
from ...plain import plain
from ...presenters import presenter_type
from ...presenters.hat_words import games_learned
from ...session import brain_of
from ...widgets.curve import LearningCurvePlot
from ...widgets.footer import KeysFooter
from ...widgets.lines_table import READING_KEYS, LinesTable, TableLayout, lay_out

#: The room a table of positions that are not stick counts is fitted to: 80 columns less the
#: screen's margins and the scroll bar, less the space that starts every cell.
TABLE_ROOM = 75
#: Disagreements named above the table (the table marks every one "NO").
DISAGREEMENTS_LISTED = 3
#: The theory's lines are wrapped to fit 80 columns beside the screen's margins.
THEORY_WIDTH = 74
#: The theory's scrolling actions for the reading keys (a scrolling container's own).
SCROLL_KEYS = {
    "up": "scroll_up", "down": "scroll_down", "pageup": "page_up", "pagedown": "page_down",
    "home": "scroll_home", "end": "scroll_end",
}
#: What the screen says while its work runs.
WORKING = "Working…"


def proof_words(done: int, most: int) -> str:
    """How far the proof of a take-away game's period has gone."""
    return (
        f"{WORKING} proving the period of the lost heaps: {done:,} heaps solved "
        f"(at most {most:,})"
    )


class WorkProgress(Message):
    """How far the analysis' work has gone, in words (from its thread)."""

    def __init__(self, words: str) -> None:
        super().__init__()
        self.words = words


class WorkDone(Message):
    """The analysis (or why there is none), the theory's lines and the table, laid out (from
    the thread)."""

    def __init__(
        self,
        analysis: Analysis | None,
        problem: str,
        theory: list[str],
        table: TableLayout,
    ) -> None:
        super().__init__()
        self.analysis = analysis
        self.problem = problem
        self.theory = theory
        self.table = table


class _Left(Exception):
    """The screen was left: the work stops."""


class AnalysisScreen(Screen[None]):
    """A table of stick counts, the rule found in the hats, and the learning curve."""

    CSS_PATH = "analysis.tcss"
    BINDINGS = [
        Binding("escape", "app.pop_screen", "Back"),
        Binding("t", "show_tab('analysis-positions')", "Table"),
        Binding("c", "show_tab('analysis-learning')", "Curve"),
        Binding("y", "show_tab('analysis-theory')", "Theory"),
        *(Binding(key, f"read('{key}')", show=False) for key in READING_KEYS),
    ]

    def __init__(self, brain: Learner[Hashable, Hashable], name: str, rules: Rules) -> None:
        """``rules``: the game whose start the table begins at (:func:`brain_to_analyse`
        says which)."""
        super().__init__()
        self.ai_name = name
        self.rules = rules
        self.brain = brain.copy()  # the brain as it is now; the thread reads this copy
        self.analysis: Analysis | None = None
        self.problem = ""
        #: True until the work is done (the table, the rules and the theory are then shown).
        self.working = True

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical(id="analysis"):
            yield Static(self._title(), id="analysis-title")
            yield Static(WORKING, id="analysis-rules")
            with TabbedContent(id="analysis-tabs"):
                with TabPane(self._positions_label(), id="analysis-positions"):
                    yield LinesTable(id="analysis-table")
                    yield Static("", id="analysis-legend")
                with TabPane("Learning curve", id="analysis-learning"):
                    yield LearningCurvePlot(
                        tuple(self.brain.learning_curve),
                        right=kind_of(self.brain).words.right,
                        id="analysis-curve",
                    )
                with (
                    TabPane("Theory", id="analysis-theory"),
                    VerticalScroll(id="analysis-theory-scroll"),
                ):
                    yield Static(WORKING, id="analysis-theory-text")
        yield KeysFooter()

    def on_mount(self) -> None:
        self._work()

    # -- the work, in a thread -------------------------------------------------------------------
    @work(thread=True, exclusive=True, group="analysis", exit_on_error=False)
    def _work(self) -> None:
        """The proof, the analysis and the theory; never touches a widget, only posts messages.
        Leaving the screen cancels the worker, and the proof stops at its next report."""
        worker = get_current_worker()

        def breathe() -> None:
            """Between two steps: stop there if the screen was left."""
            if worker.is_cancelled:
                raise _Left

        def progress(done: int, most: int) -> None:
            breathe()
            self.post_message(WorkProgress(proof_words(done, most)))

        try:
            prepare_theory(self.rules, progress)
            if worker.is_cancelled:
                return
            self.post_message(WorkProgress(f"{WORKING} reading the hats"))
            analysis, problem = None, ""
            try:
                analysis = analyse_game(self.brain, self.rules, breathe)
            except AnalysisError as error:
                problem = str(error)
            self.post_message(WorkProgress(f"{WORKING} solving the game's theory"))
            try:
                theory = theory_panel_lines(theory_of(self.rules), self.rules.name, THEORY_WIDTH)
            except RuleError as error:
                theory = [f"No theory shown: {error}"]
            table = self._table_cells(analysis, breathe)
        except _Left:
            return
        if not worker.is_cancelled:
            self.post_message(WorkDone(analysis, problem, theory, table))

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        """A fault in the work says so, instead of "Working…" forever."""
        if event.state is WorkerState.ERROR and self.working:
            self.working = False
            self.problem = f"the analysis stopped: {event.worker.error}"
            self.query_one("#analysis-title", Static).update(self._title())
            self.query_one("#analysis-rules", Static).update(plain(""))
            self.query_one("#analysis-theory-text", Static).update(plain(""))

    def on_work_progress(self, message: WorkProgress) -> None:
        if self.working:
            self.query_one("#analysis-rules", Static).update(plain(message.words))

    def on_work_done(self, message: WorkDone) -> None:
        self.analysis, self.problem = message.analysis, message.problem
        self.working = False
        self.query_one("#analysis-title", Static).update(self._title())
        self.query_one("#analysis-legend", Static).update(self._legend())
        self.query_one("#analysis-theory-text", Static).update(plain("\n".join(message.theory)))
        self.query_one(LinesTable).show(message.table)
        self.query_one("#analysis-rules", Static).update(self._rules())

    @staticmethod
    def _table_cells(analysis: Analysis | None, each: Callable[[], object]) -> TableLayout:
        """The table, laid out line by line (in the thread: thousands of cells)."""
        if analysis is None:
            return lay_out([plain(label) for label in SCREEN_HEADER], [])
        header, cells = screen_table(analysis, TABLE_ROOM)
        compact = header not in (SCREEN_HEADER, SCREEN_VALUES_HEADER)
        space = " " if compact else ""
        labels = [plain(space + label) for label in header]
        rows: list[tuple[list[Text], str]] = []
        for report, row in zip(analysis.positions, cells):
            texts = [plain("\n".join(space + line for line in cell.split("\n"))) for cell in row]
            if report.agreement == DISAGREE:
                texts[-1] = plain(space + "NO", style="bold red")
            rows.append((texts, str(report.position)))
        # one space between columns where moves are in words (so they fit 80), else two
        return lay_out(labels, rows, padding=0 if compact else 1, each=each)

    def _positions_label(self) -> str:
        """"Stick counts" where a position is one heap; "Positions" for Nim and Sticky-Nim."""
        return presenter_type(self.rules).positions_label

    def _title(self) -> Text:
        if self.working:
            return plain(f"What {self.ai_name} has learned: {self.rules.name}")
        if self.analysis is None:
            return plain(f"{self.ai_name}: {self.problem}")
        return plain(
            f"What {self.ai_name} has learned: {self.analysis.rules_name}, "
            f"{games_learned(self.analysis.games_played)}"
        )

    def _rules(self) -> Text:
        if self.analysis is None:
            return plain("")
        lines = rules_lines(self.analysis, THEORY_WIDTH, listed=DISAGREEMENTS_LISTED)
        return plain("\n".join(lines))

    def _legend(self) -> Text:
        return plain(sure_words(self.analysis) if self.analysis else "", style="dim")

    def action_show_tab(self, tab: str) -> None:
        """Show ``tab``. The focus stays where it is: a focus moved into a tab shows that tab
        again when it lands, so a tab key pressed right after another (t, then c) would be
        undone under load. The screen hands the reading keys to the tab shown instead."""
        self.query_one(TabbedContent).active = tab

    async def action_read(self, key: str) -> None:
        """The arrows, page keys, Home and End read the tab shown (wherever the focus is, e.g.
        on the tabs): they move the table's cursor, or scroll the theory."""
        active = self.query_one(TabbedContent).active
        if active == "analysis-positions":
            await self.query_one(LinesTable).run_action(READING_KEYS[key])
        elif active == "analysis-theory":
            await self.query_one("#analysis-theory-scroll").run_action(SCROLL_KEYS[key])


def brain_to_analyse(
    app: Host, screen: Screen[object]
) -> tuple[str, Learner[Hashable, Hashable], Rules]:
    """The brain the user most likely means on ``screen`` (the app's top one), with its name
    and the game to read it in: the one the board plays (the hint reads it too), the one the
    lab trains, else the one chosen for the game chosen (on the setup screen, as its form
    stands; on the mode screen, the computer chosen there): the trained AI where it has a
    brain, else the learning AI.
    """
    from ..board.screen import BoardScreen  # the screens the analysis opens over, when it opens
    from ..lab.run import LabRunScreen
    from ..mode import ModeScreen
    from ..setup import SetupScreen

    if isinstance(screen, BoardScreen):
        seat = screen.table.brain_seat()
        if seat is not None and seat.learner is not None:
            return seat.name, seat.learner, screen.table.rules
    if isinstance(screen, LabRunScreen):
        plan = screen.plan
        return plan.name, plan.learner, plan.rules
    rules = app.settings.rules
    if isinstance(screen, SetupScreen):
        rules = screen.chosen_rules() or rules
    ref = screen.chosen_brain() if isinstance(screen, ModeScreen) else None
    if ref is None:  # the roster's: the trained AI where it has a brain, else the learning AI
        brains = [r for r in map(brain_of, (Machine.TRAINED, Machine.LEARNING)) if r is not None]
        ref = next((r for r in brains if app.brains.has(rules, r)), brains[-1])
    brain = app.brains.learner(rules, ref)
    if brain is None:  # a learner not trained yet (a Q-learner): nothing learned, fresh
        brain = learner_kind(ref.learner).make(rules)
    return ref.name, brain, rules
