"""What is kept on disk: the leaderboard and the AIs' brains (the SQLite store in ``sqlite/``,
behind the ``records`` interface), the brains in play (``brain_cache``), and brain files
(``brain_files``, written through ``file_writer``). Nothing here knows about screens."""
