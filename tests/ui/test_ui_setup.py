"""The setup screen: a bad number of sticks is refused inline, with the console's message."""

from __future__ import annotations

from textual.pilot import Pilot
from textual.widgets import Button, Input, Static
from ui_helpers import (
    back_to_setup,
    check_each,
    make_app,
    screen_name,
    set_input,
    to_mode,
    wait_until,
)

MESSAGE = "Please enter a number between 10 and 100"


def message(pilot) -> str:  # noqa: ANN001
    return str(pilot.app.screen.query_one("#setup-message", Static).render())


BAD = ["500", "3", "9", "101", "abc", "2.5", "", " ", "-10", "١٠", "9" * 10_000]


async def test_bad_number_of_sticks_shows_the_console_message_and_cannot_be_confirmed() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        for typed in BAD:
            await set_input(pilot, "#sticks", typed)
            assert message(pilot) == MESSAGE, typed
            assert pilot.app.screen.query_one("#continue", Button).disabled
            await pilot.press("enter", "ctrl+n")
            assert screen_name(pilot) == "SetupScreen", typed
        await pilot.click("#continue")
        assert screen_name(pilot) == "SetupScreen"


async def test_a_good_number_is_accepted() -> None:
    async def check(pilot: Pilot, typed: str) -> None:
        await set_input(pilot, "#sticks", typed)
        assert message(pilot) == ""
        await pilot.press("enter")
        await wait_until(pilot, lambda: screen_name(pilot) == "ModeScreen")
        assert app.settings.rules.initial_position() == int(typed)

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await check_each(pilot, ["10", "100"], check, then=back_to_setup)


async def test_correcting_a_typed_bad_number_clears_the_message() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await set_input(pilot, "#sticks", "500", type_it=True)
        assert message(pilot) == MESSAGE
        await pilot.press("enter")
        assert screen_name(pilot) == "SetupScreen"
        await pilot.press("backspace")  # "50"
        assert message(pilot) == ""
        assert message(pilot) == ""
        assert not pilot.app.screen.query_one("#continue", Button).disabled


async def test_names_and_who_starts_are_kept_for_the_game() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await set_input(pilot, "#name1", "Marvin")
        await set_input(pilot, "#name2", "Hal")
        await pilot.click("#first2")
        await pilot.pause()
        await to_mode(pilot, 20)
        assert app.settings.names == ("Marvin", "Hal")
        assert app.settings.first == 1
        await pilot.press("1")
        await wait_until(pilot, lambda: screen_name(pilot) == "BoardScreen")
        turn = str(pilot.app.screen.query_one("#turn", Static).render())
        assert turn == "Hal: take 1-3 sticks"


async def test_two_players_with_the_same_name_are_refused() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await set_input(pilot, "#name1", "Ann")
        await set_input(pilot, "#name2", "ann")
        assert "different names" in message(pilot)
        await pilot.press("enter")
        await pilot.pause()
        assert screen_name(pilot) == "SetupScreen"


async def test_empty_names_fall_back_to_player_1_and_2() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await set_input(pilot, "#name1", "")
        await to_mode(pilot)
        assert app.settings.names == ("Player 1", "Player 2")


async def test_the_names_given_to_the_app_fill_the_form() -> None:
    from sticks_tui.ui.app import _names_for

    names = _names_for(("  Marvin  the  robot ", None))
    assert names == ("Marvin the robot", "Player 2")
    app = make_app()
    app.settings.names = names
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert pilot.app.screen.query_one("#name1", Input).value == "Marvin the robot"
        await to_mode(pilot)
        await pilot.press("1")
        await wait_until(pilot, lambda: screen_name(pilot) == "BoardScreen")
        assert "Marvin the robot: take 1-3 sticks" in str(
            pilot.app.screen.query_one("#turn", Static).render()
        )


NO_CONTROL = "A player's name cannot hold line breaks, tabs or other control characters"


async def test_a_name_with_a_tab_or_line_break_is_refused_not_made_a_space() -> None:
    """"Ann\\tLee" would otherwise become "Ann Lee", the same leaderboard row as that name.
    Each name in each field in turn, the field given its name back after its case."""
    async def check(pilot: Pilot, case: tuple[str, str]) -> None:
        field, typed = case
        given = pilot.app.screen.query_one(field, Input).value
        try:
            await set_input(pilot, field, typed)
            assert message(pilot) == NO_CONTROL
            assert pilot.app.screen.query_one(field, Input).has_class("-invalid")
            assert pilot.app.screen.query_one("#continue", Button).disabled
            await pilot.press("enter", "ctrl+n")
            await pilot.pause()
            assert screen_name(pilot) == "SetupScreen"
            await set_input(pilot, field, "Ann Lee")
            assert message(pilot) == ""
            assert not pilot.app.screen.query_one(field, Input).has_class("-invalid")
        finally:
            await set_input(pilot, field, given)

    cases = [(field, typed) for field in ("#name1", "#name2")
             for typed in ("Ann\tLee", "Ann\nLee", "\t", "Ann\x1b[31m", "Ann\u2028Lee")]
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await check_each(pilot, cases, check)


