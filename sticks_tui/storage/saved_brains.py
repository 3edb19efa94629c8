"""A saved brain as the store keeps it: its JSON, and what ``brain list`` reads of it without
rebuilding the brain. Apart from :mod:`sticks_tui.storage.sqlite.store`, which keeps the rows."""

from __future__ import annotations

import json
from collections.abc import Hashable, Mapping
from dataclasses import dataclass, replace
from typing import TypeGuard

from ..engine.game import Rules
from ..engine.games import rules_from_description, spec_of
from ..engine.learners import learner_from_dict, learner_names
from ..engine.learners.base import BrainError, Learner
from ..engine.numbers import short

#: A brain the records keep: any learner's.
SavedBrain = Learner[Hashable, Hashable]

_SQLITE_MAX_INTEGER = 2**63 - 1


@dataclass(frozen=True)
class BrainInfo:
    """What the store knows about one saved brain without rebuilding it."""

    rules_key: str
    ai_name: str
    games_played: int
    saved_at: str
    learner: str = learner_names()[0]
    """The learner's name (the hat AI's, ``--learner``'s default, unless said)."""


@dataclass(frozen=True)
class BrainSummary:
    """One saved brain as ``brain list`` shows it: read from its JSON, not rebuilt."""

    info: BrainInfo
    game: str
    """The game's spec (``sticks``, ``nim:1,3,5,7``...); empty when the JSON cannot say."""
    game_name: str
    """The game's name ("Game of Sticks"); empty when the JSON cannot say."""
    changed_settings: Mapping[str, float]
    """The learning settings that differ from the defaults (seed 000's, CS50's)."""
    problem: str = ""
    """Why the saved brain cannot be used (damaged), or empty."""
    rules: Rules | None = None
    """The game, to reset or export the brain by; None when the JSON cannot say, or names
    another game than the row's key."""


def brain_text(brain: SavedBrain) -> str:
    """The brain's JSON as stored; a brain too large for the file is refused first."""
    rules_of(brain)
    if brain.games_played > _SQLITE_MAX_INTEGER:
        raise BrainError(f"games_played {brain.games_played} is too large to keep")
    return json.dumps(brain.to_dict(), separators=(",", ":"))


def rules_of(brain: SavedBrain) -> Rules:
    """The game a brain is saved under (a CS50-style Q-learner may have none: it is refused)."""
    if brain.rules is None:
        raise BrainError("a learner without rules cannot be saved: it knows no game")
    return brain.rules


#: The rows checked lately, by row and by their JSON's digest: the brains screen lists the brains
#: each time it is shown, and a large brain takes a while to rebuild.
_CHECKED: dict[tuple[BrainInfo, bytes], BrainSummary] = {}
_CHECKED_MOST = 64


def summary(info: BrainInfo, text: object) -> BrainSummary:
    """:func:`check_row`, once per row as it is (a row checked before is not rebuilt again)."""
    key = (info, _digest(text))
    found = _CHECKED.get(key)
    if found is None:
        found = check_row(info, text)
        if len(_CHECKED) >= _CHECKED_MOST:
            _CHECKED.pop(next(iter(_CHECKED)))
        _CHECKED[key] = found
    return found


def _digest(text: object) -> bytes:
    """The JSON's digest (a damaged row may hold something else than text: its repr's)."""
    content = text if isinstance(text, str) else repr(text)
    import hashlib  # with the first brain compared: the app's start compares none

    return hashlib.blake2b(content.encode("utf-8", "surrogatepass")).digest()


