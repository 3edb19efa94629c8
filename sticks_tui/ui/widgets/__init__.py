"""Widgets that draw the game: the heap of sticks and the AI's hats."""
