"""Write text captures of ``patience play`` at 80 x 24 into ``docs/screenshots/``.

Each game runs in a real terminal (a private tmux server), a few commands are typed as a
player would, and the screen is captured with ``tmux capture-pane -p``:

    python tools/terminal_screenshots.py            # the games below
    python tools/terminal_screenshots.py clock 7    # one game and seed

Needs ``tmux`` and the package importable (``pip install -e .`` or ``PYTHONPATH=python``).
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
import time
import uuid
from pathlib import Path

COLS, ROWS = 80, 24
OUT = Path(__file__).resolve().parent.parent / "docs" / "screenshots"

#: The book's shapes: columns under foundations with a stock, a city with its ramparts, a
#: dial, a herring-bone, a circle and cross, a star of rays, a ring of 24 round a double
#: row, and a game of 67 places and a thousand moves.
SHOTS: list[tuple[str, int, list[str]]] = [
    ("canfield-or-klondike", 4, ["1", "turn"]),
    ("besieged-city", 1, ["1"]),
    ("clock", 1, ["2", "1"]),
    ("herring-bone", 1, ["up", "1"]),
    ("wheel", 1, ["1"]),
    ("shah", 1, ["1", "2"]),
    ("zodiac", 1, []),
    ("empress-of-india", 1, ["+"]),
]


def capture(slug: str, seed: int, commands: list[str]) -> str:
    """The screen after ``commands``, as text (suit symbols, no colour)."""
    tmux = shutil.which("tmux")
    if tmux is None:
        raise SystemExit("terminal_screenshots: tmux is needed (apt-get install tmux)")
    sock = "shot-" + uuid.uuid4().hex[:8]
    env = {**os.environ, "TERM": "xterm-256color", "LC_ALL": "C.UTF-8"}
    exports = " ".join(f"{k}={shlex.quote(v)}" for k, v in env.items() if k.isidentifier())
    argv = [sys.executable, "-m", "patience", "play", slug, "--seed", str(seed)]
    cmd = f"env {exports} {shlex.join(argv)}; sleep 30"

    def run(*args: str) -> str:
        return subprocess.run(
            [tmux, "-u", "-L", sock, *args], check=True, capture_output=True, text=True
        ).stdout

    def wait_prompt(before: str) -> str:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            text = run("capture-pane", "-p", "-t", "s")
            if re.search(r"^>\s*$", text, re.M) and text != before:
                return text
            time.sleep(0.1)
        raise SystemExit(f"terminal_screenshots: {slug} never showed its prompt")

    run("new-session", "-d", "-s", "s", "-x", str(COLS), "-y", str(ROWS), cmd)
    try:
        screen = wait_prompt("")
        for c in commands:
            run("send-keys", "-t", "s", "-l", c)
            run("send-keys", "-t", "s", "Enter")
            time.sleep(0.3)
            screen = wait_prompt(screen)
        return screen
    finally:
        subprocess.run([tmux, "-L", sock, "kill-server"], capture_output=True)


def main(argv: list[str]) -> int:
    shots = SHOTS if not argv else [(argv[0], int(argv[1]) if len(argv) > 1 else 1, [])]
    OUT.mkdir(parents=True, exist_ok=True)
    for slug, seed, commands in shots:
        screen = capture(slug, seed, commands)
        lines = screen.rstrip("\n").splitlines()
        assert len(lines) <= ROWS and all(len(x) <= COLS for x in lines), slug
        path = OUT / f"terminal-{slug}.txt"
        typed = " | ".join(commands) if commands else "nothing"
        path.write_text(
            f"patience play {slug} --seed {seed}   (80 x 24; typed: {typed})\n"
            + "-" * COLS
            + "\n"
            + "\n".join(ln.rstrip() for ln in lines)
            + "\n",
            encoding="utf-8",
        )
        print(f"wrote {path.relative_to(OUT.parent.parent)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
