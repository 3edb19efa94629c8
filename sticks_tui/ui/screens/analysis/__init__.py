"""The analysis screen: what a brain learned, beside the exact solver (``screen``)."""
