"""A learner's learning settings, declared once: a frozen dataclass (subclassing
:class:`Settings`) whose fields are made by :func:`setting`, which keeps in the field's metadata
what a user reads of it: its help, its range, its default, its option on the command line, its
field in the lab and its place in a brain file.

From that one declaration come the checks and their messages (:meth:`Settings.__post_init__`),
the brain file's ``"settings"`` (:meth:`Settings.to_dict`, :meth:`Settings.from_dict`), the
settings that differ from the defaults (:meth:`Settings.changes`), the JSON Schema of the
``"settings"`` (:meth:`Settings.json_schema`), ``sticks-tui train``'s options
(``cli/train_options.py``) and the lab's form (``ui/lab_plan.py``). A rule between two settings
(the floor below a fresh hat) is the class's own :meth:`Settings.relations`.
"""

from __future__ import annotations

import math
from dataclasses import MISSING, Field, dataclass, field, fields
from typing import Any, ClassVar

from ..numbers import short


class SettingsError(ValueError):
    """Learning settings that cannot be used; the message names the setting and why."""


#: The key of a field's metadata that holds its :class:`Setting`.
METADATA_KEY = "sticks-tui setting"


@dataclass(frozen=True)
class Setting:
    """What a user reads of one learning setting (a field's metadata, made by :func:`setting`)."""

    help: str
    """What it is, in a few words: "the learning rate". ``{range}`` in it is replaced by the
    range in words ("more than 0 and at most 1")."""
    whole: bool
    """A whole number (else any finite number)."""
    low: float
    high: float
    low_open: bool
    """The low end is left out: the setting must be more than ``low``."""
    option: str
    """Its option on ``sticks-tui train``: "--fresh-balls". Settings given by one option
    together share it, each with its :attr:`part`."""
    label: str
    """Its label in the lab's form: "win +"."""
    form_id: str
    """Its field in the lab's form (the widget's id): "win"."""
    json: tuple[str, ...]
    """Where a brain file's ``"settings"`` keeps it: ``("alpha",)``, ``("rewards", "win")``."""
    part: str = ""
    """Its place in a shared option, as the option's metavar names it: "WIN"."""
    metavar: str = ""
    """What the option's value is called in ``--help`` (a whole number's is N)."""
    note: str = ""
    """Said in ``--help`` after the default: "0 puts it back"."""
    option_help: str = ""
    """The help of a shared option, on its first setting (each part's own help is for the
    schema)."""
    name: str = ""
    """The field's name (filled in when the settings are read: :meth:`Settings.settings`)."""
    default: Any = None
    """The field's default (filled in likewise)."""

    def range_words(self, short: bool = False) -> str:
        """"from 0 to 1,000,000", "more than 0 and at most 1"; ``short`` leaves out "from"."""
        low, high = self.bound(self.low), self.bound(self.high)
        if self.low_open:
            return f"more than {low} and at most {high}"
        return f"{low} to {high}" if short else f"from {low} to {high}"

    def bound(self, value: float) -> str:
        """A bound as the messages write it: "1,000,000", "0", "0.5"."""
        if self.whole or float(value).is_integer():
            return f"{int(value):,}"
        return exact(value)

    def shown(self, value: Any) -> str:
        """A value as the messages show it: every digit a number has (1.0000001 is never "1")."""
        return short(value) if self.whole else exact(value)

    def within(self, value: float) -> bool:
        above = value > self.low if self.low_open else value >= self.low
        return above and value <= self.high

    def described(self) -> str:
        """:attr:`help` with its range in words."""
        return self.help.format(range=self.range_words(short=True))


def setting(
    default: float,
    *,
    help: str,
    low: float,
    high: float,
    option: str,
    label: str,
    form_id: str,
    json: tuple[str, ...] = (),
    whole: bool = False,
    low_open: bool = False,
    part: str = "",
    metavar: str = "",
    note: str = "",
    option_help: str = "",
) -> Any:
    """A settings dataclass's field: its default, and what a user reads of it (:class:`Setting`).
    ``json`` is its place in a brain file (by default its own name, at the top)."""
    meta = Setting(
        help, whole, low, high, low_open, option, label, form_id, json, part,
        metavar or ("N" if whole else "X"), note, option_help,
    )
    return field(default=default, metadata={METADATA_KEY: meta})


def exact(value: float) -> str:
    """A number for a message with every digit it has: 1.0000001 is never shown as "1", the
    bound it breaks (the shortest text that reads back as the same float; "1" for 1.0)."""
    text = repr(float(value))
    return text.removesuffix(".0")


def finite(value: float) -> bool:
    """Whether a number is finite as a float (a whole number too large for one is not)."""
    try:
        return math.isfinite(value)
    except OverflowError:
        return False


