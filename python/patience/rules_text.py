"""The project's own rule text for each game, shipped as Markdown files in ``rules/``."""

from __future__ import annotations

from importlib import resources

from ._api import games
from ._names import resolve
from .errors import UnknownGameError


def rules(slug: str) -> str:
    """The rule text of game ``slug`` (Markdown), in the project's own words.

    >>> rules("canfield-or-klondike").splitlines()[0].startswith("#")
    True
    """
    if not isinstance(slug, str):
        raise TypeError(f"a game slug must be a string, not {type(slug).__name__}")
    # A slug, title or common name (see patience.games()); an unknown name raises with the
    # closest names.
    wanted, _ = resolve(slug)
    # Only a slug of the registry names a file: nothing else (no "..", no path) is looked up.
    known = {g.slug for g in games()}
    if wanted not in known:
        raise UnknownGameError(f"no rule text for game {slug[:60]!r} in this installation")
    f = resources.files("patience").joinpath("rules", wanted + ".md")
    if not f.is_file():
        raise UnknownGameError(f"no rule text for game {wanted!r} in this installation")
    return f.read_text(encoding="utf-8")
