"""What can be done to a saved brain, for ``sticks-tui brain`` and the app's brains screen alike:
start one, reset one, export one to a file, import one from a file, and the words that show one.

Both take the same checks and say the same things, so each action is here once; the command
line adds only its exit statuses and its question before a reset, the screen its modals. Every
action works on a :class:`BrainShelf`: the store on disk, or the records in memory when nothing
can be saved. Failures raise; none leaves the saved brain changed:

- :class:`BrainActionRefused`: the action cannot be done (no such brain, a name no AI may have,
  a file that cannot be written); ``str()`` is one line that says why.
- :class:`~sticks_tui.storage.brain_files.BrainFileUnreadable` and
  :class:`~sticks_tui.storage.brain_files.BrainFileRefused` from :func:`import_brain`, as for
  every brain file.
- :class:`~sticks_tui.storage.store_file.StoreError` when the store cannot be read or written.
"""

from __future__ import annotations

import os
from datetime import datetime
from typing import Protocol, TypeGuard

from ..engine.game import AnyRuleSet as RuleSet
from ..engine.games import spec_of
from ..engine.learners import BrainError, HatBrain, QLearner
from ..engine.players import LEARNING_AI_NAME, TRAINED_AI_NAME
from ..text.analysis import settings_words
from ..text.terminal import printable
from .brain_files import (
    BrainFileRefused,
    BrainFileWriter,
    brain_json,
    reason,
    shown_name,
)
from .play_on import PlayOnRecords
from .records import HATS, Q, Records, SavedBrain, brain_options, name_from_typed
from .saved_brains import BrainInfo, BrainSummary
from .store_file import StoreError


class BrainShelf(Protocol):
    """Where the saved brains are: :class:`~sticks_tui.storage.store.SqliteStore`, or
    :class:`~sticks_tui.storage.records.MemoryRecords`."""

    def load_learner(self, rules: RuleSet, ai_name: str, learner: str) -> SavedBrain | None:
        """The saved brain, rebuilt; None when there is none."""

    def save_brain(self, brain: SavedBrain, ai_name: str) -> None:
        """Replace the saved brain (of the brain's game and learner) of ``ai_name``."""

    def brains(self) -> list[BrainSummary]:
        """Every saved brain, by game, learner and AI name."""

    def brain_info(self, rules: RuleSet, ai_name: str, learner: str = HATS) -> BrainInfo | None:
        """What is known of one saved brain without rebuilding it."""

    def delete_brain(self, rules: RuleSet, ai_name: str, learner: str = HATS) -> bool:
        """Forget one saved brain; False when there was none."""


class BrainActionRefused(Exception):
    """A brain action that was not done; ``str()`` says why in one line."""


def shelf_of(records: Records) -> BrainShelf:
    """The brains of the app's records, whose failures raise instead of becoming warnings (a
    screen that says "Imported" must not have lost the import to a full disk)."""
    if isinstance(records, PlayOnRecords):
        return records.store
    if _is_shelf(records):
        return records
    raise TypeError(f"{type(records).__name__} keeps no brains to list")


def _is_shelf(records: object) -> TypeGuard[BrainShelf]:
    return all(hasattr(records, name) for name in ("brains", "brain_info", "delete_brain"))


# -- words -------------------------------------------------------------------------------------
def games_words(count: int) -> str:
    """``1 game played``, ``1,234 games played``."""
    return f"{count:,} game played" if count == 1 else f"{count:,} games played"


def kind_words(learner: str) -> str:
    """How a brain is called in messages: "brain" for hats (as always), "Q-learner brain"."""
    return "" if learner == HATS else "Q-learner "


def brain_words(rules: RuleSet, learner: str, ai_name: str, games: int) -> str:
    """``the brain of AI for Game of Sticks (12 games played)``."""
    return (
        f"the {kind_words(learner)}brain of {printable(ai_name)} for {rules.name} "
        f"({games_words(games)})"
    )


#: The columns a list of brains shows, by name (``brain list`` all, the brains screen some).
BRAIN_COLUMNS = ("Game", "Learner", "AI", "Games", "Saved at", "Settings")


def brain_cells(brain: BrainSummary) -> dict[str, str]:
    """One saved brain as a row of a list, by column (:data:`BRAIN_COLUMNS`): the game as
    ``--game`` names it, its AI's name with control characters escaped, the settings that
    differ from the defaults (``DAMAGED`` for a brain that cannot be read)."""
    info = brain.info
    return {
        "Game": brain.game or info.rules_key,
        "Learner": info.learner,
        "AI": printable(info.ai_name),
        "Games": f"{info.games_played:,}",
        "Saved at": saved_at_words(info.saved_at),
        "Settings": "DAMAGED" if brain.problem else settings_words(brain.changed_settings),
    }


def saved_at_words(text: str) -> str:
    """``2026-11-23T18:25:50+00:00`` -> ``2026-11-23 18:25 UTC`` (the store keeps UTC)."""
    try:
        when = datetime.fromisoformat(text)
    except ValueError:
        return printable(text)
    return when.strftime("%Y-%m-%d %H:%M") + (" UTC" if when.utcoffset() is not None else "")


def no_brain_message(rules: RuleSet, learner: str, ai: str) -> str:
    """Why there is nothing to export, and how this brain comes to be saved."""
    options = brain_options(rules, learner, ai)
    importing = f"`sticks-tui brain import {options} FILE`"
    missing = f"{printable(ai)} has no saved {kind_words(learner)}brain for {rules.name} yet"
    if learner == Q:
        return (
            f"{missing}; train one with `sticks-tui train --learner q --game "
            f"{spec_of(rules)} --out q.json`, then import it with "
            f"`sticks-tui brain import {options} q.json`"
        )
    in_console = spec_of(rules) == "sticks"
    if ai == LEARNING_AI_NAME:
        how = "play against it (sticks-tui --classic, option 2)" if in_console else (
            "play against it in the app (sticks-tui)"
        )
        return f"{missing}; {how}, or import one with {importing}"
    if ai == TRAINED_AI_NAME:
        how = "train it in the console (sticks-tui --classic, option 3)" if in_console else (
            "train it in the app (sticks-tui)"
        )
        return f"{missing}; {how}, or import one with {importing}"
    return f"{missing}; import one with {importing}"


