"""The experiment screen (``screen``), reached from the training lab, with the messages its
worker posts (``parts``); styles in ``experiment.tcss``."""
