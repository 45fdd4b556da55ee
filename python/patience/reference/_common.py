"""Shared pieces of the pure-Python reference engine.

Everything here follows ``rules/CONVENTIONS.md`` literally: cards and packs (section 1),
the SplitMix64 stream and the Fisher-Yates shuffle (section 2), withdrawing cards from the
shuffled pack (section 3). It is written for clarity, never for speed.

A game module defines a subclass of :class:`RefGame` (the rules: pack, options, layout)
and a subclass of :class:`RefState` (one position: moves, play, key).
"""

from __future__ import annotations

import abc
import copy
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

MASK64 = (1 << 64) - 1

RANK_CHARS = "A23456789TJQK"
SUIT_CHARS = "CDHS"
CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3


class ReferenceError_(ValueError):
    """Bad input given to the reference engine (bad card, bad deal, illegal move)."""


@dataclass(frozen=True, order=True)
class Card:
    """A card: ``rank`` 1 (ace) .. 13 (king), ``suit`` 0..3 for C, D, H, S."""

    rank: int
    suit: int

    @property
    def is_red(self) -> bool:
        return self.suit in (DIAMONDS, HEARTS)

    @property
    def colour(self) -> str:
        return "red" if self.is_red else "black"

    def __str__(self) -> str:
        return RANK_CHARS[self.rank - 1] + SUIT_CHARS[self.suit]

    def __repr__(self) -> str:
        return f"Card({self})"

    def down(self) -> str:
        """Text of this card when it lies face down (lower case)."""
        return str(self).lower()


def parse_card(text: str) -> Card:
    """Parse ``TS``, ``10S``, ``ah`` ... into a :class:`Card`."""
    if not isinstance(text, str):
        raise ReferenceError_(f"card must be a string, got {type(text).__name__}")
    t = text.strip().upper()
    if t.startswith("10"):
        t = "T" + t[2:]
    if len(t) != 2 or t[0] not in RANK_CHARS or t[1] not in SUIT_CHARS:
        raise ReferenceError_(f"malformed card text {text!r}")
    return Card(RANK_CHARS.index(t[0]) + 1, SUIT_CHARS.index(t[1]))


def pile_text(label: str, cards: Iterable[Card], face_down: int = 0) -> str:
    """Key segment of a pile, bottom to top; the first ``face_down`` cards are face down."""
    out = []
    for i, c in enumerate(cards):
        out.append(c.down() if i < face_down else str(c))
    return label + ":" + "".join(out)


# --- random stream and shuffle (CONVENTIONS 2) -------------------------------------


class SplitMix64:
    """The game's random stream: SplitMix64 with its state set to the seed."""

    def __init__(self, seed: int) -> None:
        if not 0 <= seed <= MASK64:
            raise ReferenceError_(f"seed must be in 0..2**64-1, got {seed}")
        self.state = seed

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def text(self) -> str:
        """Key segment of the stream: ``rng:`` and 16 hex digits."""
        return f"rng:{self.state:016x}"


def shuffle(seq: list[Any], rng: SplitMix64) -> None:
    """Fisher-Yates from the end, in place, drawing from ``rng``."""
    for i in range(len(seq) - 1, 0, -1):
        j = (rng.next() * (i + 1)) >> 64
        seq[i], seq[j] = seq[j], seq[i]


# --- packs (CONVENTIONS 1) ------------------------------------------------------------


def standard_pack(copies: int = 1) -> list[Card]:
    """``copies`` unshuffled 52-card packs one after another (C, D, H, S; A..K)."""
    one = [Card(r, s) for s in range(4) for r in range(1, 14)]
    return one * copies


def piquet_pack(copies: int = 1) -> list[Card]:
    """``copies`` unshuffled 32-card piquet packs (A, 7..K in each suit)."""
    one = [Card(r, s) for s in range(4) for r in (1, 7, 8, 9, 10, 11, 12, 13)]
    return one * copies


def withdraw(pack: list[Card], wanted: Sequence[Card]) -> list[Card]:
    """Take each wanted card out of ``pack`` (first occurrence from the top); returns them."""
    taken = []
    for w in wanted:
        for i, c in enumerate(pack):
            if c == w:
                taken.append(pack.pop(i))
                break
        else:
            raise ReferenceError_(f"card {w} not in pack")
    return taken


# --- game and deal ----------------------------------------------------------------------


class RefState(abc.ABC):
    """One position. Subclasses implement ``moves``, ``_apply`` and ``key``.

    ``play`` copies the state, applies the move (with its automatic steps) and returns
    the copy; the original is never changed.
    """

    game: RefGame

    @abc.abstractmethod
    def moves(self) -> list[str]:
        """Text forms of all legal moves, in any order."""

    @abc.abstractmethod
    def _apply(self, move: str) -> None:
        """Apply a legal move in place, then every automatic step it causes."""

    @property
    @abc.abstractmethod
    def key(self) -> str:
        """Canonical text of the position (docs/NOTATION.md)."""

    @property
    @abc.abstractmethod
    def is_won(self) -> bool:
        """True when the rule file's win condition holds."""

    @property
    def is_over(self) -> bool:
        return self.is_won or not self.moves()

    def play(self, move: str) -> RefState:
        if not isinstance(move, str):
            move = str(move)
        if move not in self.moves():
            raise ReferenceError_(f"illegal move {move!r} in position {self.key}")
        new = copy.deepcopy(self)
        new._apply(move)
        return new

    def __str__(self) -> str:
        return self.key


@dataclass
class RefDeal:
    """A starting position's ingredients: the shuffled pack and the continued stream."""

    game: RefGame
    seed: int | None
    cards: list[Card]
    rng: SplitMix64

    def start(self) -> RefState:
        return self.game.start(list(self.cards), copy.deepcopy(self.rng))


class RefGame(abc.ABC):
    """A game's rules. Subclasses set ``slug``, ``OPTIONS`` and implement ``pack``/``start``."""

    slug: ClassVar[str] = ""
    #: option name -> default value; the book's game is the default.
    OPTIONS: ClassVar[dict[str, Any]] = {}

    def __init__(self, **options: Any) -> None:
        for name in options:
            if name not in self.OPTIONS:
                raise ReferenceError_(f"unknown option {name!r} for {self.slug}")
        self.options = {**self.OPTIONS, **options}

    def pack(self) -> list[Card]:
        """The unshuffled pack of this game (CONVENTIONS 1)."""
        return standard_pack(1)

    @abc.abstractmethod
    def start(self, cards: list[Card], rng: SplitMix64) -> RefState:
        """Lay out the shuffled pack ``cards`` and return the first position."""

    def deal(self, seed: int) -> RefDeal:
        rng = SplitMix64(seed)
        cards = self.pack()
        shuffle(cards, rng)
        return RefDeal(self, seed, cards, rng)

    def deal_from(self, cards: Sequence[Card | str], seed: int = 0) -> RefDeal:
        parsed = [c if isinstance(c, Card) else parse_card(c) for c in cards]
        want = sorted(self.pack())
        if sorted(parsed) != want:
            raise ReferenceError_("explicit deal is not exactly the game's pack")
        return RefDeal(self, None, parsed, SplitMix64(seed))
