"""What the screens agree on: the game's settings, who sits at the table, and their words.

The screens hand these small values to each other; nothing here decides a move or a result
(that is the engine's job). The wording of the log and of the end of a game follows the classic
console (shared/SPEC.md section 2): "Player 1 takes 3", "AI selects 2", "Player 2, you lose.",
"You lose.", "AI loses."; Nim's machines speak as CS50's ("AI chose to take 3 from pile 2."),
and Sticky-Nim's moves are named by their letters as in seed 004 ("Player 1 takes df").
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from enum import Enum

from ..engine import (
    STICKS_MAX,
    STICKS_MIN,
    HatBrain,
    HatPlayer,
    HumanPlayer,
    Level,
    Match,
    MixedPlayer,
    Nim,
    PerfectPlayer,
    Player,
    QLearner,
    QLearningPlayer,
    RandomPlayer,
    StickyNim,
    TakeAway,
    game_of_sticks,
    levels_for,
)
from ..engine.game import AnyRuleSet
from ..engine.games.nim import DEFAULT_PILES
from ..engine.games.sticky import STICKY_MAX
from ..storage.records import LEARNING_AI_NAME, TRAINED_AI_NAME, Records, names_problem
from .presenters import presenter_type

#: The classic console's message for a bad number of sticks, word for word (no full stop).
STICKS_MESSAGE = f"Please enter a number between {STICKS_MIN} and {STICKS_MAX}"
#: As long as a name may be in the classic console (``--player1``), so both share the leaderboard.
NAME_MAX = 40
DEFAULT_NAMES = ("Player 1", "Player 2")


class Mode(Enum):
    FRIEND = "friend"
    COMPUTER = "computer"
    TRAINED = "trained"
    WATCH = "watch"


class Machine(Enum):
    """The machines that can sit at the table; the value is the player's name."""

    RANDOM = "Random AI"
    LEARNING = LEARNING_AI_NAME
    TRAINED = TRAINED_AI_NAME
    Q_LEARNING = "Q-learning AI"
    PERFECT = "Perfect AI"
    MIXED = "Mixed AI"

    @property
    def label(self) -> str:
        return {
            Machine.RANDOM: "random",
            Machine.LEARNING: "learning",
            Machine.TRAINED: "trained",
            Machine.Q_LEARNING: "Q-learning",
            Machine.PERFECT: "perfect",
            Machine.MIXED: "mixed",
        }[self]

    @property
    def level(self) -> Level:
        """The engine's AI level this machine plays at (the trained AI is a hat AI too)."""
        return {
            Machine.RANDOM: Level.RANDOM,
            Machine.LEARNING: Level.LEARNING,
            Machine.TRAINED: Level.LEARNING,
            Machine.Q_LEARNING: Level.Q_LEARNING,
            Machine.PERFECT: Level.PERFECT,
            Machine.MIXED: Level.MIXED,
        }[self]


def machines_for(rules: AnyRuleSet) -> list[Machine]:
    """The machines offered for ``rules`` (Q-learning only where the engine offers it)."""
    offered = levels_for(rules)
    return [machine for machine in Machine if machine.level in offered]


class Game(Enum):
    """The games the setup screen offers."""

    STICKS = "sticks"
    TAKEAWAY = "takeaway"
    NIM = "nim"
    STICKY = "sticky"
    #: A registered game the form has no fields for (``--game wythoff:3,5``): played as given.
    OTHER = "other"

    @property
    def label(self) -> str:
        return {
            Game.STICKS: "Game of Sticks",
            Game.TAKEAWAY: "Take-away",
            Game.NIM: "Nim",
            Game.STICKY: "Sticky-Nim",
            Game.OTHER: "Another game",
        }[self]


