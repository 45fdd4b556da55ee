"""Reference engine of THE CARPET (``python/patience/rules/carpet.md``).

Two packs. The first ace and the first king of each suit met in the shuffled pack are taken
out as foundations F1-F4 (aces, up) and F5-F8 (kings, down), suits in the order C, D, H, S.
Cards 1-64 of the rest are dealt row by row into an 8 x 8 basket-weave carpet (upright where
r + c is even); a carpet card is available when a cell its narrow ends face is empty or off
the carpet. The other 32 cards are the pack. ``turn`` turns a card onto the talon; carpet
cards may go up or onto the talon top (same suit, one rank apart); the talon top may go up;
``redeal`` (twice at most) shuffles the talon, read bottom first, with the game's stream.

Text forms follow ``docs/NOTATION.md`` and ``docs/notation/carpet.md``.
Written for clarity, not speed.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ._common import (
    Card,
    RefGame,
    RefState,
    SplitMix64,
    pile_text,
    shuffle,
    standard_pack,
    withdraw,
)

SIZE = 8
ACE, KING = 1, 13
MAX_REDEALS = 2


def upright(r: int, c: int) -> bool:
    return (r + c) % 2 == 0


class State(RefState):
    """A position of THE CARPET."""

    def __init__(self, game: Game, rng: SplitMix64) -> None:
        self.game = game
        #: carpet[r][c] for r, c in 0..7 (row 1 is index 0)
        self.carpet: list[list[Card | None]] = [[None] * SIZE for _ in range(SIZE)]
        #: F1-F8, bottom to top
        self.foundations: list[list[Card]] = [[] for _ in range(8)]
        #: bottom to top: the last card is the next to be turned
        self.pack: list[Card] = []
        #: bottom to top: the last card is the top
        self.talon: list[Card] = []
        self.redeals = 0
        self.rng = rng

    # --- helpers ---------------------------------------------------------------------

    def _empty_or_off(self, r: int, c: int) -> bool:
        if not (0 <= r < SIZE and 0 <= c < SIZE):
            return True
        return self.carpet[r][c] is None

    def _available(self, r: int, c: int) -> bool:
        if self.carpet[r][c] is None:
            return False
        # r, c are 0-based here; parity of r + c is the same as for 1-based labels
        if upright(r, c):
            return self._empty_or_off(r - 1, c) or self._empty_or_off(r + 1, c)
        return self._empty_or_off(r, c - 1) or self._empty_or_off(r, c + 1)

    def _foundations_for(self, card: Card) -> list[int]:
        out = []
        for i, f in enumerate(self.foundations):
            top = f[-1]
            if top.suit != card.suit or len(f) == 13:
                continue
            if i < 4 and card.rank == top.rank + 1:
                out.append(i)
            if i >= 4 and card.rank == top.rank - 1:
                out.append(i)
        return out

    # --- the rules -------------------------------------------------------------------

    def moves(self) -> list[str]:
        if self.is_won:
            return []
        out: list[str] = []
        for r in range(SIZE):
            for c in range(SIZE):
                if not self._available(r, c):
                    continue
                card = self.carpet[r][c]
                assert card is not None
                for f in self._foundations_for(card):
                    out.append(f"c{r + 1}{c + 1}>f{f + 1}")
                if self.talon:
                    top = self.talon[-1]
                    if top.suit == card.suit and abs(top.rank - card.rank) == 1:
                        out.append(f"c{r + 1}{c + 1}>talon")
        if self.talon:
            for f in self._foundations_for(self.talon[-1]):
                out.append(f"talon>f{f + 1}")
        if self.pack:
            out.append("turn")
        if not self.pack and self.talon and self.redeals < MAX_REDEALS:
            out.append("redeal")
        return out

    def _apply(self, move: str) -> None:
        if move == "turn":
            self.talon.append(self.pack.pop())
            return
        if move == "redeal":
            seq = list(self.talon)  # bottom card first
            shuffle(seq, self.rng)
            self.pack = list(reversed(seq))  # first card of the sequence on top
            self.talon = []
            self.redeals += 1
            return
        src, dst = move.split(">")
        if src == "talon":
            card = self.talon.pop()
        else:
            r, c = int(src[1]) - 1, int(src[2]) - 1
            card = self.carpet[r][c]
            assert card is not None
            self.carpet[r][c] = None
        if dst == "talon":
            self.talon.append(card)
        else:
            self.foundations[int(dst[1:]) - 1].append(card)

    @property
    def key(self) -> str:
        parts = []
        for r in range(SIZE):
            for c in range(SIZE):
                card = self.carpet[r][c]
                parts.append(f"C{r + 1}{c + 1}:" + ("" if card is None else str(card)))
        parts += [pile_text(f"F{i + 1}", f) for i, f in enumerate(self.foundations)]
        parts.append(pile_text("pack", self.pack, len(self.pack)))
        parts.append(pile_text("talon", self.talon))
        parts.append(f"redeals:{self.redeals}")
        parts.append(self.rng.text())
        return " ".join(parts)

    @property
    def is_won(self) -> bool:
        return sum(len(f) for f in self.foundations) == 104


class Game(RefGame):
    """THE CARPET (no options)."""

    slug: ClassVar[str] = "carpet"
    OPTIONS: ClassVar[dict[str, Any]] = {}

    def pack(self) -> list[Card]:
        return standard_pack(2)

    def start(self, cards: list[Card], rng: SplitMix64) -> State:
        state = State(self, rng)
        rest = list(cards)
        bases = withdraw(rest, [Card(ACE, s) for s in range(4)] + [Card(KING, s) for s in range(4)])
        state.foundations = [[b] for b in bases]
        for k in range(64):
            state.carpet[k // SIZE][k % SIZE] = rest[k]
        state.pack = list(reversed(rest[64:]))
        return state
