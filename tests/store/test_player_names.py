"""Players' names on the command line: one name is one leaderboard row, so a person may not take
a computer player's name, nor the other player's (``records.names_problem``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sticks_tui.records import (
    COMPUTER_PLAYER_NAMES,
    LEARNING_AI_NAME,
    TRAINED_AI_NAME,
    names_problem,
)


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["--player1", "AI"], 'argument --player1: "AI" is the name of a computer player'),
        (["--player2", "trained  ai"], 'argument --player2: "trained ai" is the name of a'),
        (["--player1", "Perfect AI"], "is the name of a computer player"),
        (["--player1", "Ann", "--player2", "ANN"], "arguments --player1 and --player2: the two"),
        (["--player1", "Player 2"], 'player 2 is called "Player 2" unless --player2 is given'),
    ],
)
def test_the_classic_console_refuses_names_that_would_share_a_row(
    argv: list[str], fragment: str, cli, tmp_path: Path
) -> None:
    run = cli("--data-dir", str(tmp_path), *argv, "--classic", stdin="10\n1\n3\n3\n3\n1\n0\n")
    assert run.code == 2
    assert run.err_lines[0].startswith("usage: sticks-tui")
    assert [line for line in run.err_lines if "error:" in line] == [run.err_lines[-1]]
    assert fragment in run.err_lines[-1]
    assert run.out == ""  # refused before the console said anything
    assert not (tmp_path / "records.sqlite3").exists()


def test_the_app_is_refused_the_same_names_before_it_starts(cli, monkeypatch) -> None:
    import sticks_tui.ui.app as app

    monkeypatch.setattr(app, "run_app", lambda args: pytest.fail("the app started"))
    run = cli("--player1", "Ann", "--player2", "AI")
    assert run.code == 2 and '"AI" is the name of a computer player' in run.err


def test_good_names_play_and_are_counted_apart_from_the_ai(cli, tmp_path: Path) -> None:
    run = cli("--data-dir", str(tmp_path), "--seed", "1", "--player1", "Ann", "--player2", "Bob",
              "--classic", stdin="10\n1\n3\n3\n3\n1\n0\n")
    assert run.code == 0 and "Bob, you lose." in run.out
    board = json.loads(cli("--data-dir", str(tmp_path), "leaderboard", "--json").out)
    assert {row["name"] for row in board} == {"Ann", "Bob"}


def test_brain_commands_still_take_the_ai_s_own_name(cli, tmp_path: Path) -> None:
    run = cli("--data-dir", str(tmp_path), "brain", "reset", "--ai", "Trained AI", "--yes")
    assert run.code == 0 and "nothing to reset" in run.out


def test_names_problem_reads_names_as_people_do() -> None:
    assert names_problem(["Ann", "Bob"]) is None
    assert names_problem(["Ann", "aNN"]) == "The two players need different names"
    assert names_problem(["ai", "Bob"]) == '"ai" is the name of a computer player; please choose another'
    assert names_problem(["Robot"], reserved=["robot"]) is not None
    assert names_problem(["AI"], reserved=[]) is None
    assert {LEARNING_AI_NAME, TRAINED_AI_NAME} <= set(COMPUTER_PLAYER_NAMES)


def test_every_machine_of_the_app_is_a_reserved_name() -> None:
    """The app's machines play under these names; a person taking one would share its row."""
    from sticks_tui.ui.session import Machine

    assert {machine.value for machine in Machine} <= set(COMPUTER_PLAYER_NAMES)
