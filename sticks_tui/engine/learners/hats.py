"""The learning AI's brain: one hat per position, holding numbered balls (seed 000).

A hat is stored as *counts per ball number*, never as a list of balls: after a million games a
list would hold millions of balls, while counts stay a few integers per hat.

The life of a ball, exactly as the seed tells it:

* on its turn the AI draws a ball at random from the hat of the current position, among the balls
  it may legally play, and puts it *beside* the hat;
* when the AI wins, every ball beside a hat goes back with one more ball of the same number;
* when it loses, the balls beside the hats are thrown away, except that a hat always keeps at
  least one ball of each number: a last ball of a number goes back.
"""

from __future__ import annotations

import random
from dataclasses import asdict, dataclass, fields
from typing import Any, Iterator

from ..rules import Move, Position, RuleError, RuleSet, rules_from_description

BRAIN_FORMAT = "sticks-tui-brain"
BRAIN_VERSION = 1
#: The largest count a brain file may hold: the largest whole number every JSON reader keeps
#: exactly (2**53). No hat gets near it by play (one ball per win), so a larger one is an error.
MAX_COUNT = 2**53


class BrainError(ValueError):
    """A brain description (e.g. a JSON file) that cannot be used; the message says why."""


@dataclass(frozen=True)
class HatView:
    """What a hat looks like right now: balls inside, and the ball waiting beside it (if any)."""

    position: Position
    balls: dict[Move, int]
    beside: Move | None

    @property
    def total(self) -> int:
        return sum(self.balls.values()) + (self.beside is not None)


@dataclass(frozen=True)
class CurvePoint:
    """One checkpoint of the learning curve kept with a brain (recorded by engine.analysis)."""

    games: int
    """Games the brain had finished at this point."""
    hats_right: int
    """Hats whose most numerous legal ball is a winning move (strictly ahead of losing balls)."""
    hats_winnable: int
    """Positions reachable from the start where some winning move exists."""
    vs_random: float
    """Share of games the AI (drawing balls, learning nothing) won against the random player."""
    vs_perfect: float
    """The same against the perfect player."""


def _load_learning_curve(data: Any) -> list[CurvePoint]:
    """The optional "learning_curve" of a brain file; older files without one load with none."""
    if data is None:
        return []
    if not isinstance(data, list):
        raise BrainError("\"learning_curve\" must be a list of checkpoints")
    names = [f.name for f in fields(CurvePoint)]
    points: list[CurvePoint] = []
    for i, item in enumerate(data):
        if not isinstance(item, dict) or set(item) != set(names):
            raise BrainError(
                f"learning_curve[{i}] must be an object with exactly {', '.join(names)}"
            )
        for name in names[:3]:
            value = item[name]
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise BrainError(
                    f"learning_curve[{i}].{name} must be a whole number >= 0, got {value!r}"
                )
        for name in names[3:]:
            value = item[name]
            is_number = isinstance(value, (int, float)) and not isinstance(value, bool)
            if not is_number or not 0 <= value <= 1:
                raise BrainError(
                    f"learning_curve[{i}].{name} must be a share from 0 to 1, got {value!r}"
                )
        if points and item["games"] < points[-1].games:
            raise BrainError(f"learning_curve[{i}] goes back in games played")
        shares = {name: float(item[name]) for name in names[3:]}
        points.append(CurvePoint(**{**item, **shares}))
    return points


