"""The training lab's form (SPEC section 8): teach the machine in front of the user.

The learner (each the registry offers for the game: the hat AI, and the Q-learner where its
table fits), the brain (a saved one by name, or a new one), the opponent typed as ``train
--against`` takes it (itself, random, perfect, mixed:P, another saved brain, or a schedule such as
``random=1000,self=20000``), the number of games, the memory cap (as ``train --memory-cap``
takes it: training stops before the app holds more), and the learning settings of a new brain
(the seeds' by default; a saved brain learns with its own, shown), and the speed it starts at (the
last one chosen; at first one a person can follow). Every field is checked as it is typed, with
its message beside it; Enter starts the run (:mod:`.run`) once all are good. A schedule typed
in "Against" sets Games to its games (unless other games were typed there). Opened from a board,
the form starts with the brain that board plays (its name and learner); reopened, it shows what
was typed last for the game, this run of the app.
"""

from __future__ import annotations

from collections.abc import Hashable

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Header, Input, Label, Select, Static

from ....engine.experiment_questions import one_configuration
from ....engine.learners import learner_kinds, learner_names, learners_for
from ....engine.learners.base import Learner
from ....storage.brain_cache import BrainRef
from ....text.memory import size_field
from ...host import host_of
from ...lab_plan import (
    DEFAULT_MEMORY,
    MEMORY_HELP,
    OPPONENT_HELP,
    DamagedBrain,
    LabPlan,
    default_brain,
    default_games,
    default_settings,
    game_from_start,
    read_plan,
    saved_brain,
    schedule_games,
    settings_fields,
    settings_values,
)
from ...plain import plain
from ...presenters.hat_words import games_learned
from ...speed import SPEEDS, recalled_speed, remember_speed
from ...widgets.footer import KeysFooter
from ..brains.modals import ConfirmModal

#: The seeds of the form's own training on the experiment screen (each a training of its games).
EXPERIMENT_SEEDS = 10
#: Every field whose message shows beside it, and where (the settings share one line).
MESSAGES = ("brain", "against", "games", "memory", "settings")


class AbandonFirst(ConfirmModal):
    """Asked when the lab is opened in the middle of a game: abandon it (``a``: the board
    goes, and the game teaches nothing), or finish it first (``f``, Escape: nothing changes)."""

    BINDINGS = [
        Binding("a", "answer(True)", "Abandon it"),
        Binding("f,escape", "answer(False)", "Finish it first"),
    ]

    def __init__(self) -> None:
        super().__init__(
            "A game is on the board. The lab trains the brain it plays: finish the game "
            "first, or abandon it (an abandoned game teaches nothing)?"
        )

    def compose(self) -> ComposeResult:
        with Vertical(classes="brain-modal"):
            yield Static(plain(self.question), classes="modal-title")
            with Horizontal(classes="modal-buttons"):
                yield Button("Abandon it (a)", id="yes", variant="error")
                yield Button("Finish it first (f)", id="no", variant="primary")


