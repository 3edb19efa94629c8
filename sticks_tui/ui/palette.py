"""The command palette (ctrl+p): every screen of the app, and every brain of the game chosen to
play against, as the mode screen offers them."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from textual.app import SystemCommand

from ..storage.brain_cache import BrainRef
from .host import Host
from .screens.mode import opponent_choices
from .session import brain_of


def app_commands(app: Host) -> Iterable[SystemCommand]:
    """The app's commands, after Textual's own."""
    yield SystemCommand(
        "Setup", "Choose the game, its rules, the names and who starts", app.action_new_setup
    )
    yield SystemCommand("Mode", "Play a friend, the computer, or watch", app.action_mode)
    yield SystemCommand(
        "Training", "Train the trained AI by self-play, then play it", app.action_train
    )
    yield SystemCommand("Watch", "Watch the computer play itself", app.action_watch)
    yield SystemCommand(
        "Training lab", "Teach a brain against the opponent you choose, live", app.action_lab
    )
    yield SystemCommand(
        "Analysis", "What the brain learned, beside the exact solver", app.action_analysis
    )
    yield SystemCommand("Leaderboard", "Games, wins, losses and ratings", app.action_leaderboard)
    room = ("Room", "The room's brain") if app.served else ("AI's brain", "The learning AI's brain")
    yield SystemCommand(
        room[0], f"{room[1]}: games learned, win share over its last games, live",
        app.action_room,
    )
    yield SystemCommand(
        "Brains", "The AIs' saved brains: new, reset, export, import, play", app.action_brains
    )
    yield SystemCommand("Help", "Rules, keys and how the hats work", app.action_help)
    yield from brain_commands(app)


def brain_commands(app: Host) -> Iterable[SystemCommand]:
    """"Play against AI (hats, 12 games)": every brain of the game chosen."""
    for label, choice in opponent_choices(app.brains, app.settings.rules):
        ref = brain_of(choice)
        if ref is not None:
            yield SystemCommand(
                f"Play against {label.plain}",
                "A brain of this game (one that must learn first trains first)",
                _player(app, ref),
            )


def _player(app: Host, ref: BrainRef) -> Callable[[], None]:
    return lambda: app.play_against(ref, train=True)
