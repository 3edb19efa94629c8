"""Sticky-Nim's groups as heaps (the octal game 0.777 for k = 3): the moves of one heap,
Grundy values, the positions a line reaches, and the brute-force search the theories of
:mod:`.sticky_theory` are checked on."""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

#: A position: the lengths of its groups, longest first.
Groups = tuple[int, ...]


@lru_cache(maxsize=256)  # one game's heaps (at most 62) and more: bounded, however many games
def heap_options(n: int, k: int) -> tuple[tuple[int, int], ...]:
    """What a heap of n becomes after each canonical move: the two sides (either may be 0)."""
    return tuple((a, n - t - a) for t in range(1, min(k, n) + 1) for a in range((n - t) // 2 + 1))


@lru_cache(maxsize=256)
def heap_sides(n: int, k: int) -> tuple[Groups, ...]:
    """:func:`heap_options` as the groups each move leaves (an empty side is no group), the
    most sticks taken and the most even split first: the brute force finds a winning move
    sooner in that order (the k = 3 quotient's build: 7.3 s in heap_options' order, 5.9 s)."""
    return tuple(tuple(side for side in pair if side) for pair in reversed(heap_options(n, k)))


def grundy_values(k: int, limit: int) -> list[int]:
    """Normal-play Grundy values of single groups 0..limit (mex over both sides' xor)."""
    g = [0]
    for n in range(1, limit + 1):
        seen = {g[a] ^ g[b] for a, b in heap_options(n, k)}
        value = 0
        while value in seen:
            value += 1
        g.append(value)
    return g


def partitions(total: int, largest: int | None = None) -> Iterator[Groups]:
    """Every multiset of group lengths with this total, longest first."""
    if total == 0:
        yield ()
        return
    for first in range(min(total, total if largest is None else largest), 0, -1):
        for rest in partitions(total - first, first):
            yield (first,) + rest


def reachable_positions(limit: int) -> Iterator[Groups]:
    """Every position with sticks + groups <= limit + 1, by increasing number of sticks.

    A line of ``limit`` sticks only reaches such positions (m groups need m - 1 gaps), and the
    set is closed under moves (a move removes t >= 1 sticks and adds at most one group)."""
    for total in range(limit + 1):
        for position in partitions(total):
            if total + len(position) <= limit + 1:
                yield position


# -- brute force -----------------------------------------------------------------------------------


class BruteForce:
    """Memoized search over canonical positions (the reference the theories are checked on)."""

    def __init__(self, k: int) -> None:
        self.k = k
        self._lost: dict[Groups, bool] = {(): False}

    def lost(self, position: Groups) -> bool:
        known = self._lost.get(position)
        if known is not None:
            return known
        return self._search(position)  # one frame per move: at most 62 deep

    def _search(self, position: Groups) -> bool:
        memo = self._lost
        known = memo.get(position)
        if known is not None:
            return known
        previous = 0
        for i, group in enumerate(position):
            if group == previous:
                continue
            previous = group
            rest = position[:i] + position[i + 1 :]
            for sides in heap_sides(group, self.k):
                child = tuple(sorted(rest + sides, reverse=True))
                # most children are known: look before calling (millions of calls saved)
                child_lost = memo.get(child)
                if child_lost is None:
                    child_lost = self._search(child)
                if child_lost:
                    memo[position] = False
                    return False
        memo[position] = True
        return True
