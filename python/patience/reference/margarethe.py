"""MARGARETHE (one pack): the reference engine.

Written from ``rules/margarethe.md`` and ``docs/notation/margarethe.md`` alone, for clarity,
not speed.

Layout: the twelve court cards, taken out of the shuffled pack, are the foundations F1-F12
(kings, knaves, queens, each group C, D, H, S); each takes three cards of its suit downward
(king 10-9-8, knave 7-6-5, queen 4-3-2). The aces go to the ace packet AP as they appear. Nine
help places X1-X9 are filled first (aces skipped to AP). The rest is the pack: a turned card
goes into a one-card hand, from which it must be placed on its foundation, into an empty help
place or onto the talon (automatically onto the talon when that is the only way). One
unshuffled re-deal of the talon. Won with every card placed.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ._common import Card, RefGame, RefState, SplitMix64, pile_text, standard_pack, withdraw

N_HELP = 9
PASSES = 2
ACE = 1
#: the foundations' court cards F1..F12, in this order
COURTS = [Card(rank, suit) for rank in (13, 11, 12) for suit in range(4)]
#: the first rank a foundation takes, by its court card's rank
FIRST = {13: 10, 11: 7, 12: 4}


class State(RefState):
    """One position of MARGARETHE. Piles are lists from bottom to top; ``pack`` too, so its
    last element is the next card to come out. Empty help places and hand are ``None``."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.helps: list[Card | None] = [None] * N_HELP
        self.found: list[list[Card]] = [[court] for court in COURTS]
        self.aces: list[Card] = []
        self.hand: Card | None = None
        self.pack: list[Card] = []
        self.talon: list[Card] = []
        self.passes = 1

    def _foundation_for(self, card: Card) -> int | None:
        """The index of the foundation that takes ``card`` now, or None."""
        for m, f in enumerate(self.found):
            n = len(f)
            if f[0].suit == card.suit and n < 4 and card.rank == FIRST[f[0].rank] + 1 - n:
                return m
        return None

    def _after_turn(self) -> None:
        """The automatic steps after ``turn``: an ace to AP; a card with no way but the
        talon onto the talon."""
        card = self.hand
        assert card is not None
        if card.rank == ACE:
            self.aces.append(card)
            self.hand = None
        elif self._foundation_for(card) is None and None not in self.helps:
            self.talon.append(card)
            self.hand = None

    def moves(self) -> list[str]:
        if self.is_won:
            return []
        out = []
        if self.hand is not None:
            m = self._foundation_for(self.hand)
            if m is not None:
                out.append(f"hand>f{m + 1}")
            out += [f"hand>x{i + 1}" for i, c in enumerate(self.helps) if c is None]
            out.append("hand>talon")
            return out
        sources = [(f"x{i + 1}", c) for i, c in enumerate(self.helps) if c is not None]
        if self.talon:
            sources.append(("talon", self.talon[-1]))
        for src, card in sources:
            m = self._foundation_for(card)
            if m is not None:
                out.append(f"{src}>f{m + 1}")
        if self.pack:
            out.append("turn")
        if not self.pack and self.talon and self.passes < PASSES:
            out.append("redeal")
        return out

    def _apply(self, move: str) -> None:
        if move == "turn":
            self.hand = self.pack.pop()
            self._after_turn()
            return
        if move == "redeal":
            # turned over as it lies: the talon's bottom card becomes the pack's top
            self.pack = list(reversed(self.talon))
            self.talon = []
            self.passes += 1
            return
        src, dst = move.split(">")
        if src == "hand":
            card = self.hand
            self.hand = None
        elif src == "talon":
            card = self.talon.pop()
        else:
            i = int(src[1:]) - 1
            card = self.helps[i]
            self.helps[i] = None
        assert card is not None
        if dst == "talon":
            self.talon.append(card)
        elif dst.startswith("x"):
            self.helps[int(dst[1:]) - 1] = card
        else:
            self.found[int(dst[1:]) - 1].append(card)

    @property
    def key(self) -> str:
        parts = [f"X{i + 1}:" + (str(c) if c else "") for i, c in enumerate(self.helps)]
        parts += [pile_text(f"F{i + 1}", f) for i, f in enumerate(self.found)]
        parts.append(pile_text("AP", sorted(self.aces, key=lambda c: c.suit)))
        parts.append("hand:" + (str(self.hand) if self.hand else ""))
        parts.append(pile_text("pack", self.pack, len(self.pack)))
        parts.append(pile_text("talon", self.talon))
        parts.append(f"pass:{self.passes}")
        return " ".join(parts)

    @property
    def is_won(self) -> bool:
        return sum(len(f) for f in self.found) == 48 and len(self.aces) == 4


class Game(RefGame):
    """MARGARETHE. No options."""

    slug: ClassVar[str] = "margarethe"
    OPTIONS: ClassVar[dict[str, Any]] = {}

    def pack(self) -> list[Card]:
        """One standard pack, 52 cards."""
        return standard_pack(1)

    def start(self, cards: list[Card], rng: SplitMix64) -> State:
        """Take out the court cards, fill the nine help places (aces to AP); the rest is
        the pack."""
        rest = list(cards)
        withdraw(rest, COURTS)
        state = State(self)
        taken = 0
        while None in state.helps:
            card = rest[taken]
            taken += 1
            if card.rank == ACE:
                state.aces.append(card)
            else:
                state.helps[state.helps.index(None)] = card
        state.pack = list(reversed(rest[taken:]))
        return state
