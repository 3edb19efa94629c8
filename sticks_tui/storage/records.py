"""The leaderboard and the AI's saved brains, as the rest of the program sees them.

:class:`Records` is the interface; :class:`MemoryRecords` keeps everything in memory (tests,
and play when nothing can be saved); ``sticks_tui.storage.sqlite.store`` keeps it on disk behind
the same interface. Nothing here knows about screens.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Protocol

from ..engine.game import Rules
from ..engine.learners import learner_from_dict, learner_kind, lessons_of
from ..engine.learners.base import Lesson
from ..engine.machines import LEARNING_AI_LEARNER, machine_level
from .saved_brains import BrainInfo, BrainSummary, SavedBrain, brain_text, summary

#: The learner of the learning AI (whose brains are named when no learner is said).
HATS: str = LEARNING_AI_LEARNER

#: The game of the results recorded before the leaderboard was kept per game (store version 4):
#: they count on the overall board only.
EARLIER_GAMES = ""


def among_machines(winner: str, loser: str) -> bool:
    """True for a game between two computer players (watched, or in the lab): it is recorded,
    but left off the leaderboard unless machines' games are asked for (issue 13). No person may
    take a computer player's name, so the names tell."""
    return machine_level(winner) is not None and machine_level(loser) is not None


@dataclass(frozen=True)
class Standing:
    """One row of the leaderboard. A win adds one to the rating, a loss takes one away."""

    name: str
    wins: int = 0
    losses: int = 0

    @property
    def games(self) -> int:
        return self.wins + self.losses

    @property
    def rating(self) -> int:
        return self.wins - self.losses

    @property
    def machine(self) -> str | None:
        """The computer player's level ("perfect"...), None for a person."""
        return machine_level(self.name)

    @property
    def label(self) -> str:
        """The name as the leaderboard shows it: a computer player's marked with its level."""
        level = self.machine
        return self.name if level is None else f"{self.name} (machine: {level})"

    def as_dict(self) -> dict[str, int | str | None]:
        return {
            "name": self.name,
            "wins": self.wins,
            "losses": self.losses,
            "games": self.games,
            "rating": self.rating,
            "machine": self.machine,
        }


def ranked(rows: list[Standing]) -> list[Standing]:
    """Best rating first; then more wins, then name, so the order is stable."""
    return sorted(rows, key=lambda row: (-row.rating, -row.wins, row.name.casefold()))


#: The last games the records keep, in order (the room view's win share over the last games):
#: enough for the last games of each of a class's boards, few enough to stay cheap.
RECENT_GAMES_KEPT = 1000


class Records(Protocol):
    def record_game(self, winner: str, loser: str, *, game: str) -> None:
        """Count one finished game of ``game`` (its spec: ``spec_of(rules)``): a win for
        ``winner`` and a loss for ``loser``."""

    def standings(self, game: str | None = None, *, machines: bool = False) -> list[Standing]:
        """Every player of ``game`` (of every game when None), best rating first; games between
        two computer players count only when ``machines`` is asked for."""

    def games(self, *, machines: bool = False) -> list[str]:
        """The games with a result on the leaderboard (their specs, sorted), each a board of
        its own; the results from before boards per game are on none but the overall one."""

    def last_results(self, game: str, name: str, count: int) -> list[bool]:
        """Whether ``name`` won each of its last ``count`` games of ``game`` against people
        (not between two computer players), newest first: the room view's win share. Only the
        latest :data:`RECENT_GAMES_KEPT` games are kept."""

    def load_brain(self, rules: Rules, ai_name: str) -> SavedBrain | None:
        """The saved brain of ``ai_name`` as the learning AI for these rules, or None if it has
        none yet."""

    def load_learner(self, rules: Rules, ai_name: str, learner: str) -> SavedBrain | None:
        """The saved brain of ``ai_name`` as ``learner`` (a registered learner's name), or None.

        A hat AI and a Q-learner of one name are two brains: each is found only as itself."""

    def save_brain(self, brain: SavedBrain, ai_name: str) -> None:
        """Replace the saved brain of ``ai_name`` (of the brain's learner) with ``brain``
        (``brain import``, training: on purpose).

        What games teach a learner that learns in play is saved with :meth:`learn` instead,
        which loses no other program's lessons."""

    def learn(self, rules: Rules, ai_name: str, lesson: Lesson) -> SavedBrain | None:
        """Add ``lesson`` to the saved brain of ``ai_name`` as the lesson's learner (a fresh
        brain when it has none yet) and
        return the brain as now saved, holding every program's lessons; None when it could not
        be saved (and the records have warned), so the caller keeps the lesson for next time."""

    def remember(self, values: Mapping[str, str]) -> None:
        """Keep small settings for the next run (e.g. the names typed on the setup screen);
        all of ``values`` are saved together or none is."""

    def recall(self, key: str) -> str | None:
        """A setting kept by :meth:`remember`, or None when there is none."""


