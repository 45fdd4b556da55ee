"""A chart of win rates from a survey store, in SVG.

One row per survey (a game with one option set): a horizontal bar over an axis from 0 to
100% spans the win rate over all the survey's deals, from every ``unknown`` deal lost (its
left end, won / deals) to every one won (its right end, (won + unknown) / deals), the
:attr:`SurveyReport.bounds <patience.SurveyReport.bounds>`. A dot marks the win rate among
the decided deals (won / (won + lost)) and a thin line through it that rate's 95% Wilson
interval; a survey with no decided deal has neither. Beside each bar stand the game's name
(and its options when they are not the book's), the won, lost and unknown counts, the
number of deals and the bounds as percentages.

The picture is plain SVG text, made from the store's counts alone: the same store gives
the same bytes. Every row is a ``<g class="row">`` carrying its figures as ``data-``
attributes (``data-game``, ``data-options`` as JSON, ``data-won``, ``data-lost``,
``data-unknown``, ``data-deals``), its bar a ``<rect class="bounds">``, its dot a
``<circle class="rate">``; the axis's ticks are ``<line class="tick" data-pct=P>``, so a page
or a test can read the chart back.

>>> import patience, tempfile, os
>>> db = os.path.join(tempfile.mkdtemp(), "s.db")
>>> _ = patience.survey("queens", 3, db=db, max_states=20_000)
>>> svg = patience.survey_chart(db)
>>> svg.startswith("<svg") and svg.count('class="row"')
1
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Sequence
from html import escape
from typing import Literal

from . import _api
from .errors import PatienceError
from .survey import DEFAULT_DB, SurveyReport, _changed_options, survey_report

__all__ = ["reports_svg", "survey_chart"]

Order = Literal["book", "rate"]

FONT = "DejaVu Sans, Arial, sans-serif"
MARGIN = 16
TITLE_Y, SUB_Y = 26, 46  # baselines of the title and the line under it
HEAD_Y = 84  # baseline of the column headings and the top axis labels
TOP = 94  # top of the first row
ROW_H = 22  # one row
BAR_H = 12  # the bar's height inside its row
PLOT_W = 480  # the axis from 0% to 100%
GAP = 30  # between the name column, the plot and the figures (room for "100%")
NAME_CHAR = 7.3  # estimated advance of a character of a 12 px name (DejaVu Sans)
FIG_CHAR = 6.8  # the same for an 11 px figure
FIG_GAP = 20  # between two columns of figures
BAR_FILL, BAR_EDGE = "#9cc3e6", "#2f6ea5"
RATE_COLOUR = "#1b2a3a"
FIG_HEADS = ("won", "lost", "unknown", "deals", "over all deals")


def _n(v: float) -> str:
    """A coordinate: at most two decimals, no trailing zeros."""
    s = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if s == "-0" else s


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _name(r: SurveyReport) -> str:
    opts = _changed_options(r.game, r.options)
    return r.game if opts == "(book)" else f"{r.game} {opts}"


def _figures(r: SurveyReport) -> tuple[str, ...]:
    lo, hi = r.bounds
    bounds = _pct(lo) if lo == hi else f"{_pct(lo)}\u2013{_pct(hi)}"
    return (f"{r.won:,}", f"{r.lost:,}", f"{r.unknown:,}", f"{r.deals:,}", bounds)


def _tooltip(r: SurveyReport) -> str:
    lo, hi = r.bounds
    text = (
        f"{_name(r)}: {r.won:,} won, {r.lost:,} lost, {r.unknown:,} unknown of "
        f"{_api.plural(r.deals, 'deal')}; over all deals {_pct(lo)} (every unknown lost) "
        f"to {_pct(hi)} (every unknown won)"
    )
    if r.win_rate is not None:
        clo, chi = r.ci
        text += (
            f"; won among decided deals {_pct(r.win_rate)} (95% CI {_pct(clo)}\u2013{_pct(chi)})"
        )
    return text


def _limits_text(limits: Sequence[tuple[int | None, float | None]]) -> str:
    """The state and time limits the deals were solved under (the memory limit, which
    depends on the machine, is left to the report)."""
    if len(limits) != 1:
        return "limits differ between deals"
    states, timeout = limits[0]
    parts = []
    if states is not None:
        parts.append(f"at most {states:,} stored positions")
    if timeout is not None:
        parts.append(f"at most {timeout:g} s")
    return (" and ".join(parts) + " a deal") if parts else "no state or time limit"


def _subtitle(reports: Sequence[SurveyReport]) -> str:
    seeds = {(r.first_seed, r.last_seed) for r in reports}
    gaps = any(
        r.deals != r.last_seed - r.first_seed + 1
        for r in reports
        if r.first_seed is not None and r.last_seed is not None
    )
    if len(seeds) == 1:
        first, last = next(iter(seeds))
        seed_text = f"seed {first}" if first == last else f"seeds {first}\u2013{last}"
        if gaps:
            seed_text += " (some not surveyed)"
    else:
        seed_text = "seeds differ between surveys"
    limits = sorted({lim[:2] for r in reports for lim in r.limits}, key=repr)
    return f"{_api.plural(len(reports), 'survey')}, {seed_text}, {_limits_text(limits)}"


def _ordered(reports: list[SurveyReport], order: str) -> list[SurveyReport]:
    book = {info.slug: i for i, info in enumerate(_api.games())}

    def book_key(r: SurveyReport) -> tuple[int, str, str]:
        return (book.get(r.game, len(book)), r.game, json.dumps(r.options, sort_keys=True))

    if order == "book":
        return sorted(reports, key=book_key)
    if order == "rate":
        return sorted(reports, key=lambda r: (-sum(r.bounds), -r.bounds[0], book_key(r)))
    raise PatienceError(f"order must be 'book' or 'rate', got {order!r}")


def reports_svg(
    reports: Iterable[SurveyReport],
    *,
    title: str = "How often each game is won",
    order: Order = "book",
) -> str:
    """The win-rate chart (SVG text) of the given survey reports, one row each.

    ``order``: ``"book"`` puts the games in the book's order (as :func:`patience.games`
    lists them; games this version does not know last, by name), ``"rate"`` by the middle
    of their bounds, highest first. Raises :class:`PatienceError` when there is no report
    or no report with a deal.
    """
    if not isinstance(title, str):
        raise TypeError(f"title must be a string, not {type(title).__name__}")
    rows = []
    for r in reports:
        if not isinstance(r, SurveyReport):
            raise TypeError(f"reports must be SurveyReport objects, not {type(r).__name__}")
        if r.deals > 0:
            rows.append(r)
    if not rows:
        raise PatienceError("no surveyed deals to chart")
    rows = _ordered(rows, order)

    names = [_name(r) for r in rows]
    figs = [_figures(r) for r in rows]
    name_w = max(120.0, max(len(s) for s in names) * NAME_CHAR)
    x0 = MARGIN + name_w + GAP  # 0% on the axis
    x1 = x0 + PLOT_W  # 100%
    # Columns of figures, each right-aligned at its right edge.
    col_right: list[float] = []
    x = x1 + GAP + 10  # the axis label "100%" reaches past the axis
    for i, head in enumerate(FIG_HEADS):
        w = max(len(head), *(len(f[i]) for f in figs)) * FIG_CHAR
        x += w
        col_right.append(x)
        x += FIG_GAP
    width = x - FIG_GAP + MARGIN
    bottom = TOP + len(rows) * ROW_H
    height = bottom + 62

    def at(p: float) -> float:
        return x0 + p * PLOT_W

    out: list[str] = [
        f'<rect width="{_n(width)}" height="{_n(height)}" fill="#fff"/>',
        f'<text class="title" x="{MARGIN}" y="{TITLE_Y}" font-size="17" font-weight="bold" '
        f'fill="#111">{escape(title)}</text>',
        f'<text class="subtitle" x="{MARGIN}" y="{SUB_Y}" font-size="12" fill="#444">'
        f"{escape(_subtitle(rows))}</text>",
    ]
    # Stripes behind every other row, then the grid and the axis labels.
    for i in range(1, len(rows), 2):
        out.append(
            f'<rect class="stripe" x="{MARGIN / 2:g}" y="{TOP + i * ROW_H}" '
            f'width="{_n(width - MARGIN)}" height="{ROW_H}" fill="#f2f4f7"/>'
        )
    for pct in range(0, 101, 10):
        gx = _n(at(pct / 100))
        major = pct in (0, 50, 100)
        out.append(
            f'<line class="tick" data-pct="{pct}" x1="{gx}" y1="{TOP - 4}" x2="{gx}" '
            f'y2="{bottom + 4}" stroke="{"#9aa3ad" if major else "#d5dae0"}" stroke-width="1"/>'
        )
        for ty in (HEAD_Y, bottom + 17):
            out.append(
                f'<text class="axis" x="{gx}" y="{ty}" font-size="11" text-anchor="middle" '
                f'fill="#555">{pct}%</text>'
            )
    for head, right in zip(FIG_HEADS, col_right):
        out.append(
            f'<text class="head" x="{_n(right)}" y="{HEAD_Y}" font-size="11" '
            f'text-anchor="end" font-weight="bold" fill="#333">{head}</text>'
        )
    out.append(
        f'<text class="head" x="{MARGIN}" y="{HEAD_Y}" font-size="11" font-weight="bold" '
        f'fill="#333">game</text>'
    )
    for i, (r, name, fig) in enumerate(zip(rows, names, figs)):
        top = TOP + i * ROW_H
        mid = top + ROW_H / 2
        base = _n(mid + 4)  # a text baseline centred on the row
        lo, hi = r.bounds
        attrs = (
            f'data-game="{escape(r.game)}" '
            f'data-options="{escape(json.dumps(r.options, sort_keys=True))}" '
            f'data-won="{r.won}" data-lost="{r.lost}" data-unknown="{r.unknown}" '
            f'data-deals="{r.deals}"'
        )
        parts = [
            f"<title>{escape(_tooltip(r))}</title>",
            f'<text class="name" x="{MARGIN}" y="{base}" font-size="12" fill="#111">'
            f"{escape(name)}</text>",
            f'<rect class="bounds" x="{_n(at(lo))}" y="{_n(mid - BAR_H / 2)}" '
            f'width="{_n(at(hi) - at(lo))}" height="{BAR_H}" fill="{BAR_FILL}"/>',
            # The ends drawn as edges, so that a bar of no width (no unknown deal) shows.
            f'<path class="edges" d="M{_n(at(lo))} {_n(mid - BAR_H / 2)}v{BAR_H}'
            f'M{_n(at(hi))} {_n(mid - BAR_H / 2)}v{BAR_H}" stroke="{BAR_EDGE}" '
            f'stroke-width="1.5" fill="none"/>',
        ]
        if r.win_rate is not None:
            clo, chi = r.ci
            parts += [
                f'<line class="ci" x1="{_n(at(clo))}" y1="{_n(mid)}" x2="{_n(at(chi))}" '
                f'y2="{_n(mid)}" stroke="{RATE_COLOUR}" stroke-width="1.2"/>',
                f'<circle class="rate" cx="{_n(at(r.win_rate))}" cy="{_n(mid)}" r="3.6" '
                f'fill="{RATE_COLOUR}"/>',
            ]
        for j, (cell, right) in enumerate(zip(fig, col_right)):
            parts.append(
                f'<text class="figure" data-column="{FIG_HEADS[j]}" x="{_n(right)}" '
                f'y="{base}" font-size="11" text-anchor="end" fill="#222">{escape(cell)}</text>'
            )
        out.append(f'<g class="row" {attrs}>' + "".join(parts) + "</g>")
    # The key under the axis.
    ky = bottom + 40
    out += [
        f'<rect x="{MARGIN}" y="{ky - 9}" width="22" height="{BAR_H}" fill="{BAR_FILL}" '
        f'stroke="{BAR_EDGE}" stroke-width="1.5"/>',
        f'<text class="key" x="{MARGIN + 30}" y="{ky + 1}" font-size="11" fill="#333">'
        "won among all deals, from every unknown deal lost to every one won</text>",
        f'<line x1="{MARGIN + 2}" y1="{ky + 16}" x2="{MARGIN + 20}" y2="{ky + 16}" '
        f'stroke="{RATE_COLOUR}" stroke-width="1.2"/>',
        f'<circle cx="{MARGIN + 11}" cy="{ky + 16}" r="3.6" fill="{RATE_COLOUR}"/>',
        f'<text class="key" x="{MARGIN + 30}" y="{ky + 20}" font-size="11" fill="#333">'
        "won among decided deals (won or lost), with its 95% Wilson interval</text>",
    ]
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="patience-winrates" '
        f'width="{_n(width)}" height="{_n(height)}" viewBox="0 0 {_n(width)} {_n(height)}" '
        f'font-family="{FONT}">' + "".join(out) + "</svg>\n"
    )


def survey_chart(
    db: str | os.PathLike[str] = DEFAULT_DB,
    slug: str | None = None,
    *,
    options: dict[str, bool | int | None] | None = None,
    first_seed: int | None = None,
    deals: int | None = None,
    title: str = "How often each game is won",
    order: Order = "book",
) -> str:
    """The win-rate chart of the surveys in a store, as SVG text: one row per game and
    option set (selected as in :func:`patience.survey_report`), its bar the win rate over
    all deals from every unknown lost to every unknown won, a dot at the win rate among
    decided deals with its 95% Wilson interval, labelled with the game's name, its won,
    lost and unknown counts of all its deals, and the bounds in percent, on an axis from
    0 to 100%.

    ``order``: ``"book"`` (the book's order of the games) or ``"rate"`` (highest first).
    Nothing is solved; the same store gives the same text. Raises
    :class:`SurveyStoreError` if ``db`` is missing or not a survey store, and
    :class:`PatienceError` if it holds no deal (of the selection).
    """
    reports = survey_report(db, slug, options=options, first_seed=first_seed, deals=deals)
    if not reports:
        what = "of that selection " if slug is not None or first_seed is not None else ""
        raise PatienceError(f"the survey store {os.fspath(db)!r} holds no deals {what}to chart")
    return reports_svg(reports, title=title, order=order)
