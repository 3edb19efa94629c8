"""The commands: ``leaderboard [--json]`` and ``brain export|import|reset``, as a user runs them."""

from __future__ import annotations

import json
import re
import unicodedata
from pathlib import Path

import pytest

from sticks_tui.engine import TakeAway, game_of_sticks
from sticks_tui.storage.sqlite.store import SqliteStore

from store_helpers import taught_brain


@pytest.fixture
def data(tmp_path: Path) -> Path:
    """A data directory whose store has three players and a taught AI."""
    directory = tmp_path / "data"
    with SqliteStore.open(directory) as store:
        for _ in range(3):
            store.record_game("Ann", "AI", game="sticks")
        store.record_game("AI", "Bob", game="sticks")
        store.record_game("Bob", "Ann", game="sticks")
        store.save_brain(taught_brain(games=7, balls=4), "AI")
    return directory


def _saved_brain(data: Path, rules=None) -> dict | None:
    with SqliteStore.open(data) as store:
        brain = store.load_brain(rules or game_of_sticks(20), "AI")
    return None if brain is None else brain.to_dict()


# -- leaderboard -------------------------------------------------------------------------------
def test_leaderboard_prints_a_ranked_table(cli, data: Path) -> None:
    run = cli("--data-dir", str(data), "leaderboard")
    assert run.code == 0
    lines = _table(run.out)
    assert lines[0].split() == ["#", "Name", "Wins", "Losses", "Games", "Rating"]
    assert [line.split() for line in lines[1:]] == [
        ["1", "Ann", "3", "1", "4", "+2"],
        ["2", "Bob", "1", "1", "2", "+0"],
        ["3", "AI", "(machine:", "learning)", "1", "3", "4", "-2"],
    ]


def _table(out: str) -> list[str]:
    """The lines of the table: those before the notes under it."""
    return out.split("\n\n")[0].splitlines()


def _cells(text: str) -> int:
    """Terminal cells of ``text``, measured apart from the program: wide (CJK, emoji) take two,
    combining accents none."""
    return sum(_char_cells(char) for char in text)


def _char_cells(char: str) -> int:
    if unicodedata.combining(char):
        return 0
    return 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1


def _number_column_ends(line: str) -> list[int]:
    """The terminal column where each of the line's last four fields (wins... rating) ends."""
    ends = [match.end() for match in re.finditer(r"\S+", line)][-4:]
    return [_cells(line[:end]) for end in ends]


@pytest.mark.parametrize(
    "wide", ["名人", "😀x", "e\u0301", "Zoë", "ｆｕｌｌ", "王小明 the Great"]
)
def test_leaderboard_columns_line_up_after_wide_and_combining_names(
    wide: str, cli, tmp_path: Path
) -> None:
    with SqliteStore.open(tmp_path) as store:
        store.record_game(wide, "Ann", game="sticks")
        store.record_game("Bob", "AI", game="sticks")
    run = cli("--data-dir", str(tmp_path), "leaderboard")
    assert run.code == 0
    lines = _table(run.out)
    assert any(wide in line for line in lines[1:])
    header = _number_column_ends(lines[0])
    assert [_number_column_ends(line) for line in lines[1:]] == [header] * (len(lines) - 1)


def test_leaderboard_json_is_a_list_of_rows_with_six_fields(cli, data: Path) -> None:
    run = cli("leaderboard", "--json", "--data-dir", str(data))  # the option after the command
    assert run.code == 0
    rows = json.loads(run.out)
    assert rows[0] == {
        "name": "Ann", "wins": 3, "losses": 1, "games": 4, "rating": 2, "machine": None
    }
    assert [(row["name"], row["machine"]) for row in rows] == [
        ("Ann", None), ("Bob", None), ("AI", "learning")
    ]
    assert all(
        set(row) == {"name", "wins", "losses", "games", "rating", "machine"} for row in rows
    )


def test_an_empty_leaderboard_says_so_and_its_json_is_an_empty_list(cli, tmp_path: Path) -> None:
    assert "No games recorded yet" in cli("--data-dir", str(tmp_path), "leaderboard").out
    assert json.loads(cli("--data-dir", str(tmp_path), "leaderboard", "--json").out) == []


@pytest.mark.parametrize(("argv", "said"), [
    (["leaderboard"], "No games recorded yet (records will be kept in {store})."),
    (["leaderboard", "--game", "nim"], "No games of nim:1,3,5,7 recorded yet (records will be "
     "kept in {store})."),
    (["leaderboard", "--json"], "[]"),
    (["brain", "list"], "No brains saved yet (records will be kept in {store})."),
    (["brain", "list", "--json"], "[]"),
    (["brain", "reset", "--yes"], "AI has no saved brain for Game of Sticks; there is nothing "
     "to reset."),
])
def test_a_read_of_a_data_directory_not_made_yet_says_nothing_is_there_and_makes_nothing(
    cli, tmp_path: Path, argv: list[str], said: str
) -> None:
    """``leaderboard --data-dir DIR`` made DIR and its store to say that it was empty."""
    data = tmp_path / "not" / "yet"
    for where in (["--data-dir", str(data)], []):  # the option before the command, and after
        run = cli(*where, *argv) if where else cli(*argv, "--data-dir", str(data))
        assert run.code == 0, run.err
        assert run.out.strip() == said.format(store=data / "records.sqlite3")
    export = cli("--data-dir", str(data), "brain", "export", "-")
    assert export.code == 1 and "AI has no saved brain for Game of Sticks yet" in export.err
    assert list(tmp_path.iterdir()) == []


