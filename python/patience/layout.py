"""Where each place of a game lies on the table, following the book's picture of the game.

One description per game, drawn by any picture of a position: :mod:`patience.svg` scales it to
pixels, a text screen can scale it to character cells. Nothing here knows about SVG.

A :class:`Layout` is a set of :class:`Slot` boxes in table units: ``x`` counts card widths
(one card and the gap beside it) from the left, ``y`` card heights (one card, its label and
the gap under it) from the top. A slot's box is ``w`` by ``h`` units, of which the last
:data:`GAP_X` of the width and :data:`GAP_Y` of the height are the gap to the next place: the
rest, :meth:`Slot.content`, is where the place is drawn, and the contents of distinct places
never overlap. ``fan`` says how a place's cards lie in its box:

- ``"stack"``: squared up, the top card showing (a count tells how many);
- ``"down"``: fanned downwards, every card's top edge showing, the top card last and whole;
- ``"across"``: fanned to the right, the top card rightmost (a talon, a row of the table);
- ``"cells"``: side by side as room allows, the top card rightmost (a row of a grid that
  the key writes as one place);
- ``"left"``: fanned to the left, the top card leftmost (an outer card on the left);
- ``"up"``: fanned upwards, the top card topmost (a ray going up);
- ``"ne"``, ``"se"``, ``"sw"``, ``"nw"``: fanned slantwise outwards (a ray of a star);
- ``"bone"``: fanned downwards, leaning left and right in turn (a herring-bone).

A layout may also hold :class:`Ornament` shapes that are no place: the cards a game sets
aside (THE WHEEL's cross of aces, THE SULTAN's king) or a counted heap drawn as a ring (THE
WHEEL's circle). :data:`COUNTERS` names the key's counters a person reads (``pass``,
``redeals``, ...); every other marker (the random stream, pending steps, direction flags) is
the engine's bookkeeping and is never shown.

Labels the description does not place (a game's variable places, a new game) are laid out
after it in rows, so every place is always drawn.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

__all__ = [
    *("COUNTERS", "FANS", "FAN_STEPS", "GAP_X", "GAP_Y", "Layout", "Ornament", "Slot"),
    *("counter_labels", "layout"),
]

#: The share of a unit left as a gap right of a place and under it.
GAP_X, GAP_Y = 0.2, 0.12

FANS = ("stack", "down", "across", "cells", "left", "up", "ne", "se", "sw", "nw", "bone")

#: The way each fan but ``stack`` spreads its cards, one step at a time, as (right, down)
#: (``bone`` leans left and right in turn as it goes down).
FAN_STEPS: dict[str, tuple[int, int]] = {
    "down": (0, 1),
    "bone": (0, 1),
    "up": (0, -1),
    "across": (1, 0),
    "cells": (1, 0),
    "left": (-1, 0),
    "ne": (1, -1),
    "se": (1, 1),
    "sw": (-1, 1),
    "nw": (-1, -1),
}

#: Key counters shown to a person, with the words they are shown under.
COUNTERS: dict[str, str] = {
    "pass": "pass",
    "redeals": "re-deals",
    "deal": "deal",
    "circle": "circle",
    "grace": "graces used",
    "queens": "queens out",
    "next": "next packet",
}


@dataclass(frozen=True)
class Slot:
    """The box of one place, in table units (see the module's text)."""

    label: str
    x: float
    y: float
    w: float = 1.0
    h: float = 1.0
    fan: str = "stack"

    def __post_init__(self) -> None:
        # Four decimals, so that boxes laid edge to edge meet exactly.
        for name in ("x", "y", "w", "h"):
            object.__setattr__(self, name, round(float(getattr(self, name)), 4))

    def content(self) -> tuple[float, float, float, float]:
        """Left, top, right and bottom of where the place is drawn (its box less the gap)."""
        return (self.x, self.y, self.x + self.w - GAP_X, self.y + self.h - GAP_Y)


@dataclass(frozen=True)
class Ornament:
    """A shape that is no place. ``kind`` is ``"aside"`` (the deal's cards set aside, drawn
    at ``points`` in turn) or ``"ring"`` (a heap counted by the key's counter ``counter``,
    drawn as card outlines at ``points``, so many filled as the counter says); ``caption``
    is written over the first point."""

    kind: str
    points: tuple[tuple[float, float], ...]
    counter: str = ""
    caption: str = ""


@dataclass(frozen=True)
class Layout:
    """The slots of every place of a position, and the ornaments."""

    slots: tuple[Slot, ...]
    ornaments: tuple[Ornament, ...] = ()

    @property
    def width(self) -> float:
        xs = [s.x + s.w for s in self.slots] + [x + 1 for o in self.ornaments for x, _ in o.points]
        return max(xs, default=1.0)

    @property
    def height(self) -> float:
        ys = [s.y + s.h for s in self.slots] + [y + 1 for o in self.ornaments for _, y in o.points]
        return max(ys, default=1.0)

    def slot(self, label: str) -> Slot | None:
        for s in self.slots:
            if s.label == label:
                return s
        return None


# --- shapes ------------------------------------------------------------------------------


def row(
    labels: Sequence[str], x: float, y: float, w: float = 1, h: float = 1, fan: str = "stack"
) -> list[Slot]:
    """Places side by side, left to right."""
    return [Slot(lb, x + i * w, y, w, h, fan) for i, lb in enumerate(labels)]


def column(
    labels: Sequence[str], x: float, y: float, w: float = 1, h: float = 1, fan: str = "stack"
) -> list[Slot]:
    """Places one under another, top to bottom."""
    return [Slot(lb, x, y + i * h, w, h, fan) for i, lb in enumerate(labels)]


def grid(
    labels: Sequence[str], per_row: int, x: float, y: float, w: float = 1, h: float = 1, **kw: str
) -> list[Slot]:
    """Places row by row, ``per_row`` to a row."""
    out: list[Slot] = []
    for i in range(0, len(labels), per_row):
        out += row(labels[i : i + per_row], x, y + (i // per_row) * h, w, h, **kw)
    return out


def ring_points(
    n: int, cx: float, cy: float, rx: float, ry: float, start: float = -90.0
) -> list[tuple[float, float]]:
    """Top-left corners of ``n`` one-unit boxes centred on an ellipse, clockwise from the
    angle ``start`` (degrees; -90 is the top)."""
    out = []
    for i in range(n):
        a = math.radians(start + 360.0 * i / n)
        out.append((cx + rx * math.cos(a) - 0.5, cy + ry * math.sin(a) - 0.5))
    return out


def ring(
    labels: Sequence[str], cx: float, cy: float, rx: float, ry: float, start: float = -90.0
) -> list[Slot]:
    """Places on a circle (a dial), clockwise from ``start``."""
    return [
        Slot(lb, x, y)
        for lb, (x, y) in zip(labels, ring_points(len(labels), cx, cy, rx, ry, start))
    ]


def _n(prefix: str, a: int, b: int) -> list[str]:
    return [f"{prefix}{i}" for i in range(a, b + 1)]


def _numbered(labels: Sequence[str], prefix: str) -> list[str]:
    """The labels ``prefix`` + number present, in numeric order."""
    pat = re.compile(re.escape(prefix) + r"(\d+)")
    found = [(int(m.group(1)), lb) for lb in labels if (m := pat.fullmatch(lb))]
    return [lb for _, lb in sorted(found)]


def _stock(x: float, y: float, *names: str) -> list[Slot]:
    """The pack squared, then the talon fanned across, then the others squared."""
    out = [Slot("pack", x, y)]
    x += 1
    for name in names:
        if name == "talon":
            out.append(Slot("talon", x, y, 2.5, 1, "across"))
            x += 2.5
        else:
            out.append(Slot(name, x, y))
            x += 1
    return out


# --- the games ---------------------------------------------------------------------------

Maker = Callable[[Sequence[str]], list[Slot | Ornament]]


def _klondike(_: Sequence[str]) -> list[Slot | Ornament]:
    return [
        *_stock(0, 0, "talon"),
        *row(_n("F", 1, 4), 3.5, 0),
        *row(_n("T", 1, 7), 0, 1, 1, 4.5, "down"),
    ]


def _napoleons_square(_: Sequence[str]) -> list[Slot | Ornament]:
    return [
        *row(_n("P", 1, 4), 1.3, 0, 1.8, 1, "across"),
        *column(_n("P", 5, 8), 0, 1, 1.8, 1, "across"),
        *grid(_n("F", 1, 8), 4, 2.6, 1.5),
        *column(_n("P", 9, 12), 7.3, 1, 1.8, 1, "across"),
        *_stock(3.1, 5, "talon"),
    ]


def _great_thirteen(_: Sequence[str]) -> list[Slot | Ornament]:
    return [
        *row(_n("B", 1, 8), 0, 0),
        *row(_n("N", 1, 8), 0, 1),
        *row(_n("G", 1, 8), 0, 2, 1, 3.5, "down"),
    ]


def _herring_bone(_: Sequence[str]) -> list[Slot | Ornament]:
    return [
        *column(_n("S", 1, 4), 0, 0),
        *column(_n("B", 1, 4), 1.2, 0),
        Slot("HB", 2.4, 0, 1.6, 4, "bone"),
        *column(_n("S", 5, 8), 4.2, 0),
        *grid(_n("F", 1, 8), 2, 5.5, 0),
        *_stock(1, 4.2, "talon"),
    ]


def _queens(_: Sequence[str]) -> list[Slot | Ornament]:
    return [
        Slot("key", 0, 0),
        *row(_n("S", 1, 4), 1.5, 0),
        *row(_n("S", 5, 7), 2.0, 1),
        *row(_n("F", 1, 8), 0, 2),
        *_stock(5.5, 0, "talon"),
    ]


def _constitution(_: Sequence[str]) -> list[Slot | Ornament]:
    rows = [s for r in range(1, 5) for s in row([f"R{r}C{c}" for c in range(1, 9)], 0, r)]
    return [*row(_n("F", 1, 8), 0, 0), *rows, *_stock(2.5, 5, "talon")]


def _zodiac(_: Sequence[str]) -> list[Slot | Ornament]:
    cx, cy = 6.5, 4.5
    return [
        *ring(_n("Z", 1, 24), cx, cy, 6.0, 4.0),
        *row(_n("F", 1, 4), cx - 2, cy - 1.7),
        *row(_n("E", 1, 8), cx - 4, cy - 0.5),
        *row(_n("F", 5, 8), cx - 2, cy + 0.7),
        *_stock(cx - 1.75, cy + 5.2, "talon"),
    ]


def _kings(_: Sequence[str]) -> list[Slot | Ornament]:
    out: list[Slot | Ornament] = []
    for r in range(1, 5):
        out += [
            Slot(f"Left{r}", 0, r - 1, 4, 1, "left"),
            Slot(f"F{2 * r - 1}", 4.2, r - 1),
            Slot(f"F{2 * r}", 5.4, r - 1),
            Slot(f"Right{r}", 6.6, r - 1, 4, 1, "across"),
        ]
    return out


def _square(_: Sequence[str]) -> list[Slot | Ornament]:
    return [
        Slot("F1", 0, 0),
        Slot("F2", 5.4, 0),
        *grid(_n("S", 1, 16), 4, 1.2, 0.5),
        Slot("F3", 0, 4),
        Slot("F4", 5.4, 4),
        *_stock(1.5, 4.7, "talon"),
    ]


def _fish_bone(_: Sequence[str]) -> list[Slot | Ornament]:
    out: list[Slot | Ornament] = []
    for i in range(1, 9):
        out += [
            Slot(f"KS{i}", 0, i - 1),
            Slot(f"F{i}", 1.1, i - 1, 3, 1, "across"),
            Slot(f"QS{i}", 4.2, i - 1),
        ]
    return [*out, *grid(_n("G", 1, 6), 2, 5.7, 0, 1.5, 1, fan="across"), *_stock(5.7, 4, "talon")]


def _sedgewick(_: Sequence[str]) -> list[Slot | Ornament]:
    return [
        Slot("F1", 0, 0),
        Slot("X1", 1.5, 0),
        Slot("F2", 3, 0),
        Slot("X2", 0.5, 1),
        Slot("X3", 1.5, 1),
        Slot("X4", 2.5, 1),
        Slot("F3", 0, 2),
        Slot("X5", 1.5, 2),
        Slot("F4", 3, 2),
        *_stock(4.5, 1, "talon"),
    ]


def _foundations_over(
    piles: Sequence[str], n_found: int, h: float, *extra: str
) -> Callable[[Sequence[str]], list[Slot | Ornament]]:
    """Foundations in a row, the piles fanned down under them, pack and talon below."""

    def make(_: Sequence[str]) -> list[Slot | Ornament]:
        return [
            *row(_n("F", 1, n_found), 0, 0),
            *row(piles, 0, 1, 1, h, "down"),
            *_stock(0, 1 + h, *extra),
        ]

    return make


def _light_and_shade(_: Sequence[str]) -> list[Slot | Ornament]:
    return [
        *row(_n("F", 1, 8), 0, 0),
        *row(_n("A", 1, 4), 0, 1, 1, 2.5, "down"),
        *row(_n("R", 1, 4), 4.3, 1),
        *_stock(4.3, 2.2, "talon"),
    ]


def _mount_olympus(_: Sequence[str]) -> list[Slot | Ornament]:
    left = [Slot(f"F{i + 1}", i, 3.5 - 0.5 * i) for i in range(8)]
    right = [Slot(f"F{i + 9}", 8 + i, 0.5 * i) for i in range(8)]
    battery = [
        Slot("B1", 7.5, 1.3),
        *row(_n("B", 2, 4), 6.5, 2.3),
        *row(_n("B", 5, 9), 5.5, 3.3),
    ]
    return [*left, *right, *battery, *_stock(6.25, 4.5, "talon")]


def _terrace(_: Sequence[str]) -> list[Slot | Ornament]:
    return [
        Slot("T", 0, 0, 9, 1, "across"),
        *row(_n("F", 1, 8), 0.5, 1),
        *row(_n("V", 1, 9), 0, 2, 1, 2.5, "down"),
        *_stock(0, 4.5, "talon"),
        Ornament("aside", ((4.5, 4.5), (5.5, 4.5), (6.5, 4.5)), caption="to choose"),
    ]


def _olga(_: Sequence[str]) -> list[Slot | Ornament]:
    return [
        *grid(_n("F", 1, 16), 8, 0, 0),
        *row(_n("T", 1, 7), 0, 2, 1, 3.5, "down"),
        *_stock(0, 5.5, "talon"),
    ]


def _sultan(_: Sequence[str]) -> list[Slot | Ornament]:
    around = [(0, 0), (1, 0), (2, 0), (0, 1), (2, 1), (0, 2), (1, 2), (2, 2)]
    order = ["F3", "F1", "F5", "F4", "F6", "F7", "F2", "F8"]
    return [
        *column(_n("D", 1, 4), 0, 0),
        *[Slot(lb, 1.5 + x, 0.5 + y) for lb, (x, y) in zip(order, around)],
        Ornament("aside", ((2.5, 1.5),), caption="Sultan"),
        *column(_n("D", 5, 8), 5, 0),
        *_stock(1.5, 4.1, "talon"),
    ]


def _babette(_: Sequence[str]) -> list[Slot | Ornament]:
    return [
        *row(_n("F", 1, 4), 0, 0),
        Slot("pack", 4, 0),
        *row(_n("F", 5, 8), 5, 0),
        *row(_n("C", 1, 8), 0.5, 1, 1, 4, "down"),
    ]


def _margarethe(_: Sequence[str]) -> list[Slot | Ornament]:
    return [
        *grid(_n("F", 1, 12), 4, 0, 0),
        *_stock(4.5, 0, "talon", "hand"),
        Slot("AP", 4.5, 1.2),
        *row(_n("X", 1, 9), 0, 3.2),
    ]


def _two_rings(_: Sequence[str]) -> list[Slot | Ornament]:
    return [
        *ring(_n("F", 1, 8), 2.9, 2.0, 2.4, 1.5),
        *ring(_n("F", 9, 16), 8.9, 2.0, 2.4, 1.5),
        *row(_n("B", 1, 8), 1.9, 4.3),
        *_stock(3.5, 5.5, "talon"),
    ]


def _salic(hand: bool) -> Maker:
    def make(_: Sequence[str]) -> list[Slot | Ornament]:
        out: list[Slot | Ornament] = [
            *row(_n("F", 1, 8), 0, 0),
            Slot("pack", 8.3, 0),
            *row(_n("K", 1, 8), 0, 1, 1, 4.5, "down"),
        ]
        if hand:
            out.append(Slot("hand", 8.3, 1))
        else:
            out.append(Slot("Q", 0, 5.5, 4, 1, "across"))
        return out

    return make


def _four_corners(_: Sequence[str]) -> list[Slot | Ornament]:
    return [
        *column(_n("P", 1, 6), 0, 0),
        *column(_n("F", 1, 4), 1.3, 1),
        *column(_n("F", 5, 8), 2.7, 1),
        *column(_n("P", 7, 12), 4, 0),
        Slot("pack", 1.3, 0),
        Slot("hand", 2.7, 0),
    ]


def _nation(_: Sequence[str]) -> list[Slot | Ornament]:
    return [*grid(_n("F", 1, 8), 4, 4, 0), *row(_n("T", 1, 12), 0, 2, 1, 3.5, "down")]


def _belle_lucie(labels: Sequence[str]) -> list[Slot | Ornament]:
    found = _numbered(labels, "F")
    return [*row(found, 0, 0), *grid(_numbered(labels, "P"), 6, 0, 1, 1.6, 1, fan="across")]


def _fortress(_: Sequence[str]) -> list[Slot | Ornament]:
    return [
        *column(_n("L", 1, 5), 0, 0, 4, 1, "left"),
        *column(_n("F", 1, 4), 4.2, 0.5),
        *column(_n("R", 1, 5), 5.4, 0, 4, 1, "across"),
    ]


def _flower_garden(_: Sequence[str]) -> list[Slot | Ornament]:
    return [
        *row(_n("F", 1, 4), 1, 0),
        *row(_n("G", 1, 6), 0, 1, 1, 2.6, "down"),
        *grid(_n("Q", 1, 16), 8, 0, 3.6),
    ]


def _fifteen(_: Sequence[str]) -> list[Slot | Ornament]:
    return [
        *row(_n("F", 1, 8), 0, 0),
        *row(_n("C", 1, 8), 0, 1, 1, 2.6, "down"),
        *row(_n("C", 9, 15), 0.5, 3.6, 1, 2.6, "down"),
    ]


def _louis(_: Sequence[str]) -> list[Slot | Ornament]:
    return [
        *row(_n("F", 1, 8), 0, 0),
        *row(list("abcdef"), 0, 1, 1, 1.6, "down"),
        *row(list("ghiklm"), 0, 2.6, 1, 1.6, "down"),
        Slot("pack", 6.5, 1),
        Slot("hand", 7.5, 1),
        Slot("held", 6.5, 2.6, 2.5, 1, "across"),
    ]


def _clock(_: Sequence[str]) -> list[Slot | Ornament]:
    # Hour k sits at angle 30k degrees clockwise from the top (XII).
    start = -90 + 30
    return [
        *ring(_n("F", 1, 12), 5.4, 3.7, 3.1, 2.0, start),
        *ring(_n("P", 1, 12), 5.4, 3.7, 4.9, 3.2, start),
        *_stock(3.65, 7.6, "talon"),
    ]


def _shah(_: Sequence[str]) -> list[Slot | Ornament]:
    # The Shah in the middle, the aces round him, a ray of cards going out from each ace.
    cx, cy = 5.3, 4.9
    rays = [
        Slot("R1", cx - 0.5, cy - 4.8, 1, 2.7, "up"),
        Slot("R2", cx + 0.8, cy - 4.4, 2.6, 2.2, "ne"),
        Slot("R3", cx + 2.3, cy - 0.5, 2.9, 1, "across"),
        Slot("R4", cx + 0.8, cy + 1.7, 2.6, 2.2, "se"),
        Slot("R5", cx - 0.5, cy + 2.1, 1, 2.7, "down"),
        Slot("R6", cx - 3.4, cy + 1.7, 2.6, 2.2, "sw"),
        Slot("R7", cx - 5.2, cy - 0.5, 2.9, 1, "left"),
        Slot("R8", cx - 3.4, cy - 4.4, 2.6, 2.2, "nw"),
    ]
    return [
        Ornament("aside", ((cx - 0.5, cy - 0.5),), caption="Shah"),
        *ring(_n("F", 1, 8), cx, cy, 1.7, 1.5),
        *rays,
        *_stock(cx + 2.6, cy + 3.9, "talon"),
    ]


def _mill(_: Sequence[str]) -> list[Slot | Ornament]:
    cx, cy = 4.0, 2.5
    return [
        Slot("F1", cx - 0.5, cy - 0.5),
        *ring(_n("W", 1, 8), cx, cy, 2.4, 1.5),
        Slot("F2", cx - 4.0, cy - 2.5),
        Slot("F3", cx + 3.0, cy - 2.5),
        Slot("F4", cx + 3.0, cy + 1.5),
        Slot("F5", cx - 4.0, cy + 1.5),
        *_stock(cx - 1.75, cy + 2.6, "talon"),
    ]


def _positions(prefix: str, sep: str, x0: float, y0: float) -> Maker:
    """Columns of positions labelled ``<prefix>c<sep>p``: column c, position p from the top."""
    pat = re.compile(re.escape(prefix) + r"(\d+)" + re.escape(sep) + r"(\d+)")

    def make(labels: Sequence[str]) -> list[Slot | Ornament]:
        out: list[Slot | Ornament] = []
        for lb in labels:
            m = pat.fullmatch(lb)
            if m:
                out.append(Slot(lb, x0 + int(m.group(1)) - 1, y0 + int(m.group(2)) - 1))
        return out

    return make


def _blockade(labels: Sequence[str]) -> list[Slot | Ornament]:
    return [Slot("pack", 0, 0), *row(_n("F", 1, 8), 2, 0), *_positions("C", "P", 0, 1.2)(labels)]


def _congress(labels: Sequence[str]) -> list[Slot | Ornament]:
    return [
        *row(_n("F", 1, 8), 0, 0),
        Slot("pack", 8.5, 0),
        *row(_n("H", 1, 8), 0, 1),
        *_positions("R", "P", 0, 2.2)(labels),
    ]


def _labyrinth(labels: Sequence[str]) -> list[Slot | Ornament]:
    cells = [
        Slot(lb, int(m.group(2)) - 1, int(m.group(1)) + 0.2)
        for lb in labels
        if (m := re.fullmatch(r"R(\d+)C(\d+)", lb))
    ]
    return [*row(_n("F", 1, 8), 0, 0), Slot("H", 8.3, 0), Slot("pack", 9.3, 0), *cells]


def _wheel(_: Sequence[str]) -> list[Slot | Ornament]:
    cx, cy = 5.0, 4.0
    cross = [(cx - 2.5, cy - 0.5), (cx - 1.5, cy - 0.5), (cx + 0.5, cy - 0.5), (cx + 1.5, cy - 0.5)]
    cross += [
        (cx - 0.5, cy - 2.5),
        (cx - 0.5, cy - 1.5),
        (cx - 0.5, cy + 0.5),
        (cx - 0.5, cy + 1.5),
    ]
    return [
        Ornament("ring", tuple(ring_points(24, cx, cy, 4.6, 3.6)), "circle"),
        Ornament("aside", tuple(cross), caption="cross of aces"),
        Slot("pack", 0.5, 8.5),
        *row(_n("P", 1, 6), 2, 8.5),
        *row(_n("P", 7, 12), 2, 9.5),
    ]


def _caesar(_: Sequence[str]) -> list[Slot | Ornament]:
    return [*grid(_n("P", 1, 9), 3, 0, 0)]


def _sly(_: Sequence[str]) -> list[Slot | Ornament]:
    return [
        *column(_n("F", 1, 4), 0, 0),
        *grid(_n("P", 1, 20), 5, 1.3, 0),
        *column(_n("F", 5, 8), 6.6, 0),
        Slot("pack", 2.8, 4.2),
        Slot("hand", 3.8, 4.2),
    ]


def _hemispheres(_: Sequence[str]) -> list[Slot | Ornament]:
    cx, cy = 5.0, 3.6
    return [
        *ring(_n("C", 1, 12), cx, cy, 4.3, 3.1, -180 + 15),
        Slot("B1", cx - 0.5, cy - 2.3),
        Slot("B2", cx + 2.5, cy - 0.5),
        Slot("B3", cx - 0.5, cy + 1.3),
        Slot("B4", cx - 3.5, cy - 0.5),
        *row(_n("F", 1, 4), cx - 2, cy - 1.1),
        *row(_n("F", 5, 8), cx - 2, cy + 0.1),
        *_stock(cx - 1.75, cy + 3.9, "talon"),
    ]


def _nestor(_: Sequence[str]) -> list[Slot | Ornament]:
    return [
        *row(_n("C", 1, 8), 0, 0, 1, 3, "down"),
        Slot("reserve", 0, 3.2),
        *row(_n("X", 1, 4), 1.5, 3.2),
    ]


def _fourteenth(_: Sequence[str]) -> list[Slot | Ornament]:
    return [*column(_n("R", 1, 5), 0, 0, 5, 1, "cells"), Slot("pack", 5.5, 0)]


def _carpet(_: Sequence[str]) -> list[Slot | Ornament]:
    cells = [Slot(f"C{r}{c}", c - 1, r + 0.2) for r in range(1, 9) for c in range(1, 9)]
    return [*row(_n("F", 1, 8), 0, 0), *cells, *_stock(8.5, 1.2, "talon")]


def _nivernaise(_: Sequence[str]) -> list[Slot | Ornament]:
    return [
        *row(_n("F", 1, 4), 0.5, 0),
        Slot("pack", 4.5, 0),
        *row(_n("F", 5, 8), 5.5, 0),
        *column(["FL1", "FL2", "FL3", "FL4"], 0, 1),
        *row(_n("L", 1, 6), 1.3, 1, 1.15, 4, "down"),
        *column(["FR1", "FR2", "FR3", "FR4"], 8.4, 1),
    ]


def _empress(_: Sequence[str]) -> list[Slot | Ornament]:
    return [
        *grid(_n("F", 1, 16), 8, 2.5, 0),
        *grid(_n("A", 1, 24), 6, 0, 2.2),
        *grid(_n("N", 1, 24), 6, 6.5, 2.2),
        Slot("pack", 2.5, 6.4),
        Slot("RedTalon", 3.5, 6.4, 2.5, 1, "across"),
        Slot("BlackTalon", 6.5, 6.4, 2.5, 1, "across"),
    ]


def _besieged(_: Sequence[str]) -> list[Slot | Ornament]:
    out: list[Slot | Ornament] = [
        Slot("F1", 0.5, 0),
        *row(["Top1", "Top2", "Top3"], 2.2, 0),
        Slot("F2", 6.0, 0),
    ]
    for i in range(1, 5):
        out += [
            Slot(f"Left{i}", 0, i, 2, 1, "left"),
            *row([f"R{i}1", f"R{i}2", f"R{i}3"], 2.2, i),
            Slot(f"Right{i}", 5.4, i, 2, 1, "across"),
        ]
    out += [
        Slot("F3", 0.5, 5),
        *row(["Bottom1", "Bottom2", "Bottom3"], 2.2, 5, 1, 1.6, "down"),
        Slot("F4", 6.0, 5),
        *_stock(1.5, 6.7, "talon", "hand"),
    ]
    return out


_MAKERS: dict[str, Maker] = {
    "canfield-or-klondike": _klondike,
    "napoleons-square": _napoleons_square,
    "great-thirteen": _great_thirteen,
    "herring-bone": _herring_bone,
    "queens": _queens,
    "constitution": _constitution,
    "zodiac": _zodiac,
    "kings": _kings,
    "square": _square,
    "fish-bone": _fish_bone,
    "general-sedgewick": _sedgewick,
    "red-and-black": _foundations_over(_n("V", 1, 8), 8, 2.5, "talon"),
    "light-and-shade": _light_and_shade,
    "anna": _foundations_over(_n("H", 1, 8), 8, 3, "talon"),
    "mount-olympus": _mount_olympus,
    "terrace": _terrace,
    "olga": _olga,
    "sultan": _sultan,
    "babette": _babette,
    "margarethe": _margarethe,
    "two-rings": _two_rings,
    "napoleon-at-st-helena": _foundations_over(_n("T", 1, 10), 8, 3, "talon"),
    "salic-law": _salic(False),
    "spensers-fairie-queen": _salic(True),
    "four-corners": _four_corners,
    "nation": _nation,
    "la-belle-lucie": _belle_lucie,
    "fortress": _fortress,
    "flower-garden": _flower_garden,
    "fifteen": _fifteen,
    "louis": _louis,
    "clock": _clock,
    "shah": _shah,
    "mill": _mill,
    "blockade": _blockade,
    "congress": _congress,
    "labyrinth": _labyrinth,
    "wheel": _wheel,
    "caesar": _caesar,
    "sly": _sly,
    "hemispheres": _hemispheres,
    "nestor": _nestor,
    "fourteenth": _fourteenth,
    "carpet": _carpet,
    "la-nivernaise": _nivernaise,
    "empress-of-india": _empress,
    "besieged-city": _besieged,
}

_KIND_ORDER = {"foundation": 0, "pack": 1, "talon": 1, "hand": 1}


def layout(slug: str, labels: Sequence[str]) -> Layout:
    """The layout of game ``slug`` for a position with these place labels: the game's own
    slots for the labels it knows (only those present), then rows for any other label
    (foundations and stock first, ten to a row, piles fanned down)."""
    made = _MAKERS.get(slug, lambda _: [])(labels)
    present = set(labels)
    slots = [s for s in made if isinstance(s, Slot) and s.label in present]
    ornaments = tuple(o for o in made if isinstance(o, Ornament))
    placed = {s.label for s in slots}
    rest = [lb for lb in labels if lb not in placed]
    if rest:
        y = max((s.y + s.h for s in slots), default=0.0) + (0.2 if slots else 0.0)
        y = max(y, max((py + 1.2 for o in ornaments for _, py in o.points), default=0.0))
        flat = [lb for lb in rest if re.fullmatch(r"F\d+|pack|talon|hand", lb)]
        piles = [lb for lb in rest if lb not in flat]
        for i in range(0, len(flat), 10):
            slots += row(flat[i : i + 10], 0, y)
            y += 1
        for i in range(0, len(piles), 10):
            slots += row(piles[i : i + 10], 0, y, 1, 3, "down")
            y += 3
    return Layout(tuple(slots), ornaments)


def counter_labels(markers: dict[str, str]) -> list[str]:
    """The counters of a position as a person reads them (``pass 2``), in :data:`COUNTERS`
    order; the engine's bookkeeping markers are left out."""
    return [f"{word} {markers[name]}" for name, word in COUNTERS.items() if name in markers]
