"""The full-screen app as the command line opens it (``sticks-tui`` with no command): its
options, else the environment (``STICKS_TUI_TRAINING_GAMES``, ``STICKS_TUI_AI_DELAY``), else
the app's defaults, read here and handed to :func:`~sticks_tui.ui.app.run_app` as plain values.
"""

from __future__ import annotations

import argparse
import os
import sys

from ..engine.games.family import quoted
from ..engine.machines import TRAINED_AI_GAMES
from ..text.terminal import printable
from ..ui.app import OpponentRefused, run_app
from ..ui.speed import DEFAULT_AI_DELAY
from .args import AI_DELAY_MAX, PASSPHRASE_ENV, TRAINING_GAMES_MAX

TRAINING_GAMES_ENV = "STICKS_TUI_TRAINING_GAMES"
AI_DELAY_ENV = "STICKS_TUI_AI_DELAY"


class ConfigError(ValueError):
    """A setting from the environment that cannot be used; the message says which and why."""


def open_app(args: argparse.Namespace) -> int:
    """Open the app with the options given, else the environment's settings; the exit
    status (2, with one line, for a setting or an ``--opponent`` that cannot be used)."""
    try:  # the options first, then the environment, then the defaults
        training_games = getattr(args, "training_games", None) or training_games_from_env()
        ai_delay = getattr(args, "ai_delay", None)
        ai_delay = ai_delay if ai_delay is not None else ai_delay_from_env()
    except ConfigError as error:
        print(f"sticks-tui: error: {error}", file=sys.stderr)
        return 2
    try:
        return run_app(
            data_dir=getattr(args, "data_dir", None),
            seed=getattr(args, "seed", None),
            training_games=training_games,
            ai_delay=ai_delay,
            names=(getattr(args, "player1", None), getattr(args, "player2", None)),
            rules=getattr(args, "app_rules", None),
            opponent=getattr(args, "app_opponent", None),
            learner=getattr(args, "app_learner", None),
            served=getattr(args, "served", False),
            passphrase=os.environ.get(PASSPHRASE_ENV) if getattr(args, "served", False) else None,
        )
    except OpponentRefused as error:
        print(f"sticks-tui: error: argument --opponent: {printable(str(error))}", file=sys.stderr)
        return 2


def training_games_from_env(environ: dict[str, str] | os._Environ[str] = os.environ) -> int:
    text = environ.get(TRAINING_GAMES_ENV, "").strip()
    if not text:
        return TRAINED_AI_GAMES
    if not (text.isascii() and text.isdigit()) or len(text) > 9 or not (
        1 <= int(text) <= TRAINING_GAMES_MAX
    ):
        raise ConfigError(
            f"{TRAINING_GAMES_ENV} must be a whole number from 1 to {TRAINING_GAMES_MAX:,}, "
            f"got {quoted(text)}"
        )
    return int(text)


def ai_delay_from_env(environ: dict[str, str] | os._Environ[str] = os.environ) -> float:
    text = environ.get(AI_DELAY_ENV, "").strip()
    if not text:
        return DEFAULT_AI_DELAY
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value <= AI_DELAY_MAX:
        raise ConfigError(
            f"{AI_DELAY_ENV} must be a number of seconds from 0 to {AI_DELAY_MAX:g}, "
            f"got {quoted(text)}"
        )
    return value
