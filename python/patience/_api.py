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
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from . import _engine, _limits, _names
from ._limits import MemoryLimit, SolveLimits
from .errors import CardError, DealError, OptionError, PlaceError, SeedError

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


def plural(n: int, word: str, words: str | None = None) -> str:
    """``1 move``, ``2 moves``, ``1,000 deals`` (``words``: the plural when not word + s)."""
    return f"{n:,} {word if n == 1 else (words or word + 's')}"


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


@dataclass(frozen=True, order=True, init=False)
class Card:
    """A playing card: ``rank`` 1 (ace) .. 13 (king), ``suit`` one of ``"CDHS"``.

    Made from its text as ``repr`` writes it, or from rank and suit:

    >>> Card("TH") == Card(10, "H") == Card.parse("10h")
    True
    >>> Card.parse("10s")
    Card('TS')
    >>> str(Card.parse("ah")), Card.parse("QH").rank
    ('AH', 12)

    ``face_up`` says how the card lies in a position (:attr:`State.places`); it is not part
    of the card's identity: two cards of one rank and suit compare equal whichever way up.
    """

    rank: int
    suit: str
    face_up: bool = field(default=True, compare=False)

    def __init__(self, rank: int | str, suit: str | None = None, face_up: bool = True) -> None:
        """``Card("TH")``, ``Card("10h", face_up=False)`` (the text alone, as
        :meth:`parse` reads it) or ``Card(10, "H")``."""
        if isinstance(rank, str) and suit is None:
            parsed = Card.parse(rank)
            rank, suit = parsed.rank, parsed.suit
        object.__setattr__(self, "rank", rank)
        object.__setattr__(self, "suit", suit)
        object.__setattr__(self, "face_up", face_up)
        self.__post_init__()

    def __post_init__(self) -> None:
        if (
            isinstance(self.rank, bool)
            or not isinstance(self.rank, int)
            or not 1 <= self.rank <= 13
        ):
            raise CardError(f"card rank must be 1..13, got {self.rank!r}")
        if not isinstance(self.suit, str) or self.suit not in tuple(_SUITS):
            raise CardError(f"card suit must be one of C, D, H, S, got {self.suit!r}")
        if not isinstance(self.face_up, bool):
            raise TypeError(
                f"Card.face_up must be True or False, not {type(self.face_up).__name__}"
            )

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
        return f"Card('{self}')" if self.face_up else f"Card('{self}', face_up=False)"

    @property
    def key_text(self) -> str:
        """The card as a key writes it: upper case face up, lower case face down."""
        return str(self) if self.face_up else str(self).lower()

    def as_dict(self) -> dict[str, Any]:
        """``{"card": "TS", "rank": 10, "suit": "S", "face_up": True}`` (for JSON)."""
        return {"card": str(self), "rank": self.rank, "suit": self.suit, "face_up": self.face_up}


OptionValue = bool | int | None


@dataclass(frozen=True)
class OptionInfo:
    """One option of a game: its name, default value, meaning and the values it takes.

    ``type`` is ``"bool"`` (True or False) or ``"int"``; ``choices`` lists the allowed
    values when they are few (``(False, True)``, ``(1, 3)``), else ``min`` .. ``max``
    bound them; ``none`` says whether ``None`` (no limit) is allowed too.

    >>> o = next(o for o in game("canfield-or-klondike").info.options if o.name == "draw")
    >>> o.type, o.default, o.choices, o.allowed
    ('int', 1, (1, 3), '1 or 3')
    """

    name: str
    default: bool | int | None
    help: str
    type: Literal["bool", "int"]
    choices: tuple[bool | int, ...] | None = None
    min: int | None = None
    max: int | None = None
    none: bool = False

    def __post_init__(self) -> None:
        _check_fields(self)

    @property
    def allowed(self) -> str:
        """The allowed values as text: ``True or False``, ``1 or 3``, ``1 to 1000 or None``."""
        if self.choices is not None:
            words = [str(c) for c in self.choices] + (["None"] if self.none else [])
        else:
            words = [f"{self.min} to {self.max}"] + (["None"] if self.none else [])
        return ", ".join(words[:-1]) + " or " + words[-1] if len(words) > 1 else words[0]

    def allows(self, value: object) -> bool:
        """True if ``value`` is one of the option's values."""
        if value is None:
            return self.none
        if self.type == "bool":
            return isinstance(value, bool)
        if isinstance(value, bool) or not isinstance(value, int):
            return False
        if self.choices is not None:
            return value in self.choices
        return (self.min is None or value >= self.min) and (self.max is None or value <= self.max)

    def as_dict(self) -> dict[str, Any]:
        """The fields as plain data (for JSON), ``choices`` a list, and ``allowed``."""
        d = dataclasses.asdict(self)
        d["choices"] = None if self.choices is None else list(self.choices)
        d["allowed"] = self.allowed
        return d


