"""Who is playing: the first screen of a tab served to a classroom (``sticks-tui serve``).

Every tab of a room shares one leaderboard; were each student "Player 1", the room's board
would have one row for everybody. So a served tab asks for the player's name before the setup
screen, by the rules of a name on the setup screen (a computer player's name, one that only
looks like it or mixes alphabets, or the other player's, is refused, with the reason under the
field); the name is shown as typed, never read as markup.
"""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Header, Input, Static

from ...text.names import MAX_NAME_LENGTH, name_from_typed, names_problem
from ..plain import plain
from ..widgets.footer import KeysFooter


class NameScreen(Screen[str]):
    """Asks for the player's name; closes with it once it is one the leaderboard can keep."""

    #: The name's field has the keys at once: focused by Textual as the screen shows, not by a
    #: query of this screen's own (a tab closed as it opens would find the field gone).
    AUTO_FOCUS = "#player-name"

    DEFAULT_CSS = """
    #name-body {
        width: 100%;
        max-width: 76;
        height: auto;
        margin: 1 2;
    }
    #name-title {
        text-style: bold;
        color: $accent;
    }
    #name-note {
        margin: 1 0;
    }
    #name-message {
        height: auto;
        color: $error;
        text-style: bold;
    }
    """

    def __init__(self, other: str) -> None:
        """``other``: the second player's name, which this one must differ from."""
        super().__init__()
        self.other = other

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical(id="name-body"):
            yield Static("Who is playing?", id="name-title")
            yield Static(
                "Type your name and press Enter. The room shares one leaderboard, with a row "
                "for each player, and every game you play against a learning AI teaches the "
                "brain the whole room shares.",
                id="name-note",
            )
            yield Input(
                placeholder="your name", max_length=MAX_NAME_LENGTH, id="player-name"
            )
            yield Static("", id="name-message")
        yield KeysFooter()

    @on(Input.Submitted, "#player-name")
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        try:
            name = name_from_typed(event.value)
        except ValueError as error:
            self._say(str(error))
            return
        problem = names_problem([name, self.other])
        if problem is not None:
            self._say(problem)
            return
        self.dismiss(name)

    def _say(self, problem: str) -> None:
        self.app.bell()
        self.query_one("#name-message", Static).update(plain(problem[:1].upper() + problem[1:]))
