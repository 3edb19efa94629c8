"""``train --memory-cap SIZE`` (issue 20): the sizes it takes and refuses, and a training that
reaches its cap: stopped cleanly, the brain written, the reason and the way on said."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_helpers import assert_argument_error, run

from sticks_tui.text.memory import parse_memory_cap, size_field, size_words


@pytest.mark.parametrize(
    "text, size",
    [("512M", 512 * 2**20), ("2G", 2 * 2**30), ("1.5G", 3 * 2**29), ("2GiB", 2 * 2**30),
     ("64mb", 64 * 2**20), (" 1T ", 2**40), ("1M", 2**20), ("1024K", 2**20)],
)
def test_a_size_is_a_number_and_a_binary_unit(text: str, size: int) -> None:
    assert parse_memory_cap(text) == size


def test_sizes_are_said_as_people_write_them() -> None:
    assert [size_words(n) for n in (2**30, 3 * 2**29, 512 * 2**20, 300 * 2**10)] == [
        "1 GiB", "1.5 GiB", "512 MiB", "300 KiB",
    ]
    assert [size_field(n) for n in (2**30, 3 * 2**29, 512 * 2**20)] == ["1G", "1.5G", "512M"]


@pytest.mark.parametrize(
    "text, message",
    [
        ("512", "not a size: '512'; give e.g. 512M or 2G"),
        ("lots", "not a size: 'lots'"),
        ("-1G", "not a size: '-1G'"),
        ("١G", "not a size: '١G'"),  # Arabic-Indic digits are not read as a number
        ("1_0G", "not a size: '1_0G'"),
        ("1e3M", "not a size: '1e3M'"),
        ("512K", "a memory cap is 1 MiB to 1 TiB, got 512 KiB"),
        ("2T", "a memory cap is 1 MiB to 1 TiB, got 2 TiB"),
        ("9" * 5000 + "G", "not a size: '999999999...'"),
    ],
)
def test_a_bad_cap_is_refused_before_training_in_one_line(
    text: str, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "b.json"
    status, _, err = run(capsys, "train", "--games", "10", f"--memory-cap={text}", "--out", str(out))
    assert_argument_error(status, err, f"argument --memory-cap: {message}")
    assert not out.exists()


def test_a_training_at_its_cap_writes_what_it_learned_and_says_how_to_go_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A cap of 1M is below what any Python process holds: training stops before its first
    game, and the file holds the brain as it was (a finished training's file)."""
    out = tmp_path / "nim.json"
    status, printed, err = run(
        capsys, "train", "--game", "nim:20,20,20,20,20,20,20,20", "--games", "5000",
        "--memory-cap", "1M", "--out", str(out),
    )
    assert status == 0
    assert printed.startswith("Trained the hat AI for 0 games of nim:20,20,20,20,20,20,20,20")
    assert err == (
        f"Training stopped at 1 MiB of memory after 0 of 5,000 games; {out} holds what it "
        "learned. To go on, raise --memory-cap (e.g. --memory-cap 2M), or train on from that "
        "brain in the app's lab (brain import it first).\n"
    )
    data = json.loads(out.read_text())
    assert data["games_played"] == 0 and data["tally"] == {"self": {"games": 0, "won": 0,
                                                                   "lost": 0}}


def test_the_default_cap_trains_every_game_and_help_names_the_option(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "b.json"
    status, _, err = run(capsys, "train", "--game", "nim:20,20,20,20,20,20,20,20", "--games",
                         "300", "--out", str(out))
    assert status == 0 and err == "" and json.loads(out.read_text())["games_played"] == 300
    status, printed, _ = run(capsys, "train", "--help")
    assert status == 0 and "--memory-cap SIZE" in printed and "default 1G" in printed
