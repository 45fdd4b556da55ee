"""THE HERRING-BONE (two packs): the reference engine.

Written from ``rules/herring-bone.md`` and ``docs/notation/herring-bone.md`` alone.

Layout: a herring-bone of 28 cards held as one stack (card 28 on top, the only available
one), eight side scenes S1-S8 and four bars B1-B4 of one card each, eight foundations F1-F8
whose base rank is the rank of card 41, a pack of 63 cards and a talon. For each suit one
foundation builds up and the other down, with wrap-around; the player chooses the direction
when the first base card of a suit is placed (a pending choice ``up`` / ``down``). Empty bars
are refilled from the herring-bone and base-rank cards are placed automatically. The talon may
be shuffled and re-dealt twice.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ._common import Card, RefDeal, RefGame, RefState, SplitMix64, shuffle, standard_pack

N_FOUND = 8
N_SIDE = 8
N_BAR = 4
FULL = 13
PASSES = 3


def _next_rank(rank: int, up: bool) -> int:
    """The rank after ``rank`` going up or down, with wrap-around (K-A-2, 2-A-K)."""
    if up:
        return 1 if rank == 13 else rank + 1
    return 13 if rank == 1 else rank - 1


class HerringBoneState(RefState):
    """One position of THE HERRING-BONE.

    Piles are lists from bottom to top. ``pack`` is held bottom to top too, so its last
    element is the next card turned. ``dirs[i]`` is ``"u"``, ``"d"`` or ``"-"``;
    ``pending`` is the 0-based index of the foundation whose direction is to be chosen, or
    None.
    """

    def __init__(self, game: RefGame, cards: list[Card], rng: SplitMix64) -> None:
        self.game = game
        self.hb: list[Card] = list(cards[0:28])
        self.side: list[Card | None] = list(cards[28:36])
        self.bars: list[Card | None] = list(cards[36:40])
        self.found: list[list[Card]] = [[] for _ in range(N_FOUND)]
        self.found[0].append(cards[40])
        self.dirs: list[str] = ["-"] * N_FOUND
        self.pack: list[Card] = list(reversed(cards[41:]))
        self.talon: list[Card] = []
        self.passes = 1
        self.pending: int | None = 0
        self.rng = rng

    # --- helpers ---------------------------------------------------------------------

    @property
    def base_rank(self) -> int:
        return self.found[0][0].rank

    def _next_card_fits(self, m: int, card: Card) -> bool:
        """True when ``card`` is foundation m's next card."""
        f = self.found[m]
        if not f or self.dirs[m] == "-" or len(f) >= FULL:
            return False
        top = f[-1]
        return card.suit == top.suit and card.rank == _next_rank(top.rank, self.dirs[m] == "u")

    def _sources(self) -> list[tuple[str, Card]]:
        """Available cards with their move labels, in the order of the automatic steps."""
        out: list[tuple[str, Card]] = []
        if self.hb:
            out.append(("hb", self.hb[-1]))
        for i, c in enumerate(self.bars):
            if c is not None:
                out.append((f"b{i + 1}", c))
        for i, c in enumerate(self.side):
            if c is not None:
                out.append((f"s{i + 1}", c))
        if self.talon:
            out.append(("talon", self.talon[-1]))
        return out

    def _take(self, src: str) -> Card:
        """Remove and return the card at source ``src``."""
        if src == "hb":
            return self.hb.pop()
        if src == "talon":
            return self.talon.pop()
        if src.startswith("b"):
            i = int(src[1:]) - 1
            card = self.bars[i]
            self.bars[i] = None
        elif src.startswith("s"):
            i = int(src[1:]) - 1
            card = self.side[i]
            self.side[i] = None
        elif src.startswith("f"):
            return self.found[int(src[1:]) - 1].pop()
        else:
            raise ValueError(f"bad source {src!r}")
        assert card is not None
        return card

    def _auto(self) -> None:
        """Automatic steps: bar refills, then base-card placement, until none applies."""
        while self.pending is None:
            empty_bars = [i for i, c in enumerate(self.bars) if c is None]
            if empty_bars and self.hb:
                self.bars[empty_bars[0]] = self.hb.pop()
                continue
            base = [(s, c) for s, c in self._sources() if c.rank == self.base_rank]
            if not base:
                return
            src, card = base[0]
            self._take(src)
            m = next(i for i, f in enumerate(self.found) if not f)
            self.found[m].append(card)
            other = [i for i, f in enumerate(self.found) if f and i != m and f[0].suit == card.suit]
            if other:
                self.dirs[m] = "d" if self.dirs[other[0]] == "u" else "u"
            else:
                self.pending = m

    # --- RefState interface ---------------------------------------------------------------

    def moves(self) -> list[str]:
        if self.is_won:
            return []
        if self.pending is not None:
            return ["up", "down"]
        out: list[str] = []
        for src, card in self._sources():
            for m in range(N_FOUND):
                if self._next_card_fits(m, card):
                    out.append(f"{src}>f{m + 1}")
        for n in range(N_FOUND):
            if len(self.found[n]) >= 2:
                card = self.found[n][-1]
                for m in range(N_FOUND):
                    if m != n and self._next_card_fits(m, card):
                        out.append(f"f{n + 1}>f{m + 1}")
        if self.talon:
            for i, c in enumerate(self.side):
                if c is None:
                    out.append(f"talon>s{i + 1}")
        if self.pack:
            out.append("turn")
        if not self.pack and self.talon and self.passes < PASSES:
            out.append("redeal")
        return out

    def _apply(self, move: str) -> None:
        if move in ("up", "down"):
            assert self.pending is not None
            self.dirs[self.pending] = "u" if move == "up" else "d"
            self.pending = None
        elif move == "turn":
            self.talon.append(self.pack.pop())
        elif move == "redeal":
            seq = list(self.talon)
            shuffle(seq, self.rng)
            self.pack = list(reversed(seq))
            self.talon = []
            self.passes += 1
        else:
            src, dst = move.split(">")
            card = self._take(src)
            i = int(dst[1:]) - 1
            if dst.startswith("f"):
                self.found[i].append(card)
            else:
                self.side[i] = card
        self._auto()

    @property
    def key(self) -> str:
        parts = ["HB:" + "".join(str(c) for c in self.hb)]
        for i, c in enumerate(self.side):
            parts.append(f"S{i + 1}:" + ("" if c is None else str(c)))
        for i, c in enumerate(self.bars):
            parts.append(f"B{i + 1}:" + ("" if c is None else str(c)))
        for i, f in enumerate(self.found):
            parts.append(f"F{i + 1}:" + "".join(str(c) for c in f))
        parts.append("dir:" + "".join(self.dirs))
        parts.append("pack:" + "".join(c.down() for c in self.pack))
        parts.append("talon:" + "".join(str(c) for c in self.talon))
        parts.append(f"pass:{self.passes}")
        if self.pending is not None:
            parts.append(f"pending:F{self.pending + 1}")
        parts.append(self.rng.text())
        return " ".join(parts)

    @property
    def is_won(self) -> bool:
        return sum(len(f) for f in self.found) == 104


class Game(RefGame):
    """THE HERRING-BONE. Option ``german`` (default False): the herring-bone is dealt from
    copy 1 alone before the rest of the two packs is shuffled (the book's closing note)."""

    slug: ClassVar[str] = "herring-bone"
    OPTIONS: ClassVar[dict[str, Any]] = {"german": False}

    def pack(self) -> list[Card]:
        """Two standard packs, copy 1 then copy 2."""
        return standard_pack(2)

    def deal(self, seed: int) -> RefDeal:
        """The shuffled dealing order for ``seed`` (the German order with ``german``)."""
        if not self.options["german"]:
            return super().deal(seed)
        rng = SplitMix64(seed)
        first = standard_pack(1)
        shuffle(first, rng)
        rest = first[28:] + standard_pack(1)
        shuffle(rest, rng)
        return RefDeal(self, seed, first[:28] + rest, rng)

    def start(self, cards: list[Card], rng: SplitMix64) -> HerringBoneState:
        """Lay out the dealing order ``cards``; the first position awaits F1's direction."""
        return HerringBoneState(self, cards, rng)
