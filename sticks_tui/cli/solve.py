"""``sticks-tui solve``: the exact answer and the theory of any game (SPEC sections 9 and 10).

Take-away games: the table of heaps, the lost positions, their period and seed 003's figures;
Nim: the nim-sum in binary and the misère twist; Sticky-Nim: the Grundy values of a group, the
octal code and the lost configurations; any other registered game: the solver's answer from the
start. The engine gives the theory as data (``theory_of``), :mod:`sticks_tui.text.theory` the
words; ``--json`` prints the data.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from ..engine.game import RuleError, Rules
from ..engine.games import spec_of, theory_of
from ..engine.games.octal_values import (
    AUTO,
    BACKENDS,
    NUMBA,
    PROOF_HEAPS_DEFAULT,
    PYTHON,
    compiled_unavailable,
    octal_period,
)
from ..engine.games.sticky import StickyNim, octal_theory
from ..engine.theory import Theory
from ..text.theory import theory_lines
from .args import (
    add_game_arguments,
    game_from_args,
    game_given_before_the_command,
    positive_int,
)
from .progress import ProgressBar

#: The most heaps ``--heaps`` gives: read off a proved period, or (a code with none) computed:
#: :data:`PROOF_HEAPS_DEFAULT` in pure Python, up to this many by numba's compiled loop (minutes
#: for the slowest codes: docs/commands/solve.md has the figures).
HEAPS_MOST = 1_000_000

#: Sticks ``solve`` shows by default: a table a teacher can read on one screen, five periods of
#: the Game of Sticks' rule.
SOLVE_DEFAULT_STICKS = 20


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``solve`` to the command line."""
    parser = subparsers.add_parser(
        "solve",
        help="print the exact solution and the theory of a game: lost positions, winning "
        "moves, their rule",
        description=(
            "Solves a game exactly and shows its theory. Take-away games: every heap from 1 to "
            "N sticks (whether the player to move wins, the winning moves), the rule the lost "
            "heaps follow (its period proved for every heap, or 'no period up to N' where none "
            "is proved within the bound), and how many evaluations memoization needed compared "
            "with plain recursion. Nim: the nim-sum of the piles in binary, the misère twist and "
            "the winning moves. Sticky-Nim: the Grundy values of one group, the octal code and the "
            "lost configurations."
        ),
    )
    add_game_arguments(parser, default_sticks=SOLVE_DEFAULT_STICKS)
    parser.add_argument(
        "--heaps",
        type=positive_int,
        default=None,
        metavar="N",
        help="an octal game (--game octal:CODE): the Grundy values of heaps 0 to N-1 (default: "
        f"through the proof of their period and at least 1,000); a period is looked for within "
        f"{PROOF_HEAPS_DEFAULT:,} heaps, or N where more are asked; values past a proved period "
        f"are read off it, and a code with none has them computed: past {PROOF_HEAPS_DEFAULT:,} "
        f"heaps only by numba (pip install 'sticks-tui[fast]'); at most {HEAPS_MOST:,}",
    )
    parser.add_argument(
        "--backend",
        choices=BACKENDS,
        default=None,
        help="an octal game: who computes its Grundy values: python (at most "
        f"{PROOF_HEAPS_DEFAULT:,} heaps), or numba (compiled, the same values; needs pip install "
        f"'sticks-tui[fast]'); auto (the default): python within {PROOF_HEAPS_DEFAULT:,} heaps, "
        "numba where --heaps asks more of a code with no period proved",
    )
    parser.add_argument(
        "--json",
        action="store_true",
        help="print one JSON object instead of the text (its fields: docs/commands/solve.md)",
    )
    parser.set_defaults(handler=run_solve, command_parser=parser)


def run_solve(args: argparse.Namespace) -> int:
    game_given_before_the_command(args.command_parser, args)
    rules = game_from_args(args.command_parser, args)
    octal = isinstance(rules, StickyNim) and not rules.is_sticky_nim
    if args.heaps is not None and not octal:
        sticky = isinstance(rules, StickyNim)  # a code of sevens played misère: Sticky-Nim
        args.command_parser.error(
            "--heaps gives an octal game's Grundy values: write --game octal:CODE, e.g. "
            "octal:0.77"
            + (
                f" (played normally: {spec_of(rules)} is Sticky-Nim, whose own theory solve "
                "shows without --heaps)" if sticky else ""
            )
        )
    if args.backend is not None and not octal:
        args.command_parser.error(
            "--backend says who computes an octal game's Grundy values: write --game "
            "octal:CODE, e.g. octal:0.007"
        )
    if args.heaps is not None and args.heaps > HEAPS_MOST:
        args.command_parser.error(
            f"--heaps is at most {HEAPS_MOST:,}"
        )
    backend = args.backend or AUTO
    if octal:
        assert isinstance(rules, StickyNim)
        if backend == NUMBA:  # loaded before the bar: numba's import and compile are not its
            reason = compiled_unavailable()
            if reason is not None:
                args.command_parser.error(f"argument --backend: {reason}, or give --backend "
                                          f"{PYTHON}")
        # more heaps than the default proof's are computed (by numba: pure Python's budget is
        # the default), and a period looked for among them
        bound = PROOF_HEAPS_DEFAULT if backend == PYTHON else max(
            PROOF_HEAPS_DEFAULT, args.heaps or 0
        )
        with ProgressBar(bound, "Grundy values", "heaps") as show:
            proof = octal_period(
                rules.octal, bound, None if show is None else (lambda done, _all: show(done)),
                backend,
            )
        if args.heaps is not None and args.heaps > len(proof.values) and not proof.proved:
            args.command_parser.error(
                f"argument --heaps: no period of {rules.octal.text} is proved up to "
                f"{proof.checked_up_to:,} heaps, so the values past heap "
                f"{len(proof.values) - 1:,} must be computed: pure Python computes "
                f"{PROOF_HEAPS_DEFAULT:,} heaps at most (--heaps {len(proof.values)} at most), "
                "numba more, "
                + (
                    f"with --backend {AUTO} or {NUMBA}"
                    if backend == PYTHON
                    else f"but it cannot be had: {compiled_unavailable() or 'not loaded'}"
                )
            )
    try:
        theory: Theory = (  # an octal game's period looked for within 20,000 heaps (or more)
            octal_theory(rules, args.heaps, backend=backend)
            if octal and isinstance(rules, StickyNim)
            else theory_of(rules)
        )
    except RuleError as error:  # e.g. a table of heaps longer than the theory lists
        args.command_parser.error(str(error))
    if args.json:
        print(json.dumps(solution_dict(rules, theory), indent=2, ensure_ascii=False))
    else:
        for line in theory_lines(theory, rules.name):
            print(line)
    return 0


def solution_dict(rules: Rules, theory: Theory) -> dict[str, Any]:
    """The JSON object of ``solve --json``: the game, then its theory's own fields."""
    return {
        "game": rules.name,
        "spec": spec_of(rules),
        "theory": theory.kind,
        "rules": rules.describe(),
        **theory.to_dict(),
    }
