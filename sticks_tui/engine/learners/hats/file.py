"""The hats of a brain file, read and written.

Version 3 files hold only what the brain learned: a hat that is still a fresh hat is left out,
and so is every count of a hat that is a fresh hat's (a count not written is the fresh hat's).
Files of versions 1 and 2 wrote every hat met with every count; they still load, to the same
brain (their fresh hats and fresh counts are simply not kept).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import Any

from ...game import RuleError, Rules
from ...numbers import short
from ..base import MAX_COUNT, BrainError
from ..settings import SettingsError
from .draw import SparseHats, sparse_hat
from .settings import HatSettings

#: The first brain file version whose hats leave out what is a fresh hat's.
SPARSE_VERSION = 3


def read_settings(settings: dict[str, Any] | None) -> HatSettings:
    """The hat settings of a brain file (None, in a version 1 file: the defaults)."""
    try:
        return HatSettings() if settings is None else HatSettings.from_dict(settings)
    except SettingsError as error:
        raise BrainError(f"bad \"settings\": {error}") from None


def hats_to_file(
    rules: Rules,
    positions: Iterable[Hashable],
    learned: Callable[[Hashable], list[tuple[Hashable, int]]],
) -> dict[str, dict[str, int]]:
    """``"hats"`` of a brain file: for each of ``positions``, the balls ``learned`` there (the
    counts that differ from a fresh hat's); a hat with none is left out. A move's key is made
    once and shared by every hat that holds it."""
    hats: dict[str, dict[str, int]] = {}
    keys = MoveKeys(rules)
    for position in positions:
        balls: dict[str, int] = {}
        for move, count in learned(position):
            balls[keys.key_of(move)] = count
        if balls:
            hats[rules.position_key(position)] = balls
    return hats


def learned_balls(
    rules: Rules,
    hats: SparseHats,
    settings: HatSettings,
    beside: set[Hashable],
    counts: Callable[[Hashable], dict[Hashable, int]],
) -> Callable[[Hashable], list[tuple[Hashable, int]]]:
    """For :func:`hats_to_file`: the balls of a kept hat whose counts differ from a fresh hat's,
    in the order of its ball numbers; at a position in ``beside`` (a ball beside its hat) they
    are read from ``counts``, which counts that ball in."""
    fresh = settings.fresh_balls

    def learned(position: Hashable) -> list[tuple[Hashable, int]]:
        if position in beside:
            return [(move, n) for move, n in counts(position).items() if n != fresh]
        kinds, hat = rules.ball_kinds(position), hats[position]
        return [(kinds[hat[k]], hat[k + 1]) for k in range(0, len(hat), 2)]

    return learned


def hats_from_file(
    rules: Rules, settings: HatSettings, hats: Any, version: int
) -> SparseHats:
    """The brain's sparse hats (see :mod:`.draw`) from a brain file's ``"hats"``, refusing
    (:class:`~..base.BrainError`) anything that does not fit the rules or the settings. Before
    version 3 every count of a hat is written, and one missing is refused as it always was."""
    if not isinstance(hats, dict):
        raise BrainError("\"hats\" must be an object of position -> ball counts")
    kept: SparseHats = {}
    every_count = version < SPARSE_VERSION
    keys = MoveKeys(rules)
    for position_key, balls in hats.items():
        position, counts = load_hat(rules, keys, settings.floor, position_key, balls, every_count)
        hat = sparse_hat(counts, settings.fresh_balls)
        if hat:
            kept[position] = hat
        else:
            kept.pop(position, None)  # a later key for the same position writes over an earlier
    return kept


class MoveKeys:
    """A game's moves and their keys in a brain file, each made once: a file's hats share
    their moves (a brain of 34,000 Nim hats names 160 moves some 800,000 times)."""

    def __init__(self, rules: Rules) -> None:
        self._rules = rules
        self._keys: dict[Hashable, str] = {}
        self._moves: dict[str, Hashable | None] = {}

    def key_of(self, move: Hashable) -> str:
        """``rules.move_key(move)``."""
        key = self._keys.get(move)
        if key is None:
            key = self._keys[move] = self._rules.move_key(move)
        return key

    def move_of(self, key: str) -> Hashable | None:
        """The move whose key is ``key`` exactly (``rules.move_from_key``), or None."""
        if key in self._moves:
            return self._moves[key]
        try:
            move: Hashable | None = self._rules.move_from_key(key)
        except (RuleError, ValueError, TypeError):
            move = None
        if move is not None and self.key_of(move) != key:
            move = None  # "01" is not the key of 1: a file names each ball one way
        self._moves[key] = move
        return move


def load_hat(
    rules: Rules, keys: MoveKeys, floor: int, position_key: str, balls: Any, every_count: bool,
) -> tuple[Hashable, dict[int, int]]:
    """The position of the brain file's ``position_key`` and the counts its ``balls`` give,
    by ball index; refused (:class:`~..base.BrainError`) where they do not fit the rules or
    the ``floor`` of the brain's settings. ``every_count``: a count missing is refused."""
    try:
        position = rules.position_from_key(position_key)
        kinds = rules.ball_kinds(position)
    except (RuleError, ValueError, TypeError) as error:
        raise BrainError(f"hat {position_key!r}: {error}") from None
    if not isinstance(balls, dict):
        raise BrainError(f"hat {position_key}: ball counts must be an object")
    if every_count:
        for kind in kinds:
            if keys.key_of(kind) not in balls:
                raise BrainError(
                    f"hat {position_key}: the count of balls {keys.key_of(kind)} is missing"
                )
    index = {kind: i for i, kind in enumerate(kinds)}
    counts: dict[int, int] = {}
    unknown: list[str] = []
    for key, count in balls.items():
        move = keys.move_of(key)
        i = -1 if move is None else index.get(move, -1)
        if i < 0:
            unknown.append(str(key))
            continue
        counts[i] = _count(position_key, key, count, floor)
    if unknown:
        raise BrainError(f"hat {position_key}: unknown ball numbers {sorted(unknown)}")
    return position, counts


def _count(position_key: str, key: str, count: Any, floor: int) -> int:
    if not isinstance(count, int) or isinstance(count, bool):
        raise BrainError(
            f"hat {position_key}: balls {key} must be a whole number, got {short(count)}"
        )
    if count < floor:
        least = "one ball" if floor == 1 else f"{floor} balls"
        raise BrainError(
            f"hat {position_key}: balls {key} is {short(count)}, but a hat always keeps at "
            f"least {least} of each number"
        )
    if count > MAX_COUNT:
        raise BrainError(
            f"hat {position_key}: balls {key} is more than {MAX_COUNT}, far beyond what "
            f"any number of games could put in a hat"
        )
    return count
