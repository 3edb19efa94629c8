"""``sticks-tui solve`` for every game: take-away's table and period (seed 003's figures), Nim's
nim-sum in binary and its misère twist, Sticky-Nim's Grundy values, octal code and lost
configurations (seed 004's), as text and as JSON."""

from __future__ import annotations

import json
import re

import pytest
from cli_helpers import assert_argument_error, run, run_program


def table_rows(out: str) -> dict[int, tuple[str, str]]:
    """The take-away table as {sticks: (player to move, winning move)}."""
    rows = {}
    for line in out.splitlines():
        match = re.fullmatch(r"\s*(\d+)  (wins|loses)\s+(.*)", line)
        if match:
            rows[int(match[1])] = (match[2], match[3])
    return rows


# -- take-away: the output of before --game, unchanged ---------------------------------------------
def test_solve_game_of_sticks_shows_lost_positions_one_mod_four_and_winning_moves(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = run(capsys, "solve")
    assert (status, err) == (0, "")
    assert out.startswith(
        "Game of Sticks: take 1, 2 or 3 sticks a turn; whoever takes the last stick loses.\n\n"
        "sticks  player to move  winning move\n"
        "------  --------------  ------------\n"
        "     1  loses           - (every move loses)\n"
        "     2  wins            take 1\n"
    )
    rows = table_rows(out)
    assert sorted(rows) == list(range(1, 21))  # 20 sticks by default
    for n, (outcome, move) in rows.items():
        if n % 4 == 1:
            assert outcome == "loses" and move.startswith("-")
        else:
            assert (outcome, move) == ("wins", f"take {(n - 1) % 4}")
    assert out.endswith(
        "Lost for the player to move: 1, 5, 9, 13, 17\n"
        "Rule: lost when n ≡ 1 (mod 4)\n"
        "Period: 4 (wins and losses repeat every 4 sticks)\n"
        "Proved: each heap from 3 sticks on follows from the 3 heaps below it, and heaps 0 to 2 "
        "win or lose\nas the heaps 4 above them do, so the period holds for every heap.\n"
        "Solver remembering each heap it solved: 44 evaluations to solve 20 sticks\n"
        '(The count without remembering is given for the ending "no move loses".)\n'
    )


@pytest.mark.parametrize(
    "argv",
    [
        ["--sticks", "50", "--takes", "2,3,5", "--normal"],
        ["--sticks", "50", "--game", "takeaway:2,3,5:normal"],
    ],
)
def test_solve_seed_003_game_shows_mod_seven_rule_and_memoization_figures(
    argv: list[str], capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = run(capsys, "solve", *argv)
    assert status == 0
    lost = {n for n, (outcome, _) in table_rows(out).items() if outcome == "loses"}
    assert lost == {n for n in range(1, 51) if n % 7 in (0, 1)}
    assert (
        "Rule: lost when n mod 7 is one of 0, 1\n"
        "Period: 7 (wins and losses repeat every 7 sticks)\n"
    ) in out
    assert "Solver remembering each heap it solved: 110 evaluations to solve 50 sticks" in out
    assert "Solver solving every heap again each time it meets it: 2,305,817 calls" in out
    assert table_rows(out)[1] == ("loses", "- (no move possible)")


def test_solve_json_is_one_object_with_the_documented_fields(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = run(capsys, "solve", "-n", "50", "--takes", "5,3,2", "--normal", "--json")
    assert status == 0
    data = json.loads(out)
    assert data["rules"] == {"game": "takeaway", "takes": [2, 3, 5], "ending": "normal"}
    assert (data["spec"], data["theory"]) == ("takeaway:2,3,5:normal", "takeaway")
    assert data["sticks"] == 50
    assert [p["sticks"] for p in data["positions"]] == list(range(1, 51))
    assert data["lost_positions"] == [n for n in range(1, 51) if n % 7 in (0, 1)]
    assert data["positions"][5] == {"sticks": 6, "outcome": "won", "winning_moves": [5]}
    assert data["rule"]["period"] == 7 and data["rule"]["lost_residues"] == [0, 1]
    assert data["evaluations"] == {"memoized": 110, "plain_recursion": 2305817}


def test_solve_misere_prints_no_plain_recursion_count(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "solve", "--json")
    data = json.loads(out)
    assert data["game"] == "Game of Sticks"
    assert data["evaluations"]["plain_recursion"] is None
    assert data["evaluations"]["memoized"] > 0
    _, text, _ = run(capsys, "solve")
    assert "again each time" not in text and '"no move loses"' in text


def test_solve_hides_plain_count_when_seed_003_recursion_would_misjudge_a_heap(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # With takes 2 and 5, four sticks are lost (2 -> 2 sticks, which wins), but seed 003's
    # can_win(4) would try taking 5 and call it a win; its call count compares nothing.
    _, out, _ = run(capsys, "solve", "-n", "30", "--takes", "2,5", "--normal", "--json")
    data = json.loads(out)
    assert 4 in data["lost_positions"]
    assert data["evaluations"]["plain_recursion"] is None
    _, text, _ = run(capsys, "solve", "-n", "30", "--takes", "2,5", "--normal")
    assert text.endswith(
        "(No count without remembering: that solver would take 5 from 4 sticks and misjudge 4.)\n"
    )


def test_solve_normal_ending_with_takes_one_to_three_loses_on_multiples_of_four(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _, out, _ = run(capsys, "solve", "--normal", "--json", "-n", "40")
    data = json.loads(out)
    assert data["lost_positions"] == list(range(4, 41, 4))
    assert data["rule"]["description"] == "lost when n ≡ 0 (mod 4)"
    assert data["evaluations"]["plain_recursion"] > data["evaluations"]["memoized"]


# -- the rule is proved (issue 20) -----------------------------------------------------------------
@pytest.mark.parametrize("sticks", ["1", "20", "36"])
def test_solve_takes_2_5_7_states_period_22_at_any_sticks_never_never_lost(
    sticks: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = run(capsys, "solve", "--game", "takeaway:2,5,7", "--sticks", sticks)
    assert status == 0
    assert "Rule: lost when n mod 22 is one of 2, 3, 6, 12, 15, 16\n" in out
    assert "Period: 22 (wins and losses repeat every 22 sticks)\n" in out
    assert "never" not in out


def test_solve_json_says_the_rule_is_proved_and_up_to_which_heap(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = run(capsys, "solve", "--game", "takeaway:3,5,8,13,19,20", "--json")
    assert status == 0
    assert json.loads(out)["rule"] == {
        "proved": True,
        "description": "lost when n mod 43 is one of 3, 5, 14, 15, 21, 30, 31, 32, 42, for n ≥ 5",
        "period": 43,
        "lost_residues": [3, 5, 14, 15, 21, 30, 31, 32, 42],
        "from_sticks": 5,
        "checked_up_to": 67,
    }


def test_solve_a_take_of_99999999_answers_no_period_at_once(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """It ran 219 s and died of MemoryError: a proof needs heaps beyond the largest take."""
    status, out, _ = run(capsys, "solve", "--game", "takeaway:99999999")
    assert status == 0
    assert "Rule: no period up to 99,999,998 sticks\n" in out
    assert "Period:" not in out
    status, out, _ = run(capsys, "solve", "--game", "takeaway:99999999", "--json")
    assert json.loads(out)["rule"] == {
        "proved": False,
        "description": "no period up to 99,999,998 sticks",
        "period": None,
        "lost_residues": None,
        "from_sticks": None,
        "checked_up_to": 99_999_998,
    }


# -- Nim ---------------------------------------------------------------------------------------
def test_solve_nim_shows_the_nim_sum_of_the_piles_in_binary_and_the_misere_twist(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = run(capsys, "solve", "--game", "nim:1,3,5,7")
    assert (status, err) == (0, "")
    assert "nim-sum" in out
    rows = [line.split() for line in out.splitlines() if line.startswith(("  pile", "  nim-sum"))]
    assert rows == [
        ["pile", "0", "1", "001"], ["pile", "1", "3", "011"], ["pile", "2", "5", "101"],
        ["pile", "3", "7", "111"], ["nim-sum", "0", "000"],
    ]
    assert "misère twist" in out and "odd number of 1-piles" in out
    assert "the nim-sum is 0, so the player to move loses" in out


def test_solve_nim_names_the_winning_move_that_makes_the_nim_sum_zero(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _, out, _ = run(capsys, "solve", "--game", "nim:1,3,5")
    assert "take 3 from pile 2 (leaves 1, 3, 2: nim-sum 0)" in " ".join(out.split())
    _, text, _ = run(capsys, "solve", "--game", "nim:1,3,5", "--json")
    data = json.loads(text)
    assert (data["theory"], data["nim_sum"], data["nim_sum_binary"]) == ("nim", 7, "111")
    assert data["start"]["winning_moves"] == [
        {"pile": 2, "take": 3, "leaves": [1, 3, 2], "nim_sum": 0}
    ]


def test_solve_normal_nim_has_no_misere_twist(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "solve", "--game", "nim:1,1,1:normal")
    assert "misère" not in out and "whoever takes the last object wins" in " ".join(out.split())
    _, misere, _ = run(capsys, "solve", "--game", "nim:1,1,1")
    assert "3 of them hold 1 (an odd number), so the player to move loses" in " ".join(
        misere.split()
    )


# -- Sticky-Nim --------------------------------------------------------------------------------
def test_solve_sticky_gives_the_grundy_values_of_a_group_and_the_octal_code(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = run(capsys, "solve", "--game", "sticky:20:3")
    assert (status, err) == (0, "")
    assert "0.777" in out and "Grundy values" in out
    grundy = {
        int(line.split()[0]): [int(g) for g in line.split()[1:]]
        for line in out.split("Grundy values", 1)[1].splitlines()[2:5]
    }
    assert grundy == {
        0: [0, 1, 2, 3, 4, 1, 6, 3, 2, 1],
        10: [6, 7, 4, 5, 8, 1, 10, 5, 4, 7],
        20: [6],
    }


def test_solve_sticky_lists_seed_004s_lost_configurations(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _, out, _ = run(capsys, "solve", "--game", "sticky:20:3")
    lines = out.splitlines()
    assert "   1 stick:  a group of 1" in lines
    assert "   3 sticks: groups of 1, 1, 1" in lines
    assert "   4 sticks: groups of 2, 2" in lines
    assert "   6 sticks: groups of 3, 3; groups of 3, 2, 1; groups of 2, 2, 1, 1" in lines
    assert " ".join(lines[-2:]).endswith(  # the board's words, as analyze and the hint say them
        "Winning move: take 2 of 20 → 9 + 9 (\"2 of 20 → 9 + 9\": take 2 adjacent sticks from a "
        "group of 20, leaving groups of 9 and 9)."
    )
    _, text, _ = run(capsys, "solve", "--game", "sticky:20:3", "--json")
    data = json.loads(text)
    assert data["octal_code"] == "0.777"
    configurations = data["lost_configurations"]["configurations"]
    assert configurations[:3] == [[1], [1, 1, 1], [2, 2]]
    assert len(configurations) == 113


def test_solve_sticky_octal_code_has_one_seven_per_take(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "solve", "--game", "sticky:12:5")
    assert "0.77777" in out and "0.777777" not in out
    assert "tame" in out


def test_game_before_the_command_works_like_after(capsys: pytest.CaptureFixture[str]) -> None:
    _, before, _ = run(capsys, "--game", "nim:1,3,5,7", "solve")
    _, after, _ = run(capsys, "solve", "--game", "nim:1,3,5,7")
    assert "nim-sum" in before and before == after
    _, heap, _ = run(capsys, "--sticks", "30", "solve")
    assert "Solver remembering each heap it solved: 66 evaluations to solve 30 sticks" in heap
    status, out, err = run(capsys, "--game", "nim", "solve", "--game", "nim:1,2")
    assert_argument_error(status, err, "argument --game: given before the command ('nim') and after")
    assert out == ""


# -- bad arguments -----------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["--sticks", "-3"], "--sticks"),
        (["--sticks", "ten"], "--sticks"),
        (["--sticks", "2.5"], "--sticks"),
        (["--sticks", "9"], "10 to 100 sticks"),
        (["--sticks", "101"], "10 to 100 sticks"),
        (["--takes", "2,3,5", "--sticks", "1001"], "1 to 1000 sticks"),
        (["--takes", "0"], "--takes"),
        (["--takes", "1,,2"], "--takes"),
        (["--takes", "a"], "--takes"),
        (["--takes", "-1,2"], "--takes"),
        (["--game", "chess"], "there is no game 'chess'"),
        (["--game", "nim:0,3"], "nim:PILES"),
        (["--game", "sticky:63"], "1 to 62"),
        (["--game", "nim", "--sticks", "5"], "--sticks sets the heap of a take-away game"),
        (["--game", "nim", "--takes", "2"], "either --game or --takes"),
        (["--gam", "nim"], "unrecognized arguments: --gam"),
    ],
    ids=lambda value: " ".join(value) if isinstance(value, list) else "",
)
def test_bad_argument_is_one_error_line_and_exit_2(
    argv: list[str], fragment: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(capsys, "solve", *argv)
    assert_argument_error(status, err, fragment)
    assert out == ""


def test_program_bad_argument_exits_2_without_traceback() -> None:
    result = run_program("solve", "--takes", "1,,2")
    assert result.returncode == 2
    assert result.stdout == ""
    assert_argument_error(2, result.stderr, "argument --takes")


def test_program_solve_exits_0_with_the_table() -> None:
    result = run_program("solve", "--sticks", "50", "--takes", "2,3,5", "--normal")
    assert result.returncode == 0 and result.stderr == ""
    assert "2,305,817" in result.stdout
