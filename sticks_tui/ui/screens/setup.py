"""Setup: the game and its rules, the players' names and who starts.

Every field is checked as it is typed: a bad value shows its message right under the form (for
the number of sticks, the classic console's words), and the screen cannot be confirmed until
every field is good. With every field good, the same place may hold the form's note on the
game chosen, not an error (Kayles where the last move loses is Sticky-Nim: it says so). Only the
fields of the chosen game are shown.
"""

from __future__ import annotations

import re

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import (
    Button,
    Header,
    Input,
    Label,
    RadioButton,
    RadioSet,
    Select,
    Static,
)

from ...engine.game import Rules
from ...text.names import MAX_NAME_LENGTH, names_problem, typed_name_problem
from ..host import host_of
from ..plain import plain, show_plain
from ..presenters import SetupForm
from ..presenters.forms import FormField, Problem
from ..session import DEFAULT_NAMES, clean_name, remember_names
from ..widgets.footer import KeysFooter

#: The characters the title bar has for the game's name at 80x24, after "sticks-tui — ".
TITLE_ROOM = 49


def title_words(name: str) -> str:
    """The game's name for the title bar; where it would be cut, its lists of numbers lose
    their spaces ("Take-away {15,16,17,18,19,20}, last stick loses")."""
    if len(name) <= TITLE_ROOM:
        return name
    return re.sub(r"(?<=\d), (?=\d)", ",", name)


class NameInput(Input):
    """A player's name field. A paste that would make the name longer than :data:`MAX_NAME_LENGTH`
    is refused and says so under the form (Textual's input drops it with only a bell)."""

    class PasteTooLong(Message):
        """A paste was refused: ``pasted`` characters where ``room`` were left."""

        def __init__(self, pasted: int, room: int) -> None:
            super().__init__()
            self.pasted, self.room = pasted, room

    def on_paste(self, event: events.Paste) -> None:
        line = event.text.splitlines()[0] if event.text else ""  # as the input pastes it
        start, end = sorted(self.selection)
        room = (self.max_length or 0) - (len(self.value) - (end - start))
        if self.max_length and len(line) > room:
            event.prevent_default()  # not the input's own paste, which would drop it silently
            event.stop()
            self.app.bell()
            self.post_message(self.PasteTooLong(len(line), room))


def paste_words(pasted: int, room: int) -> str:
    """Why a paste into a name field was refused."""
    left = "" if room == MAX_NAME_LENGTH else f" ({room} left)"
    return (
        f"A name has at most {MAX_NAME_LENGTH} characters: the paste had {pasted}{left}, so it was "
        "not pasted"
    )


def every_field(forms: list[SetupForm]) -> list[FormField]:
    """The fields of every form, each once (forms share the number of sticks), in order."""
    seen: dict[str, FormField] = {}
    for form in forms:
        for field in form.fields:
            seen.setdefault(field.id, field)
    return list(seen.values())


def welcome(form: SetupForm) -> str:
    """The setup screen's greeting, naming the game chosen: the classic console's words for the
    Game of Sticks, which the app is named after."""
    if form.keeps_title:
        return "Welcome to the game of sticks!"
    return f"Welcome to {form.label}!"


