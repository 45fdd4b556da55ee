"""Rule tests of MARGARETHE (python/patience/rules/margarethe.md,
docs/notation/margarethe.md), run on every engine that implements the game.

Positions come from explicit deals whose card order is built here; every expected key, key
fragment and move set is worked out by hand from the rule text.

Deal order reminder (rule text): the twelve court cards are taken out of the shuffled pack
(F1-F4 the kings, F5-F8 the knaves, F9-F12 the queens, each group C D H S; a king takes 10 9
8, a knave 7 6 5, a queen 4 3 2 of its suit); the other 40 cards are taken in order, aces to
the ace packet AP and other cards to the help places X1-X9, until X9 is filled; the rest is
the pack. A turned card goes into the hand: an ace to AP at once; any other card must be put
on its foundation, into an empty help place or onto the talon (onto the talon by itself when
that is the only way). One unshuffled re-deal.
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

SLUG = "margarethe"
RANKS = "A23456789TJQK"
SUITS = "CDHS"
ONE_PACK = [r + s for s in SUITS for r in RANKS]
COURTS = "F1:KC F2:KD F3:KH F4:KS F5:JC F6:JD F7:JH F8:JS F9:QC F10:QD F11:QH F12:QS"
START_HELPS = "X1:2C X2:3C X3:4C X4:5C X5:6C X6:7C X7:8C X8:9C X9:TC"
#: the pack of the unshuffled deal, in the order its cards come out
START_PACK = [r + s for s in "DHS" for r in "A23456789T"]


def each_engine(**options: Any) -> list[Any]:
    return [pytest.param(g, id=name) for name, g in engines(SLUG, **options)]


def order(front: list[str]) -> list[str]:
    """A dealing order: ``front``, then every other card of the pack in unshuffled order."""
    assert len(set(front)) == len(front)
    return list(front) + [c for c in ONE_PACK if c not in front]


def segs(state: Any) -> dict[str, str]:
    out = {}
    for part in state.key.split(" "):
        label, _, cards = part.partition(":")
        out[label] = cards
    return out


def play_all(state: Any, moves: list[str]) -> Any:
    for m in moves:
        state = state.play(m)
    return state


def down(cards: list[str]) -> str:
    """A pack segment's cards for a pack dealt in the order ``cards``."""
    return "".join(reversed(cards)).lower()


def key(helps: str, founds: str, ap: str, hand: str, pack: list[str], talon: str, n: int) -> str:
    return f"{helps} {founds} AP:{ap} hand:{hand} pack:{down(pack)} talon:{talon} pass:{n}"


# --- the deal ----------------------------------------------------------------------------------


@pytest.mark.parametrize("game", each_engine())
def test_layout_of_unshuffled_deal(game):
    # Without the court cards: AC 2C .. TC AD .. TD AH .. TH AS .. TS. The AC goes to AP, 2C..TC
    # fill X1..X9, and the other 30 cards are the pack, AD on top.
    state = game.deal_from(ONE_PACK).start()
    assert state.key == key(START_HELPS, COURTS, "AC", "", START_PACK, "", 1)
    assert segs(state)["pack"] == "ts9s8s7s6s5s4s3s2sasth9h8h7h6h5h4h3h2hahtd9d8d7d6d5d4d3d2dad"
    # 4C on the queen, 7C on the knave, TC on the king of clubs.
    assert move_set(state) == {"x3>f9", "x6>f5", "x9>f1", "turn"}
    assert not state.is_won and not state.is_over


@pytest.mark.parametrize("game", each_engine())
def test_courts_withdrawn_and_aces_skipped_while_the_helps_are_filled(game):
    front = ["JH", "AS", "5H", "KD", "AD", "9C", "3S", "QC", "TD", "2H", "AC", "8S", "4D"]
    front += ["6C", "JS", "7H", "5S"]
    state = game.deal_from(order(front)).start()
    s = segs(state)
    assert " ".join(f"F{i}:{s[f'F{i}']}" for i in range(1, 13)) == COURTS
    helps = [s[f"X{i}"] for i in range(1, 10)]
    assert helps == ["5H", "9C", "3S", "TD", "2H", "8S", "4D", "6C", "7H"]
    # Three aces met before X9 was filled, written in suit order (they came AS, AD, AC).
    assert s["AP"] == "ACADAS" and s["hand"] == "" and s["talon"] == ""
    # The pack starts with the 5S, then the unshuffled rest: 2C 3C 4C 5C 7C 8C TC AD 2D ...
    assert s["pack"].endswith("tc8c7c5c4c3c2c5s") and len(s["pack"]) == 2 * 28
    # TD on its king (F2), 4D on its queen (F10), 7H on its knave (F7).
    assert move_set(state) == {"x4>f2", "x7>f10", "x9>f7", "turn"}


