"""The app's one brain cache (storage/brain_cache.py): each brain loaded once, saved the one way
for play and for training, and, before each game, taking on what another program saved."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from sticks_tui.engine import (
    SELF,
    HatBrain,
    HatPlayer,
    Match,
    Nim,
    RandomPlayer,
    game_of_sticks,
    train,
)
from sticks_tui.engine.learners.q.learner import QLearner
from sticks_tui.storage.brain_cache import BrainCache, BrainRef
from sticks_tui.storage.records import MemoryRecords
from sticks_tui.storage.sqlite.store import SqliteStore
from sticks_tui.text.brain_news import Merged, Replaced, news_words

STICKS = game_of_sticks(10)
NIM = Nim((1, 2, 3))
Q_AI = BrainRef("Q-learning AI", "q")
AI = BrainRef("AI", "hats")


def trained_q(games: int, seed: int, learner: QLearner | None = None) -> QLearner:
    learner = learner if learner is not None else QLearner(rules=NIM)
    train(learner, SELF, games, rules=NIM, rng=random.Random(seed))
    return learner


def one_game(brain: HatBrain, seed: int) -> None:
    rng = random.Random(seed)
    match = Match(STICKS, [HatPlayer("AI", brain, rng), RandomPlayer("Random AI", rng)])
    while not match.is_over:
        match.play_machine_turn()


def test_a_q_brain_another_program_saved_is_played_from_the_next_game(tmp_path: Path) -> None:
    with SqliteStore.open(tmp_path) as one, SqliteStore.open(tmp_path) as two:
        here, there = BrainCache(one), BrainCache(two)
        here.keep_trained(NIM, Q_AI.name, trained_q(100, 1), None)
        live = here.learner(NIM, Q_AI)
        assert live is not None and live.games_played == 100
        theirs = there.learner(NIM, Q_AI)
        assert theirs is not None
        assert there.keep_trained(NIM, Q_AI.name, trained_q(200, 2, theirs.copy()), theirs) is None
        said: list[str] = []
        here.on_news = lambda news: said.append(news_words(news))
        here.pick_up(NIM, Q_AI)  # before the next game
        assert here.learner(NIM, Q_AI) is live  # the same table, that every seat holds
        assert live.games_played == 300 and live.q == two.load_learner(NIM, Q_AI.name, "q").q
        assert said == [
            "Q-learning AI's Q-learner brain was trained elsewhere meanwhile: it plays as saved "
            "now (300 games played)."
        ]
        # a training after the pick-up builds on theirs: nothing is replaced, nothing said
        assert here.keep_trained(NIM, Q_AI.name, trained_q(10, 3, live.copy()), live) is None
        saved = two.load_learner(NIM, Q_AI.name, "q")
        assert saved is not None and saved.games_played == 310


def test_a_training_that_replaces_another_programs_q_brain_says_so(tmp_path: Path) -> None:
    with SqliteStore.open(tmp_path) as one, SqliteStore.open(tmp_path) as two:
        here, there = BrainCache(one), BrainCache(two)
        here.keep_trained(NIM, Q_AI.name, trained_q(100, 1), None)
        stale = here.learner(NIM, Q_AI)
        assert stale is not None
        theirs = there.learner(NIM, Q_AI)
        assert theirs is not None
        there.keep_trained(NIM, Q_AI.name, trained_q(50, 2, theirs.copy()), theirs)
        news = here.keep_trained(NIM, Q_AI.name, trained_q(10, 3, stale.copy()), stale)
    assert news == Replaced(Q_AI.name, "q", 150)
    said = news_words(news)
    assert said.startswith(
        "Others saved Q-learning AI's Q-learner brain meanwhile (150 games played): this "
        "training's Q-learner brain replaced it, so what their training taught is gone."
    )


def test_hats_take_on_the_lessons_another_program_saved_before_the_next_game(
    tmp_path: Path,
) -> None:
    with SqliteStore.open(tmp_path) as one, SqliteStore.open(tmp_path) as two:
        here, there = BrainCache(one), BrainCache(two)
        mine, theirs = here.hats(STICKS, "AI"), there.hats(STICKS, "AI")
        one_game(theirs, 1)
        there.keep("AI", theirs)  # their board's game ends
        assert mine.games_played == 0
        here.pick_up(STICKS, AI)
        assert mine.games_played == 1 and mine.to_dict() == theirs.to_dict()
        one_game(mine, 2)
        here.keep("AI", mine)
        saved = one.load_brain(STICKS, "AI")
    assert saved is not None and saved.games_played == 2  # both games kept


def test_several_programs_teaching_one_brain_lose_nothing_count_nothing_twice_and_say_so(
    tmp_path: Path,
) -> None:
    """Two tabs (two caches, each with its own store, on one data directory) play the room's
    AI in turns, each saving off its thread after every game: every game is in the saved brain
    once, each picks up the other's before its next game, and what each says it merged adds up
    to the other's games exactly."""
    with SqliteStore.open(tmp_path) as one, SqliteStore.open(tmp_path) as two:
        tabs = (BrainCache(one), BrainCache(two))
        said: tuple[list[str], list[str]] = ([], [])
        for tab, words in zip(tabs, said, strict=True):
            tab.on_news = lambda news, words=words: words.append(news_words(news))
        brains = [tab.hats(STICKS, "AI") for tab in tabs]
        played = [0, 0]
        for turn in range(6):
            for i in range(turn % 2 + 1):  # one game in one tab, two in the other
                one_game(brains[i], 10 * turn + i)
                tabs[i].keep_soon("AI", brains[i])
                played[i] += 1
            for tab in tabs:
                tab.settle()
            for tab in tabs:
                tab.pick_up(STICKS, AI)  # before each tab's next game
            assert brains[0].to_dict() == brains[1].to_dict()  # each has the other's lessons
        saved = one.load_brain(STICKS, "AI")
    assert saved is not None and saved.games_played == sum(played) == brains[0].games_played
    merged = [sum(int(line.split()[2]) for line in words) for words in said]
    assert merged == [played[1], played[0]]
    assert said[0][0] == "Merged with 1 game others taught AI meanwhile."


