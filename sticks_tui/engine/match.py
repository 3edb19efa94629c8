"""One game between two players, with its history, and a "play again" series of them.

The caller drives a match one move at a time: it asks whose turn it is, lets a machine choose
(:meth:`Match.play_machine_turn`) or hands in the human's move (:meth:`Match.play`), and reads
the new state. That is all a user interface needs, and the match never waits for anyone.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Generic

from .game import IllegalMove, M, P, RuleSet, loser_at_end
from .players import Player


@dataclass(frozen=True)
class Turn(Generic[P, M]):
    """One move of a game: who moved (0 or 1), from which position, what, and to what."""

    player: int
    before: P
    move: M
    after: P


@dataclass
class Match(Generic[P, M]):
    """A game in progress. ``first`` is the index (0 or 1) of the player who moves first."""

    rules: RuleSet[P, M]
    players: Sequence[Player[P, M]]
    first: int = 0
    on_over: Callable[[Match[P, M]], None] | None = None
    position: P = field(init=False)
    to_move: int = field(init=False)
    history: list[Turn[P, M]] = field(init=False, default_factory=list)
    loser: int | None = field(init=False, default=None)
    #: Moves taken back (:meth:`undo`); a game with any is practice.
    takebacks: int = field(init=False, default=0)

    def __post_init__(self) -> None:
        if len(self.players) != 2:
            raise ValueError("a match needs exactly two players")
        if self.first not in (0, 1):
            raise ValueError("first must be 0 or 1")
        self.position = self.rules.initial_position()
        self.to_move = self.first
        if self.rules.is_over(self.position):
            self._finish()

    # -- reading --------------------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.loser is not None

    @property
    def winner(self) -> int | None:
        return None if self.loser is None else 1 - self.loser

    @property
    def current_player(self) -> Player[P, M]:
        return self.players[self.to_move]

    def legal_moves(self) -> tuple[M, ...]:
        return () if self.is_over else self.rules.legal_moves(self.position)

    @property
    def practice(self) -> bool:
        """A game with a move taken back proves nothing: at its end the players are not told
        the result, so no learner learns from it (and the caller records no result)."""
        return self.takebacks > 0

    # -- playing --------------------------------------------------------------------------------
    def play(self, move: M) -> Turn[P, M]:
        """Play ``move`` for the player to move; refuses illegal moves and finished games."""
        if self.is_over:
            raise IllegalMove("the game is over")
        after = self.rules.apply(self.position, move)  # raises IllegalMove
        turn = Turn(self.to_move, self.position, move, after)
        self.history.append(turn)
        self.position = after
        if self.rules.is_over(after):
            self._finish()
        else:
            self.to_move = 1 - self.to_move
        return turn

    def undo(self) -> Turn[P, M]:
        """Take back the last move: its position and whose turn it was come back, and the game
        becomes practice. Refused before the first move and once the game is over (its result
        has been told)."""
        if self.is_over:
            raise IllegalMove("the game is over")
        if not self.history:
            raise IllegalMove("there is no move to take back")
        turn = self.history.pop()
        self.position = turn.before
        self.to_move = turn.player
        self.takebacks += 1
        return turn

    def play_machine_turn(self) -> Turn[P, M]:
        """Let the player to move choose (a machine, or a human with an ``ask`` function)."""
        if self.is_over:
            raise IllegalMove("the game is over")
        move = self.current_player.make_choice(self.rules, self.position)
        return self.play(move)

    def play_out(self) -> int:
        """Play until the end (every player must be able to choose); returns the loser's index."""
        while not self.is_over:
            self.play_machine_turn()
        assert self.loser is not None
        return self.loser

    def _finish(self) -> None:
        # After the last move, to_move still names the player who made it; the player whose
        # turn it now is, is the other one (or the first, if no one could move at all).
        turn = 1 - self.to_move if self.history else self.to_move
        self.loser = loser_at_end(self.rules, turn)
        if not self.practice:
            for index, player in enumerate(self.players):
                player.game_over(won=index != self.loser)
        if self.on_over is not None:
            self.on_over(self)


@dataclass
class Series(Generic[P, M]):
    """Games played again and again by the same players; learners keep what they learned.

    ``alternate`` makes the players take turns at starting; otherwise ``first`` always starts
    (the classic console: the human is Player 1 and moves first every game).
    """

    rules: RuleSet[P, M]
    players: Sequence[Player[P, M]]
    first: int = 0
    alternate: bool = False
    on_over: Callable[[Match[P, M]], None] | None = None
    wins: list[int] = field(default_factory=lambda: [0, 0])
    games: int = 0

    def new_match(self) -> Match[P, M]:
        first = (self.first + self.games) % 2 if self.alternate else self.first
        return Match(self.rules, self.players, first, on_over=self._record)

    def _record(self, match: Match[P, M]) -> None:
        assert match.winner is not None
        self.wins[match.winner] += 1
        self.games += 1
        if self.on_over is not None:
            self.on_over(match)
