"""How the hat AI learns (:class:`HatSettings`, seed 000's numbers by default) and what a
hat looks like to a user (:class:`HatView`)."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

from ..settings import Settings, SettingsError, setting

#: The largest number any hat setting may be (a million balls per win is already absurd).
MAX_SETTING = 1_000_000


def _balls(default: int, help: str, option: str, label: str, form_id: str, note: str = "") -> Any:
    """A hat setting: a whole number of balls, from 0 to :data:`MAX_SETTING`."""
    return setting(
        default, help=help, low=0, high=MAX_SETTING, whole=True, option=option, label=label,
        form_id=form_id, note=note,
    )


@dataclass(frozen=True)
class HatSettings(Settings):
    """How the hats learn; the defaults are exactly seed 000's."""

    WHAT = "hat settings"

    fresh_balls: int = _balls(
        1, "balls of each number in a fresh hat", "--fresh-balls", "fresh", "fresh"
    )
    balls_added_on_win: int = _balls(
        1, "balls added per drawn ball on a win", "--win-balls", "win +", "win"
    )
    """The drawn ball goes back with this many more."""
    balls_taken_on_loss: int = _balls(
        1, "balls taken per drawn ball on a loss", "--loss-balls", "loss -", "loss",
        note="0 puts it back",
    )
    """1: the drawn ball is thrown away; 0: it goes back."""
    floor: int = _balls(
        1, "the fewest balls of each number a hat keeps", "--floor", "floor", "floor"
    )
    """Whatever it loses (at least 1: :meth:`relations`)."""

    def relations(self) -> None:
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


@dataclass(frozen=True)
class HatView:
    """What a hat looks like right now: balls inside, and the ball waiting beside it (if any)."""

    position: Hashable
    balls: dict[Hashable, int]
    beside: Hashable | None

    @property
    def total(self) -> int:
        return sum(self.balls.values()) + (self.beside is not None)
