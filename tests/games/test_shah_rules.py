"""Rule tests of THE SHAH (python/patience/rules/shah.md and docs/notation/shah.md), run on
every engine that implements the game.

Positions come from explicit deals whose card order is written here; every expected key, key
fragment and move set is worked out by hand from the rule text and the notation page.

Reminder: the eight aces (F1-F8: C C D D H H S S) and eight kings are taken out first; the rays
R1-R8 get circle 1, a pause, circle 2, a pause, circle 3; a ray is written from circle 1 out.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/ holds support.py
import support

SLUG = "shah"
ENGINES = support.engines(SLUG)
IDS = [name for name, _ in ENGINES]

RANKS = "A23456789TJQK"
SUITS = "CDHS"
ONE_PACK = [r + s for s in SUITS for r in RANKS]
TWO_PACKS = ONE_PACK + ONE_PACK
ACES_KINGS = [r + s for s in SUITS for r in "AK" for _ in range(2)]
FOUND = "F1:AC F2:AC F3:AD F4:AD F5:AH F6:AH F7:AS F8:AS"
#: the 88 cards left of the unshuffled packs: 2..Q of each suit, twice
REMAINING = [r + s for s in SUITS for r in "23456789TJQ"] * 2


def segs(state) -> dict[str, str]:
    out = {}
    for part in state.key.split(" "):
        label, _, cards = part.partition(":")
        out[label] = cards
    return out


def order(head: list[str]) -> list[str]:
    rest = list(TWO_PACKS)
    for c in head:
        rest.remove(c)
    return head + rest


def pack_text(cards: list[str]) -> str:
    return "pack:" + "".join(reversed(cards)).lower()


def rays(state) -> list[str]:
    s = segs(state)
    return [s[f"R{i}"] for i in range(1, 9)]


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_deal_of_circle_one_and_its_pause(name, game):
    state = game.deal_from(TWO_PACKS).start()
    r = " ".join(f"R{i + 1}:{c}" for i, c in enumerate(REMAINING[:8]))
    assert state.key == f"{r} {FOUND} {pack_text(REMAINING[8:])} talon: circle:1"
    assert support.move_set(state) == {"r1>f1", "r1>f2", "deal"}


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_pause_plays_are_refilled_at_once_from_the_pack(name, game):
    state = game.deal_from(TWO_PACKS).start().play("r1>f2")
    assert rays(state)[0] == "TC" and segs(state)["F2"] == "AC2C"
    assert support.move_set(state) == {"r2>f2", "deal"}
    state = state.play("r2>f2")
    assert rays(state)[1] == "JC"
    assert support.move_set(state) == {"r3>f2", "deal"}
    state = state.play("deal")  # circle 2: QC 2D 3D 4D 5D 6D 7D 8D
    assert rays(state) == ["TCQC", "JC2D", "4C3D", "5C4D", "6C5D", "7C6D", "8C7D", "9C8D"]
    assert segs(state)["circle"] == "2"
    # 4C (circle 1 of R3) is now covered; only circle-2 cards play
    assert support.move_set(state) == {"r2>f3", "r2>f4", "deal"}
    state = state.play("deal")  # circle 3, then ordinary play at once
    assert "circle" not in segs(state) and rays(state)[0] == "TCQC9D"


C1 = ["4C", "6H", "7H", "8H", "9H", "TH", "JH", "QH"]
C2 = ["3C", "6D", "7D", "8D", "9D", "TD", "JD", "QD"]
C3 = ["2C", "9S", "8S", "5S", "4S", "QS", "JS", "TS"]
HEAD = ACES_KINGS + C1 + C2 + C3
#: 8S onto 9S, 4S onto 5S, JS onto QS, TS onto JS, 9S onto TS
MARRIAGES = {"r3>r2", "r5>r4", "r7>r6", "r8>r7", "r2>r8"}


def played_out(game):
    state = game.deal_from(order(HEAD)).start()
    assert support.move_set(state) == {"deal"}
    state = state.play("deal")
    assert support.move_set(state) == {"deal"}  # 3C needs 2C first
    return state.play("deal")


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_ordinary_play_foundations_marriages_and_turn(name, game):
    state = played_out(game)
    assert rays(state)[:3] == ["4C3C2C", "6H6D9S", "7H7D8S"]
    assert support.move_set(state) == {"r1>f1", "r1>f2", "turn"} | MARRIAGES
    state = state.play("r3>r2")
    assert rays(state)[1:3] == ["6H6D9S8S", "7H7D"]
    # R3's circle 3 is open: no turn, no talon; 8S may come back only onto a 9S (none free)
    assert support.move_set(state) == {"r1>f1", "r1>f2", "r5>r4", "r7>r6", "r8>r7", "fill"}


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_a_lane_then_the_grace_refills_the_ray_at_once(name, game):
    state = played_out(game)
    for _ in range(3):
        state = state.play("r1>f1")  # 2C, then 3C (circle 2), then 4C (circle 1)
    assert rays(state)[0] == "" and segs(state)["F1"] == "AC2C3C4C"
    want = {f"r{i}>r1" for i in range(2, 9)} | MARRIAGES | {"fill"}
    assert support.move_set(state) == want
    state = state.play("r5>r1")  # grace: 4S to circle 1 of R1, then 5C 6C from the pack
    rest = order(HEAD)[len(HEAD) :]
    assert rest[:3] == ["5C", "6C", "7C"]
    assert rays(state)[0] == "4S5C6C" and rays(state)[4] == "9H9D"
    assert "fill" in support.move_set(state) and "turn" not in support.move_set(state)
    state = state.play("fill")
    assert rays(state)[4] == "9H9D7C"
    assert "turn" in support.move_set(state)


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_fill_takes_the_talon_first_inner_circles_first(name, game):
    state = played_out(game).play("turn")  # 5C onto the talon
    assert segs(state)["talon"] == "5C"
    state = state.play("r3>r2")  # R3's circle 3 opens
    for _ in range(3):
        state = state.play("r1>f1")  # R1 empties
    moves = support.move_set(state)
    # spaces open: no turn, but the talon's 5C may still go up onto F1's 4C
    assert "turn" not in moves and "talon>f1" in moves
    state = state.play("fill")
    # circle 1 of R1 gets the talon's 5C; then circle 2 of R1 the pack's 6C; then circle 3 of
    # R1 (7C) and of R3 (8C), R1 first.
    assert rays(state)[0] == "5C6C7C" and rays(state)[2] == "7H7D8C"
    assert segs(state)["talon"] == ""
    # F1 shows 4C, so 7C does not go up; it marries onto 8C (R3); 8S (R2) has no 9S to go on
    assert support.move_set(state) == {"r1>r3", "r5>r4", "r7>r6", "r8>r7", "turn"}


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_the_talon_top_plays_while_a_space_is_open(name, game):
    state = played_out(game).play("turn")  # 5C onto the talon
    state = state.play("r3>r2")  # R3's circle 3 opens
    for _ in range(3):
        state = state.play("r1>f1")  # R1 empties; F1 shows 4C
    state = state.play("talon>f1")
    assert segs(state)["F1"] == "AC2C3C4C5C" and segs(state)["talon"] == ""
    # still no turn while R1 and R3 are short; the fill now takes the pack: 6C 7C 8C to R1's
    # three circles, then 9C to R3's circle 3
    assert "turn" not in support.move_set(state)
    state = state.play("fill")
    assert rays(state)[0] == "6C7C8C" and rays(state)[2] == "7H7D9C"
    assert "turn" in support.move_set(state)


#: the review's reproducer, first card dealt first
REPRODUCER_TEXT = (
    "AC AC AD AD AH AH AS AS KC KC KD KD KH KH KS KS 9C 9D TH TS 4C JD JH JS QC QD QH QS 3C TC TD"
    " 9S 6H 5H 5D 7H 2C 8D 2C 4C 5C 9H JC 9C TC JC QC 9D TD JD QD 9H TH JH QH 9S TS JS QS 5C 6C 7C"
    " 8C 5D 6D 7D 8D 5H 6H 7H 8H 5S 6S 7S 8S 6C 7C 8C 6D 7D 8H 5S 6S 7S 8S 3C 2D 3D 4D 2H 3H 4H 2S"
    " 3S 4S 2D 3D 4D 2H 3H 4H 2S 3S 4S"
)
REPRODUCER = REPRODUCER_TEXT.split()


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_a_playable_talon_card_is_not_buried_by_the_fill(name, game):
    state = game.deal_from(REPRODUCER).start()
    for m in ["deal", "deal", "turn"]:
        state = state.play(m)
    assert segs(state)["talon"] == "5C" and rays(state)[4] == "4C3C2C"
    for _ in range(3):
        state = state.play("r5>f1")  # 2C, 3C, 4C up; R5 empties
    assert segs(state)["F1"] == "AC2C3C4C"
    # R1 9CQC6H, R2 9DQD5H, R3 THQH5D, R4 TSQS7H, R6 JDTC8D, R7 JHTD2C, R8 JS9S4C: 2C to F2,
    # 6H onto 7H, 5H onto 6H, the grace into R5 from any full ray, fill, and the talon's 5C up
    grace = {f"r{i}>r5" for i in (1, 2, 3, 4, 6, 7, 8)}
    want = {"r7>f2", "r1>r4", "r2>r1", "fill", "talon>f1"} | grace
    assert support.move_set(state) == want


# --- bad input -----------------------------------------------------------------------------------


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_illegal_moves_raise_value_error(name, game):
    state = game.deal_from(TWO_PACKS).start()
    for bad in ["r2>f1", "turn", "fill", "r1>r2", "redeal", "x", ""]:
        with pytest.raises(ValueError):
            state.play(bad)


def test_bad_options_are_rejected():
    from patience import reference

    with pytest.raises(ValueError):
        reference.game(SLUG, redeals=1)
    if any(name == "rust" for name, _ in ENGINES):
        import patience

        with pytest.raises(ValueError):
            patience.game(SLUG, redeals=1)


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_explicit_deal_must_be_the_two_packs(name, game):
    with pytest.raises(ValueError):
        game.deal_from(ONE_PACK)
