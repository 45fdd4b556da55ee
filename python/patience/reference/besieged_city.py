"""Reference engine of THE BESIEGED CITY (``python/patience/rules/besieged-city.md``).

Two packs, nothing withdrawn. Cards 1-12 fill the Reserve (4 rows x 3 columns, row by row),
cards 13-26 the 14 Ramparts in the Rampart order, the rest is the pack. Each suit's foundation
(F1-F4 for C, D, H, S) takes its 26 cards along the ladder A K 2 Q 3 J 4 T 5 9 6 8 7 7 8 6 9 5
T 4 J 3 Q 2 K A. Cards fit when of one suit and one rank apart or neighbours in the ladder.
Emptied Reserve cells fill at once from the talon (else the pack); emptied Ramparts from their
line (a pending choice when the line holds two cards or more). A turned card that can go up
waits in the hand; transposition inside the Reserve once pack and talon are empty.

Text forms follow ``docs/NOTATION.md`` and ``docs/notation/besieged-city.md``.
Written for clarity, not speed.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ._common import Card, RefGame, RefState, SplitMix64, pile_text, standard_pack

ROWS, COLS = 4, 3
#: the Rampart order (deal order and key order)
RAMPARTS = [
    "Top1", "Top2", "Top3",
    "Left1", "Right1", "Left2", "Right2", "Left3", "Right3", "Left4", "Right4",
    "Bottom1", "Bottom2", "Bottom3",
]  # fmt: skip
#: the foundation ladder of every suit, as ranks
LADDER = [1, 13, 2, 12, 3, 11, 4, 10, 5, 9, 6, 8, 7, 7, 8, 6, 9, 5, 10, 4, 11, 3, 12, 2, 13, 1]
CELLS = [(i, j) for i in range(1, ROWS + 1) for j in range(1, COLS + 1)]


def line(rampart: str) -> list[tuple[int, int]]:
    """The Reserve cells of a Rampart's line."""
    n = int(rampart[-1])
    if rampart.startswith(("Left", "Right")):
        return [(n, j) for j in range(1, COLS + 1)]
    return [(i, n) for i in range(1, ROWS + 1)]


def line_ends(cell: tuple[int, int]) -> list[str]:
    i, j = cell
    return [f"Left{i}", f"Right{i}", f"Top{j}", f"Bottom{j}"]


def fits(a: Card, b: Card) -> bool:
    if a.suit != b.suit:
        return False
    if abs(a.rank - b.rank) == 1:
        return True
    pairs = {(LADDER[k], LADDER[k + 1]) for k in range(len(LADDER) - 1)}
    return (a.rank, b.rank) in pairs or (b.rank, a.rank) in pairs


