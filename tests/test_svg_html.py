"""Pictures of positions (``State.svg``) and the solution page (``patience solve --html``),
the page checked in headless Chromium: stepped by its URL fragment, its visible position's
cards read back from the DOM and compared with the API's positions."""

from __future__ import annotations

import random
import re
import shutil
import struct
import subprocess
import sys
import xml.etree.ElementTree as ET
import zlib
from html.parser import HTMLParser
from pathlib import Path

import patience
import pytest

SVG_NS = "{http://www.w3.org/2000/svg}"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
SEED = 4  # canfield-or-klondike seed 4 is won (in well under a second)


def expected_cards(state: patience.State) -> dict[str, list[str]]:
    """Each place's cards bottom to top, face-down cards as ``??``."""
    return {p.label: [str(c) if c.face_up else "??" for c in p.cards] for p in state.places}


def by_place(pairs: list[tuple[str, str]], labels: list[str]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {label: [] for label in labels}
    for label, card in pairs:
        out.setdefault(label, []).append(card)
    return out


def svg_cards(svg: str) -> list[tuple[str, str]]:
    root = ET.fromstring(svg)
    return [
        (g.get("data-place", ""), g.get("data-card", ""))
        for g in root.iter(SVG_NS + "g")
        if "card" in (g.get("class") or "").split()
    ]


def walk(state: patience.State, n: int, rng: random.Random) -> patience.State:
    for _ in range(n):
        moves = state.moves()
        if not moves:
            break
        state = state.play(rng.choice(moves))
    return state


@pytest.mark.parametrize("info", patience.games(), ids=lambda i: i.slug)
def test_svg_draws_every_card_of_every_place(info: patience.GameInfo) -> None:
    rng = random.Random(info.slug)
    g = patience.game(info.slug)
    for seed in (1, 2):
        for state in (g.deal(seed).start(), walk(g.deal(seed).start(), 12, rng)):
            svg = state.svg()
            labels_in_order = [p.label for p in state.places]
            assert by_place(svg_cards(svg), labels_in_order) == expected_cards(state)
            assert state._repr_svg_() == svg
            root = ET.fromstring(svg)
            labels = {t.text for t in root.iter(SVG_NS + "text") if t.get("class") == "label"}
            assert labels == {p.label for p in state.places}
            # A face-down card is never named in the picture.
            titles = [t.text for t in root.iter(SVG_NS + "title")]
            shown = [c for cards in expected_cards(state).values() for c in cards if c != "??"]
            assert sorted(titles) == sorted(shown)


def test_svg_colours_and_backs() -> None:
    state = patience.game("canfield-or-klondike").deal(SEED).start()
    root = ET.fromstring(state.svg())
    cards = [g for g in root.iter(SVG_NS + "g") if g.get("data-card")]
    for g in cards:
        texts = [t for t in g.iter(SVG_NS + "text")]
        card = g.get("data-card")
        if card == "??":
            assert "back" in g.get("class", "") and not texts
        else:
            fills = {t.get("fill") for t in texts}
            assert fills == ({"#c0392b"} if card[1] in "DH" else {"#111"})
            assert {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"}[card[1]] in (
                texts[0].text or ""
            )


class Sections(HTMLParser):
    """The page's step sections: for each, its attributes and the cards inside it."""

    def __init__(self) -> None:
        super().__init__()
        self.steps: list[dict[str, object]] = []
        self.body: dict[str, str | None] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "body":
            self.body = a
        if tag == "section" and "step" in (a.get("class") or ""):
            self.steps.append({"attrs": a, "cards": []})
        elif tag == "g" and a.get("data-card") and self.steps:
            self.steps[-1]["cards"].append((a.get("data-place"), a.get("data-card")))  # type: ignore[union-attr]


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "patience", *args], capture_output=True, text=True, timeout=120
    )


@pytest.fixture(scope="module")
def page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("html") / "win.html"
    out = cli("solve", "canfield-or-klondike", "--seed", str(SEED), "--html", str(path))
    assert out.returncode == 0, out.stderr
    return path


@pytest.fixture(scope="module")
def states() -> list[patience.State]:
    sol = patience.game("canfield-or-klondike").solve(SEED, timeout=60)
    assert sol.verdict == "won"
    return list(sol.replay())


