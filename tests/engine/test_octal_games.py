"""Octal games on a line (SPEC section 16): ``octal:CODE[:N][:misere|normal]`` is Sticky-Nim's
family; its specs, moves, end, outcomes (normal play by Grundy values, misère by search) and its
one brain with ``sticky:N:K`` for the codes of sevens played misère."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path

import pytest

from sticks_tui.engine import SELF, HatBrain, IllegalMove, Match, RandomPlayer, Solver, train
from sticks_tui.engine.games import parse_game, rules_from_description, spec_of
from sticks_tui.engine.games.family import GameSpecError
from sticks_tui.engine.games.octal_code import parse_code
from sticks_tui.engine.games.sticky import StickyNim
from sticks_tui.engine.machines import LEARNING_AI_NAME
from sticks_tui.storage.brain_files import brain_json, parse_brain
from sticks_tui.storage.sqlite.store import SqliteStore

Position = tuple[int, ...]


def octal(spec: str) -> StickyNim:
    rules = parse_game(spec)
    assert isinstance(rules, StickyNim)
    return rules


# -- an independent reading of a code: what a group becomes, and who wins by search -----------
def children(digits: tuple[int, ...], position: Position) -> Iterator[Position]:
    """Every position one move leads to, read off the digits here (not the program's lists):
    a take of t from a group may leave nothing (bit 1), one group (bit 2), two groups (bit 4)."""
    for i, group in enumerate(position):
        rest = position[:i] + position[i + 1 :]
        for take, digit in enumerate(digits):
            left = group - take
            if left < 0:
                continue
            leaves: list[Position] = []
            if take > 0 and left == 0 and digit & 1:
                leaves.append(())
            if take > 0 and left > 0 and digit & 2:
                leaves.append((left,))
            if digit & 4:
                leaves.extend((a, left - a) for a in range(1, left))
            for leave in leaves:
                yield tuple(sorted(rest + leave, reverse=True))


def won_by_search(digits: tuple[int, ...], misere: bool) -> Callable[[Position], bool]:
    """Whether the player to move wins, by a win/loss search: with no move left the player to
    move has lost in normal play and won in misère play."""

    @cache
    def won(position: Position) -> bool:
        options = set(children(digits, position))
        if not options:
            return misere
        return any(not won(child) for child in options)

    return won


def reachable(digits: tuple[int, ...], line: int) -> set[Position]:
    seen: set[Position] = set()
    todo: list[Position] = [(line,)]
    while todo:
        position = todo.pop()
        if position not in seen:
            seen.add(position)
            todo.extend(children(digits, position))
    return seen


# -- the same family as Sticky-Nim ---------------------------------------------------------------
def test_kayles_played_misere_is_sticky_nim_with_takes_of_two() -> None:
    kayles, sticky = octal("octal:0.77:9:misere"), parse_game("sticky:9:2")
    assert kayles == sticky
    assert kayles.key == sticky.key == "sticky:2"
    assert spec_of(kayles) == "sticky:9:2"
    assert kayles.name == "Sticky-Nim (take 1–2 adjacent)"
    # ... and a brain saved for one is the other's, in a file and in the records
    brain = HatBrain(kayles)
    train(brain, SELF, 40, seed=3)
    read = parse_brain(brain_json(brain), sticky)
    assert read.games_played == 40 and read.to_dict() == brain.to_dict()


def test_a_brain_kept_for_kayles_misere_is_loaded_for_sticky_nim(tmp_path: Path) -> None:
    brain = HatBrain(octal("octal:0.77:9:misere"))
    train(brain, SELF, 25, seed=1)
    with SqliteStore.open(tmp_path) as store:
        store.save_brain(brain, LEARNING_AI_NAME)
        loaded = store.load_brain(parse_game("sticky:9:2"), LEARNING_AI_NAME)
    assert loaded is not None and loaded.to_dict() == brain.to_dict()


def test_kayles_in_normal_play_is_another_game_than_sticky_nim() -> None:
    kayles = octal("octal:0.77:9")
    assert not kayles.misere and kayles != parse_game("sticky:9:2")
    assert kayles.key == "octal:0.77:normal"
    assert kayles.name == "Kayles (0.77, no move loses)"


@pytest.mark.parametrize(
    "spec, name",
    [
        ("octal:0.07:12", "Dawson's Kayles (0.07, no move loses)"),
        ("octal:0.137:9:misere", "Dawson's Chess (0.137, last move loses)"),
        ("octal:0.6:15", "Octal game 0.6 (no move loses)"),
    ],
)
def test_specs_and_descriptions_round_trip(spec: str, name: str) -> None:
    rules = octal(spec)
    assert rules.name == name
    assert spec_of(rules) == spec
    assert parse_game(spec_of(rules)) == rules
    assert rules_from_description(rules.describe()) == rules
    assert rules_from_description(rules.describe()).key == rules.key


@pytest.mark.parametrize(
    "written, canonical",
    [
        ("octal", "octal:0.77:20"),  # Kayles by default, normal play
        ("octal:.07", "octal:0.07:20"),
        ("octal:0.070:normal:12", "octal:0.07:12"),
        ("OCTAL:0.137:Misère:9", "octal:0.137:9:misere"),
    ],
)
def test_specs_are_read_as_people_write_them(written: str, canonical: str) -> None:
    assert spec_of(parse_game(written)) == canonical


@pytest.mark.parametrize(
    "spec, words",
    [
        ("octal:0.9", "digits after the point are 0 to 7, not '9'"),
        ("octal:1.7", "the digit before the point must be 0 or 4"),
        ("octal:0.77:99", "a line holds 1 to 62 sticks, got 99"),
        ("octal:0.77:x", "the length of the line is a whole number, got 'x'"),
        ("octal:0.0", "allows no move at all"),
        ("octal:077", "a code has a point, as in 0.77"),
        ("octal:0.77:5:6", "the length of the line is given twice"),
        ("octal:0.77:normal:misere", "the ending is given twice"),
    ],
)
def test_bad_specs_are_refused_in_words(spec: str, words: str) -> None:
    with pytest.raises(GameSpecError) as refused:
        parse_game(spec)
    assert words in str(refused.value)


# -- moves and the end ---------------------------------------------------------------------------
CODES_UP_TO_TWO_DIGITS = [
    f"{before}.{''.join(digits)}"
    for before in "04"
    for k in (1, 2)
    for digits in itertools.product("01234567", repeat=k)
    if digits[-1] != "0"
]


def test_a_groups_moves_are_what_its_code_allows_each_result_once() -> None:
    for text in CODES_UP_TO_TWO_DIGITS:
        code = parse_code(text)
        rules = StickyNim(10, code=code, misere=False)
        for group in range(1, 11):
            results = [rules.apply((group,), move) for move in rules.legal_moves((group,))]
            assert len(results) == len(set(results)), (text, group)
            expected = {tuple(sorted(heaps, reverse=True)) for heaps in code.heap_options(group)}
            assert set(results) == expected == set(children(code.digits, (group,))), (text, group)


def test_a_game_is_over_with_sticks_left_and_the_ending_says_who_won() -> None:
    for ending, loser in (("normal", 0), ("misere", 1)):
        rules = octal(f"octal:0.07:7:{ending}")  # Dawson's Kayles: takes of exactly 2
        match = Match(rules, [RandomPlayer("first"), RandomPlayer("second")])
        match.play((7, 2, 1))  # leaves groups of 4 and 1
        match.play((4, 2, 1))  # leaves three single sticks: no take of 2 fits
        assert match.position == (1, 1, 1)
        assert rules.is_over(match.position) and rules.legal_moves(match.position) == ()
        # the second player made the last move: it wins in normal play, loses in misère play
        assert match.is_over and match.loser == loser


def test_a_take_the_code_forbids_is_refused_in_words() -> None:
    rules = octal("octal:0.07:10")
    with pytest.raises(IllegalMove) as refused:
        rules.apply((10,), (10, 1, 0))
    assert str(refused.value).startswith("the code 0.07 does not allow this move: take 1 stick")
    chess = octal("octal:0.137:10")  # a single stick only as a whole group of 1
    with pytest.raises(IllegalMove, match="does not allow this move"):
        chess.apply((10,), (10, 1, 4))
    assert chess.apply((10, 1), (1, 1, 0)) == (10,)


# -- who wins ------------------------------------------------------------------------------------
@pytest.mark.parametrize("text", ["0.07", "0.137", "0.77", "0.6", "0.007", "0.51"])
def test_normal_play_outcomes_from_grundy_values_agree_with_a_search(text: str) -> None:
    code = parse_code(text)
    rules = StickyNim(9, code=code, misere=False)
    won = won_by_search(code.digits, misere=False)
    for line in range(1, 10):
        for position in reachable(code.digits, line):
            assert rules.known_outcome(position) == won(position), (text, position)


@pytest.mark.parametrize("text", ["0.07", "0.137"])
def test_misere_play_of_other_codes_is_searched_right(text: str) -> None:
    code = parse_code(text)
    won = won_by_search(code.digits, misere=True)
    for line in range(1, 10):
        rules = StickyNim(line, code=code, misere=True)
        assert rules.known_outcome((line,)) is None  # no theory: the solver searches
        solver = Solver(rules)
        for position in reachable(code.digits, line):
            assert solver.is_won(position) == won(position), (text, position)
