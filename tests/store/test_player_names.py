"""Players' names on the command line: one name is one leaderboard row, so a person may not take
a computer player's name, nor the other player's (``records.names_problem``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sticks_tui.engine.machines import COMPUTER_PLAYER_NAMES, LEARNING_AI_NAME, TRAINED_AI_NAME
from sticks_tui.text.names import names_problem
from sticks_tui.text.names import typed_name_problem


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
    import sticks_tui.cli.app as app

    monkeypatch.setattr(app, "run_app", lambda **values: pytest.fail("the app started"))
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
    from sticks_tui.engine.machines import Machine

    assert {machine.value for machine in Machine} <= set(COMPUTER_PLAYER_NAMES)


NO_CONTROL = "a player's name cannot hold line breaks, tabs or other control characters"
CONTROL_NAMES = ["a\nb", "a\tb", "\t", "Ann\r", "Ann\x1b[31m", "a\u2028b", "a\x85b"]


@pytest.mark.parametrize("option", ["--player1", "--player2"])
@pytest.mark.parametrize("name", CONTROL_NAMES)
def test_the_classic_console_refuses_line_breaks_and_tabs_in_names(
    option: str, name: str, cli, tmp_path: Path
) -> None:
    """"a\\nb" and "a\\tb" are not made "a b": they would all be one leaderboard row."""
    run = cli("--data-dir", str(tmp_path), option, name, "--classic",
              stdin="10\n1\n3\n3\n3\n1\n0\n")
    assert run.code == 2
    assert run.err_lines[-1] == f"sticks-tui: error: argument {option}: {NO_CONTROL}: {name!r}"
    assert run.out == ""
    assert not (tmp_path / "records.sqlite3").exists()


@pytest.mark.parametrize("name", ["a\nb", "a\tb"])
def test_the_app_and_the_brain_commands_refuse_them_too(name: str, cli, monkeypatch) -> None:
    import sticks_tui.cli.app as app

    monkeypatch.setattr(app, "run_app", lambda **values: pytest.fail("the app started"))
    run = cli("--player2", name)
    assert run.code == 2 and NO_CONTROL in run.err
    run = cli("brain", "reset", "--ai", name, "--yes")
    assert run.code == 2 and NO_CONTROL in run.err


def test_other_spaces_in_a_name_are_still_tidied_into_one(cli, tmp_path: Path) -> None:
    run = cli("--data-dir", str(tmp_path), "--seed", "1", "--player1", " Ann\u00a0\u00a0Lee ",
              "--player2", "山田\u3000太郎", "--classic", stdin="10\n1\n3\n3\n3\n1\n0\n")
    assert run.code == 0 and "山田 太郎, you lose." in run.out
    board = json.loads(cli("--data-dir", str(tmp_path), "leaderboard", "--json").out)
    assert {row["name"] for row in board} == {"Ann Lee", "山田 太郎"}


def test_typed_name_problem_refuses_what_tidying_would_turn_into_a_space() -> None:
    assert typed_name_problem("Ann Lee") is None
    assert typed_name_problem("  Zoë\u00a0名人 😀 ") is None
    for name in CONTROL_NAMES + ["\x00", "\x7f", "a\u202eb", "\x1c"]:
        assert typed_name_problem(name) == NO_CONTROL[:1].upper() + NO_CONTROL[1:], repr(name)
