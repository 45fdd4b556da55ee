"""BABETTE (two packs): the reference engine.

Written from ``rules/babette.md`` and ``docs/notation/babette.md`` alone, for clarity, not
speed.

Layout: the whole shuffled pack is dealt in rows of eight onto the garden columns C1-C8, one
row per ``deal`` move (the first row at once); only the top (last-dealt) card of a column is
available, for the foundations only. Eight foundations, all empty at the start: F1-F4 up from
the ace (C, D, H, S), F5-F8 down from the king (C, D, H, S). When the pack is used up the
garden may be gathered (C1 first, each column under the ones before, then turned over) and
dealt again, twice. Won with every card on the foundations.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ._common import Card, RefGame, RefState, SplitMix64, pile_text, standard_pack

N_COLS = 8
PASSES = 3
N_UP = 4


class State(RefState):
    """One position of BABETTE. Every pile is a list from bottom to top; ``pack`` too, so its
    last element is the next card to be dealt."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.cols: list[list[Card]] = [[] for _ in range(N_COLS)]
        self.found: list[list[Card]] = [[] for _ in range(2 * N_UP)]
        self.pack: list[Card] = []
        self.passes = 1

    def _wants(self, m: int, card: Card) -> bool:
        """Does foundation ``m`` (0-based) take ``card`` now?"""
        n = len(self.found[m])
        if card.suit != m % N_UP or n == 13:
            return False
        if m < N_UP:
            return card.rank == n + 1
        return card.rank == 13 - n

    def _deal_row(self) -> None:
        for col in self.cols:
            if self.pack:
                col.append(self.pack.pop())

    def moves(self) -> list[str]:
        if self.is_won:
            return []
        out = []
        for i, col in enumerate(self.cols):
            if col:
                for m in range(len(self.found)):
                    if self._wants(m, col[-1]):
                        out.append(f"c{i + 1}>f{m + 1}")
        if self.pack:
            out.append("deal")
        elif self.passes < PASSES:
            out.append("redeal")
        return out

    def _apply(self, move: str) -> None:
        if move == "deal":
            self._deal_row()
        elif move == "redeal":
            # C1 is taken up first; each later column goes underneath; the whole is turned
            # over, so the cards come out C8 bottom to top first, ..., C1 last
            first_out: list[Card] = []
            for col in reversed(self.cols):
                first_out += col
            self.cols = [[] for _ in range(N_COLS)]
            self.pack = list(reversed(first_out))
            self.passes += 1
            self._deal_row()
        else:
            src, dst = move.split(">")
            card = self.cols[int(src[1:]) - 1].pop()
            self.found[int(dst[1:]) - 1].append(card)

    @property
    def key(self) -> str:
        parts = [pile_text(f"C{i + 1}", col) for i, col in enumerate(self.cols)]
        parts += [pile_text(f"F{i + 1}", f) for i, f in enumerate(self.found)]
        parts.append(pile_text("pack", self.pack, len(self.pack)))
        parts.append(f"pass:{self.passes}")
        return " ".join(parts)

    @property
    def is_won(self) -> bool:
        return sum(len(f) for f in self.found) == 104


class Game(RefGame):
    """BABETTE. No options."""

    slug: ClassVar[str] = "babette"
    OPTIONS: ClassVar[dict[str, Any]] = {}

    def pack(self) -> list[Card]:
        """Two standard packs, 104 cards."""
        return standard_pack(2)

    def start(self, cards: list[Card], rng: SplitMix64) -> State:
        """The whole pack is the pack, first card on top; the first row is dealt at once."""
        state = State(self)
        state.pack = list(reversed(cards))
        state._deal_row()
        return state
