"""One cache of the brains a program plays and trains, and the one way they are loaded and
saved: the board, the lab, the trained-opponent mode, the analysis and the hint all hold the
brain this cache hands out, so that a brain has one name and one state in the whole app.

A brain is named by its AI's name and its learner (:class:`BrainRef`), for a game (the rules'
key: one brain serves every start of its game). Whether a brain is kept as lessons or saved
whole is its learner's (``learns_in_play``), never its name's:

- A learner that learns in play (the hat AI) is kept as lessons (:class:`KeptBrain`), so two
  programs playing one AI (two tabs of a classroom, two terminals on one data directory) both
  keep what their games taught it; a save that took on lessons others saved meanwhile says so
  ("Merged with 12 games others taught AI meanwhile").
- One that learns only when it is trained (the Q-learner) is saved whole by its training. Two
  trainings of it take turns (:meth:`BrainCache.training_turn`): the second waits until the
  first is kept, then starts from it. Where no turn can be kept, a training that replaces a
  brain others saved since it was read says so, and what is gone.

Before each game (and each training) the brain in play picks up what another program saved
since this one last read or wrote it (:meth:`pick_up`): the store's row says how many games the
brain has and when it was saved, without reading the brain. What is said where no caller asked
(after a game, before the next) goes to :attr:`BrainCache.on_news`.

The saves at the end of a game go to the cache's :class:`~.store_writer.StoreWriter`, off the
app's event loop (:meth:`keep_hats_soon`, :meth:`record_game_soon`): a copy of the hats is
taken between two games, and the writer adds what it learned to the saved brain while the game
goes on. Whatever reads or writes the records otherwise settles the writer first
(:meth:`settled_records`), so it comes after those saves.

Safe from several threads (a training's worker saves what it taught).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass

from ..engine.game import Rules
from ..engine.games.family import quoted
from ..engine.learners import kind_of, learner_kind
from ..engine.learners.hats.brain import HatBrain
from ..engine.learners.hats.kind import KIND as HAT_AI
from ..engine.machines import LEARNING_AI_NAME
from ..text.brains import merged_words, picked_up_words, replaced_words
from .brain_shelf import shelf_of
from .records import HATS, Records
from .saved_brains import SavedBrain
from .sqlite.store_file import StoreError
from .sqlite.store_writer import StoreWriter
from .training_turns import TrainingTurn, training_turn


@dataclass(frozen=True)
class BrainRef:
    """A saved brain of a game: its AI's name and its learner (a registered learner's name)."""

    name: str
    learner: str = HATS


#: What the store says of a saved brain without reading it: its games and when it was saved
#: (None: no brain is saved).
Stamp = tuple[int, str] | None
#: A brain's place in the cache: its game's key, its learner, its AI's name.
_Key = tuple[str, str, str]


def _key(rules: Rules, ref: BrainRef) -> _Key:
    return (rules.key, ref.learner, ref.name)


class BrainCache:
    """The brains this program plays, by game and :class:`BrainRef`; each loaded once."""

    def __init__(self, records: Records) -> None:
        self.records = records
        self._lock = threading.RLock()
        #: The brains of learners that learn in play, kept as lessons (the hat AI's).
        self._hats: dict[_Key, KeptBrain] = {}
        #: The brains of learners that learn only in training, saved whole (the Q-learner's).
        self._whole: dict[_Key, SavedBrain] = {}
        #: The store's stamp of each brain as this program last read or wrote it.
        self._stamps: dict[_Key, Stamp] = {}
        #: The saves at the end of a game, in order, off the caller's thread.
        self.writer = StoreWriter()
        #: How the writer hands work back to the thread that plays the brains (the app's event
        #: loop: thread-safe, and it never waits); None: the next game's pick-up does it.
        self.call_soon: Callable[[Callable[[], None]], object] | None = None
        #: Told, in words, what a brain in play took on of others' saves where no caller asked
        #: (after a game, before the next: on the thread that plays the brains); None: untold.
        self.on_news: Callable[[str], None] | None = None
        #: Games this program taught a brain kept as lessons straight into the store (a training
        #: kept in the middle of a game) that the brain in play has not taken on yet: when it
        #: does, they are not counted as others'.
        self._ours_unseen: dict[_Key, int] = {}

    def settle(self) -> None:
        """Wait for the saves asked so far (never while holding the cache's lock: the saves
        take it)."""
        self.writer.settle()

    def settled_records(self) -> Records:
        """The records, once every save asked so far is done: what is read from them then
        holds every game that ended, and what is written comes after."""
        self.settle()
        return self.records

    # -- reading ---------------------------------------------------------------------------------
    def hats(self, rules: Rules, name: str) -> HatBrain:
        """The hats of ``name`` in play: what it learned so far, or fresh hats."""
        key = _key(rules, BrainRef(name, HATS))
        with self._lock:
            kept = self._hats.get(key)
            if kept is None:
                stamp = self._stamp_or_none(rules, BrainRef(name, HATS))
                kept = self._hats[key] = KeptBrain.load(self.records, rules, name)
                self._stamps[key] = stamp
            return kept.brain

    def _saved_whole(self, rules: Rules, ref: BrainRef) -> SavedBrain | None:
        """The brain of ``ref``, a learner saved whole, as saved; None while none is saved."""
        key = _key(rules, ref)
        with self._lock:
            learner = self._whole.get(key)
            if learner is None:
                stamp = self._stamp_or_none(rules, ref)
                learner = self.records.load_learner(rules, ref.name, ref.learner)
                if learner is None:
                    return None
                self._whole[key] = learner
                self._stamps[key] = stamp
            return learner

    def learner(self, rules: Rules, ref: BrainRef) -> SavedBrain | None:
        """The brain ``ref`` names: of a learner that learns in play, what it learned so far
        (fresh when none is saved); of one that learns only in training, the one saved (None
        while none is)."""
        if learner_kind(ref.learner).learns_in_play:
            return self.hats(rules, ref.name)
        return self._saved_whole(rules, ref)

    def has(self, rules: Rules, ref: BrainRef) -> bool:
        """Whether ``ref`` has a brain for this game: in play here, or saved."""
        key = _key(rules, ref)
        with self._lock:
            if key in self._hats or key in self._whole:
                return True
        return self._stamp_or_none(rules, ref) is not None

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
        always = BrainRef(LEARNING_AI_NAME, HATS)
        found = [
            ref for ref in {*saved, always}
            if ref.name == name and (learner is None or ref.learner == learner)
        ]
        if len(found) == 1:
            return found[0]
        if found:
            raise ValueError(
                f"{quoted(name)} has a brain of each learner for {rules.name}: add "
                "--learner hats or --learner q"
            )
        of = "" if learner is None else f" of learner {learner}"
        known = ", ".join(f"{ref.name} ({ref.learner})" for ref in saved) or (
            f"none is saved yet; {LEARNING_AI_NAME} (hats) is always there"
        )
        raise ValueError(f"no brain called {quoted(name)}{of} for {rules.name}; saved: {known}")

    def in_play(self, rules: Rules, ref: BrainRef) -> SavedBrain | None:
        """The brain of ``ref`` this program has loaded, or None (nothing is read)."""
        key = _key(rules, ref)
        with self._lock:
            kept = self._hats.get(key)
            return kept.brain if kept is not None else self._whole.get(key)

    def training_turn(self, rules: Rules, ref: BrainRef) -> TrainingTurn:
        """The turn a training of ``ref`` takes before it starts (:mod:`.training_turns`): of
        a brain saved whole, one training at a time in the whole data directory; of one kept
        as lessons, an open turn (its trainings merge)."""
        if learner_kind(ref.learner).learns_in_play:
            return TrainingTurn(None)
        return training_turn(self.records, rules, ref.learner, ref.name)

    # -- saving ----------------------------------------------------------------------------------
    def keep_hats(self, name: str, brain: HatBrain) -> None:
        """Save what ``brain``, the hats of ``name``, learned since they were last kept, between
        two games (after a game, or a training).

        It is added to the saved brain as a lesson, so another program playing the same AI
        loses nothing, and ``brain`` then becomes the saved brain, taking on what other programs
        taught it meanwhile (told to :attr:`on_news`). A brain not handed out by :meth:`hats`
        counts from fresh hats.
        """
        self.settle()
        others = self._keep_hats(name, brain)
        if others:
            self._tell(merged_words(name, others))

    def keep_hats_soon(self, name: str, brain: HatBrain) -> None:
        """:meth:`keep_hats`, by the writer: a copy of ``brain`` is taken now, between two
        games (cheap: copies share their hats), and saved on the writer's thread while
        ``brain`` plays on."""
        taken = brain.copy()

        def save() -> None:
            self._keep_hats(name, brain, taken)

        self.writer.put(save)

    def record_game_soon(self, winner: str, loser: str, game: str) -> None:
        """Count a finished game on the leaderboard, by the writer (after the saves before)."""
        self.writer.put(lambda: self.records.record_game(winner, loser, game=game))

    def _keep_hats(self, name: str, brain: HatBrain, taken: HatBrain | None = None) -> int:
        """Save what ``brain`` learned (as ``taken``, a copy of it, when given); the games
        others saved meanwhile that ``brain`` took on now (with ``taken``, none: it takes them
        on later, on the thread that plays it, and says so then)."""
        ref = BrainRef(name, HATS)
        key = _key(brain.rules, ref)
        with self._lock:
            kept = self._hats.get(key)
            if kept is None or kept.brain is not brain:
                kept = self._hats[key] = KeptBrain(name, brain, HatBrain(brain.rules), shared=True)
            ours = (taken or brain).games_played
            merged = kept.save(self.records, taken)
            self._saw(brain.rules, ref, ours)
        if merged is None or not kept.shared or merged.games_played == ours:
            return 0
        if taken is None:  # the brain took on the saved one, which holds more than ours
            return self._others(key, merged.games_played - ours)
        if self.call_soon is not None:
            self.call_soon(lambda: self._catch_up(ref, kept, taken, merged))
        return 0

    def _others(self, key: _Key, games: int) -> int:
        """Of ``games`` the brain in play of ``key`` just took on, those others taught it (not
        this program's own trainings saved straight to the store)."""
        with self._lock:
            return max(0, games - self._ours_unseen.pop(key, 0))

    def _tell(self, words: str) -> None:
        if self.on_news is not None:
            self.on_news(words)

    def _catch_up(self, ref: BrainRef, kept: KeptBrain, taken: HatBrain, merged: HatBrain) -> None:
        """On the thread that plays the brain: it becomes the brain saved from ``taken``, if
        it is still as it was taken (no game since, no later save); else the next game's
        pick-up brings it what others saved."""
        brain = kept.brain
        with self._lock:
            if kept.saved is not taken or brain.balls_beside:
                return
            if brain.games_played != taken.games_played:
                return
            brain.take_on(merged)
            kept.saved = merged
            self._saw(brain.rules, ref, merged.games_played)
            others = self._others(_key(brain.rules, ref), merged.games_played - taken.games_played)
        if others:
            self._tell(merged_words(ref.name, others))

    def keep_trained(
        self, rules: Rules, name: str, trained: SavedBrain, before: SavedBrain | None
    ) -> str | None:
        """Save what a training taught the brain of ``name`` (``before``: a copy of the brain it
        started from, None for a new brain); the brain in play becomes the trained one. What
        to say besides, if anything: of a brain kept as lessons, the games others taught it
        meanwhile, merged with the training's; of one saved whole (a Q-learner's table), the
        brain others saved since the training's was read, which this training's replaced."""
        kind = kind_of(trained)
        ref = BrainRef(name, kind.name)
        self.settle()
        with self._lock:
            hats = HAT_AI.mine(trained) if kind.learns_in_play else None
            if hats is not None:  # kept as lessons
                others = self._keep_trained_hats(rules, name, hats, before)
                return merged_words(name, others) if others else None
            replaced = self._stamp_or_none(rules, ref)
            known = self._stamps.get(_key(rules, ref))
            self.records.save_brain(trained, name)
            live = self._whole.get(_key(rules, ref))
            if live is None:
                self._whole[_key(rules, ref)] = trained.copy()
            else:
                live.take_on(trained)
            self._saw(rules, ref, trained.games_played)
        if replaced is not None and replaced != known:
            return replaced_words(name, kind.name, replaced[0])
        return None

    def _keep_trained_hats(
        self, rules: Rules, name: str, trained: HatBrain, before: SavedBrain | None
    ) -> int:
        """Add the training's lesson to the hats of ``name``; the games others taught them
        meanwhile, taken on now."""
        earlier = HAT_AI.mine(before)
        if earlier is None:  # a new brain: saved whole
            self.records.save_brain(trained, name)
            self.changed(rules, BrainRef(name, HATS))
            return 0
        lesson = trained.lesson_since(earlier)
        live = self.hats(rules, name)
        try:
            live.apply_lesson(lesson)
        except ValueError:  # in the middle of a game: the next game picks the lesson up
            self.records.learn(rules, name, lesson)
            key = _key(rules, BrainRef(name, HATS))
            self._ours_unseen[key] = self._ours_unseen.get(key, 0) + lesson.games
            return 0
        return self._keep_hats(name, live)

    def changed(self, rules: Rules, ref: BrainRef) -> None:
        """The saved brain of ``ref`` was reset, replaced or started on purpose (the brains
        screen): the brain in play follows it, so no game plays, or saves back, the one it
        replaced."""
        key = _key(rules, ref)
        self.settle()
        with self._lock:
            kept = self._hats.get(key)
            if kept is not None:
                kept.replaced(self.records)
            live = self._whole.get(key)
            if live is not None:
                saved = self.records.load_learner(rules, ref.name, ref.learner)
                if saved is not None:
                    live.take_on(saved)
                else:
                    del self._whole[key]
            self._stamps[key] = self._stamp_or_none(rules, ref)

    def pick_up(self, rules: Rules, ref: BrainRef, *, quietly: bool = False) -> None:
        """Before a game: take on what another program saved of ``ref`` since this one last
        read or wrote it. Hats with a lesson not yet saved add it first (nothing is lost); a
        brain in the middle of a game is left as it is, and so is one whose saves are not all
        done yet (a later game picks up). ``quietly``: :attr:`on_news` is not told (the caller
        says it in its own words)."""
        key = _key(rules, ref)
        if self.writer.busy:
            return
        with self._lock:
            try:
                now = self._stamp(rules, ref)
            except StoreError:
                return
            if key not in self._stamps or now == self._stamps[key]:
                return
            news: str | None = None
            kept = self._hats.get(key)
            if kept is not None:
                if kept.brain.balls_beside:
                    return
                had, shared = kept.brain.games_played, kept.shared
                if kept.brain.lesson_since(kept.saved).is_empty:
                    kept.replaced(self.records)
                    shared = True
                else:
                    kept.save(self.records)
                others = self._others(key, kept.brain.games_played - had) if shared else 0
                news = merged_words(ref.name, others) if others else None
            live = self._whole.get(key)
            if live is not None:
                saved = self.records.load_learner(rules, ref.name, ref.learner)
                fresh = kind_of(live).make(rules, live.settings)
                live.take_on(saved if saved is not None else fresh)
                if saved is not None:
                    news = picked_up_words(ref.name, ref.learner, saved.games_played)
            self._stamps[key] = now
        if news is not None and not quietly:
            self._tell(news)

    # -- the store's stamps ----------------------------------------------------------------------
    def _stamp(self, rules: Rules, ref: BrainRef) -> Stamp:
        """The store's stamp of ``ref`` now (:class:`StoreError` when it cannot be read)."""
        try:
            shelf = shelf_of(self.records)
        except TypeError:  # records that list no brains: the brain itself says
            brain = self.records.load_learner(rules, ref.name, ref.learner)
            return None if brain is None else (brain.games_played, "")
        info = shelf.brain_info(rules, ref.name, ref.learner)
        return None if info is None else (info.games_played, info.saved_at)

    def _stamp_or_none(self, rules: Rules, ref: BrainRef) -> Stamp:
        try:
            return self._stamp(rules, ref)
        except StoreError:
            return None

    def _saw(self, rules: Rules, ref: BrainRef, games: int) -> None:
        """Remember the stamp of a brain this program just saved with ``games``; a stamp of
        other games is another program's save, after this one: the next game picks it up."""
        stamp = self._stamp_or_none(rules, ref)
        if stamp is not None and stamp[0] == games:
            self._stamps[_key(rules, ref)] = stamp


class KeptBrain:
    """An AI's brain in play (or in training), kept in the records as the lessons it learns.

    ``saved`` is the brain as the records held it when this program last loaded or saved it;
    what the live brain learned since is the lesson :meth:`save` adds to the saved brain. So two
    programs playing one AI at once both keep what their games taught it.
    """

    def __init__(self, name: str, brain: HatBrain, saved: HatBrain, *, shared: bool) -> None:
        self.name = name
        self.brain = brain
        self.saved = saved
        #: True when the live brain *is* the saved AI (it then takes on what other programs
        #: taught it at every save); False for a brain of its own (trained or given here),
        #: whose lessons are added to the saved brain while it plays on as it is.
        self.shared = shared

    @classmethod
    def load(cls, records: Records, rules: Rules, name: str) -> KeptBrain:
        """The saved brain of ``name`` (fresh hats when it has none), to play on with."""
        saved = records.load_brain(rules, name) or HatBrain(rules)
        return cls(name, saved.copy(), saved, shared=True)

    @classmethod
    def own(cls, name: str, brain: HatBrain, since: HatBrain | None = None) -> KeptBrain:
        """A brain of this program's own, whose lessons since ``since`` (fresh hats when not
        given) go to the saved brain of ``name``."""
        return cls(name, brain, since if since is not None else HatBrain(brain.rules),
                   shared=False)

    def replaced(self, records: Records) -> None:
        """The saved brain was reset or replaced on purpose (the brains screen): play on with
        the one now saved, never bring the old one back.

        Between games the live brain becomes the saved one at once. In the middle of a game
        (balls beside the hats) it cannot: what the game teaches from now on goes to the saved
        brain when it ends, and the live brain then becomes that.
        """
        saved = records.load_brain(self.brain.rules, self.name) or HatBrain(self.brain.rules)
        self.shared = True
        try:
            self.brain.take_on(saved)
        except ValueError:
            self.saved = self.brain.copy()
            return
        self.saved = saved

    def save(self, records: Records, taken: HatBrain | None = None) -> HatBrain | None:
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
        merged = records.learn(brain.rules, self.name, lesson)
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
