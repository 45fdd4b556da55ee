"""THE SALIC LAW: reference engine.

Written from ``rules/salic-law.md`` and ``docs/notation/salic-law.md`` alone. Two packs. The
first king of the shuffled pack is packet K1; the other 103 cards are the pack. Each ``deal``
turns one card, which places itself: an ace to the lowest-numbered empty foundation, a queen
to the queens' row ``Q``, a king to the next packet (the new current packet), any other card
on top of the current packet. Foundations build up from ace to knave, suit ignored, from the
top card of any packet. After the deal a bare king may take the top card of a packet holding
at least two cards above its king (with ``once_per_king``, only a king that has never
received such a card; the key then ends with ``used:``). Won with all 88 cards from ace to
knave on the foundations.

Written for clarity, not speed.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ._common import Card, ReferenceError_, RefGame, RefState, SplitMix64, pile_text, standard_pack

KING = 13
QUEEN = 12
KNAVE = 11
ACE = 1
N_PACKETS = 8
N_FOUNDATIONS = 8


class State(RefState):
    """A position: eight packets (king first), eight foundations, the queens and the pack."""

    def __init__(self, game: Game) -> None:
        self.game = game
        #: packets[i], bottom (its king) to top (its available card); empty before its king
        self.packets: list[list[Card]] = [[] for _ in range(N_PACKETS)]
        #: foundations[i], bottom (the ace) to top
        self.foundations: list[list[Card]] = [[] for _ in range(N_FOUNDATIONS)]
        #: the queens' row, in dealing order
        self.queens: list[Card] = []
        #: the pack, bottom to top: its last card is the next to be dealt
        self.pack: list[Card] = []
        #: packets whose king has received a card after the deal (kept for ``once_per_king``)
        self.used: set[int] = set()

    # --- helpers ---------------------------------------------------------------------

    def _current(self) -> int:
        """Index of the current packet: the highest-numbered non-empty one."""
        return max(i for i, p in enumerate(self.packets) if p)

    def _fits(self, card: Card) -> list[int]:
        """Indices of the foundations that take ``card`` (one rank lower, suit ignored)."""
        if card.rank > KNAVE:
            return []
        return [i for i, f in enumerate(self.foundations) if f and f[-1].rank + 1 == card.rank]

    # --- the rules -------------------------------------------------------------------

    def moves(self) -> list[str]:
        if self.is_won:
            return []
        out = []
        if self.pack:
            out.append("deal")
        for n, packet in enumerate(self.packets):
            if len(packet) < 2:  # no king yet, or a bare king: nothing to move
                continue
            for m in self._fits(packet[-1]):
                out.append(f"k{n + 1}>f{m + 1}")
            if self.pack or len(packet) < 3:
                continue  # bare kings take cards only after the deal, never a lone card
            once = self.game.options["once_per_king"]
            for m, dst in enumerate(self.packets):
                if m != n and len(dst) == 1 and not (once and m in self.used):
                    out.append(f"k{n + 1}>k{m + 1}")
        return out

    def _apply(self, move: str) -> None:
        if move == "deal":
            card = self.pack.pop()
            if card.rank == ACE:
                self.foundations[self.foundations.index([])].append(card)
            elif card.rank == QUEEN:
                self.queens.append(card)
            elif card.rank == KING:
                self.packets[self.packets.index([])].append(card)
            else:
                self.packets[self._current()].append(card)
            return
        src, dst = move.split(">")
        card = self.packets[int(src[1:]) - 1].pop()
        if dst.startswith("f"):
            self.foundations[int(dst[1:]) - 1].append(card)
        else:
            self.packets[int(dst[1:]) - 1].append(card)
            self.used.add(int(dst[1:]) - 1)

    # --- text ------------------------------------------------------------------------

    @property
    def key(self) -> str:
        parts = [pile_text(f"K{i + 1}", p) for i, p in enumerate(self.packets)]
        parts += [pile_text(f"F{i + 1}", f) for i, f in enumerate(self.foundations)]
        parts.append(pile_text("Q", self.queens))
        parts.append(pile_text("pack", self.pack, len(self.pack)))
        if self.game.options["once_per_king"]:
            parts.append("used:" + "".join(f"K{m + 1}" for m in sorted(self.used)))
        return " ".join(parts)

    @property
    def is_won(self) -> bool:
        return all(len(f) == KNAVE for f in self.foundations)

    def __str__(self) -> str:
        return self.key.replace(" F1:", "\nF1:").replace(" Q:", "\nQ:")


class Game(RefGame):
    """THE SALIC LAW (two packs). Option ``once_per_king`` (default False): a king receives
    at most one card after the deal, in the whole game."""

    slug: ClassVar[str] = "salic-law"
    OPTIONS: ClassVar[dict[str, Any]] = {"once_per_king": False}

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        value = self.options["once_per_king"]
        if not isinstance(value, bool):
            raise ReferenceError_(
                f"bad value for option 'once_per_king': expected True or False, got {value!r}"
            )

    def pack(self) -> list[Card]:
        return standard_pack(2)

    def start(self, cards: list[Card], rng: SplitMix64) -> State:
        if len(cards) != 104:
            raise ReferenceError_("THE SALIC LAW needs the 104 cards of two packs")
        rest = list(cards)
        first_king = next(i for i, c in enumerate(rest) if c.rank == KING)
        state = State(self)
        state.packets[0].append(rest.pop(first_king))
        state.pack = list(reversed(rest))  # the first card of the deal on top
        return state
