"""Exceptions. Every error about bad input derives from :class:`PatienceError`, itself a
``ValueError``, so ``except ValueError`` catches them all and each kind can be caught alone.
"""

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

__all__ = [
    "CardError",
    "DealError",
    "EngineBug",
    "IllegalMoveError",
    "OptionError",
    "PatienceError",
    "SeedError",
    "UnknownGameError",
]
