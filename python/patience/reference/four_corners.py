"""THE FOUR CORNERS: the reference engine.

Written from ``rules/four-corners.md`` and ``docs/notation/four-corners.md`` alone.

Two packs dealt in rounds to twelve packets P1-P12 (corners P1, P6, P7, P12). F1-F4 (clubs,
spades, hearts, diamonds) build up from the ace, F5-F8 (same suits) down from the king; each
starts empty and takes the first ace or king of its suit as soon as it is dealt. Any other card
dealt that a foundation wants may be played (from a corner to any such foundation, from a side
packet only to its neighbour): the deal waits with it in the hand (``hand>fM`` or ``leave``). A
card that goes up is replaced at the same packet. After the deal: top cards to foundations,
marriages in suit up or down, two re-deals (P12 first out, no shuffle), each only when no
card can go to a foundation.

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
)

N_PACKETS = 12
PASSES = 3
#: suit of F1..F4 (ace foundations) and F5..F8 (king foundations)
ROW_SUITS = [CLUBS, SPADES, HEARTS, DIAMONDS]
CORNERS = {0, 5, 6, 11}
#: packet index -> index of its neighbouring foundation (side packets only)
NEIGHBOUR = {1: 0, 2: 1, 3: 2, 4: 3, 7: 4, 8: 5, 9: 6, 10: 7}


def _suit_of(m: int) -> int:
    return ROW_SUITS[m % 4]


class FourCornersState(RefState):
    """A position: packets and foundations bottom to top; the pack with its next card last;
    the hand (a card or None) and the packet index ``pos`` it is dealt to."""

    def __init__(self, game: Game, cards: list[Card]) -> None:
        self.game = game
        self.packets: list[list[Card]] = [[] for _ in range(N_PACKETS)]
        self.found: list[list[Card]] = [[] for _ in range(8)]
        self.pack: list[Card] = list(reversed(cards))
        self.hand: Card | None = None
        self.pos = 0
        self.passes = 1
        self._run()

    def _wants(self, m: int, card: Card) -> bool:
        f = self.found[m]
        if not f or f[-1].suit != card.suit:
            return False
        return card.rank == (f[-1].rank + 1 if m < 4 else f[-1].rank - 1)

    def _choices(self, card: Card) -> list[int]:
        """Foundations the card just dealt to packet ``pos`` may be played to."""
        if self.pos in CORNERS:
            return [m for m in range(8) if self._wants(m, card)]
        m = NEIGHBOUR[self.pos]
        return [m] if self._wants(m, card) else []

    def _run(self) -> None:
        """The deal's loop, from packet ``pos``."""
        while self.pack:
            card = self.pack.pop()
            if card.rank in (1, 13):
                m = ROW_SUITS.index(card.suit) + (0 if card.rank == 1 else 4)
                if not self.found[m]:
                    self.found[m].append(card)
                    continue
            if self._choices(card):
                self.hand = card
                return
            self.packets[self.pos].append(card)
            self.pos = (self.pos + 1) % N_PACKETS

    @property
    def _dealing(self) -> bool:
        return bool(self.pack) or self.hand is not None

    # --- the rules -------------------------------------------------------------------------

    def moves(self) -> list[str]:
        if self.is_won:
            return []
        if self.hand is not None:
            return [f"hand>f{m + 1}" for m in self._choices(self.hand)] + ["leave"]
        out: list[str] = []
        for i, p in enumerate(self.packets):
            if not p:
                continue
            card = p[-1]
            for m in range(8):
                if self._wants(m, card):
                    out.append(f"p{i + 1}>f{m + 1}")
            for j, q in enumerate(self.packets):
                if j != i and q and q[-1].suit == card.suit and abs(q[-1].rank - card.rank) == 1:
                    out.append(f"p{i + 1}>p{j + 1}")
        if self.passes < PASSES and not any(">f" in m for m in out):
            out.append("redeal")  # only when no card can go to a foundation
        return out

    def _apply(self, move: str) -> None:
        if move == "leave":
            assert self.hand is not None
            self.packets[self.pos].append(self.hand)
            self.hand = None
            self.pos = (self.pos + 1) % N_PACKETS
            self._run()
        elif move.startswith("hand>"):
            assert self.hand is not None
            self.found[int(move[6:]) - 1].append(self.hand)
            self.hand = None
            self._run()
        elif move == "redeal":
            new_pack: list[Card] = []
            for p in reversed(self.packets):
                new_pack.extend(p)
            self.packets = [[] for _ in range(N_PACKETS)]
            self.pack = list(reversed(new_pack))
            self.passes += 1
            self.pos = 0
            self._run()
        else:
            src, dst = move.split(">")
            card = self.packets[int(src[1:]) - 1].pop()
            if dst.startswith("f"):
                self.found[int(dst[1:]) - 1].append(card)
            else:
                self.packets[int(dst[1:]) - 1].append(card)

    @property
    def key(self) -> str:
        parts = [f"P{i + 1}:" + "".join(map(str, p)) for i, p in enumerate(self.packets)]
        parts += [f"F{i + 1}:" + "".join(map(str, f)) for i, f in enumerate(self.found)]
        parts.append("pack:" + "".join(c.down() for c in self.pack))
        parts.append("hand:" + ("" if self.hand is None else str(self.hand)))
        parts.append(f"pass:{self.passes}")
        if self.hand is not None:
            parts.append(f"pending:P{self.pos + 1}")
        return " ".join(parts)

    @property
    def is_won(self) -> bool:
        return sum(len(f) for f in self.found) == 104


class Game(RefGame):
    """THE FOUR CORNERS (two packs, no options)."""

    slug: ClassVar[str] = "four-corners"
    OPTIONS: ClassVar[dict[str, Any]] = {}

    def pack(self) -> list[Card]:
        return standard_pack(2)

    def start(self, cards: list[Card], rng: SplitMix64) -> FourCornersState:
        if len(cards) != 104:
            raise ReferenceError_("THE FOUR CORNERS needs the 104 cards of two packs")
        return FourCornersState(self, list(cards))