class Settings:
    """The base of every learner's settings dataclass (frozen, fields made by :func:`setting`)."""

    #: How the settings are named in a message: "hat settings", "Q settings".
    WHAT: ClassVar[str] = "settings"

    @classmethod
    def settings(cls) -> tuple[Setting, ...]:
        """Every setting, in the order declared, each with its name and default."""
        found = _DECLARED.get(cls)
        if found is None:
            found = _DECLARED[cls] = tuple(_setting_of(f) for f in fields(cls))  # type: ignore[arg-type]
        return found

    def __post_init__(self) -> None:
        """Check every setting (each a number of the right kind, within its range), then the
        relations between them; :class:`SettingsError` names the first that does not fit."""
        declared = self.settings()
        for meta in declared:
            value = getattr(self, meta.name)
            is_number = isinstance(value, (int, float)) and not isinstance(value, bool)
            if meta.whole and not (is_number and isinstance(value, int)):
                raise SettingsError(f"{meta.name} must be a whole number, got {short(value)}")
            if not is_number:
                raise SettingsError(f"{meta.name} must be a number, got {short(value)}")
            if not meta.whole:
                if not finite(value):
                    raise SettingsError(
                        f"{meta.name} must be a finite number, got {short(value)}"
                    )
                object.__setattr__(self, meta.name, float(value))
        for meta in declared:
            value = getattr(self, meta.name)
            if not meta.within(value):
                raise SettingsError(
                    f"{meta.name} must be {meta.range_words()}, got {meta.shown(value)}"
                )
        self.relations()

    def relations(self) -> None:
        """Rules between settings (:class:`SettingsError` when one is broken); none by default."""

    def to_dict(self) -> dict[str, Any]:
        """The brain file's ``"settings"``: each setting at its place."""
        data: dict[str, Any] = {}
        for meta in self.settings():
            *outer, key = meta.json
            place = data
            for name in outer:
                place = place.setdefault(name, {})
            place[key] = getattr(self, meta.name)
        return data

    def changes(self) -> dict[str, float]:
        """The settings that differ from the defaults (empty for a default learner)."""
        return {
            meta.name: getattr(self, meta.name)
            for meta in self.settings()
            if getattr(self, meta.name) != meta.default
        }

    @classmethod
    def from_dict(cls, data: Any) -> Any:
        """Settings from a brain file's ``"settings"``; :class:`SettingsError` says what does not
        fit (an object without exactly its keys, a setting out of its range...)."""
        declared = cls.settings()
        values: dict[str, Any] = {}
        for meta in declared:
            place: Any = data
            path: tuple[str, ...] = ()
            for name in meta.json:
                _exactly(cls, declared, path, place)
                place, path = place[name], (*path, name)
            values[meta.name] = place
        return cls(**values)

    @classmethod
    def json_schema(cls) -> dict[str, Any]:
        """The JSON Schema of the brain file's ``"settings"`` for these settings."""
        schema: dict[str, Any] = _object()
        for meta in cls.settings():
            *outer, key = meta.json
            place = schema
            for name in outer:
                place = place["properties"].setdefault(name, _object())
            bounds: dict[str, Any] = {
                "exclusiveMinimum" if meta.low_open else "minimum": meta.low,
                "maximum": meta.high,
            }
            place["properties"][key] = {
                "description": meta.described(),
                "type": "integer" if meta.whole else "number",
                **bounds,
                "default": meta.default,
            }
        _require_all(schema)
        return schema


#: Each settings class's settings, read once.
_DECLARED: dict[type[Settings], tuple[Setting, ...]] = {}


def _setting_of(f: Field[Any]) -> Setting:
    meta = f.metadata.get(METADATA_KEY)
    if not isinstance(meta, Setting):
        raise TypeError(f"the setting {f.name} was not made by setting()")
    default = None if f.default is MISSING else f.default
    json = meta.json or (f.name,)
    return Setting(**{**meta.__dict__, "name": f.name, "default": default, "json": json})


def _exactly(
    cls: type[Settings], declared: tuple[Setting, ...], path: tuple[str, ...], place: Any
) -> None:
    """Refuse ``place`` unless it is an object with exactly the keys the settings have at
    ``path`` in a brain file."""
    keys = list(dict.fromkeys(
        meta.json[len(path)] for meta in declared if meta.json[: len(path)] == path
    ))
    if not isinstance(place, dict) or set(place) != set(keys):
        what = cls.WHAT if not path else path[-1]
        raise SettingsError(f"{what} must be an object with exactly {', '.join(keys)}")


def _object() -> dict[str, Any]:
    return {"type": "object", "properties": {}, "required": [], "additionalProperties": False}


def _require_all(schema: dict[str, Any]) -> None:
    """Every key of every object of the settings is required (as :meth:`Settings.from_dict`
    requires them)."""
    schema["required"] = list(schema["properties"])
    for value in schema["properties"].values():
        if value.get("type") == "object":
            _require_all(value)
