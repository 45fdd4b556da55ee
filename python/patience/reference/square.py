"""Reference engine of THE SQUARE (``python/patience/rules/square.md``).

Written from the rule text and ``docs/notation/square.md`` alone.

Sixteen packets S1-S16 (row by row) dealt one card each; while dealing, the first ace of each
suit goes to its foundation and is replaced by the next card. Four foundations F1-F4 (clubs,
diamonds, hearts, spades) go up from the ace to the king, take the second king, then go down
to the second ace (26 cards each). Square tops and the talon top marry onto Square tops of the
same suit one rank up or down. An emptied Square place is refilled at once from the talon top,
or the pack top when the talon is empty. One pass, no re-deal.

Written for clarity, not speed.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ._common import Card, RefGame, RefState, SplitMix64, pile_text, standard_pack

N_PLACES = 16
N_FOUNDATIONS = 4
FULL = 26
KING = 13


def next_rank(n: int) -> int | None:
    """The rank a foundation holding ``n`` cards takes next (None when full)."""
    if n == 0:
        return 1
    if n <= 12:
        return n + 1
    if n == 13:
        return KING
    if n <= 25:
        return 26 - n
    return None


class State(RefState):
    """A position of THE SQUARE. Piles are lists bottom to top; ``pack[-1]`` is its top."""

    def __init__(self, game: Game, cards: list[Card]) -> None:
        self.game = game
        self.square: list[list[Card]] = [[] for _ in range(N_PLACES)]
        #: foundation i holds suit i (C, D, H, S)
        self.foundations: list[list[Card]] = [[] for _ in range(N_FOUNDATIONS)]
        deck = list(cards)  # first card dealt first
        for i in range(N_PLACES):
            while True:
                card = deck.pop(0)
                if card.rank == 1 and not self.foundations[card.suit]:
                    self.foundations[card.suit].append(card)
                    continue
                self.square[i].append(card)
                break
        self.pack: list[Card] = list(reversed(deck))
        self.talon: list[Card] = []

    # --- helpers ---------------------------------------------------------------------

    def _fits_foundation(self, card: Card, m: int) -> bool:
        f = self.foundations[m]
        return card.suit == m and next_rank(len(f)) == card.rank

    def _sources(self) -> list[tuple[str, Card]]:
        out = [(f"s{i + 1}", p[-1]) for i, p in enumerate(self.square) if p]
        if self.talon:
            out.append(("talon", self.talon[-1]))
        return out

    def _refill(self) -> None:
        while True:
            empty = [i for i, p in enumerate(self.square) if not p]
            if not empty:
                return
            if self.talon:
                self.square[empty[0]].append(self.talon.pop())
            elif self.pack:
                self.square[empty[0]].append(self.pack.pop())
            else:
                return

    # --- the rules -------------------------------------------------------------------

    def moves(self) -> list[str]:
        if self.is_won:
            return []
        out: list[str] = []
        for src, card in self._sources():
            for m in range(N_FOUNDATIONS):
                if self._fits_foundation(card, m):
                    out.append(f"{src}>f{m + 1}")
            for j, pile in enumerate(self.square):
                if src == f"s{j + 1}" or not pile:
                    continue
                top = pile[-1]
                if top.suit == card.suit and abs(top.rank - card.rank) == 1:
                    out.append(f"{src}>s{j + 1}")
        if self.pack:
            out.append("turn")
        return out

    def _apply(self, move: str) -> None:
        if move == "turn":
            self.talon.append(self.pack.pop())
        else:
            src, dst = move.split(">")
            card = self.talon.pop() if src == "talon" else self.square[int(src[1:]) - 1].pop()
            if dst.startswith("f"):
                self.foundations[int(dst[1:]) - 1].append(card)
            else:
                self.square[int(dst[1:]) - 1].append(card)
        self._refill()

    @property
    def key(self) -> str:
        parts = [pile_text(f"S{i + 1}", p) for i, p in enumerate(self.square)]
        parts += [pile_text(f"F{i + 1}", f) for i, f in enumerate(self.foundations)]
        parts.append(pile_text("pack", self.pack, len(self.pack)))
        parts.append(pile_text("talon", self.talon))
        return " ".join(parts)

    @property
    def is_won(self) -> bool:
        return sum(len(f) for f in self.foundations) == 104


class Game(RefGame):
    """THE SQUARE (no options)."""

    slug: ClassVar[str] = "square"
    OPTIONS: ClassVar[dict[str, Any]] = {}

    def pack(self) -> list[Card]:
        return standard_pack(2)

    def start(self, cards: list[Card], rng: SplitMix64) -> State:
        return State(self, cards)
