"""THE BLOCKADE (two packs): the reference engine.

Written from ``rules/blockade.md`` and ``docs/notation/blockade.md`` alone, for clarity, not
speed.

Twelve columns C1-C12, each a list of positions (one per row dealt into it); a position is a
stack of cards (the card dealt and cards married onto it) or a vacancy (an empty list). The
available card of a column is the top of its last non-empty position. Aces go to the
foundations F1-F8 as soon as they come from the pack. Moves: an available card to a foundation,
marry it onto another column's available card (same suit, one higher), ``refill`` every vacancy
(by row, then column), ``deal`` a new row when no vacancy is open. Won with all cards up.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ._common import Card, RefGame, RefState, SplitMix64, pile_text, standard_pack

N_COLUMNS = 12
ACE, KING = 1, 13


class State(RefState):
    """One position. ``columns[c][p]`` is position p+1 of column c+1, a stack bottom to top
    (empty: a vacancy). The pack is a list bottom to top: its last card comes out next."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.columns: list[list[list[Card]]] = [[] for _ in range(N_COLUMNS)]
        self.found: list[list[Card]] = [[] for _ in range(8)]
        self.pack: list[Card] = []

    def _take_card(self) -> Card | None:
        """The next pack card that is not an ace; aces go to the foundations on the way."""
        while self.pack:
            card = self.pack.pop()
            if card.rank == ACE:
                self.found[self.found.index([])].append(card)
            else:
                return card
        return None

    def _deal_row(self) -> None:
        for c in range(N_COLUMNS):
            card = self._take_card()
            if card is not None:
                self.columns[c].append([card])

    def _available(self, c: int) -> Card | None:
        for stack in reversed(self.columns[c]):
            if stack:
                return stack[-1]
        return None

    def _vacancies(self) -> list[tuple[int, int]]:
        """(position, column) of every vacancy, 0-based, in refill order."""
        out = [(p, c) for c in range(N_COLUMNS) for p, s in enumerate(self.columns[c]) if not s]
        return sorted(out)

    def _wants(self, m: int, card: Card) -> bool:
        f = self.found[m]
        return bool(f) and f[-1].suit == card.suit and f[-1].rank + 1 == card.rank

    def moves(self) -> list[str]:
        if self.is_won:
            return []
        out: list[str] = []
        for i in range(N_COLUMNS):
            card = self._available(i)
            if card is None:
                continue
            out += [f"c{i + 1}>f{m + 1}" for m in range(8) if self._wants(m, card)]
            for j in range(N_COLUMNS):
                target = self._available(j)
                if (
                    j != i
                    and target is not None
                    and target.suit == card.suit
                    and target.rank == card.rank + 1
                ):
                    out.append(f"c{i + 1}>c{j + 1}")
        if self.pack:
            out.append("refill" if self._vacancies() else "deal")
        return out

    def _apply(self, move: str) -> None:
        if move == "deal":
            self._deal_row()
        elif move == "refill":
            for p, c in self._vacancies():
                card = self._take_card()
                if card is None:
                    break
                self.columns[c][p].append(card)
        else:
            src, dst = move.split(">")
            i = int(src[1:]) - 1
            stack = next(s for s in reversed(self.columns[i]) if s)
            card = stack.pop()
            if dst.startswith("f"):
                self.found[int(dst[1:]) - 1].append(card)
            else:
                j = int(dst[1:]) - 1
                next(s for s in reversed(self.columns[j]) if s).append(card)

    @property
    def key(self) -> str:
        parts = []
        for c in range(N_COLUMNS):
            for p, stack in enumerate(self.columns[c]):
                parts.append(pile_text(f"C{c + 1}P{p + 1}", stack))
        parts += [pile_text(f"F{i + 1}", f) for i, f in enumerate(self.found)]
        parts.append(pile_text("pack", self.pack, len(self.pack)))
        return " ".join(parts)

    @property
    def is_won(self) -> bool:
        return sum(len(f) for f in self.found) == 104


class Game(RefGame):
    """THE BLOCKADE. No options."""

    slug: ClassVar[str] = "blockade"
    OPTIONS: ClassVar[dict[str, Any]] = {}

    def pack(self) -> list[Card]:
        """Two standard packs, 104 cards."""
        return standard_pack(2)

    def start(self, cards: list[Card], rng: SplitMix64) -> State:
        """The whole deal is the pack; the first row is dealt at once."""
        state = State(self)
        state.pack = list(reversed(cards))
        state._deal_row()
        return state
