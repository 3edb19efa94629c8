"""Which presenter shows a game, and which a learner: a game's asked by its family's name in
the games' registry, a learner's by its name in the learners' registry, each with a plain
presenter for one that has none of its own.

A new game with a board of its own adds its presenter here, by its family's name, and the styles
of its widgets beside it, in a file of its own (``<game>.tcss``, which the app reads after its
own app.tcss: so a game's rule overrides a shared one by being the more specific, where a
widget's DEFAULT_CSS ranks below every rule of the app's); a new learner with a chart of its own
adds its presenter by its name; nothing else in the app changes.
"""

from __future__ import annotations

from collections.abc import Hashable

from ...engine.game import RuleError, Rules
from ...engine.games import family_of, game_families
from ...engine.games.nim import FAMILY_NAME as NIM
from ...engine.games.sticky import FAMILY_NAME as STICKY
from ...engine.games.takeaway import FAMILY_NAME as TAKEAWAY
from ...engine.learners import kind_of
from ...engine.learners.base import Learner
from ...engine.learners.hats.kind import KIND as HAT_AI
from ...engine.learners.q.kind import KIND as Q_AI
from .base import BoardView, MoveButton, MoveChosen, Presenter
from .forms import GivenForm, Problem, SetupForm
from .learner import LearnerPresenter
from .nim import NimPresenter
from .plain import PlainPresenter
from .sticky import StickyPresenter
from .takeaway import TakeAwayPresenter

__all__ = [
    "BoardView", "LearnerPresenter", "MoveButton", "MoveChosen", "Presenter", "SetupForm",
    "app_refusal", "learner_presenter", "presenter_for", "presenter_type", "setup_forms",
]

#: The presenters by family name; any other game gets the plain one.
PRESENTERS: dict[str, type[Presenter]] = {
    TAKEAWAY: TakeAwayPresenter,
    NIM: NimPresenter,
    STICKY: StickyPresenter,
}


def learner_presenters() -> dict[str, type[LearnerPresenter]]:
    """The learners' presenters by the learner's name; any other learner gets the plain one.
    Loaded with the first board, lab or analysis that shows a learner (the setup screen, the
    terminal's first, shows none; the hat AI's brings the engine's analysis)."""
    from .hats import HatsPresenter
    from .q import QPresenter

    return {HAT_AI.name: HatsPresenter, Q_AI.name: QPresenter}


def learner_presenter(learner: Learner[Hashable, Hashable], words: Presenter) -> LearnerPresenter:
    """The presenter of ``learner`` (by its learner's name), on the screens of the game
    ``words`` presents."""
    kind = kind_of(learner)
    return learner_presenters().get(kind.name, LearnerPresenter)(kind, words.rules, words)


def presenter_type(rules: Rules) -> type[Presenter]:
    """The presenter of ``rules``' family, else the plain one."""
    try:
        name = family_of(rules).name
    except RuleError:
        name = ""
    return PRESENTERS.get(name, PlainPresenter)


def presenter_for(rules: Rules) -> Presenter:
    """A new presenter for ``rules`` (one per board: it keeps the move being typed)."""
    return presenter_type(rules)(rules)


def setup_forms(chosen: Rules | None = None) -> list[SetupForm]:
    """The setup screen's choices of game: every registered family's, as its presenter offers
    them, in the registry's order; ``chosen`` (``--game``) is offered as given when no form
    makes it."""
    forms = [
        form
        for family in game_families()
        for form in PRESENTERS.get(family.name, PlainPresenter).setup_forms(family, chosen)
    ]
    if chosen is not None and all(form.values_of(chosen) is None for form in forms):
        forms.append(GivenForm(chosen, "given"))
    return forms


def app_refusal(rules: Rules) -> Problem | None:
    """Why the app does not play ``rules`` (given by ``--game``/``--sticks``), as (field id,
    message); None when it plays them.

    The app has one set of limits whichever way a game comes in: this is the setup screen's own
    check (:meth:`SetupForm.problems`, what the screen shows under the form) of the form that
    makes ``rules``, with that form's fields filled in from them. A game no form makes is
    offered as given, within the engine's limits only.
    """
    for form in setup_forms(rules):
        values = form.values_of(rules)
        if values is not None:
            problems = form.problems(values)
            return problems[0] if problems else None
    return None
