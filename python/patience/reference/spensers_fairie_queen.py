"""SPENSER'S FAIRIE QUEEN: reference engine.

Written from ``rules/spensers-fairie-queen.md`` and ``docs/notation/spensers-fairie-queen.md``
alone. Two packs. The first king of the shuffled pack heads column K1; the other 103 cards are
the pack. Each ``deal`` turns one card: a king heads the next column (the new current column),
an ace goes to the lowest-numbered empty foundation, a card that fits a foundation waits in
the hand (``hand>fM`` or ``hand>kN``, N the current column), any other card goes to the foot
of the current column. Foundations build up in suit from ace to queen. While the pack lasts
the only column play is a column's available card to a foundation; after the deal a card may
also go onto a column whose available card is one rank higher (suit ignored) or onto a single
king. Won with all 96 non-king cards on the foundations.

Written for clarity, not speed.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ._common import Card, ReferenceError_, RefGame, RefState, SplitMix64, pile_text, standard_pack

KING = 13
QUEEN = 12
ACE = 1
N_COLUMNS = 8
N_FOUNDATIONS = 8


class State(RefState):
    """A position: eight columns (king first), eight foundations, the pack and the hand."""

    def __init__(self, game: Game) -> None:
        self.game = game
        #: columns[i], bottom (its king) to top (its available card); empty before its king
        self.columns: list[list[Card]] = [[] for _ in range(N_COLUMNS)]
        #: foundations[i], bottom (the ace) to top
        self.foundations: list[list[Card]] = [[] for _ in range(N_FOUNDATIONS)]
        #: the pack, bottom to top: its last card is the next to be dealt
        self.pack: list[Card] = []
        #: the card waiting for a decision, or None
        self.hand: Card | None = None

    # --- helpers ---------------------------------------------------------------------

    def _current(self) -> int:
        """Index of the current column: the highest-numbered non-empty one."""
        return max(i for i, col in enumerate(self.columns) if col)

    def _fits(self, card: Card) -> list[int]:
        """Indices of the foundations that take ``card`` (same suit, one rank lower)."""
        if card.rank == KING:  # kings never go to the foundations
            return []
        return [
            i
            for i, f in enumerate(self.foundations)
            if f and f[-1].suit == card.suit and f[-1].rank + 1 == card.rank
        ]

    def _deal_complete(self) -> bool:
        return not self.pack and self.hand is None

    # --- the rules -------------------------------------------------------------------

    def moves(self) -> list[str]:
        if self.is_won:
            return []
        if self.hand is not None:
            out = [f"hand>f{i + 1}" for i in self._fits(self.hand)]
            out.append(f"hand>k{self._current() + 1}")
            return out
        out = []
        if self.pack:
            out.append("deal")
        for n, col in enumerate(self.columns):
            if len(col) < 2:  # no column yet, or a single king: nothing to move
                continue
            card = col[-1]
            for m in self._fits(card):
                out.append(f"k{n + 1}>f{m + 1}")
            if not self._deal_complete():
                continue
            for m, dst in enumerate(self.columns):
                if m == n:
                    continue
                if len(dst) == 1 or dst[-1].rank == card.rank + 1:
                    out.append(f"k{n + 1}>k{m + 1}")
        return out

    def _apply(self, move: str) -> None:
        if move == "deal":
            card = self.pack.pop()
            if card.rank == KING:
                self.columns[self.columns.index([])].append(card)
            elif card.rank == ACE:
                self.foundations[self.foundations.index([])].append(card)
            elif self._fits(card):
                self.hand = card
            else:
                self.columns[self._current()].append(card)
            return
        src, dst = move.split(">")
        if src == "hand":
            assert self.hand is not None
            card = self.hand
            self.hand = None
        else:
            card = self.columns[int(src[1:]) - 1].pop()
        if dst.startswith("f"):
            self.foundations[int(dst[1:]) - 1].append(card)
        else:
            self.columns[int(dst[1:]) - 1].append(card)

    # --- text ------------------------------------------------------------------------

    @property
    def key(self) -> str:
        parts = [pile_text(f"K{i + 1}", col) for i, col in enumerate(self.columns)]
        parts += [pile_text(f"F{i + 1}", f) for i, f in enumerate(self.foundations)]
        parts.append(pile_text("pack", self.pack, len(self.pack)))
        parts.append(pile_text("hand", [self.hand] if self.hand is not None else []))
        return " ".join(parts)

    @property
    def is_won(self) -> bool:
        return all(len(f) == QUEEN for f in self.foundations)

    def __str__(self) -> str:
        return self.key.replace(" F1:", "\nF1:").replace(" pack:", "\npack:")


class Game(RefGame):
    """SPENSER'S FAIRIE QUEEN (two packs, no options)."""

    slug: ClassVar[str] = "spensers-fairie-queen"
    OPTIONS: ClassVar[dict[str, Any]] = {}

    def pack(self) -> list[Card]:
        return standard_pack(2)

    def start(self, cards: list[Card], rng: SplitMix64) -> State:
        if len(cards) != 104:
            raise ReferenceError_("SPENSER'S FAIRIE QUEEN needs the 104 cards of two packs")
        rest = list(cards)
        first_king = next(i for i, c in enumerate(rest) if c.rank == KING)
        state = State(self)
        state.columns[0].append(rest.pop(first_king))
        state.pack = list(reversed(rest))  # the first card of the deal on top
        return state
