"""LA NIVERNAISE (two packs): the reference engine.

Written from ``rules/la-nivernaise.md`` and ``docs/notation/la-nivernaise.md`` alone, for
clarity, not speed.

Eight flank places (FL1-FL4, FR1-FR4, one card each) and six Line packets (L1-L6, four cards
each at first) feed eight foundations: F1-F4 up from the aces of C, D, H, S, F5-F8 down from
their kings. A foundation's top card may pass to the other foundation of its suit. Empty flank
places are filled at will from a Line top or the pack; an empty Line packet is refilled at once
with four cards. ``deal`` deals a round of four on every packet; one ``redeal`` gathers the Line
(L1 first, each packet under the last) and deals it again. Won with all cards up.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ._common import Card, RefGame, RefState, SplitMix64, pile_text, standard_pack

N_LINE = 6
ACE, KING = 1, 13
FLANKS = [f"FL{i}" for i in range(1, 5)] + [f"FR{i}" for i in range(1, 5)]


class State(RefState):
    """One position. Piles are lists bottom to top (the pack too: its last card comes out
    next). ``flanks`` is indexed like ``FLANKS``; an empty place is ``None``."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.flanks: list[Card | None] = [None] * 8
        self.line: list[list[Card]] = [[] for _ in range(N_LINE)]
        self.found: list[list[Card]] = [[] for _ in range(8)]
        self.pack: list[Card] = []
        self.passes = 1

    def _wants(self, m: int, card: Card) -> bool:
        """Is ``card`` the next card of foundation ``m`` (0-based)?"""
        f = self.found[m]
        suit, up = m % 4, m < 4
        if card.suit != suit:
            return False
        if not f:
            return card.rank == (ACE if up else KING)
        top = f[-1].rank
        return card.rank == (top + 1 if up else top - 1)

    def _deal_four(self, i: int) -> None:
        for _ in range(4):
            if not self.pack:
                return
            self.line[i].append(self.pack.pop())

    def _sources(self) -> list[tuple[str, Card]]:
        out = [(FLANKS[i].lower(), c) for i, c in enumerate(self.flanks) if c is not None]
        out += [(f"l{i + 1}", p[-1]) for i, p in enumerate(self.line) if p]
        return out

    def moves(self) -> list[str]:
        if self.is_won:
            return []
        out: list[str] = []
        for src, card in self._sources():
            for m in range(8):
                if self._wants(m, card):
                    out.append(f"{src}>f{m + 1}")
        for j, c in enumerate(self.flanks):
            if c is None:
                dst = FLANKS[j].lower()
                out += [f"l{i + 1}>{dst}" for i, p in enumerate(self.line) if p]
                if self.pack:
                    out.append(f"pack>{dst}")
        for n in range(8):
            if len(self.found[n]) >= 2:
                for m in range(8):
                    if m != n and self._wants(m, self.found[n][-1]):
                        out.append(f"f{n + 1}>f{m + 1}")
        if self.pack:
            out.append("deal")
        if not self.pack and any(self.line) and self.passes == 1:
            out.append("redeal")
        return out

    def _take(self, src: str) -> Card:
        if src == "pack":
            return self.pack.pop()
        if src.startswith("l"):
            return self.line[int(src[1:]) - 1].pop()
        if src.startswith("fl") or src.startswith("fr"):
            j = FLANKS.index(src.upper())
            card = self.flanks[j]
            assert card is not None
            self.flanks[j] = None
            return card
        return self.found[int(src[1:]) - 1].pop()

    def _apply(self, move: str) -> None:
        if move == "deal":
            for i in range(N_LINE):
                self._deal_four(i)
        elif move == "redeal":
            new: list[Card] = []  # first card first
            for p in reversed(self.line):
                new += p
            self.line = [[] for _ in range(N_LINE)]
            self.pack = list(reversed(new))
            for i in range(N_LINE):
                self._deal_four(i)
            self.passes = 2
        else:
            src, dst = move.split(">")
            card = self._take(src)
            if dst.startswith("fl") or dst.startswith("fr"):
                self.flanks[FLANKS.index(dst.upper())] = card
            else:
                self.found[int(dst[1:]) - 1].append(card)
        while self.pack and [] in self.line:
            self._deal_four(self.line.index([]))

    @property
    def key(self) -> str:
        parts = [f"{FLANKS[i]}:" + (str(c) if c else "") for i, c in enumerate(self.flanks)]
        parts += [pile_text(f"L{i + 1}", p) for i, p in enumerate(self.line)]
        parts += [pile_text(f"F{i + 1}", f) for i, f in enumerate(self.found)]
        parts.append(pile_text("pack", self.pack, len(self.pack)))
        parts.append(f"pass:{self.passes}")
        return " ".join(parts)

    @property
    def is_won(self) -> bool:
        return sum(len(f) for f in self.found) == 104


class Game(RefGame):
    """LA NIVERNAISE. No options."""

    slug: ClassVar[str] = "la-nivernaise"
    OPTIONS: ClassVar[dict[str, Any]] = {}

    def pack(self) -> list[Card]:
        """Two standard packs, 104 cards."""
        return standard_pack(2)

    def start(self, cards: list[Card], rng: SplitMix64) -> State:
        """Flanks from cards 1-8, the Line from 9-32, the rest is the pack."""
        state = State(self)
        for i in range(8):
            state.flanks[i] = cards[i]
        for j in range(N_LINE):
            state.line[j] = list(cards[8 + 4 * j : 12 + 4 * j])
        state.pack = list(reversed(cards[32:]))
        return state
