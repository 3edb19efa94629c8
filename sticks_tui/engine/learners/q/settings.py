"""How the Q-learner learns: alpha, epsilon and the rewards, CS50's by default."""

from __future__ import annotations

import math
from dataclasses import dataclass, fields
from typing import Any

from ..base import SettingsError, short

DEFAULT_ALPHA = 0.5
DEFAULT_EPSILON = 0.1
#: The largest reward (either way) a Q-learner accepts: beyond it values lose all precision.
MAX_REWARD = 1e6


def finite(value: float) -> bool:
    """Whether a number is finite as a float (a whole number too large for one is not)."""
    try:
        return math.isfinite(value)
    except OverflowError:
        return False


def exact(value: float) -> str:
    """A setting for a message with every digit it has: 1.0000001 is never shown as "1", the
    bound it breaks (the shortest text that reads back as the same float; "1" for 1.0)."""
    text = repr(float(value))
    return text.removesuffix(".0")


@dataclass(frozen=True)
class QSettings:
    """How the Q-learner learns; the defaults are exactly CS50's."""

    alpha: float = DEFAULT_ALPHA
    """The learning rate: how far one update moves a value towards its target (0 < alpha <= 1)."""
    epsilon: float = DEFAULT_EPSILON
    """The chance of a random move while learning (0 to 1)."""
    win_reward: float = 1.0
    """The reward of a seat's last move when it won."""
    loss_reward: float = -1.0
    """The reward of a seat's last move when it lost."""
    move_reward: float = 0.0
    """The reward of every other move."""

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if not isinstance(value, (int, float)) or isinstance(value, bool):
                raise SettingsError(f"{f.name} must be a number, got {short(value)}")
            if not finite(value):
                raise SettingsError(f"{f.name} must be a finite number, got {short(value)}")
            object.__setattr__(self, f.name, float(value))
        if not 0 < self.alpha <= 1:
            raise SettingsError(
                f"alpha must be more than 0 and at most 1, got {exact(self.alpha)}"
            )
        if not 0 <= self.epsilon <= 1:
            raise SettingsError(f"epsilon must be from 0 to 1, got {exact(self.epsilon)}")
        for name in ("win_reward", "loss_reward", "move_reward"):
            if abs(getattr(self, name)) > MAX_REWARD:
                raise SettingsError(
                    f"{name} must be from -{MAX_REWARD:,.0f} to {MAX_REWARD:,.0f}, got "
                    f"{exact(getattr(self, name))}"
                )
        if self.win_reward <= self.loss_reward:
            raise SettingsError(
                f"win_reward ({exact(self.win_reward)}) must be more than loss_reward "
                f"({exact(self.loss_reward)}), or the learner would learn to lose"
            )

    def to_dict(self) -> dict[str, Any]:
        """The brain file's form: ``{"alpha", "epsilon", "rewards": {"win", "loss", "move"}}``."""
        return {
            "alpha": self.alpha,
            "epsilon": self.epsilon,
            "rewards": {"win": self.win_reward, "loss": self.loss_reward, "move": self.move_reward},
        }

    def changes(self) -> dict[str, float]:
        """The settings that differ from CS50's (empty for a default learner)."""
        default = QSettings()
        return {
            f.name: getattr(self, f.name)
            for f in fields(self)
            if getattr(self, f.name) != getattr(default, f.name)
        }

    @classmethod
    def from_dict(cls, data: Any) -> QSettings:
        """Settings from a brain file; :class:`SettingsError` says what does not fit."""
        if not isinstance(data, dict) or set(data) != {"alpha", "epsilon", "rewards"}:
            raise SettingsError("Q settings must be an object with exactly alpha, epsilon, rewards")
        rewards = data["rewards"]
        if not isinstance(rewards, dict) or set(rewards) != {"win", "loss", "move"}:
            raise SettingsError("rewards must be an object with exactly win, loss, move")
        return cls(
            data["alpha"], data["epsilon"], rewards["win"], rewards["loss"], rewards["move"]
        )
