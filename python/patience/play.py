"""Play a deal of any game at the terminal (``patience play``).

The session shows the position (the game's own display text) and its legal moves, numbered,
and reads one command a line:

- a number, or a move's text in any case: play that move;
- ``undo`` (``u``): take back the last move;
- ``hint`` (``h``): search from the position for a short while and name the next move of a
  win, or say that the position is lost (proved) or unknown (the time ran out);
- ``auto`` (``a``): play the solver's winning line from here, one move at a time;
- ``save FILE`` / ``load FILE``: write or read the position's record (``State.record()``);
- ``help`` (``?``), ``quit`` (``q``).

Nothing here knows any game: it uses only :class:`patience.State` and :class:`patience.Move`.
Colour and Unicode suit symbols are used when standard output is a terminal that has them
(``TERM`` not ``dumb``, ``NO_COLOR`` unset, an encoding that can write the symbols).
"""

from __future__ import annotations

import os
import re
import sys
import time
from dataclasses import dataclass
from typing import TextIO

from . import _api
from .errors import IllegalMoveError, PatienceError

__all__ = ["Style", "play", "style_for"]

_SUITS = {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"}
_CARD = re.compile(r"(?<![A-Za-z0-9#?])([A2-9TJQK])([CDHS])(?![A-Za-z0-9])")
_RED, _BOLD, _DIM, _RESET = "\x1b[31m", "\x1b[1m", "\x1b[2m", "\x1b[0m"

HELP = (
    "commands: a move's number or text | undo (u) | hint (h) | auto (a) | "
    "save FILE | load FILE | help (?) | quit (q)"
)


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

    return _CARD.sub(card, text)


class Session:
    """One game at the terminal: the positions played (for undo) and the streams."""

    def __init__(
        self,
        state: _api.State,
        stdin: TextIO,
        stdout: TextIO,
        style: Style,
        hint_timeout: float = 3.0,
        auto_delay: float = 0.0,
    ) -> None:
        self.states = [state]
        self.stdin = stdin
        self.out = stdout
        self.style = style
        self.hint_timeout = hint_timeout
        self.auto_delay = auto_delay
        self.message = ""

    @property
    def state(self) -> _api.State:
        return self.states[-1]

    def say(self, text: str) -> None:
        self.out.write(text + "\n")
        self.out.flush()

    def draw(self) -> None:
        s = self.state
        lines = []
        if self.style.clear:
            lines.append("\x1b[H\x1b[2J")
        g = s.game
        head = f"{g.info.title} ({g.slug})  move {len(s.history)}"
        lines.append(_BOLD + head + _RESET if self.style.colour else head)
        lines.append(render(str(s).rstrip("\n"), self.style))
        moves = s.moves()
        if s.is_won:
            lines.append("*** won ***  (undo, load FILE or quit)")
        elif not moves:
            lines.append("no legal moves: the game is lost  (undo, load FILE or quit)")
        else:
            lines.append("moves:")
            for i, m in enumerate(moves, 1):
                lines.append(f"  {i:>2}. {render(m.describe(), self.style)}")
        if self.message:
            lines.append(self.message)
            self.message = ""
        self.out.write("\n".join(lines) + "\n")
        self.out.flush()

    def push(self, state: _api.State) -> None:
        self.states.append(state)

    def play_text(self, text: str) -> None:
        moves = self.state.moves()
        if text.isdigit():
            n = int(text)
            if not 1 <= n <= len(moves):
                raise PatienceError(f"no move numbered {n} (1 to {len(moves)})")
            move: _api.Move | str = moves[n - 1]
        else:
            move = text
        before = self.state
        self.push(before.play(move))
        self.message = f"played {self.state.history[-1]}"

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
        self.message = f"auto: played {len(sol.moves)} moves"

    def save(self, path: str) -> None:
        with open(path, "w", encoding="utf-8") as f:
            f.write(self.state.record() + "\n")
        self.message = f"saved to {path}"

    def load(self, path: str) -> None:
        with open(path, encoding="utf-8") as f:
            text = f.read().strip()
        self.states = [_api.state_from_record(text)]
        self.message = f"loaded {path} ({len(self.state.history)} moves played)"

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
        elif word in ("u", "undo"):
            if len(self.states) > 1:
                undone = self.state.history[-1]
                self.states.pop()
                self.message = f"undid {undone}"
            else:
                self.message = "nothing to undo"
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
                return 0
            if not line:  # end of input
                self.say("")
                return 0
            try:
                if not self.command(line):
                    return 0
            except KeyboardInterrupt:
                self.message = "interrupted"
            except IllegalMoveError:
                n = len(self.state.moves())
                self.message = (
                    f"error: {line.strip()!r} is not a legal move here "
                    f"(type a number 1 to {n}, a listed move, or help)"
                )
            except (PatienceError, ValueError, TypeError, OSError) as e:
                self.message = "error: " + (" ".join(str(e).split()) or type(e).__name__)
            self.draw()


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
        state, stdin if stdin is not None else sys.stdin, out, style, hint_timeout, delay
    ).run()
