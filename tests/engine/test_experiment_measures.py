"""An experiment's measures at a checkpoint (SPEC section 15): the worst case is what the best
response to the learner's policy wins, checked against every deterministic opponent on small
heaps; games until right is the first checkpoint right for good; a Q-learner is measured as it
plays a person (greedy), not as it explores."""

from __future__ import annotations

import itertools
from collections.abc import Hashable

import pytest

from sticks_tui.engine import Nim, QLearner, game_of_sticks, train
from sticks_tui.engine.game import RuleSet
from sticks_tui.engine.learners import learner_kind
from sticks_tui.engine.learners.base import Learner
from sticks_tui.engine.learners.q.learner import state_key
from sticks_tui.engine.learning_curve import CurveBoard, Measures, games_until_right
from sticks_tui.engine.training import RANDOM, SELF


def _brute_force_worst(
    board: CurveBoard[Hashable, Hashable], learner: Learner[Hashable, Hashable]
) -> float:
    """The least share the learner wins over every deterministic opponent (a move fixed at each
    position), each side starting half the games: every such opponent played out exactly."""
    rules = board.rules
    positions = [p for p in board.order if board.moves[p]]
    choices = [[move for move, _ in board.moves[p]] for p in positions]
    def wins(policy: dict[Hashable, Hashable], position: Hashable, learner_moves: bool
             ) -> float:
        if rules.is_over(position):
            # the one to move at a finished position wins iff the game says the mover does
            return float(board.mover_wins_at_end == learner_moves)
        if learner_moves:
            return sum(
                chance * wins(policy, rules.apply(position, move), False)
                for move, chance in learner.move_chances(position)
            )
        return wins(policy, rules.apply(position, policy[position]), True)

    worst = 1.0
    for picks in itertools.product(*choices):
        policy = dict(zip(positions, picks))
        share = (wins(policy, board.start, True) + wins(policy, board.start, False)) / 2
        worst = min(worst, share)
    return worst


def _trained(kind: str, rules: RuleSet[Hashable, Hashable], games: int, seed: int
             ) -> Learner[Hashable, Hashable]:
    learner: Learner[Hashable, Hashable] = learner_kind(kind).make(rules)
    train(learner, RANDOM if seed % 2 else SELF, games, seed=seed)
    return learner


@pytest.mark.parametrize(
    ("rules", "games", "seed"),
    [
        (game_of_sticks(6), 0, 0),
        (game_of_sticks(6), 40, 1),
        (game_of_sticks(7), 150, 2),
        (game_of_sticks(8), 60, 3),
        (Nim((1, 2)), 80, 4),
    ],
    ids=lambda value: getattr(value, "key", str(value)),
)
@pytest.mark.parametrize("kind", ["hats", "q"])
def test_worst_case_is_what_the_best_deterministic_opponent_wins(
    rules: RuleSet[Hashable, Hashable], games: int, seed: int, kind: str
) -> None:
    """Against every deterministic opponent, played out exactly, the least the learner wins is
    the worst case; and it never exceeds its share against the perfect player."""
    learner = _trained(kind, rules, games, seed)
    board = CurveBoard(rules)
    measures = board.measures(learner)
    assert measures.worst_case == pytest.approx(_brute_force_worst(board, learner), abs=1e-12)
    assert measures.worst_case <= measures.vs_perfect + 1e-12
    # the same walk gives the curve's own measures
    point = board.point(learner)
    assert (measures.vs_random, measures.vs_perfect) == pytest.approx(
        (point.vs_random, point.vs_perfect), abs=1e-12
    )
    assert (measures.right, measures.winnable) == (point.hats_right, point.hats_winnable)


def test_the_worst_case_of_a_fresh_hat_is_below_its_share_against_perfect() -> None:
    """A fresh hat at 8 sticks: the best response does strictly better than the perfect
    player, who plays any move alike where it is lost."""
    rules = game_of_sticks(8)
    measures = CurveBoard(rules).measures(learner_kind("hats").make(rules))
    assert measures.worst_case < measures.vs_perfect


def _point(games: int, right: bool) -> Measures:
    return Measures(games, 0.5, 0.5, 0.5, 4 if right else 3, 4)


@pytest.mark.parametrize(
    ("rights", "expected"),
    [
        ((True, True, True), 0),
        ((False, True, False, True, True), 300),
        ((False, False, True), 200),
        ((True, True, False), None),
        ((False,), None),
    ],
)
def test_games_until_right_is_the_first_checkpoint_right_for_good(
    rights: tuple[bool, ...], expected: int | None
) -> None:
    points = [_point(games, right) for games, right in zip((0, 100, 200, 300, 450), rights)]
    assert games_until_right(points) == expected


def test_a_q_learner_is_measured_as_it_plays_a_person_not_as_it_explores() -> None:
    """A Q-learner that has learned every winning move but explores half the time: as it
    plays a person (greedy) it is right everywhere and as good as the perfect player; its
    exploring rule would lose far more."""
    rules = game_of_sticks(9)
    learner = QLearner(alpha=0.5, epsilon=0.5, rules=rules)
    board = CurveBoard(rules)
    for position, winning in board.winning.items():
        for move in winning:
            learner.q[state_key(position), move] = 1.0
    kind = learner_kind(learner.kind)
    as_a_person = board.measures(learner, lambda p: kind.chances_against_a_person(learner, p))
    exploring = board.measures(learner)
    perfect_share = board.measures(_perfect_hat(rules, board)).vs_perfect
    assert as_a_person.all_right
    assert as_a_person.vs_perfect == pytest.approx(perfect_share)
    assert as_a_person.worst_case == pytest.approx(perfect_share)
    assert exploring.vs_perfect < as_a_person.vs_perfect - 0.05


def _perfect_hat(
    rules: RuleSet[Hashable, Hashable], board: CurveBoard[Hashable, Hashable]
) -> Learner[Hashable, Hashable]:
    """A learner whose chances are the perfect player's (its winning moves alike)."""

    class Perfect:
        games_played = 0

        def move_chances(self, position: Hashable) -> list[tuple[Hashable, float]]:
            winning = board.winning[position] or tuple(m for m, _ in board.moves[position])
            return [(move, 1 / len(winning)) for move in winning]

        def preferred_moves(self, position: Hashable) -> tuple[Hashable, ...]:
            return board.winning[position]

    perfect: Learner[Hashable, Hashable] = Perfect()  # type: ignore[assignment]
    return perfect

