"""Analysis: what an AI's hats say about the game, beside the exact solver (SPEC section 5).

The numbers come from :mod:`sticks_tui.engine.analysis` and the words from the ``analyze``
command (the same table cells and rule lines), so the screen and the command never disagree.
The screen analyses a *copy* of the brain, taken when it opens: a brain that is still training
or playing keeps changing, the picture on the screen does not.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Header, Static, TabbedContent, TabPane

from ...engine import HatBrain
from ...engine.analysis import DISAGREE, Analysis, AnalysisError, analyse
from ...text.analysis import TABLE_HEADER, position_cells, rules_lines
from ..plain import plain
from ..presenters import presenter_type
from ..session import Machine
from ..widgets.curve import LearningCurvePlot

SCREEN_HEADER = ("n", "AI move", "sure", "evidence", "lost?", "solver", "agree?")


class AnalysisScreen(Screen[None]):
    """A table of stick counts, the rule found in the hats, and the learning curve."""

    CSS_PATH = "analysis.tcss"
    BINDINGS = [
        Binding("escape", "app.pop_screen", "Back"),
        Binding("t", "show_tab('analysis-positions')", "Table"),
        Binding("c", "show_tab('analysis-learning')", "Curve"),
    ]

    def __init__(self, brain: HatBrain, name: str) -> None:
        super().__init__()
        self.ai_name = name
        self.rules = brain.rules
        self.analysis: Analysis | None = None
        self.problem = ""
        try:
            self.analysis = analyse(brain.copy())
        except AnalysisError as error:
            self.problem = str(error)

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical(id="analysis"):
            yield Static(self._title(), id="analysis-title")
            yield Static(self._rules(), id="analysis-rules")
            with TabbedContent(id="analysis-tabs"):
                with TabPane(self._positions_label(), id="analysis-positions"):
                    yield DataTable(id="analysis-table", cursor_type="row", zebra_stripes=True)
                with TabPane("Learning curve", id="analysis-learning"):
                    curve = self.analysis.learning_curve if self.analysis else ()
                    yield LearningCurvePlot(curve, id="analysis-curve")
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        for key, label in zip(TABLE_HEADER, SCREEN_HEADER):
            table.add_column(label, key=key)
        if self.analysis is None:
            return
        for report in self.analysis.positions:
            cells: list[Text] = [plain(cell) for cell in position_cells(report)]
            if report.agreement == DISAGREE:
                cells[-1] = plain("NO", style="bold red")
            table.add_row(*cells, key=str(report.position))

    def _positions_label(self) -> str:
        """"Stick counts" where a position is one heap; "Positions" for Nim and Sticky-Nim."""
        return presenter_type(self.rules).positions_label

    def _title(self) -> Text:
        if self.analysis is None:
            return plain(f"{self.ai_name}: {self.problem}")
        return plain(
            f"What {self.ai_name} has learned: {self.analysis.rules_name}, "
            f"{self.analysis.games_played:,} games"
        )

    def _rules(self) -> Text:
        return plain("\n".join(rules_lines(self.analysis)) if self.analysis else "")

    def action_show_tab(self, tab: str) -> None:
        self.query_one(TabbedContent).active = tab


def brain_to_analyse(app: Any) -> tuple[str, HatBrain]:
    """The AI the user most likely means: the one on screen, else the trained one, else "AI".

    The board shows a table whose seats may hold hats; the training screen has the brain it
    trains; anywhere else the app's remembered brains for the current rules are used.
    """
    screen = app.screen
    table = getattr(screen, "table", None)
    for seat in getattr(table, "seats", ()):
        if seat.brain is not None:
            return seat.name, seat.brain
    brain = getattr(screen, "brain", None)
    if isinstance(brain, HatBrain):
        return Machine.TRAINED.value, brain
    rules = app.settings.rules
    for machine in (Machine.TRAINED, Machine.LEARNING):
        if app.has_brain(machine.value, rules):
            return machine.value, app.brain(machine.value, rules)
    return Machine.LEARNING.value, app.brain(Machine.LEARNING.value, rules)
