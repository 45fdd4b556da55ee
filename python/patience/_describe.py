"""Move descriptions: which cards a move moves, named only where a player could see them.

A description is worked out from the places before and after the move (the key's places,
:class:`patience.Place`), never from a game's own code, so it is the same for every game:

- every card that changes place is paired with where it went (:func:`transfers`); a card
  that leaves the places (a pair discarded, a card set aside) goes nowhere (``dest`` None),
  a card that enters them from outside (a choice shown in a marker) comes from nowhere;
- a card face down before the move (the pack, a face-down card in a pile) is **hidden**: it
  is never named, and neither is where it went (a turned card that an automatic step plays
  to a foundation would otherwise tell what it is). Only its count and source are given:
  ``turn (1 card from pack)``;
- a visible card is named with its source and destination: ``t4>t7 (8H onto 9S)``,
  ``refill (8C JC from talon to P12)``, ``p1+p2 (7H from P1, 9H from P2 removed)``;
- a place whose cards only change order names the cards that changed place in it;
- many cards at once (a re-deal of the piles) are counted, not named:
  ``redeal (34 cards from P1-P18 to P1-P12)``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ._api import Card, Place

__all__ = ["Transfer", "describe", "reordered", "transfers", "with_gapped"]

#: At most this many visible cards are named one by one; more are counted.
MAX_NAMED = 6
#: At most this many groups (destinations) are written one by one.
MAX_GROUPS = 4

_MOVE_FORM = re.compile(r"([A-Za-z][A-Za-z0-9]*)(?::(\d+))?>([A-Za-z][A-Za-z0-9]*)")
_LABEL_NUM = re.compile(r"(.*?)(\d+)")


@dataclass(frozen=True)
class Transfer:
    """One card that changed place: ``src`` and ``dest`` labels (None: from or to outside
    the places), the card as it lay before (``face_up`` as before the move)."""

    card: Card
    src: str | None
    dest: str | None
    #: How the card lies on ``dest`` after the move (False when it left the places).
    up_after: bool = False

    @property
    def hidden(self) -> bool:
        """True when the player could not see the card before the move."""
        return not self.card.face_up


def _ident(c: Card) -> tuple[int, str]:
    return (c.rank, c.suit)


def _surplus(have: Sequence[Card], other: Sequence[Card]) -> list[Card]:
    """The cards of ``have`` beyond the multiset ``other``, taken from the top down, in
    ``have``'s order (bottom to top)."""
    left: dict[tuple[int, str], int] = {}
    for c in other:
        left[_ident(c)] = left.get(_ident(c), 0) + 1
    keep = [False] * len(have)
    # Cards still present are those lowest in the pile: match from the bottom.
    for i, c in enumerate(have):
        if left.get(_ident(c), 0) > 0:
            left[_ident(c)] -= 1
            keep[i] = True
    return [c for c, k in zip(have, keep) if not k]


def _marker_cards(markers: Mapping[str, str]) -> dict[tuple[int, str], int]:
    """Face-up cards written in the markers (a choice on show), by identity."""
    out: dict[tuple[int, str], int] = {}
    for body in markers.values():
        for m in re.finditer(r"(?<![A-Za-z0-9])((?:[A2-9TJQK][CDHS])+)(?![A-Za-z0-9])", body):
            s = m.group(1)
            for i in range(0, len(s), 2):
                k = ("A23456789TJQK".index(s[i]) + 1, s[i + 1])
                out[k] = out.get(k, 0) + 1
    return out


def transfers(
    before: Sequence[Place],
    after: Sequence[Place],
    markers: Mapping[str, str] | None = None,
) -> list[Transfer]:
    """Every card that changed place between ``before`` and ``after``, paired with its
    source and destination (in the order of the places before, each place bottom to top).

    Copies of one card (games of two packs) are paired in place order, which may pair them
    crosswise; the cards named and the places named stay the same."""
    b = {p.label: p.cards for p in before}
    a = {p.label: p.cards for p in after}
    lost: list[tuple[Card, str]] = []
    gained: dict[tuple[int, str], list[tuple[str, bool]]] = {}
    for p in before:
        lost += [(c, p.label) for c in _surplus(p.cards, a.get(p.label, ()))]
    for p in after:
        for c in _surplus(p.cards, b.get(p.label, ())):
            gained.setdefault(_ident(c), []).append((p.label, c.face_up))
    out = []
    for c, src in lost:
        dests = gained.get(_ident(c))
        dest, up = dests.pop(0) if dests else (None, False)
        out.append(Transfer(c, src, dest, up))
    shown = _marker_cards(markers or {})
    for p in after:
        for c in _surplus(p.cards, b.get(p.label, ())):
            dests = gained.get(_ident(c))
            if dests and (p.label, c.face_up) in dests:
                dests.remove((p.label, c.face_up))
                up = shown.get(_ident(c), 0) > 0
                if up:
                    shown[_ident(c)] -= 1
                out.append(Transfer(Card(c.rank, c.suit, up), None, p.label, c.face_up))
    return out


