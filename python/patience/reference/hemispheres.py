"""THE HEMISPHERES: the reference engine.

Written from ``rules/hemispheres.md`` and ``docs/notation/hemispheres.md`` alone.

Two packs. Red aces (F1-F4: D, D, H, H) build up, black kings (F5-F8: C, C, S, S) build down;
four barriers (KH, AS, KD, AC) wait for the end. Twelve positions C1-C12 in four Races of
three; C1-C6 (north) are for red cards, C7-C12 (south) for black ones, and only proper top
cards can be used. Red piles build down, black up, in suit, inside a Race (from the talon into
any Race). Wrong cards swap (``exchange``) or, once pack and talon are empty, move home.
``deal`` fills the lowest empty position, else the talon.

Written for clarity, not speed.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ._common import (
    CLUBS,
    DIAMONDS,
    HEARTS,
    SPADES,
    Card,
    ReferenceError_,
    RefGame,
    RefState,
    SplitMix64,
    standard_pack,
    withdraw,
)

BASES = [Card(1, DIAMONDS)] * 2 + [Card(1, HEARTS)] * 2 + [Card(13, CLUBS)] * 2
BASES += [Card(13, SPADES)] * 2
BARRIERS = [Card(13, HEARTS), Card(1, SPADES), Card(13, DIAMONDS), Card(1, CLUBS)]


def _north(i: int) -> bool:
    return i < 6


def _race(i: int) -> int:
    return i // 3


class HemispheresState(RefState):
    """A position: positions and foundations bottom to top, barriers (a card or None), the
    pack with its next card last, the talon with its top last."""

    def __init__(self, game: Game, cards: list[Card]) -> None:
        self.game = game
        pack = list(cards)
        bases = withdraw(pack, BASES)
        self.barriers: list[Card | None] = list(withdraw(pack, BARRIERS))
        self.found: list[list[Card]] = [[b] for b in bases]
        self.circle: list[list[Card]] = [[c] for c in pack[:12]]
        self.pack: list[Card] = list(reversed(pack[12:]))
        self.talon: list[Card] = []

    def _proper(self, i: int) -> bool:
        p = self.circle[i]
        return bool(p) and p[-1].is_red == _north(i)

    def _fits(self, m: int, card: Card) -> bool:
        top = self.found[m][-1]
        if top.suit != card.suit:
            return False
        return card.rank == (top.rank + 1 if m < 4 else top.rank - 1)

    @staticmethod
    def _marries(x: Card, y: Card) -> bool:
        if x.suit != y.suit:
            return False
        return x.rank == (y.rank - 1 if x.is_red else y.rank + 1)

    def moves(self) -> list[str]:
        if self.is_won:
            return []
        out: list[str] = []
        exhausted = not self.pack and not self.talon
        for i in range(12):
            if not self._proper(i):
                continue
            x = self.circle[i][-1]
            out += [f"c{i + 1}>f{m + 1}" for m in range(8) if self._fits(m, x)]
            for j in range(12):
                same_race = j != i and _race(j) == _race(i) and self._proper(j)
                if same_race and self._marries(x, self.circle[j][-1]):
                    out.append(f"c{i + 1}>c{j + 1}")
        if self.talon:
            t = self.talon[-1]
            out += [f"talon>f{m + 1}" for m in range(8) if self._fits(m, t)]
            for j in range(12):
                if self._proper(j) and self._marries(t, self.circle[j][-1]):
                    out.append(f"talon>c{j + 1}")
        wrong = [i for i in range(12) if self.circle[i] and not self._proper(i)]
        for i in wrong:
            for j in wrong:
                if _north(i) and not _north(j):
                    out.append(f"exchange c{i + 1}-c{j + 1}")
        if exhausted:
            for i in wrong:
                x = self.circle[i][-1]
                for j in range(12):
                    if _north(j) == _north(i):
                        continue
                    if not self.circle[j] or (
                        self._proper(j) and self._marries(x, self.circle[j][-1])
                    ):
                        out.append(f"c{i + 1}>c{j + 1}")
            for k, b in enumerate(self.barriers):
                if b is not None:
                    out += [f"b{k + 1}>f{m + 1}" for m in range(8) if self._fits(m, b)]
        if self.pack:
            out.append("deal")
        return out

    def _apply(self, move: str) -> None:
        if move == "deal":
            card = self.pack.pop()
            empty = [i for i in range(12) if not self.circle[i]]
            (self.circle[empty[0]] if empty else self.talon).append(card)
            return
        if move.startswith("exchange "):
            a, b = move[9:].split("-")
            i, j = int(a[1:]) - 1, int(b[1:]) - 1
            x, y = self.circle[i].pop(), self.circle[j].pop()
            self.circle[i].append(y)
            self.circle[j].append(x)
            return
        src, dst = move.split(">")
        if src == "talon":
            card = self.talon.pop()
        elif src.startswith("b"):
            k = int(src[1:]) - 1
            card = self.barriers[k]
            assert card is not None
            self.barriers[k] = None
        else:
            card = self.circle[int(src[1:]) - 1].pop()
        n = int(dst[1:]) - 1
        (self.found[n] if dst.startswith("f") else self.circle[n]).append(card)

    @property
    def key(self) -> str:
        parts = [f"C{i + 1}:" + "".join(map(str, p)) for i, p in enumerate(self.circle)]
        parts += [f"B{k + 1}:" + ("" if b is None else str(b)) for k, b in enumerate(self.barriers)]
        parts += [f"F{i + 1}:" + "".join(map(str, f)) for i, f in enumerate(self.found)]
        parts.append("pack:" + "".join(c.down() for c in self.pack))
        parts.append("talon:" + "".join(map(str, self.talon)))
        return " ".join(parts)

    @property
    def is_won(self) -> bool:
        return sum(len(f) for f in self.found) == 104


class Game(RefGame):
    """THE HEMISPHERES (two packs, no options)."""

    slug: ClassVar[str] = "hemispheres"
    OPTIONS: ClassVar[dict[str, Any]] = {}

    def pack(self) -> list[Card]:
        return standard_pack(2)

    def start(self, cards: list[Card], rng: SplitMix64) -> HemispheresState:
        if len(cards) != 104:
            raise ReferenceError_("THE HEMISPHERES needs the 104 cards of two packs")
        return HemispheresState(self, list(cards))
