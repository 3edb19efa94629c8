"""Sizes of memory as people write them (``512M``, ``2G``), and the words for a training that
stopped at its memory cap (SPEC section 12). ``train --memory-cap`` and the lab's field read
sizes here, so both take the same ones and refuse the same ones with the same message."""

from __future__ import annotations

import re

from ..engine.memory import DEFAULT_MEMORY_CAP

#: Units of a size, binary as memory is counted: 1G is 1,024M.
UNITS = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40}
#: The smallest and the largest memory cap accepted.
MEMORY_CAP_MIN = 1 << 20
MEMORY_CAP_MAX = 1 << 40
#: How a size is written, for help and messages.
SIZE_EXAMPLES = "512M or 2G"

_SIZE = re.compile(r"([0-9]{1,7}(?:\.[0-9]{1,3})?)\s*([KMGT])(?:I?B)?", re.ASCII | re.IGNORECASE)


def parse_size(text: str) -> int:
    """A size such as ``512M``, ``2G``, ``1.5G`` or ``2GiB``, in bytes; :class:`ValueError`
    says in one line what is wrong."""
    match = _SIZE.fullmatch(text.strip())
    if match is None:
        shown = repr(text.strip()) if len(text.strip()) <= 12 else repr(text.strip()[:9] + "...")
        raise ValueError(f"not a size: {shown}; give e.g. {SIZE_EXAMPLES}")
    number, unit = match.groups()
    return round(float(number) * UNITS[unit.upper()])


def parse_memory_cap(text: str) -> int:
    """A memory cap: a size (:func:`parse_size`) from 1M to 1T."""
    size = parse_size(text)
    if not MEMORY_CAP_MIN <= size <= MEMORY_CAP_MAX:
        raise ValueError(
            f"a memory cap is {size_words(MEMORY_CAP_MIN)} to {size_words(MEMORY_CAP_MAX)}, "
            f"got {size_words(size)}"
        )
    return size


def size_words(size: int) -> str:
    """A size for people: ``1 GiB``, ``1.5 GiB``, ``512 MiB``, ``300 KiB``, ``12 bytes``."""
    for unit, name in ((1 << 40, "TiB"), (1 << 30, "GiB"), (1 << 20, "MiB"), (1 << 10, "KiB")):
        if size >= unit:
            return f"{round(size / unit, 1):g} {name}"
    return f"{size} bytes"


def size_field(size: int) -> str:
    """A size as a person would type it: ``1G``, ``1.5G``, ``512M``."""
    for unit, name in ((1 << 40, "T"), (1 << 30, "G"), (1 << 20, "M"), (1 << 10, "K")):
        if size >= unit:
            return f"{round(size / unit, 3):g}{name}"
    return f"{size}"


#: The default cap, as the lab's field shows it and help says it.
DEFAULT_MEMORY_CAP_TEXT = size_field(DEFAULT_MEMORY_CAP)


def memory_stop_words(cap: int, games: int, planned: int) -> str:
    """``stopped at 1 GiB of memory after 41,200 of 100,000 games``."""
    return f"stopped at {size_words(cap)} of memory after {games:,} of {planned:,} games"
