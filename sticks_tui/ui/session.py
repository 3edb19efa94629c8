"""What the screens agree on: the game's settings, who sits at the table, and their words.

The screens hand these small values to each other; nothing here decides a move or a result
(that is the engine's job). The wording of the log and of the end of a game follows the classic
console (shared/SPEC.md section 2): "Player 1 takes 3", "AI selects 2", "Player 2, you lose.",
"You lose.", "AI loses."; Nim's machines speak as CS50's ("AI chose to take 3 from pile 2."),
and Sticky-Nim's moves are named by their letters as in seed 004 ("Player 1 takes df").
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING

from ..engine.learners import kind_of, lessons_of
from ..engine.machines import Machine
from ..engine.players import HumanPlayer
from ..storage.brain_cache import BrainRef
from ..text.names import MAX_NAME_LENGTH, name_look_problem, names_problem

if TYPE_CHECKING:
    from ..engine import Player
    from ..engine.game import Rules
    from ..engine.learners.base import Learner, LearnsInPlay
    from ..engine.match import Match, Turn
    from ..storage.records import KeepsSettings
    from .presenters import SetupForm

DEFAULT_NAMES = ("Player 1", "Player 2")


class Mode(Enum):
    FRIEND = "friend"
    COMPUTER = "computer"
    TRAINED = "trained"
    WATCH = "watch"


#: Who may be chosen to play: a machine, or a saved brain by its name and learner.
Opponent = Machine | BrainRef


def brain_of(choice: Opponent) -> BrainRef | None:
    """The saved brain a choice plays; None for a machine that does not learn."""
    if isinstance(choice, BrainRef):
        return choice
    return None if choice.learner is None else BrainRef(choice.value, choice.learner)


def choice_of(ref: BrainRef) -> Opponent:
    """``ref`` as the selectors offer it: the app's own learners by their machine."""
    return next((machine for machine in Machine if brain_of(machine) == ref), ref)


def name_of(choice: Opponent) -> str:
    """The player's name of a choice (a brain plays under its AI's name)."""
    return choice.name if isinstance(choice, BrainRef) else choice.value


def brain_label(ref: BrainRef, games: int | None) -> str:
    """A brain where it is chosen, its learner named as ``--learner`` names it: ``AI (hats,
    1,203 games)``; ``games`` None for a brain not saved yet: ``Q-learning AI (q, new)``."""
    learned = "new" if games is None else f"{games:,} game" + ("" if games == 1 else "s")
    return f"{ref.name} ({ref.learner}, {learned})"


SKILL_MESSAGE = "Mixed: please enter a percentage from 0 to 100"
DEFAULT_SKILL_PERCENT = 50


@dataclass
class GameSettings:
    """What the setup screen asks: the game and its rules, the two names, who starts (0 or 1).

    The game is a choice of the setup screen (a presenter's form, by its key) and the texts of
    the form's fields by widget id; the form builds the rules from them.
    """

    names: tuple[str, str] = DEFAULT_NAMES
    first: int = 0
    #: The key of the form chosen; empty, or one no longer offered: the first offered (the
    #: forms are the presenters', loaded when the setup screen first shows them).
    form: str = ""
    values: dict[str, str] = field(default_factory=dict)
    #: The game given at the start (``--game``): offered as it is when no form makes it.
    chosen: Rules | None = None
    #: The mixed level's chance of a perfect move, in percent.
    skill: int = DEFAULT_SKILL_PERCENT
    #: The computer last chosen on the mode screen (it opens on it again); None: the learning
    #: AI.
    opponent: Machine | BrainRef | None = None

    def forms(self) -> list[SetupForm]:
        """The setup screen's choices of game, in order."""
        from .presenters import setup_forms

        return setup_forms(self.chosen)

    def setup_form(self) -> SetupForm:
        """The choice made (the first when it is no longer offered)."""
        forms = self.forms()
        return next((form for form in forms if form.key == self.form), forms[0])

    def choose(self, rules: Rules) -> None:
        """Start from ``rules`` (``sticks-tui --game SPEC``): the first form that makes them,
        with its fields filled in; a game no form makes is offered as it is."""
        self.chosen = rules
        for form in self.forms():
            values = form.values_of(rules)
            if values is not None:
                self.form = form.key
                self.values.update(values)
                return

    @property
    def rules(self) -> Rules:
        return self.setup_form().rules(self.values)


def clean_name(text: str, default: str) -> str:
    """A player's name as it will appear in the log and on the leaderboard."""
    name = " ".join(text.split())[:MAX_NAME_LENGTH]
    return name or default


#: The settings under which the records keep the names last confirmed on the setup screen.
NAME_SETTINGS = ("player1_name", "player2_name")


def recalled_names(records: KeepsSettings) -> tuple[str, str]:
    """The names last confirmed on the setup screen (defaults for any not kept, or unusable:
    kept before a rule refused them, e.g. a machine's name in Cyrillic letters)."""
    names = tuple(
        clean_name(records.recall(key) or "", default)
        for key, default in zip(NAME_SETTINGS, DEFAULT_NAMES)
    )
    pair = (names[0], names[1])
    if names_problem(pair) is not None or any(name_look_problem(name) for name in pair):
        return DEFAULT_NAMES
    return pair


