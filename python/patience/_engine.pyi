"""Types of ``patience._engine``, the compiled core (``rust/py/src/lib.rs``).

The public API is :mod:`patience`; these are the engine objects it wraps.
``tests/test_engine_stub.py`` checks this file against the built module.
"""

from typing import Any

__version__: str

# (slug, title, pack description, number of cards,
#  [(option, default, help, kind, values, none)], rules version)
_OptTuple = tuple[str, str, str, str, list[int], bool]
_InfoTuple = tuple[str, str, str, int, list[_OptTuple], int]

class PatienceError(ValueError):
    """Base of every error about bad input."""

class UnknownGameError(PatienceError):
    """No game has this slug."""

class OptionError(PatienceError):
    """Unknown option, or a bad option value."""

class CardError(PatienceError):
    """A card's text cannot be read."""

class DealError(PatienceError):
    """An explicit deal is not the game's pack."""

class IllegalMoveError(PatienceError):
    """The move is not legal here."""

class SeedError(PatienceError):
    """A seed outside 0 .. 2**64-1."""

class EngineBug(RuntimeError):
    """An internal error of the engine."""

class SolveJob:
    """A running search (or batch): poll it, never block on it."""

    def done(self) -> bool: ...
    def take(self) -> list[tuple[int, dict[str, Any]]]: ...
    def results(self) -> list[dict[str, Any]] | None: ...
    def cancel(self) -> None: ...
    def progress(self) -> tuple[int, int, float]: ...

class RustGame:
    """A game with its options."""

    def __new__(
        cls, slug: str, options: dict[str, bool | int | None] | None = None
    ) -> RustGame: ...
    def info(self) -> _InfoTuple: ...
    def shuffled(self, seed: int) -> tuple[list[str], int]: ...
    def check_cards(self, cards: list[str]) -> list[str]: ...
    def start(self, cards: list[str], rng_state: int) -> RustState: ...
    def solve_seeds(
        self,
        seeds: list[int],
        max_states: int | None = None,
        timeout: float | None = None,
        max_bytes: int | None = None,
        threads: int = 0,
        prune: bool = True,
    ) -> SolveJob: ...
    def solve_deals(
        self,
        deals: list[tuple[list[str], int]],
        max_states: int | None = None,
        timeout: float | None = None,
        max_bytes: int | None = None,
        threads: int = 0,
        prune: bool = True,
    ) -> SolveJob: ...

class RustState:
    """A position."""

    def moves(self) -> list[str]: ...
    def play(self, mv: str) -> RustState: ...
    def play_named(self, mv: str) -> tuple[RustState, str]: ...
    def successors(self) -> list[tuple[str, str]]: ...
    @property
    def key(self) -> str: ...
    def display(self) -> str: ...
    @property
    def is_won(self) -> bool: ...
    def start_solve(
        self,
        max_states: int | None = None,
        timeout: float | None = None,
        max_bytes: int | None = None,
        prune: bool = True,
    ) -> SolveJob: ...

def games_info() -> list[_InfoTuple]: ...
def interrupt_all() -> int: ...
