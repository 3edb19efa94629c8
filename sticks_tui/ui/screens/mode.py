"""Mode selection: a friend, the computer at a chosen level, the trained computer, or computer
against computer, for whichever game the setup screen chose.

The levels offered come from the engine (``levels_for``): random, learning (hats), trained
(hats pre-trained by self-play), Q-learning where it fits, perfect, and mixed (perfect with the
chance typed beside the watch choices, else random). Machines that must learn first (the trained
hat AI until it has learned the training budget, the Q-learner once a run) go through the
training screen before the game starts: a worker waits for that screen's result
(``push_screen_wait``), then sits the players at the board.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Footer, Header, Input, Label, Select, Static

from ...engine import HatBrain, QLearner, TrainingResult
from ..plain import plain
from ..presenters import presenter_for
from ..presenters.forms import parse_number
from ..session import (
    SKILL_MESSAGE,
    Machine,
    Mode,
    Seat,
    Table,
    human_seat,
    machine_seat,
    machines_for,
)
from . import app_of
from .training import TrainingScreen

#: What the machines need before play: the trained AI's hats, a trained Q-table.
Prepared = tuple[HatBrain | None, QLearner | None]


def option(label: str, action: str) -> Button:
    """One way to play: a one-line button whose id is the action it runs."""
    return Button(label, id=action, classes="mode-option", compact=True)


class ModeScreen(Screen[None]):
    """Choose how to play; the settings come from the setup screen."""

    BINDINGS = [
        Binding("1", "friend", "Friend"),
        Binding("2", "computer", "Computer"),
        Binding("3", "trained", "Trained"),
        Binding("4", "watch", "Watch"),
        Binding("escape", "app.pop_screen", "Back"),
        Binding("ctrl+l", "app.leaderboard", "Leaderboard"),
        Binding("5", "lab", "Lab", show=False),
    ]

    def compose(self) -> ComposeResult:
        settings = app_of(self).settings
        rules = settings.rules
        choices = [(m.label, m) for m in machines_for(rules)]
        levels = [(label, m) for label, m in choices if m is not Machine.TRAINED]
        yield Header()
        with Vertical(id="mode"):
            yield Static(self._summary(), id="mode-summary")
            # Compact widgets (a line each), so that five options, the machines to watch and a
            # summary with two 40-character names fit at 80x24.
            yield option("1  Play against a friend", "friend")
            with Horizontal(classes="mode-row"):
                yield option("2  Play against the computer", "computer")
                yield Select(
                    levels, value=Machine.LEARNING, allow_blank=False, id="level", compact=True
                )
            yield option("3  Play against the trained computer", "trained")
            yield option("4  Watch computer vs computer", "watch")
            with Horizontal(id="watch-sides"):
                yield Select(
                    choices, value=Machine.LEARNING, allow_blank=False, id="left", compact=True
                )
                yield Label("vs", id="vs")
                yield Select(
                    choices, value=Machine.PERFECT, allow_blank=False, id="right", compact=True
                )
                yield Label("mixed", id="skill-label")
                yield Input(str(settings.skill), id="skill", max_length=4, compact=True)
                yield Label("%", id="percent")
            yield option("5  Training lab: teach the AI against an opponent you choose", "lab")
            yield Static("", id="mode-message")
        yield Footer()

    def _summary(self) -> Text:
        """The game, who plays whom and who starts, with the names as they were typed."""
        settings = app_of(self).settings
        names = settings.names
        return plain(
            f"{presenter_for(settings.rules).game_words()}  {names[0]} against {names[1]}, "
            f"{names[settings.first]} starts. Against the computer, the AI takes "
            f"{names[1]}'s place."
        )

    def on_mount(self) -> None:
        self.query_one("#friend", Button).focus()

    @on(Button.Pressed, ".mode-option")
    async def _chosen(self, event: Button.Pressed) -> None:
        await self.run_action(event.button.id or "")

    @on(Input.Changed, "#skill")
    def _skill_changed(self) -> None:
        self._skill()

    def _skill(self) -> int | None:
        """The mixed level's chance of a perfect move (percent); says so when it is bad."""
        value = parse_number(self.query_one("#skill", Input).value, 0, 100)
        self.query_one("#skill", Input).set_class(value is None, "-invalid")
        message = self.query_one("#mode-message", Static)
        message.update("" if value is not None else SKILL_MESSAGE)
        message.set_class(value is None, "error")
        if value is not None:
            app_of(self).settings.skill = value
        return value

    # -- the four ways to play --------------------------------------------------------------------
    def action_friend(self) -> None:
        settings = app_of(self).settings
        seats = (human_seat(settings.names[0]), human_seat(settings.names[1]))
        self._play(Table(Mode.FRIEND, settings.rules, seats, settings.first))

    def action_computer(self) -> None:
        """The level chosen beside the option (the learning AI carries on from what it knows)."""
        machine = self._machine("#level")
        self._start((machine,), lambda ready: self._against(machine, ready))

    def action_trained(self) -> None:
        """The trained AI as saved; the training screen first while it has learned fewer games
        than the training budget (``--training-games``), e.g. the first time."""
        self._start((Machine.TRAINED,), lambda ready: self._against(Machine.TRAINED, ready))

    def action_watch(self) -> None:
        """Two machines play each other; a side that must learn first is trained first."""
        left, right = self._machine("#left"), self._machine("#right")
        self._start((left, right), lambda ready: self._watch(left, right, ready))

    # -- helpers ----------------------------------------------------------------------------
    def _brain(self, name: str) -> HatBrain:
        app = app_of(self)
        return app.brain(name, app.settings.rules)

    def _start(self, machines: tuple[Machine, ...], table: Callable[[Prepared], Table]) -> None:
        """Prepare the chosen machines, then sit them at ``table``'s board."""
        if Machine.MIXED in machines and self._skill() is None:
            self.app.bell()
            return
        self._prepare_and_play(machines, table)

    @work(exclusive=True, group="mode")
    async def _prepare_and_play(
        self, machines: tuple[Machine, ...], table: Callable[[Prepared], Table]
    ) -> None:
        """Train what the chosen machines need on the training screen, waiting for it to be
        dismissed, then play; backing out of training leaves the user on this screen."""
        app = app_of(self)
        rules = app.settings.rules
        hats: HatBrain | None = None
        if Machine.TRAINED in machines:
            hats = self._brain(Machine.TRAINED.value)
            more = app.training_games - hats.games_played
            if more > 0 and await self._trained(TrainingScreen(rules, more, brain=hats)) is None:
                return
        learner: QLearner | None = None
        if Machine.Q_LEARNING in machines:
            learner = app.q_learner(rules)
            if learner is None:
                screen = TrainingScreen(rules, app.q_training_games, q_learning=True)
                result = await self._trained(screen)
                if result is None:
                    return
                assert isinstance(result.learner, QLearner)
                learner = app.keep_q_learner(rules, result.learner)
        self._play(table((hats, learner)))

    async def _trained(self, screen: TrainingScreen) -> TrainingResult | None:
        """The training screen's result once it is dismissed (None: the user backed out; what
        was learned is saved already, by the training screen)."""
        return await self.app.push_screen_wait(screen)

    def _machine(self, selector: str) -> Machine:
        """The machine chosen in the selector (each offers machines only, with one chosen)."""
        value = self.query_one(selector, Select).value
        assert isinstance(value, Machine)
        return value

    def _seat(self, machine: Machine, name: str, ready: Prepared, twin: bool = False) -> Seat:
        """A machine's seat, with the hats or Q-table it plays with."""
        app = app_of(self)
        trained, learner = ready
        brain: HatBrain | None = None
        if machine is Machine.LEARNING:
            brain = self._brain(name)
        elif machine is Machine.TRAINED:
            assert trained is not None
            # Self-play trained one brain in both seats; a twin plays with a copy of it.
            brain = trained.copy() if twin else trained
        return machine_seat(
            machine, name, app.settings.rules, brain, app.player_rng(),
            learner=learner, skill=app.settings.skill,
        )

    def _against(self, machine: Machine, ready: Prepared) -> Table:
        """The human (Player 1's name) against ``machine``; "Player 2" starts means the AI."""
        settings = app_of(self).settings
        ai = self._seat(machine, machine.value, ready)
        mode = Mode.TRAINED if machine is Machine.TRAINED else Mode.COMPUTER
        return Table(mode, settings.rules, (human_seat(settings.names[0]), ai), settings.first)

    def _watch(self, left: Machine, right: Machine, ready: Prepared) -> Table:
        settings = app_of(self).settings
        seats: list[Seat] = []
        for side, machine in enumerate((left, right)):
            twin = side == 1 and left is right
            name = f"{machine.value} 2" if twin else machine.value
            seats.append(self._seat(machine, name, ready, twin))
        return Table(Mode.WATCH, settings.rules, (seats[0], seats[1]), settings.first)

    def _play(self, table: Table) -> None:
        from .board import BoardScreen

        self.app.push_screen(BoardScreen(table))

    def action_lab(self) -> None:
        """The training lab (a screen of its own, for the game chosen)."""
        app_of(self).action_lab()
