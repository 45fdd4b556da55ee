"""The terminal board in the book's shape of each game (``patience._textboard``), checked
against the positions as the API gives them: every game fits its room along play, shows
every place's top card and never a face-down card, and the shaped games keep their shapes
(a dial, a wheel, a city, a herring-bone, a star)."""

from __future__ import annotations

import math
import random
import re
from collections import Counter

import patience
import pytest
from patience import _textboard
from patience.play import Session, Style, board_lines, render

WIDTH, BOARD_ROWS, SCREEN_ROWS = 80, 16, 24
CARD = re.compile(r"(?<![A-Za-z0-9])([A2-9TJQK][CDHS])(?![A-Za-z0-9])")


def walk(slug: str, seed: int, stops: tuple[int, ...]) -> list[patience.State]:
    """The positions at the given move counts of a random walk from the deal (fewer if the
    walk ends)."""
    rng = random.Random(f"{slug}/{seed}")
    s = patience.game(slug).deal(seed).start()
    out = []
    for step in range(max(stops) + 1):
        if step in stops:
            out.append(s)
        moves = s.moves()
        if not moves:
            break
        s = s.play(rng.choice(moves))
    return out


def tokens(lines: list[str]) -> Counter[str]:
    return Counter(m for ln in lines for m in CARD.findall(ln))


def where(lines: list[str], token: str) -> list[tuple[int, int]]:
    """(row, column) of each whole-word occurrence of ``token``."""
    pat = re.compile(r"(?<!\S)" + re.escape(token) + r"(?!\S)")
    return [(r, m.start()) for r, ln in enumerate(lines) for m in pat.finditer(ln)]


def one(lines: list[str], token: str) -> tuple[int, int]:
    found = where(lines, token)
    assert len(found) == 1, (token, found, "\n".join(lines))
    return found[0]


@pytest.mark.parametrize("slug", [g.slug for g in patience.games()])
def test_every_game_fits_and_shows_what_lies_face_up(slug: str) -> None:
    for seed in (5, 11):
        for s in walk(slug, seed, (0, 3, 12, 40, 90)):
            shaped = _textboard.board(s, WIDTH, BOARD_ROWS)
            assert shaped is not None, (slug, seed, len(s.history), "no shape fits")
            lines = board_lines(s, WIDTH, BOARD_ROWS)
            assert lines == shaped
            assert len(lines) <= BOARD_ROWS and all(len(ln) <= WIDTH for ln in lines)
            assert lines and lines[0].strip(), (slug, "\n".join(lines))
            shown = tokens(lines)
            up = Counter(str(c) for p in s.places for c in p.cards if c.face_up)
            up += Counter(str(c) for c in s.aside if c.face_up)
            tops = Counter(str(p.top) for p in s.places if p.top is not None and p.top.face_up)
            where_ = (slug, seed, len(s.history), "\n".join(lines))
            # Never more copies of a card than lie face up: no face-down card is named.
            assert all(n <= up[c] for c, n in shown.items()), (shown - up, *where_)
            # Every place's top card that lies face up is drawn.
            assert all(shown[c] >= n for c, n in tops.items()), (tops - shown, *where_)
            # The key's bookkeeping markers never show.
            labels = {p.label for p in s.places}
            for name, value in s.markers.items():
                if name not in ("pass", "redeals") and len(value) >= 6 and value not in labels:
                    assert value not in "\n".join(lines), (name, *where_)
            # The whole screen, with a two-line message and the prompt, fits 80 x 24.
            ses = Session(s, None, None, Style(), size=(WIDTH, SCREEN_ROWS))  # type: ignore[arg-type]
            ses.message = "error: a message long enough to take two lines of the screen " * 2
            screen = ses.screen_lines()
            assert len(screen) + 1 <= SCREEN_ROWS and all(len(x) <= WIDTH for x in screen)
            assert screen[1 : 1 + len(lines)] == lines


