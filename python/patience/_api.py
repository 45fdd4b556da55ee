"""The public objects: Card, GameInfo, Game, Deal, State, Move, Solution.

Each class holds its engine object in one private attribute and delegates to it; the
engine (``patience._engine``) is the Rust core.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from . import _engine
from .errors import CardError, DealError, OptionError, SeedError

Verdict = Literal["won", "lost", "unknown"]

_RANKS = "A23456789TJQK"
_SUITS = "CDHS"
_MAX_SEED = (1 << 64) - 1


@dataclass(frozen=True, order=True)
class Card:
    """A playing card: ``rank`` 1 (ace) .. 13 (king), ``suit`` one of ``"CDHS"``.

    >>> Card.parse("10s")
    Card('TS')
    >>> str(Card.parse("ah")), Card.parse("QH").rank
    ('AH', 12)
    """

    rank: int
    suit: str

    def __post_init__(self) -> None:
        if not isinstance(self.rank, int) or not 1 <= self.rank <= 13:
            raise CardError(f"card rank must be 1..13, got {self.rank!r}")
        if self.suit not in tuple(_SUITS):
            raise CardError(f"card suit must be one of C, D, H, S, got {self.suit!r}")

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``TS``, ``10S``, ``ah``...; raises :class:`CardError` naming bad text."""
        if not isinstance(text, str):
            raise CardError(f"a card must be given as text such as 'TS', not {type(text).__name__}")
        t = text.strip().upper()
        if t.startswith("10"):
            t = "T" + t[2:]
        if len(t) != 2 or t[0] not in _RANKS or t[1] not in _SUITS:
            raise CardError(
                f"malformed card {text!r} (expected rank A,2-9,T or 10,J,Q,K then suit "
                "C,D,H,S, e.g. 'TS')"
            )
        return cls(_RANKS.index(t[0]) + 1, t[1])

    @property
    def is_red(self) -> bool:
        return self.suit in "DH"

    def __str__(self) -> str:
        return _RANKS[self.rank - 1] + self.suit

    def __repr__(self) -> str:
        return f"Card('{self}')"


@dataclass(frozen=True)
class OptionInfo:
    """One option of a game: its name, default (as Python text) and meaning."""

    name: str
    default: str
    help: str


@dataclass(frozen=True)
class GameInfo:
    """What a game is: slug, title, the cards it uses and its options."""

    slug: str
    title: str
    packs: str
    cards: int
    options: tuple[OptionInfo, ...] = field(default_factory=tuple)


def _info(t: tuple[str, str, str, int, list[tuple[str, str, str]]]) -> GameInfo:
    return GameInfo(t[0], t[1], t[2], t[3], tuple(OptionInfo(*o) for o in t[4]))


def games() -> list[GameInfo]:
    """Every game the engine implements, in the registry's order.

    >>> any(g.slug == "canfield-or-klondike" for g in games())
    True
    """
    return [_info(t) for t in _engine.games_info()]


def game(slug: str, **options: bool | int | None) -> Game:
    """The game ``slug`` with keyword options (the book's game by default).

    >>> g = game("canfield-or-klondike", draw=3, passes=None)
    >>> g.options["draw"]
    3
    """
    return Game(slug, **options)


def _check_seed(seed: object) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise SeedError(f"a seed must be an integer, not {type(seed).__name__}")
    if not 0 <= seed <= _MAX_SEED:
        raise SeedError(f"a seed must be in 0 .. 2**64-1, got {seed}")
    return seed


