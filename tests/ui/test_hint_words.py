"""A hint's words in each game's own terms (SPEC section 9), as each game's presenter says them."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, ClassVar

from sticks_tui.engine import Nim, StickyNim, TakeAway, game_of_sticks
from sticks_tui.engine.hints import Advisor
from sticks_tui.ui.presenters import presenter_for

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "engine"))  # wythoff_game

from wythoff_game import FAMILY, Wythoff

from sticks_tui.engine.games import (
    parse_game,
    prepare_theory,
    register_game,
    theory_of,
    unregister_game,
)
from sticks_tui.engine.games.family import FamilyWords
from sticks_tui.text.hints import hint_words
from sticks_tui.text.theory import theory_lines, theory_panel_lines


def words(rules: object, position: object) -> str:
    """The hint's words, the move named as the game's board names it, once the game's
    preparation (the board does it in a thread) is done: a take-away game's period is proved."""
    hint = Advisor(rules).hint(position)  # type: ignore[arg-type]
    assert hint is not None
    prepare_theory(rules)  # type: ignore[arg-type]
    move = presenter_for(rules).hint_move(hint.move)  # type: ignore[arg-type]
    return hint_words(rules, hint, move)  # type: ignore[arg-type]


def test_sticks_at_16_take_3_leaving_13() -> None:
    assert words(game_of_sticks(20), 16) == (
        "take 3: 13 sticks are left, 1 more than a multiple of 4, and that loses for the "
        "player to move."
    )


def test_sticks_at_13_are_lost_and_the_longest_move_is_named() -> None:
    assert words(game_of_sticks(20), 13) == (
        "13 sticks are left, 1 more than a multiple of 4, and that loses for the player to "
        "move: every move loses. Take 1 lasts longest (6 more moves)."
    )
    last = words(game_of_sticks(20), 1)
    assert last.endswith("Take 1: the only move left, and it ends the game.")


def test_takeaway_2_3_5_names_its_period_of_7() -> None:
    rules = TakeAway(30, (2, 3, 5), misere=False)
    assert words(rules, 30) == (
        "take 2: 28 sticks are left, a multiple of 7, and that loses for the player to move."
    )
    assert words(rules, 10) == (
        "take 2: 8 sticks are left, 1 more than a multiple of 7, and that loses for the "
        "player to move."
    )
    assert words(rules, 5) == "take 5: it is the last move, and the player who cannot move loses."


def test_takeaway_2_5_7_names_its_proved_period_of_22() -> None:
    assert words(TakeAway(50, (2, 5, 7)), 42) == (
        "take 5: 37 sticks are left, 15 more than a multiple of 22, and that loses for the "
        "player to move."
    )


def test_a_heap_smaller_than_the_period_is_said_plainly() -> None:
    """15 sticks under a period of 22 were "15 more than a multiple of 22" (of 0 times 22)."""
    assert words(TakeAway(20, (2, 5, 7)), 20) == (
        "take 5: 15 sticks are left, and that loses for the player to move."
    )
    assert words(game_of_sticks(20), 4) == (  # 1 stick, under the period of 4
        "take 3: 1 stick is left, and that loses for the player to move."
    )


def test_a_last_move_that_leaves_a_stick_no_take_fits_says_so() -> None:
    """Takes of 2, 5, 7 where no move loses: from 8, taking 7 leaves 1 stick and the game ends
    there; "it is the last move" read as if the last stick were taken."""
    assert words(TakeAway(8, (2, 5, 7), misere=False), 8) == (
        "take 7: 1 stick is left and no take fits, so the other player cannot move and loses."
    )


def test_no_hint_states_a_period_read_off_a_short_table() -> None:
    """Takes 2, 16, 19 on 100 sticks: the table of 100 heaps looked like period 3 from 92 on
    (the hint said "2 more than a multiple of 3"); the proved period 7 starts only at 100."""
    assert words(TakeAway(100, (2, 16, 19)), 94) == (
        "take 2: 92 sticks are left, and that loses for the player to move."
    )
    assert words(TakeAway(100, (3, 18, 20)), 86) == (  # not "1 more than a multiple of 2"
        "take 3: 83 sticks are left, 20 more than a multiple of 21, and that loses for the "
        "player to move."
    )


def test_nim_makes_the_nim_sum_zero_with_the_misere_twist_at_the_end() -> None:
    assert words(Nim((1, 3, 5, 6)), (1, 3, 5, 6)) == "take 1 from pile 0: the nim-sum becomes 0."
    assert words(Nim((1, 3, 5, 6)), (1, 1, 2, 0)) == (
        "take 1 from pile 2: every pile then holds 0 or 1 and 3 piles hold 1, an odd number, "
        "so the player to move takes the last object and loses."
    )
    lost = words(Nim((1, 3, 5, 7)), (1, 3, 5, 7))
    assert lost.startswith(
        "The nim-sum is 0, and that loses for the player to move: every move loses. "
        "Take 1 from pile 0 lasts longest ("
    )
    assert words(Nim((1, 3), misere=False), (0, 3)) == (
        "take 3 from pile 1: it is the last move, and the player who cannot move loses."
    )


def test_sticky_names_the_letters_the_move_and_the_groups_left_in_the_boards_words() -> None:
    """The letters to type, then the move and the groups left as the board's hats name them
    (the hint said "[9, 9]", the hats "groups of 9, 9")."""
    assert words(StickyNim(20, 3), (20,)) == (
        "take “jk” (2 of 20 → 9 + 9): groups of 9, 9 are left, one of the lost configurations, "
        "and that loses for the player to move."
    )
    tame = words(StickyNim(10, 4), (10,))
    assert "Grundy values (" in tame and "xor to 0, and that loses" in tame
    assert words(StickyNim(3, 4), (3,)) == (
        "take “ab” (2 of 3 → 1): a group of 1 is left: every group is small and its Grundy value "
        "(1) is 1, and that loses for the player to move."
    )


