"""The board: one table's games (``screen``), with the parts that belong to it alone: the AIs'
hats beside it (``hats``), the hint and undo (``help``), and watch mode and the saves of its
games (``watch``). They reach the board through its public methods only."""
