"""Learners: AIs that learn a game by playing it (the hat AI, the Q-learner)."""
