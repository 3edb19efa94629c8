"""One screen a file: setup, mode, board, training, leaderboard, help (and analysis).

A screen reads the app's state and asks for another screen through :mod:`..host`; it imports
neither the app nor another screen to push it (the app pushes the screens)."""