@pytest.mark.parametrize("game", each_engine())
def test_seeded_deal_withdraws_after_the_shuffle(game):
    golden, mask = 0x9E3779B97F4A7C15, (1 << 64) - 1
    for seed in (0, 1, 2**64 - 1):
        state, cards = seed, list(ONE_PACK)
        for i in range(51, 0, -1):
            state = (state + golden) & mask
            z = state
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
            j = ((z ^ (z >> 31)) * (i + 1)) >> 64
            cards[i], cards[j] = cards[j], cards[i]
        left = [c for c in cards if c[0] not in "KQJ"]
        helps, aces, taken = [], [], 0
        while len(helps) < 9:
            card = left[taken]
            taken += 1
            (aces if card[0] == "A" else helps).append(card)
        aces.sort(key=lambda c: SUITS.index(c[1]))
        help_text = " ".join(f"X{i + 1}:{c}" for i, c in enumerate(helps))
        expected = key(help_text, COURTS, "".join(aces), "", left[taken:], "", 1)
        assert game.deal(seed).start().key == expected


# --- turning, the hand, the help places -------------------------------------------------------


@pytest.mark.parametrize("game", each_engine())
def test_turned_cards_and_the_hand(game):
    state = game.deal_from(ONE_PACK).start()
    # The AD goes to the ace packet by itself.
    state = state.play("turn")
    assert state.key == key(START_HELPS, COURTS, "ACAD", "", START_PACK[1:], "", 1)
    assert move_set(state) == {"x3>f9", "x6>f5", "x9>f1", "turn"}
    # The 2D fits nowhere (QD wants a 4D) and no help place is empty: onto the talon by itself.
    state = state.play("turn")
    assert state.key == key(START_HELPS, COURTS, "ACAD", "", START_PACK[2:], "2D", 1)
    assert move_set(state) == {"x3>f9", "x6>f5", "x9>f1", "turn"}
    state = state.play("x9>f1")
    s = segs(state)
    # X9 is not refilled; the 9C now fits the king of clubs.
    assert s["X9"] == "" and s["F1"] == "KCTC" and s["talon"] == "2D"
    assert move_set(state) == {"x3>f9", "x6>f5", "x8>f1", "turn"}
    # The 3D fits nowhere, but X9 is empty: the player chooses.
    state = state.play("turn")
    s = segs(state)
    assert s["hand"] == "3D" and s["talon"] == "2D" and s["pack"].endswith("5d4d")
    assert move_set(state) == {"hand>x9", "hand>talon"}
    state = state.play("hand>x9")
    s = segs(state)
    assert s["X9"] == "3D" and s["hand"] == ""
    # The 4D fits its queen; no help place is empty. Nothing else is legal meanwhile.
    state = state.play("turn")
    assert segs(state)["hand"] == "4D"
    assert move_set(state) == {"hand>f10", "hand>talon"}
    with pytest.raises(ValueError):
        state.play("x3>f9")
    with pytest.raises(ValueError):
        state.play("turn")
    state = state.play("hand>talon")
    s = segs(state)
    assert s["talon"] == "2D4D" and s["hand"] == ""
    # The talon top 4D may go up.
    assert move_set(state) == {"x3>f9", "x6>f5", "x8>f1", "talon>f10", "turn"}
    state = state.play("talon>f10")
    s = segs(state)
    assert s["F10"] == "QD4D" and s["talon"] == "2D"
    # Now the 3D in X9 follows; the 2D on the talon after it.
    assert move_set(state) == {"x3>f9", "x6>f5", "x8>f1", "x9>f10", "turn"}
    state = play_all(state, ["x9>f10", "talon>f10"])
    s = segs(state)
    assert s["F10"] == "QD4D3D2D" and s["talon"] == "" and s["X9"] == ""
    # The 5D does not fit its knave (F6 wants the 7D first); X9 is empty: two ways.
    state = state.play("turn")
    assert segs(state)["hand"] == "5D"
    assert move_set(state) == {"hand>x9", "hand>talon"}
    state = state.play("hand>talon")
    assert segs(state)["talon"] == "5D" and segs(state)["F6"] == "JD"


@pytest.mark.parametrize("game", each_engine())
def test_every_empty_help_place_is_a_way(game):
    state = game.deal_from(ONE_PACK).start()
    state = play_all(state, ["x9>f1", "x8>f1", "x3>f9"])
    s = segs(state)
    assert s["X3"] == "" and s["X8"] == "" and s["X9"] == "" and s["F1"] == "KCTC9C"
    state = play_all(state, ["turn", "turn"])  # the AD to AP; the 2D in the hand
    assert segs(state)["hand"] == "2D" and segs(state)["AP"] == "ACAD"
    assert move_set(state) == {"hand>x3", "hand>x8", "hand>x9", "hand>talon"}
    state = state.play("hand>x8")
    s = segs(state)
    assert s["X8"] == "2D" and s["X3"] == "" and s["X9"] == ""


# --- re-deal and end -------------------------------------------------------------------------

# Helps that fit nowhere at the start; the last card of the pack, 2S, fits nowhere either.
STUCK_HELPS = ["9C", "8C", "6C", "5C", "3C", "2C", "9D", "8D", "6D"]