def check_row(info: BrainInfo, text: object) -> BrainSummary:
    """One row of the store as a list of brains shows it (``brain list``, the brains screen).

    The row is checked as loading it checks it: its JSON is rebuilt into the brain
    (:func:`~sticks_tui.engine.learners.learner_from_dict`, hats and values too), which must be
    of the row's learner and of the game its key names, with the row's count of games. A row
    that fails any of that is listed as damaged with the reason, in one line; so a brain listed
    as fine is one that loads. The games listed are those of its JSON, the count the brain
    loads with (the row's where the JSON holds none).
    """
    data: object = None
    brain: SavedBrain | None = None
    problem = _row_problem(info)
    try:
        data = json.loads(text)  # type: ignore[arg-type]  # a damaged row may hold anything
        brain = learner_from_dict(data)
    except (ValueError, TypeError, RecursionError) as error:  # BrainError, RuleError among them
        problem = problem or str(error)
    rules = brain.rules if brain is not None else _described_rules(data)
    if brain is not None and not problem:
        problem = _brain_problem(info, brain)
    if problem:
        # The game is named only where a command finds the row by it (its key is its game's).
        found = rules is not None and rules.key == info.rules_key and not _untyped(info)
        rules = rules if found else None
    info = _listable(info, data)
    if problem:
        return BrainSummary(
            info, "" if rules is None else spec_of(rules), "" if rules is None else rules.name,
            {}, problem=f"damaged ({one_line(problem)})", rules=rules,
        )
    assert brain is not None and rules is not None, "a brain that loads knows its game"
    return BrainSummary(info, spec_of(rules), rules.name, brain.settings.changes(), rules=rules)


def _row_problem(info: BrainInfo) -> str:
    """What is wrong with the row's own columns (written by something else than this program)."""
    for what, value in (
        ("key", info.rules_key), ("learner", info.learner), ("AI's name", info.ai_name),
        ("time saved", info.saved_at),
    ):
        if not isinstance(value, str):
            return f"its {what} is {short(value)}, not text"
    if not _whole(info.games_played):
        return f"its count of games is {short(info.games_played)}, not a whole number"
    return ""


def _listable(info: BrainInfo, data: object) -> BrainInfo:
    """The row as a list shows it: text where it holds something else (shown as its value),
    and the count of games of its JSON, the one the brain loads with (the row's, or 0, where
    the JSON has none)."""
    texts = {
        field: value if isinstance(value, str) else short(value)
        for field, value in (
            ("rules_key", info.rules_key), ("learner", info.learner),
            ("ai_name", info.ai_name), ("saved_at", info.saved_at),
        )
    }
    saved = data.get("games_played") if isinstance(data, dict) else None
    games = saved if _whole(saved) else info.games_played if _whole(info.games_played) else 0
    return replace(info, games_played=games, **texts)


def _untyped(info: BrainInfo) -> bool:
    """Whether the row's key, learner or name is no text (no command can choose it)."""
    return not all(isinstance(v, str) for v in (info.rules_key, info.learner, info.ai_name))


def _brain_problem(info: BrainInfo, brain: SavedBrain) -> str:
    """What does not fit between a row and the brain its JSON holds (as loading it by its key,
    learner and name would find)."""
    if brain.kind != info.learner:
        return f"it holds a brain of learner {brain.kind!r}, not {short(info.learner)}"
    rules = rules_of(brain)
    if rules.key != info.rules_key:
        return f"its key {short(info.rules_key)} is not the key of its game, {rules.name}"
    if brain.games_played != info.games_played:
        return (
            f"its row counts {info.games_played:,} games, its brain {brain.games_played:,}"
        )
    return ""


def saved_game(text: object, key: str) -> Rules | None:
    """The game a saved brain's JSON was saved for, its start too (``key`` finds the row, and
    leaves the start out: a brain serves every heap); None when the JSON cannot say, or names
    a game of another key (a damaged row, which loading it refuses with the reason)."""
    try:
        data = json.loads(text)  # type: ignore[arg-type]  # a damaged row may hold anything
    except (ValueError, TypeError, RecursionError):
        return None
    rules = _described_rules(data)
    return rules if rules is not None and rules.key == key else None


def _described_rules(data: object) -> Rules | None:
    """The game a brain's JSON names, when it can say (a brain damaged elsewhere)."""
    try:
        return rules_from_description(data.get("rules")) if isinstance(data, dict) else None
    except (ValueError, TypeError, RecursionError):
        return None


def _whole(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


#: The longest reason a list shows for a damaged brain.
REASON_MOST = 160


def one_line(text: str, most: int = REASON_MOST) -> str:
    """A reason on one line, cut short: a JSON error may quote a long line of the file."""
    line = " ".join(text.split())
    return line if len(line) <= most else line[: most - 1] + "…"
