"""The full-screen Textual app of sticks-tui (``sticks-tui`` with no command).

Screens live in ``screens/`` (one a file), reusable drawings in ``widgets/``, the shared styles
in ``app.tcss`` and each game's beside its presenter (``presenters/``). Every rule of the game
comes from :mod:`sticks_tui.engine`; the UI only asks the engine what is legal, hands it moves
and redraws from its state.
"""
