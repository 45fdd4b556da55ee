"""Rule tests of THE LABYRINTH (rules/labyrinth.md, docs/notation/labyrinth.md), run on every
engine. Positions come from explicit deals built here; expected keys and move sets are worked
out by hand from the rule text.

Deal order reminder: (default game) the first AC, AD, AH, AS, KC, KD, KH, KS are taken out as
F1..F8; the other cards are the pack, the first on top; row 1 takes the first ten at once.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/ holds support.py
import support

SLUG = "labyrinth"
ENGINES = support.engines(SLUG)
IDS = [name for name, _ in ENGINES]
WAIT = support.engines(SLUG, wait_for_foundations=True)
WAIT_IDS = [name for name, _ in WAIT]

RANKS = "A23456789TJQK"
SUITS = "CDHS"
TWO_PACKS = [r + s for s in SUITS for r in RANKS] * 2
BASES = ["AC", "AD", "AH", "AS", "KC", "KD", "KH", "KS"]
BASE_KEY = "F1:AC F2:AD F3:AH F4:AS F5:KC F6:KD F7:KH F8:KS"

ROW1 = ["2C", "QD", "5H", "2H", "9S", "JC", "7D", "QS", "3H", "8C"]
#: pack after row 1: refill of r1c4, row 2, refill of r2c9, row 3, refill of r3c1
PACK = ["QH"] + ["4C", "5C", "6C", "7C", "8D", "9D", "TD", "JD", "2S", "3S"] + ["4S"]
PACK += ["3C", "9H", "9C", "TH", "TC", "JH", "6H", "5S", "6S", "7S"] + ["5D"]


def order(first: list[str], withdrawn: list[str] = BASES) -> list[str]:
    used = withdrawn + first
    rest = list(TWO_PACKS)
    for c in used:
        rest.remove(c)
    return used + rest


def start(game):
    return game.deal_from(order(ROW1 + PACK)).start()


def segs(state) -> dict[str, str]:
    out = {}
    for part in state.key.split(" "):
        label, _, body = part.partition(":")
        out[label] = body
    # each row's ten cells (`RrCc:`) joined into one text, `..` for an empty cell
    rows = {label.split("C")[0] for label in out if label.startswith("R") and "C" in label}
    for r in rows:
        out[r] = "".join(out[f"{r}C{c}"] or ".." for c in range(1, 11))
    return out


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_the_deal_and_the_first_row(name, game):
    state = start(game)
    pack = order(ROW1 + PACK)[18:]
    assert len(pack) == 86
    row1 = " ".join(f"R1C{c}:{card}" for c, card in enumerate(ROW1, 1))
    expected = f"{BASE_KEY} {row1} H: pack:{''.join(reversed(pack)).lower()} grace:0"
    assert state.key == expected
    # one row: every card is free (highest row and last row)
    assert support.move_set(state) == {"r1c1>f1", "r1c2>f6", "r1c4>f3", "r1c8>f8", "deal"}


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_the_current_row_is_refilled_at_once(name, game):
    state = start(game).play("r1c4>f3")
    s = segs(state)
    assert s["F3"] == "AH2H"
    assert s["R1"] == "2CQD5HQH9SJC7DQS3H8C"
    # QH (the refill) fits F7 at once, 3H now fits F3
    assert support.move_set(state) == {
        "r1c1>f1",
        "r1c2>f6",
        "r1c4>f7",
        "r1c8>f8",
        "r1c9>f3",
        "deal",
    }


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_rows_free_from_top_or_bottom(name, game):
    state = start(game).play("r1c4>f3").play("deal")
    assert segs(state)["R2"] == "4C5C6C7C8D9DTDJD2S3S"
    assert support.move_set(state) == {
        "r1c1>f1",
        "r1c2>f6",
        "r1c4>f7",
        "r1c8>f8",
        "r1c9>f3",
        "r2c9>f4",
        "deal",
    }
    state = state.play("r2c9>f4")  # row 2 is current: refilled with 4S
    assert segs(state)["R2"] == "4C5C6C7C8D9DTDJD4S3S"
    state = state.play("r1c1>f1")  # row 1 is no longer refilled
    assert segs(state)["R1"] == "..QD5HQH9SJC7DQS3H8C"
    state = state.play("deal").play("r3c1>f1")
    s = segs(state)
    assert s["F1"] == "AC2C3C" and s["F3"] == "AH2H" and s["F4"] == "AS2S"
    assert s["R2"] == "4C5C6C7C8D9DTDJD4S3S"
    assert s["R3"] == "5D9H9CTHTCJH6H5S6S7S"
    # 4C (r2c1) is free from the top, r1c1 being empty; 3S (r2c10) would fit F4 but is covered
    # above (8C) and below (7S)
    assert support.move_set(state) == {
        "r1c2>f6",
        "r1c4>f7",
        "r1c8>f8",
        "r1c9>f3",
        "r2c1>f1",
        "deal",
    }


def _dealt_out(game):
    """No 2 or Q in the first ten and the last 70 cards, the sixteen 2s and Qs between them;
    then every row is dealt."""
    rest = order([])[8:]
    twos_queens = [c for c in rest if c[0] in "2Q"]
    others = [c for c in rest if c[0] not in "2Q"]
    first = others[:10] + twos_queens + others[10:]
    state = game.deal_from(order(first)).start()
    for _ in range(9):
        assert "deal" in support.move_set(state)
        state = state.play("deal")
    return state, first, twos_queens


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_short_last_row_and_the_grace(name, game):
    state, first, tq = _dealt_out(game)
    s = segs(state)
    assert s["pack"] == ""
    assert s["R10"] == "".join(first[90:]) + "." * 8
    assert s["R2"] == "".join(tq[:10])
    # nothing fits (no 2 or Q is free), so the grace is offered on every occupied cell
    cells = {f"grace r{r}c{c}" for r in range(1, 10) for c in range(1, 11)}
    cells |= {f"grace r10c{c}" for c in range(1, 7)}
    assert support.move_set(state) == cells
    assert tq[0] == "2C" and tq[10] == "2D"
    state = state.play("grace r2c1")
    s = segs(state)
    assert s["H"] == "2C" and s["grace"] == "1" and s["R2"].startswith("..")
    # the held 2C fits F1; r3c1 (2D) is now free from the top
    assert support.move_set(state) == {"h>f1", "r3c1>f2"}
    state = state.play("h>f1").play("r3c1>f2")
    assert segs(state)["H"] == ""
    # row 1 is 3C..JC 3D (the first ten cards that are neither 2 nor Q), so 3C and 3D now fit;
    # r4c1 (8D), freed from the top, fits nothing
    assert segs(state)["R1"] == "3C4C5C6C7C8C9CTCJC3D"
    assert segs(state)["R4"].startswith("8D")
    assert support.move_set(state) == {"r1c1>f1", "r1c10>f2"}
    # emptying r1c10 frees r2c10 (QC) from the top; row 1 stays free: 4C follows 3C
    state = state.play("r1c1>f1").play("r1c10>f2")
    assert support.move_set(state) == {"r1c2>f1", "r2c10>f5"}
    # the grace is spent: it is never offered again
    assert not any(m.startswith("grace") for m in support.move_set(state))


@pytest.mark.parametrize("name,game", WAIT, ids=WAIT_IDS)
def test_wait_for_foundations(name, game):
    row1 = ["AC", "KC", "2C", "AD", "5H", "6H", "7H", "8H", "9H", "TH"]
    state = game.deal_from(order(row1 + ["QS"], withdrawn=[])).start()
    row1 = "R1C1:AC R1C2:KC R1C3:2C R1C4:AD R1C5:5H R1C6:6H R1C7:7H R1C8:8H R1C9:9H R1C10:TH"
    assert state.key.startswith(f"F1: F2: F3: F4: F5: F6: F7: F8: {row1} H: pack:")
    assert support.move_set(state) == {"r1c1>f1", "r1c2>f5", "r1c4>f2", "deal"}
    state = state.play("r1c1>f1")
    s = segs(state)
    assert s["F1"] == "AC" and s["R1"] == "QSKC2CAD5H6H7H8H9HTH"
    assert support.move_set(state) == {"r1c2>f5", "r1c3>f1", "r1c4>f2", "deal"}


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_illegal_moves_and_options(name, game):
    state = start(game)
    for bad in ["r1c3>f1", "r1c1>f2", "h>f1", "grace r1c1", "r2c1>f1", "r1c11>f1", "turn"]:
        with pytest.raises(ValueError):
            state.play(bad)
    with pytest.raises(ValueError):
        support.engines(SLUG, wait_for_foundations=3)
    with pytest.raises(ValueError):
        support.engines(SLUG, grace=False)
