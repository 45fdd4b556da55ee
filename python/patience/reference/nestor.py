"""Reference engine of NESTOR (``python/patience/rules/nestor.md``).

Forty-eight cards in six rows of eight, dealt so that no column holds two cards of one rank
(a clashing card goes to the bottom of the pack; after a whole fruitless round of the pack the
top card is placed anyway). The four cards left are the face-down reserve. The only move pairs
two available cards of equal rank (the lowest card of a column or a turned reserve card); when
no pair exists, reserve cards are turned one at a time into X1..X4, automatically. Won when all
52 cards are paired.

Text forms follow ``docs/NOTATION.md`` and ``docs/notation/nestor.md``.
Written for clarity, not speed.
"""

from __future__ import annotations

from collections import deque
from typing import ClassVar

from ._common import Card, RefGame, RefState, SplitMix64, pile_text

N_COLUMNS = 8
N_ROWS = 6
N_RESERVE = 4


class State(RefState):
    """A position of NESTOR."""

    def __init__(self, game: Game) -> None:
        self.game = game
        #: the columns, bottom (row 1) to top (the available card)
        self.columns: list[list[Card]] = [[] for _ in range(N_COLUMNS)]
        #: the face-down reserve, bottom to top: its last card is the next to be turned
        self.reserve: list[Card] = []
        #: X1..X4: the turned reserve cards (None: not turned yet, or paired)
        self.turned: list[Card | None] = [None] * N_RESERVE
        #: how many reserve cards have been turned
        self.n_turned = 0

    # --- helpers ---------------------------------------------------------------------

    def _available(self) -> list[tuple[str, Card]]:
        """(place label, card) of every available card, in the notation's place order."""
        out: list[tuple[str, Card]] = []
        for i, col in enumerate(self.columns):
            if col:
                out.append((f"c{i + 1}", col[-1]))
        for i, card in enumerate(self.turned):
            if card is not None:
                out.append((f"x{i + 1}", card))
        return out

    def _pairs(self) -> list[str]:
        avail = self._available()
        out = []
        for a in range(len(avail)):
            for b in range(a + 1, len(avail)):
                if avail[a][1].rank == avail[b][1].rank:
                    out.append(f"pair:{avail[a][0]},{avail[b][0]}")
        return out

    def _automatic(self) -> None:
        """Turn reserve cards while no pair exists and the reserve is not empty."""
        while not self._pairs() and self.reserve:
            self.turned[self.n_turned] = self.reserve.pop()
            self.n_turned += 1

    def _remove(self, place: str) -> None:
        n = int(place[1:]) - 1
        if place[0] == "c":
            self.columns[n].pop()
        else:
            self.turned[n] = None

    # --- the rules -------------------------------------------------------------------

    def moves(self) -> list[str]:
        """All legal moves, as text forms."""
        if self.is_won:
            return []
        return self._pairs()

    def _apply(self, move: str) -> None:
        a, b = move[len("pair:") :].split(",")
        self._remove(a)
        self._remove(b)
        self._automatic()

    @property
    def key(self) -> str:
        parts = [pile_text(f"C{i + 1}", col) for i, col in enumerate(self.columns)]
        parts.append(pile_text("reserve", self.reserve, len(self.reserve)))
        for i, card in enumerate(self.turned):
            parts.append(f"X{i + 1}:" + ("" if card is None else str(card)))
        return " ".join(parts)

    @property
    def is_won(self) -> bool:
        return (
            all(not col for col in self.columns)
            and not self.reserve
            and all(c is None for c in self.turned)
        )

    def __str__(self) -> str:
        return self.key.replace(" reserve:", "\nreserve:")


class Game(RefGame):
    """NESTOR (no options)."""

    slug: ClassVar[str] = "nestor"

    def start(self, cards: list[Card], rng: SplitMix64) -> State:
        """Deal the six rows with the column condition, then the reserve."""
        state = State(self)
        queue = deque(cards)  # front: the next card to be dealt
        for _row in range(N_ROWS):
            for j in range(N_COLUMNS):
                column = state.columns[j]
                tried = 0
                while tried < len(queue):
                    if any(c.rank == queue[0].rank for c in column):
                        queue.append(queue.popleft())
                        tried += 1
                    else:
                        break
                # either the front card fits, or a whole round failed: place it regardless
                column.append(queue.popleft())
        # the front of the queue is the reserve's top, written last
        state.reserve = list(reversed(queue))
        state._automatic()
        return state
