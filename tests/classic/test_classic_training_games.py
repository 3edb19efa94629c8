"""``sticks-tui --classic --training-games N``: option 3 trains the AI for N self-play games
(100,000 unless given), as seed 000 invites trying, and the transcript keeps its exact words."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from sticks_tui.cli import main as cli
from sticks_tui.engine import game_of_sticks
from sticks_tui.storage.sqlite.store import SqliteStore

#: 12 sticks against the trained computer; the person always takes one stick, loses, stops.
ANSWERS = "12\n3\n1\n1\n1\n1\n1\n0\n"

#: What the screen shows with ``--seed 5 --training-games 30`` (the answers are typed into a
#: pipe, so no terminal echoes them): seed 000's words, line for line. Each prompt ends in a
#: space, put back after the text (a line of the source may not end in one).
SEED_5_AFTER_30_GAMES = """\
Welcome to the game of sticks!
How many sticks are there on the table initially (10-100)? Options:
  Play against a friend (1)
  Play against the computer (2)
  Play against the trained computer (3)
Which option do you take (1-3)? Training AI, please wait...

There are 12 sticks on the board.
Player 1: How many sticks do you take (1-3)?
There are 11 sticks on the board.
AI selects 2

There are 9 sticks on the board.
Player 1: How many sticks do you take (1-3)?
There are 8 sticks on the board.
AI selects 2

There are 6 sticks on the board.
Player 1: How many sticks do you take (1-3)?
There are 5 sticks on the board.
AI selects 1

There are 4 sticks on the board.
Player 1: How many sticks do you take (1-3)?
There are 3 sticks on the board.
AI selects 2

There is 1 stick on the board.
Player 1: How many sticks do you take (1-3)? You lose.
Play again (1 = yes, 0 = no)? """.replace("(1-3)?\n", "(1-3)? \n")


def console(
    data: Path,
    options: list[str],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> tuple[str, dict[str, object]]:
    """The transcript of one seeded console run, and the trained AI's brain it saved."""
    monkeypatch.setattr("sys.stdin", io.StringIO(ANSWERS))
    assert cli.main(["--classic", "--seed", "5", "--data-dir", str(data), *options]) == 0
    with SqliteStore.open(data) as store:
        brain = store.load_brain(game_of_sticks(12), "Trained AI")
    assert brain is not None
    return capsys.readouterr().out, brain.to_dict()


def test_the_seeded_transcript_after_30_training_games(tmp_path, monkeypatch, capsys) -> None:
    text, brain = console(tmp_path, ["--training-games", "30"], monkeypatch, capsys)
    assert text == SEED_5_AFTER_30_GAMES
    assert brain["games_played"] == 30 + 1


def test_the_trained_hats_after_n_games_differ_from_the_defaults(
    tmp_path, monkeypatch, capsys
) -> None:
    few, few_brain = console(tmp_path / "few", ["--training-games", "30"], monkeypatch, capsys)
    full, full_brain = console(tmp_path / "full", [], monkeypatch, capsys)
    assert full_brain["games_played"] == 100_000 + 1
    assert few_brain["hats"] != full_brain["hats"]
    assert few != full  # the AI trained longer plays otherwise from 12 sticks
    assert full.startswith(SEED_5_AFTER_30_GAMES.split("\n\n", 1)[0])  # the same words


@pytest.mark.parametrize(
    ("count", "message"),
    [
        ("0", "argument --training-games: must be from 1 to 10,000,000 games, got 0"),
        ("-5", "argument --training-games: "),
        ("ten", "argument --training-games: not a whole number: 'ten'"),
        ("2.5", "argument --training-games: not a whole number: '2.5'"),
        ("10000001", "argument --training-games: must be from 1 to 10,000,000 games, got 10,000,001"),
        ("9" * 400, "argument --training-games: "),
    ],
)
def test_a_bad_count_exits_2_with_one_clear_line_before_the_console_starts(
    tmp_path, monkeypatch, capsys, count: str, message: str
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(ANSWERS))
    with pytest.raises(SystemExit) as stop:
        cli.main(["--classic", "--data-dir", str(tmp_path), "--training-games", count])
    out, err = capsys.readouterr()
    assert stop.value.code == 2 and out == ""
    last = err.strip().splitlines()[-1]
    assert last.startswith(f"sticks-tui: error: {message}") and "Traceback" not in err
    assert not (tmp_path / "records.sqlite3").exists()
