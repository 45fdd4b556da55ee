"""THE CLOCK: reference engine.

Written from ``rules/clock.md`` and ``docs/notation/clock.md`` alone. Two packs; twelve base
cards are taken out as foundations F1..F12 (hour k), each built up in suit (K then A) until its
top card has the rank k. Twelve packets of three feed them; a packet's top card may also marry
onto another packet's top card of its suit one rank higher. ``refill`` tops up the short
packets from the pack; ``turn`` (only with no packet short) turns a card onto the talon, whose
top card may only go up. No re-deal. Written for clarity, not speed.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ._common import (
    Card,
    ReferenceError_,
    RefGame,
    RefState,
    SplitMix64,
    parse_card,
    pile_text,
    standard_pack,
    withdraw,
)

#: base cards of F1..F12 (hours I..XII); foundation k is complete at rank k
BASES = [
    parse_card(t) for t in ["6C", "7H", "8S", "9D", "TC", "JH", "QS", "KD", "2C", "3H", "4S", "5D"]
]
N = 12
PACKET_SIZE = 3


def _next_rank(rank: int) -> int:
    """The rank above ``rank`` on a foundation (K is followed by A)."""
    return 1 if rank == 13 else rank + 1


class ClockState(RefState):
    """One position: foundations, packets, pack and talon."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.foundations: list[list[Card]] = [[b] for b in BASES]
        self.packets: list[list[Card]] = [[] for _ in range(N)]
        #: bottom to top; the last card is the next one used
        self.pack: list[Card] = []
        self.talon: list[Card] = []

    def _fits(self, k: int, card: Card) -> bool:
        f = self.foundations[k]
        top = f[-1]
        if top.rank == k + 1:  # complete: its top has the hour's rank
            return False
        return card.suit == top.suit and card.rank == _next_rank(top.rank)

    def _short(self) -> bool:
        return any(len(p) < PACKET_SIZE for p in self.packets)

    def moves(self) -> list[str]:
        if self.is_won:
            return []
        out: list[str] = []
        for i, p in enumerate(self.packets):
            if not p:
                continue
            card = p[-1]
            for k in range(N):
                if self._fits(k, card):
                    out.append(f"p{i + 1}>f{k + 1}")
            for j, q in enumerate(self.packets):
                if j != i and q and q[-1].suit == card.suit and q[-1].rank == card.rank + 1:
                    out.append(f"p{i + 1}>p{j + 1}")
        if self.talon:
            for k in range(N):
                if self._fits(k, self.talon[-1]):
                    out.append(f"talon>f{k + 1}")
        if self.pack and self._short():
            out.append("refill")
        if self.pack and not self._short():
            out.append("turn")
        return out

    def _apply(self, move: str) -> None:
        if move == "turn":
            self.talon.append(self.pack.pop())
            return
        if move == "refill":
            for p in self.packets:
                while len(p) < PACKET_SIZE and self.pack:
                    p.append(self.pack.pop())
            return
        src, dst = move.split(">")
        card = self.talon.pop() if src == "talon" else self.packets[int(src[1:]) - 1].pop()
        if dst.startswith("f"):
            self.foundations[int(dst[1:]) - 1].append(card)
        else:
            self.packets[int(dst[1:]) - 1].append(card)

    @property
    def key(self) -> str:
        parts = [pile_text(f"F{k + 1}", f) for k, f in enumerate(self.foundations)]
        parts += [pile_text(f"P{i + 1}", p) for i, p in enumerate(self.packets)]
        parts.append(pile_text("pack", self.pack, len(self.pack)))
        parts.append(pile_text("talon", self.talon))
        return " ".join(parts)

    @property
    def is_won(self) -> bool:
        return all(f[-1].rank == k + 1 for k, f in enumerate(self.foundations))


class Game(RefGame):
    """THE CLOCK (two packs, no options)."""

    slug: ClassVar[str] = "clock"
    OPTIONS: ClassVar[dict[str, Any]] = {}

    def pack(self) -> list[Card]:
        return standard_pack(2)

    def start(self, cards: list[Card], rng: SplitMix64) -> ClockState:
        if len(cards) != 104:
            raise ReferenceError_("THE CLOCK needs the 104 cards of two packs")
        rest = list(cards)
        withdraw(rest, BASES)
        state = ClockState(self)
        for k in range(N):
            state.packets[k] = rest[PACKET_SIZE * k : PACKET_SIZE * (k + 1)]
        state.pack = list(reversed(rest[PACKET_SIZE * N :]))
        return state
