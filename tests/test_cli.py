"""The command line as a whole: version, help, and no traceback ever reaching the user."""

import subprocess
import sys

import pytest

from sticks_tui import __version__
from sticks_tui.cli import main as cli


def test_version_and_help_exit_cleanly(capsys):
    with pytest.raises(SystemExit) as stop:
        cli.main(["--version"])
    assert stop.value.code == 0 and capsys.readouterr().out.strip() == f"sticks-tui {__version__}"
    with pytest.raises(SystemExit) as stop:
        cli.main(["--help"])
    assert stop.value.code == 0 and "--classic" in capsys.readouterr().out


def command_names(parser):
    return list(parser._subparsers._group_actions[0].choices)


def test_the_apps_own_parser_knows_every_command_by_its_name():
    assert command_names(cli.build_parser(commands=False)) == command_names(cli.build_parser())


@pytest.mark.parametrize("argv", [
    [],
    ["--served", "--data-dir", "room"],
    ["--seed", "3", "--game", "nim:1,3", "--player1", "train", "--player2", "brain"],
    ["--opponent", "AI", "--learner", "q", "--ai-delay", "0"],
    ["--classic", "--training-games", "500"],
])
def test_the_app_reads_its_arguments_as_the_whole_command_line_does(argv):
    _, args = cli.parse_command_line(argv)
    assert vars(args) == vars(cli.build_parser().parse_args(argv))


def test_a_command_and_help_are_read_by_the_whole_command_line(capsys):
    _, args = cli.parse_command_line(["leaderboard", "--json"])
    assert args.command == "leaderboard" and args.json and args.handler is not None
    for asked in (["-h"], ["--seed", "1", "--help"]):
        with pytest.raises(SystemExit) as stop:
            cli.parse_command_line(asked)
        listed = capsys.readouterr().out
        assert stop.value.code == 0 and "print the win/loss leaderboard" in listed


@pytest.mark.parametrize("argv, said", [
    (["--sticks", "x"], "argument --sticks/-n: "),
    (["trian"], "argument COMMAND: invalid choice: 'trian' (choose from 'train', 'experiment', 'solve', "),
    (["--seed", "1", "--bogus"], "unrecognized arguments: --bogus"),
])
def test_a_mistake_before_any_command_is_said_as_ever(capsys, argv, said):
    with pytest.raises(SystemExit) as stop:
        cli.parse_command_line(argv)
    err = capsys.readouterr().err
    assert stop.value.code == 2 and err.startswith("usage: sticks-tui [OPTIONS] [COMMAND ...]")
    assert f"sticks-tui: error: {said}" in err


def test_an_unknown_option_is_a_one_line_usage_error():
    done = subprocess.run([sys.executable, "-m", "sticks_tui", "--no-such-option"],
                          capture_output=True, text=True, stdin=subprocess.DEVNULL)
    assert done.returncode == 2
    assert "unrecognized arguments: --no-such-option" in done.stderr and "Traceback" not in done.stderr


def test_an_internal_error_becomes_a_short_message_with_a_report_file(monkeypatch, capsys, tmp_path):
    import tempfile

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))  # keep the report out of /tmp

    def broken(args):
        raise ZeroDivisionError("boom")

    parser = cli.build_parser()
    monkeypatch.setattr(cli, "build_parser", lambda commands=True: parser)
    parser.set_defaults(handler=broken)
    assert cli.main([]) == 1
    err = capsys.readouterr().err
    assert "something went wrong inside the program (ZeroDivisionError: boom)" in err
    assert "Traceback" not in err
    report = err.split("the details are in ", 1)[1].split(";", 1)[0]
    assert report.startswith(str(tmp_path))
    with open(report, encoding="utf-8") as file:
        assert "ZeroDivisionError: boom" in file.read()


