"""How a brain in play stays in step with the one saved: one policy per way a learner is kept,
named by its kind (``learns_in_play``), each with one interface (:class:`SyncPolicy`): load a
brain, bring it up to date before a game, save it after one, give a training its turn, keep
what a training taught. They return facts (:mod:`..text.brain_news`), which ``text`` puts into
words; the brain cache (:mod:`.brain_cache`) picks the policy of each brain and holds what the
two share (:class:`SyncState`).

- :class:`MergedLessons`, for a learner that learns in play (the hat AI): kept as the lessons
  its games teach (:class:`~..engine.learners.base.LearnsInPlay`), added to the saved brain, so
  two programs playing one AI (two tabs of a classroom, two terminals on one data directory)
  both keep what their games taught it. No training waits for a turn: trainings merge.
- :class:`KeptWhole`, for one that learns only when it is trained (the Q-learner): saved whole
  by its training. Two trainings take turns (:mod:`.training_turns`): the second waits until
  the first is kept, then starts from it. Where no turn can be kept, a training that replaces a
  brain others saved since it was read says so, and what is gone.

Before each game (and each training) the brain in play picks up what another program saved
since this one last read or wrote it: the store's row says how many games the brain has and
when it was saved, without reading the brain.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from typing import Protocol

from ..engine.game import Rules
from ..engine.learners import kind_of, learner_kind, lessons_of
from ..engine.learners.base import LearnsInPlay
from ..engine.machines import LEARNING_AI_LEARNER
from ..text.brain_news import BrainNews, Merged, PickedUp, Replaced
from .brain_ref import BrainRef
from .brain_shelf import shelf_of
from .records import Records
from .saved_brains import SavedBrain
from .sqlite.store_file import StoreError
from .sqlite.store_writer import StoreWriter
from .training_turns import TrainingTurn, training_turn

#: A brain kept as its lessons.
Taught = LearnsInPlay[Hashable, Hashable]
#: What the store says of a saved brain without reading it: its games and when it was saved
#: (None: no brain is saved).
Stamp = tuple[int, str] | None
#: A brain's place in the cache: its game's key, its learner, its AI's name.
Key = tuple[str, str, str]


def key_of(rules: Rules, ref: BrainRef) -> Key:
    return (rules.key, ref.learner, ref.name)


class SyncState:
    """What the policies share: the records, one lock, the store's stamps of the brains as this
    program last read or wrote them, the writer of the saves after a game, and who is told."""

    def __init__(self, records: Records) -> None:
        self.records = records
        self.lock = threading.RLock()
        self.stamps: dict[Key, Stamp] = {}
        #: The saves at the end of a game, in order, off the caller's thread.
        self.writer = StoreWriter()
        #: How the writer hands work back to the thread that plays the brains (the app's event
        #: loop: thread-safe, and it never waits); None: the next game's pick-up does it.
        self.call_soon: Callable[[Callable[[], None]], object] | None = None
        #: Told what a brain in play took on of others' saves where no caller asked (after a
        #: game, before the next: on the thread that plays the brains); None: untold.
        self.on_news: Callable[[BrainNews], None] | None = None

    def tell(self, news: BrainNews | None) -> None:
        if news is not None and self.on_news is not None:
            self.on_news(news)

    def settle(self) -> None:
        """Wait for the saves asked so far (never while holding the lock: the saves take it)."""
        self.writer.settle()

    def stamp(self, rules: Rules, ref: BrainRef) -> Stamp:
        """The store's stamp of ``ref`` now (:class:`StoreError` when it cannot be read)."""
        try:
            shelf = shelf_of(self.records)
        except TypeError:  # records that list no brains: the brain itself says
            brain = self.records.load_learner(rules, ref.name, ref.learner)
            return None if brain is None else (brain.games_played, "")
        info = shelf.brain_info(rules, ref.name, ref.learner)
        return None if info is None else (info.games_played, info.saved_at)

    def stamp_or_none(self, rules: Rules, ref: BrainRef) -> Stamp:
        try:
            return self.stamp(rules, ref)
        except StoreError:
            return None

    def saw(self, rules: Rules, ref: BrainRef, games: int) -> None:
        """Remember the stamp of a brain this program just saved with ``games``; a stamp of
        other games is another program's save, after this one: the next game picks it up."""
        stamp = self.stamp_or_none(rules, ref)
        if stamp is not None and stamp[0] == games:
            self.stamps[key_of(rules, ref)] = stamp

    def saved_fresh(self, rules: Rules, ref: BrainRef) -> SavedBrain:
        """The saved brain of ``ref``, or a fresh one of its learner when none is saved."""
        saved = self.records.load_learner(rules, ref.name, ref.learner)
        return saved if saved is not None else learner_kind(ref.learner).make(rules)


