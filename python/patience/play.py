"""Play a deal of any game at the terminal (``patience play``).

The screen fits the terminal (80 x 24 at least) for every game: a heading with the game, the
seed, the move number and the game's counters (pass, re-deals, ...); the position drawn in the
book's shape of the game (:mod:`patience._textboard`: the slots of :mod:`patience.layout`, the
geometry of the SVG pictures, scaled to character cells: THE CLOCK's dial, THE WHEEL's circle
and cross, THE BESIEGED CITY's ramparts, ...; each place its label and cards, a run of
face-down cards as a count ``#6``, cards a box cannot hold counted ``+7``; if a shape cannot
fit the terminal, the places are drawn as rows instead); the legal moves, numbered, in
columns (``+`` and ``-`` page through them when they do not fit); a message line and the
prompt. It reads one command a line:

- a number, a move's text in any case, or a card: ``9S`` (the move of the 9 of spades, if
  only one moves it), ``9S onto TD``, ``9S to F1`` or ``9S t3``: play that move;
- ``undo`` (``u``) and ``redo`` (``r``): take back the last move, play it again;
- ``hint`` (``h``): search from the position for a short while and name the next move of a
  win, or say that the position is lost (proved) or unknown (the time ran out);
- ``auto`` (``a``): play the solver's winning line from here, one move at a time;
- ``save FILE`` / ``load FILE``: write or read the position's record (``State.record()``);
- ``+`` / ``-``: the next or previous page of moves; ``help`` (``?``), ``quit`` (``q``).

Nothing is ever shown that the player could not see at the table: moves are described with
:meth:`patience.Move.describe`, which names no face-down or unturned card, the board shows a
face-down card only as a back (``##``) or part of a count, and of the key's markers only the
counters a person reads (:func:`patience.layout.counter_labels`).

Nothing here knows any game: it uses only :class:`patience.State`, :class:`patience.Move` and
the game's layout.
Colour and Unicode suit symbols are used when standard output is a terminal that has them
(``TERM`` not ``dumb``, ``NO_COLOR`` unset, an encoding that can write the symbols).
"""

from __future__ import annotations

import os
import re
import shutil
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TextIO

from . import _api, _textboard
from ._describe import with_gapped
from .errors import IllegalMoveError, PatienceError
from .layout import counter_labels

__all__ = ["Style", "board_lines", "play", "style_for"]

