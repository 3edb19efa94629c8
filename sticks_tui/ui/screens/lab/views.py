"""What the training lab shows of a learner while it trains, built in the training thread
between two games (or two moves): the hats of the position in play (every hat of a take-away
game, one hat of Nim or Sticky-Nim), the Q-values of its moves, and a move in words.

Each picture is a copy (:class:`~.widgets.hats.HatsSnapshot`, :class:`~.widgets.hats.HatPicture`),
so the screen never reads a brain that is changing under it.
"""

from __future__ import annotations

from typing import Any

from ....engine import HatBrain, Learner, QLearner
from ....engine.game import AnyRuleSet, Position
from ....engine.pacing import MoveSeen
from ....text import moves
from ...presenters import presenter_for
from ...widgets.hats import HatPicture, HatsSnapshot, games_learned

#: What the hats chart draws.
Picture = HatsSnapshot | HatPicture


class LabViews:
    """Pictures and words of one lab run's learner."""

    def __init__(self, rules: AnyRuleSet, learner_name: str, opponent_name: str) -> None:
        self.rules = rules
        self.presenter = presenter_for(rules)
        self.learner_name = learner_name
        self.opponent_name = opponent_name

    def every_hat(self, learner: Learner[Any, Any]) -> bool:
        """One chart of every hat (a take-away game's hats), else one hat at a time."""
        return self.presenter.every_hat and isinstance(learner, HatBrain)

    def picture(self, learner: Learner[Any, Any], position: Position | None = None) -> Picture:
        """The hats (or Q-values) of ``position`` (the start when None)."""
        if position is None or self.rules.is_over(position):
            position = self.rules.initial_position()
        if isinstance(learner, QLearner):
            values = [
                (self.presenter.ball_words(move), learner.get_q_value(position, move))
                for move in self.rules.legal_moves(position)
            ]
            key = self.rules.position_key(position)
            return HatPicture.of_values(
                f"Q-values at {key}", values, games_learned(learner.games_played)
            )
        assert isinstance(learner, HatBrain)
        if self.every_hat(learner):
            return HatsSnapshot.of(learner)
        return HatPicture.of_hat(learner, position, self.presenter)

    def move_line(self, seen: MoveSeen, self_play: bool) -> str:
        """``game 12: Trained AI takes 3, leaving 17``; the end of the game said too."""
        who = self.learner_name if seen.seat == 0 or self_play else self.opponent_name
        if self_play:
            who = f"{who} (side {seen.seat + 1})"
        words = moves.move_words(self.rules, seen.move)
        words = "takes " + words.removeprefix("take ")
        line = (
            f"game {seen.game + 1:,}: {who} {words}, "
            f"leaving {moves.position_words(self.rules, seen.after)}"
        )
        if seen.over:
            line += ": game over"
        return line
