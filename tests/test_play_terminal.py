"""``patience play`` in a real terminal: tmux runs the session, keys are sent, the screen is
read back and checked against the positions the API gives for the same moves."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import patience
import pytest
from patience.play import board_lines

TMUX = shutil.which("tmux")
COLS, ROWS = 80, 24  # the terminal every test plays in
SUITS = {"\u2663": "C", "\u2666": "D", "\u2665": "H", "\u2660": "S"}


class Term:
    """A tmux session on a private server, running one command."""

    def __init__(self, argv: list[str], env: dict[str, str] | None = None) -> None:
        if TMUX is None:
            raise RuntimeError("tmux is needed for the terminal tests (apt-get install tmux)")
        self.sock = "pt-" + uuid.uuid4().hex[:10]
        full = {**os.environ, "TERM": "xterm-256color", "LC_ALL": "C.UTF-8", **(env or {})}
        if "NO_COLOR" not in (env or {}):
            full.pop("NO_COLOR", None)
        exports = " ".join(f"{k}={shlex.quote(v)}" for k, v in full.items() if k.isidentifier())
        cmd = f"env {exports} {shlex.join(argv)}; echo EXITED:$?; sleep 60"
        self.tmux("new-session", "-d", "-s", "t", "-x", str(COLS), "-y", str(ROWS), cmd)

    def tmux(self, *args: str) -> str:
        return subprocess.run(
            [TMUX, "-u", "-L", self.sock, *args],
            check=True,
            capture_output=True,
            text=True,
            timeout=10,
        ).stdout

    def screen(self, escapes: bool = False) -> str:
        return self.tmux("capture-pane", "-p", *(["-e"] if escapes else []), "-t", "t")

    def send(self, *keys: str) -> None:
        self.tmux("send-keys", "-t", "t", *keys)

    def line(self, text: str) -> None:
        self.send("-l", text)
        self.send("Enter")

    def wait(self, pattern: str, timeout: float = 20.0) -> str:
        deadline = time.monotonic() + timeout
        while True:
            text = self.screen()
            if re.search(pattern, text, re.M):
                return text
            if time.monotonic() > deadline:
                raise AssertionError(f"{pattern!r} never appeared; screen:\n{text}")
            time.sleep(0.05)

    def close(self) -> None:
        subprocess.run([TMUX, "-L", self.sock, "kill-server"], capture_output=True, timeout=10)


@pytest.fixture
def term() -> Iterator[type[Term]]:
    made: list[Term] = []

    def make(argv: list[str], env: dict[str, str] | None = None) -> Term:
        t = Term(argv, env)
        made.append(t)
        return t

    yield make  # type: ignore[misc]
    for t in made:
        t.close()


def play_argv(*args: str) -> list[str]:
    return [sys.executable, "-m", "patience", "play", *args]


def ascii_screen(text: str) -> str:
    for sym, letter in SUITS.items():
        text = text.replace(sym, letter)
    return text


def shows(screen: str, state: patience.State) -> bool:
    """Every line of the position's compact board is a line of the screen, in order, and
    the heading gives its move number."""
    lines = [ln.rstrip() for ln in ascii_screen(screen).splitlines()]
    if f"move {len(state.history)}" not in lines[0]:
        return False
    # The board as drawn for some height (it is drawn tighter when room is short).
    for height in (None, *range(ROWS, 0, -1)):
        want = [ln.rstrip() for ln in board_lines(state, COLS, height)]
        if lines[1 : 1 + len(want)] == want:
            return True
    return False


def hidden_cards(state: patience.State) -> set[str]:
    """The cards of a one-pack position that lie face down."""
    return {str(c) for p in state.places for c in p.cards if not c.face_up}


def screen_cards(screen: str) -> set[str]:
    return set(
        re.findall(r"(?<![A-Za-z0-9])([A2-9TJQK][CDHS])(?![A-Za-z0-9])", ascii_screen(screen))
    )


def test_play_undo_hint_save_load_quit(term, tmp_path: Path) -> None:
    g = patience.game("canfield-or-klondike")
    start = g.deal(2).start()
    moves = start.moves()
    t = term(play_argv("canfield-or-klondike", "--seed", "2", "--hint-timeout", "20"))
    screen = t.wait(r"^>\s*$")
    assert "move 0" in screen and "seed 2" in screen and shows(screen, start)
    for i, m in enumerate(moves, 1):
        assert f"{i}. {m.describe()}" in ascii_screen(screen)
    # Nothing face down is named: not in the board, not in the moves.
    assert not (screen_cards(screen) & hidden_cards(start))
    # Unicode suits and colour: a red card is drawn in red.
    assert re.search(r"[\u2665\u2666]", screen)
    assert "\x1b[31m" in t.screen(escapes=True)

    # Move by number.
    t.line("1")
    screen = t.wait(r"move 1")
    after = start.play(moves[0])
    assert f"played {moves[0]}" in screen and shows(screen, after)
    assert not shows(screen, start)

    # Undo restores the start.
    t.line("undo")
    screen = t.wait(r"undid ")
    assert "move 0" in screen and shows(screen, start)
    t.line("redo")
    screen = t.wait(r"redid ")
    assert shows(screen, after)
    t.line("u")
    t.wait(r"undid ")

    # Move by text in upper case.
    text = str(moves[-1]).upper()
    t.line(text)
    screen = t.wait(r"move 1")
    assert shows(screen, start.play(moves[-1]))
    t.line("u")
    t.wait(r"undid ")

    # Hint: a legal move, after which the deal is still won.
    t.line("hint")
    screen = t.wait(r"hint: ", timeout=60)
    found = re.search(r"hint: play (\S+)", screen)
    assert found, screen
    hinted = start.play(found.group(1))
    assert hinted.solve(timeout=60).verdict == "won"

    # Bad input: one line, no traceback, the session goes on.
    t.line("no-such-move")
    screen = t.wait(r"is not a legal move")
    t.line("99")
    screen = t.wait(r"no move numbered 99")
    t.line("load /no/such/file")
    screen = t.wait(r"error: .*No such file")
    assert "Traceback" not in screen

    # Save after a move, play on, load: the saved position comes back.
    t.line("1")
    t.wait(r"move 1")
    rec = tmp_path / "saved.txt"
    t.line(f"save {rec}")
    t.wait(r"saved to ")
    assert patience.state_from_record(rec.read_text()).key == after.key
    t.line("2")
    t.wait(r"move 2")
    t.line(f"load {rec}")
    screen = t.wait(r"loaded ")
    assert "move 1" in screen and shows(screen, after)

    t.line("quit")
    t.wait(r"EXITED:0")


def test_auto_plays_the_win_and_record_option(term, tmp_path: Path) -> None:
    start = patience.game("canfield-or-klondike").deal(2).start()
    rec = tmp_path / "r.txt"
    after = start.play(start.moves()[0])
    rec.write_text(after.record() + "\n")
    t = term(play_argv("--record", str(rec), "--hint-timeout", "60"))
    screen = t.wait(r"^>\s*$")
    assert "move 1" in screen and shows(screen, after)
    t.line("auto")
    screen = t.wait(r"\*\*\* won \*\*\*", timeout=120)
    t.wait(r"auto: played \d+ moves")
    t.line("save " + str(rec))
    t.wait("saved to")
    won = patience.state_from_record(rec.read_text())
    assert won.is_won and won.history[:1] == after.history


@pytest.mark.parametrize("key", ["C-d", "C-c"])
def test_eof_and_ctrl_c_end_cleanly(term, key: str) -> None:
    t = term(play_argv("queens", "--seed", "3"))
    t.wait(r"^>\s*$")
    t.send(key)
    screen = t.wait(r"EXITED:0")
    assert "Traceback" not in screen


def test_no_color_and_plain() -> None:
    t = Term(play_argv("canfield-or-klondike", "--seed", "2"), env={"NO_COLOR": "1"})
    try:
        t.wait(r"^>\s*$")
        assert "\x1b[31m" not in t.screen(escapes=True)
        assert re.search(r"[\u2665\u2666]", t.screen())
    finally:
        t.close()


def test_not_a_terminal_is_plain_ascii() -> None:
    out = subprocess.run(
        play_argv("canfield-or-klondike", "--seed", "2"),
        input="1\nquit\n",
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "TERM": "xterm"},
    )
    assert out.returncode == 0
    assert "\x1b" not in out.stdout and out.stdout.isascii()
    start = patience.game("canfield-or-klondike").deal(2).start()
    assert board_lines(start)[0] in out.stdout
    assert f"played {start.moves()[0].describe()}" in out.stdout


@pytest.mark.parametrize(
    "argv",
    [["no-such-game"], ["canfield-or-klondike", "-o", "bogus=1"], [], ["--record", "/no/file"]],
)
def test_bad_command_line_is_one_line(argv: list[str]) -> None:
    out = subprocess.run(play_argv(*argv), input="", capture_output=True, text=True, timeout=60)
    assert out.returncode == 2
    assert out.stderr.startswith("patience: error: ") and out.stderr.count("\n") == 1


# Games of different shapes: rows of piles, a grid, a city of 27 places, a dial, a wheel of
# packets, a herring-bone with a pending choice, and one with over a thousand moves.
SHAPES = [
    "canfield-or-klondike",
    "besieged-city",
    "clock",
    "wheel",
    "herring-bone",
    "carpet",
    "fourteenth",
    "empress-of-india",
    "louis",
]


@pytest.mark.parametrize("slug", SHAPES)
def test_every_shape_fits_80_by_24(term, slug: str) -> None:
    start = patience.game(slug).deal(3).start()
    t = term(play_argv(slug, "--seed", "3"))
    screen = t.wait(r"^>\s*$")
    lines = screen.rstrip("\n").splitlines()
    assert len(lines) <= ROWS and all(len(ln) <= COLS for ln in lines)
    # The heading (game, seed, move) is the first line: nothing scrolled away.
    assert lines[0].startswith(start.game.info.title) and "seed 3" in lines[0]
    assert shows(screen, start), screen
    moves = start.moves()
    assert re.search(r"^1\. ", ascii_screen(screen), re.M) if moves else "lost" in screen
    # The first move by number: the screen follows.
    if moves:
        t.line("1")
        screen = t.wait(r"move 1")
        assert shows(screen, start.play(moves[0])), screen
        assert len(screen.rstrip("\n").splitlines()) <= ROWS


def test_many_moves_page_and_hidden_cards_stay_hidden(term) -> None:
    start = patience.game("empress-of-india").deal(1).start()
    n = len(start.moves())
    t = term(play_argv("empress-of-india", "--seed", "1"))
    screen = t.wait(r"^>\s*$")
    pages = re.search(r"page 1 of (\d+)", screen)
    assert pages and int(pages.group(1)) > 1 and n > 100
    t.line("+")
    screen = t.wait(r"page 2 of")
    t.line("-")
    t.wait(r"page 1 of")
    t.line(str(n))
    screen = t.wait(r"move 1")
    assert shows(screen, start.play(start.moves()[n - 1]))


def test_moves_by_card(term) -> None:
    # Klondike seed 1: 9S goes only onto TD (t1>t5); TD is wanted by 9S and 9C.
    start = patience.game("canfield-or-klondike").deal(1).start()
    t = term(play_argv("canfield-or-klondike", "--seed", "1"))
    t.wait(r"^>\s*$")
    t.line("9s")
    screen = t.wait(r"move 1")
    assert "played t1>t5" in screen and shows(screen, start.play("t1>t5"))
    t.line("u")
    t.wait(r"undid")
    t.line("9C onto TD")
    screen = t.wait(r"move 1")
    assert "played t7>t5" in screen
    t.line("u")
    t.wait(r"undid")
    t.line("AD to F1")
    screen = t.wait(r"move 1")
    assert "played t6>f1" in screen
    t.line("KH")
    screen = t.wait(r"error: ")
    assert "no legal move moves KH" in ascii_screen(screen)


def test_lost_position_and_hint_symbols(term, tmp_path: Path) -> None:
    # Klondike seed 3 is lost; play its pack through and the moves run out.
    g = patience.game("canfield-or-klondike")
    s = g.deal(3).start()
    while s.moves():
        s = s.play(s.moves()[-1] if "turn" in [m.text for m in s.moves()] else s.moves()[0])
        if len(s.history) > 400:
            break
    assert not s.moves() and not s.is_won
    rec = tmp_path / "lost.txt"
    rec.write_text(s.record() + "\n")
    t = term(play_argv("--record", str(rec)))
    screen = t.wait(r"^>\s*$")
    assert "the game is lost" in screen
    t.line("1")
    screen = t.wait(r"error: ")
    assert "no legal moves here" in screen and "(1 to 0)" not in screen
    # A hint in a live position is written with the board's suit symbols.
    t2 = term(play_argv("canfield-or-klondike", "--seed", "2", "--hint-timeout", "20"))
    t2.wait(r"^>\s*$")
    t2.line("h")
    screen = t2.wait(r"hint: ", timeout=60)
    hint_line = next(ln for ln in screen.splitlines() if "hint:" in ln)
    assert re.search(r"[\u2660\u2663\u2665\u2666]", hint_line) and not re.search(
        r"\b[A2-9TJQK][CDHS]\b", hint_line
    )


def test_random_seed_is_shown_and_printed(term) -> None:
    t = term(play_argv("clock"))
    screen = t.wait(r"^>\s*$")
    m = re.search(r"seed (\d+)", screen.splitlines()[0])
    assert m, screen
    t.line("q")
    screen = t.wait(r"EXITED:0")
    assert f"clock seed {m.group(1)}" in screen


@pytest.mark.parametrize("slug", [g.slug for g in patience.games()])
def test_every_game_fits_80_by_24_along_a_walk(slug: str) -> None:
    # The screen the session draws, without a terminal: every game, along a random walk,
    # fits 80 x 24 with the prompt, and names no face-down card of a one-pack game.
    import io
    import random

    from patience.play import Session, Style

    rng = random.Random(slug)
    s = patience.game(slug).deal(5).start()
    for step in range(30):
        ses = Session(s, io.StringIO(), io.StringIO(), Style(), size=(COLS, ROWS))
        ses.message = "hint: play t4>t7 (2S onto 3D) and a long message " * 3
        lines = ses.screen_lines()
        assert len(lines) + 1 <= ROWS, (slug, step, "\n".join(lines))
        assert all(len(ln) <= COLS for ln in lines), (slug, step)
        assert lines[0].startswith(s.game.info.title) and f"move {len(s.history)}" in lines[0]
        if s.game.info.cards == 52:
            shown = screen_cards("\n".join(lines[1:-2]))
            assert not (shown & hidden_cards(s)), (slug, step, shown & hidden_cards(s))
        moves = s.moves()
        if not moves:
            break
        s = s.play(rng.choice(moves))


def board_of(screen: str) -> list[str]:
    """The board's lines of a screen: under the heading, down to the moves (or the end)."""
    lines = [ln.rstrip() for ln in ascii_screen(screen).rstrip("\n").splitlines()]
    end = next(
        (i for i, ln in enumerate(lines) if re.match(r"moves|\*\*\* won|no legal moves", ln)),
        len(lines),
    )
    return lines[1:end]


