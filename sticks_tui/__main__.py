"""``python -m sticks_tui`` runs the same program as the ``sticks-tui`` command."""

from .cli.main import main

raise SystemExit(main())
