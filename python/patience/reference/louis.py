"""THE "LOUIS" PATIENCE: the reference engine.

Written from ``rules/louis.md`` and ``docs/notation/louis.md`` alone.

Two packs. AC, AD, AH, AS (F1-F4, built up) and KC, KD, KH, KS (F5-F8, built down) are taken
out of the shuffled pack; the other 96 cards are dealt in circles to the twelve places of the
alphabet a..m (no j). A card dealt that may go on a foundation waits in the hand (``hand>fM``,
from deal 2 ``hold`` for a double card, or ``leave``); a card that goes up is replaced at the
same place. Between circles only this circle's top cards (the open places) may go up, and
``deal`` deals the next circle. After the deal: top cards to foundations, marriages in suit up
or down; from deal 2 on, held cards and exchanges between the two foundations of a suit. Three
re-deals take the alphabet up from g round to f (f comes out first), without shuffling.

Written for clarity, not speed.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ._common import Card, ReferenceError_, RefGame, RefState, SplitMix64, standard_pack, withdraw

LETTERS = "abcdefghiklm"
N_PLACES = 12
PASSES = 4
BASES = [Card(1, s) for s in range(4)] + [Card(13, s) for s in range(4)]
#: gathering order for a re-deal (first taken up first)
GATHER = "ghiklmabcdef"
#: foundation labels in moves (``f`` alone is the place f of the alphabet)
FOUNDATION_LABELS = [f"f{m}" for m in range(1, 9)]


class LouisState(RefState):
    """A position. ``pack`` has its next card last. ``p`` is the place index being dealt to
    (12 between circles); ``over`` is True once the deal is over; ``opened`` holds the indices of
    the open places."""

    def __init__(self, game: Game, pack: list[Card]) -> None:
        self.game = game
        self.places: list[list[Card]] = [[] for _ in range(N_PLACES)]
        self.found: list[list[Card]] = [[b] for b in BASES]
        self.held: list[Card] = []
        self.hand: Card | None = None
        self.passes = 1
        self._new_deal(pack)

    # --- foundations -----------------------------------------------------------------------

    def _wants(self, m: int, card: Card) -> bool:
        f = self.found[m]
        if f[-1].suit != card.suit or len(f) >= 13:
            return False
        return card.rank == (f[-1].rank + 1 if m < 4 else f[-1].rank - 1)

    def _double(self, card: Card) -> bool:
        return self._wants(card.suit, card) and self._wants(card.suit + 4, card)

    def _may_go_on(self, card: Card) -> list[int]:
        wanted = [m for m in range(8) if self._wants(m, card)]
        if self.passes == 1 and self._double(card):
            return [card.suit]  # the ace foundation only
        return wanted

    # --- the deal --------------------------------------------------------------------------

    def _new_deal(self, pack_in_order: list[Card]) -> None:
        self.pack: list[Card] = list(reversed(pack_in_order))
        self.over = False
        self._new_circle()

    def _new_circle(self) -> None:
        self.p = 0
        self.opened: set[int] = set()
        self._run()

    def _run(self) -> None:
        """The circle loop from place ``p``."""
        while True:
            if not self.pack:
                self.over = True
                self.opened = set()
                return
            if self.p == N_PLACES:
                return
            card = self.pack.pop()
            if self._may_go_on(card):
                self.hand = card
                return
            self.places[self.p].append(card)
            self.opened.add(self.p)
            self.p += 1

    # --- the rules -------------------------------------------------------------------------

    def _common_moves(self) -> list[str]:
        out: list[str] = []
        for m in range(8):
            if any(self._wants(m, c) for c in self.held):
                out.append(f"held>f{m + 1}")
        if self.passes >= 2:
            for n in range(8):
                if len(self.found[n]) >= 2:
                    other = (n + 4) % 8
                    if self._wants(other, self.found[n][-1]):
                        out.append(f"f{n + 1}>f{other + 1}")
        return out

    def moves(self) -> list[str]:
        if self.is_won:
            return []
        if self.hand is not None:
            out = [f"hand>f{m + 1}" for m in self._may_go_on(self.hand)]
            if self.passes >= 2 and self._double(self.hand):
                out.append("hold")
            out.append("leave")
            return out
        out = []
        sources = range(N_PLACES) if self.over else sorted(self.opened)
        for i in sources:
            if self.places[i]:
                for m in self._may_go_on(self.places[i][-1]):
                    out.append(f"{LETTERS[i]}>f{m + 1}")
        out += self._common_moves()
        if self.over:
            for i, src in enumerate(self.places):
                if not src:
                    continue
                for j, dst in enumerate(self.places):
                    if (
                        j != i
                        and dst
                        and dst[-1].suit == src[-1].suit
                        and abs(dst[-1].rank - src[-1].rank) == 1
                    ):
                        out.append(f"{LETTERS[i]}>{LETTERS[j]}")
            if self.passes < PASSES:
                out.append("redeal")
        else:
            out.append("deal")
        return out

    def _apply(self, move: str) -> None:
        if move in ("leave", "hold") or move.startswith("hand>"):
            card = self.hand
            assert card is not None
            self.hand = None
            if move == "leave":
                self.places[self.p].append(card)
                self.opened.add(self.p)
                self.p += 1
            elif move == "hold":
                self.held.append(card)
            else:
                self.found[int(move[6:]) - 1].append(card)
            self._run()
        elif move == "deal":
            self._new_circle()
        elif move == "redeal":
            taken: list[list[Card]] = [self.places[LETTERS.index(x)] for x in GATHER]
            new_pack: list[Card] = []
            for pile in reversed(taken):  # the last taken up comes out first
                new_pack.extend(pile)
            self.places = [[] for _ in range(N_PLACES)]
            self.passes += 1
            self._new_deal(new_pack)
        else:
            src, dst = move.split(">")
            if src == "held":
                m = int(dst[1:]) - 1
                card = next(c for c in self.held if self._wants(m, c))
                self.held.remove(card)
                self.found[m].append(card)
            elif src in FOUNDATION_LABELS:
                self.found[int(dst[1:]) - 1].append(self.found[int(src[1:]) - 1].pop())
            else:
                i = LETTERS.index(src)
                card = self.places[i].pop()
                self.opened.discard(i)
                if dst in FOUNDATION_LABELS:
                    self.found[int(dst[1:]) - 1].append(card)
                else:
                    self.places[LETTERS.index(dst)].append(card)

    @property
    def key(self) -> str:
        parts = [f"{LETTERS[i]}:" + "".join(map(str, p)) for i, p in enumerate(self.places)]
        parts += [f"F{i + 1}:" + "".join(map(str, f)) for i, f in enumerate(self.found)]
        parts.append(
            "held:" + "".join(str(c) for c in sorted(self.held, key=lambda c: (c.suit, c.rank)))
        )
        parts.append("pack:" + "".join(c.down() for c in self.pack))
        parts.append("hand:" + ("" if self.hand is None else str(self.hand)))
        parts.append(f"pass:{self.passes}")
        if not self.over:
            parts.append("open:" + "".join(LETTERS[i] for i in sorted(self.opened)))
        if self.hand is not None:
            parts.append(f"pending:{LETTERS[self.p]}")
        return " ".join(parts)

    @property
    def is_won(self) -> bool:
        return sum(len(f) for f in self.found) == 104


class Game(RefGame):
    """THE "LOUIS" PATIENCE (two packs, no options)."""

    slug: ClassVar[str] = "louis"
    OPTIONS: ClassVar[dict[str, Any]] = {}

    def pack(self) -> list[Card]:
        return standard_pack(2)

    def start(self, cards: list[Card], rng: SplitMix64) -> LouisState:
        if len(cards) != 104:
            raise ReferenceError_('THE "LOUIS" PATIENCE needs the 104 cards of two packs')
        pack = list(cards)
        withdraw(pack, BASES)
        return LouisState(self, pack)
