"""Rule tests of THE HEMISPHERES (python/patience/rules/hemispheres.md and
docs/notation/hemispheres.md), run on every engine that implements the game.

Positions come from explicit deals whose card order is written here; every expected key, key
fragment and move set is worked out by hand from the rule text and the notation page.

Reminder: taken out first: AD AD AH AH KC KC KS KS (F1-F8), then the barriers KH AS KD AC
(B1-B4); the next twelve cards go to C1-C12. C1-C6 north (red proper), C7-C12 south (black
proper); Races C1-C3, C4-C6, C7-C9, C10-C12.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/ holds support.py
import support

SLUG = "hemispheres"
ENGINES = support.engines(SLUG)
IDS = [name for name, _ in ENGINES]

RANKS = "A23456789TJQK"
SUITS = "CDHS"
ONE_PACK = [r + s for s in SUITS for r in RANKS]
TWO_PACKS = ONE_PACK + ONE_PACK


def segs(state) -> dict[str, str]:
    out = {}
    for part in state.key.split(" "):
        label, _, cards = part.partition(":")
        out[label] = cards
    return out


def run(suit: str, ranks: str) -> list[str]:
    return [r + suit for r in ranks]


#: the 92 cards left of the unshuffled two packs once the twelve are taken out, by hand:
#: copy 1 without AC KC AD KD AH KH AS KS, then copy 2 without KC AD AH KS.
REMAINING = (
    run("C", "23456789TJQ")
    + run("D", "23456789TJQ")
    + run("H", "23456789TJQ")
    + run("S", "23456789TJQ")
    + run("C", "A23456789TJQ")
    + run("D", "23456789TJQK")
    + run("H", "23456789TJQK")
    + run("S", "A23456789TJQ")
)
FIXED = "B1:KH B2:AS B3:KD B4:AC F1:AD F2:AD F3:AH F4:AH F5:KC F6:KC F7:KS F8:KS"


def pack_text(cards: list[str]) -> str:
    """``pack:`` segment of a pack dealt in the order ``cards`` (first card on top)."""
    return "pack:" + "".join(reversed(cards)).lower()


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_the_deal_takes_out_bases_and_barriers_and_fills_the_circle(name, game):
    assert len(REMAINING) == 92
    state = game.deal_from(TWO_PACKS).start()
    circle = " ".join(f"C{i + 1}:{c}" for i, c in enumerate(REMAINING[:12]))
    assert state.key == f"{circle} {FIXED} {pack_text(REMAINING[12:])} talon:"


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_first_moves_proper_cards_races_and_exchanges(name, game):
    state = game.deal_from(TWO_PACKS).start()
    # C1-C6 2C..7C (wrong), C7-C11 8C..QC (proper), C12 2D (wrong). QC fits F5 and F6;
    # black builds up inside a Race: 9C onto 8C, TC onto 9C (Race 3), QC onto JC (Race 4);
    # JC onto TC crosses Races 3/4 and is not allowed. Each black of the north may swap with 2D.
    want = {"c11>f5", "c11>f6", "c8>c7", "c9>c8", "c11>c10", "deal"}
    want |= {f"exchange c{i}-c12" for i in range(1, 7)}
    assert support.move_set(state) == want


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_exchange_then_play_and_deal_refills_the_lowest_empty_position(name, game):
    state = game.deal_from(TWO_PACKS).start().play("exchange c1-c12")
    s = segs(state)
    assert (s["C1"], s["C12"]) == ("2D", "2C")
    assert {"c1>f1", "c1>f2"} <= support.move_set(state)
    state = state.play("c1>f2")
    s = segs(state)
    assert s["C1"] == "" and s["F2"] == "AD2D"
    state = state.play("deal")  # 3D, the next card, goes into C1, not onto the talon
    s = segs(state)
    assert s["C1"] == "3D" and s["talon"] == ""
    assert {"c1>f2"} <= support.move_set(state) and "c1>f1" not in support.move_set(state)
    state = state.play("deal")  # no empty position: 4D goes onto the talon
    s = segs(state)
    assert s["talon"] == "4D" and s["pack"] == pack_text(REMAINING[14:])[5:]


def order(head: list[str]) -> list[str]:
    """``head``, then every other card of the two packs in unshuffled order."""
    rest = list(TWO_PACKS)
    for c in head:
        rest.remove(c)
    return head + rest


TAKEN = ["AD", "AD", "AH", "AH", "KC", "KC", "KS", "KS", "KH", "AS", "KD", "AC"]
#: C1..C12: proper 9H 5D, wrong 3S, proper 8H TD, wrong 4C | proper 6S 2C, wrong 7H,
#: proper JS QC, wrong 5H
CIRCLE = ["9H", "5D", "3S", "8H", "TD", "4C", "6S", "2C", "7H", "JS", "QC", "5H"]


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_talon_marries_into_any_race_red_down_black_up(name, game):
    state = game.deal_from(order(TAKEN + CIRCLE + ["7H", "7S"])).start()
    s = segs(state)
    assert [s[f"C{i}"] for i in range(1, 13)] == CIRCLE
    state = state.play("deal")  # no empty position: 7H onto the talon
    # QC fits F5 and F6; no marriage inside a Race; wrong C3, C6 (north) x C9, C12 (south);
    # the talon's 7H marries onto 8H (C4) only: not onto 9H, nor onto the wrong 7H.
    want = {"c11>f5", "c11>f6", "talon>c4", "deal"}
    want |= {"exchange c3-c9", "exchange c3-c12", "exchange c6-c9", "exchange c6-c12"}
    assert support.move_set(state) == want
    state = state.play("talon>c4")
    assert segs(state)["C4"] == "8H7H" and segs(state)["talon"] == ""
    state = state.play("deal")  # 7S: black builds up, so it marries onto 6S in the south
    assert "talon>c7" in support.move_set(state)
    state = state.play("talon>c7")
    assert segs(state)["C7"] == "6S7S"


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_no_end_transfer_or_barrier_while_the_pack_lasts(name, game):
    state = game.deal_from(order(TAKEN + CIRCLE)).start()
    moves = support.move_set(state)
    assert not any(m.startswith("b") for m in moves)
    # a wrong card may not move home into an empty position or onto a proper card yet
    assert not {"c3>c7", "c9>c1", "c12>c1"} & moves


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_illegal_moves_raise_value_error(name, game):
    state = game.deal_from(TWO_PACKS).start()
    for bad in ["c1>f1", "c10>c9", "b1>f3", "turn", "exchange c12-c1", "x", ""]:
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
    with pytest.raises(ValueError):
        game.deal_from(TWO_PACKS[:-1] + ["AC"])


#: every wrong: black in the north, red in the south
WRONG_CIRCLE = ["2C", "2C", "2S", "2S", "AC", "AS", "QD", "QD", "QH", "QH", "KD", "KH"]
UP_PACK = [r + s for s in "DH" for r in "23456789TJ" for _ in range(2)]
DOWN_PACK = [r + s for s in "CS" for r in "QJT9876543" for _ in range(2)]


def exhausted(game):
    """Deal every pack card to the talon and play it up at once (pairs on F1/F2, F3/F4, ...)."""
    deal = TAKEN + WRONG_CIRCLE + UP_PACK + DOWN_PACK
    assert len(deal) == 104
    state = game.deal_from(deal).start()
    for k, card in enumerate(UP_PACK + DOWN_PACK):
        suit_pair = {"D": 1, "H": 3, "C": 5, "S": 7}[card[1]]
        state = state.play("deal").play(f"talon>f{suit_pair + k % 2}")
    return state


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_once_exhausted_only_exchanges_while_no_card_is_proper(name, game):
    state = exhausted(game)
    s = segs(state)
    assert s["pack"] == "" and s["talon"] == ""
    assert (s["F1"], s["F3"], s["F5"], s["F8"]) == (
        "AD2D3D4D5D6D7D8D9DTDJD",
        "AH2H3H4H5H6H7H8H9HTHJH",
        "KCQCJCTC9C8C7C6C5C4C3C",
        "KSQSJSTS9S8S7S6S5S4S3S",
    )
    # no barrier fits (KH, KD want a queen first; AS, AC a two); nothing is proper
    want = {f"exchange c{i}-c{j}" for i in range(1, 7) for j in range(7, 13)}
    assert support.move_set(state) == want


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_end_transfer_into_an_empty_position_of_the_own_hemisphere(name, game):
    state = exhausted(game).play("exchange c1-c7")
    s = segs(state)
    assert (s["C1"], s["C7"]) == ("QD", "2C")
    moves = support.move_set(state)
    assert {"c1>f1", "c1>f2", "c7>f5", "c7>f6"} <= moves
    # AC may not go on 2C (black builds up), KD not on QD (red builds down): no transfer yet
    assert not any(">c" in m for m in moves)
    state = state.play("c1>f1")
    moves = support.move_set(state)
    # C1 is empty: each wrong red of the south may move there; no black may (C1 is north)
    assert {m for m in moves if m.endswith(">c1")} == {f"c{j}>c1" for j in range(8, 13)}
    state = state.play("c11>c1")  # KD home in the north
    assert segs(state)["C1"] == "KD" and segs(state)["C11"] == ""
    moves = support.move_set(state)
    # F1 shows QD: both KD (C1, now proper) and the KD barrier (B3) fit it
    assert {"c1>f1", "b3>f1"} <= moves
    # C11 is empty now: each wrong black of the north (C2..C6) may move there
    assert {m for m in moves if m.endswith(">c11")} == {f"c{i}>c11" for i in range(2, 7)}
