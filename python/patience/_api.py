"""The public objects: Card, GameInfo, Game, Deal, State, Move, Solution.

Each class holds its engine object in one private attribute and delegates to it; the
engine (``patience._engine``) is the Rust core.
"""

from __future__ import annotations

import copy
import dataclasses
import re
import signal
import threading
import time
import types
import typing
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from . import _engine, _limits
from ._limits import MemoryLimit, SolveLimits
from .errors import CardError, DealError, OptionError, SeedError

Verdict = Literal["won", "lost", "unknown"]


def _conforms(v: object, t: Any) -> bool:
    """True if ``v`` is a value of the annotation ``t`` (the forms the records use)."""
    if t is Any:
        return True
    origin, args = typing.get_origin(t), typing.get_args(t)
    if origin is typing.Union or origin is types.UnionType:
        return any(_conforms(v, a) for a in args)
    if origin is Literal:
        return any(type(v) is type(a) and v == a for a in args)
    if t is type(None):
        return v is None
    if t is float:
        return isinstance(v, (int, float)) and not isinstance(v, bool)
    if t is int:
        return isinstance(v, int) and not isinstance(v, bool)
    if origin in (list, tuple, dict):
        if not isinstance(v, origin):
            return False
        if not args:
            return True
        if origin is list:
            return all(_conforms(x, args[0]) for x in v)  # type: ignore[union-attr]
        if origin is dict:
            return all(
                _conforms(k, args[0]) and _conforms(x, args[1])
                for k, x in v.items()  # type: ignore[union-attr]
            )
        if len(args) == 2 and args[1] is Ellipsis:
            return all(_conforms(x, args[0]) for x in v)  # type: ignore[union-attr]
        return len(v) == len(args) and all(  # type: ignore[arg-type]
            _conforms(x, a)
            for x, a in zip(v, args)  # type: ignore[call-overload]
        )
    return isinstance(v, t) if isinstance(t, type) else True


def _check_fields(obj: object) -> None:
    """Raise TypeError naming the first field of a record whose value is not of its type."""
    cls = type(obj)
    hints = _HINTS.get(cls)
    if hints is None:
        hints = _HINTS[cls] = typing.get_type_hints(cls)
    for f in dataclasses.fields(obj):  # type: ignore[arg-type]
        v = getattr(obj, f.name)
        if not _conforms(v, hints[f.name]):
            raise TypeError(
                f"{cls.__name__}.{f.name} must be {hints[f.name]}, not {type(v).__name__}"
            )


_HINTS: dict[type, dict[str, Any]] = {}

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

    def __post_init__(self) -> None:
        _check_fields(self)


@dataclass(frozen=True)
class GameInfo:
    """What a game is: slug, title, the cards it uses and its options."""

    slug: str
    title: str
    packs: str
    cards: int
    options: tuple[OptionInfo, ...] = field(default_factory=tuple)

    def __post_init__(self) -> None:
        _check_fields(self)


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
        max_memory: MemoryLimit = "auto",
        prune: bool = True,
    ) -> Solution:
        """Solve a deal exhaustively: the deal of a seed, or a :class:`Deal` of this game
        (a deal of another game, or of this game with other options, is a
        :class:`DealError`). See :meth:`State.solve` for the limits."""
        limits = _limits.solve_limits(max_states, timeout, max_memory, prune)
        return _solve_state(self._deal_of(seed_or_deal).start(), limits)

    def _deal_of(self, seed_or_deal: object) -> Deal:
        if isinstance(seed_or_deal, Deal):
            if seed_or_deal.game != self:
                raise DealError(
                    f"this deal is of {seed_or_deal.game!r}, not of {self!r}: solve it with "
                    "its own game (deal.game.solve(deal))"
                )
            return seed_or_deal
        return self.deal(_check_seed(seed_or_deal))


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
        if not isinstance(game, Game):
            raise TypeError(f"a deal's game must be a patience.Game, not {type(game).__name__}")
        if not isinstance(cards, (list, tuple)) or not all(isinstance(c, Card) for c in cards):
            raise TypeError("a deal's cards must be a list of patience.Card")
        self.game = game
        self.cards = list(cards)
        self.rng = _check_stream(rng)
        self.seed = None if seed is None else _check_seed(seed)

    def start(self) -> State:
        """The first position (the layout dealt, automatic steps applied)."""
        if not isinstance(self.cards, list) or not all(isinstance(c, Card) for c in self.cards):
            raise TypeError("a deal's cards must be a list of patience.Card")
        rng = _check_stream(self.rng)
        return State(self, self.game._engine.start([str(c) for c in self.cards], rng))

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


