"""The learners the conformance suite runs: every learner of the registry, and the learners
defined only in the tests (the scorer, :mod:`scorer_learner`, which learns only in training,
and the tallier, :mod:`tallier_learner`, which learns in play and is kept as lessons), which
join the registry while the suite's modules run (:func:`with_test_learners`), as Wythoff's
game joins the games'."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import scorer_learner
import tallier_learner

from sticks_tui.engine.learners import learner_names, register_learner, unregister_learner

#: Learners defined only in the tests, registered while the tests that use them run.
TEST_LEARNERS = (scorer_learner.KIND, tallier_learner.KIND)


@contextmanager
def with_test_learners() -> Iterator[None]:
    """The tests' learners are in the registry inside the block, and only those it added
    leave."""
    added = [kind for kind in TEST_LEARNERS if kind.name not in learner_names()]
    for kind in added:
        register_learner(kind)
    try:
        yield
    finally:
        for kind in added:
            unregister_learner(kind.name)
