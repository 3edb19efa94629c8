"""The training lab: its form (``form``), the run it starts (``run``, with its messages and
progress bar in ``parts``, what it shows in ``views``), and the end of a run, kept or discarded
(``end``); styles in ``lab.tcss``."""
