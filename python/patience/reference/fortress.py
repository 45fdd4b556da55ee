"""FORTRESS: reference engine.

Written from ``python/patience/rules/fortress.md`` and ``docs/notation/fortress.md`` alone.
One pack, all dealt face up into ten rows: L1..L5 on the left and R1..R5 on the right, dealt
row height by row height (L1, R1, L2, R2, ..., L5, R5), five cards a row and six in L5 and R5.
Each row is a pile whose top is its outer card: a left row's first dealt card, a right row's
last dealt card. The outer card of a row may go to its foundation (F1..F4, ace to the lowest
empty one, up in suit), onto another row's outer card of its suit one rank up or down, or into
an empty row. No automatic step, no pack, no re-deal. Won with all 52 cards on the foundations.

Written for clarity, not speed.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ._common import Card, ReferenceError_, RefGame, RefState, SplitMix64, pile_text

#: Row labels in key order.
ROW_LABELS = [f"L{r}" for r in range(1, 6)] + [f"R{r}" for r in range(1, 6)]
FOUNDATION_LABELS = [f"F{n}" for n in range(1, 5)]


class State(RefState):
    """A position of FORTRESS: ten rows and four foundations."""

    def __init__(self, game: Game, rows: list[list[Card]]) -> None:
        self.game = game
        #: rows[i], bottom (inner card) to top (outer card), in ROW_LABELS order
        self.rows = rows
        #: foundations[n], ace at the bottom, F1..F4
        self.foundations: list[list[Card]] = [[] for _ in FOUNDATION_LABELS]

    # --- the rules ------------------------------------------------------------------------

    def _foundation_for(self, card: Card) -> int | None:
        """Index of the foundation that takes ``card``, or None."""
        if card.rank == 1:
            for n, f in enumerate(self.foundations):
                if not f:
                    return n
            return None
        for n, f in enumerate(self.foundations):
            if f and f[-1].suit == card.suit and f[-1].rank + 1 == card.rank:
                return n
        return None

    @staticmethod
    def _row_takes(row: list[Card], card: Card) -> bool:
        if not row:
            return True
        top = row[-1]
        return top.suit == card.suit and abs(top.rank - card.rank) == 1

    def moves(self) -> list[str]:
        out: list[str] = []
        if self.is_won:
            return out
        for i, src in enumerate(self.rows):
            if not src:
                continue
            card = src[-1]
            name = ROW_LABELS[i].lower()
            n = self._foundation_for(card)
            if n is not None:
                out.append(f"{name}>f{n + 1}")
            for j, dst in enumerate(self.rows):
                if j != i and self._row_takes(dst, card):
                    out.append(f"{name}>{ROW_LABELS[j].lower()}")
        return out

    def _apply(self, move: str) -> None:
        src_text, dst_text = move.split(">")
        labels = [x.lower() for x in ROW_LABELS]
        card = self.rows[labels.index(src_text)].pop()
        if dst_text.startswith("f"):
            self.foundations[int(dst_text[1:]) - 1].append(card)
        else:
            self.rows[labels.index(dst_text)].append(card)
        # No automatic steps.

    # --- text -----------------------------------------------------------------------------

    @property
    def key(self) -> str:
        parts = [pile_text(label, row) for label, row in zip(ROW_LABELS, self.rows)]
        parts += [pile_text(label, f) for label, f in zip(FOUNDATION_LABELS, self.foundations)]
        return " ".join(parts)

    @property
    def is_won(self) -> bool:
        return sum(len(f) for f in self.foundations) == 52

    def __str__(self) -> str:
        lines = []
        for r in range(5):
            left = " ".join(str(c) for c in reversed(self.rows[r]))
            right = " ".join(str(c) for c in self.rows[5 + r])
            found = " ".join(str(f[-1]) if f else "--" for f in self.foundations) if r == 2 else ""
            lines.append(f"{left:>20} | {found:^11} | {right}")
        return "\n".join(lines)


class Game(RefGame):
    """FORTRESS (one pack, no options)."""

    slug = "fortress"
    OPTIONS: ClassVar[dict[str, Any]] = {}

    def start(self, cards: list[Card], rng: SplitMix64) -> State:
        if len(cards) != 52:
            raise ReferenceError_("FORTRESS needs the 52 cards of one pack")
        pack = list(cards)
        rows: list[list[Card]] = [[] for _ in ROW_LABELS]
        for r in range(5):
            width = 6 if r == 4 else 5
            for side in (0, 1):  # left group first, then right
                dealt = [pack.pop(0) for _ in range(width)]  # left to right
                if side == 0:
                    rows[r] = list(reversed(dealt))  # outer card (first dealt) on top
                else:
                    rows[5 + r] = dealt  # outer card (last dealt) on top
        return State(self, rows)
