"""Mode selection: a friend, the computer (a machine, or a saved brain by its name), the trained
computer, or computer against computer, for whichever game the setup screen chose.

The computer's selector and the watch sides list the machines that do not learn (random,
perfect, mixed: perfect with the chance typed on its line, else random) and the brains of the
game, each with its learner and the games it has learned: the learning AI "AI" (hats), the
trained AI "Trained AI" (hats), the Q-learner "Q-learning AI" where it fits, and every other
saved brain of the game, of either learner. A brain plays as saved, but one that must learn
before it plays trains first, through the lab's pipeline (:class:`~.lab_run.LabRunScreen`, at
full speed; ``w`` there watches it slowly): the trained AI until it has learned the training
budget (``--training-games``; option 3 is this), and a Q-learner that has learned nothing (it
learns only when trained). Each option asks the app for its board (:mod:`..route`: one
message, :class:`~..route.PlayChosen`), which trains first where a brain must, then sits the
players at the board.
"""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Header, Input, Label, Select, Static

from ...engine.game import Rules
from ...engine.learners import learner_kind
from ...engine.machines import Machine, machines_for
from ...storage.brain_cache import BrainCache, BrainRef
from ..host import host_of
from ..plain import plain
from ..presenters import presenter_for
from ..presenters.forms import parse_number
from ..route import PlayChosen, PlayRequest
from ..session import (
    SKILL_MESSAGE,
    Opponent,
    brain_label,
    brain_of,
)
from ..widgets.footer import KeysFooter


def option(label: str, action: str) -> Button:
    """One way to play: a one-line button whose id is the action it runs."""
    return Button(label, id=action, classes="mode-option", compact=True)


def opponent_choices(brains: BrainCache, rules: Rules) -> list[tuple[Text, Opponent]]:
    """Who may play, as the selectors list them: random, the app's learners and every other
    saved brain of the game (``AI (hats, 1,203 games)``), perfect, mixed."""
    saved = dict(brains.saved(rules))
    choices: list[tuple[Text, Opponent]] = [(plain("random"), Machine.RANDOM)]
    for machine in machines_for(rules):
        ref = brain_of(machine)
        if ref is not None:
            choices.append((plain(brain_label(ref, saved.pop(ref, None))), machine))
    for ref, games in saved.items():
        if learner_kind(ref.learner).fits(rules):
            choices.append((plain(brain_label(ref, games)), ref))
    choices += [(plain("perfect"), Machine.PERFECT), (plain("mixed"), Machine.MIXED)]
    return choices


