"""How the Q-learner learns: alpha, epsilon and the rewards, CS50's by default."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..settings import Settings, SettingsError, exact, setting

DEFAULT_ALPHA = 0.5
DEFAULT_EPSILON = 0.1
#: The largest reward (either way) a Q-learner accepts: beyond it values lose all precision.
MAX_REWARD = 1e6


def _reward(
    default: float, help: str, part: str, word: str, option_help: str = "", note: str = ""
) -> Any:
    """One of the rewards: given together on the command line (``--rewards WIN,LOSS,MOVE``),
    kept together in a brain file (``"rewards": {"win", "loss", "move"}``); ``word`` is its
    key there and its label in the lab (whose field is ``win-reward``...)."""
    return setting(
        default, help=help, low=-MAX_REWARD, high=MAX_REWARD, option="--rewards", part=part,
        label=word, form_id=f"{word}-reward", json=("rewards", word), option_help=option_help,
        note=note,
    )


@dataclass(frozen=True)
class QSettings(Settings):
    """How the Q-learner learns; the defaults are exactly CS50's."""

    WHAT = "Q settings"

    alpha: float = setting(
        DEFAULT_ALPHA, help="the learning rate, {range}", low=0, high=1, low_open=True,
        option="--alpha", metavar="A", label="alpha", form_id="alpha",
    )
    epsilon: float = setting(
        DEFAULT_EPSILON, help="the chance of a random move while learning, {range}", low=0,
        high=1, option="--epsilon", metavar="E", label="epsilon", form_id="epsilon",
    )
    win_reward: float = _reward(
        1.0, "the reward of a seat's last move when it won", "WIN", "win",
        option_help="the reward of a winning last move, of a losing last move, and of every "
        "other move", note="write --rewards=-1,... when the first is negative",
    )
    loss_reward: float = _reward(
        -1.0, "the reward of a seat's last move when it lost", "LOSS", "loss"
    )
    move_reward: float = _reward(0.0, "the reward of every other move", "MOVE", "move")

    def relations(self) -> None:
        if self.win_reward <= self.loss_reward:
            raise SettingsError(
                f"win_reward ({exact(self.win_reward)}) must be more than loss_reward "
                f"({exact(self.loss_reward)}), or the learner would learn to lose"
            )
