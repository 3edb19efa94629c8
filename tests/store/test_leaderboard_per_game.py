"""The leaderboard per game, machines marked, and games between two machines left off unless
asked for (issues 11 and 13): in the records, the store and the ``leaderboard`` command."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from sticks_tui.storage.records import MemoryRecords, Records, Standing
from sticks_tui.storage.sqlite.store import SqliteStore, open_records


@pytest.fixture(params=["memory", "store", "play on"])
def records(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Records]:
    """Every kind of records the program plays with: each must keep the boards alike."""
    if request.param == "memory":
        yield MemoryRecords()
    elif request.param == "store":
        with SqliteStore.open(tmp_path) as store:
            yield store
    else:
        yield open_records(tmp_path)


def _play(records: Records) -> None:
    """Ann beats Bob twice at the Game of Sticks, Bob beats Ann at Nim; Ann beats the AI at
    Nim; the Perfect AI beats the AI at Sticky-Nim while Ann watches."""
    records.record_game("Ann", "Bob", game="sticks")
    records.record_game("Ann", "Bob", game="sticks")
    records.record_game("Bob", "Ann", game="nim:1,3,5,7")
    records.record_game("Ann", "AI", game="nim:1,3,5,7")
    records.record_game("Perfect AI", "AI", game="sticky:20:3")


def _rows(rows: list[Standing]) -> list[tuple[str, int, int]]:
    return [(row.name, row.wins, row.losses) for row in rows]


def test_each_game_has_a_board_of_its_own(records: Records) -> None:
    _play(records)
    assert _rows(records.standings("sticks")) == [("Ann", 2, 0), ("Bob", 0, 2)]
    assert _rows(records.standings("nim:1,3,5,7")) == [("Bob", 1, 0), ("Ann", 1, 1), ("AI", 0, 1)]
    assert records.standings("takeaway:2,3,5:normal") == []


def test_the_overall_board_counts_every_game_once(records: Records) -> None:
    _play(records)
    assert _rows(records.standings()) == [("Ann", 3, 1), ("Bob", 1, 2), ("AI", 0, 1)]


def test_games_between_two_machines_are_kept_but_left_off_unless_asked_for(
    records: Records,
) -> None:
    _play(records)
    assert "Perfect AI" not in {row.name for row in records.standings()}
    assert records.standings("sticky:20:3") == []
    assert records.games() == ["nim:1,3,5,7", "sticks"]
    assert _rows(records.standings(machines=True)) == [
        ("Ann", 3, 1), ("Perfect AI", 1, 0), ("Bob", 1, 2), ("AI", 0, 2)
    ]
    assert _rows(records.standings("sticky:20:3", machines=True)) == [
        ("Perfect AI", 1, 0), ("AI", 0, 1)
    ]
    assert records.games(machines=True) == ["nim:1,3,5,7", "sticks", "sticky:20:3"]


def test_machine_rows_say_they_are_machines_and_their_level() -> None:
    assert Standing("Perfect AI", 1, 0).label == "Perfect AI (machine: perfect)"
    assert Standing("AI").label == "AI (machine: learning)"
    assert Standing("Q-learning AI").label == "Q-learning AI (machine: Q-learning)"
    assert Standing("Ann").label == "Ann" and Standing("Ann").machine is None


# -- the command ---------------------------------------------------------------------------------
@pytest.fixture
def data(tmp_path: Path) -> Path:
    with SqliteStore.open(tmp_path) as store:
        _play(store)
    return tmp_path


@pytest.fixture
def board(cli, data: Path) -> Callable[..., list[list[str]]]:
    """``board(*options)``: the rows of ``sticks-tui leaderboard OPTIONS`` as words."""

    def run(*options: str) -> list[list[str]]:
        done = cli("--data-dir", str(data), "leaderboard", *options)
        assert done.code == 0, done.err
        return [line.split() for line in done.out.split("\n\n")[0].splitlines()[1:]]

    return run


def test_the_command_shows_the_overall_board_by_default(board) -> None:
    assert board() == [
        ["1", "Ann", "3", "1", "4", "+2"],
        ["2", "Bob", "1", "2", "3", "-1"],
        ["3", "AI", "(machine:", "learning)", "0", "1", "1", "-1"],
    ]


def test_the_command_shows_one_games_board_with_game(board) -> None:
    assert board("--game", "sticks") == [
        ["1", "Ann", "2", "0", "2", "+2"], ["2", "Bob", "0", "2", "2", "-2"]
    ]
    # the game is found by its one spec, however it was typed
    assert board("--game", "takeaway:1,2,3") == board("--game", "sticks")
    assert [row[1] for row in board("--game", "nim:1,3,5,7")] == ["Bob", "Ann", "AI"]


def test_machines_count_on_the_board_with_machines(board) -> None:
    assert ["2", "Perfect", "AI", "(machine:", "perfect)", "1", "0", "1", "+1"] in board(
        "--machines"
    )
    assert board("--game", "sticky:20:3", "--machines")[0][1:3] == ["Perfect", "AI"]


def test_the_notes_say_what_the_board_counts(cli, data: Path) -> None:
    out = cli("--data-dir", str(data), "leaderboard").out
    assert "--game SPEC (nim:1,3,5,7, sticks, sticky:20:3)" in out
    assert "Games between two computer players are left out (--machines counts them)" in out
    assert "left out" not in cli("--data-dir", str(data), "leaderboard", "--machines").out


def test_a_game_with_only_machines_games_says_so(cli, data: Path) -> None:
    run = cli("--data-dir", str(data), "leaderboard", "--game", "sticky:20:3")
    assert run.code == 0
    assert run.out.startswith("No games of sticky:20:3 recorded yet")
    assert "--machines counts them" in run.out


def test_json_follows_the_options(cli, data: Path) -> None:
    run = cli("--data-dir", str(data), "leaderboard", "--json", "--game", "nim:1,3,5,7")
    assert [(row["name"], row["machine"]) for row in json.loads(run.out)] == [
        ("Bob", None), ("Ann", None), ("AI", "learning")
    ]
    run = cli("--data-dir", str(data), "leaderboard", "--json", "--machines")
    assert {row["name"] for row in json.loads(run.out)} == {"Ann", "Bob", "AI", "Perfect AI"}


def test_the_game_may_come_before_the_command(board, cli, data: Path) -> None:
    run = cli("--data-dir", str(data), "--game", "sticks", "leaderboard")
    assert run.code == 0 and "Bob" in run.out and "AI" not in run.out.split("\n\n")[0]


def test_a_bad_game_is_one_line_and_status_2(cli, data: Path) -> None:
    run = cli("--data-dir", str(data), "leaderboard", "--game", "chess")
    errors = [line for line in run.err_lines if "error:" in line]
    assert run.code == 2 and len(errors) == 1 and "argument --game" in errors[0]


def test_the_classic_console_records_its_games_on_the_game_of_sticks_board(
    cli, tmp_path: Path
) -> None:
    friend_game = "10\n1\n3\n3\n3\n1\n0\n"  # 10 sticks, Player 2 takes the last one
    cli("--data-dir", str(tmp_path), "--player1", "Ann", "--player2", "Bob", "--classic",
        stdin=friend_game)
    with SqliteStore.open(tmp_path) as store:
        assert _rows(store.standings("sticks")) == [("Ann", 1, 0), ("Bob", 0, 1)]
        assert store.games() == ["sticks"]