def _check_stream(rng: object) -> int:
    if isinstance(rng, bool) or not isinstance(rng, int):
        raise SeedError(f"a deal's stream state must be an integer, not {type(rng).__name__}")
    if not 0 <= rng <= _MAX_SEED:
        raise SeedError(f"a deal's stream state must be in 0 .. 2**64-1, got {rng}")
    return rng


def deal_from_text(text: str, seed: int | None = None) -> Deal:
    """Read the one-line form written by :meth:`Deal.text`."""
    if not isinstance(text, str):
        raise TypeError(f"a deal text must be a string, not {type(text).__name__}")
    if seed is not None:
        seed = _check_seed(seed)
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

    def __post_init__(self) -> None:
        if not isinstance(self.text, str):
            raise TypeError(f"a move's text must be a string, not {type(self.text).__name__}")

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
        if not isinstance(deal, Deal):
            raise TypeError(f"a state's deal must be a patience.Deal, not {type(deal).__name__}")
        if not isinstance(engine, _engine.RustState):
            raise TypeError("a State is made by Deal.start() and State.play(), not by hand")
        if not isinstance(history, tuple) or not all(isinstance(m, str) for m in history):
            raise TypeError("a state's history must be a tuple of move texts")
        self.deal = deal
        self._engine = engine
        #: The moves played from the deal's first position to this one.
        self.history = history

    def __reduce__(self) -> tuple[Any, ...]:
        # By deal and moves: the deal pickles as its text, the moves are played again.
        return (_replay, (self.deal, self.history))

    def __copy__(self) -> State:
        return State(self.deal, self._engine, self.history)

    def __deepcopy__(self, memo: dict[int, Any]) -> State:
        # The engine's position is immutable and can be shared.
        return State(copy.deepcopy(self.deal, memo), self._engine, self.history)

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
        max_memory: MemoryLimit = "auto",
        prune: bool = True,
    ) -> Solution:
        """Search every position reachable from here.

        ``max_states`` caps the positions stored, ``timeout`` the seconds (``None`` or
        ``math.inf``: no limit), ``max_memory`` the bytes of the search's table and stacks:
        ``"auto"`` (the default) is half of the machine's memory (the least of physical
        memory, a cgroup limit and ``ulimit -v``), an integer is bytes, ``None`` is no limit.
        The verdict is ``"won"`` (with the moves), ``"lost"`` only when everything
        reachable was searched, and ``"unknown"`` when a limit stopped the search (also
        when memory ran out: stop ``"memory limit"``). Ctrl-C raises KeyboardInterrupt;
        a search on another thread then ends as ``unknown`` (``"cancelled"``). Bad limits
        raise :class:`LimitError` (``TypeError`` for a wrong type).

        ``prune=False`` switches every pruning of the game's solver off (safe moves,
        macro moves, dominance, key symmetries): the plain legal moves are searched with
        each position's full text as its key. It is slow, and it is there to re-check any
        verdict by brute force.
        """
        return _solve_state(self, _limits.solve_limits(max_states, timeout, max_memory, prune))


def _replay(deal: Deal, history: tuple[str, ...]) -> State:
    s = deal.start()
    for m in history:
        s = s.play(m)
    return s


# --- running searches ----------------------------------------------------------------------
#
# A search runs on a thread of the engine's own; Python waits for it here, sleeping in
# Python between polls, so that no engine frame is on the stack when the interpreter stops
# a thread at exit, and Ctrl-C reaches the waiting code as a plain KeyboardInterrupt.

_POLL_FIRST = 0.0002
_POLL_MAX = 0.02


