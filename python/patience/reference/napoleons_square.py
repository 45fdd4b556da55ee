"""Reference engine of NAPOLEON'S SQUARE (two packs), from ``rules/napoleons-square.md``.

Twelve packets of four cards (P1..P12) form three sides of a square; eight foundations
F1..F8 build up by suit from the aces. Only the top card of a packet is available; the talon
top is available too. An available card may be married onto a packet top of the same suit
and one rank higher, one card at a time. An emptied packet is a space that only the talon
top may fill, whenever the player likes. There is no re-deal.

Right after the deal, for each suit in the order C, D, H, S, if both kings of the suit lie
in packets and each lies above a lower card of its suit in its own packet, the player must
slip one of the two kings to the bottom of its packet (a pending choice).

Text forms: ``docs/notation/napoleons-square.md``.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ._common import (
    SUIT_CHARS,
    Card,
    ReferenceError_,
    RefGame,
    RefState,
    SplitMix64,
    pile_text,
    standard_pack,
)

KING = 13
N_PACKETS = 12
N_FOUNDATIONS = 8


class Game(RefGame):
    """NAPOLEON'S SQUARE: the rules, options and deal."""

    slug = "napoleons-square"
    OPTIONS: ClassVar[dict[str, Any]] = {"single_cards": False, "no_king_slip": False}

    def pack(self) -> list[Card]:
        """Two standard packs, 104 cards."""
        return standard_pack(2)

    def start(self, cards: list[Card], rng: SplitMix64) -> State:
        """Deal the square from the shuffled pack ``cards`` and examine the kings."""
        size = 1 if self.options["single_cards"] else 4
        packets = [list(cards[i * size : (i + 1) * size]) for i in range(N_PACKETS)]
        rest = cards[N_PACKETS * size :]
        state = State(self)
        state.packets = packets
        # the pack is kept bottom to top: its last element is the next card to turn
        state.pack = list(reversed(rest))
        state.rng = rng
        state.slip_suits = [] if (size == 1 or self.options["no_king_slip"]) else [0, 1, 2, 3]
        state._examine_kings()
        return state


class State(RefState):
    """One position of NAPOLEON'S SQUARE."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.packets: list[list[Card]] = [[] for _ in range(N_PACKETS)]
        self.foundations: list[list[Card]] = [[] for _ in range(N_FOUNDATIONS)]
        self.pack: list[Card] = []
        self.talon: list[Card] = []
        self.rng = SplitMix64(0)
        #: suits still to be examined by the king correction, in order
        self.slip_suits: list[int] = []
        #: suit whose king slip waits for the player's choice, or None
        self.pending: int | None = None

    # --- king correction -------------------------------------------------------------

    def _blocking_kings(self, suit: int) -> list[tuple[int, int]]:
        """(packet index, place index from the bottom, 0-based) of each king of ``suit``."""
        out = []
        for p, packet in enumerate(self.packets):
            for i, c in enumerate(packet):
                if c.suit == suit and c.rank == KING:
                    out.append((p, i))
        return out

    def _suit_blocked(self, suit: int) -> bool:
        kings = self._blocking_kings(suit)
        if len(kings) != 2:
            return False
        for p, i in kings:
            below = self.packets[p][:i]
            if not any(c.suit == suit and c.rank < KING for c in below):
                return False
        return True

    def _examine_kings(self) -> None:
        """Examine the remaining suits in order; stop at the first that needs a slip."""
        self.pending = None
        while self.slip_suits:
            suit = self.slip_suits.pop(0)
            if self._suit_blocked(suit):
                self.pending = suit
                return

    # --- moves -----------------------------------------------------------------------

    def _foundation_targets(self, card: Card) -> list[int]:
        if card.rank == 1:
            for m, f in enumerate(self.foundations):
                if not f:
                    return [m]
            return []
        out = []
        for m, f in enumerate(self.foundations):
            if f and f[-1].suit == card.suit and f[-1].rank == card.rank - 1:
                out.append(m)
        return out

    def _marriage_targets(self, card: Card, source: int | None) -> list[int]:
        out = []
        for m, packet in enumerate(self.packets):
            if m == source or not packet:
                continue
            top = packet[-1]
            if top.suit == card.suit and top.rank == card.rank + 1:
                out.append(m)
        return out

    def moves(self) -> list[str]:
        """All legal moves, as text forms."""
        if self.pending is not None:
            kings = self._blocking_kings(self.pending)
            return [f"slip:p{p + 1}:{i + 1}" for p, i in kings]
        out: list[str] = []
        for n, packet in enumerate(self.packets):
            if not packet:
                continue
            card = packet[-1]
            out += [f"p{n + 1}>f{m + 1}" for m in self._foundation_targets(card)]
            out += [f"p{n + 1}>p{m + 1}" for m in self._marriage_targets(card, n)]
        if self.talon:
            card = self.talon[-1]
            out += [f"talon>f{m + 1}" for m in self._foundation_targets(card)]
            out += [f"talon>p{m + 1}" for m in self._marriage_targets(card, None)]
            out += [f"talon>p{m + 1}" for m, packet in enumerate(self.packets) if not packet]
        if self.pack:
            out.append("turn")
        return out

    def _apply(self, move: str) -> None:
        if move.startswith("slip:"):
            _, p_text, i_text = move.split(":")
            p, i = int(p_text[1:]) - 1, int(i_text) - 1
            packet = self.packets[p]
            king = packet.pop(i)
            packet.insert(0, king)
            self._examine_kings()
            return
        if move == "turn":
            self.talon.append(self.pack.pop())
            return
        src, dst = move.split(">")
        if src == "talon":
            card = self.talon.pop()
        elif src.startswith("p"):
            card = self.packets[int(src[1:]) - 1].pop()
        else:
            raise ReferenceError_(f"bad move {move!r}")
        if dst.startswith("f"):
            self.foundations[int(dst[1:]) - 1].append(card)
        elif dst.startswith("p"):
            self.packets[int(dst[1:]) - 1].append(card)
        else:
            raise ReferenceError_(f"bad move {move!r}")

    # --- key and end -------------------------------------------------------------------

    @property
    def key(self) -> str:
        parts = [pile_text(f"P{n + 1}", p) for n, p in enumerate(self.packets)]
        parts += [pile_text(f"F{m + 1}", f) for m, f in enumerate(self.foundations)]
        parts.append(pile_text("pack", self.pack, face_down=len(self.pack)))
        parts.append(pile_text("talon", self.talon))
        if self.pending is not None:
            parts.append(f"pending:slip-{SUIT_CHARS[self.pending]}")
        return " ".join(parts)

    @property
    def is_won(self) -> bool:
        return all(len(f) == 13 for f in self.foundations)
