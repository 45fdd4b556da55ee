"""THE LABYRINTH: reference engine.

Written from ``rules/labyrinth.md`` and ``docs/notation/labyrinth.md`` alone. Two packs; an
ace and a king of each suit are the foundations (F1..F4 up from AC, AD, AH, AS; F5..F8 down
from KC, KD, KH, KS). The rest is dealt in rows of ten; a card is free when the cell above it
or below it is empty (or it is in the highest or the last dealt row). Only the last dealt row
is refilled from the pack. Once, with the pack out and nothing to play, any card may be lifted
into a holding cell (the grace). Option ``wait_for_foundations``: the eight foundation cards
are not taken out. Written for clarity, not speed.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ._common import (
    Card,
    ReferenceError_,
    RefGame,
    RefState,
    SplitMix64,
    pile_text,
    standard_pack,
    withdraw,
)

WIDTH = 10
#: the foundations' suits and ways: F1..F4 up (from the ace), F5..F8 down (from the king)
SUITS = [0, 1, 2, 3, 0, 1, 2, 3]
BASES = [Card(1, s) for s in range(4)] + [Card(13, s) for s in range(4)]


class LabyrinthState(RefState):
    def __init__(self, game: Game) -> None:
        self.game = game
        self.foundations: list[list[Card]] = [[] for _ in range(8)]
        self.rows: list[list[Card | None]] = []
        self.held: Card | None = None
        #: bottom to top; the last card is the next one dealt
        self.pack: list[Card] = []
        self.graces = 0

    def _fits(self, k: int, card: Card) -> bool:
        f = self.foundations[k]
        if card.suit != SUITS[k] or len(f) == 13:
            return False
        up = k < 4
        if not f:
            return card.rank == (1 if up else 13)
        return card.rank == f[-1].rank + (1 if up else -1)

    def _free(self, r: int, c: int) -> bool:
        if self.rows[r][c] is None:
            return False
        above = r == 0 or self.rows[r - 1][c] is None
        below = r == len(self.rows) - 1 or self.rows[r + 1][c] is None
        return above or below

    def _plays(self) -> list[str]:
        out = []
        for r, row in enumerate(self.rows):
            for c, card in enumerate(row):
                if card is not None and self._free(r, c):
                    out += [f"r{r + 1}c{c + 1}>f{k + 1}" for k in range(8) if self._fits(k, card)]
        if self.held is not None:
            out += [f"h>f{k + 1}" for k in range(8) if self._fits(k, self.held)]
        return out

    def moves(self) -> list[str]:
        if self.is_won:
            return []
        out = self._plays()
        if self.pack:
            out.append("deal")
        elif not out and self.graces == 0:
            for r, row in enumerate(self.rows):
                for c, card in enumerate(row):
                    if card is not None:
                        out.append(f"grace r{r + 1}c{c + 1}")
        return out

    def _deal_row(self) -> None:
        row: list[Card | None] = []
        for _ in range(WIDTH):
            row.append(self.pack.pop() if self.pack else None)
        self.rows.append(row)

    def _apply(self, move: str) -> None:
        if move == "deal":
            self._deal_row()
            return
        if move.startswith("grace "):
            r, c = (int(x) for x in move[len("grace r") :].split("c"))
            self.held = self.rows[r - 1][c - 1]
            self.rows[r - 1][c - 1] = None
            self.graces += 1
            return
        src, dst = move.split(">")
        k = int(dst[1:]) - 1
        if src == "h":
            assert self.held is not None
            self.foundations[k].append(self.held)
            self.held = None
            return
        r, c = (int(x) - 1 for x in src[1:].split("c"))
        card = self.rows[r][c]
        assert card is not None
        self.foundations[k].append(card)
        self.rows[r][c] = None
        if r == len(self.rows) - 1 and self.pack:
            self.rows[r][c] = self.pack.pop()

    @property
    def key(self) -> str:
        parts = [pile_text(f"F{k + 1}", f) for k, f in enumerate(self.foundations)]
        for r, row in enumerate(self.rows):
            for c, x in enumerate(row):
                parts.append(f"R{r + 1}C{c + 1}:" + ("" if x is None else str(x)))
        parts.append("H:" + ("" if self.held is None else str(self.held)))
        parts.append(pile_text("pack", self.pack, len(self.pack)))
        parts.append(f"grace:{self.graces}")
        return " ".join(parts)

    @property
    def is_won(self) -> bool:
        return sum(len(f) for f in self.foundations) == 104


class Game(RefGame):
    """THE LABYRINTH; option ``wait_for_foundations`` (default False)."""

    slug: ClassVar[str] = "labyrinth"
    OPTIONS: ClassVar[dict[str, Any]] = {"wait_for_foundations": False}

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        wait = self.options["wait_for_foundations"]
        if not isinstance(wait, bool):
            raise ReferenceError_(f"wait_for_foundations must be a bool, got {wait!r}")
        self.wait: bool = wait

    def pack(self) -> list[Card]:
        return standard_pack(2)

    def start(self, cards: list[Card], rng: SplitMix64) -> LabyrinthState:
        if len(cards) != 104:
            raise ReferenceError_("THE LABYRINTH needs the 104 cards of two packs")
        rest = list(cards)
        state = LabyrinthState(self)
        if not self.wait:
            withdraw(rest, BASES)
            state.foundations = [[b] for b in BASES]
        state.pack = list(reversed(rest))
        state._deal_row()
        return state