class SyncPolicy(Protocol):
    """How the brains of one way of keeping are loaded, brought up to date and saved. Called
    with :attr:`SyncState.lock` held, except :meth:`keep_training`, which takes it."""

    #: Whether its trainings take turns, each starting from what the one before it kept (a
    #: brain saved whole); else they merge, each from the copy it was given.
    takes_turns: bool

    def load(self, rules: Rules, ref: BrainRef) -> SavedBrain | None:
        """The brain in play of ``ref`` (loaded the first time): what a learner that learns in
        play learned so far (fresh when none is saved); of one kept whole, the one saved (None
        while none is)."""

    def in_play(self, key: Key) -> SavedBrain | None:
        """The brain of ``key`` this program has loaded, or None (nothing is read)."""

    def before_game(self, rules: Rules, ref: BrainRef) -> BrainNews | None:
        """The store's stamp of ``ref`` changed: take on what another program saved."""

    def can_pick_up(self, key: Key) -> bool:
        """Whether the brain of ``key`` is between two games (else a later game picks up)."""

    def training_turn(self, rules: Rules, ref: BrainRef) -> TrainingTurn:
        """The turn a training of ``ref`` takes before it starts."""

    def keep_training(
        self, rules: Rules, name: str, trained: SavedBrain, before: SavedBrain | None
    ) -> BrainNews | None:
        """Save what a training taught; the brain in play becomes the trained one."""

    def changed(self, rules: Rules, ref: BrainRef) -> None:
        """The saved brain was reset, replaced or started on purpose: the one in play follows."""


