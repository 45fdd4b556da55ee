"""Rule tests of THE ZODIAC (rules/zodiac.md, docs/notation/zodiac.md), run on every engine.

Every position is built from an explicit deal whose card order is constructed here, and every
expected key fragment or move set is worked out by hand from the rule file.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/ holds support.py
import support

ENGINES = support.engines("zodiac")
IDS = [name for name, _ in ENGINES]

RANKS = "A23456789TJQK"
SUITS = "CDHS"
ONE_PACK = [r + s for s in SUITS for r in RANKS]  # AC 2C .. KC AD .. KS
TWO_PACKS = ONE_PACK + ONE_PACK


def build(equator: list[str], zodiac: list[str], head=(), tail=()) -> list[str]:
    """Deal order: 8 Equator cards, 24 Zodiac cards, then the pack in turning order: ``head``
    first, the unused cards in unshuffled order, then ``tail`` (card 104 last)."""
    assert len(equator) == 8 and len(zodiac) == 24
    rest = list(TWO_PACKS)
    for c in [*equator, *zodiac, *head, *tail]:
        rest.remove(c)
    return [*equator, *zodiac, *head, *rest, *tail]


def segs(state) -> dict[str, str]:
    """The key as a dict label -> contents."""
    out = {}
    for part in state.key.split(" "):
        label, _, cards = part.partition(":")
        out[label] = cards
    return out


def play_all(state, moves):
    for m in moves:
        state = state.play(m)
    return state


# --- deal ----------------------------------------------------------------------------------


def _splitmix(seed):
    state = seed
    mask = (1 << 64) - 1
    while True:
        state = (state + 0x9E3779B97F4A7C15) & mask
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        yield z ^ (z >> 31)


def _shuffled(cards, seed):
    a, draws = list(cards), _splitmix(seed)
    for i in range(len(a) - 1, 0, -1):
        j = (next(draws) * (i + 1)) >> 64
        a[i], a[j] = a[j], a[i]
    return a


def test_conventions_shuffle_vector_for_this_test_file():
    # CONVENTIONS 2.7: one pack, seed 1.
    first = ["9S", "7S", "QH", "4S", "AC", "8H", "QS", "JH", "6C", "5H", "7D", "JC", "3D"]
    assert _shuffled(ONE_PACK, 1)[:13] == first


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_seeded_deal_is_two_packs_shuffled_then_equator_zodiac_pack(name, game):
    order = _shuffled(TWO_PACKS, 1)
    s = segs(game.deal(1).start())
    for i in range(8):
        assert s[f"E{i + 1}"] == order[i]
    for i in range(24):
        assert s[f"Z{i + 1}"] == order[8 + i]
    assert s["pack"] == "".join(reversed(order[32:])).lower()
    assert s["talon"] == ""


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_layout_of_unshuffled_deal(name, game):
    state = game.deal_from(TWO_PACKS).start()
    clubs = ["AC", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "TC", "JC", "QC", "KC"]
    diamonds = [c[0] + "D" for c in clubs]
    hearts = [c[0] + "H" for c in clubs]
    spades = [c[0] + "S" for c in clubs]
    equator = " ".join(f"E{i + 1}:{c}" for i, c in enumerate(clubs[:8]))
    zcards = clubs[8:] + diamonds + hearts[:6]
    zodiac = " ".join(f"Z{i + 1}:{c}" for i, c in enumerate(zcards))
    found = " ".join(f"F{k}:" for k in range(1, 9))
    # pack bottom to top: card 104 (second KS) first, card 33 (first 7H) last
    pack_turn_order = hearts[6:] + spades + clubs + diamonds + hearts + spades
    pack = "".join(reversed(pack_turn_order)).lower()
    assert state.key == f"{equator} {zodiac} {found} pack:{pack} talon:"
    assert not state.is_won and not state.is_over


# --- phase 1: marriages, Equator, turning -------------------------------------------------

# E1 5H marries Z1 4H and Z2 6H; E2 9C marries Z8 TC and Z9 8C; E3 AS marries Z5 2S (not Z10 KS:
# no wrap); E4 KD marries Z6 QD (not Z7 AD); E5-E8 and Z11-Z24 marry nothing. Card 33 is 4H.
EQ = ["5H", "9C", "AS", "KD", "3C", "3C", "JS", "JS"]
ZO = ["4H", "6H", "5D", "5H", "2S", "QD", "AD", "TC", "8C", "KS"]
ZO += ["2D", "3D", "4D", "6D", "7D", "8D", "9D", "TD", "JD", "8H", "9H", "TH", "JH", "QH"]
FIRST = build(EQ, ZO, head=["4H"])


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_marriage_same_suit_one_rank_up_or_down_from_equator(name, game):
    state = game.deal_from(FIRST).start()
    assert support.move_set(state) == {
        "e1>z1",
        "e1>z2",
        "e2>z8",
        "e2>z9",
        "e3>z5",
        "e4>z6",
        "turn",
    }


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
@pytest.mark.parametrize(
    "move",
    ["z1>z4", "z4>z1", "z1>e1", "e1>e5", "e1>z4", "e1>z3", "e3>z10", "e4>z7", "e1>f1", "redeal"],
)
def test_no_zodiac_to_zodiac_equator_to_equator_wrap_or_foundation_in_phase_1(name, game, move):
    state = game.deal_from(FIRST).start()
    with pytest.raises(ValueError):
        state.play(move)


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_emptied_equator_place_is_not_refilled_automatically(name, game):
    start = game.deal_from(FIRST).start()
    state = start.play("e1>z1")
    s = segs(state)
    assert s["E1"] == "" and s["Z1"] == "4H5H"
    assert s["pack"] == segs(start)["pack"] and s["talon"] == ""
    # the talon is empty, so nothing can fill E1 yet: same moves minus those of E1
    assert support.move_set(state) == {"e2>z8", "e2>z9", "e3>z5", "e4>z6", "turn"}


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_talon_top_marries_or_fills_empty_equator_and_packet_changes_direction(name, game):
    state = game.deal_from(FIRST).start().play("e1>z1").play("turn")
    assert segs(state)["talon"] == "4H"
    assert support.move_set(state) == {
        "e2>z8",
        "e2>z9",
        "e3>z5",
        "e4>z6",
        "talon>z1",  # 4H on 5H: the packet 4H 5H turns downward
        "talon>z4",
        "talon>e1",
        "turn",
    }
    down = state.play("talon>z1")
    assert segs(down)["Z1"] == "4H5H4H" and segs(down)["talon"] == ""
    filled = state.play("talon>e1")
    assert segs(filled)["E1"] == "4H" and segs(filled)["talon"] == ""
    with pytest.raises(ValueError):
        state.play("talon>e2")  # E2 is occupied


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_turn_moves_pack_top_to_talon(name, game):
    state = game.deal_from(TWO_PACKS).start()
    # card 33 is 7H: it fits Z24 6H
    assert support.move_set(state) == {"e8>z1", "turn"}
    state = state.play("turn")
    s = segs(state)
    assert s["talon"] == "7H"
    assert s["pack"].endswith("th9h8h") and len(s["pack"]) == 2 * 71
    assert support.move_set(state) == {"e8>z1", "talon>z24", "turn"}


# --- phase 1: re-deals -------------------------------------------------------------------


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_redeal_turns_talon_over_unshuffled_and_is_unlimited(name, game):
    start = game.deal_from(TWO_PACKS).start()
    state = start
    for _ in range(72):
        state = state.play("turn")
    s = segs(state)
    assert s["pack"] == ""
    assert s["talon"] == "".join(TWO_PACKS[32:])  # first card turned at the bottom
    assert support.move_set(state) == {"e8>z1", "redeal"}  # the second KS fits nothing
    for _ in range(3):
        state = state.play("redeal")
        # the talon turned over is the original pack again, card 33 on top
        assert state.key == start.key
        assert support.move_set(state) == {"e8>z1", "turn"}
        for _ in range(72):
            state = state.play("turn")


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_redeal_is_not_automatic_last_card_stays_talon_top(name, game):
    order = build(TWO_PACKS[:8], TWO_PACKS[8:32], tail=["7H"])
    state = game.deal_from(order).start()
    for _ in range(72):
        state = state.play("turn")
    assert segs(state)["talon"].endswith("7H")
    assert support.move_set(state) == {"e8>z1", "talon>z24", "redeal"}
    state = state.play("talon>z24")
    assert segs(state)["Z24"] == "6H7H"
    state = state.play("redeal")
    s = segs(state)
    # card 33 on top again: the first 7H went to the tail, so card 33 is 8H
    assert s["talon"] == "" and s["pack"][-2:] == "8h"


# --- phase 1: dead position ----------------------------------------------------------------

# Zodiac: both copies of AC..QC (Z1 AC, Z2 AC, Z3 2C, ..., Z23 QC, Z24 QC).
CLUB_ZODIAC = [r + "C" for r in "A23456789TJQ" for _ in range(2)]


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_dead_position_full_equator_and_nothing_marries_has_no_moves(name, game):
    eq = ["KC", "KC", "2D", "3D", "4D", "5D", "6D", "7D"]
    state = game.deal_from(build(eq, CLUB_ZODIAC)).start()
    assert support.move_set(state) == {"e1>z23", "e1>z24", "e2>z23", "e2>z24", "turn"}
    state = play_all(state, ["e1>z23", "e2>z24", "turn", "talon>e1", "turn"])
    # E2 still empty: not dead
    assert "talon>e2" in support.move_set(state)
    state = state.play("talon>e2")
    # Equator full; every club is in the Zodiac; no other card marries a club: failed
    assert support.move_set(state) == set()
    assert state.is_over and not state.is_won
    assert len(segs(state)["pack"]) == 2 * 70


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_not_dead_while_a_card_deep_in_the_pack_still_marries(name, game):
    eq = ["KC", "2D", "3D", "4D", "5D", "6D", "7D", "8D"]
    state = game.deal_from(build(eq, CLUB_ZODIAC, tail=["KC"])).start()
    state = play_all(state, ["e1>z23", "turn", "talon>e1"])
    # Equator full, talon empty; only the last card of the pack (KC) fits Z24 QC
    assert support.move_set(state) == {"turn"}
    assert not state.is_over


# --- phase 2: foundations --------------------------------------------------------------------

# A winnable deal. For each suit X (s = 0..3 for C, D, H, S): Z(2s+1) holds TX and receives
# 9X..AX from the pack (a packet T down to A, which unpiles onto the ascending pile), Z(2s+2)
# holds 4X and receives 5X..KX (a packet 4 up to K, which unpiles onto the descending pile).
# The single cards JX QX KX AX 2X 3X go to E1..E8 then Z9..Z24.
BASES = [c for x in SUITS for c in ("T" + x, "4" + x)]
SINGLES = [r + x for x in SUITS for r in "JQKA23"]
WIN_EQ = SINGLES[:8]  # JC QC KC AC 2C 3C JD QD
WIN_ZO = BASES + SINGLES[8:]  # Z9 KD Z10 AD Z11 2D Z12 3D Z13 JH ... Z22 AS Z23 2S Z24 3S
PLAN = []  # (card turned, Zodiac place it is married onto), in pack order
for k in range(1, 10):
    for s, x in enumerate(SUITS):
        PLAN.append((RANKS[9 - k] + x, 2 * s + 1))  # 9X, 8X, ..., AX
        PLAN.append((RANKS[3 + k] + x, 2 * s + 2))  # 5X, 6X, ..., KX
WIN_DEAL = WIN_EQ + WIN_ZO + [c for c, _ in PLAN]


def _finish_phase_1(game):
    state = game.deal_from(WIN_DEAL).start()
    for i, (_, z) in enumerate(PLAN):
        assert not any(">f" in m for m in support.move_set(state))
        state = state.play("turn").play(f"talon>z{z}")
        if i < len(PLAN) - 1:
            assert not any(">f" in m for m in support.move_set(state))
    return state


def test_win_deal_is_the_whole_two_packs():
    assert sorted(WIN_DEAL) == sorted(TWO_PACKS)


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_foundations_start_only_after_every_card_is_in_zodiac_or_equator(name, game):
    state = _finish_phase_1(game)
    s = segs(state)
    assert s["pack"] == "" and s["talon"] == ""
    assert s["Z1"] == "TC9C8C7C6C5C4C3C2CAC"
    assert s["Z2"] == "4C5C6C7C8C9CTCJCQCKC"
    # phase 2: only foundation moves. Aces start the first ascending place F1, kings the
    # first descending place F5. Aces: Z1 Z3 Z5 Z7 (packet tops), E4 AC, Z10 AD, Z16 AH,
    # Z22 AS. Kings: Z2 Z4 Z6 Z8 (packet tops), E3 KC, Z9 KD, Z15 KH, Z21 KS.
    aces = ["z1", "z3", "z5", "z7", "e4", "z10", "z16", "z22"]
    kings = ["z2", "z4", "z6", "z8", "e3", "z9", "z15", "z21"]
    assert support.move_set(state) == {a + ">f1" for a in aces} | {k + ">f5" for k in kings}


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_card_fitting_both_piles_of_its_suit_gives_two_moves(name, game):
    state = _finish_phase_1(game)
    # clubs descending first: KC..4C from Z2, then 3C (E6) and 2C (E5), all onto F5
    state = play_all(state, ["z2>f5"] * 10 + ["e6>f5", "e5>f5"])
    assert segs(state)["F5"] == "KCQCJCTC9C8C7C6C5C4C3C2C"
    assert segs(state)["Z2"] == ""  # an emptied Zodiac place stays empty
    moves = support.move_set(state)
    # the aces of clubs (Z1 top, E4) may start the ascending pile or end the descending one
    assert {"z1>f1", "z1>f5", "e4>f1", "e4>f5"} <= moves
    # no ascending pile is started yet, so every ace may go only to F1
    assert "z5>f1" in moves and "z5>f2" not in moves
    state = state.play("e4>f5")
    assert segs(state)["F5"].endswith("2CAC") and segs(state)["E4"] == ""
    state = state.play("z1>f1")
    state = state.play("z3>f2")  # the second suit's ascending pile takes the next place
    assert segs(state)["F1"] == "AC" and segs(state)["F2"] == "AD"
    with pytest.raises(ValueError):
        state.play("z2>f5")  # nothing left there


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_phase_2_played_out_is_won(name, game):
    state = _finish_phase_1(game)
    moves = []
    for s, x in enumerate(SUITS):
        asc, desc = f"f{s + 1}", f"f{s + 5}"
        z_asc, z_desc = f"z{2 * s + 1}", f"z{2 * s + 2}"
        singles = {}  # card -> its place
        for i, c in enumerate(WIN_EQ):
            singles[c] = f"e{i + 1}"
        for i, c in enumerate(SINGLES[8:]):
            singles[c] = f"z{i + 9}"
        moves += [f"{z_asc}>{asc}"] * 10  # A..T
        moves += [f"{singles[r + x]}>{asc}" for r in "JQK"]
        moves += [f"{z_desc}>{desc}"] * 10  # K..4
        moves += [f"{singles[r + x]}>{desc}" for r in "32A"]
    state = play_all(state, moves)
    s = segs(state)
    for i, x in enumerate(SUITS):
        assert s[f"F{i + 1}"] == "".join(r + x for r in RANKS)
        assert s[f"F{i + 5}"] == "".join(r + x for r in reversed(RANKS))
    assert state.is_won and state.is_over
    assert support.move_set(state) == set()


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_phase_2_with_no_playable_card_is_lost(name, game):
    # Per suit X (s = 0..3): Z(4s+1), Z(4s+2) hold AX and get 2X..6X; Z(4s+3), Z(4s+4) hold
    # KX and get QX..9X. The 7s and 8s are single cards (Z17..Z24 clubs and diamonds, the
    # Equator hearts and spades). In phase 2 every available card is a 6, 7, 8 or 9.
    zo = [c for x in SUITS for c in ("A" + x, "A" + x, "K" + x, "K" + x)]
    zo += [r + x for x in "CD" for r in "7788"]
    eq = [r + x for x in "HS" for r in "7788"]
    plan = []  # (card turned, Zodiac place it is married onto), in pack order
    for s_i, x in enumerate(SUITS):
        for r in "23456":
            plan += [(r + x, 4 * s_i + 1), (r + x, 4 * s_i + 2)]
        for r in "QJT9":
            plan += [(r + x, 4 * s_i + 3), (r + x, 4 * s_i + 4)]
    assert len(plan) == 72
    order = eq + zo + [c for c, _ in plan]
    assert sorted(order) == sorted(TWO_PACKS)
    state = game.deal_from(order).start()
    for _, z in plan:
        state = state.play("turn").play(f"talon>z{z}")
    s = segs(state)
    assert s["pack"] == "" and s["talon"] == ""
    assert s["Z1"] == "AC2C3C4C5C6C" and s["Z3"] == "KCQCJCTC9C"
    assert support.move_set(state) == set()
    assert state.is_over and not state.is_won
