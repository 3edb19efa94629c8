"""A served tab's crash report goes to the classroom's log (``sticks-tui serve --log``), which the
teacher reads, not the tab's player: it names the frames but shows none of their values (a
passphrase typed into a form, a student's name), which Textual's own report shows."""

from __future__ import annotations

import pytest

from sticks_tui.ui.app import SticksApp

PASSPHRASE = "k7mq-2xpa"


class Broken(Exception):
    """A bug of the program's, as a screen would raise it."""


@pytest.mark.parametrize("served", [True, False])
async def test_a_served_tabs_crash_report_shows_no_values(
    served: bool, capsys: pytest.CaptureFixture[str]
) -> None:
    app = SticksApp(served=served, passphrase=PASSPHRASE)

    def broken_help() -> None:
        typed = app.passphrase[::-1] if app.passphrase else ""  # a value, not in the source
        raise Broken(f"{len(typed)} characters")

    app.action_help = broken_help  # type: ignore[method-assign]
    with pytest.raises(Broken):
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("f1")
            await pilot.pause()
    out, err = capsys.readouterr()
    report = out + err
    assert "Broken: 9 characters" in report and "broken_help" in report  # the frames, named
    # the value the frame held: in a terminal's report (the user's own), never in a served one
    assert (PASSPHRASE[::-1] in report) is not served
