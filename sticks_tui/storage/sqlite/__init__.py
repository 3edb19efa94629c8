"""The store on disk: one SQLite file of results, brains and settings (``store``), how it is
opened or refused (``store_file``), its tables and migrations (``schema``), the one thread that
writes it (``store_writer``), and play that goes on when saving fails (``play_on``)."""
