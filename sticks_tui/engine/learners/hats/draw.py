"""The hat AI's rule, written once: drawing a ball from a hat, and settling the balls a side
drew in a game (seed 000's life of a ball, with the numbers of :class:`~.settings.HatSettings`).

A hat is held two ways:

* **sparse**, as the brain keeps it: a tuple ``(index, count, index, count, ...)`` of only the
  counts that differ from a fresh hat's, by ball index (a ball laid beside its hat is out of
  it), and no hat at all where every count is a fresh hat's. A hat that losses bring back to
  fresh is dropped, so the brain's memory and its file follow what it learned, not every
  position it met. A tuple of one count takes 56 bytes where a dict takes 224: most hats of a
  big game hold a single learned count;
* **dense**, as the flat take-away loops play it: a list of every count.

Both draw the same ball for the same random number: :func:`draw_index` is the rule, and
:func:`fresh_index` is that rule worked out for a hat whose legal balls are all a fresh hat's
(the common case of a big game, where most positions are met once), exactly: ``u * total`` is
one rounding, and the running subtraction of whole counts that :func:`draw_index` does is exact
until it goes below zero, so the first ball whose running total passes ``u * total`` is found by
a floor division. ``tests/engine/test_hat_memory.py`` checks both against each other.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence

from .settings import HatSettings

#: A ball laid beside its hat in a dense loop: the hat's counts and the ball's index in them.
Ball = tuple[list[int], int]
#: The learning rule for one side's balls of one game: ``settle(balls, won)`` (it empties them).
Settle = Callable[[list[Ball], bool], None]
#: A sparse hat: ``(index, count, index, count, ...)``, indices rising, no count a fresh hat's.
SparseHat = tuple[int, ...]
#: The brain's hats: position -> its sparse hat (never an empty one).
SparseHats = dict[Hashable, SparseHat]
#: A ball laid beside its hat in the brain: the hat's position and the ball's index.
SparseBall = tuple[Hashable, int]
#: The learning rule on the brain's own (sparse) hats.
SparseSettle = Callable[[list[SparseBall], bool], None]
#: A ball as it was settled: its hat's position, its index, whether its side won, and the
#: balls of its number in the hat before the game (it counted in) and after.
Settled = tuple[Hashable, int, bool, int, int]


def draw_index(counts: Sequence[int], legal: Sequence[int], u: float) -> int:
    """A legal ball index drawn with probability proportional to its count (``u`` in [0, 1))."""
    total = 0
    for i in legal:
        total += counts[i]
    r = u * total
    for i in legal:
        r -= counts[i]
        if r < 0.0:
            return i
    return legal[-1]


def fresh_index(legal: Sequence[int], u: float, fresh: int) -> int:
    """:func:`draw_index` for a hat whose legal balls all hold ``fresh`` balls, without a loop."""
    r = u * (fresh * len(legal))
    k = int(r // fresh)  # exact: r and the counts are below 2**53
    return legal[k] if k < len(legal) else legal[-1]


def take_ball(
    hats: SparseHats, position: Hashable, size: int, legal: Sequence[int], u: float, fresh: int
) -> int:
    """Draw a ball from the sparse hat at ``position`` (``size`` ball kinds, ``legal`` the
    indices that may be drawn) and take it out of the hat; returns its index."""
    hat = hats.get(position)
    if hat is None:
        i = fresh_index(legal, u, fresh)
        hats[position] = (i, fresh - 1)  # never fresh: fresh_balls is at least 1
        return i
    counts = dense(hat, size, fresh)
    i = draw_index(counts, legal, u)
    set_count(hats, position, i, counts[i] - 1, fresh)
    return i


def dense(hat: SparseHat | None, size: int, fresh: int) -> list[int]:
    """Every count of a sparse hat of ``size`` ball kinds."""
    counts = [fresh] * size
    if hat:
        for k in range(0, len(hat), 2):
            counts[hat[k]] = hat[k + 1]
    return counts


def get_count(hat: SparseHat | None, i: int, fresh: int) -> int:
    """The count of ball ``i`` in a sparse hat."""
    if hat:
        for k in range(0, len(hat), 2):
            if hat[k] == i:
                return hat[k + 1]
    return fresh


def counts_by_index(hat: SparseHat | None) -> dict[int, int]:
    """The counts a sparse hat keeps, by ball index."""
    return {hat[k]: hat[k + 1] for k in range(0, len(hat), 2)} if hat else {}


def sparse_hat(counts: dict[int, int], fresh: int) -> SparseHat | None:
    """The sparse hat of ``counts`` by ball index (those of a fresh hat left out), or None."""
    pairs = [(i, n) for i, n in sorted(counts.items()) if n != fresh]
    return tuple(x for pair in pairs for x in pair) or None


def keep_dense(hats: SparseHats, position: Hashable, counts: Sequence[int], fresh: int) -> None:
    """Keep the dense ``counts`` of the hat at ``position`` as a sparse hat (none if fresh)."""
    # a flat loop keeps every hat it played on back at each report: a plain loop, not a
    # generator (a sixth of the time)
    hat: tuple[int, ...] = ()
    for i, count in enumerate(counts):
        if count != fresh:
            hat += (i, count)
    if hat:
        hats[position] = hat
    else:
        hats.pop(position, None)


def set_count(hats: SparseHats, position: Hashable, i: int, count: int, fresh: int) -> None:
    """Put ``count`` balls of index ``i`` in the sparse hat at ``position``; a count equal to a
    fresh hat's is not kept, nor is a hat that holds nothing else."""
    hat = hats.get(position)
    if hat is None:
        if count != fresh:
            hats[position] = (i, count)
        return
    pairs = list(hat)
    for k in range(0, len(pairs), 2):
        if pairs[k] == i:
            if count == fresh:
                del pairs[k : k + 2]
            else:
                pairs[k + 1] = count
            break
        if pairs[k] > i:
            if count != fresh:
                pairs[k:k] = (i, count)
            break
    else:
        if count != fresh:
            pairs += (i, count)
    if pairs:
        hats[position] = tuple(pairs)
    else:
        del hats[position]


