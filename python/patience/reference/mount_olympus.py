"""MOUNT OLYMPUS (two packs): the reference engine.

Written from ``rules/mount-olympus.md`` and ``docs/notation/mount-olympus.md`` alone.

The eight aces and eight twos are withdrawn from the shuffled pack as sixteen foundations
F1-F16 (aces C, C, D, D, H, H, S, S, then twos in the same suit order), each building up in
suit by two ranks. The first nine of the other 88 cards form the battery B1-B9; the remaining
79 are the pack. Battery tops build down in suit by two, from another battery top or the talon
top; an empty battery place takes the talon top only. One unshuffled re-deal of the talon.
No step is automatic.

Text forms follow ``docs/NOTATION.md`` and ``docs/notation/mount-olympus.md``.
Written for clarity, not speed.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ._common import Card, RefGame, RefState, SplitMix64, pile_text, standard_pack, withdraw

N_BATTERY = 9
N_FOUNDATIONS = 16
TOTAL = 104
PASSES = 2
#: the withdrawn bases in foundation order F1..F16: (rank, suit)
BASES = [Card(rank, suit) for rank in (1, 2) for suit in range(4) for _ in range(2)]


class State(RefState):
    """A position of MOUNT OLYMPUS. Every pile is a list from bottom to top; the pack's last
    element is the next card to be turned."""

    def __init__(self, game: Game, foundations: list[list[Card]], rest: list[Card]) -> None:
        self.game = game
        self.foundations = foundations
        self.battery: list[list[Card]] = [[c] for c in rest[:N_BATTERY]]
        self.pack: list[Card] = list(reversed(rest[N_BATTERY:]))
        self.talon: list[Card] = []
        self.pass_number = 1

    # --- helpers ---------------------------------------------------------------------

    def _sources(self) -> list[tuple[str, Card]]:
        """Available cards with their move labels: battery tops, then the talon top."""
        out = [(f"b{i + 1}", p[-1]) for i, p in enumerate(self.battery) if p]
        if self.talon:
            out.append(("talon", self.talon[-1]))
        return out

    @staticmethod
    def _fits_on(card: Card, below: Card) -> bool:
        """``card`` may go on foundation top ``below``: same suit, two ranks higher."""
        return card.suit == below.suit and card.rank == below.rank + 2

    # --- the rules -------------------------------------------------------------------

    def moves(self) -> list[str]:
        if self.is_won:
            return []
        out: list[str] = []
        for src, card in self._sources():
            for m, f in enumerate(self.foundations):
                if self._fits_on(card, f[-1]):
                    out.append(f"{src}>f{m + 1}")
            for j, pile in enumerate(self.battery):
                if src == f"b{j + 1}":
                    continue
                if pile:
                    if self._fits_on(pile[-1], card):  # the packet's top is two higher
                        out.append(f"{src}>b{j + 1}")
                elif src == "talon":
                    out.append(f"talon>b{j + 1}")
        if self.pack:
            out.append("turn")
        if not self.pack and self.talon and self.pass_number < PASSES:
            out.append("redeal")
        return out

    def _apply(self, move: str) -> None:
        if move == "turn":
            self.talon.append(self.pack.pop())
            return
        if move == "redeal":
            # turned over as it lies: the talon's bottom card becomes the pack's top
            self.pack = list(reversed(self.talon))
            self.talon = []
            self.pass_number += 1
            return
        src, dst = move.split(">")
        card = self.talon.pop() if src == "talon" else self.battery[int(src[1:]) - 1].pop()
        if dst.startswith("f"):
            self.foundations[int(dst[1:]) - 1].append(card)
        else:
            self.battery[int(dst[1:]) - 1].append(card)

    @property
    def key(self) -> str:
        parts = [pile_text(f"B{i + 1}", p) for i, p in enumerate(self.battery)]
        parts += [pile_text(f"F{i + 1}", f) for i, f in enumerate(self.foundations)]
        parts.append(pile_text("pack", self.pack, len(self.pack)))
        parts.append(pile_text("talon", self.talon))
        parts.append(f"pass:{self.pass_number}")
        return " ".join(parts)

    @property
    def is_won(self) -> bool:
        return sum(len(f) for f in self.foundations) == TOTAL


class Game(RefGame):
    """MOUNT OLYMPUS. No options."""

    slug: ClassVar[str] = "mount-olympus"
    OPTIONS: ClassVar[dict[str, Any]] = {}

    def pack(self) -> list[Card]:
        return standard_pack(2)

    def start(self, cards: list[Card], rng: SplitMix64) -> State:
        rest = list(cards)
        bases = withdraw(rest, BASES)
        return State(self, [[b] for b in bases], rest)
