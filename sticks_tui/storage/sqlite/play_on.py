"""Records for play that never stop a game: a store whose failures become warnings.

Apart from :mod:`.store`, the records API; written against :class:`StoreOnDisk` (what
:class:`~.store.SqliteStore` is), so it needs nothing of the store but its methods.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Protocol

from ...engine.game import Rules
from ...engine.learners.base import BrainError, Lesson
from ..records import Records, Standing
from ..saved_brains import BrainInfo, BrainSummary, SavedBrain
from .store_file import StoreError


class StoreOnDisk(Records, Protocol):
    """Records kept in a file: they have a path and are closed when the program is done."""

    @property
    def path(self) -> Path:
        """The store file."""

    def close(self) -> None:
        """Let go of the file."""

    def brains(self) -> list[BrainSummary]:
        """Every saved brain (``brain list``, the brains screen)."""

    def brain_info(self, rules: Rules, ai_name: str, learner: str = ...) -> BrainInfo | None:
        """What is known of one saved brain without rebuilding it."""

    def delete_brain(self, rules: Rules, ai_name: str, learner: str = ...) -> bool:
        """Forget one saved brain; False when there was none."""


class PlayOnRecords:
    """A store whose failures become warnings: the game goes on, only the saving is lost.

    Each distinct problem is reported once, so a disk that stays full does not repeat the same
    warning after every game.
    """

    def __init__(self, store: StoreOnDisk, warn: Callable[[str], None]) -> None:
        self.store = store
        self._warn = warn
        self._warned: set[str] = set()

    @property
    def path(self) -> Path:
        return self.store.path

    def record_game(self, winner: str, loser: str, *, game: str) -> None:
        try:
            self.store.record_game(winner, loser, game=game)
        except StoreError as error:
            self._report(f"{error}; this result was not saved")

    def standings(self, game: str | None = None, *, machines: bool = False) -> list[Standing]:
        try:
            return self.store.standings(game, machines=machines)
        except StoreError as error:
            self._report(str(error))
            return []

    def games(self, *, machines: bool = False) -> list[str]:
        try:
            return self.store.games(machines=machines)
        except StoreError as error:
            self._report(str(error))
            return []

    def last_results(self, game: str, name: str, count: int) -> list[bool]:
        try:
            return self.store.last_results(game, name, count)
        except StoreError as error:
            self._report(str(error))
            return []

    def load_brain(self, rules: Rules, ai_name: str) -> SavedBrain | None:
        try:
            return self.store.load_brain(rules, ai_name)
        except StoreError as error:
            self._report(f"{error}; {ai_name} starts with fresh hats")
            return None

    def load_learner(self, rules: Rules, ai_name: str, learner: str) -> SavedBrain | None:
        try:
            return self.store.load_learner(rules, ai_name, learner)
        except StoreError as error:
            self._report(f"{error}; {ai_name} starts afresh")
            return None

    def save_brain(self, brain: SavedBrain, ai_name: str) -> None:
        try:
            self.store.save_brain(brain, ai_name)
        except (StoreError, BrainError) as error:
            self._report(f"{error}; what {ai_name} learned was not saved")

    def learn(self, rules: Rules, ai_name: str, lesson: Lesson) -> SavedBrain | None:
        try:
            return self.store.learn(rules, ai_name, lesson)
        except (StoreError, BrainError) as error:
            self._report(f"{error}; what {ai_name} learned was not saved")
            return None

    def remember(self, values: Mapping[str, str]) -> None:
        try:
            self.store.remember(values)
        except StoreError as error:
            self._report(f"{error}; the settings were not saved for the next run")

    def recall(self, key: str) -> str | None:
        try:
            return self.store.recall(key)
        except StoreError as error:
            self._report(str(error))
            return None

    def close(self) -> None:
        self.store.close()

    def _report(self, message: str) -> None:
        if message not in self._warned:
            self._warned.add(message)
            self._warn(message)
