"""Game names as people type them: slugs in any case, titles, common names (aliases), and
the closest matches when a name is unknown; option values read by the option's type.

One rule for a game's name: case, spaces, underscores, apostrophes, full stops and a
leading "the" do not matter, so ``"La Belle Lucie"``, ``"THE FLOWER-GARDEN"`` and
``"Spenser's Fairie Queen"`` name their games. A few common names of the games (Klondike,
Forty Thieves, ...) are aliases: an alias stands for a game with an option set.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from typing import Any

from .errors import OptionError, UnknownGameError


@dataclass(frozen=True)
class Alias:
    """A common name of a game of the book: ``name`` as people write it, the ``slug`` of
    the book's game it stands for, and the ``options`` that make that game the one the
    name means."""

    name: str
    slug: str
    options: dict[str, bool | int | None] = field(default_factory=dict)

    @property
    def key(self) -> str:
        """The alias as a slug: ``"forty-thieves"``."""
        return normalise(self.name)

    def as_dict(self) -> dict[str, Any]:
        """``{"alias", "name", "slug", "options"}`` (for JSON)."""
        return {"alias": self.key, "name": self.name, "slug": self.slug, "options": self.options}


#: The common names accepted for games of the book, in the order ``patience games`` lists
#: them. Forty Thieves is the book's NAPOLEON AT ST. HELENA with the option that makes it
#: the modern game.
ALIASES: tuple[Alias, ...] = (
    Alias("Klondike", "canfield-or-klondike"),
    Alias("Forty Thieves", "napoleon-at-st-helena", {"forty_thieves": True}),
    Alias("Fortress", "fortress"),
    Alias("Flower Garden", "flower-garden"),
    Alias("La Belle Lucie", "la-belle-lucie"),
)


def normalise(name: str) -> str:
    """``"The Flower Garden"`` -> ``"flower-garden"``: lower case, ``æ`` as ``ae``, no
    apostrophes, quotes or full stops, words joined by ``-``, no leading ``the``."""
    t = name.strip().lower().replace("æ", "ae")
    t = re.sub(r"['\"’.,]", "", t)
    t = re.sub(r"[\s_\-]+", "-", t).strip("-")
    if t.startswith("the-"):
        t = t[4:]
    return t


def _table() -> dict[str, tuple[str, dict[str, bool | int | None]]]:
    from ._api import games

    out: dict[str, tuple[str, dict[str, bool | int | None]]] = {}
    for info in games():
        out[normalise(info.title)] = (info.slug, {})
    for a in ALIASES:
        out[a.key] = (a.slug, dict(a.options))
    for info in games():
        out[info.slug] = (info.slug, {})
    return out


_TABLE: dict[str, tuple[str, dict[str, bool | int | None]]] | None = None


def table() -> dict[str, tuple[str, dict[str, bool | int | None]]]:
    """Every accepted name (normalised) -> the slug and the options it stands for."""
    global _TABLE
    if _TABLE is None:
        _TABLE = _table()
    return _TABLE


def closest(name: str, candidates: list[str], n: int = 3) -> list[str]:
    """The candidates closest to ``name``: those it is part of (``napoleon``), then those
    spelt alike (``klondyke``)."""
    if not name:
        return []
    parts = [c for c in candidates if name in c]
    near = difflib.get_close_matches(name, candidates, n=n, cutoff=0.6)
    out: list[str] = []
    for c in parts[:n] + near:
        if c not in out:
            out.append(c)
    return out[:n]


def resolve(name: str) -> tuple[str, dict[str, bool | int | None]]:
    """The slug and the options a game's name stands for; raises :class:`UnknownGameError`
    with the closest names (attributes ``name`` and ``matches``)."""
    if not isinstance(name, str):
        raise TypeError(f"a game slug must be a string, not {type(name).__name__}")
    t = table()
    key = normalise(name)
    if key in t:
        slug, options = t[key]
        return slug, dict(options)
    names = [info for info in t if info == t[info][0] or info in {a.key for a in ALIASES}]
    matches = closest(key, names)
    raise unknown_game(name, matches)


def unknown_game(name: str, matches: list[str], *, shell: bool = False) -> UnknownGameError:
    """The error for an unknown game name, worded for Python or (``shell``) the command
    line."""
    shown = name[:60]
    if shell:
        head = f'unknown game "{shown}"'
        hint = " or ".join(matches)
        where = "'patience games' lists every game"
    else:
        head = f"unknown game {shown!r}"
        hint = " or ".join(repr(m) for m in matches)
        where = "patience.games() lists every game"
    text = f"{head}; did you mean {hint}? ({where})" if matches else f"{head} ({where})"
    e = UnknownGameError(text)
    e.name = name  # type: ignore[attr-defined]
    e.matches = list(matches)  # type: ignore[attr-defined]
    return e


def shell_message(e: UnknownGameError) -> str | None:
    """The command line's wording of an unknown game error made by :func:`resolve`, or
    None for another one."""
    name, matches = getattr(e, "name", None), getattr(e, "matches", None)
    if not isinstance(name, str) or not isinstance(matches, list):
        return None
    return str(unknown_game(name, matches, shell=True))


_TRUE = ("true", "yes", "on", "1")
_FALSE = ("false", "no", "off", "0")
_NONE = ("none", "unlimited")

#: The rule for option values written as text (``-o NAME=VALUE``, a deal's text), one
#: rule for every option, by its type.
VALUE_RULE = (
    "a yes-or-no option takes true or false (also yes/no, on/off, 1/0); a number option "
    "takes a whole number, or none where it may be unlimited; any case"
)


def parse_option(slug: str, options: Any, name: str, text: str) -> bool | int | None:
    """The value of option ``name`` of game ``slug`` written as ``text``, read by the
    option's type (see :data:`VALUE_RULE`). ``options`` are the game's
    :class:`~patience.OptionInfo`. Raises :class:`OptionError` naming the problem."""
    by_name = {o.name: o for o in options}
    if name not in by_name:
        raise unknown_option(slug, name, list(by_name))
    o = by_name[name]
    low = text.strip().lower()
    if o.type == "bool":
        if low in _TRUE:
            return True
        if low in _FALSE:
            return False
    else:
        if low in _NONE and o.none:
            return None
        try:
            return int(low, 10)
        except ValueError:
            pass
    if o.type == "bool":
        expected = "true or false (also yes/no, on/off, 1/0)"
    else:
        expected = o.allowed.replace("None", "none")
    raise OptionError(f"option {name}={text.strip()[:40]!r} of {slug}: expected {expected}")


def unknown_option(slug: str, name: str, known: list[str]) -> OptionError:
    """The error for an option the game does not have, with the closest names."""
    matches = closest(name.strip().lower(), known)
    hint = f"; did you mean {' or '.join(matches)}?" if matches else ""
    has = f"its options: {', '.join(known)}" if known else "it has no options"
    return OptionError(f"{slug} has no option {name[:60]!r}{hint} ({has})")
