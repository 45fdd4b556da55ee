"""Reference engine of THE QUEENS (two packs), written from ``rules/queens.md``.

The key (32 cards, only its top available, only to foundations) is laid out first; queens on
its top during the setup send fourteen cards under the pack. Seven shutter places take the next
cards (kings go to the foundation row and are replaced). Foundations are based on the kings and
run K, A, 2, ..., Q in suit. Shutter packets take marriages (same suit, one rank lower) from the
shutter and the talon; emptied shutter places are refilled at once from the talon, else the
pack. When the pack is empty, the queens turned onto the talon during the current pass pay for
three non-queen cards each, taken from the bottom of the talon to form a new pack.

Text forms follow ``docs/notation/queens.md``.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ._common import Card, RefGame, RefState, SplitMix64, pile_text, standard_pack

KING = 13
QUEEN = 12
KEY_SIZE = 32
QUEEN_PAYMENT_FROM_KEY = 14
TALON_CARDS_PER_QUEEN = 3
N_SHUTTER = 7
N_FOUNDATIONS = 8


def _follows(card: Card, pile: list[Card]) -> bool:
    """True when ``card`` may go on foundation ``pile`` (K, A, 2, ..., Q in suit)."""
    if not pile:
        return False
    top = pile[-1]
    if top.suit != card.suit:
        return False
    if top.rank == KING:
        return card.rank == 1
    if top.rank == QUEEN:
        return False
    return card.rank == top.rank + 1


class QueensState(RefState):
    """One position of THE QUEENS.

    ``key`` (named ``key_pile`` here, since ``key`` is the position's text), ``shutter`` and
    ``foundations`` are piles bottom to top; ``pack`` is in dealing order (``pack[0]`` is the
    next card to come out); ``talon`` is bottom to top; ``counted`` is the counter C.
    """

    def __init__(self, game: RefGame) -> None:
        self.game = game
        self.key_pile: list[Card] = []
        self.shutter: list[list[Card]] = [[] for _ in range(N_SHUTTER)]
        self.foundations: list[list[Card]] = [[] for _ in range(N_FOUNDATIONS)]
        self.pack: list[Card] = []
        self.talon: list[Card] = []
        self.counted = 0

    # --- helpers -------------------------------------------------------------------

    def _free_foundation(self) -> int:
        """Index of the lowest-numbered empty foundation place."""
        for i, pile in enumerate(self.foundations):
            if not pile:
                return i
        raise AssertionError("no free foundation place for a king")

    def _foundation_targets(self, card: Card) -> list[int]:
        """Indexes of the foundations that may take ``card``."""
        if card.rank == KING:
            return [self._free_foundation()]
        return [i for i, pile in enumerate(self.foundations) if _follows(card, pile)]

    def _sources(self) -> list[tuple[str, Card]]:
        """(move label, card) of every available card that may go to a foundation."""
        out = []
        if self.key_pile:
            out.append(("key", self.key_pile[-1]))
        for i, packet in enumerate(self.shutter):
            if packet:
                out.append((f"s{i + 1}", packet[-1]))
        if self.talon:
            out.append(("talon", self.talon[-1]))
        return out

    def _take(self, source: str) -> Card:
        """Remove and return the available card of ``source``."""
        if source == "key":
            return self.key_pile.pop()
        if source == "talon":
            card = self.talon.pop()
            if card.rank == QUEEN and self.counted > 0:
                self.counted -= 1
            return card
        return self.shutter[int(source[1:]) - 1].pop()

    def _refill(self) -> None:
        """Refill emptied shutter places: talon top, else pack top, else leave empty."""
        for packet in self.shutter:
            if packet:
                continue
            if self.talon:
                packet.append(self._take("talon"))
            elif self.pack:
                packet.append(self.pack.pop(0))

    # --- the rules -------------------------------------------------------------------

    def moves(self) -> list[str]:
        out = []
        if self.is_won:
            return out
        for label, card in self._sources():
            for f in self._foundation_targets(card):
                out.append(f"{label}>f{f + 1}")
        marriage_sources = [(lab, c) for lab, c in self._sources() if lab != "key"]
        for label, card in marriage_sources:
            for m, packet in enumerate(self.shutter):
                if label == f"s{m + 1}" or not packet:
                    continue
                top = packet[-1]
                if top.suit == card.suit and top.rank == card.rank + 1:
                    out.append(f"{label}>s{m + 1}")
        if self.pack:
            out.append("turn")
        if not self.pack and self.talon and self.counted >= 1:
            out.append("pay")
        return out

    def _apply(self, move: str) -> None:
        if move == "turn":
            card = self.pack.pop(0)
            self.talon.append(card)
            if card.rank == QUEEN:
                self.counted += 1
        elif move == "pay":
            wanted = TALON_CARDS_PER_QUEEN * self.counted
            taken: list[Card] = []
            paid = 0
            while self.talon and paid < wanted:
                card = self.talon.pop(0)
                taken.append(card)
                if card.rank != QUEEN:
                    paid += 1
            self.pack = taken
            self.counted = 0
        else:
            source, dest = move.split(">")
            card = self._take(source)
            index = int(dest[1:]) - 1
            if dest[0] == "f":
                self.foundations[index].append(card)
            else:
                self.shutter[index].append(card)
        self._refill()

    @property
    def key(self) -> str:
        parts = [pile_text("key", self.key_pile)]
        parts += [pile_text(f"S{i + 1}", p) for i, p in enumerate(self.shutter)]
        parts += [pile_text(f"F{i + 1}", p) for i, p in enumerate(self.foundations)]
        parts.append(pile_text("pack", reversed(self.pack), face_down=len(self.pack)))
        parts.append(pile_text("talon", self.talon))
        parts.append(f"queens:{self.counted}")
        return " ".join(parts)

    @property
    def is_won(self) -> bool:
        return sum(len(p) for p in self.foundations) == 104


class Game(RefGame):
    """THE QUEENS: two packs, a 32-card key, a seven-place shutter, queens paying for cards."""

    slug: ClassVar[str] = "queens"
    OPTIONS: ClassVar[dict[str, Any]] = {}

    def pack(self) -> list[Card]:
        """Two standard packs, 104 cards."""
        return standard_pack(2)

    def start(self, cards: list[Card], rng: SplitMix64) -> QueensState:
        """Lay out the key, pay for queens on its top, deal the shutter (kings to the row)."""
        state = QueensState(self)
        state.key_pile = list(cards[:KEY_SIZE])
        state.pack = list(cards[KEY_SIZE:])
        while state.key_pile and state.key_pile[-1].rank == QUEEN:
            n = min(QUEEN_PAYMENT_FROM_KEY, len(state.key_pile))
            moved = state.key_pile[-n:]
            del state.key_pile[-n:]
            state.pack.extend(moved)
        for packet in state.shutter:
            while True:
                card = state.pack.pop(0)
                if card.rank == KING:
                    state.foundations[state._free_foundation()].append(card)
                    continue
                packet.append(card)
                break
        return state
