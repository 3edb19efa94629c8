"""Finding the rule a learner's decided positions follow (see the package docstring).

A periodic rule with an irregular prefix and a few contradicting positions, costed as in
minimum description length. It is a reading of the learner over the positions it decided, not
a proof: :attr:`RuleFinding.read_over` says over which heaps it was read (the solver's rule is
the proved one, :mod:`~sticks_tui.engine.period_proof`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..solver import PeriodicRule

#: The rule finder needs at least this many decided positions before it looks for a rule.
MIN_POSITIONS = 12
#: Each residue of a rule's period must be seen at least this often among the decided positions.
MIN_REPEATS = 3
#: At most this share of the positions a rule covers may contradict it.
MAX_NOISE = 0.1
#: A rule must explain at least this share of the decided positions (the rest being its prefix).
MIN_COVER = 0.5
#: Longest period looked for (take-away games with takes up to ~20 have far shorter ones).
MAX_PERIOD = 200


@dataclass(frozen=True)
class RuleFinding:
    """A rule found from data (or why none was), with how much data backs it."""

    rule: PeriodicRule | None
    used: tuple[int, ...]
    """The positions the rule was looked for on (the decided ones)."""
    disagreements: tuple[int, ...] = ()
    """Positions at or after the rule's start whose flag contradicts the rule."""
    reason: str = ""
    """Why there is no rule (empty when there is one)."""

    @property
    def read_over(self) -> tuple[int, int] | None:
        """The first and the last position the rule was read over (None without any)."""
        return (self.used[0], self.used[-1]) if self.used else None

    @property
    def enough_data(self) -> bool:
        return self.rule is not None or not self.reason.startswith("not enough data")

    def describe(self) -> str:
        """One line for people: the rule in words and what backs it, or why there is none."""
        if self.rule is None:
            return self.reason
        text = self.rule.describe()
        if not self.rule.residues and self.rule.start:
            text += f", for n ≥ {self.rule.start}"
        backing = f"backed by {len(self.used)} positions"
        if self.disagreements:
            listed = ", ".join(map(str, self.disagreements))
            verb = "disagrees" if len(self.disagreements) == 1 else "disagree"
            backing += f", {len(self.disagreements)} of which {verb} ({listed})"
        else:
            backing += ", none disagreeing"
        return f"{text} ({backing})"


def find_rule(
    flags: dict[int, bool],
    *,
    noise: float = MAX_NOISE,
    min_repeats: int = MIN_REPEATS,
    min_positions: int = MIN_POSITIONS,
    max_period: int | None = MAX_PERIOD,
    min_cover: float = MIN_COVER,
) -> RuleFinding:
    """The simplest periodic rule for ``flags`` (n -> lost?), which may have gaps and noise.

    A candidate is a period, a start (the positions before it are an irregular prefix) and, per
    residue, the majority flag of the positions from the start on. It is acceptable when every
    residue is seen at least ``min_repeats`` times with a strict majority and at most ``noise``
    of those positions disagree. Among acceptable ones the cheapest wins (see the module
    docstring: period + prefix + ``1 + log2(N)`` per contradicting position), then the smaller
    period. The prefix may not leave less than ``min_cover`` of the positions to the rule.
    With ``noise=0`` and ``min_cover=0`` on contiguous flags this is exactly
    :func:`~sticks_tui.engine.solver.find_periodic_rule`. Work: O(periods x positions).
    """
    ns = tuple(sorted(flags))
    if len(ns) < max(min_positions, 1):
        decided = "1 position" if len(ns) == 1 else f"{len(ns)} positions"
        return RuleFinding(
            None, ns,
            reason=f"not enough data: {decided} decided, at least {min_positions} needed",
        )
    most = len(ns) // min_repeats
    if max_period is not None:
        most = min(most, max_period)
    exception_cost = 1 + math.log2(len(ns))
    best: tuple[float, int, int, int] | None = None  # (cost, period, disagreements, skip)
    for period in range(1, most + 1):
        if best is not None and period > best[0]:
            break  # every later candidate costs at least its period
        found = _best_start(flags, ns, period, min_repeats, noise, exception_cost, min_cover)
        if found is not None and (best is None or found < best):
            best = found
    if best is None:
        return RuleFinding(
            None, ns,
            reason=f"no periodic rule (period up to {most}) fits the {len(ns)} decided positions",
        )
    _, period, _, skip = best
    tail = ns[skip:]
    residues, wrong = _fit(flags, tail, period)
    return RuleFinding(PeriodicRule(period, residues, 0 if skip == 0 else tail[0]), ns, wrong)


def _best_start(
    flags: dict[int, bool],
    ns: tuple[int, ...],
    period: int,
    min_repeats: int,
    noise: float,
    exception_cost: float,
    min_cover: float,
) -> tuple[float, int, int, int] | None:
    """The cheapest start for one period, growing the tail from the top one position at a time.

    Per residue it keeps how many positions were seen and how many are lost; the positions
    contradicting the majority are the smaller of the two, so each step is O(1).
    """
    seen = [0] * period
    lost = [0] * period
    filled = tied = minority = 0  # residues seen min_repeats times; with a tie; disagreements
    best: tuple[float, int, int, int] | None = None
    for skip in range(len(ns) - 1, -1, -1):
        n = ns[skip]
        r = n % period
        minority -= min(lost[r], seen[r] - lost[r])
        tied -= seen[r] > 0 and 2 * lost[r] == seen[r]
        seen[r] += 1
        lost[r] += flags[n]
        minority += min(lost[r], seen[r] - lost[r])
        tied += 2 * lost[r] == seen[r]
        filled += seen[r] == min_repeats
        covered = len(ns) - skip
        if filled < period or tied or minority > noise * covered or covered < min_cover * len(ns):
            continue
        candidate = (period + skip + exception_cost * minority, period, minority, skip)
        if best is None or candidate <= best:
            best = candidate
    return best


def _fit(
    flags: dict[int, bool], tail: tuple[int, ...], period: int
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Majority flag per residue over ``tail``: (lost residues, contradicting positions)."""
    lost_count = [0] * period
    seen = [0] * period
    for n in tail:
        seen[n % period] += 1
        lost_count[n % period] += flags[n]
    residues = tuple(r for r in range(period) if 2 * lost_count[r] > seen[r])
    lost = set(residues)
    wrong = tuple(n for n in tail if flags[n] != (n % period in lost))
    return residues, wrong
