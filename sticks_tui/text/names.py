"""Players' names as people type them: what a name may hold, how it is tidied, and which two
names cannot play together (the same row on the leaderboard, or a computer player's name).

One set of rules for every place a name is typed: the classic console, ``--player1``, the setup
screen, the served tab's "Who is playing?" screen, a new brain's AI name in the lab and on the
brains screen, ``brain import --ai``. A brain's name may not be the name of a computer player
that plays no brain either (:func:`brain_name_problem`): "random" beside the random player.

A name is also read the way it looks (:func:`name_look_problem`): letters of two scripts in one
name ("АI", its А Cyrillic) are refused, and so is a name that only looks like a computer
player's ("АІ", all Cyrillic, looks like "AI"), so that nobody takes a machine's row on the
leaderboard, or its brain, under a name that reads the same.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence

from ..engine.games.family import quoted
from ..engine.machines import COMPUTER_PLAYER_NAMES, Machine
from .terminal import printable

#: The most characters a name may have (a player's, an AI's).
MAX_NAME_LENGTH = 40

#: The one message for a name holding what no name may hold, wherever it is typed.
NAME_CONTROL_MESSAGE = "A player's name cannot hold line breaks, tabs or other control characters"


def typed_name_problem(text: str) -> str | None:
    """Why ``text``, as typed, cannot be a player's name; None when it can.

    Spaces around and between words are tidied afterwards (any kind of space, e.g. a
    non-breaking one, counts as one), but a line break or a tab is not a space: tidied into one,
    "a\\nb", "a\\tb" and "a b" would silently be one leaderboard row. So they are refused, like
    every character a terminal does not show as itself (escapes, bidi overrides...). Then the
    name is read as it looks (:func:`name_look_problem`).
    """
    for char in text:
        if not char.isprintable() and unicodedata.category(char) != "Zs":
            return NAME_CONTROL_MESSAGE
    return name_look_problem(" ".join(text.split()))


def name_from_typed(text: str) -> str:
    """A name as typed (``--player1``, a new brain's AI), tidied: spaces around and between words
    become one. :class:`ValueError` says why it cannot be a name, in words that follow "argument
    --player1: " (a control character, nothing but spaces, more than :data:`MAX_NAME_LENGTH`,
    letters of two scripts, a computer player's name in other letters:
    :func:`name_look_problem`)."""
    name = saved_name_from_typed(text)
    problem = name_look_problem(name)
    if problem is not None:
        raise ValueError(problem)
    return name


def saved_name_from_typed(text: str) -> str:
    """The name of a brain already saved, as typed (``brain export|reset --ai``): tidied, and
    checked as :func:`name_from_typed` checks a name, except for how it looks, so that a brain
    saved under a name now refused can still be exported or reset."""
    for char in text:
        if not char.isprintable() and unicodedata.category(char) != "Zs":
            message = NAME_CONTROL_MESSAGE
            raise ValueError(f"{message[:1].lower()}{message[1:]}: {quoted(text, MAX_NAME_LENGTH)}")
    name = " ".join(text.split())
    if not name:
        raise ValueError("a player's name cannot be empty")
    if len(name) > MAX_NAME_LENGTH:
        raise ValueError(
            f"a player's name can have at most {MAX_NAME_LENGTH} characters, got {len(name)}"
        )
    return name


def names_problem(
    names: Sequence[str], reserved: Iterable[str] = COMPUTER_PLAYER_NAMES
) -> str | None:
    """Why these players' names cannot be used together, or None when they can.

    Each name is one leaderboard row, so two people with one name, or a person named like a
    computer player, would have their results counted together. Names are compared the way
    people read them: without regard to case.
    """
    folded = [name.casefold() for name in names]
    if len(set(folded)) < len(folded):
        return "The two players need different names"
    machines = {name.casefold() for name in reserved}
    for name, key in zip(names, folded):
        if key in machines:
            return f"\"{name}\" is the name of a computer player; please choose another"
    return None


# -- how a name looks ------------------------------------------------------------------------------
def name_look_problem(name: str) -> str | None:
    """Why ``name`` (tidied) cannot be a name for how it looks; None when it can.

    - **One script.** A name's letters are of one script. A letter's script is read from the
      first word of its Unicode name, after NFKC (so fullwidth ``Ａ`` and mathematical ``𝐀`` are
      Latin ``A``): LATIN, CYRILLIC, GREEK, ARABIC, HANGUL...; CJK and IDEOGRAPHIC are Han.
      Digits, spaces, punctuation, symbols (emoji), combining marks and modifier letters belong
      to no script, so "Zoë", "José", "O'Brien 2" and "Ann 😀" are one script. Japanese writes
      Han, Hiragana and Katakana together and Korean Han and Hangul: each counts as one, so
      "山田たろう" and "김 金" are names. "Иван", "李雷", "Ada" are; "Rаndom" (its а Cyrillic)
      is not.
    - **Not a machine's name in other letters.** A name whose letters, each read as the Latin
      letter it looks like (the table :data:`LATIN_LOOKALIKES`, written here: Cyrillic, Greek,
      Armenian and Lisu letters drawn like Latin ones, after NFKC, combining marks left out),
      is a computer player's name (without regard to case) but is not that name itself: "АІ",
      all Cyrillic, and "ＡＩ", fullwidth, look like "AI". Latin letters are never read as other
      letters: "Al" (a lowercase L) stays a name.
    """
    problem = _mixed_scripts_problem(name)
    if problem is not None:
        return problem
    machine = _machine_it_looks_like(name)
    if machine is not None:
        return (
            f"\"{printable(name)}\" looks like \"{machine}\", the name of a computer player; "
            "please choose another"
        )
    return None


def _mixed_scripts_problem(name: str) -> str | None:
    scripts: list[str] = []
    for char in unicodedata.normalize("NFKC", name):
        script = _script(char)
        if script is not None and script not in scripts:
            scripts.append(script)
    if len(scripts) < 2 or any(set(scripts) <= together for together in _WRITTEN_TOGETHER):
        return None
    scripts.sort(key=lambda script: script != "Latin")  # Latin first, the others as they come
    count = _COUNTS.get(len(scripts), str(len(scripts)))
    listed = ", ".join(scripts[:-1]) + " and " + scripts[-1]
    return (
        f"\"{printable(name)}\" mixes letters of {count} alphabets ({listed}); please type it "
        "in one"
    )


def _script(char: str) -> str | None:
    """The script of one character (of a name after NFKC), None for one of no script."""
    if not unicodedata.category(char).startswith("L"):
        return None
    word = unicodedata.name(char, "").split(" ", 1)[0]
    if word in _NO_SCRIPT:
        return None
    return _SCRIPT_WORDS.get(word, word.title())


#: First words of letters' Unicode names that are no script (or none Python's data names).
_NO_SCRIPT = frozenset({"", "MODIFIER"})
#: First words of letters' Unicode names that name a script otherwise.
_SCRIPT_WORDS = {
    "CJK": "Han", "IDEOGRAPHIC": "Han", "KATAKANA-HIRAGANA": "Katakana", "HENTAIGANA": "Hiragana",
}
#: Scripts one name may hold together: Japanese, Korean.
_WRITTEN_TOGETHER = (
    frozenset({"Han", "Hiragana", "Katakana"}),
    frozenset({"Han", "Hangul"}),
)
_COUNTS = {2: "two", 3: "three", 4: "four"}


def _machine_it_looks_like(name: str) -> str | None:
    """The computer player's name ``name`` reads as, its letters read as the Latin ones they
    look like; None when it reads as none, or is that name itself."""
    machines = {machine.casefold(): machine for machine in COMPUTER_PLAYER_NAMES}
    if name.casefold() in machines:
        return None  # the name itself: names_problem's, or a machine's own brain
    return machines.get(_read_as_latin(name))


def _read_as_latin(name: str) -> str:
    """``name`` as it reads: each letter as the Latin one it looks like, without regard to
    case, spaces tidied."""
    looks = "".join(
        LATIN_LOOKALIKES.get(char, char)
        for char in unicodedata.normalize("NFKC", name)
        if not unicodedata.category(char).startswith("M")
    )
    return " ".join(looks.split()).casefold()


# -- a brain's name --------------------------------------------------------------------------------
def brain_name_problem(name: str) -> str | None:
    """Why ``name`` (tidied) cannot name a new brain; None when it can.

    A player's name may (:func:`name_look_problem`), except the name of a computer player that
    plays no brain, as it plays ("Random AI") or as the lists of opponents show it ("random"),
    read as it looks: a brain so named would stand in the lists beside that machine, as
    another. The learning machines' names ("AI", "Trained AI") are their brains' names."""
    problem = name_look_problem(name)
    if problem is not None:
        return problem
    reads = _read_as_latin(name)
    for machine in Machine:
        if machine.learner is None and reads in (machine.value.casefold(), machine.level):
            return (
                f"\"{printable(name)}\" is the name of a computer player ({machine.value}) that "
                "plays no brain; please choose another name for the brain"
            )
    if _an_opponent_word(name):
        return (
            f"\"{printable(name)}\" is how the lab's opponent is written (self, random, perfect, "
            "mixed:P, or OPPONENT=GAMES, ...): a brain so named could not be chosen there; "
            "please choose another name for the brain"
        )
    return None


def _an_opponent_word(name: str) -> bool:
    """Whether the lab's "Against" field reads ``name`` as something other than a brain's
    name: a machine's word, ``mixed`` with or without a chance, or a schedule."""
    from .opponents import opponent_choice  # with a brain's name: not on the first screen

    if "," in name or "=" in name:
        return True
    try:
        return opponent_choice(name).opponent is not None
    except ValueError:  # "mixed" without a chance, a bad chance: not a brain either
        return True