def test_output_to_a_full_disk_is_a_one_line_error():
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "sticks_tui", "solve", "--sticks", "100"],
                              stdout=full, stderr=subprocess.PIPE, text=True, stdin=subprocess.DEVNULL)
    assert done.returncode == 1
    assert done.stderr == "sticks-tui: error: No space left on device\n"


def test_a_reader_that_stops_early_is_not_an_error():
    child = subprocess.Popen([sys.executable, "-m", "sticks_tui", "solve", "--sticks", "100"],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)
    first = child.stdout.readline()
    child.stdout.close()  # like `| head -1`
    err = child.stderr.read().decode()
    assert child.wait() == 0 and first.startswith(b"Game of Sticks")
    assert err == ""


@pytest.mark.parametrize("seed, message", [("١", "not a whole number"), ("1_000", "not a whole number"),
                                           ("9" * 30, "too large")])
def test_a_seed_must_be_a_plain_whole_number(seed, message, capsys):
    with pytest.raises(SystemExit) as stop:
        cli.main(["--seed", seed, "solve"])
    assert stop.value.code == 2 and message in capsys.readouterr().err


@pytest.mark.parametrize("digits", [19, 30, 31, 400])
def test_a_number_too_large_is_refused_never_cut_into_another_number(digits, capsys):
    """A 31-digit number was shown cut to 30 digits, a number the user never typed."""
    typed = "1234567890" * (digits // 10) + "1234567890"[: digits % 10]
    with pytest.raises(SystemExit) as stop:
        cli.main(["--seed", typed, "solve"])
    last = capsys.readouterr().err.splitlines()[-1]
    assert stop.value.code == 2
    if digits <= 30:
        assert last.endswith(f"too large: {typed}")
    else:
        assert last.endswith(f"too large: a number of {digits} digits")
        assert typed[:30] not in last


# -- what the user typed is shown as text, never obeyed by the terminal ---------------------------
def test_control_characters_are_escaped_and_printable_letters_kept():
    from sticks_tui.text.terminal import printable

    assert printable("brain é名 ✓.json") == "brain é名 ✓.json"
    assert printable("\x1b[2J\n\r\t\x00\x7f\x85\x9b") == "\\x1b[2J\\n\\r\\t\\x00\\x7f\\x85\\x9b"
    assert printable("a\u202eb\u2028c\u200bd\U000e0001") == "a\\u202eb\\u2028c\\u200bd\\U000e0001"
    assert printable("\udcff.json") == "\\xff.json"  # a byte of a name that is not UTF-8
    assert printable(printable("\x1b\\x1b")) == "\\x1b\\x1b"  # twice is once


NASTY = "a\x1b]0;owned\x07b\nc\u202ed"
NASTY_SHOWN = "a\\x1b]0;owned\\x07b\\nc\\u202ed"


def _one_escaped_error_line(err):
    """The name escaped in the last line, the only error line: no forged line, nothing obeyed."""
    lines = err.splitlines()
    assert NASTY_SHOWN in lines[-1], err
    assert [line for line in lines if "error:" in line] == [lines[-1]]
    assert not any(char in err for char in "\x1b\x07\u202e")


def test_argparse_shows_an_unexpected_argument_escaped(capsys):
    with pytest.raises(SystemExit) as stop:
        cli.main(["solve", NASTY])
    err = capsys.readouterr().err
    assert stop.value.code == 2 and f"unrecognized arguments: {NASTY_SHOWN}\n" in err
    _one_escaped_error_line(err)


def test_a_store_message_naming_the_data_directory_is_escaped(tmp_path, capsys):
    not_a_folder = tmp_path / NASTY
    not_a_folder.write_text("a file where the data directory should be")
    assert cli.main(["--data-dir", str(not_a_folder), "leaderboard"]) == 1
    _one_escaped_error_line(capsys.readouterr().err)
    empty = tmp_path / (NASTY + "2")
    assert cli.main(["--data-dir", str(empty), "leaderboard"]) == 0
    out = capsys.readouterr().out
    assert f"records will be kept in {tmp_path}/{NASTY_SHOWN}2/records.sqlite3" in out
    assert out.count("\n") == 1


def test_a_system_error_naming_a_file_is_escaped(monkeypatch, capsys):
    def refused(args):
        raise PermissionError(13, "Permission denied", NASTY)

    parser = cli.build_parser()
    monkeypatch.setattr(cli, "build_parser", lambda commands=True: parser)
    parser.set_defaults(handler=refused)
    assert cli.main([]) == 1
    assert capsys.readouterr().err == f"sticks-tui: error: Permission denied ({NASTY_SHOWN})\n"


def test_the_consoles_warning_about_the_data_directory_is_escaped(tmp_path, monkeypatch, capsys):
    import io

    not_a_folder = tmp_path / NASTY
    not_a_folder.write_text("a file where the data directory should be")
    monkeypatch.setattr("sys.stdin", io.StringIO(""))  # end of input: the console ends at once
    assert cli.main(["--classic", "--data-dir", str(not_a_folder)]) == 0
    warnings = [line for line in capsys.readouterr().err.splitlines() if "warning:" in line]
    assert len(warnings) == 1 and NASTY_SHOWN in warnings[0]
    assert not any(char in warnings[0] for char in "\x1b\x07\u202e")


def test_an_internal_error_naming_a_file_is_escaped(monkeypatch, capsys, tmp_path):
    import tempfile

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))

    def broken(args):
        raise ValueError(NASTY)

    parser = cli.build_parser()
    monkeypatch.setattr(cli, "build_parser", lambda commands=True: parser)
    parser.set_defaults(handler=broken)
    assert cli.main([]) == 1
    err = capsys.readouterr().err
    assert f"(ValueError: {NASTY_SHOWN})" in err and err.count("\n") == 2


