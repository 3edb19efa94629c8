"""The board: the position, whose turn it is, the moves so far, and each AI's hats.

One board serves every game; only the drawing of the position and the way a person chooses a
move differ (take-away: a button or a digit per allowed take; Nim: a pile and a count, or a
click on a stick; Sticky-Nim: the first and last letter, or two clicks).

The match lives in the engine; this screen asks it what is legal, hands it moves and redraws
from its state. A machine's turn happens in two visible steps, each after a short pause: it
draws a ball (the chart shows the ball beside its hat), then makes that move. In watch mode the
pause follows the chosen speed, and single-step runs one step per key press.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Footer, Header, Input, RichLog, Static

from ...engine import IllegalMove, Match, Move, Nim, StickyLine, StickyNim, TakeAway
from ...engine.games.sticky import LETTERS
from ..plain import plain
from ..session import Mode, Table, ball_words, position_words
from ..widgets.hats import HatChart, HatPicture, HatsSnapshot, OneHatChart
from ..widgets.line import StickyLineView
from ..widgets.piles import NimPiles
from ..widgets.sticks import StickArt
from . import app_of

#: Watch-mode speeds: name and how many "AI pauses" each step waits.
SPEEDS: tuple[tuple[str, float], ...] = (
    ("slow", 3.0),
    ("normal", 1.0),
    ("fast", 0.25),
    ("fastest", 0.0),
)
NORMAL_SPEED = 1
#: Digits take that many sticks in take-away games (takes above 9 have buttons only).
DIGIT_TAKES = range(1, 10)


def _bindings() -> list[BindingType]:
    takes: list[BindingType] = [Binding(str(n), f"take({n})", f"Take {n}") for n in DIGIT_TAKES]
    counts = [
        Binding(str(d), f"count({d})", "Count", key_display="0-9", show=d == 0)
        for d in range(10)
    ]
    return takes + counts + [
        Binding("up", "pile(-1)", "Pile", key_display="↑↓"),
        Binding("down", "pile(1)", "Pile", show=False),
        Binding("enter", "confirm_count", "Take", show=False),
        Binding("backspace", "clear_count", "Clear", show=False),
        Binding("space", "pause", "Run/pause"),
        Binding("s", "step", "Step"),
        Binding("minus", "slower", "Slower"),
        Binding("plus,equals_sign", "faster", "Faster"),
        Binding("a", "play_again", "Play again"),
        Binding("n", "app.new_setup", "New setup", show=False),
        Binding("l", "app.leaderboard", "Leaderboard", show=False),
        Binding("left_square_bracket", "scroll_hats(-1)", "Hats left", show=False),
        Binding("right_square_bracket", "scroll_hats(1)", "Hats right", show=False),
        Binding("escape", "app.pop_screen", "Back", show=False),
    ]


class BoardScreen(Screen[None]):
    """One table's games, one after another ("play again" keeps the same players and hats)."""

    BINDINGS = _bindings()

    def __init__(self, table: Table) -> None:
        super().__init__()
        self.table = table
        rules = self.rules = table.rules
        self.is_nim = isinstance(rules, Nim)
        self.is_sticky = isinstance(rules, StickyNim)
        self.is_takeaway = not (self.is_nim or self.is_sticky)
        #: The allowed takes (take-away), the longest take and the line (Sticky-Nim).
        self.takes: tuple[int, ...] = rules.takes if isinstance(rules, TakeAway) else ()
        self.max_take = rules.max_take if isinstance(rules, StickyNim) else 0
        self.line_length = rules.sticks if isinstance(rules, StickyNim) else 0
        if not self.is_takeaway:
            # No take buttons: nothing is focused at first (not a hidden button), so Enter and
            # the arrows are the board's keys; Sticky-Nim's letters field takes focus on a turn.
            self.AUTO_FOCUS = ""  # type: ignore[misc]  # per board; None means the app's choice
        self.match: Match = table.new_match()
        self.watching = table.mode is Mode.WATCH
        self.paused = False
        self.speed = NORMAL_SPEED
        self._drawn: Move | None = None
        self._in_use: dict[int, object] = {}
        #: The hat each chart is centred on; it stays on the last hat used when a game ends.
        self._focus: dict[int, object] = {}
        self._generation = 0
        self._keys_state: tuple[object, ...] = ()
        self._hat_seats = [i for i, seat in enumerate(table.seats) if seat.brain is not None]
        # Nim: the pile chosen and the count typed so far.
        self.pile: int | None = None
        self.typed = ""
        # Sticky-Nim: the sticks as the user sees them, and the sticks marked for a move.
        self.line = StickyLine.full(self.line_length) if self.is_sticky else None
        self.mark: tuple[int, int] | None = None
        #: Where a machine's Sticky-Nim move goes on the line (set on mount, from the app).
        self._place_rng = random.Random(0)

    # -- layout ---------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="board"):
            with Vertical(id="table"):
                yield Static(id="heap-words")
                yield from self._compose_position()
                yield Static(id="turn")
                with Horizontal(id="takes", classes="actions"):
                    if self.is_takeaway:
                        for n in self.takes:
                            yield Button(plain(f"Take {n}"), id=f"take-{n}", compact=True)
                    if self.is_sticky:
                        yield Input(
                            placeholder="letters, e.g. df", id="sticky-move", max_length=2,
                            compact=True,
                        )
                        yield Static(id="move-problem")
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
                yield RichLog(id="log", wrap=True, min_width=10, markup=False)
            if self._hat_seats:
                with Vertical(id="hats"):
                    for i in self._hat_seats:
                        title = f"{self.table.seats[i].name}'s hats"
                        if self.is_takeaway:
                            yield HatChart(title, id=f"chart-{i}")
                        else:
                            yield OneHatChart(f"{self.table.seats[i].name}'s hat", id=f"chart-{i}")
        yield Footer(show_command_palette=False)

    def _compose_position(self) -> ComposeResult:
        if self.is_nim:
            yield NimPiles(self.match.position, id="piles", classes="position")
        elif self.is_sticky:
            assert self.line is not None
            yield StickyLineView(self.line, id="line", classes="position")
        else:
            yield StickArt(self.match.position, id="heap", classes="position")

    def on_mount(self) -> None:
        self.set_class(self.watching, "-watching")
        self.set_class(not self._hat_seats, "-no-hats")
        self.query_one("#log", RichLog).can_focus = False  # arrows choose piles, not scroll
        if self.is_sticky:
            self._place_rng = app_of(self).player_rng()
        self._log_line(f"{self._names()} · {self._start_words()}", style="dim")
        self._advance()

    def on_unmount(self) -> None:
        """Leaving mid-game: balls beside the hats go back and nothing is learned."""
        self._generation += 1
        if not self.match.is_over:
            self.table.abandon()

    def _start_words(self) -> str:
        start = self.rules.initial_position()
        if self.is_nim:
            return "piles " + self.rules.position_key(start)
        if self.is_sticky:
            return f"a line of {self.line_length}"
        return f"{start} sticks"

    def _names(self) -> str:
        seats = self.table.seats
        return f"{seats[0].name} vs {seats[1].name}"

    # -- the flow of a game ---------------------------------------------------------------------
    def _advance(self) -> None:
        """Redraw, then either finish the game, wait for a person, or let a machine move."""
        match = self.match
        if not match.is_over and match.to_move in self._hat_seats:
            self._in_use[match.to_move] = match.position
        self._redraw()
        if match.is_over:
            self._game_over()
        elif not self.table.seats[match.to_move].is_human:
            self._schedule(self._machine_step)
        elif self.is_sticky:
            self.query_one("#sticky-move", Input).focus()
        elif self.is_nim and (self.pile is None or not match.position[self.pile]):
            self.pile = next(i for i, size in enumerate(match.position) if size)
            self._redraw()

    def _machine_step(self) -> None:
        """One visible step of a machine's turn: draw a ball, or make the move it says."""
        match = self.match
        if match.is_over or self.table.seats[match.to_move].is_human:
            return
        seat = self.table.seats[match.to_move]
        if self._drawn is None and seat.brain is not None:
            self._drawn = seat.player.make_choice(match.rules, match.position)
            if self.is_sticky:
                assert self.line is not None
                self.mark = self.line.place(self._drawn, self._place_rng)
            self._redraw()
            self._schedule(self._machine_step)
            return
        move = self._drawn
        if move is None:
            move = seat.player.make_choice(match.rules, match.position)
        self._drawn = None
        self._play(move, self.mark)

    def _play(self, move: Move, span: tuple[int, int] | None = None) -> None:
        """Hand ``move`` to the match, log it in the console's words and go on."""
        letters = ""
        if self.is_sticky:
            assert self.line is not None
            first, last = span if span is not None else self.line.place(move, self._place_rng)
            letters = LETTERS[first] + (LETTERS[last] if last != first else "")
            line = self.line.take(first, last)
        turn = self.match.play(move)
        if self.is_sticky:
            self.line = line
            assert line.position == self.match.position, "the line and the match agree"
        self.mark = None
        self.typed = ""
        self._log_line(self.table.move_words(turn, letters))
        self._advance()

    def _delay(self) -> float:
        pause = app_of(self).ai_delay
        return pause * SPEEDS[self.speed][1] if self.watching else pause

    def _schedule(self, step: Callable[[], None]) -> None:
        """Run ``step`` after the AI's pause, unless the game changed or watch mode is paused."""
        generation = self._generation

        def run() -> None:
            if generation == self._generation and not (self.watching and self.paused):
                step()

        delay = self._delay()
        if delay > 0:
            self.set_timer(delay, run)
        else:
            self.call_later(run)

    def _game_over(self) -> None:
        match, table = self.match, self.table
        assert match.loser is not None and match.winner is not None
        self._in_use.clear()
        winner, loser = table.seats[match.winner], table.seats[match.loser]
        app = app_of(self)
        app.record_game(winner.name, loser.name, match.rules)
        for seat in table.seats:
            if seat.brain is not None:
                app.keep_brain(seat.name, seat.brain)
        table.games += 1
        self._log_line(table.end_words(match), style="bold")
        self._redraw()
        self.query_one("#end-again", Button).focus()

    # -- drawing ----------------------------------------------------------------------------
    def _redraw(self) -> None:
        match = self.match
        self.query_one("#heap-words", Static).update(
            plain(position_words(self.rules, match.position))
        )
        self._draw_position()
        self.query_one("#turn", Static).update(plain(self._turn_words()))
        self.set_class(match.is_over, "-over")
        human_turn = self._human_turn()
        legal = match.legal_moves()
        if self.is_takeaway:
            for n in self.takes:
                self.query_one(f"#take-{n}", Button).disabled = not (human_turn and n in legal)
        if self.is_sticky:
            self.query_one("#sticky-move", Input).disabled = not human_turn
        self.query_one("#speed", Static).update(plain(self._speed_words()))
        self._draw_hats()
        keys_state = (match.is_over, human_turn, legal if human_turn and self.is_takeaway else ())
        if keys_state != self._keys_state:  # the footer is rebuilt only when its keys change
            self._keys_state = keys_state
            self.refresh_bindings()

    def _draw_position(self) -> None:
        match = self.match
        if self.is_nim:
            pile, taking = self._nim_preview()
            self.query_one(NimPiles).show(match.position, pile, taking)
        elif self.is_sticky:
            assert self.line is not None
            self.query_one(StickyLineView).show(self.line, self.mark)
        else:
            self.query_one(StickArt).count = match.position

    def _nim_preview(self) -> tuple[int | None, int]:
        """The pile marked on the board and how many sticks would go: the person's choice, or
        the ball the AI just drew."""
        if self._drawn is not None:
            pile, count = self._drawn
            return pile, count
        if self._human_turn():
            return self.pile, int(self.typed) if self.typed else 0
        return None, 0

    def _draw_hats(self) -> None:
        match, table = self.match, self.table
        for i in self._hat_seats:
            brain = table.seats[i].brain
            assert brain is not None
            in_use = self._in_use.get(i)
            if in_use is not None:
                self._focus[i] = in_use
            elif not match.is_over and self.is_takeaway:
                self._focus[i] = match.position
            if self.is_takeaway:
                focus = self._focus.get(i, match.position or 1)
                self.query_one(f"#chart-{i}", HatChart).show(  # take-away: positions are heaps
                    HatsSnapshot.of(brain),
                    in_use=in_use if isinstance(in_use, int) else None,
                    focus=focus if isinstance(focus, int) else None,
                )
            else:
                focus = self._focus.get(i, match.position)
                picture = HatPicture.of_hat(brain, focus, lambda m: ball_words(self.rules, m))
                self.query_one(f"#chart-{i}", OneHatChart).show(picture)

    def _turn_words(self) -> str:
        match, table = self.match, self.table
        if match.is_over:
            return table.end_words(match)
        seat = table.seats[match.to_move]
        if self._drawn is not None:
            hat = self.rules.position_key(match.position)
            ball = ball_words(self.rules, self._drawn)
            if self.is_sticky and self.mark is not None:
                ball = f"{ball}: {LETTERS[self.mark[0]]}..{LETTERS[self.mark[1]]}"
            return f"{seat.name} drew ball {ball} from hat {hat}"
        if self.is_nim and self._human_turn() and self.pile is not None:
            size = match.position[self.pile]
            typed = self.typed or "_"
            keys = f"1-{size}" if size > 1 else "1"
            return f"{seat.name}: take {typed} of {size} from pile {self.pile} (type {keys})"
        return table.turn_words(match)

    def _speed_words(self) -> str:
        if not self.watching:
            return ""
        state = "paused · s steps · space runs" if self.paused else "space pauses"
        return f"{SPEEDS[self.speed][0]} speed (-/+) · {state}"

    def _log_line(self, line: str, style: str = "") -> None:
        self.query_one("#log", RichLog).write(plain(line, style=style))

    def _human_turn(self) -> bool:
        match = self.match
        return not match.is_over and self.table.seats[match.to_move].is_human

    def _problem(self, text: str) -> None:
        """A move that cannot be made: say why beside the move field and ring the bell."""
        if self.is_sticky:
            self.query_one("#move-problem", Static).update(plain(text))
        self.app.bell()

    # -- keys and buttons -----------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Hide keys that do not apply here; grey out the moves that are not legal now."""
        playing = not (self.watching or self.match.is_over)
        if action == "take":
            if not (playing and self.is_takeaway):
                return False
            if parameters[0] not in self.takes:
                return False
            legal = self._human_turn() and parameters[0] in self.match.legal_moves()
            return True if legal else None
        if action in ("count", "pile", "confirm_count", "clear_count"):
            if not (playing and self.is_nim):
                return False
            return True if self._human_turn() else None
        if action in ("pause", "step", "slower", "faster"):
            return self.watching and not self.match.is_over
        if action == "play_again":
            return self.match.is_over
        return True

    def action_take(self, count: int) -> None:
        if not self._human_turn() or count not in self.match.legal_moves():
            self.app.bell()
            return
        self._play(count)

    # Nim: a pile, then a count ------------------------------------------------------------------
    def _nim_piles(self) -> tuple[int, ...]:
        piles: tuple[int, ...] = self.match.position
        return piles

    def action_pile(self, delta: int) -> None:
        """Choose the next non-empty pile up or down; the count typed so far is cleared."""
        piles = self._nim_piles()
        filled = [i for i, size in enumerate(piles) if size]
        if not filled or not self._human_turn():
            return
        if self.pile not in filled:
            self.pile = filled[0] if delta > 0 else filled[-1]
        else:
            self.pile = filled[(filled.index(self.pile) + delta) % len(filled)]
        self.typed = ""
        self._redraw()

    def action_count(self, digit: int) -> None:
        """Type the count: it is taken as soon as no longer count could start with it (so
        one key does it for piles up to 9); otherwise Enter takes it."""
        if not self._human_turn():
            self.app.bell()
            return
        piles = self._nim_piles()
        if self.pile is None or not piles[self.pile]:
            self.pile = next(i for i, size in enumerate(piles) if size)
        size = piles[self.pile]
        typed = self.typed + str(digit)
        value = int(typed)
        if value == 0 or value > size:
            self.typed = ""
            self._redraw()
            self.app.bell()
            return
        if value * 10 > size:
            self._play((self.pile, value))
            return
        self.typed = typed
        self._redraw()

    def action_confirm_count(self) -> None:
        if self._human_turn() and self.typed and self.pile is not None:
            self._play((self.pile, int(self.typed)))

    def action_clear_count(self) -> None:
        self.typed = ""
        self._redraw()

    @on(NimPiles.Chosen)
    def _pile_clicked(self, event: NimPiles.Chosen) -> None:
        if self._human_turn() and self.is_nim:
            self.pile = event.pile
            self._play((event.pile, event.count))

    # Sticky-Nim: letters or clicks ----------------------------------------------------------------
    def _sticky_move(self, first: int, last: int) -> None:
        """Take sticks ``first..last`` if the rules allow it; otherwise say why."""
        assert self.line is not None
        try:
            move = self.line.move_for(first, last, self.max_take)
        except IllegalMove as error:
            self.mark = None
            self._problem(str(error).capitalize())
            self._redraw()
            return
        self.query_one("#move-problem", Static).update("")
        self.query_one("#sticky-move", Input).value = ""
        self._play(move, (first, last))

    @on(Input.Changed, "#sticky-move")
    def _letters_typed(self, event: Input.Changed) -> None:
        """Mark the sticks the letters typed so far name, before the move is made."""
        assert self.line is not None
        self.query_one("#move-problem", Static).update("")
        try:
            self.mark = self.line.parse(event.value) if event.value.strip() else None
        except IllegalMove:
            self.mark = None
        self.query_one(StickyLineView).show(self.line, self.mark)

    @on(Input.Submitted, "#sticky-move")
    def _letters_entered(self, event: Input.Submitted) -> None:
        assert self.line is not None
        if not self._human_turn():
            return
        try:
            first, last = self.line.parse(event.value)
        except IllegalMove as error:
            self._problem(str(error).capitalize())
            return
        self._sticky_move(first, last)

    @on(StickyLineView.Clicked)
    def _stick_clicked(self, event: StickyLineView.Clicked) -> None:
        """The first click marks a stick, the second the other end (the same stick: one)."""
        if not (self._human_turn() and self.is_sticky):
            return
        if self.mark is None or self.mark[0] != self.mark[1]:
            self.mark = (event.index, event.index)
            self._redraw()
            return
        first, last = sorted((self.mark[0], event.index))
        self._sticky_move(first, last)

    # -- watch mode and the end of a game ---------------------------------------------------------
    def action_play_again(self) -> None:
        if not self.match.is_over:
            return
        self._generation += 1
        self._drawn = None
        self.match = self.table.new_match()
        if self.is_sticky:
            self.line = StickyLine.full(self.line_length)
        self.mark, self.pile, self.typed = None, None, ""
        self._log_line(f"-- game {self.table.games + 1} --", style="dim")
        for i in self._hat_seats:
            chart = self.query_one(f"#chart-{i}")
            if isinstance(chart, HatChart):
                chart.reset_scroll()
        self._advance()

    def action_pause(self) -> None:
        self.paused = not self.paused
        self._generation += 1  # forget the step that was waiting; it is scheduled again below
        if not self.paused and not self.match.is_over:
            self._schedule(self._machine_step)
        self._redraw()

    def action_step(self) -> None:
        """Single-step: pause if running, then run the next step of the machine's turn."""
        if self.match.is_over:
            return
        if not self.paused:
            self.paused = True
            self._generation += 1
        self._machine_step()
        self._redraw()

    def action_slower(self) -> None:
        self.speed = max(0, self.speed - 1)
        self._redraw()

    def action_faster(self) -> None:
        self.speed = min(len(SPEEDS) - 1, self.speed + 1)
        self._redraw()

    def action_scroll_hats(self, delta: int) -> None:
        for chart in self.query(HatChart):
            chart.scroll_hats(delta * 2)

    @on(Button.Pressed)
    async def _button(self, event: Button.Pressed) -> None:
        actions = {
            "pause": "pause",
            "step": "step",
            "slower": "slower",
            "faster": "faster",
            "end-again": "play_again",
            "end-setup": "app.new_setup",
            "end-leaders": "app.leaderboard",
        }
        button = event.button.id or ""
        action = f"take({button[5:]})" if button.startswith("take-") else actions.get(button)
        if action is not None:
            event.stop()
            await self.run_action(action)

