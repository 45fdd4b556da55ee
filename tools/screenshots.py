"""Write the contact sheet of every game's start position: docs/screenshots/start-positions.svg
and, through headless Chromium, start-positions.png; and clock-last-move.svg/.png, a position
with the move that led to it highlighted.

    PYTHONPATH=python python tools/screenshots.py [--seed N] [--out DIR] [--each DIR]

``--each DIR`` also writes one PNG per game into DIR (for looking at one game closely).
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
from html import escape
from pathlib import Path

import patience

ROOT = Path(__file__).resolve().parent.parent
CELL_W, CELL_H, TITLE_H, PER_ROW = 440, 380, 22, 6


def chromium() -> str:
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found is None:
        sys.exit("screenshots: chromium is needed (apt-get install chromium)")
    return found


def png(svg_path: Path, png_path: Path, width: int, height: int) -> None:
    """A screenshot of the SVG file at its own size, by headless Chromium."""
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(
            [
                chromium(),
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--no-first-run",
                "--hide-scrollbars",
                f"--user-data-dir={tmp}",
                f"--screenshot={png_path}",
                f"--window-size={width},{height}",
                svg_path.as_uri(),
            ],
            check=True,
            capture_output=True,
            timeout=120,
        )


def sheet(seed: int) -> tuple[str, int, int]:
    """Every game's start position, one cell each, with its title."""
    cells = []
    infos = patience.games()
    for i, info in enumerate(infos):
        x, y = (i % PER_ROW) * CELL_W, (i // PER_ROW) * CELL_H
        svg = patience.game(info.slug).deal(seed).start().svg()
        inner = re.sub(r' width="[^"]*" height="[^"]*"', "", svg, count=1)
        cells.append(
            f'<g transform="translate({x},{y})">'
            f'<text x="{CELL_W / 2}" y="16" font-size="15" text-anchor="middle" '
            f'fill="#222">{escape(info.title)} ({escape(info.slug)})</text>'
            f'<svg x="6" y="{TITLE_H}" width="{CELL_W - 12}" height="{CELL_H - TITLE_H - 8}"'
            + inner[len("<svg") :]
            + "</g>"
        )
    rows = -(-len(infos) // PER_ROW)
    w, h = PER_ROW * CELL_W, rows * CELL_H
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
        f'viewBox="0 0 {w} {h}" font-family="DejaVu Sans, Arial, sans-serif">'
        f'<rect width="100%" height="100%" fill="#f4f4f0"/>' + "".join(cells) + "</svg>",
        w,
        h,
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    ap.add_argument("--each", type=Path, default=None)
    args = ap.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    text, w, h = sheet(args.seed)
    svg_path = args.out / "start-positions.svg"
    svg_path.write_text(text, encoding="utf-8")
    png(svg_path, args.out / "start-positions.png", w, h)
    print(f"wrote {svg_path} and {args.out / 'start-positions.png'}")
    # One position with its last move highlighted.
    start = patience.game("clock").deal(args.seed).start()
    move = start.moves()[0]
    one = args.out / "clock-last-move.svg"
    one.write_text(start.play(move).svg(last_move=move, size=560), encoding="utf-8")
    m = re.search(r'width="([\d.]+)" height="([\d.]+)"', one.read_text(encoding="utf-8"))
    assert m
    png(one, args.out / "clock-last-move.png", int(float(m[1])) + 1, int(float(m[2])) + 1)
    print(f"wrote {one} and its PNG (last move {move.describe()})")
    if args.each is not None:
        args.each.mkdir(parents=True, exist_ok=True)
        for info in patience.games():
            svg = patience.game(info.slug).deal(args.seed).start().svg()
            m = re.search(r'width="([\d.]+)" height="([\d.]+)"', svg)
            assert m
            one = args.each / f"{info.slug}.svg"
            one.write_text(svg, encoding="utf-8")
            png(one, args.each / f"{info.slug}.png", int(float(m[1])) + 1, int(float(m[2])) + 1)
        print(f"wrote one picture per game into {args.each}")


if __name__ == "__main__":
    main()
