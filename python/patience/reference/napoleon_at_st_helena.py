"""NAPOLEON AT ST. HELENA (two packs): the reference engine.

Written from ``rules/napoleon-at-st-helena.md`` and ``docs/notation/napoleon-at-st-helena.md``
alone, for clarity, not speed.

Layout: ten columns T1-T10 of four cards each (column j gets cards j, 10+j, 20+j, 30+j, the
last one on top and available), eight foundations F1-F8 started by aces (an ace goes to the
lowest-numbered empty place) and built up in suit, a pack of 64 cards turned one at a time
onto a talon, one pass. Cards are built down in suit on the columns, one at a time; any card
may go into an empty column (only the talon top with ``lane_from_talon_only``). ``turn`` waits
while the talon top could go to a foundation or onto a non-empty column (free turning with
``forty_thieves``). No automatic steps. Won with every card on the foundations.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ._common import Card, ReferenceError_, RefGame, RefState, SplitMix64, standard_pack

N_COLUMNS = 10
N_ROWS = 4
N_FOUND = 8
ACE = 1


class State(RefState):
    """One position of NAPOLEON AT ST. HELENA.

    Every pile is a list from bottom to top. ``pack`` is kept bottom to top too, so its last
    element is the next card to be turned.
    """

    def __init__(self, game: Game) -> None:
        self.game = game
        self.columns: list[list[Card]] = [[] for _ in range(N_COLUMNS)]
        self.found: list[list[Card]] = [[] for _ in range(N_FOUND)]
        self.pack: list[Card] = []
        self.talon: list[Card] = []

    # --- helpers ---------------------------------------------------------------------

    def _sources(self) -> list[tuple[str, Card]]:
        """Every available card with its move label: column tops, then the talon top."""
        out = [(f"t{i + 1}", col[-1]) for i, col in enumerate(self.columns) if col]
        if self.talon:
            out.append(("talon", self.talon[-1]))
        return out

    def _foundations_for(self, card: Card) -> list[int]:
        """0-based foundations that take ``card``: for an ace only the lowest-numbered empty
        one; otherwise each one whose top is the same suit and one rank lower."""
        if card.rank == ACE:
            for i, f in enumerate(self.found):
                if not f:
                    return [i]
            return []
        return [
            i
            for i, f in enumerate(self.found)
            if f and f[-1].suit == card.suit and f[-1].rank == card.rank - 1
        ]

    def _column_takes(self, m: int, card: Card, from_talon: bool) -> bool:
        """True when column ``m`` (0-based) may receive ``card``."""
        col = self.columns[m]
        if not col:
            return from_talon or not self.game.options["lane_from_talon_only"]
        top = col[-1]
        return top.suit == card.suit and top.rank == card.rank + 1

    # --- RefState interface ---------------------------------------------------------------

    def moves(self) -> list[str]:
        if self.is_won:
            return []
        out: list[str] = []
        for src, card in self._sources():
            for m in self._foundations_for(card):
                out.append(f"{src}>f{m + 1}")
            for m in range(N_COLUMNS):
                if src == f"t{m + 1}":
                    continue
                if self._column_takes(m, card, src == "talon"):
                    out.append(f"{src}>t{m + 1}")
        if self.pack and (self.game.options["forty_thieves"] or not self._talon_usable()):
            out.append("turn")
        return out

    def _talon_usable(self) -> bool:
        """True when the talon top could go to a foundation or onto a non-empty column (a
        space does not count); then it must be used before the next card is turned."""
        if not self.talon:
            return False
        card = self.talon[-1]
        if self._foundations_for(card):
            return True
        return any(col and self._column_takes(m, card, True) for m, col in enumerate(self.columns))

    def _apply(self, move: str) -> None:
        if move == "turn":
            self.talon.append(self.pack.pop())
            return
        src, dst = move.split(">")
        card = self.talon.pop() if src == "talon" else self.columns[int(src[1:]) - 1].pop()
        if dst.startswith("f"):
            self.found[int(dst[1:]) - 1].append(card)
        else:
            self.columns[int(dst[1:]) - 1].append(card)

    @property
    def key(self) -> str:
        parts = [f"T{i + 1}:" + "".join(str(c) for c in col) for i, col in enumerate(self.columns)]
        parts += [f"F{i + 1}:" + "".join(str(c) for c in f) for i, f in enumerate(self.found)]
        parts.append("pack:" + "".join(c.down() for c in self.pack))
        parts.append("talon:" + "".join(str(c) for c in self.talon))
        return " ".join(parts)

    @property
    def is_won(self) -> bool:
        return sum(len(f) for f in self.found) == 2 * 52


class Game(RefGame):
    """NAPOLEON AT ST. HELENA. Options (default False each): ``lane_from_talon_only``, only
    the talon top may be moved into an empty column (the book's note on some players'
    practice); ``forty_thieves``, ``turn`` at any time (the modern Forty Thieves)."""

    slug: ClassVar[str] = "napoleon-at-st-helena"
    OPTIONS: ClassVar[dict[str, Any]] = {"lane_from_talon_only": False, "forty_thieves": False}

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        for name in self.OPTIONS:
            value = self.options[name]
            if not isinstance(value, bool):
                raise ReferenceError_(
                    f"bad value for option '{name}': expected True or False, got {value!r}"
                )

    def pack(self) -> list[Card]:
        """Two standard packs, 104 cards."""
        return standard_pack(2)

    def start(self, cards: list[Card], rng: SplitMix64) -> State:
        """Deal four rows of ten (card k to column (k - 1) mod 10 + 1); the rest is the pack."""
        state = State(self)
        for k, card in enumerate(cards[: N_ROWS * N_COLUMNS]):
            state.columns[k % N_COLUMNS].append(card)
        state.pack = list(reversed(cards[N_ROWS * N_COLUMNS :]))
        return state
