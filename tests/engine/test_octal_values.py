"""Octal games' Grundy values and proved periods (SPEC section 16)."""

from __future__ import annotations

import itertools
import sys
from array import array
from collections import OrderedDict
from collections.abc import Callable, Iterator
from functools import cache

import pytest

from sticks_tui.engine.games import octal_compiled, octal_values
from sticks_tui.engine.games.octal_code import OctalCode, OctalCodeError, parse_code
from sticks_tui.engine.games.octal_values import grundy_values, prove_period

#: Every code of up to three digits after the point, with 0 or 4 before it.
CODES_UP_TO_THREE_DIGITS = [
    f"{before}.{''.join(digits)}"
    for before in "04"
    for k in (1, 2, 3)
    for digits in itertools.product("01234567", repeat=k)
    if digits[-1] != "0"
] + ["4."]


def lost_by_search(digits: tuple[int, ...]) -> Callable[[tuple[int, ...]], bool]:
    """Normal play, by search over positions (sorted heaps): lost when no move leads to a lost
    position. The moves are read off the digits here, independently of the program's lists."""

    @cache
    def leaves_of(heap: int) -> tuple[tuple[int, ...], ...]:
        """What one heap may become (a split once, the smaller side first)."""
        leaves: list[tuple[int, ...]] = []
        for take, digit in enumerate(digits):
            left = heap - take
            if left < 0:
                continue
            if take > 0 and left == 0 and digit & 1:
                leaves.append(())
            if take > 0 and left > 0 and digit & 2:
                leaves.append((left,))
            if digit & 4:
                leaves.extend((a, left - a) for a in range(1, left // 2 + 1))
        return tuple(leaves)

    def children(position: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        for i, heap in enumerate(position):
            if i and heap == position[i - 1]:
                continue  # the same heap again: the same children
            rest_of = position[:i] + position[i + 1 :]
            for leave in leaves_of(heap):
                yield tuple(sorted(rest_of + leave))

    @cache
    def lost(position: tuple[int, ...]) -> bool:
        return not any(lost(child) for child in children(position))

    return lost


def test_every_code_of_up_to_three_digits_has_the_values_a_search_of_sums_finds() -> None:
    """G(a) xor G(b) xor G(c) = 0 exactly when the sum of the heaps a, b and c is lost (and
    likewise for two heaps and one), checked by a win/loss search, not by a second mex."""
    heaps = 5
    for text in CODES_UP_TO_THREE_DIGITS:
        code = parse_code(text)
        g = grundy_values(code, heaps + 1)
        lost = lost_by_search(code.digits)
        for size in (1, 2, 3):
            for position in itertools.combinations_with_replacement(range(1, heaps + 1), size):
                xor = 0
                for heap in position:
                    xor ^= g[heap]
                assert lost(position) == (xor == 0), (text, position, g)


@pytest.mark.parametrize(
    ("code", "period", "preperiod"),
    [("0.77", 12, 71), ("0.07", 34, 53), ("0.137", 34, 52)],
    ids=["Kayles", "Dawson's Kayles", "Dawson's Chess"],
)
def test_the_published_periods_are_proved_and_hold_far_past_their_proof(
    code: str, period: int, preperiod: int
) -> None:
    proof = prove_period(parse_code(code))
    assert (proof.proved, proof.period, proof.preperiod) == (True, period, preperiod)
    assert proof.checked_up_to == 2 * preperiod + 2 * period + proof.code.largest_take - 1
    far = 20 * proof.checked_up_to
    values = grundy_values(parse_code(code), far)
    assert [proof.value(n) for n in range(far)] == values
    # the preperiod is the first heap from which they repeat: the heap before it does not
    assert values[preperiod - 1] != values[preperiod - 1 + period]


@pytest.mark.parametrize("code", ["0.007", "0.6"], ids=["Treblecross", "0.6"])
def test_no_period_is_claimed_where_none_is_known(code: str) -> None:
    proof = prove_period(parse_code(code), heaps=3000)
    assert not proof.proved
    assert proof.describe() == "no period up to 2,999 sticks"
    assert proof.value(3000) is None  # nothing is read off a period that is not proved


def test_a_period_found_by_the_theorem_is_only_stated_once_the_values_reach_its_bound() -> None:
    """Kayles' values up to heap 166 satisfy its period only over a shorter range than the
    theorem asks (2 n0 + 2p + t - 1 = 167): no proof from them."""
    assert not prove_period(parse_code("0.77"), heaps=167).proved
    assert prove_period(parse_code("0.77"), heaps=168).proved


def test_every_stated_period_of_the_short_codes_holds_past_its_proof() -> None:
    """For each code of up to three digits, a period stated from 160 heaps holds to four times
    the heap its proof needed."""
    proved = 0
    for text in CODES_UP_TO_THREE_DIGITS:
        code = parse_code(text)
        proof = prove_period(code, heaps=160)
        if proof.proved:
            proved += 1
            far = 4 * proof.checked_up_to
            values = grundy_values(code, far)
            assert [proof.value(n) for n in range(far)] == values, text
    assert proved > len(CODES_UP_TO_THREE_DIGITS) // 2  # most short codes are periodic


@pytest.mark.parametrize(
    ("typed", "digits"),
    [("0.77", (0, 7, 7)), (".137", (0, 1, 3, 7)), ("4.7", (4, 7)), ("0.70", (0, 7)),
     (" 4.07 ", (4, 0, 7)), ("4.", (4,))],
)
def test_codes_are_read_as_people_write_them(typed: str, digits: tuple[int, ...]) -> None:
    assert parse_code(typed) == OctalCode(digits)


@pytest.mark.parametrize(
    ("typed", "words"),
    [
        ("77", "a code has a point"),
        ("1.7", "before the point must be 0 or 4"),
        ("0.78", "are 0 to 7, not '8'"),
        ("0.00", "allows no move at all"),
        ("0." + "7" * 33, "at most 32 digits"),
    ],
)
def test_codes_that_are_not_octal_games_are_refused_in_words(typed: str, words: str) -> None:
    with pytest.raises(OctalCodeError, match=words):
        parse_code(typed)


def without_numba(monkeypatch: pytest.MonkeyPatch) -> None:
    """As where numba is not installed (``import numba`` fails), whether it is or not."""
    monkeypatch.setattr(octal_compiled, "_kernel", None)
    monkeypatch.setitem(sys.modules, "numba", None)


@pytest.mark.parametrize("batch", [300, 1])
@pytest.mark.parametrize("text", ["0.007", "0.6", "4.07", "0.137", "0.777", "4.", "0.16"])
def test_the_compiled_loop_run_as_plain_python_gives_the_same_values(text: str, batch: int) -> None:
    """The kernel numba compiles (the extra ``sticks-tui[fast]``) is plain code: run here by
    Python on arrays, from a table of two entries so that it asks for larger ones on the way,
    as its caller (CompiledValues.extend_to) answers it, in batches of heaps: a table filled by
    a batch's last heap was missed (and compiled, the next XORs wrote past the table).
    tests/engine/test_octal_numba.py compares the compiled loop."""
    code = parse_code(text)
    heaps = 300
    digits = array("q", code.digits)
    values = array("I", bytes(4 * heaps))
    table = array("i", bytes(4 * 2))
    done = 1
    while done < heaps:
        stop = min(heaps, done + batch)
        reached = octal_compiled._grundy_run(digits, values, table, done, stop)
        if reached < stop:
            table = array("i", bytes(8 * len(table)))
        done = reached
    assert values.tolist() == grundy_values(code, heaps)
    assert len(table) > max(values)  # it grew: the values reach past two


def test_auto_without_numba_computes_no_more_than_pure_pythons_budget(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Asked for more heaps than Python's budget (made 1,000 here), ``auto`` without numba stops
    there, and claims no period beyond what it computed; ``numba`` says why it cannot."""
    without_numba(monkeypatch)
    monkeypatch.setattr(octal_values, "PROOF_HEAPS_DEFAULT", 1_000)
    monkeypatch.setattr(octal_values, "PYTHON_ROUNDS_UP_TO", 256)
    proof = prove_period(parse_code("0.6"), heaps=3_000, backend="auto")
    assert (proof.proved, len(proof.values)) == (False, 1_000)
    assert proof.describe() == "no period up to 999 sticks"
    assert list(proof.values) == grundy_values(parse_code("0.6"), 1_000)
    with pytest.raises(octal_compiled.KernelUnavailable, match=r"numba is not installed \(pip "
                       r"install 'sticks-tui\[fast\]' installs it\)"):
        prove_period(parse_code("0.6"), heaps=3_000, backend="numba")


def test_a_kept_proof_is_not_handed_to_a_backend_that_computes_more(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``auto`` without numba stops at Python's budget (made 1,000): its proof, kept, is not
    the one ``python`` (which computes every heap asked) gets for the same code and heaps."""
    without_numba(monkeypatch)
    monkeypatch.setattr(octal_values, "PROOF_HEAPS_DEFAULT", 1_000)
    monkeypatch.setattr(octal_values, "PYTHON_ROUNDS_UP_TO", 256)
    monkeypatch.setattr(octal_values, "_proofs", OrderedDict())
    code = parse_code("0.6")
    assert octal_values.octal_period(code, 1_500, backend="auto").checked_up_to == 999
    proof = octal_values.octal_period(code, 1_500, backend="python")
    assert (proof.describe(), len(proof.values)) == ("no period up to 1,499 sticks", 1_500)
