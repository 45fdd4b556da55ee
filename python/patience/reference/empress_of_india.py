"""Reference engine of THE EMPRESS OF INDIA (``python/patience/rules/empress-of-india.md``).

Four packs. Black aces (F1-F4 clubs, F5-F8 spades) build up A..J, K (no queen); red kings
(F9-F12 diamonds, F13-F16 hearts) build down K, Q, 10..A (no knave). Black queens and red
knaves are out of play. The Army (A1-A24, red) and Navy (N1-N24, black) are dealt card by card,
overflow to the talon of the card's colour. Cards go up only two at a time, a red and a black:
two singles, or a pair. Any single may be paired with a single of the other group. Empty places
are refilled at once from their colour's talon, else from the pack.

Text forms follow ``docs/NOTATION.md`` and ``docs/notation/empress-of-india.md``.
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
    RefGame,
    RefState,
    SplitMix64,
    pile_text,
    standard_pack,
    withdraw,
)

PLACES = 24
BLACK_LADDER = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13]
RED_LADDER = [13, 12, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]


class State(RefState):
    """A position of THE EMPRESS OF INDIA."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.army: list[list[Card]] = [[] for _ in range(PLACES)]
        self.navy: list[list[Card]] = [[] for _ in range(PLACES)]
        self.foundations: list[list[Card]] = []
        self.pack: list[Card] = []  # bottom to top
        self.red_talon: list[Card] = []
        self.black_talon: list[Card] = []

    # --- helpers ---------------------------------------------------------------------

    def _takers(self, card: Card) -> list[int]:
        """Foundation indices (0-based) that take ``card`` now."""
        out = []
        for i, f in enumerate(self.foundations):
            ladder = BLACK_LADDER if i < 8 else RED_LADDER
            if (i >= 8) != card.is_red or f[0].suit != card.suit or len(f) == 12:
                continue
            if ladder[len(f)] == card.rank:
                out.append(i)
        return out

    def _talon(self, red: bool) -> list[Card]:
        return self.red_talon if red else self.black_talon

    def _fill(self) -> None:
        while True:
            target = None
            for group, red in ((self.army, True), (self.navy, False)):
                for k in range(PLACES):
                    if not group[k] and (self._talon(red) or self.pack) and target is None:
                        target = (group, k, red)
            if target is None:
                return
            group, k, red = target
            if self._talon(red):
                group[k].append(self._talon(red).pop())
                continue
            card = self.pack.pop()
            own = self.army if card.is_red else self.navy
            empty = [i for i in range(PLACES) if not own[i]]
            if empty:
                own[empty[0]].append(card)
            else:
                self._talon(card.is_red).append(card)

    # --- the rules -------------------------------------------------------------------

    def moves(self) -> list[str]:
        if self.is_won:
            return []
        out: list[str] = []
        for i in range(PLACES):
            a = self.army[i]
            if len(a) != 1:
                continue
            for j in range(PLACES):
                n = self.navy[j]
                if len(n) != 1:
                    continue
                for x in self._takers(a[0]):
                    for y in self._takers(n[0]):
                        out.append(f"a{i + 1}+n{j + 1}>f{x + 1}+f{y + 1}")
                out.append(f"a{i + 1}>n{j + 1}")
                out.append(f"n{j + 1}>a{i + 1}")
        for prefix, group in (("a", self.army), ("n", self.navy)):
            for i in range(PLACES):
                if len(group[i]) != 2:
                    continue
                red = next(c for c in group[i] if c.is_red)
                black = next(c for c in group[i] if not c.is_red)
                for x in self._takers(red):
                    for y in self._takers(black):
                        out.append(f"{prefix}{i + 1}>f{x + 1}+f{y + 1}")
        if self.pack:
            out.append("turn")
        return out

    def _apply(self, move: str) -> None:
        if move == "turn":
            card = self.pack.pop()
            self._talon(card.is_red).append(card)
            return
        src, dst = move.split(">")
        if dst.startswith("f"):
            x, y = (int(t[1:]) - 1 for t in dst.split("+"))
            cards: list[Card] = []
            for s in src.split("+"):
                group = self.army if s[0] == "a" else self.navy
                cards += group[int(s[1:]) - 1]
                group[int(s[1:]) - 1] = []
            for c in cards:
                self.foundations[x if c.is_red else y].append(c)
        else:
            sg = self.army if src[0] == "a" else self.navy
            dg = self.army if dst[0] == "a" else self.navy
            card = sg[int(src[1:]) - 1].pop()
            dg[int(dst[1:]) - 1].append(card)
        self._fill()

    @property
    def key(self) -> str:
        parts = [pile_text(f"A{i + 1}", p) for i, p in enumerate(self.army)]
        parts += [pile_text(f"N{i + 1}", p) for i, p in enumerate(self.navy)]
        parts += [pile_text(f"F{i + 1}", f) for i, f in enumerate(self.foundations)]
        parts.append(pile_text("pack", self.pack, len(self.pack)))
        parts.append(pile_text("RedTalon", self.red_talon))
        parts.append(pile_text("BlackTalon", self.black_talon))
        return " ".join(parts)

    @property
    def is_won(self) -> bool:
        return sum(len(f) for f in self.foundations) == 16 * 12


class Game(RefGame):
    """THE EMPRESS OF INDIA (no options)."""

    slug: ClassVar[str] = "empress-of-india"
    OPTIONS: ClassVar[dict[str, Any]] = {}

    def pack(self) -> list[Card]:
        return standard_pack(4)

    def start(self, cards: list[Card], rng: SplitMix64) -> State:
        state = State(self)
        rest = list(cards)
        bases = withdraw(
            rest,
            [Card(1, CLUBS)] * 4
            + [Card(1, SPADES)] * 4
            + [Card(13, DIAMONDS)] * 4
            + [Card(13, HEARTS)] * 4,
        )
        withdraw(
            rest,
            [Card(12, CLUBS)] * 4
            + [Card(12, SPADES)] * 4
            + [Card(11, DIAMONDS)] * 4
            + [Card(11, HEARTS)] * 4,
        )
        state.foundations = [[b] for b in bases]
        k = 0
        while any(not p for p in state.army) or any(not p for p in state.navy):
            card = rest[k]
            k += 1
            group = state.army if card.is_red else state.navy
            empty = [i for i in range(PLACES) if not group[i]]
            if empty:
                group[empty[0]].append(card)
            else:
                state._talon(card.is_red).append(card)
        state.pack = list(reversed(rest[k:]))
        return state
