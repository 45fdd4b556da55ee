"""Rule tests of THE HERRING-BONE (rules/herring-bone.md, docs/notation/herring-bone.md), run on
every engine.

Positions come from explicit deals whose card order is constructed here; every expected key,
key fragment or move set is worked out by hand from the rule file.

Dealing order reminder (rule file): cards 1-28 form the herring-bone (HB, card 28 on top and
available), 29-36 the side scenes S1-S8, 37-40 the bars B1-B4, card 41 is F1's base and gives the
base rank, 42-104 the pack (card 42 turned first). The first position always awaits F1's
direction (`up` / `down`).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/ holds support.py
import support

ENGINES = support.engines("herring-bone")
GERMAN = support.engines("herring-bone", german=True)
IDS = [name for name, _ in ENGINES]

RANKS = "A23456789TJQK"
SUITS = "CDHS"
ONE_PACK = [r + s for s in SUITS for r in RANKS]
TWO_PACKS = ONE_PACK + ONE_PACK
GOLDEN = 0x9E3779B97F4A7C15
MASK = (1 << 64) - 1


def run(suit: str, ranks: str) -> list[str]:
    """Cards of one suit, e.g. run("C", "23456789TJQK")."""
    return [r + suit for r in ranks]


def order(base, hb_top=(), sides=(), bars=(), pack_head=()) -> list[str]:
    """A dealing order: ``base`` is card 41; ``hb_top`` lists the herring-bone from its top down
    (cards 28, 27, ...); ``sides`` S1.., ``bars`` B1.., ``pack_head`` cards 42, 43, ....
    Every other position is filled, in position order, by the cards left over: first those of
    the base rank (so they lie at the bottom of the herring-bone when it has room), then the
    others in unshuffled order."""
    fixed = {41: base}
    fixed.update({28 - i: c for i, c in enumerate(hb_top)})
    fixed.update({29 + i: c for i, c in enumerate(sides)})
    fixed.update({37 + i: c for i, c in enumerate(bars)})
    fixed.update({42 + i: c for i, c in enumerate(pack_head)})
    left = list(TWO_PACKS)
    for c in fixed.values():
        left.remove(c)
    left.sort(key=lambda c: c[0] != base[0])
    out = [fixed[p] if p in fixed else left.pop(0) for p in range(1, 105)]
    assert sorted(out) == sorted(TWO_PACKS)
    return out


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


class Stream:
    """SplitMix64 and the Fisher-Yates shuffle, written here from CONVENTIONS 2."""

    def __init__(self, seed: int) -> None:
        self.state = seed

    def next(self) -> int:
        self.state = (self.state + GOLDEN) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def shuffle(self, seq: list) -> list:
        a = list(seq)
        for i in range(len(a) - 1, 0, -1):
            j = (self.next() * (i + 1)) >> 64
            a[i], a[j] = a[j], a[i]
        return a


def test_own_stream_matches_conventions_vectors():
    s = Stream(0)
    assert s.next() == 0xE220A8397B1DCDAF
    assert Stream(0).shuffle(list(range(10))) == [4, 9, 2, 5, 1, 7, 6, 0, 3, 8]


# --- the layout --------------------------------------------------------------------------------


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_layout_of_unshuffled_deal(name, game):
    # Two packs in unshuffled order: HB = AC..KC AD..KD AH 2H, S1-S8 = 3H..TH, B1-B4 = JH QH KH
    # AS, F1 = 2S, pack = 3S..KS then copy 2 (3S on top). Nothing is placed yet: F1's direction
    # is pending first.
    state = game.deal_from(TWO_PACKS, seed=0).start()
    copy2_reversed = (
        "ksqsjsts9s8s7s6s5s4s3s2sas"
        "khqhjhth9h8h7h6h5h4h3h2hah"
        "kdqdjdtd9d8d7d6d5d4d3d2dad"
        "kcqcjctc9c8c7c6c5c4c3c2cac"
    )
    expected = (
        "HB:AC2C3C4C5C6C7C8C9CTCJCQCKCAD2D3D4D5D6D7D8D9DTDJDQDKDAH2H"
        " S1:3H S2:4H S3:5H S4:6H S5:7H S6:8H S7:9H S8:TH"
        " B1:JH B2:QH B3:KH B4:AS"
        " F1:2S F2: F3: F4: F5: F6: F7: F8: dir:--------"
        " pack:" + copy2_reversed + "ksqsjsts9s8s7s6s5s4s3s"
        " talon: pass:1 pending:F1 rng:0000000000000000"
    )
    assert state.key == expected
    assert support.move_set(state) == {"up", "down"}
    assert not state.is_over


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_direction_choice_then_base_card_from_herring_bone_top(name, game):
    state = game.deal_from(TWO_PACKS, seed=0).start().play("up")
    # Base rank 2: the herring-bone top 2H goes to F2, first heart: its direction is pending.
    s = segs(state)
    assert s["F1"] == "2S" and s["F2"] == "2H" and s["dir"] == "u-------"
    assert s["pending"] == "F2" and s["HB"].endswith("KDAH")
    assert support.move_set(state) == {"up", "down"}
    state = state.play("down")
    s = segs(state)
    assert s["dir"] == "ud------" and "pending" not in s
    # F1 (up) wants 3S, still in the pack; F2 (down) wants AH, the herring-bone top.
    assert support.move_set(state) == {"hb>f2", "turn"}


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_down_foundation_wraps_from_ace_to_king_and_bars_refill_from_herring_bone(name, game):
    state = play_all(game.deal_from(TWO_PACKS, seed=0).start(), ["up", "down", "hb>f2"])
    s = segs(state)
    assert s["F2"] == "2HAH" and s["HB"].endswith("QDKD")
    # Next of F2 is KH (wrap), in bar B3.
    assert support.move_set(state) == {"b3>f2", "turn"}
    state = state.play("b3>f2")
    s = segs(state)
    assert s["F2"] == "2HAHKH" and s["B3"] == "KD" and s["HB"].endswith("JDQD")
    assert support.move_set(state) == {"b2>f2", "turn"}
    state = state.play("b2>f2")
    s = segs(state)
    assert s["B2"] == "QD" and s["HB"].endswith("TDJD")
    state = state.play("turn")
    s = segs(state)
    assert s["talon"] == "3S" and s["pack"].endswith("5s4s")
    assert support.move_set(state) == {"talon>f1", "b1>f2", "turn"}


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_up_foundation_wraps_from_king_to_ace(name, game):
    cards = order(
        "QS",
        hb_top=["KS", "AS", "2S"],
        sides=["2C", "3C", "4C", "5C", "2D", "3D", "4D", "5D"],
        bars=["2H", "3H", "4H", "5H"],
    )
    state = game.deal_from(cards, seed=0).start().play("up")
    assert support.move_set(state) == {"hb>f1", "turn"}
    state = state.play("hb>f1")
    assert segs(state)["F1"] == "QSKS"
    assert support.move_set(state) == {"hb>f1", "turn"}
    state = state.play("hb>f1")
    assert segs(state)["F1"] == "QSKSAS"
    assert support.move_set(state) == {"hb>f1", "turn"}


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_foundation_rank_comes_from_the_41st_card(name, game):
    # Unshuffled order with cards 41 and 42 swapped: card 41 is 3S, so the base rank is 3 (not
    # the ace, nor the 2 of card 42), and the 3H in S1 is a base card.
    cards = list(TWO_PACKS)
    cards[40], cards[41] = cards[41], cards[40]
    state = game.deal_from(cards, seed=0).start()
    s = segs(state)
    assert s["F1"] == "3S" and s["S1"] == "3H" and s["pending"] == "F1"
    state = state.play("down")
    s = segs(state)
    assert s["F1"] == "3S" and s["F2"] == "3H" and s["S1"] == ""
    assert s["dir"] == "d-------" and s["pending"] == "F2"
    state = state.play("up")
    # F1 (down) wants 2S, the pack top; F2 (up) wants 4H, in S2. S1 is empty but the talon too.
    assert support.move_set(state) == {"s2>f2", "turn"}
    state = state.play("turn")
    assert segs(state)["talon"] == "2S"
    assert support.move_set(state) == {"talon>f1", "talon>s1", "s2>f2", "turn"}
    state = state.play("talon>f1")
    assert segs(state)["F1"] == "3S2S"


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_second_base_of_a_suit_takes_the_other_direction(name, game):
    cards = order(
        "2S",
        hb_top=["9C"],
        sides=["KH", "QH", "2S", "JH", "TH", "9H", "8H", "7H"],
        bars=["KD", "QD", "JD", "TD"],
    )
    state = game.deal_from(cards, seed=0).start().play("up")
    s = segs(state)
    # The 2S in S3 goes to F2 without a choice, building down; nothing is pending.
    assert s["F2"] == "2S" and s["S3"] == "" and s["dir"] == "ud------"
    assert "pending" not in s
    assert support.move_set(state) == {"turn"}


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_base_cards_placed_in_order_herring_bone_bars_sides_talon(name, game):
    cards = order(
        "7C",
        hb_top=["7D", "9C", "JD"],
        sides=["2D", "3D", "4D", "QC", "7S", "KH", "QH", "JH"],
        bars=["2S", "7H", "3S", "4S"],
        pack_head=["5H", "6S", "7C"],
    )
    state = game.deal_from(cards, seed=0).start().play("up")
    s = segs(state)
    assert s["F2"] == "7D" and s["pending"] == "F2" and s["HB"].endswith("JD9C")
    state = state.play("down")
    s = segs(state)
    # Next the bar B2's 7H; the loop stops at the choice before refilling B2.
    assert s["F3"] == "7H" and s["B2"] == "" and s["pending"] == "F3"
    assert support.move_set(state) == {"up", "down"}
    state = state.play("up")
    s = segs(state)
    # B2 refilled from the herring-bone (9C), then the 7S of S5 goes to F4.
    assert s["B2"] == "9C" and s["HB"].endswith("JD") and not s["HB"].endswith("9C")
    assert s["F4"] == "7S" and s["S5"] == "" and s["pending"] == "F4"
    state = state.play("down")
    s = segs(state)
    assert s["dir"] == "udud----" and "pending" not in s
    # F1 wants 8C, F2 6D, F3 8H, F4 6S: nothing fits; S5 is empty but the talon too.
    assert support.move_set(state) == {"turn"}
    assert "F5:" in state.key and s["F5"] == ""


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_side_scene_refilled_only_from_talon_and_base_card_from_pack_placed(name, game):
    cards = order(
        "7C",
        hb_top=["7D", "9C", "JD"],
        sides=["2D", "3D", "4D", "QC", "7S", "KH", "QH", "JH"],
        bars=["2S", "7H", "3S", "4S"],
        pack_head=["5H", "6S", "7C"],
    )
    state = play_all(game.deal_from(cards, seed=0).start(), ["up", "down", "up", "down", "turn"])
    # No herring-bone or bar card may fill S5; the talon top 5H may.
    assert support.move_set(state) == {"talon>s5", "turn"}
    with pytest.raises(ValueError):
        state.play("hb>s5")
    with pytest.raises(ValueError):
        state.play("b1>s5")
    state = state.play("talon>s5")
    s = segs(state)
    assert s["S5"] == "5H" and s["talon"] == ""
    assert support.move_set(state) == {"turn"}
    state = state.play("turn")
    # 6S fits F4 (down from 7S); S5 is full again.
    assert support.move_set(state) == {"talon>f4", "turn"}
    state = state.play("turn")
    s = segs(state)
    # The second 7C, turned from the pack, goes at once to F5, building down (F1 is up).
    assert s["F5"] == "7C" and s["talon"] == "6S" and s["dir"] == "ududd---"
    assert "pending" not in s


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_illegal_moves_raise_value_error(name, game):
    state = game.deal_from(TWO_PACKS, seed=0).start()
    for bad in ["turn", "hb>f1", "redeal", "nonsense"]:
        with pytest.raises(ValueError):
            state.play(bad)
    state = play_all(state, ["up", "down"])
    for bad in ["up", "down", "redeal", "hb>f1", "hb>s1", "b1>f1", "f2>f1", "talon>s1"]:
        with pytest.raises(ValueError):
            state.play(bad)


# --- foundation exchange -----------------------------------------------------------------------

EXCHANGE_DEAL = order(
    "AC",
    hb_top=["QS"] + run("C", "23456789TJQK") + ["8D"],
    sides=["TH", "TD", "TS", "JH", "JD", "JS", "QH", "QD"],
    bars=["AC", "9H", "9D", "9S"],
)


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_exchange_between_the_two_foundations_of_a_suit(name, game):
    state = game.deal_from(EXCHANGE_DEAL, seed=0).start().play("up")
    s = segs(state)
    # The AC of B1 goes to F2 (down); B1 is refilled with the herring-bone top QS.
    assert s["F2"] == "AC" and s["B1"] == "QS" and s["dir"] == "ud------"
    assert support.move_set(state) == {"hb>f1", "turn"}
    state = play_all(state, ["hb>f1"] * 11)
    assert segs(state)["F1"] == "AC2C3C4C5C6C7C8C9CTCJCQC"
    # The KC fits both foundations: two moves. F2 holds only its base, which never moves.
    assert support.move_set(state) == {"hb>f1", "hb>f2", "turn"}
    state = state.play("hb>f2")
    assert support.move_set(state) == {"f1>f2", "f2>f1", "turn"}
    before = state.key
    state = state.play("f1>f2")
    s = segs(state)
    assert s["F1"] == "AC2C3C4C5C6C7C8C9CTCJC" and s["F2"] == "ACKCQC"
    assert support.move_set(state) == {"f1>f2", "f2>f1", "turn"}
    assert state.play("f2>f1").key == before


# --- herring-bone exhausted ------------------------------------------------------------------

CLUBS_UP = run("C", "23456789TJQK")
CLUBS_DOWN = run("C", "KQJT98765432")
HB_RUNS = CLUBS_UP + ["AC"] + CLUBS_DOWN + ["AD", "2D", "3D"]


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_emptied_bar_stays_empty_when_herring_bone_is_exhausted(name, game):
    cards = order(
        "AC",
        hb_top=HB_RUNS,
        sides=["8D", "9D", "TD", "JD", "QD", "KD", "9H", "9S"],
        bars=["4D", "5D", "6D", "7D"],
    )
    state = play_all(game.deal_from(cards, seed=0).start(), ["up"] + ["hb>f1"] * 12)
    s = segs(state)
    # F1 is full; the herring-bone's AC went to F2 (down). F1's KC may pass to F2.
    assert s["F1"] == "AC" + "".join(CLUBS_UP) and s["F2"] == "AC" and s["dir"] == "ud------"
    assert support.move_set(state) == {"hb>f2", "f1>f2", "turn"}
    state = play_all(state, ["hb>f2"] * 12)
    s = segs(state)
    assert s["F2"] == "AC" + "".join(CLUBS_DOWN) and s["F3"] == "AD" and s["pending"] == "F3"
    state = play_all(state, ["up", "hb>f3", "hb>f3"])
    s = segs(state)
    assert s["HB"] == "" and s["F3"] == "AD2D3D"
    assert support.move_set(state) == {"b1>f3", "turn"}
    state = state.play("b1>f3")
    s = segs(state)
    assert s["B1"] == "" and s["B2"] == "5D"
    assert support.move_set(state) == {"b2>f3", "turn"}


# --- re-deals and the end -------------------------------------------------------------------

# Base 5H (F1 up wants 6H; both 6H lie in the herring-bone under its top KS). The other seven 5s
# lie at the bottom of the herring-bone, so no card of the pack is ever playable.
STUCK_DEAL = order(
    "5H",
    hb_top=["KS", "6H", "6H"],
    sides=["9C", "9D", "9S", "TC", "TD", "TS", "JC", "JD"],
    bars=["JS", "QC", "QD", "QS"],
)


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_shuffled_redeal_draws_from_the_game_stream(name, game):
    seed = 12345
    state = game.deal_from(STUCK_DEAL, seed=seed).start().play("up")
    assert support.move_set(state) == {"turn"}
    assert state.key.endswith(f"rng:{seed:016x}")
    state = play_all(state, ["turn"] * 63)
    first_pass = STUCK_DEAL[41:]
    s = segs(state)
    assert s["pack"] == "" and s["talon"] == "".join(first_pass)
    assert support.move_set(state) == {"redeal"}
    stream = Stream(seed)
    new_pack = stream.shuffle(first_pass)  # talon bottom card first; result's first dealt first
    state = state.play("redeal")
    s = segs(state)
    assert s["pass"] == "2" and s["talon"] == ""
    assert s["pack"] == "".join(reversed(new_pack)).lower()
    assert s["rng"] == f"{(seed + 62 * GOLDEN) & MASK:016x}" == f"{stream.state:016x}"
    state = state.play("turn")
    assert segs(state)["talon"] == new_pack[0]
    state = play_all(state, ["turn"] * 62)
    third = stream.shuffle(new_pack)
    state = state.play("redeal")
    s = segs(state)
    assert s["pass"] == "3" and s["pack"] == "".join(reversed(third)).lower()
    assert s["rng"] == f"{(seed + 124 * GOLDEN) & MASK:016x}"


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_two_redeals_only_then_game_lost(name, game):
    state = game.deal_from(STUCK_DEAL, seed=7).start().play("up")
    for _ in range(2):
        state = play_all(state, ["turn"] * 63 + ["redeal"])
    state = play_all(state, ["turn"] * 62)
    assert support.move_set(state) == {"turn"}
    state = state.play("turn")
    assert segs(state)["pass"] == "3"
    assert support.move_set(state) == set()
    assert state.is_over and not state.is_won
    with pytest.raises(ValueError):
        state.play("redeal")


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_game_won_with_all_cards_on_foundations_and_no_moves(name, game):
    pack = (
        ["AD"]
        + run("D", "KQJT98765432")
        + ["AH", "AH"]
        + run("H", "456789TJQK")
        + run("H", "KQJT98765432")
        + ["AS"]
        + run("S", "23456789TJQK")
        + ["AS"]
        + run("S", "KQJT98765432")
    )
    cards = order(
        "AC",
        hb_top=HB_RUNS,
        sides=["8D", "9D", "TD", "JD", "QD", "KD", "2H", "3H"],
        bars=["4D", "5D", "6D", "7D"],
        pack_head=pack,
    )
    state = game.deal_from(cards, seed=0).start()
    saw_two_fits = False
    for _ in range(400):
        ms = support.move_set(state)
        if not ms:
            break
        if {"talon>f5", "talon>f6"} <= ms:
            saw_two_fits = True
        plays = sorted(m for m in ms if ">f" in m and not m.startswith("f"))
        state = state.play("up" if "up" in ms else plays[0] if plays else "turn")
    assert saw_two_fits  # the first KH fits F5 (up, at QH) and F6 (down, at AH)
    s = segs(state)
    assert s["F1"] == "AC" + "".join(CLUBS_UP) and s["F2"] == "AC" + "".join(CLUBS_DOWN)
    assert s["F3"] == "AD" + "".join(run("D", "23456789TJQK"))
    assert s["F4"] == "AD" + "".join(run("D", "KQJT98765432"))
    assert s["F5"] == "AH" + "".join(run("H", "23456789TJQK"))
    assert s["F6"] == "AH" + "".join(run("H", "KQJT98765432"))
    assert s["F7"] == "AS" + "".join(run("S", "23456789TJQK"))
    assert s["F8"] == "AS" + "".join(run("S", "KQJT98765432"))
    assert s["dir"] == "udududud" and s["pass"] == "1"
    assert state.is_won and state.is_over and support.move_set(state) == set()


# --- seeded deals and the German option --------------------------------------------------------


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_seeded_deal_continues_stream_after_103_draws(name, game):
    for seed in (0, 1, 2**64 - 1):
        state = game.deal(seed).start()
        assert state.key.endswith(f"rng:{(seed + 103 * GOLDEN) & MASK:016x}")
        assert segs(state)["pending"] == "F1"


@pytest.mark.parametrize("name,game", GERMAN, ids=[n for n, _ in GERMAN])
def test_german_herring_bone_dealt_from_one_pack(name, game):
    # Copy 1 shuffled with seed 1 starts 9S 7S QH 4S AC 8H QS JH 6C 5H 7D JC 3D (CONVENTIONS 2.7);
    # its first 28 cards are the herring-bone, cards 1-13 at its bottom.
    state = game.deal(1).start()
    assert segs(state)["HB"].startswith("9S7SQH4SAC8HQSJH6C5H7DJC3D")
    # 51 draws for copy 1, 75 for the 76 other cards.
    assert state.key.endswith(f"rng:{(1 + 126 * GOLDEN) & MASK:016x}")
    for seed in range(2, 12):
        hb = segs(game.deal(seed).start())["HB"]
        cards = [hb[i : i + 2] for i in range(0, len(hb), 2)]
        assert len(cards) == 28 and len(set(cards)) == 28
