"""How a learner is shown, beside how a game is: a learner's presenter draws its chart at the
board and in the lab, shows what a game did to it, and says what it would play for the hint.

The screens ask the presenter of a learner's name
(:func:`~sticks_tui.ui.presenters.learner_presenter`) and never which learner it is. This
one, for a learner with no presenter of its own, draws what any learner holds at a position
(:meth:`~sticks_tui.engine.learners.base.Learner.values_at`) as bars, one per legal move: counts
as shares of their sum, values on their scale. The hat AI's (:mod:`.hats`) and the Q-learner's
(:mod:`.q`) build on it.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from textual.widget import Widget

from ...engine.game import Rules
from ...engine.learners.base import Learner
from ...engine.learners.game_change import GameChange
from ...engine.learners.kind import LearnerKind
from ...text import hints
from .bars import HatPicture, OneHatChart
from .base import Presenter
from .hat_words import games_learned


class LearnerPresenter:
    """One learner on one game's screens; ``words`` is the game's presenter (its words for
    positions and moves)."""

    def __init__(self, kind: LearnerKind[Any], rules: Rules, words: Presenter) -> None:
        self.kind = kind
        self.rules = rules
        self.words = words

    @property
    def every_hat(self) -> bool:
        """Whether the chart shows every position at once (a take-away game's hats), rather
        than the one in play."""
        return False

    def chart(self, title: str, id: str) -> Widget:
        """The learner's chart, titled (the title names the AI)."""
        return OneHatChart(title, id=id)

    def lab_title(self, name: str) -> str:
        """The lab's chart's title: ``Trained AI: Q-values``."""
        return f"{name}: {self.kind.words.shown}"

    def picture(
        self, learner: Learner[Hashable, Hashable], position: object, played: object = None
    ) -> object:
        """What the chart shows of ``learner`` at ``position`` (``played``: the move it made
        there this game, marked): a copy, which a training's thread may take while the
        learner plays on, for :meth:`show`."""
        return self.bars(learner, position, played)

    def bars(
        self, learner: Learner[Hashable, Hashable], position: object, played: object = None
    ) -> HatPicture:
        """The learner at ``position`` as one-position bars."""
        return HatPicture.of_numbers(
            f"{self.kind.words.shown} {self.words.at_words(position)}",
            learner.values_at(position), self.words, games_learned(learner.games_played), played,
        )

    def show(self, chart: Widget, picture: object, position: object = None) -> None:
        """Draw a :meth:`picture` in the :meth:`chart` (``position``: the one in play, if
        any)."""
        if isinstance(chart, OneHatChart) and isinstance(picture, HatPicture):
            chart.show(picture)

    def draw(
        self,
        chart: Widget,
        learner: Learner[Hashable, Hashable],
        focus: object,
        *,
        in_use: object = None,
        played: object = None,
        change: GameChange | None = None,
        said: str | None = None,
    ) -> None:
        """Draw the board's chart: the learner at ``focus`` (``in_use``: the position it is
        drawing from, ``played``: its move there this game) or, once a game is over, what the
        game did to it (``change``), or ``said`` alone (a game that taught it nothing)."""
        picture = self.bars(learner, focus, played)
        if change is not None:
            picture = HatPicture.of_change(change, self.words, picture.subtitle)
        elif said is not None:
            picture = HatPicture.saying(said, picture.subtitle)
        self.show(chart, picture, in_use)

    def hint(self, name: str, learner: Learner[Hashable, Hashable], position: object) -> str:
        """What the learner would play at ``position``, in a line of the hint."""
        preferred = learner.values_at(position).preferred
        return hints.preferred_text(name, [self.words.ball_words(move) for move in preferred])
