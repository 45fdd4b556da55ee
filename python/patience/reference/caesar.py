"""Reference engine of CÆSAR (``python/patience/rules/caesar.md``).

The first card of each value ace..nine met in the shuffled pack, in the order met, fills the
three-by-three square P1..P9 row by row. The only move exchanges the cards of two places. Won
when the three rows, three columns and two diagonals all add up to 15.

Text forms follow ``docs/NOTATION.md`` and ``docs/notation/caesar.md``.
Written for clarity, not speed.
"""

from __future__ import annotations

from typing import ClassVar

from ._common import Card, RefGame, RefState, SplitMix64

N_PLACES = 9
#: the eight lines of the square, as 0-based place indices
LINES = (
    (0, 1, 2),
    (3, 4, 5),
    (6, 7, 8),
    (0, 3, 6),
    (1, 4, 7),
    (2, 5, 8),
    (0, 4, 8),
    (2, 4, 6),
)


class State(RefState):
    """A position of CÆSAR."""

    def __init__(self, game: Game, square: list[Card]) -> None:
        self.game = game
        #: P1..P9, row by row from the top left
        self.square = square

    def moves(self) -> list[str]:
        """All legal moves, as text forms."""
        if self.is_won:
            return []
        return [f"swap:p{i + 1},p{j + 1}" for i in range(N_PLACES) for j in range(i + 1, N_PLACES)]

    def _apply(self, move: str) -> None:
        a, b = move[len("swap:") :].split(",")
        i, j = int(a[1:]) - 1, int(b[1:]) - 1
        self.square[i], self.square[j] = self.square[j], self.square[i]

    @property
    def key(self) -> str:
        return " ".join(f"P{i + 1}:{c}" for i, c in enumerate(self.square))

    @property
    def is_won(self) -> bool:
        return all(sum(self.square[i].rank for i in line) == 15 for line in LINES)

    def __str__(self) -> str:
        rows = [self.square[r * 3 : r * 3 + 3] for r in range(3)]
        return "\n".join(" ".join(str(c) for c in row) for row in rows)


class Game(RefGame):
    """CÆSAR (no options)."""

    slug: ClassVar[str] = "caesar"

    def start(self, cards: list[Card], rng: SplitMix64) -> State:
        """Take the first card of each value 1..9 met, in the order met."""
        taken: list[Card] = []
        seen: set[int] = set()
        for card in cards:
            if card.rank <= 9 and card.rank not in seen:
                seen.add(card.rank)
                taken.append(card)
        return State(self, taken)
