"""One cache of the brains a program plays and trains, and the one way they are loaded and
saved: the board, the lab, the trained-opponent mode, the analysis and the hint all hold the
brain this cache hands out, so that a brain has one name and one state in the whole app.

A brain is named by its AI's name and its learner (:class:`BrainRef`), for a game (the rules'
key: one brain serves every start of its game). How it is kept in step with the one saved is
its learner's, never its name's: the learner kind's ``learns_in_play`` names the policy
(:mod:`.brain_sync`): :class:`~.brain_sync.MergedLessons` (kept as the lessons its games teach,
so two programs playing one AI both keep what they taught it) or
:class:`~.brain_sync.KeptWhole` (saved whole by its trainings, which take turns).

Before each game (and each training) the brain in play picks up what another program saved
since this one last read or wrote it (:meth:`BrainCache.pick_up`). What that finds is a fact
(:mod:`..text.brain_news`); what is found where no caller asked (after a game, before the next)
goes to :attr:`BrainCache.on_news`.

The saves at the end of a game go to the cache's :class:`~.store_writer.StoreWriter`, off the
app's event loop (:meth:`BrainCache.keep_soon`, :meth:`BrainCache.record_game_soon`): a copy
of the brain is taken between two games, and the writer adds what it learned to the saved
brain while the game goes on. Whatever reads or writes the records otherwise settles the writer
first (:meth:`BrainCache.settled_records`), so it comes after those saves.

Safe from several threads (a training's worker saves what it taught).
"""

from __future__ import annotations

from collections.abc import Callable

from ..engine.game import Rules
from ..engine.games.family import quoted
from ..engine.learners import learner_kind
from ..engine.machines import LEARNING_AI_LEARNER, LEARNING_AI_NAME
from ..text.brain_news import BrainNews
from .brain_ref import BrainRef
from .brain_shelf import shelf_of
from .brain_sync import (
    KeptBrain,
    KeptWhole,
    MergedLessons,
    Stamp,
    SyncPolicy,
    SyncState,
    Taught,
    key_of,
)
from .records import Records
from .saved_brains import SavedBrain
from .sqlite.store_file import StoreError
from .sqlite.store_writer import StoreWriter
from .training_turns import TrainingTurn

__all__ = ["BrainCache", "BrainRef", "KeptBrain", "Stamp"]