class MemoryRecords:
    """Records kept in memory only; lost when the program ends."""

    def __init__(self) -> None:
        #: (game, name, among machines) -> (wins, losses), as the store's results table.
        self._results: dict[tuple[str, str, bool], tuple[int, int]] = {}
        self._brains: dict[tuple[str, str, str], SavedBrain] = {}
        self._saved_at: dict[tuple[str, str, str], str] = {}
        self._settings: dict[str, str] = {}
        #: The games played, oldest first: (game, winner, loser), games against people only.
        self._played: list[tuple[str, str, str]] = []

    def record_game(self, winner: str, loser: str, *, game: str) -> None:
        machines = among_machines(winner, loser)
        for name, won, lost in ((winner, 1, 0), (loser, 0, 1)):
            wins, losses = self._results.get((game, name, machines), (0, 0))
            self._results[(game, name, machines)] = (wins + won, losses + lost)
        if not machines:
            self._played.append((game, winner, loser))
            del self._played[:-RECENT_GAMES_KEPT]

    def last_results(self, game: str, name: str, count: int) -> list[bool]:
        found = [winner == name for played, winner, loser in reversed(self._played)
                 if played == game and name in (winner, loser)]
        return found[:count]

    def standings(self, game: str | None = None, *, machines: bool = False) -> list[Standing]:
        totals: dict[str, tuple[int, int]] = {}
        for (played, name, among), (wins, losses) in self._results.items():
            if (game is None or played == game) and (machines or not among):
                before = totals.get(name, (0, 0))
                totals[name] = (before[0] + wins, before[1] + losses)
        return ranked([Standing(name, wins, losses) for name, (wins, losses) in totals.items()])

    def games(self, *, machines: bool = False) -> list[str]:
        return sorted({
            game for game, _, among in self._results
            if game != EARLIER_GAMES and (machines or not among)
        })

    def load_brain(self, rules: Rules, ai_name: str) -> SavedBrain | None:
        return self.load_learner(rules, ai_name, HATS)

    def load_learner(self, rules: Rules, ai_name: str, learner: str) -> SavedBrain | None:
        """A copy, for ``rules`` (their start) as the store rebuilds it."""
        brain = self._brains.get((rules.key, learner, ai_name))
        if brain is None:
            return None
        if brain.rules == rules:
            return brain.copy()
        return learner_from_dict(brain.to_dict(), rules)

    def save_brain(self, brain: SavedBrain, ai_name: str) -> None:
        if brain.rules is None:
            raise ValueError("a learner without rules knows no game to be saved for")
        self._keep((brain.rules.key, brain.kind, ai_name), brain.copy())

    def learn(self, rules: Rules, ai_name: str, lesson: Lesson) -> SavedBrain:
        brain = taught_by(self.load_learner(rules, ai_name, lesson.learner), rules, lesson)
        self._keep((rules.key, lesson.learner, ai_name), brain)
        return brain.copy()

    def _keep(self, key: tuple[str, str, str], brain: SavedBrain) -> None:
        self._brains[key] = brain
        self._saved_at[key] = datetime.now(UTC).isoformat(timespec="seconds")

    # -- as the store, beyond the interface (the brains screen) ------------------------------
    def brains(self) -> list[BrainSummary]:
        """Every brain kept, in the store's order: game, learner, AI name."""
        return [
            summary(self._info(key), brain_text(self._brains[key]))
            for key in sorted(self._brains)
        ]

    def brain_info(self, rules: Rules, ai_name: str, learner: str = HATS) -> BrainInfo | None:
        key = (rules.key, learner, ai_name)
        return self._info(key) if key in self._brains else None

    def delete_brain(self, rules: Rules, ai_name: str, learner: str = HATS) -> bool:
        self._saved_at.pop((rules.key, learner, ai_name), None)
        return self._brains.pop((rules.key, learner, ai_name), None) is not None

    def _info(self, key: tuple[str, str, str]) -> BrainInfo:
        rules_key, learner, ai_name = key
        games = self._brains[key].games_played
        return BrainInfo(rules_key, ai_name, games, self._saved_at.get(key, ""), learner)

    def remember(self, values: Mapping[str, str]) -> None:
        self._settings.update(values)

    def recall(self, key: str) -> str | None:
        return self._settings.get(key)


def taught_by(saved: SavedBrain | None, rules: Rules, lesson: Lesson) -> SavedBrain:
    """``saved`` (a fresh brain of the lesson's learner when None) with ``lesson`` added: what
    :meth:`Records.learn` saves."""
    kind = learner_kind(lesson.learner)
    brain = saved if saved is not None else kind.make(rules)
    taught = lessons_of(brain)
    if taught is None:
        raise ValueError(f"a {kind.name} brain is not kept as lessons")
    taught.apply_lesson(lesson)
    return brain
