"""The registry of games: every family is registered here once, and read and written as a spec.

A spec names a game (SPEC section 10)::

    sticks                              the Game of Sticks (take 1-3, the last stick loses)
    takeaway:TAKES[:misere|normal]      takeaway:2,3,5:normal
    nim:PILES[:misere|normal]           nim:1,3,5,7
    sticky:N[:K]                        sticky:20:3

Words and endings are read in any case; misère is the default ending. The heap of a take-away
game is not part of its spec: it comes from ``--sticks`` (``parse_game(spec, sticks=N)``).
:func:`spec_of` writes the canonical spec of a game: every number, and the ending only when it
is normal (``sticks``, ``takeaway:2,3,5``, ``nim:1,3,5,7:normal``, ``sticky:20:3``);
:func:`parse_game` reads it back to the same game.

A game defined elsewhere (the tests' Wythoff) joins with :func:`register_game`; from then on
specs, brain files' descriptions and :func:`game_families` know it like the others.

The registry's own families (take-away, Nim, Sticky-Nim) are registered the first time it is
asked anything, not when this package is imported: a program that needs one family's module, or
none (each tab of a classroom, as it starts), loads no other family's rules and theory.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, cast

from ..game import M, P, RuleError, Rules, RuleSet
from .family import FamilyWords, GameFamily, GameSpecError, Spec, quoted

if TYPE_CHECKING:
    from ..period_proof import Progress
    from ..theory import Theory

__all__ = [
    "GameFamily", "GameSpecError", "Spec", "family_of", "game_families", "parse_game",
    "prepare_theory", "register_game", "rules_from_description", "some_rules", "spec_of",
    "theory_of", "unregister_game", "words_of",
]

#: Families by name, in the order registered (see :func:`_registry`).
_families: dict[str, GameFamily[Any]] = {}
#: Every word that names a family in a spec (its name and its aliases).
_words: dict[str, GameFamily[Any]] = {}
#: Whether the registry's own families are in (:func:`_registry`).
_own_registered = False


def _registry() -> dict[str, GameFamily[Any]]:
    """The families by name, the registry's own first: registered here the first time the
    registry is asked, so that they come first whenever another joins."""
    global _own_registered
    if not _own_registered:
        _own_registered = True
        from . import nim, sticky, takeaway

        for family in (takeaway.FAMILY, nim.FAMILY, sticky.FAMILY):
            register_game(family)
    return _families


def register_game(family: GameFamily[Any]) -> GameFamily[Any]:
    """Add a family of games; its name and aliases must be new. Returns the family."""
    _registry()
    words = (family.name, *family.aliases)
    for word in words:
        if word != word.lower() or not word or ":" in word:
            raise ValueError(f"a game's word is lower case, without ':', got {word!r}")
        if word in _words:
            raise ValueError(f"the game word {word!r} is taken by {_words[word].name!r}")
    _families[family.name] = family
    for word in words:
        _words[word] = family
    return family


def unregister_game(name: str) -> None:
    """Remove a family added by :func:`register_game` (a test's game, once the test is done)."""
    family = _registry().pop(name)
    for word in (family.name, *family.aliases):
        del _words[word]


def game_families() -> tuple[GameFamily[Any], ...]:
    """Every registered family, in the order registered."""
    return tuple(_registry().values())


def parse_game(spec: str, sticks: int | None = None) -> Rules:
    """The game a spec names; ``sticks`` is the heap of a take-away game (``--sticks``).

    Raises :class:`GameSpecError`, whose message says what is wrong and gives an example.
    """
    text = spec.strip() if isinstance(spec, str) else ""
    if not text:
        raise GameSpecError(f"no game given: name one, e.g. {_examples()}")
    word, *parts = text.split(":")
    _registry()
    family = _words.get(word.strip().lower())
    if not word.strip():
        raise GameSpecError(f"no game given before ':': name one, e.g. {_examples()}")
    if family is None:
        raise GameSpecError(f"there is no game {quoted(word)}: name one, e.g. {_examples()}")
    if sticks is not None and not family.takes_sticks:
        raise GameSpecError(  # named as typed: an octal game is not called "sticky"
            f"--sticks sets the heap of a take-away game, not of {word.strip().lower()}: "
            f"write {family.grammar}, e.g. {family.example}"
        )
    read = Spec(word.strip().lower(), tuple(parts), sticks)
    try:
        rules = some_rules(family.parse(read))
    except (GameSpecError, RuleError) as error:
        raise GameSpecError(
            f"{error}: write {family.grammar}, e.g. {family.example}"
        ) from None
    return rules


def spec_of(rules: Rules) -> str:
    """The canonical spec of ``rules``: :func:`parse_game` reads it back to the same game (a
    take-away game's heap apart, which ``--sticks`` gives)."""
    text: str = family_of(rules).spec_of(rules)
    return text


def family_of(rules: Rules) -> GameFamily[Any]:
    """The registered family ``rules`` belong to."""
    for family in _registry().values():
        if isinstance(rules, family.rules_type):
            return family
    raise RuleError(f"{type(rules).__name__} is not a registered game")


def words_of(rules: Rules) -> FamilyWords[Any] | None:
    """The words of ``rules``' family; None when it brings none or is not registered (a game
    is then named by its brain file's keys and its hints give the generic reason)."""
    try:
        return family_of(rules).words
    except RuleError:
        return None


def prepare_theory(rules: Rules, progress: Progress | None = None) -> None:
    """Do the work ``rules``' theory and hints use that may take long (its family's
    ``prepare``: a take-away game proves its period), so that asking them later never waits;
    nothing for a family with none. ``progress`` as :func:`~..period_proof.heap_period`'s."""
    family = family_of(rules)
    if family.prepare is not None:
        family.prepare(rules, progress)


def theory_of(rules: Rules) -> Theory:
    """The theory of ``rules`` (SPEC section 9): its family's, else the solver's answer from
    the start (:func:`~sticks_tui.engine.theory.search_theory`)."""
    family = family_of(rules)
    if family.theory is None:
        from ..theory import search_theory  # with the solver, for a family with no theory

        return search_theory(rules)
    found: Theory = family.theory(rules)
    return found


def rules_from_description(description: object, sticks: int | None = None) -> Rules:
    """Rebuild a rule set from :meth:`RuleSet.describe` output (e.g. read from a brain file);
    ``sticks``, when given, is the start size (a heap, a line) instead of the described one."""
    if not isinstance(description, Mapping):
        raise RuleError("the rules must be an object such as {\"game\": \"takeaway\", ...}")
    name = description.get("game")
    family = _registry().get(name) if isinstance(name, str) else None
    if family is None:
        raise RuleError(f"unknown game {name!r:.40}")
    return some_rules(family.from_description(description, sticks))


def some_rules(rules: RuleSet[P, M]) -> Rules:
    """``rules`` as the rules of some game, whichever (:data:`~sticks_tui.engine.game.Rules`):
    the one place where a family's types of positions and moves are forgotten.

    The checker cannot prove this step (``RuleSet`` is invariant in its positions and moves, as
    it both takes and returns them), so it is taken here only: code that holds ``Rules`` hands
    a rule set back only positions and moves it had from it, and every family refuses any other
    value it is handed (:class:`~sticks_tui.engine.game.IllegalMove`).
    """
    return cast(Rules, rules)


def _examples() -> str:
    """Every family's words and example, for messages: ``sticks, takeaway:2,3,5:normal, ...``."""
    return ", ".join(
        text for family in _registry().values() for text in (*family.aliases, family.example)
    )

