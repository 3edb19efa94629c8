"""One table's games, with no widgets (issue 32): the match, the ball a machine drew before it
moves, undo and practice games, and the results and lessons kept; each step returns what
happened (:data:`Event`), which the board shows.

A game is played by :meth:`GameDriver.play` (a person's move, or a machine's) and
:meth:`GameDriver.machine_step` (a machine's turn in two visible steps: it draws a ball, then
makes that move). :meth:`GameDriver.undo` takes back the person's last move and the machine's
reply after it: the game becomes practice, which counts for no one and teaches nothing. When a
game ends, what it did to each learner is read before anything is saved (a save may change the
brain), then a game that counts goes on the leaderboard and its lessons to the saved brains
(:class:`GameSaves`); :meth:`GameDriver.new_game` starts the next one at the same table.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Protocol

from ..engine.game import Rules
from ..engine.learners.base import LearnsInPlay
from ..engine.learners.game_change import GameChange
from ..engine.match import Match, Turn
from .session import Table

#: While watching, the least time between two saves of the board's games (in seconds): watched
#: at full speed, games end many times a second, so their saves are gathered meanwhile.
SAVE_EVERY = 1.0

#: A brain kept as the lessons its games teach.
Taught = LearnsInPlay[Hashable, Hashable]


# -- what happened -------------------------------------------------------------------------------
@dataclass(frozen=True)
class GameStarted:
    """A new game at the table: its number (1 for the first) and where it starts."""

    number: int
    position: Hashable


@dataclass(frozen=True)
class BallDrawn:
    """The machine in ``seat`` drew ``ball`` from its hat at ``position`` (its move to come)."""

    seat: int
    position: Hashable
    ball: Hashable


@dataclass(frozen=True)
class MovePlayed:
    """A move was made (by a person or a machine)."""

    turn: Turn[Hashable, Hashable]


@dataclass(frozen=True)
class TakenBack:
    """Undo took back ``turns`` (the last first), so that ``seat`` is to move again."""

    seat: int
    turns: tuple[Turn[Hashable, Hashable], ...]


@dataclass(frozen=True)
class GameEnded:
    """The game is over. ``changes``: what it did to each seat's learner (None for a seat
    with none, or a learner that learned nothing); ``counted``: False for a practice game."""

    match: Match[Hashable, Hashable]
    changes: tuple[GameChange | None, GameChange | None]

    @property
    def counted(self) -> bool:
        return not self.match.practice


Event = GameStarted | BallDrawn | MovePlayed | TakenBack | GameEnded


# -- where the results go ------------------------------------------------------------------------
class Keeper(Protocol):
    """Where a table's finished games go: the app (its store writer saves them off the event
    loop)."""

    def record_game(self, winner: str, loser: str, rules: Rules) -> None: ...

    def keep_brain(self, name: str, brain: Taught) -> None: ...


class GameSaves:
    """What a table's finished games leave to save: their results, and the lessons they taught.

    Played, each game's saves are asked for as it ends. Watched, they are gathered and asked
    for at the end of a game once :data:`SAVE_EVERY` has passed since the last time, and
    whenever the watch pauses or the board is covered or left (:meth:`flush`): a game's result
    goes on the leaderboard, one by one, and the lessons of all those games in one save.
    """

    def __init__(
        self, keeper: Keeper, *, gather: bool, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.keeper = keeper
        self.gather = gather
        self.clock = clock
        self._results: list[tuple[str, str, Rules]] = []
        self._brains: dict[int, tuple[str, Taught]] = {}
        self._last = clock()

    def game_over(
        self, winner: str, loser: str, rules: Rules, brains: list[tuple[str, Taught]]
    ) -> None:
        """A game that counts ended: ``brains``, the brains it taught, by their AI's name."""
        self._results.append((winner, loser, rules))
        for name, brain in brains:
            self._brains[id(brain)] = (name, brain)
        if not self.gather or self.clock() - self._last >= SAVE_EVERY:
            self.flush()

    def flush(self) -> None:
        """Ask for every save gathered (nothing when there is none)."""
        results, brains = self._results, list(self._brains.values())
        self._results, self._brains = [], {}
        self._last = self.clock()
        for winner, loser, rules in results:
            self.keeper.record_game(winner, loser, rules)
        for name, brain in brains:
            self.keeper.keep_brain(name, brain)


