"""A tab's downloads (a brain exported from a served tab is a download in the browser), as
textual-serve's download manager keeps them, forgotten when their tab ends.

textual-serve keeps a download until the browser fetches it; a tab that asks for downloads and
never fetches them (a script pressing ``e`` again and again) would make the server keep each,
and the tab's app with it, for as long as it runs. Here a tab has at most
:data:`PENDING_MOST` downloads waiting, its oldest forgotten past them, and all of them once it
ends.
"""

from __future__ import annotations

from textual_serve.download_manager import DownloadManager

#: Downloads a tab may have waiting for its browser at once.
PENDING_MOST = 4


class RoomDownloads(DownloadManager):
    """textual-serve's download manager, whose downloads a tab can forget."""

    def pending(self, app_service_id: str) -> list[str]:
        """The keys of the downloads of one tab's app waiting for their browser, oldest first."""
        return [
            key for key, download in self._active_downloads.items()
            if download.app_service.app_service_id == app_service_id
        ]

    async def forget(self, app_service_id: str, *, keep: int = 0) -> None:
        """Forget the downloads of one tab's app but its newest ``keep``, ending any under
        way."""
        keys = self.pending(app_service_id)
        for key in keys[: max(0, len(keys) - keep)]:
            download = self._active_downloads.pop(key, None)
            if download is not None:
                await download.incoming_chunks.put(None)
