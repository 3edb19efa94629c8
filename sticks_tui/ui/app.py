"""The sticks-tui application: screens, shared state (settings, brains, records) and bindings.

The app is configured through its constructor so that tests can fix the seed, shrink the
training budget and take away the pause before the AI moves; :func:`run_app` opens it for a
real run with the values the command line read (:mod:`sticks_tui.cli.app`: the options, else
the environment).
"""

from __future__ import annotations

import asyncio
import random
import sys
import time
from collections.abc import Callable, Hashable, Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from textual import work
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.driver import Driver
from textual.notifications import SeverityLevel
from textual.screen import Screen

from ..engine.games import spec_of
from ..engine.machines import Q_LEARNING_AI_GAMES, TRAINED_AI_GAMES, Machine
from ..storage.brain_cache import BrainCache, BrainRef
from ..storage.records import MemoryRecords, Records
from ..storage.sqlite.store import open_records, resolve_data_dir
from ..storage.sqlite.store_file import ELSEWHERE
from ..text.brain_news import news_words
from .leaving import catch_leaving_signals, hangup_proof, say_after_leaving
from .plain import notify_plain
from .screens.too_small import keep_to_size
from .session import DEFAULT_NAMES, GameSettings, clean_name, recalled_names
from .speed import DEFAULT_AI_DELAY

# Each screen, each game's presenter and the engine's work beyond one game's rules are loaded
# where they are first asked for (in the action that opens a screen), not here: every tab of a
# classroom starts this module, and its first screen needs none of them (SPEC 14: its first
# frame within 1.5 times a minimal Textual app's; benchmarks/first_frame.py measures it, and
# tests/ui/test_first_screen_modules.py lists what the first screens may load).
if TYPE_CHECKING:
    from ..engine.experiment_questions import Question
    from ..engine.game import Rules
    from ..engine.learners.base import Learner, LearnsInPlay
    from .host import Host
    from .lab_plan import LabPlan
    from .route import PlayChosen, PlayRequest
    from .session import Opponent

#: How long the interface waits at most for Python's interpreter while a worker thread holds it
#: (the lab's training, the analysis): Python's default is 5 ms, and a key needs the
#: interpreter back several times on its way to the screen (benchmarks/analysis_key_delay.py:
#: the median key delay during an analysis fell by about a third at 1 ms). A thread alone with
#: the processor does not switch at all, so training alone is not slowed.
INTERFACE_SWITCH_SECONDS = 0.001
#: What a served tab says instead of "use --data-dir DIR ..." (the store's advice when it cannot
#: save): a student can pass no option to the server; the teacher can.
SERVED_ELSEWHERE = (
    "tell your teacher, who can start sticks-tui serve again with --data-dir DIR in a place "
    "where it can save"
)


#: The styles of the games' own widgets, each game's in a file beside its presenter.
PRESENTER_STYLES = sorted(
    f"presenters/{path.name}" for path in (Path(__file__).parent / "presenters").glob("*.tcss")
)


