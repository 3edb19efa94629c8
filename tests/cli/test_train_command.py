"""``sticks-tui train`` for every game and learner, against every kind of opponent, run as a
user runs it.

Most tests call ``main([...])`` in-process and read what it printed; a few run the real program
(``python -m sticks_tui``) in a subprocess or on a pseudo-terminal, to prove the exit statuses,
the progress bar on a terminal, its absence in a pipe, and that Ctrl-C and bad arguments never
show a traceback. Game counts are small: the suite must stay quick.
"""

from __future__ import annotations

import json
import os
import re
import signal
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pexpect
import pytest
from cli_helpers import assert_argument_error, run, run_program

from sticks_tui.cli import train as train_command
from sticks_tui.storage import brain_files
from sticks_tui.engine import SELF, HatBrain, game_of_sticks, learner_from_dict, parse_game, train
from sticks_tui.engine.learners import (
    learner_kind,
    learner_kinds,
    register_learner,
    unregister_learner,
)


def printed_tally(out: str) -> dict[str, dict[str, int]]:
    """The tally table of the summary as {opponent: {"games", "won", "lost"}}."""
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if line.split()[:2] == ["against", "games"])
    tally = {}
    for line in lines[start + 1 :]:
        if line.strip().startswith("("):
            break
        name, games, won, lost, share = line.split()
        counts = [int(n.replace(",", "")) for n in (games, won, lost)]
        tally[name] = dict(zip(("games", "won", "lost"), counts))
        assert share == f"{counts[1] / counts[0]:.1%}"
    return tally


def train_to(
    capsys: pytest.CaptureFixture[str], out: Path, *argv: str
) -> tuple[dict[str, Any], str]:
    """Train with ``argv`` into ``out``: (the file's JSON, what was printed); must succeed."""
    status, stdout, err = run(capsys, "train", *argv, "--out", str(out))
    assert (status, err) == (0, ""), err
    return json.loads(out.read_text()), stdout


# -- every game, every learner ---------------------------------------------------------------------
GAMES = [
    ("sticks", ["--sticks", "30"], ("hats", "q")),
    ("takeaway:2,3,5:normal", ["--sticks", "12"], ("hats", "q")),
    ("nim:1,3,5,7", [], ("hats", "q")),
    ("sticky:8:3", [], ("hats", "q")),
    ("sticky:40:3", [], ("hats",)),
]