@dataclass(frozen=True)
class GameInfo:
    """What a game is: slug, title, the cards it uses and its options.

    ``rules_version`` numbers the game's rules as the engine plays them: it goes up when a
    change can alter any deal's verdict or moves, and a survey stores it with every deal
    so that results from before and after a change are never combined.
    """

    slug: str
    title: str
    packs: str
    cards: int
    options: tuple[OptionInfo, ...] = field(default_factory=tuple)
    rules_version: int = 1

    def __post_init__(self) -> None:
        _check_fields(self)

    def as_dict(self) -> dict[str, Any]:
        """The fields as plain data (for JSON); options as a list of dicts."""
        return {
            "slug": self.slug,
            "title": self.title,
            "packs": self.packs,
            "cards": self.cards,
            "options": [o.as_dict() for o in self.options],
            "rules_version": self.rules_version,
        }


def _option_info(t: tuple[str, str, str, str, list[int], bool]) -> OptionInfo:
    name, default, help_text, kind, values, none = t
    if kind == "bool":
        return OptionInfo(name, _literal(default), help_text, "bool", (False, True))
    if kind == "choice":
        return OptionInfo(name, _literal(default), help_text, "int", tuple(values), none=none)
    return OptionInfo(name, _literal(default), help_text, "int", None, values[0], values[1], none)


def _info(
    t: tuple[str, str, str, int, list[tuple[str, str, str, str, list[int], bool]], int],
) -> GameInfo:
    return GameInfo(t[0], t[1], t[2], t[3], tuple(_option_info(o) for o in t[4]), t[5])


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
        # A title or a common name (an alias, maybe with options of its own) names a game
        # too; the options given here come on top of an alias's.
        slug, implied = _names.resolve(slug)
        given = {**implied, **options}
        known = [o.name for o in _info_of(slug).options]
        for name in given:
            if name not in known:
                raise _names.unknown_option(slug, name, known)
        self._engine = _engine.RustGame(slug, given)
        self.info = _info(self._engine.info())
        self.slug = self.info.slug
        self.options: dict[str, Any] = {}
        for o in self.info.options:
            self.options[o.name] = given.get(o.name, o.default)

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
            if self.options[o.name] != o.default
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
        progress: ProgressCallback | None = None,
    ) -> Solution:
        """Solve a deal exhaustively: the deal of a seed, or a :class:`Deal` of this game
        (a deal of another game, or of this game with other options, is a
        :class:`DealError`). See :meth:`State.solve` for the limits and ``progress``."""
        limits = _limits.solve_limits(max_states, timeout, max_memory, prune)
        return _solve_state(self._deal_of(seed_or_deal).start(), limits, _progress_ticker(progress))

    def state_from_record(self, text: str) -> State:
        """The position of a :meth:`State.record` text of this game (a record of another
        game, or of other options, is a :class:`DealError`)."""
        state = state_from_record(text)
        if state.game != self:
            raise DealError(f"this record is of {state.game!r}, not of {self!r}")
        return state

    def _deal_of(self, seed_or_deal: object) -> Deal:
        if isinstance(seed_or_deal, Deal):
            if seed_or_deal.game != self:
                raise DealError(
                    f"this deal is of {seed_or_deal.game!r}, not of {self!r}: solve it with "
                    "its own game (deal.game.solve(deal))"
                )
            return seed_or_deal
        return self.deal(_check_seed(seed_or_deal))


_INFOS: dict[str, GameInfo] = {}


def _info_of(slug: str) -> GameInfo:
    """The :class:`GameInfo` of a registered slug (with default options)."""
    if not _INFOS:
        _INFOS.update((i.slug, i) for i in games())
    return _INFOS[slug]


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
    slug, _ = _names.resolve(head[0])
    for item in head[1:]:
        if "=" not in item:
            raise OptionError(f"option {item!r} must be written name=value")
        k, v = item.split("=", 1)
        options[k] = _names.parse_option(slug, _info_of(slug).options, k, v)
    g = Game(head[0], **options)
    try:
        rng = int(parts[2], 16)
    except ValueError:
        raise DealError(f"bad stream state {parts[2]!r} (16 hex digits expected)") from None
    d = g.deal_from(parts[1])
    d.rng = _check_seed(rng)
    d.seed = seed
    return d


# --- positions as data ------------------------------------------------------------------
#
# Every game writes its positions as a key (docs/NOTATION.md): segments ``LABEL:BODY``
# separated by spaces, where a place's body is its cards bottom to top, face-down cards in
# lower case. The places below are read from that text, so they serve every game alike.

