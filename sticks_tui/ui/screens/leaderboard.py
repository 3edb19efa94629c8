"""The leaderboard: every player's games, wins, losses and rating, best rating first.

One board at a time, chosen at the top: every game together, or one game played, named in words
as the title bar names it ("Take-away {2, 3, 5}, no move loses" for ``takeaway:2,3,5:normal``,
the spec the records keep). Games between two computer players are recorded but left off until
``m`` shows them, and a computer player's row says so: "Perfect AI (machine: perfect)". The rows
have the keys (the arrows move through them at once, and again once a board is chosen).
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import DataTable, Header, Select, Static

from ...engine.game import RuleError
from ...engine.games import GameSpecError, parse_game
from ...storage.records import Standing
from ..host import host_of
from ..plain import plain
from ..presenters import presenter_for
from ..widgets.footer import KeysFooter
from .saved_list import SavedRecordsScreen

COLUMNS = ("Name", "Games", "Wins", "Losses", "Rating")
#: The choice of the board of every game together (no game's spec is this).
EVERY_GAME = "every game"


class LeaderboardScreen(SavedRecordsScreen):
    """Read from the app's records each time it is shown, so every finished game counts."""

    BINDINGS = [
        Binding("escape,l", "app.pop_screen", "Back"),
        Binding("m", "toggle_machines", "Machines' games"),
        # the room's brain in a classroom's tab; in a terminal, where one person plays, the AI's
        Binding("r", "room(True)", "Room's brain"),
        Binding("r", "room(False)", "AI's brain"),
    ]

    def __init__(self) -> None:
        super().__init__()
        #: Whether the games between two computer players count on the board shown.
        self.machines = False
        self.board = EVERY_GAME

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical(id="leaderboard-body"):
            yield Static("Leaderboard: a win adds one to the rating, a loss takes one away.")
            yield Select[str](
                [(plain("Every game"), EVERY_GAME)], value=EVERY_GAME, allow_blank=False,
                id="board-choice",
            )
            yield Static(id="machines-note")
            yield DataTable(id="standings", cursor_type="row", zebra_stripes=True)
        yield KeysFooter()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        for column in COLUMNS:
            table.add_column(column, key=column.lower())
        table.focus()
        self.fill_when_saved()

    def on_select_changed(self, event: Select.Changed) -> None:
        if isinstance(event.value, str) and event.value != self.board:
            self.board = event.value
            self.refill()
            self.query_one(DataTable).focus()  # the arrows go through the rows again

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "room":  # the key's words as the app is: served or not
            return parameters[0] is host_of(self).served
        return True

    def action_room(self, served: bool) -> None:
        host_of(self).action_room()

    def action_toggle_machines(self) -> None:
        self.machines = not self.machines
        self.refill()

    def refill(self) -> None:
        """The boards to choose from, then the rows of the one chosen."""
        records = host_of(self).records
        games = records.games(machines=self.machines)
        if self.board not in games:
            self.board = EVERY_GAME
        choice = self.query_one("#board-choice", Select)
        with choice.prevent(Select.Changed):
            choice.set_options(
                [(plain("Every game"), EVERY_GAME)]
                + [(plain(label), game) for game, label in game_labels(games).items()]
            )
            choice.value = self.board
        self.query_one("#machines-note", Static).update(plain(
            "Games between two computer players: counted (m leaves them out)." if self.machines
            else "Games between two computer players: left out (m counts them)."
        ))
        self._fill(records.standings(
            None if self.board == EVERY_GAME else self.board, machines=self.machines
        ))

    def _fill(self, standings: list[Standing]) -> None:
        table = self.query_one(DataTable)
        table.clear()
        for row in standings:
            # The name is whatever a player typed (here or in the classic console): as text.
            cells = (row.label, str(row.games), str(row.wins), str(row.losses), f"{row.rating:+d}")
            table.add_row(*(plain(cell) for cell in cells))
        if not standings:
            table.add_row(*(plain(cell) for cell in ("(no games yet)", "", "", "", "")))


def game_labels(specs: list[str]) -> dict[str, str]:
    """Each game's name in words, by its spec; two games of one name (Sticky-Nim on lines of
    20 and of 30) add their start. A spec no game reads any more is shown as it is."""
    named: dict[str, tuple[str, str]] = {}
    for spec in specs:
        try:
            rules = parse_game(spec)
        except (GameSpecError, RuleError):
            named[spec] = (spec, "")
            continue
        named[spec] = (rules.name, presenter_for(rules).start_words())
    names = [name for name, _start in named.values()]
    return {
        spec: f"{name}, {start}" if start and names.count(name) > 1 else name
        for spec, (name, start) in named.items()
    }
