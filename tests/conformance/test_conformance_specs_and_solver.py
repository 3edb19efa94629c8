"""Every game is named by its spec and described in brain files, both read back to the same game;
the solver's outcomes and winning moves are those of a plain minimax written here."""

from __future__ import annotations

import random

from game_samples import GameSample, minimax, random_line, reachable

from sticks_tui.engine import (
    Rules,
    Solver,
    game_families,
    parse_game,
    rules_from_description,
    spec_of,
)
from sticks_tui.engine.games import family_of

#: Positions compared with the minimax, nearest the start first.
POSITIONS = 1500


def same_game(one: Rules, other: Rules) -> None:
    assert type(one) is type(other)
    assert one == other
    assert one.describe() == other.describe()
    assert (one.key, one.name, one.misere) == (other.key, other.name, other.misere)
    start = one.initial_position()
    assert start == other.initial_position()
    assert one.legal_moves(start) == other.legal_moves(start)


def test_the_spec_reads_back_to_the_same_game(game: GameSample) -> None:
    rules = game.rules()
    family = family_of(rules)
    assert family.name == game.family and family in game_families()
    assert isinstance(rules, family.rules_type)
    spec = spec_of(rules)
    assert spec == game.spec
    same_game(parse_game(spec, game.sticks), rules)
    assert spec_of(parse_game(spec, game.sticks)) == spec
    assert spec_of(parse_game(spec.upper(), game.sticks)) == spec  # words in any case


def test_the_description_reads_back_to_the_same_game(game: GameSample) -> None:
    rules = game.rules()
    assert rules.describe() == game.description
    again = rules_from_description(game.description, game.sticks)
    same_game(again, rules)
    assert rules_from_description(game.description).key == rules.key


def test_positions_and_moves_read_back_from_their_keys(game: GameSample) -> None:
    rules = game.rules()
    rng = random.Random(2)
    for _ in range(20):
        for position in random_line(rules, rng):
            key = rules.position_key(position)
            assert isinstance(key, str)
            assert rules.position_from_key(key) == position
            for move in rules.legal_moves(position):
                assert rules.move_from_key(rules.move_key(move)) == move


def test_the_solver_agrees_with_a_plain_minimax(game: GameSample) -> None:
    rules = game.rules()
    is_won = minimax(rules)
    positions = reachable(rules, POSITIONS)
    lost = 0
    for solver in (Solver(rules), Solver(rules, use_theory=False)):
        for position in positions:
            assert solver.is_won(position) == is_won(position), position
            winning = {m for m in rules.legal_moves(position)
                       if not is_won(rules.apply(position, m))}
            assert set(solver.winning_moves(position)) == winning, position
            lost += not is_won(position)
    assert 0 < lost < 2 * len(positions), "both outcomes occur"