class SticksApp(App[int]):
    """The Game of Sticks and its relatives, full screen."""

    #: The app's styles, then each game's own, beside its presenter (``presenters/<game>.tcss``:
    #: read as files, so that no presenter is loaded for its styles).
    CSS_PATH = ["app.tcss", *PRESENTER_STYLES]
    TITLE = "sticks-tui"
    SUB_TITLE = "the Game of Sticks"
    BINDINGS = [
        Binding("q", "quit_asking", "Quit"),
        Binding("ctrl+q", "quit", "Quit", show=False, priority=True),
        Binding("f1,question_mark", "help", "Help"),
        Binding("f2", "analysis", "Analysis", show=False),
        Binding("ctrl+b", "brains", "Brains", show=False),
        Binding("f3", "lab", "Training lab", show=False),
    ]

    def __init__(
        self,
        records: Records | None = None,
        *,
        seed: int | None = None,
        training_games: int = TRAINED_AI_GAMES,
        q_training_games: int = Q_LEARNING_AI_GAMES,
        ai_delay: float = DEFAULT_AI_DELAY,
        clock: Callable[[], float] = time.monotonic,
        leave_on_signals: bool = False,
        served: bool = False,
        passphrase: str | None = None,
    ) -> None:
        #: In a browser's tab of ``sticks-tui serve``: the server's paths are neither shown nor
        #: asked for (a brain is exported as a download). Set first: Textual asks for the
        #: driver (:meth:`get_driver_class`) as it starts.
        self.served = served
        super().__init__()
        #: The app's own styles, read once a served tab's first screen is drawn, which needs
        #: none of them (:meth:`_read_styles`): some 20 to 30 ms sooner to its first frame.
        self._styles_later: list[Path] = []
        if served:
            self._styles_later, self.css_path = self.css_path, []
        #: The teacher's passphrase (served): resetting the room's brain, importing a brain
        #: (over a saved one or under a new name) or discarding its training asks for it.
        self.passphrase = passphrase
        #: The server's paths a served tab shows as words instead (:meth:`shown`).
        self.hidden_paths: list[str] = []
        #: Whether SIGTERM, SIGHUP and SIGINT leave the app as ``q`` does (:mod:`.leaving`);
        #: a real run only (``run_app``), not a test's app.
        self.leave_on_signals = leave_on_signals
        #: What was said while the app was leaving (what a training kept): printed after it.
        self.said_after_leaving: list[str] = []
        #: Every brain played or trained this run: the one cache, over the records.
        self.brains = BrainCache(records if records is not None else MemoryRecords())
        self.brains.writer.on_error = lambda error: _warn(self, f"Not saved: {error}")
        # lessons others saved, merged after a game or before
        self.brains.on_news = lambda news: self.say(news_words(news))
        #: The settings asked to be kept this run (:meth:`remember`), while their saves go.
        self._remembered: dict[str, str] = {}
        self.seed = seed
        self.rng = random.Random(seed)
        self.training_games = training_games
        self.q_training_games = q_training_games
        self.ai_delay = ai_delay
        self.clock = clock
        self.settings = GameSettings()
        #: The brain to play at once when the app opens (``--opponent``).
        self.start_against: BrainRef | None = None
        #: The lab's form as last typed, by game (its key): it opens so again, this run.
        self.lab_forms: dict[str, dict[str, str]] = {}

    # -- shared state ---------------------------------------------------------------------------
    @property
    def training_memory_most(self) -> int | None:
        """The most memory a training may hold: in a served tab its share of the server's
        (:data:`~.lab_plan.SERVED_MEMORY_CAP`), else None (the memory cap's own limits)."""
        if not self.served:
            return None
        from .lab_plan import SERVED_MEMORY_CAP  # with the lab, which a tab may never open

        return SERVED_MEMORY_CAP

    def player_rng(self) -> random.Random:
        """A random source for one new player, repeatable when the app has a seed."""
        return random.Random(self.rng.getrandbits(64))

    @property
    def records(self) -> Records:
        """The leaderboard and the saved brains (in memory, or the store on disk), as they are
        now: never waits (it is read on key presses). The saves asked at a game's end may still
        be on their way (the store writer's); what must hold them (the leaderboard, the brains'
        list) awaits :meth:`settled` first, off the event loop."""
        return self.brains.records

    @records.setter
    def records(self, records: Records) -> None:
        self.brains.records = records

    async def settled(self) -> None:
        """Wait, off the event loop, for every save asked so far (the event loop answers
        meanwhile)."""
        await asyncio.to_thread(self.brains.settle)

    def recall(self, key: str) -> str | None:
        """A small setting kept for the next run (:meth:`remember`): the latest asked, even
        while its save is on its way."""
        if key in self._remembered:
            return self._remembered[key]
        return self.brains.records.recall(key)

    def remember(self, values: Mapping[str, str]) -> None:
        """Keep small settings for the next run (the lab's speed, the names typed), saved by
        the store writer after the saves asked before, off the event loop."""
        values = dict(values)
        self._remembered.update(values)
        self.brains.writer.put(lambda: self.brains.records.remember(values))

    def keep_brain(self, name: str, brain: LearnsInPlay[Hashable, Hashable]) -> None:
        """Save what the brain in play of ``name`` learned, between two games, off the event
        loop (see :meth:`BrainCache.keep_soon`); leaving the app waits for it."""
        self.brains.keep_soon(name, brain)

    def record_game(self, winner: str, loser: str, rules: Rules) -> None:
        """Count a finished game on the overall board and on its game's own, off the event
        loop (after the saves asked before); leaving the app waits for it."""
        self.brains.record_game_soon(winner, loser, spec_of(rules))

    async def on_unmount(self) -> None:
        """Leaving (``q``, a signal, or a test's end), once every screen has gone and asked
        for its last saves: wait for every save asked (the event loop answers meanwhile)."""
        await self.settled()

    def say(self, message: str, *, quietly: bool = False) -> None:
        """Tell the user ``message`` (what a training kept), as a notification; once the app is
        leaving (``q``, or a signal), after it, on the terminal (``quietly``: only then)."""
        if not self.is_running:  # leaving: the screens are going, and their notifications
            self.said_after_leaving.append(message)
        elif not quietly:
            notify_plain(self, message)

    def shown(self, text: str) -> str:
        """``text`` as this app may show it: in a browser's tab, with the server's data
        directory (which a store's message names) said in words ("cannot create the data
        directory on the server: ..."), and the advice to choose another one, which only the
        teacher can follow, addressed to the student."""
        for path in self.hidden_paths:
            text = text.replace(path, "on the server")
        if self.served:
            text = text.replace(ELSEWHERE, SERVED_ELSEWHERE)
        return text

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None:
        """Textual's notification, of words this app may show (:meth:`shown`)."""
        super().notify(
            self.shown(message), title=title, severity=severity, timeout=timeout, markup=markup
        )

    def get_driver_class(self) -> type[Driver]:
        """Textual's driver, kept from hanging when the terminal goes away (:mod:`.leaving`);
        in a browser's tab, leaving when the server goes (:mod:`.served`)."""
        if self.served:
            from .served import served_driver

            return served_driver(super().get_driver_class())
        return hangup_proof(super().get_driver_class())

    def _fatal_error(self) -> None:
        """An error nothing caught: Textual's report, which a served tab's server keeps in its
        log, without the values it would show (what was typed: :mod:`.served`). Textual names
        this step privately (``App._fatal_error``, Textual 8)."""
        if self.served:
            from .served import crash_without_values

            crash_without_values(self)
        else:
            super()._fatal_error()

    # -- screens ----------------------------------------------------------------------------
    def on_mount(self) -> None:
        if self.leave_on_signals:
            catch_leaving_signals(self)
        sys.setswitchinterval(INTERFACE_SWITCH_SECONDS)
        self.brains.call_soon = asyncio.get_running_loop().call_soon_threadsafe
        if self.served:  # a tab of a classroom: its player's name first, for the room's board
            from .screens.name import NameScreen

            self.push_screen(NameScreen(self.settings.names[1]), self._named)
            self.call_after_refresh(self._read_styles)
        else:
            from .screens.setup import SetupScreen

            self.push_screen(SetupScreen())
        self.on_resize()
        if self.start_against is not None:  # --opponent: straight to the board
            self.call_after_refresh(self.play_against, self.start_against)

    def _read_styles(self) -> None:
        """Read the app's styles kept for later (``_styles_later``), as Textual reads a
        screen's own when it is first shown (``App._load_screen_css``): every screen after the
        first is drawn with them."""
        for path in self._styles_later:
            self.stylesheet.read(path)
        self._styles_later = []
        self.stylesheet.reparse()
        self.stylesheet.update(self)

    def _named(self, name: str | None) -> None:
        """The served tab's player is ``name``: the setup screen, with it as player 1."""
        from .screens.setup import SetupScreen

        if name is not None:
            self.settings.names = (name, self.settings.names[1])
        self.push_screen(SetupScreen())

    def on_resize(self) -> None:
        """Below 80x24 a cover says the terminal is too small (every screen needs that much)."""
        keep_to_size(self)

    def action_quit_asking(self) -> None:
        """``q``: quit, asking first while a game is in progress (as every way out of a game
        does); ``ctrl+q`` quits at once."""
        from .screens.confirm import QUIT_QUESTION, asks_before_leaving

        if not asks_before_leaving(self, self.exit, QUIT_QUESTION):
            self.exit()

    def action_help(self) -> None:
        # Loaded when first asked for: its Markdown brings a parser and a highlighter that
        # every start of the app (every tab of a classroom) would load for nothing (0.12 s).
        from .screens.help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())

    def action_leaderboard(self) -> None:
        from .screens.leaderboard import LeaderboardScreen

        if not isinstance(self.screen, LeaderboardScreen):
            self.push_screen(LeaderboardScreen())

    def action_room(self) -> None:
        """The room view: the room's brain as the room teaches it, read again as it plays."""
        from .screens.room import RoomScreen

        if not isinstance(self.screen, RoomScreen):
            self.push_screen(RoomScreen())

    def action_brains(self) -> None:
        from .screens.brains.screen import BrainsScreen

        if not isinstance(self.screen, BrainsScreen):
            self.push_screen(BrainsScreen())

    def action_analysis(self) -> None:
        """What the brain on screen (the board's, the lab's, the one chosen) has learned,
        beside the solver."""
        from .presenters import presenter_for
        from .screens.analysis.screen import AnalysisScreen, brain_to_analyse

        if not isinstance(self.screen, AnalysisScreen):
            name, brain, rules = brain_to_analyse(self, self.screen)
            refusal = presenter_for(rules).analysis_refusal()
            if refusal is not None:
                notify_plain(self, refusal, severity="warning")
                return
            self.push_screen(AnalysisScreen(brain, name, rules))

    def action_new_setup(self) -> None:
        """Back to the setup screen, leaving whatever game is on the board (asking first)."""
        from .screens.confirm import asks_before_leaving
        from .screens.setup import SetupScreen

        if asks_before_leaving(self, self.action_new_setup):
            return
        while len(self.screen_stack) > 1 and not isinstance(self.screen, SetupScreen):
            self.pop_screen()
        if not isinstance(self.screen, SetupScreen):
            self.push_screen(SetupScreen())

    def action_mode(self) -> None:
        from .screens.confirm import asks_before_leaving
        from .screens.mode import ModeScreen
        from .screens.setup import SetupScreen

        if asks_before_leaving(self, self.action_mode):
            return
        self.action_new_setup()
        if isinstance(self.screen, SetupScreen):
            self.push_screen(ModeScreen())

    def action_watch(self) -> None:
        """The learning AI against the perfect player, as the mode screen starts them."""
        from .route import PlayChosen, PlayRequest

        self.post_message(PlayChosen(PlayRequest.watch(Machine.LEARNING, Machine.PERFECT)))

    def action_lab(self) -> None:
        """The training lab, for the game the setup screen chose; from a board, for the brain
        it plays (from the mode screen, the one chosen there). In the middle of a game it asks
        first: finish the game, or abandon it (the board goes, and the game teaches nothing).
        With a training's screen beneath (help opened over it, say), back to that training."""
        from .screens.board.screen import BoardScreen
        from .screens.lab.form import AbandonFirst, LabScreen
        from .screens.lab.run import LabRunScreen
        from .screens.mode import ModeScreen

        if isinstance(self.screen, (LabScreen, LabRunScreen, AbandonFirst)):
            return
        run = next((s for s in self.screen_stack if isinstance(s, LabRunScreen)), None)
        if run is not None:  # one training at a time: back to the one under way (or ended)
            while self.screen is not run:
                self.pop_screen()
            return
        board = next((s for s in self.screen_stack if isinstance(s, BoardScreen)), None)
        seat = board.table.brain_seat() if board is not None else None
        brain = seat.saved if seat is not None else None
        if brain is None and isinstance(self.screen, ModeScreen):
            brain = self.screen.chosen_brain()  # the computer chosen there
        if board is None or not board.driver.in_play():
            self.push_screen(LabScreen(brain=brain))
            return

        def answered(abandon: bool | None) -> None:
            if abandon:
                board.leave_agreed = True
                while board in self.screen_stack:
                    self.pop_screen()  # leaving mid-game abandons it (BoardScreen.on_unmount)
                self.push_screen(LabScreen(brain=brain))

        self.push_screen(AbandonFirst(), answered)

    def choose_game(self, rules: Rules) -> None:
        """Play ``rules`` from now on (a brain of another game, played from the brains screen):
        the settings, the setup screen's form and the title bar all name that game."""
        from .screens.setup import SetupScreen

        self.settings.choose(rules)
        for screen in self.screen_stack:
            if isinstance(screen, SetupScreen):
                self.run_worker(screen.show_settings(), group="setup", exclusive=True)

    def play_against(
        self, ref: BrainRef, *, train: bool = False, rules: Rules | None = None
    ) -> None:
        """The person against the brain ``ref`` ("play it now", "play against it",
        ``--opponent``), as it is; ``train``: trained first where it must be, as when chosen on
        the mode screen (the palette); ``rules``: the brain's game, when not the one chosen."""
        from .route import PlayChosen, PlayRequest
        from .session import choice_of

        self.post_message(PlayChosen(PlayRequest.against(choice_of(ref), train=train, rules=rules)))

    def on_play_chosen(self, chosen: PlayChosen) -> None:
        """The one route to a board: whoever asked, :meth:`_route` follows it."""
        self._route(chosen.request)

    @work(exclusive=True, group="route")
    async def _route(self, request: PlayRequest) -> None:
        """Play ``request``: asking first where a game would be left; on the mode screen (the
        game's, the computer chosen there), each brain picks up what others saved of it, one
        that must learn first trains on the lab's run screen (backing out of it stays on the
        mode screen, what was learned kept), then the players sit at a board of their own."""
        from .lab_plan import self_play_plan
        from .route import PlayChosen, games_to_learn, refusal, seat_table
        from .screens.board.screen import BoardScreen
        from .screens.confirm import asks_before_leaving
        from .session import brain_of

        if asks_before_leaving(self, lambda: self.post_message(PlayChosen(request))):
            return
        if request.rules is not None and request.rules.key != self.settings.rules.key:
            self.choose_game(request.rules)
        problem = refusal(request, self.settings)
        if problem is not None:
            notify_plain(self, problem, severity="warning")
            return
        await self._on_mode_screen(request.chosen)
        rules = self.settings.rules
        ready: dict[BrainRef, Learner[Hashable, Hashable]] = {}
        for choice in request.opponents:
            ref = brain_of(choice)
            if ref is None or ref in ready:
                continue
            self.brains.pick_up(rules, ref)  # trains on from what others saved of it, too
            brain = self.brains.learner(rules, ref)
            more = games_to_learn(
                ref, brain, training_games=self.training_games,
                q_training_games=self.q_training_games,
            ) if request.train else 0
            if more > 0:
                plan = self_play_plan(
                    rules, ref.name, ref.learner, brain, more, self.training_memory_most
                )
                if not await self.train_before_play(plan, request.then):  # w: watch it
                    return
                brain = self.brains.learner(rules, ref)
            if brain is None:
                notify_plain(self, f"{ref.name} has no saved brain to play yet.",
                             severity="warning")
                return
            ready[ref] = brain
        table = seat_table(request, self.settings, ready, self.player_rng, self.brains.pick_up)
        self.push_screen(BoardScreen(table))

    async def _on_mode_screen(self, chosen: Opponent | None) -> None:
        """The mode screen on top, above the setup screen (what a board or a training goes
        back to), its computer ``chosen`` where one is."""
        from .screens.mode import ModeScreen
        from .screens.setup import SetupScreen

        screen = self.screen
        if isinstance(screen, ModeScreen):
            if chosen is not None:
                screen.choose(chosen)
            return
        while len(self.screen_stack) > 1 and not isinstance(self.screen, SetupScreen):
            self.pop_screen()
        if not isinstance(self.screen, SetupScreen):
            self.push_screen(SetupScreen())
        await self.push_screen(ModeScreen(chosen))

    def start_lab_run(self, plan: LabPlan, *, speed: int, pause_after: int | None) -> None:
        """The lab's run of ``plan``, in place of the lab's form."""
        from .screens.lab.run import LabRunScreen

        self.switch_screen(LabRunScreen(plan, speed=speed, pause_after=pause_after))

    def open_experiment(self, this: Question | None) -> None:
        """The experiment screen over the lab's form (F4 there)."""
        from .screens.experiment.screen import ExperimentScreen

        self.push_screen(ExperimentScreen(this))

    async def train_before_play(self, plan: LabPlan, then_play: str) -> bool:
        """Train ``plan`` at full speed on the lab's run screen before a game (``w`` there
        watches it); from a worker, which waits for the screen: True when the person goes on
        to the game, False when they backed out (what was learned is kept either way)."""
        from .screens.lab.run import LabRunScreen
        from .speed import FULL_SPEED

        run = LabRunScreen(plan, speed=FULL_SPEED, then_play=then_play)
        played = await self.push_screen_wait(run)
        return played is True

    def action_train(self) -> None:
        """The trained AI, trained first by self-play up to the training budget."""
        from .route import PlayChosen, PlayRequest

        self.post_message(PlayChosen(PlayRequest.against(Machine.TRAINED)))

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        """The command palette (ctrl+p) offers every screen, and every brain to play."""
        from .palette import app_commands

        yield from super().get_system_commands(screen)
        yield from app_commands(self)


