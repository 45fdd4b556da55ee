"""ANNA (two packs): the reference engine.

Written from ``python/patience/rules/anna.md`` and ``docs/notation/anna.md`` alone.

Nothing is withdrawn. The deal takes cards from the top: a knave goes to the lowest-numbered
empty foundation F1..F8, any other card to the next empty help H1..H8, until the eight helps
hold a card. Foundations follow suit downward J, 10, ..., 2, A, K (12 cards); queens never go
up. Helps take marriages in ascending suit order (nothing on a queen or, without
``marry_wrap``, on a king), from another help's top or the talon top; an empty help takes the
talon top only. ``turn`` takes one pack card (a knave goes to the foundations by itself);
``redeal`` turns the talon over as it lies, twice at most. Written for clarity, not speed.
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
)

N_HELPS = 8
N_FOUND = 8
PASSES = 3
ACE, KNAVE, QUEEN, KING = 1, 11, 12, 13
#: the foundation order of a suit, from the knave
FOUNDATION_ORDER = [11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 13]


class State(RefState):
    """A position of ANNA. Piles are lists from bottom to top; ``pack`` too, so its last card
    is the next one turned."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.helps: list[list[Card]] = [[] for _ in range(N_HELPS)]
        self.found: list[list[Card]] = [[] for _ in range(N_FOUND)]
        self.pack: list[Card] = []
        self.talon: list[Card] = []
        self.pass_number = 1

    # --- helpers ---------------------------------------------------------------------

    def _place_knave(self, card: Card) -> None:
        m = next(i for i, f in enumerate(self.found) if not f)
        self.found[m].append(card)

    def _fits_foundation(self, card: Card, m: int) -> bool:
        f = self.found[m]
        if not f or f[-1].suit != card.suit:
            return False
        k = FOUNDATION_ORDER.index(f[-1].rank)
        return k + 1 < len(FOUNDATION_ORDER) and FOUNDATION_ORDER[k + 1] == card.rank

    def _marries(self, card: Card, top: Card) -> bool:
        """True when ``card`` may be married onto a help whose top card is ``top``."""
        if top.rank == QUEEN or card.suit != top.suit:
            return False
        if card.rank == top.rank + 1:
            return True
        return bool(self.game.options["marry_wrap"]) and top.rank == KING and card.rank == ACE

    def _sources(self) -> list[tuple[str, Card]]:
        out = [(f"h{i + 1}", h[-1]) for i, h in enumerate(self.helps) if h]
        if self.talon:
            out.append(("talon", self.talon[-1]))
        return out

    # --- RefState interface ---------------------------------------------------------------

    def moves(self) -> list[str]:
        if self.is_won:
            return []
        out: list[str] = []
        for src, card in self._sources():
            for m in range(N_FOUND):
                if self._fits_foundation(card, m):
                    out.append(f"{src}>f{m + 1}")
            for j, help_ in enumerate(self.helps):
                if src == f"h{j + 1}":
                    continue
                if help_:
                    if self._marries(card, help_[-1]):
                        out.append(f"{src}>h{j + 1}")
                elif src == "talon":
                    out.append(f"talon>h{j + 1}")
        if self.pack:
            out.append("turn")
        if not self.pack and self.talon and self.pass_number < PASSES:
            out.append("redeal")
        return out

    def _apply(self, move: str) -> None:
        if move == "turn":
            card = self.pack.pop()
            if card.rank == KNAVE:
                self._place_knave(card)
            else:
                self.talon.append(card)
            return
        if move == "redeal":
            # turned over as it lies: the talon's bottom card becomes the pack's top
            self.pack = list(reversed(self.talon))
            self.talon = []
            self.pass_number += 1
            return
        src, dst = move.split(">")
        card = self.talon.pop() if src == "talon" else self.helps[int(src[1:]) - 1].pop()
        i = int(dst[1:]) - 1
        if dst[0] == "f":
            self.found[i].append(card)
        else:
            self.helps[i].append(card)

    @property
    def key(self) -> str:
        parts = [pile_text(f"H{i + 1}", h) for i, h in enumerate(self.helps)]
        parts += [pile_text(f"F{i + 1}", f) for i, f in enumerate(self.found)]
        parts.append(pile_text("pack", self.pack, len(self.pack)))
        parts.append(pile_text("talon", self.talon))
        parts.append(f"pass:{self.pass_number}")
        return " ".join(parts)

    @property
    def is_won(self) -> bool:
        return sum(len(f) for f in self.found) == 96


class Game(RefGame):
    """ANNA. Option ``marry_wrap`` (default False): an ace may be married onto a king."""

    slug: ClassVar[str] = "anna"
    OPTIONS: ClassVar[dict[str, Any]] = {"marry_wrap": False}

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        v = self.options["marry_wrap"]
        if not isinstance(v, bool):
            raise ReferenceError_(f"marry_wrap must be True or False, got {v!r}")

    def pack(self) -> list[Card]:
        return standard_pack(2)

    def start(self, cards: list[Card], rng: SplitMix64) -> State:
        """Deal knaves to the foundations and other cards to the helps until all eight helps
        hold a card; the rest is the pack, its first card on top."""
        state = State(self)
        k = 0
        while any(not h for h in state.helps):
            card = cards[k]
            k += 1
            if card.rank == KNAVE:
                state._place_knave(card)
            else:
                next(h for h in state.helps if not h).append(card)
        state.pack = list(reversed(cards[k:]))
        return state