# -- names ---------------------------------------------------------------------------------------
def ai_name_from(text: str) -> str:
    """The AI's name typed for a new or imported brain, by the rules of a player's name
    (:func:`~sticks_tui.storage.records.name_from_typed`)."""
    try:
        return name_from_typed(text)
    except ValueError as error:
        raise BrainActionRefused(str(error).replace("a player's", "an AI's", 1)) from None


# -- actions -------------------------------------------------------------------------------------
def new_brain(shelf: BrainShelf, rules: RuleSet, learner: str, ai_name: str) -> str:
    """Save a fresh brain (hats: one ball of each number in every hat; q: no value learned)
    for an AI that has none for this game and learner yet; what was done, in a line."""
    if shelf.brain_info(rules, ai_name, learner) is not None:
        raise BrainActionRefused(
            f"{printable(ai_name)} already has a {kind_words(learner)}brain for {rules.name}; "
            f"choose another name, or reset that one"
        )
    fresh: SavedBrain = HatBrain(rules) if learner == HATS else QLearner(rules=rules)
    shelf.save_brain(fresh, ai_name)
    return f"Started {brain_words(rules, learner, ai_name, 0)}."


def reset_brain(
    shelf: BrainShelf, rules: RuleSet, learner: str, ai_name: str, *, keep_row: bool = False
) -> str:
    """Forget what the AI learned, so it starts afresh; what was done, in a line (asking first
    is the caller's: see :func:`brain_words` for what to ask about). ``keep_row`` (the brains
    screen): the brain stays saved, fresh, with its learning settings, so it stays listed with
    0 games; else (``brain reset``) its row goes."""
    info = shelf.brain_info(rules, ai_name, learner)
    if info is None:
        return (
            f"{printable(ai_name)} has no saved {kind_words(learner)}brain for {rules.name}; "
            f"there is nothing to reset."
        )
    what = brain_words(rules, learner, ai_name, info.games_played)
    if keep_row:
        shelf.save_brain(_fresh(shelf, rules, learner, ai_name), ai_name)
    else:
        shelf.delete_brain(rules, ai_name, learner)
    afresh = "with one ball of each number in every hat" if learner == HATS else (
        "with no value learned"
    )
    return f"Reset {what}; it starts afresh {afresh}."


def _fresh(shelf: BrainShelf, rules: RuleSet, learner: str, ai_name: str) -> SavedBrain:
    """A fresh brain with the learning settings of the saved one (the defaults when it cannot
    be read: a damaged brain is reset to the defaults)."""
    try:
        saved = shelf.load_learner(rules, ai_name, learner)
    except StoreError:
        saved = None
    if learner == HATS:
        return HatBrain(rules, saved.settings if isinstance(saved, HatBrain) else None)
    if isinstance(saved, QLearner):
        return QLearner.with_settings(saved.settings, rules=rules)
    return QLearner(rules=rules)


def brain_file_writer(path: str) -> BrainFileWriter:
    """Where an exported brain goes, checked before anything is done (``-`` is standard
    output); :class:`BrainActionRefused` for a destination that cannot be written."""
    out = BrainFileWriter(path)
    try:
        out.open()
    except OSError as error:
        raise BrainActionRefused(f"cannot write {shown_name(path)}: {reason(error)}") from None
    return out


def export_brain(
    shelf: BrainShelf, rules: RuleSet, learner: str, ai_name: str, out: BrainFileWriter
) -> str:
    """Write the saved brain to ``out`` (from :func:`brain_file_writer`) as the JSON of
    ``sticks-tui train``; what was done, in a line."""
    brain = shelf.load_learner(rules, ai_name, learner)
    if brain is None:
        raise BrainActionRefused(no_brain_message(rules, learner, ai_name))
    try:
        out.commit(brain_json(brain))
    except OSError as error:
        raise BrainActionRefused(f"cannot write {shown_name(out.name)}: {reason(error)}") from None
    return f"Wrote {_whose(rules, learner, ai_name, brain)} to {shown_name(out.name)}"


def import_brain(
    shelf: BrainShelf, brain: SavedBrain, path: str | os.PathLike[str], ai_name: str
) -> str:
    """Make ``brain``, read from the file at ``path`` (:func:`read_brain_file`, which refuses a
    file that is not a brain, or not of the game and learner asked for), the saved brain of
    ``ai_name``; what was done, in a line. :class:`BrainFileRefused` when the store will not
    keep it (a Q-learner that knows no game)."""
    try:
        shelf.save_brain(brain, ai_name)
    except (BrainError, ValueError) as error:
        raise BrainFileRefused(shown_name(path), str(error)) from None
    assert brain.rules is not None, "a saved brain knows its game"
    whose = _whose(brain.rules, brain.kind, ai_name, brain)
    return f"Imported {shown_name(path)} as {whose}"


def _whose(rules: RuleSet, learner: str, ai_name: str, brain: SavedBrain) -> str:
    """``the brain of AI (hats) for Game of Sticks (12 games played)``, as export and import
    name the brain they wrote or read."""
    return (
        f"the brain of {printable(ai_name)} ({learner}) for {rules.name} "
        f"({games_words(brain.games_played)})"
    )