def reordered(before: Sequence[Place], after: Sequence[Place]) -> dict[str, list[Card]]:
    """Places that hold the same cards in a new order: the cards (as before) whose position
    in the place changed."""
    a = {p.label: p.cards for p in after}
    out = {}
    for p in before:
        q = a.get(p.label)
        if q is None or len(q) != len(p.cards):
            continue
        if sorted(map(_ident, p.cards)) != sorted(map(_ident, q)):
            continue
        moved = [c for c, d in zip(p.cards, q) if _ident(c) != _ident(d)]
        if moved:
            out[p.label] = moved
    return out


def _labels(labels: Sequence[str], order: Sequence[str]) -> str:
    """The labels in the places' order, each run of consecutive numbers of one stem written
    ``P1-P18``: ``pack, P1-P7, F2``."""
    rank = {x: i for i, x in enumerate(order)}
    uniq = sorted(set(labels), key=lambda x: (rank.get(x, len(rank)), x))
    runs: list[list[tuple[str, int | None, str]]] = []
    for x in uniq:
        m = _LABEL_NUM.fullmatch(x)
        stem, num = (m.group(1), int(m.group(2))) if m else (x, None)
        last = runs[-1][-1] if runs else None
        if last and num is not None and last[0] == stem and last[1] == num - 1:
            runs[-1].append((stem, num, x))
            continue
        runs.append([(stem, num, x)])
    return ", ".join(
        r[0][2]
        if len(r) == 1
        else (f"{r[0][2]}, {r[1][2]}" if len(r) == 2 else f"{r[0][2]}-{r[-1][2]}")
        for r in runs
    )


def _count(n: int) -> str:
    return f"{n} card" + ("" if n == 1 else "s")


def _names(cards: Sequence[Card]) -> str:
    return " ".join(map(str, cards))


def _group_text(items: list[Transfer], dest: str | None) -> str:
    srcs = list(dict.fromkeys(t.src for t in items))
    if len(srcs) == 1:
        what = _names([t.card for t in items])
        where = f" from {srcs[0]}" if srcs[0] is not None else ""
        text = what + where
    else:
        text = ", ".join(
            _names([t.card for t in items if t.src == s]) + (f" from {s}" if s else "")
            for s in srcs
        )
    return text + (f" to {dest}" if dest is not None else " removed")


_GAPPED = re.compile(r"(?:[A2-9TJQK][CDHS]|\.\.)*\.\.(?:[A2-9TJQK][CDHS]|\.\.)*", re.I)


def with_gapped(places: Sequence[Place], markers: Mapping[str, str] | None) -> list[Place]:
    """``places`` and the rows a key writes with gaps (``R3:7H....KC2D``, ``..`` for an
    empty cell): such a segment is not a :class:`Place`, but its cards are in play."""
    out = list(places)
    for label, body in (markers or {}).items():
        if _GAPPED.fullmatch(body):
            cards = [
                Card(
                    "A23456789TJQK".index(body[i].upper()) + 1,
                    body[i + 1].upper(),
                    body[i + 1].isupper(),
                )
                for i in range(0, len(body), 2)
                if body[i] != "."
            ]
            out.append(Place("tableau", label, tuple(cards)))
    return out


