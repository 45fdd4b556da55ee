"""LA BELLE LUCIE: the reference engine.

Written from ``rules/la-belle-lucie.md`` and ``docs/notation/la-belle-lucie.md`` alone.

The pack is dealt face up in packets of three (card 1 at the bottom of P1); only the top card
of a packet moves. It goes to a foundation, or onto the top card of another packet of its suit
one rank higher (marriage). Empty packets stay empty. Up to two re-deals, each only when no card
can go to a foundation, gather the packets (highest-numbered first, each bottom to top), shuffle
them with the game's stream and deal them again in threes. Options: THE HOUSE IN THE WOOD (two
packs, eight ace foundations) and THE HOUSE ON THE HILL (two packs, aces up and kings down,
marriages both ways); both deal two one-pack layouts, 36 packets.

Written for clarity, not speed.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ._common import Card, ReferenceError_, RefGame, RefState, SplitMix64, shuffle, standard_pack

PASSES = 3
ACE, KING = 1, 13


def _packets(cards: list[Card], n_packets: int) -> list[list[Card]]:
    """Card k (1-based) to packet ceil(k / 3); ``n_packets`` packets in all."""
    packets: list[list[Card]] = [[] for _ in range(n_packets)]
    for k, c in enumerate(cards):
        packets[k // 3].append(c)
    return packets


def _layouts(cards: list[Card], n_packets: int) -> list[list[Card]]:
    """The first deal: one one-pack layout of 18 packets for each 52 cards (a two-pack game
    deals cards 53-104 as P19-P36 the way cards 1-52 make P1-P18)."""
    packets: list[list[Card]] = []
    for first in range(0, len(cards), 52):
        packets += _packets(cards[first : first + 52], 18)
    assert len(packets) == n_packets
    return packets


class LucieState(RefState):
    """A position: packets bottom to top, foundations bottom to top, pass number, stream."""

    def __init__(self, game: Game, cards: list[Card], rng: SplitMix64) -> None:
        self.game = game
        self.packets = _layouts(cards, game.n_packets)
        self.found: list[list[Card]] = [[] for _ in range(game.n_found)]
        self.passes = 1
        self.rng = rng

    # --- the foundations -----------------------------------------------------------------

    def _targets(self, card: Card) -> list[int]:
        """Indices of the foundations that take ``card`` now (the rule text's next card)."""
        g = self.game
        out: list[int] = []
        if g.hill:
            ups, downs = range(0, 4), range(4, 8)
            if card.rank == ACE and not any(
                self.found[i] and self.found[i][0].suit == card.suit for i in ups
            ):
                empty = [i for i in ups if not self.found[i]]
                if empty:
                    out.append(empty[0])
            if card.rank == KING and not any(
                self.found[i] and self.found[i][0].suit == card.suit for i in downs
            ):
                empty = [i for i in downs if not self.found[i]]
                if empty:
                    out.append(empty[0])
            for i in ups:
                f = self.found[i]
                if f and f[-1].suit == card.suit and f[-1].rank + 1 == card.rank:
                    out.append(i)
            for i in downs:
                f = self.found[i]
                if f and f[-1].suit == card.suit and f[-1].rank - 1 == card.rank:
                    out.append(i)
            return out
        if card.rank == ACE:
            empty = [i for i, f in enumerate(self.found) if not f]
            return empty[:1]
        for i, f in enumerate(self.found):
            if f and f[-1].suit == card.suit and f[-1].rank + 1 == card.rank:
                out.append(i)
        return out

    def _marries(self, card: Card, onto: Card) -> bool:
        if card.suit != onto.suit:
            return False
        if self.game.hill:
            return abs(card.rank - onto.rank) == 1
        return onto.rank == card.rank + 1

    # --- the rules -------------------------------------------------------------------------

    def moves(self) -> list[str]:
        if self.is_won:
            return []
        out: list[str] = []
        up = False
        for i, p in enumerate(self.packets):
            if not p:
                continue
            card = p[-1]
            for m in self._targets(card):
                out.append(f"p{i + 1}>f{m + 1}")
                up = True
            for j, q in enumerate(self.packets):
                if j != i and q and self._marries(card, q[-1]):
                    out.append(f"p{i + 1}>p{j + 1}")
        if self.passes < PASSES and not up:
            out.append("redeal")  # only when no card can go to a foundation
        return out

    def _apply(self, move: str) -> None:
        if move == "redeal":
            gathered: list[Card] = []
            for p in reversed(self.packets):
                gathered.extend(p)
            shuffle(gathered, self.rng)
            self.packets = _packets(gathered, self.game.n_packets)
            self.passes += 1
            return
        src, dst = move.split(">")
        card = self.packets[int(src[1:]) - 1].pop()
        if dst.startswith("f"):
            self.found[int(dst[1:]) - 1].append(card)
        else:
            self.packets[int(dst[1:]) - 1].append(card)

    @property
    def key(self) -> str:
        parts = [f"P{i + 1}:" + "".join(map(str, p)) for i, p in enumerate(self.packets)]
        parts += [f"F{i + 1}:" + "".join(map(str, f)) for i, f in enumerate(self.found)]
        parts.append(f"pass:{self.passes}")
        parts.append(self.rng.text())
        return " ".join(parts)

    @property
    def is_won(self) -> bool:
        return sum(len(f) for f in self.found) == 13 * self.game.n_found


class Game(RefGame):
    """LA BELLE LUCIE; options ``house_in_the_wood`` and ``house_on_the_hill`` (two packs)."""

    slug: ClassVar[str] = "la-belle-lucie"
    OPTIONS: ClassVar[dict[str, Any]] = {"house_in_the_wood": False, "house_on_the_hill": False}

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        for name in self.OPTIONS:
            if not isinstance(self.options[name], bool):
                raise ReferenceError_(f"option {name} must be True or False")
        self.wood: bool = self.options["house_in_the_wood"]
        self.hill: bool = self.options["house_on_the_hill"]
        if self.wood and self.hill:
            raise ReferenceError_("house_in_the_wood and house_on_the_hill exclude each other")
        two = self.wood or self.hill
        self.n_cards = 104 if two else 52
        self.n_packets = 36 if two else 18
        self.n_found = 8 if two else 4

    def pack(self) -> list[Card]:
        return standard_pack(2 if self.n_cards == 104 else 1)

    def start(self, cards: list[Card], rng: SplitMix64) -> LucieState:
        if len(cards) != self.n_cards:
            raise ReferenceError_(f"LA BELLE LUCIE here needs {self.n_cards} cards")
        return LucieState(self, list(cards), rng)
