"""What the training lab shows of a learner while it trains, built in the training thread
between two games (or two moves): its learner's presenter's picture of the position in play
(every hat of a take-away game, one hat of Nim or Sticky-Nim, the Q-values of its moves), and a
move in words.

Each picture is a copy (:meth:`~.presenters.LearnerPresenter.picture`), so the screen never
reads a brain that is changing under it.
"""

from __future__ import annotations

from collections.abc import Hashable

from ....engine import Learner
from ....engine.game import Rules
from ....engine.pacing import MoveSeen
from ....text import moves
from ...presenters import learner_presenter, presenter_for

#: What a learner's chart draws: its presenter's picture (a copy of what it holds).
Picture = object


class LabViews:
    """Pictures and words of one lab run's learner."""

    def __init__(
        self,
        rules: Rules,
        learner: Learner[Hashable, Hashable],
        learner_name: str,
        opponent_name: str,
    ) -> None:
        self.rules = rules
        self.presenter = presenter_for(rules)
        #: How the learner is shown (its learner's presenter, in the game's words).
        self.learner = learner_presenter(learner, self.presenter)
        self.learner_name = learner_name
        self.opponent_name = opponent_name

    def picture(
        self, learner: Learner[Hashable, Hashable], position: Hashable | None = None
    ) -> Picture:
        """The learner's picture at ``position`` (the start when None): its hats, its values."""
        if position is None or self.rules.is_over(position):
            position = self.rules.initial_position()
        return self.learner.picture(learner, position)

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
