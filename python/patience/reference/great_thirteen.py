"""THE GREAT THIRTEEN (two packs): the reference engine.

Written from ``rules/great-thirteen.md`` and ``docs/notation/great-thirteen.md`` alone.

Eight ground packets of thirteen cards are dealt in blocks; kings on top are slipped to the
bottom; the top card of each packet goes up to the balcony. Under balcony card ``Bi`` (value
b) the numeral packet ``Ni`` is built with the values 2b, 3b, ..., 13b reduced modulo 13 (0
read as king), from the tops of the ground packets. When no placement is legal the ground
packets are taken up and redistributed one at a time, positions 1 to 8, automatically.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ._common import Card, ReferenceError_, RefGame, RefState, SplitMix64, pile_text, standard_pack

KING = 13
POSITIONS = 8


def reduce(value: int) -> int:
    """A sum or double larger than 13, less 13 (values stay in 1..13)."""
    return value - 13 if value > 13 else value


class GreatThirteenState(RefState):
    """One position: balcony, numeral packets, ground packets and the re-deal progress."""

    def __init__(
        self,
        game: Game,
        balcony: list[Card],
        ground: list[list[Card]],
        numerals: list[list[Card]],
        next_position: int,
    ) -> None:
        self.game = game
        self.balcony = balcony
        self.ground = ground
        self.numerals = numerals
        #: the position (1..8) to be taken up next, 9 when all have been processed
        self.next_position = next_position

    # --- rules ---------------------------------------------------------------------------

    def first_value(self, i: int) -> int:
        """Required value of the first card of numeral packet ``i`` (0-based): 2b reduced."""
        return reduce(2 * self.balcony[i].rank)

    def fits_empty_slot(self, value: int) -> bool:
        """True when a card of this value could be doubled into some empty numeral slot."""
        return any(not self.numerals[i] and self.first_value(i) == value for i in range(POSITIONS))

    def moves(self) -> list[str]:
        out = []
        for p in range(POSITIONS):
            if not self.ground[p]:
                continue
            value = self.ground[p][-1].rank
            priority = self.fits_empty_slot(value)
            for i in range(POSITIONS):
                packet = self.numerals[i]
                if not packet:
                    ok = self.first_value(i) == value
                elif packet[-1].rank == KING or priority:
                    ok = False
                else:
                    ok = reduce(packet[-1].rank + self.balcony[i].rank) == value
                if ok:
                    out.append(f"g{p + 1}>n{i + 1}")
        return out

    def _apply(self, move: str) -> None:
        src, dst = move.split(">")
        p = int(src[1:]) - 1
        i = int(dst[1:]) - 1
        self.numerals[i].append(self.ground[p].pop())
        self.automatic()

    def automatic(self) -> None:
        """Take up the next positions while no placement is legal (rule file, re-deal)."""
        while self.next_position <= POSITIONS and not self.moves():
            p = self.next_position - 1
            self.next_position += 1
            packet = self.ground[p]
            if not packet:
                continue
            self.ground[p] = []
            # turned face down: the former bottom card is dealt first
            target = p
            for card in packet:
                target = (target + 1) % POSITIONS
                self.ground[target].append(card)

    # --- text ----------------------------------------------------------------------------

    @property
    def key(self) -> str:
        parts = [pile_text(f"B{i + 1}", [c]) for i, c in enumerate(self.balcony)]
        parts += [pile_text(f"N{i + 1}", pile) for i, pile in enumerate(self.numerals)]
        parts += [pile_text(f"G{i + 1}", pile) for i, pile in enumerate(self.ground)]
        parts.append(f"next:{self.next_position}")
        return " ".join(parts)

    @property
    def is_won(self) -> bool:
        return all(pile and pile[-1].rank == KING for pile in self.numerals)


class Game(RefGame):
    """THE GREAT THIRTEEN: two packs, no options."""

    slug = "great-thirteen"
    OPTIONS: ClassVar[dict[str, Any]] = {}

    def pack(self) -> list[Card]:
        return standard_pack(2)

    def start(self, cards: list[Card], rng: SplitMix64) -> GreatThirteenState:
        if len(cards) != 104:
            raise ReferenceError_("the great thirteen needs 104 cards")
        ground = [list(cards[13 * p : 13 * (p + 1)]) for p in range(POSITIONS)]
        for packet in ground:
            while packet[-1].rank == KING:
                packet.insert(0, packet.pop())
        balcony = [packet.pop() for packet in ground]
        numerals: list[list[Card]] = [[] for _ in range(POSITIONS)]
        state = GreatThirteenState(self, balcony, ground, numerals, 1)
        state.automatic()
        return state
