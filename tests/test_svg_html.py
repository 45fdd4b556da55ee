"""Pictures of positions (``State.svg``) and the solution page (``patience solve --html``),
the page checked in headless Chromium: stepped by its URL fragment, its visible position's
cards read back from the DOM and compared with the API's positions."""

from __future__ import annotations

import math
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
from patience.layout import COUNTERS

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
            # The corner: the rank, the suit under it.
            assert texts[0].text == {"T": "10"}.get(card[0], card[0])
            assert (
                texts[1].text
                == {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"}[card[1]]
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


# --- the book's layouts (patience.layout) drawn by State.svg ------------------------------

TRANSLATE = re.compile(r"translate\(([-\d.]+),([-\d.]+)\)")
CARD_W, CARD_H = 50, 70


def place_boxes(svg: str) -> dict[str, list[tuple[float, float]]]:
    """Each place's card corners (and empty outlines) as drawn, by label."""
    out: dict[str, list[tuple[float, float]]] = {}
    for el in ET.fromstring(svg).iter():
        cls = (el.get("class") or "").split()
        label = el.get("data-place")
        if label is None:
            continue
        if el.tag == SVG_NS + "g" and "card" in cls:
            m = TRANSLATE.fullmatch(el.get("transform", ""))
            assert m, el.attrib
            out.setdefault(label, []).append((float(m[1]), float(m[2])))
        elif el.tag == SVG_NS + "rect" and "empty" in cls:
            out.setdefault(label, []).append((float(el.get("x", 0)), float(el.get("y", 0))))
    return out


def bbox(corners: list[tuple[float, float]]) -> tuple[float, float, float, float]:
    xs, ys = [x for x, _ in corners], [y for _, y in corners]
    return min(xs), min(ys), max(xs) + CARD_W, max(ys) + CARD_H


def overlapping(boxes: dict[str, tuple[float, float, float, float]]) -> list[tuple[str, str]]:
    items = sorted(boxes.items())
    bad = []
    for i, (a, (ax0, ay0, ax1, ay1)) in enumerate(items):
        for b, (bx0, by0, bx1, by1) in items[i + 1 :]:
            if ax0 < bx1 and bx0 < ax1 and ay0 < by1 and by0 < ay1:
                bad.append((a, b))
    return bad


def texts(svg: str) -> list[str]:
    return [t.text or "" for t in ET.fromstring(svg).iter(SVG_NS + "text")]


def test_overlap_check_can_fail() -> None:
    assert overlapping({"a": (0, 0, 50, 70), "b": (40, 60, 90, 130)}) == [("a", "b")]
    assert overlapping({"a": (0, 0, 50, 70), "b": (50, 0, 100, 70)}) == []


@pytest.mark.parametrize("info", patience.games(), ids=lambda i: i.slug)
def test_start_picture_is_the_layout(info: patience.GameInfo) -> None:
    rng = random.Random("layout " + info.slug)
    g = patience.game(info.slug)
    for state in (g.deal(3).start(), walk(g.deal(3).start(), 25, rng)):
        svg = state.svg()
        root = ET.fromstring(svg)  # well-formed XML
        assert root.tag == SVG_NS + "svg"
        # Every card of every place drawn once, and nothing else drawn as a place's card.
        cards = svg_cards(svg)
        assert len(cards) == sum(len(p.cards) for p in state.places)
        assert by_place(cards, list(state.labels)) == expected_cards(state)
        # Distinct places never overlap.
        boxes = {label: bbox(c) for label, c in place_boxes(svg).items()}
        assert set(boxes) == set(state.labels)
        assert overlapping(boxes) == []
        # No key marker shown as text: no "name:" segment, no raw stream or flags.
        shown = " ".join(texts(svg))
        assert ":" not in shown
        for name, value in state.markers.items():
            if name not in COUNTERS and len(value) > 2 and value not in state.labels:
                assert value not in shown, (name, value)
        # The counters a person reads, in words.
        if "pass" in state.markers:
            assert f"pass {state.markers['pass']}" in shown
        for p in state.places:
            if p.kind == "pack":
                assert f"pack {len(p.cards)}" in shown


def test_herring_bone_shows_no_markers() -> None:
    state = patience.game("herring-bone").deal(1).start()
    assert set(state.markers) >= {"dir", "rng", "pending"}
    shown = texts(state.svg())
    assert not any(re.search(r"\b(dir|rng|pending)\b", t) for t in shown)
    assert "pack 63  \u00b7  pass 1" in shown


def test_clock_is_a_dial() -> None:
    svg = patience.game("clock").deal(1).start().svg()
    boxes = {label: bbox(c) for label, c in place_boxes(svg).items()}
    for ring in ("F", "P"):
        centre = {
            k: ((b[0] + b[2]) / 2, (b[1] + b[3]) / 2)
            for k, b in boxes.items()
            if re.fullmatch(ring + r"\d+", k)
        }
        assert len(centre) == 12
        xs = sorted(centre, key=lambda k: centre[k][0])
        ys = sorted(centre, key=lambda k: centre[k][1])
        # XII at the top, III on the right, VI at the bottom, IX on the left.
        assert ys[0] == f"{ring}12" and ys[-1] == f"{ring}6"
        assert xs[-1] == f"{ring}3" and xs[0] == f"{ring}9"
    # The packets ring the foundations.
    f = [boxes[f"F{k}"] for k in range(1, 13)]
    p = [boxes[f"P{k}"] for k in range(1, 13)]
    assert min(b[0] for b in p) < min(b[0] for b in f)
    assert max(b[3] for b in p) > max(b[3] for b in f)


def test_wheel_draws_its_cross_and_circle() -> None:
    state = patience.game("wheel").deal(1).start()
    root = ET.fromstring(state.svg())
    aside = [g.get("data-card") for g in root.iter(SVG_NS + "g") if g.get("class") == "ornament"]
    assert sorted(aside) == sorted(str(c) for c in state.aside)
    assert len(aside) == 8 and all(c[0] == "A" for c in aside)
    ring = [r for r in root.iter(SVG_NS + "rect") if r.get("class") == "ring"]
    assert len(ring) == 24


def test_ten_is_written_whole_in_a_fan() -> None:
    # Turn through the pack until the talon's fan holds a ten under its top card.
    for seed in range(1, 20):
        state = patience.game("canfield-or-klondike").deal(seed).start()
        for _ in range(23):
            state = state.play("turn")
        if any(c.rank == 10 for c in state.place("talon").cards[:-1]):
            break
    talon = state.place("talon").cards
    assert any(c.rank == 10 for c in talon[:-1])
    root = ET.fromstring(state.svg())
    groups = [
        g
        for g in root.iter(SVG_NS + "g")
        if g.get("data-place") == "talon" and g.get("class") == "card"
    ]
    xs = [float(TRANSLATE.fullmatch(g.get("transform", ""))[1]) for g in groups]  # type: ignore[index]
    for g in groups:
        if g.get("data-card", "")[0] == "T":
            rank = next(t for t in g.iter(SVG_NS + "text") if t.get("class") == "rank")
            assert rank.text == "10"
            # The whole rank shows: its text fits the strip the next card leaves.
            assert float(rank.get("textLength", "99")) + 2 <= 17
    steps = [b - a for a, b in zip(xs, xs[1:])]
    assert all(s == 0 or s > 16.99 for s in steps), steps


def test_every_fan_leaves_the_corner_readable() -> None:
    for info in patience.games():
        state = walk(patience.game(info.slug).deal(2).start(), 30, random.Random(info.slug))
        for label, corners in place_boxes(state.svg()).items():
            for (ax, ay), (bx, by) in zip(corners, corners[1:]):
                dx, dy = abs(bx - ax), abs(by - ay)
                assert (dx, dy) == (0, 0) or dx > 16.99 or dy > 14.99, (info.slug, label)


def highlighted(svg: str) -> set[str]:
    return {
        r.get("data-place", "")
        for r in ET.fromstring(svg).iter(SVG_NS + "rect")
        if r.get("class") == "highlight"
    }


def test_last_move_highlights_its_places() -> None:
    start = patience.game("canfield-or-klondike").deal(SEED).start()
    assert highlighted(start.svg()) == set()
    after = start.play("t4>t7")
    assert highlighted(after.svg(last_move="t4>t7")) == {"T4", "T7"}
    assert highlighted(after.svg(last_move=start.move("t4>t7"))) == {"T4", "T7"}
    turned = start.play("turn")
    assert highlighted(turned.svg(last_move="turn")) == {"pack", "talon"}
    with pytest.raises(patience.PatienceError, match="not the move"):
        turned.svg(last_move="t4>t7")
    with pytest.raises(patience.PatienceError, match="not the move"):
        turned.svg(last_move=start.move("t4>t7"))
    with pytest.raises(TypeError, match="last_move"):
        turned.svg(last_move=3)  # type: ignore[arg-type]


@pytest.mark.parametrize("slug", ["clock", "wheel", "herring-bone", "besieged-city", "labyrinth"])
def test_last_move_highlights_changed_places_in_walks(slug: str) -> None:
    rng = random.Random(slug)
    state = patience.game(slug).deal(2).start()
    for _ in range(15):
        moves = state.moves()
        if not moves:
            break
        move = rng.choice(moves)
        after = state.play(move)
        changed = {
            p.label
            for p in after.places
            if p.label not in state.labels or p.cards != state.place(p.label).cards
        }
        assert highlighted(after.svg(last_move=move)) == changed
        state = after


def test_size_scales_the_picture() -> None:
    state = patience.game("clock").deal(1).start()
    root = ET.fromstring(state.svg(size=300))
    assert float(root.get("width", 0)) == 300
    vb = [float(v) for v in root.get("viewBox", "").split()]
    assert abs(float(root.get("height", 0)) - 300 * vb[3] / vb[2]) < 0.01
    with pytest.raises(patience.PatienceError, match="size"):
        state.svg(size=-1)


def test_browser_draws_the_highlight(tmp_path: Path) -> None:
    start = patience.game("clock").deal(1).start()
    move = start.moves()[0]
    after = start.play(move)
    shots = []
    for n, svg in enumerate((after.svg(), after.svg(last_move=move))):
        src = tmp_path / f"pos{n}.svg"
        src.write_text(svg, encoding="utf-8")
        png = tmp_path / f"pos{n}.png"
        chromium(tmp_path, f"--screenshot={png}", "--window-size=700,800", src.as_uri())
        w, h, pixels = png_pixels(png)
        assert (w, h) == (700, 800)
        assert len(set(pixels)) > 16
        shots.append(pixels)
    assert shots[0] != shots[1]


def test_shah_is_a_star_of_rays() -> None:
    rng = random.Random(3)
    state = patience.game("shah").deal(1).start()
    for _ in range(60):
        state = state.play(rng.choice(state.moves()))
    root = ET.fromstring(state.svg())
    shah = next(g for g in root.iter(SVG_NS + "g") if g.get("class") == "ornament")
    m = TRANSLATE.fullmatch(shah.get("transform", ""))
    assert m
    centre = (float(m[1]), float(m[2]))
    boxes = place_boxes(state.svg())
    grown = 0
    for k in range(1, 9):
        corners = boxes[f"R{k}"]
        dist = [math.dist(c, centre) for c in corners]
        # Each ray goes out from its ace: every card further out than the one under it.
        assert dist == sorted(dist) and min(dist) > math.dist(bbox(boxes[f"F{k}"])[:2], centre)
        grown += len(corners) > 2
    assert grown >= 4


@pytest.mark.parametrize("info", patience.games(), ids=lambda i: i.slug)
def test_layout_boxes_are_disjoint(info: patience.GameInfo) -> None:
    from patience import svg as svg_module
    from patience.layout import FANS, GAP_X, GAP_Y, layout

    state = walk(patience.game(info.slug).deal(5).start(), 40, random.Random(info.slug))
    lay = layout(info.slug, state.labels)
    assert sorted(s.label for s in lay.slots) == sorted(state.labels)
    assert all(s.fan in FANS and s.w >= 1 and s.h >= 1 for s in lay.slots)
    assert all(s.x >= 0 and s.y >= 0 for s in lay.slots)
    boxes = {s.label: s.content() for s in lay.slots}
    assert overlapping(boxes) == []
    # The picture's pixels fit inside the layout's contents.
    assert svg_module.GAP / svg_module.UX >= GAP_X and svg_module.GAP / svg_module.UY >= GAP_Y


def test_unknown_labels_still_get_a_place() -> None:
    from patience.layout import layout

    lay = layout("no-such-game", ["F1", "X1", "pack", "X2"])
    assert [s.label for s in lay.slots] == ["F1", "pack", "X1", "X2"]
    assert lay.slot("X1") is not None and lay.slot("X1").fan == "down"  # type: ignore[union-attr]


def test_contact_sheet_holds_every_game() -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
    try:
        import screenshots
    finally:
        sys.path.pop(0)
    text, w, h = screenshots.sheet(1)
    root = ET.fromstring(text)
    games = {s.get("data-game") for s in root.iter(SVG_NS + "svg") if s.get("data-game")}
    assert games == {i.slug for i in patience.games()}
    assert (w, h) == (float(root.get("width", 0)), float(root.get("height", 0)))
