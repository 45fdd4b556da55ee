"""THE MILL (two packs): the reference engine.

Written from ``rules/mill.md`` and ``docs/notation/mill.md`` alone, for clarity, not speed.

The first ace of the shuffled pack is the centre foundation F1, built up regardless of suit
ace to king four times over. The first four kings that become available go at once to the
empty angles F2-F5, which are built down regardless of suit to the ace. Eight wing cards
W1-W8 and the talon top feed the foundations; an emptied wing is refilled at once from the
talon or the pack (the player's choice when both have cards: a pending choice). An angle's
top card may pass to the centre only in a double move that plays a wing or talon card on it
at once. No re-deal. Won with all 104 cards on the five foundations.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ._common import Card, RefGame, RefState, SplitMix64, pile_text, standard_pack

N_WINGS = 8
N_ANGLES = 4
KING = 13
CENTRE_FULL = 52
ANGLE_FULL = 13


class State(RefState):
    """One position of THE MILL. Piles are lists bottom to top (the pack too: its last card
    comes out next). An empty wing is ``None``; ``pending`` is the 0-based wing whose refill
    waits for the player, or ``None``."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.wings: list[Card | None] = [None] * N_WINGS
        self.centre: list[Card] = []
        self.angles: list[list[Card]] = [[] for _ in range(N_ANGLES)]
        self.pack: list[Card] = []
        self.talon: list[Card] = []
        self.pending: int | None = None

    # --- ranks wanted ----------------------------------------------------------------

    def _centre_wants(self) -> int | None:
        h = len(self.centre)
        return None if h >= CENTRE_FULL else h % 13 + 1

    def _angle_wants(self, m: int) -> int | None:
        n = len(self.angles[m])
        return None if n == 0 or n >= ANGLE_FULL else 13 - n

    def _sources(self) -> list[tuple[str, Card]]:
        out = [(f"w{i + 1}", c) for i, c in enumerate(self.wings) if c is not None]
        if self.talon:
            out.append(("talon", self.talon[-1]))
        return out

    # --- the rules -------------------------------------------------------------------

    def moves(self) -> list[str]:
        if self.is_won:
            return []
        if self.pending is not None:
            w = self.pending + 1
            return [f"talon>w{w}", f"pack>w{w}"]
        out: list[str] = []
        sources = self._sources()
        for src, card in sources:
            if card.rank == self._centre_wants():
                out.append(f"{src}>f1")
            for m in range(N_ANGLES):
                if card.rank == self._angle_wants(m):
                    out.append(f"{src}>f{m + 2}")
        h = len(self.centre)
        if h <= CENTRE_FULL - 2:
            for m in range(N_ANGLES):
                a = self.angles[m]
                if len(a) >= 2 and a[-1].rank == h % 13 + 1:
                    after = (h + 1) % 13 + 1
                    for src, card in sources:
                        if card.rank == after:
                            out.append(f"f{m + 2}>f1+{src}")
        if self.pack:
            out.append("turn")
        return out

    def _take(self, src: str) -> Card:
        if src == "talon":
            return self.talon.pop()
        i = int(src[1:]) - 1
        card = self.wings[i]
        assert card is not None
        self.wings[i] = None
        return card

    def _apply(self, move: str) -> None:
        if move == "turn":
            self.talon.append(self.pack.pop())
        elif self.pending is not None:
            src = move.split(">")[0]
            self.wings[self.pending] = self.talon.pop() if src == "talon" else self.pack.pop()
            self.pending = None
        elif "+" in move:
            first, second = move.split("+")
            m = int(first.split(">")[0][1:]) - 2
            self.centre.append(self.angles[m].pop())
            self.centre.append(self._take(second))
        else:
            src, dst = move.split(">")
            card = self._take(src)
            if dst == "f1":
                self.centre.append(card)
            else:
                self.angles[int(dst[1:]) - 2].append(card)
        self._automatic()

    def _automatic(self) -> None:
        """Kings to empty angles, then refills of empty wings (docs/notation/mill.md)."""
        while True:
            if [] in self.angles:
                king = next((s for s, c in self._sources() if c.rank == KING), None)
                if king is not None:
                    self.angles[self.angles.index([])].append(self._take(king))
                    continue
            if None in self.wings and (self.talon or self.pack):
                i = self.wings.index(None)
                if self.talon and self.pack:
                    self.pending = i
                    return
                source = self.talon if self.talon else self.pack
                self.wings[i] = source.pop()
                continue
            return

    @property
    def key(self) -> str:
        parts = [f"W{i + 1}:" + (str(c) if c else "") for i, c in enumerate(self.wings)]
        parts.append(pile_text("F1", self.centre))
        parts += [pile_text(f"F{i + 2}", a) for i, a in enumerate(self.angles)]
        parts.append(pile_text("pack", self.pack, len(self.pack)))
        parts.append(pile_text("talon", self.talon))
        if self.pending is not None:
            parts.append(f"pending:W{self.pending + 1}")
        return " ".join(parts)

    @property
    def is_won(self) -> bool:
        return len(self.centre) + sum(len(a) for a in self.angles) == 104


class Game(RefGame):
    """THE MILL. No options."""

    slug: ClassVar[str] = "mill"
    OPTIONS: ClassVar[dict[str, Any]] = {}

    def pack(self) -> list[Card]:
        """Two standard packs, 104 cards."""
        return standard_pack(2)

    def start(self, cards: list[Card], rng: SplitMix64) -> State:
        """Withdraw the first ace to the centre, deal the wings; the rest is the pack."""
        rest = list(cards)
        ace = next(i for i, c in enumerate(rest) if c.rank == 1)
        state = State(self)
        state.centre.append(rest.pop(ace))
        for i in range(N_WINGS):
            state.wings[i] = rest[i]
        state.pack = list(reversed(rest[N_WINGS:]))
        state._automatic()
        return state