def brain_name_from_typed(text: str) -> str:
    """A new brain's AI name as typed (the brains screen, ``brain import --ai``), tidied as
    :func:`name_from_typed` tidies a player's; :class:`ValueError` says why it cannot be one
    (:func:`brain_name_problem`)."""
    name = saved_name_from_typed(text)
    problem = brain_name_problem(name)
    if problem is not None:
        raise ValueError(problem)
    return name


def _lookalikes(table: dict[str, tuple[str, ...]]) -> dict[str, str]:
    """{letter: the Latin letter it looks like} from {Latin letter: Unicode names}."""
    return {
        unicodedata.normalize("NFKC", unicodedata.lookup(letter_name)): latin
        for latin, letter_names in table.items()
        for letter_name in letter_names
    }


#: Letters of other scripts that are drawn like a Latin letter, by the Latin letter they look
#: like (a short list written for names, not Unicode's whole table of confusables).
LATIN_LOOKALIKES = _lookalikes({
    "A": ("CYRILLIC CAPITAL LETTER A", "GREEK CAPITAL LETTER ALPHA", "LISU LETTER A"),
    "B": ("CYRILLIC CAPITAL LETTER VE", "GREEK CAPITAL LETTER BETA", "LISU LETTER BA"),
    "C": ("CYRILLIC CAPITAL LETTER ES", "LISU LETTER CA"),
    "D": ("LISU LETTER DA",),
    "E": ("CYRILLIC CAPITAL LETTER IE", "GREEK CAPITAL LETTER EPSILON", "LISU LETTER E"),
    "G": ("LISU LETTER GA",),
    "H": ("CYRILLIC CAPITAL LETTER EN", "GREEK CAPITAL LETTER ETA", "LISU LETTER XA"),
    "I": (
        "CYRILLIC CAPITAL LETTER BYELORUSSIAN-UKRAINIAN I", "CYRILLIC LETTER PALOCHKA",
        "GREEK CAPITAL LETTER IOTA", "LISU LETTER I",
    ),
    "J": ("CYRILLIC CAPITAL LETTER JE", "GREEK CAPITAL LETTER YOT", "LISU LETTER JA"),
    "K": ("CYRILLIC CAPITAL LETTER KA", "GREEK CAPITAL LETTER KAPPA", "LISU LETTER KA"),
    "L": ("LISU LETTER LA",),
    "M": ("CYRILLIC CAPITAL LETTER EM", "GREEK CAPITAL LETTER MU", "LISU LETTER MA"),
    "N": ("GREEK CAPITAL LETTER NU", "LISU LETTER NA"),
    "O": (
        "CYRILLIC CAPITAL LETTER O", "GREEK CAPITAL LETTER OMICRON", "ARMENIAN CAPITAL LETTER OH",
        "LISU LETTER O",
    ),
    "P": ("CYRILLIC CAPITAL LETTER ER", "GREEK CAPITAL LETTER RHO", "LISU LETTER PA"),
    "Q": ("CYRILLIC CAPITAL LETTER QA",),
    "R": ("LISU LETTER ZHA",),
    "S": ("CYRILLIC CAPITAL LETTER DZE", "LISU LETTER SA"),
    "T": ("CYRILLIC CAPITAL LETTER TE", "GREEK CAPITAL LETTER TAU", "LISU LETTER TA"),
    "U": ("LISU LETTER U",),
    "V": ("LISU LETTER HA",),
    "W": ("CYRILLIC CAPITAL LETTER WE", "LISU LETTER WA"),
    "X": ("CYRILLIC CAPITAL LETTER HA", "GREEK CAPITAL LETTER CHI", "LISU LETTER SHA"),
    "Y": (
        "CYRILLIC CAPITAL LETTER U", "CYRILLIC CAPITAL LETTER STRAIGHT U",
        "GREEK CAPITAL LETTER UPSILON", "LISU LETTER YA",
    ),
    "Z": ("GREEK CAPITAL LETTER ZETA", "LISU LETTER DZA"),
    "a": ("CYRILLIC SMALL LETTER A", "GREEK SMALL LETTER ALPHA"),
    "c": ("CYRILLIC SMALL LETTER ES", "GREEK LUNATE SIGMA SYMBOL"),
    "d": ("CYRILLIC SMALL LETTER KOMI DE",),
    "e": ("CYRILLIC SMALL LETTER IE",),
    "h": ("CYRILLIC SMALL LETTER SHHA", "ARMENIAN SMALL LETTER HO"),
    "i": ("CYRILLIC SMALL LETTER BYELORUSSIAN-UKRAINIAN I", "GREEK SMALL LETTER IOTA"),
    "j": ("CYRILLIC SMALL LETTER JE", "GREEK LETTER YOT"),
    "k": ("GREEK SMALL LETTER KAPPA",),
    "l": ("CYRILLIC SMALL LETTER PALOCHKA",),
    "n": ("ARMENIAN SMALL LETTER VO",),
    "o": ("CYRILLIC SMALL LETTER O", "GREEK SMALL LETTER OMICRON", "ARMENIAN SMALL LETTER OH"),
    "p": ("CYRILLIC SMALL LETTER ER", "GREEK SMALL LETTER RHO"),
    "q": ("CYRILLIC SMALL LETTER QA",),
    "s": ("CYRILLIC SMALL LETTER DZE",),
    "u": ("GREEK SMALL LETTER UPSILON", "ARMENIAN SMALL LETTER SEH"),
    "v": ("GREEK SMALL LETTER NU",),
    "w": ("CYRILLIC SMALL LETTER WE",),
    "x": ("CYRILLIC SMALL LETTER HA",),
    "y": ("CYRILLIC SMALL LETTER U",),
})
