"""A position drawn in character cells, in the book's shape of its game.

The geometry is :func:`patience.layout.layout`'s, the one the SVG pictures use: each place's
slot box, in table units, is scaled to character cells and the place is drawn inside it as its
fan says. The scale is at most :data:`MAX_SX` columns and :data:`MAX_SY` rows a unit: the
columns so that the layout fills the width (a talon at the right edge may be cut short to give
the others :data:`TIGHT_SX`), the rows the most that fit the height once runs of blank lines
are cut to one. A place may grow into the free cells right of its box and under it (so a
label fits beside its card); where that would overlap a place already drawn it keeps its box.

- ``stack``: the label and the top card (``F1 6S``), the cards under it counted (``+3``);
- ``down`` / ``up``: the label, then the cards a line each, the top card last (lowest, or
  highest for ``up``); ``bone`` the same, leaning left and right of a spine in turn;
- ``across`` / ``cells`` / ``left``: the label and the cards on a line, the top card rightmost
  (leftmost for ``left``, the label then at the right end); an empty cell of a row is ``..``;
- ``ne``, ``se``, ``sw``, ``nw``: the cards a step aside and a line up or down each (a ray).

A card is two cells, rank and suit (``TD`` for the ten of diamonds); a run of face-down cards
is ``#N`` (``##`` for one), never a card's name. When a place holds more than its box shows,
the cards nearest its top are shown and the others counted: ``+7``. Each place takes the
richest of these forms that fits its box (the label goes first when room is short). Cards set
aside (THE WHEEL's cross of aces, THE SHAH) are drawn where the layout puts them, a counted
ring (THE WHEEL's circle) as ``[]`` for each card in it and ``..`` for each still to come.

The board is plain ASCII (``patience.play.render`` adds suit symbols and colour; a card
token keeps its two cells). :func:`board` returns None when the shape cannot be drawn within
the size asked (places would overlap or be cut): the caller then draws the position another
way.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .layout import FAN_STEPS, Layout, Slot, counter_labels, layout

if TYPE_CHECKING:
    from ._api import Card, Place, State

__all__ = ["MAX_SX", "MAX_SY", "TIGHT_SX", "board", "counters"]

#: The most character columns and rows one table unit is drawn in.
MAX_SX, MAX_SY = 10.0, 3.0

#: Columns a unit needs for a label and a card on one line (``C13 9H`` and a space).
TIGHT_SX = 7.5


def card_text(card: Card) -> str:
    """A card's two cells (``9S``), or ``##`` for a face-down card."""
    return str(card) if card.face_up else "##"


def _entries(cards: Sequence[Card | None]) -> list[tuple[str, int]]:
    """A place's cards bottom to top as drawn: each face-up card, a run of face-down ones as
    ``#N`` (``##`` for one), an empty cell as ``..``; with the number of cards each stands for."""
    out: list[tuple[str, int]] = []
    down = 0
    for c in cards:
        if c is not None and not c.face_up:
            down += 1
            continue
        if down:
            out.append(("##" if down == 1 else f"#{down}", down))
            down = 0
        out.append((".." if c is None else str(c), 0 if c is None else 1))
    if down:
        out.append(("##" if down == 1 else f"#{down}", down))
    return out


def counters(state: State) -> list[str]:
    """The counters a person reads (``pass 2``, ``re-deals 1``) and ``won``; never the key's
    bookkeeping markers."""
    out = counter_labels(state.markers)
    return (["won"] if state.is_won else []) + out


@dataclass
class _Box:
    """A slot's cells: left column, top row, columns and rows."""

    x: int
    y: int
    w: int
    h: int


