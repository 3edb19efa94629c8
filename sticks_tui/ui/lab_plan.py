"""The training lab's form, read: what the person typed, checked, made into a :class:`LabPlan`
(the learner to train, its opponent or schedule, the games, the memory cap), or the problems,
one message per field, to show beside it.

Opponents and schedules are read as ``sticks-tui train --against`` reads them
(:mod:`sticks_tui.text.opponents`); a word that is no named opponent is a saved brain's name.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..engine.game import Rules
from ..engine.learners import learner_kind, learner_names
from ..engine.learners.base import Learner
from ..engine.learners.settings import Settings, SettingsError
from ..engine.opponents import FrozenOpponent, Opponent, SelfPlay
from ..engine.training_report import TrainingResult
from ..storage.records import Records
from ..storage.sqlite.store_file import StoreError
from ..text import moves
from ..text.brains import games_words, kind_words
from ..text.memory import DEFAULT_MEMORY_CAP_TEXT, parse_memory_cap, size_words
from ..text.names import MAX_NAME_LENGTH, brain_name_problem, typed_name_problem
from ..text.opponents import GAMES_MAX, against_plan, training_games
from ..text.terminal import printable

if TYPE_CHECKING:
    from ..engine.learning_curve import CurveSettings
    from ..engine.training import TrainingOptions

OPPONENT_HELP = "self, random, perfect, mixed:0.5, a saved brain's name, or random=1000,self=20000"
#: What the memory cap's field says while it is good.
MEMORY_HELP = "training stops before the app passes it, e.g. 2G"
#: What the memory cap's field holds at first.
DEFAULT_MEMORY = DEFAULT_MEMORY_CAP_TEXT
#: The most a training may hold in a tab of ``sticks-tui serve``, and its default there: each
#: tab has its own share of the server, so that one cannot starve the others. The cap counts the
#: whole app (about 40 MB before it trains: benchmarks/serve_sessions.py), so a class of 30
#: training at once holds under 8 GiB, and the default of 40 tabs under 11 GiB, of the 24 GiB
#: machine; and it stays under the server's soft memory limit for a tab (serve/limits.py).
SERVED_MEMORY_CAP = 256 << 20


@dataclass
class LabPlan:
    """A training the lab can start."""

    rules: Rules
    kind: str
    name: str
    learner: Learner[Hashable, Hashable]
    """What trains: a copy of the saved brain, or a fresh one."""
    before: Learner[Hashable, Hashable] | None
    """The saved brain as it was (None for a new one): what training adds to it is the lesson."""
    against: Opponent | list[tuple[Opponent, int]]
    games: int
    against_words: str
    memory_cap: int
    """The most memory (bytes) the app may hold while it trains: training stops before it."""

    def options(self, curve: CurveSettings | None) -> TrainingOptions:
        """The training as the engine runs it: at the fastest the machine has (``auto``), with
        the curve ``curve`` recorded."""
        from ..engine.training import TrainingOptions  # with a training: not at the app's start

        return TrainingOptions(
            self.against, self.games, rules=self.rules, curve=curve, backend="auto",
            memory_cap=self.memory_cap,
        )


def settings_values(settings: Settings) -> dict[str, str]:
    """The settings as the form shows them, by field id (each setting's own, from its
    declaration)."""
    return {meta.form_id: f"{getattr(settings, meta.name):g}" for meta in settings.settings()}


def default_settings(kind: str) -> dict[str, str]:
    """The engine's defaults (the seeds'), by field id."""
    return settings_values(learner_kind(kind).settings_type())


class DamagedBrain(Exception):
    """A saved brain the store cannot read: the lab neither trains nor replaces it."""


def saved_brain(
    records: Records, rules: Rules, name: str, kind: str
) -> Learner[Hashable, Hashable] | None:
    """The saved brain of ``name`` for this learner, or None; :class:`DamagedBrain` (with the
    store's reason and what to do) for one that cannot be read."""
    try:
        return records.load_learner(rules, name, kind)
    except StoreError as error:
        _, _, what_to_do = str(error).partition("; ")
        raise DamagedBrain(
            f"The saved brain {name!r:.40} is damaged and is left as it is"
            + (f"; {what_to_do}" if what_to_do else "")
        ) from None


def read_plan(
    rules: Rules,
    records: Records,
    values: Mapping[str, str],
    live: Callable[[str, str], Learner[Hashable, Hashable] | None],
    memory_most: int | None = None,
) -> LabPlan | dict[str, str]:
    """The plan the form's ``values`` make, or a message per field that is wrong.

    ``live(name, learner)`` is the app's brain of that name and learner (the brain played and
    trained everywhere in the app: it may know more than the records, when saving failed), or
    None when it has none; :class:`DamagedBrain` for one the store cannot read. ``memory_most``:
    the largest memory cap allowed (a served tab's), None for the cap's own limits.
    """
    problems: dict[str, str] = {}
    kind = values.get("learner", learner_names()[0])
    name = " ".join(values.get("brain", "").split())
    problem = typed_name_problem(values.get("brain", "")) or _name_problem(name)
    if problem:
        problem = problem.replace("A player's name", "A brain's name")
    if problem:
        problems["brain"] = problem
    learner: Learner[Hashable, Hashable] | None = None
    before: Learner[Hashable, Hashable] | None = None
    if not problem:
        try:
            before = live(name, kind)
        except DamagedBrain as error:
            problems["brain"] = str(error)
            return problems
        if before is not None:
            before = before.copy()  # the brain as it was: what training adds is the lesson
            learner = before.copy()
        elif (refused := brain_name_problem(name)) is not None:  # a new brain's name
            problems["brain"] = refused
        else:
            try:
                learner = _fresh(kind, rules, values)
            except SettingsError as error:
                problems["settings"] = _settings_words(str(error), kind)
    against, games, words = _opponent(rules, records, values, kind, problems)
    try:
        memory_cap = parse_memory_cap(values.get("memory", DEFAULT_MEMORY))
    except ValueError as error:
        problems["memory"] = _sentence(str(error))
    else:
        if memory_most is not None and memory_cap > memory_most:
            problems["memory"] = (
                f"In a classroom's tab a training holds at most {size_words(memory_most)}, so "
                "that every tab has its share"
            )
    if problems or learner is None or against is None:
        return problems
    return LabPlan(rules, kind, name, learner, before, against, games, words, memory_cap)


def self_play_plan(
    rules: Rules, name: str, kind: str, brain: Learner[Hashable, Hashable] | None, games: int,
    memory_most: int | None = None,
) -> LabPlan:
    """The training the trained-opponent mode runs: ``brain`` (the app's brain of ``name``, or
    None for a new one of learner ``kind``) plays itself ``games`` more games, under the default
    memory cap (``memory_most``, when given and lower: a served tab's)."""
    before = brain.copy() if brain is not None else None
    learner = before.copy() if before is not None else learner_kind(kind).make(rules)
    return LabPlan(
        rules, kind, name, learner, before, SelfPlay(), games, "itself",
        min(parse_memory_cap(DEFAULT_MEMORY), memory_most or parse_memory_cap(DEFAULT_MEMORY)),
    )


def _name_problem(name: str) -> str | None:
    if not name:
        return "Type the brain's name (a saved brain, or a new one)"
    if len(name) > MAX_NAME_LENGTH:
        return f"A brain's name has at most {MAX_NAME_LENGTH} characters"
    return None


def _fresh(kind: str, rules: Rules, values: Mapping[str, str]) -> Learner[Hashable, Hashable]:
    """A new learner with the settings typed (:class:`SettingsError` says what is wrong)."""
    learner = learner_kind(kind)
    typed = {
        meta.name: _number(values.get(meta.form_id, ""), meta.name, whole=meta.whole)
        for meta in learner.settings_type.settings()
    }
    fresh: Learner[Hashable, Hashable] = learner.make(rules, learner.settings_type(**typed))
    return fresh


def _number(text: str, setting: str, *, whole: bool) -> int | float:
    from ..engine import parse_whole_number

    if whole:
        value = parse_whole_number(text)
        if value is None:
            raise SettingsError(f"{setting} must be a whole number, got {text.strip()!r:.20}")
        return value
    try:
        return float(text)
    except ValueError:
        raise SettingsError(f"{setting} must be a number, got {text.strip()!r:.20}") from None


def _settings_words(message: str, kind: str) -> str:
    """The engine's reason with its settings named as the form's labels name them."""
    for meta in learner_kind(kind).settings_type.settings():
        message = message.replace(meta.name, f"'{meta.label}'")
    return message[:1].upper() + message[1:]


def _opponent(
    rules: Rules, records: Records, values: Mapping[str, str], kind: str,
    problems: dict[str, str],
) -> tuple[Opponent | list[tuple[Opponent, int]] | None, int, str]:
    """The opponent or schedule and the games; problems go to ``against`` and ``games``."""
    text = values.get("against", "")
    games_text = values.get("games", "").strip()
    try:
        plan = against_plan(text, OPPONENT_HELP)
    except ValueError as error:
        problems["against"] = _sentence(str(error))
        return None, 0, ""
    brains: dict[str, Opponent] = {}
    legs: list[tuple[Opponent, int]] = []
    for choice, count in plan.legs:
        opponent = choice.opponent
        if opponent is None:
            word = " ".join(choice.text.split())
            if word not in brains:
                found = _brain_opponent(rules, records, word)
                if found is None:
                    problems["against"] = (
                        f"No saved brain called {word!r:.40} for this game; give {OPPONENT_HELP}"
                    )
                    return None, 0, ""
                brains[word] = found
            opponent = brains[word]
        legs.append((opponent, count or 0))
    words = " ".join(text.split())
    if plan.is_schedule:
        total = sum(n for _, n in legs)
        if games_text == str(learner_kind(kind).default_games):
            games_text = ""  # the Games field as it first is: not typed (a schedule says)
        if games_text and _games_or_none(games_text) != total:
            problems["games"] = f"The schedule plays {total:,} games: type that, or nothing"
        elif total > GAMES_MAX:
            problems["against"] = f"The schedule plays {total:,} games; at most {GAMES_MAX:,}"
        return legs, total, words
    if not games_text:
        return legs[0][0], learner_kind(kind).default_games, words
    try:
        return legs[0][0], training_games(games_text), words
    except ValueError as error:
        problems["games"] = f"Games {error}"
        return None, 0, ""


def schedule_games(text: str) -> int | None:
    """The games the schedule typed in "Against" plays (None: no schedule, or a wrong one),
    for the Games field to follow."""
    try:
        plan = against_plan(text, OPPONENT_HELP)
    except ValueError:
        return None
    return sum(n or 0 for _, n in plan.legs) if plan.is_schedule else None


def _games_or_none(text: str) -> int | None:
    try:
        return training_games(text)
    except ValueError:
        return None


def _brain_opponent(rules: Rules, records: Records, name: str) -> Opponent | None:
    """A saved brain (of the first learner that has one of that name: hats first) that plays
    but does not learn."""
    for kind in learner_names():
        try:
            brain = saved_brain(records, rules, name, kind)
        except DamagedBrain:
            continue
        if brain is not None:
            learner: Learner[Hashable, Hashable] = brain
            return FrozenOpponent(learner, name)
    return None


def _sentence(message: str) -> str:
    return message[:1].upper() + message[1:]


def default_games(kind: str) -> int:
    """Games the lab offers by default (SPEC section 8: seed 000's and CS50's)."""
    games: int = learner_kind(kind).default_games
    return games


def default_brain(kind: str) -> str:
    """The brain the lab trains unless another name is typed."""
    name: str = learner_kind(kind).trained_name
    return name


def settings_fields(kind: str) -> list[tuple[str, str]]:
    """(field id, label) of the learner's settings, in order."""
    return [(meta.form_id, meta.label) for meta in learner_kind(kind).settings_type.settings()]


def run_title(plan: LabPlan) -> str:
    """``Training "Trained AI" (hats) by self-play · Game of Sticks from 20 sticks``: which
    brain learns (its name and learner), against whom, in which game."""
    against = "by self-play" if isinstance(plan.against, SelfPlay) else (
        f"against {plan.against_words}"
    )
    return f"Training \"{plan.name}\" ({plan.kind}) {against} · {game_from_start(plan.rules)}"


def game_from_start(rules: Rules) -> str:
    """The game and where it starts, in few words (a lab's title): "Game of Sticks from 20",
    "Take-away {2, 5, 7}, last stick loses, from 20", "Nim 1, 3, 5, 7" (its name says its
    start)."""
    game = rules.name
    start = moves.position_words(rules, rules.initial_position())
    if start not in game:
        game += f"{',' if ',' in game else ''} from {start}"
    return game


def run_end_words(result: TrainingResult, then: str | None = None) -> tuple[str, str]:
    """What the run says when training has ended: how it ended and what the keys do, and (after
    a stop at the memory cap) how to go on; each one line. ``then``: the run is a step before
    a game ("Play", "Watch"), which keeping goes on to."""
    played = result.games_played
    games = f"{played:,} game" if played == 1 else f"{played:,} games"
    stop = result.memory_stop
    if stop is not None:
        return (
            f"Stopped at {size_words(stop.cap)} of memory after {games}. Keep it (k) or discard "
            "it (d).",
            "To go on: keep it and train on from the saved brain, or raise the memory cap.",
        )
    verb = "Cancelled after" if result.cancelled else "Trained for"
    if then:
        return f"{verb} {games}. Keep it and {then.lower()} (k), or discard it (d).", ""
    return f"{verb} {games}. Keep what it learned (k) or discard it (d).", ""


def waiting_words(name: str, learner: str, holder: str | None) -> tuple[str, str]:
    """What a run says while another training of its brain (saved whole) has the turn
    (:mod:`~sticks_tui.storage.training_turns`): who trains it, when this one starts, and the
    key that cancels; each one line."""
    brain = f"{printable(name)}'s {kind_words(learner)}"
    now = f"{printable(holder)} is training {brain}" if holder else f"{brain} is in training"
    return (
        f"Waiting: {now} elsewhere.",
        "This training starts from theirs once it is kept; c cancels.",
    )


def started_from_words(name: str, learner: str, games: int) -> str:
    """What a run says when it starts from the brain another training kept while it waited."""
    return (
        f"Started from {printable(name)}'s {kind_words(learner)} as kept elsewhere meanwhile "
        f"({games_words(games)})."
    )


def not_started_words(name: str) -> tuple[str, str]:
    """What a run cancelled while it waited for its turn says: nothing was trained or kept."""
    return (
        "Cancelled before it started: nothing was trained.",
        f"{printable(name)} is left as it was; Esc goes back.",
    )
