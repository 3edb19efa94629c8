"""Where the test suite's processor time goes: each test file's CPU, the garbage collector's.

The suite must finish within 5 minutes on a 2-core machine, and that machine is often shared, so
the wall time of one run says little: this script runs pytest (by default the whole suite, as
``python -m pytest`` does, with its workers) and prints

- the processor time of the run, the pytest process and its workers together (user + sys),
  and its wall time, with the load average before and after (a wall time means something only
  when the load was low);
- per test file, the processor time of its tests (setup, call and teardown, in its worker, plus
  the programs the tests ran and waited for), the number of tests and their wall time;
- the slowest tests by processor time;
- per worker, the time the garbage collector took, and how many collections of each
  generation.

``--gc-default`` runs with Python's default collector thresholds instead of the ones
tests/conftest.py sets, to compare; ``--gc-thresholds A,B,C`` with others.

    python benchmarks/suite_cpu.py [--top 40] [--tests 30] [--gc-default | --gc-thresholds A,B,C]
                                   [-- PYTEST ARGS]

e.g. ``python benchmarks/suite_cpu.py -- tests/ui -n 2`` or
``python benchmarks/suite_cpu.py -- tests/ui/test_ui_fit.py -n 0``.

Loaded into each pytest process as a plugin (``-p suite_cpu``), this file also records: each
process appends its tests' rows and its collector's figures to files in $SUITE_CPU_OUT.
"""

from __future__ import annotations

import argparse
import collections
import gc
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
OUT_ENV = "SUITE_CPU_OUT"
GC_THRESHOLDS_ENV = "SUITE_CPU_GC_THRESHOLDS"


# -- the plugin, in each pytest process ------------------------------------------------------------

_gc_seconds = {0: 0.0, 1: 0.0, 2: 0.0}
_gc_count = {0: 0, 1: 0, 2: 0}
_gc_started = [0.0]


def _on_gc(phase: str, info: dict[str, Any]) -> None:
    if phase == "start":
        _gc_started[0] = time.process_time()
    else:
        generation = info["generation"]
        _gc_seconds[generation] += time.process_time() - _gc_started[0]
        _gc_count[generation] += 1


def _cpu() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def _out(name: str) -> Path | None:
    folder = os.environ.get(OUT_ENV)
    if not folder:
        return None
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    return Path(folder) / f"{worker}.{name}"


def pytest_configure(config: Any) -> None:
    thresholds = os.environ.get(GC_THRESHOLDS_ENV)
    if thresholds:
        gc.set_threshold(*(int(n) for n in thresholds.split(",")))
    gc.callbacks.append(_on_gc)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: Any, nextitem: Any) -> Any:
    cpu, wall = _cpu(), time.monotonic()
    yield
    path = _out("tests.tsv")
    if path is not None:
        with path.open("a") as rows:
            rows.write(f"{item.nodeid}\t{_cpu() - cpu:.3f}\t{time.monotonic() - wall:.3f}\n")


def pytest_sessionfinish(session: Any) -> None:
    path = _out("gc.json")
    if path is not None:
        path.write_text(json.dumps({
            "seconds": _gc_seconds, "count": _gc_count, "thresholds": gc.get_threshold(),
        }))


# -- the script ------------------------------------------------------------------------------------


def _load() -> str:
    return " ".join(f"{n:.2f}" for n in os.getloadavg())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--top", type=int, default=40, help="test files shown (default 40)")
    parser.add_argument("--tests", type=int, default=30, help="slowest tests shown (default 30)")
    parser.add_argument("--gc-default", action="store_true",
                        help="Python's default collector thresholds, not tests/conftest.py's")
    parser.add_argument("--gc-thresholds", metavar="A,B,C",
                        help="these collector thresholds, not tests/conftest.py's")
    parser.add_argument("pytest_args", nargs="*", help="arguments for pytest (after --)")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="suite-cpu-") as out:
        env = dict(os.environ, **{OUT_ENV: out})
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT / "benchmarks"),
                                                          env.get("PYTHONPATH")]))
        if args.gc_default or args.gc_thresholds:
            env[GC_THRESHOLDS_ENV] = args.gc_thresholds or "700,10,10"
        command = [sys.executable, "-m", "pytest", "-q", "-p", "suite_cpu",
                   "-p", "no:cacheprovider", *args.pytest_args]
        load_before = _load()
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        started = time.monotonic()
        run = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
        wall = time.monotonic() - started
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        load_after = _load()
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)

        tests: list[tuple[str, float, float]] = []
        for path in Path(out).glob("*.tests.tsv"):
            for line in path.read_text().splitlines():
                nodeid, test_cpu, test_wall = line.split("\t")
                tests.append((nodeid, float(test_cpu), float(test_wall)))
        collectors = {path.name.split(".")[0]: json.loads(path.read_text())
                      for path in Path(out).glob("*.gc.json")}

    summary = run.stdout.strip().splitlines()[-1:] or ["(no summary)"]
    collector = (f"(collector thresholds {args.gc_thresholds})" if args.gc_thresholds
                 else "(default collector)" if args.gc_default else "")
    print("$", " ".join(["python", "-m", "pytest", *args.pytest_args]), collector)
    print(f"{summary[0]}")
    print(f"processor time {cpu:.1f} s (user + sys, pytest and its workers), wall {wall:.1f} s;"
          f" load average before {load_before}, after {load_after}")
    per_file: dict[str, list[float]] = collections.defaultdict(lambda: [0, 0.0, 0.0])
    for nodeid, test_cpu, test_wall in tests:
        row = per_file[nodeid.split("::")[0]]
        row[0] += 1
        row[1] += test_cpu
        row[2] += test_wall
    print(f"\n{len(tests)} tests: {sum(t[1] for t in tests):.1f} s of processor time in tests")
    print(f"{'cpu s':>8} {'tests':>5} {'wall s':>8}  file")
    for name, (count, file_cpu, file_wall) in sorted(per_file.items(),
                                                     key=lambda item: -item[1][1])[:args.top]:
        print(f"{file_cpu:8.1f} {int(count):5d} {file_wall:8.1f}  {name}")
    print(f"\nslowest {args.tests} tests by processor time (cpu s, wall s)")
    for nodeid, test_cpu, test_wall in sorted(tests, key=lambda t: -t[1])[:args.tests]:
        print(f"{test_cpu:6.2f} {test_wall:6.2f}  {nodeid}")
    print("\ngarbage collector per process (seconds, collections of generations 0/1/2)")
    for worker, figures in sorted(collectors.items()):
        seconds = sum(figures["seconds"].values())
        counts = "/".join(str(figures["count"][g]) for g in "012")
        print(f"  {worker}: {seconds:.1f} s, {counts}, thresholds {figures['thresholds']}")
    if run.returncode:
        print(run.stdout[-3000:], run.stderr[-3000:], sep="\n")
    return run.returncode


if __name__ == "__main__":
    sys.exit(main())