class BrainCache:
    """The brains this program plays, by game and :class:`BrainRef`; each loaded once."""

    def __init__(self, records: Records) -> None:
        self._state = SyncState(records)
        self._lessons = MergedLessons(self._state)
        self._whole = KeptWhole(self._state)

    def _policy(self, ref: BrainRef) -> SyncPolicy:
        """How the brain of ``ref`` is kept: its learner kind's policy."""
        return self._lessons if learner_kind(ref.learner).learns_in_play else self._whole

    # -- what the policies share -----------------------------------------------------------------
    @property
    def records(self) -> Records:
        return self._state.records

    @records.setter
    def records(self, records: Records) -> None:
        self._state.records = records

    @property
    def writer(self) -> StoreWriter:
        """The saves at the end of a game, in order, off the caller's thread."""
        return self._state.writer

    @property
    def call_soon(self) -> Callable[[Callable[[], None]], object] | None:
        """How the writer hands work back to the thread that plays the brains (the app's event
        loop: thread-safe, and it never waits); None: the next game's pick-up does it."""
        return self._state.call_soon

    @call_soon.setter
    def call_soon(self, call: Callable[[Callable[[], None]], object] | None) -> None:
        self._state.call_soon = call

    @property
    def on_news(self) -> Callable[[BrainNews], None] | None:
        """Told what a brain in play took on of others' saves where no caller asked (after a
        game, before the next: on the thread that plays the brains); None: untold."""
        return self._state.on_news

    @on_news.setter
    def on_news(self, tell: Callable[[BrainNews], None] | None) -> None:
        self._state.on_news = tell

    def settle(self) -> None:
        """Wait for the saves asked so far (never while holding the cache's lock: the saves
        take it)."""
        self._state.settle()

    def settled_records(self) -> Records:
        """The records, once every save asked so far is done: what is read from them then
        holds every game that ended, and what is written comes after."""
        self.settle()
        return self.records

    # -- reading ---------------------------------------------------------------------------------
    def lessons(self, rules: Rules, ref: BrainRef) -> Taught:
        """The brain in play of ``ref``, a learner that learns in play: what it learned so far,
        or a fresh brain."""
        if not learner_kind(ref.learner).learns_in_play:
            raise ValueError(f"a {ref.learner} brain is not kept as lessons")
        with self._state.lock:
            return self._lessons.load(rules, ref)

    def hats(self, rules: Rules, name: str) -> Taught:
        """The brain in play of the learning AI called ``name`` (:meth:`lessons`)."""
        return self.lessons(rules, BrainRef(name, LEARNING_AI_LEARNER))

    def learner(self, rules: Rules, ref: BrainRef) -> SavedBrain | None:
        """The brain ``ref`` names: of a learner that learns in play, what it learned so far
        (fresh when none is saved); of one that learns only in training, the one saved (None
        while none is)."""
        with self._state.lock:
            return self._policy(ref).load(rules, ref)

    def has(self, rules: Rules, ref: BrainRef) -> bool:
        """Whether ``ref`` has a brain for this game: in play here, or saved."""
        if self.in_play(rules, ref) is not None:
            return True
        return self._state.stamp_or_none(rules, ref) is not None

    def saved(self, rules: Rules) -> list[tuple[BrainRef, int]]:
        """Every saved brain of this game that loads (a damaged one is left out), with its
        games, by name; a brain in play counts the games it has now."""
        try:
            summaries = shelf_of(self.records).brains()
        except (TypeError, StoreError):
            return []
        found: list[tuple[BrainRef, int]] = []
        for brain in summaries:
            info = brain.info
            if info.rules_key != rules.key or brain.problem:
                continue
            ref = BrainRef(info.ai_name, info.learner)
            live = self.in_play(rules, ref)
            found.append((ref, live.games_played if live is not None else info.games_played))
        return sorted(found, key=lambda item: (item[0].name.casefold(), item[0].learner))

    def named(self, rules: Rules, name: str, learner: str | None = None) -> BrainRef:
        """The brain called ``name`` (of ``learner``, when given) this game can play: a saved
        one, or the learning AI's hats, which are always there; :class:`ValueError` says why
        there is none, in words that follow "argument --opponent: "."""
        saved = [ref for ref, _ in self.saved(rules)]
        always = BrainRef(LEARNING_AI_NAME, LEARNING_AI_LEARNER)
        found = [
            ref for ref in {*saved, always}
            if ref.name == name and (learner is None or ref.learner == learner)
        ]
        if len(found) == 1:
            return found[0]
        if found:
            learners = " or ".join(sorted(f"--learner {ref.learner}" for ref in found))
            raise ValueError(
                f"{quoted(name)} has a brain of each learner for {rules.name}: add {learners}"
            )
        of = "" if learner is None else f" of learner {learner}"
        known = ", ".join(f"{ref.name} ({ref.learner})" for ref in saved) or (
            f"none is saved yet; {LEARNING_AI_NAME} ({LEARNING_AI_LEARNER}) is always there"
        )
        raise ValueError(f"no brain called {quoted(name)}{of} for {rules.name}; saved: {known}")

    def in_play(self, rules: Rules, ref: BrainRef) -> SavedBrain | None:
        """The brain of ``ref`` this program has loaded, or None (nothing is read)."""
        with self._state.lock:
            return self._policy(ref).in_play(key_of(rules, ref))

    def training_turn(self, rules: Rules, ref: BrainRef) -> TrainingTurn:
        """The turn a training of ``ref`` takes before it starts (:mod:`.training_turns`): of
        a brain saved whole, one training at a time in the whole data directory; of one kept
        as lessons, an open turn (its trainings merge)."""
        return self._policy(ref).training_turn(rules, ref)

    def training_start(
        self, rules: Rules, ref: BrainRef, before: SavedBrain | None
    ) -> SavedBrain | None:
        """(Holding the training turn of ``ref``.) The brain a training of ``ref`` starts from
        when another training kept one since ``before`` (the brain as the training read it,
        None for a new one) was read: the one saved now, picked up (the caller says so); None
        when it starts from its own (nothing was kept meanwhile, or its trainings merge)."""
        if not self._policy(ref).takes_turns:
            return None
        self.settle()  # this program's saves first: the pick-up waits for none
        self.pick_up(rules, ref, quietly=True)
        saved = self.learner(rules, ref)
        if saved is None or (before is not None and saved.games_played == before.games_played):
            return None
        return saved

    # -- saving ----------------------------------------------------------------------------------
    def keep(self, name: str, brain: Taught) -> None:
        """Save what ``brain``, the brain in play of ``name`` (a learner that learns in play),
        learned since it was last kept, between two games (after a game, or a training).

        It is added to the saved brain as a lesson, so another program playing the same AI
        loses nothing, and ``brain`` then becomes the saved brain, taking on what other programs
        taught it meanwhile (told to :attr:`on_news`). A brain not handed out by
        :meth:`lessons` counts from a fresh brain.
        """
        self._lessons.keep(name, brain)


    def keep_soon(self, name: str, brain: Taught) -> None:
        """:meth:`keep`, by the writer: a copy of ``brain`` is taken now, between two games,
        and saved on the writer's thread while ``brain`` plays on."""
        self._lessons.keep_soon(name, brain)


    def record_game_soon(self, winner: str, loser: str, game: str) -> None:
        """Count a finished game on the leaderboard, by the writer (after the saves before)."""
        self.writer.put(lambda: self.records.record_game(winner, loser, game=game))

    def keep_trained(
        self, rules: Rules, name: str, trained: SavedBrain, before: SavedBrain | None
    ) -> BrainNews | None:
        """Save what a training taught the brain of ``name`` (``before``: a copy of the brain it
        started from, None for a new brain); the brain in play becomes the trained one. What
        it found besides, if anything: of a brain kept as lessons, the games others taught it
        meanwhile, merged with the training's; of one saved whole (a Q-learner's table), the
        brain others saved since the training's was read, which this training's replaced."""
        self.settle()
        ref = BrainRef(name, trained.kind)
        return self._policy(ref).keep_training(rules, name, trained, before)

    def changed(self, rules: Rules, ref: BrainRef) -> None:
        """The saved brain of ``ref`` was reset, replaced or started on purpose (the brains
        screen): the brain in play follows it, so no game plays, or saves back, the one it
        replaced."""
        self.settle()
        state = self._state
        with state.lock:
            self._policy(ref).changed(rules, ref)
            state.stamps[key_of(rules, ref)] = state.stamp_or_none(rules, ref)

    def pick_up(self, rules: Rules, ref: BrainRef, *, quietly: bool = False) -> None:
        """Before a game: take on what another program saved of ``ref`` since this one last
        read or wrote it. A brain with a lesson not yet saved adds it first (nothing is lost);
        one in the middle of a game is left as it is, and so is one whose saves are not all
        done yet (a later game picks up). ``quietly``: :attr:`on_news` is not told (the caller
        says it in its own words)."""
        state, key = self._state, key_of(rules, ref)
        if state.writer.busy:
            return
        policy = self._policy(ref)
        with state.lock:
            try:
                now = state.stamp(rules, ref)
            except StoreError:
                return
            if key not in state.stamps or now == state.stamps[key]:
                return
            if not policy.can_pick_up(key):
                return
            news = policy.before_game(rules, ref)
            state.stamps[key] = now
        if not quietly:
            state.tell(news)
