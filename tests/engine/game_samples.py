"""Small games of every registered family, taken from the registry itself, for the tests that
must hold for every game (``tests/conformance``, ``tests/engine/test_properties.py``).

Nothing here names a family: a family's samples are its example spec, its aliases (``sticks``),
the example with the other ending (when its description has an ``"ending"``) and the example on
a short start (:data:`SMALL_START`, through ``rules_from_description(..., sticks)``). A game
registered tomorrow is covered without editing the tests. The tests' own games (Wythoff's game)
join through :func:`with_test_games`.

:func:`small_game` makes more games of a family for property tests: the example spec with its
numbers replaced by small ones (and lists of numbers made shorter or longer), with either ending.
:func:`random_line`, :func:`reachable` and :func:`minimax` play, walk and solve any game.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import wythoff_game

from sticks_tui.engine import (
    GameFamily,
    GameSpecError,
    RuleError,
    Rules,
    game_families,
    parse_game,
    register_game,
    rules_from_description,
    spec_of,
    unregister_game,
)

#: Families defined only in the tests, registered while the tests that use them run.
TEST_FAMILIES: tuple[GameFamily[Any], ...] = (wythoff_game.FAMILY,)
#: The heap a family that takes ``--sticks`` starts from in the samples.
HEAP = 20
#: The short start of the small samples (a heap, a line: what ``sticks`` means to the family).
SMALL_START = 7
#: Moves after which a game of the samples is taken not to end (none comes near it).
MOVE_LIMIT = 10_000


@contextmanager
def with_test_games() -> Iterator[None]:
    """The tests' games are in the registry inside the block, and only those it added leave."""
    added = [family for family in TEST_FAMILIES if family not in game_families()]
    for family in added:
        register_game(family)
    try:
        yield
    finally:
        for family in added:
            unregister_game(family.name)


def every_family() -> tuple[GameFamily[Any], ...]:
    """Every registered family, and the tests' own."""
    with with_test_games():
        return game_families()


@dataclass(frozen=True)
class GameSample:
    """One game to test: its canonical spec and, for a family that takes ``--sticks``, its heap."""

    family: str
    spec: str
    sticks: int | None
    #: The rules' description, as a brain file keeps it (the spec's round trip is checked
    #: against it).
    description: dict[str, Any]
    #: Whether the game offers Q-learning (its ``capabilities``).
    q_learning: bool

    @property
    def id(self) -> str:
        return self.spec if self.sticks is None else f"{self.spec}@{self.sticks}"

    def rules(self) -> Rules:
        """A fresh rule set read from the spec (the family must be registered)."""
        return parse_game(self.spec, self.sticks)


def samples_of(family: GameFamily[Any]) -> list[GameSample]:
    """A family's example, its aliases (another game of a family without a heap on the short
    start), the other ending and a short start (call with the family registered)."""
    heap = HEAP if family.takes_sticks else None
    base = parse_game(family.example, heap)
    games = [(base, heap)]
    for alias in family.aliases:
        aliased = parse_game(alias, heap)
        if not family.takes_sticks and spec_of(aliased) != spec_of(base):
            # another game of the family (``octal``: Kayles beside Sticky-Nim): its own code
            # path, on the short start (a second line of 20 doubled the family's share of the
            # suite's time)
            aliased = rules_from_description(aliased.describe(), SMALL_START)
        games.append((aliased, heap))
    other = other_ending(base, heap)
    if other is not None:
        games.append((other, heap))
    try:  # a family may have no start size, or none as short
        shorter = rules_from_description(base.describe(), SMALL_START)
    except RuleError:
        pass
    else:
        games.append((shorter, SMALL_START if family.takes_sticks else None))
    samples: dict[str, GameSample] = {}  # by id: a canonical spec and a heap name one game
    for rules, sticks in games:
        sample = GameSample(
            family.name, spec_of(rules), sticks, rules.describe(), rules.capabilities.q_learning
        )
        if sample.id not in samples and not _over_at_start(rules):
            samples[sample.id] = sample
    return list(samples.values())


def other_ending(rules: Rules, sticks: int | None) -> Rules | None:
    """The same game with the other ending, when its description has one."""
    description = rules.describe()
    if "ending" not in description:
        return None
    flipped = {**description, "ending": "normal" if rules.misere else "misere"}
    other = rules_from_description(flipped, sticks)
    return other if other.misere != rules.misere else None


