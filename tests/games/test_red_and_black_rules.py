"""Rule tests of RED AND BLACK (python/patience/rules/red-and-black.md,
docs/notation/red-and-black.md), run on every engine that implements the game.

Positions come from explicit deals whose card order is constructed here; every expected key,
key fragment or move set is worked out by hand from the rule text.

Deal order reminder (rule text): the eight aces are taken out of the shuffled pack (they are
F1-F8: AC AC AD AD AH AH AS AS); of the 96 cards left, cards 1-8 are the Volunteers V1-V8 and
cards 9-96 the pack, card 9 on top. An empty Volunteer is refilled at once from the pack top,
or from the talon top when the pack is empty.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/ holds support.py
import support

SLUG = "red-and-black"
ENGINES = support.engines(SLUG)
IDS = [name for name, _ in ENGINES]

RANKS = "A23456789TJQK"
SUITS = "CDHS"
ONE_PACK = [r + s for s in SUITS for r in RANKS]
TWO_PACKS = ONE_PACK + ONE_PACK
GOLDEN = 0x9E3779B97F4A7C15
MASK = (1 << 64) - 1
ACE_ROW = "F1:AC F2:AC F3:AD F4:AD F5:AH F6:AH F7:AS F8:AS"


def arrange(vols, pack_head=()) -> list[str]:
    """A dealing order with no ace among the first cards: the eight Volunteers ``vols``, then
    ``pack_head`` (the first cards to come out of the pack), then every other card in
    unshuffled order (the aces among them are withdrawn from wherever they lie)."""
    first = list(vols) + list(pack_head)
    assert not any(c[0] == "A" for c in first)
    left = list(TWO_PACKS)
    for card in first:
        left.remove(card)
    out = first + left
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
    assert Stream(0).next() == 0xE220A8397B1DCDAF
    assert Stream(0).shuffle(list(range(10))) == [4, 9, 2, 5, 1, 7, 6, 0, 3, 8]
    assert Stream(1).shuffle(ONE_PACK)[:6] == ["9S", "7S", "QH", "4S", "AC", "8H"]


# --- the deal ----------------------------------------------------------------------------------


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_layout_of_unshuffled_deal(name, game):
    # Without the aces: 2C..KC, 2D..KD, 2H..KH, 2S..KS twice. V1-V8 = 2C..9C; the pack is the
    # other 88, TC on top; bottom to top it reads copy 2 KS down to 2C, then copy 1 KS to TC.
    state = game.deal_from(TWO_PACKS, seed=0).start()
    no_aces = [c for c in TWO_PACKS if c[0] != "A"]
    pack = "".join(reversed(no_aces[8:])).lower()
    assert pack.startswith("ksqsjs") and pack.endswith("qcjctc") and len(pack) == 176
    expected = (
        "V1:2C V2:3C V3:4C V4:5C V5:6C V6:7C V7:8C V8:9C "
        + ACE_ROW
        + " pack:"
        + pack
        + " talon: pass:1 rng:0000000000000000"
    )
    assert state.key == expected
    # The 2C fits both AC foundations; no build (the clubs are all black).
    assert support.move_set(state) == {"v1>f1", "v1>f2", "turn"}
    assert not state.is_won and not state.is_over


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_aces_are_withdrawn_from_wherever_they_lie(name, game):
    first = ["AS", "9H", "AC", "AC", "8S", "AH", "KD"]
    rest = list(TWO_PACKS)
    for c in first:
        rest.remove(c)
    cards = first + rest
    # Both AC are taken here; the other aces (AD AD AH AS) lie further on, in 'rest'.
    state = game.deal_from(cards, seed=5).start()
    s = segs(state)
    # Non-aces in order: 9H 8S KD, then rest without its aces: 2C 3C 4C 5C 6C ...
    assert [s[f"V{i}"] for i in range(1, 9)] == ["9H", "8S", "KD", "2C", "3C", "4C", "5C", "6C"]
    assert " ".join(f"F{i}:{s[f'F{i}']}" for i in range(1, 9)) == ACE_ROW
    assert len(s["pack"]) == 2 * 88 and s["pack"].endswith("7c")
    assert s["talon"] == "" and s["pass"] == "1" and s["rng"] == f"{5:016x}"


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_seeded_deal_withdraws_aces_after_the_shuffle(name, game):
    for seed in (0, 1, 2**64 - 1):
        cards = Stream(seed).shuffle(TWO_PACKS)
        no_aces = [c for c in cards if c[0] != "A"]
        expected = (
            " ".join(f"V{i + 1}:{no_aces[i]}" for i in range(8))
            + " "
            + ACE_ROW
            + " pack:"
            + "".join(reversed(no_aces[8:])).lower()
            + " talon: pass:1 rng:"
            + f"{(seed + 103 * GOLDEN) & MASK:016x}"
        )
        assert game.deal(seed).start().key == expected


# --- foundations and building ------------------------------------------------------------------

BOOK_DEAL = arrange(["4S", "3H", "2C", "3S", "5D", "KC", "KS", "KC"], pack_head=["9D", "JH", "TC"])


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_book_example_red_three_on_black_four_then_black_deuce(name, game):
    state = game.deal_from(BOOK_DEAL).start()
    # 4S on 5D; 3H on 4S; 2C on 3H or up to either AC. Not 3S on 4S (same colour), not 3H on
    # 2C or 4S on 3H (upward); nothing fits on a king or a king anywhere.
    assert support.move_set(state) == {"v1>v5", "v2>v1", "v3>v2", "v3>f1", "v3>f2", "turn"}
    state = state.play("v2>v1")
    s = segs(state)
    # V2 emptied: refilled at once from the pack top (9D), which does not pass the talon.
    assert s["V1"] == "4S3H" and s["V2"] == "9D" and s["talon"] == ""
    assert s["pack"].endswith("tcjh")
    state = state.play("v3>v1")
    s = segs(state)
    assert s["V1"] == "4S3H2C" and s["V3"] == "JH" and s["pack"].endswith("tc")
    # 2C may still go up from V1; 9D fits nowhere (no black ten showing), JH neither.
    assert support.move_set(state) == {"v1>f1", "v1>f2", "turn"}


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_refill_comes_from_the_pack_even_when_the_talon_has_cards(name, game):
    state = game.deal_from(BOOK_DEAL).start().play("turn")
    s = segs(state)
    assert s["talon"] == "9D"
    # 9D on the talon fits nowhere: the same moves as before.
    assert support.move_set(state) == {"v1>v5", "v2>v1", "v3>v2", "v3>f1", "v3>f2", "turn"}
    state = state.play("v3>f2")
    s = segs(state)
    assert s["F2"] == "AC2C" and s["F1"] == "AC" and s["V3"] == "JH" and s["talon"] == "9D"
    # JH fits nowhere (no black queen showing); 3H can go onto 4S still.
    assert support.move_set(state) == {"v1>v5", "v2>v1", "turn"}


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_talon_top_builds_and_goes_up(name, game):
    deal = arrange(["4S", "3H", "TC", "3S", "5D", "KC", "KS", "KC"], pack_head=["2C", "9H"])
    state = game.deal_from(deal).start().play("turn")
    # The 2C from the talon: up to either AC, or onto the red 3H.
    assert support.move_set(state) == {"v1>v5", "v2>v1", "talon>f1", "talon>f2", "talon>v2", "turn"}
    state = state.play("turn")
    # 9H on the talon: onto TC (V3).
    assert support.move_set(state) == {"v1>v5", "v2>v1", "talon>v3", "turn"}
    state = state.play("talon>v3")
    s = segs(state)
    assert s["V3"] == "TC9H" and s["talon"] == "2C"
    state = state.play("talon>v2")
    s = segs(state)
    assert s["V2"] == "3H2C" and s["talon"] == ""
    # The V2 sequence 3H 2C never moves as a whole; its top card 2C may go up.
    assert support.move_set(state) == {"v1>v5", "v2>f1", "v2>f2", "turn"}
    with pytest.raises(ValueError):
        state.play("v2:2>v1")


# --- pack, talon, re-deal ------------------------------------------------------------------------

# V1-V8 = 2C and seven 3s; the pack (88 cards, unshuffled order without aces and those cards)
# ends ... JS QS KS (copy 2). Only turning is played in these tests until said otherwise.
THREES = ["2C", "3C", "3D", "3D", "3H", "3H", "3S", "3S"]
THREES_DEAL = arrange(THREES)
THREES_PACK = THREES_DEAL[8:]


def test_threes_deal_pack_as_computed_by_hand():
    no_aces = [c for c in THREES_PACK if c[0] != "A"]
    assert len(no_aces) == 88
    assert no_aces[:3] == ["4C", "5C", "6C"] and no_aces[-3:] == ["JS", "QS", "KS"]
    assert no_aces.count("2C") == 1 and no_aces.count("3C") == 1


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_refill_from_talon_when_pack_is_empty(name, game):
    no_aces = [c for c in THREES_PACK if c[0] != "A"]
    state = play_all(game.deal_from(THREES_DEAL).start(), ["turn"] * 88)
    s = segs(state)
    assert s["pack"] == "" and s["talon"] == "".join(no_aces)
    state = state.play("v1>f1")
    s = segs(state)
    # V1 takes the talon top KS at once; the talon shows QS.
    assert s["F1"] == "AC2C" and s["V1"] == "KS" and s["talon"] == "".join(no_aces[:-1])
    state = state.play("v2>f1")
    s = segs(state)
    assert s["F1"] == "AC2C3C" and s["V2"] == "QS" and s["talon"].endswith("TSJS")


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_one_shuffled_redeal_then_lost(name, game):
    no_aces = [c for c in THREES_PACK if c[0] != "A"]
    seed = 2024
    state = game.deal_from(THREES_DEAL, seed=seed).start()
    assert "redeal" not in support.move_set(state)
    state = play_all(state, ["turn"] * 88)
    # The talon top KS fits nowhere; the 2C of V1 may go up, or onto a red 3 (V3-V6).
    two_c = {"v1>f1", "v1>f2", "v1>v3", "v1>v4", "v1>v5", "v1>v6"}
    assert support.move_set(state) == two_c | {"redeal"}
    assert segs(state)["rng"] == f"{seed:016x}"
    stream = Stream(seed)
    new_pack = stream.shuffle(no_aces)  # the talon turned over: its bottom card first
    state = state.play("redeal")
    s = segs(state)
    assert s["pass"] == "2" and s["talon"] == ""
    assert s["pack"] == "".join(reversed(new_pack)).lower()
    assert s["rng"] == f"{(seed + 87 * GOLDEN) & MASK:016x}" == f"{stream.state:016x}"
    assert support.move_set(state) == two_c | {"turn"}
    state = state.play("turn")
    assert segs(state)["talon"] == new_pack[0]
    state = play_all(state, ["turn"] * 87)
    s = segs(state)
    assert s["pack"] == "" and s["talon"] == "".join(new_pack)
    # No second re-deal. The talon top is the last card of the shuffle: not a two here, so
    # it fits nowhere (on a 3 goes only a 2; the foundations want 2s).
    assert new_pack[-1][0] != "2"
    assert support.move_set(state) == two_c
    with pytest.raises(ValueError):
        state.play("redeal")
    state = state.play("v1>f2")
    s = segs(state)
    # V1 refilled from the talon top; the next talon top decides what is left.
    assert s["V1"] == new_pack[-1] and s["talon"] == "".join(new_pack[:-1])


STUCK_THREES = ["3C", "3C", "3D", "3D", "3H", "3H", "3S", "3S"]


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_lost_when_no_move_is_left(name, game):
    deal = arrange(STUCK_THREES)
    no_aces = [c for c in deal[8:] if c[0] != "A"]
    seed = 99
    new_pack = Stream(seed).shuffle(no_aces)
    assert new_pack[-1][0] != "2"
    state = play_all(game.deal_from(deal, seed=seed).start(), ["turn"] * 88)
    # All eight 3s on the Volunteers: no 3 goes up (the foundations want 2s), none builds.
    # The talon top KS fits nowhere.
    assert support.move_set(state) == {"redeal"}
    state = play_all(state, ["redeal"] + ["turn"] * 88)
    assert segs(state)["talon"] == "".join(new_pack)
    assert support.move_set(state) == set()
    assert state.is_over and not state.is_won


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_illegal_moves_raise_value_error(name, game):
    state = game.deal_from(TWO_PACKS).start()
    for bad in ["v1>v1", "f1>v1", "talon>f1", "talon>v1", "v2>f1", "v9>f1", "redeal", "x"]:
        with pytest.raises(ValueError):
            state.play(bad)


def test_options_are_rejected():
    for opts in ({"passes": 2}, {"alternate_foundations": True}):
        with pytest.raises(ValueError):
            support.engines(SLUG, **opts)


# --- a won game --------------------------------------------------------------------------------

# V1-V8: the eight kings. The pack: for each suit C D H S, copy 1 then copy 2, ranks 2..Q; each
# card fits a foundation as it comes out.
WIN_VOLS = ["KC", "KC", "KD", "KD", "KH", "KH", "KS", "KS"]
WIN_PACK = [r + s for s in SUITS for _ in range(2) for r in "23456789TJQ"]
WIN_DEAL = arrange(WIN_VOLS, pack_head=WIN_PACK)


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_game_won_with_all_cards_on_foundations(name, game):
    state = game.deal_from(WIN_DEAL).start()
    assert support.move_set(state) == {"turn"}
    state = play_all(state, ["turn", "talon>f1"] + ["turn", "talon>f1"] * 10)
    s = segs(state)
    assert s["F1"] == "AC" + "".join(r + "C" for r in "23456789TJQ") and s["talon"] == ""
    # The KC of V1 or V2 may go up on F1; copy 2's 2C is the pack top.
    assert support.move_set(state) == {"v1>f1", "v2>f1", "turn"}
    state = state.play("v1>f1")
    s = segs(state)
    assert s["V1"] == "2C" and s["pack"].endswith("4c3c")
    assert support.move_set(state) == {"v1>f2", "turn"}
    for _ in range(400):
        moves = support.move_set(state)
        if not moves:
            break
        up = sorted(m for m in moves if ">f" in m)
        state = state.play(up[0] if up else "turn")
    s = segs(state)
    for i, suit in enumerate("CCDDHHSS"):
        assert s[f"F{i + 1}"] == "".join(r + suit for r in RANKS)
    assert all(s[f"V{i}"] == "" for i in range(1, 9))
    assert s["pack"] == "" and s["talon"] == "" and s["pass"] == "1"
    assert state.is_won and state.is_over and support.move_set(state) == set()