#: Key segments that are never places: counters, the random stream, pending steps, phases
#: and the like (docs/NOTATION.md and the games' notation pages).
_NOT_PLACES = frozenset(
    {
        *("rng", "pass", "redeals", "next", "queens", "dir", "open", "pending", "phase"),
        *("grace", "circle", "deal", "row6", "used"),
    }
)

#: Kinds of place by label (docs/NOTATION.md): ``F`` and a number is a foundation in every
#: game; ``pack``, ``talon`` and ``hand`` are named so by the notation. Every other place
#: is of the fallback kind ``"tableau"``.
PLACE_KINDS = ("foundation", "pack", "talon", "hand", "tableau")
_NAMED_KINDS = {"pack": "pack", "talon": "talon", "hand": "hand"}
_FOUNDATION = re.compile(r"F\d+")
_CARD_TEXT = re.compile(r"(?:[A23456789TJQK][CDHS]|\.\.)*", re.IGNORECASE)


def place_kind(label: str) -> str:
    """The kind of the place ``label`` (see :class:`Place`)."""
    if label.lower() in _NAMED_KINDS:
        return _NAMED_KINDS[label.lower()]
    if _FOUNDATION.fullmatch(label):
        return "foundation"
    return "tableau"


@dataclass(frozen=True)
class Place:
    """One place of a position: a pile, foundation, cell, pack, talon or hand.

    ``label`` is the key's label (``T3``, ``F1``, ``pack``; a move writes it in lower
    case), ``cards`` its cards bottom to top (the last is the top card), each with
    ``face_up``. ``kind`` is ``"foundation"`` (labels ``F1``, ``F2``, ...), ``"pack"`` (the
    face-down stock), ``"talon"`` (the waste), ``"hand"`` (a one-card hand), or
    ``"tableau"`` for every other place (columns, packets, reserves, one-card cells:
    the game's notation page says what each label is).

    A row of a grid whose cells can empty one by one (THE FOURTEENTH's rows) keeps its
    empty cells in ``gaps``: their positions counted from 0 along the row, cards and gaps
    together; ``cards`` holds the cards in the other positions, in order.
    """

    kind: str
    label: str
    cards: tuple[Card, ...]
    gaps: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        _check_fields(self)
        if not all(isinstance(c, Card) for c in self.cards):
            raise TypeError("Place.cards must be a tuple of patience.Card")
        if list(self.gaps) != sorted(set(self.gaps)) or any(
            not 0 <= g < len(self.cards) + len(self.gaps) for g in self.gaps
        ):
            raise ValueError("Place.gaps must be increasing positions within the row")

    def positions(self) -> list[Card | None]:
        """The row position by position: a card, or None for an empty cell (``gaps``)."""
        cards = iter(self.cards)
        n = len(self.cards) + len(self.gaps)
        return [None if i in self.gaps else next(cards) for i in range(n)]

    @property
    def top(self) -> Card | None:
        """The top card (the last of :attr:`cards`), or None when the place is empty."""
        return self.cards[-1] if self.cards else None

    def __len__(self) -> int:
        return len(self.cards)

    def key_text(self) -> str:
        """The place as the key writes it: ``T2:7sJH`` (``..`` for an empty cell)."""
        return (
            self.label + ":" + "".join(".." if c is None else c.key_text for c in self.positions())
        )

    def as_dict(self) -> dict[str, Any]:
        """``{"kind", "label", "cards": [card dict...]}`` (for JSON)."""
        return {
            "kind": self.kind,
            "label": self.label,
            "cards": [c.as_dict() for c in self.cards],
        }


def _card_of(text: str) -> Card:
    return Card(_RANKS.index(text[0].upper()) + 1, text[1].upper(), text.isupper())


def places_of_key(key: str) -> tuple[Place, ...]:
    """The places a key text writes, in the key's order (see :class:`Place`). A segment
    is a place when its label is not one of the counters and markers of the notation
    (``pass``, ``rng``, ``pending``, ...) and its body is nothing or cards."""
    out = []
    for seg in key.split():
        label, colon, body = seg.partition(":")
        if not colon or not label or label.lower() in _NOT_PLACES:
            continue
        if not _CARD_TEXT.fullmatch(body):
            continue
        pairs = [body[i : i + 2] for i in range(0, len(body), 2)]
        gaps = tuple(i for i, t in enumerate(pairs) if t == "..")
        cards = tuple(_card_of(t) for t in pairs if t != "..")
        out.append(Place(place_kind(label), label, cards, gaps))
    return tuple(out)


def markers_of_key(key: str) -> dict[str, str]:
    """The key's segments that are not places (counters, the stream, pending steps):
    ``{"pass": "1", "rng": "..."}``."""
    out: dict[str, str] = {}
    labels = {p.label for p in places_of_key(key)}
    for seg in key.split():
        label, colon, body = seg.partition(":")
        if colon and label not in labels:
            out[label] = body
    return out


