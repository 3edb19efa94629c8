"""The Q-learner (CS50 AI's ``NimAI``, seed 002): a table of values of moves, learned from
rewards.

:mod:`.learner` is the learner (:class:`~.learner.QLearner`), :mod:`.settings` how it learns,
:mod:`.self_play` its fast training loop, :mod:`.reference` CS50's own loop that the fast one is
checked against, and :mod:`.kind` its entry in the learners' registry.
"""
