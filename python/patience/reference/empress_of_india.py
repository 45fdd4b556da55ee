"""Reference engine of THE EMPRESS OF INDIA (``python/patience/rules/empress-of-india.md``).

The starting point ``tools/scaffold.py`` copies for a new game: a real (tiny) game, so that
the copy imports and its rule tests run from the first minute. Rewrite every part of it
from the new game's rule text and notation page, never from the Rust module.

No layout: the whole shuffled pack is the pack, its first card on top. Four foundations
F1..F4, each started by an ace (to the lowest-numbered empty place) and built up in suit to
the king. ``turn`` turns one card onto the talon, whose top card may go to its foundation;
``passes`` passes through the pack (1 by default), each ``redeal`` turning the talon over as
it lies. Won with every card on the foundations.

Text forms follow ``docs/NOTATION.md`` and ``docs/notation/empress-of-india.md``.
Written for clarity, not speed.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ._common import Card, ReferenceError_, RefGame, RefState, SplitMix64, pile_text

N_FOUNDATIONS = 4
ACE = 1
MAX_PASSES = 100


class State(RefState):
    """A position of THE EMPRESS OF INDIA."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.foundations: list[list[Card]] = [[] for _ in range(N_FOUNDATIONS)]
        #: the pack, bottom to top: its last card is the next to be turned
        self.pack: list[Card] = []
        #: the talon, bottom to top: its last card is the available one
        self.talon: list[Card] = []
        #: 1 + re-deals made
        self.pass_number = 1

    # --- helpers ---------------------------------------------------------------------

    def _foundation_for(self, card: Card) -> int | None:
        """Index of the foundation that takes ``card`` now, or None."""
        if card.rank == ACE:
            for i, f in enumerate(self.foundations):
                if not f:
                    return i
            return None
        for i, f in enumerate(self.foundations):
            if f and f[-1].suit == card.suit and f[-1].rank == card.rank - 1:
                return i
        return None

    def _redeal_allowed(self) -> bool:
        return not self.pack and bool(self.talon) and self.pass_number < self.game.passes

    # --- the rules -------------------------------------------------------------------

    def moves(self) -> list[str]:
        """All legal moves, as text forms."""
        if self.is_won:
            return []
        out: list[str] = []
        if self.talon:
            f = self._foundation_for(self.talon[-1])
            if f is not None:
                out.append(f"talon>f{f + 1}")
        if self.pack:
            out.append("turn")
        if self._redeal_allowed():
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
            card = self.talon.pop()
            self.foundations[int(move.split(">f")[1]) - 1].append(card)

    @property
    def key(self) -> str:
        parts = [pile_text(f"F{i + 1}", f) for i, f in enumerate(self.foundations)]
        parts.append(pile_text("pack", self.pack, len(self.pack)))
        parts.append(pile_text("talon", self.talon))
        parts.append(f"pass:{self.pass_number}")
        return " ".join(parts)

    @property
    def is_won(self) -> bool:
        return sum(len(f) for f in self.foundations) == 52

    def __str__(self) -> str:
        return self.key.replace(" pack:", "\npack:")


class Game(RefGame):
    """THE EMPRESS OF INDIA, with ``passes`` passes through the pack (1 by default)."""

    slug: ClassVar[str] = "empress-of-india"
    OPTIONS: ClassVar[dict[str, Any]] = {"passes": 1}

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        p = self.options["passes"]
        if isinstance(p, bool) or not isinstance(p, int) or not 1 <= p <= MAX_PASSES:
            raise ReferenceError_(f"passes must be an integer from 1 to {MAX_PASSES}, got {p!r}")
        self.passes: int = p

    def start(self, cards: list[Card], rng: SplitMix64) -> State:
        """The whole pack is the pack; the first card dealt is its top (the last of the list)."""
        state = State(self)
        state.pack = list(reversed(cards))
        return state
