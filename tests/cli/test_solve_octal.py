"""``sticks-tui solve --game octal:CODE``: an octal game's Grundy values and their proved period
(SPEC section 16), as text and as JSON; bad codes and ``--heaps`` where it has no meaning are
refused as argparse refuses. Codes with a proved period only (the others compute 20,000 heaps),
but where pure Python's budget is made 1,000 heaps: more heaps than it computes are refused
without numba (tests/engine/test_octal_numba.py computes them where numba is installed)."""

from __future__ import annotations

import json
import sys
from collections import OrderedDict
from typing import Any

import pytest
from cli_helpers import assert_argument_error, run

from sticks_tui.cli import solve
from sticks_tui.engine.games import octal_compiled, octal_values, parse_game, theory_of
from sticks_tui.engine.games.octal_theory import OctalTheory
from sticks_tui.text.theory import theory_lines

#: Kayles' published values G(70) to G(82) (Guy and Smith; Winning Ways): G(70) = 6 is the last
#: value off the period of 12 that holds from 71 on.
KAYLES_70_TO_82 = [6, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2]
#: Dawson's Kayles, heaps 0 to 16 (0.07: takes of exactly two).
DAWSONS_KAYLES_0_TO_16 = [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5]


def solved(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    status, out, err = run(capsys, "solve", *argv, "--json")
    assert (status, err) == (0, "")
    data: dict[str, Any] = json.loads(out)
    return data


def test_kayles_json_has_a_thousand_values_and_the_proved_period(
    capsys: pytest.CaptureFixture[str],
) -> None:
    data = solved(capsys, "--game", "octal:0.77")
    assert (data["game"], data["spec"], data["code"]) == (
        "Kayles (0.77, no move loses)", "octal:0.77:20", "0.77"
    )
    grundy = data["grundy"]
    assert len(grundy) == 1000 and grundy[:5] == [0, 1, 2, 3, 1]  # heap 0 first
    assert grundy[70:83] == KAYLES_70_TO_82
    assert data["period"] == {
        "proved": True, "period": 12, "preperiod": 71, "checked_up_to": 167
    }
    assert all(grundy[n + 12] == grundy[n] for n in range(71, 988))


@pytest.mark.parametrize(
    "code, period, preperiod", [("0.07", 34, 53), ("0.137", 34, 52)]
)
def test_dawsons_games_have_their_published_periods(
    code: str, period: int, preperiod: int, capsys: pytest.CaptureFixture[str]
) -> None:
    data = solved(capsys, "--game", f"octal:{code}")
    assert data["period"]["proved"] is True
    assert (data["period"]["period"], data["period"]["preperiod"]) == (period, preperiod)
    if code == "0.07":
        assert data["grundy"][:17] == DAWSONS_KAYLES_0_TO_16


def test_heaps_gives_as_many_values_as_asked(capsys: pytest.CaptureFixture[str]) -> None:
    data = solved(capsys, "--game", "octal:0.77:12", "--heaps", "15")
    assert data["grundy"] == [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2]
    assert data["period"]["period"] == 12 and data["sticks"] == 12


def test_heaps_past_the_computed_ones_are_read_off_the_proved_period(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Half a million of Kayles' values: heap n from 71 on is heap 71 + (n - 71) mod 12."""
    grundy = solved(capsys, "--game", "octal:0.77", "--heaps", "500000")["grundy"]
    assert len(grundy) == 500_000
    assert all(grundy[n] == grundy[71 + (n - 71) % 12] for n in range(71, 500_000, 997))


def test_the_text_says_the_code_the_period_and_the_theorem(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = run(capsys, "solve", "--game", "octal:0.07:12")
    assert (status, err) == (0, "")
    assert (
        "The code 0.07 reads, digit by digit:\n"
        "  7: a take of 2 adjacent sticks may leave nothing (the whole group) or one group (from "
        "an end) or\n"
        "     two groups (from the middle).\n"  # wrapped under the digit's words
    ) in out
    flat = " ".join(out.split())
    assert flat.startswith(
        "Dawson's Kayles (0.07, no move loses): a line of 12 sticks played by the octal code 0.07"
    )
    assert "a take of 2 adjacent sticks may leave nothing (the whole group) or one group" in flat
    assert (
        "Period 34 from 53 sticks on, proved by the octal periodicity theorem: the values repeat "
        "with period 34 for every n from 53 to 2·53 + 34 + 2 - 1 (t = 2, the largest take), so "
        "for every n from 53 on."
    ) in flat
    assert "lost exactly when its groups' values xor to 0" in flat
    assert "From the start (a line of 12): the player to move wins." in flat


def test_solve_looks_further_for_a_period_than_the_app_analysis(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """0.156's period, 349 from heap 3,479, needs the values up to 7,658 for its proof. The
    app's analysis looks quickly (the family's theory: 2,828 heaps, as two of the code's takes
    split) and says no period is proved up to there, never one; solve looks within 20,000
    heaps and proves it."""
    quick = theory_of(parse_game("octal:0.156:12"))
    assert isinstance(quick, OctalTheory)
    assert (quick.proof.proved, quick.proof.checked_up_to) == (False, 2_827)
    assert "No period is proved up to 2,827 sticks" in " ".join(
        theory_lines(quick, "0.156")
    )
    assert solved(capsys, "--game", "octal:0.156:12")["period"] == {
        "proved": True, "period": 349, "preperiod": 3_479, "checked_up_to": 7_658
    }


@pytest.mark.parametrize(
    "argv, words",
    [
        (["--heaps", "10"], "--heaps gives an octal game's Grundy values"),
        (["--game", "nim:1,2", "--heaps", "10"], "write --game octal:CODE"),
        (["--game", "octal:0.77:9:misere", "--heaps", "10"], "sticky:9:2 is Sticky-Nim"),
        (["--game", "octal:0.77", "--heaps", "0"], "--heaps"),
        (["--game", "octal:0.77", "--heaps", "1000001"], "--heaps is at most 1,000,000"),
        (["--game", "octal:0.9"], "digits after the point are 0 to 7, not '9'"),
        (["--game", "octal:1.7"], "the digit before the point must be 0 or 4"),
        (["--game", "octal:0.77:99"], "a line holds 1 to 62 sticks, got 99"),
        (["--game", "octal:0.77:x"], "the length of the line is a whole number, got 'x'"),
        (["--game", "octal:0.77", "--sticks", "5"], "a take-away game, not of octal: write"),
        (["--game", "nim:1,2", "--backend", "numba"], "--backend says who computes an octal "
         "game's Grundy values: write --game octal:CODE"),
        (["--game", "octal:0.77", "--backend", "c"], "argument --backend: invalid choice: 'c'"),
    ],
)
def test_bad_arguments_are_refused_in_words(
    argv: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(capsys, "solve", *argv)
    assert out == ""
    assert_argument_error(status, err, words)


def without_numba(monkeypatch: pytest.MonkeyPatch) -> None:
    """As where numba is not installed (``import numba`` fails), whether it is or not; and pure
    Python's budget made 1,000 heaps (20,000 would take the suite seconds)."""
    monkeypatch.setattr(octal_compiled, "_kernel", None)
    monkeypatch.setitem(sys.modules, "numba", None)
    monkeypatch.setattr(octal_values, "PROOF_HEAPS_DEFAULT", 1_000)
    monkeypatch.setattr(octal_values, "PYTHON_ROUNDS_UP_TO", 256)
    monkeypatch.setattr(octal_values, "_proofs", OrderedDict())
    monkeypatch.setattr(solve, "PROOF_HEAPS_DEFAULT", 1_000)


@pytest.mark.parametrize(
    "argv, words",
    [
        ([], "no period of 0.6 is proved up to 999 heaps, so the values past heap 999 must be "
         "computed: pure Python computes 1,000 heaps at most (--heaps 1000 at most), numba more, "
         "but it cannot be had: numba is not installed (pip install 'sticks-tui[fast]' installs "
         "it)"),
        (["--backend", "python"], "no period of 0.6 is proved up to 999 heaps, so the values "
         "past heap 999 must be computed: pure Python computes 1,000 heaps at most (--heaps 1000 "
         "at most), numba more, with --backend auto or numba"),
    ],
    ids=["auto", "python"],
)
def test_more_heaps_than_python_computes_without_numba_are_refused_in_words(
    argv: list[str], words: str, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    without_numba(monkeypatch)
    status, out, err = run(capsys, "solve", "--game", "octal:0.6", "--heaps", "1001", *argv)
    assert out == ""
    assert_argument_error(status, err, f"argument --heaps: {words}")
    assert len(solved(capsys, "--game", "octal:0.6", "--heaps", "1000", *argv)["grundy"]) == 1000


def test_backend_numba_without_numba_says_so(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    without_numba(monkeypatch)
    status, out, err = run(capsys, "solve", "--game", "octal:0.07", "--backend", "numba")
    assert out == ""
    assert_argument_error(
        status, err, "argument --backend: numba is not installed (pip install 'sticks-tui[fast]' "
        "installs it), or give --backend python",
    )
