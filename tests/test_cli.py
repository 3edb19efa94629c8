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


def test_an_internal_error_becomes_a_short_message_with_a_report_file(monkeypatch, capsys):
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
    with open(report, encoding="utf-8") as file:
        assert "ZeroDivisionError: boom" in file.read()