def test_a_read_in_the_default_directory_not_made_yet_makes_nothing(
    cli, tmp_path: Path
) -> None:
    default = tmp_path / "default-data"  # the conftest's stand-in for the user data directory
    run = cli("leaderboard")
    assert run.code == 0
    assert run.out == f"No games recorded yet (records will be kept in {default}/records.sqlite3).\n"
    assert not default.exists()


def test_a_read_of_an_empty_store_says_where_it_is_kept(cli, tmp_path: Path) -> None:
    SqliteStore.open(tmp_path).close()
    run = cli("--data-dir", str(tmp_path), "leaderboard")
    assert run.out == f"No games recorded yet (records are kept in {tmp_path}/records.sqlite3).\n"


def test_bad_usage_is_one_error_line_and_status_2(cli, tmp_path: Path) -> None:
    for argv in (
        ["leaderboard", "--csv"],
        ["brain"],
        ["brain", "export"],
        ["brain", "forget"],
        ["--data-dir", "", "leaderboard"],
        ["--player1", "", "--classic"],
        ["--player2", "x" * 200, "--classic"],
        ["brain", "import", str(tmp_path / "missing.json")],
        ["brain", "export", str(tmp_path / "no-such-dir" / "out.json")],
    ):
        run = cli(*argv)
        assert run.code == 2, argv
        assert len([line for line in run.err_lines if "error:" in line]) == 1, argv


# -- export and import ---------------------------------------------------------------------------
def test_export_then_import_moves_a_brain_between_stores(cli, data: Path, tmp_path: Path) -> None:
    exported = tmp_path / "brain.json"
    run = cli("--data-dir", str(data), "brain", "export", str(exported))
    assert run.code == 0 and "7 games played" in run.out
    other = tmp_path / "other"
    run = cli("--data-dir", str(other), "brain", "import", str(exported))
    assert run.code == 0 and "Imported" in run.out
    assert _saved_brain(other) == _saved_brain(data) == json.loads(exported.read_text())


def test_a_brain_from_sticks_tui_train_can_be_imported(cli, tmp_path: Path) -> None:
    trained = tmp_path / "trained.json"
    assert cli("train", "--games", "300", "--seed", "4", "--out", str(trained)).code == 0
    run = cli("--data-dir", str(tmp_path / "data"), "brain", "import", str(trained))
    assert run.code == 0
    written = json.loads(trained.read_text())
    assert written.pop("tally")["self"]["games"] == 300
    assert _saved_brain(tmp_path / "data") == written  # the brain; the tally was the training's
    assert _saved_brain(tmp_path / "data")["games_played"] == 300


def test_brain_files_on_standard_input_and_output(cli, data: Path, tmp_path: Path) -> None:
    text = cli("--data-dir", str(data), "brain", "export", "-").out
    run = cli("--data-dir", str(tmp_path / "copy"), "brain", "import", "-", stdin=text)
    assert run.code == 0 and "standard input" in run.out
    assert _saved_brain(tmp_path / "copy") == json.loads(text)


def test_brains_of_other_rule_sets_and_names_are_chosen_by_option(cli, tmp_path: Path) -> None:
    variant = TakeAway(20, (2, 3, 5), misere=False)
    with SqliteStore.open(tmp_path) as store:
        store.save_brain(taught_brain(variant, games=5), "Trained AI")
    out = tmp_path / "variant.json"
    base = ("--data-dir", str(tmp_path), "brain")
    assert cli(*base, "export", str(out)).code == 1  # the Game of Sticks AI has none
    run = cli(*base, "export", str(out), "--takes", "2,3,5", "--normal", "--ai", "Trained AI")
    assert run.code == 0
    assert json.loads(out.read_text())["rules"] == variant.describe()


def test_export_without_a_saved_brain_says_what_to_do(cli, tmp_path: Path) -> None:
    run = cli("--data-dir", str(tmp_path), "brain", "export", str(tmp_path / "out.json"))
    assert run.code == 1 and len(run.err_lines) == 1
    assert "no saved brain" in run.err and "brain import" in run.err
    assert not (tmp_path / "out.json").exists()


def _brain_dict(**changes) -> dict:
    data = taught_brain(games=3, balls=9).to_dict()
    data.update(changes)
    return data


def _with_hat(hat: str, balls: dict) -> dict:
    data = _brain_dict()
    data["hats"][hat] = balls
    return data


