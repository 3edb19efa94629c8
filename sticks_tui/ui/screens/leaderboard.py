"""The leaderboard: every player's games, wins, losses and rating, best rating first."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Header, Static

from ..plain import plain
from . import app_of

COLUMNS = ("Name", "Games", "Wins", "Losses", "Rating")


class LeaderboardScreen(Screen[None]):
    """Read from the app's records each time it is shown, so every finished game counts."""

    BINDINGS = [Binding("escape,l", "app.pop_screen", "Back")]

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical(id="leaderboard-body"):
            yield Static("Leaderboard: a win adds one to the rating, a loss takes one away.")
            yield DataTable(id="standings", cursor_type="row", zebra_stripes=True)
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        for column in COLUMNS:
            table.add_column(column, key=column.lower())
        self.refill()

    def on_screen_resume(self) -> None:
        self.refill()

    def refill(self) -> None:
        table = self.query_one(DataTable)
        table.clear()
        standings = app_of(self).records.standings()
        for row in standings:
            # The name is whatever a player typed (here or in the classic console): as text.
            cells = (row.name, str(row.games), str(row.wins), str(row.losses), f"{row.rating:+d}")
            table.add_row(*(plain(cell) for cell in cells))
        if not standings:
            table.add_row(*(plain(cell) for cell in ("(no games yet)", "", "", "", "")))