class MergedLessons:
    """Brains kept as the lessons their games teach (:class:`KeptBrain`)."""

    takes_turns = False

    def __init__(self, state: SyncState) -> None:
        self.state = state
        self.kept: dict[Key, KeptBrain] = {}
        #: Games this program taught a brain straight into the store (a training kept in the
        #: middle of a game) that the brain in play has not taken on yet: when it does, they
        #: are not counted as others'.
        self._ours_unseen: dict[Key, int] = {}

    def load(self, rules: Rules, ref: BrainRef) -> Taught:
        state, key = self.state, key_of(rules, ref)
        kept = self.kept.get(key)
        if kept is None:
            stamp = state.stamp_or_none(rules, ref)
            kept = self.kept[key] = KeptBrain.load(state.records, rules, ref.name, ref.learner)
            state.stamps[key] = stamp
        return kept.brain

    def in_play(self, key: Key) -> Taught | None:
        kept = self.kept.get(key)
        return kept.brain if kept is not None else None

    def training_turn(self, rules: Rules, ref: BrainRef) -> TrainingTurn:
        return TrainingTurn(None)  # trainings of one brain merge: none waits

    # -- after a game ----------------------------------------------------------------------------
    def keep(self, name: str, brain: Taught) -> None:
        """Save what ``brain`` learned since it was last kept, between two games; it then
        becomes the saved brain, taking on what others taught it meanwhile (told)."""
        self.state.settle()
        with self.state.lock:
            others = self._keep(name, brain)
        if others:
            self.state.tell(Merged(name, others))

    def keep_soon(self, name: str, brain: Taught) -> None:
        """:meth:`keep`, by the writer: a copy of ``brain`` is taken now, between two games
        (cheap: copies share what they hold), and saved on the writer's thread while ``brain``
        plays on."""
        taken = brain.copy()

        def save() -> None:
            with self.state.lock:
                self._keep(name, brain, taken)

        self.state.writer.put(save)

    def _keep(self, name: str, brain: Taught, taken: Taught | None = None) -> int:
        """Save what ``brain`` learned (as ``taken``, a copy of it, when given); the games
        others saved meanwhile that ``brain`` took on now (with ``taken``, none: it takes them
        on later, on the thread that plays it, and says so then)."""
        state, rules = self.state, _rules(brain)
        ref = BrainRef(name, kind_of(brain).name)
        key = key_of(rules, ref)
        kept = self.kept.get(key)
        if kept is None or kept.brain is not brain:
            fresh = _taught(learner_kind(ref.learner).make(rules))
            kept = self.kept[key] = KeptBrain(ref, brain, fresh, shared=True)
        ours = (taken or brain).games_played
        merged = kept.save(state.records, taken)
        state.saw(rules, ref, ours)
        if merged is None or not kept.shared or merged.games_played == ours:
            return 0
        if taken is None:  # the brain took on the saved one, which holds more than ours
            return self._others(key, merged.games_played - ours)
        if state.call_soon is not None:
            state.call_soon(lambda: self._catch_up(ref, kept, taken, merged))
        return 0

    def _others(self, key: Key, games: int) -> int:
        """Of ``games`` the brain in play of ``key`` just took on, those others taught it (not
        this program's own trainings saved straight to the store)."""
        return max(0, games - self._ours_unseen.pop(key, 0))

    def _catch_up(self, ref: BrainRef, kept: KeptBrain, taken: Taught, merged: Taught) -> None:
        """On the thread that plays the brain: it becomes the brain saved from ``taken``, if
        it is still as it was taken (no game since, no later save); else the next game's
        pick-up brings it what others saved."""
        brain, state = kept.brain, self.state
        with state.lock:
            if kept.saved is not taken or brain.mid_game:
                return
            if brain.games_played != taken.games_played:
                return
            brain.take_on(merged)
            kept.saved = merged
            rules = _rules(brain)
            state.saw(rules, ref, merged.games_played)
            others = self._others(key_of(rules, ref), merged.games_played - taken.games_played)
        if others:
            state.tell(Merged(ref.name, others))

    # -- before a game, after a training, on purpose ---------------------------------------------
    def before_game(self, rules: Rules, ref: BrainRef) -> BrainNews | None:
        key = key_of(rules, ref)
        kept = self.kept.get(key)
        if kept is None:
            return None
        had, shared = kept.brain.games_played, kept.shared
        if kept.brain.lesson_since(kept.saved).is_empty:
            kept.replaced(self.state.records)
            shared = True
        else:
            kept.save(self.state.records)
        others = self._others(key, kept.brain.games_played - had) if shared else 0
        return Merged(ref.name, others) if others else None

    def can_pick_up(self, key: Key) -> bool:
        """Whether the brain of ``key`` is between two games (else a later game picks up)."""
        kept = self.kept.get(key)
        return kept is None or not kept.brain.mid_game

    def keep_training(
        self, rules: Rules, name: str, trained: SavedBrain, before: SavedBrain | None
    ) -> BrainNews | None:
        """Add the training's lesson to the brain of ``name``; the games others taught it
        meanwhile, taken on now."""
        taught = _taught(trained)
        ref = BrainRef(name, kind_of(trained).name)
        state = self.state
        with state.lock:
            earlier = lessons_of(before)
            if earlier is None:  # a new brain: saved whole
                state.records.save_brain(trained, name)
                self.changed(rules, ref)
                state.stamps[key_of(rules, ref)] = state.stamp_or_none(rules, ref)
                return None
            lesson = taught.lesson_since(earlier)
            live = self.load(rules, ref)
            try:
                live.apply_lesson(lesson)
            except ValueError:  # in the middle of a game: the next game picks the lesson up
                state.records.learn(rules, name, lesson)
                key = key_of(rules, ref)
                self._ours_unseen[key] = self._ours_unseen.get(key, 0) + lesson.games
                return None
            others = self._keep(name, live)
        return Merged(name, others) if others else None

    def changed(self, rules: Rules, ref: BrainRef) -> None:
        kept = self.kept.get(key_of(rules, ref))
        if kept is not None:
            kept.replaced(self.state.records)


class KeptWhole:
    """Brains saved whole by their trainings, which take turns."""

    takes_turns = True

    def __init__(self, state: SyncState) -> None:
        self.state = state
        self.whole: dict[Key, SavedBrain] = {}

    def load(self, rules: Rules, ref: BrainRef) -> SavedBrain | None:
        state, key = self.state, key_of(rules, ref)
        learner = self.whole.get(key)
        if learner is None:
            stamp = state.stamp_or_none(rules, ref)
            learner = state.records.load_learner(rules, ref.name, ref.learner)
            if learner is None:
                return None
            self.whole[key] = learner
            state.stamps[key] = stamp
        return learner

    def in_play(self, key: Key) -> SavedBrain | None:
        return self.whole.get(key)

    def training_turn(self, rules: Rules, ref: BrainRef) -> TrainingTurn:
        return training_turn(self.state.records, rules, ref.learner, ref.name)

    def before_game(self, rules: Rules, ref: BrainRef) -> BrainNews | None:
        live = self.whole.get(key_of(rules, ref))
        if live is None:
            return None
        saved = self.state.records.load_learner(rules, ref.name, ref.learner)
        live.take_on(saved if saved is not None else kind_of(live).make(rules, live.settings))
        return PickedUp(ref.name, ref.learner, saved.games_played) if saved is not None else None

    def can_pick_up(self, key: Key) -> bool:
        return True

    def keep_training(
        self, rules: Rules, name: str, trained: SavedBrain, before: SavedBrain | None
    ) -> BrainNews | None:
        """Save the trained brain over the one saved; what it replaced, when others saved it
        since the training's brain was read."""
        ref = BrainRef(name, kind_of(trained).name)
        state, key = self.state, key_of(rules, ref)
        with state.lock:
            replaced = state.stamp_or_none(rules, ref)
            known = state.stamps.get(key)
            state.records.save_brain(trained, name)
            live = self.whole.get(key)
            if live is None:
                self.whole[key] = trained.copy()
            else:
                live.take_on(trained)
            state.saw(rules, ref, trained.games_played)
        if replaced is not None and replaced != known:
            return Replaced(name, ref.learner, replaced[0])
        return None

    def changed(self, rules: Rules, ref: BrainRef) -> None:
        key = key_of(rules, ref)
        live = self.whole.get(key)
        if live is not None:
            saved = self.state.records.load_learner(rules, ref.name, ref.learner)
            if saved is not None:
                live.take_on(saved)
            else:
                del self.whole[key]


