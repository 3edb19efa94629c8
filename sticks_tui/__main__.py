"""``python -m sticks_tui`` runs the same program as the ``sticks-tui`` command."""

from .cli import main

raise SystemExit(main())
