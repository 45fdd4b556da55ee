"""LIGHT AND SHADE (two packs): the reference engine.

Written from ``python/patience/rules/light-and-shade.md`` and
``docs/notation/light-and-shade.md`` alone.

The eight aces are withdrawn from the shuffled pack as the foundations F1..F8 (C, C, D, D,
H, H, S, S), built up to the king in alternating colours. Of the other cards, 1-4 are the
Auxiliary packets A1..A4 (built down in alternating colours, only their top card goes to a
foundation), 5-8 the Rival places R1..R4 (a Rival card goes onto or into an Auxiliary), and
the rest the pack, turned one card at a time onto the talon, whose top card may be built onto
a non-empty Auxiliary or fill an empty Rival (with ``talon_to_auxiliary=False`` only fill an
empty Rival). One pass, no automatic step. Written for clarity, not speed.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ._common import (
    Card,
    ReferenceError_,
    RefGame,
    RefState,
    SplitMix64,
    pile_text,
    standard_pack,
    withdraw,
)

N_AUX = 4
N_RIVAL = 4
N_FOUND = 8
KING = 13
#: the withdrawn aces, in the order F1..F8
ACES = [Card(1, s) for s in (0, 0, 1, 1, 2, 2, 3, 3)]


def _builds_down(card: Card, top: Card) -> bool:
    """True when ``card`` may go on ``top`` of an Auxiliary: one lower, other colour."""
    return card.rank == top.rank - 1 and card.is_red != top.is_red


class State(RefState):
    """A position of LIGHT AND SHADE. Piles are lists from bottom to top; ``pack`` too, so its
    last card is the next one turned. A Rival is a card or None."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.aux: list[list[Card]] = [[] for _ in range(N_AUX)]
        self.rivals: list[Card | None] = [None] * N_RIVAL
        self.found: list[list[Card]] = [[a] for a in ACES]
        self.pack: list[Card] = []
        self.talon: list[Card] = []

    def _fits_foundation(self, card: Card, m: int) -> bool:
        top = self.found[m][-1]
        return top.rank < KING and card.rank == top.rank + 1 and card.is_red != top.is_red

    def moves(self) -> list[str]:
        if self.is_won:
            return []
        out: list[str] = []
        for i, pile in enumerate(self.aux):
            if pile:
                for m in range(N_FOUND):
                    if self._fits_foundation(pile[-1], m):
                        out.append(f"a{i + 1}>f{m + 1}")
        for i, card in enumerate(self.rivals):
            if card is None:
                continue
            for j, pile in enumerate(self.aux):
                if not pile or _builds_down(card, pile[-1]):
                    out.append(f"r{i + 1}>a{j + 1}")
        if self.talon:
            card = self.talon[-1]
            for i, r in enumerate(self.rivals):
                if r is None:
                    out.append(f"talon>r{i + 1}")
            if self.game.options["talon_to_auxiliary"]:
                for j, pile in enumerate(self.aux):
                    if pile and _builds_down(card, pile[-1]):
                        out.append(f"talon>a{j + 1}")
        if self.pack:
            out.append("turn")
        return out

    def _take(self, src: str) -> Card:
        if src == "talon":
            return self.talon.pop()
        i = int(src[1:]) - 1
        if src[0] == "a":
            return self.aux[i].pop()
        card = self.rivals[i]
        assert card is not None
        self.rivals[i] = None
        return card

    def _apply(self, move: str) -> None:
        if move == "turn":
            self.talon.append(self.pack.pop())
            return
        src, dst = move.split(">")
        card = self._take(src)
        i = int(dst[1:]) - 1
        if dst[0] == "f":
            self.found[i].append(card)
        elif dst[0] == "a":
            self.aux[i].append(card)
        else:
            self.rivals[i] = card

    @property
    def key(self) -> str:
        parts = [pile_text(f"A{i + 1}", p) for i, p in enumerate(self.aux)]
        parts += [f"R{i + 1}:" + ("" if c is None else str(c)) for i, c in enumerate(self.rivals)]
        parts += [pile_text(f"F{i + 1}", f) for i, f in enumerate(self.found)]
        parts.append(pile_text("pack", self.pack, len(self.pack)))
        parts.append(pile_text("talon", self.talon))
        return " ".join(parts)

    @property
    def is_won(self) -> bool:
        return sum(len(f) for f in self.found) == 104


class Game(RefGame):
    """LIGHT AND SHADE. Option ``talon_to_auxiliary`` (default True, the book): the talon top
    may be built onto a non-empty Auxiliary packet; False: it only fills empty Rivals."""

    slug: ClassVar[str] = "light-and-shade"
    OPTIONS: ClassVar[dict[str, Any]] = {"talon_to_auxiliary": True}

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        v = self.options["talon_to_auxiliary"]
        if not isinstance(v, bool):
            raise ReferenceError_(f"talon_to_auxiliary must be True or False, got {v!r}")

    def pack(self) -> list[Card]:
        return standard_pack(2)

    def start(self, cards: list[Card], rng: SplitMix64) -> State:
        """Withdraw the aces, deal A1..A4 and R1..R4; the rest is the pack, card 9 on top."""
        rest = list(cards)
        withdraw(rest, ACES)
        state = State(self)
        for i in range(N_AUX):
            state.aux[i].append(rest[i])
        for i in range(N_RIVAL):
            state.rivals[i] = rest[N_AUX + i]
        state.pack = list(reversed(rest[N_AUX + N_RIVAL :]))
        return state
