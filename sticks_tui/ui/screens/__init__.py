"""The screens: one a file (setup, mode, help, leaderboard, confirm, too_small), or one a folder
with the parts that belong to it alone (board/, lab/, analysis/, brains/).

A screen reads the app's state and asks for another screen through :mod:`..host`; it imports
neither the app nor another screen to push it (the app pushes the screens)."""