def every_sample() -> list[GameSample]:
    """The samples of every family, the tests' own included."""
    with with_test_games():
        return [sample for family in game_families() for sample in samples_of(family)]


def _over_at_start(rules: Rules) -> bool:
    return bool(rules.is_over(rules.initial_position()))


# -- more games, for property tests ---------------------------------------------------------------
NUMBER_LIST = re.compile(r"\d+(?:,\d+)*")
ENDINGS = ("misere", "normal")
#: Draws :func:`small_game` makes before it falls back to the family's example.
DRAWS = 50


def spec_variant(family: GameFamily[Any], rng: random.Random, largest: int) -> str:
    """The family's example spec with its numbers replaced by numbers from 1 to ``largest`` (a
    list of numbers may get one shorter or longer) and its ending left out, or either ending
    written: not always a game (a part too many), :func:`small_game` sorts that out."""

    def renumber(match: re.Match[str]) -> str:
        count = max(1, match.group().count(",") + 1 + rng.choice((-1, 0, 0, 1)))
        return ",".join(str(rng.randint(1, largest)) for _ in range(count))

    word, *parts = family.example.split(":")
    if parts and parts[-1].lower() in ENDINGS:
        parts.pop()
    parts.append(rng.choice(("", *ENDINGS)))
    spec = NUMBER_LIST.sub(renumber, ":".join([word, *parts]))
    return spec.rstrip(":")


def small_game(family: GameFamily[Any], seed: int, largest: int = 5) -> Rules:
    """A game of the family with small numbers, drawn from ``seed`` (a heap of up to three times
    ``largest`` for a family that takes ``--sticks``); the family's example on a heap of
    ``largest`` when no draw is a game with a move to make."""
    rng = random.Random(seed)
    for _ in range(DRAWS):
        heap = rng.randint(1, 3 * largest) if family.takes_sticks else None
        try:
            rules = parse_game(spec_variant(family, rng, largest), heap)
        except GameSpecError:
            continue
        if not _over_at_start(rules):
            return rules
    return parse_game(family.example, largest if family.takes_sticks else None)


# -- playing, for any game ------------------------------------------------------------------------
def random_line(rules: Rules, rng: random.Random) -> list[Any]:
    """The positions of one game of random legal moves, from the start to the end."""
    position = rules.initial_position()
    line = [position]
    for _ in range(MOVE_LIMIT):
        moves = rules.legal_moves(position)
        if not moves:
            return line
        position = rules.apply(position, rng.choice(moves))
        line.append(position)
    raise AssertionError(f"{spec_of(rules)}: a random game did not end in {MOVE_LIMIT} moves")


def reachable(rules: Rules, limit: int) -> list[Any]:
    """Positions reachable from the start, nearest first, at most ``limit`` of them."""
    start = rules.initial_position()
    seen = {start: None}
    queue = [start]
    for position in queue:
        for move in rules.legal_moves(position):
            after = rules.apply(position, move)
            if after not in seen and len(seen) < limit:
                seen[after] = None
                queue.append(after)
    return queue


def minimax(rules: Rules) -> Callable[[Any], bool]:
    """``is_won(position)``: whether the player to move wins, by a plain (memoized) minimax from
    the definition, asking neither the engine's solver nor its rule for the ending: at the end,
    misère play means the opponent took the last object (the mover has won), normal play that
    the mover cannot move (lost); elsewhere a position is won when some move leaves a lost one."""
    won: dict[Any, bool] = {}

    def is_won(position: Any) -> bool:
        if position not in won:
            moves = rules.legal_moves(position)
            if not moves:
                won[position] = rules.misere
            else:
                won[position] = any(not is_won(rules.apply(position, m)) for m in moves)
        return won[position]

    return is_won


__all__ = [
    "HEAP",
    "MOVE_LIMIT",
    "SMALL_START",
    "TEST_FAMILIES",
    "GameSample",
    "every_family",
    "every_sample",
    "minimax",
    "other_ending",
    "random_line",
    "reachable",
    "samples_of",
    "small_game",
    "spec_variant",
    "with_test_games",
]