# -- an error is a few lines, whatever the input it repeats ---------------------------------------
TAKES_20000 = "takeaway:" + ",".join(map(str, range(1, 20_001)))
LONG = "x" * 100_000


@pytest.mark.parametrize(
    "argv",
    [
        ["--game", TAKES_20000],
        ["brain", "export", "-", "--game", TAKES_20000],
        ["brain", "list", "--game", TAKES_20000],
        ["train", "--out", "x.json", "--takes", "1,2," + LONG],
        ["train", "--out", "x.json", "--against", LONG],
        ["train", "--out", "x.json", "--against", "random=" + LONG],
        ["train", "--out", "x.json", "--against", "mixed:" + LONG],
        ["train", "--out", "x.json", "--against", LONG + "=10"],
        ["train", "--out", f"{LONG}/x.json"],
        ["--player1", "a\t" + LONG],
        ["--seed", "1" * 100_000],
        ["--game", TAKES_20000, "solve", "--game", "takeaway:1,2"],
        ["analyze", LONG],
        ["--data-dir", LONG, "leaderboard"],
    ],
    ids=lambda argv: " ".join(word[:20] for word in argv),
)
def test_an_error_is_a_few_short_lines_whatever_the_input(argv, capsys, tmp_path, monkeypatch):
    """A take set of 20,000 moves made errors of 109 to 238 KB: the input they repeat is cut."""
    monkeypatch.chdir(tmp_path)
    try:
        status = cli.main(["--data-dir", str(tmp_path), *argv] if argv[0] != "--data-dir" else argv)
    except SystemExit as stop:
        status = stop.code
    err = capsys.readouterr().err
    assert status in (1, 2) and "error:" in err
    assert len(err.splitlines()) <= 5 and len(err) <= 1000, (len(err), err[:300])


@pytest.mark.parametrize("variable", ["STICKS_TUI_AI_DELAY", "STICKS_TUI_TRAINING_GAMES"])
def test_a_bad_setting_in_the_environment_is_one_short_line(variable, capsys, monkeypatch):
    monkeypatch.setenv(variable, LONG)
    assert cli.main([]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"sticks-tui: error: {variable} must be") and len(err) < 200
