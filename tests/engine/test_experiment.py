"""Experiments (SPEC section 15): seeds shared across configurations, the same numbers on one
worker or two, Ctrl-C keeping the finished runs, games too large refused in words, and the
summary's percentiles."""

from __future__ import annotations

import statistics

import pytest

from sticks_tui.engine import Nim, game_of_sticks
from sticks_tui.engine.experiment import (
    Configuration,
    Experiment,
    ExperimentResult,
    Run,
    percentile,
    run_experiment,
    run_seed,
    summarise,
)
from sticks_tui.engine.learners import learner_kind
from sticks_tui.engine.learning_curve import Measures
from sticks_tui.engine.training import PERFECT, RANDOM, SELF


def _experiment(seeds: int = 3, games: int = 200) -> Experiment:
    hats = learner_kind("hats")
    q = learner_kind("q")
    return Experiment(
        game_of_sticks(7),
        (
            Configuration("hats", hats.settings_type(), SELF, "self"),
            Configuration("hats", hats.settings_type(), ((RANDOM, 50), (SELF, games - 50)),
                          "random=50,self=150"),
            Configuration("q", q.settings_type(), PERFECT, "perfect"),
        ),
        seeds,
        games,
        base_seed=4,
    )


def test_one_worker_and_two_give_the_same_numbers() -> None:
    experiment = _experiment()
    alone = run_experiment(experiment, workers=1)
    pooled = run_experiment(experiment, workers=2)
    assert alone.complete and pooled.complete
    assert len(alone.runs) == 9
    assert alone.runs == pooled.runs
    assert summarise(alone) == summarise(pooled)


def test_run_k_has_the_same_seed_in_every_configuration() -> None:
    """Two configurations that differ by nothing but their place give the same runs; the seed
    of run k is the same in each and differs from run to run."""
    hats = learner_kind("hats")
    same = Configuration("hats", hats.settings_type(), RANDOM, "random")
    result = run_experiment(Experiment(game_of_sticks(8), (same, same), 2, 150, base_seed=9))
    first = [run for run in result.runs if run.configuration == 0]
    second = [run for run in result.runs if run.configuration == 1]
    assert [(r.seed, r.points) for r in first] == [(r.seed, r.points) for r in second]
    assert [r.seed for r in first] == [run_seed(9, 0), run_seed(9, 1)]
    assert first[0].points != first[1].points


def test_checkpoints_are_the_learning_curves() -> None:
    """Each run is measured at the lab's checkpoints: before training, log-spaced, at the end."""
    result = run_experiment(_experiment(seeds=1, games=300))
    games = [point.games for point in result.runs[0].points]
    assert games[0] == 0 and games[-1] == 300
    assert games == sorted(set(games))
    assert all(point.winnable == result.runs[0].points[0].winnable
               for point in result.runs[0].points)


@pytest.mark.parametrize("workers", [1, 2])
def test_ctrl_c_keeps_the_finished_runs(workers: int) -> None:
    """Ctrl-C (here raised by the progress callback, in the parent, after the second run)
    stops the experiment: the runs finished are kept, and it says it is not complete."""
    experiment = _experiment(seeds=4)
    seen: list[int] = []

    def progress(done: int, total: int) -> None:
        seen.append(done)
        assert total == 12
        if done == 2:
            raise KeyboardInterrupt

    result = run_experiment(experiment, workers=workers, progress=progress)
    assert not result.complete
    assert seen == [1, 2]
    assert len(result.runs) == 2
    alone = run_experiment(experiment)
    for run in result.runs:  # each kept run is the one an uninterrupted experiment makes
        assert run in alone.runs


def test_a_game_with_too_many_positions_is_refused_in_words() -> None:
    hats = learner_kind("hats")
    with pytest.raises(ValueError, match=r"nim:5,7,9,11,13 reaches more than 10,000 positions"):
        Experiment(
            Nim((5, 7, 9, 11, 13)),
            (Configuration("hats", hats.settings_type(), SELF, "self"),),
            2,
            100,
        )


def test_a_schedule_must_play_the_games_of_a_run() -> None:
    hats = learner_kind("hats")
    with pytest.raises(ValueError, match=r"random=10,self=20 plays 30 games, not 100"):
        Experiment(
            game_of_sticks(7),
            (Configuration("hats", hats.settings_type(), ((RANDOM, 10), (SELF, 20)),
                           "random=10,self=20"),),
            2,
            100,
        )


@pytest.mark.parametrize("values", [[3.0], [1.0, 2.0], [5.0, 1.0, 4.0, 2.0, 3.0],
                                    [0.1 * i * i for i in range(11)]])
def test_percentiles_are_linear_between_closest_ranks(values: list[float]) -> None:
    """As statistics.quantiles(method='inclusive') (numpy's default)."""
    if len(values) > 1:
        deciles = statistics.quantiles(values, n=10, method="inclusive")
        assert percentile(values, 0.1) == pytest.approx(deciles[0])
        assert percentile(values, 0.9) == pytest.approx(deciles[-1])
    assert percentile(values, 0.5) == pytest.approx(statistics.median(values))


def _run(configuration: int, k: int, right_from: int | None) -> Run:
    points = tuple(
        Measures(games, 0.1 * i, 0.05 * i, 0.04 * i,
                 4 if right_from is not None and games >= right_from else 2, 4)
        for i, games in enumerate((0, 100, 200, 300))
    )
    return Run(configuration, k, run_seed(0, k), points)


def test_games_until_right_summary_counts_the_runs_that_never_got_there() -> None:
    """Median and band of games until right over the runs, a run that never got right counted
    as never (a percentile falling among them is none), and the never-count."""
    experiment = _experiment(seeds=5)
    runs = (
        _run(0, 0, 100), _run(0, 1, 200), _run(0, 2, 300), _run(0, 3, None), _run(0, 4, 200),
        _run(1, 0, None), _run(1, 1, None), _run(1, 2, 0),
    )
    summaries = summarise(ExperimentResult(experiment, runs, complete=False))
    assert len(summaries) == 2  # the third configuration has no finished run
    until = summaries[0].until_right
    assert (until.median, until.low, until.never, until.runs) == (200, 140, 1, 5)
    assert until.high is None  # the 90% point falls between 300 and never
    other = summaries[1].until_right
    assert (other.median, other.low, other.high, other.never) == (None, None, None, 2)
    band = summaries[0].checkpoints[-1].measures["vs_random"]
    assert (band.median, band.low, band.high) == pytest.approx((0.3, 0.3, 0.3))
    assert summaries[0].winnable == 4
