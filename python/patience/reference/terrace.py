"""THE TERRACE (two packs): the reference engine.

Written from ``rules/terrace.md`` and ``docs/notation/terrace.md`` alone.

Cards 1-13 form the Terrace (one pile, card 13 on top, the only available card); cards 14-16
are three candidates, one of which the player chooses (``choose c1`` .. ``choose c3``) as F1's
base card; its rank is the base rank of all eight foundations. The other two candidates go to
V1 and V2, cards 17-23 to V3-V9 (the valley), the rest is the pack. Foundations build up with
alternating colours and wrap from king to ace, thirteen cards each (a foundation the Terrace's
card could go to takes no valley or talon card); the valley builds down with
alternating colours, no wrap. An emptied valley packet is refilled at once from the talon, or
from the pack when the talon is empty. One pass, no re-deal.

Text forms follow ``docs/NOTATION.md`` and ``docs/notation/terrace.md``.
Written for clarity, not speed.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ._common import Card, RefGame, RefState, SplitMix64, pile_text, standard_pack

N_TERRACE = 13
N_VALLEY = 9
N_FOUNDATIONS = 8
FULL = 13
TOTAL = 104
CHOICES = ["choose c1", "choose c2", "choose c3"]


def _rank_after(rank: int) -> int:
    """The next rank up on a foundation: K is followed by A."""
    return 1 if rank == 13 else rank + 1


class State(RefState):
    """A position of THE TERRACE. Every pile is a list from bottom to top; the pack's last
    element is its top card. ``candidates`` holds the three cards to choose from while the
    choice is pending (else it is empty)."""

    def __init__(self, game: Game, cards: list[Card]) -> None:
        self.game = game
        self.terrace: list[Card] = list(cards[:N_TERRACE])
        self.candidates: list[Card] = list(cards[13:16])
        self.foundations: list[list[Card]] = [[] for _ in range(N_FOUNDATIONS)]
        self.valley: list[list[Card]] = [[] for _ in range(N_VALLEY)]
        #: cards 17..104, bottom to top (card 17 last, the top)
        self.pack: list[Card] = list(reversed(cards[16:]))
        self.talon: list[Card] = []

    # --- helpers ---------------------------------------------------------------------

    @property
    def base_rank(self) -> int:
        return self.foundations[0][0].rank

    def _sources(self) -> list[tuple[str, Card]]:
        """Available cards with their move labels: Terrace, valley tops, talon top."""
        out: list[tuple[str, Card]] = []
        if self.terrace:
            out.append(("t", self.terrace[-1]))
        out += [(f"v{i + 1}", p[-1]) for i, p in enumerate(self.valley) if p]
        if self.talon:
            out.append(("talon", self.talon[-1]))
        return out

    def _foundation_moves(self, card: Card) -> list[int]:
        """Indices of the foundations that take ``card`` now."""
        if card.rank == self.base_rank:
            empty = [i for i, f in enumerate(self.foundations) if not f]
            return empty[:1]
        out = []
        for i, f in enumerate(self.foundations):
            if 1 <= len(f) < FULL:
                top = f[-1]
                if card.rank == _rank_after(top.rank) and card.is_red != top.is_red:
                    out.append(i)
        return out

    @staticmethod
    def _builds_on(card: Card, below: Card) -> bool:
        """Valley build: ``below`` one rank higher (no wrap) and of the other colour."""
        return below.rank == card.rank + 1 and card.is_red != below.is_red

    def _take(self, src: str) -> Card:
        if src == "t":
            return self.terrace.pop()
        if src == "talon":
            return self.talon.pop()
        return self.valley[int(src[1:]) - 1].pop()

    def _refill(self) -> None:
        """Automatic: empty valley packets take the talon top, else the pack top."""
        for pile in self.valley:
            if not pile:
                if self.talon:
                    pile.append(self.talon.pop())
                elif self.pack:
                    pile.append(self.pack.pop())

    # --- the rules -------------------------------------------------------------------

    def moves(self) -> list[str]:
        if self.candidates:
            return list(CHOICES)
        if self.is_won:
            return []
        out: list[str] = []
        # The Terrace first: a foundation the Terrace's card could go to takes no other card.
        terrace_places = set(self._foundation_moves(self.terrace[-1])) if self.terrace else set()
        for src, card in self._sources():
            for m in self._foundation_moves(card):
                if src == "t" or m not in terrace_places:
                    out.append(f"{src}>f{m + 1}")
            if src == "t":
                continue
            for j, pile in enumerate(self.valley):
                if src != f"v{j + 1}" and pile and self._builds_on(card, pile[-1]):
                    out.append(f"{src}>v{j + 1}")
        if self.pack:
            out.append("turn")
        return out

    def _apply(self, move: str) -> None:
        if move in CHOICES:
            k = CHOICES.index(move)
            self.foundations[0].append(self.candidates[k])
            others = [c for i, c in enumerate(self.candidates) if i != k]
            self.candidates = []
            self.valley[0].append(others[0])
            self.valley[1].append(others[1])
            for j in range(2, N_VALLEY):
                self.valley[j].append(self.pack.pop())
        elif move == "turn":
            self.talon.append(self.pack.pop())
        else:
            src, dst = move.split(">")
            card = self._take(src)
            i = int(dst[1:]) - 1
            if dst.startswith("f"):
                self.foundations[i].append(card)
            else:
                self.valley[i].append(card)
        self._refill()

    @property
    def key(self) -> str:
        parts = [pile_text("T", self.terrace)]
        parts += [pile_text(f"F{i + 1}", f) for i, f in enumerate(self.foundations)]
        parts += [pile_text(f"V{i + 1}", p) for i, p in enumerate(self.valley)]
        parts.append(pile_text("pack", self.pack, len(self.pack)))
        parts.append(pile_text("talon", self.talon))
        if self.candidates:
            parts.append("pending:" + "".join(str(c) for c in self.candidates))
        return " ".join(parts)

    @property
    def is_won(self) -> bool:
        return sum(len(f) for f in self.foundations) == TOTAL


class Game(RefGame):
    """THE TERRACE. No options."""

    slug: ClassVar[str] = "terrace"
    OPTIONS: ClassVar[dict[str, Any]] = {}

    def pack(self) -> list[Card]:
        return standard_pack(2)

    def start(self, cards: list[Card], rng: SplitMix64) -> State:
        return State(self, list(cards))
