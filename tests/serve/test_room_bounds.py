"""The room's bounds on what one tab sends (sticks_tui/serve/input_gate.py) and on who may open a
tab (sticks_tui/serve/hosts.py), checked on their own; the real server is driven in
test_hostile_tabs.py."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sticks_tui.serve.downloads import PENDING_MOST, RoomDownloads
from sticks_tui.serve.hosts import HostPolicy
from sticks_tui.serve.input_gate import PASTE_END, PASTE_START, InputGate


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def gate(paste_limit: int = 10, clock: Clock | None = None) -> InputGate:
    return InputGate(paste_limit=paste_limit, keys_per_second=100, keys_burst=400,
                     clock=clock or Clock())


def test_a_paste_within_the_limit_goes_through_whole_with_the_keys_around_it() -> None:
    passed = gate().feed(f"a{PASTE_START}0123456789{PASTE_END}b")
    assert passed.text == f"a{PASTE_START}0123456789{PASTE_END}b"
    assert not passed.cut and not passed.dropped


def test_a_paste_past_the_limit_is_cut_just_past_it_and_closed_there() -> None:
    tab = gate()
    passed = tab.feed(PASTE_START + "x" * 30)  # never ended, as a hostile client sends it
    assert passed.text == PASTE_START + "x" * 11 + PASTE_END  # the app sees one too many
    assert passed.cut
    for _ in range(100):  # the rest of it, however long, goes nowhere
        assert tab.feed("y" * 1000).text == ""
    assert tab.feed(f"zz{PASTE_END}next").text == "next"  # its end: keys again


def test_a_paste_cut_across_messages_counts_every_message() -> None:
    tab = gate()
    assert tab.feed(PASTE_START + "x" * 6).text == PASTE_START + "x" * 6
    passed = tab.feed("x" * 6 + PASTE_END + "k")
    assert passed.text == "x" * 5 + PASTE_END + "k"
    assert passed.cut


def test_markers_split_between_messages_are_found() -> None:
    tab = gate(paste_limit=10)
    parts = ["a\x1b[2", "00~xyzw", "vu\x1b[20", "1~b"]
    assert "".join(tab.feed(part).text for part in parts) == (
        f"a{PASTE_START}xyzwvu{PASTE_END}b"
    )


def test_the_escape_key_and_alt_bracket_are_not_held_back() -> None:
    tab = gate()
    assert tab.feed("\x1b").text == "\x1b"
    assert tab.feed("\x1b[").text == "\x1b["  # Alt+[: not merged into the next key
    assert tab.feed("A").text == "A"


def test_keys_faster_than_anyone_types_are_dropped_whole_then_let_through_again() -> None:
    clock = Clock()
    tab = gate(clock=clock)
    assert tab.feed("k" * 400).text == "k" * 400  # a burst
    passed = tab.feed("\x1b[A")
    assert (passed.text, passed.dropped) == ("", 3)  # a sequence is never cut in two
    clock.now += 0.05  # five characters' worth
    assert tab.feed("\x1b[A").text == "\x1b[A"


def test_pastes_one_after_another_run_out_of_budget_and_are_dropped_whole() -> None:
    clock = Clock()
    tab = gate(paste_limit=100, clock=clock)
    whole = PASTE_START + "p" * 100 + PASTE_END
    for _ in range(2):
        assert tab.feed(whole).text == whole
    third = tab.feed(whole + "k")  # the budget is two pastes: never one cut short
    assert (third.text, third.dropped_pastes) == ("k", 1)
    clock.now += 5.0  # a paste's worth comes back in five seconds
    assert tab.feed(whole).text == whole


# (A marker split right after its "ESC [" is not seen as one: that is Alt+[, let through at
# once; such a paste's characters come as keys, within the keys' own budget.)
@given(st.lists(st.sampled_from(["a", PASTE_START, PASTE_END, "x" * 7, "\x1b[2", "00~", "[",
                                 "\x1b[20", "1~"]), max_size=30))
def test_whatever_comes_no_paste_reaching_the_app_is_longer_than_the_limit(
    parts: list[str],
) -> None:
    tab = gate(paste_limit=10)
    text = "".join(tab.feed(part).text for part in parts)
    for piece in text.split(PASTE_START)[1:]:
        assert len(piece.split(PASTE_END)[0]) <= 11


ROOM = HostPolicy("127.0.0.1", None, ["sticks.school.example"], machine={"teacher-pc"})


@pytest.mark.parametrize(
    ("host", "origin"),
    [
        ("127.0.0.1:8000", None),  # a script, not a page
        ("127.0.0.1:8000", "http://127.0.0.1:8000"),
        ("localhost:8000", "http://localhost:8000"),
        ("[::1]:8000", "http://[::1]:8000"),
        ("teacher-pc:8000", "http://teacher-pc:8000"),
        ("TEACHER-PC.:8000", "http://teacher-pc:8000"),
        ("sticks.school.example", "https://sticks.school.example"),  # behind a proxy
        ("sticks.school.example:80", "http://sticks.school.example"),  # a default port
        ("10.0.0.5:8000", "http://10.0.0.5:8000"),  # the address it came in on
    ],
)
def test_the_rooms_own_pages_are_let_in(host: str, origin: str | None) -> None:
    assert ROOM.refusal(host, origin, arrived_on="10.0.0.5") is None


@pytest.mark.parametrize(
    ("host", "origin", "words"),
    [
        ("127.0.0.1:8000", "http://evil.example", "a page of another site (evil.example:80)"),
        ("127.0.0.1:8000", "http://127.0.0.1:9000", "a page of another site (127.0.0.1:9000)"),
        ("127.0.0.1:8000", "null", "an Origin that is not a web page's"),
        ("evil.example:8000", "http://evil.example:8000", "Host evil.example is not a name"),
        ("10.0.0.6:8000", None, "Host 10.0.0.6 is not a name of this room"),
        ("", None, "no Host header"),
        ("a b:80", None, "a Host header that is not a host"),
        ("127.0.0.1:http", None, "a Host header that is not a host"),
    ],
)
def test_other_sites_and_other_names_are_refused_with_the_reason(
    host: str, origin: str | None, words: str
) -> None:
    refusal = ROOM.refusal(host, origin, arrived_on="10.0.0.5")
    assert refusal is not None and refusal.startswith(words), refusal


def test_a_public_url_lets_its_pages_in_whatever_host_the_proxy_forwards() -> None:
    room = HostPolicy("0.0.0.0", "https://sticks.example.org", [], machine=set())
    assert room.refusal("127.0.0.1:8000", "https://sticks.example.org", None) is None
    assert room.refusal("sticks.example.org", "https://sticks.example.org:443", None) is None
    assert room.refusal("127.0.0.1:8000", "http://sticks.example.org", None) is not None


async def test_a_tab_keeps_few_downloads_waiting_and_none_once_it_ends() -> None:
    downloads = RoomDownloads()

    class App:
        def __init__(self, key: str) -> None:
            self.app_service_id = key

    ours, theirs = App("tab-1"), App("tab-2")
    for n in range(10):  # a script pressing e (export) and never fetching the file
        await downloads.forget("tab-1", keep=PENDING_MOST - 1)
        await downloads.create_download(app_service=ours, delivery_key=f"k{n}",  # type: ignore[arg-type]
                                        file_name="b.json", open_method="download",
                                        mime_type="application/json")
    await downloads.create_download(app_service=theirs, delivery_key="other",  # type: ignore[arg-type]
                                    file_name="b.json", open_method="download",
                                    mime_type="application/json")
    assert downloads.pending("tab-1") == ["k6", "k7", "k8", "k9"]  # the newest few
    await downloads.forget("tab-1")  # the tab ends
    assert downloads.pending("tab-1") == []
    assert downloads.pending("tab-2") == ["other"]  # another tab's are its own