class _Canvas:
    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.rows = [[" "] * width for _ in range(height)]
        self.owner = [[-1] * width for _ in range(height)]
        self.ok = True

    def put(self, x: int, y: int, text: str, who: int) -> None:
        if y < 0 or y >= self.height or x < 0 or x + len(text) > self.width:
            self.ok = False
            return
        for i, ch in enumerate(text):
            o = self.owner[y][x + i]
            if o not in (-1, who):
                self.ok = False
            self.owner[y][x + i] = who
            self.rows[y][x + i] = ch

    def free(self, pieces: list[tuple[int, int, str]]) -> bool:
        """Whether every piece lies on the canvas, on cells no place has drawn on."""
        return all(
            0 <= y < self.height
            and x >= 0
            and x + len(t) <= self.width
            and all(o == -1 for o in self.owner[y][x : x + len(t)])
            for x, y, t in pieces
        )

    def lines(self) -> list[str]:
        out = ["".join(r).rstrip() for r in self.rows]
        while out and not out[-1]:
            out.pop()
        return out


def _path(entries: list[str], box: _Box, dx: int, dy: int) -> list[tuple[int, int, str]] | None:
    """``entries`` laid from the box's corner that the fan spreads away from, each a step
    ``dx`` (a cell apart), ``dy`` (a row) from the last; None if they leave the box."""
    out: list[tuple[int, int, str]] = []
    col = box.x if dx >= 0 else box.x + box.w  # the next entry's left edge (right for dx<0)
    row = box.y if dy >= 0 else box.y + box.h - 1
    for i, e in enumerate(entries):
        if dy != 0 and i:
            row += dy
        if dx > 0:
            x = col
            col += len(e) + 1
        elif dx < 0:
            x = col - len(e)
            col = x - 1
        else:
            x = box.x
        if x < box.x or x + len(e) > box.x + box.w or not box.y <= row < box.y + box.h:
            return None
        out.append((x, row, e))
    return out


def _fan(p: Place, box: _Box, fan: str, label: bool) -> list[tuple[int, int, str]] | None:
    """The richest drawing of a fanned place that fits: all its cards, else the label, a
    count of the cards left out and as many of the top ones as fit (a row with its label
    over it when that shows more than a few cards more); else without the label; else
    None."""
    dx, dy = FAN_STEPS.get(fan, (0, 0))
    if dx == 0 and dy == 0:
        dx = 1
    ents = _entries(p.positions())
    heads = [[p.label], []] if label else [[]]

    def drawn(head: list[str], k: int, over: bool) -> list[tuple[int, int, str]] | None:
        shown = ents[len(ents) - k :]
        left = sum(n for _, n in ents[: len(ents) - k])
        body = [t for t, _ in shown]
        extra = [f"+{left}"] if left else []
        if over:  # the label on a line of its own over the row
            if not (head and dy == 0 and box.h >= 2 and len(head[0]) <= box.w):
                return None
            got = _path(extra + body, _Box(box.x, box.y + 1, box.w, box.h - 1), dx, dy)
            x = box.x if dx >= 0 else box.x + box.w - len(head[0])
            return None if got is None else [(x, box.y, head[0]), *got]
        if fan == "bone":
            return _bone(head, extra, body, box)
        return _path(head + extra + body, box, dx, dy)

    for head in heads:
        if not ents:
            got = _path(head + ["--"], box, dx, dy)
            if got is not None:
                return got
            continue
        best: dict[bool, tuple[int, list[tuple[int, int, str]]]] = {}
        for over in (False, True):
            for k in range(len(ents), 0, -1):
                got = drawn(head, k, over)
                if got is not None:
                    best[over] = (k, got)
                    break
        if False in best and (
            True not in best or best[False][0] >= min(len(ents), 4, best[True][0])
        ):
            return best[False][1]
        if True in best:
            return best[True][1]
    return None


