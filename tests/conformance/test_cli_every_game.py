"""The command line for every game (SPEC section 10), run in-process through ``main``:

    sticks-tui train --game SPEC [--sticks N] --learner hats|q [--against OPPONENT] --games N
                     --seed S --out FILE
    sticks-tui solve --game SPEC [--sticks N] [--json]
    sticks-tui analyze FILE [--json]

Every sample game of every registered family is tried, Wythoff's game too: the registry is
global, so a game registered by a program (here, by the suite) is a ``--game`` like the others.
``--sticks`` is given only to a family that takes it (a take-away heap).

What is assumed beyond SPEC section 10's words: the brain file's documented header (``format``,
``learner``, ``rules``, ``settings``, ``games_played``, ``learning_curve``), the tally saved as
``"tally"``, per opponent name, with ``"won"`` and ``"lost"``, and ``solve --json`` keeping its
``"rules"`` (the game's description) for every game as it does for take-away games.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from game_samples import GameSample

from sticks_tui.cli.main import main
from sticks_tui.engine import learner_from_dict

GAMES = 120


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """``sticks-tui ARGV``: its exit status, standard output and standard error."""
    try:
        status = main(argv)
    except SystemExit as stop:  # argparse ends bad arguments this way
        status = stop.code if isinstance(stop.code, int) else 1
    out, err = capsys.readouterr()
    return status, out, err


def game_options(game: GameSample) -> list[str]:
    return ["--game", game.spec] + ([] if game.sticks is None else ["--sticks", str(game.sticks)])


def train_argv(game: GameSample, learner: str, out: Path, *extra: str) -> list[str]:
    return ["train", *game_options(game), "--learner", learner, *extra, "--seed", "5",
            "--out", str(out)]


def no_crash(err: str) -> None:
    assert "Traceback" not in err and "went wrong inside" not in err, err


def trained_file(game: GameSample, learner: str, out: Path,
                 capsys: pytest.CaptureFixture[str], *extra: str) -> dict[str, Any]:
    status, _, err = run(train_argv(game, learner, out, *extra), capsys)
    no_crash(err)
    assert status == 0, err
    data: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
    return data


# -- train -----------------------------------------------------------------------------------------
def test_train_saves_a_brain_for_the_game_with_its_learner_settings_tally_and_curve(
    game: GameSample, learner: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = trained_file(game, learner, tmp_path / "brain.json", capsys, "--games", str(GAMES))
    rules = game.rules()
    assert data["format"] == "sticks-tui-brain"
    assert data["learner"] == learner
    assert data["rules"] == rules.describe()
    assert isinstance(data["settings"], dict) and data["settings"]
    assert data["games_played"] == GAMES
    assert data["learning_curve"], "the curve is saved with the brain"
    tally = data["tally"]
    assert sum(t["won"] + t["lost"] for t in tally.values()) == GAMES
    brain = learner_from_dict(data, rules)  # the file is a brain for this very game
    assert brain.kind == learner and brain.games_played == GAMES


def test_train_with_the_same_seed_writes_the_same_brain(
    game: GameSample, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    one = trained_file(game, "hats", tmp_path / "one.json", capsys, "--games", "100")
    two = trained_file(game, "hats", tmp_path / "two.json", capsys, "--games", "100")
    assert one["hats"] == two["hats"]


@pytest.mark.parametrize("against", ["random", "perfect", "mixed:0.5"])
def test_train_against_an_opponent_tallies_its_games(
    game: GameSample, against: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = trained_file(game, "hats", tmp_path / "brain.json", capsys, "--against", against,
                        "--games", str(GAMES))
    assert data["games_played"] == GAMES
    (tally,) = data["tally"].values()
    assert tally["won"] + tally["lost"] == GAMES


def test_train_follows_a_schedule_without_games(
    game: GameSample, learner: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = trained_file(game, learner, tmp_path / "brain.json", capsys,
                        "--against", "random=100,self=200")
    assert data["games_played"] == 300
    assert [(t["won"] + t["lost"]) for t in data["tally"].values()] == [100, 200]


def test_train_against_a_saved_brain_of_the_game(
    game: GameSample, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    saved = tmp_path / "saved.json"
    trained_file(game, "hats", saved, capsys, "--games", "100")
    out = tmp_path / "against-saved.json"
    status, _, err = run(train_argv(game, "hats", out, "--against", str(saved),
                                    "--games", "100"), capsys)
    no_crash(err)
    assert status == 0, err
    assert json.loads(out.read_text(encoding="utf-8"))["games_played"] == 100


def test_train_refuses_a_saved_brain_of_another_game(
    game: GameSample, samples: list[GameSample], tmp_path: Path,
    capsys: pytest.CaptureFixture[str]
) -> None:
    rules = game.rules()
    other = next(s for s in samples if s.rules().key != rules.key)
    saved = tmp_path / "other.json"
    status, _, err = run(train_argv(other, "hats", saved, "--games", "30"), capsys)
    assert status == 0, err
    out = tmp_path / "out.json"
    status, _, err = run(train_argv(game, "hats", out, "--against", str(saved),
                                    "--games", "30"), capsys)
    no_crash(err)
    assert status in (1, 2)
    assert "error:" in err.strip().splitlines()[-1], err  # one line says why, after any usage
    assert not out.exists()


# -- solve -----------------------------------------------------------------------------------------
def test_solve_prints_the_exact_answer_for_the_game(
    game: GameSample, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(["solve", *game_options(game)], capsys)
    no_crash(err)
    assert status == 0, err
    assert out.strip()


def test_solve_json_names_the_game_it_solved(
    game: GameSample, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(["solve", *game_options(game), "--json"], capsys)
    no_crash(err)
    assert status == 0, err
    assert json.loads(out)["rules"] == game.rules().describe()


@pytest.mark.parametrize("command", ["train", "solve"])
def test_a_bad_spec_exits_2_with_an_example(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for spec in ("wythoff:1", "chess", "nim:0", "sticky:99"):
        extra = ["--out", str(tmp_path / "x.json")] if command == "train" else []
        status, _, err = run([command, "--game", spec, *extra], capsys)
        no_crash(err)
        assert status == 2 and "e.g." in err, (spec, err)
    assert not (tmp_path / "x.json").exists()


# -- analyze ---------------------------------------------------------------------------------------
def test_analyze_reads_the_game_from_the_brain_file(
    game: GameSample, learner: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    brain = str(tmp_path / "brain.json")
    trained_file(game, learner, Path(brain), capsys, "--games", str(GAMES))
    status, out, err = run(["analyze", brain], capsys)
    no_crash(err)
    assert status == 0, err
    assert out.strip()
    status, out, err = run(["analyze", brain, "--json"], capsys)
    no_crash(err)
    assert status == 0, err
    assert isinstance(json.loads(out), dict)
