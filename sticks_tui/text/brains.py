"""The words that name and list saved brains, for ``sticks-tui brain`` and the app's brains
screen alike: "the brain of AI for Game of Sticks (12 games played)", a row of a list of brains,
and what to type when there is no brain to export."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Protocol

from ..engine.game import Rules
from ..engine.games import spec_of
from ..engine.learners import learner_kind
from ..engine.machines import LEARNING_AI_NAME, TRAINED_AI_NAME
from .commands import brain_options
from .terminal import printable


def games_words(count: int) -> str:
    """``1 game played``, ``1,234 games played``."""
    return f"{count:,} game played" if count == 1 else f"{count:,} games played"


def kind_words(learner: str) -> str:
    """How a brain is called in messages (its learner's words): "brain" for hats (as always),
    "Q-learner brain"."""
    words: str = learner_kind(learner).words.brain
    return words


def brain_words(rules: Rules, learner: str, ai_name: str, games: int) -> str:
    """``the brain of AI for Game of Sticks (12 games played)``."""
    return (
        f"the {kind_words(learner)} of {printable(ai_name)} for {rules.name} "
        f"({games_words(games)})"
    )


#: The columns a list of brains shows, by name (``brain list`` all, the brains screen some).
BRAIN_COLUMNS = ("Game", "Learner", "AI", "Games", "Saved at", "Settings")


class ListedInfo(Protocol):
    """What a list shows of a saved brain's row (the store's ``BrainInfo``)."""

    @property
    def rules_key(self) -> str: ...
    @property
    def ai_name(self) -> str: ...
    @property
    def games_played(self) -> int: ...
    @property
    def saved_at(self) -> str: ...
    @property
    def learner(self) -> str: ...


class ListedBrain(Protocol):
    """A saved brain as a list shows it (the store's ``BrainSummary``)."""

    @property
    def info(self) -> ListedInfo: ...
    @property
    def game(self) -> str: ...
    @property
    def problem(self) -> str: ...
    @property
    def changed_settings(self) -> Mapping[str, float]: ...


def brain_cells(brain: ListedBrain) -> dict[str, str]:
    """One saved brain as a row of a list, by column (:data:`BRAIN_COLUMNS`): the game as
    ``--game`` names it, its AI's name with control characters escaped, the settings that
    differ from the defaults (``DAMAGED`` for a brain that cannot be read)."""
    # with the analysis's words, loaded here: a program that lists no brain (the app as it
    # starts: each tab of a classroom) loads none of them
    from .analysis import settings_words

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


def taken_words(rules: Rules, learner: str, ai_name: str) -> str:
    """Why a new brain cannot have this name."""
    return (
        f"{printable(ai_name)} already has a {kind_words(learner)} for {rules.name}; "
        f"choose another name, or reset that one"
    )


def started_words(rules: Rules, learner: str, ai_name: str) -> str:
    return f"Started {brain_words(rules, learner, ai_name, 0)}."


def nothing_to_reset_words(rules: Rules, learner: str, ai_name: str) -> str:
    return (
        f"{printable(ai_name)} has no saved {kind_words(learner)} for {rules.name}; "
        f"there is nothing to reset."
    )


def reset_words(rules: Rules, learner: str, ai_name: str, games: int) -> str:
    """What a reset did, and how the brain starts now."""
    afresh = learner_kind(learner).words.afresh
    return f"Reset {brain_words(rules, learner, ai_name, games)}; it starts afresh {afresh}."


def cannot_write_words(shown_name: str, reason: str) -> str:
    return f"cannot write {shown_name}: {reason}"


def no_brain_message(rules: Rules, learner: str, ai: str) -> str:
    """Why there is nothing to export, and how this brain comes to be saved."""
    options = brain_options(rules, learner, ai)
    importing = f"`sticks-tui brain import {options} FILE`"
    missing = f"{printable(ai)} has no saved {kind_words(learner)} for {rules.name} yet"
    if not learner_kind(learner).learns_in_play:  # it learns only in training
        return (
            f"{missing}; train one with `sticks-tui train --learner {learner} --game "
            f"{spec_of(rules)} --out {learner}.json`, then import it with "
            f"`sticks-tui brain import {options} {learner}.json`"
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


def whose_words(rules: Rules, learner: str, ai_name: str, games: int) -> str:
    """``the brain of AI (hats) for Game of Sticks (12 games played)``, as export and import
    name the brain they wrote or read."""
    return (
        f"the brain of {printable(ai_name)} ({learner}) for {rules.name} "
        f"({games_words(games)})"
    )