class ModeScreen(Screen[None]):
    """Choose how to play; the settings come from the setup screen."""

    BINDINGS = [
        Binding("1", "friend", "Friend"),
        Binding("2", "computer", "Computer"),
        Binding("3", "trained", "Trained"),
        Binding("4", "watch", "Watch"),
        Binding("5", "lab", "Lab"),
        Binding("escape", "app.pop_screen", "Back"),
        # ctrl+l works on every screen (the help and the palette say so): here its room in the
        # footer at 80 columns goes to 5, the lab
        Binding("ctrl+l", "app.leaderboard", "Leaderboard", show=False),
    ]

    def __init__(self, chosen: Opponent | None = None) -> None:
        """``chosen``: the computer the selector starts on (default: the learning AI)."""
        super().__init__()
        self.chosen = chosen

    def compose(self) -> ComposeResult:
        app = host_of(self)
        settings = app.settings
        choices = opponent_choices(app.brains, settings.rules)
        offered = [choice for _, choice in choices]
        chosen = self.chosen if self.chosen is not None else settings.opponent
        level = chosen if chosen in offered else Machine.LEARNING
        yield Header()
        with Vertical(id="mode"):
            yield Static(self._summary(), id="mode-summary")
            # Compact widgets (a line each), so that five options, the machines to watch and a
            # summary with two 40-character names fit at 80x24.
            yield option("1  Play against a friend", "friend")
            with Horizontal(classes="mode-row"):
                yield option("2  Play against the computer", "computer")
                yield Select(choices, value=level, allow_blank=False, id="level", compact=True)
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
            with Horizontal(id="mixed-row"):
                yield Label("mixed plays a perfect move", id="skill-label")
                yield Input(str(settings.skill), id="skill", max_length=4, compact=True)
                yield Label("% of the time, else a random one", id="percent")
            yield option("5  Training lab: teach a brain against an opponent you choose", "lab")
            yield Static("", id="mode-message")
        yield KeysFooter()

    def _summary(self) -> Text:
        """The game, who plays whom and who starts, with the names as they were typed."""
        settings = host_of(self).settings
        names = settings.names
        return plain(
            f"{presenter_for(settings.rules).game_words()}  {names[0]} against {names[1]}, "
            f"{names[settings.first]} starts. Against the computer, the AI takes "
            f"{names[1]}'s place."
        )

    def on_mount(self) -> None:
        self.query_one("#friend", Button).focus()

    def on_screen_resume(self) -> None:
        """Back from a game, the lab or the brains screen: the brains as they are now (their
        games, a new one), each selector keeping its choice where it is still offered."""
        app = host_of(self)
        choices = opponent_choices(app.brains, app.settings.rules)
        offered = [choice for _, choice in choices]
        for selector, default in (("#level", Machine.LEARNING), ("#left", Machine.LEARNING),
                                  ("#right", Machine.PERFECT)):
            select = self.query_one(selector, Select)
            chosen = select.value
            with select.prevent(Select.Changed):
                select.set_options(choices)
                select.value = chosen if chosen in offered else default

    @on(Button.Pressed, ".mode-option")
    async def _chosen(self, event: Button.Pressed) -> None:
        await self.run_action(event.button.id or "")

    @on(Select.Changed, "#level")
    def _level_changed(self, event: Select.Changed) -> None:
        """The computer chosen is the one the mode screen opens on next time."""
        if isinstance(event.value, (Machine, BrainRef)):
            host_of(self).settings.opponent = event.value

    @on(Input.Changed, "#skill")
    def _skill_changed(self) -> None:
        self._skill()

    def _skill(self) -> int | None:
        """The mixed level's chance of a perfect move (percent); says so when it is bad."""
        value = parse_number(self.query_one("#skill", Input).value, 0, 100)
        self.query_one("#skill", Input).set_class(value is None, "-invalid")
        self._say("" if value is not None else SKILL_MESSAGE, error=value is None)
        if value is not None:
            host_of(self).settings.skill = value
        return value

    def _say(self, message: str, *, error: bool = True) -> None:
        shown = self.query_one("#mode-message", Static)
        shown.update(plain(message))
        shown.set_class(error, "error")

    # -- the four ways to play --------------------------------------------------------------------
    def action_friend(self) -> None:
        self.post_message(PlayChosen(PlayRequest.friends()))

    def action_computer(self) -> None:
        """The computer chosen beside the option (a brain carries on from what it knows)."""
        self._ask(PlayRequest.against(self._choice("#level")))

    def action_trained(self) -> None:
        """The trained AI as saved; trained first by self-play (the lab's pipeline) while it
        has learned fewer games than the training budget (``--training-games``)."""
        self._ask(PlayRequest.against(Machine.TRAINED))

    def action_watch(self) -> None:
        """Two machines play each other; a side that must learn first is trained first."""
        self._ask(PlayRequest.watch(self._choice("#left"), self._choice("#right")))

    def choose(self, choice: Opponent) -> None:
        """Show ``choice`` as the computer chosen, where it is offered (a brain played from
        elsewhere: the board beneath plays it)."""
        app = host_of(self)
        if choice in [offered for _, offered in opponent_choices(app.brains, app.settings.rules)]:
            self.query_one("#level", Select).value = choice

    # -- helpers ----------------------------------------------------------------------------
    def _ask(self, request: PlayRequest) -> None:
        """Ask the app to play ``request`` (the one route to a board), once the mixed level's
        chance reads right."""
        if Machine.MIXED in request.opponents and self._skill() is None:
            self.app.bell()
            return
        self.post_message(PlayChosen(request))

    def chosen_brain(self) -> BrainRef | None:
        """The brain chosen in the computer's selector, if a brain is (the lab and the analysis
        start from it)."""
        return brain_of(self._choice("#level"))

    def _choice(self, selector: str) -> Opponent:
        """The machine or brain chosen in the selector (each has one chosen)."""
        value = self.query_one(selector, Select).value
        assert isinstance(value, (Machine, BrainRef))
        return value

    def action_lab(self) -> None:
        """The training lab (a screen of its own, for the game chosen)."""
        host_of(self).action_lab()