class Game:
    """A game of the book with its options. Deals, starts and solves.

    >>> g = Game("canfield-or-klondike")
    >>> d = g.deal(1)
    >>> d.cards[0]
    Card('9S')
    """

    def __init__(self, slug: str, **options: bool | int | None) -> None:
        if not isinstance(slug, str):
            raise TypeError(f"a game slug must be a string, not {type(slug).__name__}")
        self._engine = _engine.RustGame(slug, options)
        self.info = _info(self._engine.info())
        self.slug = self.info.slug
        given = {k: v for k, v in options.items()}
        self.options: dict[str, Any] = {}
        for o in self.info.options:
            self.options[o.name] = given.get(o.name, _literal(o.default))

    def __repr__(self) -> str:
        opts = "".join(f", {k}={v!r}" for k, v in self._changed_options().items())
        return f"patience.game({self.slug!r}{opts})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (_make_game, (self.slug, self.options))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and (self.slug, self.options) == (other.slug, other.options)

    def __hash__(self) -> int:
        return hash((self.slug, tuple(sorted(self.options.items()))))

    def _changed_options(self) -> dict[str, Any]:
        return {
            o.name: self.options[o.name]
            for o in self.info.options
            if self.options[o.name] != _literal(o.default)
        }

    def deal(self, seed: int) -> Deal:
        """The deal of ``seed`` (0 .. 2**64-1): the pack shuffled as the conventions say."""
        seed = _check_seed(seed)
        cards, rng = self._engine.shuffled(seed)
        return Deal(self, [Card.parse(c) for c in cards], rng, seed)

    def deal_from(self, cards: Sequence[Card | str] | str, seed: int = 0) -> Deal:
        """A deal typed in: every card of the game's pack in dealing order (first card
        dealt first). ``cards`` is a list of cards or card texts, or one string of card
        texts separated by spaces or commas. ``seed`` seeds the stream for shuffled
        re-deals. Raises :class:`DealError` for a wrong count, a duplicate or a missing card.
        """
        if isinstance(cards, str):
            items: list[Card | str] = [c for c in re.split(r"[\s,]+", cards.strip()) if c]
        elif isinstance(cards, (list, tuple)):
            items = list(cards)
        else:
            raise TypeError(
                f"cards must be a list of cards or a string of card texts, "
                f"not {type(cards).__name__}"
            )
        texts = []
        for c in items:
            if isinstance(c, Card):
                texts.append(str(c))
            elif isinstance(c, str):
                texts.append(c)
            else:
                raise CardError(f"a card must be a Card or text such as 'TS', not {c!r}")
        checked = self._engine.check_cards(texts)
        return Deal(self, [Card.parse(c) for c in checked], _check_seed(seed), None)

    def solve(
        self,
        seed_or_deal: int | Deal,
        *,
        max_states: int | None = None,
        timeout: float | None = None,
        max_memory: int | None = None,
        prune: bool = True,
    ) -> Solution:
        """Solve a deal exhaustively. See :meth:`State.solve` for the limits."""
        deal = seed_or_deal if isinstance(seed_or_deal, Deal) else self.deal(seed_or_deal)
        return deal.start().solve(
            max_states=max_states, timeout=timeout, max_memory=max_memory, prune=prune
        )


def _literal(text: str) -> Any:
    return {"True": True, "False": False, "None": None}.get(
        text, int(text) if text.isdigit() else text
    )


def _make_game(slug: str, options: dict[str, Any]) -> Game:
    return Game(slug, **options)


class Deal:
    """One game's starting position: the shuffled pack and the stream for re-deals.

    ``str(deal)`` is readable; :meth:`text` is a one-line form that :func:`deal_from_text`
    reads back.
    """

    def __init__(self, game: Game, cards: list[Card], rng: int, seed: int | None) -> None:
        self.game = game
        self.cards = cards
        self.rng = rng
        self.seed = seed

    def start(self) -> State:
        """The first position (the layout dealt, automatic steps applied)."""
        return State(self, self.game._engine.start([str(c) for c in self.cards], self.rng))

    def text(self) -> str:
        """One line: ``slug [option=value ...] | cards | stream`` (round-trips)."""
        opts = " ".join(f"{k}={v}" for k, v in self.game._changed_options().items())
        head = self.game.slug + (" " + opts if opts else "")
        return f"{head} | {' '.join(map(str, self.cards))} | {self.rng:016x}"

    def __str__(self) -> str:
        origin = f"seed {self.seed}" if self.seed is not None else "explicit deal"
        return f"{self.game.info.title}, {origin}:\n{' '.join(map(str, self.cards))}"

    def __repr__(self) -> str:
        return f"<Deal {self.game.slug} {'seed ' + str(self.seed) if self.seed is not None else 'explicit'}>"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Deal) and (self.game, self.cards, self.rng) == (
            other.game,
            other.cards,
            other.rng,
        )

    def __hash__(self) -> int:
        return hash((self.game, tuple(self.cards), self.rng))

    def __reduce__(self) -> tuple[Any, ...]:
        return (deal_from_text, (self.text(), self.seed))


