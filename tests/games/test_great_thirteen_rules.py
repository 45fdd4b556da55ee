"""Rule tests of THE GREAT THIRTEEN (rules/great-thirteen.md, docs/notation/great-thirteen.md),
run on every engine.

Every position is built from an explicit deal whose card order is constructed here, and every
expected key, key fragment or move set is worked out by hand from the rule file.

Deal reminder: ground packet Gp receives cards 13p-12 .. 13p of the pack, the first at the
bottom; kings on top go to the bottom (first deal only); the top card of each packet then goes
up to balcony Bp. Numeral packet Ni under Bi (value b) takes 2b, 3b, ... (reduced by 13), ending
with a king. When no placement is legal, positions 1..8 are taken up one at a time and dealt,
former bottom card first, onto the following positions cyclically.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/ holds support.py
import support

ENGINES = support.engines("great-thirteen")
IDS = [name for name, _ in ENGINES]

RANKS = "A23456789TJQK"
SUITS = "CDHS"
ONE_PACK = [r + s for s in SUITS for r in RANKS]
TWO_PACKS = ONE_PACK + ONE_PACK


def build(spec: list[list[str]]) -> tuple[list[str], list[list[str]]]:
    """A deal from the top parts of the eight packets.

    ``spec[p]`` lists the top cards of packet p+1 bottom to top, its last card being the 13th
    card dealt to it (the balcony card unless it is a king). Each packet is completed below
    with the unused cards of the two packs in their unshuffled order. Returns the 104 cards in
    dealing order and the eight 13-card packets (bottom to top)."""
    rest = list(TWO_PACKS)
    for part in spec:
        for c in part:
            rest.remove(c)
    packets = []
    for part in spec:
        need = 13 - len(part)
        packets.append(rest[:need] + list(part))
        rest = rest[need:]
    assert not rest
    return [c for packet in packets for c in packet], packets


def segs(state) -> dict[str, str]:
    """The key as a dict label -> contents."""
    out = {}
    for part in state.key.split(" "):
        label, _, cards = part.partition(":")
        out[label] = cards
    return out


def start(game, spec: list[list[str]]):
    cards, packets = build(spec)
    return game.deal_from(cards, seed=0).start(), packets


def play_all(state, moves: list[str]):
    for m in moves:
        assert m in support.move_set(state), (m, state.key)
        state = state.play(m)
    return state


def all_pairs(sources, dests) -> set[str]:
    return {f"g{p}>n{i}" for p in sources for i in dests}


# --- the unshuffled deal -------------------------------------------------------------------
# Packet p gets one suit A..K (C, D, H, S, C, D, H, S). Its top king goes to the bottom, so the
# queen is on top and goes to the balcony: every B is a queen (first value 24-13 = J), and every
# ground packet is K A 2 .. J, the jack available.


def _suit_key(suit: str) -> str:
    return "K" + suit + "".join(r + suit for r in "A23456789TJ")


UNSHUFFLED_KEY = " ".join(
    [f"B{p + 1}:Q{SUITS[p % 4]}" for p in range(8)]
    + [f"N{i}:" for i in range(1, 9)]
    + [f"G{p + 1}:{_suit_key(SUITS[p % 4])}" for p in range(8)]
    + ["next:1"]
)


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_block_deal_king_slipped_under_and_balcony(name, game):
    state = game.deal_from(TWO_PACKS).start()
    assert state.key == UNSHUFFLED_KEY
    assert not state.is_over and not state.is_won


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_every_ground_numeral_pair_is_its_own_move(name, game):
    state = game.deal_from(TWO_PACKS).start()
    # eight jacks, each fitting all eight empty slots
    assert support.move_set(state) == all_pairs(range(1, 9), range(1, 9))
    after = state.play("g1>n1")
    # TC now goes on JC (11 + 12 - 13 = 10); the other jacks fit the seven empty slots
    assert segs(after)["N1"] == "JC"
    assert segs(after)["G1"] == "KCAC2C3C4C5C6C7C8C9CTC"
    assert support.move_set(after) == {"g1>n1"} | all_pairs(range(2, 9), range(2, 9))


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_win_when_all_numerals_end_in_kings(name, game):
    state = game.deal_from(TWO_PACKS).start()
    state = play_all(state, ["g1>n1"] * 12)
    s = segs(state)
    assert s["N1"] == "JCTC9C8C7C6C5C4C3C2CACKC"  # Q-table: J 10 9 8 7 6 5 4 3 2 A K
    assert s["G1"] == "" and s["next"] == "1"  # placements remain: no re-deal yet
    for p in range(2, 9):
        state = play_all(state, [f"g{p}>n{p}"] * 12)
    assert state.is_won and state.is_over
    assert support.move_set(state) == set()
    s = segs(state)
    assert all(s[f"G{p}"] == "" for p in range(1, 9))
    # after the winning placement the empty positions are all skipped
    assert s["next"] == "9"


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_kings_on_top_go_under_repeatedly_first_deal_only(name, game):
    spec = [
        ["4C", "5C", "KH", "KS"],  # two kings on top: KS under, then KH under it
        ["KD", "9D"],  # king just under the balcony card stays on the ground top
        ["TH", "5H"],  # B3 = 5 (first value 10): TH is placeable, so no re-deal
        ["3C", "6S"],
        ["3D", "6D"],
        ["3H", "6H"],
        ["3S", "6C"],
        ["4D", "9C"],
    ]
    state, packets = start(game, spec)
    s = segs(state)
    assert s["B1"] == "5C"
    assert s["G1"] == "KHKS" + "".join(packets[0][:10]) and s["G1"].endswith("4C")
    assert s["B2"] == "9D" and s["G2"].endswith("KD") and len(s["G2"]) == 24
    assert s["next"] == "1"
    assert "g3>n3" in support.move_set(state) and "g3>n1" in support.move_set(state)


# --- the book's worked examples --------------------------------------------------------------
# B1 3H (first 6), B2 2C (4), B3 7S (A), B4 QD (J), B5 8C (3), B6..B8 9S 9S 9H (5).
EXAMPLES = [
    ["KC", "6H", "3H"],
    ["KH", "6S", "4H", "2C"],
    ["KD", "8D", "AD", "7S"],
    ["KS", "TH", "JH", "QD"],
    ["KC", "3D", "8C"],
    ["7D", "9S"],
    ["7C", "9S"],
    ["7H", "9H"],
]


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_doubling_6_under_3_4_under_2_ace_under_7_knave_under_queen_3_under_8(name, game):
    state, _ = start(game, EXAMPLES)
    assert support.move_set(state) == {"g1>n1", "g2>n2", "g3>n3", "g4>n4", "g5>n5"}
    state = play_all(state, ["g1>n1", "g2>n2", "g3>n3", "g4>n4", "g5>n5"])
    s = segs(state)
    assert (s["N1"], s["N2"], s["N3"], s["N4"], s["N5"]) == ("6H", "4H", "AD", "JH", "3D")
    assert s["N6"] == s["N7"] == s["N8"] == ""


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_addition_eight_on_ace_under_seven_and_ten_on_knave_under_queen(name, game):
    state, _ = start(game, EXAMPLES)
    state = state.play("g3>n3")
    # 1 + 7 = 8: the 8D now on G3 goes on the ace
    assert support.move_set(state) == {"g1>n1", "g2>n2", "g3>n3", "g4>n4", "g5>n5"}
    state = state.play("g3>n3")
    assert segs(state)["N3"] == "AD8D"
    # next on N3 would be 8 + 7 - 13 = 2; the KD exposed on G3 fits nothing
    assert support.move_set(state) == {"g1>n1", "g2>n2", "g4>n4", "g5>n5"}
    state = play_all(state, ["g4>n4", "g4>n4"])  # 11 + 12 - 13 = 10
    assert segs(state)["N4"] == "JHTH"
    assert segs(state)["G4"].endswith("KS")


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_card_fitting_a_vacancy_may_not_be_used_for_addition(name, game):
    state, _ = start(game, EXAMPLES)
    state = state.play("g2>n2")  # 4H under the 2; the 6S beneath is now available
    # 6 = 4 + 2 would continue N2, but 6 is N1's doubled value and N1 is empty (Rule II):
    # both sixes may only go to N1, and they may also wait
    assert support.move_set(state) == {"g1>n1", "g2>n1", "g3>n3", "g4>n4", "g5>n5"}
    state = state.play("g1>n1")
    # no empty slot wants a 6 any more: the 6S now continues N2
    assert support.move_set(state) == {"g2>n2", "g3>n3", "g4>n4", "g5>n5"}
    state = state.play("g2>n2")
    assert segs(state)["N2"] == "4H6S" and segs(state)["N1"] == "6H"


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_illegal_moves_raise_value_error(name, game):
    state, _ = start(game, EXAMPLES)
    for bad in ["g6>n6", "g1>n2", "g3>n1", "g1>n9", "g0>n1", "n1>g1", "deal", "redeal", "turn"]:
        with pytest.raises(ValueError):
            state.play(bad)
    state = state.play("g1>n1")
    with pytest.raises(ValueError):
        state.play("g1>n1")  # KC on 6H: 6 + 3 = 9, not a king


# --- complete numeral packets ------------------------------------------------------------------
# B1 7S; G1 holds 7S's whole numeral sequence A 8 2 9 3 T 4 J 5 Q 6 K (top first).
# B2..B8 queens (first value J): their jacks are on top of G2..G8.
COMPLETE = [
    ["KS", "6S", "QS", "5S", "JS", "4S", "TS", "3S", "9S", "2S", "8S", "AS", "7S"],
    ["7H", "JH", "QH"],
    ["TC", "JC", "QC"],
    ["KH", "JD", "QD"],
    ["KD", "JC", "QC"],
    ["KC", "JD", "QD"],
    ["KH", "JH", "QH"],
    ["KD", "JS", "QS"],
]


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_complete_numeral_packet_takes_nothing_more(name, game):
    state, _ = start(game, COMPLETE)
    assert support.move_set(state) == {"g1>n1"} | all_pairs(range(2, 9), range(2, 9))
    state = play_all(state, [f"g{p}>n{p}" for p in range(2, 9)] + ["g1>n1"] * 12)
    s = segs(state)
    assert s["N1"] == "AS8S2S9S3STS4SJS5SQS6SKS"
    assert s["G1"] == "" and s["G2"].endswith("7H") and s["next"] == "1"
    # 7H would be K + 7 - 13 = 7 on N1, but N1 is complete; TC (J + Q - 13 = 10) may go on
    # any of N2..N8, one move each
    assert support.move_set(state) == all_pairs([3], range(2, 9))


# --- the re-deal of the ground packets ---------------------------------------------------------
# Every balcony card an ace (first value 2): nothing plays until a 2 is on top.
OTHER_ACE_PACKETS = [
    ["KH", "AH"],
    ["KS", "AS"],
    ["QH", "AC"],
    ["QS", "AD"],
    ["JH", "AH"],
    ["JS", "AS"],
]
REDEAL_G1 = ["3C", "4C", "5C", "6C", "7C", "8C", "9C", "2H", "TC", "JC", "QC", "KC", "AC"]
REDEAL_G2 = ["5D", "6D", "7D", "8D", "9D", "TD", "JD", "QD", "KD", "4H", "5H", "6H", "AD"]
REDEAL = [REDEAL_G1, REDEAL_G2] + OTHER_ACE_PACKETS


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_redeal_starts_automatically_when_no_placement_is_legal(name, game):
    state, packets = start(game, REDEAL)
    g = ["".join(packet[:12]) for packet in packets]
    s = segs(state)
    # G1 (3C .. KC, bottom first) went to 2,3,4,5,6,7,8, then 1 itself, then 2,3,4,5
    assert s["G1"] == "2H"
    assert s["G2"] == g[1] + "3C" + "TC"
    assert s["G3"] == g[2] + "4C" + "JC"
    assert s["G4"] == g[3] + "5C" + "QC"
    assert s["G5"] == g[4] + "6C" + "KC"  # a king on top stays there in the re-deal
    assert s["G6"] == g[5] + "7C"
    assert s["G7"] == g[6] + "8C"
    assert s["G8"] == g[7] + "9C"
    assert s["next"] == "2"
    assert all(s[f"N{i}"] == "" for i in range(1, 9))
    assert support.move_set(state) == all_pairs([1], range(1, 9))


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_next_packet_taken_up_when_placements_run_out(name, game):
    state, packets = start(game, REDEAL)
    g = ["".join(packet[:12]) for packet in packets]
    state = state.play("g1>n1")
    s = segs(state)
    # N1 wants 2 + 1 = 3; no top card fits, so G2 (its 12 cards, then 3C, TC: 14 cards) is
    # dealt from position 3, bottom card first:
    # 5D>3 6D>4 7D>5 8D>6 9D>7 TD>8 JD>1 QD>2 KD>3 4H>4 5H>5 6H>6 3C>7 TC>8
    assert s["N1"] == "2H"
    assert s["G1"] == "JD"
    assert s["G2"] == "QD"
    assert s["G3"] == g[2] + "4CJC" + "5D" + "KD"
    assert s["G4"] == g[3] + "5CQC" + "6D" + "4H"
    assert s["G5"] == g[4] + "6CKC" + "7D" + "5H"
    assert s["G6"] == g[5] + "7C" + "8D" + "6H"
    assert s["G7"] == g[6] + "8C" + "9D" + "3C"
    assert s["G8"] == g[7] + "9C" + "TD" + "TC"
    assert s["next"] == "3"
    assert support.move_set(state) == {"g7>n1"}
    state = state.play("g7>n1")
    # N1 wants 4 now: the 4H on G4 fits, so nothing is taken up
    assert segs(state)["N1"] == "2H3C" and segs(state)["G7"].endswith("9D")
    assert segs(state)["next"] == "3"
    assert support.move_set(state) == {"g4>n1"}


# G1 holds the A-table 2 .. K (2 on top): played out onto N1. Then position 1 is empty.
SKIP = [
    ["KC", "QC", "JC", "TC", "9C", "8C", "7C", "6C", "5C", "4C", "3C", "2C", "AC"],
    ["3D", "4D", "5D", "6D", "7D", "8D", "2H", "9D", "TD", "JD", "QD", "KD", "AD"],
] + OTHER_ACE_PACKETS


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_played_out_position_is_skipped_but_receives_cards(name, game):
    state, packets = start(game, SKIP)
    g = ["".join(packet[:12]) for packet in packets]
    assert support.move_set(state) == all_pairs([1], range(1, 9))
    state = play_all(state, ["g1>n1"] * 12)
    s = segs(state)
    assert s["N1"] == "2C3C4C5C6C7C8C9CTCJCQCKC"
    # position 1 is empty: skipped; G2 dealt from position 3: 3D>3 4D>4 5D>5 6D>6 7D>7
    # 8D>8 2H>1 9D>2 TD>3 JD>4 QD>5 KD>6
    assert s["G1"] == "2H"
    assert s["G2"] == "9D"
    assert s["G3"] == g[2] + "3DTD"
    assert s["G4"] == g[3] + "4DJD"
    assert s["G5"] == g[4] + "5DQD"
    assert s["G6"] == g[5] + "6DKD"
    assert s["G7"] == g[6] + "7D"
    assert s["G8"] == g[7] + "8D"
    assert s["next"] == "3"
    # N1 is complete (and not empty): the 2H may go only to N2..N8
    assert support.move_set(state) == all_pairs([1], range(2, 9))


# Every balcony card an ace, all eight 2s at the bottom of G8: no 2 ever reaches a top.
LOST = [["AC"], ["AC"], ["AD"], ["AD"], ["AH"], ["AH"], ["AS"]] + [
    ["2C", "2C", "2D", "2D", "2H", "2H", "2S", "2S", "3C", "3D", "3H", "3S", "AS"]
]


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_game_lost_after_position_eight_is_redealt(name, game):
    state, _ = start(game, LOST)
    s = segs(state)
    assert s["next"] == "9"
    assert all(s[f"N{i}"] == "" for i in range(1, 9))
    assert sum(len(s[f"G{p}"]) for p in range(1, 9)) == 2 * 96
    assert all(not s[f"G{p}"].endswith(("2C", "2D", "2H", "2S")) for p in range(1, 9))
    assert support.move_set(state) == set()
    assert state.is_over and not state.is_won


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_seeded_deals_have_full_layout_and_no_king_in_balcony(name, game):
    for seed in range(1, 21):
        state = game.deal(seed).start()
        s = segs(state)
        assert all(s[f"B{p}"][0] != "K" for p in range(1, 9))
        assert sum(len(s[f"G{p}"]) for p in range(1, 9)) == 2 * 96
        if s["next"] == "1":
            assert all(len(s[f"G{p}"]) == 24 for p in range(1, 9))
