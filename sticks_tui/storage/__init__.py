"""What is kept on disk: the leaderboard and the AIs' brains (``store``, behind the ``records``
interface) and brain files (``brain_files``). Nothing here knows about screens."""