def test_a_face_down_card_is_a_back_and_a_long_pile_is_counted() -> None:
    # Klondike's deal: column k holds k-1 face-down cards under one face-up card.
    s = patience.game("canfield-or-klondike").deal(1).start()
    lines = board_lines(s)
    for k in range(2, 8):
        col = one(lines, f"T{k}")[1]
        down = "##" if k == 2 else f"#{k - 1}"
        top = str(s.places[[p.label for p in s.places].index(f"T{k}")].top)
        r = one(lines, f"T{k}")[0]
        assert lines[r + 1][col : col + len(down)] == down
        assert lines[r + 2][col : col + 2] == top
    # A talon of many cards: the top ones shown, the rest counted, the top card last.
    while True:
        talon = next(p for p in s.places if p.kind == "talon")
        if len(talon.cards) > 12:
            break
        s = s.play("turn" if "turn" in [m.text for m in s.moves()] else s.moves()[0])
    lines = board_lines(s)
    r, c = one(lines, "talon")
    after = lines[r][c:].split()
    assert after[1].startswith("+")
    hidden = int(after[1][1:])
    shown = [t for t in after[2:] if CARD.fullmatch(t)]
    # The talon is drawn up to the foundations: its cards are those before "F1".
    shown = after[2 : after.index("F1")] if "F1" in after else shown
    assert hidden + len(shown) == len(talon.cards)
    assert shown == [str(x) for x in talon.cards[-len(shown) :]]


def _angle(p: tuple[float, float], centre: tuple[float, float]) -> float:
    """Degrees clockwise from the top, a cell being about twice as tall as wide."""
    dy, dx = p[0] - centre[0], (p[1] - centre[1]) / 2.2
    return math.degrees(math.atan2(dx, -dy)) % 360


def assert_dial(lines: list[str]) -> None:
    """THE CLOCK: the packets P1..P12 and foundations F1..F12 lie on two rings round one
    centre, the foundations inside, both clockwise with the twelfth at the top."""
    pts = {lb: one(lines, lb) for k in range(1, 13) for lb in (f"P{k}", f"F{k}")}
    ps = [pts[f"P{k}"] for k in range(1, 13)]
    centre = (sum(r for r, _ in ps) / 12, sum(c + 1 for _, c in ps) / 12)
    for ring in ("P", "F"):
        angles = [
            _angle((pts[f"{ring}{k}"][0], pts[f"{ring}{k}"][1] + 1), centre) for k in range(1, 13)
        ]
        assert min(angles[11], 360 - angles[11]) < 20, (ring, angles)
        steps = [(angles[(k + 1) % 12] - angles[k]) % 360 for k in range(12)]
        assert all(5 < d < 70 for d in steps), (ring, steps, "\n".join(lines))
    for k in range(1, 13):
        (pr, pc), (fr, fc) = pts[f"P{k}"], pts[f"F{k}"]
        dist = lambda r, c: math.hypot(r - centre[0], (c + 1 - centre[1]) / 2.2)  # noqa: E731
        assert dist(fr, fc) < dist(pr, pc), k


def assert_wheel(lines: list[str], s: patience.State) -> None:
    """THE WHEEL: 24 marks on a ring (``[]`` for each card in the circle), the cross of
    eight aces (the cards set aside, built on as play goes) in its middle, four on a row and
    four in a column, the packets under it."""
    circle = int(s.markers.get("circle", "0"))
    marks = [(r, m.start()) for r, ln in enumerate(lines) for m in re.finditer(r"\[\]|\.\.", ln)]
    assert len(marks) == 24, "\n".join(lines)
    assert sum(lines[r][c] == "[" for r, c in marks) == circle
    rows = [r for r, _ in marks]
    assert max(rows) - min(rows) >= 8
    centre = (sum(rows) / 24, sum(c for _, c in marks) / 24)
    angles = sorted(_angle(p, centre) for p in marks)
    gaps = [(angles[(i + 1) % 24] - angles[i]) % 360 for i in range(24)]
    assert max(gaps) < 45, gaps  # all round, no side missing
    inside = [
        (r, m.start(), m.group(1))
        for r, ln in enumerate(lines)
        if min(rows) < r < max(rows)
        for m in CARD.finditer(ln)
    ]
    # The cross is the eight aces (the other cards aside are in the finished packets,
    # counted by the ring).
    assert len(s.aside) == 8 + 4 * circle
    aces = Counter(str(c) for c in s.aside if c.rank == 1)
    assert sum(aces.values()) == 8
    assert Counter(t for _, _, t in inside) == aces, "\n".join(lines)
    aces = [(r, c) for r, c, _ in inside]
    by_row = Counter(r for r, _ in aces)
    by_col = Counter(c for _, c in aces)
    assert by_row.most_common(1)[0][1] == 4 and by_col.most_common(1)[0][1] == 4
    assert all(one(lines, f"P{k}")[0] > max(rows) for k in range(1, 13))


