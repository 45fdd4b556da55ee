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

TMUX = shutil.which("tmux")
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
        self.tmux("new-session", "-d", "-s", "t", "-x", "150", "-y", "60", cmd)

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
    """Every line of the state's display text is a line of the screen, in order."""
    lines = [ln.rstrip() for ln in ascii_screen(screen).splitlines()]
    want = [ln.rstrip() for ln in str(state).rstrip("\n").splitlines()]
    return any(lines[i : i + len(want)] == want for i in range(len(lines) - len(want) + 1))


def test_play_undo_hint_save_load_quit(term, tmp_path: Path) -> None:
    g = patience.game("canfield-or-klondike")
    start = g.deal(2).start()
    moves = start.moves()
    t = term(play_argv("canfield-or-klondike", "--seed", "2", "--hint-timeout", "20"))
    screen = t.wait(r"^>\s*$")
    assert "move 0" in screen and shows(screen, start)
    for i, m in enumerate(moves, 1):
        assert f"{i}. {m.describe()}" in ascii_screen(screen)
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
    assert str(start).splitlines()[0] in out.stdout
    assert f"played {start.moves()[0]}" in out.stdout


@pytest.mark.parametrize(
    "argv",
    [["no-such-game"], ["canfield-or-klondike", "-o", "bogus=1"], [], ["--record", "/no/file"]],
)
def test_bad_command_line_is_one_line(argv: list[str]) -> None:
    out = subprocess.run(play_argv(*argv), input="", capture_output=True, text=True, timeout=60)
    assert out.returncode == 2
    assert out.stderr.startswith("patience: error: ") and out.stderr.count("\n") == 1