def _bone(
    head: list[str], extra: list[str], body: list[str], box: _Box
) -> list[tuple[int, int, str]] | None:
    """A herring-bone: the cards down a spine, leaning left and right of it in turn."""
    spine = box.x + box.w // 2
    if spine - 4 < box.x or spine + 4 > box.x + box.w:
        return _path(head + extra + body, box, 0, 1)
    lines = len(head) + len(extra) + len(body)
    if lines > box.h:
        return None
    out: list[tuple[int, int, str]] = []
    row = box.y
    for t in head + extra:
        out.append((spine - len(t) // 2, row, t))
        row += 1
    for i, t in enumerate(body):
        if i % 2 == 0:
            out.append((spine - 4, row, f"{t} \\|"))
        else:
            out.append((spine, row, f"|/ {t}"))
        row += 1
    return out


def _stack(p: Place, box: _Box, label: bool) -> list[tuple[int, int, str]] | None:
    """A squared place: the label and top card on a line or two, the others counted."""
    n = len(p.cards)
    if n == 0:
        top, more = "--", ""
    elif p.cards[-1].face_up:
        top, more = str(p.cards[-1]), (f"+{n - 1}" if n > 1 else "")
    else:
        down = sum(1 for c in p.cards if not c.face_up)
        top = "##" if down == 1 else f"#{down}"
        more = f"+{n - down}" if down < n else ""  # face-up cards under face-down (rare)
    lab = p.label
    forms: list[list[str]] = []
    if label:
        forms += [
            [f"{lab} {top}" + (f" {more}" if more else "")],
            [f"{lab} {top}", more] if more else [],
            [lab, f"{top} {more}".strip()],
            [f"{lab} {top}"],
            [lab, top],
        ]
    forms += [[f"{top} {more}".strip()], [top, more] if more else [], [top]]
    for form in forms:
        if form and len(form) <= box.h and all(len(t) <= box.w for t in form):
            return [(box.x, box.y + i, t) for i, t in enumerate(form) if t]
    return None


def _box(s: Slot, sx: float, sy: float, ox: float, oy: float) -> _Box:
    x0, y0 = round((s.x + ox) * sx), round((s.y + oy) * sy)
    x1, y1 = round((s.x + ox + s.w) * sx) - 1, round((s.y + oy + s.h) * sy)
    return _Box(x0, y0, max(1, x1 - x0), max(1, y1 - y0))


def _extended(boxes: list[_Box], fans: list[str], width: int, height: int) -> list[_Box]:
    """Each box grown into the free cells right of it (a squared place or one fanned to the
    right) and under it (a squared place or one fanned down), short of the next box."""
    out = []
    for i, b in enumerate(boxes):
        others = [o for j, o in enumerate(boxes) if j != i]
        w, h = b.w, b.h
        if fans[i] in ("stack", "across", "cells"):
            right = [o.x - 1 for o in others if o.x > b.x and o.y < b.y + b.h and b.y < o.y + o.h]
            w = max(w, min([width, *right]) - b.x)
        if fans[i] in ("stack", "down", "bone"):
            below = [o.y for o in others if o.y > b.y and o.x < b.x + w and b.x < o.x + o.w]
            h = max(h, min([height, *below]) - b.y)
        out.append(_Box(b.x, b.y, w, h))
    return out


def _draw(
    state: State,
    lay: Layout,
    aside: list[Card],
    scale: tuple[float, float],
    size: tuple[int, int],
    extend: bool,
) -> list[str]:
    """The board at ``scale`` (columns and rows a unit) on a canvas of ``size``, blank runs
    cut; empty when a place does not fit or two overlap. ``extend``: each place may grow
    into the free cells round its box."""
    (sx, sy), (width, height) = scale, size
    xs = [s.x for s in lay.slots] + [x for o in lay.ornaments for x, _ in o.points]
    ys = [s.y for s in lay.slots] + [y for o in lay.ornaments for _, y in o.points]
    ox, oy = -min([0.0, *xs]), -min([0.0, *ys])
    canvas = _Canvas(width, height)
    by_label = {p.label: p for p in state.places}
    slots = [s for s in lay.slots if s.label in by_label]
    boxes = [_box(s, sx, sy, ox, oy) for s in slots]
    boxes = [_Box(b.x, b.y, min(b.w, width - b.x), b.h) for b in boxes]
    points = [
        [(round((px + ox) * sx), round((py + oy) * sy)) for px, py in o.points]
        for o in lay.ornaments
    ]
    tries = [boxes]
    if extend:
        marks = [_Box(x, y, 2, 1) for cells in points for x, y in cells]
        fans = [s.fan for s in slots] + ["mark"] * len(marks)
        tries.insert(0, _extended(boxes + marks, fans, width, height)[: len(slots)])
    who = 0
    for who, s in enumerate(slots):
        p = by_label[s.label]
        # The place in its grown box if what it draws there is clear of the places drawn
        # so far, else in its own box.
        for t in tries:
            if s.fan == "stack" or s.fan not in FAN_STEPS:
                got = _stack(p, t[who], True)
            else:
                got = _fan(p, t[who], s.fan, True)
            if got is not None and canvas.free(got):
                break
        else:
            return []
        for x, y, text in got:
            canvas.put(x, y, text, who)
    ring_holds_rest = any(o.kind == "ring" for o in lay.ornaments)
    for o, cells in zip(lay.ornaments, points):
        who += 1
        if o.kind == "ring":
            try:
                filled = int(state.markers.get(o.counter, "0"))
            except ValueError:
                filled = 0
            for i, (x, y) in enumerate(cells):
                canvas.put(x, y, "[]" if i < filled else "..", who)
        elif o.kind == "aside":
            for i, (x, y) in enumerate(cells):
                if i >= len(aside):
                    break
                # The last point holds the rest, squared up (THE SHAH's kings), unless a
                # ring counts them (THE WHEEL's circle holds the cards after the cross).
                last = i == len(cells) - 1 and not ring_holds_rest
                card = aside[-1] if last else aside[i]
                canvas.put(x, y, card_text(card), who)
            if o.caption and cells and aside:
                x, y = cells[0]
                cap = o.caption[: width - x]
                if y >= 1 and all(canvas.owner[y - 1][c] == -1 for c in range(x, x + len(cap))):
                    canvas.put(x, y - 1, cap, who)
        if not canvas.ok:
            break
    return _compact(canvas.lines()) if canvas.ok else []


def _set_aside(state: State) -> list[Card]:
    """The cards the deal set aside that are still aside (THE WHEEL's aces, not the cards
    its packets took out of play since), in the deal's order."""
    first: dict[tuple[int, str], int] = {}
    for c in state.deal.start().aside:
        first[c.rank, c.suit] = first.get((c.rank, c.suit), 0) + 1
    out = []
    for c in state.aside:
        if first.get((c.rank, c.suit), 0) > 0:
            first[c.rank, c.suit] -= 1
            out.append(c)
    return out


def _compact(lines: list[str]) -> list[str]:
    """Runs of blank lines cut to one (the shape keeps its order, the board its room)."""
    out: list[str] = []
    for ln in lines:
        if ln or (out and out[-1]):
            out.append(ln)
    return out


def board(state: State, width: int = 80, height: int = 16) -> list[str] | None:
    """The position drawn in the shape of its game, in at most ``width`` columns and
    ``height`` lines (plain ASCII), or None when the shape does not fit."""
    lay = layout(state.game.slug, [p.label for p in state.places])
    xs = [s.x for s in lay.slots] + [x for o in lay.ornaments for x, _ in o.points]
    ys = [s.y for s in lay.slots] + [y for o in lay.ornaments for _, y in o.points]
    lw = lay.width - min([0.0, *xs])
    lh = lay.height - min([0.0, *ys])
    sx = min(MAX_SX, (width + 1) / lw)
    if sx < TIGHT_SX:
        # A row fanned out to the right edge (a talon) may be cut short (its cards are
        # counted) to give the other places the room of a label and a card.
        ends = [s.x + (min(s.w, 1.2) if s.fan in ("across", "cells") else s.w) for s in lay.slots]
        ends += [x + 1 for o in lay.ornaments for x, _ in o.points]
        sx = max(sx, min(TIGHT_SX, (width + 1) / (max(ends) - min([0.0, *xs]))))
    aside = _set_aside(state) if lay.ornaments else []
    # The most rows a unit that still fits once blank runs are cut, from the most down to a
    # row a unit: the places in boxes grown into the free cells round them first (labels
    # fit better), then in their own boxes.
    for extend in (True, False):
        sy = MAX_SY
        while sy >= 1.0:
            rows = min(round(lh * sy) + 2, 4 * height)
            lines = _draw(state, lay, aside, (sx, sy), (width, rows), extend)
            if lines and len(lines) <= height:
                return lines
            sy = min(sy - 0.05, sy * 0.96)
    return None
