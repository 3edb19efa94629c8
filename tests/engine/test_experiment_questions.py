"""The ready questions (SPEC section 15): each a grid on its game in train's option words, and
an app's experiment stopped by its flag keeping the finished runs."""

from __future__ import annotations

import threading

import pytest

from sticks_tui.engine import game_of_sticks
from sticks_tui.engine.experiment import run_experiment
from sticks_tui.engine.experiment_questions import (
    QUESTIONS,
    one_configuration,
    question,
    settings_with,
)
from sticks_tui.engine.learners import learner_kind
from sticks_tui.engine.training import RANDOM, SELF


def test_each_ready_question_varies_what_it_asks_about() -> None:
    varied = {
        "opponent": lambda c: c.against_words,
        "loss": lambda c: c.settings.balls_taken_on_loss,
        "fresh": lambda c: c.settings.fresh_balls,
        "hats-q": lambda c: c.learner,
    }
    assert set(varied) == set(QUESTIONS)
    for key, of in varied.items():
        asked = question(key)
        values = [of(configuration) for configuration in asked.configurations]
        assert len(set(values)) == len(values) > 1, key
        assert asked.experiment(seeds=1, games=10).runs == len(values)
    assert [c.against_words for c in question("opponent").configurations] == [
        "self", "random", "perfect", "mixed:0.5"]
    assert [c.learner for c in question("hats-q").configurations] == ["hats", "q"]
    assert question("hats-q").rules.name == "Nim 1, 3, 5, 7"


def test_settings_are_given_by_trains_option_words() -> None:
    settings = settings_with("hats", loss_balls=3, fresh_balls=2)
    assert (settings.balls_taken_on_loss, settings.fresh_balls) == (3, 2)  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="the hat AI has no setting --alpha"):
        settings_with("hats", alpha=0.5)
    with pytest.raises(KeyError, match="no ready question 'nope'"):
        question("nope")


def test_a_stop_flag_keeps_the_finished_runs_and_says_it_is_not_complete() -> None:
    rules = game_of_sticks(9)
    one = one_configuration(rules, "hats", learner_kind("hats").settings_type(), RANDOM,
                            "random", seeds=4, games=2000)
    stop = threading.Event()

    def progress(done: int, total: int) -> None:
        if done == 2:
            stop.set()  # as the app's cancel does, between two runs

    result = run_experiment(one.experiment(), 1, progress, stop=stop)
    assert not result.complete
    assert [run.k for run in result.runs] == [0, 1]
    assert all(run.points[-1].games == 2000 for run in result.runs)  # finished runs, whole
    with pytest.raises(ValueError, match="one worker only"):
        run_experiment(one.experiment(), 2, stop=stop)


def test_one_configuration_takes_a_schedule() -> None:
    rules = game_of_sticks(9)
    asked = one_configuration(
        rules, "hats", learner_kind("hats").settings_type(), [(RANDOM, 100), (SELF, 200)],
        "random=100,self=200", seeds=2, games=300,
    )
    assert asked.labels == ("the hat AI against random=100,self=200",)
    assert asked.experiment().configurations[0].games_planned() == 300
    with pytest.raises(ValueError, match="plays 300 games, not 400"):
        asked.experiment(games=400)