class SetupScreen(Screen[None]):
    """The first screen: the game's settings."""

    BINDINGS = [
        Binding("ctrl+n", "confirm", "Continue"),
        Binding("ctrl+l", "app.leaderboard", "Leaderboard"),
    ]

    def compose(self) -> ComposeResult:
        settings = host_of(self).settings
        self._forms = settings.forms()
        self._fields = every_field(self._forms)
        choices = [(form.label, form.key) for form in self._forms]
        yield Header()
        with Vertical(id="setup"):
            yield Static(plain(welcome(settings.setup_form())), id="setup-title")
            with Grid(id="setup-form"):
                yield Label("Game")
                yield Select(
                    choices, value=settings.setup_form().key, allow_blank=False, id="game"
                )
                yield Label("", id="sticks-label")  # the chosen form's heading
                with Horizontal(id="rules"):
                    for field in self._fields:
                        if field.on_rules_row:
                            yield from field.compose(settings.values)
                for field in self._fields:
                    if not field.on_rules_row:
                        yield from field.compose(settings.values)
                yield Label("Players")
                with Horizontal(id="names"):
                    yield NameInput(settings.names[0], id="name1", max_length=MAX_NAME_LENGTH)
                    yield Label("vs", classes="inline")
                    yield NameInput(settings.names[1], id="name2", max_length=MAX_NAME_LENGTH)
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
        yield KeysFooter()

    def on_mount(self) -> None:
        #: Why the last paste into a name was refused, until the form changes.
        self._note = ""
        self._show_fields()
        self.query_one(f"#{self._form().first}", Input).focus()
        self._check()

    async def show_settings(self) -> None:
        """The settings' game was chosen elsewhere (a brain of another game played from the
        brains screen): the form shows it, with its fields, and the title bar names it."""
        await self.recompose()
        self.on_mount()

    # -- reading the form -----------------------------------------------------------------------
    def _form(self) -> SetupForm:
        key = self.query_one("#game", Select).value
        return next((form for form in self._forms if form.key == key), self._forms[0])

    def _value(self, selector: str) -> str:
        return self.query_one(selector, Input).value

    def _values(self) -> dict[str, str]:
        """The texts of every field by id (a choice: the button pressed), over the settings'
        (which keep what has no field, such as Nim's ending given by ``--game``)."""
        values = dict(host_of(self).settings.values)
        values.update({field.id: field.read(self) for field in self._fields})
        return values

    def chosen_rules(self) -> Rules | None:
        """The game the form makes as it stands (None while a field is wrong): the analysis
        (F2) reads the brain of this game."""
        if self._field_problems():
            return None
        return self._form().rules(self._values())

    def _names(self) -> tuple[str, str]:
        first = clean_name(self._value("#name1"), DEFAULT_NAMES[0])
        second = clean_name(self._value("#name2"), DEFAULT_NAMES[1])
        return first, second

    def _field_problems(self) -> list[Problem]:
        """(field id, message) for every bad field of the chosen game."""
        return self._form().problems(self._values())

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
        field_problems = self._field_problems()
        message = self.query_one("#setup-message", Static)
        # a problem may quote a name; with none, the form's note on the game (not an error)
        note = "" if field_problems else self._form().note(self._values())
        show_plain(message, problem or self._note or note)
        message.set_class(problem is not None or bool(self._note), "error")
        bad = {field for field, _message in field_problems + self._name_problems()}
        for field_id in (*(field.id for field in self._fields), "name1", "name2"):
            self.query_one(f"#{field_id}").set_class(field_id in bad, "-invalid")
        self.query_one("#continue", Button).disabled = problem is not None
        self._show_title()
        for button_id, name in zip(("#first1", "#first2"), self._names()):
            button = self.query_one(button_id, RadioButton)
            if button.label.plain != name:  # a new label lays the screen out again
                button.label = plain(name)
        return problem is None

    def _show_title(self) -> None:
        """The title bar names the game chosen, as it is chosen: its rules once its fields
        are good (the Game of Sticks keeps the app's own words)."""
        form = self._form()
        if form.keeps_title:
            title = type(self.app).SUB_TITLE or ""
        elif self._field_problems():
            title = form.label
        else:
            title = title_words(form.rules(self._values()).name)
        self.app.sub_title = title

    def _show_fields(self) -> None:
        """Only the chosen game's fields are shown."""
        form = self._form()
        self.query_one("#setup-title", Static).update(plain(welcome(form)))
        self.query_one("#sticks-label", Label).update(plain(form.heading))
        for field in self._fields:
            for widget_id in field.widget_ids:
                self.query_one(f"#{widget_id}").display = widget_id in form.shown

    @on(Select.Changed, "#game")
    def _game_changed(self) -> None:
        self._show_fields()
        self._check()

    @on(Input.Changed)
    @on(RadioSet.Changed)
    def _changed(self) -> None:
        self._note = ""
        self._check()

    @on(NameInput.PasteTooLong)
    def _paste_too_long(self, event: NameInput.PasteTooLong) -> None:
        self._note = paste_words(event.pasted, event.room)
        self._check()

    @on(Input.Submitted)
    def _submitted(self) -> None:
        self.action_confirm()

    @on(Button.Pressed, "#continue")
    def _continue(self) -> None:
        self.action_confirm()

    @on(Button.Pressed, "#setup-leaderboard")
    def _leaderboard(self) -> None:
        host_of(self).action_leaderboard()

    def action_confirm(self) -> None:
        """Keep the settings and choose how to play; refused while anything is wrong."""
        if not self._check():
            self.app.bell()
            return
        settings = host_of(self).settings
        form, values = self._form(), self._values()
        settings.form = form.key
        settings.values.update({field.id: values[field.id] for field in form.fields})
        settings.names = self._names()
        if not host_of(self).served:  # a served tab's names are its own, not the room's
            remember_names(host_of(self), settings.names)
        settings.first = 1 if self.query_one("#first2", RadioButton).value else 0
        self._show_title()
        host_of(self).action_mode()  # the app pushes the mode screen
