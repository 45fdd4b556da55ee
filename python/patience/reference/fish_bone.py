"""Reference engine of THE FISH-BONE (``python/patience/rules/fish-bone.md``).

Written from the rule text and ``docs/notation/fish-bone.md`` alone.

Six gridiron piles G1-G6 (cards 1-6), eight knave places F1-F8 built down in suit from the
knave to the ace, a king slot and a queen slot beside each knave place, a pack and a talon.
Knaves go to the lowest empty knave place by the game; kings and queens go by the game to an
empty slot of a placed knave of their suit. The talon top marries up in suit onto the gridiron
and fills empty gridiron places (never a king or queen). One unshuffled re-deal.

Written for clarity, not speed.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ._common import Card, RefGame, RefState, SplitMix64, pile_text, standard_pack

N_GRID = 6
N_KNAVES = 8
KNAVE, QUEEN, KING = 11, 12, 13
FULL = 11  # J down to A
PASSES = 2


class State(RefState):
    """A position of THE FISH-BONE. Piles are lists bottom to top; ``pack[-1]`` is its top."""

    def __init__(self, game: Game, cards: list[Card]) -> None:
        self.game = game
        self.grid: list[list[Card]] = [[c] for c in cards[:N_GRID]]
        self.knaves: list[list[Card]] = [[] for _ in range(N_KNAVES)]
        self.kings: list[Card | None] = [None] * N_KNAVES
        self.queens: list[Card | None] = [None] * N_KNAVES
        self.pack: list[Card] = list(reversed(cards[N_GRID:]))
        self.talon: list[Card] = []
        self.pass_number = 1
        self._auto()

    # --- helpers ---------------------------------------------------------------------

    def _sources(self) -> list[tuple[str, Card]]:
        """Available cards with their move labels: G1..G6 tops, then the talon top."""
        out = [(f"g{i + 1}", p[-1]) for i, p in enumerate(self.grid) if p]
        if self.talon:
            out.append(("talon", self.talon[-1]))
        return out

    def _take(self, src: str) -> Card:
        if src == "talon":
            return self.talon.pop()
        return self.grid[int(src[1:]) - 1].pop()

    def _slot_for(self, card: Card) -> int | None:
        """Index of the knave place whose matching slot takes this king or queen, or None."""
        slots = self.kings if card.rank == KING else self.queens
        for i, pile in enumerate(self.knaves):
            if pile and pile[0].suit == card.suit and slots[i] is None:
                return i
        return None

    def _auto(self) -> None:
        while True:
            knaves = [(s, c) for s, c in self._sources() if c.rank == KNAVE]
            if knaves:
                src, card = knaves[0]
                self._take(src)
                m = next(i for i, p in enumerate(self.knaves) if not p)
                self.knaves[m].append(card)
                continue
            royals = [
                (s, c)
                for s, c in self._sources()
                if c.rank in (QUEEN, KING) and self._slot_for(c) is not None
            ]
            if royals:
                src, card = royals[0]
                i = self._slot_for(card)
                assert i is not None
                self._take(src)
                if card.rank == KING:
                    self.kings[i] = card
                else:
                    self.queens[i] = card
                continue
            return

    # --- the rules -------------------------------------------------------------------

    def moves(self) -> list[str]:
        if self.is_won:
            return []
        out: list[str] = []
        for src, card in self._sources():
            for m, pile in enumerate(self.knaves):
                if pile and len(pile) < FULL:
                    top = pile[-1]
                    if top.suit == card.suit and top.rank == card.rank + 1:
                        out.append(f"{src}>f{m + 1}")
        if self.talon:
            card = self.talon[-1]
            if card.rank not in (QUEEN, KING):
                for i, pile in enumerate(self.grid):
                    if not pile or pile[-1].suit == card.suit and pile[-1].rank == card.rank - 1:
                        out.append(f"talon>g{i + 1}")
        if self.pack:
            out.append("turn")
        if not self.pack and self.talon and self.pass_number < PASSES:
            out.append("redeal")
        return out

    def _apply(self, move: str) -> None:
        if move == "turn":
            self.talon.append(self.pack.pop())
        elif move == "redeal":
            # turned over as it lies: the first card that reached the talon comes out first
            self.pack = list(reversed(self.talon))
            self.talon = []
            self.pass_number += 1
        else:
            src, dst = move.split(">")
            card = self._take(src)
            i = int(dst[1:]) - 1
            if dst.startswith("f"):
                self.knaves[i].append(card)
            else:
                self.grid[i].append(card)
        self._auto()

    @property
    def key(self) -> str:
        parts = [pile_text(f"G{i + 1}", p) for i, p in enumerate(self.grid)]
        parts += [pile_text(f"F{i + 1}", p) for i, p in enumerate(self.knaves)]
        parts += [f"KS{i + 1}:" + ("" if c is None else str(c)) for i, c in enumerate(self.kings)]
        parts += [f"QS{i + 1}:" + ("" if c is None else str(c)) for i, c in enumerate(self.queens)]
        parts.append(pile_text("pack", self.pack, len(self.pack)))
        parts.append(pile_text("talon", self.talon))
        parts.append(f"pass:{self.pass_number}")
        return " ".join(parts)

    @property
    def is_won(self) -> bool:
        placed = sum(len(p) for p in self.knaves)
        placed += sum(c is not None for c in self.kings) + sum(c is not None for c in self.queens)
        return placed == 104


class Game(RefGame):
    """THE FISH-BONE (no options)."""

    slug: ClassVar[str] = "fish-bone"
    OPTIONS: ClassVar[dict[str, Any]] = {}

    def pack(self) -> list[Card]:
        return standard_pack(2)

    def start(self, cards: list[Card], rng: SplitMix64) -> State:
        return State(self, cards)
