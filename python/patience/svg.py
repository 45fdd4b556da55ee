"""Pictures of positions: any position of any game drawn as cards, in SVG.

Drawn from :attr:`patience.State.places` alone, so it serves every game: the foundations in
a row, then the pack (a face-down card with its count), the talon and any hand (fanned
across), then the other places as fanned columns (wrapping into further rows when there are
many). Cards are SVG shapes (rounded rectangles, rank and suit symbol, red or black; a
face-down card is a patterned back); no image files. A face-down card is never named: its
group carries ``data-card="??"``.

Every card is a ``<g class="card" data-place=LABEL data-card=CARD>``, so a page or a test can
read the cards back from the picture.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ._api import Card, Place, State

__all__ = ["state_svg"]

W, H, R = 50, 70, 6  # card width, height, corner radius
GAP = 14  # between places
FAN_UP, FAN_DOWN, FAN_ACROSS = 20, 9, 14  # offsets of fanned cards
LABEL_H = 16  # room for a place's label above it
MAX_COLUMNS = 13  # columns in one row before wrapping
MAX_FAN_ACROSS = 12  # cards of a talon or hand drawn (the rest lie under them)
SUIT_SYMBOL = {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"}
RANK_TEXT = {"T": "10"}


def _card(card: Card, x: float, y: float, label: str) -> str:
    at = f'transform="translate({x:g},{y:g})"'
    if not card.face_up:
        return (
            f'<g class="card back" data-place="{escape(label)}" data-card="??" {at}>'
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
    return (
        f'<g class="card" data-place="{escape(label)}" data-card="{escape(text)}" {at}>'
        f"<title>{escape(text)}</title>"
        f'<rect width="{W}" height="{H}" rx="{R}" fill="#fff" stroke="#555"/>'
        f'<text x="4" y="14" font-size="13" font-weight="bold" fill="{colour}">'
        f"{shown}{sym}</text>"
        f'<text x="{W / 2:g}" y="{H / 2 + 9:g}" font-size="26" text-anchor="middle" '
        f'fill="{colour}">{sym}</text></g>'
    )


def _empty(x: float, y: float) -> str:
    return (
        f'<rect class="empty" x="{x:g}" y="{y:g}" width="{W}" height="{H}" rx="{R}" '
        'fill="none" stroke="#9bb" stroke-dasharray="4 3"/>'
    )


def _label(text: str, x: float, y: float) -> str:
    return (
        f'<text class="label" x="{x + W / 2:g}" y="{y - 4:g}" font-size="11" '
        f'text-anchor="middle" fill="#dfe">{escape(text)}</text>'
    )


def _pile(place: Place, x: float, y: float) -> tuple[list[str], float]:
    """A place's cards squared up (only its top card shows), with a count past one card."""
    out = [_label(place.label, x, y)]
    if not place.cards:
        out.append(_empty(x, y))
        return out, H
    for c in place.cards:
        out.append(_card(c, x, y, place.label))
    if len(place.cards) > 1:
        out.append(
            f'<rect x="{x + W - 24:g}" y="{y + H - 17:g}" width="22" height="15" rx="4" '
            'fill="#000" fill-opacity="0.75"/>'
            f'<text class="count" x="{x + W - 13:g}" y="{y + H - 5.5:g}" font-size="11" '
            f'text-anchor="middle" fill="#fff">{len(place.cards)}</text>'
        )
    return out, H


def _across(place: Place, x: float, y: float) -> tuple[list[str], float]:
    """A talon or hand fanned across (its last cards; the count when some are hidden)."""
    out = [_label(place.label, x, y)]
    if not place.cards:
        out.append(_empty(x, y))
        return out, W
    under = place.cards[:-MAX_FAN_ACROSS]
    shown = place.cards[-MAX_FAN_ACROSS:]
    for c in under:
        out.append(_card(c, x, y, place.label))
    for i, c in enumerate(shown):
        out.append(_card(c, x + i * FAN_ACROSS, y, place.label))
    if under:
        out.append(
            f'<text class="count" x="{x:g}" y="{y + H + 12:g}" font-size="11" fill="#fc6">'
            f"{len(place.cards)} cards</text>"
        )
    return out, W + (len(shown) - 1) * FAN_ACROSS


def _column(place: Place, x: float, y: float) -> tuple[list[str], float]:
    """A place fanned down: every card shows its top edge, the last one whole."""
    out = [_label(place.label, x, y)]
    if not place.cards:
        out.append(_empty(x, y))
        return out, H
    dy = 0.0
    for i, c in enumerate(place.cards):
        out.append(_card(c, x, y + dy, place.label))
        if i < len(place.cards) - 1:
            dy += FAN_UP if c.face_up else FAN_DOWN
    return out, dy + H


def state_svg(state: State) -> str:
    """The position ``state`` drawn as an SVG document (a string)."""
    places = state.places
    foundations = [p for p in places if p.kind == "foundation"]
    stock = [p for p in places if p.kind in ("pack", "talon", "hand")]
    columns = [p for p in places if p.kind not in ("foundation", "pack", "talon", "hand")]
    parts: list[str] = []
    y = GAP + LABEL_H
    width = 0.0

    def row(items: list[Place], draw: str) -> None:
        nonlocal y, width
        if not items:
            return
        x, tallest = float(GAP), 0.0
        for p in items:
            if draw == "across" or p.kind in ("talon", "hand"):
                got, w = _across(p, x, y)
                h = H + (14 if len(p.cards) > MAX_FAN_ACROSS else 0)
            elif draw == "column":
                got, h = _column(p, x, y)
                w = W
            else:
                got, h = _pile(p, x, y)
                w = W
            parts.extend(got)
            x += w + GAP
            tallest = max(tallest, h)
        width = max(width, x)
        y += tallest + GAP + LABEL_H

    for i in range(0, len(foundations), MAX_COLUMNS):
        row(foundations[i : i + MAX_COLUMNS], "pile")
    row(stock, "pile")
    for i in range(0, len(columns), MAX_COLUMNS):
        row(columns[i : i + MAX_COLUMNS], "column")
    notes = [f"{k}: {v}" for k, v in state.markers.items()]
    if state.is_won:
        notes.insert(0, "won")
    if notes:
        parts.append(
            f'<text class="markers" x="{GAP}" y="{y - LABEL_H + 2:g}" font-size="12" '
            f'fill="#dfe">{escape("   ".join(notes))}</text>'
        )
        y += 6
    width = max(width, 2 * GAP + W)
    height = y - LABEL_H
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="patience-position" '
        f'width="{width:g}" height="{height:g}" viewBox="0 0 {width:g} {height:g}" '
        f'font-family="DejaVu Sans, Arial, sans-serif">'
        f'<rect width="100%" height="100%" fill="#2e6b3f"/>' + "".join(parts) + "</svg>"
    )