class State(RefState):
    """A position of THE BESIEGED CITY."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.reserve: dict[tuple[int, int], Card | None] = {c: None for c in CELLS}
        self.ramparts: dict[str, list[Card]] = {r: [] for r in RAMPARTS}
        self.foundations: list[list[Card]] = [[] for _ in range(4)]
        self.pack: list[Card] = []  # bottom to top
        self.talon: list[Card] = []  # bottom to top
        self.hand: Card | None = None
        self.pending: str | None = None

    # --- helpers ---------------------------------------------------------------------

    def _goes_up(self, card: Card) -> bool:
        f = self.foundations[card.suit]
        return len(f) < len(LADDER) and LADDER[len(f)] == card.rank

    def _automatic(self) -> None:
        while True:
            empty = [c for c in CELLS if self.reserve[c] is None]
            if empty and (self.talon or self.pack):
                src = self.talon if self.talon else self.pack
                self.reserve[empty[0]] = src.pop()
                continue
            for r in RAMPARTS:
                if self.ramparts[r]:
                    continue
                full = [c for c in line(r) if self.reserve[c] is not None]
                if not full:
                    continue
                if len(full) == 1:
                    card = self.reserve[full[0]]
                    assert card is not None
                    self.ramparts[r].append(card)
                    self.reserve[full[0]] = None
                    break
                self.pending = r
                return
            else:
                return

    # --- the rules -------------------------------------------------------------------

    def moves(self) -> list[str]:
        if self.is_won:
            return []
        if self.hand is not None:
            return [f"hand>f{self.hand.suit + 1}", "hand>talon"]
        if self.pending is not None:
            return [
                f"r{i}{j}>{self.pending.lower()}"
                for (i, j) in line(self.pending)
                if self.reserve[(i, j)] is not None
            ]
        out: list[str] = []
        for p in RAMPARTS:
            if not self.ramparts[p]:
                continue
            top = self.ramparts[p][-1]
            if self._goes_up(top):
                out.append(f"{p.lower()}>f{top.suit + 1}")
            for q in RAMPARTS:
                if q != p and self.ramparts[q] and fits(top, self.ramparts[q][-1]):
                    out.append(f"{p.lower()}>{q.lower()}")
        for cell in CELLS:
            card = self.reserve[cell]
            if card is None:
                continue
            for q in line_ends(cell):
                if self.ramparts[q] and fits(card, self.ramparts[q][-1]):
                    out.append(f"r{cell[0]}{cell[1]}>{q.lower()}")
        if self.pack:
            out.append("turn")
        else:
            if not self.talon:
                for a in CELLS:
                    ca = self.reserve[a]
                    if ca is None:
                        continue
                    for b in CELLS:
                        if b == a:
                            continue
                        cb = self.reserve[b]
                        if cb is None or (CELLS.index(a) < CELLS.index(b) and cb != ca):
                            out.append(f"r{a[0]}{a[1]}>r{b[0]}{b[1]}")
        return out

    def _apply(self, move: str) -> None:
        if move == "turn":
            card = self.pack.pop()
            if self._goes_up(card):
                self.hand = card
            else:
                self.talon.append(card)
        elif move.startswith("hand>"):
            card = self.hand
            assert card is not None
            self.hand = None
            if move == "hand>talon":
                self.talon.append(card)
            else:
                self.foundations[card.suit].append(card)
        else:
            src, dst = move.split(">")
            if src.startswith("r") and dst.startswith("r") and len(dst) == 3 and dst[1:].isdigit():
                a = (int(src[1]), int(src[2]))
                b = (int(dst[1]), int(dst[2]))
                self.reserve[a], self.reserve[b] = self.reserve[b], self.reserve[a]
            else:
                if src.startswith("r") and src[1:].isdigit():
                    cell = (int(src[1]), int(src[2]))
                    card = self.reserve[cell]
                    assert card is not None
                    self.reserve[cell] = None
                else:
                    card = self.ramparts[self._label(src)].pop()
                if dst.startswith("f"):
                    self.foundations[int(dst[1:]) - 1].append(card)
                else:
                    self.ramparts[self._label(dst)].append(card)
                self.pending = None
        self._automatic()

    @staticmethod
    def _label(text: str) -> str:
        for r in RAMPARTS:
            if r.lower() == text:
                return r
        raise ValueError(text)

    @property
    def key(self) -> str:
        parts = []
        for i, j in CELLS:
            card = self.reserve[(i, j)]
            parts.append(f"R{i}{j}:" + ("" if card is None else str(card)))
        parts += [pile_text(r, self.ramparts[r]) for r in RAMPARTS]
        parts += [pile_text(f"F{k + 1}", f) for k, f in enumerate(self.foundations)]
        parts.append(pile_text("pack", self.pack, len(self.pack)))
        parts.append(pile_text("talon", self.talon))
        if self.hand is not None:
            parts.append(f"hand:{self.hand}")
        if self.pending is not None:
            parts.append(f"pending:{self.pending}")
        return " ".join(parts)

    @property
    def is_won(self) -> bool:
        return sum(len(f) for f in self.foundations) == 104


class Game(RefGame):
    """THE BESIEGED CITY (no options)."""

    slug: ClassVar[str] = "besieged-city"
    OPTIONS: ClassVar[dict[str, Any]] = {}

    def pack(self) -> list[Card]:
        return standard_pack(2)

    def start(self, cards: list[Card], rng: SplitMix64) -> State:
        state = State(self)
        for k, cell in enumerate(CELLS):
            state.reserve[cell] = cards[k]
        for k, r in enumerate(RAMPARTS):
            state.ramparts[r].append(cards[12 + k])
        state.pack = list(reversed(cards[26:]))
        state._automatic()
        return state
