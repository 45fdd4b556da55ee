"""THE OLGA (four piquet packs): the reference engine.

Written from ``rules/olga.md`` and ``docs/notation/olga.md`` alone.

128 cards (A, 7..K in each suit, four copies). Cards 1-49 are dealt in seven rows of seven,
row 1 first, left to right; rows 1, 3, 5, 7 face up, rows 2, 4, 6 face down. Each column
T1-T7 is a pile with its row-1 card at the bottom and its row-7 card on top. The other 79 cards
are the pack. Sixteen empty foundations F1-F16 take any ace (lowest-numbered empty place) and
follow suit in piquet order A, 7, 8, 9, 10, J, Q, K. Column tops build down in piquet order in
alternate colours, from another column top or the talon top; an empty column takes a column
top only. A face-down column top is turned up at once. One pass, no re-deal.

Text forms follow ``docs/NOTATION.md`` and ``docs/notation/olga.md``.
Written for clarity, not speed.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ._common import Card, RefGame, RefState, SplitMix64, pile_text, piquet_pack

N_COLUMNS = 7
N_ROWS = 7
N_FOUNDATIONS = 16
TOTAL = 128
#: piquet order, lowest first
ORDER = [1, 7, 8, 9, 10, 11, 12, 13]


def _piquet_next(rank: int) -> int | None:
    """The rank just above ``rank`` in piquet order (None above the king)."""
    i = ORDER.index(rank)
    return ORDER[i + 1] if i + 1 < len(ORDER) else None


class State(RefState):
    """A position of THE OLGA. Columns are lists of ``(card, face_up)`` from bottom to top;
    the other piles are lists of cards from bottom to top (the pack's last card is its top)."""

    def __init__(self, game: Game, cards: list[Card]) -> None:
        self.game = game
        self.columns: list[list[tuple[Card, bool]]] = [[] for _ in range(N_COLUMNS)]
        for k in range(1, N_ROWS * N_COLUMNS + 1):
            row = (k - 1) // N_COLUMNS + 1
            col = (k - 1) % N_COLUMNS
            self.columns[col].append((cards[k - 1], row % 2 == 1))
        self.foundations: list[list[Card]] = [[] for _ in range(N_FOUNDATIONS)]
        self.pack: list[Card] = list(reversed(cards[N_ROWS * N_COLUMNS :]))
        self.talon: list[Card] = []

    # --- helpers ---------------------------------------------------------------------

    def _sources(self) -> list[tuple[str, Card]]:
        """Available cards with their move labels: column tops (face up), then the talon."""
        out = [(f"t{i + 1}", c[-1][0]) for i, c in enumerate(self.columns) if c and c[-1][1]]
        if self.talon:
            out.append(("talon", self.talon[-1]))
        return out

    def _foundation_moves(self, card: Card) -> list[int]:
        if card.rank == 1:
            empty = [i for i, f in enumerate(self.foundations) if not f]
            return empty[:1]
        return [
            i
            for i, f in enumerate(self.foundations)
            if f and f[-1].suit == card.suit and _piquet_next(f[-1].rank) == card.rank
        ]

    @staticmethod
    def _builds_on(card: Card, below: Card) -> bool:
        """Column build: ``below`` one rank higher in piquet order and of the other colour."""
        return _piquet_next(card.rank) == below.rank and card.is_red != below.is_red

    def _turn_up(self) -> None:
        """Automatic: a face-down column top is turned face up."""
        for col in self.columns:
            if col and not col[-1][1]:
                col[-1] = (col[-1][0], True)

    # --- the rules -------------------------------------------------------------------

    def moves(self) -> list[str]:
        if self.is_won:
            return []
        out: list[str] = []
        for src, card in self._sources():
            for m in self._foundation_moves(card):
                out.append(f"{src}>f{m + 1}")
            for j, col in enumerate(self.columns):
                if src == f"t{j + 1}":
                    continue
                if col:
                    if col[-1][1] and self._builds_on(card, col[-1][0]):
                        out.append(f"{src}>t{j + 1}")
                elif src != "talon":
                    out.append(f"{src}>t{j + 1}")
        if self.pack:
            out.append("turn")
        return out

    def _apply(self, move: str) -> None:
        if move == "turn":
            self.talon.append(self.pack.pop())
        else:
            src, dst = move.split(">")
            card = self.talon.pop() if src == "talon" else self.columns[int(src[1:]) - 1].pop()[0]
            i = int(dst[1:]) - 1
            if dst.startswith("f"):
                self.foundations[i].append(card)
            else:
                self.columns[i].append((card, True))
        self._turn_up()

    @property
    def key(self) -> str:
        parts = []
        for i, col in enumerate(self.columns):
            parts.append(f"T{i + 1}:" + "".join(str(c) if up else c.down() for c, up in col))
        parts += [pile_text(f"F{i + 1}", f) for i, f in enumerate(self.foundations)]
        parts.append(pile_text("pack", self.pack, len(self.pack)))
        parts.append(pile_text("talon", self.talon))
        return " ".join(parts)

    @property
    def is_won(self) -> bool:
        return sum(len(f) for f in self.foundations) == TOTAL


class Game(RefGame):
    """THE OLGA. No options."""

    slug: ClassVar[str] = "olga"
    OPTIONS: ClassVar[dict[str, Any]] = {}

    def pack(self) -> list[Card]:
        return piquet_pack(4)

    def start(self, cards: list[Card], rng: SplitMix64) -> State:
        return State(self, list(cards))
