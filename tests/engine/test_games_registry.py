"""The registry of games (SPEC section 10): specs read and written, bad specs explained, a game
from outside joining, and the one rule for who won a finished game."""

import random

import pytest
import wythoff_game
from hypothesis import given, settings
from hypothesis import strategies as st
from wythoff_game import Wythoff

from sticks_tui.engine import (
    GameSpecError, Match, Nim, RandomPlayer, RuleError, Solver, StickyNim, TakeAway,
    game_families, game_of_sticks, loser_at_end, parse_game, register_game,
    rules_from_description, spec_of, unregister_game,
)
from sticks_tui.engine.machines import Machine, machines_for


@pytest.fixture
def wythoff_registered():
    register_game(wythoff_game.FAMILY)
    yield wythoff_game.FAMILY
    unregister_game(wythoff_game.FAMILY.name)


@pytest.mark.parametrize(
    "spec, canonical, rules",
    [
        ("sticks", "sticks", game_of_sticks(20)),
        ("takeaway:1,2,3", "sticks", game_of_sticks(20)),
        ("takeaway:2,3,5:normal", "takeaway:2,3,5:normal", TakeAway(20, (2, 3, 5), False)),
        ("takeaway:5,3,2:misere", "takeaway:2,3,5", TakeAway(20, (2, 3, 5), True)),
        ("TakeAway:2,3,5:Misère", "takeaway:2,3,5", TakeAway(20, (2, 3, 5), True)),
        ("takeaway:1,2,3:normal", "takeaway:1,2,3:normal", TakeAway(20, (1, 2, 3), False)),
        ("nim:1,3,5,7", "nim:1,3,5,7", Nim((1, 3, 5, 7))),
        ("nim", "nim:1,3,5,7", Nim((1, 3, 5, 7))),
        ("nim:7,5:normal", "nim:7,5:normal", Nim((7, 5), misere=False)),
        (" nim: 2, 4 :misere ", "nim:2,4", Nim((2, 4))),
        ("sticky:20:3", "sticky:20:3", StickyNim(20, 3)),
        ("sticky", "sticky:20:3", StickyNim(20, 3)),
        ("sticky:9", "sticky:9:3", StickyNim(9, 3)),
        ("sticky:62:2", "sticky:62:2", StickyNim(62, 2)),
    ],
)
def test_every_spec_form_reads_and_writes_back_canonically(spec, canonical, rules):
    game = parse_game(spec)
    assert game == rules
    assert spec_of(game) == canonical
    assert parse_game(canonical) == game
    assert spec_of(parse_game(canonical)) == canonical


def test_sticks_sets_the_heap_of_a_take_away_game_only():
    assert parse_game("sticks", sticks=35) == game_of_sticks(35)
    assert parse_game("takeaway:2,3,5:normal", sticks=50).initial_position() == 50
    assert spec_of(parse_game("takeaway:2,3", sticks=50)) == "takeaway:2,3"
    for spec in ("nim:1,3,5,7", "sticky:20:3"):
        with pytest.raises(GameSpecError, match="--sticks sets the heap of a take-away game"):
            parse_game(spec, sticks=30)


@pytest.mark.parametrize(
    "spec, what",
    [
        ("", "no game given"),
        ("nim:", "the piles are missing"),
        ("nim:0", "a pile starts with 1 to 99 objects, got 0"),
        ("takeaway:2,,3", "the takes are whole numbers separated by commas, got '2,,3'"),
        ("takeaway:2,2,5", "the takes are different numbers, got 2 more than once"),
        ("takeaway:3,1,3,1:normal", "the takes are different numbers, got 1, 3 more than once"),
        ("sticky:99", "a line holds 1 to 62 sticks, got 99"),
        ("sticky:20:0", "the largest take K is 1 to 62 sticks, got 0"),
        ("chess", "there is no game 'chess'"),
        ("takeaway:1,2:sideways", "the ending is misere or normal, got 'sideways'"),
        ("takeaway", "the takes are missing"),
        ("sticks:30", "sticks takes nothing after its name; remove '30'"),
        ("nim:1,3:normal:x", "nim takes at most 2 parts after its name; remove 'x'"),
        ("nim:1,2,3,4,5,6,7,8,9", "at most 8 piles"),
        ("sticky:twenty", "the length of the line is a whole number, got 'twenty'"),
        (":nim", "no game given"),
        ("ni\nm:1", "there is no game 'ni\\nm'"),
        ("\x1b[31mnim", "there is no game '\\x1b[31mnim'"),
        ("takeaway:1,2:" + "x" * 100, "got '" + "x" * 29 + "…'"),
    ],
)
def test_a_bad_spec_says_what_is_wrong_and_gives_an_example_that_works(spec, what):
    with pytest.raises(GameSpecError) as caught:
        parse_game(spec)
    message = str(caught.value)
    assert what in message
    assert "\n" not in message
    assert "e.g. " in message, message
    example = message.split("e.g. ", 1)[1].split(", ")[0]
    assert spec_of(parse_game(example)) == example  # the example given is a game, canonical


