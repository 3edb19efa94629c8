"""Reading one hat of a brain file, checked against the rules and the brain's settings."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..game import AnyRuleSet as RuleSet
from ..game import Position, RuleError
from .base import MAX_COUNT, BrainError, short


def load_hat(
    rules: RuleSet,
    floor: int,
    hat: Callable[[Position], list[int]],
    position_key: str,
    balls: Any,
) -> None:
    """Fill the hat ``hat(position)`` of the brain file's ``position_key`` with its ``balls``,
    refusing (:class:`~.base.BrainError`) anything that does not fit the rules or the
    ``floor`` of the brain's settings."""
    try:
        position = rules.position_from_key(position_key)
        kinds = rules.ball_kinds(position)
    except (RuleError, ValueError, TypeError) as error:
        raise BrainError(f"hat {position_key!r}: {error}") from None
    if not isinstance(balls, dict):
        raise BrainError(f"hat {position_key}: ball counts must be an object")
    counts = hat(position)
    for i, kind in enumerate(kinds):
        key = rules.move_key(kind)
        if key not in balls:
            raise BrainError(f"hat {position_key}: the count of balls {key} is missing")
        count = balls[key]
        if not isinstance(count, int) or isinstance(count, bool):
            raise BrainError(
                f"hat {position_key}: balls {key} must be a whole number, got {short(count)}"
            )
        if count < floor:
            least = "one ball" if floor == 1 else f"{floor} balls"
            raise BrainError(
                f"hat {position_key}: balls {key} is {short(count)}, but a hat always keeps at "
                f"least {least} of each number"
            )
        if count > MAX_COUNT:
            raise BrainError(
                f"hat {position_key}: balls {key} is more than {MAX_COUNT}, far beyond what "
                f"any number of games could put in a hat"
            )
        counts[i] = count
    unknown = set(balls) - {rules.move_key(k) for k in kinds}
    if unknown:
        raise BrainError(f"hat {position_key}: unknown ball numbers {sorted(unknown)}")
