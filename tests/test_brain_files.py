"""Brain files: read the same way by ``brain import`` and ``analyze``, written safely by
``train --out`` and ``brain export`` whatever the destination is (file, symlink, FIFO, device,
standard output)."""

from __future__ import annotations

import io
import json
import os
import random
import signal
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from sticks_tui.storage import brain_files, file_writer
from sticks_tui.storage.brain_files import (
    BrainFileRefused,
    BrainFileUnreadable,
    brain_json,
    read_brain_file,
)
from sticks_tui.cli.main import main
from sticks_tui.engine import SELF, HatBrain, TakeAway, game_of_sticks, train
from sticks_tui.storage.sqlite.store import SqliteStore


@pytest.fixture(autouse=True)
def data_dir(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """Every command here keeps its records in this test's own folder."""
    directory = tmp_path / "data"
    monkeypatch.setenv("STICKS_TUI_DATA_DIR", str(directory))
    return directory


def run(capsys: pytest.CaptureFixture[str], *argv: str, stdin: bytes = b"") -> tuple[int, str, str]:
    """main(argv) -> (exit status, stdout, stderr), whether it returns or exits."""
    saved = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin))
    try:
        status = main(list(argv))
    except SystemExit as stop:
        status = stop.code if isinstance(stop.code, int) else 1
    finally:
        sys.stdin = saved
    out, err = capsys.readouterr()
    assert "Traceback" not in err and "went wrong" not in err, err
    return status, out, err


@pytest.fixture(scope="module")
def good_text() -> str:
    """A brain for the Game of Sticks with 100 sticks (what `brain import` takes by default)."""
    brain = HatBrain(game_of_sticks(100))
    train(brain, SELF, 300, seed=2)
    return brain_json(brain)


# -- reading: one reader, one answer -------------------------------------------------------------
def _huge_number(good: str) -> bytes:
    data = json.loads(good)
    return json.dumps(data).replace('"games_played": 300', '"games_played": ' + "9" * 5000).encode()


REFUSED = {
    "cut-off JSON": (lambda good: good[:40].encode(), "not valid JSON (line"),
    "not UTF-8": (lambda good: b"\x89PNG\r\n\x1a\n\xff\xfe", "not UTF-8 text"),
    "a 5000-digit number": (_huge_number, "a number with 5,000 digits"),
    "deep nesting": (lambda good: b"[" * 100_000, "nested too deeply"),
    "not a brain": (lambda good: b'{"format": "chess"}', "not a sticks-tui brain"),
    "a bad hat": (
        lambda good: good.replace('"hats": {', '"hats": {"200": {"1": -1},', 1).encode(),
        "hat 200: balls 1 is -1",
    ),
}


