"""The whole analysis of a brain as data (:class:`Analysis`) and its JSON form."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

from ..game import RuleError, Rules
from ..games import spec_of
from ..learners.base import FIRST_LEARNER, CurvePoint
from ..period_proof import HeapPeriod
from ..solver import PeriodicRule
from .positions import DISAGREE, PositionReport
from .rule_finding import RuleFinding


@dataclass(frozen=True)
class Analysis:
    """Everything SPEC section 5 shows, computed once; text and JSON are views of it."""

    rules_name: str
    games_played: int
    positions: tuple[PositionReport, ...]
    inferred: RuleFinding
    solver_rule: HeapPeriod | None
    """The solver's proved period of a take-away game's lost heaps (None for other games)."""
    learning_curve: tuple[CurvePoint, ...] = field(default=())
    learner: str = FIRST_LEARNER
    """Whose brain: its learner's name."""
    rules: Rules | None = None
    """The game, for naming its positions and moves (None: the positions are shown as they are)."""
    changed_settings: Mapping[str, float] = field(default_factory=dict)
    """The learner's settings that differ from the defaults."""
    counts: bool = True
    """Whether the learner holds counts (balls: the table shows how sure each hat is and the
    balls gained) or values (the table shows the values)."""

    @property
    def disagreements(self) -> tuple[Hashable, ...]:
        return tuple(p.position for p in self.positions if p.agreement == DISAGREE)

    @property
    def rule_matches_solver(self) -> bool | None:
        """Whether the inferred rule says the same as the solver at every analysed position."""
        rule = self.inferred.rule
        if rule is None or self.solver_rule is None or not self.solver_rule.proved:
            return None
        return all(_rule_says(rule, p.position) == p.solver_lost for p in self.positions)

    def to_dict(self) -> dict[str, Any]:
        """The machine-readable form behind ``sticks-tui analyze --json``."""
        inferred = self.inferred
        move_key = self.rules.move_key if self.rules is not None else str
        return {
            "rules": self.rules_name,
            "game": _spec(self.rules),
            "learner": self.learner,
            "changed_settings": dict(self.changed_settings),
            "games_played": self.games_played,
            "positions": [
                _position_dict(p, move_key, not self.counts) for p in self.positions
            ],
            "disagreements": list(self.disagreements),
            "inferred_rule": {
                **(_rule_dict(inferred.rule) if inferred.rule else {"rule": None}),
                "positions_used": len(inferred.used),
                "read_over": list(inferred.read_over) if inferred.read_over else None,
                "disagreeing_positions": list(inferred.disagreements),
                "reason": inferred.reason or None,
                "text": inferred.describe(),
            },
            "solver_rule": _solver_rule_dict(self.solver_rule),
            "rule_matches_solver": self.rule_matches_solver,
            "learning_curve": [asdict(p) for p in self.learning_curve],
        }


def _spec(rules: Rules | None) -> str | None:
    """The game's spec for JSON; None for a game the registry does not know."""
    try:
        return spec_of(rules) if rules is not None else None
    except RuleError:
        return None


def _rule_says(rule: PeriodicRule, n: Hashable) -> bool | None:
    """What a rule of stick counts says of position ``n`` (None: not a count it covers)."""
    return rule.holds_for(n) if isinstance(n, int) and n >= rule.start else None


def _rule_dict(rule: PeriodicRule) -> dict[str, Any]:
    return {
        "period": rule.period,
        "residues": list(rule.residues),
        "start": rule.start,
        "text": rule.describe(),
    }


def _solver_rule_dict(period: HeapPeriod | None) -> dict[str, Any]:
    """The proved rule with how far its proof looked, or "no period up to N"; {"rule": null}
    for a game whose positions are not heaps."""
    if period is None:
        return {"rule": None}
    rule = period.rule
    return {
        **(_rule_dict(rule) if rule is not None else {"rule": None, "text": period.describe()}),
        "proved": period.proved,
        "checked_up_to": period.checked_up_to,
    }


def _position_dict(
    p: PositionReport, move_key: Callable[[Hashable], str], q: bool
) -> dict[str, Any]:
    """One position for JSON: positions and moves as the game's values (a heap is a number,
    Nim's piles a list, a move a number or a list); balls and values keyed like a brain file."""
    scores: dict[str, Any]
    if q:
        scores = {
            "values": {move_key(k): v for k, v in p.values.items()},
            "values_learned": p.values_learned,
            "best_value": p.confidence,
        }
    else:
        scores = {
            "balls": {move_key(k): v for k, v in p.balls.items()},
            "confidence": round(p.confidence, 4),
            "growth": p.growth,
            "inflow": p.inflow,
        }
    return {
        "position": p.position,
        **scores,
        "preferred_move": p.preferred,
        "tied": p.tied,
        "learned": p.learned,
        "learned_lost": p.learned_lost,
        "terminal": p.terminal,
        "solver_lost": p.solver_lost,
        "winning_moves": list(p.winning_moves),
        "agreement": p.agreement,
    }
