"""A screen that lists what the records hold (the leaderboard, the saved brains): filled at
once, and filled again once the saves of games that just ended are done, awaited off the event
loop, so that a key press never waits for the store writer."""

from __future__ import annotations

from textual import work
from textual.screen import Screen

from ..host import host_of


class SavedRecordsScreen(Screen[None]):
    """A list of the records: :meth:`refill` draws it; :meth:`fill_when_saved` (on mount, on
    resume) draws it now and again once the saves on their way are done."""

    def refill(self) -> None:
        """Draw the list from the records as they are."""
        raise NotImplementedError

    def on_screen_resume(self) -> None:
        self.fill_when_saved()

    def fill_when_saved(self) -> None:
        """Filled now; while saves of games that just ended are on their way, filled again
        once they are done (waited for off the event loop: a key press never waits)."""
        self.refill()
        if host_of(self).brains.writer.busy:
            self._settled_refill()

    @work(exclusive=True, group="saved-records")
    async def _settled_refill(self) -> None:
        """Once every save asked is done, the list again, holding what just ended."""
        await host_of(self).settled()
        self.refill()
