"""What the screens agree on: the game's settings, who sits at the table, and their words.

The screens hand these small values to each other; nothing here decides a move or a result
(that is the engine's job). The wording of the log and of the end of a game follows the classic
console (shared/SPEC.md section 2): "Player 1 takes 3", "AI selects 2", "Player 2, you lose.",
"You lose.", "AI loses.".
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
    Match,
    PerfectPlayer,
    Player,
    RandomPlayer,
    TakeAway,
    Turn,
    game_of_sticks,
)
from ..records import Records
from ..store import LEARNING_AI_NAME, TRAINED_AI_NAME

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
    """The machines that can sit at the table in watch mode; the value is the player's name."""

    RANDOM = "Random AI"
    LEARNING = LEARNING_AI_NAME
    TRAINED = TRAINED_AI_NAME
    PERFECT = "Perfect AI"

    @property
    def label(self) -> str:
        return {
            Machine.RANDOM: "random",
            Machine.LEARNING: "learning",
            Machine.TRAINED: "trained",
            Machine.PERFECT: "perfect",
        }[self]


@dataclass
class GameSettings:
    """What the setup screen asks: the heap, the two names, and who starts (0 or 1)."""

    sticks: int = 20
    names: tuple[str, str] = DEFAULT_NAMES
    first: int = 0

    @property
    def rules(self) -> TakeAway:
        return game_of_sticks(self.sticks)


def parse_sticks(text: str) -> int | None:
    """The number of sticks typed on the setup screen, or None when it is not 10..100.

    Only plain ASCII digits count: "2.5", "١٠", "" and a 10,000-digit number are all refused
    with the same message, as in the classic console.
    """
    stripped = text.strip()
    if not (stripped.isascii() and stripped.isdigit()) or len(stripped) > 3:
        return None
    value = int(stripped)
    return value if STICKS_MIN <= value <= STICKS_MAX else None


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


def names_problem(names: tuple[str, str]) -> str | None:
    """Why these two names cannot be used, or None when they can."""
    if names[0].casefold() == names[1].casefold():
        return "The two players need different names"
    machines = {m.value.casefold() for m in Machine}
    for name in names:
        if name.casefold() in machines:
            return f"\"{name}\" is the name of a computer player; please choose another"
    return None


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
    rules: TakeAway
    seats: tuple[Seat, Seat]
    first: int = 0
    games: int = field(default=0)

    @property
    def players(self) -> tuple[Player, Player]:
        return (self.seats[0].player, self.seats[1].player)

    def new_match(self) -> Match:
        return Match(self.rules, self.players, self.first)

    def move_words(self, turn: Turn) -> str:
        """One line of the move log, in the console's words."""
        seat = self.seats[turn.player]
        verb = "takes" if seat.is_human else "selects"
        return f"{seat.name} {verb} {turn.move}"

    def turn_words(self, match: Match) -> str:
        """Whose turn it is, as the console asks it."""
        seat = self.seats[match.to_move]
        if seat.is_human:
            high = max(match.legal_moves())
            return f"{seat.name}: How many sticks do you take (1-{high})?"
        if seat.brain is not None:
            return f"{seat.name} is drawing a ball from hat {match.position}"
        return f"{seat.name} is choosing"

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


def sticks_words(count: int) -> str:
    """The console's line about the heap."""
    if count == 1:
        return "There is 1 stick on the board."
    return f"There are {count} sticks on the board."


def machine_seat(
    machine: Machine, name: str, rules: TakeAway, brain: HatBrain | None, rng: random.Random
) -> Seat:
    """A machine player at the table; hat AIs bring the brain they will draw from and teach."""
    if machine is Machine.RANDOM:
        return Seat(name, RandomPlayer(name, rng))
    if machine is Machine.PERFECT:
        return Seat(name, PerfectPlayer(name, rules, rng))
    assert brain is not None, "a hat AI needs a brain"
    return Seat(name, HatPlayer(name, brain, rng), brain)


def human_seat(name: str) -> Seat:
    return Seat(name, HumanPlayer(name))
