"""A take-away game's period is proved in a thread (SPEC section 12): while the proof runs the
analysis screen says it is working and answers its keys, a hint gives the move without waiting,
and leaving the analysis stops the proof. The proof is held by the test until it lets it go, so
the order of events is asserted, never a time."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterator

import pytest
from textual.pilot import Pilot
from textual.widgets import Static, TabbedContent
from ui_helpers import hint_worked_out, make_app, screen_name, wait_until

from sticks_tui.engine import TakeAway
from sticks_tui.engine import period_proof as proofs
from sticks_tui.engine.games import parse_game
from sticks_tui.engine.period_proof import HeapPeriod, Progress, known_heap_period
from sticks_tui.ui.app import SticksApp
from sticks_tui.ui.screens.analysis.screen import AnalysisScreen
from sticks_tui.ui.screens.board.help import WORKING
from sticks_tui.ui.screens.board.screen import BoardScreen

SIZE = (80, 24)
SPEC = "takeaway:2,5,7"  # lost when n mod 22 is 2, 3, 6, 12, 15 or 16


class HeldProof:
    """The engine's proof, held at its start until :meth:`go`; records how each one ended."""

    def __init__(self) -> None:
        self.started = threading.Event()
        self._go = threading.Event()
        self.ends: list[str] = []
        self._prove = proofs.prove_period

    def prove(
        self, takes: tuple[int, ...], misere: bool, progress: Progress | None = None
    ) -> HeapPeriod:
        self.started.set()
        self._go.wait()
        try:
            proof = self._prove(takes, misere, progress)
        except BaseException:
            self.ends.append("stopped")
            raise
        self.ends.append("proved")
        return proof

    def go(self) -> None:
        self._go.set()


@pytest.fixture
def held(monkeypatch: pytest.MonkeyPatch) -> Iterator[HeldProof]:
    proof = HeldProof()
    monkeypatch.setattr(proofs, "prove_period", proof.prove)
    monkeypatch.setattr(proofs, "_proofs", OrderedDict())  # no proof made by another test
    yield proof
    proof.go()  # never leave a thread waiting


def app_on(spec: str) -> SticksApp:
    app = make_app()
    app.settings.choose(parse_game(spec))
    return app


def text_of(pilot: Pilot, selector: str) -> str:
    return " ".join(str(pilot.app.screen.query_one(selector, Static).render()).split())


async def test_the_analysis_works_in_a_thread_and_answers_keys_meanwhile(held: HeldProof) -> None:
    async with app_on(SPEC).run_test(size=SIZE) as pilot:
        try:
            await pilot.pause()
            await pilot.press("f2")
            await wait_until(pilot, lambda: screen_name(pilot) == "AnalysisScreen")
            await wait_until(pilot, held.started.is_set)
            screen = pilot.app.screen
            assert isinstance(screen, AnalysisScreen) and screen.working
            assert text_of(pilot, "#analysis-rules").startswith("Working…")
            await pilot.press("c")  # the key is handled while the proof runs
            await wait_until(
                pilot, lambda: screen.query_one(TabbedContent).active == "analysis-learning"
            )
            assert screen.working and held.ends == []
            held.go()
            await wait_until(pilot, lambda: not screen.working)
            assert held.ends == ["proved"]
            assert (
                "Rule of the solver: lost when n mod 22 is one of 2, 3, 6, 12, 15, 16 (proved "
                "for every heap)"
            ) in text_of(pilot, "#analysis-rules")
            theory = text_of(pilot, "#analysis-theory-text")
            assert "Rule: lost when n mod 22 is one of 2, 3, 6, 12, 15, 16" in theory
            assert "never" not in theory
        finally:
            held.go()


async def test_leaving_the_analysis_stops_the_proof(held: HeldProof) -> None:
    async with app_on(SPEC).run_test(size=SIZE) as pilot:
        try:
            await pilot.pause()
            await pilot.press("f2")
            await wait_until(pilot, held.started.is_set)
            await pilot.press("escape")  # left while the proof runs
            await wait_until(pilot, lambda: screen_name(pilot) == "SetupScreen")
            assert held.ends == []
            held.go()
            await wait_until(pilot, lambda: held.ends != [])
            assert held.ends == ["stopped"]  # at its first report, not at its end
            assert known_heap_period(TakeAway(20, (2, 5, 7))) is None  # nothing half-made kept
        finally:
            held.go()


async def test_a_hint_never_waits_for_the_proof_and_names_the_period_once_proved(
    held: HeldProof,
) -> None:
    app = make_app()
    app.settings.choose(TakeAway(42, (2, 5, 7)))  # a heap past the period: the period says why
    async with app.run_test(size=SIZE) as pilot:
        try:
            await pilot.pause()
            await pilot.press("ctrl+n")
            await wait_until(pilot, lambda: screen_name(pilot) == "ModeScreen")
            await pilot.press("1")  # two friends
            await wait_until(pilot, lambda: screen_name(pilot) == "BoardScreen")
            await wait_until(pilot, held.started.is_set)  # the board started the proof
            board = pilot.app.screen
            assert isinstance(board, BoardScreen)
            await pilot.press("h")  # while the proof runs: the move and its reason at once
            await hint_worked_out(pilot)
            await wait_until(pilot, lambda: WORKING not in text_of(pilot, "#hint"))
            assert text_of(pilot, "#hint") == (
                "take 5: 37 sticks are left, and that loses for the player to move."
            )
            assert held.ends == []
            held.go()
            await wait_until(pilot, lambda: "multiple of 22" in text_of(pilot, "#hint"))
            assert text_of(pilot, "#hint") == (
                "take 5: 37 sticks are left, 15 more than a multiple of 22, and that loses for "
                "the player to move."
            )
        finally:
            held.go()