# -- the driver ----------------------------------------------------------------------------------
class GameDriver:
    """The games of one table, one after another ("play again" keeps the same players and
    brains)."""

    def __init__(self, table: Table, saves: GameSaves | None = None) -> None:
        self.table = table
        self.rules = table.rules
        #: Where finished games go (None: nowhere, as in a test of the rules alone).
        self.saves = saves
        self.match: Match[Hashable, Hashable] = table.new_match()
        #: The ball the machine to move drew, before it makes that move.
        self.drawn: Hashable | None = None

    # -- questions --------------------------------------------------------------------------------
    def human_turn(self) -> bool:
        """Whether a person is to move in a game under way."""
        match = self.match
        return not match.is_over and self.table.seats[match.to_move].is_human

    def machine_turn(self) -> bool:
        """Whether a machine is to move in a game under way."""
        match = self.match
        return not match.is_over and not self.table.seats[match.to_move].is_human

    def in_play(self) -> bool:
        """Whether the game is under way: a move played, or a ball drawn, and not over."""
        return self.table.in_play(self.match)

    def takes_back(self) -> int:
        """How many moves undo would take back: back to the last person's move, inclusive
        (0 when it is not a person's turn, or they have made no move yet)."""
        if not self.human_turn():
            return 0
        seats = self.table.seats
        for back, turn in enumerate(reversed(self.match.history), start=1):
            if seats[turn.player].is_human:
                return back
        return 0

    # -- steps ------------------------------------------------------------------------------------
    def machine_step(self, *, show_ball: bool = True) -> list[Event]:
        """One step of the machine to move: it draws a ball (``show_ball``, for a machine that
        plays a brain kept as lessons, as long as it has drawn none), else it makes its move."""
        if not self.machine_turn():
            return []
        match = self.match
        seat = self.table.seats[match.to_move]
        if self.drawn is None and seat.brain is not None and show_ball:
            self.drawn = seat.player.make_choice(match.rules, match.position)
            return [BallDrawn(match.to_move, match.position, self.drawn)]
        move = self.drawn
        if move is None:
            move = seat.player.make_choice(match.rules, match.position)
        return self.play(move)

    def play(self, move: Hashable) -> list[Event]:
        """Make ``move`` for the side to move (the engine refuses an illegal one); the game's end
        when it ends it."""
        self.drawn = None
        events: list[Event] = [MovePlayed(self.match.play(move))]
        if self.match.is_over:
            events.append(self._end())
        return events

    def undo(self) -> TakenBack | None:
        """Take back the person's last move and the machines' replies after it (None when there
        is none): the balls drawn for them go back (those of the moves that stand stay beside
        their hats until the game ends), and the game is practice from now on."""
        back = self.takes_back()
        if not back:
            return None
        self.drawn = None
        turns = []
        for _ in range(back):  # the balls drawn for these moves go back; nothing is learned
            turn = self.match.undo()
            self.table.take_back(turn)
            turns.append(turn)
        return TakenBack(self.match.to_move, tuple(turns))

    def new_game(self) -> GameStarted:
        """The next game at the same table (each saved brain first picks up what other programs
        saved of it)."""
        self.drawn = None
        self.match = self.table.new_match()
        return GameStarted(self.table.games + 1, self.match.position)

    def abandon(self) -> None:
        """The table is left mid-game: the balls beside the hats go back, nothing is learned."""
        self.drawn = None
        if not self.match.is_over:
            self.table.abandon()

    # -- the end of a game ------------------------------------------------------------------------
    def _end(self) -> GameEnded:
        match, table = self.match, self.table
        changes = tuple(  # read before anything is saved: a save may change the brain
            seat.learner.last_game if seat.learner is not None else None for seat in table.seats
        )
        self._keep_result()
        table.games += 1
        return GameEnded(match, (changes[0], changes[1]))

    def _keep_result(self) -> None:
        """A real game counts on the leaderboard and the brains kept as lessons keep what they
        learned; a practice one gives the balls beside the hats back, and counts for no one."""
        match, table = self.match, self.table
        assert match.loser is not None and match.winner is not None
        if match.practice:
            table.abandon()
            return
        if self.saves is None:
            return
        brains = [  # a twin's copy of a brain is kept nowhere
            (seat.saved.name, seat.brain)
            for seat in table.seats
            if seat.brain is not None and seat.saved is not None
        ]
        names = (table.seats[match.winner].name, table.seats[match.loser].name)
        self.saves.game_over(*names, match.rules, brains)
