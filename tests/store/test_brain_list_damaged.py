"""``brain list`` (and ``--json``) tell the truth about every saved brain: a row that loading
would refuse is listed as DAMAGED with a one-line reason, the others as they are, and nothing
crashes; the games the table shows are the JSON's, the brain's own count (SPEC section 12)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from sticks_tui.engine import HatBrain, parse_game
from sticks_tui.storage.sqlite.store import SqliteStore
from sticks_tui.storage.sqlite.store_file import StoreRefused
from sticks_tui.storage.sqlite.store_file import STORE_FILE_NAME

SAVED_AT = "2026-11-23T18:25:50+00:00"
STICKS = parse_game("sticks")
TAKEAWAY = parse_game("takeaway:2,3")
NIM = parse_game("nim:1,2,3")


def brain(rules, games: int) -> HatBrain:
    made = HatBrain(rules)
    made.games_played = games
    return made


@pytest.fixture
def data(tmp_path: Path) -> Path:
    """A store with a good Game of Sticks brain ("AI", 7 games) and a take-away brain
    ("Trained AI", 20 games) that each test damages."""
    data = tmp_path / "data"
    with SqliteStore.open(data, clock=lambda: SAVED_AT) as store:
        store.save_brain(brain(STICKS, 7), "AI")
        store.save_brain(brain(TAKEAWAY, 20), "Trained AI")
    return data


def damage(data: Path, sql: str, *args: object) -> None:
    """Change the take-away brain's row as another program (or a bad disk) might."""
    with sqlite3.connect(data / STORE_FILE_NAME) as db:
        db.execute(sql + " WHERE ai_name = 'Trained AI'", args)
    db.close()


def hats_of(data: Path) -> dict:
    with sqlite3.connect(data / STORE_FILE_NAME) as db:
        (text,) = db.execute(
            "SELECT brain_json FROM brains WHERE ai_name = 'Trained AI'"
        ).fetchone()
    db.close()
    return json.loads(text)


def with_hats(data: Path, change) -> str:
    saved = hats_of(data)
    change(saved["hats"])
    return json.dumps(saved)


#: (what is done to the row, a part of the reason listed)
DAMAGES = {
    "JSON that cannot be read": (
        lambda data: damage(data, "UPDATE brains SET brain_json = 'not json'"),
        "Expecting value",
    ),
    "a hat with no ball of a number": (
        lambda data: damage(data, "UPDATE brains SET brain_json = ?", with_hats(
            data, lambda hats: hats.setdefault("5", {}).update({"2": 0}))),
        "hat 5: balls 2 is 0, but a hat always keeps at least one ball of each number",
    ),
    "a hat whose count is no number": (
        lambda data: damage(data, "UPDATE brains SET brain_json = ?", with_hats(
            data, lambda hats: hats.setdefault("5", {}).update({"3": "many"}))),
        "hat 5: balls 3 must be a whole number, got 'many'",
    ),
    "a hat of a take no game has": (
        lambda data: damage(data, "UPDATE brains SET brain_json = ?", with_hats(
            data, lambda hats: hats.setdefault("5", {}).update({"4": 1}))),
        "hat 5: unknown ball numbers ['4']",
    ),
    "a key that is no game's": (
        lambda data: damage(data, "UPDATE brains SET rules_key = 'nim:1,2,3|x'"),
        "its key 'nim:1,2,3|x' is not the key of its game, Take-away {2, 3}",
    ),
    "the key of another game": (
        lambda data: damage(data, "UPDATE brains SET rules_key = 'nim:misere'"),
        "its key 'nim:misere' is not the key of its game, Take-away {2, 3}",
    ),
    "another learner's row": (
        lambda data: damage(data, "UPDATE brains SET learner = 'q'"),
        "it holds a brain of learner 'hats', not 'q'",
    ),
    "a count of games that is not the brain's": (
        lambda data: damage(data, "UPDATE brains SET games_played = 999"),
        "its row counts 999 games, its brain 20",
    ),
    "a count of games that is no number": (
        lambda data: damage(data, "UPDATE brains SET games_played = 'abc'"),
        "its count of games is 'abc', not a whole number",
    ),
    "a name that is no text": (
        lambda data: damage(data, "UPDATE brains SET ai_name = x'41ff'"),
        "its AI's name is b'A\\xff', not text",
    ),
}


