"""The board: the position, whose turn it is, the moves so far, and each AI's hats.

One board serves every game; the drawing of the position, the way a person chooses a move and
the words differ, and are asked of the game's presenter (:mod:`sticks_tui.ui.presenters`),
whose input posts one :class:`MoveChosen` up to this screen.

The games live in the game driver (:class:`~...game_driver.GameDriver`, no widgets): this screen
hands it moves and steps and shows what it says happened (:data:`~...game_driver.Event`): it
hands each event to the board's panels (the hats, the hint, the tally: widgets that know nothing
of this screen), logs it, and redraws what it changed (:meth:`BoardScreen.redraw` draws it all,
for the first drawing and a change of pace). A machine's turn happens in two visible steps, each
after a short pause: it draws a ball (the chart shows the ball beside its hat), then makes that
move. The pause is the board's pace's (:class:`.watch.BoardPace`), waited on one timer
(:meth:`BoardScreen.pace`): in watch mode it follows the chosen speed, and single-step runs one
step per key press.
"""

from __future__ import annotations

import random
import time
from collections.abc import Hashable, Sequence

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingsMap, BindingType
from textual.containers import Horizontal, Vertical
from textual.timer import Timer
from textual.widgets import Button, Header, RichLog, Static

from ....engine import Match
from ...game_driver import (
    BallDrawn,
    Event,
    GameDriver,
    GameEnded,
    GameSaves,
    GameStarted,
    MovePlayed,
    TakenBack,
)
from ...host import host_of
from ...plain import notify_plain, plain, show_plain
from ...presenters import BoardView, MoveChosen, presenter_for
from ...session import Mode, Table
from ...widgets.footer import KeysFooter
from ..confirm import LeavesGame
from .hats import HatsPanel
from .help import HELP_ACTIONS, NOTHING_TO_UNDO, PRACTICE, HintPanel, help_bindings
from .watch import WATCH_ACTIONS, BoardPace, BoardTally

#: The board's own keys, after the presenter's move keys.
BOARD_BINDINGS: list[BindingType] = [
    Binding("space", "pause", "Run/pause"),
    Binding("s", "step", "Step"),
    Binding("minus", "slower", "Slower"),
    Binding("plus,equals_sign", "faster", "Faster"),
    Binding("a", "play_again", "Play again"),
    # n and l work at any time; the footer says so once the game is over, beside a
    Binding("n", "after_game('new_setup')", "New setup"),
    Binding("l", "after_game('leaderboard')", "Leaderboard"),
    Binding("n", "app.new_setup", "New setup", show=False),
    Binding("l", "app.leaderboard", "Leaderboard", show=False),
    Binding("left_square_bracket", "scroll_hats(-1)", "Hats left", show=False),
    Binding("right_square_bracket", "scroll_hats(1)", "Hats right", show=False),
    Binding("escape", "leave_game", "Back", show=False),
]
#: The buttons shown in watch mode and at the end of a game, and their actions.
BUTTON_ACTIONS = {
    "pause": "pause",
    "step": "step",
    "slower": "slower",
    "faster": "faster",
    "end-again": "play_again",
    "end-setup": "app.new_setup",
    "end-leaders": "app.leaderboard",
}


