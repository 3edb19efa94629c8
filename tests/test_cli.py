"""The command line as a whole: version, help, and no traceback ever reaching the user."""

import subprocess
import sys

import pytest

from sticks_tui import __version__, cli


def test_version_and_help_exit_cleanly(capsys):
    with pytest.raises(SystemExit) as stop:
        cli.main(["--version"])
    assert stop.value.code == 0 and capsys.readouterr().out.strip() == f"sticks-tui {__version__}"
    with pytest.raises(SystemExit) as stop:
        cli.main(["--help"])
    assert stop.value.code == 0 and "--classic" in capsys.readouterr().out


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
    monkeypatch.setattr(cli, "build_parser", lambda: parser)
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
