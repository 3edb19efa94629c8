"""The room view: the room's brain as the room teaches it (``r`` on the leaderboard).

The room's brain is the learning AI of the game chosen: every game against it, in any tab of a
classroom (``sticks-tui serve``) or any program on the same data directory, teaches that one
brain. The view shows the games it has learned and its win share over its last games against
the room's players, and reads them again every :data:`POLL_SECONDS`, in a worker thread (two
small queries of the store: the brain's row and the last games), so it follows the games others
finish without ever holding up the event loop.
"""

from __future__ import annotations

from dataclasses import dataclass

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Header, Static

from ...engine.game import Rules
from ...engine.games import spec_of
from ...engine.machines import LEARNING_AI_LEARNER, LEARNING_AI_NAME
from ...storage.brain_shelf import shelf_of
from ...storage.records import Records
from ...storage.sqlite.store_file import StoreError
from ..host import host_of
from ..plain import plain
from ..widgets.footer import KeysFooter

#: The last games the win share counts.
ROOM_GAMES = 20
#: How often the view reads the store again (seconds).
POLL_SECONDS = 2.0


@dataclass(frozen=True)
class RoomView:
    """What the view shows, as read from the records."""

    #: Games the room's brain has learned (None: no brain is saved yet).
    games_learned: int | None
    #: Whether it won each of its last games against the room, newest first.
    last: tuple[bool, ...]


def read_room(records: Records, rules: Rules, ai_name: str = LEARNING_AI_NAME) -> RoomView:
    """The room's brain of ``rules`` as the records hold it now (safe from any thread)."""
    try:
        info = shelf_of(records).brain_info(rules, ai_name, LEARNING_AI_LEARNER)
    except (TypeError, StoreError):
        info = None
    last = records.last_results(spec_of(rules), ai_name, ROOM_GAMES)
    return RoomView(None if info is None else info.games_played, tuple(last))


def share_words(last: tuple[bool, ...], served: bool = True) -> str:
    """``Its last 20 games against the room: won 12, lost 8 (60%).`` (in a terminal: "against
    people", as no room plays there)."""
    whom = "the room" if served else "people"
    if not last:
        return f"No game against {whom} yet: play it, and its results show here."
    won = sum(last)
    games = "game" if len(last) == 1 else f"{len(last)} games"
    return (
        f"Its last {games} against {whom}: won {won}, lost {len(last) - won} "
        f"({round(100 * won / len(last))}%)."
    )


def intro_words(rules: Rules, served: bool) -> str:
    """What the view shows: the room's brain in a classroom's tab; in a terminal, where one
    person plays, the learning AI's brain (which another program on the same data directory
    may teach too)."""
    if served:
        return (
            f"The room's brain: {LEARNING_AI_NAME} (hats) for {rules.name}. Every game "
            "against it, in any tab, teaches it."
        )
    return (
        f"The learning AI's brain: {LEARNING_AI_NAME} (hats) for {rules.name}. Every game "
        "against it teaches it, here or in another program on the same data directory."
    )


def marks_words(last: tuple[bool, ...]) -> str:
    """The last games, newest first, one letter each: ``W W L`` (W: it won, L: it lost)."""
    if not last:
        return ""
    return "Newest first: " + " ".join("W" if won else "L" for won in last) + (
        "  (W: it won, L: it lost)"
    )


class RoomRead(Message):
    """The worker read the room: ``view`` is what to show."""

    def __init__(self, view: RoomView) -> None:
        super().__init__()
        self.view = view


class RoomScreen(Screen[None]):
    """The room's brain, read again every :data:`POLL_SECONDS` while the screen is shown."""

    BINDINGS = [Binding("escape,r", "app.pop_screen", "Back")]

    #: Seconds between two readings (a test makes it short).
    poll_seconds = POLL_SECONDS

    def __init__(self) -> None:
        super().__init__()
        self.view: RoomView | None = None
        self._reading = False

    def compose(self) -> ComposeResult:
        app = host_of(self)
        rules = app.settings.rules
        yield Header()
        with Vertical(id="room-body"):
            yield Static(plain(intro_words(rules, app.served)))
            yield Static(plain("Reading the records..."), id="room-games")
            yield Static(id="room-share")
            yield Static(id="room-last")
            players = "the room plays" if app.served else "games are played"
            yield Static(plain(
                f"Read again every {self.poll_seconds:g} seconds, as {players}."
            ), id="room-note")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.read_again()
        self.set_interval(self.poll_seconds, self.read_again)

    def read_again(self) -> None:
        """Read the room in a worker thread, unless a reading is under way."""
        if self._reading:
            return
        self._reading = True
        app = host_of(self)
        records, rules = app.brains.records, app.settings.rules

        def read() -> None:
            try:
                view = read_room(records, rules)
            finally:
                self._reading = False
            self.post_message(RoomRead(view))

        self.run_worker(read, thread=True, group="room", exit_on_error=False)

    def on_room_read(self, message: RoomRead) -> None:
        view = self.view = message.view
        games = (
            "No game learned yet." if view.games_learned is None
            else f"Games learned: {view.games_learned:,}."
        )
        self.query_one("#room-games", Static).update(plain(games))
        served = host_of(self).served
        self.query_one("#room-share", Static).update(plain(share_words(view.last, served)))
        self.query_one("#room-last", Static).update(plain(marks_words(view.last)))
