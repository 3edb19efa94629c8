"""A game's theory in words: what ``sticks-tui solve`` prints and the analysis screen shows
(SPEC section 9).

The engine gives the theory (:func:`sticks_tui.engine.games.theory_of`), and each theory brings
its words (:meth:`~sticks_tui.engine.theory.Theory.lines`, beside its data in its family's
module: a take-away game's table of heaps and its period, Nim's nim-sum, Sticky-Nim's Grundy
values); a game that brings no theory of its own gets the solver's answer from the start. Here
is only how wide the lines are, and which way round the app's panel puts them.
"""

from __future__ import annotations

from ..engine.theory import Theory

#: Lines are wrapped to this width.
WIDTH = 100


def theory_lines(theory: Theory, name: str, width: int = WIDTH) -> list[str]:
    """The theory of the game called ``name``, as lines of at most ``width`` characters (where
    words allow)."""
    return list(theory.lines(name, width))


def theory_panel_lines(theory: Theory, name: str, width: int) -> list[str]:
    """The theory as the app's panel shows it: what ``solve`` prints, the answer first (a
    take-away game's lost positions and rule above its table of heaps, which a reader scrolls)."""
    return list(theory.lines(name, width, answer_first=True))
