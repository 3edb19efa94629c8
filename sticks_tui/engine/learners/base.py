"""What every learner shares: the :class:`Learner` protocol, learning-curve points, the brain file.

A learner is an AI that gets better at a game by playing it. The trainer
(:func:`sticks_tui.engine.training.train`), the players and the learning curve are written once
against this protocol, so the hat AI (:class:`~.hats.brain.HatBrain`) and the Q-learner
(:class:`~.q.learner.QLearner`) go through the same code.

One learner may sit in both seats of a game (self-play): each seat (0 or 1) remembers its own
moves until :meth:`Learner.game_over` says how the game ended for it.

A brain file (version 3) starts with the same header for every learner::

    {"format": "sticks-tui-brain", "version": 3, "learner": "hats" | "q",
     "rules": {...}, "settings": {...}, "games_played": N, ...}

followed by what the learner knows ("hats" or "values") and, when one was kept, its
"learning_curve". Version 3 writes only what was learned: the hats whose counts differ from a
fresh hat's, with those counts (a Q-learner's values were already only those it updated).
Version 2 files (every hat met, every count) and version 1 files (hats only, no "learner", no
"settings") still load.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Hashable, Mapping
from dataclasses import asdict, dataclass, fields
from typing import Any, Protocol, TypeVar, runtime_checkable

from ..game import RuleError, Rules, RuleSet
from ..games import rules_from_description
from ..numbers import short
from .game_change import GameChange
from .settings import Settings

P = TypeVar("P", bound=Hashable)
M = TypeVar("M", bound=Hashable)

BRAIN_FORMAT = "sticks-tui-brain"
#: The version written; version 1 (hat brains before learners had settings) and version 2
#: (every hat met written whole) are still read.
BRAIN_VERSION = 3
READABLE_VERSIONS = (1, 2, 3)
#: The largest count a brain file may hold: the largest whole number every JSON reader keeps
#: exactly (2**53). No hat gets near it by play (one ball per win), so a larger one is an error.
MAX_COUNT = 2**53
#: The learner of a version 1 file (which says none: only the hat AI was saved then).
FIRST_LEARNER = "hats"


class BrainError(ValueError):
    """A brain description (e.g. a JSON file) that cannot be used; the message says why."""


@dataclass(frozen=True)
class CurvePoint:
    """One checkpoint of the learning curve kept with a brain (see engine.learning_curve)."""

    games: int
    """Games the brain had finished at this point."""
    hats_right: int
    """Positions whose preferred moves are all winning (for hats: a winning ball strictly ahead
    of every losing one). The name is the file's, kept from when only hats had a curve."""
    hats_winnable: int
    """Positions reachable from the start where some winning move exists."""
    vs_random: float
    """Share of games the learner (playing by its own rule, learning nothing) won against the
    random player."""
    vs_perfect: float
    """The same against the perfect player."""


#: What a learner has learned of a position (:class:`Reading`): that whoever moves there loses,
#: wins, or not yet either.
LOST, WON, UNDECIDED = "lost", "won", "undecided"


@dataclass(frozen=True)
class Reading:
    """What a learner has learned of one position, read off what it holds (its kind's
    ``read``), for the analysis to set beside the solver's answer."""

    learned: str
    """:data:`LOST`, :data:`WON` or :data:`UNDECIDED`."""
    growth: int = 0
    """The evidence that the position is won (the hat AI: balls its hat gained)."""
    inflow: int = 0
    """The evidence that it is lost (the hat AI: balls gained by the moves into it)."""


@dataclass(frozen=True)
class MoveValue:
    """One legal move at a position, as a learner holds it."""

    move: Any
    value: float
    """Its number: the balls of its number in the hat (the ball drawn this game counted in), or
    its Q-value (0 where none is learned)."""
    chance: float
    """The chance the learner plays it there while learning (:meth:`Learner.move_chances`)."""
    learned: bool
    """Whether its number differs from a fresh learner's (the learner learned something)."""