_MOVE_FORM = re.compile(r"([A-Za-z][A-Za-z0-9]*)(?::(\d+))?>([A-Za-z][A-Za-z0-9]*)")


def _by_label(places: Sequence[Place]) -> dict[str, Place]:
    return {p.label.lower(): p for p in places}


def _ident(cards: Sequence[Card]) -> list[tuple[int, str]]:
    return [(c.rank, c.suit) for c in cards]


def _prefix(a: Sequence[Card], b: Sequence[Card]) -> int:
    n = 0
    for x, y in zip(_ident(a), _ident(b)):
        if x != y:
            break
        n += 1
    return n


def _bodies(key: str) -> dict[str, str]:
    """The places of a key text as ``{label in lower case: cards text}``, the places of
    :func:`places_of_key` without reading their cards (only the few a move needs are)."""
    out = {}
    for seg in key.split():
        label, colon, body = seg.partition(":")
        if colon and label and label.lower() not in _NOT_PLACES and _CARD_TEXT.fullmatch(body):
            out[label.lower()] = body
    return out


class _AfterPlace:
    """A place after a move, its cards read from the key's text when asked for."""

    __slots__ = ("body",)

    def __init__(self, body: str) -> None:
        self.body = body

    def __len__(self) -> int:
        return len(self.cards)

    @property
    def cards(self) -> tuple[Card, ...]:
        b = self.body
        pairs = (b[i : i + 2] for i in range(0, len(b), 2))
        return tuple(_card_of(t) for t in pairs if t != "..")


def _column_position(name: str, b: dict[str, Place], a: dict[str, _AfterPlace]) -> str | None:
    """The place a move's text names: the place labelled ``name``, or, where the notation
    numbers a column's positions (``R8P1``, ``R8P2`` for the column ``r8``), the one position
    of that column whose cards the move changed (None when it is not exactly one). A position
    that lost its card and was refilled at once by the same move counts as changed."""
    if name in b:
        return b[name].label
    changed = [
        p.label
        for label, p in b.items()
        if label.startswith(name + "p")
        and label[len(name) + 1 :].isdigit()
        and (label not in a or _ident(a[label].cards) != _ident(p.cards))
    ]
    return changed[0] if len(changed) == 1 else None


def _diff_move(
    text: str, before: Sequence[Place], after_key: str
) -> tuple[str | None, str | None, tuple[Card, ...]]:
    """Source label, destination label and the cards moved, from the move's text, the
    places before it and the key after it (see :attr:`Move.cards`)."""
    b = _by_label(before)
    a = {label: _AfterPlace(body) for label, body in _bodies(after_key).items()}
    m = _MOVE_FORM.fullmatch(text.strip())
    src = dst = None
    count: int | None = None
    named = (
        (_column_position(m.group(1).lower(), b, a), _column_position(m.group(3).lower(), b, a))
        if m
        else (None, None)
    )
    if named[0] is not None and named[1] is not None:
        src, dst = named
        count = int(m.group(2)) if m and m.group(2) else None
    else:
        # A word move: its source and destination are the one place that lost cards and
        # the one that gained cards, if there is exactly one of each.
        lost = [
            p.label for p in before if p.label.lower() in a and len(a[p.label.lower()]) < len(p)
        ]
        gained = [
            p.label for p in before if p.label.lower() in a and len(a[p.label.lower()]) > len(p)
        ]
        if len(lost) == 1 and len(gained) == 1:
            src, dst = lost[0], gained[0]
    if src is None or dst is None:
        return src, dst, ()
    sb, db, da = b[src.lower()].cards, b[dst.lower()].cards, a[dst.lower()].cards
    if count is not None:
        moved = sb[len(sb) - count :] if 0 < count <= len(sb) else ()
    else:
        grown = len(da) - len(db)
        if (
            0 < grown <= len(sb)
            and _prefix(db, da) == len(db)
            and _ident(da[len(db) :]) == _ident(sb[len(sb) - grown :])
        ):
            moved = sb[len(sb) - grown :]
        else:
            moved = sb[_prefix(sb, a[src.lower()].cards) :]
    # Each card as it lies after the move where it is on the destination (a card turned
    # from the pack is face up on the talon), else as it lay before.
    faces = {(c.rank, c.suit): c.face_up for c in da[len(db) :]} if len(da) > len(db) else {}
    return (
        src,
        dst,
        tuple(Card(c.rank, c.suit, faces.get((c.rank, c.suit), c.face_up)) for c in moved),
    )


