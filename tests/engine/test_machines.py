"""The machine players (one roster, :class:`Machine`): which each game offers, the player each
makes, and the mixed level (perfect with probability p)."""

import math
import random

import pytest

from sticks_tui.engine import Match, RandomPlayer, Solver, game_of_sticks
from sticks_tui.engine import HatPlayer, PerfectPlayer, QLearningPlayer
from sticks_tui.engine import HatBrain, MixedPlayer, QLearner
from sticks_tui.engine.machines import COMPUTER_PLAYER_NAMES, Machine, machine_level, machines_for
from sticks_tui.engine.games.nim import Nim
from sticks_tui.engine.games.sticky import StickyNim


def test_every_game_offers_random_learning_trained_perfect_and_mixed():
    every = {Machine.RANDOM, Machine.LEARNING, Machine.TRAINED, Machine.PERFECT, Machine.MIXED}
    for rules in (game_of_sticks(20), Nim(), StickyNim(20), StickyNim(62)):
        assert every <= set(machines_for(rules))
    assert Machine.Q_LEARNING in machines_for(Nim())
    assert Machine.Q_LEARNING in machines_for(game_of_sticks(20))
    assert Machine.Q_LEARNING not in machines_for(StickyNim(62))


def test_the_leaderboard_knows_every_machine_by_its_name_and_no_person():
    assert COMPUTER_PLAYER_NAMES == tuple(machine.value for machine in Machine)
    assert machine_level("Q-learning AI") == "Q-learning"
    assert machine_level("Perfect AI") == "perfect"
    assert machine_level("Ann") is None


def test_skill_must_be_a_probability():
    for bad in (-0.1, 1.5):
        with pytest.raises(ValueError):
            MixedPlayer("M", Nim(), bad)


def hoeffding(draws: int, failure: float = 1e-6) -> float:
    """A share of independent draws stays within this of its expectation with probability at
    least 1 - failure (Hoeffding: P(|share - p| >= t) <= 2 exp(-2 n t^2))."""
    return math.sqrt(math.log(2 / failure) / (2 * draws))


def winning_share(player, rules, positions):
    solver = Solver(rules)
    good = sum(
        solver.is_lost(rules.apply(p, player.make_choice(rules, p))) for p in positions
    )
    return good / len(positions)


def test_skill_one_is_perfect_and_skill_zero_is_random():
    rules = game_of_sticks(40)
    won = [n for n in range(2, 41) if n % 4 != 1]  # every won stick count
    perfect = MixedPlayer("M", rules, 1.0, random.Random(1))
    assert winning_share(perfect, rules, won * 20) == 1.0
    # From 4 sticks on, exactly one of the three takes wins a won position, so a random move
    # finds it a third of the time; skill 0 does no better.
    clueless = MixedPlayer("M", rules, 0.0, random.Random(2))
    positions = [n for n in won if n >= 4] * 200
    assert abs(winning_share(clueless, rules, positions) - 1 / 3) < hoeffding(len(positions))


def test_mixed_player_is_perfect_in_the_right_share_of_moves():
    # In a won position of the Game of Sticks exactly one of the three takes wins, so a mixed
    # player with skill p wins the move with probability p + (1 - p) / 3.
    rules = game_of_sticks(40)
    p = 0.6
    player = MixedPlayer("M", rules, p, random.Random(42))
    positions = [n for n in range(4, 41) if n % 4 != 1] * 400
    expected = p + (1 - p) / 3
    assert abs(winning_share(player, rules, positions) - expected) < hoeffding(len(positions))


def test_a_beginner_can_beat_the_mixed_level_but_not_the_perfect_one():
    rules = Nim((1, 3, 5))  # xor 7: won for the first player
    rng = random.Random(5)
    games = 300
    mixed_losses = sum(
        Match(rules, [MixedPlayer("M", rules, 0.3, rng), RandomPlayer("R", rng)]).play_out() == 0
        for _ in range(games)
    )
    perfect_losses = sum(
        Match(rules, [MixedPlayer("M", rules, 1.0, rng), RandomPlayer("R", rng)]).play_out() == 0
        for _ in range(games)
    )
    assert perfect_losses == 0
    assert mixed_losses >= games // 10


def test_seeded_mixed_players_repeat_their_games():
    rules = StickyNim(20)

    def game(seed):
        rng = random.Random(seed)
        match = Match(rules, [MixedPlayer("M", rules, 0.5, rng), RandomPlayer("R", rng)])
        match.play_out()
        return [turn.move for turn in match.history]

    assert game(11) == game(11)


@pytest.mark.parametrize(
    "machine, kind",
    [(Machine.RANDOM, RandomPlayer), (Machine.LEARNING, HatPlayer), (Machine.TRAINED, HatPlayer),
     (Machine.Q_LEARNING, QLearningPlayer), (Machine.PERFECT, PerfectPlayer),
     (Machine.MIXED, MixedPlayer)],
)
def test_every_machine_makes_a_player_that_finishes_a_game(machine, kind):
    rules = Nim()
    brain = {"hats": HatBrain(rules), "q": QLearner(rules=rules)}.get(machine.learner or "")
    player = machine.player("AI", rules, random.Random(1), brain=brain)
    assert isinstance(player, kind) and player.name == "AI"
    Match(rules, [player, RandomPlayer("R", random.Random(2))]).play_out()


def test_a_learner_without_its_brain_is_refused():
    with pytest.raises(ValueError, match="plays a brain of its own"):
        Machine.TRAINED.player("Trained AI", Nim(), random.Random(1))
