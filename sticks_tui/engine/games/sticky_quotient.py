"""Misère quotient tables with exceptions for Sticky-Nim (k = 2 and 3): building the guess,
finding every position where it is wrong, and reading a position off the result (see
:mod:`.sticky_theory` for the method)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar

from .sticky_heaps import (
    BruteForce,
    Groups,
    heap_options,
    heap_sides,
    partitions,
    reachable_positions,
)

# -- quotient tables -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Quotient:
    """A heap -> monoid map: ``phi[n]`` is heap n's element, ``mul`` the product table, and
    ``lost_elements[e]`` whether positions with product e are (guessed) lost."""

    k: int
    phi: tuple[int, ...]
    mul: tuple[tuple[int, ...], ...]
    lost_elements: tuple[bool, ...]

    def element(self, position: Groups) -> int:
        e = 0
        mul, phi = self.mul, self.phi
        for group in position:
            e = mul[e][phi[group]]
        return e

    def guess_lost(self, position: Groups) -> bool:
        return self.lost_elements[self.element(position)]


@dataclass(frozen=True)
class QuotientTable:
    """A quotient plus the exact list of positions where its guess is wrong, for every position
    a line of ``limit`` sticks can reach."""

    method: ClassVar[str] = "quotient"

    quotient: Quotient
    limit: int
    exceptions: frozenset[Groups]

    def lost(self, position: Groups) -> bool | None:
        if sum(position) + len(position) > self.limit + 1:
            return None
        guess = self.quotient.guess_lost(position)
        return not guess if position in self.exceptions else guess


def build_quotient(k: int, test_size: int, heaps: int, limit: int) -> Quotient:
    """Guess a misère quotient from brute-force outcomes (see the module docstring).

    Positions are told apart by their outcome beside every test position of up to ``test_size``
    sticks. The elements are the classes of products of heaps 1..``heaps`` (brute force); heaps
    up to ``limit`` are then placed by induction, using the guessed outcomes of their options.
    A heap that matches no element gets the nearest one: the exceptions make up for any guess.
    """
    brute = BruteForce(k)
    tests = [p for total in range(test_size + 1) for p in partitions(total)]

    def signature(position: Groups) -> tuple[bool, ...]:
        return tuple(brute.lost(tuple(sorted(position + z, reverse=True))) for z in tests)

    index: dict[tuple[bool, ...], int] = {}
    reps: list[Groups] = []
    sigs: list[tuple[bool, ...]] = []

    def element_of(position: Groups) -> int:
        sig = signature(position)
        if sig not in index:
            index[sig] = len(reps)
            reps.append(position)
            sigs.append(sig)
        return index[sig]

    element_of(())
    phi = [0] + [element_of((n,)) for n in range(1, heaps + 1)]
    generators = sorted(set(phi[1:]))
    by_generator: dict[tuple[int, int], int] = {}
    i = 0
    while i < len(reps):  # close the set of elements under multiplication by heap elements
        for g in generators:
            by_generator[i, g] = element_of(tuple(sorted(reps[i] + reps[g], reverse=True)))
        i += 1
    size = len(reps)
    mul = [[0] * size for _ in range(size)]
    for x in range(size):
        for y in range(size):
            e = x
            for group in reps[y]:
                e = by_generator[e, phi[group]]
            mul[x][y] = e
    lost_elements = [brute.lost(rep) for rep in reps]
    _place_big_heaps(k, tests, phi, mul, lost_elements, sigs, index, limit)
    return Quotient(k, tuple(phi), tuple(map(tuple, mul)), tuple(lost_elements))


def _place_big_heaps(
    k: int,
    tests: Sequence[Groups],
    phi: list[int],
    mul: Sequence[Sequence[int]],
    lost_elements: Sequence[bool],
    sigs: Sequence[tuple[bool, ...]],
    index: Mapping[tuple[bool, ...], int],
    limit: int,
) -> None:
    """Give heaps beyond the brute-forced ones an element, from their outcome beside each test
    position: heap + Z is won when some move (in the heap, or in Z) reaches a lost position."""
    test_index = {z: i for i, z in enumerate(tests)}
    test_elements = []
    test_options = []
    for z in tests:
        e = 0
        for group in z:
            e = mul[e][phi[group]]
        test_elements.append(e)
        children = set()
        for i, group in enumerate(z):
            rest = z[:i] + z[i + 1 :]
            for sides in heap_sides(group, k):
                children.add(test_index[tuple(sorted(rest + sides, reverse=True))])
        test_options.append(children)
    for n in range(len(phi), limit + 1):
        option_elements = {mul[phi[a]][phi[b]] for a, b in heap_options(n, k)}
        outcome: list[bool] = []
        for zi in range(len(tests)):
            ze = test_elements[zi]
            won = any(lost_elements[mul[e][ze]] for e in option_elements) or any(
                outcome[c] for c in test_options[zi]
            )
            outcome.append(not won)
        sig = tuple(outcome)
        if sig in index:
            phi.append(index[sig])
        else:
            phi.append(min(range(len(sigs)), key=lambda e: _distance(sigs[e], sig)))


def _distance(a: tuple[bool, ...], b: tuple[bool, ...]) -> int:
    """How many test positions two signatures disagree on."""
    return sum(x != y for x, y in zip(a, b))


def find_exceptions(quotient: Quotient, limit: int) -> frozenset[Groups]:
    """Every position reachable from a line of ``limit`` sticks whose true outcome differs from
    the quotient's guess.

    Positions are visited by increasing number of sticks, so each child's true outcome is known:
    its guess, flipped if the child is an exception already found. Exact by induction. A guessed
    table need not be commutative or associative, so every guess is the product taken in the
    one order :meth:`Quotient.element` uses: along the position, longest group first.
    """
    k, phi, mul, lost_el = quotient.k, quotient.phi, quotient.mul, quotient.lost_elements
    exceptions: set[Groups] = set()
    exception_keys: set[tuple[int, int]] = set()  # (sticks, element) of every exception
    for position in reachable_positions(limit):
        m = len(position)
        prefix = [0] * (m + 1)
        for i, group in enumerate(position):
            prefix[i + 1] = mul[prefix[i]][phi[group]]
        total = sum(position)
        lost = bool(position)
        previous = 0
        for i, group in enumerate(position):
            if group == previous:
                continue
            previous = group
            tail = position[i + 1 :]
            for a, b in heap_options(group, k):  # a <= b < group
                e = _child_element(prefix[i], tail, a, b, phi, mul)
                child_lost = lost_el[e]
                if (total - group + a + b, e) in exception_keys:
                    rest = position[:i] + tail
                    child = tuple(sorted(rest + tuple(x for x in (a, b) if x), reverse=True))
                    if child in exceptions:
                        child_lost = not child_lost
                if child_lost:
                    lost = False
                    break
            if not lost:
                break
        if lost != lost_el[prefix[m]]:
            exceptions.add(position)
            exception_keys.add((total, prefix[m]))
    return frozenset(exceptions)


def _child_element(
    e: int, tail: Groups, a: int, b: int, phi: Sequence[int], mul: Sequence[Sequence[int]]
) -> int:
    """:meth:`Quotient.element` of the child whose groups are (the groups before the one moved
    in, product ``e``) + ``tail`` + ``a`` + ``b``, folding ``b`` and ``a`` in where they sort."""
    place_b, place_a = b > 0, a > 0
    for h in tail:
        if place_b and h <= b:
            e = mul[e][phi[b]]
            place_b = False
        if place_a and h <= a:
            e = mul[e][phi[a]]
            place_a = False
        e = mul[e][phi[h]]
    if place_b:
        e = mul[e][phi[b]]
    if place_a:
        e = mul[e][phi[a]]
    return e
