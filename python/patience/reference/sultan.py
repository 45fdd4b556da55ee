"""THE SULTAN (two packs): the reference engine.

Written from ``rules/sultan.md`` and ``docs/notation/sultan.md`` alone, for clarity, not
speed.

Layout: the eight kings and one ace of hearts, taken out of the shuffled pack, are set out in
a square; the middle king of hearts (the Sultan) takes no part, the other eight cards are the
foundations F1-F8 (F1 the ace of hearts, F2 the other king of hearts, F3-F8 the kings of clubs,
diamonds and spades, two each), built up in suit to queens (the kings from the ace). The next
eight cards are the Divan D1-D8, single cards playable to the foundations, each refilled at
once from the talon top, or from the pack when the talon is empty. The other 87 cards are the
pack, turned one at a time onto the talon. Two shuffled re-deals of the talon. Won with every
card on the foundations.
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

N_DIVAN = 8
PASSES = 3
QUEEN = 12
#: the bases of F1..F8, in this order
BASES = [Card(1, 2), Card(13, 2), Card(13, 0), Card(13, 0), Card(13, 1), Card(13, 1)]
BASES += [Card(13, 3), Card(13, 3)]
#: every card taken out of the shuffled pack: the eight kings and one ace of hearts
WITHDRAWN = [Card(13, s) for s in range(4) for _ in range(2)] + [Card(1, 2)]


class State(RefState):
    """One position of THE SULTAN. Every pile is a list from bottom to top; ``pack`` too,
    so its last element is the next card to come out. An empty Divan place is ``None``."""

    def __init__(self, game: Game, rng: SplitMix64) -> None:
        self.game = game
        self.divan: list[Card | None] = [None] * N_DIVAN
        self.found: list[list[Card]] = [[base] for base in BASES]
        self.pack: list[Card] = []
        self.talon: list[Card] = []
        self.passes = 1
        self.rng = rng

    def _wants(self, m: int, card: Card) -> bool:
        """Does foundation ``m`` (0-based) take ``card`` now?"""
        f = self.found[m]
        if f[-1].rank == QUEEN or card.suit != f[0].suit:
            return False
        n = len(f)
        wanted = n + 1 if f[0].rank == 1 else n  # the ace-of-hearts pile starts from the two
        return card.rank == wanted

    def _sources(self) -> list[tuple[str, Card]]:
        out = [(f"d{i + 1}", c) for i, c in enumerate(self.divan) if c is not None]
        if self.talon:
            out.append(("talon", self.talon[-1]))
        return out

    def _refill(self) -> None:
        """Empty Divan places, lowest first, take the talon top, else the pack top."""
        while None in self.divan and (self.talon or self.pack):
            source = self.talon if self.talon else self.pack
            self.divan[self.divan.index(None)] = source.pop()

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
            seq = list(self.talon)  # the talon turned over: its bottom card first
            shuffle(seq, self.rng)
            self.pack = list(reversed(seq))  # the first card of the result on top
            self.talon = []
            self.passes += 1
        else:
            src, dst = move.split(">")
            if src == "talon":
                card = self.talon.pop()
            else:
                i = int(src[1:]) - 1
                card = self.divan[i]
                assert card is not None
                self.divan[i] = None
            self.found[int(dst[1:]) - 1].append(card)
        self._refill()

    @property
    def key(self) -> str:
        parts = [f"D{i + 1}:" + (str(c) if c else "") for i, c in enumerate(self.divan)]
        parts += [pile_text(f"F{i + 1}", f) for i, f in enumerate(self.found)]
        parts.append(pile_text("pack", self.pack, len(self.pack)))
        parts.append(pile_text("talon", self.talon))
        parts.append(f"pass:{self.passes}")
        parts.append(self.rng.text())
        return " ".join(parts)

    @property
    def is_won(self) -> bool:
        return sum(len(f) for f in self.found) == len(BASES) + 95


class Game(RefGame):
    """THE SULTAN. No options."""

    slug: ClassVar[str] = "sultan"
    OPTIONS: ClassVar[dict[str, Any]] = {}

    def pack(self) -> list[Card]:
        """Two standard packs, 104 cards."""
        return standard_pack(2)

    def start(self, cards: list[Card], rng: SplitMix64) -> State:
        """Take out the kings and an ace of hearts, deal the Divan; the rest is the pack."""
        rest = list(cards)
        withdraw(rest, WITHDRAWN)
        state = State(self, rng)
        for i in range(N_DIVAN):
            state.divan[i] = rest[i]
        state.pack = list(reversed(rest[N_DIVAN:]))
        state._refill()
        return state
