"""THE SHAH: the reference engine.

Written from ``rules/shah.md`` and ``docs/notation/shah.md`` alone.

Two packs; the eight aces (F1-F8: C, C, D, D, H, H, S, S) build up in suit to the queens, the
kings are put away. Eight rays R1-R8 of three circles are dealt circle by circle, with a pause
after circles 1 and 2 for foundation plays (refilled at once; ``deal`` ends a pause). In play
only a ray's top card is used; circle-3 packets take marriages (down in suit); spaces stay open
until ``fill`` (no turning meanwhile, but the talon top stays playable); an empty ray may take one outer card by the grace (``rI>rJ``), after which its
other two places are refilled at once.

Written for clarity, not speed.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ._common import (
    CLUBS,
    DIAMONDS,
    HEARTS,
    SPADES,
    Card,
    ReferenceError_,
    RefGame,
    RefState,
    SplitMix64,
    standard_pack,
    withdraw,
)

ACES = [Card(1, s) for s in (CLUBS, CLUBS, DIAMONDS, DIAMONDS, HEARTS, HEARTS, SPADES, SPADES)]
KINGS = [Card(13, s) for s in (CLUBS, DIAMONDS, HEARTS, SPADES) for _ in range(2)]


class ShahState(RefState):
    """A position: rays (circle 1 first) and foundations bottom to top, the pack with its next
    card last, the talon with its top last, and the pause (1, 2, or None in play)."""

    def __init__(self, game: Game, cards: list[Card]) -> None:
        self.game = game
        pack = list(cards)
        aces = withdraw(pack, ACES)
        withdraw(pack, KINGS)
        self.found: list[list[Card]] = [[a] for a in aces]
        self.rays: list[list[Card]] = [[] for _ in range(8)]
        self.pack: list[Card] = list(reversed(pack))
        self.talon: list[Card] = []
        self.circle: int | None = 1
        self._deal_circle()

    def _deal_circle(self) -> None:
        for r in self.rays:
            if self.pack:
                r.append(self.pack.pop())

    def _fits(self, m: int, card: Card) -> bool:
        top = self.found[m][-1]
        return top.suit == card.suit and card.rank == top.rank + 1 and top.rank < 12

    def _source_card(self) -> Card | None:
        """The talon top, else the pack top (taken), else None."""
        if self.talon:
            return self.talon.pop()
        if self.pack:
            return self.pack.pop()
        return None

    @property
    def _space_open(self) -> bool:
        return any(len(r) < 3 for r in self.rays)

    def moves(self) -> list[str]:
        if self.is_won:
            return []
        out: list[str] = []
        if self.circle is not None:
            for i, r in enumerate(self.rays):
                if len(r) == self.circle:
                    out += [f"r{i + 1}>f{m + 1}" for m in range(8) if self._fits(m, r[-1])]
            out.append("deal")
            return out
        for i, r in enumerate(self.rays):
            if not r:
                continue
            out += [f"r{i + 1}>f{m + 1}" for m in range(8) if self._fits(m, r[-1])]
            if len(r) < 3:
                continue
            for j, q in enumerate(self.rays):
                if j == i:
                    continue
                grace = not q
                marriage = len(q) >= 3 and q[-1].suit == r[-1].suit and r[-1].rank == q[-1].rank - 1
                if grace or marriage:
                    out.append(f"r{i + 1}>r{j + 1}")
        # The talon top may be played or married whether or not a space is open.
        if self.talon:
            t = self.talon[-1]
            out += [f"talon>f{m + 1}" for m in range(8) if self._fits(m, t)]
            for j, q in enumerate(self.rays):
                if len(q) >= 3 and q[-1].suit == t.suit and t.rank == q[-1].rank - 1:
                    out.append(f"talon>r{j + 1}")
        if self._space_open:
            if self.talon or self.pack:
                out.append("fill")
        elif self.pack:
            out.append("turn")
        return out

    def _apply(self, move: str) -> None:
        if move == "deal":
            assert self.circle is not None
            self._deal_circle()
            self.circle = self.circle + 1 if self.circle < 2 else None
            return
        if move == "turn":
            self.talon.append(self.pack.pop())
            return
        if move == "fill":
            for length in (0, 1, 2):
                for r in self.rays:
                    if len(r) == length:
                        card = self._source_card()
                        if card is None:
                            return
                        r.append(card)
            return
        src, dst = move.split(">")
        card = self.talon.pop() if src == "talon" else self.rays[int(src[1:]) - 1].pop()
        n = int(dst[1:]) - 1
        if dst.startswith("f"):
            self.found[n].append(card)
            if self.circle is not None and self.pack:  # the pause's refill: the pack, at once
                self.rays[int(src[1:]) - 1].append(self.pack.pop())
            return
        ray = self.rays[n]
        grace = not ray
        ray.append(card)
        if grace:
            for _ in range(2):
                more = self._source_card()
                if more is None:
                    break
                ray.append(more)

    @property
    def key(self) -> str:
        parts = [f"R{i + 1}:" + "".join(map(str, r)) for i, r in enumerate(self.rays)]
        parts += [f"F{i + 1}:" + "".join(map(str, f)) for i, f in enumerate(self.found)]
        parts.append("pack:" + "".join(c.down() for c in self.pack))
        parts.append("talon:" + "".join(map(str, self.talon)))
        if self.circle is not None:
            parts.append(f"circle:{self.circle}")
        return " ".join(parts)

    @property
    def is_won(self) -> bool:
        return all(len(f) == 12 for f in self.found)


class Game(RefGame):
    """THE SHAH (two packs, no options)."""

    slug: ClassVar[str] = "shah"
    OPTIONS: ClassVar[dict[str, Any]] = {}

    def pack(self) -> list[Card]:
        return standard_pack(2)

    def start(self, cards: list[Card], rng: SplitMix64) -> ShahState:
        if len(cards) != 104:
            raise ReferenceError_("THE SHAH needs the 104 cards of two packs")
        return ShahState(self, list(cards))
