"""RED AND BLACK (two packs): the reference engine.

Written from ``rules/red-and-black.md`` and ``docs/notation/red-and-black.md`` alone, for
clarity, not speed.

Layout: the eight aces, taken out of the shuffled pack, are the foundations F1-F8 (two clubs,
two diamonds, two hearts, two spades), built up in suit; the next eight cards are the
Volunteers V1-V8, piles on which cards are built down by one rank in alternate colours, one
card at a time; the other 88 cards are the pack, turned one at a time onto a talon. An empty
Volunteer is refilled at once from the pack, or from the talon when the pack is empty. One
shuffled re-deal of the talon. Won with every card on the foundations.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ._common import (
    Card,
    RefGame,
    RefState,
    SplitMix64,
    shuffle,
    standard_pack,
    withdraw,
)

N_VOL = 8
N_FOUND = 8
PASSES = 2
#: the aces that become F1..F8, in this order
ACES = [Card(1, suit) for suit in (0, 0, 1, 1, 2, 2, 3, 3)]


class State(RefState):
    """One position of RED AND BLACK.

    Every pile is a list from bottom to top. ``pack`` is kept bottom to top too, so its last
    element is the next card to come out.
    """

    def __init__(self, game: Game, rng: SplitMix64) -> None:
        self.game = game
        self.vols: list[list[Card]] = [[] for _ in range(N_VOL)]
        self.found: list[list[Card]] = [[ace] for ace in ACES]
        self.pack: list[Card] = []
        self.talon: list[Card] = []
        self.passes = 1
        self.rng = rng

    # --- helpers ---------------------------------------------------------------------

    def _sources(self) -> list[tuple[str, Card]]:
        """Every available card with its move label: Volunteer tops, then the talon top."""
        out = [(f"v{i + 1}", vol[-1]) for i, vol in enumerate(self.vols) if vol]
        if self.talon:
            out.append(("talon", self.talon[-1]))
        return out

    def _refill(self) -> None:
        """The automatic step: empty Volunteers, lowest number first, take the pack top, or
        the talon top when the pack is empty, while a card is there to take."""
        while True:
            empty = [i for i, vol in enumerate(self.vols) if not vol]
            if not empty or not (self.pack or self.talon):
                return
            source = self.pack if self.pack else self.talon
            self.vols[empty[0]].append(source.pop())

    # --- RefState interface ---------------------------------------------------------------

    def moves(self) -> list[str]:
        if self.is_won:
            return []
        out: list[str] = []
        for src, card in self._sources():
            for m, f in enumerate(self.found):
                if f[-1].suit == card.suit and f[-1].rank == card.rank - 1:
                    out.append(f"{src}>f{m + 1}")
            for m, vol in enumerate(self.vols):
                if src == f"v{m + 1}" or not vol:
                    continue
                top = vol[-1]
                if top.rank == card.rank + 1 and top.is_red != card.is_red:
                    out.append(f"{src}>v{m + 1}")
        if self.pack:
            out.append("turn")
        if not self.pack and self.talon and self.passes < PASSES:
            out.append("redeal")
        return out

    def _apply(self, move: str) -> None:
        if move == "turn":
            self.talon.append(self.pack.pop())
        elif move == "redeal":
            seq = list(self.talon)  # the talon turned over: its bottom card first
            shuffle(seq, self.rng)
            self.pack = list(reversed(seq))  # the first card of the result on top
            self.talon = []
            self.passes += 1
        else:
            src, dst = move.split(">")
            card = self.talon.pop() if src == "talon" else self.vols[int(src[1:]) - 1].pop()
            if dst.startswith("f"):
                self.found[int(dst[1:]) - 1].append(card)
            else:
                self.vols[int(dst[1:]) - 1].append(card)
        self._refill()

    @property
    def key(self) -> str:
        parts = [f"V{i + 1}:" + "".join(str(c) for c in vol) for i, vol in enumerate(self.vols)]
        parts += [f"F{i + 1}:" + "".join(str(c) for c in f) for i, f in enumerate(self.found)]
        parts.append("pack:" + "".join(c.down() for c in self.pack))
        parts.append("talon:" + "".join(str(c) for c in self.talon))
        parts.append(f"pass:{self.passes}")
        parts.append(self.rng.text())
        return " ".join(parts)

    @property
    def is_won(self) -> bool:
        return sum(len(f) for f in self.found) == 2 * 52


class Game(RefGame):
    """RED AND BLACK. No options."""

    slug: ClassVar[str] = "red-and-black"
    OPTIONS: ClassVar[dict[str, Any]] = {}

    def pack(self) -> list[Card]:
        """Two standard packs, 104 cards."""
        return standard_pack(2)

    def start(self, cards: list[Card], rng: SplitMix64) -> State:
        """Take the aces out, deal eight Volunteers; the other 88 cards are the pack."""
        rest = list(cards)
        withdraw(rest, ACES)
        state = State(self, rng)
        for i in range(N_VOL):
            state.vols[i].append(rest[i])
        state.pack = list(reversed(rest[N_VOL:]))
        state._refill()
        return state
