"""One screen a file: setup, mode, board, training, leaderboard, help."""
