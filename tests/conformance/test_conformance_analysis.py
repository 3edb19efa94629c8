"""Every game's hats can be analysed (SPEC section 5): the analysis reports every hat, the
solver's answer beside it is the exact one, and its JSON form is plain JSON."""

from __future__ import annotations

import json

from game_samples import GameSample, minimax

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
    assert [report.position for report in analysis.positions] == brain.positions()
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