REFUSED_FILES = {
    "cut-off JSON": ('{"format": "sticks-tui-brain", "hats": {', "not valid JSON"),
    "a JSON list": ("[1, 2, 3]", "must be a JSON object"),
    "another format": (json.dumps(_brain_dict(format="chess-engine")), "not a sticks-tui brain"),
    "another rule set": (
        json.dumps(taught_brain(TakeAway(20, (2, 3, 5), misere=False)).to_dict()),
        "this brain is for Take-away {2, 3, 5}",
    ),
    "a negative count": (json.dumps(_with_hat("5", {"1": 2, "2": -4, "3": 1})), "balls 2 is -4"),
    "a missing count": (  # a version 2 file writes every count (version 3 leaves out fresh ones)
        json.dumps({**_with_hat("6", {"1": 2, "2": 1}), "version": 2}), "balls 3 is missing"
    ),
    "a count in words": (json.dumps(_with_hat("6", {"1": 2, "2": "two", "3": 1})), "whole number"),
    "negative games": (json.dumps(_brain_dict(games_played=-1)), "games_played"),
    "missing games": (
        json.dumps({k: v for k, v in _brain_dict().items() if k != "games_played"}),
        "games_played",
    ),
    "missing hats": (json.dumps({k: v for k, v in _brain_dict().items() if k != "hats"}), "hats"),
    "a hat that is no position": (json.dumps(_with_hat("lots", {"1": 1, "2": 1, "3": 1})), "lots"),
    "a 10,000-digit count": ('{"games_played": ' + "9" * 10_000 + "}", "10,000 digits"),
}


@pytest.mark.parametrize("case", sorted(REFUSED_FILES))
def test_a_bad_brain_file_is_refused_and_the_saved_brain_stays(
    case: str, cli, data: Path, tmp_path: Path
) -> None:
    text, reason = REFUSED_FILES[case]
    path = tmp_path / "bad.json"
    path.write_text(text)
    before = _saved_brain(data)
    run = cli("--data-dir", str(data), "brain", "import", str(path))
    assert run.code == 1
    assert len(run.err_lines) == 1
    assert str(path) in run.err and reason in run.err and "unchanged" in run.err
    assert _saved_brain(data) == before


def test_a_binary_file_is_refused_as_not_text(cli, data: Path, tmp_path: Path) -> None:
    path = tmp_path / "picture.json"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\xff\xfe")
    before = _saved_brain(data)
    run = cli("--data-dir", str(data), "brain", "import", str(path))
    assert run.code == 1 and "not UTF-8 text" in run.err
    assert _saved_brain(data) == before


# -- reset -------------------------------------------------------------------------------------
def test_reset_asks_and_yes_starts_the_ai_afresh(cli, data: Path) -> None:
    run = cli("--data-dir", str(data), "brain", "reset", stdin="yes\n")
    assert run.code == 0
    assert "Reset the brain of AI for Game of Sticks (7 games played)?" in run.out
    assert _saved_brain(data) is None


def test_reset_answered_no_keeps_the_brain(cli, data: Path) -> None:
    before = _saved_brain(data)
    run = cli("--data-dir", str(data), "brain", "reset", stdin="n\n")
    assert run.code == 0 and "Not reset." in run.out
    assert _saved_brain(data) == before


@pytest.mark.parametrize("stdin", ["", None], ids=["end of input", "no stdin"])
def test_reset_with_nobody_to_answer_does_not_reset_and_says_so(cli, data: Path, stdin) -> None:
    before = _saved_brain(data)
    run = cli("--data-dir", str(data), "brain", "reset", stdin=stdin)
    assert run.code == 1
    assert len(run.err_lines) == 1 and "not reset" in run.err and "--yes" in run.err
    assert _saved_brain(data) == before


def test_reset_with_yes_option_does_not_ask(cli, data: Path) -> None:
    run = cli("--data-dir", str(data), "brain", "reset", "--yes", stdin="")
    assert run.code == 0 and "?" not in run.out
    assert _saved_brain(data) is None
    again = cli("--data-dir", str(data), "brain", "reset")
    assert again.code == 0 and "nothing to reset" in again.out


def test_reset_leaves_the_leaderboard_and_other_brains_alone(cli, data: Path) -> None:
    with SqliteStore.open(data) as store:
        store.save_brain(taught_brain(games=2), "Trained AI")
        board = store.standings()
    cli("--data-dir", str(data), "brain", "reset", "--yes")
    with SqliteStore.open(data) as store:
        assert store.standings() == board
        assert store.brain_info(game_of_sticks(20), "Trained AI").games_played == 2


def test_reset_on_input_that_never_ends_a_line_is_no_answer(cli, data: Path) -> None:
    """Like ``brain reset < /dev/zero``: the line is read with a bound, never to its end."""
    before = _saved_brain(data)
    run = cli("--data-dir", str(data), "brain", "reset", stdin="y" * 2_000_000)
    assert run.code == 1
    assert len(run.err_lines) == 1 and "not reset" in run.err
    assert _saved_brain(data) == before


def test_reset_refuses_an_over_long_answer_even_if_it_starts_with_yes(cli, data: Path) -> None:
    before = _saved_brain(data)
    run = cli("--data-dir", str(data), "brain", "reset", stdin="yes" + " " * 5_000 + "\n")
    assert run.code == 0 and "Not reset." in run.out
    assert _saved_brain(data) == before
