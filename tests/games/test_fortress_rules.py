"""Rule tests of FORTRESS (python/patience/rules/fortress.md and
docs/notation/fortress.md), run on every engine that implements the game.

Positions come from explicit deals built here; every expected key, key fragment and move set is
worked out by hand from the rule text and the notation page.

Deal order reminder: cards 1-5 go to L1, 6-10 to R1, 11-15 to L2, ..., 36-40 to R4, 41-46 to L5,
47-52 to R5, each row left to right. A left row's pile runs from its last dealt card (inner) to
its first dealt card (outer, the top); a right row's pile is in dealing order (top = last dealt).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/, for support.py

import patience
from patience import reference
from support import engines, move_set

SLUG = "fortress"
RANKS = "A23456789TJQK"
SUITS = "CDHS"
#: the unshuffled pack: clubs, diamonds, hearts, spades, ace to king in each suit
UNSHUFFLED = [r + s for s in SUITS for r in RANKS]
ROWS = [f"L{r}" for r in range(1, 6)] + [f"R{r}" for r in range(1, 6)]


def each_engine(**options: Any) -> list[Any]:
    return [pytest.param(g, id=name) for name, g in engines(SLUG, **options)]


def seg(state: Any, label: str) -> str:
    """The key segment ``label:...`` of a state (without the label)."""
    for part in state.key.split(" "):
        if part.split(":")[0] == label:
            return part[len(label) + 1 :]
    raise AssertionError(f"no segment {label} in {state.key}")


def play_all(state: Any, moves: list[str]) -> Any:
    for m in moves:
        state = state.play(m)
    return state


# The unshuffled pack dealt: L1 gets AC 2C 3C 4C 5C (AC outer), R1 6C..TC (TC outer), L2 JC QC
# KC AD 2D (JC outer), R2 3D..7D, L3 8D..QD, R3 KD AH 2H 3H 4H, L4 5H..9H, R4 TH JH QH KH AS,
# L5 2S..7S (2S outer), R5 8S..KS.
UNSHUFFLED_KEY = (
    "L1:5C4C3C2CAC L2:2DADKCQCJC L3:QDJDTD9D8D L4:9H8H7H6H5H L5:7S6S5S4S3S2S "
    "R1:6C7C8C9CTC R2:3D4D5D6D7D R3:KDAH2H3H4H R4:THJHQHKHAS R5:8S9STSJSQSKS F1: F2: F3: F4:"
)


@pytest.mark.parametrize("game", each_engine())
def test_deal_rows_straight_across_left_then_right_outer_card_on_top(game):
    state = game.deal_from(UNSHUFFLED).start()
    assert state.key == UNSHUFFLED_KEY
    assert not state.is_won and not state.is_over


@pytest.mark.parametrize("game", each_engine())
def test_seeded_deal_follows_the_conventions_shuffle(game):
    # Seed 1 shuffles one pack to 9S 7S QH 4S AC 8H QS JH 6C 5H 7D JC 3D ... (CONVENTIONS 2.7):
    # cards 1-5 to L1 (9S outer), cards 6-10 to R1 (5H outer).
    state = game.deal(1).start()
    assert seg(state, "L1") == "AC4SQH7S9S"
    assert seg(state, "R1") == "8HQSJH6C5H"
    assert seg(state, "L2").endswith("3DJC7D")  # cards 11, 12, 13 are the outer three of L2
    for seed in (0, 1, 2, 12345):
        state = game.deal(seed).start()
        lengths = [len(seg(state, label)) // 2 for label in ROWS]
        assert lengths == [5, 5, 5, 5, 6, 5, 5, 5, 5, 6]
        cards = "".join(seg(state, label) for label in ROWS)
        assert sorted(cards[i : i + 2] for i in range(0, 104, 2)) == sorted(UNSHUFFLED)
        assert state.key.endswith(" F1: F2: F3: F4:")


@pytest.mark.parametrize("game", each_engine())
def test_first_moves_foundations_and_marriages_both_ways_in_suit(game):
    state = game.deal_from(UNSHUFFLED).start()
    # Outer cards: L1 AC, L2 JC, L3 8D, L4 5H, L5 2S, R1 TC, R2 7D, R3 4H, R4 AS, R5 KS.
    # Two aces, each to F1 (the lowest empty); same-suit neighbours both ways; the AS and the
    # KS of R4/R5 do not marry (no wrap), and 2S-AS do.
    assert move_set(state) == {
        "l1>f1", "r4>f1",
        "l2>r1", "r1>l2", "l3>r2", "r2>l3", "l4>r3", "r3>l4", "l5>r4", "r4>l5",
    }  # fmt: skip


@pytest.mark.parametrize("game", each_engine())
def test_an_ace_goes_to_the_lowest_numbered_empty_foundation(game):
    state = game.deal_from(UNSHUFFLED).start().play("r4>f1")
    assert seg(state, "F1") == "AS" and seg(state, "R4") == "THJHQHKH"
    # AC now goes to F2 only; 2S (L5) goes onto AS in F1.
    moves = move_set(state)
    assert "l1>f2" in moves and "l1>f1" not in moves
    assert "l5>f1" in moves
    state = state.play("l1>f2").play("l5>f1")
    assert state.key == (
        "L1:5C4C3C2C L2:2DADKCQCJC L3:QDJDTD9D8D L4:9H8H7H6H5H L5:7S6S5S4S3S "
        "R1:6C7C8C9CTC R2:3D4D5D6D7D R3:KDAH2H3H4H R4:THJHQHKH R5:8S9STSJSQSKS "
        "F1:AS2S F2:AC F3: F4:"
    )


@pytest.mark.parametrize("game", each_engine())
def test_a_card_goes_only_on_its_own_suit_one_rank_below(game):
    state = game.deal_from(UNSHUFFLED).start().play("l1>f1")
    # F1 shows AC. L1's new outer card 2C goes up; 2S (L5) cannot go on a club.
    moves = move_set(state)
    assert "l1>f1" in moves
    assert not any(m.startswith("l5>f") for m in moves)
    state = play_all(state, ["l1>f1", "l1>f1", "l1>f1"])
    assert seg(state, "F1") == "AC2C3C4C" and seg(state, "L1") == "5C"


@pytest.mark.parametrize("game", each_engine())
def test_marriage_moves_one_outer_card_onto_another(game):
    state = game.deal_from(UNSHUFFLED).start()
    state = state.play("l2>r1")  # JC onto TC (up)
    assert seg(state, "R1") == "6C7C8C9CTCJC" and seg(state, "L2") == "2DADKCQC"
    # L2's new outer card QC may follow onto JC; JC may go back onto QC.
    moves = move_set(state)
    assert {"l2>r1", "r1>l2"} <= moves
    state = state.play("r3>l4")  # 4H onto 5H (down)
    assert seg(state, "L4") == "9H8H7H6H5H4H" and seg(state, "R3") == "KDAH2H3H"
    assert {"r3>l4", "l4>r3"} <= move_set(state)  # 3H onto 4H, or 4H back onto 3H


@pytest.mark.parametrize("game", each_engine())
def test_an_empty_row_is_a_lane_for_any_outer_card(game):
    state = game.deal_from(UNSHUFFLED).start()
    state = play_all(state, ["l1>f1"] * 5)  # AC 2C 3C 4C 5C up: L1 is empty
    assert seg(state, "L1") == "" and seg(state, "F1") == "AC2C3C4C5C"
    assert move_set(state) == {
        "r4>f2",
        "l2>r1", "r1>l2", "l3>r2", "r2>l3", "l4>r3", "r3>l4", "l5>r4", "r4>l5",
        "l2>l1", "l3>l1", "l4>l1", "l5>l1",
        "r1>l1", "r2>l1", "r3>l1", "r4>l1", "r5>l1",
    }  # fmt: skip


@pytest.mark.parametrize("game", each_engine())
def test_book_note_a_lane_turns_a_run_round_so_its_low_card_comes_out(game):
    state = game.deal_from(UNSHUFFLED).start()
    state = play_all(state, ["l1>f1"] * 5)
    # R1 is 6C..TC with TC outer; F1 wants the 6C at its inner end. Lay it into the lane L1.
    state = state.play("r1>l1")
    assert seg(state, "L1") == "TC" and seg(state, "R1") == "6C7C8C9C"
    state = play_all(state, ["r1>l1"] * 4)  # 9C on TC, 8C on 9C, ... (down)
    assert seg(state, "L1") == "TC9C8C7C6C" and seg(state, "R1") == ""
    assert "l1>f1" in move_set(state)
    state = state.play("l1>f1")
    assert seg(state, "F1") == "AC2C3C4C5C6C"
    # Two lanes now? No: L1 still holds TC9C8C7C; R1 is the one lane, for any outer card.
    lane_moves = {m for m in move_set(state) if m.endswith(">r1")}
    assert lane_moves == {f"{r.lower()}>r1" for r in ROWS if r != "R1"}


@pytest.mark.parametrize("game", each_engine())
def test_each_empty_row_is_its_own_destination(game):
    state = game.deal_from(UNSHUFFLED).start()
    state = play_all(state, ["l1>f1"] * 5 + ["r1>l1"] * 5 + ["l1>f1"] * 5)  # up to TC
    assert seg(state, "L1") == "" and seg(state, "R1") == "" and seg(state, "F1").endswith("TC")
    # JC (L2) goes to F1 or into either lane: three moves, and L2 -> R2's 7D is no marriage.
    assert {m for m in move_set(state) if m.startswith("l2>")} == {"l2>f1", "l2>l1", "l2>r1"}
    # A lone card may move from one lane to the other (the positions differ).
    state = state.play("l2>l1")
    assert "l1>r1" in move_set(state)


# A deal won by playing outer cards straight up: left rows dealt low to high (the low card
# outer), right rows dealt high to low (the low card outer too).
WINNING = (
    ["AC", "2C", "3C", "4C", "5C"] + ["TC", "9C", "8C", "7C", "6C"]
    + ["JC", "QC", "KC", "AD", "2D"] + ["7D", "6D", "5D", "4D", "3D"]
    + ["8D", "9D", "TD", "JD", "QD"] + ["4H", "3H", "2H", "AH", "KD"]
    + ["5H", "6H", "7H", "8H", "9H"] + ["AS", "KH", "QH", "JH", "TH"]
    + ["2S", "3S", "4S", "5S", "6S", "7S"] + ["KS", "QS", "JS", "TS", "9S", "8S"]
)  # fmt: skip
WINNING_LINE = (
    ["l1>f1"] * 5 + ["r1>f1"] * 5 + ["l2>f1"] * 3 + ["l2>f2"] * 2 + ["r2>f2"] * 5
    + ["l3>f2"] * 5 + ["r3>f2"] + ["r3>f3"] * 4 + ["l4>f3"] * 5 + ["r4>f3"] * 4
    + ["r4>f4"] + ["l5>f4"] * 6 + ["r5>f4"] * 6
)  # fmt: skip


@pytest.mark.parametrize("game", each_engine())
def test_a_deal_played_out_is_won_and_has_no_moves(game):
    state = game.deal_from(WINNING).start()
    assert seg(state, "R3") == "4H3H2HAHKD" and seg(state, "R4") == "ASKHQHJHTH"
    for n, m in enumerate(WINNING_LINE):
        assert not state.is_won
        state = state.play(m)
        assert state.is_won == (n == len(WINNING_LINE) - 1)
    runs = ["".join(r + s for r in RANKS) for s in SUITS]
    assert state.key == (
        "L1: L2: L3: L4: L5: R1: R2: R3: R4: R5: "
        f"F1:{runs[0]} F2:{runs[1]} F3:{runs[2]} F4:{runs[3]}"
    )
    assert state.is_over and move_set(state) == set()


@pytest.mark.parametrize("game", each_engine())
def test_a_position_without_moves_is_lost(game):
    # Outer cards that never touch: four kings, four nines and the sixes of clubs and diamonds
    # (no ace, no two cards of one suit a rank apart, no empty row).
    outer = {"L1": "KC", "L2": "KD", "L3": "KH", "L4": "KS", "L5": "9C",
             "R1": "9D", "R2": "9H", "R3": "9S", "R4": "6C", "R5": "6D"}  # fmt: skip
    order = []
    rest = [c for c in UNSHUFFLED if c not in outer.values() and c[0] not in "A"]
    aces = ["AC", "AD", "AH", "AS"]
    # Aces go innermost in L1, L2, L3, L4 (never reachable); every other card is covered.
    for label in [f"{side}{r}" for r in range(1, 6) for side in "LR"]:  # dealing order
        width = 6 if label.endswith("5") else 5
        inner = [aces.pop(0)] if label in ("L1", "L2", "L3", "L4") else []
        middle = [rest.pop() for _ in range(width - 1 - len(inner))]
        if label.startswith("L"):
            order += [outer[label]] + middle + inner  # first dealt is outer
        else:
            order += inner + middle + [outer[label]]  # last dealt is outer
    assert not rest and not aces
    state = game.deal_from(order).start()
    # Check the outer cards by hand: no ace, no two of one suit a rank apart, no lane.
    assert [seg(state, label)[-2:] for label in ROWS] == [outer[label] for label in ROWS]
    assert move_set(state) == set()
    assert state.is_over and not state.is_won


@pytest.mark.parametrize("game", each_engine())
def test_illegal_moves_raise_value_error(game):
    state = game.deal_from(UNSHUFFLED).start()
    for bad in ["l2>f1", "r5>r4", "l1>l1", "f1>l1", "l1>f5", "l6>f1", "turn", "redeal", "x"]:
        with pytest.raises(ValueError):
            state.play(bad)
    assert state.key == UNSHUFFLED_KEY


@pytest.mark.parametrize("game", each_engine())
def test_explicit_deal_must_be_exactly_one_pack(game):
    with pytest.raises(ValueError):
        game.deal_from(UNSHUFFLED[:-1])
    with pytest.raises(ValueError):
        game.deal_from(UNSHUFFLED[:-1] + ["AC"])
    with pytest.raises(ValueError):
        game.deal_from(UNSHUFFLED + UNSHUFFLED)


def test_unknown_option_is_rejected():
    with pytest.raises(ValueError):
        reference.game(SLUG, passes=2)
    if SLUG in {g.slug for g in patience.games()}:
        with pytest.raises(patience.PatienceError):
            patience.game(SLUG, passes=2)