def _replaced(text: str, before: Sequence[Place], moves: list[Transfer]) -> list[Transfer]:
    """``moves`` corrected for a card replaced by its twin (two packs): when ``a>b`` takes
    X from a and a is refilled with another X, a's cards look unchanged and the diff sees
    the refill's X go to b. The move's text says a's X went to b, and the other X to a."""
    m = _MOVE_FORM.fullmatch(text.strip())
    if not m:
        return moves
    by_label = {p.label.lower(): p for p in before}
    src, dst = by_label.get(m.group(1).lower()), by_label.get(m.group(3).lower())
    if src is None or dst is None or src.top is None or not src.top.face_up:
        return moves
    if any(t.src == src.label for t in moves):
        return moves
    twin = [t for t in moves if t.dest == dst.label and _ident(t.card) == _ident(src.top)]
    if not twin:
        return moves
    t = twin[0]
    i = moves.index(t)
    return [
        *moves[:i],
        Transfer(src.top, src.label, dst.label),
        *moves[i + 1 :],
        Transfer(t.card, t.src, src.label),
    ]


def describe(
    text: str,
    before: Sequence[Place],
    after: Sequence[Place],
    markers: Mapping[str, str] | None = None,
    after_markers: Mapping[str, str] | None = None,
    reveal: bool | str = False,
) -> str:
    """The move ``text`` with what it does in brackets, naming only cards visible before
    it (see the module's documentation); the bare text when no card changes place.
    ``markers`` and ``after_markers`` are the key's other segments before and after.
    ``reveal`` names every card, hidden or not (for a line shown after it was played);
    ``reveal="after"`` names the hidden cards that lie face up after the move (for the
    message after playing it)."""
    before = with_gapped(before, markers)
    after = with_gapped(after, after_markers)
    moves = _replaced(text, before, transfers(before, after, markers))
    if reveal:
        moves = [
            Transfer(Card(t.card.rank, t.card.suit, t.card.face_up or show), t.src, t.dest)
            for t in moves
            for show in [reveal is True or t.up_after]
        ]
    hidden = [t for t in moves if t.hidden]
    shown = [t for t in moves if not t.hidden]
    parts: list[str] = []
    by_label = {p.label.lower(): p for p in before}
    if len(shown) > MAX_NAMED or len({t.dest for t in shown}) > MAX_GROUPS:
        order = [p.label for p in before]
        srcs = _labels([t.src for t in shown if t.src is not None], order)
        dsts = _labels([t.dest for t in shown if t.dest is not None], order)
        what = _count(len(shown)) + (f" from {srcs}" if srcs else "")
        parts.append(what + (f" to {dsts}" if dsts else " removed"))
        shown = []
    m = _MOVE_FORM.fullmatch(text.strip())
    if m and shown:
        # The move's own pair of places (``t4>t7``; a label may stand for a place of the
        # key with a longer name, as ``c7`` for ``C7P1``), else its one pair if only one.
        pairs = list(dict.fromkeys((t.src, t.dest) for t in shown))
        named = (by_label.get(m.group(1).lower()), by_label.get(m.group(3).lower()))
        if named[0] is not None and named[1] is not None:
            pair = (named[0].label, named[1].label)
        else:
            pair = pairs[0] if len(pairs) == 1 else (None, None)
        main = [t for t in shown if (t.src, t.dest) == pair]
        dst = by_label.get((pair[1] or "").lower())
        if main and dst is not None:
            what = _names([t.card for t in main])
            top = dst.top
            if top is None:
                parts.append(f"{what} to empty {dst.label}")
            elif top.face_up:
                parts.append(f"{what} onto {top}")
            else:
                parts.append(f"{what} to {dst.label}")
            shown = [t for t in shown if t not in main]
    dests: dict[str | None, list[Transfer]] = {}
    for t in shown:
        dests.setdefault(t.dest, []).append(t)
    parts += [_group_text(items, d) for d, items in dests.items()]
    srcs: dict[str | None, int] = {}
    for t in hidden:
        srcs[t.src] = srcs.get(t.src, 0) + 1
    parts += [_count(n) + (f" from {s}" if s else "") for s, n in srcs.items()]
    for label, cards in reordered(before, after).items():
        named = _names(cards) if all(c.face_up for c in cards) else _count(len(cards))
        parts.append(f"{named} change order in {label}")
    # A choice made for a foundation (herring-bone's ``up`` for the pending F1).
    pending = by_label.get((markers or {}).get("pending", "").lower())
    if pending is not None and pending.kind == "foundation" and not m:
        parts.insert(0, f"for {pending.label}")
    if not parts:
        return text
    return f"{text} ({'; '.join(parts)})"
