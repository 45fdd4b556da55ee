"""Pictures of positions: any position of any game drawn as cards, in SVG.

Each game's places lie where :mod:`patience.layout` puts them (the book's picture of the
game: a dial for THE CLOCK, a circle and cross for THE WHEEL, a city with its ramparts for THE
BESIEGED CITY, ...), each place fanned or squared up as its slot says, scaled to pixels here.
Cards are SVG shapes (rounded rectangles, rank and suit in the corner, red or black; a
face-down card is a patterned back); no image files. A face-down card is never named: its
group carries ``data-card="??"``. The key's counters a person reads (pass, re-deals, the
circle's count) are written under the picture in words, with the pack's size; the engine's
bookkeeping (random stream, pending steps) never is.

Every card of a place is a ``<g class="card" data-place=LABEL data-card=CARD>``, every place a
``<g class="place" data-place=LABEL>``, so a page or a test can read the picture back. Cards a
game sets aside are drawn as ``class="ornament"`` groups, not as cards of a place. With
``last_move``, every place the move changed gets a ``<rect class="highlight">`` around it.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from .layout import FAN_STEPS, Layout, Slot, counter_labels, layout

if TYPE_CHECKING:
    from ._api import Card, Place, State

__all__ = ["state_svg"]

W, H, R = 50, 70, 6  # card width, height, corner radius
GAP = 14  # between slots
LABEL_H = 15  # room for a place's label above it
UX, UY = W + GAP, H + LABEL_H + GAP  # one table unit in pixels
MARGIN = 12
MIN_DOWN, MAX_DOWN = 15, 22  # offsets of cards fanned down (a rank shows in 15 px)
MIN_ACROSS, MAX_ACROSS = 17, 30  # offsets of cards fanned across (``10`` shows in 17 px)
BONE = 9  # sideways lean of a herring-bone's cards
SUIT_SYMBOL = {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"}
RANK_TEXT = {"T": "10"}
SEP = "  \u00b7  "


def card_svg(
    card: Card,
    x: float,
    y: float,
    label: str,
    cls: str = "card",
    right: bool = False,
    bottom: bool = False,
) -> str:
    """One card with its top-left corner at (x, y); the rank and suit stacked in the top-left
    corner, so that 17 pixels of a card fanned to the right show both (``10`` included). A
    card fanned to the left has them in its top-right corner too (``right``), a card fanned
    upwards in its bottom corners, turned (``bottom``)."""
    at = f'transform="translate({x:g},{y:g})"'
    if not card.face_up:
        return (
            f'<g class="{cls} back" data-place="{escape(label)}" data-card="??" {at}>'
            f'<rect width="{W}" height="{H}" rx="{R}" fill="#1d4e89" stroke="#0b2545"/>'
            f'<rect x="4" y="4" width="{W - 8}" height="{H - 8}" rx="{R - 2}" fill="none" '
            'stroke="#e8eef7" stroke-width="1.2" stroke-dasharray="3 2"/>'
            f'<path d="M{W / 2:g} 12 L{W - 12} {H / 2:g} L{W / 2:g} {H - 12} L12 {H / 2:g} Z" '
            'fill="#e8eef7" fill-opacity="0.35"/></g>'
        )
    text = str(card)
    rank, suit = text[0], text[1]
    colour = "#c0392b" if suit in "DH" else "#111"
    shown = RANK_TEXT.get(rank, rank)
    sym = SUIT_SYMBOL[suit]
    squeeze = ' textLength="14" lengthAdjust="spacingAndGlyphs"' if len(shown) > 1 else ""
    title = f"<title>{escape(text)}</title>" if cls == "card" else ""
    corner = (
        f'<text class="rank" x="2" y="13" font-size="13" font-weight="bold" fill="{colour}"'
        f"{squeeze}>{shown}</text>"
        f'<text x="3" y="27" font-size="12" fill="{colour}">{sym}</text>'
    )
    if right or bottom:
        corner += (
            f'<text class="rank" x="{W - 2}" y="13" font-size="13" font-weight="bold" '
            f'text-anchor="end" fill="{colour}"{squeeze}>{shown}</text>'
            f'<text x="{W - 3}" y="27" font-size="12" text-anchor="end" fill="{colour}">'
            f"{sym}</text>"
        )
    # Under a card fanned upwards only the bottom strip shows: the corners again, turned.
    turned = f'<g transform="rotate(180 {W / 2:g} {H / 2:g})">{corner}</g>' if bottom else ""
    return (
        f'<g class="{cls}" data-place="{escape(label)}" data-card="{escape(text)}" {at}>'
        f"{title}"
        f'<rect width="{W}" height="{H}" rx="{R}" fill="#fff" stroke="#555"/>'
        f"{corner}{turned}"
        f'<text x="{W / 2:g}" y="{H / 2 + 14:g}" font-size="26" text-anchor="middle" '
        f'fill="{colour}">{sym}</text></g>'
    )


def _box(s: Slot) -> tuple[float, float, float, float]:
    """The pixel box of a slot: left, top (of the card, under its label), width, height."""
    x = MARGIN + s.x * UX
    y = MARGIN + s.y * UY + LABEL_H
    return x, y, s.w * UX - GAP, s.h * UY - GAP - LABEL_H


def _steps(n: int, room: float, lo: float, hi: float) -> tuple[int, float]:
    """How many cards to spread (the rest lie squared under the first spread one) and the
    offset between them, for ``n`` cards in ``room`` pixels beyond one whole card."""
    if n <= 1:
        return n, 0.0
    step = min(hi, room / (n - 1))
    if step >= lo:
        return n, step
    return max(1, int(room // lo) + 1), lo


def _room(s: Slot) -> float:
    """Pixels a slot's fan may spread over beyond one whole card."""
    _, _, w, h = _box(s)
    dx, dy = FAN_STEPS.get(s.fan, (0, 0))
    if dx == 0:
        return h - H
    if dy == 0:
        return w - W
    return min(w - W, h - H)