def test_a_game_without_its_own_presenter_gets_the_generic_reason() -> None:
    register_game(FAMILY)
    try:
        won = words(Wythoff((3, 6)), (3, 6))
        lost = words(Wythoff((3, 5)), (3, 5))  # a cold position of Wythoff's game
    finally:
        unregister_game(FAMILY.name)
    assert won.endswith(": it leaves a position that loses for the player to move.")
    assert lost.startswith(
        "This position loses for the player to move: every move loses. "
    )


@dataclass(frozen=True)
class ColdTheory:
    """A theory a new family brings with its words, as the registered families do theirs."""

    kind: ClassVar[str] = "cold"
    heaps: tuple[int, int]

    def to_dict(self) -> dict[str, Any]:
        return {"heaps": list(self.heaps)}

    def lines(self, name: str, width: int, answer_first: bool = False) -> Iterator[str]:
        yield f"{name}: cold positions are the Wythoff pairs; the start is {self.heaps}."
        if answer_first:
            yield "(the panel's order)"


def test_a_new_family_brings_its_hint_reason_and_its_theory_in_its_own_words() -> None:
    """A family's words (its entry) and its theory's ``lines``: the hint, solve's lines and the
    analysis panel's say them, with nothing added to the app or the text layer."""
    prepared: list[object] = []
    family = replace(
        FAMILY,
        words=FamilyWords(
            position=str,
            move=str,
            lost_reason=lambda rules, heaps, after: f"{heaps} is a cold pair"
            + (" left" if after else ""),
        ),
        theory=lambda rules: ColdTheory(rules.heaps),
        prepare=lambda rules, progress: prepared.append(rules),
    )
    register_game(family)
    try:
        rules = Wythoff((3, 6))
        won = words(rules, (3, 6))
        lost = words(Wythoff((3, 5)), (3, 5))
        solved = theory_lines(theory_of(rules), rules.name)
        panel = theory_panel_lines(theory_of(rules), rules.name, 74)
    finally:
        unregister_game(FAMILY.name)
    assert prepared == [rules, Wythoff((3, 5))]
    assert won == "(0, 1): (3, 5) is a cold pair left."
    assert lost.startswith("(3, 5) is a cold pair: every move loses. ")
    assert solved == ["Wythoff 3, 6: cold positions are the Wythoff pairs; the start is (3, 6)."]
    assert panel == [*solved, "(the panel's order)"]


def test_what_a_hat_or_a_q_table_would_play() -> None:
    from sticks_tui.text.hints import hat_text, table_text

    assert hat_text("AI", "at 13 sticks", [("1", 0.6), ("2", 0.3), ("3", 0.1)]) == (
        "AI's hat at 13 sticks draws 1 60% of the time."
    )
    alike = hat_text("AI", "at 13 sticks", [("1", 0.5), ("2", 0.5)])
    assert alike == "AI's hat at 13 sticks draws every move alike."
    assert hat_text("AI", "at a group of 1", [("1 of 1 → none", 1.0)]) == (
        "AI's hat at a group of 1 holds one move only: 1 of 1 → none."
    )
    assert hat_text("AI", "at 2 sticks", [("1", 1.0), ("2", 0.0)]) == (
        "AI's hat at 2 sticks always draws 1."
    )
    assert hat_text("AI", "at 9 sticks", [("1", 0.996), ("2", 0.004)]) == (
        "AI's hat at 9 sticks draws 1 over 99% of the time."
    )
    assert table_text("Q-learning AI", ["take 1 from pile 2"]) == (
        "Q-learning AI's Q table prefers take 1 from pile 2 here."
    )
    assert table_text("Q-learning AI", ["take 1 from pile 2", "take 2 from pile 3"]) == (
        "Q-learning AI's Q table likes 2 moves best here, e.g. take 1 from pile 2."
    )


def test_octal_hints_say_the_grundy_values_and_what_no_move_fits() -> None:
    """Kayles in normal play: the groups' Grundy values xor to 0 after the winning move;
    Dawson's Kayles (takes of 2): a move that leaves a single stick ends the game."""
    kayles = parse_game("octal:0.77:20")
    assert words(kayles, (20,)) == (
        "take “jk” (2 of 20 → 9 + 9): groups of 9, 9 are left: their Grundy values (4, 4) xor to "
        "0, and that loses for the player to move."
    )
    assert words(parse_game("octal:0.07:3"), (3,)) == (
        "take “ab” (2 of 3 → 1): a group of 1 is left and no move of 0.07 fits, so the other "
        "player cannot move and loses."
    )


def test_a_hint_names_its_letters_in_quotes_and_a_split_by_its_cut() -> None:
    """The letters to type are quoted (the hint said "take no (2 of 20 → ...)" on a line where
    the move is sticks n and o); a split without taking (4.07: 4 before the point) is the cut
    to type, with a bar between the two sticks."""
    said = words(parse_game("octal:4.17:3"), (3,))
    assert said.startswith("cut “a|b” (split 3 → 1 + 2): groups of 2, 1 are left")
    assert words(parse_game("octal:4.07:2"), (2,)).startswith(
        "cut “a|b” (split 2 → 1 + 1): groups of 1, 1 are left and no move of 4.07 fits"
    )
    assert words(parse_game("octal:0.77:28"), (28,)).startswith("take “no” (2 of 28 → 13 + 13)")