#: Limits of the setup screen's fields (a board must stay drawable at 80x24).
TAKES_MAX = 20
TAKES_MOST = 6
PILE_MAX = 20
PILES_MOST = 8
STICKY_TAKE_MAX = 8  # the exact Sticky-Nim theory is instant for k up to 8
STICKY_MESSAGE = f"Please enter a number between 1 and {STICKY_MAX}"
TAKES_MESSAGE = (
    f"Takes: 1 to {TAKES_MOST} different numbers from 1 to {TAKES_MAX}, e.g. 2,3,5"
)
PILES_MESSAGE = f"Piles: 1 to {PILES_MOST} numbers from 1 to {PILE_MAX}, e.g. 1,3,5,7"
STICKY_TAKE_MESSAGE = f"Take at most: please enter a number between 1 and {STICKY_TAKE_MAX}"
SKILL_MESSAGE = "Mixed: please enter a percentage from 0 to 100"
DEFAULT_SKILL_PERCENT = 50


@dataclass
class GameSettings:
    """What the setup screen asks: the game and its rules, the two names, who starts (0 or 1).

    ``sticks`` is the heap for the take-away games and the length of Sticky-Nim's line.
    """

    sticks: int = 20
    names: tuple[str, str] = DEFAULT_NAMES
    first: int = 0
    game: Game = Game.STICKS
    takes: tuple[int, ...] = (1, 2, 3)
    misere: bool = True
    piles: tuple[int, ...] = DEFAULT_PILES
    #: Nim's ending (the setup screen offers CS50's misère game; ``--game nim:...:normal``).
    nim_misere: bool = True
    max_take: int = 3
    #: The mixed level's chance of a perfect move, in percent.
    skill: int = DEFAULT_SKILL_PERCENT
    #: The game chosen as :attr:`Game.OTHER` (one the form has no fields for).
    other: AnyRuleSet | None = None

    def choose(self, rules: AnyRuleSet) -> None:
        """Start from ``rules`` (``sticks-tui --game SPEC``): the game and its fields, as the
        game's presenter reads them; a game without fields is kept as it is."""
        chosen = presenter_type(rules).setup_fields(rules)
        if chosen is None:
            self.game, self.other = Game.OTHER, rules
            return
        self.game = Game(chosen.game)
        for name, value in chosen.fields.items():
            setattr(self, name, value)

    @property
    def rules(self) -> AnyRuleSet:
        if self.game is Game.OTHER and self.other is not None:
            return self.other
        if self.game is Game.TAKEAWAY:
            return TakeAway(self.sticks, self.takes, self.misere)
        if self.game is Game.NIM:
            return Nim(self.piles, self.nim_misere)
        if self.game is Game.STICKY:
            return StickyNim(self.sticks, self.max_take)
        return game_of_sticks(self.sticks)


def parse_number(text: str, low: int, high: int) -> int | None:
    """A whole number from ``low`` to ``high`` typed in a field, or None.

    Only plain ASCII digits count: "2.5", "١٠", "" and a 10,000-digit number are all refused.
    """
    stripped = text.strip()
    if not (stripped.isascii() and stripped.isdigit()) or len(stripped) > 3:
        return None
    value = int(stripped)
    return value if low <= value <= high else None


def parse_numbers(text: str, high: int, most: int) -> tuple[int, ...] | None:
    """Numbers from 1 to ``high`` separated by commas or spaces (at most ``most``), or None."""
    parts = text.replace(",", " ").split()
    values = [parse_number(part, 1, high) for part in parts]
    if not values or len(values) > most or any(v is None for v in values):
        return None
    return tuple(v for v in values if v is not None)


def parse_takes(text: str) -> tuple[int, ...] | None:
    """The allowed takes of a take-away game: different numbers, smallest first."""
    values = parse_numbers(text, TAKES_MAX, TAKES_MOST)
    if values is None or len(set(values)) != len(values):
        return None
    return tuple(sorted(values))


def parse_piles(text: str) -> tuple[int, ...] | None:
    return parse_numbers(text, PILE_MAX, PILES_MOST)


