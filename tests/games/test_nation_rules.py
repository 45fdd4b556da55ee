"""Rule tests of THE NATION (python/patience/rules/nation.md and docs/notation/nation.md), run
on every engine that implements the game.

Positions come from explicit deals whose card order is written here; every expected key, key
fragment and move set is worked out by hand from the rule text and the notation page.

Deal reminder: AC AD AH AS KC KD KH KS (first occurrences) are withdrawn as the bases of F1-F8;
the other 96 cards are dealt column by column, eight counts a column, a card a foundation wants
going up at its count (the ace foundation first) instead of into the column.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/ holds support.py
import support

SLUG = "nation"
ENGINES = support.engines(SLUG)
IDS = [name for name, _ in ENGINES]

RANKS = "A23456789TJQK"
SUITS = "CDHS"
ONE_PACK = [r + s for s in SUITS for r in RANKS]
TWO_PACKS = ONE_PACK + ONE_PACK
BASES = ["AC", "AD", "AH", "AS", "KC", "KD", "KH", "KS"]


def segs(state) -> dict[str, str]:
    out = {}
    for part in state.key.split(" "):
        label, _, cards = part.partition(":")
        out[label] = cards
    return out


def run(suit: str, ranks: str) -> str:
    return "".join(r + suit for r in ranks)


def order(head: list[str]) -> list[str]:
    """The eight bases, then ``head``, then every other card in unshuffled order."""
    rest = list(TWO_PACKS)
    for c in BASES + head:
        rest.remove(c)
    return BASES + head + rest


FULL = " ".join(f"F{i + 1}:{run(s, RANKS)}" for i, s in enumerate(SUITS))

# The unshuffled two packs. Withdrawn: copy 1's aces and kings. The pack: copy 1's 2..Q of
# clubs, diamonds, hearts, spades (44 cards, each going up on its ace foundation as it comes:
# T1 = 2C..9C, T2 = TC JC QC 2D..6D, T3 = 7D..QD 2H 3H, T4 = 4H..JH, T5 = QH 2S..8S, all eight
# counts going up), then copy 2. T6 counts 9S TS JS QS (up), then AC 2C 3C 4C (fit nothing:
# F1 wants KC, F5 wants QC). T7: 5C..JC stay, QC goes on F5 (KC). T8: KC finishes F1, AD..7D
# stay. T9: 8D 9D TD JD stay, QD on F6, KD finishes F2, AH 2H stay. T10: 3H..TH. T11: JH stays,
# QH on F7, KH finishes F3, AS..5S stay. T12: 6S..JS stay, QS on F8, KS finishes F4.
UNSHUFFLED_START = (
    "T1: T2: T3: T4: T5: T6:AC2C3C4C T7:5C6C7C8C9CTCJC T8:AD2D3D4D5D6D7D T9:8D9DTDJDAH2H"
    " T10:3H4H5H6H7H8H9HTH T11:JHAS2S3S4S5S T12:6S7S8S9STSJS "
    + FULL
    + " F5:KCQC F6:KDQD F7:KHQH F8:KSQS pass:1"
)


# --- the deal ----------------------------------------------------------------------------------


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_unshuffled_deal_counts_eight_and_plays_during_the_deal(name, game):
    state = game.deal_from(TWO_PACKS).start()
    assert state.key == UNSHUFFLED_START
    # Tops 4C JC 7D 2H TH 5S JS: F5 wants JC, F8 wants JS; no marriage; the five empty columns
    # take any top card.
    into_spaces = {f"t{i}>t{j}" for i in range(6, 13) for j in range(1, 6)}
    assert support.move_set(state) == {"t7>f5", "t12>f8", "redeal"} | into_spaces
    assert not state.is_won and not state.is_over


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_card_wanted_by_both_foundations_in_the_deal_goes_to_the_ace_one(name, game):
    # Copy 1's QC (T2's third count) is wanted by F1 (top JC) and by F5 (KC): it goes to F1.
    state = game.deal_from(TWO_PACKS).start()
    s = segs(state)
    assert s["F1"] == run("C", RANKS) and s["F5"] == "KCQC"  # F5 got copy 2's QC only (T7)


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_a_card_in_a_column_stays_there_during_the_deal(name, game):
    # 7C 7C first, then 2C..6C and QC.
    state = game.deal_from(order(["7C", "7C", "2C", "3C", "4C", "5C", "6C", "QC"])).start()
    s = segs(state)
    # Column 1: 7C, 7C fit nothing (F1 wants 2C, F5 QC) and stay; 2C..6C go up on F1, QC on F5.
    # A card once in a column stays there during the deal, though F1 wants 7C from then on.
    assert s["T1"] == "7C7C" and s["F1"] == "AC2C3C4C5C6C" and s["F5"].startswith("KCQC")


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_after_the_deal_a_card_wanted_twice_gives_two_moves(name, game):
    head = ["7C", "7C", "2C", "3C", "4C", "5C", "6C", "QC", "JC", "TC", "9C", "8C"]
    state = game.deal_from(order(head)).start()
    s = segs(state)
    # T1 = 7C 7C (counts 1-2) then six cards up; T2 begins with JC TC 9C 8C going on F5.
    # No other club can go up afterwards (both club foundations want 7C, which lies in T1).
    assert s["T1"] == "7C7C" and s["F1"] == "AC2C3C4C5C6C" and s["F5"] == "KCQCJCTC9C8C"
    moves = support.move_set(state)
    assert {"t1>f1", "t1>f5"} <= moves
    state = state.play("t1>f5")
    s = segs(state)
    assert s["T1"] == "7C" and s["F5"] == "KCQCJCTC9C8C7C"
    moves = support.move_set(state)
    assert "t1>f1" in moves and "t1>f5" not in moves  # F5 now wants 6C


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_everything_up_during_the_deal_is_won_at_once(name, game):
    # Copy 1's 2..Q ascending (up on F1-F4), copy 2's kings (finish F1-F4), then copy 2's
    # clubs, diamonds, hearts, spades from Q down to A (onto F5-F8).
    head = [r + s for s in SUITS for r in "23456789TJQ"] + ["KC", "KD", "KH", "KS"]
    head += [r + s for s in SUITS for r in "QJT98765432A"]
    state = game.deal_from(BASES + head).start()
    downs = " ".join(f"F{i + 5}:{run(s, 'KQJT98765432A')}" for i, s in enumerate(SUITS))
    empty = " ".join(f"T{i}:" for i in range(1, 13))
    assert state.key == f"{empty} {FULL} {downs} pass:1"
    assert state.is_won and state.is_over
    assert support.move_set(state) == set()


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_book_example_plays_at_counts_four_and_seven_leave_six_cards(name, game):
    # Column 1: counts 1-3 fit nothing, count 4 (2C) goes up, counts 5-6 fit nothing, count 7
    # (3C, wanted once 2C is up) goes up, count 8 fits nothing: six cards, and column 2 starts
    # with the ninth card.
    head = ["5H", "6H", "7H", "2C", "8H", "9H", "3C", "TH", "4S", "5S"]
    state = game.deal_from(order(head)).start()
    s = segs(state)
    assert s["T1"] == "5H6H7H8H9HTH" and s["F1"].startswith("AC2C3C")
    assert s["T2"].startswith("4S5S")


# --- moves -------------------------------------------------------------------------------------


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_space_takes_any_card_then_marriages_go_up_or_down_in_suit(name, game):
    state = game.deal_from(TWO_PACKS).start().play("t6>t1")
    s = segs(state)
    assert s["T1"] == "4C" and s["T6"] == "AC2C3C"
    moves = support.move_set(state)
    assert "t6>t1" in moves  # 3C onto 4C (one lower)
    assert "t1>t6" in moves  # 4C onto 3C (one higher)
    assert "t7>t1" not in moves  # JC onto 4C: not a rank apart
    state = state.play("t6>t1")
    assert segs(state)["T1"] == "4C3C" and segs(state)["T6"] == "AC2C"
    moves = support.move_set(state)
    assert "t6>t1" in moves and "t1>t6" in moves  # 2C onto 3C, 3C back onto 2C
    state = state.play("t7>f5").play("t7>f5")  # JC, TC down on F5
    assert segs(state)["F5"] == "KCQCJCTC" and segs(state)["T7"] == "5C6C7C8C9C"


# --- re-deals ----------------------------------------------------------------------------------


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_redeal_last_column_first_same_counting_short_pack(name, game):
    state = game.deal_from(TWO_PACKS).start().play("redeal")
    # New pack: T12 (6S..JS), T11 (JH AS..5S), T10 (3H..TH), T9 (8D..JD AH 2H), T8 (AD..7D),
    # T7 (5C..JC), T6 (AC..4C). F5-F8 want JC, JD, JH, JS.
    # T1: 6S 7S 8S 9S TS stay, JS up (F8 then wants TS, already in T1), JH up (F7), AS stays.
    # T2: 2S..5S 3H..6H stay. T3: 7H 8H 9H stay, TH up, 8D 9D TD stay, JD up.
    # T4: AH 2H AD..6D. T5: 7D 5C..TC stay, JC up. T6: AC..4C; the pack is out.
    assert state.key == (
        "T1:6S7S8S9STSAS T2:2S3S4S5S3H4H5H6H T3:7H8H9H8D9DTD T4:AH2HAD2D3D4D5D6D"
        " T5:7D5C6C7C8C9CTC T6:AC2C3C4C T7: T8: T9: T10: T11: T12: "
        + FULL
        + " F5:KCQCJC F6:KDQDJD F7:KHQHJHTH F8:KSQSJS pass:2"
    )
    # Tops AS 6H TD 6D TC 4C: F6 wants TD, F5 TC; six empty columns.
    into_spaces = {f"t{i}>t{j}" for i in range(1, 7) for j in range(7, 13)}
    assert support.move_set(state) == {"t3>f6", "t5>f5", "redeal"} | into_spaces


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_two_redeals_at_most(name, game):
    state = game.deal_from(TWO_PACKS).start().play("redeal").play("redeal")
    assert segs(state)["pass"] == "3"
    moves = support.move_set(state)
    assert moves and "redeal" not in moves
    with pytest.raises(ValueError):
        state.play("redeal")


# --- bad input -----------------------------------------------------------------------------------


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_illegal_moves_raise_value_error(name, game):
    state = game.deal_from(TWO_PACKS).start()
    for bad in ["t1>t2", "t6>f1", "t7>f1", "t6>t6", "t13>t1", "f5>t1", "turn", "x", ""]:
        with pytest.raises(ValueError):
            state.play(bad)
    assert state.key == UNSHUFFLED_START


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
    with pytest.raises(ValueError):
        game.deal_from(TWO_PACKS[:-1] + ["AC"])
