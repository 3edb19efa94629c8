"""One thread that does a program's store writes, in the order they were asked, so that the
program's own thread (the app's event loop) never waits for the disk.

A write is a job (a function of no arguments) handed to :meth:`StoreWriter.put`; the jobs run
one after another on the writer's thread. :meth:`StoreWriter.settle` waits until every job
asked so far is done: what reads the store, or writes it directly, settles first, so it sees
the writes asked before it and comes after them; leaving the program settles last, so nothing
asked is lost.

A job's failure does not stop the writer: the records the app writes turn the store's
failures into warnings themselves (:class:`~.play_on.PlayOnRecords`); anything else a job
raises goes to ``on_error``.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable

Job = Callable[[], None]


class StoreWriter:
    """The jobs asked of the store, done in order on a thread of their own (started with the
    first job, and kept for the program's life: it waits for work, and is a daemon, so it never
    keeps a program from ending; a program settles before it ends)."""

    def __init__(self, on_error: Callable[[BaseException], None] | None = None) -> None:
        self.on_error = on_error
        self._jobs: queue.Queue[Job] = queue.Queue()
        self._thread: threading.Thread | None = None
        self._start = threading.Lock()
        #: Jobs done so far (for tests and benchmarks: how many writes a run asked for).
        self.done = 0

    def put(self, job: Job) -> None:
        """Do ``job`` after every job asked before it, on the writer's thread."""
        with self._start:
            if self._thread is None:
                self._thread = threading.Thread(
                    target=self._run, name="store writer", daemon=True
                )
                self._thread.start()
        self._jobs.put(job)

    @property
    def busy(self) -> bool:
        """Whether a job asked for is not done yet."""
        return self._jobs.unfinished_tasks > 0

    def settle(self) -> None:
        """Wait until every job asked so far is done (at once when none is waiting, and on the
        writer's own thread, where a job that settles would wait for itself)."""
        if self.busy and threading.current_thread() is not self._thread:
            self._jobs.join()

    def _run(self) -> None:
        while True:
            job = self._jobs.get()
            try:
                job()
            except Exception as error:  # noqa: BLE001 - a bug, or a failure not put in words
                if self.on_error is not None:
                    self.on_error(error)
            finally:
                self.done += 1
                self._jobs.task_done()
