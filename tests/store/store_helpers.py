"""Helpers the store tests share (a module of its own: ``conftest`` names clash across folders)."""

from __future__ import annotations

from sticks_tui.engine import RuleSet, game_of_sticks
from sticks_tui.engine.learners.hats.brain import HatBrain


def taught_brain(rules: RuleSet | None = None, games: int = 7, balls: int = 4) -> HatBrain:
    """A brain that visibly differs from fresh hats: every ball number has ``balls`` balls."""
    rules = rules if rules is not None else game_of_sticks(20)
    brain = HatBrain(rules)
    data = brain.to_dict()
    data["games_played"] = games
    data["hats"] = {  # every hat a fresh brain shows (a take-away game's, 1 to 100)
        rules.position_key(hat): {rules.move_key(ball): balls for ball in rules.ball_kinds(hat)}
        for hat in brain.hat_positions()
    }
    return HatBrain.from_dict(data, rules)
