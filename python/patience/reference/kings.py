"""THE KINGS: reference engine.

Written from ``rules/kings.md`` and ``docs/notation/kings.md`` alone. Two packs; the eight
aces are taken out of the shuffled pack and become eight foundations in four rows (two per
row). The other 96 cards are dealt in columns of four, alternately left and right of the aces
(L1, R1, L2, R2, ...), each card pushed onto the row-pile Left[r] or Right[r] of its row.
During the deal, open cards play at once to a foundation of their own row (steps (a) and (b)
of the rule file); the deal has no decisions and is finished before the first position.

After the deal the top (outermost) card of each row-pile may go to any foundation one rank
higher than its top, onto another row-pile's top card one rank higher or lower (suit
ignored), or into an empty row-pile. Won when all 104 cards are on the foundations.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ._common import Card, ReferenceError_, RefGame, RefState, SplitMix64, standard_pack, withdraw

ROWS = 4
#: Row-pile labels in key order: Left1, Right1, Left2, Right2, ... (index 2*(r-1) + side).
PILE_LABELS = [f"{side}{r}" for r in range(1, ROWS + 1) for side in ("Left", "Right")]
FOUNDATION_LABELS = [f"F{n}" for n in range(1, 9)]
#: Suit of the ace of each foundation F1..F8 (rows 1..4: D, C, H, S; two per row).
ACE_SUITS = [1, 1, 0, 0, 2, 2, 3, 3]


def _pile_index(side: int, row: int) -> int:
    """Index of row-pile ``side`` (0 left, 1 right) of row ``row`` (1..4)."""
    return 2 * (row - 1) + side


def _row_foundations(row: int) -> list[int]:
    """Foundation indices FLr, FRr of row ``row`` (1..4), in that order."""
    return [2 * (row - 1), 2 * (row - 1) + 1]


class KingsState(RefState):
    """One position after the deal: eight row-piles and eight foundations."""

    def __init__(self, game: Game, piles: list[list[Card]], foundations: list[list[Card]]):
        self.game = game
        #: piles[i], bottom (innermost) to top (outermost), in PILE_LABELS order.
        self.piles = piles
        #: foundations[n], ace at the bottom, in F1..F8 order.
        self.foundations = foundations

    # --- moves --------------------------------------------------------------------------

    def moves(self) -> list[str]:
        out: list[str] = []
        if self.is_won:
            return out
        for i, src in enumerate(self.piles):
            if not src:
                continue
            card = src[-1]
            for n, f in enumerate(self.foundations):
                if f[-1].rank + 1 == card.rank:
                    out.append(f"{PILE_LABELS[i].lower()}>f{n + 1}")
            for j, dst in enumerate(self.piles):
                if j == i:
                    continue
                if not dst or abs(dst[-1].rank - card.rank) == 1:
                    out.append(f"{PILE_LABELS[i].lower()}>{PILE_LABELS[j].lower()}")
        return out

    def _apply(self, move: str) -> None:
        src_text, dst_text = move.split(">")
        src = self.piles[[p.lower() for p in PILE_LABELS].index(src_text)]
        card = src.pop()
        if dst_text.startswith("f"):
            self.foundations[int(dst_text[1:]) - 1].append(card)
        else:
            self.piles[[p.lower() for p in PILE_LABELS].index(dst_text)].append(card)
        # No automatic steps after the deal.

    # --- text ---------------------------------------------------------------------------

    @property
    def key(self) -> str:
        parts = [PILE_LABELS[i] + ":" + "".join(map(str, p)) for i, p in enumerate(self.piles)]
        parts += [
            FOUNDATION_LABELS[n] + ":" + "".join(map(str, f))
            for n, f in enumerate(self.foundations)
        ]
        return " ".join(parts)

    @property
    def is_won(self) -> bool:
        return all(len(f) == 13 for f in self.foundations)

    def __str__(self) -> str:
        lines = []
        for r in range(1, ROWS + 1):
            left = self.piles[_pile_index(0, r)]
            right = self.piles[_pile_index(1, r)]
            fl, fr = (self.foundations[n] for n in _row_foundations(r))
            left_text = " ".join(str(c) for c in reversed(left))
            right_text = " ".join(str(c) for c in right)
            lines.append(f"{left_text:>40} | {fl[-1]} {fr[-1]} | {right_text}")
        return "\n".join(lines)


class Game(RefGame):
    """THE KINGS (two packs, no options). ``start`` performs the whole automatic deal."""

    slug = "kings"
    OPTIONS: ClassVar[dict[str, Any]] = {}

    def pack(self) -> list[Card]:
        return standard_pack(2)

    def start(self, cards: list[Card], rng: SplitMix64) -> KingsState:
        if len(cards) != 104:
            raise ReferenceError_("THE KINGS needs the 104 cards of two packs")
        pack = list(cards)
        withdraw(pack, [Card(1, s) for s in ACE_SUITS])
        foundations = [[Card(1, s)] for s in ACE_SUITS]
        piles: list[list[Card]] = [[] for _ in PILE_LABELS]
        closed = [False] * len(PILE_LABELS)

        def fits(card: Card, row: int) -> int | None:
            """Foundation of ``row`` taking ``card`` (FLr before FRr), or None."""
            for n in _row_foundations(row):
                if foundations[n][-1].rank + 1 == card.rank:
                    return n
            return None

        def is_open(i: int) -> bool:
            return bool(piles[i]) and not closed[i]

        column = 0
        while pack:
            column += 1
            for side in (0, 1):
                for row in range(1, ROWS + 1):
                    if not pack:
                        break
                    slot = _pile_index(side, row)
                    piles[slot].append(pack.pop(0))
                    closed[slot] = False
                    while True:
                        # (a) the card lying in the slot just dealt to.
                        if is_open(slot):
                            n = fits(piles[slot][-1], row)
                            if n is not None:
                                foundations[n].append(piles[slot].pop())
                                closed[slot] = True
                                if pack:
                                    piles[slot].append(pack.pop(0))
                                    closed[slot] = False
                                continue
                        # (b) another open card, in the order Left1, Right1, Left2, ...
                        for i in range(len(PILE_LABELS)):
                            if i == slot or not is_open(i):
                                continue
                            n = fits(piles[i][-1], i // 2 + 1)
                            if n is not None:
                                foundations[n].append(piles[i].pop())
                                closed[i] = True
                                break
                        else:
                            break
        return KingsState(self, piles, foundations)
