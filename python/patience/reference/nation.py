"""THE NATION: the reference engine.

Written from ``rules/nation.md`` and ``docs/notation/nation.md`` alone.

Two packs. AC, AD, AH, AS (F1-F4, built up) and KC, KD, KH, KS (F5-F8, built down) are taken
out of the shuffled pack. The other 96 cards are dealt to twelve columns T1-T12, eight counts
each; a card that a foundation wants at its count goes there at once (the ace foundation first)
instead of into the column. After the deal the free (top) card of a column goes to a foundation
that wants it, onto another column's top card of its suit one rank up or down, or into an empty
column. Two re-deals pick the columns up (T12 first out) and deal them again the same way.

Written for clarity, not speed.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ._common import Card, ReferenceError_, RefGame, RefState, SplitMix64, standard_pack, withdraw

N_COLUMNS = 12
COUNTS = 8
PASSES = 3
BASES = [Card(1, s) for s in range(4)] + [Card(13, s) for s in range(4)]


class NationState(RefState):
    """A position: columns bottom to top, foundations bottom (base) to top, pass number."""

    def __init__(self, game: Game, pack: list[Card]) -> None:
        self.game = game
        self.columns: list[list[Card]] = [[] for _ in range(N_COLUMNS)]
        self.found: list[list[Card]] = [[b] for b in BASES]
        self.passes = 1
        self._deal(pack)

    def _wants(self, m: int, card: Card) -> bool:
        top = self.found[m][-1]
        if top.suit != card.suit:
            return False
        if m < 4:
            return card.rank == top.rank + 1
        return card.rank == top.rank - 1

    def _deal(self, pack: list[Card]) -> None:
        """The dealing procedure; ``pack`` in dealing order (its first card dealt first)."""
        pack = list(pack)
        for c in range(N_COLUMNS):
            for _count in range(COUNTS):
                if not pack:
                    return
                card = pack.pop(0)
                for m in range(8):  # the ace foundations F1-F4 come first
                    if self._wants(m, card):
                        self.found[m].append(card)
                        break
                else:
                    self.columns[c].append(card)

    # --- the rules -------------------------------------------------------------------------

    def moves(self) -> list[str]:
        if self.is_won:
            return []
        out: list[str] = []
        for i, col in enumerate(self.columns):
            if not col:
                continue
            card = col[-1]
            for m in range(8):
                if self._wants(m, card):
                    out.append(f"t{i + 1}>f{m + 1}")
            for j, other in enumerate(self.columns):
                if j == i:
                    continue
                if not other or (
                    other[-1].suit == card.suit and abs(other[-1].rank - card.rank) == 1
                ):
                    out.append(f"t{i + 1}>t{j + 1}")
        if self.passes < PASSES:
            out.append("redeal")
        return out

    def _apply(self, move: str) -> None:
        if move == "redeal":
            pack: list[Card] = []
            for col in reversed(self.columns):
                pack.extend(col)
            self.columns = [[] for _ in range(N_COLUMNS)]
            self.passes += 1
            self._deal(pack)
            return
        src, dst = move.split(">")
        card = self.columns[int(src[1:]) - 1].pop()
        if dst.startswith("f"):
            self.found[int(dst[1:]) - 1].append(card)
        else:
            self.columns[int(dst[1:]) - 1].append(card)

    @property
    def key(self) -> str:
        parts = [f"T{i + 1}:" + "".join(map(str, c)) for i, c in enumerate(self.columns)]
        parts += [f"F{i + 1}:" + "".join(map(str, f)) for i, f in enumerate(self.found)]
        parts.append(f"pass:{self.passes}")
        return " ".join(parts)

    @property
    def is_won(self) -> bool:
        return sum(len(f) for f in self.found) == 104


class Game(RefGame):
    """THE NATION (two packs, no options)."""

    slug: ClassVar[str] = "nation"
    OPTIONS: ClassVar[dict[str, Any]] = {}

    def pack(self) -> list[Card]:
        return standard_pack(2)

    def start(self, cards: list[Card], rng: SplitMix64) -> NationState:
        if len(cards) != 104:
            raise ReferenceError_("THE NATION needs the 104 cards of two packs")
        pack = list(cards)
        withdraw(pack, BASES)
        return NationState(self, pack)
