"""THE ZODIAC: reference engine, written from ``rules/zodiac.md`` and ``docs/notation/zodiac.md``.

Two packs. Eight one-card Equator places (E1..E8) and a circle of 24 Zodiac packets (Z1..Z24)
are dealt; the other 72 cards are the pack. In phase 1 cards from the Equator or the talon are
married onto the Zodiac tops (same suit, one rank up or down), the talon top may fill an empty
Equator place, and the talon may be re-dealt (unshuffled) without limit. When the pack and the
talon are both empty, phase 2 begins: the Zodiac tops and the Equator cards are played to eight
foundations, an ascending (ace to king, F1..F4) and a descending (king to ace, F5..F8) pile
for each suit. The game has no automatic steps and no pending choices.
"""

from __future__ import annotations

from typing import ClassVar

from ._common import Card, RefGame, RefState, SplitMix64, pile_text, standard_pack

N_EQUATOR = 8
N_ZODIAC = 24
N_FOUNDATIONS = 8
ASCENDING = range(4)  # F1..F4 (0-based)
DESCENDING = range(4, 8)  # F5..F8 (0-based)


def _marries(card: Card, top: Card) -> bool:
    """True when ``card`` may be married onto ``top``: same suit, one rank apart, no wrap."""
    return card.suit == top.suit and abs(card.rank - top.rank) == 1


class ZodiacState(RefState):
    """One position of THE ZODIAC.

    ``equator[i]`` is the card of E(i+1) or None; ``zodiac[i]`` the packet Z(i+1), bottom to
    top; ``foundations[i]`` the pile F(i+1), base first; ``pack`` bottom to top (its last card
    is the next turned); ``talon`` bottom to top (its last card is the talon top).
    """

    def __init__(
        self,
        game: Game,
        equator: list[Card | None],
        zodiac: list[list[Card]],
        pack: list[Card],
        rng: SplitMix64,
    ) -> None:
        self.game = game
        self.equator = equator
        self.zodiac = zodiac
        self.foundations: list[list[Card]] = [[] for _ in range(N_FOUNDATIONS)]
        self.pack = pack
        self.talon: list[Card] = []
        # The stream is never drawn from (the re-deal is not shuffled); kept for completeness.
        self.rng = rng

    # --- phases -------------------------------------------------------------------------

    @property
    def in_phase_2(self) -> bool:
        """Phase 2 starts the moment the pack and the talon are both empty."""
        return not self.pack and not self.talon

    def _is_dead(self) -> bool:
        """Phase 1 dead position: Equator full and no Equator, pack or talon card fits a top."""
        if any(c is None for c in self.equator):
            return False
        tops = [packet[-1] for packet in self.zodiac]
        loose = [c for c in self.equator if c is not None] + self.pack + self.talon
        return not any(_marries(c, t) for c in loose for t in tops)

    # --- foundations --------------------------------------------------------------------

    def _foundation_targets(self, card: Card) -> list[int]:
        """0-based foundation places that may take ``card`` now."""
        out = []
        asc_suits = {f[0].suit for i, f in enumerate(self.foundations) if i in ASCENDING and f}
        desc_suits = {f[0].suit for i, f in enumerate(self.foundations) if i in DESCENDING and f}
        # ascending piles
        if card.rank == 1:
            if card.suit not in asc_suits:
                empty = [i for i in ASCENDING if not self.foundations[i]]
                out.append(empty[0])
        else:
            for i in ASCENDING:
                f = self.foundations[i]
                if f and f[-1].suit == card.suit and f[-1].rank == card.rank - 1:
                    out.append(i)
        # descending piles
        if card.rank == 13:
            if card.suit not in desc_suits:
                empty = [i for i in DESCENDING if not self.foundations[i]]
                out.append(empty[0])
        else:
            for i in DESCENDING:
                f = self.foundations[i]
                if f and f[-1].suit == card.suit and f[-1].rank == card.rank + 1:
                    out.append(i)
        return out

    # --- moves --------------------------------------------------------------------------

    def moves(self) -> list[str]:
        if self.is_won:
            return []
        out: list[str] = []
        if self.in_phase_2:
            for m, packet in enumerate(self.zodiac):
                if packet:
                    for k in self._foundation_targets(packet[-1]):
                        out.append(f"z{m + 1}>f{k + 1}")
            for n, card in enumerate(self.equator):
                if card is not None:
                    for k in self._foundation_targets(card):
                        out.append(f"e{n + 1}>f{k + 1}")
            return out
        if self._is_dead():
            return []
        for n, card in enumerate(self.equator):
            if card is not None:
                for m, packet in enumerate(self.zodiac):
                    if _marries(card, packet[-1]):
                        out.append(f"e{n + 1}>z{m + 1}")
        if self.talon:
            top = self.talon[-1]
            for m, packet in enumerate(self.zodiac):
                if _marries(top, packet[-1]):
                    out.append(f"talon>z{m + 1}")
            for n, card in enumerate(self.equator):
                if card is None:
                    out.append(f"talon>e{n + 1}")
        if self.pack:
            out.append("turn")
        if not self.pack and self.talon:
            out.append("redeal")
        return out

    def _apply(self, move: str) -> None:
        if move == "turn":
            self.talon.append(self.pack.pop())
            return
        if move == "redeal":
            # Turned over as it lies: the talon's bottom card becomes the pack's top.
            self.pack = list(reversed(self.talon))
            self.talon = []
            return
        src, dst = move.split(">")
        # take the card from its source
        if src == "talon":
            card = self.talon.pop()
        elif src[0] == "e":
            n = int(src[1:]) - 1
            card = self.equator[n]
            assert card is not None
            self.equator[n] = None
        else:  # zodiac, phase 2 only
            card = self.zodiac[int(src[1:]) - 1].pop()
        # put it on its destination
        index = int(dst[1:]) - 1
        if dst[0] == "z":
            self.zodiac[index].append(card)
        elif dst[0] == "e":
            self.equator[index] = card
        else:
            self.foundations[index].append(card)

    # --- text -----------------------------------------------------------------------------

    @property
    def key(self) -> str:
        parts = []
        for n, card in enumerate(self.equator):
            parts.append(pile_text(f"E{n + 1}", [] if card is None else [card]))
        for m, packet in enumerate(self.zodiac):
            parts.append(pile_text(f"Z{m + 1}", packet))
        for k, pile in enumerate(self.foundations):
            parts.append(pile_text(f"F{k + 1}", pile))
        parts.append(pile_text("pack", self.pack, face_down=len(self.pack)))
        parts.append(pile_text("talon", self.talon))
        return " ".join(parts)

    @property
    def is_won(self) -> bool:
        return sum(len(f) for f in self.foundations) == 104


class Game(RefGame):
    """THE ZODIAC (two packs). No options: the book's game only."""

    slug: ClassVar[str] = "zodiac"
    OPTIONS: ClassVar[dict[str, object]] = {}

    def pack(self) -> list[Card]:
        return standard_pack(2)

    def start(self, cards: list[Card], rng: SplitMix64) -> ZodiacState:
        """Card 1..8 to E1..E8, card 9..32 to Z1..Z24, cards 33..104 the pack (33 on top)."""
        equator: list[Card | None] = list(cards[0:N_EQUATOR])
        zodiac = [[c] for c in cards[N_EQUATOR : N_EQUATOR + N_ZODIAC]]
        pack = list(reversed(cards[N_EQUATOR + N_ZODIAC :]))
        return ZodiacState(self, equator, zodiac, pack, rng)