@pytest.mark.parametrize(
    "slug", ["clock", "wheel", "besieged-city", "herring-bone", "canfield-or-klondike", "shah"]
)
def test_the_book_shapes_in_a_real_terminal(term, slug: str) -> None:
    # The shapes checked in test_textboard (a dial, a circle and cross, a city with its
    # ramparts, a herring-bone, columns under foundations, a star), read off the screen.
    from test_textboard import SHAPES

    seed = 7
    start = patience.game(slug).deal(seed).start()
    t = term(play_argv(slug, "--seed", str(seed)))
    screen = t.wait(r"^>\s*$")
    lines = screen.rstrip("\n").splitlines()
    assert len(lines) <= ROWS and all(len(ln) <= COLS for ln in lines)
    head = lines[0]
    assert head.startswith(start.game.info.title) and f"seed {seed}" in head and "move 0" in head
    board = board_of(screen)
    assert board == [ln.rstrip() for ln in board_lines(start)] or board[:-1] == [
        ln.rstrip() for ln in board_lines(start, COLS, ROWS - 9)
    ]
    SHAPES[slug](board, start)
    # A move played changes the board, and the shape holds.
    # The first move that moves a card; a choice first if there is no other (a choice,
    # such as the herring-bone's way up or down, changes no place).
    after = start
    while after.places == start.places:
        moves = after.moves()
        i = next((i for i, m in enumerate(moves) if after.play(m).places != after.places), 0)
        move = moves[i]
        t.line(str(i + 1))
        after = after.play(move)
        after_screen = t.wait(rf"move {len(after.history)}\b")
    assert f"played {move}" in ascii_screen(after_screen)
    assert board_of(after_screen) != board
    SHAPES[slug](board_of(after_screen), after)
    assert shows(after_screen, after)