@dataclass(frozen=True)
class MoveValues:
    """What a learner holds at one position (:meth:`Learner.values_at`): its number for each
    legal move, in the rules' order, and the moves it prefers."""

    position: Any
    moves: tuple[MoveValue, ...]
    preferred: tuple[Any, ...]
    """The moves it rates best (all of them while it has no preference; none where no move is
    legal)."""
    counts: bool
    """Whether the numbers are counts (balls: a move's share is its count over their sum), or
    values on the scale from :attr:`low` to :attr:`high`."""
    low: float = 0.0
    high: float = 1.0
    """The scale of values (a Q-learner's loss and win rewards); unused for counts."""
    drawn: Any = None
    """The move it drew at this position in the game in play (a ball beside its hat), if any."""

    @property
    def fresh(self) -> bool:
        """Nothing learned here: every number is a fresh learner's."""
        return not any(move.learned for move in self.moves)

    @property
    def tied(self) -> bool:
        """No move is rated above all others (a fresh hat, equal values)."""
        return len(self.preferred) != 1

    def share(self, value: float) -> float:
        """How full a bar of ``value`` is, from 0 to 1: a count's share of every count here, a
        value's place on the scale."""
        if self.counts:
            total = sum(move.value for move in self.moves)
            return value / total if total > 0 else 0.0
        span = self.high - self.low
        return min(1.0, max(0.0, (value - self.low) / span)) if span > 0 else 0.0


class Learner(Protocol[P, M]):
    """An AI that learns a game (positions ``P``, moves ``M``) from the games it plays."""

    #: "hats" or "q": the "learner" of its brain file.
    kind: str
    games_played: int
    """Games it has learned from (a self-play game counts once, though both seats learn)."""
    learning_curve: list[CurvePoint]

    @property
    def rules(self) -> RuleSet[P, M] | None:
        """The game it learns (a CS50-style Q-learner may have none until it is trained)."""

    @property
    def settings(self) -> Settings:
        """Its learning settings (saved with the brain, shown wherever the brain is)."""

    def move(self, position: P, rng: random.Random, seat: int = 0) -> M:
        """Its move for ``seat``, which faces ``position``, while learning.

        Being told the position is part of learning (a Q-learner values its seat's last move
        by it); the move is remembered for the seat until :meth:`game_over` or :meth:`abandon`.
        """

    def sample_move(self, position: P, rng: random.Random) -> M:
        """A move by its own rule, exploring as it does while learning, but learning nothing."""

    def move_chances(self, position: P) -> list[tuple[M, float]]:
        """Each move :meth:`sample_move` may make at ``position``, with its chance (the chances
        add up to 1). The learning curve works out win shares from these exactly."""

    def game_over(self, results: Mapping[int, bool]) -> None:
        """The game ended: for each seat it held, whether that seat won. One game is counted."""

    @property
    def last_game(self) -> GameChange | None:
        """What the last game finished did to it, move by move (None before any game, and
        after a game abandoned); read it between games."""

    def abandon(self) -> None:
        """The game ended without a result: every seat forgets its moves, nothing is learned."""

    def preferred_move(self, position: P) -> M | None:
        """Its greedy move at ``position`` (for hints and evaluation); None where none is legal."""

    def preferred_moves(self, position: P) -> tuple[M, ...]:
        """Every move it rates best at ``position`` (more than one while it has no preference)."""

    def positions(self) -> list[P]:
        """The positions where it holds something (a hat, a value), in the rules' order where
        they sort."""

    def values_at(self, position: P) -> MoveValues:
        """What it holds for each legal move at ``position``, and which it prefers, as data
        the board, the hint and the analysis draw without asking which learner it is. Looking
        teaches it nothing."""

    def copy(self) -> Learner[P, M]: ...

    def take_on(self, saved: Any) -> None:
        """Become ``saved`` (a learner of its kind, for its game, between two games), staying
        the same object: whoever holds this learner plays on with the one saved (by a
        training, or by another program)."""

    def to_dict(self) -> dict[str, Any]:
        """Its brain file: the header above, what it knows, and its learning curve."""


