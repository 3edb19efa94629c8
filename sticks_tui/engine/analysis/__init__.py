"""What a learner has learned about its game, side by side with the exact solver (SPEC section 5).

The package: :mod:`.positions` reads one position, :mod:`.rule_finding` finds the rule,
:mod:`.report` is the analysis as data and JSON, :mod:`.reading` reads a whole brain.

The hat AI's hats and the Q-learner's values are read alike, through what every learner says of
a position (:meth:`~..learners.base.Learner.values_at`) and what its registry entry reads off it
(``read``, each learner's own): for each position, the
preferred move and how sure the learner is (hats: the preferred ball's share; Q: the values),
whether it has learned the position is lost, and the solver's winning moves, with every
disagreement marked. :func:`analyse` reads every hat a brain has (the app's analysis screen);
:func:`analyse_from_start` reads the positions reachable from the start of its game (a brain
file: ``sticks-tui analyze``), see :func:`analysis_rules` for the start of a take-away game.

Reading a lost position off the hats
------------------------------------
A hat of the learning AI grows by one ball for every game won after drawing from it and shrinks
(never below one ball of a number) for every game lost. At a lost position every ball drawn
loses against good play, so the hat stays at its starting balls, exactly like a hat that was
never visited. The two are told apart by the hats *around* it: the AI reaches a position ``n``
because somebody moved into it, and every won game in which the AI itself moved into ``n`` left
one more ball of that move in the hat it moved from. So for each position we count

* ``growth``: balls the hat at ``n`` has gained (legal balls beyond its one of each), about the
  games won after playing from ``n``;
* ``inflow``: balls gained by the moves *into* ``n`` in the hats above it, about the games won
  after leaving the opponent at ``n``.

Their sum is the evidence (roughly: games that went through ``n`` and taught something). With
enough evidence, a position is *learned lost* when nearly all of it is inflow, *learned won* when
nearly all of it is growth, and *undecided* otherwise (still mixed, or rarely visited: the stick
counts just below the start are met seldom once the AI plays well from the start).

Reading a lost position off the Q-values
----------------------------------------
A Q-value estimates what a move brings by the end of the game: near the win reward when it
leads to a win, near the loss reward when it loses. A position is *learned lost* when the best
value there (an unknown one counting as 0, as the learner itself counts it) is in the lower
quarter of the range from the loss reward to the win reward, *learned won* when it is in the
upper quarter, and *undecided* otherwise or where no value was learned.

Finding the rule
----------------
The positions that are decided feed :func:`find_rule`, which looks for the simplest periodic
rule (period plus an irregular prefix, as :func:`~sticks_tui.engine.solver.find_periodic_rule`
does) that explains them, tolerating a few contradicting positions (at most ``noise`` of those
used). The cost of a rule is counted as in minimum description length: a unit per residue
of the period, per position of an irregular prefix (its flag written out), and ``1 + log2(N)``
per contradicting position (which one it is, among N, and its flag), so a rule that only explains
a short tail, or leaves many exceptions, loses against one that explains nearly all. Undecided
positions are left out, so the rule is backed only by data, and the report says how many
positions back it and which disagree.
"""

from .positions import (
    AGREE,
    DISAGREE,
    UNKNOWN,
    PositionReport,
    prefers_winning,
    report_position,
)
from .reading import (
    MAX_ANALYSED_POSITIONS,
    MAX_ANALYSED_STICKS,
    Analysed,
    AnalysisError,
    analyse,
    analyse_from_start,
    analyse_game,
    analysis_rules,
    learned_positions,
    reachable_positions,
)
from .report import Analysis
from .rule_finding import (
    MAX_NOISE,
    MAX_PERIOD,
    MIN_COVER,
    MIN_POSITIONS,
    MIN_REPEATS,
    RuleFinding,
    find_rule,
)

__all__ = [
    "AGREE",
    "DISAGREE",
    "MAX_ANALYSED_POSITIONS",
    "MAX_ANALYSED_STICKS",
    "MAX_NOISE",
    "MAX_PERIOD",
    "MIN_COVER",
    "MIN_POSITIONS",
    "MIN_REPEATS",
    "UNKNOWN",
    "Analysed",
    "Analysis",
    "AnalysisError",
    "PositionReport",
    "RuleFinding",
    "analyse",
    "analyse_from_start",
    "analyse_game",
    "analysis_rules",
    "find_rule",
    "learned_positions",
    "prefers_winning",
    "reachable_positions",
    "report_position",
]
