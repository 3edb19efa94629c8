"""What a screen may ask of the app it runs in: "attributes down, messages up" (Textual's guide).

The app (:class:`~sticks_tui.ui.app.SticksApp`) owns the shared state and pushes the screens;
a screen reads the state through :func:`host_of` and asks for another screen through the
methods below, never by importing the app or pushing a screen of another module itself. So no
screen imports the app, and the app imports every screen: the imports go one way (the
``acyclic_siblings`` contract of ``pyproject.toml`` holds them so).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from typing import TYPE_CHECKING, Protocol, cast

if TYPE_CHECKING:  # what the protocol names, for the checker only: a screen that asks for its
    # host loads none of it (the first screens load little: tests/ui/test_first_screen_modules.py)
    import random

    from textual.dom import DOMNode

    from ..engine.experiment_questions import Question
    from ..engine.game import Rules
    from ..engine.learners.base import LearnsInPlay
    from ..storage.brain_cache import BrainCache, BrainRef
    from ..storage.records import Records
    from .lab_plan import LabPlan
    from .session import GameSettings


class Host(Protocol):
    """The app, as the screens see it: its state (down), and where they may go (up)."""

    # -- the shared state ---------------------------------------------------------------------
    #: The game chosen on the setup screen, the names, who starts.
    settings: GameSettings
    #: Every brain played or trained this run: the one cache, over the records.
    brains: BrainCache
    #: The lab's form as last typed, by game (its key).
    lab_forms: dict[str, dict[str, str]]
    #: The budgets of a brain that must learn before it plays (``--training-games``).
    training_games: int
    q_training_games: int
    #: Seconds a person gets to see the AI move.
    ai_delay: float
    clock: Callable[[], float]
    #: In a browser's tab (``sticks-tui serve``): no path on the server is shown or asked for.
    served: bool
    #: The teacher's passphrase a served tab asks before a change to the room's brain (None:
    #: none given, so no such change is made there).
    passphrase: str | None

    @property
    def training_memory_most(self) -> int | None:
        """The most memory a training may hold (a served tab's share), None: the cap's own
        limits."""

    @property
    def records(self) -> Records: ...

    async def settled(self) -> None: ...

    def recall(self, key: str) -> str | None: ...

    def remember(self, values: Mapping[str, str]) -> None: ...

    def player_rng(self) -> random.Random: ...

    def say(self, message: str, *, quietly: bool = False) -> None: ...

    def shown(self, text: str) -> str:
        """``text`` without the server's paths, in a browser's tab."""

    def record_game(self, winner: str, loser: str, rules: Rules) -> None: ...

    def keep_brain(self, name: str, brain: LearnsInPlay[Hashable, Hashable]) -> None: ...

    # -- where a screen may go (the app pushes the screen) --------------------------------------
    def action_new_setup(self) -> None: ...

    def action_mode(self) -> None: ...

    def action_train(self) -> None: ...

    def action_watch(self) -> None: ...

    def action_lab(self) -> None: ...

    def action_analysis(self) -> None: ...

    def action_leaderboard(self) -> None: ...

    def action_room(self) -> None: ...

    def action_brains(self) -> None: ...

    def action_help(self) -> None: ...

    def choose_game(self, rules: Rules) -> None: ...

    def play_against(
        self, ref: BrainRef, *, train: bool = False, rules: Rules | None = None
    ) -> None:
        """The person against the brain ``ref`` (posted as the one route's message)."""

    def start_lab_run(self, plan: LabPlan, *, speed: int, pause_after: int | None) -> None:
        """The lab's run of ``plan``, in place of the lab's form."""

    def open_experiment(self, this: Question | None) -> None:
        """The experiment screen over the lab's form; ``this``: the form's training as one
        configuration (None when it holds none that can run)."""


def host_of(node: DOMNode) -> Host:
    """The app that ``node`` runs in, as its screens may use it."""
    return cast("Host", node.app)
