"""Reference engine of GENERAL SEDGEWICK (``python/patience/rules/general-sedgewick.md``).

Written from the rule text and ``docs/notation/general-sedgewick.md`` alone.

A cross of five packets X1-X5 (cards 1-5: top, left, centre, right, bottom), card 6 the first
foundation F1 and its rank the base rank; the other base-rank cards start F2-F4 by a move,
always to the lowest-numbered empty corner. Foundations go up in suit with the king-to-ace
wrap, 13 cards each. On the cross a card goes on one exactly one rank higher, any suit (with
``cross_wrap`` also a king on an ace). Empty cross places take the talon top. One pass.

Written for clarity, not speed.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ._common import Card, ReferenceError_, RefGame, RefState, SplitMix64, pile_text

N_CROSS = 5
N_FOUNDATIONS = 4
FULL = 13
ACE, KING = 1, 13


class State(RefState):
    """A position of GENERAL SEDGEWICK. Piles are lists bottom to top; ``pack[-1]`` is its top."""

    def __init__(self, game: Game, cards: list[Card]) -> None:
        self.game = game
        self.cross: list[list[Card]] = [[c] for c in cards[:N_CROSS]]
        self.foundations: list[list[Card]] = [[] for _ in range(N_FOUNDATIONS)]
        self.foundations[0].append(cards[N_CROSS])
        self.pack: list[Card] = list(reversed(cards[N_CROSS + 1 :]))
        self.talon: list[Card] = []

    # --- helpers ---------------------------------------------------------------------

    @property
    def base_rank(self) -> int:
        return self.foundations[0][0].rank

    def _sources(self) -> list[tuple[str, Card]]:
        out = [(f"x{i + 1}", p[-1]) for i, p in enumerate(self.cross) if p]
        if self.talon:
            out.append(("talon", self.talon[-1]))
        return out

    def _foundation_targets(self, card: Card) -> list[int]:
        out = []
        for m, f in enumerate(self.foundations):
            if f and len(f) < FULL:
                top = f[-1]
                want = ACE if top.rank == KING else top.rank + 1
                if card.suit == top.suit and card.rank == want:
                    out.append(m)
        if card.rank == self.base_rank:
            empty = [m for m, f in enumerate(self.foundations) if not f]
            if empty:
                out.append(empty[0])
        return out

    def _builds_on(self, card: Card, top: Card) -> bool:
        if top.rank == card.rank + 1:
            return True
        return bool(self.game.options["cross_wrap"]) and card.rank == KING and top.rank == ACE

    # --- the rules -------------------------------------------------------------------

    def moves(self) -> list[str]:
        if self.is_won:
            return []
        out: list[str] = []
        for src, card in self._sources():
            for m in self._foundation_targets(card):
                out.append(f"{src}>f{m + 1}")
            for j, pile in enumerate(self.cross):
                if src == f"x{j + 1}":
                    continue
                if pile and self._builds_on(card, pile[-1]):
                    out.append(f"{src}>x{j + 1}")
                elif not pile and src == "talon":
                    out.append(f"talon>x{j + 1}")
        if self.pack:
            out.append("turn")
        return out

    def _apply(self, move: str) -> None:
        if move == "turn":
            self.talon.append(self.pack.pop())
            return
        src, dst = move.split(">")
        card = self.talon.pop() if src == "talon" else self.cross[int(src[1:]) - 1].pop()
        if dst.startswith("f"):
            self.foundations[int(dst[1:]) - 1].append(card)
        else:
            self.cross[int(dst[1:]) - 1].append(card)

    @property
    def key(self) -> str:
        parts = [pile_text(f"X{i + 1}", p) for i, p in enumerate(self.cross)]
        parts += [pile_text(f"F{i + 1}", f) for i, f in enumerate(self.foundations)]
        parts.append(pile_text("pack", self.pack, len(self.pack)))
        parts.append(pile_text("talon", self.talon))
        return " ".join(parts)

    @property
    def is_won(self) -> bool:
        return sum(len(f) for f in self.foundations) == 52


class Game(RefGame):
    """GENERAL SEDGEWICK; option ``cross_wrap`` (default False): king on ace on the cross."""

    slug: ClassVar[str] = "general-sedgewick"
    OPTIONS: ClassVar[dict[str, Any]] = {"cross_wrap": False}

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        if not isinstance(self.options["cross_wrap"], bool):
            raise ReferenceError_(f"cross_wrap must be a bool, got {self.options['cross_wrap']!r}")

    def start(self, cards: list[Card], rng: SplitMix64) -> State:
        return State(self, cards)
