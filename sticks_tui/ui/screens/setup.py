"""Setup: the game and its rules, the players' names and who starts.

Every field is checked as it is typed: a bad value shows its message right under the form (for
the number of sticks, the classic console's words), and the screen cannot be confirmed until
every field is good. Only the fields of the chosen game are shown.
"""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import (
    Button,
    Footer,
    Header,
    Input,
    Label,
    RadioButton,
    RadioSet,
    Select,
    Static,
)

from ...storage.records import names_problem, typed_name_problem
from ..plain import plain
from ..session import (
    DEFAULT_NAMES,
    NAME_MAX,
    PILES_MESSAGE,
    STICKY_TAKE_MAX,
    STICKY_TAKE_MESSAGE,
    TAKES_MESSAGE,
    Game,
    clean_name,
    parse_number,
    parse_piles,
    parse_takes,
    remember_names,
    sticks_range,
)
from . import app_of

#: The games with fields on the form; a game chosen without fields (``--game wythoff:3,5``)
#: is offered too, by its name.
GAME_CHOICES: list[tuple[str, Game]] = [
    (game.label, game) for game in Game if game is not Game.OTHER
]


class SetupScreen(Screen[None]):
    """The first screen: the game's settings."""

    BINDINGS = [
        Binding("ctrl+n", "confirm", "Continue"),
        Binding("ctrl+l", "app.leaderboard", "Leaderboard"),
    ]

    def compose(self) -> ComposeResult:
        settings = app_of(self).settings
        yield Header()
        with Vertical(id="setup"):
            yield Static("Welcome to the game of sticks!", id="setup-title")
            with Grid(id="setup-form"):
                yield Label("Game")
                yield Select(self._choices(), value=settings.game, allow_blank=False, id="game")
                yield Label("Sticks (10-100)", id="sticks-label")
                with Horizontal(id="rules"):
                    yield Input(str(settings.sticks), id="sticks", max_length=12)
                    yield Input(
                        ",".join(map(str, settings.piles)), id="piles", max_length=40
                    )
                    yield Label("Takes", id="takes-label", classes="inline")
                    yield Input(",".join(map(str, settings.takes)), id="takes", max_length=30)
                    yield Label("Take at most", id="max-take-label", classes="inline")
                    yield Input(str(settings.max_take), id="max-take", max_length=4)
                yield Label("Ending", id="ending-label")
                with RadioSet(id="ending"):
                    yield RadioButton("Last stick loses", value=settings.misere, id="misere")
                    yield RadioButton("No move loses", value=not settings.misere, id="normal")
                yield Label("Players")
                with Horizontal(id="names"):
                    yield Input(settings.names[0], id="name1", max_length=NAME_MAX)
                    yield Label("vs", classes="inline")
                    yield Input(settings.names[1], id="name2", max_length=NAME_MAX)
                yield Label("Who starts")
                with RadioSet(id="first"):
                    yield RadioButton(
                        plain(settings.names[0]), value=settings.first == 0, id="first1"
                    )
                    yield RadioButton(
                        plain(settings.names[1]), value=settings.first == 1, id="first2"
                    )
            yield Static("", id="setup-message")
            with Horizontal(id="setup-buttons"):
                yield Button("Continue", id="continue", variant="primary")
                yield Button("Leaderboard", id="setup-leaderboard")
        yield Footer()

    def _choices(self) -> list[tuple[str, Game]]:
        """The games on offer: those with fields, and the game chosen without any."""
        other = app_of(self).settings.other
        return GAME_CHOICES if other is None else [*GAME_CHOICES, (other.name, Game.OTHER)]

    def on_mount(self) -> None:
        self._show_fields()
        first = {Game.NIM: "#piles", Game.OTHER: "#name1"}.get(self._game(), "#sticks")
        self.query_one(first, Input).focus()
        self._check()

    # -- reading the form -----------------------------------------------------------------------
    def _game(self) -> Game:
        value = self.query_one("#game", Select).value
        return value if isinstance(value, Game) else Game.STICKS

    def _value(self, selector: str) -> str:
        return self.query_one(selector, Input).value

    def _names(self) -> tuple[str, str]:
        first = clean_name(self._value("#name1"), DEFAULT_NAMES[0])
        second = clean_name(self._value("#name2"), DEFAULT_NAMES[1])
        return first, second

    def _sticks(self) -> int | None:
        low, high, _message = sticks_range(self._game())
        return parse_number(self._value("#sticks"), low, high)

    def _field_problems(self) -> list[tuple[str, str]]:
        """(field id, message) for every bad field of the chosen game."""
        game = self._game()
        problems: list[tuple[str, str]] = []
        if game is Game.OTHER:
            return problems
        if game is Game.NIM:
            if parse_piles(self._value("#piles")) is None:
                problems.append(("piles", PILES_MESSAGE))
            return problems
        if self._sticks() is None:
            problems.append(("sticks", sticks_range(game)[2]))
        if game is Game.TAKEAWAY and parse_takes(self._value("#takes")) is None:
            problems.append(("takes", TAKES_MESSAGE))
        if game is Game.STICKY and parse_number(
            self._value("#max-take"), 1, STICKY_TAKE_MAX
        ) is None:
            problems.append(("max-take", STICKY_TAKE_MESSAGE))
        return problems

    def _name_problems(self) -> list[tuple[str, str]]:
        """(field id, message) for every name field holding a line break, a tab or another
        control character (e.g. pasted), checked as typed: tidying would make them spaces."""
        problems: list[tuple[str, str]] = []
        for field in ("name1", "name2"):
            problem = typed_name_problem(self._value(f"#{field}"))
            if problem is not None:
                problems.append((field, problem))
        return problems

    def _problem(self) -> str | None:
        """What stops the form from being confirmed, in words for the user; None if nothing."""
        problems = self._field_problems() + self._name_problems()
        if problems:
            return problems[0][1]
        return names_problem(self._names())

    def _check(self) -> bool:
        problem = self._problem()
        message = self.query_one("#setup-message", Static)
        message.update(plain(problem or ""))  # a problem may quote a name
        message.set_class(problem is not None, "error")
        bad = {field for field, _message in self._field_problems() + self._name_problems()}
        for field in ("sticks", "piles", "takes", "max-take", "name1", "name2"):
            self.query_one(f"#{field}", Input).set_class(field in bad, "-invalid")
        self.query_one("#continue", Button).disabled = problem is not None
        names = self._names()
        self.query_one("#first1", RadioButton).label = plain(names[0])
        self.query_one("#first2", RadioButton).label = plain(names[1])
        return problem is None

    def _show_fields(self) -> None:
        """Only the chosen game's fields are shown."""
        game = self._game()
        low, high, _message = sticks_range(game)
        labels = {Game.NIM: "Piles", Game.OTHER: "Rules as given"}
        label = labels.get(game, f"Sticks ({low}-{high})")
        self.query_one("#sticks-label", Label).update(plain(label))
        shown = {
            "sticks": game not in (Game.NIM, Game.OTHER),
            "piles": game is Game.NIM,
            "takes-label": game is Game.TAKEAWAY,
            "takes": game is Game.TAKEAWAY,
            "max-take-label": game is Game.STICKY,
            "max-take": game is Game.STICKY,
            "ending-label": game is Game.TAKEAWAY,
            "ending": game is Game.TAKEAWAY,
        }
        for widget_id, display in shown.items():
            self.query_one(f"#{widget_id}").display = display

    @on(Select.Changed, "#game")
    def _game_changed(self) -> None:
        self._show_fields()
        self._check()

    @on(Input.Changed)
    def _changed(self) -> None:
        self._check()

    @on(Input.Submitted)
    def _submitted(self) -> None:
        self.action_confirm()

    @on(Button.Pressed, "#continue")
    def _continue(self) -> None:
        self.action_confirm()

    @on(Button.Pressed, "#setup-leaderboard")
    def _leaderboard(self) -> None:
        app_of(self).action_leaderboard()

    def action_confirm(self) -> None:
        """Keep the settings and choose how to play; refused while anything is wrong."""
        if not self._check():
            self.app.bell()
            return
        from .mode import ModeScreen

        settings = app_of(self).settings
        game = self._game()
        settings.game = game
        if game is Game.NIM:
            piles = parse_piles(self._value("#piles"))
            assert piles is not None
            settings.piles = piles
        elif game is not Game.OTHER:
            sticks = self._sticks()
            assert sticks is not None
            settings.sticks = sticks
        if game is Game.TAKEAWAY:
            takes = parse_takes(self._value("#takes"))
            assert takes is not None
            settings.takes = takes
            settings.misere = self.query_one("#misere", RadioButton).value
        if game is Game.STICKY:
            max_take = parse_number(self._value("#max-take"), 1, STICKY_TAKE_MAX)
            assert max_take is not None
            settings.max_take = max_take
        settings.names = self._names()
        remember_names(app_of(self).records, settings.names)
        settings.first = 1 if self.query_one("#first2", RadioButton).value else 0
        sticks_game = game is Game.STICKS
        default_title = type(self.app).SUB_TITLE or ""
        self.app.sub_title = default_title if sticks_game else settings.rules.name
        self.app.push_screen(ModeScreen())
