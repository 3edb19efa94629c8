"""Every game's hats can be analysed (SPEC section 5): the analysis reports every hat, the
solver's answer beside it is the exact one, and its JSON form is plain JSON."""

from __future__ import annotations

import json
import random

from game_samples import GameSample, minimax, random_line

from sticks_tui.engine import SELF, HatBrain, train
from sticks_tui.engine.analysis import analyse


def test_the_analysis_of_a_trained_brain_reports_every_hat_beside_the_exact_answer(
    game: GameSample,
) -> None:
    rules = game.rules()
    brain = HatBrain(rules)
    train(brain, SELF, 500, seed=4)
    analysis = analyse(brain)
    assert analysis.games_played == 500
    assert [report.position for report in analysis.positions] == brain.hat_positions()
    is_won = minimax(rules)
    for report in analysis.positions:
        position = report.position
        assert report.solver_lost == (not is_won(position))
        assert set(report.winning_moves) == {
            move for move in rules.legal_moves(position) if not is_won(rules.apply(position, move))
        }
        assert report.balls == brain.legal_counts(position)
    assert set(analysis.disagreements) <= {report.position for report in analysis.positions}
    data = json.loads(json.dumps(analysis.to_dict()))
    assert len(data["positions"]) == len(analysis.positions)


def test_a_hat_at_a_finished_position_is_analysed_as_the_ending_says(game: GameSample) -> None:
    # A brain file may hold a hat for a position where the game is over; the analysis reads its
    # outcome from the ending: misère, the player to move there has won; normal, lost.
    rules = game.rules()
    end = random_line(rules, random.Random(6))[-1]
    data = HatBrain(rules).to_dict()
    kinds = rules.ball_kinds(end)
    data["hats"][rules.position_key(end)] = {  # a hat that holds something: it is kept
        rules.move_key(kind): 2 for kind in kinds
    }
    analysis = analyse(HatBrain.from_dict(json.loads(json.dumps(data)), rules))
    reports = [report for report in analysis.positions if report.position == end]
    if not kinds:  # a finished position without balls (Nim's empty piles) holds nothing
        assert reports == []
        return
    (report,) = reports
    assert report.terminal
    assert report.learned == ("won" if rules.misere else "lost")
    assert report.solver_lost == (not rules.misere)