class Lesson(Protocol):
    """What some games taught a learner that learns in play, as a change that adds up: saved
    by adding it to the saved brain, never by writing a whole brain over it, so that two
    programs teaching one AI at once both keep what they taught."""

    @property
    def learner(self) -> str:
        """The name of the learner it was taken from (a lesson fits only a brain of it)."""

    @property
    def rules_key(self) -> str:
        """The rules of the brain that learned it (a lesson fits only a brain for them)."""

    @property
    def games(self) -> int:
        """Games finished during the lesson."""

    @property
    def is_empty(self) -> bool:
        """True when there is nothing to save."""


class LearnsInPlay(Learner[P, M], Protocol):
    """A learner that learns from the games it plays against a person, kept as its lessons
    (its kind's ``learns_in_play``): the brain cache saves it by :meth:`lesson_since` and
    :meth:`apply_lesson`, between two games only (never while :attr:`mid_game`)."""

    @property
    def mid_game(self) -> bool:
        """Whether it is in the middle of a game (a move made that the game's end will teach
        it): a lesson is taken, added or taken on between games only."""

    def lesson_since(self, earlier: Any) -> Lesson:
        """What it learned since it was ``earlier`` (a copy of it taken then)."""

    def apply_lesson(self, lesson: Any) -> None:
        """Add what ``lesson`` taught to it, between two games (:class:`ValueError` in the
        middle of one, or for a lesson of another learner or game)."""

    def put_back(self, position: P, seat: int = 0) -> None:
        """A move taken back (undo): ``seat`` forgets the move it made at ``position``, as if
        never made; the moves that stand stay remembered, for the game's end to teach."""

    def copy(self) -> LearnsInPlay[P, M]: ...


class SelfPlayRun(Protocol):
    """A fast loop over one learner's own tables (behind the same ``train`` call): self-play,
    or against a machine (:class:`PlaysMachinesFast`)."""

    def play(self, games: int, should_stop: Callable[[], bool] | None) -> tuple[int, int]:
        """Play up to ``games`` games, the starting seat alternating; ``should_stop`` is asked
        before each. Returns (games played, games won by the side that started)."""

    def sync(self) -> None:
        """Make the learner show everything learned so far (between games)."""


@runtime_checkable
class PlaysItselfFast(Protocol):
    """A learner with a fast self-play loop, proven equal to the plain one by the tests."""

    def self_play_run(self, rules: Rules, rng: random.Random, games_before: int) -> SelfPlayRun:
        """A run from ``rules``' start; ``games_before`` games were played in this training
        already (the starting seat alternates across the whole training)."""


@dataclass(frozen=True)
class MachineOpponent:
    """A machine opponent as a learner's fast loop plays it: ``random`` (a uniformly random
    legal move), ``perfect`` (a random winning move, else a random legal one) or ``mixed``
    (perfect with the chance ``skill``, decided by one draw, else random), each drawn from the
    training's generator exactly as its player in :mod:`~sticks_tui.engine.players` draws."""

    kind: str
    skill: float = 0.0


@runtime_checkable
class PlaysMachinesFast(Protocol):
    """A learner with a fast loop against machine opponents, proven equal to the plain one."""

    def machine_run(
        self, rules: Rules, rng: random.Random, games_before: int, opponent: MachineOpponent
    ) -> SelfPlayRun | None:
        """A run against ``opponent`` from ``rules``' start, the learner in seat 0 (its
        ``play`` returns the games played and the games the learner won), or None where the
        learner has no fast loop for that game."""


# -- the brain file ---------------------------------------------------------------------------
@dataclass(frozen=True)
class BrainHeader:
    """What every brain file says before the learner's own part."""

    kind: str
    version: int
    rules: Rules
    games_played: int
    settings: dict[str, Any] | None
    """The "settings" object (None in a version 1 file: the defaults)."""
    learning_curve: list[CurvePoint]