def test_page_holds_every_position(page: Path, states: list[patience.State]) -> None:
    text = page.read_text(encoding="utf-8")
    assert "<script src" not in text and "<link" not in text and "<img" not in text
    p = Sections()
    p.feed(text)
    assert len(p.steps) == len(states)
    moves = [m.describe(reveal=True) for m in states[-1].game.solve(SEED, timeout=60).steps()]
    for i, (step, st) in enumerate(zip(p.steps, states)):
        assert by_place(step["cards"], [p.label for p in st.places]) == expected_cards(st)  # type: ignore[arg-type]
        attrs = step["attrs"]
        assert attrs["data-step"] == str(i)  # type: ignore[index]
        if i:
            assert attrs["data-move"] == f"{i}. {moves[i - 1]}"  # type: ignore[index]


def test_page_to_stdout_and_not_won() -> None:
    out = cli("solve", "canfield-or-klondike", "--seed", "3", "--html", "-")
    assert out.returncode == 0
    assert out.stdout.startswith("<!DOCTYPE html>")
    p = Sections()
    p.feed(out.stdout)
    start = patience.game("canfield-or-klondike").deal(3).start()
    assert len(p.steps) == 1
    got = by_place(p.steps[0]["cards"], [q.label for q in start.places])  # type: ignore[arg-type]
    assert got == expected_cards(start)
    assert "lost" in out.stdout


def test_page_bad_path_is_one_line() -> None:
    out = cli("solve", "canfield-or-klondike", "--seed", "3", "--html", "/no/such/dir/x.html")
    assert out.returncode == 2
    assert out.stderr.startswith("patience: error: ") and out.stderr.count("\n") == 1


def chromium(tmp: Path, *args: str) -> subprocess.CompletedProcess[bytes]:
    if CHROMIUM is None:
        raise RuntimeError("chromium is needed for the browser tests (apt-get install chromium)")
    return subprocess.run(
        [
            CHROMIUM,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            f"--user-data-dir={tmp / 'profile'}",
            *args,
        ],
        capture_output=True,
        timeout=90,
    )


def png_pixels(path: Path) -> tuple[int, int, bytes]:
    """Width, height and the inflated (still filtered) image data of a PNG."""
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, width, height = 8, b"", 0, 0
    while pos < len(data):
        (n,) = struct.unpack(">I", data[pos : pos + 4])
        kind, body = data[pos + 4 : pos + 8], data[pos + 8 : pos + 8 + n]
        if kind == b"IHDR":
            width, height = struct.unpack(">II", body[:8])
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    return width, height, zlib.decompress(idat)


def test_browser_steps_by_fragment(
    page: Path, states: list[patience.State], tmp_path: Path
) -> None:
    last = len(states) - 1
    for n in (5, last):
        out = chromium(tmp_path, "--dump-dom", f"{page.as_uri()}#step={n}")
        dom = out.stdout.decode("utf-8")
        p = Sections()
        p.feed(dom)
        assert p.body.get("data-current") == str(n)
        visible = [s for s in p.steps if "hidden" not in s["attrs"]]  # type: ignore[operator]
        assert len(visible) == 1
        assert visible[0]["attrs"]["data-step"] == str(n)  # type: ignore[index]
        labels = [q.label for q in states[n].places]
        assert by_place(visible[0]["cards"], labels) == expected_cards(states[n])  # type: ignore[arg-type]
        assert re.search(rf"position {n} of {last}", dom)
    assert states[last].is_won


def test_browser_screenshots_differ_between_steps(page: Path, tmp_path: Path) -> None:
    shots = []
    for n in (0, 5):
        png = tmp_path / f"step{n}.png"
        chromium(
            tmp_path, f"--screenshot={png}", "--window-size=800,640", f"{page.as_uri()}#step={n}"
        )
        w, h, pixels = png_pixels(png)
        assert (w, h) == (800, 640)
        assert len(set(pixels)) > 16  # not a blank page
        shots.append(pixels)
    assert shots[0] != shots[1]


def test_page_lists_the_line_with_its_length(page: Path, states: list[patience.State]) -> None:
    text = page.read_text(encoding="utf-8")
    last = len(states) - 1
    assert f": {last} moves</h1>" in text
    assert f'id="slider" min="0" max="{last}"' in text
    items = re.findall(r'<li value="(\d+)" data-step="\d+"><a href="#step=(\d+)">', text)
    assert [int(a) for a, _ in items] == list(range(last + 1))


def test_browser_marks_the_current_move_in_the_list(page: Path, tmp_path: Path) -> None:
    out = chromium(tmp_path, "--dump-dom", f"{page.as_uri()}#step=7")
    dom = out.stdout.decode("utf-8")
    current = re.findall(r'<li value="(\d+)" data-step="\d+" class="current">', dom)
    assert current == ["7"]
    assert re.search(r'id="slider"[^>]*', dom)