def deal_from_text(text: str, seed: int | None = None) -> Deal:
    """Read the one-line form written by :meth:`Deal.text`."""
    parts = [p.strip() for p in text.split("|")]
    if len(parts) != 3:
        raise DealError("a deal text has three parts separated by '|': game, cards, stream")
    head = parts[0].split()
    if not head:
        raise DealError("a deal text starts with the game's slug")
    options: dict[str, Any] = {}
    for item in head[1:]:
        if "=" not in item:
            raise OptionError(f"option {item!r} must be written name=value")
        k, v = item.split("=", 1)
        options[k] = _parse_value(v)
    g = Game(head[0], **options)
    try:
        rng = int(parts[2], 16)
    except ValueError:
        raise DealError(f"bad stream state {parts[2]!r} (16 hex digits expected)") from None
    d = g.deal_from(parts[1])
    d.rng = _check_seed(rng)
    d.seed = seed
    return d


def _parse_value(v: str) -> bool | int | None:
    low = v.strip().lower()
    if low in ("none", "unlimited"):
        return None
    if low in ("true", "yes", "on"):
        return True
    if low in ("false", "no", "off"):
        return False
    try:
        return int(low)
    except ValueError:
        raise OptionError(f"option value {v!r} is not an integer, True, False or None") from None


@dataclass(frozen=True)
class Move:
    """One legal move, named by its text form (``t3>f1``, ``turn``, ``redeal``).

    A move compares equal to its text: ``Move("turn") == "turn"``.
    """

    text: str

    def __str__(self) -> str:
        return self.text

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Move):
            return self.text == other.text
        if isinstance(other, str):
            return self.text == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.text)


class State:
    """A position during play. Immutable: :meth:`play` returns a new state."""

    def __init__(self, deal: Deal, engine: Any, history: tuple[str, ...] = ()) -> None:
        self.deal = deal
        self._engine = engine
        #: The moves played from the deal's first position to this one.
        self.history = history

    @property
    def game(self) -> Game:
        return self.deal.game

    def moves(self) -> list[Move]:
        """The legal moves (empty when the game is over)."""
        return [Move(m) for m in self._engine.moves()]

    def play(self, move: Move | str) -> State:
        """The position after ``move`` (a :class:`Move` or its text); raises
        :class:`IllegalMoveError` naming the move if it is not legal here."""
        if isinstance(move, Move):
            move = move.text
        elif not isinstance(move, str):
            raise TypeError(f"a move must be a Move or its text, not {type(move).__name__}")
        return State(self.deal, self._engine.play(move), self.history + (move.strip(),))

    @property
    def key(self) -> str:
        """Canonical text of the position (identical in the reference engine)."""
        return str(self._engine.key)

    @property
    def is_won(self) -> bool:
        return bool(self._engine.is_won)

    @property
    def is_over(self) -> bool:
        """True when no move is legal (won, or lost)."""
        return self.is_won or not self._engine.moves()

    def __str__(self) -> str:
        return str(self._engine.display())

    def __repr__(self) -> str:
        return f"<State {self.game.slug}: {self.key}>"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self.game == other.game and self.key == other.key

    def __hash__(self) -> int:
        return hash((self.game, self.key))

    def solve(
        self,
        *,
        max_states: int | None = None,
        timeout: float | None = None,
        max_memory: int | None = None,
        prune: bool = True,
    ) -> Solution:
        """Search every position reachable from here.

        ``max_states`` caps the positions stored, ``timeout`` the seconds, ``max_memory``
        the bytes of the search table (default: no limit). The verdict is ``"won"`` (with
        the moves), ``"lost"`` only when everything reachable was searched, and
        ``"unknown"`` when a limit stopped the search. Ctrl-C raises KeyboardInterrupt.

        ``prune=False`` switches every pruning of the game's solver off (safe moves,
        macro moves, dominance, key symmetries): the plain legal moves are searched with
        each position's full text as its key. It is slow, and it is there to re-check any
        verdict by brute force.
        """
        if not isinstance(prune, bool):
            raise TypeError(f"prune must be True or False, not {prune!r}")
        for name, v in (("max_states", max_states), ("max_memory", max_memory)):
            if v is not None and (isinstance(v, bool) or not isinstance(v, int) or v < 0):
                raise ValueError(f"{name} must be a non-negative integer or None, got {v!r}")
        if timeout is not None and (
            isinstance(timeout, bool) or not isinstance(timeout, (int, float))
        ):
            raise ValueError(f"timeout must be a number of seconds or None, got {timeout!r}")
        r = self._engine.solve(
            max_states, None if timeout is None else float(timeout), max_memory, prune
        )
        return Solution(start=self, **r)


