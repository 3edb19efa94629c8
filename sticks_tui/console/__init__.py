"""The classic line-by-line console of the original assignment (``sticks-tui --classic``)."""