_SUITS = {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"}
_CARD = re.compile(r"(?<![A-Za-z0-9?])([A2-9TJQK])([CDHS])(?![A-Za-z0-9])")
_DOWN = re.compile(r"(?<!\S)(?:##|#\d+)(?!\S)")
_RED, _BOLD, _DIM, _RESET = "\x1b[31m", "\x1b[1m", "\x1b[2m", "\x1b[0m"
_CARD_INPUT = re.compile(r"(10|[A2-9TJQK])([CDHS])", re.I)
_LABEL_NUM = re.compile(r"([A-Za-z]+?)(\d*)")

HELP = (
    "a number, a move, or a card (9S, 9S onto TD, 9S to F1) | undo (u) | redo (r) | "
    "hint (h) | auto (a) | + / - more moves | save FILE | load FILE | quit (q)"
)

#: Cards of one place drawn at most by the rows fallback; the rest are counted (``+12``).
MAX_CARDS = 22

#: Lines of the screen that are not the board: the heading, two of message, the moves'
#: title and three moves, the prompt.
NOT_BOARD = 8


@dataclass(frozen=True)
class Style:
    """How the session writes: ANSI colour, Unicode suit symbols, clearing the screen."""

    colour: bool = False
    unicode: bool = False
    clear: bool = False


def style_for(stream: TextIO, plain: bool = False) -> Style:
    """The richest :class:`Style` that ``stream`` can show (plain ASCII unless a terminal)."""
    if plain:
        return Style()
    try:
        tty = stream.isatty()
    except (AttributeError, ValueError, OSError):
        tty = False
    term = os.environ.get("TERM", "")
    if not tty or term in ("", "dumb"):
        return Style()
    colour = "NO_COLOR" not in os.environ
    encoding = getattr(stream, "encoding", None) or "ascii"
    try:
        "".join(_SUITS.values()).encode(encoding)
        uni = True
    except (UnicodeEncodeError, LookupError):
        uni = False
    return Style(colour=colour, unicode=uni, clear=True)


def render(text: str, style: Style) -> str:
    """``text`` with each card token shown in ``style`` (red suits red, Unicode suits)."""
    if not (style.colour or style.unicode):
        return text

    def card(m: re.Match[str]) -> str:
        rank, suit = m.group(1), m.group(2)
        shown = rank + (_SUITS[suit] if style.unicode else suit)
        if style.colour and suit in "DH":
            return _RED + shown + _RESET
        return shown

    text = _CARD.sub(card, text)
    if style.colour:  # face-down runs dimmed
        text = _DOWN.sub(lambda m: _DIM + m.group(0) + _RESET, text)
    return text


def _fit(text: str, width: int) -> str:
    return text if len(text) <= width else text[: max(0, width - 1)] + "~"


# ---------------------------------------------------------------------------------------
# The board, in plain ASCII (cards as ``9S``; :func:`render` adds symbols and colour).


def _cards_text(cards: Sequence[_api.Card], limit: int = MAX_CARDS) -> str:
    """A pile's cards bottom to top: face-down runs as ``#N`` (``##`` for one), at most
    ``limit`` face-up cards (the top ones; the others counted ``+N``)."""
    out: list[str] = []
    down = 0
    for c in cards:
        if not c.face_up:
            down += 1
            continue
        if down:
            out.append("##" if down == 1 else f"#{down}")
            down = 0
        out.append(str(c))
    if down:
        out.append("##" if down == 1 else f"#{down}")
    if len(out) > limit:
        hidden = len(out) - limit + 1
        out = [f"+{hidden}"] + out[-(limit - 1) :]
    return " ".join(out) if out else "--"


def _flow(cells: list[str], width: int, sep: str = "  ") -> list[str]:
    """Cells packed into lines of at most ``width`` columns, aligned in columns when they
    are of similar width."""
    if not cells:
        return []
    w = max(len(c) for c in cells)
    per = max(1, (width + len(sep)) // (w + len(sep)))
    if per > 1:
        rows = [cells[i : i + per] for i in range(0, len(cells), per)]
        return [sep.join(c.ljust(w) for c in r).rstrip() for r in rows]
    lines: list[str] = []
    for c in cells:
        if lines and len(lines[-1]) + len(sep) + len(c) <= width:
            lines[-1] += sep + c
        else:
            lines.append(_fit(c, width))
    return lines


def _stem(label: str) -> str:
    m = _LABEL_NUM.fullmatch(label)
    return m.group(1) if m else label


def _by_row(grp: Sequence[_api.Place], cells: list[str]) -> list[str]:
    """A grid's cells joined a row at a time when the labels number their cells by row
    and column (``C11`` .. ``C88``, ``R11`` .. ``R43``), else the cells."""
    nums = [_LABEL_NUM.fullmatch(p.label) for p in grp]
    digits = {len(m.group(2)) if m else 0 for m in nums}
    if len(grp) < 6 or digits != {2}:
        return cells
    w = max(len(c) for c in cells)
    rows: dict[str, list[str]] = {}
    for m, c in zip(nums, cells):
        rows.setdefault(m.group(2)[0] if m else "", []).append(c.ljust(w))
    return ["  ".join(r).rstrip() for r in rows.values()]


def board_lines(state: _api.State, width: int = 80, height: int | None = None) -> list[str]:
    """The position in at most ``width`` columns and ``height`` lines (plain ASCII; 80 x 16
    when not given): drawn in the shape of its game (:func:`patience._textboard.board`),
    else, when that shape cannot fit, its places in rows (:func:`row_lines`)."""
    rows = 24 - NOT_BOARD if height is None else height
    shaped = _textboard.board(state, width, max(1, rows))
    if shaped is not None:
        return shaped
    lines = row_lines(state, width, rows)
    if len(lines) > rows > 1:  # a terminal too small even for rows: say what is cut
        cut = len(lines) - rows + 1
        lines = lines[: rows - 1] + [
            _fit(f"({cut} more lines: a larger terminal shows them)", width)
        ]
    return lines


def row_lines(state: _api.State, width: int = 80, height: int | None = None) -> list[str]:
    """The position as rows, the fallback of :func:`board_lines`: piles a line each, else
    several to a line with their top cards only (the others counted ``+N``), at most
    ``height`` lines if it can."""
    lines: list[str] = []
    for limit in (MAX_CARDS, 12, 8, 6, 4, 3, 2):
        lines = _board(state, width, limit)
        if height is None or len(lines) <= height:
            break
    return lines


def _board(state: _api.State, width: int, limit: int) -> list[str]:
    places = with_gapped(state.places, state.markers)
    gapped = {p.label for p in places} - {p.label for p in state.places}
    found = [p for p in places if p.kind == "foundation"]
    stock = [p for p in places if p.kind in ("pack", "talon", "hand")]
    rest = [p for p in places if p.kind not in ("foundation", "pack", "talon", "hand")]
    lines: list[str] = []
    if found:
        cells = [f"{p.label} {str(p.top) if p.top else '--'}" for p in found]
        lines += _flow(cells, width)
    stock_cells = []
    for p in stock:
        if p.kind == "pack" or (p.cards and not any(c.face_up for c in p.cards)):
            stock_cells.append(f"{p.label} {len(p)}")
        else:
            stock_cells.append(f"{p.label} {_cards_text(p.cards, 6)}")
    stock_cells += counter_labels({k: v for k, v in state.markers.items() if k not in gapped})
    if stock_cells:
        lines += _flow(stock_cells, width, "   ")
    # The other places, a group of one stem (T1..T7, Left1..Left4) at a time: one place a
    # line when they hold several cards, else several to a line.
    groups: list[list[_api.Place]] = []
    for p in rest:
        if groups and _stem(groups[-1][-1].label) == _stem(p.label):
            groups[-1].append(p)
        else:
            groups.append([p])
    singles: list[str] = []  # small groups (one or two places), flowed together
    for grp in groups:
        lw = max(len(p.label) for p in grp)
        cells = [f"{p.label.ljust(lw)} {_cards_text(p.cards, limit)}" for p in grp]
        if len(grp) < 3 and all(len(p) <= 3 for p in grp):
            singles += cells
            continue
        if singles:
            lines += _flow(singles, width)
            singles = []
        if all(len(p) <= 3 for p in grp):
            lines += _flow(_by_row(grp, cells), width, "   ")
        elif limit == MAX_CARDS:
            lines += [_fit(c, width) for c in cells]
        else:
            lines += _flow(cells, width)
    if singles:
        lines += _flow(singles, width)
    return lines


#: Above this many legal moves only the page shown is described (describing a move plays
#: it), in two columns.
DESCRIBE_ALL = 80


def _short(entry: str) -> str:
    """A move's entry without the places its description names: ``5. p1+p2 (8S 7H)``."""
    return re.sub(r" (?:from|to|to empty) [A-Za-z][A-Za-z0-9-]*| removed", "", entry)


def move_columns(
    describe: Callable[[int], str],
    count: int,
    width: int,
    rows: int | None,
    page: int = 0,
) -> tuple[list[str], int]:
    """The ``count`` moves, numbered, in columns within ``width`` x ``rows`` (all of them
    when ``rows`` is None); ``describe(i)`` gives move i's entry (0-based). Returns the
    lines and the number of pages."""
    if count == 0:
        return [], 1
    if count > DESCRIBE_ALL:
        rows = rows or 20  # not a terminal: pages all the same, or every draw is slow
        per_page = max(1, rows) * 2
        pages = -(-count // per_page)
        page = min(max(page, 0), pages - 1)
        first = page * per_page
        colw = (width - 2) // 2
        shown = [f"{i + 1}. {describe(i)}" for i in range(first, min(count, first + per_page))]
        shown = [x if len(x) <= colw else _short(x) for x in shown]
        return _columns(shown, 2, colw), pages
    items = [f"{i + 1}. {describe(i)}" for i in range(count)]

    # The fewest columns that show every entry whole within the rows, else shortened to
    # its cards, else as many as fit (paged), else two columns cut short.
    def width_of(n: int) -> int:
        return (width - 2 * (n - 1)) // n

    def fits(n: int, short: bool) -> bool:
        return all(len(_short(x) if short else x) <= width_of(n) for x in items)

    def rows_ok(n: int) -> bool:
        return rows is None or -(-len(items) // n) <= rows

    choice = next(
        (
            (n, short)
            for short in (False, True)
            for n in (1, 2, 3, 4)
            if fits(n, short) and rows_ok(n)
        ),
        None,
    )
    if choice is None:
        choice = next(
            ((n, short) for short in (False, True) for n in (4, 3, 2, 1) if fits(n, short)),
            (2, True),
        )
    cols, colw = choice[0], width_of(choice[0])
    items = [x if len(x) <= colw else _short(x) for x in items]
    per_page = len(items) if rows is None else max(1, rows) * cols
    pages = max(1, -(-len(items) // per_page))
    page = min(max(page, 0), pages - 1)
    return _columns(items[page * per_page : (page + 1) * per_page], cols, colw), pages


def _columns(shown: Sequence[str], cols: int, colw: int) -> list[str]:
    nrows = -(-len(shown) // cols)
    lines = []
    for r in range(nrows):
        row = [shown[c * nrows + r] for c in range(cols) if c * nrows + r < len(shown)]
        lines.append("  ".join(_fit(x, colw).ljust(colw) for x in row).rstrip())
    return lines


class Session:
    """One game at the terminal: the positions played (for undo and redo) and the streams."""

    def __init__(
        self,
        state: _api.State,
        stdin: TextIO,
        stdout: TextIO,
        style: Style,
        hint_timeout: float = 3.0,
        auto_delay: float = 0.0,
        size: tuple[int, int] | None = None,
    ) -> None:
        self.states = [state]
        self.undone: list[str] = []
        self.stdin = stdin
        self.out = stdout
        self.style = style
        self.hint_timeout = hint_timeout
        self.auto_delay = auto_delay
        self.size = size
        self.page = 0
        self.message = ""
        self._described: dict[tuple[str, str], str] = {}

    @property
    def state(self) -> _api.State:
        return self.states[-1]

    def describe(self, move: _api.Move) -> str:
        """``move.describe()``, remembered for the position (describing plays the move)."""
        assert move.state is not None
        k = (move.state.key, move.text)
        if k not in self._described:
            if len(self._described) > 5000:
                self._described.clear()
            self._described[k] = move.describe()
        return self._described[k]

    def say(self, text: str) -> None:
        self.out.write(text + "\n")
        self.out.flush()

    def heading(self) -> str:
        s = self.state
        seed = s.deal.seed
        where = f"seed {seed}" if seed is not None else "explicit deal"
        return f"{s.game.info.title} ({s.game.slug})  {where}  move {len(s.history)}"

    def screen_lines(self) -> list[str]:
        """The screen's lines in plain ASCII, without the prompt."""
        width, height = self.size if self.size else (80, 24)
        width = max(40, width)
        height = max(height, 12)
        s = self.state
        head = self.heading()
        # The counters (pass, re-deals, ...) on the heading's line when they fit, else on a
        # line of their own under the board.
        counts = "  ".join(_textboard.counters(s))
        extra: list[str] = []
        if counts and len(head) + 3 + len(counts) <= width:
            head = head + " " * (width - len(head) - len(counts)) + counts
        elif counts:
            extra = [_fit(counts, width)]
        lines = [_fit(head, width)]
        msg = [_fit(x, width) for x in _wrap(self.message, width)[:2]] if self.message else []
        # The board's room does not depend on the message, so that it stays put.
        lines += board_lines(s, width, height - NOT_BOARD - len(extra)) + extra
        moves = s.moves()
        if s.is_won:
            lines.append("*** won ***  (undo, load FILE or quit)")
        elif not moves:
            lines.append("no legal moves: the game is lost  (undo, load FILE or quit)")
        else:
            room = max(2, height - len(lines) - len(msg) - 2)
            body, pages = move_columns(
                lambda i: self.describe(moves[i]),
                len(moves),
                width,
                room if self.size else None,
                self.page,
            )
            self.page = min(self.page, pages - 1)
            title = "moves:" if pages == 1 else f"moves (page {self.page + 1} of {pages}, + -):"
            if self.size and len(body) + 1 > room:
                body = body[: room - 1]
            lines += [title, *body]
        return lines + msg

    def draw(self) -> None:
        if self.size is not None:  # follow the terminal when it is resized
            size = shutil.get_terminal_size(self.size)
            self.size = (size.columns, size.lines)
        lines = self.screen_lines()
        self.message = ""
        st = self.style
        text = "\n".join(render(x, st) for x in lines)
        if st.colour:
            first, _, rest = text.partition("\n")
            text = _BOLD + first + _RESET + ("\n" + rest if rest else "")
        self.out.write(("\x1b[H\x1b[2J" if st.clear else "") + text + "\n")
        self.out.flush()

    def push(self, state: _api.State) -> None:
        self.states.append(state)
        self.page = 0

    def find_move(self, text: str) -> _api.Move | str:
        """The move a line names: a number, a card (with a target), else the text."""
        moves = self.state.moves()
        if text.isdigit():
            n = int(text)
            if not moves:
                raise PatienceError("no legal moves here: the game is over (undo or quit)")
            if not 1 <= n <= len(moves):
                raise PatienceError(f"no move numbered {n} (1 to {len(moves)})")
            return moves[n - 1]
        words = text.replace(",", " ").split()
        m = _CARD_INPUT.fullmatch(words[0]) if words else None
        if m is None or any(x.text.lower() == text.lower() for x in moves):
            return text
        card = ("T" if m.group(1) == "10" else m.group(1).upper()) + m.group(2).upper()
        target = words[-1] if len(words) > 1 else None
        if target is not None:
            t = _CARD_INPUT.fullmatch(target)
            if t:
                target = ("T" if t.group(1) == "10" else t.group(1).upper()) + t.group(2).upper()
        return _by_card(moves, card, target, self.describe)

    def play_text(self, text: str) -> None:
        move = self.find_move(text)
        before = self.state
        m = before.move(move) if isinstance(move, str) else move
        self.push(before.play(m))
        self.undone = []
        self.message = "played " + _played(before, m.text, self.state)

    def hint(self) -> None:
        h = self.state.hint(timeout=self.hint_timeout)
        self.message = f"hint: {h}"

    def auto(self) -> None:
        sol = self.state.solve(timeout=self.hint_timeout)
        if sol.verdict != "won":
            self.message = f"auto: {sol}"
            return
        if not sol.moves:
            self.message = "auto: already won"
            return
        for m in sol.moves:
            self.push(self.state.play(m))
            self.message = f"auto: played {m}"
            self.draw()
            if self.auto_delay:
                time.sleep(self.auto_delay)
        self.undone = []
        n = len(sol.moves)
        self.message = f"auto: played {n} move" + ("" if n == 1 else "s")

    def save(self, path: str) -> None:
        with open(path, "w", encoding="utf-8") as f:
            f.write(self.state.record() + "\n")
        self.message = f"saved to {path}"

    def load(self, path: str) -> None:
        with open(path, encoding="utf-8") as f:
            text = f.read().strip()
        self.states = [_api.state_from_record(text)]
        self.undone = []
        self.page = 0
        n = len(self.state.history)
        self.message = f"loaded {path} ({n} move{'' if n == 1 else 's'} played)"

    def command(self, line: str) -> bool:
        """Carry out one line; False to end the session."""
        words = line.split(maxsplit=1)
        if not words:
            return True
        word = words[0].lower()
        rest = words[1].strip() if len(words) > 1 else ""
        if word in ("q", "quit", "exit"):
            return False
        if word in ("?", "help"):
            self.message = HELP
        elif word in ("u", "undo") and not rest:
            if len(self.states) > 1:
                undone = self.state.history[-1]
                self.states.pop()
                self.undone.append(undone)
                self.page = 0
                self.message = f"undid {undone}"
            else:
                self.message = "nothing to undo"
        elif word in ("r", "redo") and not rest:
            if self.undone:
                m = self.undone.pop()
                self.push(self.state.play(m))
                self.message = f"redid {m}"
            else:
                self.message = "nothing to redo"
        elif word in ("+", "more", "-") and not rest:
            self.page += -1 if word == "-" else 1
            self.page = max(0, self.page)
        elif word in ("h", "hint") and not rest:
            self.hint()
        elif word in ("a", "auto") and not rest:
            self.auto()
        elif word in ("save", "load"):
            if not rest:
                raise PatienceError(f"{word} needs a file name: {word} FILE")
            (self.save if word == "save" else self.load)(rest)
        else:
            self.play_text(line.strip())
        return True

    def run(self) -> int:
        self.draw()
        while True:
            try:
                self.out.write("> ")
                self.out.flush()
                line = self.stdin.readline()
            except KeyboardInterrupt:
                self.say("")
                return self.bye()
            if not line:  # end of input
                self.say("")
                return self.bye()
            try:
                if not self.command(line):
                    return self.bye()
            except KeyboardInterrupt:
                self.message = "interrupted"
            except IllegalMoveError:
                n = len(self.state.moves())
                self.message = f"error: {line.strip()!r} is not a legal move here " + (
                    f"(type a number 1 to {n}, a move, a card, or help)" if n else "(no moves)"
                )
            except (PatienceError, ValueError, TypeError, OSError) as e:
                self.message = "error: " + (" ".join(str(e).split()) or type(e).__name__)
            self.draw()

    def bye(self) -> int:
        s = self.state
        if s.deal.seed is not None:
            self.say(f"{s.game.slug} seed {s.deal.seed}, {len(s.history)} moves played")
        return 0


def _played(before: _api.State, text: str, after: _api.State) -> str:
    """The move just played, naming the cards it turned face up too (now in view)."""
    from ._describe import describe

    return describe(
        text, before.places, after.places, before.markers, after.markers, reveal="after"
    )


def _wrap(text: str, width: int) -> list[str]:
    words, lines = text.split(" "), [""]
    for w in words:
        if lines[-1] and len(lines[-1]) + 1 + len(w) > width:
            lines.append(w)
        else:
            lines[-1] = (lines[-1] + " " + w) if lines[-1] else w
    return lines


_BRACKET = re.compile(r"\((.*)\)$")


def _by_card(
    moves: Sequence[_api.Move],
    card: str,
    target: str | None,
    describe: Callable[[_api.Move], str],
) -> _api.Move:
    """The one move that moves ``card`` (named in its description), onto or to ``target``
    (a card or a place label) if given; raises :class:`PatienceError` naming the choices
    when there is none or more than one."""
    found: list[tuple[_api.Move, str, bool]] = []
    for m in moves:
        d = describe(m)
        b = _BRACKET.search(d)
        inner = b.group(1) if b else ""
        named = _CARD.findall(re.sub(r"onto \S+", "", inner))
        names = [r + s for r, s in named]
        if card in names:
            found.append((m, d, names[0] == card))
    if target is not None:
        tl = target.lower()

        def aims(m: _api.Move, d: str) -> bool:
            dest = (m.text.split(">")[-1] if ">" in m.text else "").lower()
            return (
                f"onto {target}" in d
                or dest == tl
                or f"to {tl}" in d.lower()
                or (f"to empty {tl}" in d.lower())
            )

        found = [f for f in found if aims(f[0], f[1])]
    if len(found) > 1 and sum(lead for _, _, lead in found) == 1:
        found = [f for f in found if f[2]]
    if len(found) == 1:
        return found[0][0]
    what = card + (f" to {target}" if target else "")
    if not found:
        raise PatienceError(f"no legal move moves {what}")
    numbers = [str(moves.index(m) + 1) for m, _, _ in found]
    raise PatienceError(
        f"{what}: {len(found)} moves ({', '.join(numbers)}); add where to (e.g. "
        f"{card} onto a card, {card} to F1) or type a number"
    )


def _terminal_size(stream: TextIO, style: Style) -> tuple[int, int] | None:
    if not style.clear:
        return None
    size = shutil.get_terminal_size((80, 24))
    return (size.columns, size.lines)


def play(
    state: _api.State,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    plain: bool = False,
    hint_timeout: float = 3.0,
) -> int:
    """Play from ``state`` interactively until quit or end of input; returns 0."""
    out = stdout if stdout is not None else sys.stdout
    style = style_for(out, plain)
    delay = 0.05 if style.clear else 0.0
    return Session(
        state,
        stdin if stdin is not None else sys.stdin,
        out,
        style,
        hint_timeout,
        delay,
        _terminal_size(out, style),
    ).run()