def assert_city(lines: list[str]) -> None:
    """THE BESIEGED CITY: a 4 x 3 city, ramparts left and right of each of its rows, the top
    and bottom ramparts over and under it, a foundation at each corner."""
    city = {(i, j): one(lines, f"R{i}{j}") for i in range(1, 5) for j in range(1, 4)}
    for i in range(1, 5):
        assert len({city[i, j][0] for j in (1, 2, 3)}) == 1
        assert city[i, 1][1] < city[i, 2][1] < city[i, 3][1]
        left, right = one(lines, f"Left{i}"), one(lines, f"Right{i}")
        assert left[0] == right[0] == city[i, 1][0]
        assert left[1] < city[i, 1][1] and right[1] > city[i, 3][1]
    for j in (1, 2, 3):
        assert city[1, j][0] < city[2, j][0] < city[3, j][0] < city[4, j][0]
        top, bottom = one(lines, f"Top{j}"), one(lines, f"Bottom{j}")
        assert top[0] < city[1, j][0] and bottom[0] > city[4, j][0]
        assert top[1] == city[1, j][1] == bottom[1]
    f = [one(lines, f"F{k}") for k in (1, 2, 3, 4)]
    assert f[0][0] == f[1][0] < city[1, 1][0] and f[2][0] == f[3][0] > city[4, 1][0]
    assert f[0][1] < city[1, 1][1] < city[1, 3][1] < f[1][1]


def assert_herring_bone(lines: list[str], bone: patience.Place) -> None:
    """THE HERRING-BONE: its cards down a spine, leaning left and right in turn, the top
    card last."""
    ribs = [(r, ln) for r, ln in enumerate(lines) if "\\|" in ln or "|/" in ln]
    assert len(ribs) >= 4
    spines = {ln.index("\\|") + 1 if "\\|" in ln else ln.index("|/") for _, ln in ribs}
    assert len(spines) == 1
    sides = ["\\|" in ln for _, ln in ribs]
    assert all(a != b for a, b in zip(sides, sides[1:]))
    assert [r for r, _ in ribs] == list(range(ribs[0][0], ribs[0][0] + len(ribs)))
    last = ribs[-1][1]
    assert str(bone.top) in last


def assert_star(lines: list[str]) -> None:
    """THE SHAH: the Shah in the middle, the foundations round him, eight rays going out:
    R1 up, R3 right, R5 down, R7 left, the others slantwise."""
    shah = one(lines, "Shah")
    rays = {k: one(lines, f"R{k}") for k in range(1, 9)}
    r, c = shah
    assert rays[1][0] < r and rays[5][0] > r and rays[3][1] > c and rays[7][1] < c
    assert rays[2][0] < r and rays[2][1] > c and rays[4][0] > r and rays[4][1] > c
    assert rays[6][0] > r and rays[6][1] < c and rays[8][0] < r and rays[8][1] < c
    assert abs(rays[1][1] - c) <= 2 and abs(rays[5][1] - c) <= 2


def assert_klondike(lines: list[str], s: patience.State) -> None:
    """Klondike: the columns side by side under the foundations, each fanned down with its
    top card lowest."""
    cols = [one(lines, f"T{k}") for k in range(1, 8)]
    assert len({r for r, _ in cols}) == 1 and [c for _, c in cols] == sorted(c for _, c in cols)
    assert all(one(lines, f"F{k}")[0] < cols[0][0] for k in range(1, 5))
    for k, (r, c) in enumerate(cols, 1):
        p = next(p for p in s.places if p.label == f"T{k}")
        if p.top is not None:
            below = [ln[c : c + 3].strip() for ln in lines[r + 1 :]]
            cells = [x for x in below if x]
            assert cells and cells[-1] in (str(p.top), "") or str(p.top) in cells, (k, cells)