@pytest.mark.parametrize("case", sorted(REFUSED))
def test_import_and_analyze_refuse_a_bad_file_alike(
    case: str, good_text: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    make, reason = REFUSED[case]
    path = tmp_path / "bad.json"
    path.write_bytes(make(good_text))
    answers = []
    for argv in (["brain", "import", str(path)], ["analyze", str(path)]):
        status, out, err = run(capsys, *argv)
        assert status == 1, (argv, err)
        assert err.count("\n") == 1 and out == ""
        assert err.startswith(f"sticks-tui: error: {path} was refused: ") and reason in err
        answers.append(err.split(" was refused: ")[1].split("; the saved brain")[0].strip())
    assert answers[0] == answers[1]  # the very same reason from both commands


def test_a_file_larger_than_the_limit_is_refused_unread_by_both(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(brain_files, "MAX_BRAIN_FILE_BYTES", 2**20)
    path = tmp_path / "big.json"
    path.write_bytes(b" " * (2**20 + 1))
    for argv in (["brain", "import", str(path)], ["analyze", str(path)]):
        status, _, err = run(capsys, *argv)
        assert status == 1 and f"{path} was refused: it is larger than 1 MiB" in err


def test_a_brain_file_bigger_than_the_old_10_mb_limit_is_read_back(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Brains keep what they learn, and their files follow: 30,000 games of Nim with eight piles
    of 20 write about 11 MB (10 MB was once the most a file could be). The limit follows
    training's memory cap, so such a file is imported."""
    rng = random.Random(5)
    # a pile's moves with each size it may have (random.choices is quicker than randint here)
    takes = [[[f"{pile}:{count}" for count in range(1, size + 1)] for size in range(21)]
             for pile in range(8)]
    hats: dict[str, dict[str, int]] = {}
    while len(hats) < 34_000:  # hats that learned much (fewer than 30,000 games keep)
        piles = rng.choices(range(1, 21), k=8)
        moves = [move for pile, size in enumerate(piles) for move in takes[pile][size]]
        start = rng.randrange(len(moves))
        some = (moves[start:] + moves[:start])[:24]
        hats[",".join(map(str, piles))] = dict(zip(some, rng.choices(range(2, 1000), k=24)))
    brain = {
        "format": "sticks-tui-brain", "version": 3, "learner": "hats",
        "rules": {"game": "nim", "piles": [20] * 8, "ending": "misere"},
        "settings": {"fresh_balls": 1, "balls_added_on_win": 1, "balls_taken_on_loss": 1,
                     "floor": 1},
        "games_played": 30_000, "hats": hats,
    }
    path = tmp_path / "nim.json"
    path.write_text(json.dumps(brain))
    assert path.stat().st_size > 10 * 2**20
    status, out, err = run(capsys, "--game", "nim:20,20,20,20,20,20,20,20", "brain", "import",
                           str(path))
    assert status == 0 and "30,000 games played" in out, err


def test_a_file_that_cannot_be_read_is_a_bad_argument_for_both(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "nowhere.json"
    for argv in (["brain", "import", str(missing)], ["analyze", str(missing)]):
        status, _, err = run(capsys, *argv)
        assert status == 2 and f"no such brain file: {missing}" in err
    for argv in (["brain", "import", str(tmp_path)], ["analyze", str(tmp_path)]):
        status, _, err = run(capsys, *argv)
        assert status == 2 and "is a folder, not a brain file" in err


def test_a_byte_order_mark_is_accepted_by_both(
    good_text: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], data_dir: Path
) -> None:
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + good_text.encode())
    status, out, _ = run(capsys, "brain", "import", str(path))
    assert status == 0 and "300 games played" in out
    status, out, _ = run(capsys, "analyze", str(path))
    assert status == 0 and out.startswith("Game of Sticks: a brain after 300 games")


def test_standard_input_works_for_both(
    good_text: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(brain_files, "MAX_BRAIN_FILE_BYTES", 2**20)
    status, out, _ = run(capsys, "analyze", "-", stdin=good_text.encode())
    assert status == 0 and "a brain after 300 games" in out
    status, out, _ = run(capsys, "brain", "import", "-", stdin=good_text.encode())
    assert status == 0 and "Imported standard input" in out
    status, _, err = run(capsys, "analyze", "-", stdin=b" " * (2**20 + 1))
    assert status == 1 and "standard input was refused: it is larger than 1 MiB" in err


def test_the_reader_keeps_to_the_rules_it_is_given(good_text: str) -> None:
    stream = io.BytesIO(good_text.encode())
    assert read_brain_file("-", stdin=stream).games_played == 300
    with pytest.raises(BrainFileRefused, match="this brain is for Game of Sticks"):
        read_brain_file("-", TakeAway(20, (2, 3, 5), misere=False), io.BytesIO(good_text.encode()))
    with pytest.raises(BrainFileUnreadable):
        read_brain_file("/nonexistent/brain.json")


def test_a_huge_string_in_a_hat_still_gives_a_short_line(
    good_text: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = json.loads(good_text)
    data["hats"]["x" * 100_000] = {"1": 1}
    path = tmp_path / "long.json"
    path.write_text(json.dumps(data))
    status, _, err = run(capsys, "analyze", str(path))
    assert status == 1 and err.count("\n") == 1 and len(err) < 500


def test_what_is_written_reads_back_the_same(good_text: str) -> None:
    brain = read_brain_file("-", stdin=io.BytesIO(good_text.encode()))
    assert brain_json(brain) == good_text
    lines = good_text.splitlines()
    for hat, balls in json.loads(good_text)["hats"].items():  # one line per hat, to diff
        assert f"    {json.dumps(hat)}: {json.dumps(balls)}" in [line.rstrip(",") for line in lines]


# -- writing: whatever --out is ----------------------------------------------------------------
def _train(capsys: pytest.CaptureFixture[str], out: str) -> tuple[int, str, str]:
    return run(capsys, "train", "--games", "20", "--seed", "1", "--out", out)


def test_train_through_a_symlink_replaces_its_target_and_keeps_the_link(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    shelf = tmp_path / "shelf"
    shelf.mkdir()
    target = shelf / "brain.json"
    target.write_text("old")
    target.chmod(0o640)
    link = tmp_path / "current.json"
    link.symlink_to(target)
    status, _, _ = _train(capsys, str(link))
    assert status == 0
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert json.loads(target.read_text())["games_played"] == 20
    assert target.stat().st_mode & 0o777 == 0o640
    assert sorted(os.listdir(shelf)) == ["brain.json"]  # no temporary file left beside it
    assert [name for name in os.listdir(tmp_path) if name.startswith(".")] == []


def test_a_dangling_symlink_gets_its_target_created(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    link = tmp_path / "link.json"
    link.symlink_to(tmp_path / "made.json")
    assert _train(capsys, str(link))[0] == 0
    assert link.is_symlink() and json.loads((tmp_path / "made.json").read_text())
    assert json.loads(link.read_text())["games_played"] == 20


# -- anything but a regular file: refused at once ------------------------------------------------
#: Each command that reads or writes a brain file, with the path in it.
COMMANDS = {
    "brain import": ["brain", "import", "{path}"],
    "brain export": ["brain", "export", "{path}"],
    "train --out": ["train", "--games", "5", "--out", "{path}"],
    "train --against": ["train", "--games", "5", "--against", "{path}", "--out", "{tmp}/x.json"],
    "analyze": ["analyze", "{path}"],
}
WRITERS = {"brain export", "train --out"}


def _refusal(command: str, path: str, kind: str) -> str:
    if command in WRITERS:
        return f"cannot write {path}: it is {kind}, not a regular file"
    return f"{path} is {kind}, not a regular file"


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_a_named_pipe_is_refused_at_once_by_every_command(
    command: str, good_text: str, tmp_path: Path, data_dir: Path
) -> None:
    """The real program, with a time limit: a command that opened the pipe would wait forever
    for its other end (the limit ends it, and the test fails instead of hanging)."""
    with SqliteStore.open(data_dir) as store:  # something to export
        store.save_brain(HatBrain.from_dict(json.loads(good_text)), "AI")
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    argv = [part.format(path=pipe, tmp=tmp_path) for part in COMMANDS[command]]
    done = subprocess.run(
        [sys.executable, "-m", "sticks_tui", *argv], capture_output=True, text=True, timeout=60,
    )
    assert done.returncode == 2, done.stderr
    lines = done.stderr.splitlines()  # argparse's usage, if any, then one error line
    assert [line for line in lines if "error:" in line] == [lines[-1]]
    assert _refusal(command, str(pipe), "a named pipe") in lines[-1]
    assert done.stdout == ""
    assert stat.S_ISFIFO(os.lstat(pipe).st_mode)
    assert sorted(os.listdir(tmp_path)) == ["data", "pipe"]  # nothing written beside it


@pytest.mark.parametrize(
    ("command", "device"),
    [("brain export", os.devnull), ("train --out", os.devnull), ("brain import", "/dev/zero"),
     ("analyze", "/dev/zero"), ("train --against", "/dev/zero")],
)
def test_a_device_is_refused_too(
    command: str, device: str, good_text: str, tmp_path: Path, data_dir: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    with SqliteStore.open(data_dir) as store:
        store.save_brain(HatBrain.from_dict(json.loads(good_text)), "AI")
    argv = [part.format(path=device, tmp=tmp_path) for part in COMMANDS[command]]
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert _refusal(command, device, "a device") in err
    assert stat.S_ISCHR(os.stat(device).st_mode)


def test_a_name_that_becomes_a_pipe_after_the_look_is_refused_without_waiting(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Between the look (os.stat) and the opening, the file may change: the opening does not
    wait, and what was opened is looked at again."""
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    real_stat = os.stat

    def looked_at(path: object, *args: object, **kwargs: object) -> os.stat_result:
        if os.fspath(path) == str(pipe):  # the look saw a regular file there
            return real_stat(__file__)
        return real_stat(path, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "stat", looked_at)
    got: list[BaseException] = []

    def read() -> None:
        try:
            read_brain_file(pipe)
        except BaseException as error:  # noqa: BLE001 - handed to the test's thread
            got.append(error)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(timeout=30)
    if reader.is_alive():  # let the stuck reader go, then fail
        with open(os.open(pipe, os.O_WRONLY | os.O_NONBLOCK), "wb"):
            pass
        pytest.fail("reading a named pipe waited for a writer")
    assert len(got) == 1 and isinstance(got[0], BrainFileUnreadable)
    assert str(got[0]) == f"{pipe} is a named pipe, not a regular file"


def test_a_directory_is_still_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = _train(capsys, str(tmp_path))
    assert status == 2 and "argument --out: cannot write" in err and "is a directory" in err


def test_a_socket_is_refused_before_training(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import socket

    path = tmp_path / "sock"
    with socket.socket(socket.AF_UNIX) as listener:
        listener.bind(str(path))
        status, _, err = _train(capsys, str(path))
    assert status == 2 and "it is a socket" in err and err.count("error:") == 1
    assert stat.S_ISSOCK(os.lstat(path).st_mode)


def test_train_out_dash_writes_the_brain_to_standard_output(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    status, out, err = _train(capsys, "-")
    assert status == 0
    assert json.loads(out)["games_played"] == 20  # nothing but the brain on stdout
    assert "for 20 games" in err and "standard output" in err
    assert not (tmp_path / "-").exists()


# -- names shown as text, never obeyed by the terminal -------------------------------------------
#: A file name with what a terminal would obey: an escape sequence that clears the screen, a
#: newline that would forge a second line, a bidi override, DEL, a C1 control (CSI); and
#: printable letters that must stay as they are.
NASTY_NAME = "a\x1b[2Jb\nc\u202ed\x7f\x9bé名.json"
NASTY_SHOWN = "a\\x1b[2Jb\\nc\\u202ed\\x7f\\x9bé名.json"


def _shows_the_name_escaped(text: str, lines: int = 1) -> None:
    assert NASTY_SHOWN in text, text
    for obeyed in ("\x1b", "\u202e", "\x7f", "\x9b"):
        assert obeyed not in text
    assert text.count("\n") == lines, text


def _save_a_brain(data_dir: Path, good_text: str) -> None:
    with SqliteStore.open(data_dir) as store:
        store.save_brain(HatBrain.from_dict(json.loads(good_text)), "AI")


@pytest.mark.parametrize("command", [["analyze"], ["brain", "import"]])
def test_a_missing_or_refused_file_is_named_with_its_control_characters_escaped(
    command: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / NASTY_NAME
    status, _, err = run(capsys, *command, str(path))
    assert status == 2
    _shows_the_name_escaped(err.splitlines()[-1] + "\n")
    path.write_text("not a brain")
    status, _, err = run(capsys, *command, str(path))
    assert status == 1
    _shows_the_name_escaped(err)


def test_train_and_export_name_their_file_with_its_control_characters_escaped(
    good_text: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], data_dir: Path
) -> None:
    status, out, _ = _train(capsys, str(tmp_path / NASTY_NAME))
    assert status == 0 and json.loads((tmp_path / NASTY_NAME).read_text())["games_played"] == 20
    _shows_the_name_escaped(out, lines=4)  # the summary line and the tally's three
    _save_a_brain(data_dir, good_text)
    status, out, _ = run(capsys, "brain", "export", str(tmp_path / (NASTY_NAME + "2")))
    assert status == 0
    _shows_the_name_escaped(out.replace(NASTY_SHOWN + "2", NASTY_SHOWN))
    status, out, _ = run(capsys, "brain", "import", str(tmp_path / NASTY_NAME))
    assert status == 0
    _shows_the_name_escaped(out)


@pytest.mark.parametrize("command", [["train", "--games", "20", "--out"], ["brain", "export"]])
def test_an_output_in_a_missing_folder_names_both_escaped(
    command: list[str], good_text: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
    data_dir: Path,
) -> None:
    _save_a_brain(data_dir, good_text)
    status, _, err = run(capsys, *command, str(tmp_path / NASTY_NAME / "brain.json"))
    assert status == 2
    error_line = err.splitlines()[-1] + "\n"
    _shows_the_name_escaped(error_line)
    assert error_line.count(NASTY_SHOWN) == 2  # the file, and the folder that is missing


def test_a_name_that_is_not_utf8_is_shown_byte_by_byte(tmp_path: Path) -> None:
    """A real run: such a name reaches Python only from the command line, as surrogates."""
    name = b"\xff\x1b.json"
    done = subprocess.run(
        [sys.executable, "-m", "sticks_tui", "train", "--games", "20", "--out", name],
        capture_output=True, cwd=tmp_path, timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0].endswith(b"wrote \\xff\\x1b.json")
    assert os.listdir(os.fsencode(tmp_path)) == [name]


# -- an output that cannot be used is a bad argument, found before any work ----------------------
def _work_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty current folder inside tmp_path, so that litter one level up would be seen."""
    work = tmp_path / "work"
    work.mkdir()
    (work / "file").write_text("a file")
    monkeypatch.chdir(work)
    return work


UNUSABLE_OUTPUTS = {
    "empty": ("", "the file name is empty"),
    "ends with a slash": ("new/", "names a folder, not a file"),
    "ends with /.": ("new/.", "names a folder, not a file"),
    "ends with /..": ("new/..", "names a folder, not a file"),
    "a file's /..": ("file/..", "names a folder, not a file"),
    "the current folder": (".", "names a folder, not a file"),
    "under a file": ("file/brain.json", "not a directory"),
    "in a missing folder": ("missing/brain.json", "there is no folder"),
    "a name too long": ("n" * 256, "file name too long"),
    "in /proc": ("/proc/self/brain.json", "cannot write /proc/self/brain.json: "),
}


@pytest.mark.parametrize("case", sorted(UNUSABLE_OUTPUTS))
@pytest.mark.parametrize("command", ["train", "brain export"])
def test_an_output_that_cannot_be_written_is_refused_before_any_work(
    command: str, case: str, good_text: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch, data_dir: Path,
) -> None:
    _save_a_brain(data_dir, good_text)
    work = _work_dir(tmp_path, monkeypatch)
    out, message = UNUSABLE_OUTPUTS[case]
    if command == "train":  # a million games would take minutes: the check comes first
        status, _, err = run(capsys, "train", "--games", "1000000", "--out", out)
    else:
        status, _, err = run(capsys, "brain", "export", out)
    lines = err.splitlines()
    assert status == 2 and lines[0].startswith("usage: sticks-tui"), err
    assert [line for line in lines if "error:" in line] == [lines[-1]]
    assert message in lines[-1]
    assert sorted(os.listdir(tmp_path)) == ["data", "work"] and os.listdir(work) == ["file"]


def test_a_long_name_that_the_system_allows_is_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """255 bytes is the limit for the name, not for the name plus the temporary file's suffix."""
    name = "é" * 100 + "n" * 50 + ".json"  # 255 bytes in UTF-8
    assert len(os.fsencode(name)) == 255
    status, _, err = _train(capsys, str(tmp_path / name))
    assert status == 0, err
    assert json.loads((tmp_path / name).read_text())["games_played"] == 20
    assert sorted(os.listdir(tmp_path)) == [name]


# -- no temporary files left behind ---------------------------------------------------------------
def test_a_failed_write_removes_its_temporary_file_itself(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "brain.json"
    path.write_text("old")
    out = file_writer.BrainFileWriter(path)
    out.open()
    monkeypatch.setattr(os, "replace", lambda *a: (_ for _ in ()).throw(OSError(28, "No space")))
    with pytest.raises(OSError):
        out.commit("new")
    assert path.read_text() == "old" and os.listdir(tmp_path) == ["brain.json"]


def test_an_interrupted_write_removes_its_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "brain.json"
    path.write_text("old")
    out = file_writer.BrainFileWriter(path)
    out.open()
    monkeypatch.setattr(os, "fsync", lambda fd: (_ for _ in ()).throw(KeyboardInterrupt()))
    with pytest.raises(KeyboardInterrupt):
        out.commit("new")
    assert path.read_text() == "old" and os.listdir(tmp_path) == ["brain.json"]


def test_a_killed_training_leaves_no_temporary_file(tmp_path: Path) -> None:
    """SIGKILL cannot be caught: only a temporary file that does not exist yet is never left."""
    import pexpect

    path = tmp_path / "brain.json"
    path.write_text("old")
    child = pexpect.spawn(
        sys.executable, ["-m", "sticks_tui", "train", "--games", "10000000", "--out", str(path)],
        env={**os.environ, "COLUMNS": "100", "LINES": "30", "TERM": "xterm"}, timeout=120,
    )
    try:
        child.expect("games/s")  # the progress bar: training is under way
        os.kill(child.pid, signal.SIGKILL)
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert child.signalstatus == signal.SIGKILL
    assert os.listdir(tmp_path) == ["brain.json"] and path.read_text() == "old"


def _dead_pid() -> int:
    """The pid of a process that has ended (a freshly ended child's pid is not reused soon)."""
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


@pytest.mark.parametrize("command", ["train", "brain export"])
def test_the_next_write_removes_what_a_killed_writer_left_and_nothing_else(
    command: str, good_text: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
    data_dir: Path,
) -> None:
    import fcntl

    _save_a_brain(data_dir, good_text)
    folder = tmp_path / "out"
    folder.mkdir()
    dead = _dead_pid()
    left_by_the_killed = [f".brain.json.{dead}.0123abcd.tmp", f".brain.json.{dead}.ffff0000.tmp"]
    other_writer = subprocess.Popen([sys.executable, "-c", "input()"], stdin=subprocess.PIPE)
    unrelated = [
        f".brain.json.{other_writer.pid}.4567cdef.tmp",  # a writer still at work: its own
        f".brain.json.{dead}.89abcdef.tmp",  # locked: a writer whose pid we cannot see
        f".other.json.{dead}.0123abcd.tmp",  # another file's
        f".brain.json.{dead}.0123abcd.tmp.keep",
        ".brain.json.x7k2m9q1.tmp",  # not our pattern (an older version's: unknown writer)
        ".brain.json.tmp",
        "notes.txt",
    ]
    for name in left_by_the_killed + unrelated:
        (folder / name).write_text("partial")
    with open(folder / unrelated[1], "rb") as locked:
        fcntl.flock(locked, fcntl.LOCK_EX)
        try:
            if command == "train":
                status, _, err = _train(capsys, str(folder / "brain.json"))
            else:
                status, _, err = run(capsys, "brain", "export", str(folder / "brain.json"))
        finally:
            other_writer.communicate(b"\n")
    assert status == 0, err
    assert sorted(os.listdir(folder)) == sorted(["brain.json", *unrelated])
    assert json.loads((folder / "brain.json").read_text())["format"] == "sticks-tui-brain"
