"""StopRequest: Ctrl-C, SIGTERM and SIGHUP ask a training to stop instead of ending the program
(the classic console's option 3 and ``train`` hold one while they train), and a second signal
still ends it. Real signals, sent to this very process."""

from __future__ import annotations

import os
import signal

import pytest

from sticks_tui.engine import SELF, HatBrain, game_of_sticks, train
from sticks_tui.text.signals import StopRequest


def test_a_signal_asks_training_to_stop_between_games() -> None:
    brain = HatBrain(game_of_sticks(10))
    played: list[int] = []

    def progress(report: object) -> None:
        played.append(brain.games_played)
        if len(played) == 3:
            os.kill(os.getpid(), signal.SIGTERM)  # as `kill` would, mid-training

    before = signal.getsignal(signal.SIGTERM)
    with StopRequest() as stop:
        result = train(brain, SELF, 1_000_000, seed=1, progress=progress, progress_every=100,
                       should_stop=stop.asked)
    assert stop.signum == signal.SIGTERM
    assert result.cancelled and result.games_played == brain.games_played == 300
    assert signal.getsignal(signal.SIGTERM) == before  # as it was


def test_a_second_ctrl_c_is_ctrl_c_again() -> None:
    before = signal.getsignal(signal.SIGINT)
    with pytest.raises(KeyboardInterrupt), StopRequest() as stop:
        os.kill(os.getpid(), signal.SIGINT)
        assert stop.asked() and stop.signum == signal.SIGINT
        os.kill(os.getpid(), signal.SIGINT)  # a run stuck after the first can still be ended
        for _ in range(1000):  # the handler runs between two steps of Python
            pass
    assert signal.getsignal(signal.SIGINT) is before


def test_a_signal_ignored_before_stays_ignored() -> None:
    """``nohup sticks-tui train ...`` ignores SIGHUP: closing the terminal must not stop it."""
    before = signal.signal(signal.SIGHUP, signal.SIG_IGN)
    try:
        with StopRequest() as stop:
            os.kill(os.getpid(), signal.SIGHUP)
            assert not stop.asked()
            assert signal.getsignal(signal.SIGHUP) == signal.SIG_IGN
    finally:
        signal.signal(signal.SIGHUP, before)
