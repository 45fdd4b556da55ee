"""SLY: the reference engine.

Written from ``rules/sly.md`` and ``docs/notation/sly.md`` alone.

Two packs, nothing withdrawn. Twenty packets P1-P20 are filled one card each, lowest empty
packet first; the first ace / king of a suit starts a rising (F1-F4) / falling (F5-F8)
foundation at once, and any card that fits a foundation as it turns up goes at once to the
lowest-numbered one it fits. Between rounds packet tops go to the foundations and empty
packets are refilled at once; ``round`` first plays off every packet top that fits (lowest
packet first, refilling), then lays twenty cards on any packets, each chosen by the player
(``hand>pQ``).

Written for clarity, not speed.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ._common import Card, ReferenceError_, RefGame, RefState, SplitMix64, standard_pack

N_PACKETS = 20
ROUND = 20


class SlyState(RefState):
    """A position: packets and foundations bottom to top, the pack with its next card last,
    the hand (a card of a round waiting for its packet) and the round count (or None)."""

    def __init__(self, game: Game, cards: list[Card]) -> None:
        self.game = game
        self.packets: list[list[Card]] = [[] for _ in range(N_PACKETS)]
        self.found: list[list[Card]] = [[] for _ in range(8)]
        self.pack: list[Card] = list(reversed(cards))
        self.hand: Card | None = None
        self.placed: int | None = None
        self._run()

    def _start(self, card: Card) -> bool:
        """Start a foundation with the card if it may; True when it did."""
        if card.rank == 1:
            group = range(0, 4)
        elif card.rank == 13:
            group = range(4, 8)
        else:
            return False
        if any(self.found[m] and self.found[m][0].suit == card.suit for m in group):
            return False
        m = next(m for m in group if not self.found[m])
        self.found[m].append(card)
        return True

    def _fits(self, m: int, card: Card) -> bool:
        f = self.found[m]
        if not f or f[-1].suit != card.suit:
            return False
        return card.rank == (f[-1].rank + 1 if m < 4 else f[-1].rank - 1)

    def _fitting(self, card: Card) -> list[int]:
        return [m for m in range(8) if self._fits(m, card)]

    def _up(self, card: Card) -> bool:
        """A card as it turns up: it starts a foundation, or goes onto the lowest-numbered
        foundation it fits; True when it went up."""
        if self._start(card):
            return True
        fitting = self._fitting(card)
        if fitting:
            self.found[fitting[0]].append(card)
        return bool(fitting)

    def _run(self) -> None:
        """The dealing loop of the notation page."""
        while self.hand is None:
            if self.placed is not None:
                if self.placed == ROUND or not self.pack:
                    self.placed = None
                    continue
                card = self.pack.pop()
                if not self._up(card):
                    self.hand = card
                continue
            empty = [i for i, p in enumerate(self.packets) if not p]
            if not self.pack or not empty:
                return
            card = self.pack.pop()
            if not self._up(card):
                self.packets[empty[0]].append(card)

    def _play_off(self) -> None:
        """Before a round: the lowest-numbered packet whose top fits gives it to the
        lowest-numbered foundation it fits, empty packets are refilled; until none fits."""
        while True:
            tops = [i for i, p in enumerate(self.packets) if p and self._fitting(p[-1])]
            if not tops:
                return
            card = self.packets[tops[0]].pop()
            self.found[self._fitting(card)[0]].append(card)
            self._run()

    def moves(self) -> list[str]:
        if self.is_won:
            return []
        if self.hand is not None:
            return [f"hand>p{q + 1}" for q in range(N_PACKETS)]
        out = []
        for i, p in enumerate(self.packets):
            if p:
                out += [f"p{i + 1}>f{m + 1}" for m in self._fitting(p[-1])]
        if self.pack:
            out.append("round")
        return out

    def _apply(self, move: str) -> None:
        if move == "round":
            self._play_off()
            self.placed = 0
        elif move.startswith("hand>"):
            assert self.hand is not None and self.placed is not None
            self.packets[int(move[6:]) - 1].append(self.hand)
            self.hand = None
            self.placed += 1
        else:
            src, dst = move.split(">")
            card = self.packets[int(src[1:]) - 1].pop()
            self.found[int(dst[1:]) - 1].append(card)
        self._run()

    @property
    def key(self) -> str:
        parts = [f"P{i + 1}:" + "".join(map(str, p)) for i, p in enumerate(self.packets)]
        parts += [f"F{i + 1}:" + "".join(map(str, f)) for i, f in enumerate(self.found)]
        parts.append("pack:" + "".join(c.down() for c in self.pack))
        parts.append("hand:" + ("" if self.hand is None else str(self.hand)))
        if self.placed is not None:
            parts.append(f"deal:{self.placed}")
        return " ".join(parts)

    @property
    def is_won(self) -> bool:
        return sum(len(f) for f in self.found) == 104


class Game(RefGame):
    """SLY (two packs, no options)."""

    slug: ClassVar[str] = "sly"
    OPTIONS: ClassVar[dict[str, Any]] = {}

    def pack(self) -> list[Card]:
        return standard_pack(2)

    def start(self, cards: list[Card], rng: SplitMix64) -> SlyState:
        if len(cards) != 104:
            raise ReferenceError_("SLY needs the 104 cards of two packs")
        return SlyState(self, list(cards))
