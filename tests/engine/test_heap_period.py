"""The period of a take-away game's lost heaps is proved, never read off a short table (SPEC
section 12): issue 20's examples, a property test against a plainly solved table far past the
proof, the bound and its "no period up to N", and one proof per game."""

from __future__ import annotations

from collections import OrderedDict

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sticks_tui.engine import TakeAway, game_of_sticks
from sticks_tui.engine import period_proof as proofs
from sticks_tui.engine.period_proof import (
    PROOF_HEAPS_MAX,
    PROOF_WORK,
    heap_period,
    known_heap_period,
    proof_heaps,
    prove_period,
)
from sticks_tui.engine.solver import PeriodicRule, heap_outcomes


def lost_table(takes: tuple[int, ...], misere: bool, upto: int) -> list[bool]:
    """Heaps 0..upto solved plainly, one by one: True where the player to move loses."""
    return [not won for won in heap_outcomes(TakeAway(0, takes, misere), upto)]


# -- issue 20's examples ---------------------------------------------------------------------------
def test_takes_2_5_7_are_lost_with_period_22_not_never_from_35() -> None:
    proof = prove_period((2, 5, 7), True)
    assert (proof.period, proof.residues, proof.start) == (22, (2, 3, 6, 12, 15, 16), 0)
    assert proof.describe() == "lost when n mod 22 is one of 2, 3, 6, 12, 15, 16"
    lost = lost_table((2, 5, 7), True, 1000)
    assert [n for n in range(1000) if lost[n]][-3:] == [992, 993, 996]  # lost heaps go on
    assert all(lost[n] == (n % 22 in (2, 3, 6, 12, 15, 16)) for n in range(1001))


def test_takes_3_5_8_13_19_20_have_period_43_not_never_from_86() -> None:
    proof = prove_period((3, 5, 8, 13, 19, 20), True)
    assert (proof.period, proof.start) == (43, 5)
    assert proof.residues == (3, 5, 14, 15, 21, 30, 31, 32, 42)
    assert proof.checked_up_to == 5 + 43 + 20 - 1  # heaps 5..24 against 48..67
    lost = lost_table((3, 5, 8, 13, 19, 20), True, 2000)
    assert all(lost[n] == (n % 43 in proof.residues) for n in range(5, 2001))
    assert lost[4] != lost[4 + 43]  # and not from heap 4


def test_seed_003s_game_and_the_game_of_sticks() -> None:
    assert heap_period(TakeAway(50, (2, 3, 5), misere=False)).rule == PeriodicRule(7, (0, 1), 0)
    assert heap_period(game_of_sticks(20)).rule == PeriodicRule(4, (1,), 0)


# -- the property ----------------------------------------------------------------------------------
@settings(max_examples=300, deadline=None)
@given(
    largest=st.integers(1, 12),
    others=st.sets(st.integers(1, 11), max_size=8),
    misere=st.booleans(),
)
def test_the_stated_rule_holds_far_past_the_proof(
    largest: int, others: set[int], misere: bool
) -> None:
    takes = tuple(sorted({t for t in others if t < largest} | {largest}))
    proof = prove_period(takes, misere)
    assert proof.proved  # with takes up to 20 a proof always fits the bound
    window = proof.checked_up_to
    lost = lost_table(takes, misere, 3 * window + 3 * largest)
    for n in range(proof.start, len(lost)):
        assert proof.is_lost(n) == lost[n], n
    period, start = proof.period, proof.start
    assert period is not None
    if start > 0:  # the least start: the heap before it breaks the period
        assert lost[start - 1] != lost[start - 1 + period]
    for shorter in range(1, period):  # the least period: no shorter one from the start on
        if period % shorter == 0:
            assert any(lost[n] != lost[n + shorter] for n in range(start, len(lost) - shorter))
    # no take-away game is lost nowhere from some heap on: "never lost" is never stated
    assert proof.residues and "never" not in proof.describe()


# -- the bound -------------------------------------------------------------------------------------
def test_a_largest_take_beyond_the_bound_answers_at_once_with_no_period() -> None:
    proof = heap_period(TakeAway(20, (99_999_999,), misere=True))
    assert not proof.proved and proof.rule is None and proof.period is None
    assert proof.checked_up_to == 99_999_998  # a proof compares heaps up to the largest take
    assert proof.describe() == "no period up to 99,999,998 sticks"
    assert proof.is_lost(5) is None


def test_the_bound_is_two_to_the_twenty_plus_twenty_heaps_and_shrinks_for_large_takes() -> None:
    assert PROOF_HEAPS_MAX == 2**20 + 20
    assert proof_heaps(20) == proof_heaps(8_191) == PROOF_HEAPS_MAX
    assert proof_heaps(100_000) == PROOF_WORK // 100_000 < PROOF_HEAPS_MAX
    # takes 1 and an even k, normal play: lost when n mod k + 1 is even, up to k
    proof = prove_period((1, 49_998), misere=False)
    assert (proof.period, proof.start, proof.checked_up_to) == (49_999, 0, 99_996)
    assert proof.checked_up_to < proof_heaps(49_998)
    beyond = prove_period((1, 80_000), misere=False)  # its proof would need heap 160,000
    assert not beyond.proved and 80_000 < proof_heaps(80_000) < 160_000
    assert beyond.describe() == f"no period up to {PROOF_WORK // 80_000 - 1:,} sticks"


def test_without_a_proof_within_the_bound_no_rule_is_stated(monkeypatch) -> None:
    """Takes 2, 5, 7 need heaps up to 28 for their proof: a bound of 25 heaps proves nothing,
    and no (start, period) whose check ends below heap 25 holds on the table."""
    monkeypatch.setattr(proofs, "PROOF_HEAPS_MAX", 25)
    proof = prove_period((2, 5, 7), True)
    assert not proof.proved and proof.checked_up_to == 24
    assert proof.describe() == "no period up to 24 sticks"
    lost = lost_table((2, 5, 7), True, 24)
    for start in range(25):
        for period in range(1, 25 - start - 7 + 1):
            checked = range(start, start + 7)
            assert any(lost[n] != lost[n + period] for n in checked), (start, period)


# -- one proof per game ----------------------------------------------------------------------------
def test_the_proof_is_made_once_per_game_and_kept_in_a_bounded_cache(monkeypatch) -> None:
    monkeypatch.setattr(proofs, "_proofs", OrderedDict())
    rules = TakeAway(20, (2, 5, 7), misere=True)
    assert known_heap_period(rules) is None  # never computes
    made = heap_period(rules)
    assert known_heap_period(rules) is made
    assert heap_period(rules.with_sticks(300)) is made  # the heap does not matter
    assert known_heap_period(TakeAway(20, (2, 5, 7), misere=False)) is None  # the ending does
    for largest in range(1, proofs.PROOFS_KEPT + 1):
        heap_period(TakeAway(20, (largest + 30,), misere=True))
    assert len(proofs._proofs) == proofs.PROOFS_KEPT
    assert known_heap_period(rules) is None  # the oldest went first


def test_a_proof_stopped_by_its_progress_is_not_kept(monkeypatch) -> None:
    monkeypatch.setattr(proofs, "_proofs", OrderedDict())
    rules = TakeAway(20, (3, 5, 8, 13, 19, 20), misere=True)
    seen: list[tuple[int, int]] = []

    class Left(Exception):
        pass

    def stop(done: int, most: int) -> None:
        seen.append((done, most))
        raise Left

    with pytest.raises(Left):
        heap_period(rules, stop)
    assert seen == [(80, PROOF_HEAPS_MAX)]
    assert known_heap_period(rules) is None