def _limits(s: Slot) -> tuple[float, float]:
    if s.fan == "cells":
        return MIN_ACROSS, UX
    vertical = FAN_STEPS.get(s.fan, (0, 0))[0] == 0
    return (MIN_DOWN, MAX_DOWN) if vertical else (MIN_ACROSS, MAX_ACROSS)


def _place(p: Place, s: Slot) -> list[str]:
    x, y, w, h = _box(s)
    dx, dy = FAN_STEPS.get(s.fan, (0, 0))
    # The first card lies in the corner the fan spreads away from.
    x0 = x if dx >= 0 else x + w - W
    y0 = y if dy >= 0 else y + h - H
    label = escape(p.label)
    # The label over the first card, or under it when the fan grows upwards.
    ly = y0 + H + 12 if dy < 0 else y - 4
    out = [
        f'<g class="place" data-place="{label}">',
        f'<text class="label" x="{x0 + W / 2:g}" y="{ly:g}" font-size="11" '
        f'text-anchor="middle" fill="#dfe">{label}</text>',
    ]
    cards = p.cards
    cx, cy = x0, y0
    if not cards:
        out.append(
            f'<rect class="empty" data-place="{label}" x="{x0:g}" y="{y0:g}" width="{W}" '
            f'height="{H}" rx="{R}" fill="none" stroke="#9bb" stroke-dasharray="4 3"/>'
        )
    elif s.fan not in FAN_STEPS:
        out += [card_svg(c, x0, y0, p.label) for c in cards]
    else:
        # A row with empty cells (``gaps``) spreads over all its positions, and each
        # empty one is drawn as an outline.
        slots = len(cards) + len(p.gaps)
        spread, step = _steps(slots, max(_room(s), 0.0), *_limits(s))
        under = slots - spread
        at = [i for i in range(slots) if i not in p.gaps]
        for g in p.gaps:
            k = max(0, g - under)
            out.append(
                f'<rect class="empty" data-place="{label}" x="{x0 + dx * k * step:g}" '
                f'y="{y0 + dy * k * step:g}" width="{W}" height="{H}" rx="{R}" fill="none" '
                'stroke="#9bb" stroke-dasharray="4 3"/>'
            )
        for i, c in enumerate(cards):
            k = max(0, at[i] - under)
            cx, cy = x0 + dx * k * step, y0 + dy * k * step
            if s.fan == "bone":
                cx += (w - W) / 2 + (BONE if k % 2 else -BONE)
            out.append(card_svg(c, cx, cy, p.label, right=dx < 0, bottom=s.fan == "up"))
    hidden = len(cards) > 1 and (
        s.fan not in FAN_STEPS
        or _steps(len(cards), max(_room(s), 0.0), *_limits(s))[0] < len(cards)
    )
    if hidden:
        # How many cards the place holds, when some lie squared under others: a badge on
        # the corner of the card that shows last.
        bx, by = cx, cy
        out.append(
            f'<rect class="badge" x="{bx + W - 25:g}" y="{by + H - 17:g}" width="23" '
            'height="15" rx="4" fill="#000" fill-opacity="0.75"/>'
            f'<text class="count" x="{bx + W - 13.5:g}" y="{by + H - 5.5:g}" font-size="11" '
            f'text-anchor="middle" fill="#fff">{len(cards)}</text>'
        )
    out.append("</g>")
    return out


