"""THE WHEEL: reference engine.

Written from ``rules/wheel.md`` and ``docs/notation/wheel.md`` alone. Two packs; the eight
aces are taken out and never play. Twelve cushion places P1..P12 get one card each; a
combination takes three top pip cards of different ranks summing to 18 and one top court card,
from four different places, into the circle. During the first deal emptied places are refilled
from the pack; later ``deal`` moves (only when no combination exists) put one card on each
place. Written for clarity, not speed.
"""

from __future__ import annotations

from itertools import combinations
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

N = 12
ACES = [Card(1, s) for s in range(4) for _ in range(2)]


class WheelState(RefState):
    def __init__(self, game: Game) -> None:
        self.game = game
        self.places: list[list[Card]] = [[] for _ in range(N)]
        #: bottom to top; the last card is the next one dealt
        self.pack: list[Card] = []
        self.circle = 0
        self.deals = 1

    def _combinations(self) -> list[str]:
        out = []
        tops = {i: p[-1] for i, p in enumerate(self.places) if p}
        pips = [i for i, c in tops.items() if 2 <= c.rank <= 10]
        courts = [i for i, c in tops.items() if c.rank >= 11]
        for a, b, c in combinations(sorted(pips), 3):
            ranks = {tops[a].rank, tops[b].rank, tops[c].rank}
            if len(ranks) == 3 and sum(ranks) == 18:
                for d in courts:
                    out.append(f"p{a + 1}+p{b + 1}+p{c + 1}+p{d + 1}")
        return out

    def moves(self) -> list[str]:
        if self.is_won:
            return []
        out = self._combinations()
        if not out and self.pack:
            out.append("deal")
        return out

    def _apply(self, move: str) -> None:
        if move == "deal":
            for p in self.places:
                if not self.pack:
                    break
                p.append(self.pack.pop())
            self.deals += 1
            return
        used = [int(t[1:]) - 1 for t in move.split("+")]
        for i in used:
            self.places[i].pop()
        self.circle += 1
        if self.deals == 1:
            for i in sorted(used):
                if not self.places[i] and self.pack:
                    self.places[i].append(self.pack.pop())

    @property
    def key(self) -> str:
        parts = [pile_text(f"P{i + 1}", p) for i, p in enumerate(self.places)]
        parts.append(pile_text("pack", self.pack, len(self.pack)))
        parts.append(f"circle:{self.circle}")
        parts.append(f"deal:{self.deals}")
        return " ".join(parts)

    @property
    def is_won(self) -> bool:
        return self.circle == 24


class Game(RefGame):
    """THE WHEEL (two packs, no options)."""

    slug: ClassVar[str] = "wheel"
    OPTIONS: ClassVar[dict[str, Any]] = {}

    def pack(self) -> list[Card]:
        return standard_pack(2)

    def start(self, cards: list[Card], rng: SplitMix64) -> WheelState:
        if len(cards) != 104:
            raise ReferenceError_("THE WHEEL needs the 104 cards of two packs")
        rest = list(cards)
        withdraw(rest, ACES)
        state = WheelState(self)
        for i in range(N):
            state.places[i] = [rest[i]]
        state.pack = list(reversed(rest[N:]))
        return state