class HatBrain:
    """All the hats of one learning AI for one rule set, plus how many games it has finished."""

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self.games_played = 0
        #: Checkpoints of how learning went (see engine.analysis.LearningCurveRecorder).
        self.learning_curve: list[CurvePoint] = []
        # position -> ball counts, aligned with rules.ball_kinds(position)
        self._counts: dict[Position, list[int]] = {}
        self._kinds: dict[Position, tuple[Move, ...]] = {}
        # position -> indices (into the kinds) of the balls that are legal there
        self._legal: dict[Position, tuple[int, ...]] = {}
        # balls waiting beside their hats during a game: (position, ball index)
        self._beside: list[tuple[Position, int]] = []
        for position in rules.hat_positions():
            self._hat(position)

    # -- hats -----------------------------------------------------------------------------
    def _hat(self, position: Position) -> list[int]:
        counts = self._counts.get(position)
        if counts is None:
            kinds = tuple(self.rules.ball_kinds(position))
            legal_moves = set(self.rules.legal_moves(position))
            counts = [1] * len(kinds)
            self._counts[position] = counts
            self._kinds[position] = kinds
            self._legal[position] = tuple(i for i, k in enumerate(kinds) if k in legal_moves)
        return counts

    def positions(self) -> list[Position]:
        """Every position that has a hat, in the rules' natural order where they sort."""
        try:
            return sorted(self._counts)
        except TypeError:
            return list(self._counts)

    def __iter__(self) -> Iterator[HatView]:
        return (self.view(p) for p in self.positions())

    def view(self, position: Position) -> HatView:
        """The hat at ``position`` as a user would see it, with the ball beside it shown apart."""
        counts = self._hat(position)
        kinds = self._kinds[position]
        beside = next((kinds[i] for p, i in self._beside if p == position), None)
        return HatView(position, dict(zip(kinds, counts)), beside)

    def counts(self, position: Position) -> dict[Move, int]:
        """Balls of each number that belong to the hat, counting a ball waiting beside it."""
        view = self.view(position)
        balls = dict(view.balls)
        if view.beside is not None:
            balls[view.beside] += 1
        return balls

    def legal_counts(self, position: Position) -> dict[Move, int]:
        """Like :meth:`counts`, restricted to the balls that may be played at ``position``."""
        counts = self.counts(position)
        return {self._kinds[position][i]: counts[self._kinds[position][i]] for i in self._legal[position]}

    def preferred_move(self, position: Position) -> Move | None:
        """The most numerous legal ball (the smallest move on a tie); None where none is legal."""
        legal = self.legal_counts(position)
        if not legal:
            return None
        return max(legal, key=lambda move: legal[move])

    def confidence(self, position: Position) -> float:
        """The preferred ball's share of the legal balls (1/3 for an untouched Sticks hat)."""
        legal = self.legal_counts(position)
        total = sum(legal.values())
        return max(legal.values()) / total if total else 0.0

    @property
    def balls_beside(self) -> list[tuple[Position, Move]]:
        return [(p, self._kinds[p][i]) for p, i in self._beside]

    # -- playing and learning -----------------------------------------------------------------
    def draw(self, position: Position, rng: random.Random) -> Move:
        """Draw a legal ball from the hat at ``position`` and put it beside the hat."""
        counts = self._hat(position)
        legal = self._legal[position]
        if not legal:
            raise RuleError(f"no move is possible at {position!r}")
        total = 0
        for i in legal:
            total += counts[i]
        r = rng.random() * total
        chosen = legal[-1]
        for i in legal:
            r -= counts[i]
            if r < 0:
                chosen = i
                break
        counts[chosen] -= 1
        self._beside.append((position, chosen))
        return self._kinds[position][chosen]

    def learn(self, won: bool) -> None:
        """End of a game: settle every ball beside a hat, as the seed says."""
        counts = self._counts
        if won:
            for position, i in self._beside:
                counts[position][i] += 2
        else:
            for position, i in self._beside:
                hat = counts[position]
                if hat[i] == 0:
                    hat[i] = 1
        self._beside.clear()
        self.games_played += 1

    def abandon(self) -> None:
        """A game that ended without a result (cancelled): balls beside go back, nothing learned."""
        for position, i in self._beside:
            self._counts[position][i] += 1
        self._beside.clear()

    # -- copying and serialising ----------------------------------------------------------------
    def copy(self) -> HatBrain:
        other = HatBrain.__new__(HatBrain)
        other.rules = self.rules
        other.games_played = self.games_played
        other.learning_curve = list(self.learning_curve)
        other._counts = {p: list(c) for p, c in self._counts.items()}
        other._kinds = dict(self._kinds)
        other._legal = dict(self._legal)
        other._beside = list(self._beside)
        return other

    def to_dict(self) -> dict[str, Any]:
        """The documented JSON form: rules, games played, and every hat's ball counts."""
        rules = self.rules
        curve = [asdict(p) for p in self.learning_curve]
        return {
            "format": BRAIN_FORMAT,
            "version": BRAIN_VERSION,
            "rules": rules.describe(),
            "games_played": self.games_played,
            "hats": {
                rules.position_key(p): {
                    rules.move_key(move): count for move, count in self.counts(p).items()
                }
                for p in self.positions()
            },
            **({"learning_curve": curve} if curve else {}),
        }

    @classmethod
    def from_dict(cls, data: Any, rules: RuleSet | None = None) -> HatBrain:
        """Rebuild a brain from :meth:`to_dict` output, refusing anything that does not fit.

        ``rules``, when given, is the rule set the brain must be for; a brain for another rule
        set is refused with a message naming both.
        """
        if not isinstance(data, dict):
            raise BrainError("a brain must be a JSON object")
        if data.get("format") != BRAIN_FORMAT:
            raise BrainError(f"not a sticks-tui brain (\"format\" should be \"{BRAIN_FORMAT}\")")
        version = data.get("version")
        if version != BRAIN_VERSION:
            raise BrainError(
                f"brain format version {version!r} is not supported (this program reads "
                f"version {BRAIN_VERSION})"
            )
        try:
            found = rules_from_description(data.get("rules"))
        except RuleError as error:
            raise BrainError(f"bad \"rules\": {error}") from None
        if rules is None:
            rules = found
        elif found.key != rules.key:
            raise BrainError(
                f"this brain is for {found.name} ({found.key}), not for {rules.name} ({rules.key})"
            )
        games = data.get("games_played")
        if not isinstance(games, int) or isinstance(games, bool) or not 0 <= games <= MAX_COUNT:
            raise BrainError(
                f"\"games_played\" must be a whole number from 0 to {MAX_COUNT}, got {_short(games)}"
            )
        hats = data.get("hats")
        if not isinstance(hats, dict):
            raise BrainError("\"hats\" must be an object of stick count -> ball counts")
        brain = cls(rules)
        brain.games_played = games
        for position_key, balls in hats.items():
            brain._load_hat(position_key, balls)
        brain.learning_curve = _load_learning_curve(data.get("learning_curve"))
        return brain

    def _load_hat(self, position_key: str, balls: Any) -> None:
        rules = self.rules
        try:
            position = rules.position_from_key(position_key)
            kinds = rules.ball_kinds(position)
        except (RuleError, ValueError, TypeError) as error:
            raise BrainError(f"hat {position_key!r}: {error}") from None
        if not isinstance(balls, dict):
            raise BrainError(f"hat {position_key}: ball counts must be an object")
        counts = self._hat(position)
        for i, kind in enumerate(kinds):
            key = rules.move_key(kind)
            if key not in balls:
                raise BrainError(f"hat {position_key}: the count of balls {key} is missing")
            count = balls[key]
            if not isinstance(count, int) or isinstance(count, bool):
                raise BrainError(
                    f"hat {position_key}: balls {key} must be a whole number, got {_short(count)}"
                )
            if count < 1:
                raise BrainError(
                    f"hat {position_key}: balls {key} is {_short(count)}, but a hat always keeps at "
                    f"least one ball of each number"
                )
            if count > MAX_COUNT:
                raise BrainError(
                    f"hat {position_key}: balls {key} is more than {MAX_COUNT}, far beyond what "
                    f"any number of games could put in a hat"
                )
            counts[i] = count
        unknown = set(balls) - {rules.move_key(k) for k in kinds}
        if unknown:
            raise BrainError(f"hat {position_key}: unknown ball numbers {sorted(unknown)}")


def _short(value: Any) -> str:
    """A value for an error message, cut short (a huge number has no readable repr at all)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        return "a number of more than 19 digits" if value > 0 else "a number below -10**19"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
