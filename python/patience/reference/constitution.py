"""Reference engine of THE CONSTITUTION (two packs).

Written from ``rules/constitution.md`` and ``docs/notation/constitution.md`` alone.

The aces, kings and queens are taken out of the shuffled 104 cards; the eight aces are the
foundations F1..F8 (C, C, D, D, H, H, S, S), the kings and queens take no part. The other 80
cards are dealt: cards 1-8 to the People (row 4), 9-16 to the House of Commons (row 3), 17-24 to
the House of Lords (row 2), 25-32 to the Privy Council (row 1); the remaining 48 form the pack.

Moves: ``r1cC>fM`` (Privy Council top to a foundation), ``rRcC>rQcD`` with Q = R - 1 (a build
onto the row above, or the fill of the pending vacancy), ``turn`` (pack top to the talon).
Vacancies are filled at once: from the row below (pending choice when two or more of its piles
hold cards, automatic when one does), People vacancies from the talon top, else the pack top.
"""

from __future__ import annotations

from typing import ClassVar

from ._common import Card, ReferenceError_, RefGame, RefState, SplitMix64, pile_text, standard_pack

ROWS = 4
COLS = 8
JACK = 11
#: suit of each foundation F1..F8
FOUNDATION_SUITS = (0, 0, 1, 1, 2, 2, 3, 3)


def _withdrawn() -> list[Card]:
    """The 24 cards taken out of the shuffled pack: the eight aces (foundations in order
    C, C, D, D, H, H, S, S), then the eight kings and eight queens."""
    out = []
    for rank in (1, 13, 12):
        for suit in range(4):
            out += [Card(rank, suit), Card(rank, suit)]
    return out


def _take_out(cards: list[Card]) -> list[Card]:
    """The 80 cards left when every ace, king and queen is removed, in their order."""
    wanted = _withdrawn()
    rest = list(cards)
    for w in wanted:
        for i, c in enumerate(rest):
            if c == w:
                rest.pop(i)
                break
        else:
            raise ReferenceError_(f"card {w} not in pack")
    return rest


class ConstitutionState(RefState):
    """One position of THE CONSTITUTION.

    ``rows[r][c]`` is pile (r + 1, c + 1), bottom to top; ``found[m]`` is the height of
    foundation F(m + 1) (1 = the ace alone, 11 = up to the jack); ``pack`` is bottom to top
    (last = next dealt); ``talon`` bottom to top; ``pending`` the (row, col) of a vacancy
    waiting for the player's fill, 0-based, or None.
    """

    def __init__(
        self,
        game: RefGame,
        rows: list[list[list[Card]]],
        pack: list[Card],
        rng: SplitMix64,
    ) -> None:
        self.game = game
        self.rows = rows
        self.found = [1] * 8
        self.pack = pack
        self.talon: list[Card] = []
        self.rng = rng
        self.pending: tuple[int, int] | None = None
        self._settle()

    # --- rules ----------------------------------------------------------------------

    def _sources(self, r: int) -> list[int]:
        """Columns of the non-empty piles of row ``r + 1`` (0-based r, so the row below)."""
        return [c for c in range(COLS) if self.rows[r + 1][c]]

    def _settle(self) -> None:
        """Apply automatic fills until none applies or a choice is pending (rules: Spaces)."""
        self.pending = None
        while True:
            target = None
            for r in range(ROWS):
                for c in range(COLS):
                    if self.rows[r][c]:
                        continue
                    if r == ROWS - 1:
                        if self.talon or self.pack:
                            target = (r, c)
                    elif self._sources(r):
                        target = (r, c)
                    if target:
                        break
                if target:
                    break
            if target is None:
                return
            r, c = target
            if r == ROWS - 1:
                src = self.talon if self.talon else self.pack
                self.rows[r][c].append(src.pop())
                continue
            sources = self._sources(r)
            if len(sources) == 1:
                self.rows[r][c].append(self.rows[r + 1][sources[0]].pop())
                continue
            self.pending = (r, c)
            return

    def moves(self) -> list[str]:
        """Text forms of all legal moves."""
        if self.is_won:
            return []
        if self.pending is not None:
            r, c = self.pending
            return [f"r{r + 2}c{s + 1}>r{r + 1}c{c + 1}" for s in self._sources(r)]
        out = []
        for c in range(COLS):
            pile = self.rows[0][c]
            if not pile:
                continue
            card = pile[-1]
            for m in range(8):
                if FOUNDATION_SUITS[m] == card.suit and self.found[m] == card.rank - 1:
                    out.append(f"r1c{c + 1}>f{m + 1}")
        for r in range(1, ROWS):
            for c in range(COLS):
                if not self.rows[r][c]:
                    continue
                card = self.rows[r][c][-1]
                for d in range(COLS):
                    above = self.rows[r - 1][d]
                    if not above:
                        continue
                    top = above[-1]
                    if top.rank == card.rank + 1 and top.is_red != card.is_red:
                        out.append(f"r{r + 1}c{c + 1}>r{r}c{d + 1}")
        if self.pack:
            out.append("turn")
        return out

    def _apply(self, move: str) -> None:
        if move == "turn":
            self.talon.append(self.pack.pop())
        else:
            src, dst = move.split(">")
            sr, sc = (int(x) - 1 for x in src[1:].split("c"))
            card = self.rows[sr][sc].pop()
            if dst.startswith("f"):
                self.found[int(dst[1:]) - 1] += 1
            else:
                dr, dc = (int(x) - 1 for x in dst[1:].split("c"))
                self.rows[dr][dc].append(card)
        self._settle()

    # --- text -----------------------------------------------------------------------

    @property
    def key(self) -> str:
        """Canonical text of the position (docs/notation/constitution.md)."""
        segs = []
        for m in range(8):
            cards = [Card(k, FOUNDATION_SUITS[m]) for k in range(1, self.found[m] + 1)]
            segs.append(pile_text(f"F{m + 1}", cards))
        for r in range(ROWS):
            for c in range(COLS):
                segs.append(pile_text(f"R{r + 1}C{c + 1}", self.rows[r][c]))
        segs.append(pile_text("pack", self.pack, face_down=len(self.pack)))
        segs.append(pile_text("talon", self.talon))
        if self.pending is not None:
            r, c = self.pending
            segs.append(f"pending:R{r + 1}C{c + 1}")
        return " ".join(segs)

    @property
    def is_won(self) -> bool:
        """All eight foundations built up to the jack."""
        return all(h == JACK for h in self.found)


class Game(RefGame):
    """THE CONSTITUTION: two packs, 80 cards dealt in four rows of eight; no options."""

    slug: ClassVar[str] = "constitution"
    OPTIONS: ClassVar[dict] = {}

    def pack(self) -> list[Card]:
        """Two standard packs, unshuffled."""
        return standard_pack(2)

    def start(self, cards: list[Card], rng: SplitMix64) -> ConstitutionState:
        """Withdraw aces, kings and queens, then deal the four rows from the People up."""
        rest = _take_out(cards)
        rows: list[list[list[Card]]] = [[[] for _ in range(COLS)] for _ in range(ROWS)]
        for k in range(32):
            row = ROWS - 1 - k // COLS
            rows[row][k % COLS].append(rest[k])
        pack = list(reversed(rest[32:]))
        return ConstitutionState(self, rows, pack, rng)