@pytest.mark.parametrize(
    ("spec", "extra", "learner"),
    [(spec, extra, learner) for spec, extra, learners in GAMES for learner in learners],
    ids=lambda value: value if isinstance(value, str) else "",
)
def test_train_writes_a_brain_for_the_game_with_the_games_and_tally_printed(
    spec: str, extra: list[str], learner: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "brain.json"
    data, printed = train_to(
        capsys, out, "--game", spec, *extra, "--learner", learner, "--against", "random",
        "--games", "150", "--seed", "3",
    )
    rules = parse_game(spec, int(extra[1]) if extra else None)
    brain = learner_from_dict(data, rules)
    assert (brain.kind, brain.games_played, data["games_played"]) == (learner, 150, 150)
    assert data["rules"] == rules.describe()
    assert data["tally"] == printed_tally(printed) == {
        "random": {"games": 150, "won": data["tally"]["random"]["won"],
                   "lost": 150 - data["tally"]["random"]["won"]}
    }
    assert printed.startswith(
        f"Trained the {'hat AI' if learner == 'hats' else 'Q-learner'} for 150 games of "
    )
    assert brain.to_dict() == {k: v for k, v in data.items() if k != "tally"}


def test_train_nim_with_the_q_learner_as_the_docs_show(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    q = learner_kind("q")  # 10,000 default games in real life: 300 here
    unregister_learner("q")
    register_learner(replace(q, default_games=300))
    try:
        _train_nim_with_the_q_learner(capsys, tmp_path)
    finally:
        unregister_learner("q")
        register_learner(q)


def _train_nim_with_the_q_learner(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, out, err = run(capsys, "train", "--game", "nim:1,3,5,7", "--learner", "q", "--out",
                           "q.json")
    assert (status, err) == (0, "")
    assert re.fullmatch(r"Trained the Q-learner for 300 games of nim:1,3,5,7 in .* games/s\); "
                        r"wrote q\.json", out.splitlines()[0])
    data = json.loads((tmp_path / "q.json").read_text())
    assert (data["learner"], data["games_played"]) == ("q", 300)
    assert data["settings"] == {"alpha": 0.5, "epsilon": 0.1,
                                "rewards": {"win": 1.0, "loss": -1.0, "move": 0.0}}
    assert data["tally"] == printed_tally(out) and list(data["tally"]) == ["self"]


@pytest.mark.parametrize("argv", [
    ["--game", "takeaway:2,2,5"], ["--takes", "2,5,2"], ["--takes", "2,2,5", "--normal"],
])
def test_a_take_given_twice_is_refused_as_the_setup_screen_refuses_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    """``takeaway:2,2,5`` was trained as 2, 5 without a word; the setup screen asks for
    different numbers, and so does every command."""
    from sticks_tui.ui.presenters.takeaway import TAKES_MESSAGE

    out = tmp_path / "b.json"
    status, stdout, err = run(capsys, "train", *argv, "--games", "10", "--out", str(out))
    option = argv[0]
    assert_argument_error(
        status, err, f"argument {option}: the takes are different numbers, got 2 more than once"
    )
    assert "different numbers" in TAKES_MESSAGE  # the setup screen's words
    assert stdout == "" and not out.exists()


def test_default_games_are_100000_for_hats_and_10000_for_q() -> None:
    assert {kind.name: kind.default_games for kind in learner_kinds()} == {
        "hats": 100_000, "q": 10_000,
    }


# -- opponents -------------------------------------------------------------------------------------
@pytest.mark.parametrize("opponent", ["self", "random", "perfect", "mixed:0.5"])
def test_train_against_each_named_opponent_tallies_it(
    opponent: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data, printed = train_to(
        capsys, tmp_path / "b.json", "--sticks", "20", "--against", opponent, "--games", "120",
        "--seed", "1",
    )
    assert list(data["tally"]) == [opponent]
    assert data["tally"][opponent]["games"] == 120 == data["games_played"]
    assert printed_tally(printed) == data["tally"]


def test_perfect_opponent_wins_more_than_random(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    shares = {}
    for opponent in ("random", "perfect"):
        data, _ = train_to(capsys, tmp_path / f"{opponent}.json", "--sticks", "20", "--against",
                           opponent, "--games", "200", "--seed", "2")
        shares[opponent] = data["tally"][opponent]["won"]
    assert shares["perfect"] < shares["random"]


def test_schedule_plays_each_opponent_in_order_and_games_may_be_left_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data, printed = train_to(
        capsys, tmp_path / "b.json", "--game", "nim:1,3,5", "--against", "random=100,self=150",
        "--seed", "5",
    )
    assert data["games_played"] == 250
    assert list(data["tally"]) == ["random", "self"]
    assert [t["games"] for t in data["tally"].values()] == [100, 150]
    assert printed_tally(printed) == data["tally"]
    assert "of the side that started" in printed  # self-play's won/lost explained


def test_schedule_with_its_own_count_in_games_is_accepted(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data, _ = train_to(capsys, tmp_path / "b.json", "--against", "perfect=30,random=20",
                       "--games", "50")
    assert data["games_played"] == 50


def test_train_against_a_saved_brain_which_does_not_learn(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rival = tmp_path / "rival.json"
    train_to(capsys, rival, "--game", "nim:1,3,5", "--games", "200", "--seed", "1")
    before = rival.read_bytes()
    data, printed = train_to(
        capsys, tmp_path / "b.json", "--game", "nim:1,3,5", "--against",
        f"random=50,{rival}=100", "--seed", "2",
    )
    assert list(data["tally"]) == ["random", str(rival)]
    assert data["tally"][str(rival)]["games"] == 100
    assert printed_tally(printed)["random"] == data["tally"]["random"]
    assert rival.read_bytes() == before  # the saved brain learned nothing and was not written


def test_a_q_learners_brain_is_an_opponent_too_as_the_docs_say(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--against BRAIN.json`` takes any brain of the game, not only a hat AI's."""
    rival = tmp_path / "q-rival.json"
    train_to(capsys, rival, "--game", "nim:1,3,5", "--learner", "q", "--games", "200")
    data, _ = train_to(capsys, tmp_path / "b.json", "--game", "nim:1,3,5", "--against",
                       str(rival), "--games", "60", "--seed", "3")
    assert data["tally"][str(rival)]["games"] == 60
    page = Path(__file__).parents[2] / "docs" / "commands" / "train.md"
    readme = " ".join(page.read_text(encoding="utf-8").split())
    against = readme.split("- `--against OPPONENT`:", 1)[1].split("- `--games N`", 1)[0]
    assert "`BRAIN.json` (a brain file of the same game, of either learner" in against
    assert "hat AI's brain file" not in against


def test_a_saved_brain_of_another_game_is_refused_with_the_reason(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rival = tmp_path / "rival.json"
    train_to(capsys, rival, "--game", "nim:1,3,5", "--games", "20")
    status, out, err = run(capsys, "train", "--against", str(rival), "--out",
                           str(tmp_path / "b.json"))
    assert_argument_error(status, err, "this brain is for Nim")
    assert out == "" and not (tmp_path / "b.json").exists()


# -- learning settings -----------------------------------------------------------------------------
def test_hat_settings_are_used_and_saved(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data, _ = train_to(
        capsys, tmp_path / "b.json", "--sticks", "20", "--games", "50", "--fresh-balls", "3",
        "--win-balls", "2", "--loss-balls", "0", "--floor", "2",
    )
    assert data["settings"] == {
        "fresh_balls": 3, "balls_added_on_win": 2, "balls_taken_on_loss": 0, "floor": 2
    }
    assert min(min(hat.values()) for hat in data["hats"].values()) >= 2


def test_q_settings_are_used_and_saved(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data, _ = train_to(
        capsys, tmp_path / "b.json", "--game", "nim:1,2", "--learner", "q", "--games", "50",
        "--alpha", "0.25", "--epsilon", "0", "--rewards", "2,-3,0.5",
    )
    assert data["settings"] == {
        "alpha": 0.25, "epsilon": 0.0, "rewards": {"win": 2.0, "loss": -3.0, "move": 0.5}
    }


# -- the file and the summary ------------------------------------------------------------------
def test_train_same_seed_writes_identical_files_that_round_trip(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    for out in (first, second):
        status, stdout, err = run(
            capsys, "train", "--sticks", "30", "--games", "300", "--seed", "7", "--out", str(out)
        )
        assert status == 0 and err == ""  # not a terminal: no progress bar
        assert stdout.startswith("Trained the hat AI for 300 games of sticks (30 sticks) in ")
    assert first.read_bytes() == second.read_bytes()
    data = json.loads(first.read_text())
    brain = HatBrain.from_dict(data, rules=game_of_sticks())
    assert brain.games_played == 300
    assert brain.to_dict() == {k: v for k, v in data.items() if k != "tally"}
    # it learned: the hat for 2 sticks now prefers taking 1 (leaving the last stick)
    assert brain.preferred_move(2) == 1
    assert sorted(os.listdir(tmp_path)) == ["a.json", "b.json"]  # no temporary files left


def test_train_keeps_the_learning_curve_with_the_brain_and_analyze_prints_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "brain.json"
    status, _, _ = run(
        capsys, "train", "-n", "30", "--games", "300", "--seed", "4", "--out", str(out)
    )
    assert status == 0
    curve = json.loads(out.read_text())["learning_curve"]
    games = [point["games"] for point in curve]
    assert games[0] == 0 and games[-1] == 300  # from the untrained AI to the end of training
    assert games == sorted(set(games)) and len(games) >= 5
    assert curve[-1]["hats_right"] > curve[0]["hats_right"] == 0  # it learned something
    assert all(0 <= p["vs_random"] <= 1 and 0 <= p["vs_perfect"] <= 1 for p in curve)

    status, text, err = run(capsys, "analyze", str(out))
    assert (status, err) == (0, "")
    table = text.split("Learning curve", 1)[1].splitlines()
    shown = table[[line.startswith("-") for line in table].index(True) + 1 :]  # after the rule
    assert [line.split()[0] for line in shown] == [f"{g:,}" for g in games]
    last = curve[-1]
    assert shown[-1].split()[1] == f"{last['hats_right']}/{last['hats_winnable']}"


def test_train_curve_changes_nothing_the_ai_learns(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The curve's games draw from a generator of their own, so the hats are the same as
    training without a curve (the engine's train() with the same seed)."""
    out = tmp_path / "brain.json"
    run(capsys, "train", "--games", "2000", "--seed", "11", "--out", str(out))
    written = json.loads(out.read_text())
    plain = HatBrain(game_of_sticks(100))
    train(plain, SELF, 2000, seed=11)
    assert written["hats"] == plain.to_dict()["hats"]
    assert "learning_curve" not in plain.to_dict() and len(written["learning_curve"]) > 2


def test_a_game_too_big_to_measure_is_trained_without_a_curve_and_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data, printed = train_to(capsys, tmp_path / "b.json", "--game", "nim:5,7,9,11,13",
                             "--games", "100")
    assert "learning_curve" not in data
    assert "no learning curve: nim:5,7,9,11,13 reaches more than 10,000 positions" in printed


def test_a_brain_larger_than_the_readers_accept_is_written_with_a_warning(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(brain_files, "MAX_BRAIN_FILE_BYTES", 2**20 // 10)  # 0.1 MB
    out = tmp_path / "big.json"
    status, printed, err = run(capsys, "train", "--game", "sticky:40:3", "--games", "1000",
                               "--out", str(out))
    assert status == 0 and json.loads(out.read_text())["games_played"] == 1000
    assert printed.startswith("Trained the hat AI")
    assert err.startswith("sticks-tui train: warning: the brain file is ")
    assert "more than the 0 MB that brain import and analyze read" not in err
    assert err.count("\n") == 1 and "brain import and analyze read" in err


def test_train_seed_before_the_command_works_like_after(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before, after = tmp_path / "before.json", tmp_path / "after.json"
    run(capsys, "--seed", "3", "train", "--games", "50", "--out", str(before))
    run(capsys, "train", "--games", "50", "--seed", "3", "--out", str(after))
    assert before.read_text() == after.read_text()


def test_train_game_before_the_command_works_like_after(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, _, err = run(capsys, "--game", "nim:1,2", "train", "--games", "20", "--out",
                         str(tmp_path / "b.json"))
    assert (status, err) == (0, "")
    assert json.loads((tmp_path / "b.json").read_text())["rules"]["piles"] == [1, 2]


def test_train_different_seeds_learn_differently(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for seed in ("1", "2"):
        run(capsys, "train", "--games", "200", "--seed", seed, "--out", str(tmp_path / seed))
    assert (tmp_path / "1").read_text() != (tmp_path / "2").read_text()


def test_train_variant_with_the_older_options_writes_a_brain_for_those_rules(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data, _ = train_to(capsys, tmp_path / "v.json", "--takes", "2,3,5", "--normal", "--sticks",
                       "8", "--games", "200", "--seed", "1")
    brain = learner_from_dict(data, parse_game("takeaway:2,3,5:normal", 8))
    assert brain.games_played == 200
    assert isinstance(brain, HatBrain) and set(brain.counts(8)) == {2, 3, 5}


def test_train_to_standard_output_keeps_the_summary_out_of_the_json(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = run(capsys, "train", "--game", "nim:1,2", "--games", "30", "--out", "-")
    assert status == 0
    assert json.loads(out)["tally"]["self"]["games"] == 30
    assert err.startswith("Trained the hat AI for 30 games of nim:1,2 in ")
    assert "wrote the brain to standard output" in err.splitlines()[0]


def test_train_replaces_an_existing_file_and_keeps_its_permissions(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "brain.json"
    out.write_text("old")
    out.chmod(0o640)
    status, _, _ = run(capsys, "train", "--games", "20", "--out", str(out))
    assert status == 0
    assert json.loads(out.read_text())["games_played"] == 20
    assert out.stat().st_mode & 0o777 == 0o640


def stopped_at_once(monkeypatch: pytest.MonkeyPatch, signum: int = signal.SIGINT) -> None:
    """``train`` as when Ctrl-C (or ``signum``) comes as training starts."""
    real_train = train_command.train_with

    def stopped_train(*args: Any, **kwargs: Any) -> Any:
        os.kill(os.getpid(), signum)  # handled before the first game
        return real_train(*args, **kwargs)

    monkeypatch.setattr(train_command, "train_with", stopped_train)


def test_an_interrupted_run_writes_beside_the_file_never_over_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "brain.json"
    out.write_text("the old brain")
    (tmp_path / "brain.interrupted.json").write_text("an older interrupted run")
    stopped_at_once(monkeypatch)
    status, stdout, err = run(capsys, "train", "--out", str(out))
    assert status == 130
    assert stdout == ""
    beside = tmp_path / "brain.interrupted-2.json"
    assert err == (
        f"Training interrupted after 0 of 100,000 games; wrote their brain to {beside} ({out}, "
        "there before, is unchanged).\n"
    )
    assert json.loads(beside.read_text())["games_played"] == 0
    assert out.read_text() == "the old brain"
    assert (tmp_path / "brain.interrupted.json").read_text() == "an older interrupted run"
    assert sorted(os.listdir(tmp_path)) == [
        "brain.interrupted-2.json", "brain.interrupted.json", "brain.json"]


def test_an_interrupted_run_to_standard_output_writes_its_brain_there(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    stopped_at_once(monkeypatch, signal.SIGTERM)
    status, stdout, err = run(capsys, "train", "--games", "50", "--out", "-")
    assert status == 128 + signal.SIGTERM
    assert json.loads(stdout)["games_played"] == 0
    assert err == (
        "Training interrupted after 0 of 50 games; wrote their brain to standard output.\n"
    )


# -- bad arguments ---------------------------------------------------------------------------
BAD_ARGUMENTS = [
    (["--games", "-5"], "--games"),
    (["--games", "0"], "must be from 1 to 10,000,000, got 0"),
    (["--games", "10000001"], "must be from 1 to 10,000,000, got 10000001"),
    (["--games", "lots"], "--games"),
    (["--sticks", "5"], "10 to 100 sticks"),
    (["--seed", "x"], "--seed"),
    (["--takes", "5", "--sticks", "3"], "no move is possible"),
    (["--game", "chess"], "there is no game 'chess'"),
    (["--game", "nim:1,x"], "e.g. nim:1,3,5,7"),
    (["--gam", "nim"], "unrecognized arguments: --gam nim"),
    (["--game", "sticky:62:3", "--learner", "q"],
     "a Q-learner's table does not fit sticky:62:3 (too many positions); q is offered for every "
     "take-away game, every Nim game and Sticky-Nim lines of up to 30 sticks"),
    (["--learner", "sarsa"], "invalid choice: 'sarsa'"),
    (["--against", "rando"], "unknown opponent 'rando'"),
    (["--against", "mixed"], "mixed needs the chance of a perfect move, e.g. mixed:0.5"),
    (["--against", "mixed:2"], "must be between 0 and 1"),
    (["--against", "mixed:x"], "a number from 0 to 1"),
    (["--against", "random=0"], "'random=0': games must be from 1 to 10,000,000"),
    (["--against", "random=10,self"], "a schedule is OPPONENT=GAMES separated by commas"),
    (["--against", "random=10,self=5", "--games", "20"], "the schedule plays 15 games, not 20"),
    (["--against", "random=5000000,self=5000001"], "at most 10,000,000"),
    (["--against", "missing.json"], "no such brain file: missing.json"),
    (["--floor", "0"], "bad learning setting: --floor must be at least 1"),
    (["--fresh-balls", "2", "--floor", "3"], "--fresh-balls (2) must be at least the --floor (3)"),
    (["--win-balls", "0", "--loss-balls", "0"], "--win-balls and --loss-balls are both 0"),
    (["--alpha", "0.3"], "argument --alpha: that is a setting of the Q-learner (--learner q)"),
    (["--learner", "q", "--floor", "2"], "argument --floor: that is a setting of the hat AI"),
    (["--learner", "q", "--alpha", "0"], "--alpha must be more than 0 and at most 1"),
    (["--learner", "q", "--epsilon", "1.5"], "--epsilon must be from 0 to 1"),
    (["--learner", "q", "--rewards", "1,2"], "three numbers WIN,LOSS,MOVE"),
    (["--learner", "q", "--rewards=-1,1,0"], "the WIN of --rewards (-1) must be more than"),
    # Only ASCII digits make a chance: not Arabic-Indic ones, not Python's "1_0".
    (["--against", "mixed:٠.٥"], "a number from 0 to 1, got '٠.٥'"),
    (["--against", "mixed:1_0"], "a number from 0 to 1, got '1_0'"),
    # A setting is shown with every digit it has, never rounded to the bound it breaks.
    (["--learner", "q", "--alpha", "1.0000001"], "at most 1, got 1.0000001"),
    (["--learner", "q", "--epsilon", "1.0000001"], "from 0 to 1, got 1.0000001"),
    (["--learner", "q", "--rewards", "1.0000001,1.0000002,0"],
     "(1.0000001) must be more than the LOSS of --rewards (1.0000002)"),
    # A number too large is refused and named by its digits, not cut into another number.
    (["--against", "self=" + "1" * 31], "'self=" + "1" * 24),
    (["--against", "self=" + "1" * 31], "games too large: a number of 31 digits"),
]


@pytest.mark.parametrize(
    ("argv", "fragment"), [pytest.param(*case, id=" ".join(case[0])) for case in BAD_ARGUMENTS]
)
def test_bad_argument_is_one_error_line_and_exit_2(
    argv: list[str], fragment: str, capsys: pytest.CaptureFixture[str],
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    status, out, err = run(capsys, "train", *argv, "--out", "x.json")
    assert_argument_error(status, err, fragment)
    assert out == ""
    assert os.listdir(tmp_path) == []


def test_out_is_required(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "train")
    assert_argument_error(status, err, "--out")


@pytest.mark.parametrize("where", ["directory", "inside a file", "missing directory"])
def test_unwritable_out_fails_before_training(
    where: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    a_file = tmp_path / "notes.txt"
    a_file.write_text("not a directory")
    out = {
        "directory": tmp_path,
        "inside a file": a_file / "brain.json",
        "missing directory": tmp_path / "missing" / "brain.json",
    }[where]

    def must_not_train(*args: object, **kwargs: object) -> None:
        raise AssertionError("trained before checking --out")

    monkeypatch.setattr(train_command, "train_with", must_not_train)
    status, _, err = run(capsys, "train", "--out", str(out))
    assert_argument_error(status, err, "argument --out: cannot write")
    assert sorted(os.listdir(tmp_path)) == ["notes.txt"]


# -- the real program ---------------------------------------------------------------------------
def test_help_lists_each_command_with_one_line_of_help(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "--help")
    assert status == 0
    for command in ("train", "solve"):
        line = next(line for line in out.splitlines() if line.strip().startswith(command + " "))
        assert len(line.split(command, 1)[1].strip()) > 10  # a real description follows


def test_train_help_lists_every_learning_setting(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "train", "--help")
    assert status == 0
    for option in ("--learner", "--against", "--games", "--seed", "--out", "--fresh-balls",
                   "--win-balls", "--loss-balls", "--floor", "--alpha", "--epsilon", "--rewards"):
        assert option in out


def test_program_piped_train_prints_only_the_summary(tmp_path: Path) -> None:
    result = run_program(
        "train", "--games", "500", "--seed", "1", "--against", "random=200,self=300", "--out",
        "brain.json", cwd=tmp_path,
    )
    assert result.returncode == 0
    assert result.stderr == ""
    lines = result.stdout.splitlines()
    assert re.fullmatch(r"Trained the hat AI for 500 games of sticks \(100 sticks\) in [\d.]+ s "
                        r"\([\d,]+ games/s\); wrote brain\.json", lines[0])
    assert lines[1].split() == ["against", "games", "won", "lost", "win", "share"]
    assert [line.split()[:2] for line in lines[2:4]] == [["random", "200"], ["self", "300"]]
    assert len(lines) == 5 and "side that started" in lines[4]
    assert json.loads((tmp_path / "brain.json").read_text())["games_played"] == 500


@pytest.mark.parametrize(
    ("stop", "status"),
    [("ctrl-c", 130), (signal.SIGTERM, 128 + signal.SIGTERM), (signal.SIGHUP, 128 + signal.SIGHUP)],
    ids=["ctrl-c", "SIGTERM", "SIGHUP"],
)
def test_a_stopped_run_keeps_its_games_beside_the_file_it_leaves_alone(
    stop: str | int, status: int, tmp_path: Path
) -> None:
    out = tmp_path / "brain.json"
    out.write_text("the old brain")
    child = pexpect.spawn(
        sys.executable,
        ["-m", "sticks_tui", "train", "--games", "10000000", "--out", str(out)],
        encoding="utf-8",
        dimensions=(24, 100),
        timeout=30,
    )
    child.expect("games/s")  # the progress bar, with its speed, on the terminal
    if stop == "ctrl-c":
        child.sendintr()
    else:
        child.kill(stop)
    child.expect(pexpect.EOF)
    child.close()
    assert child.signalstatus is None and child.exitstatus == status
    beside = tmp_path / "brain.interrupted.json"
    played = json.loads(beside.read_text())["games_played"]
    assert 0 < played < 10_000_000
    said = " ".join(child.before.split())  # the terminal wraps the line
    assert (f"Training interrupted after {played:,} of 10,000,000 games; wrote their brain to "
            f"{beside} ({out}, there before, is unchanged).") in said
    assert "Traceback" not in child.before
    assert out.read_text() == "the old brain"
    assert sorted(os.listdir(tmp_path)) == ["brain.interrupted.json", "brain.json"]


def test_a_stopped_run_with_no_file_before_still_writes_beside_it(tmp_path: Path) -> None:
    child = pexpect.spawn(
        sys.executable, ["-m", "sticks_tui", "train", "--games", "10000000", "--out", "new.json"],
        encoding="utf-8", dimensions=(24, 100), timeout=30, cwd=str(tmp_path),
    )
    child.expect("games/s")
    child.kill(signal.SIGTERM)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 128 + signal.SIGTERM
    assert "(new.json is written only by a finished run)" in " ".join(child.before.split())
    assert os.listdir(tmp_path) == ["new.interrupted.json"]
