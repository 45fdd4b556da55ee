"""The pure-Python reference engine.

One module per game, each written from the game's rule file (``rules/<slug>.md``) and the
text forms of ``docs/NOTATION.md`` and ``docs/notation/<slug>.md``, never from the Rust
engine. It is slow on purpose: the tests use it to cross-check the Rust engine.

>>> from patience import reference
>>> g = reference.game("canfield-or-klondike")
>>> state = g.deal(1).start()
>>> isinstance(state.moves(), list)
True
"""

from __future__ import annotations

import importlib
from typing import Any

from ._common import Card, RefDeal, ReferenceError_, RefGame, RefState, parse_card

__all__ = [
    "Card",
    "RefDeal",
    "RefGame",
    "RefState",
    "ReferenceError_",
    "game",
    "parse_card",
    "slugs",
]


def _module_name(slug: str) -> str:
    return slug.replace("-", "_")


def game(slug: str, **options: Any) -> RefGame:
    """The reference engine's game ``slug`` with the given options."""
    if not isinstance(slug, str):
        raise ReferenceError_(f"game slug must be a string, got {type(slug).__name__}")
    try:
        module = importlib.import_module(f"{__name__}.{_module_name(slug)}")
    except ModuleNotFoundError as exc:
        raise ReferenceError_(f"no reference engine for game {slug!r}") from exc
    cls: type[RefGame] = module.Game
    return cls(**options)


def slugs() -> list[str]:
    """Slugs of the games the reference engine implements."""
    import pkgutil

    out = []
    for info in pkgutil.iter_modules(__path__):
        if not info.name.startswith("_"):
            out.append(info.name.replace("_", "-"))
    return sorted(out)
