"""Players' names on the command line: one name is one leaderboard row, so a person may not take
a computer player's name, nor the other player's (``records.names_problem``), nor a name that
only looks like a machine's or mixes scripts (``text.names.name_look_problem``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sticks_tui.engine.machines import COMPUTER_PLAYER_NAMES, LEARNING_AI_NAME, TRAINED_AI_NAME
from sticks_tui.text.names import (
    LATIN_LOOKALIKES,
    brain_name_problem,
    name_from_typed,
    name_look_problem,
    names_problem,
    typed_name_problem,
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
    assert typed_name_problem("  Zoë\u00a0Lee 😀 ") is None
    assert typed_name_problem("名人\u3000😀") is None
    for name in CONTROL_NAMES + ["\x00", "\x7f", "a\u202eb", "\x1c"]:
        assert typed_name_problem(name) == NO_CONTROL[:1].upper() + NO_CONTROL[1:], repr(name)


# -- names read as they look ---------------------------------------------------------------------
CYRILLIC_A, CYRILLIC_I = "\u0410", "\u0406"  # А, І: drawn as the Latin A and I
MIXED = (
    f'"{CYRILLIC_A}I" mixes letters of two alphabets (Latin and Cyrillic); please type it in one'
)
LOOKS_LIKE_AI = (
    f'"{CYRILLIC_A}{CYRILLIC_I}" looks like "AI", the name of a computer player; please choose '
    "another"
)


@pytest.mark.parametrize(
    ("name", "message"),
    [
        (f"{CYRILLIC_A}I", MIXED),  # the room's AI, its A Cyrillic
        (f"{CYRILLIC_A}{CYRILLIC_I}", LOOKS_LIKE_AI),  # all Cyrillic: one script, the AI's look
        ("R\u0430ndom AI", '"Rаndom AI" mixes letters of two alphabets (Latin and Cyrillic); '
         "please type it in one"),
        ("\u039f\u039b\u0391 \u0410", '"ΟΛΑ А" mixes letters of two alphabets (Greek and '
         "Cyrillic); please type it in one"),
        ("Ann \u674e \u0410", '"Ann 李 А" mixes letters of three alphabets (Latin, Han and '
         "Cyrillic); please type it in one"),
        ("\u0391\u0399", '"ΑΙ" looks like "AI", the name of a computer player; please choose '
         "another"),  # Greek
        ("\uff34\uff52\uff41\uff49\uff4e\uff45\uff44 \uff21\uff29", '"Ｔｒａｉｎｅｄ ＡＩ" looks '
         'like "Trained AI", the name of a computer player; please choose another'),  # fullwidth
        ("\U0001d400\U0001d408", '"𝐀𝐈" looks like "AI", the name of a computer player; please '
         "choose another"),  # mathematical bold
        ("\u041c\u0456\u0445\u0435\u0501 \u0430\u0456", '"Міхеԁ аі" looks like "Mixed AI", the '
         "name of a computer player; please choose another"),
        ("\ua4ee\ua4f2", '"ꓮꓲ" looks like "AI", the name of a computer player; please choose '
         "another"),  # Lisu
        ("AI\u034f", '"AI\u034f" looks like "AI", the name of a computer player; please choose '
         "another"),  # an invisible mark after the AI's own name
    ],
)
def test_a_name_that_only_looks_like_a_machines_or_mixes_scripts_is_refused(
    name: str, message: str
) -> None:
    assert typed_name_problem(name) == message
    assert typed_name_problem(f"  {name} ") == message  # as typed: tidied first
    with pytest.raises(ValueError) as refused:
        name_from_typed(name)
    assert str(refused.value) == message


ACCEPTED = ["Al", "AI Lee", "Ada", "Иван", "Ελένη", "李雷", "山田 たろう", "ヤマダ 太郎", "김 金",
            "José", "Jose\u0301", "Zoë", "O'Brien 2", "Ann 😀", "ʻOla", "Ai-chan", "Α", "Мах"]


@pytest.mark.parametrize("name", ACCEPTED)
def test_names_in_one_script_are_still_names(name: str) -> None:
    """"Al" is a Latin A and a lowercase L: a Latin name stays a name, however it is drawn."""
    assert typed_name_problem(name) is None
    assert name_from_typed(name) == name


@given(st.text(alphabet=st.characters(min_codepoint=0x20, max_codepoint=0x7E), max_size=40))
def test_no_name_typed_in_ascii_is_refused_for_its_look(name: str) -> None:
    assert name_look_problem(name) is None


@given(st.data())
def test_a_machines_name_with_any_of_its_letters_drawn_from_another_script_is_refused(
    data: st.DataObject,
) -> None:
    """Every computer player's name, each of its letters kept or swapped for a non-Latin letter
    drawn like it (at least one swapped): refused, as mixing scripts or looking like it."""
    machine = data.draw(st.sampled_from(COMPUTER_PLAYER_NAMES))
    lookalikes: dict[str, list[str]] = {}
    for char, latin in LATIN_LOOKALIKES.items():
        lookalikes.setdefault(latin, []).append(char)
    swappable = [i for i, char in enumerate(machine) if char in lookalikes]
    swapped = data.draw(st.sets(st.sampled_from(swappable), min_size=1))
    name = "".join(
        data.draw(st.sampled_from(lookalikes[char])) if i in swapped else char
        for i, char in enumerate(machine)
    )
    assert name_look_problem(name) is not None, name
    with pytest.raises(ValueError):
        name_from_typed(name)


@pytest.mark.parametrize(
    ("name", "message"),
    [(f"{CYRILLIC_A}I", MIXED), (f"{CYRILLIC_A}{CYRILLIC_I}", LOOKS_LIKE_AI)],
)
@pytest.mark.parametrize("option", ["--player1", "--player2"])
def test_the_command_line_refuses_them_before_anything_plays(
    option: str, name: str, message: str, cli, tmp_path: Path
) -> None:
    run = cli("--data-dir", str(tmp_path), option, name, "--classic",
              stdin="10\n1\n3\n3\n3\n1\n0\n")
    assert run.code == 2
    assert run.err_lines[-1] == f"sticks-tui: error: argument {option}: {message}"
    assert run.out == ""
    assert not (tmp_path / "records.sqlite3").exists()


def test_the_classic_console_plays_names_of_any_one_script(cli, tmp_path: Path) -> None:
    run = cli("--data-dir", str(tmp_path), "--seed", "1", "--player1", "Иван", "--player2", "Al",
              "--classic", stdin="10\n1\n3\n3\n3\n1\n0\n")
    assert run.code == 0 and "Al, you lose." in run.out
    board = json.loads(cli("--data-dir", str(tmp_path), "leaderboard", "--json").out)
    assert {row["name"] for row in board} == {"Иван", "Al"}


def test_brain_import_refuses_such_a_name_and_reset_still_reaches_one_saved_before(
    cli, tmp_path: Path
) -> None:
    """A brain planted under "АІ" before the rule can still be found and forgotten."""
    from sticks_tui.engine import HatBrain, game_of_sticks
    from sticks_tui.storage.brain_files import brain_json
    from sticks_tui.storage.sqlite.store import SqliteStore

    planted = f"{CYRILLIC_A}{CYRILLIC_I}"
    brain = tmp_path / "brain.json"
    brain.write_text(brain_json(HatBrain(game_of_sticks(10))), encoding="utf-8")
    run = cli("--data-dir", str(tmp_path), "brain", "import", str(brain), "--ai", planted)
    assert run.code == 2
    assert run.err_lines[-1] == f"sticks-tui brain import: error: argument --ai: {LOOKS_LIKE_AI}"

    with SqliteStore.open(tmp_path) as store:  # saved before the rule
        store.save_brain(HatBrain(game_of_sticks(10)), planted)
    listed = json.loads(cli("--data-dir", str(tmp_path), "brain", "list", "--json").out)
    assert [row["ai"] for row in listed] == [planted]
    run = cli("--data-dir", str(tmp_path), "brain", "reset", "--ai", planted, "--yes")
    assert run.code == 0, run.err
    assert json.loads(cli("--data-dir", str(tmp_path), "brain", "list", "--json").out) == []


def test_a_name_remembered_before_the_rule_is_not_offered_again() -> None:
    from sticks_tui.storage.records import MemoryRecords
    from sticks_tui.ui.session import recalled_names

    records = MemoryRecords()
    records.remember({"player1_name": "Ann", "player2_name": f"{CYRILLIC_A}{CYRILLIC_I}"})
    assert recalled_names(records) == ("Player 1", "Player 2")
    records.remember({"player1_name": "Ann", "player2_name": "Иван"})
    assert recalled_names(records) == ("Ann", "Иван")


# -- a brain's name (issue 33) -----------------------------------------------------------------
@pytest.mark.parametrize(
    ("ai", "machine"),
    [("random", "Random AI"), ("perfect ai", "Perfect AI"), ("Mixed", "Mixed AI")],
)
def test_brain_import_refuses_the_name_of_a_machine_that_plays_no_brain(
    ai: str, machine: str, cli, tmp_path: Path
) -> None:
    """A brain imported as "random" was listed beside the random player, as if it were it."""
    from sticks_tui.engine import HatBrain, game_of_sticks
    from sticks_tui.storage.brain_files import brain_json

    brain = tmp_path / "brain.json"
    brain.write_text(brain_json(HatBrain(game_of_sticks(20))))
    data = tmp_path / "data"
    run = cli("--data-dir", str(data), "brain", "import", "--ai", ai, str(brain))
    assert run.code == 2
    assert run.err_lines[-1] == (
        f'sticks-tui brain import: error: argument --ai: "{ai}" is the name of a computer '
        f"player ({machine}) that plays no brain; please choose another name for the brain"
    )
    assert cli("--data-dir", str(data), "brain", "list").out.startswith("No brains saved yet")


def test_a_brain_keeps_the_learning_machines_names_and_a_person_may_be_random() -> None:
    """The learning machines' names are their brains' ("AI", "Trained AI"); a person may be
    called "random" (no machine plays under it: it is a word of the lists)."""
    assert brain_name_problem("AI") is None and brain_name_problem("Trained AI") is None
    assert brain_name_problem("Q-learning AI") is None and brain_name_problem("Randy") is None
    assert brain_name_problem("Random AI") is not None
    assert brain_name_problem("\u0440\u0430ndom") is not None  # its р and а Cyrillic
    assert names_problem(["random"]) is None


@pytest.mark.parametrize("name", ["self", "Self", "mixed:0.5", "mixed: 1", "a=300", "x,y"])
def test_a_brain_may_not_be_named_as_the_labs_opponent_is_written(name: str) -> None:
    """The newcomer's tour: "self" and "mixed:0.5" were taken as brain names, which the lab's
    Against field then reads as self-play and as a mixed player, never as the brain."""
    problem = brain_name_problem(name)
    assert problem is not None and "how the lab's opponent is written" in problem
    assert brain_name_problem("Selfie") is None and brain_name_problem("Mixer") is None