@dataclass(frozen=True)
class Move:
    """One legal move, named by its text form (``t3>f1``, ``turn``, ``redeal``).

    A move compares equal to its text: ``Move("turn") == "turn"``. A move from
    :meth:`State.moves` also knows its position: :attr:`source`, :attr:`dest`,
    :attr:`cards` and :meth:`describe` come from the places before and after it.
    """

    text: str
    state: State | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        if not isinstance(self.text, str):
            raise TypeError(f"a move's text must be a string, not {type(self.text).__name__}")
        if self.state is not None and not isinstance(self.state, State):
            raise TypeError(
                f"a move's state must be a patience.State, not {type(self.state).__name__}"
            )

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

    def _parts(self) -> tuple[str | None, str | None, tuple[Card, ...]]:
        cached = self.__dict__.get("_parts_cache")
        if cached is None:
            if self.state is None:
                m = _MOVE_FORM.fullmatch(self.text.strip())
                cached = (m.group(1), m.group(3), ()) if m else (None, None, ())
            else:
                key = self.state._next_key(self.text)
                if key is None:  # a text not as moves() writes it (another case)
                    key = self.state.play(self.text).key
                cached = _diff_move(self.text, self.state.places, key)
            object.__setattr__(self, "_parts_cache", cached)
        return cached  # type: ignore[no-any-return]

    @property
    def source(self) -> str | None:
        """The label of the place the move takes cards from (``T4``), or None when the move
        is not from one place to another. Without a :attr:`state`, the label as the text
        writes it (``t4``)."""
        return self._parts()[0]

    @property
    def dest(self) -> str | None:
        """The label of the place the move puts cards on (``T7``), or None."""
        return self._parts()[1]

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards the move takes from :attr:`source`, bottom to top, each face up or
        down as it lies after the move on :attr:`dest` (else as before). Empty when the
        move has no state, or moves no card from one place to another."""
        return self._parts()[2]

    def describe(self, reveal: bool = False) -> str:
        """A readable form naming the cards the move moves, only those a player can see
        before it: ``t4>t7 (8H onto 9S)``, ``talon>f1 (AH to empty F1)``, ``turn (1 card
        from pack)``, ``refill (8C JC from talon to P12)``; the bare text when no card
        moves. ``reveal=True`` names face-down cards too (``turn (4C from pack to
        talon)``), for a line shown after the fact (see :mod:`patience._describe`)."""
        if self.state is None:
            return self.text
        from ._describe import describe

        s, after = self.state, self.state.play(self.text)
        return describe(self.text, s.places, after.places, s.markers, after.markers, reveal)

    def as_dict(self, reveal: bool = False) -> dict[str, Any]:
        """``{"text", "source", "dest", "cards", "hidden", "description"}`` (for JSON).

        As in :meth:`describe`, only cards a player can see before the move are named:
        a card that lay face down at the source (``turn``'s card) is left out of
        ``cards`` and counted in ``hidden``. ``reveal=True`` names them all (for a line
        shown after the fact, such as a solution)."""
        cards = self.cards
        if not reveal and cards and self.state is not None and self.source is not None:
            src = _by_label(self.state.places).get(self.source.lower())
            seen = Counter((c.rank, c.suit) for c in (src.cards if src else ()) if c.face_up)
            shown = []
            for c in cards:
                if seen[(c.rank, c.suit)] > 0:
                    seen[(c.rank, c.suit)] -= 1
                    shown.append(c)
            cards = tuple(shown)
        return {
            "text": self.text,
            "source": self.source,
            "dest": self.dest,
            "cards": [c.as_dict() for c in cards],
            "hidden": len(self.cards) - len(cards),
            "description": self.describe(reveal),
        }


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
        """The legal moves (empty when the game is over), each knowing this position."""
        return [Move(m, self) for m in self._engine.moves()]

    def _next_key(self, text: str) -> str | None:
        """The key after the legal move ``text`` (as :meth:`moves` writes it), or None.
        The first call asks the engine for every move's next key at once and keeps them,
        so that reading :attr:`Move.dest` on each of n moves costs O(n), not O(n**2)."""
        nexts = self.__dict__.get("_nexts")
        if nexts is None:
            nexts = self.__dict__["_nexts"] = {}
            for t, key in self._engine.successors():
                nexts.setdefault(t, key)  # the first of a text, as play() takes it
        return nexts.get(text)  # type: ignore[no-any-return]

    def move(self, text: str) -> Move:
        """The legal move with this text (in any case), knowing this position; raises
        :class:`IllegalMoveError` if there is none."""
        if not isinstance(text, str):
            raise TypeError(f"a move must be given as text, not {type(text).__name__}")
        _, name = self._engine.play_named(text)
        return Move(str(name), self)

    def play(self, move: Move | str) -> State:
        """The position after ``move`` (a :class:`Move` or its text, in any case); raises
        :class:`IllegalMoveError` naming the move if it is not legal here."""
        if isinstance(move, Move):
            move = move.text
        elif not isinstance(move, str):
            raise TypeError(f"a move must be a Move or its text, not {type(move).__name__}")
        engine, name = self._engine.play_named(move)
        return State(self.deal, engine, self.history + (str(name),))

    def play_many(self, moves: str | Iterable[Move | str]) -> State:
        """The position after playing ``moves`` in turn: a list of moves, or one string of
        move texts separated by spaces (a move whose text has a space in it, such as
        ``choose c1``, is read as one move: at each step the longest run of words that is a
        legal move is played). Raises :class:`IllegalMoveError` naming the first move that
        is not legal."""
        s = self
        if isinstance(moves, str):
            words = moves.split()
            i = 0
            while i < len(words):
                legal = {m.lower() for m in s._engine.moves()} if len(words) - i > 1 else set()
                for n in range(min(4, len(words) - i), 0, -1):
                    text = " ".join(words[i : i + n])
                    if n == 1 or text.lower() in legal:
                        s = s.play(text)
                        i += n
                        break
            return s
        if not isinstance(moves, Iterable):
            raise TypeError(
                f"moves must be a string or a list of moves, not {type(moves).__name__}"
            )
        for m in moves:
            s = s.play(m)
        return s

    @property
    def places(self) -> tuple[Place, ...]:
        """Every place of the position as data, in the key's order: piles, foundations,
        cells, pack, talon, hand (see :class:`Place`). Read from :attr:`key`, so it is the
        same for every game."""
        cached = self.__dict__.get("_places")
        if cached is None:
            cached = self.__dict__["_places"] = places_of_key(self.key)
        return cached  # type: ignore[no-any-return]

    def place(self, label: str) -> Place:
        """The place with this label (``"T3"``, ``"t3"``, ``"pack"``: any case); raises
        :class:`PlaceError` naming the label and the position's labels if there is none
        (``label in state.labels`` asks first)."""
        if not isinstance(label, str):
            raise TypeError(f"a place label must be a string, not {type(label).__name__}")
        found = _by_label(self.places).get(label.strip().lower())
        if found is None:
            labels = [p.label for p in self.places]
            raise PlaceError(
                f"{self.game.slug} has no place {label[:40]!r} (its places: {', '.join(labels)})"
            )
        return found

    @property
    def labels(self) -> tuple[str, ...]:
        """The labels of :attr:`places`, in order: ``("T1", ..., "F1", ..., "pack", "talon")``."""
        return tuple(p.label for p in self.places)

    @property
    def markers(self) -> dict[str, str]:
        """The key's segments that are not places: counters (``pass``), the random stream
        (``rng``), pending steps (``pending``), as text."""
        return markers_of_key(self.key)

    @property
    def aside(self) -> tuple[Card, ...]:
        """The cards of the deal that are in no place (cards a game sets aside and never
        writes, such as ornaments of the layout), in the deal's order."""
        left: dict[tuple[int, str], int] = {}
        for p in self.places:
            for c in p.cards:
                left[(c.rank, c.suit)] = left.get((c.rank, c.suit), 0) + 1
        out = []
        for c in self.deal.cards:
            k = (c.rank, c.suit)
            if left.get(k, 0) > 0:
                left[k] -= 1
            else:
                out.append(c)
        return tuple(out)

    def record(self) -> str:
        """A one-line text that :func:`state_from_record` reads back into this very
        position: the deal's :meth:`Deal.text` and the moves played, ``slug [options] |
        cards | stream | move move ...``. (A key holds no history and no deal; it is not
        read back. The record is the text form that round-trips.)"""
        return self.deal.text() + " | " + " ".join(self.history)

    def hint(
        self,
        *,
        max_states: int | None = None,
        timeout: float | None = None,
        max_memory: MemoryLimit = "auto",
        progress: ProgressCallback | None = None,
    ) -> Hint:
        """The next move of a win from here, found by an exhaustive search (limits and
        ``progress`` as in :meth:`solve`). The :class:`Hint`'s verdict is ``"won"`` with
        the first move of a win (``move`` is None when the game is already won),
        ``"lost"`` when no win is reachable (proved: everything was searched), or
        ``"unknown"`` when a limit stopped the search first."""
        sol = self.solve(
            max_states=max_states, timeout=timeout, max_memory=max_memory, progress=progress
        )
        move = Move(sol.moves[0], self) if sol.verdict == "won" and sol.moves else None
        return Hint(sol.verdict, move, sol.stop, sol)

    def as_dict(self) -> dict[str, Any]:
        """The position as plain data (for JSON): game, options, key, record, won, over,
        places, markers, aside and the legal moves."""
        moves = self.moves()
        return {
            "game": self.game.slug,
            "options": dict(self.game.options),
            "key": self.key,
            "record": self.record(),
            "won": self.is_won,
            "over": self.is_won or not moves,
            "places": [p.as_dict() for p in self.places],
            "markers": self.markers,
            "aside": [c.as_dict() for c in self.aside],
            "moves": [m.text for m in moves],
        }

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

    def svg(self, *, size: float | None = None, last_move: Move | str | None = None) -> str:
        """The position drawn as cards in the game's layout (:mod:`patience.layout`, after
        the book's picture), an SVG document; a face-down card shows its back and is not
        named. ``size`` scales the picture to that width in pixels; ``last_move`` (the move
        that led here, a :class:`Move` or its text) highlights the places it changed."""
        from .svg import state_svg

        return state_svg(self, size=size, last_move=last_move)

    def _repr_svg_(self) -> str:
        return self.svg()

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
        progress: ProgressCallback | None = None,
    ) -> Solution:
        """Search every position reachable from here.

        ``max_states`` caps the positions stored (``states <= max_states`` always: the
        search stops before storing one more), ``timeout`` the seconds (``None`` or
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

        ``progress`` is called with a :class:`Progress` (states stored, memory, seconds)
        every half second while the search runs, on the calling thread, so that a notebook
        or a script can show it (``progress=print`` will do); an exception it raises stops
        the search and comes out of ``solve``.
        """
        limits = _limits.solve_limits(max_states, timeout, max_memory, prune)
        return _solve_state(self, limits, _progress_ticker(progress))