LOOKALIKES = [
    ("\u0410I", '"\u0410I" mixes letters of two alphabets (Latin and Cyrillic); please type it '
     "in one"),
    ("\u0410\u0406", '"\u0410\u0406" looks like "AI", the name of a computer player; please choose '
     "another"),
]


async def test_a_name_that_mixes_scripts_or_only_looks_like_a_machines_is_refused() -> None:
    """"АI" (its А Cyrillic) and "АІ" (all Cyrillic) read as the AI's name: its row on the
    leaderboard. Each in each field in turn, said under the form, the field marked."""
    async def check(pilot: Pilot, case: tuple[str, tuple[str, str]]) -> None:
        field, (typed, why) = case
        given = pilot.app.screen.query_one(field, Input).value
        try:
            await set_input(pilot, field, typed)
            assert message(pilot) == why
            assert pilot.app.screen.query_one(field, Input).has_class("-invalid")
            assert pilot.app.screen.query_one("#continue", Button).disabled
            await pilot.press("enter", "ctrl+n")
            await pilot.pause()
            assert screen_name(pilot) == "SetupScreen"
        finally:
            await set_input(pilot, field, given)

    cases = [(field, case) for field in ("#name1", "#name2") for case in LOOKALIKES]
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await check_each(pilot, cases, check)
        await set_input(pilot, "#name1", "\u0418\u0432\u0430\u043d")  # Иван: one script
        await set_input(pilot, "#name2", "Al")  # a Latin A and l: a name, not "AI"
        assert message(pilot) == ""
        await to_mode(pilot)
        assert app.settings.names == ("Иван", "Al")


async def test_a_pasted_name_with_a_tab_is_refused() -> None:
    from textual import events

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        name2 = pilot.app.screen.query_one("#name2", Input)
        await set_input(pilot, "#name2", "")
        name2.post_message(events.Paste("Bob\tBrown"))
        await pilot.pause()
        assert name2.value == "Bob\tBrown"
        assert message(pilot) == NO_CONTROL
        await pilot.press("enter")
        await pilot.pause()
        assert screen_name(pilot) == "SetupScreen"


async def test_other_spaces_in_a_name_are_still_tidied_into_one() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await set_input(pilot, "#name1", " Ann\u00a0\u00a0Lee ")
        await set_input(pilot, "#name2", "山田\u3000太郎")
        assert message(pilot) == ""
        await to_mode(pilot)
        assert app.settings.names == ("Ann Lee", "山田 太郎")


async def test_a_paste_too_long_for_a_name_is_refused_with_a_word() -> None:
    """The field holds 40 characters: a longer paste was dropped without a word. Each field in
    turn, given its name back after its case."""
    from textual import events

    async def check(pilot: Pilot, field: str) -> None:
        given = pilot.app.screen.query_one(field, Input).value
        try:
            name = pilot.app.screen.query_one(field, Input)
            await set_input(pilot, field, "")
            name.post_message(events.Paste("Bartholomew " * 4 + "Jr."))  # 51 characters
            await pilot.pause()
            assert name.value == ""
            assert message(pilot) == (
                "A name has at most 40 characters: the paste had 51, so it was not pasted"
            )
            await set_input(pilot, field, "Ann")  # the next change: the word goes
            assert message(pilot) == ""
            name.post_message(events.Paste("x" * 38))  # 3 + 38 > 40
            await pilot.pause()
            assert name.value == "Ann"
            assert message(pilot) == (
                "A name has at most 40 characters: the paste had 38 (37 left), so it was not pasted"
            )
            assert not pilot.app.screen.query_one("#continue", Button).disabled  # still a good form
            name.cursor_position = len(name.value)
            name.post_message(events.Paste("x" * 37))  # what fits is pasted as before
            await pilot.pause()
            assert name.value == "Ann" + "x" * 37 and message(pilot) == ""
        finally:
            await set_input(pilot, field, given)

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await check_each(pilot, ["#name1", "#name2"], check)
