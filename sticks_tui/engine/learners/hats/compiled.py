"""The compiled self-play loop of a take-away game (the optional extra ``sticks-tui[fast]``).

The very rule of :class:`~.loops.TakeAwaySelfPlay`, compiled by numba: so that a seed
leaves the brain the python loop leaves, byte for byte, the kernel draws from Python's own
Mersenne Twister. It is handed the state of the training's ``random.Random`` (624 words and
the index), makes every double exactly as ``random.random()`` does (two 32-bit outputs,
``a >> 5`` and ``b >> 6``, ``(a * 2**26 + b) / 2**53``), and hands the state back, so the Python
generator goes on as if it had made the draws itself.

numba is optional: :func:`load_kernel` says why it cannot be had (not installed, or it failed to
compile). The hat AI's kind declares it (:data:`NUMBA`, the backend ``numba``); training
reaches it by name through :mod:`sticks_tui.engine.backends`, which falls back to the python
loop when asked for ``auto``.
``tests/engine/test_numba_backend.py`` proves the equality where numba is installed.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ...compiled import KernelUnavailable, compile_kernel
from ..fast import Backend, BackendUnavailable
from .loops import TakeAwayHats, TakeAwaySelfPlay

#: Games the kernel plays between two looks at ``should_stop`` (a cancel waits at most this).
GAMES_BETWEEN_STOP_CHECKS = 64

_kernel: Any = None


def load_kernel() -> Any:
    """The compiled kernel, compiled once (:func:`~sticks_tui.engine.compiled.compile_kernel`:
    numba's cache on disk, or this run alone where none can be written).

    Raises :class:`KernelUnavailable` with a one-line reason when it cannot be had.
    """
    global _kernel
    if _kernel is None:
        _kernel = compile_kernel(_self_play, _warm_up, "the training loop")
    return _kernel


def _warm_up(kernel: Any) -> None:
    """Compile (or load from numba's cache) with the argument types training uses."""
    import numpy as np  # numba's own dependency

    state = np.array(random.Random(0).getstate()[1][:624], dtype=np.int64)
    counts = np.ones((3, 1), dtype=np.int64)
    legal = np.zeros((3, 1), dtype=np.int64)
    legal_count = np.array([0, 1, 1], dtype=np.int64)
    room = np.zeros(3, dtype=np.int64)
    kernel(
        state, 624, counts, legal, legal_count, np.zeros(3, dtype=np.bool_),
        np.array([1], dtype=np.int64),
        room, room.copy(), 2, 1, False, 2, 2, 0, 1,
    )


class CompiledSelfPlay:
    """A :class:`TakeAwaySelfPlay` whose games the compiled kernel plays (same interface).

    The flat loop's hats are copied into an array when the loop is made, and back into them
    (and so into the brain) by :meth:`sync` (the trainer syncs before it reads the learner and
    at the end of the leg, as it does for the other loops). The generator's state goes in and
    out at each :meth:`play`, so the ``random.Random`` is always where the python loop would
    leave it.
    """

    def __init__(self, loop: TakeAwaySelfPlay, rng: random.Random, kernel: Any) -> None:
        import numpy as np

        self.loop = loop
        self.rng = rng
        self.kernel = kernel
        hats = loop.hats
        self._np = np
        width = len(hats.takes)
        self.legal = np.zeros((len(hats.counts), width), dtype=np.int64)
        self.legal_count = np.zeros(len(hats.counts), dtype=np.int64)
        for n, legal in enumerate(hats.legal):
            self.legal[n, : len(legal)] = legal
            self.legal_count[n] = len(legal)
        self.takes = np.array(hats.takes, dtype=np.int64)
        self.common = np.array(hats.common, dtype=np.bool_)
        self.settings = _settings_of(hats)
        self.drawn_n = np.zeros(hats.start + 1, dtype=np.int64)
        self.drawn_i = np.zeros(hats.start + 1, dtype=np.int64)
        self.counts = np.zeros((len(hats.counts), width), dtype=np.int64)
        for n, hat in enumerate(hats.counts):
            self.counts[n, : len(hat)] = hat

    def play(self, games: int, should_stop: Callable[[], bool] | None) -> tuple[int, int]:
        played = starter_won = 0
        step = games if should_stop is None else GAMES_BETWEEN_STOP_CHECKS
        while played < games:
            if should_stop is not None and should_stop():
                break
            chunk = min(step, games - played)
            starter_won += self._play(chunk)
            played += chunk
        self.loop.hats.brain.games_played += played
        return played, starter_won

    def _play(self, games: int) -> int:
        """Play ``games`` games in the kernel; the hats and the generator carry on after them."""
        np, hats, loop = self._np, self.loop.hats, self.loop
        version, words, gauss = self.rng.getstate()
        state = np.array(words[:624], dtype=np.int64)
        win_back, loss_back, floor = self.settings
        index, starter_won = self.kernel(
            state, words[624], self.counts, self.legal, self.legal_count, self.common, self.takes,
            self.drawn_n, self.drawn_i, hats.start, hats.lowest, hats.misere, games,
            win_back, loss_back, floor,
        )
        self.rng.setstate((version, (*state.tolist(), int(index)), gauss))
        loop.games += games
        return int(starter_won)

    def sync(self) -> None:
        """Write the hats the kernel played on back into the loop's lists, and so into the
        brain."""
        for n, hat in enumerate(self.loop.hats.counts):
            hat[:] = self.counts[n, : len(hat)].tolist()
        self.loop.sync()


def _settings_of(hats: TakeAwayHats) -> tuple[int, int, int]:
    """(balls back on a win, balls back on a loss, floor), as the brain's settle reads them."""
    brain: Any = hats.brain  # a HatBrain: the loop's protocol names only what the loop needs
    settings = brain.settings
    return (
        1 + settings.balls_added_on_win,
        1 - settings.balls_taken_on_loss,
        settings.floor,
    )


# -- the kernel: plain integer code, compiled by numba (and runnable, slowly, without it) -------
_N = 624
_M = 397
_MASK = 0xFFFFFFFF


def _self_play(
    mt: Any, index: int, counts: Any, legal: Any, legal_count: Any, common: Any, takes: Any,
    drawn_n: Any, drawn_i: Any, start: int, lowest: int, misere: bool, games: int,
    win_back: int, loss_back: int, floor: int,
) -> tuple[int, int]:
    """Play ``games`` self-play games on ``counts``; returns (the generator's index, the games
    the starting side won). ``mt`` is the generator's state, carried on in place; ``drawn_n``
    and ``drawn_i`` (room for a game's draws) hold the heap and ball of each draw."""
    starter_won = 0
    for _ in range(games):
        draws = 0
        n = start
        mover = 0
        while True:
            # random.random(): two 32-bit outputs make one double
            high = 0
            low = 0
            for w in range(2):
                if index >= _N:  # MT19937's next 624 words, as CPython's genrand_uint32 makes them
                    for k in range(_N):
                        y = (mt[k] & 0x80000000) | (mt[(k + 1) % _N] & 0x7FFFFFFF)
                        value = mt[(k + _M) % _N] ^ (y >> 1)
                        if y & 1:
                            value ^= 0x9908B0DF
                        mt[k] = value & _MASK
                    index = 0
                y = mt[index]
                index += 1
                y ^= y >> 11
                y ^= (y << 7) & 0x9D2C5680
                y ^= (y << 15) & 0xEFC60000
                y ^= y >> 18
                y &= _MASK
                if w == 0:
                    high = y >> 5
                else:
                    low = y >> 6
            u = (high * 67108864.0 + low) * (1.0 / 9007199254740992.0)
            if common[n]:  # three balls, all legal: draw_index written out, as the python loop
                c0, c1 = counts[n, 0], counts[n, 1]
                r = u * (c0 + c1 + counts[n, 2]) - c0
                i = 0 if r < 0 else (1 if r < c1 else 2)
                counts[n, i] -= 1
                drawn_n[draws] = n
                drawn_i[draws] = i
                draws += 1
                n -= takes[i]
                if n < lowest:
                    break
                mover ^= 1
                continue
            # draw_index
            total = 0
            for j in range(legal_count[n]):
                total += counts[n, legal[n, j]]
            r = u * total
            i = legal[n, legal_count[n] - 1]
            for j in range(legal_count[n]):
                r -= counts[n, legal[n, j]]
                if r < 0:
                    i = legal[n, j]
                    break
            counts[n, i] -= 1
            drawn_n[draws] = n
            drawn_i[draws] = i
            draws += 1
            n -= takes[i]
            if n < lowest:
                break
            mover ^= 1
        loser = mover if misere else mover ^ 1
        # the draws alternate sides from the starter (side 0); each hat is met once a game,
        # so the order of settling does not change the hats
        for k in range(draws):
            won = (k & 1) != loser
            h, i = drawn_n[k], drawn_i[k]
            if won:
                counts[h, i] += win_back
            else:
                count = counts[h, i] + loss_back
                counts[h, i] = count if count > floor else floor
        starter_won += loser
    return index, starter_won


def compiles(rules: Any) -> bool:
    """Whether the compiled loop plays the hat AI's self-play in ``rules``: a take-away game
    (any other training runs in Python, whatever the backend)."""
    from ...games.takeaway import TakeAway  # as in .loops.takeaway_hats

    return isinstance(rules, TakeAway)


def plays(run: Any) -> bool:
    """Whether ``run`` is the loop the kernel plays: the flat take-away self-play loop."""
    return isinstance(run, TakeAwaySelfPlay)


def _load() -> object:
    try:
        return load_kernel()
    except KernelUnavailable as error:
        raise BackendUnavailable(str(error)) from None


#: numba's compiled take-away self-play of the hat AI (the extra ``sticks-tui[fast]``).
NUMBA = Backend(
    "numba",
    fits=compiles,
    plays=plays,
    load=_load,
    take_over=lambda run, rng: CompiledSelfPlay(run, rng, _load()),
)
