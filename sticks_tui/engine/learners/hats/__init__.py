"""The hat AI (seed 000): a hat of numbered balls for each position, drawn from while it plays,
refilled on a win and emptied on a loss.

:mod:`.brain` is the brain (:class:`~.brain.HatBrain`), :mod:`.settings` how it learns,
:mod:`.draw` the one rule every loop draws and settles with, :mod:`.file` its part of a brain
file, :mod:`.lessons` what games taught it as a change that adds up, :mod:`.self_play` and
:mod:`.loops` its fast training loops, :mod:`.compiled` the same loop compiled with numba, and
:mod:`.kind` its entry in the learners' registry.
"""