def remember_names(records: KeepsSettings, names: tuple[str, str]) -> None:
    """Keep both names for the next run, together."""
    records.remember(dict(zip(NAME_SETTINGS, names)))


@dataclass
class Seat:
    """One side of the table: the player, the learner it plays with, and the brain it teaches
    as it plays (a hat AI's hats)."""

    name: str
    player: Player[Hashable, Hashable]
    brain: LearnsInPlay[Hashable, Hashable] | None = None
    #: The saved brain the player plays (and teaches, for hats); None for a person, a machine
    #: that does not learn, or a twin playing a copy of the brain of the other side.
    saved: BrainRef | None = None
    #: The brain the player plays with (its hats, its Q-learner's table...); None for a person
    #: or a machine that plays no brain.
    learner: Learner[Hashable, Hashable] | None = None

    def __post_init__(self) -> None:
        if self.learner is None:
            self.learner = self.brain

    @property
    def is_human(self) -> bool:
        return self.player.is_human

    def brain_words(self, games: bool = True) -> str:
        """The brain this seat plays, named as the mode screen lists it: ``AI (hats, 12
        games)`` (without the games: ``AI (hats)``); empty for a player with no brain."""
        learner = self.learner
        if learner is None:
            return ""
        if not games:
            return f"{self.name} ({learner.kind})"
        return brain_label(BrainRef(self.name, learner.kind), learner.games_played)


@dataclass
class Table:
    """Who plays whom, under which rules, and who starts; "play again" keeps the same table."""

    mode: Mode
    rules: Rules
    seats: tuple[Seat, Seat]
    first: int = 0
    games: int = field(default=0)
    #: Called with each seat's saved brain before every game, to pick up what another program
    #: saved of it meanwhile (the app's brain cache).
    pick_up: Callable[[Rules, BrainRef], None] | None = None

    @property
    def players(self) -> tuple[Player[Hashable, Hashable], Player[Hashable, Hashable]]:
        return (self.seats[0].player, self.seats[1].player)

    def new_match(self) -> Match[Hashable, Hashable]:
        from ..engine.match import Match  # with the first game: the app's start plays none

        if self.pick_up is not None:
            for seat in self.seats:
                if seat.saved is not None:
                    self.pick_up(self.rules, seat.saved)
        return Match(self.rules, self.players, self.first)

    def brain_seat(self) -> Seat | None:
        """The first seat that plays a saved brain (the brain the lab trains from here)."""
        return next((seat for seat in self.seats if seat.saved is not None), None)

    def end_words(self, match: Match[Hashable, Hashable]) -> str:
        """Who lost, in the console's words."""
        assert match.loser is not None
        loser = self.seats[match.loser]
        humans = sum(seat.is_human for seat in self.seats)
        if humans == 2:
            return f"{loser.name}, you lose."
        if humans == 1:
            return "You lose." if loser.is_human else f"{loser.name} loses."
        return f"{loser.name} loses."

    def in_play(self, match: Match[Hashable, Hashable]) -> bool:
        """Whether ``match`` is under way: a move played, or a ball drawn, and not over."""
        drawn = any(seat.brain is not None and seat.brain.mid_game for seat in self.seats)
        return not match.is_over and (bool(match.history) or drawn)

    def abandon(self) -> None:
        """A game left unfinished: balls waiting beside the hats go back, nothing is learned."""
        for seat in self.seats:
            if seat.brain is not None:
                seat.brain.abandon()

    def take_back(self, turn: Turn[Hashable, Hashable]) -> None:
        """``turn`` was taken back (undo): the ball its player drew for it goes back into the
        hat; the balls drawn for the moves that stand stay beside their hats until the end."""
        brain = self.seats[turn.player].brain
        if brain is not None:
            brain.put_back(turn.before)


def machine_seat(
    choice: Opponent,
    name: str,
    rules: Rules,
    rng: random.Random,
    *,
    learner: Learner[Hashable, Hashable] | None = None,
    skill: int = DEFAULT_SKILL_PERCENT,
    saved: bool = True,
) -> Seat:
    """A machine player at the table; a learner brings the brain it plays (and teaches, when
    its kind learns in play): the saved brain ``choice`` names, or (``saved`` False) a copy of
    it. Its player is its kind's."""
    if isinstance(choice, Machine) and choice.learner is None:
        return Seat(name, choice.player(name, rules, rng, skill=skill / 100))
    ref = brain_of(choice)
    assert ref is not None and learner is not None, "a learner plays with its brain"
    kept = ref if saved else None
    kind = kind_of(learner)
    taught = lessons_of(learner)  # kept as lessons, when its kind learns in play
    return Seat(name, kind.player(name, learner, rng), taught, saved=kept, learner=learner)


def human_seat(name: str) -> Seat:
    return Seat(name, HumanPlayer(name))
