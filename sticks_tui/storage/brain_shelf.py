"""What can be done to a saved brain, for ``sticks-tui brain`` and the app's brains screen alike:
start one, reset one, export one to a file, import one from a file (words: :mod:`..text.brains`).

Both take the same checks and say the same things, so each action is here once; the command
line adds only its exit statuses and its question before a reset, the screen its modals. Every
action works on a :class:`BrainShelf`: the store on disk, or the records in memory when nothing
can be saved. Failures raise; none leaves the saved brain changed:

- :class:`BrainActionRefused`: the action cannot be done (no such brain, a name no AI may have,
  a file that cannot be written); ``str()`` is one line that says why.
- :class:`~sticks_tui.storage.brain_files.BrainFileUnreadable` and
  :class:`~sticks_tui.storage.brain_files.BrainFileRefused` from :func:`import_brain`, as for
  every brain file.
- :class:`~sticks_tui.storage.sqlite.store_file.StoreError` when the store cannot be read or
  written.
"""

from __future__ import annotations

import os
from typing import Protocol, TypeGuard

from ..engine.game import Rules
from ..engine.learners import learner_kind
from ..engine.learners.base import BrainError
from ..text.brains import (
    cannot_write_words,
    no_brain_message,
    nothing_to_reset_words,
    reset_words,
    started_words,
    taken_words,
    whose_words,
)
from ..text.names import brain_name_from_typed
from .brain_files import BrainFileRefused, brain_json, shown_name
from .file_writer import BrainFileWriter, reason
from .records import HATS, Records
from .saved_brains import BrainInfo, BrainSummary, SavedBrain
from .sqlite.play_on import PlayOnRecords
from .sqlite.store_file import StoreError


class BrainShelf(Protocol):
    """Where the saved brains are: :class:`~sticks_tui.storage.sqlite.store.SqliteStore`, or
    :class:`~sticks_tui.storage.records.MemoryRecords`."""

    def load_learner(self, rules: Rules, ai_name: str, learner: str) -> SavedBrain | None:
        """The saved brain, rebuilt; None when there is none."""

    def saved_game(self, rules: Rules, ai_name: str, learner: str) -> Rules | None:
        """The game the saved brain was saved for, its start too (``rules`` finds it by its
        key, which leaves the start out); None when there is none or it cannot say."""

    def save_brain(self, brain: SavedBrain, ai_name: str) -> None:
        """Replace the saved brain (of the brain's game and learner) of ``ai_name``."""

    def brains(self) -> list[BrainSummary]:
        """Every saved brain, by game, learner and AI name."""

    def brain_info(self, rules: Rules, ai_name: str, learner: str = HATS) -> BrainInfo | None:
        """What is known of one saved brain without rebuilding it."""

    def delete_brain(self, rules: Rules, ai_name: str, learner: str = HATS) -> bool:
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
    return all(
        hasattr(records, name) for name in ("brains", "brain_info", "delete_brain", "saved_game")
    )


# -- names ---------------------------------------------------------------------------------------
def ai_name_from(text: str) -> str:
    """The AI's name typed for a new or imported brain, by the rules of a player's name, and
    not a computer player's that plays no brain
    (:func:`~sticks_tui.text.names.brain_name_from_typed`)."""
    try:
        return brain_name_from_typed(text)
    except ValueError as error:
        raise BrainActionRefused(str(error).replace("a player's", "an AI's", 1)) from None


# -- actions -------------------------------------------------------------------------------------
def new_brain(shelf: BrainShelf, rules: Rules, learner: str, ai_name: str) -> str:
    """Save a fresh brain (hats: one ball of each number in every hat; q: no value learned)
    of ``learner`` for an AI that has none for this game and learner yet; what was done, in a
    line."""
    if shelf.brain_info(rules, ai_name, learner) is not None:
        raise BrainActionRefused(taken_words(rules, learner, ai_name))
    shelf.save_brain(learner_kind(learner).make(rules), ai_name)
    return started_words(rules, learner, ai_name)


def reset_brain(
    shelf: BrainShelf, rules: Rules, learner: str, ai_name: str, *, keep_row: bool = False
) -> str:
    """Forget what the AI learned, so it starts afresh; what was done, in a line (asking first
    is the caller's: see :func:`brain_words` for what to ask about). ``keep_row`` (the brains
    screen): the brain stays saved, fresh, with its learning settings, so it stays listed with
    0 games; else (``brain reset``) its row goes."""
    info = shelf.brain_info(rules, ai_name, learner)
    if info is None:
        return nothing_to_reset_words(rules, learner, ai_name)
    if keep_row:
        shelf.save_brain(_fresh(shelf, rules, learner, ai_name), ai_name)
    else:
        shelf.delete_brain(rules, ai_name, learner)
    return reset_words(rules, learner, ai_name, info.games_played)


def _fresh(shelf: BrainShelf, rules: Rules, learner: str, ai_name: str) -> SavedBrain:
    """A fresh brain with the learning settings of the saved one (the defaults when it cannot
    be read: a damaged brain is reset to the defaults)."""
    try:
        saved = shelf.load_learner(rules, ai_name, learner)
    except StoreError:
        saved = None
    fresh: SavedBrain = learner_kind(learner).make(rules, saved.settings if saved else None)
    return fresh


def brain_file_writer(path: str) -> BrainFileWriter:
    """Where an exported brain goes, checked before anything is done (``-`` is standard
    output); :class:`BrainActionRefused` for a destination that cannot be written."""
    out = BrainFileWriter(path)
    try:
        out.open()
    except OSError as error:
        raise BrainActionRefused(cannot_write_words(shown_name(path), reason(error))) from None
    return out


def export_brain(
    shelf: BrainShelf, rules: Rules, learner: str, ai_name: str, out: BrainFileWriter
) -> str:
    """Write the saved brain to ``out`` (from :func:`brain_file_writer`) as the JSON of
    ``sticks-tui train``; what was done, in a line."""
    text, whose = brain_text(shelf, rules, learner, ai_name)
    try:
        out.commit(text)
    except OSError as error:
        raise BrainActionRefused(cannot_write_words(shown_name(out.name), reason(error))) from None
    return f"Wrote {whose} to {shown_name(out.name)}"


def brain_text(shelf: BrainShelf, rules: Rules, learner: str, ai_name: str) -> tuple[str, str]:
    """The saved brain as the JSON of ``sticks-tui train`` (what an export writes), and whose
    brain it is in words ("AI's brain for the Game of Sticks (hats, 3 games)").

    ``rules`` finds the brain by its key, which leaves the start out (a brain serves every heap
    or set of piles of its game); the file says the game the brain was saved for, start and
    all, never the start ``rules`` happens to name (``--game nim:2,2`` must not relabel a brain
    trained on Nim 1, 3, 5, 7 as Nim 2, 2)."""
    rules = shelf.saved_game(rules, ai_name, learner) or rules
    brain = shelf.load_learner(rules, ai_name, learner)
    if brain is None:
        raise BrainActionRefused(no_brain_message(rules, learner, ai_name))
    return brain_json(brain), whose_words(rules, learner, ai_name, brain.games_played)


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
    whose = whose_words(brain.rules, brain.kind, ai_name, brain.games_played)
    return f"Imported {shown_name(path)} as {whose}"
