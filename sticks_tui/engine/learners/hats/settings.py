"""How the hat AI learns (:class:`HatSettings`, seed 000's numbers by default) and what a
hat looks like to a user (:class:`HatView`)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any

from ...game import Move, Position
from ..base import SettingsError, short

#: The largest number any hat setting may be (a million balls per win is already absurd).
MAX_SETTING = 1_000_000


@dataclass(frozen=True)
class HatSettings:
    """How the hats learn; the defaults are exactly seed 000's."""

    fresh_balls: int = 1
    """Balls of each number in a fresh hat."""
    balls_added_on_win: int = 1
    """Balls added per drawn ball on a win (the drawn ball goes back with this many more)."""
    balls_taken_on_loss: int = 1
    """Balls taken per drawn ball on a loss (1: the drawn ball is thrown away; 0: it goes back)."""
    floor: int = 1
    """The fewest balls of each number a hat keeps, whatever it loses."""

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if not isinstance(value, int) or isinstance(value, bool):
                raise SettingsError(f"{f.name} must be a whole number, got {short(value)}")
            if not 0 <= value <= MAX_SETTING:
                raise SettingsError(
                    f"{f.name} must be from 0 to {MAX_SETTING:,}, got {short(value)}"
                )
        if self.floor < 1:
            raise SettingsError(
                "floor must be at least 1: a hat that lost every ball of a number could never "
                "play that move again"
            )
        if self.fresh_balls < self.floor:
            raise SettingsError(
                f"fresh_balls ({self.fresh_balls}) must be at least the floor ({self.floor}): "
                "a fresh hat cannot start below what a hat always keeps"
            )
        if self.balls_added_on_win == 0 and self.balls_taken_on_loss == 0:
            raise SettingsError(
                "balls_added_on_win and balls_taken_on_loss are both 0: the hats would never "
                "change, so the AI could not learn"
            )

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def changes(self) -> dict[str, int]:
        """The settings that differ from seed 000's (empty for a default brain)."""
        default = HatSettings()
        return {k: v for k, v in asdict(self).items() if getattr(default, k) != v}

    @classmethod
    def from_dict(cls, data: Any) -> HatSettings:
        """Settings from a brain file; :class:`SettingsError` says what does not fit."""
        names = [f.name for f in fields(cls)]
        if not isinstance(data, dict) or set(data) != set(names):
            raise SettingsError(f"hat settings must be an object with exactly {', '.join(names)}")
        return cls(**data)


@dataclass(frozen=True)
class HatView:
    """What a hat looks like right now: balls inside, and the ball waiting beside it (if any)."""

    position: Position
    balls: dict[Move, int]
    beside: Move | None

    @property
    def total(self) -> int:
        return sum(self.balls.values()) + (self.beside is not None)
