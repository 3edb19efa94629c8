"""Ready questions (SPEC section 15): experiments a class asks first, each with its grid.

A :class:`Question` is a name, the question in words, and the grid that answers it (an
:class:`~.experiment.Experiment` on one game): which opponent the hat AI should train against
on the Game of Sticks from 20; how much a loss should cost it (``--loss-balls``); how many balls
a fresh hat should start with (``--fresh-balls``); and whether the hat AI or the Q-learner
learns Nim 1, 3, 5, 7 sooner. The answer is never written here: it is worked out from the
summaries of the runs (:mod:`sticks_tui.text.experiments`).

A grid's settings are named by ``sticks-tui train``'s option words, as ``sticks-tui experiment
--set`` names them; a learner by its registry name. Each question's seeds and games are chosen
so that it runs in about 20 seconds on 2 cores (``tools/experiment_page.py`` prints the time of
each); the app runs them in one worker, and offers fewer seeds.

:func:`one_configuration` makes a question of a single configuration (the lab form's learner,
settings and opponent) for the app's experiment screen.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, cast

from .experiment import Configuration, Experiment
from .game import Rules
from .games import some_rules
from .games.nim import Nim
from .games.takeaway import game_of_sticks
from .learners import learner_kind
from .learners.settings import Settings
from .opponents import (
    PERFECT,
    RANDOM,
    SELF,
    MixedOpponent,
    Opponent,
    Schedule,
    is_opponent,
)

__all__ = [
    "QUESTIONS", "Question", "one_configuration", "question", "settings_with",
]


@dataclass(frozen=True)
class Question:
    """A question an experiment answers: its grid, each configuration with its label in the
    answer's words ("against itself", "losing 3 balls"), and the seeds and games that answer
    it."""

    key: str
    """Its short name: ``opponent``, ``loss``, ``fresh``, ``hats-q``."""
    name: str
    """The question, short: "Which opponent to train against?"."""
    asks: str
    """The question in full, as the screen and the docs page put it."""
    rules: Rules
    configurations: tuple[Configuration, ...]
    labels: tuple[str, ...]
    """Each configuration in the answer's words, in the same order."""
    seeds: int
    games: int

    def __post_init__(self) -> None:
        if len(self.labels) != len(self.configurations):
            raise ValueError("a question labels each of its configurations")

    def experiment(
        self, seeds: int | None = None, games: int | None = None, base_seed: int = 0
    ) -> Experiment:
        """Its experiment, with its own seeds and games unless others are given
        (:class:`ValueError`, in words, for a grid that cannot be run so)."""
        return Experiment(
            self.rules, self.configurations, self.seeds if seeds is None else seeds,
            self.games if games is None else games, base_seed,
        )

    def label_of(self, configuration: Configuration) -> str:
        """The label of one of its configurations (a summary's)."""
        return self.labels[self.configurations.index(configuration)]


def settings_with(learner: str, **options: Any) -> Settings:
    """``learner``'s default settings with those given by their option word, dashes as
    underscores: ``settings_with("hats", loss_balls=3)`` is ``--loss-balls 3``'s.
    :class:`ValueError` names an option the learner has not."""
    kind = learner_kind(learner)
    by_option = {meta.option.removeprefix("--").replace("-", "_"): meta
                 for meta in kind.settings_type.settings()}
    values: dict[str, Any] = {}
    for option, value in options.items():
        meta = by_option.get(option)
        if meta is None:
            raise ValueError(f"{kind.words.the} has no setting --{option.replace('_', '-')}")
        values[meta.name] = value
    settings: Settings = kind.settings_type(**values)
    return settings


def _hats(
    against: Opponent, against_words: str, **options: Any
) -> Configuration:
    words = tuple((option.replace("_", "-"), value) for option, value in options.items())
    return Configuration("hats", settings_with("hats", **options), against, against_words,
                         words)


