"""The project's own rule text for each game, shipped as Markdown files in ``rules/``."""

from __future__ import annotations

from importlib import resources

from .errors import UnknownGameError


def rules(slug: str) -> str:
    """The rule text of game ``slug`` (Markdown), in the project's own words.

    >>> rules("canfield-or-klondike").splitlines()[0].startswith("#")
    True
    """
    if not isinstance(slug, str):
        raise TypeError(f"a game slug must be a string, not {type(slug).__name__}")
    name = slug.strip().lower().replace("_", "-") + ".md"
    f = resources.files("patience").joinpath("rules", name)
    if not f.is_file():
        raise UnknownGameError(f"no rule text for game {slug!r} (see patience.games())")
    return f.read_text(encoding="utf-8")
