"""Mode selection: a friend, the computer, the trained computer, or computer against computer."""

from __future__ import annotations

from typing import Callable

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Footer, Header, Label, Select, Static

from ...engine import HatBrain, TrainingResult
from ..session import Machine, Mode, Seat, Table, human_seat, machine_seat, sticks_words
from . import app_of

WATCH_CHOICES = [(f"{m.label} ({m.value})", m) for m in Machine]


class ModeScreen(Screen[None]):
    """Choose how to play; the settings come from the setup screen."""

    BINDINGS = [
        Binding("1", "friend", "Friend"),
        Binding("2", "computer", "Computer"),
        Binding("3", "trained", "Trained"),
        Binding("4", "watch", "Watch"),
        Binding("escape", "app.pop_screen", "Back"),
        Binding("ctrl+l", "app.leaderboard", "Leaderboard"),
    ]

    def compose(self) -> ComposeResult:
        settings = app_of(self).settings
        yield Header()
        with Vertical(id="mode"):
            yield Static(
                f"{sticks_words(settings.sticks)}  {settings.names[0]} against "
                f"{settings.names[1]}, {settings.names[settings.first]} starts. Against the "
                f"computer, the AI takes {settings.names[1]}'s place.",
                id="mode-summary",
            )
            yield Label("Options:")
            yield Button("1  Play against a friend", id="friend", classes="mode-option")
            yield Button("2  Play against the computer", id="computer", classes="mode-option")
            yield Button(
                "3  Play against the trained computer", id="trained", classes="mode-option"
            )
            yield Button("4  Watch computer vs computer", id="watch", classes="mode-option")
            with Horizontal(id="watch-sides"):
                yield Select(WATCH_CHOICES, value=Machine.LEARNING, allow_blank=False, id="left")
                yield Label("vs", id="vs")
                yield Select(WATCH_CHOICES, value=Machine.PERFECT, allow_blank=False, id="right")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#friend", Button).focus()

    @on(Button.Pressed, ".mode-option")
    async def _chosen(self, event: Button.Pressed) -> None:
        await self.run_action(event.button.id or "")

    # -- the four ways to play --------------------------------------------------------------------
    def action_friend(self) -> None:
        settings = app_of(self).settings
        seats = (human_seat(settings.names[0]), human_seat(settings.names[1]))
        self._play(Table(Mode.FRIEND, settings.rules, seats, settings.first))

    def action_computer(self) -> None:
        """The learning AI, carrying on from what it has learned in earlier games."""
        self._play(self._against(Machine.LEARNING, self._brain(Machine.LEARNING.value)))

    def action_trained(self) -> None:
        """Pre-train the AI by self-play on the training screen, then play it."""
        self._train(lambda result: self._play(self._against(Machine.TRAINED, result.brain)))

    def action_watch(self) -> None:
        """Two machines play each other; a trained side first needs training."""
        left: Machine = self.query_one("#left", Select).value  # type: ignore[assignment]
        right: Machine = self.query_one("#right", Select).value  # type: ignore[assignment]
        if Machine.TRAINED in (left, right):
            self._train(lambda result: self._watch(left, right, result))
        else:
            self._watch(left, right, None)

    # -- helpers ----------------------------------------------------------------------------
    def _brain(self, name: str) -> HatBrain:
        app = app_of(self)
        return app.brain(name, app.settings.rules)

    def _against(self, machine: Machine, brain: HatBrain) -> Table:
        """The human (Player 1's name) against ``machine``; "Player 2" starts means the AI."""
        app = app_of(self)
        settings = app.settings
        rules = settings.rules
        ai = machine_seat(machine, machine.value, rules, brain, app.player_rng())
        mode = Mode.TRAINED if machine is Machine.TRAINED else Mode.COMPUTER
        return Table(mode, rules, (human_seat(settings.names[0]), ai), settings.first)

    def _train(self, then: Callable[[TrainingResult], None]) -> None:
        from .training import TrainingScreen

        app = app_of(self)
        rules = app.settings.rules
        screen = TrainingScreen(
            rules,
            app.training_games,
            brain=self._brain(Machine.TRAINED.value),
        )

        def trained(result: TrainingResult | None) -> None:
            if result is not None:
                app.keep_brain(Machine.TRAINED.value, result.brain)
                then(result)

        app.push_screen(screen, trained)

    def _watch(self, left: Machine, right: Machine, trained: TrainingResult | None) -> None:
        app = app_of(self)
        settings = app.settings
        rules = settings.rules
        seats: list[Seat] = []
        for side, machine in enumerate((left, right)):
            twin = side == 1 and left is right
            name = f"{machine.value} 2" if twin else machine.value
            brain: HatBrain | None = None
            if machine is Machine.LEARNING:
                brain = self._brain(name)
            elif machine is Machine.TRAINED:
                assert trained is not None
                brain = trained.opponent if twin else trained.brain
            seats.append(machine_seat(machine, name, rules, brain, app.player_rng()))
        self._play(Table(Mode.WATCH, rules, (seats[0], seats[1]), settings.first))

    def _play(self, table: Table) -> None:
        from .board import BoardScreen

        self.app.push_screen(BoardScreen(table))