def test_every_registered_example_is_a_game_whose_spec_round_trips():
    assert [family.name for family in game_families()][:3] == ["takeaway", "nim", "sticky"]
    for family in game_families():
        game = parse_game(family.example)
        assert isinstance(game, family.rules_type)
        assert parse_game(spec_of(game)) == game
        assert rules_from_description(game.describe()) == game


def test_a_game_defined_outside_the_engine_joins_the_registry(wythoff_registered):
    game = parse_game("wythoff:4,7")
    assert game == Wythoff((4, 7))
    assert spec_of(game) == "wythoff:4,7"
    assert rules_from_description(game.describe()) == game
    assert wythoff_registered in game_families()
    with pytest.raises(GameSpecError, match="two heaps.*e.g. wythoff:3,5"):
        parse_game("wythoff:4")
    with pytest.raises(GameSpecError, match="wythoff:3,5"):
        parse_game("chess")  # the list of games names the newcomer too
    with pytest.raises(ValueError, match="taken"):
        register_game(wythoff_registered)


def test_a_game_leaves_the_registry_when_its_test_is_done():
    with pytest.raises(GameSpecError, match="there is no game 'wythoff'"):
        parse_game("wythoff:3,5")
    with pytest.raises(RuleError, match="not a registered game"):
        spec_of(Wythoff())
    with pytest.raises(RuleError, match="unknown game 'wythoff'"):
        rules_from_description({"game": "wythoff", "heaps": [3, 5]})


@pytest.mark.parametrize("misere", [False, True])
def test_the_match_and_the_solver_read_the_ending_the_same_way(misere):
    # Wythoff (1, 1): the first player can take both objects at once. Under normal play that
    # wins; under misère play it loses, so the first player must take one and leave one.
    game = Wythoff((1, 1), misere=misere)
    match = Match(game, [RandomPlayer("A"), RandomPlayer("B")])
    match.play((1, 1))
    assert match.loser == (0 if misere else 1)
    assert match.loser == loser_at_end(game, to_move=1)
    solver = Solver(game)
    assert solver.is_won((0, 0)) == misere
    assert solver.winning_moves((1, 1)) == (((1, 0), (0, 1)) if misere else ((1, 1),))


def test_random_games_end_as_the_solver_says_the_start_is_worth():
    rng = random.Random(4)
    for game in (parse_game("nim:1,2,3:normal"), parse_game("takeaway:2,3,5:normal", sticks=9),
                 parse_game("sticky:7:2"), Wythoff((2, 3), misere=True)):
        solver = Solver(game)
        for _ in range(20):
            match = Match(game, [RandomPlayer("A", rng), RandomPlayer("B", rng)])
            match.play_out()
            last = match.history[-1]
            # the last mover's opponent faces the finished position: the solver's outcome there
            # says whether that opponent won
            assert (match.winner == 1 - last.player) == solver.is_won(last.after)


def test_q_learning_is_offered_where_the_game_says_its_table_fits():
    assert Machine.Q_LEARNING in machines_for(Wythoff(q_learning=True))
    assert Machine.Q_LEARNING not in machines_for(Wythoff(q_learning=False))
    assert Machine.Q_LEARNING in machines_for(parse_game("sticky:30"))
    assert Machine.Q_LEARNING not in machines_for(parse_game("sticky:31"))


spec_text = st.one_of(
    st.text(max_size=40),
    st.builds(
        lambda word, parts: ":".join([word, *parts]),
        st.sampled_from(["sticks", "takeaway", "nim", "sticky", "NIM", "chess", ""]),
        st.lists(st.text(alphabet="0123456789,:- xmisernoal", max_size=12), max_size=3),
    ),
)


@settings(max_examples=400, deadline=None)
@given(spec_text, st.one_of(st.none(), st.integers(-5, 10**6)))
def test_any_text_is_a_game_or_a_one_line_message_with_an_example(spec, sticks):
    try:
        game = parse_game(spec, sticks=sticks)
    except GameSpecError as error:
        message = str(error)
        assert "e.g. " in message and message.isprintable(), message
    else:
        assert parse_game(spec_of(game), sticks=sticks) == game