def _replay(deal: Deal, history: tuple[str, ...]) -> State:
    s = deal.start()
    for m in history:
        s = s.play(m)
    return s


def state_from_record(text: str) -> State:
    """The position a :meth:`State.record` text stands for: its deal started and its moves
    played again. Raises the errors of :func:`deal_from_text` and
    :class:`IllegalMoveError` for a move that is not legal."""
    if not isinstance(text, str):
        raise TypeError(f"a record must be a string, not {type(text).__name__}")
    parts = text.split("|")
    if len(parts) not in (3, 4):
        raise DealError("a record has four parts separated by '|': game, cards, stream and moves")
    state = deal_from_text("|".join(parts[:3])).start()
    return state.play_many(parts[3]) if len(parts) == 4 else state


@dataclass(frozen=True)
class Hint:
    """The answer of :meth:`State.hint`: ``verdict`` (``"won"``, ``"lost"``, ``"unknown"``),
    ``move`` (the first move of a win, or None), ``stop`` (the limit that stopped an
    ``unknown`` search) and the whole :class:`Solution`."""

    verdict: Verdict
    move: Move | None
    stop: str | None
    solution: Solution

    def __str__(self) -> str:
        if self.verdict == "won":
            return "won already" if self.move is None else f"play {self.move.describe()}"
        if self.verdict == "lost":
            return "lost: no win is reachable from here (every position was searched)"
        return f"unknown: the search stopped ({self.stop}) before finding a win or proving none"

    def as_dict(self) -> dict[str, Any]:
        """``{"verdict", "stop", "move": move dict or None, "states", "nodes", "seconds",
        "peak_bytes"}`` (for JSON)."""
        sol = self.solution
        return {
            "verdict": self.verdict,
            "stop": self.stop,
            "move": None if self.move is None else self.move.as_dict(),
            "states": sol.states,
            "nodes": sol.nodes,
            "seconds": sol.seconds,
            "peak_bytes": sol.peak_bytes,
        }


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