class LabScreen(Screen[None]):
    """Choose the learner, its brain, the opponent, the games and the settings; then train."""

    CSS_PATH = "lab.tcss"
    BINDINGS = [
        Binding("ctrl+n", "start", "Start"),  # not ctrl+s: terminal flow control eats it
        # Enter starts as its key comes, before any field sees it (as Input.Submitted would,
        # later): a key typed right after it goes to the run, not into the form
        Binding("enter", "enter", "Start", show=False, priority=True),
        Binding("f4", "experiment", "Experiment"),
        Binding("escape", "app.pop_screen", "Back"),
    ]

    def __init__(
        self,
        *,
        speed: int | None = None,
        pause_after: int | None = None,
        brain: BrainRef | None = None,
    ) -> None:
        """``brain``: the brain the form starts with (the one on the board it was opened
        from); by default the one typed last, or the trained AI's. ``speed``: the speed the
        form offers first (by default the one chosen last)."""
        super().__init__()
        self.brain = brain
        #: How the run starts (tests start it paused at a given game).
        self.speed = speed
        self.pause_after = pause_after
        #: What Games holds when the form put it there (not typed): it follows a schedule.
        self._games_set = {str(kind.default_games) for kind in learner_kinds()}

    def compose(self) -> ComposeResult:
        app = host_of(self)
        rules = app.settings.rules
        kept = app.lab_forms.get(rules.key, {})
        offered = [kind.name for kind in learners_for(rules)]
        learners = [(kind.words.choice, kind.name) for kind in learners_for(rules)]
        brain = self.brain
        if brain is None and "brain" in kept:
            brain = BrainRef(kept["brain"], kept.get("learner", offered[0]))
        if brain is None or brain.learner not in offered:
            brain = BrainRef(default_brain(offered[0]), offered[0])
        games = kept.get("games", f"{default_games(brain.learner)}")
        if self.speed is None:
            self.speed = recalled_speed(app)
        yield Header()
        with Vertical(id="lab"):
            yield Static(
                plain(f"Training lab · {game_from_start(rules)}"), id="lab-title"
            )
            with Horizontal(classes="lab-row"):
                yield Label("Learner", classes="lab-label")
                yield Select(
                    learners, value=brain.learner, allow_blank=False, id="learner", compact=True
                )
            with Horizontal(classes="lab-row with-message"):
                yield Label("Brain", classes="lab-label")
                yield Input(brain.name, id="brain", compact=True, max_length=60)
            yield Static("", id="brain-message", classes="lab-message wide")
            with Horizontal(classes="lab-row with-message"):
                yield Label("Against", classes="lab-label")
                yield Input(kept.get("against", "random"), id="against", compact=True,
                            max_length=200)
            yield Static(plain(OPPONENT_HELP), id="against-message", classes="lab-message wide")
            with Horizontal(classes="lab-row"):
                yield Label("Games", classes="lab-label")
                yield Input(games, id="games", compact=True, max_length=12)
                yield Static("1 to 10,000,000", id="games-message", classes="lab-message")
            with Horizontal(classes="lab-row"):
                yield Label("Memory", classes="lab-label")
                most = host_of(self).training_memory_most
                memory = DEFAULT_MEMORY if most is None else size_field(most)
                yield Input(kept.get("memory", memory), id="memory", compact=True,
                            max_length=12)
                yield Static(plain(self._memory_help()), id="memory-message",
                             classes="lab-message")
            for kind in offered:
                with Horizontal(classes="lab-row with-message settings-row",
                                id=f"settings-{kind}"):
                    yield Label("Settings", classes="lab-label")
                    for field, label in settings_fields(kind):
                        yield Label(label, classes="setting-label")
                        yield Input(
                            kept.get(field, default_settings(kind)[field]), id=field, compact=True,
                            classes=f"setting {kind}-setting", max_length=12,
                        )
            yield Static("", id="settings-message", classes="lab-message wide")
            with Horizontal(id="lab-actions"):
                yield Button("Start training (Enter)", id="start", compact=True, variant="primary")
                yield Label("at", id="speed-label")
                yield Select(
                    [(speed.label, i) for i, speed in enumerate(SPEEDS)], value=self.speed,
                    allow_blank=False, id="speed", compact=True,
                )
                yield Button("Experiment (F4)", id="experiment", compact=True)
            yield Static(plain(self._explain()), id="lab-explain")
        yield KeysFooter()

    @staticmethod
    def _explain() -> str:
        return (
            "While it trains: space pauses and resumes, s steps one game (or move), - and + "
            "change the speed, f is full speed, c cancels. At the end, k keeps what it learned, "
            "d discards it, p keeps it and plays you with it."
        )

    def on_mount(self) -> None:
        self._learner_chosen()
        self.query_one("#against", Input).focus()

    # -- checking as it is typed ----------------------------------------------------------------
    @property
    def kind(self) -> str:
        value = self.query_one("#learner", Select).value
        return value if isinstance(value, str) else learner_names()[0]

    @on(Select.Changed, "#learner")
    def _learner_chosen(self) -> None:
        kind = self.kind
        for row in self.query(".settings-row"):
            row.display = row.id == f"settings-{kind}"
        brain = self.query_one("#brain", Input)
        if brain.value in {other.trained_name for other in learner_kinds()}:
            brain.value = default_brain(kind)
        games = self.query_one("#games", Input)
        if games.value in self._games_set and schedule_games(self._typed("against")) is None:
            games.value = str(default_games(kind))
        self._brain_changed()

    def _typed(self, field: str) -> str:
        return self.query_one(f"#{field}", Input).value

    @on(Input.Changed, "#against")
    def _against_changed(self) -> None:
        """A schedule sets Games to its games, and no schedule back to the default, while Games
        holds what the form put there (what the person typed there stays)."""
        games = self.query_one("#games", Input)
        if games.value.strip() not in self._games_set:
            return
        total = schedule_games(self._typed("against"))
        value = str(total if total is not None else default_games(self.kind))
        self._games_set.add(value)
        if games.value != value:
            games.value = value

    @on(Input.Changed, "#brain")
    def _brain_changed(self) -> None:
        """A saved brain learns with its own settings: show them, fixed; a new one's are typed."""
        name = " ".join(self.query_one("#brain", Input).value.split())
        kind = self.kind
        saved: Learner[Hashable, Hashable] | None = None
        if name:
            try:
                saved = self._live(name, kind)
            except DamagedBrain:
                saved = None  # said by the check below
        for field in self.query(f".{kind}-setting").results(Input):
            field.disabled = saved is not None
        if saved is not None:
            for field_id, value in settings_values(saved.settings).items():
                self.query_one(f"#{field_id}", Input).value = value
            self._say("brain", f"saved: {games_learned(saved.games_played)}", error=False)
        else:
            self._say("brain", "a new brain" if name else "", error=False)
        self._check()

    @on(Input.Changed)
    def _changed(self, event: Input.Changed) -> None:
        if event.input.id != "brain":
            self._check()

    def _live(self, name: str, kind: str) -> Learner[Hashable, Hashable] | None:
        """The app's brain of ``name`` and learner ``kind`` (the one its games play), or None
        when it has none; :class:`DamagedBrain` for a saved brain the store cannot read."""
        app = host_of(self)
        rules, ref = app.settings.rules, BrainRef(name, kind)
        live = app.brains.in_play(rules, ref)
        if live is not None or not app.brains.has(rules, ref):
            return live
        saved_brain(app.records, rules, name, kind)  # refuses a damaged one, in words
        return app.brains.learner(rules, ref)

    def _values(self) -> dict[str, str]:
        values = {field.id or "": field.value for field in self.query(Input)}
        values["learner"] = self.kind
        return values

    @property
    def speed_chosen(self) -> int:
        value = self.query_one("#speed", Select).value
        return value if isinstance(value, int) else recalled_speed(host_of(self))

    def _check(self) -> LabPlan | None:
        """The plan, or None with every problem shown beside its field."""
        app = host_of(self)
        values = self._values()
        app.lab_forms[app.settings.rules.key] = values  # opens so again
        plan = read_plan(
            app.settings.rules, app.records, values, self._live, app.training_memory_most
        )
        problems = plan if isinstance(plan, dict) else {}
        for field in MESSAGES:
            if field in problems:
                self._say(field, problems[field], error=True)
            elif self.query_one(f"#{field}-message", Static).has_class("error"):
                self._say(field, self._resting(field), error=False)
        for field in ("brain", "against", "games", "memory"):
            self.query_one(f"#{field}", Input).set_class(field in problems, "-invalid")
        return plan if isinstance(plan, LabPlan) else None

    def _resting(self, field: str) -> str:
        """What a field's message says when nothing is wrong."""
        return {
            "against": OPPONENT_HELP, "games": "1 to 10,000,000", "memory": self._memory_help()
        }.get(field, "")

    def _memory_help(self) -> str:
        """The memory cap's note: in a served tab, its most."""
        most = host_of(self).training_memory_most
        if most is None:
            return MEMORY_HELP
        return f"training stops before the app passes it; at most {size_field(most)} here"

    def _say(self, field: str, text: str, *, error: bool) -> None:
        message = self.query_one(f"#{field}-message", Static)
        message.update(plain(text))
        message.set_class(error, "error")

    # -- starting ---------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "enter":  # Enter on a list (the learner, the speed) opens it, chooses in it
            focused = self.focused
            return focused is None or not any(
                isinstance(node, Select) for node in focused.ancestors_with_self
            )
        return True

    def action_enter(self) -> None:
        self.action_start()

    @on(Button.Pressed, "#experiment")
    def action_experiment(self) -> None:
        """The experiment screen: the ready questions, and this form's training (its learner
        and settings, opponent and games, as a fresh brain) over many seeds, when it holds one
        that can run."""
        plan = self._check()
        this = None
        if plan is not None:
            this = one_configuration(
                plan.rules, plan.kind, plan.learner.settings, plan.against, plan.against_words,
                seeds=EXPERIMENT_SEEDS, games=plan.games,
            )
        host_of(self).open_experiment(this)

    @on(Input.Submitted)
    @on(Button.Pressed, "#start")
    def action_start(self) -> None:
        app = host_of(self)
        name = " ".join(self.query_one("#brain", Input).value.split())
        if name:  # the training starts from what others saved of the brain, too
            app.brains.pick_up(app.settings.rules, BrainRef(name, self.kind))
        plan = self._check()
        if plan is None:
            self.app.bell()
            return
        speed = self.speed_chosen
        remember_speed(app, speed)  # the next run starts at it
        app.start_lab_run(plan, speed=speed, pause_after=self.pause_after)