def _wait(
    job: Any,
    on_report: Callable[[int, dict[str, Any]], None] | None = None,
    on_tick: Callable[[Any], None] | None = None,
) -> list[dict[str, Any]]:
    """Wait for an engine job; ``on_report(i, report)`` for each finished report, and
    ``on_tick(job)`` between polls. Any exception (Ctrl-C included) cancels the job."""
    _install_sigint_handler()
    delay = _POLL_FIRST
    try:
        while True:
            done = job.done()
            if on_report is not None:
                for i, r in job.take():
                    on_report(i, r)
            if done:
                results: list[dict[str, Any]] = job.results()
                return results
            time.sleep(delay)
            delay = min(delay * 1.5, _POLL_MAX)
            if on_tick is not None:
                on_tick(job)
    except BaseException:
        job.cancel()
        raise


def _solve_state(
    state: State, limits: SolveLimits, on_tick: Callable[[Any], None] | None = None
) -> Solution:
    job = state._engine.start_solve(*limits)
    (r,) = _wait(job, on_tick=on_tick)
    return Solution(start=state, **r)


def interrupt_all() -> int:
    """Cancel every search running in this process, on any thread (each ends as
    ``unknown``, stop ``"cancelled"``); returns how many were running. The package's
    SIGINT handler calls it, so that Ctrl-C reaches searches on worker threads too."""
    return int(_engine.interrupt_all())


def _on_sigint(signum: int, frame: Any) -> None:
    _engine.interrupt_all()
    signal.default_int_handler(signum, frame)


_sigint_checked = False


def _install_sigint_handler() -> None:
    """Chain Ctrl-C to :func:`interrupt_all`: installed once, from the main thread, and
    only while SIGINT has Python's default handler (a handler of the program's own is
    left alone)."""
    global _sigint_checked
    if _sigint_checked or threading.current_thread() is not threading.main_thread():
        return
    _sigint_checked = True
    try:
        if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
            signal.signal(signal.SIGINT, _on_sigint)
    except (ValueError, OSError, AttributeError):
        pass


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

    def __post_init__(self) -> None:
        _check_fields(self)

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

    def __post_init__(self) -> None:
        _check_fields(self)


def solve_many(
    slug: str,
    seeds: Iterable[int],
    *,
    max_states: int | None = None,
    timeout: float | None = None,
    max_memory: MemoryLimit = "auto",
    threads: int | None = None,
    on_result: Callable[[SeedResult], Any] | None = None,
    prune: bool = True,
    **options: bool | int | None,
) -> list[SeedResult]:
    """Solve the deals of many seeds inside the engine, on ``threads`` threads (default:
    all cores), with the interpreter released. Results come back in seed order.
    ``on_result(result)`` is called as each deal finishes (in finishing order). The
    limits are per deal, as in :meth:`State.solve`; ``max_memory="auto"`` shares the
    default among the threads. Ctrl-C stops the work promptly with KeyboardInterrupt
    (called on a worker thread, the deals not finished come back ``unknown``,
    ``"cancelled"``).

    >>> [r.verdict for r in solve_many("canfield-or-klondike", [29], timeout=5)]
    ['lost']
    """
    g = Game(slug, **options)
    if isinstance(seeds, (str, bytes)) or not isinstance(seeds, Iterable):
        raise TypeError(f"seeds must be an iterable of integers, not {type(seeds).__name__}")
    seed_list = [_check_seed(s) for s in seeds]
    n_threads = _limits.check_threads(threads)
    limits = _limits.solve_limits(
        max_states,
        timeout,
        max_memory,
        prune,
        share=min(_limits.threads_used(n_threads), max(1, len(seed_list))),
    )
    if on_result is not None and not callable(on_result):
        raise TypeError(f"on_result must be callable or None, not {type(on_result).__name__}")

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

    job = g._engine.solve_seeds(
        seed_list, limits.max_states, limits.timeout, limits.max_bytes, n_threads, limits.prune
    )
    reports = _wait(job, on_report=callback)
    return [convert(s, r) for s, r in zip(seed_list, reports)]


# Ctrl-C must reach searches on every thread: chain the handler as soon as the package is
# imported (from the main thread; else at the first search the main thread waits for).
_install_sigint_handler()