def test_a_training_kept_as_lessons_says_what_others_taught_the_brain_meanwhile(
    tmp_path: Path,
) -> None:
    with SqliteStore.open(tmp_path) as one, SqliteStore.open(tmp_path) as two:
        here, there = BrainCache(one), BrainCache(two)
        live, theirs = here.hats(STICKS, "AI"), there.hats(STICKS, "AI")
        before = live.copy()
        trained = before.copy()
        train(trained, SELF, 50, rules=STICKS, rng=random.Random(5))
        for seed in range(3):  # meanwhile, three games in another tab
            one_game(theirs, seed)
            there.keep("AI", theirs)
        news = here.keep_trained(STICKS, "AI", trained, before)
        saved = one.load_brain(STICKS, "AI")
    assert news == Merged("AI", 3)
    assert news_words(news) == "Merged with 3 games others taught AI meanwhile."
    assert saved is not None and saved.games_played == live.games_played == 53


def test_a_brain_in_the_middle_of_a_game_is_left_as_it_is() -> None:
    records = MemoryRecords()
    here, there = BrainCache(records), BrainCache(records)
    mine = here.hats(STICKS, "AI")
    theirs = there.hats(STICKS, "AI")
    one_game(theirs, 1)
    there.keep("AI", theirs)
    mine.draw(STICKS.initial_position(), random.Random(3))  # a ball beside its hat
    here.pick_up(STICKS, AI)
    assert mine.games_played == 0 and mine.balls_beside


def test_a_training_of_the_hats_in_play_adds_its_lesson_to_them() -> None:
    records = MemoryRecords()
    cache = BrainCache(records)
    live = cache.hats(STICKS, "Trained AI")
    before = live.copy()
    trained = before.copy()
    train(trained, SELF, 200, rules=STICKS, rng=random.Random(4))
    assert cache.keep_trained(STICKS, "Trained AI", trained, before) is None
    assert live.games_played == 200 and live.to_dict() == trained.to_dict()
    saved = records.load_brain(STICKS, "Trained AI")
    assert saved is not None and saved.to_dict() == trained.to_dict()


@pytest.mark.parametrize(
    "name, learner, words",
    [
        ("Nobody", None, "no brain called 'Nobody' for Game of Sticks; saved: Robo (hats)"),
        ("Robo", "q", "no brain called 'Robo' of learner q for Game of Sticks"),
        ("Twin", None, "'Twin' has a brain of each learner for Game of Sticks: add --learner"),
    ],
)
def test_a_brain_asked_for_by_name_that_is_not_there_is_refused_in_words(
    name: str, learner: str | None, words: str
) -> None:
    records = MemoryRecords()
    records.save_brain(HatBrain(STICKS), "Robo")
    records.save_brain(HatBrain(STICKS), "Twin")
    records.save_brain(QLearner(rules=STICKS), "Twin")
    cache = BrainCache(records)
    with pytest.raises(ValueError) as refused:
        cache.named(STICKS, name, learner)
    assert words in str(refused.value)


def test_the_learning_ai_is_always_there_to_be_asked_for() -> None:
    cache = BrainCache(MemoryRecords())
    assert cache.named(STICKS, "AI") == AI
    assert cache.named(STICKS, "AI", "hats") == AI