def _ornaments(state: State, lay: Layout) -> list[str]:
    out: list[str] = []
    aside = list(state.aside)
    for o in lay.ornaments:
        if o.caption and o.points:
            px, py = o.points[0]
            out.append(
                f'<text class="caption" x="{MARGIN + px * UX:g}" y="{MARGIN + py * UY + 11:g}" '
                f'font-size="11" font-style="italic" fill="#dfe">{escape(o.caption)}</text>'
            )
        if o.kind == "aside":
            for i, (px, py) in enumerate(o.points):
                if i >= len(aside):
                    break
                many = aside[i:] if i == len(o.points) - 1 else [aside[i]]
                for c in many:
                    out.append(
                        card_svg(c, MARGIN + px * UX, MARGIN + py * UY + LABEL_H, "", "ornament")
                    )
        elif o.kind == "ring":
            try:
                filled = int(state.markers.get(o.counter, "0"))
            except ValueError:
                filled = 0
            for i, (px, py) in enumerate(o.points):
                fill = "#f4f1e6" if i < filled else "none"
                out.append(
                    f'<rect class="ring" x="{MARGIN + px * UX:g}" '
                    f'y="{MARGIN + py * UY + LABEL_H:g}" width="{W}" height="{H}" rx="{R}" '
                    f'fill="{fill}" fill-opacity="0.8" stroke="#cdd" stroke-dasharray="3 3"/>'
                )
    return out


def _touched(state: State, last_move: object) -> set[str]:
    """The labels of the places ``last_move`` (the move that led to ``state``) changed."""
    from ._api import Move
    from .errors import IllegalMoveError

    if not isinstance(last_move, (Move, str)):
        raise TypeError(f"last_move must be a Move or its text, not {type(last_move).__name__}")
    wrong = IllegalMoveError(
        f"last_move {str(last_move)[:40]!r} is not the move that led to this position"
    )
    if isinstance(last_move, Move) and last_move.state is not None:
        before = last_move.state
        if before.game != state.game or before.play(last_move).key != state.key:
            raise wrong
    else:
        text = str(last_move).strip().lower()
        if not state.history or state.history[-1].lower() != text:
            raise wrong
        before = state.deal.start().play_many(list(state.history[:-1]))
    old = {p.label: p.key_text() for p in before.places}
    return {p.label for p in state.places if old.get(p.label) != p.key_text()}


def state_svg(state: State, size: float | None = None, last_move: object = None) -> str:
    """The position ``state`` drawn as an SVG document (a string); ``size`` scales it to that
    width in pixels, ``last_move`` highlights the places the move changed."""
    places = state.places
    lay = layout(state.game.slug, [p.label for p in places])
    parts = _ornaments(state, lay)
    touched = _touched(state, last_move) if last_move is not None else set()
    for p in places:
        s = lay.slot(p.label)
        if s is None:  # pragma: no cover - layout() places every label
            continue
        if p.label in touched:
            x, y, w, h = _box(s)
            parts.append(
                f'<rect class="highlight" data-place="{escape(p.label)}" x="{x - 4:g}" '
                f'y="{y - LABEL_H - 2:g}" width="{w + 8:g}" height="{h + LABEL_H + 6:g}" '
                'rx="8" fill="#ffd54a" fill-opacity="0.25" stroke="#ffd54a" stroke-width="3"/>'
            )
        parts += _place(p, s)
    notes = counter_labels(state.markers)
    pack = [p for p in places if p.kind == "pack"]
    if pack:
        notes.insert(0, f"pack {len(pack[0].cards)}")
    if state.is_won:
        notes.insert(0, "won")
    width = 2 * MARGIN + lay.width * UX - GAP
    height = 2 * MARGIN + lay.height * UY - GAP
    if notes:
        parts.append(
            f'<text class="counters" x="{MARGIN}" y="{height + 4:g}" font-size="13" '
            f'fill="#dfe">{escape(SEP.join(notes))}</text>'
        )
        height += 20
    shown_w, shown_h = width, height
    if size is not None:
        if isinstance(size, bool) or not isinstance(size, (int, float)) or not size > 0:
            from .errors import PatienceError

            raise PatienceError(f"size must be a positive number of pixels, got {size!r}")
        shown_w, shown_h = float(size), height * float(size) / width
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="patience-position" '
        f'data-game="{escape(state.game.slug)}" '
        f'width="{shown_w:.6g}" height="{shown_h:.6g}" viewBox="0 0 {width:g} {height:g}" '
        f'font-family="DejaVu Sans, Arial, sans-serif">'
        f'<rect width="100%" height="100%" fill="#2e6b3f"/>' + "".join(parts) + "</svg>"
    )
