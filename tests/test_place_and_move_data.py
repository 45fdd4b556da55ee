"""Places and moves as data: grid rows with empty cells (THE FOURTEENTH), and a move's cards
never naming one that lay face down."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import patience


def _position_with_a_gap() -> patience.State:
    g = patience.game("fourteenth", choose_pairs=True)
    for seed in range(1, 40):
        st = g.deal(seed).start()
        rnd = random.Random(seed)
        while st.moves() and ".." not in st.key:
            st = st.play(rnd.choice(st.moves()))
        if ".." in st.key:
            return st
    raise AssertionError("no fourteenth walk left an empty cell")


def test_a_row_with_an_empty_cell_is_a_place_with_its_gap():
    st = _position_with_a_gap()
    rows = [seg for seg in st.key.split() if seg.startswith("R")]
    # Every row is a place (none is taken for a marker), and writes its key text back.
    assert [p.key_text() for p in st.places if p.label.startswith("R")] == rows
    assert not any(k.startswith("R") for k in st.markers)
    row = next(p for p in st.places if ".." in p.key_text())
    body = row.key_text().split(":")[1]
    expected_gaps = tuple(i for i in range(0, len(body), 2) if body[i : i + 2] == "..")
    assert row.gaps == tuple(i // 2 for i in expected_gaps)
    assert len(row.positions()) == 5 and row.positions().count(None) == len(row.gaps)
    assert len(row.cards) == 5 - len(row.gaps)


def test_the_picture_draws_the_empty_cell_in_its_place():
    st = _position_with_a_gap()
    row = next(p for p in st.places if p.gaps)
    root = ET.fromstring(st.svg())
    ns = "{http://www.w3.org/2000/svg}"
    group = next(
        g
        for g in root.iter(f"{ns}g")
        if g.get("data-place") == row.label and g.get("class") == "place"
    )
    empties = [r for r in group.iter(f"{ns}rect") if r.get("class") == "empty"]
    assert len(empties) == len(row.gaps)
    # The outline stands between the cards' positions, not after the last card.
    xs = [float(r.get("x")) for r in empties]
    for g in group.iter(f"{ns}g"):
        if g.get("class") == "card":
            xs.append(float(g.get("transform").split("(")[1].split(",")[0]))
    assert len(xs) == 5
    assert sorted(xs).index(float(empties[0].get("x"))) == row.gaps[0]


def test_a_move_as_data_names_no_card_that_was_face_down():
    # The book's Klondike: `turn` brings the pack's top card (face down) to the talon.
    st = patience.game("canfield-or-klondike").deal(4).start()
    turn = next(m for m in st.moves() if m.text == "turn")
    top = st.place("pack").cards[-1]
    assert not top.face_up
    hidden = turn.as_dict()
    assert hidden["cards"] == [] and hidden["hidden"] == 1
    assert str(top) not in hidden["description"]
    shown = turn.as_dict(reveal=True)
    assert [c["card"] for c in shown["cards"]] == [str(top)] and shown["hidden"] == 0
    # A move of face-up cards names them either way.
    up = next(m for m in st.moves() if ">" in m.text and m.source != "pack")
    assert up.as_dict()["cards"] == up.as_dict(reveal=True)["cards"] != []
