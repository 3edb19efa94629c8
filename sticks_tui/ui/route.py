"""One route to a board (issue 32): whoever asks to play (the mode screen's options, the brains
screen's ``p``, the lab's "play it now", the palette, ``--opponent``) posts one message,
:class:`PlayChosen`, with what it asks (:class:`PlayRequest`); the app follows it in one worker
(``SticksApp._route``): each brain picks up what other programs saved of it, one that must
learn before it plays trains first on the lab's run screen, then the players sit at the board.

What needs no screen is planned here: why a request cannot be played (:func:`refusal`), how
many games a brain plays itself first (:func:`games_to_learn`), and the table the players sit
at (:func:`seat_table`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass

from textual.message import Message

from ..engine.game import Rules
from ..engine.learners import learner_kind
from ..engine.learners.base import Learner
from ..engine.machines import Machine
from ..storage.brain_cache import BrainRef
from .session import (
    GameSettings,
    Mode,
    Opponent,
    Seat,
    Table,
    brain_of,
    human_seat,
    machine_seat,
    name_of,
)

#: The brains the chosen players play, ready: by the saved brain they are.
Ready = Mapping[BrainRef, Learner[Hashable, Hashable]]


@dataclass(frozen=True)
class PlayRequest:
    """Who plays at the board asked for: two people, a person against a machine or a brain,
    or two machines (watch mode); ``train``: a brain that must learn before it plays (the
    trained AI short of its budget, a Q-learner that has learned nothing) trains first;
    ``rules``: the game, when it is not the one chosen (a brain of another game)."""

    mode: Mode
    opponents: tuple[Opponent, ...] = ()
    train: bool = True
    rules: Rules | None = None

    @classmethod
    def friends(cls) -> PlayRequest:
        return cls(Mode.FRIEND)

    @classmethod
    def against(
        cls, choice: Opponent, *, train: bool = True, rules: Rules | None = None
    ) -> PlayRequest:
        mode = Mode.TRAINED if choice is Machine.TRAINED else Mode.COMPUTER
        return cls(mode, (choice,), train, rules)

    @classmethod
    def watch(cls, left: Opponent, right: Opponent) -> PlayRequest:
        return cls(Mode.WATCH, (left, right))

    @property
    def then(self) -> str:
        """The word on the training's button that goes on to the board."""
        return "Watch" if self.mode is Mode.WATCH else "Play"

    @property
    def chosen(self) -> Opponent | None:
        """The computer the mode screen shows chosen beneath the board (a person's opponent)."""
        return self.opponents[0] if self.mode is Mode.COMPUTER else None


class PlayChosen(Message):
    """Asked: play :attr:`request` (the app follows it, :mod:`.route`)."""

    def __init__(self, request: PlayRequest) -> None:
        super().__init__()
        self.request = request


def refusal(request: PlayRequest, settings: GameSettings) -> str | None:
    """Why ``request`` cannot be played as it stands, in words; None when it can."""
    person = settings.names[0].casefold()
    if request.mode is not Mode.WATCH and any(
        name_of(choice).casefold() == person for choice in request.opponents
    ):
        return (
            f"The brain {name_of(request.opponents[0])} has Player 1's name: change it on the "
            "setup screen"
        )
    return None


def games_to_learn(
    ref: BrainRef,
    brain: Learner[Hashable, Hashable] | None,
    *,
    training_games: int,
    q_training_games: int,
) -> int:
    """The games ``ref`` plays itself before it plays: the trained AI up to the training
    budget; a learner that learns only in training (a Q-learner) and has learned nothing, the
    Q-learner's budget; any other brain none (it plays as saved)."""
    games = brain.games_played if brain is not None else 0
    if ref == brain_of(Machine.TRAINED):
        return training_games - games
    if not learner_kind(ref.learner).learns_in_play and games == 0:
        return q_training_games
    return 0


def seat_table(
    request: PlayRequest,
    settings: GameSettings,
    ready: Ready,
    rng: Callable[[], random.Random],
    pick_up: Callable[[Rules, BrainRef], None] | None = None,
) -> Table:
    """The table of ``request``: people by the names typed (Player 1 against a machine, which
    takes Player 2's place: "Player 2 starts" means it), machines with the brains ``ready``,
    a brain met by itself (watch) as a copy of it, kept nowhere. ``rng`` makes each machine's
    generator; ``pick_up`` brings each brain what others saved before every game."""
    rules = settings.rules

    def seat(choice: Opponent, twin: bool = False) -> Seat:
        ref = brain_of(choice)
        learner = ready[ref] if ref is not None else None
        if twin and learner is not None:
            learner = learner.copy()
        name = name_of(choice) + (" 2" if twin else "")
        return machine_seat(
            choice, name, rules, rng(), learner=learner, skill=settings.skill, saved=not twin
        )

    names = settings.names
    if request.mode is Mode.FRIEND:
        seats = (human_seat(names[0]), human_seat(names[1]))
        return Table(Mode.FRIEND, rules, seats, settings.first)
    if request.mode is Mode.WATCH:
        left, right = request.opponents
        seats = (seat(left), seat(right, twin=left == right))
    else:
        seats = (human_seat(names[0]), seat(request.opponents[0]))
    return Table(request.mode, rules, seats, settings.first, pick_up=pick_up)