def _taught(brain: object) -> Taught:
    """``brain`` as one kept as its lessons (its learner's kind learns in play)."""
    taught = lessons_of(brain)
    if taught is None:
        raise TypeError(f"a {type(brain).__name__} is not kept as lessons")
    return taught


def _rules(brain: SavedBrain) -> Rules:
    rules = brain.rules
    if rules is None:
        raise ValueError("a brain without rules knows no game to be saved for")
    return rules


class KeptBrain:
    """An AI's brain in play (or in training), kept in the records as the lessons it learns.

    ``saved`` is the brain as the records held it when this program last loaded or saved it;
    what the live brain learned since is the lesson :meth:`save` adds to the saved brain. So two
    programs playing one AI at once both keep what their games taught it.
    """

    def __init__(self, ref: BrainRef, brain: Taught, saved: Taught, *, shared: bool) -> None:
        self.ref = ref
        self.brain = brain
        self.saved = saved
        #: True when the live brain *is* the saved AI (it then takes on what other programs
        #: taught it at every save); False for a brain of its own (trained or given here),
        #: whose lessons are added to the saved brain while it plays on as it is.
        self.shared = shared

    @property
    def name(self) -> str:
        return self.ref.name

    @classmethod
    def load(
        cls, records: Records, rules: Rules, name: str, learner: str = LEARNING_AI_LEARNER
    ) -> KeptBrain:
        """The saved brain of ``name`` as ``learner`` (fresh when it has none), to play on
        with."""
        ref = BrainRef(name, learner)
        saved = _saved_or_fresh(records, rules, ref)
        return cls(ref, saved.copy(), saved, shared=True)

    @classmethod
    def own(cls, name: str, brain: Taught, since: Taught | None = None) -> KeptBrain:
        """A brain of this program's own, whose lessons since ``since`` (a fresh brain when not
        given) go to the saved brain of ``name``."""
        kind = kind_of(brain)
        if since is None:
            since = _taught(kind.make(_rules(brain)))
        return cls(BrainRef(name, kind.name), brain, since, shared=False)

    def replaced(self, records: Records) -> None:
        """The saved brain was reset or replaced on purpose (the brains screen): play on with
        the one now saved, never bring the old one back.

        Between games the live brain becomes the saved one at once. In the middle of a game it
        cannot: what the game teaches from now on goes to the saved brain when it ends, and
        the live brain then becomes that.
        """
        saved = _saved_or_fresh(records, _rules(self.brain), self.ref)
        self.shared = True
        try:
            self.brain.take_on(saved)
        except ValueError:
            self.saved = self.brain.copy()
            return
        self.saved = saved

    def save(self, records: Records, taken: Taught | None = None) -> Taught | None:
        """Add what the brain learned since the last save to the records (between games); the
        brain as now saved (None when nothing was).

        ``taken``: a copy of the brain taken between two games, saved instead of the brain
        itself (by the store's writer, while the brain plays on); the brain is left as it is,
        and the caller has it take on the saved brain where that holds more (what other
        programs saved meanwhile, or a reset).
        """
        brain = self.brain if taken is None else taken
        lesson = brain.lesson_since(self.saved)
        if lesson.is_empty:
            return None
        saved = records.learn(_rules(brain), self.name, lesson)
        merged = lessons_of(saved)
        if merged is None:  # not saved: the lesson stays, to go with the next one
            return None
        if taken is not None:
            self.saved = taken
        elif self.shared:
            self.brain.take_on(merged)
            self.saved = merged
        else:
            self.saved = self.brain.copy()
        return merged


def _saved_or_fresh(records: Records, rules: Rules, ref: BrainRef) -> Taught:
    saved = records.load_learner(rules, ref.name, ref.learner)
    return _taught(saved if saved is not None else learner_kind(ref.learner).make(rules))
