"""``sticks-tui leaderboard [--game SPEC] [--machines] [--json]``: the win/loss board.

The overall board adds up every game, the results recorded before boards were kept per game
("earlier games") included; ``--game SPEC`` shows one game's board. A game between two computer
players (watched in the app, say) is recorded but left off unless ``--machines`` asks for it, so
that a machine does not climb the board by beating another while nobody plays. A computer
player's row is marked with its level: "Perfect AI (machine: perfect)".
"""

from __future__ import annotations

import argparse
import json

from rich.cells import cell_len

from ..engine.games import parse_game, spec_of
from ..storage.records import EARLIER_GAMES, Standing
from ..storage.sqlite.store import ReadStore, kept_words
from .args import GAME_HELP, game_given_before_the_command, game_spec
from .store_commands import (
    add_data_dir,
    open_to_read_from_args,
    padded,
    store_problems_end_here,
)


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``leaderboard`` to the command line."""
    parser = subparsers.add_parser(
        "leaderboard",
        help="print the win/loss leaderboard",
        description="Every player, best rating first (rating = wins - losses): over every game, "
        "or of one game with --game. Games between two computer players are left out unless "
        "--machines is given.",
    )
    parser.add_argument(
        "--game", type=game_spec, default=None, metavar="SPEC",
        help=f"the board of one game (default: every game together); {GAME_HELP}",
    )
    parser.add_argument(
        "--machines", action="store_true",
        help="count the games between two computer players too",
    )
    parser.add_argument(
        "--json",
        action="store_true",
        help="print a JSON list of rows, each with name, wins, losses, games, rating and machine "
        "(the computer player's level, or null)",
    )
    add_data_dir(parser)
    parser.set_defaults(handler=_run_leaderboard, command_parser=parser)


@store_problems_end_here
def _run_leaderboard(args: argparse.Namespace) -> int:
    game_given_before_the_command(args.command_parser, args)
    # "takeaway:1,2,3" is the Game of Sticks: each board is found by its game's one spec.
    game = None if args.game is None else spec_of(parse_game(args.game))
    with open_to_read_from_args(args) as store:  # a read: nothing is created
        rows = store.standings(game, machines=args.machines)
        notes = [] if args.json else _notes(store, game, machines=args.machines)
    if args.json:
        print(json.dumps([row.as_dict() for row in rows], indent=2, ensure_ascii=False))
        return 0
    if rows:
        print("\n".join(leaderboard_lines(rows)))
    else:
        games = "games" if game is None else f"games of {game}"
        print(f"No {games} recorded yet ({kept_words(store)}).")
    if notes:
        print("\n" + "\n".join(notes))
    return 0


def _notes(store: ReadStore, game: str | None, *, machines: bool) -> list[str]:
    """What the board counts, and how to see the rest: the other boards, earlier games, the
    games between machines."""
    notes: list[str] = []
    others = store.games(machines=True)
    if game is None and others:
        notes.append(
            f"Every game together; one game's board: --game SPEC ({', '.join(others)})."
        )
    if game is None and store.standings(EARLIER_GAMES, machines=True):
        notes.append(
            "Counted here only: the earlier games, recorded before boards were kept per game."
        )
    if not machines and store.standings(game, machines=True) != store.standings(game):
        notes.append("Games between two computer players are left out (--machines counts them).")
    return notes


def leaderboard_lines(rows: list[Standing]) -> list[str]:
    """The leaderboard as a plain table, ranked as given; ratings carry their sign, and a
    computer player's name its level.

    Names are padded by the terminal cells they take, not their characters, so the numbers
    after "名人" (two characters, four cells) or "é" (two characters, one cell) line up.
    """
    width = max(cell_len("Name"), *(cell_len(row.label) for row in rows))
    lines = [
        f"{'#':>3}  {padded('Name', width)}  {'Wins':>5}  {'Losses':>6}  {'Games':>5}  "
        f"{'Rating':>6}"
    ]
    for rank, row in enumerate(rows, start=1):
        lines.append(
            f"{rank:>3}  {padded(row.label, width)}  {row.wins:>5}  {row.losses:>6}  "
            f"{row.games:>5}  {row.rating:>+6}"
        )
    return lines
