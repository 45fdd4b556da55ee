"""THE FOURTEENTH: reference engine.

Written from ``rules/fourteenth.md`` and ``docs/notation/fourteenth.md`` alone. Two packs; 25
cards in a 5 x 5 grid, the rest the pack. A pair of cards sharing a row or a column whose
values make 14 is thrown out and its two cells refilled from the pack (reading order). Once,
when no pair is possible, two disjoint pairs of occupied cells may swap their cards (the
exchange). By default pairing is automatic (after the deal and after the exchange: the first
pair in reading order, again and again), so the exchange is the only move; with
``choose_pairs`` each pair is a move of the player's choice. Written for clarity, not speed.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any, ClassVar

from ._common import Card, ReferenceError_, RefGame, RefState, SplitMix64, pile_text, standard_pack

SIZE = 5
CELLS = [(r, c) for r in range(SIZE) for c in range(SIZE)]  # reading order


def _name(cell: tuple[int, int]) -> str:
    return f"r{cell[0] + 1}c{cell[1] + 1}"


def _parse(text: str) -> tuple[int, int]:
    r, c = text[1:].split("c")
    return int(r) - 1, int(c) - 1


class FourteenthState(RefState):
    def __init__(self, game: Game) -> None:
        self.game = game
        self.grid: dict[tuple[int, int], Card | None] = {cell: None for cell in CELLS}
        #: bottom to top; the last card is the next one used
        self.pack: list[Card] = []
        self.graces = 0

    def _pairs(self) -> list[str]:
        out = []
        for a, b in combinations(CELLS, 2):
            ca, cb = self.grid[a], self.grid[b]
            if ca is None or cb is None:
                continue
            if (a[0] == b[0] or a[1] == b[1]) and ca.rank + cb.rank == 14:
                out.append(f"{_name(a)}+{_name(b)}")
        return out

    def _exchanges(self) -> list[str]:
        occupied = [cell for cell in CELLS if self.grid[cell] is not None]
        out = []
        for four in combinations(occupied, 4):
            w, x, y, z = four
            # the three ways to split four cells into two pairs; each pair in reading order,
            # the pair holding the first cell written first
            for p, q in (((w, x), (y, z)), ((w, y), (x, z)), ((w, z), (x, y))):
                same_p = self.grid[p[0]] == self.grid[p[1]]
                same_q = self.grid[q[0]] == self.grid[q[1]]
                if same_p and same_q:
                    continue  # a null move
                out.append(f"exchange {_name(p[0])}-{_name(p[1])},{_name(q[0])}-{_name(q[1])}")
        return out

    def moves(self) -> list[str]:
        if self.is_won:
            return []
        pairs = self._pairs()
        if pairs:
            # never the case in the default game: the automatic pairing leaves no pair
            return pairs if self.game.options["choose_pairs"] else []
        if self.graces == 0:
            return self._exchanges()
        return []

    def pair_out(self) -> None:
        """The automatic pairing (default game): throw out the first legal pair (earliest
        first cell, then earliest second cell, in reading order) and refill, until none is
        left. ``_pairs`` lists pairs in exactly that order."""
        if self.game.options["choose_pairs"]:
            return
        while True:
            pairs = self._pairs()
            if not pairs:
                return
            self._throw_out(pairs[0])

    def _apply(self, move: str) -> None:
        if move.startswith("exchange "):
            for pair in move[len("exchange ") :].split(","):
                a, b = (_parse(t) for t in pair.split("-"))
                self.grid[a], self.grid[b] = self.grid[b], self.grid[a]
            self.graces += 1
            self.pair_out()
            return
        self._throw_out(move)

    def _throw_out(self, pair: str) -> None:
        """Throw out the pair ``rAcB+rCcD`` and refill its cells from the pack."""
        a, b = (_parse(t) for t in pair.split("+"))
        self.grid[a] = None
        self.grid[b] = None
        for cell in sorted([a, b]):
            if self.pack:
                self.grid[cell] = self.pack.pop()

    @property
    def key(self) -> str:
        parts = []
        for r in range(SIZE):
            row = "".join(
                ".." if self.grid[(r, c)] is None else str(self.grid[(r, c)]) for c in range(SIZE)
            )
            parts.append(f"R{r + 1}:{row}")
        parts.append(pile_text("pack", self.pack, len(self.pack)))
        parts.append(f"grace:{self.graces}")
        return " ".join(parts)

    @property
    def is_won(self) -> bool:
        return not self.pack and all(v is None for v in self.grid.values())


class Game(RefGame):
    """THE FOURTEENTH (two packs). Option ``choose_pairs`` (default False): pairs are the
    player's moves instead of the automatic pairing."""

    slug: ClassVar[str] = "fourteenth"
    OPTIONS: ClassVar[dict[str, Any]] = {"choose_pairs": False}

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        value = self.options["choose_pairs"]
        if not isinstance(value, bool):
            raise ReferenceError_(
                f"bad value for option 'choose_pairs': expected True or False, got {value!r}"
            )

    def pack(self) -> list[Card]:
        return standard_pack(2)

    def start(self, cards: list[Card], rng: SplitMix64) -> FourteenthState:
        if len(cards) != 104:
            raise ReferenceError_("THE FOURTEENTH needs the 104 cards of two packs")
        state = FourteenthState(self)
        for k, cell in enumerate(CELLS):
            state.grid[cell] = cards[k]
        state.pack = list(reversed(cards[len(CELLS) :]))
        state.pair_out()
        return state
