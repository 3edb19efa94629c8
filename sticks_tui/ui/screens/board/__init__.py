"""The board: one table's games (``screen``), with the panels that belong to it alone: the AIs'
hats beside it (``hats``), the hint and the keys of undo (``help``), and watch mode's pace and
the tally of its games (``watch``). The panels know nothing of the board screen nor of each
other: the screen hands them the game driver's events and asks them what to show."""
