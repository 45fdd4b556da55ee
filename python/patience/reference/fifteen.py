"""THE FIFTEEN: reference engine.

Written from ``python/patience/rules/fifteen.md`` and ``docs/notation/fifteen.md`` alone. Two
packs dealt face up in rows across fifteen columns C1..C15 (card k to column ((k-1) mod 15)+1),
row 1 at the bottom of each column pile. When the deal is down, the opening play is automatic:
repeatedly the lowest-numbered column whose top card some foundation takes sends it to the
lowest-numbered foundation that takes it. F1..F4 build up from an ace, F5..F8 down from a king,
in suit. A column's top card may go to a foundation, onto another column's top card of its
suit one rank up or down, or into an empty column. The grace (while every foundation is empty
and no top card is an ace or a king) takes an ace and/or a king dealt in row 6 and never moved
since (its column has never held fewer than six cards) to F1 / F5; while the grace is possible
the key ends with ``row6:``, the columns holding such an ace or king. Won with all 104 cards
on the foundations.

Written for clarity, not speed.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ._common import Card, ReferenceError_, RefGame, RefState, SplitMix64, pile_text, standard_pack

N_COLUMNS = 15
COLUMN_LABELS = [f"C{n}" for n in range(1, N_COLUMNS + 1)]
FOUNDATION_LABELS = [f"F{n}" for n in range(1, 9)]
UP = range(0, 4)  # F1..F4
DOWN = range(4, 8)  # F5..F8
ACE, TWO, QUEEN, KING = 1, 2, 12, 13
#: the sixth card from the bottom of a column (index 5 of its pile)
SIXTH = 5


class State(RefState):
    """A position of THE FIFTEEN: fifteen columns and eight foundations."""

    def __init__(self, game: Game, columns: list[list[Card]]) -> None:
        self.game = game
        #: columns[i], bottom (row 1) to top, C1..C15
        self.columns = columns
        #: foundations[n], first card at the bottom; F1..F4 up, F5..F8 down
        self.foundations: list[list[Card]] = [[] for _ in FOUNDATION_LABELS]
        #: in_place[i]: column i's row-6 card has never moved (the column has never held
        #: fewer than six cards since the deal)
        self.in_place = [len(c) > SIXTH for c in columns]

    def _pop(self, i: int, index: int = -1) -> Card:
        """Take a card out of column ``i``; the row-6 card leaves its place for good when
        the column falls below six cards or the card itself is taken."""
        card = self.columns[i].pop(index)
        if index == SIXTH or len(self.columns[i]) <= SIXTH:
            self.in_place[i] = False
        return card

    def _row6(self, rank: int) -> list[int]:
        """Columns whose row-6 card is in place and has ``rank``."""
        return [i for i, c in enumerate(self.columns) if self.in_place[i] and c[SIXTH].rank == rank]

    # --- the rules ------------------------------------------------------------------------

    def _of_suit(self, places: range, suit: int) -> int | None:
        """The foundation among ``places`` whose suit is ``suit`` (at most one), or None."""
        for n in places:
            f = self.foundations[n]
            if f and f[0].suit == suit:
                return n
        return None

    def _lowest_empty(self, places: range) -> int | None:
        for n in places:
            if not self.foundations[n]:
                return n
        return None

    def _foundations_for(self, card: Card) -> list[int]:
        """Indices of the foundations that take ``card``, lowest first."""
        up = self._of_suit(UP, card.suit)
        down = self._of_suit(DOWN, card.suit)
        out: list[int] = []
        if card.rank == ACE:
            if up is None:
                n = self._lowest_empty(UP)
                if n is not None:
                    out.append(n)
            elif down is not None and self.foundations[down][-1].rank == TWO:
                out.append(down)
        elif card.rank == KING:
            if down is None:
                n = self._lowest_empty(DOWN)
                if n is not None:
                    out.append(n)
            elif up is not None and self.foundations[up][-1].rank == QUEEN:
                out.append(up)
        else:
            if up is not None and self.foundations[up][-1].rank == card.rank - 1:
                out.append(up)
            if down is not None and self.foundations[down][-1].rank == card.rank + 1:
                out.append(down)
        return sorted(out)

    @staticmethod
    def _column_takes(column: list[Card], card: Card) -> bool:
        if not column:
            return True
        top = column[-1]
        return top.suit == card.suit and abs(top.rank - card.rank) == 1

    def _grace_choices(self) -> tuple[list[int], list[int]]:
        """Columns with an ace, and columns with a king, in the sixth place; empty lists when
        the grace is not allowed."""
        if any(self.foundations):
            return [], []
        if any(c and c[-1].rank in (ACE, KING) for c in self.columns):
            return [], []
        return self._row6(ACE), self._row6(KING)

    def moves(self) -> list[str]:
        out: list[str] = []
        if self.is_won:
            return out
        for i, src in enumerate(self.columns):
            if not src:
                continue
            card = src[-1]
            name = COLUMN_LABELS[i].lower()
            for n in self._foundations_for(card):
                out.append(f"{name}>f{n + 1}")
            for j, dst in enumerate(self.columns):
                if j != i and self._column_takes(dst, card):
                    out.append(f"{name}>{COLUMN_LABELS[j].lower()}")
        aces, kings = self._grace_choices()
        for a in [None, *aces]:
            for k in [None, *kings]:
                if a is None and k is None:
                    continue
                a_text = "-" if a is None else COLUMN_LABELS[a].lower()
                k_text = "-" if k is None else COLUMN_LABELS[k].lower()
                out.append(f"grace:{a_text},{k_text}")
        return out

    def _apply(self, move: str) -> None:
        labels = [x.lower() for x in COLUMN_LABELS]
        if move.startswith("grace:"):
            a_text, k_text = move[len("grace:") :].split(",")
            if a_text != "-":
                self.foundations[0].append(self._pop(labels.index(a_text), SIXTH))
            if k_text != "-":
                self.foundations[4].append(self._pop(labels.index(k_text), SIXTH))
            return  # nothing automatic follows
        src_text, dst_text = move.split(">")
        card = self._pop(labels.index(src_text))
        if dst_text.startswith("f"):
            self.foundations[int(dst_text[1:]) - 1].append(card)
        else:
            self.columns[labels.index(dst_text)].append(card)
        # No automatic steps after the opening play.

    def opening_play(self) -> None:
        """The automatic foundation play when the deal is complete."""
        while True:
            for i, column in enumerate(self.columns):
                if column:
                    places = self._foundations_for(column[-1])
                    if places:
                        self.foundations[places[0]].append(self._pop(i))
                        break
            else:
                return

    # --- text -----------------------------------------------------------------------------

    @property
    def key(self) -> str:
        parts = [pile_text(label, c) for label, c in zip(COLUMN_LABELS, self.columns)]
        parts += [pile_text(label, f) for label, f in zip(FOUNDATION_LABELS, self.foundations)]
        if not any(self.foundations):
            parts.append("row6:" + "".join(COLUMN_LABELS[i] for i in self._row6_aces_kings()))
        return " ".join(parts)

    def _row6_aces_kings(self) -> list[int]:
        return sorted(self._row6(ACE) + self._row6(KING))

    @property
    def is_won(self) -> bool:
        return sum(len(f) for f in self.foundations) == 104

    def __str__(self) -> str:
        lines = [
            f"{label}: " + " ".join(map(str, c)) for label, c in zip(COLUMN_LABELS, self.columns)
        ]
        lines.append(
            "foundations: " + " ".join(str(f[-1]) if f else "--" for f in self.foundations)
        )
        return "\n".join(lines)


class Game(RefGame):
    """THE FIFTEEN (two packs, no options)."""

    slug = "fifteen"
    OPTIONS: ClassVar[dict[str, Any]] = {}

    def pack(self) -> list[Card]:
        return standard_pack(2)

    def start(self, cards: list[Card], rng: SplitMix64) -> State:
        if len(cards) != 104:
            raise ReferenceError_("THE FIFTEEN needs the 104 cards of two packs")
        columns: list[list[Card]] = [[] for _ in COLUMN_LABELS]
        for k, card in enumerate(cards):  # k counts from 0 here
            columns[k % N_COLUMNS].append(card)
        state = State(self, columns)
        state.opening_play()
        return state