def sticks_range(game: Game) -> tuple[int, int, str]:
    """The heap or line sizes a game accepts, and the message for any other."""
    if game is Game.STICKY:
        return 1, STICKY_MAX, STICKY_MESSAGE
    return STICKS_MIN, STICKS_MAX, STICKS_MESSAGE


def parse_sticks(text: str) -> int | None:
    """The number of sticks typed on the setup screen, or None when it is not 10..100.

    Only plain ASCII digits count: "2.5", "١٠", "" and a 10,000-digit number are all refused
    with the same message, as in the classic console.
    """
    return parse_number(text, STICKS_MIN, STICKS_MAX)


def clean_name(text: str, default: str) -> str:
    """A player's name as it will appear in the log and on the leaderboard."""
    name = " ".join(text.split())[:NAME_MAX]
    return name or default


#: The settings under which the records keep the names last confirmed on the setup screen.
NAME_SETTINGS = ("player1_name", "player2_name")


def recalled_names(records: Records) -> tuple[str, str]:
    """The names last confirmed on the setup screen (defaults for any not kept, or unusable)."""
    names = tuple(
        clean_name(records.recall(key) or "", default)
        for key, default in zip(NAME_SETTINGS, DEFAULT_NAMES)
    )
    pair = (names[0], names[1])
    return pair if names_problem(pair) is None else DEFAULT_NAMES


def remember_names(records: Records, names: tuple[str, str]) -> None:
    """Keep both names for the next run, together."""
    records.remember(dict(zip(NAME_SETTINGS, names)))


@dataclass
class Seat:
    """One side of the table: the player, and its hats when it is a hat AI."""

    name: str
    player: Player
    brain: HatBrain | None = None

    @property
    def is_human(self) -> bool:
        return self.player.is_human


@dataclass
class Table:
    """Who plays whom, under which rules, and who starts; "play again" keeps the same table."""

    mode: Mode
    rules: AnyRuleSet
    seats: tuple[Seat, Seat]
    first: int = 0
    games: int = field(default=0)

    @property
    def players(self) -> tuple[Player, Player]:
        return (self.seats[0].player, self.seats[1].player)

    def new_match(self) -> Match:
        return Match(self.rules, self.players, self.first)

    def end_words(self, match: Match) -> str:
        """Who lost, in the console's words."""
        assert match.loser is not None
        loser = self.seats[match.loser]
        humans = sum(seat.is_human for seat in self.seats)
        if humans == 2:
            return f"{loser.name}, you lose."
        if humans == 1:
            return "You lose." if loser.is_human else f"{loser.name} loses."
        return f"{loser.name} loses."

    def abandon(self) -> None:
        """A game left unfinished: balls waiting beside the hats go back, nothing is learned."""
        for seat in self.seats:
            if seat.brain is not None:
                seat.brain.abandon()


def machine_seat(
    machine: Machine,
    name: str,
    rules: AnyRuleSet,
    brain: HatBrain | None,
    rng: random.Random,
    *,
    learner: QLearner | None = None,
    skill: int = DEFAULT_SKILL_PERCENT,
) -> Seat:
    """A machine player at the table; hat AIs bring the brain they will draw from and teach."""
    if machine is Machine.RANDOM:
        return Seat(name, RandomPlayer(name, rng))
    if machine is Machine.PERFECT:
        return Seat(name, PerfectPlayer(name, rules, rng))
    if machine is Machine.MIXED:
        return Seat(name, MixedPlayer(name, rules, skill / 100, rng))
    if machine is Machine.Q_LEARNING:
        assert learner is not None, "a Q-learning AI needs its trained table"
        return Seat(name, QLearningPlayer(name, learner))
    assert brain is not None, "a hat AI needs a brain"
    return Seat(name, HatPlayer(name, brain, rng), brain)


def human_seat(name: str) -> Seat:
    return Seat(name, HumanPlayer(name))