def _which_opponent() -> Question:
    opponents: tuple[tuple[Opponent, str, str], ...] = (
        (SELF, "self", "against itself"),
        (RANDOM, "random", "against a random player"),
        (PERFECT, "perfect", "against the perfect player"),
        (MixedOpponent(0.5), "mixed:0.5", "against a half-perfect player (mixed:0.5)"),
    )
    return Question(
        "opponent",
        "Which opponent to train against?",
        "Does the hat AI learn the Game of Sticks from 20 soonest against itself, a random "
        "player, the perfect player, or one perfect half of the time?",
        some_rules(game_of_sticks(20)),
        tuple(_hats(opponent, words) for opponent, words, _ in opponents),
        tuple(label for _, _, label in opponents),
        seeds=30, games=20_000,
    )


def _loss_penalty() -> Question:
    losses = (0, 1, 2, 4)
    return Question(
        "loss",
        "How much should a loss cost?",
        "The hat AI takes balls away after a loss (--loss-balls, seed 000's 1). Does it learn "
        "the Game of Sticks from 20, against itself, sooner when a loss costs more?",
        some_rules(game_of_sticks(20)),
        tuple(_hats(SELF, "self", loss_balls=balls) for balls in losses),
        tuple("when a loss costs no ball (the drawn ball goes back)" if balls == 0 else
              f"when a loss costs {balls} ball{'s' if balls != 1 else ''}" for balls in losses),
        seeds=30, games=10_000,
    )


def _fresh_balls() -> Question:
    fresh = (1, 3, 10)
    return Question(
        "fresh",
        "How many balls in a fresh hat?",
        "A fresh hat starts with a number of balls of each move (--fresh-balls, seed 000's 1). "
        "Does the hat AI learn the Game of Sticks from 20, against itself, slower from fuller "
        "hats?",
        some_rules(game_of_sticks(20)),
        tuple(_hats(SELF, "self", fresh_balls=balls) for balls in fresh),
        tuple(f"with fresh hats of {balls} ball{'s' if balls != 1 else ''} of each move"
              for balls in fresh),
        seeds=30, games=20_000,
    )


def _hats_or_q() -> Question:
    rules = some_rules(Nim((1, 3, 5, 7)))
    learners = ("hats", "q")
    return Question(
        "hats-q",
        "Hats or Q-learning?",
        "Which learns Nim 1, 3, 5, 7 sooner, each playing itself: the hat AI or the Q-learner "
        "(CS50's settings)?",
        rules,
        tuple(Configuration(name, learner_kind(name).settings_type(), SELF, "self")
              for name in learners),
        tuple(learner_kind(name).words.the for name in learners),
        seeds=10, games=30_000,
    )


_MAKERS: dict[str, Callable[[], Question]] = {
    "opponent": _which_opponent, "loss": _loss_penalty, "fresh": _fresh_balls,
    "hats-q": _hats_or_q,
}
#: The ready questions' keys, in the order offered.
QUESTIONS: tuple[str, ...] = tuple(_MAKERS)


def question(key: str) -> Question:
    """The ready question ``key`` (one of :data:`QUESTIONS`), made afresh (a question's key is
    its maker's: each makes its game and settings anew)."""
    try:
        made = _MAKERS[key]()
    except KeyError:
        raise KeyError(f"there is no ready question {key!r:.30}: {', '.join(QUESTIONS)}") from None
    assert made.key == key
    return made


def one_configuration(
    rules: Rules,
    learner: str,
    settings: Settings,
    against: Opponent | Schedule,
    against_words: str,
    seeds: int,
    games: int,
) -> Question:
    """A question of one configuration: how soon this learner, with these settings, learns
    ``rules`` against this opponent (or schedule), over ``seeds`` seeds."""
    kind = learner_kind(learner)
    plan: Opponent | tuple[tuple[Opponent, int], ...] = (
        against if is_opponent(against) else tuple(cast("Schedule", against))
    )
    configuration = Configuration(learner, settings, plan, against_words)
    label = f"{kind.words.the} against {against_words}"
    return Question(
        "this", f"This training: {label}",
        f"How soon does {label} get every position right, seed after seed?",
        rules, (configuration,), (label,), seeds, games,
    )
