"""Reference engine of CANFIELD OR KLONDIKE (``rules/canfield-or-klondike.md``).

Seven columns T1..T7 dealt in seven rows (row r: one card on each of Tr..T7, the first face
up, the others face down), four foundations F1..F4 built up in suit from the aces, and a
stock (``pack``) turned onto the talon. By default (the book) the stock is turned one card at
a time and gone through once, only whole face-up runs move between columns, and cards never
leave the foundations. The options of ``docs/notation/canfield-or-klondike.md`` loosen this.

Text forms follow ``docs/NOTATION.md`` and ``docs/notation/canfield-or-klondike.md``.
Written for clarity, not speed.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ._common import Card, ReferenceError_, RefGame, RefState, SplitMix64, pile_text

N_COLUMNS = 7
N_FOUNDATIONS = 4
KING = 13
ACE = 1


class Column:
    """One column: ``cards`` bottom to top, the first ``down`` of them face down."""

    def __init__(self) -> None:
        self.cards: list[Card] = []
        self.down = 0

    def run(self) -> list[Card]:
        """The face-up cards, bottom to top."""
        return self.cards[self.down :]

    def top(self) -> Card | None:
        """The exposed card, or None when the column is empty."""
        return self.cards[-1] if self.cards else None

    def turn_up(self) -> None:
        """Automatic step: a face-down card that has become the top is turned face up."""
        if self.cards and self.down == len(self.cards):
            self.down -= 1


def _fits_on(card: Card, column: Column) -> bool:
    """Whether ``card`` (as the deepest card moved) may go onto or into ``column``.

    Onto an exposed card one rank higher and of the other colour, or into an empty column
    when it is a king. An ace never goes onto a column (the runs end at the two).
    """
    if card.rank == ACE:
        return False
    top = column.top()
    if top is None:
        return card.rank == KING
    return top.rank == card.rank + 1 and top.is_red != card.is_red


class State(RefState):
    """A position of CANFIELD OR KLONDIKE."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.columns = [Column() for _ in range(N_COLUMNS)]
        self.foundations: list[list[Card]] = [[] for _ in range(N_FOUNDATIONS)]
        #: the stock, bottom to top: its last card is the next to be turned
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
        passes = self.game.options["passes"]
        if self.pack or not self.talon:
            return False
        return passes is None or self.pass_number < passes

    # --- the rules -------------------------------------------------------------------

    def moves(self) -> list[str]:
        """All legal moves, as text forms."""
        if self.is_won:
            return []
        opts = self.game.options
        out: list[str] = []
        if self.pack:
            out.append("turn")
        if self._redeal_allowed():
            out.append("redeal")
        # single cards to the foundations
        for n, col in enumerate(self.columns):
            top = col.top()
            if top is not None:
                f = self._foundation_for(top)
                if f is not None:
                    out.append(f"t{n + 1}>f{f + 1}")
        if self.talon:
            card = self.talon[-1]
            f = self._foundation_for(card)
            if f is not None:
                out.append(f"talon>f{f + 1}")
            for n, col in enumerate(self.columns):
                if _fits_on(card, col):
                    out.append(f"talon>t{n + 1}")
        # column to column
        for n, src in enumerate(self.columns):
            run = src.run()
            if not run:
                continue
            counts = range(1, len(run) + 1) if opts["partial_runs"] else [len(run)]
            for k in counts:
                base = run[-k]
                moves_whole_column = k == len(src.cards)
                for m, dst in enumerate(self.columns):
                    if m == n or not _fits_on(base, dst):
                        continue
                    if not dst.cards and moves_whole_column:
                        continue  # null move: a column's whole content into an empty column
                    if opts["partial_runs"]:
                        out.append(f"t{n + 1}:{k}>t{m + 1}")
                    else:
                        out.append(f"t{n + 1}>t{m + 1}")
        # foundation back to a column
        if opts["foundation_return"]:
            for i, f in enumerate(self.foundations):
                if f and f[-1].rank >= 2:
                    for m, dst in enumerate(self.columns):
                        if _fits_on(f[-1], dst):
                            out.append(f"f{i + 1}>t{m + 1}")
        return out

    def _apply(self, move: str) -> None:
        if move == "turn":
            for _ in range(min(self.game.options["draw"], len(self.pack))):
                self.talon.append(self.pack.pop())
        elif move == "redeal":
            self.pack = list(reversed(self.talon))
            self.talon = []
            self.pass_number += 1
        else:
            src, dst = move.split(">")
            count = 1
            if ":" in src:
                src, k = src.split(":")
                count = int(k)
            elif src != "talon" and src.startswith("t") and dst.startswith("t"):
                count = len(self.columns[int(src[1:]) - 1].run())
            # take the cards
            if src == "talon":
                cards = [self.talon.pop()]
            elif src.startswith("f"):
                cards = [self.foundations[int(src[1:]) - 1].pop()]
            else:
                col = self.columns[int(src[1:]) - 1]
                cards = col.cards[-count:]
                del col.cards[-count:]
            # put them down
            if dst.startswith("f"):
                self.foundations[int(dst[1:]) - 1].extend(cards)
            else:
                self.columns[int(dst[1:]) - 1].cards.extend(cards)
        # automatic steps: turn up exposed face-down cards, in column order
        for col in self.columns:
            col.turn_up()

    @property
    def key(self) -> str:
        parts = [pile_text(f"T{n + 1}", c.cards, c.down) for n, c in enumerate(self.columns)]
        parts += [pile_text(f"F{i + 1}", f) for i, f in enumerate(self.foundations)]
        parts.append(pile_text("pack", self.pack, len(self.pack)))
        parts.append(pile_text("talon", self.talon))
        if self.game.options["passes"] is not None:
            parts.append(f"pass:{self.pass_number}")
        return " ".join(parts)

    @property
    def is_won(self) -> bool:
        return sum(len(f) for f in self.foundations) == 52

    def __str__(self) -> str:
        return self.key.replace(" F1:", "\nF1:").replace(" pack:", "\npack:")


class Game(RefGame):
    """CANFIELD OR KLONDIKE: the book's game by default, modern Klondike through options."""

    slug: ClassVar[str] = "canfield-or-klondike"
    OPTIONS: ClassVar[dict[str, Any]] = {
        "draw": 1,
        "passes": 1,
        "partial_runs": False,
        "foundation_return": False,
    }

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        o = self.options
        if o["draw"] not in (1, 3) or isinstance(o["draw"], bool):
            raise ReferenceError_(f"draw must be 1 or 3, got {o['draw']!r}")
        p = o["passes"]
        if p is not None and (isinstance(p, bool) or not isinstance(p, int) or p < 1):
            raise ReferenceError_(f"passes must be an integer >= 1 or None, got {p!r}")
        for name in ("partial_runs", "foundation_return"):
            if not isinstance(o[name], bool):
                raise ReferenceError_(f"{name} must be True or False, got {o[name]!r}")

    def start(self, cards: list[Card], rng: SplitMix64) -> State:
        """Deal the 28-card layout in seven rows; the other 24 cards form the pack."""
        state = State(self)
        k = 0
        for r in range(N_COLUMNS):
            for c in range(r, N_COLUMNS):
                col = state.columns[c]
                col.cards.append(cards[k])
                if c != r:
                    col.down += 1
                k += 1
        # the first undealt card is the top of the face-down pack (the last of the list)
        state.pack = list(reversed(cards[k:]))
        return state
