"""TWO RINGS (two packs): the reference engine.

Written from ``rules/two-rings.md`` and ``docs/notation/two-rings.md`` alone, for clarity,
not speed.

Layout: the eight sevens and eight sixes, taken out of the shuffled pack, are the foundations:
F1-F8 the sevens, built up in suit to the kings, F9-F16 the sixes, built down in suit to the
aces (each group C, C, D, D, H, H, S, S). The next eight cards are the bracelet B1-B8, single
cards playable to the foundations, each refilled at once from the talon top, or from the pack
when the talon is empty. The other 80 cards are the pack, turned one at a time onto the talon.
One unshuffled re-deal of the talon. Won with every card on the foundations.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ._common import Card, RefGame, RefState, SplitMix64, pile_text, standard_pack, withdraw

N_BRACELET = 8
PASSES = 2
SUIT_ORDER = (0, 0, 1, 1, 2, 2, 3, 3)
#: the bases of F1..F16, in this order
BASES = [Card(7, s) for s in SUIT_ORDER] + [Card(6, s) for s in SUIT_ORDER]


class State(RefState):
    """One position of TWO RINGS. Every pile is a list from bottom to top; ``pack`` too, so
    its last element is the next card to come out. An empty bracelet place is ``None``."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.bracelet: list[Card | None] = [None] * N_BRACELET
        self.found: list[list[Card]] = [[base] for base in BASES]
        self.pack: list[Card] = []
        self.talon: list[Card] = []
        self.passes = 1

    def _wants(self, m: int, card: Card) -> bool:
        """Does foundation ``m`` (0-based) take ``card`` now?"""
        f = self.found[m]
        if card.suit != f[0].suit:
            return False
        top = f[-1].rank
        if f[0].rank == 7:  # sevens go up to the king
            return top < 13 and card.rank == top + 1
        return top > 1 and card.rank == top - 1  # sixes go down to the ace

    def _sources(self) -> list[tuple[str, Card]]:
        out = [(f"b{i + 1}", c) for i, c in enumerate(self.bracelet) if c is not None]
        if self.talon:
            out.append(("talon", self.talon[-1]))
        return out

    def _refill(self) -> None:
        """Empty bracelet places, lowest first, take the talon top, else the pack top."""
        while None in self.bracelet and (self.talon or self.pack):
            source = self.talon if self.talon else self.pack
            self.bracelet[self.bracelet.index(None)] = source.pop()

    def moves(self) -> list[str]:
        if self.is_won:
            return []
        out = []
        for src, card in self._sources():
            for m in range(len(self.found)):
                if self._wants(m, card):
                    out.append(f"{src}>f{m + 1}")
        if self.pack:
            out.append("turn")
        if not self.pack and self.talon and self.passes < PASSES:
            out.append("redeal")
        return out

    def _apply(self, move: str) -> None:
        if move == "turn":
            self.talon.append(self.pack.pop())
        elif move == "redeal":
            # turned over as it lies: the talon's bottom card becomes the pack's top
            self.pack = list(reversed(self.talon))
            self.talon = []
            self.passes += 1
        else:
            src, dst = move.split(">")
            if src == "talon":
                card = self.talon.pop()
            else:
                i = int(src[1:]) - 1
                card = self.bracelet[i]
                assert card is not None
                self.bracelet[i] = None
            self.found[int(dst[1:]) - 1].append(card)
        self._refill()

    @property
    def key(self) -> str:
        parts = [f"B{i + 1}:" + (str(c) if c else "") for i, c in enumerate(self.bracelet)]
        parts += [pile_text(f"F{i + 1}", f) for i, f in enumerate(self.found)]
        parts.append(pile_text("pack", self.pack, len(self.pack)))
        parts.append(pile_text("talon", self.talon))
        parts.append(f"pass:{self.passes}")
        return " ".join(parts)

    @property
    def is_won(self) -> bool:
        return sum(len(f) for f in self.found) == 104


class Game(RefGame):
    """TWO RINGS. No options."""

    slug: ClassVar[str] = "two-rings"
    OPTIONS: ClassVar[dict[str, Any]] = {}

    def pack(self) -> list[Card]:
        """Two standard packs, 104 cards."""
        return standard_pack(2)

    def start(self, cards: list[Card], rng: SplitMix64) -> State:
        """Take out the sevens and sixes, deal the bracelet; the rest is the pack."""
        rest = list(cards)
        withdraw(rest, BASES)
        state = State(self)
        for i in range(N_BRACELET):
            state.bracelet[i] = rest[i]
        state.pack = list(reversed(rest[N_BRACELET:]))
        state._refill()
        return state
