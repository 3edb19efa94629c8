"""The board: the position, whose turn it is, the moves so far, and each AI's hats.

One board serves every game; the drawing of the position, the way a person chooses a move and
the words differ, and are asked of the game's presenter (:mod:`sticks_tui.ui.presenters`),
whose input posts one :class:`MoveChosen` up to this screen.

The games live in the game driver (:class:`~...game_driver.GameDriver`, no widgets): this screen
hands it moves and steps and shows what it says happened (:data:`~...game_driver.Event`). A
machine's turn happens in two visible steps, each after a short pause: it draws a ball (the
chart shows the ball beside its hat), then makes that move. In watch mode the pause follows the
chosen speed, and single-step runs one step per key press.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable

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
    MovePlayed,
    TakenBack,
)
from ...host import host_of
from ...plain import notify_plain, plain, show_plain
from ...presenters import BoardView, MoveChosen, presenter_for
from ...session import Mode, Table
from ...widgets.footer import KeysFooter
from ..confirm import LeavesGame
from .hats import BoardHats
from .help import HELP_ACTIONS, NOTHING_TO_UNDO, BoardHelp, HintPanel, help_bindings
from .watch import WATCH_ACTIONS, BoardTally, BoardWatch

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
        #: The machine's step waiting: the timer of the AI's pause (stopped when the game
        #: changes), or a mark for a step asked at once (no pause: there is no timer to stop).
        self._pending: Timer | object | None = None
        self._keys_state: tuple[object, ...] = ()
        #: The charts of the machines that learn, and what each game did to them.
        self.hats = BoardHats(self)
        #: Where a machine's move goes, for games that place it (set on mount, from the app).
        self._place_rng = random.Random(0)
        self.help = BoardHelp(self)
        self.watched = BoardWatch(self, self.watching)
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
                yield BoardTally(self.table)
                yield HintPanel()
                yield RichLog(id="log", wrap=True, min_width=10, markup=False, max_lines=1000)
            if self.hats.seats:
                with Vertical(id="hats"):
                    for i in self.hats.seats:
                        yield self.hats.chart(i)
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
        if self.hats.seats and self.query("#hats") and not self.watched.quiet:
            self.hats.resumed()

    def _names(self) -> str:
        seats = self.table.seats
        return f"{seats[0].name} vs {seats[1].name}"

    # -- the flow of a game ---------------------------------------------------------------------
    def advance(self) -> None:
        """Redraw, then either finish the game, wait for a person, or let a machine move."""
        match = self.match
        if not match.is_over and not self.table.seats[match.to_move].is_human:
            self.hats.playing(match.to_move, match.position)
        self.redraw()
        if match.is_over:
            ended, self._ended = self._ended, None
            if ended is not None:
                self._game_over(ended)
        elif not self.table.seats[match.to_move].is_human:
            step = self.watched.machine_turn()
            if step is not None:
                self.schedule(step)
        else:
            self.presenter.human_turn()
            self.redraw()

    def machine_step(self) -> None:
        """One visible step of a machine's turn: draw a ball, or make the move it says."""
        events = self.driver.machine_step(show_ball=not self.watched.hurries)
        if events and isinstance(events[0], BallDrawn):
            self.presenter.machine_drew(events[0].ball)
            self.redraw()
            self.schedule(self.machine_step)
        elif events:
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
        """A move and what it led to: logged in the game's words; then the game goes on.
        ``placed``: the log's extra words for a person's move (the presenter's, from where it
        was chosen: Sticky's letters); a machine's move is placed as it is shown."""
        for event in events:
            if isinstance(event, MovePlayed):
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
        self.advance()

    def schedule(self, step: Callable[[], None]) -> None:
        """Run ``step`` after the AI's pause (in place of any step waiting), unless watch mode
        is paused by then; :meth:`forget_step` stops it when the game changes first."""
        self.forget_step()
        delay = self.watched.delay(host_of(self).ai_delay)
        waiting: Timer | object = object()

        def run() -> None:
            # a timer that had fired already when it was stopped still runs this: the step is
            # made only while it is the one waiting
            if self._pending is waiting:
                self._pending = None
                if not self.watched.holds:
                    step()

        if delay > 0:
            waiting = self.set_timer(delay, run)
        else:  # Textual's timers take no zero delay
            self.call_later(run)
        self._pending = waiting

    def forget_step(self, *, ball: bool = False) -> None:
        """The machine's step waiting is not made (the game changed, or the watch paused);
        ``ball``: the ball it drew goes back too (a new game, a move taken back)."""
        if isinstance(self._pending, Timer):
            self._pending.stop()
        self._pending = None
        if ball:
            self.driver.drawn = None

    def _game_over(self, ended: GameEnded) -> None:
        match, table = ended.match, self.table
        self.hats.game_over(ended)  # what the game did to each learner (read before saving)
        if ended.counted:
            self.query_one(BoardTally).count(match)
        self.log_line(table.end_words(match), style="bold")
        _short, reason = self._end_reason()
        if reason:
            self.log_line(reason, style="dim")
        self.redraw()
        if not self.watching:
            self.query_one("#end-again", Button).focus()
        self.watched.game_over()

    # -- drawing ----------------------------------------------------------------------------
    def _view(self) -> BoardView:
        match = self.match
        return BoardView(
            match.position, match.legal_moves(), self.human_turn(), match.is_over,
            self.driver.drawn,
        )

    def redraw(self) -> None:
        if self.watched.quiet:  # hurrying: drawn at the end of the game
            return
        view = self._view()
        position_words = self.presenter.position_words(view.position)
        show_plain(self.query_one("#heap-words", Static), position_words)
        self.presenter.redraw(view)
        show_plain(self.query_one("#turn", Static), self._turn_words(view))
        self.set_class(view.over, "-over")
        self.show_speed()
        self.hats.draw()
        self.help.redraw()
        keys_state = (view.over, view.human_turn, view.legal if view.human_turn else ())
        if keys_state != self._keys_state:  # the footer is rebuilt only when its keys change
            self._keys_state = keys_state
            self.refresh_bindings()

    def show_speed(self) -> None:
        """The watch's speed lines (drawn even while a rush leaves the board undrawn)."""
        show_plain(self.query_one("#speed", Static), self.watched.words())

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
            return self.help.allowed(action)
        return True

    def action_move_key(self, what: object, value: object = None) -> None:
        """A key of the game's move input: the presenter reads it (and may choose a move).

        Its parameters are named (Textual passes an action as many as its signature names)."""
        if not self.presenter.key((what, value), self._view()):
            self.app.bell()
        self.redraw()

    def action_hint(self) -> None:
        self.help.show_hint()

    def action_undo(self) -> None:
        """Take back the person's last move (and the machine's reply): a practice game now."""
        taken = self.driver.undo()
        if taken is None:
            notify_plain(self.app, NOTHING_TO_UNDO)
            return
        self.forget_step()  # a machine's step that was waiting is forgotten
        self.help.forget()
        self._taken_back(taken)

    def _taken_back(self, taken: TakenBack) -> None:
        for turn in taken.turns:
            self.presenter.taken_back(turn.before)
        self.hats.taken_back(self.match.position)  # the hats as they are now, there
        back = len(taken.turns)
        name = self.table.seats[taken.seat].name
        moves = "a move" if back == 1 else f"{back} moves"
        self.log_line(f"{name} takes back {moves}: practice game, it will not count", "dim")
        self.advance()

    # -- watch mode and the end of a game ---------------------------------------------------------
    def action_play_again(self) -> None:
        if not self.match.is_over:
            return
        self.forget_step(ball=True)
        self.driver.new_game()
        self.presenter.new_game(self._place_rng)
        self.log_line(f"-- game {self.table.games + 1} --", style="dim")
        self.hats.new_game(self.match.position)  # the marks of the last game go
        self.advance()

    async def action_after_game(self, action: str) -> None:
        """The app's ``action`` (a new setup, the leaderboard), as the footer offers it once
        the game is over (the same keys do it at any time)."""
        await self.app.run_action(f"app.{action}")

    def action_pause(self) -> None:
        self.watched.pause()

    def action_step(self) -> None:
        self.watched.step()

    def action_slower(self) -> None:
        self.watched.faster(-1)

    def action_faster(self) -> None:
        self.watched.faster(1)

    def action_scroll_hats(self, delta: int) -> None:
        self.hats.scroll(delta * 2)

    @on(Button.Pressed)
    async def _button(self, event: Button.Pressed) -> None:
        action = BUTTON_ACTIONS.get(event.button.id or "")
        if action is not None:
            event.stop()
            await self.run_action(action)
