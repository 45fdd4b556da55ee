"""THE FLOWER-GARDEN: reference engine.

Written from ``python/patience/rules/flower-garden.md`` and ``docs/notation/flower-garden.md``
alone. One pack: six packets G1..G6 of six consecutive cards each (the first card of a packet
at its bottom), then the sixteen cards of the bouquet in places Q1..Q16. Every bouquet card and
the top card of every packet is free. A free card may go to its foundation (F1..F4, an ace to
the lowest empty one, up in suit), onto a packet whose top card is one rank higher (any suit),
or into an empty packet. Nothing goes back to the bouquet. No automatic step, no pack, no
re-deal. Won with all 52 cards on the foundations.

Written for clarity, not speed.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ._common import Card, ReferenceError_, RefGame, RefState, SplitMix64, pile_text

PACKET_LABELS = [f"G{n}" for n in range(1, 7)]
BOUQUET_LABELS = [f"Q{n}" for n in range(1, 17)]
FOUNDATION_LABELS = [f"F{n}" for n in range(1, 5)]


class State(RefState):
    """A position of THE FLOWER-GARDEN: six packets, the bouquet and four foundations."""

    def __init__(self, game: Game, packets: list[list[Card]], bouquet: list[Card | None]):
        self.game = game
        #: packets[i], bottom to top, G1..G6
        self.packets = packets
        #: bouquet[i]: the card in place Q(i+1), or None once it has left
        self.bouquet = bouquet
        #: foundations[n], ace at the bottom, F1..F4
        self.foundations: list[list[Card]] = [[] for _ in FOUNDATION_LABELS]

    # --- the rules ------------------------------------------------------------------------

    def _foundation_for(self, card: Card) -> int | None:
        """Index of the foundation that takes ``card``, or None."""
        if card.rank == 1:
            for n, f in enumerate(self.foundations):
                if not f:
                    return n
            return None
        for n, f in enumerate(self.foundations):
            if f and f[-1].suit == card.suit and f[-1].rank + 1 == card.rank:
                return n
        return None

    @staticmethod
    def _packet_takes(packet: list[Card], card: Card) -> bool:
        return not packet or packet[-1].rank == card.rank + 1

    def _free_cards(self) -> list[tuple[str, Card]]:
        """(move label, card) of every free card: packet tops, then bouquet cards."""
        out = [(PACKET_LABELS[i].lower(), p[-1]) for i, p in enumerate(self.packets) if p]
        out += [(BOUQUET_LABELS[i].lower(), c) for i, c in enumerate(self.bouquet) if c]
        return out

    def moves(self) -> list[str]:
        out: list[str] = []
        if self.is_won:
            return out
        for name, card in self._free_cards():
            n = self._foundation_for(card)
            if n is not None:
                out.append(f"{name}>f{n + 1}")
            for j, dst in enumerate(self.packets):
                dst_name = PACKET_LABELS[j].lower()
                if dst_name != name and self._packet_takes(dst, card):
                    out.append(f"{name}>{dst_name}")
        return out

    def _apply(self, move: str) -> None:
        src_text, dst_text = move.split(">")
        if src_text.startswith("g"):
            card = self.packets[int(src_text[1:]) - 1].pop()
        else:
            i = int(src_text[1:]) - 1
            card = self.bouquet[i]
            assert card is not None
            self.bouquet[i] = None
        if dst_text.startswith("f"):
            self.foundations[int(dst_text[1:]) - 1].append(card)
        else:
            self.packets[int(dst_text[1:]) - 1].append(card)
        # No automatic steps.

    # --- text -----------------------------------------------------------------------------

    @property
    def key(self) -> str:
        parts = [pile_text(label, p) for label, p in zip(PACKET_LABELS, self.packets)]
        parts += [
            pile_text(label, [c] if c else []) for label, c in zip(BOUQUET_LABELS, self.bouquet)
        ]
        parts += [pile_text(label, f) for label, f in zip(FOUNDATION_LABELS, self.foundations)]
        return " ".join(parts)

    @property
    def is_won(self) -> bool:
        return sum(len(f) for f in self.foundations) == 52

    def __str__(self) -> str:
        lines = [
            f"{label}: " + " ".join(map(str, p)) for label, p in zip(PACKET_LABELS, self.packets)
        ]
        lines.append("bouquet: " + " ".join(str(c) if c else "--" for c in self.bouquet))
        lines.append(
            "foundations: " + " ".join(str(f[-1]) if f else "--" for f in self.foundations)
        )
        return "\n".join(lines)


class Game(RefGame):
    """THE FLOWER-GARDEN (one pack, no options)."""

    slug = "flower-garden"
    OPTIONS: ClassVar[dict[str, Any]] = {}

    def start(self, cards: list[Card], rng: SplitMix64) -> State:
        if len(cards) != 52:
            raise ReferenceError_("THE FLOWER-GARDEN needs the 52 cards of one pack")
        packets = [list(cards[6 * i : 6 * i + 6]) for i in range(6)]
        bouquet: list[Card | None] = list(cards[36:52])
        return State(self, packets, bouquet)
