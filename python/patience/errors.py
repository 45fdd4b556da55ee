"""Exceptions. Every error about bad input derives from :class:`PatienceError`, itself a
``ValueError``, so ``except ValueError`` catches them all and each kind can be caught alone.
A wrong Python type (a list where a number belongs) is a ``TypeError``.
"""

import contextlib

from ._engine import (
    CardError,
    DealError,
    EngineBug,
    IllegalMoveError,
    OptionError,
    PatienceError,
    SeedError,
    UnknownGameError,
)


class LimitError(PatienceError):
    """A limit or a count out of range: ``max_states``, ``timeout``, ``max_memory``,
    ``threads``, a survey's ``deals``, ``jobs`` or ``chunk_size``."""


class PlaceError(PatienceError):
    """A place label that the position does not have (:meth:`patience.State.place`)."""


for _cls in (
    CardError,
    DealError,
    EngineBug,
    IllegalMoveError,
    LimitError,
    OptionError,
    PatienceError,
    PlaceError,
    SeedError,
    UnknownGameError,
):
    with contextlib.suppress(AttributeError, TypeError):
        _cls.__module__ = "patience"  # shown as patience.X, as it is imported

__all__ = [
    "CardError",
    "DealError",
    "EngineBug",
    "IllegalMoveError",
    "LimitError",
    "OptionError",
    "PatienceError",
    "PlaceError",
    "SeedError",
    "UnknownGameError",
]