@dataclass(frozen=True)
class Progress:
    """How far a running search is: positions stored, bytes of memory its table and
    stacks use, seconds since it started (see the ``progress`` argument of
    :meth:`State.solve`)."""

    states: int
    memory: int
    seconds: float

    def __str__(self) -> str:
        return f"{self.states:,} states, {format_bytes(self.memory)}, {self.seconds:.1f} s"


ProgressCallback = Callable[[Progress], object]

#: Seconds between two calls of a ``progress`` callback.
PROGRESS_EVERY = 0.5


def format_bytes(n: int) -> str:
    """A number of bytes in readable units: ``512 B``, ``3.4 MiB``, ``5.9 GiB``."""
    for unit, scale in (("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if n >= scale:
            return f"{n / scale:.1f} {unit}"
    return f"{n} B"


def _progress_ticker(progress: ProgressCallback | None) -> Callable[[Any], None] | None:
    """An ``on_tick`` for :func:`_wait` that calls ``progress`` every PROGRESS_EVERY s."""
    if progress is None:
        return None
    if not callable(progress):
        raise TypeError(f"progress must be callable or None, not {type(progress).__name__}")
    due = [PROGRESS_EVERY]

    def tick(job: Any) -> None:
        states, nbytes, seconds = job.progress()
        if seconds >= due[0]:
            due[0] = seconds + PROGRESS_EVERY
            progress(Progress(int(states), int(nbytes), float(seconds)))

    return tick


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

    def steps(self) -> list[Move]:
        """The winning moves as :class:`Move` objects, each knowing its position (so
        ``source``, ``dest``, ``cards`` and ``describe()`` work)."""
        out = []
        s = self.start
        for m in self.moves:
            out.append(Move(m, s))
            s = s.play(m)
        return out

    def as_dict(self) -> dict[str, Any]:
        """Verdict, stop, moves (text, source, destination, cards, description) and the
        statistics, as plain data (for JSON)."""
        return {
            "verdict": self.verdict,
            "stop": self.stop,
            "moves": [m.as_dict(reveal=True) for m in self.steps()],
            "states": self.states,
            "nodes": self.nodes,
            "seconds": self.seconds,
            "peak_bytes": self.peak_bytes,
        }

    def __str__(self) -> str:
        extra = f" ({self.stop})" if self.stop else ""
        moves = f", {plural(len(self.moves), 'move')}" if self.verdict == "won" else ""
        return (
            f"{self.verdict}{extra}{moves}; {self.states:,} states, {self.nodes:,} nodes, "
            f"{self.seconds:.3f} s"
        )


@dataclass(frozen=True)
class SeedResult:
    """One deal's result in :func:`solve_many`. ``seed`` is the deal's seed, or ``None``
    for a deal typed in (see ``index`` for its place in the list)."""

    seed: int | None
    verdict: Verdict
    stop: str | None
    moves: int
    states: int
    nodes: int
    seconds: float
    peak_bytes: int
    index: int = 0

    def __post_init__(self) -> None:
        _check_fields(self)


def _batch_deal(g: Game, item: object, i: int) -> Deal:
    """Item ``i`` of a :func:`solve_many` list as a deal of ``g``: a :class:`Deal`, a deal
    text (:meth:`Deal.text`) or a seed."""
    if isinstance(item, Deal):
        d = item
    elif isinstance(item, str):
        d = deal_from_text(item)
    elif isinstance(item, int) and not isinstance(item, bool):
        return g.deal(item)
    else:
        raise TypeError(
            f"item {i + 1} of the deals: a seed, a patience.Deal or a deal text, "
            f"not {type(item).__name__}"
        )
    if d.game != g:
        raise DealError(
            f"item {i + 1} of the deals is a deal of {d.game!r}, not of {g!r} "
            "(give solve_many the deal's game and options)"
        )
    return d


def solve_many(
    slug: str,
    seeds: Iterable[int | Deal | str],
    *,
    max_states: int | None = None,
    timeout: float | None = None,
    max_memory: MemoryLimit = "auto",
    threads: int | None = None,
    on_result: Callable[[SeedResult], Any] | None = None,
    prune: bool = True,
    **options: bool | int | None,
) -> list[SeedResult]:
    """Solve many deals inside the engine, on ``threads`` threads (default: all cores),
    with the interpreter released. Results come back in the list's order.

    ``seeds`` lists seeds, or explicit deals: :class:`Deal` objects or their one-line
    texts (:meth:`Deal.text`), such as a benchmark set of someone else's deals. Every
    explicit deal must be of this game with these options; all are checked before any
    search starts (a bad one raises :class:`DealError` naming its place in the list).

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
        raise TypeError(f"seeds must be an iterable of seeds or deals, not {type(seeds).__name__}")
    items = list(seeds)
    explicit = any(isinstance(x, (Deal, str)) for x in items)
    if explicit:
        deal_list = [_batch_deal(g, x, i) for i, x in enumerate(items)]
        seed_list: list[int | None] = [d.seed for d in deal_list]
    else:
        seed_ints = [_check_seed(s) for s in items]
        seed_list = list(seed_ints)
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

    def convert(i: int, r: dict[str, Any]) -> SeedResult:
        return SeedResult(
            seed_list[i],
            r["verdict"],
            r["stop"],
            len(r["moves"]),
            r["states"],
            r["nodes"],
            r["seconds"],
            r["peak_bytes"],
            i,
        )

    callback = None
    if on_result is not None:

        def callback(i: int, r: dict[str, Any]) -> None:
            on_result(convert(i, r))

    lim = (limits.max_states, limits.timeout, limits.max_bytes, n_threads, limits.prune)
    if explicit:
        job = g._engine.solve_deals([([str(c) for c in d.cards], d.rng) for d in deal_list], *lim)
    else:
        job = g._engine.solve_seeds(seed_ints, *lim)
    reports = _wait(job, on_report=callback)
    return [convert(i, r) for i, r in enumerate(reports)]


# Ctrl-C must reach searches on every thread: chain the handler as soon as the package is
# imported (from the main thread; else at the first search the main thread waits for).
_install_sigint_handler()