def rule_numbers(settings: HatSettings) -> tuple[int, int, int]:
    """(balls back on a win, balls back on a loss, the floor): the drawn ball goes back with
    the balls added on a win; on a loss it goes back less the balls taken, never below the
    floor."""
    return 1 + settings.balls_added_on_win, 1 - settings.balls_taken_on_loss, settings.floor


def dense_settler(settings: HatSettings) -> Settle:
    """The learning rule on dense hats, for the balls one side drew in one game:
    ``settle(drawn, won)`` with ``(hat counts, ball index)`` pairs (emptied). The settings are
    read once, when the rule is made."""
    win_back, loss_back, floor = rule_numbers(settings)

    def settle(drawn: list[Ball], won: bool) -> None:
        if won:
            for hat, i in drawn:
                hat[i] += win_back
        elif loss_back == 0:  # seed 000: the drawn ball is thrown away
            for hat, i in drawn:
                if hat[i] < floor:
                    hat[i] = floor
        else:
            for hat, i in drawn:
                count = hat[i] + loss_back
                hat[i] = count if count > floor else floor
        drawn.clear()

    return settle


def once_a_game_settler(settings: HatSettings) -> Settle:
    """The learning rule on dense hats whose drawn balls were left in them: for a game in which
    no hat is drawn from twice (a take-away game's heap only shrinks), taking a ball out as it is
    drawn changes no later draw of the game, so the flat take-away loops leave it in and settle
    the going out and the coming back in one step (a win adds ``balls_added_on_win``, a loss
    takes ``balls_taken_on_loss``, never below the floor): the counts :func:`dense_settler`
    leaves for the same balls taken out, with one step a draw fewer on the hot path."""
    added, taken, floor = settings.balls_added_on_win, settings.balls_taken_on_loss, settings.floor

    def settle(drawn: list[Ball], won: bool) -> None:
        if won:
            if added:
                for hat, i in drawn:
                    hat[i] += added
        else:
            for hat, i in drawn:
                count = hat[i] - taken
                hat[i] = count if count > floor else floor
        drawn.clear()

    return settle


def sparse_settler(
    settings: HatSettings, hats: SparseHats, settled: list[Settled] | None = None
) -> SparseSettle:
    """The same rule on the brain's sparse ``hats``, for ``(position, ball index)`` pairs; a
    hat a loss brings back to fresh is dropped. Each ball settled is told to ``settled``, when
    given (a hat has at most one ball beside it in the games here: no position comes twice)."""
    win_back, loss_back, floor = rule_numbers(settings)
    fresh = settings.fresh_balls

    def settle(drawn: list[SparseBall], won: bool) -> None:
        for position, i in drawn:
            out = count = get_count(hats.get(position), i, fresh)  # the ball drawn is out
            if won:
                count += win_back
            else:
                count += loss_back
                if count < floor:
                    count = floor
            set_count(hats, position, i, count, fresh)
            if settled is not None:
                settled.append((position, i, won, out + 1, count))
        drawn.clear()

    return settle