class BoardScreen(LeavesGame):
    """One table's games, one after another ("play again" keeps the same players and hats)."""

    BINDINGS = BOARD_BINDINGS
    #: Nothing is focused by Textual as the board is composed: the presenter says what is
    #: (:meth:`_focus_first`).
    AUTO_FOCUS = ""

    def __init__(self, table: Table) -> None:
        super().__init__()
        self.table = table
        self.rules = table.rules
        self.presenter = presenter_for(table.rules)
        # The keys are the game's: its move keys first, as the footer lists them, then the
        # hint's and the board's own. Textual reads a screen's keys from the instance's map
        # (App.bind writes its own the same way) but offers no public way to set a screen's
        # from an instance, short of a class made for each game, as this board once did.
        keys = self.presenter.bindings() + help_bindings(self.presenter) + BOARD_BINDINGS
        self._bindings = BindingsMap(keys)
        #: The games of this table (the saves are set on mount: they go to the app).
        self.driver = GameDriver(table)
        self.watching = table.mode is Mode.WATCH
        #: How the last game ended, until the board has shown it.
        self._ended: GameEnded | None = None
        #: The board's one timer: the machines' next step, once the pace says it is due
        #: (stopped when the game changes first).
        self._timer: Timer | None = None
        #: A mark of the step waiting (a timer that fired as it was stopped still calls back;
        #: a step asked at once has no timer to stop).
        self._waiting: object | None = None
        self._keys_state: tuple[object, ...] = ()
        #: The panels, fed the driver's events: the charts of the machines that learn (and what
        #: each game did to them), the hint, and the tally of the games.
        self.hats = HatsPanel(table, self.presenter)
        self.hint = HintPanel(table, self.presenter)
        self.tally = BoardTally(table)
        #: Where a machine's move goes, for games that place it (set on mount, from the app).
        self._place_rng = random.Random(0)
        #: When the machines' steps come: the AI's pause, or the watch's run, pause and speed.
        self.watched = BoardPace(self.watching)
        # Known before the board is shown: set now, or every widget would be restyled on mount.
        self.set_class(self.watching, "-watching", update=False)
        self.set_class(not self.hats.seats, "-no-hats", update=False)

    # -- layout ---------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="board"):
            with Vertical(id="table"):
                yield Static(id="heap-words")
                yield from self.presenter.compose_position()
                yield Static(id="turn")
                with Horizontal(id="move-input", classes="actions"):
                    yield from self.presenter.compose_input()
                with Horizontal(id="watch-controls", classes="actions"):
                    yield Button("Run/pause", id="pause", compact=True)
                    yield Button("Step", id="step", compact=True)
                    yield Button("Slower", id="slower", compact=True)
                    yield Button("Faster", id="faster", compact=True)
                with Horizontal(id="end-actions", classes="actions"):
                    yield Button("Play again", id="end-again", compact=True, variant="primary")
                    yield Button("New setup", id="end-setup", compact=True)
                    yield Button("Leaderboard", id="end-leaders", compact=True)
                yield Static(id="speed")
                yield self.tally
                yield self.hint
                yield RichLog(id="log", wrap=True, min_width=10, markup=False, max_lines=1000)
            if self.hats.seats:
                yield self.hats
        yield KeysFooter(show_command_palette=False)

    def on_mount(self) -> None:
        if self not in self.app.screen_stack or not self.query("#log"):
            # Taken off before it showed (a screen change queued ahead of it, e.g. "play it
            # now" from a lab opened on another board, under load): nothing to start.
            return
        self.query_one("#log", RichLog).can_focus = False  # arrows choose piles, not scroll
        self.driver.saves = GameSaves(host_of(self), gather=self.watching)
        if self.presenter.places_moves:
            self._place_rng = host_of(self).player_rng()
        self.presenter.new_game(self._place_rng)
        self.log_line(f"{self._names()} · {self.presenter.start_words()}", style="dim")
        self._focus_first()
        self.hint.prepare()
        self.advance()

    def _focus_first(self) -> None:
        """Focus what the presenter says a board starts on: a selector (the first take
        button: ``None`` means the first widget that takes focus), or nothing (``""``)."""
        wanted = self.presenter.auto_focus
        target = "*" if wanted is None else wanted
        if not target or self.focused is not None:
            return
        for widget in self.query(target):
            if widget.focusable:
                self.set_focus(widget)
                return

    def on_unmount(self) -> None:
        """Leaving mid-game: balls beside the hats go back and nothing is learned; what the
        games before taught is saved."""
        self.forget_step()
        self.driver.abandon()
        if self.driver.saves is not None:  # none when taken off before it showed
            self.driver.saves.flush()

    def on_screen_suspend(self) -> None:
        """Covered by another screen (the leaderboard, the analysis, the lab...): what it
        shows holds every game that ended here."""
        if self.driver.saves is not None:
            self.driver.saves.flush()

    @property
    def match(self) -> Match[Hashable, Hashable]:
        """The game on the board."""
        return self.driver.match

    @property
    def saves(self) -> GameSaves:
        """The saves of the games that end here."""
        assert self.driver.saves is not None, "set when the board is mounted"
        return self.driver.saves

    def on_screen_resume(self) -> None:
        """Shown again (back from the lab, the brains screen...): the hats as the brains are
        now, which a training kept meanwhile may have changed; the first focus again where
        nothing is focused."""
        self._focus_first()
        if self.hats.seats and self.query("#hats") and not self._quiet():
            self.hats.resumed(self.match)

    def _names(self) -> str:
        seats = self.table.seats
        return f"{seats[0].name} vs {seats[1].name}"

    # -- the flow of a game ---------------------------------------------------------------------
    def advance(self, events: Sequence[Event] = ()) -> None:
        """Draw what ``events`` changed (everything, with none: the first drawing), then either
        finish the game, wait for a person, or pace the machine's next step."""
        match = self.match
        self._draw(events)
        if match.is_over:
            ended, self._ended = self._ended, None
            if ended is not None:
                self._game_over(ended)
        elif self.driver.machine_turn():
            self.pace()
        else:
            self.presenter.human_turn()
            self._draw_table(self._view())  # what the presenter chose for the person (a pile)

    def machine_step(self) -> None:
        """One visible step of a machine's turn: draw a ball, or make the move it says."""
        events = self.driver.machine_step(show_ball=not self.watched.hurries)
        if events:
            self._show(events)

    @on(MoveChosen)
    def _move_chosen(self, event: MoveChosen) -> None:
        """A person's move, from the presenter's input: played if it is theirs to make."""
        event.stop()
        if not self.human_turn() or event.move not in self.match.legal_moves():
            self.app.bell()
            return
        self._play(event.move, event.where)

    def _play(self, move: Hashable, where: object = None) -> None:
        """Hand a person's ``move`` to the driver and show what happened."""
        placed = self.presenter.place(move, where)
        self._show(self.driver.play(move), placed)

    def _show(self, events: list[Event], placed: str | None = None) -> None:
        """What the driver says happened: each event handed to the panels, shown on the
        position and logged in the game's words; then the game goes on. ``placed``: the log's
        extra words for a person's move (the presenter's, from where it was chosen: Sticky's
        letters); a machine's move is placed as it is shown."""
        for event in events:
            for panel in (self.hats, self.hint, self.tally):
                panel.show(event)
            if isinstance(event, BallDrawn):
                self.presenter.machine_drew(event.ball)
            elif isinstance(event, MovePlayed):
                turn = event.turn
                if placed is None:
                    placed = self.presenter.place(turn.move, None)
                self.presenter.played(turn.after)
                seat = self.table.seats[turn.player]
                if not self.watched.hurries:
                    self.log_line(
                        self.presenter.move_words(seat.name, seat.is_human, turn.move, placed)
                    )
            elif isinstance(event, GameEnded):
                self._ended = event
            elif isinstance(event, TakenBack):
                for turn in event.turns:
                    self.presenter.taken_back(turn.before)
                back = len(event.turns)
                name = self.table.seats[event.seat].name
                moves = "a move" if back == 1 else f"{back} moves"
                self.log_line(
                    f"{name} takes back {moves}: practice game, it will not count", "dim"
                )
            elif isinstance(event, GameStarted):
                self.presenter.new_game(self._place_rng)
                self.log_line(f"-- game {event.number} --", style="dim")
        self.advance(events)

    def _game_over(self, ended: GameEnded) -> None:
        match, table = ended.match, self.table
        self.log_line(table.end_words(match), style="bold")
        _short, reason = self._end_reason()
        if reason:
            self.log_line(reason, style="dim")
        if not self.watching:
            self.query_one("#end-again", Button).focus()
        self._after_game()

    def _after_game(self) -> None:
        """Watched, the next game comes after the pace's wait, unless the watch pauses here
        (:attr:`.watch.BoardPace.pause_after`)."""
        if self.watched.reached(self.table.games):
            self.saves.flush()
            self.redraw()
        self.pace()

    # -- pacing: the machines' steps --------------------------------------------------------------
    def pace(self) -> None:
        """Wait for the machines' next step (in place of any step waiting) as long as the pace
        says (:meth:`.watch.BoardPace.wait`): a machine's turn, or the next watched game; none
        while the watch is paused (a key steps), during a rush (it plays its own), or for a
        person. :meth:`forget_step` stops it when the game changes first."""
        self.forget_step()
        over = self.match.is_over
        if self.watched.rushing or not (self.driver.machine_turn() or (over and self.watching)):
            return
        wait = self.watched.wait(host_of(self).ai_delay, over=over)
        if wait is None:
            return
        waiting = self._waiting = object()

        def due() -> None:
            # a timer that had fired already when it was stopped still runs this: the step is
            # made only while it is the one waiting
            if self._waiting is waiting:
                self._waiting = self._timer = None
                if not (self.watching and self.watched.paused):
                    self._next_step()

        if wait > 0:
            self._timer = self.set_timer(wait, due)
        else:  # Textual's timers take no zero delay
            self.call_later(due)

    def forget_step(self) -> None:
        """The machines' step waiting is not made (the game changed, or the watch paused)."""
        if self._timer is not None:
            self._timer.stop()
        self._timer = self._waiting = None

    def _next_step(self) -> None:
        """The machines' next step: the next game once a watched one is over, a rush of games
        undrawn at a speed that shows no moves, else one visible step of a machine's turn."""
        if self.match.is_over:
            if self.watching:
                self.action_play_again()
        elif self.watched.hurries:
            self._rush()
        else:
            self.machine_step()

    def _rush(self) -> None:
        """At a speed that shows no moves: the game's moves at once, and the next games too, as
        long as the pace says (:meth:`.watch.BoardPace.rush_goes_on`), undrawn; then the board
        is drawn (a pause waits for the rush to end: it takes no longer than a drawing)."""
        pace = self.watched
        since = time.monotonic()
        pace.rushing = True
        games = 0
        try:
            while True:
                while not self.match.is_over:
                    self.machine_step()
                games += 1
                if not pace.rush_goes_on(games, since, time.monotonic()):
                    break
                self.action_play_again()
        finally:
            pace.rushing = False
        self.redraw()
        self._after_game()

    # -- drawing ----------------------------------------------------------------------------
    def _view(self) -> BoardView:
        match = self.match
        return BoardView(
            match.position, match.legal_moves(), self.human_turn(), match.is_over,
            self.driver.drawn,
        )

    def _quiet(self) -> bool:
        """Whether the board is left undrawn now (hurrying: drawn at the end of the game)."""
        return self.watched.quiet(self.match.is_over)

    def redraw(self) -> None:
        """Everything on the board: the first drawing, a new game, a move taken back, the end of
        a game, and a change of pace (which may end or start a run of undrawn games)."""
        if self._quiet():
            return
        view = self._view()
        self._draw_table(view)
        self._draw_speed()
        self._draw_hats()
        self._place_hint()
        log = self.query_one("#log", RichLog)
        log.border_title = plain(PRACTICE) if self.match.practice else None
        self._draw_keys(view)

    def _draw(self, events: Sequence[Event]) -> None:
        """What ``events`` changed: a ball drawn, the position, the line under it and its
        machine's chart; a move, the same, the hint put away, and the keys; anything else (or
        nothing: the first drawing), everything."""
        if not events or any(
            isinstance(event, GameStarted | GameEnded | TakenBack) for event in events
        ):
            self.redraw()
            return
        if self._quiet():
            return
        view = self._view()
        self._draw_table(view)
        if all(isinstance(event, BallDrawn) for event in events):
            self._draw_hats(*(event.seat for event in events if isinstance(event, BallDrawn)))
            return
        self._draw_hats()
        self._place_hint()
        self._draw_keys(view)

    def _draw_table(self, view: BoardView) -> None:
        """The position (in words, and as the presenter draws it) and the turn's line."""
        position_words = self.presenter.position_words(view.position)
        show_plain(self.query_one("#heap-words", Static), position_words)
        self.presenter.redraw(view)
        show_plain(self.query_one("#turn", Static), self._turn_words(view))
        self.set_class(view.over, "-over")

    def _draw_hats(self, *seats: int) -> None:
        """The charts of ``seats`` (every chart, with none)."""
        if self.hats.seats:
            self.hats.draw(self.match, *seats)

    def _place_hint(self) -> None:
        """The hint in the log's place while it is shown. The log and the tally give the hint
        their place, so that it is read whole at 80x24 (app.tcss: BoardScreen.-hint). The log
        shrinks to nothing: hidden (display: none), it would wrap the lines written meanwhile at
        its smallest width."""
        showing = self.hint.showing
        self.query_one("#speed", Static).display = not showing  # empty unless watching
        self.set_class(showing, "-hint")

    def _draw_keys(self, view: BoardView) -> None:
        keys_state = (view.over, view.human_turn, view.legal if view.human_turn else ())
        if keys_state != self._keys_state:  # the footer is rebuilt only when its keys change
            self._keys_state = keys_state
            self.refresh_bindings()

    def _draw_speed(self) -> None:
        """The watch's speed lines (drawn even while a rush leaves the board undrawn)."""
        show_plain(self.query_one("#speed", Static), self.watched.words(over=self.match.is_over))

    def _turn_words(self, view: BoardView) -> str:
        match, table = self.match, self.table
        if match.is_over:
            short, _reason = self._end_reason()
            return f"{table.end_words(match)}\n{short}" if short else table.end_words(match)
        seat = table.seats[match.to_move]
        if self.driver.drawn is not None:
            hat = self.presenter.hat_name(match.position)
            ball = self.presenter.drew_words(self.driver.drawn)
            return f"{seat.name} drew ball {ball} from {hat}"
        if seat.is_human:
            prompt = self.presenter.prompt(seat.name, view)
            return prompt or f"{seat.name}: {self.presenter.question(view.legal)}"
        if seat.brain is not None:
            hat = self.presenter.hat_name(match.position)
            return f"{seat.name} is drawing a ball from {hat}"
        return f"{seat.name} is choosing"

    def _end_reason(self) -> tuple[str, str]:
        """Why the game ended, where the heap does not say it (the presenter's words)."""
        match = self.match
        assert match.loser is not None
        return self.presenter.end_reason(match.position, self.table.seats[match.loser].name)

    def log_line(self, line: str, style: str = "") -> None:
        self.query_one("#log", RichLog).write(plain(line, style=style))

    def human_turn(self) -> bool:
        return self.driver.human_turn()

    # -- keys and buttons -----------------------------------------------------------------------
    def game_in_progress(self) -> bool:
        """A game is lost by leaving only once it is under way (a move made, or a ball
        drawn): a board where nobody has moved yet is left without a question."""
        return super().game_in_progress() and self.driver.in_play()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Hide keys that do not apply here; grey out the moves that are not legal now."""
        playing = not (self.watching or self.match.is_over)
        if action == "move_key":
            return self.presenter.key_state(parameters, self._view()) if playing else False
        if action in WATCH_ACTIONS:
            return self.watched.allowed(action)
        if action in ("play_again", "after_game"):
            return self.match.is_over and not self.watching  # watched games follow by themselves
        if action in HELP_ACTIONS:
            return self.human_turn()  # undo with nothing to take back says so
        return True

    def action_move_key(self, what: object, value: object = None) -> None:
        """A key of the game's move input: the presenter reads it (and may choose a move).

        Its parameters are named (Textual passes an action as many as its signature names)."""
        if not self.presenter.key((what, value), self._view()):
            self.app.bell()
        self._draw_table(self._view())

    def action_hint(self) -> None:
        if self.human_turn():
            self.hint.show_hint(self.match)
            self._place_hint()

    def action_undo(self) -> None:
        """Take back the person's last move (and the machine's reply): a practice game now."""
        taken = self.driver.undo()
        if taken is None:
            notify_plain(self.app, NOTHING_TO_UNDO)
            return
        self.forget_step()  # a machine's step that was waiting is forgotten
        self._show([taken])

    # -- watch mode and the end of a game ---------------------------------------------------------
    def action_play_again(self) -> None:
        if not self.match.is_over:
            return
        self.forget_step()
        self._show([self.driver.new_game()])

    async def action_after_game(self, action: str) -> None:
        """The app's ``action`` (a new setup, the leaderboard), as the footer offers it once
        the game is over (the same keys do it at any time)."""
        await self.app.run_action(f"app.{action}")

    def action_pause(self) -> None:
        """Run or pause the watched games (paused, what they leave to save is saved)."""
        pace = self.watched
        pace.paused = not pace.paused
        if pace.paused:
            self.saves.flush()
        self.pace()  # the step that was waiting goes; running again, the next one is paced
        self.redraw()

    def action_step(self) -> None:
        """Single-step: pause if running, then the machines' next step."""
        if not self.watched.paused:
            self.watched.paused = True
            self.forget_step()
        self._next_step()
        self.redraw()

    def action_slower(self) -> None:
        self._faster(-1)

    def action_faster(self) -> None:
        self._faster(1)

    def _faster(self, steps: int) -> None:
        """Change the watch's speed by ``steps`` (negative: slower)."""
        self.watched.faster(steps)
        self._draw_speed()
        self.redraw()

    def action_scroll_hats(self, delta: int) -> None:
        self.hats.scroll(delta * 2)

    @on(Button.Pressed)
    async def _button(self, event: Button.Pressed) -> None:
        action = BUTTON_ACTIONS.get(event.button.id or "")
        if action is not None:
            event.stop()
            await self.run_action(action)