@pytest.mark.parametrize("how", DAMAGES)
def test_a_damaged_brain_is_listed_as_damaged_with_its_reason(cli, data: Path, how: str) -> None:
    make, reason = DAMAGES[how]
    make(data)
    run = cli("--data-dir", str(data), "brain", "list")
    assert run.code == 0 and run.err == ""
    rows = run.out.splitlines()[1:]
    table, notes = rows[:2], rows[2:]
    sticks_row = next(row for row in table if row.startswith("sticks "))
    assert sticks_row.split()[1:4] == ["hats", "AI", "7"] and sticks_row.endswith("defaults")
    damaged_row = next(row for row in table if not row.startswith("sticks "))
    assert damaged_row.endswith("DAMAGED")
    assert len(notes) == 1 and f"is damaged ({reason}" in notes[0], notes
    assert len(notes[0]) < 400
    listed = json.loads(cli("--data-dir", str(data), "brain", "list", "--json").out)
    problems = {b["ai"]: b["problem"] for b in listed}
    assert problems["AI"] is None
    (problem,) = (p for ai, p in problems.items() if ai != "AI")
    assert problem.startswith("damaged (") and reason in problem


@pytest.mark.parametrize("how", ["a key that is no game's", "the key of another game"])
def test_a_row_under_a_key_that_is_not_its_games_is_not_listed_as_that_game(
    cli, data: Path, how: str
) -> None:
    """The row of ``nim:1,2,3|x`` is no take-away brain: nothing loads it as one."""
    DAMAGES[how][0](data)
    listed = json.loads(cli("--data-dir", str(data), "brain", "list", "--json").out)
    (row,) = (b for b in listed if b["ai"] == "Trained AI")
    assert row["game"] is None and row["game_name"] is None
    out = cli("--data-dir", str(data), "brain", "list").out
    assert "takeaway" not in out.splitlines()[1 + [b["ai"] for b in listed].index("Trained AI")]
    with SqliteStore.open(data) as store:  # indeed loading the take-away game does not find it
        assert store.load_brain(TAKEAWAY, "Trained AI") is None


def test_a_brain_listed_as_fine_loads_and_one_listed_damaged_does_not(data: Path) -> None:
    DAMAGES["a hat with no ball of a number"][0](data)
    with SqliteStore.open(data) as store:
        listed = {b.info.ai_name: b for b in store.brains()}
        assert listed["AI"].problem == "" and store.load_brain(STICKS, "AI") is not None
        assert listed["Trained AI"].problem.startswith("damaged (hat 5:")
        with pytest.raises(StoreRefused, match="hat 5"):
            store.load_brain(TAKEAWAY, "Trained AI")


@pytest.mark.parametrize("column", [999, "abc"])
def test_the_table_and_the_json_list_one_count_of_games_the_brains_own(
    cli, data: Path, column: object
) -> None:
    damage(data, "UPDATE brains SET games_played = ?", column)
    table = cli("--data-dir", str(data), "brain", "list").out.splitlines()[1:3]
    listed = json.loads(cli("--data-dir", str(data), "brain", "list", "--json").out)
    own = {"AI": 7, "Trained AI": hats_of(data)["games_played"]}
    assert own["Trained AI"] == 20
    assert {b["ai"]: b["games_played"] for b in listed} == own
    shown = {("Trained AI" if "Trained AI" in row else "AI"): row for row in table}
    for ai, games in own.items():
        assert f"  {games:,}  " in shown[ai]


def test_a_listing_rebuilds_a_brain_once_per_content(data: Path, monkeypatch) -> None:
    """The brains screen lists every time it is shown: a row already checked is not rebuilt,
    but a row changed since is."""
    from sticks_tui.storage import saved_brains

    checked: list[str] = []
    check = saved_brains.check_row
    monkeypatch.setattr(saved_brains, "_CHECKED", {})  # rows other tests listed are kept there

    def counted(info, text):
        checked.append(info.ai_name)
        return check(info, text)

    monkeypatch.setattr(saved_brains, "check_row", counted)
    with SqliteStore.open(data, clock=lambda: SAVED_AT) as store:
        store.brains()
        store.brains()
        assert sorted(checked) == ["AI", "Trained AI"]
        DAMAGES["a hat with no ball of a number"][0](data)
        (_, damaged) = sorted(store.brains(), key=lambda b: b.info.ai_name)
        assert checked[2:] == ["Trained AI"] and damaged.problem.startswith("damaged (hat 5")
