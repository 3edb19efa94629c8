"""From a tab's process start to its first frame, beside a minimal Textual app's (SPEC 14,
issue 31: at most 1.5 times as long), and the memory each holds then.

Each tab of ``sticks-tui serve`` is a process of its own, started as textual-serve starts it:
``python -m sticks_tui --data-dir DIR --served`` with ``TEXTUAL_DRIVER`` set to Textual's web
driver, which writes ``__GANGLION__`` and then framed packets (``D``: the screen's bytes) on its
standard output. This starts each case so, with the environment textual-serve gives an app
(``textual_serve/app_service.py``), and times from just before the process starts to the first
``D`` packet that completes the first screen's words:

* a minimal Textual app: an ``App`` with one ``Static`` ("Who is playing?"), started the same
  way (``python -c ...``);
* a served tab: ``python -m sticks_tui --data-dir TMP --served``, whose first screen asks "Who is
  playing?";
* the terminal's first screen: ``python -m sticks_tui --data-dir TMP`` (the setup screen), under
  the same driver.

The runs of the cases are interleaved (a, b, c, a, b, c, ...), so that a machine busy for a while
slows each about as much; each line gives the fastest, the median and the slowest run, the
processor time the process had used by then (user + system, its median), and its memory once
the first frame is out: resident (RSS) and proportional (PSS: a page shared with other processes
counts a share), from ``/proc/PID/smaps_rollup`` (Linux). Then its ratio to the minimal app's:
the median of each round's ratio (a round's runs share the machine's load), and the fastest
run's over the minimal app's fastest; and the modules each had loaded at its first frame (in a
run of its own, which a wrapper around the program asks with SIGUSR1 once the frame is out, as
``tests/ui/test_first_screen_modules.py`` does).

    python benchmarks/first_frame.py [--runs 15] [--from-source]

Measured on this 2-core machine, nearly idle (CPython 3.11.7, Textual 8.2.8, 25 runs, bytecode
kept, on 2026-11-28): the minimal app's first frame after 0.22 s (median; 33 MB resident, 24 MB
proportional); a served tab's after 0.36 s, 1.50 times the minimal app's in the same round
(median; 1.31 to 1.50 over several runs of this script, its fastest 1.44 times the minimal
app's fastest), at 38 MB resident, 28 MB proportional, with 72 of sticks_tui's modules; the
terminal's setup screen 2.4 times, 44 MB (it shows every game's form). Before issue 31 (commit
59e8059, measured the same way beside it), a served tab took 1.96 times the minimal app's (its
fastest 2.07 times), at 45 MB resident, 35 MB proportional, with 150 modules of sticks_tui: every
screen, presenter and command, training and the analysis. With ``--from-source`` (Python told to
write no bytecode, as this machine's environment does, and an editable install: each start
compiles the package) a served tab takes 2.2 times the minimal app's: install the package (pip
writes its bytecode) where a classroom is served.
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import select
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from importlib.metadata import version
from pathlib import Path
from types import SimpleNamespace

ROOT = Path(__file__).resolve().parents[1]
#: What a terminal escape sequence looks like in the screen's bytes.
ESCAPE = re.compile(
    rb"\x1b(?:\[[0-9;?:<=>]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)|[()][0-9A-Za-z]|.)"
)
#: How long a start may take before the benchmark gives up on it.
PATIENCE = 60.0
MINIMAL_APP = """\
from textual.app import App, ComposeResult
from textual.widgets import Static


class Minimal(App[None]):
    def compose(self) -> ComposeResult:
        yield Static("Who is playing?")


Minimal().run()
"""
#: Runs a program (``-m MODULE`` or ``-c CODE``, then its arguments) and, on SIGUSR1, writes the
#: names of the modules it has loaded to the file named first.
MODULES_PROBE = """\
import os, runpy, signal, sys
report, how, what, *args = sys.argv[1:]
def write(signum, frame):
    with open(report + ".part", "w") as out:
        out.write("\\n".join(sorted(sys.modules)))
    os.replace(report + ".part", report)
signal.signal(signal.SIGUSR1, write)
sys.argv = [what, *args]
if how == "-m":
    runpy.run_module(what, run_name="__main__", alter_sys=True)
else:
    exec(compile(what, "<app>", "exec"), {"__name__": "__main__"})
