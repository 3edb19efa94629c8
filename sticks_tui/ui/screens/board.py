"""The board: the heap, whose turn it is, the moves so far, and each AI's hats.

The match lives in the engine; this screen asks it what is legal, hands it moves and redraws
from its state. A machine's turn happens in two visible steps, each after a short pause: it
draws a ball (the chart shows the ball beside its hat), then takes that many sticks. In watch
mode the pause follows the chosen speed, and single-step runs one step per key press.
"""

from __future__ import annotations

from typing import Callable

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Footer, Header, RichLog, Static

from ...engine import Match, Move
from ..session import Mode, Table, sticks_words
from ..widgets.hats import HatChart, HatsSnapshot
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


class BoardScreen(Screen[None]):
    """One table's games, one after another ("play again" keeps the same players and hats)."""

    BINDINGS = [
        Binding("1", "take(1)", "Take 1"),
        Binding("2", "take(2)", "Take 2"),
        Binding("3", "take(3)", "Take 3"),
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

    def __init__(self, table: Table) -> None:
        super().__init__()
        self.table = table
        self.match: Match = table.new_match()
        self.watching = table.mode is Mode.WATCH
        self.paused = False
        self.speed = NORMAL_SPEED
        self._drawn: Move | None = None
        self._in_use: dict[int, int | None] = {}
        #: The hat each chart is centred on; it stays on the last hat used when a game ends.
        self._focus: dict[int, int] = {}
        self._generation = 0
        self._keys_state: tuple[object, ...] = ()
        self._hat_seats = [i for i, seat in enumerate(table.seats) if seat.brain is not None]

    # -- layout ---------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="board"):
            with Vertical(id="table"):
                yield Static(id="heap-words")
                yield StickArt(self.match.position, id="heap")
                yield Static(id="turn")
                with Horizontal(id="takes", classes="actions"):
                    for n in (1, 2, 3):
                        yield Button(f"Take {n}", id=f"take-{n}", compact=True)
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
                        yield HatChart(f"{self.table.seats[i].name}'s hats", id=f"chart-{i}")
        yield Footer(show_command_palette=False)

    def on_mount(self) -> None:
        self.set_class(self.watching, "-watching")
        self.set_class(not self._hat_seats, "-no-hats")
        self._log_line(f"{self._names()} · {self.match.position} sticks", style="dim")
        self._advance()

    def on_unmount(self) -> None:
        """Leaving mid-game: balls beside the hats go back and nothing is learned."""
        self._generation += 1
        if not self.match.is_over:
            self.table.abandon()

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

    def _machine_step(self) -> None:
        """One visible step of a machine's turn: draw a ball, or take the sticks it says."""
        match = self.match
        if match.is_over or self.table.seats[match.to_move].is_human:
            return
        seat = self.table.seats[match.to_move]
        if self._drawn is None and seat.brain is not None:
            self._drawn = seat.player.make_choice(match.rules, match.position)
            self._redraw()
            self._schedule(self._machine_step)
            return
        move = self._drawn
        if move is None:
            move = seat.player.make_choice(match.rules, match.position)
        self._drawn = None
        self._log_line(self.table.move_words(match.play(move)))
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
        app.record_game(winner.name, loser.name)
        for seat in table.seats:
            if seat.brain is not None:
                app.keep_brain(seat.name, seat.brain)
        table.games += 1
        self._log_line(table.end_words(match), style="bold")
        self._redraw()
        self.query_one("#end-again", Button).focus()

    # -- drawing ----------------------------------------------------------------------------
    def _redraw(self) -> None:
        match, table = self.match, self.table
        self.query_one("#heap-words", Static).update(sticks_words(match.position))
        self.query_one("#heap", StickArt).count = match.position
        self.query_one("#turn", Static).update(self._turn_words())
        self.set_class(match.is_over, "-over")
        human_turn = self._human_turn()
        legal = match.legal_moves()
        for n in (1, 2, 3):
            self.query_one(f"#take-{n}", Button).disabled = not (human_turn and n in legal)
        self.query_one("#speed", Static).update(self._speed_words())
        for i in self._hat_seats:
            brain = table.seats[i].brain
            assert brain is not None
            in_use = self._in_use.get(i)
            if in_use is not None:
                self._focus[i] = in_use
            elif not match.is_over:
                self._focus[i] = match.position
            focus = self._focus.get(i, match.position or 1)
            self.query_one(f"#chart-{i}", HatChart).show(
                HatsSnapshot.of(brain), in_use=in_use, focus=focus
            )
        keys_state = (match.is_over, human_turn, legal if human_turn else ())
        if keys_state != self._keys_state:  # the footer is rebuilt only when its keys change
            self._keys_state = keys_state
            self.refresh_bindings()

    def _turn_words(self) -> str:
        match, table = self.match, self.table
        if match.is_over:
            return table.end_words(match)
        seat = table.seats[match.to_move]
        if self._drawn is not None:
            return f"{seat.name} drew ball {self._drawn} from hat {match.position}"
        return table.turn_words(match)

    def _speed_words(self) -> str:
        if not self.watching:
            return ""
        state = "paused · s steps · space runs" if self.paused else "space pauses"
        return f"{SPEEDS[self.speed][0]} speed (-/+) · {state}"

    def _log_line(self, line: str, style: str = "") -> None:
        from rich.text import Text

        self.query_one("#log", RichLog).write(Text(line, style=style))

    def _human_turn(self) -> bool:
        match = self.match
        return not match.is_over and self.table.seats[match.to_move].is_human

    # -- keys and buttons -----------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Hide keys that do not apply here; grey out the takes that are not legal now."""
        if action == "take":
            if self.watching or self.match.is_over:
                return False
            legal = self._human_turn() and parameters[0] in self.match.legal_moves()
            return True if legal else None
        if action in ("pause", "step", "slower", "faster"):
            return self.watching and not self.match.is_over
        if action == "play_again":
            return self.match.is_over
        return True

    def action_take(self, count: int) -> None:
        if not self._human_turn() or count not in self.match.legal_moves():
            self.app.bell()
            return
        self._log_line(self.table.move_words(self.match.play(count)))
        self._advance()

    def action_play_again(self) -> None:
        if not self.match.is_over:
            return
        self._generation += 1
        self._drawn = None
        self.match = self.table.new_match()
        self._log_line(f"-- game {self.table.games + 1} --", style="dim")
        for i in self._hat_seats:
            self.query_one(f"#chart-{i}", HatChart).reset_scroll()
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
            "take-1": "take(1)",
            "take-2": "take(2)",
            "take-3": "take(3)",
            "pause": "pause",
            "step": "step",
            "slower": "slower",
            "faster": "faster",
            "end-again": "play_again",
            "end-setup": "app.new_setup",
            "end-leaders": "app.leaderboard",
        }
        action = actions.get(event.button.id or "")
        if action is not None:
            event.stop()
            await self.run_action(action)