@dataclass
class Solution:
    """The solver's answer for one position.

    ``verdict`` is ``"won"``, ``"lost"`` (the whole search space was exhausted) or
    ``"unknown"`` (``stop`` says which limit was hit). ``moves`` wins from ``start``.
    """

    start: State
    verdict: Verdict
    stop: str | None
    moves: list[str]
    states: int
    nodes: int
    seconds: float
    peak_bytes: int

    def replay(self) -> Iterator[State]:
        """The positions along the solution, from the start to the end."""
        s = self.start
        yield s
        for m in self.moves:
            s = s.play(m)
            yield s

    def __str__(self) -> str:
        extra = f" ({self.stop})" if self.stop else ""
        moves = f", {len(self.moves)} moves" if self.verdict == "won" else ""
        return (
            f"{self.verdict}{extra}{moves}; {self.states:,} states, {self.nodes:,} nodes, "
            f"{self.seconds:.3f} s"
        )


@dataclass(frozen=True)
class SeedResult:
    """One deal's result in :func:`solve_many`."""

    seed: int
    verdict: Verdict
    stop: str | None
    moves: int
    states: int
    nodes: int
    seconds: float
    peak_bytes: int


def solve_many(
    slug: str,
    seeds: Sequence[int] | range,
    *,
    max_states: int | None = None,
    timeout: float | None = None,
    max_memory: int | None = None,
    threads: int | None = None,
    on_result: Any = None,
    prune: bool = True,
    **options: bool | int | None,
) -> list[SeedResult]:
    """Solve the deals of many seeds inside the engine, on ``threads`` threads (default:
    all cores), with the interpreter released. Results come back in seed order.
    ``on_result(result)`` is called as each deal finishes (in finishing order).
    Ctrl-C stops the work promptly with KeyboardInterrupt.

    >>> [r.verdict for r in solve_many("canfield-or-klondike", [29], timeout=5)]
    ['lost']
    """
    g = Game(slug, **options)
    seed_list = [_check_seed(s) for s in seeds]
    if threads is not None and (
        isinstance(threads, bool) or not isinstance(threads, int) or threads < 0
    ):
        raise ValueError(f"threads must be a positive integer or None, got {threads!r}")

    def convert(seed: int, r: dict[str, Any]) -> SeedResult:
        return SeedResult(
            seed,
            r["verdict"],
            r["stop"],
            len(r["moves"]),
            r["states"],
            r["nodes"],
            r["seconds"],
            r["peak_bytes"],
        )

    callback = None
    if on_result is not None:

        def callback(i: int, r: dict[str, Any]) -> None:
            on_result(convert(seed_list[i], r))

    reports = g._engine.solve_seeds(
        seed_list,
        max_states,
        None if timeout is None else float(timeout),
        max_memory,
        threads or 0,
        callback,
        prune,
    )
    return [convert(s, r) for s, r in zip(seed_list, reports)]
