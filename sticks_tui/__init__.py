"""sticks-tui: the Game of Sticks and its relatives, in the terminal."""

__version__ = "0.1.0"