"""


@dataclass(frozen=True)
class Case:
    name: str
    argv: tuple[str, ...]  # after the interpreter: -m MODULE ... or -c CODE
    first_words: bytes


@dataclass(frozen=True)
class Start:
    seconds: float
    cpu: float
    rss_mib: float
    pss_mib: float


def served_environment(bytecode: str | None) -> dict[str, str]:
    """The environment textual-serve gives an app's process (``AppService._build_environment``);
    ``bytecode``: the directory where Python keeps the modules' bytecode (as an installed
    package has it, its modules compiled once), else None: compiled from source at each start
    (``PYTHONDONTWRITEBYTECODE``, with a checkout's modules)."""
    from textual_serve.app_service import AppService

    environ = AppService._build_environment(SimpleNamespace(debug=False), width=80, height=24)
    environ = {k: v for k, v in environ.items() if not k.startswith("PYTHONDONTWRITE")}
    if bytecode is None:
        environ["PYTHONDONTWRITEBYTECODE"] = "1"
    else:
        environ["PYTHONPYCACHEPREFIX"] = bytecode
    return {**environ, "PYTHONPATH": str(ROOT)}


def wait_for_frame(process: subprocess.Popen[bytes], words: bytes) -> None:
    """Read the app's packets until a ``D`` packet completes ``words`` on the screen."""
    assert process.stdout is not None
    fd = process.stdout.fileno()
    pending, screen, started = b"", b"", False
    deadline = time.monotonic() + PATIENCE
    while True:
        ready, _, _ = select.select([fd], [], [], max(0.0, deadline - time.monotonic()))
        chunk = os.read(fd, 1 << 16) if ready else b""
        if not chunk:
            raise RuntimeError(f"no first frame from {process.args!r}")
        pending += chunk
        if not started:
            head, mark, pending = pending.partition(b"__GANGLION__\n")
            if not mark:
                pending = head
                continue
            started = True
        while len(pending) >= 5:
            size = int.from_bytes(pending[1:5], "big")
            if len(pending) < 5 + size:
                break
            kind, payload, pending = pending[:1], pending[5:5 + size], pending[5 + size:]
            if kind == b"D":
                screen += payload
                if words in ESCAPE.sub(b"", screen):
                    return


def cpu_seconds(pid: int) -> float:
    """The processor time (user + system) ``pid`` has used, from /proc/PID/stat."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def memory_mib(pid: int) -> tuple[float, float]:
    """(RSS, PSS) of ``pid`` in MiB, from /proc/PID/smaps_rollup."""
    rollup = Path(f"/proc/{pid}/smaps_rollup").read_text()
    fields = dict(re.findall(r"^(\w+):\s+(\d+) kB", rollup, flags=re.M))
    return int(fields["Rss"]) / 1024, int(fields["Pss"]) / 1024


def stop(process: subprocess.Popen[bytes]) -> None:
    """Ask the app to leave (SIGTERM, as the server does), else end it."""
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(timeout=PATIENCE)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
    for stream in (process.stdin, process.stdout):
        if stream is not None:
            stream.close()


def one_start(case: Case, env: dict[str, str]) -> Start:
    started = time.perf_counter()
    process = subprocess.Popen(
        [sys.executable, *case.argv], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL, env=env,
    )
    try:
        wait_for_frame(process, case.first_words)
        seconds = time.perf_counter() - started
        cpu = cpu_seconds(process.pid)
        rss, pss = memory_mib(process.pid)
    finally:
        stop(process)
    return Start(seconds, cpu, rss, pss)


def modules_at_first_frame(case: Case, env: dict[str, str], where: Path) -> list[str]:
    """The modules ``case`` has loaded once its first frame is out."""
    report = where / "modules.txt"
    report.unlink(missing_ok=True)
    process = subprocess.Popen(
        [sys.executable, "-c", MODULES_PROBE, str(report), *case.argv],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env,
    )
    try:
        wait_for_frame(process, case.first_words)
        process.send_signal(signal.SIGUSR1)
        deadline = time.monotonic() + PATIENCE
        while not report.exists() and time.monotonic() < deadline:
            time.sleep(0.02)
        return report.read_text().split()
    finally:
        stop(process)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15, help="starts of each case (default 15)")
    parser.add_argument(
        "--from-source", action="store_true",
        help="compile this checkout's modules at each start (PYTHONDONTWRITEBYTECODE=1), as an "
        "editable install does where bytecode is not written; by default the modules' bytecode "
        "is kept (in a directory of its own, PYTHONPYCACHEPREFIX), as an installed package has it",
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data, tempfile.TemporaryDirectory() as bytecode:
        env = served_environment(None if args.from_source else bytecode)
        cases = (
            Case("minimal Textual app", ("-c", MINIMAL_APP), b"Who is playing?"),
            Case("sticks-tui --served", ("-m", "sticks_tui", "--data-dir", data, "--served"),
                 b"Who is playing?"),
            Case("sticks-tui (setup)", ("-m", "sticks_tui", "--data-dir", data),
                 b"Welcome to the game of sticks!"),
        )
        starts: dict[str, list[Start]] = {case.name: [] for case in cases}
        for case in cases:  # the store's first opening creates it, the bytecode is written
            one_start(case, env)
        for _ in range(args.runs):
            for case in cases:
                starts[case.name].append(one_start(case, env))
        print(f"{platform.python_implementation()} {platform.python_version()}, "
              f"Textual {version('textual')}, {os.cpu_count()} cores, load "
              f"{os.getloadavg()[0]:.2f}; {args.runs} runs each, interleaved; bytecode "
              f"{'compiled at each start' if args.from_source else 'kept'}")
        print(f"{'first frame':24} {'fastest':>8} {'median':>8} {'slowest':>8} {'cpu':>6} "
              f"{'ratio':>6} {'best':>5} {'RSS':>6} {'PSS':>6} {'modules':>7} {'ours':>5}")
        minimal = starts[cases[0].name]
        with tempfile.TemporaryDirectory() as where:
            for case in cases:
                got = starts[case.name]
                seconds = sorted(s.seconds for s in got)
                # each run beside the minimal app's of the same round (the machine as busy)
                ratio = statistics.median(s.seconds / m.seconds for s, m in zip(got, minimal))
                best = seconds[0] / min(m.seconds for m in minimal)
                modules = modules_at_first_frame(case, env, Path(where))
                ours = [m for m in modules if m.split(".")[0] == "sticks_tui"]
                print(
                    f"{case.name:24} {seconds[0]:7.3f}s {statistics.median(seconds):7.3f}s "
                    f"{seconds[-1]:7.3f}s {statistics.median(s.cpu for s in got):5.2f}s "
                    f"{ratio:6.2f} {best:5.2f} "
                    f"{statistics.median(s.rss_mib for s in got):3.0f} MB "
                    f"{statistics.median(s.pss_mib for s in got):3.0f} MB "
                    f"{len(modules):7} {len(ours):5}"
                )
        print("ratio: the median of each round's time over the minimal app's in that round; "
              "best: the fastest over the minimal app's fastest")

if __name__ == "__main__":
    main()