def brain_dict(
    kind: str, rules: Rules, settings: Settings, games_played: int,
    body: dict[str, Any], curve: list[CurvePoint],
) -> dict[str, Any]:
    """A brain file's object: the shared header, ``body`` (the learner's part), the curve."""
    return {
        "format": BRAIN_FORMAT,
        "version": BRAIN_VERSION,
        "learner": kind,
        "rules": rules.describe(),
        "settings": settings.to_dict(),
        "games_played": games_played,
        **body,
        **({"learning_curve": [asdict(p) for p in curve]} if curve else {}),
    }


def read_header(
    data: Any, rules: Rules | None = None, kinds: Collection[str] | None = None
) -> BrainHeader:
    """Check a brain file's shared part; ``rules`` (when given) is the game it must be for,
    ``kinds`` (when given) the learners it may hold (else any learner's name is read)."""
    if not isinstance(data, dict):
        raise BrainError("a brain must be a JSON object")
    if data.get("format") != BRAIN_FORMAT:
        raise BrainError(f"not a sticks-tui brain (\"format\" should be \"{BRAIN_FORMAT}\")")
    version = data.get("version")
    readable = isinstance(version, int) and not isinstance(version, bool)
    if not readable or version not in READABLE_VERSIONS:
        raise BrainError(
            f"brain format version {short(version)} is not supported (this program reads "
            f"versions {', '.join(map(str, READABLE_VERSIONS[:-1]))} and "
            f"{READABLE_VERSIONS[-1]})"
        )
    kind = FIRST_LEARNER if version == 1 else data.get("learner")
    if not isinstance(kind, str) or (kinds is not None and kind not in kinds):
        named = ", ".join(map(repr, kinds)) if kinds is not None else "a learner's name"
        raise BrainError(f"\"learner\" must be one of {named}, got {short(kind)}")
    settings = None if version == 1 else data.get("settings")
    if version != 1 and not isinstance(settings, dict):
        raise BrainError("\"settings\" must be an object of learning settings")
    return BrainHeader(
        kind, version, _rules(data, rules), _games(data), settings,
        load_learning_curve(data.get("learning_curve")),
    )


def _rules(data: dict[str, Any], rules: Rules | None) -> Rules:
    try:
        found = rules_from_description(data.get("rules"))
    except RuleError as error:
        raise BrainError(f"bad \"rules\": {error}") from None
    if rules is None:
        return found
    if found.key != rules.key:
        raise BrainError(
            f"this brain is for {found.name} ({found.key}), not for {rules.name} ({rules.key})"
        )
    return rules


def _games(data: dict[str, Any]) -> int:
    games = data.get("games_played")
    if not isinstance(games, int) or isinstance(games, bool) or not 0 <= games <= MAX_COUNT:
        raise BrainError(
            f"\"games_played\" must be a whole number from 0 to {MAX_COUNT}, got {short(games)}"
        )
    return games


def load_learning_curve(data: Any) -> list[CurvePoint]:
    """The optional "learning_curve" of a brain file; older files without one load with none."""
    if data is None:
        return []
    if not isinstance(data, list):
        raise BrainError("\"learning_curve\" must be a list of checkpoints")
    names = [f.name for f in fields(CurvePoint)]
    points: list[CurvePoint] = []
    for i, item in enumerate(data):
        if not isinstance(item, dict) or set(item) != set(names):
            raise BrainError(
                f"learning_curve[{i}] must be an object with exactly {', '.join(names)}"
            )
        for name in names[:3]:
            value = item[name]
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise BrainError(
                    f"learning_curve[{i}].{name} must be a whole number >= 0, got {value!r}"
                )
        for name in names[3:]:
            value = item[name]
            is_number = isinstance(value, (int, float)) and not isinstance(value, bool)
            if not is_number or not 0 <= value <= 1:
                raise BrainError(
                    f"learning_curve[{i}].{name} must be a share from 0 to 1, got {value!r}"
                )
        if points and item["games"] < points[-1].games:
            raise BrainError(f"learning_curve[{i}] goes back in games played")
        shares = {name: float(item[name]) for name in names[3:]}
        points.append(CurvePoint(**{**item, **shares}))
    return points