SHAPES = {
    "clock": lambda lines, s: assert_dial(lines),
    "wheel": assert_wheel,
    "besieged-city": lambda lines, s: assert_city(lines),
    "herring-bone": lambda lines, s: assert_herring_bone(
        lines, next(p for p in s.places if p.label == "HB")
    ),
    "shah": lambda lines, s: assert_star(lines),
    "canfield-or-klondike": assert_klondike,
}


@pytest.mark.parametrize("slug", sorted(SHAPES))
def test_shapes_hold_along_play(slug: str) -> None:
    states = walk(slug, 3, (0, 4, 15, 30, 60))
    for s in states:
        SHAPES[slug](board_lines(s), s)
    if slug == "wheel":  # the walk reaches a circle with packets in it
        assert max(int(s.markers["circle"]) for s in states) > 0


def test_render_keeps_the_columns_and_colours_red_cards() -> None:
    s = patience.game("clock").deal(1).start()
    lines = board_lines(s)
    fancy = [render(ln, Style(colour=False, unicode=True)) for ln in lines]
    assert [len(x) for x in fancy] == [len(x) for x in lines]
    assert any("\u2665" in x or "\u2666" in x for x in fancy)
    red = render("\n".join(lines), Style(colour=True, unicode=True))
    assert "\x1b[31m" in red
    assert "\x1b" not in render("\n".join(lines), Style())


def test_counters_are_read_and_bookkeeping_is_not() -> None:
    s = patience.game("carpet").deal(2).start()
    assert "rng" in s.markers
    assert _textboard.counters(s) == [f"re-deals {s.markers['redeals']}"]
    ses = Session(s, None, None, Style(), size=(WIDTH, SCREEN_ROWS))  # type: ignore[arg-type]
    head = ses.screen_lines()[0]
    assert head.endswith(f"re-deals {s.markers['redeals']}") and len(head) <= WIDTH
    assert s.markers["rng"] not in "\n".join(ses.screen_lines())


@pytest.mark.parametrize("slug", ["carpet", "empress-of-india"])
def test_a_narrow_terminal_falls_back_to_rows(slug: str) -> None:
    # 40 columns cannot hold these shapes: the places are drawn as rows (cut short where
    # they must be), within the width and the lines, nothing face down named.
    s = patience.game(slug).deal(4).start()
    assert _textboard.board(s, 40, 16) is None
    lines = board_lines(s, 40, 16)
    assert 8 <= len(lines) <= 16 and all(len(ln) <= 40 for ln in lines)
    up = Counter(str(c) for p in s.places for c in p.cards if c.face_up)
    assert not tokens(lines) - up
    assert any(ln.startswith("F1 ") for ln in lines)


@pytest.mark.parametrize(
    "slug,opts",
    [
        ("canfield-or-klondike", {"draw": 3, "passes": None}),
        ("herring-bone", {"german": True}),
        ("la-belle-lucie", {"house_in_the_wood": True}),
        ("la-belle-lucie", {"house_on_the_hill": True}),
        ("napoleon-at-st-helena", {"forty_thieves": True}),
        ("fourteenth", {"choose_pairs": True}),
        ("labyrinth", {"wait_for_foundations": True}),
    ],
)
def test_option_sets_keep_their_shape(slug: str, opts: dict[str, object]) -> None:
    rng = random.Random(slug)
    s = patience.game(slug, **opts).deal(3).start()
    for step in range(60):
        if step % 6 == 0:
            lines = _textboard.board(s, WIDTH, BOARD_ROWS)
            assert lines is not None and all(len(ln) <= WIDTH for ln in lines), (slug, step)
            tops = Counter(str(p.top) for p in s.places if p.top is not None and p.top.face_up)
            assert not tops - tokens(lines), (slug, step, "\n".join(lines))
        moves = s.moves()
        if not moves:
            break
        s = s.play(rng.choice(moves))