#: The app is the screens' host (:mod:`.host`): mypy checks that it offers all they ask.
_HOST: type[Host] = SticksApp


class OpponentRefused(ValueError):
    """The brain the app was asked to open on (``--opponent``) is not one it can play;
    ``str()`` says why, in words that follow "argument --opponent: "."""


def run_app(
    *,
    data_dir: str | None = None,
    seed: int | None = None,
    training_games: int = TRAINED_AI_GAMES,
    ai_delay: float = DEFAULT_AI_DELAY,
    names: tuple[str | None, str | None] = (None, None),
    rules: Rules | None = None,
    opponent: str | None = None,
    learner: str | None = None,
    served: bool = False,
    passphrase: str | None = None,
) -> int:
    """Open the full-screen app (``sticks-tui`` with no command) on the records of
    ``data_dir`` (see :func:`~sticks_tui.storage.sqlite.store.open_records`); the exit status. The
    command line reads the options and the environment (:mod:`sticks_tui.cli.app`) and hands
    the values here. ``names``: the players' names given, ``rules``: the game, ``opponent``
    (and its ``learner``): a brain to play at once (:class:`OpponentRefused` when this game has
    no such brain); ``served``: in a browser's tab (``sticks-tui serve``), with the teacher's
    ``passphrase``."""
    app = SticksApp(
        seed=seed, training_games=training_games, ai_delay=ai_delay, leave_on_signals=True,
        served=served, passphrase=passphrase,
    )
    if served:  # every way the data directory may be written in a message
        where = resolve_data_dir(data_dir)
        paths = {str(where), str(where.absolute()), str(where.resolve())}
        app.hidden_paths = sorted(paths, key=len, reverse=True)
    app.records = _records_for(data_dir, warn=lambda message: _warn(app, message))
    # the names last confirmed here are a terminal's; a served tab's are the room's, not its own
    app.settings.names = _names_for(names, None if served else app.records)
    if rules is not None:
        app.settings.choose(rules)
    if opponent is not None:  # a brain of the game chosen, or a clear refusal
        try:
            app.start_against = app.brains.named(app.settings.rules, opponent, learner)
        except ValueError as error:
            raise OpponentRefused(str(error)) from None
    result = app.run()  # returns once every training thread has ended (and kept its work)
    say_after_leaving(app.said_after_leaving)
    if result is None:  # quit normally (0), or stopped by an error Textual has shown (1)
        return app.return_code or 0
    return int(result)


def _names_for(
    given: tuple[str | None, str | None], records: Records | None = None
) -> tuple[str, str]:
    """The names the setup screen starts with: ``--player1``/``--player2`` where given, else
    the names last confirmed on the setup screen (kept in the records), else the defaults."""
    remembered = recalled_names(records) if records is not None else DEFAULT_NAMES
    return (
        clean_name(str(given[0] or ""), remembered[0]),
        clean_name(str(given[1] or ""), remembered[1]),
    )


def _records_for(data_dir: str | None, warn: Callable[[str], None]) -> Records:
    """The leaderboard and brains on disk (``--data-dir``, ``$STICKS_TUI_DATA_DIR``, else the
    user data directory); in memory, with a warning, where nothing can be saved. A store file
    that must not be touched raises :class:`~sticks_tui.storage.sqlite.store.StoreError` before the
    app opens.
    """
    return open_records(data_dir, warn=warn)


def _warn(app: App[int], message: str) -> None:
    """A records warning as a notification; before the app runs it waits in the queue.

    The records are used on the app's thread (games end there) and by the training worker's
    thread when training ends; a notification may be posted from either. The message names the
    data directory, which the user chose: it is shown as written.
    """
    notify_plain(app, message, title="Not saved", severity="warning", timeout=10)