@pytest.mark.parametrize("game", each_engine())
def test_one_unshuffled_redeal_then_lost(game):
    rest = [c for c in ONE_PACK if c not in STUCK_HELPS and c[0] not in "KQJ" and c != "2S"]
    deal = order(STUCK_HELPS + rest + ["2S"])
    pack = rest + ["2S"]
    state = game.deal_from(deal).start()
    assert state.key == key(
        " ".join(f"X{i + 1}:{c}" for i, c in enumerate(STUCK_HELPS)), COURTS, "", "", pack, "", 1
    )
    assert move_set(state) == {"turn"}

    def to_talon(state: Any) -> Any:
        while "turn" in move_set(state):
            state = state.play("turn")
            if segs(state)["hand"]:
                state = state.play("hand>talon")
        return state

    state = to_talon(state)
    talon = [c for c in pack if c[0] != "A"]
    s = segs(state)
    assert s["pack"] == "" and s["hand"] == "" and s["talon"] == "".join(talon)
    assert s["AP"] == "ACADAHAS"
    assert move_set(state) == {"redeal"}
    state = state.play("redeal")
    s = segs(state)
    # Turned over as it lies: the first card put on the talon (4C) comes out first.
    assert s["pass"] == "2" and s["talon"] == "" and s["pack"] == down(talon)
    assert talon[:3] == ["4C", "7C", "TC"]
    state = state.play("turn")
    assert segs(state)["hand"] == "4C"
    assert move_set(state) == {"hand>f9", "hand>talon"}
    state = to_talon(state.play("hand>talon"))
    s = segs(state)
    assert s["talon"] == "".join(talon) and s["pass"] == "2"
    # No second re-deal; 2S on top fits nowhere, nor any help card: lost.
    assert move_set(state) == set()
    assert state.is_over and not state.is_won
    with pytest.raises(ValueError):
        state.play("redeal")


@pytest.mark.parametrize("game", each_engine())
def test_no_redeal_while_the_hand_holds_the_last_card(game):
    rest = [c for c in ONE_PACK if c not in STUCK_HELPS and c[0] not in "KQJ" and c != "4S"]
    state = game.deal_from(order(STUCK_HELPS + rest + ["4S"])).start()
    while segs(state)["pack"]:
        state = state.play("turn")
        if segs(state)["hand"] and segs(state)["pack"]:
            state = state.play("hand>talon")
    # The last card, 4S, fits its queen: it waits in the hand with the pack empty.
    s = segs(state)
    assert s["hand"] == "4S" and s["pack"] == ""
    assert move_set(state) == {"hand>f12", "hand>talon"}
    state = state.play("hand>talon")
    assert move_set(state) == {"talon>f12", "redeal"}


@pytest.mark.parametrize("game", each_engine())
def test_book_final_tableau_m_of_eights_fives_twos_and_the_aces(game):
    helps = ["TC", "TD", "TH", "TS", "7C", "7D", "7H", "7S", "4C"]
    pack = ["AC", "AD", "AH", "AS", "4D", "4H", "4S"]
    pack += [r + s for r in "9863" for s in SUITS] + [r + s for r in "52" for s in SUITS]
    state = game.deal_from(order(helps + pack)).start()
    assert move_set(state) == {
        "x1>f1", "x2>f2", "x3>f3", "x4>f4", "x5>f5", "x6>f6", "x7>f7", "x8>f8", "x9>f9", "turn",
    }  # fmt: skip
    for _ in range(200):
        moves = move_set(state)
        up = sorted(m for m in moves if ">f" in m)
        if up:
            state = state.play(up[0])
        elif "turn" in moves:
            state = state.play("turn")
        else:
            break
    expected_f = " ".join(
        [f"F{i + 1}:K{s}T{s}9{s}8{s}" for i, s in enumerate(SUITS)]
        + [f"F{i + 5}:J{s}7{s}6{s}5{s}" for i, s in enumerate(SUITS)]
        + [f"F{i + 9}:Q{s}4{s}3{s}2{s}" for i, s in enumerate(SUITS)]
    )
    empty_helps = " ".join(f"X{i}:" for i in range(1, 10))
    assert state.key == f"{empty_helps} {expected_f} AP:ACADAHAS hand: pack: talon: pass:1"
    assert state.is_won and state.is_over and move_set(state) == set()


# --- bad input ---------------------------------------------------------------------------------


@pytest.mark.parametrize("game", each_engine())
def test_illegal_moves_raise_value_error(game):
    state = game.deal_from(ONE_PACK).start()
    for bad in ["x1>f9", "x3>f10", "hand>talon", "hand>x1", "talon>f1", "redeal", "x0>f1", "x"]:
        with pytest.raises(ValueError):
            state.play(bad)


def test_unknown_options_are_rejected():
    for opts in ({"passes": 3}, {"help_from_talon": True}):
        with pytest.raises(ValueError):
            reference.game(SLUG, **opts)
        if SLUG in {g.slug for g in patience.games()}:
            with pytest.raises(patience.PatienceError):
                patience.game(SLUG, **opts)
