"""Rule tests of SPENSER'S FAIRIE QUEEN (python/patience/rules/spensers-fairie-queen.md and
docs/notation/spensers-fairie-queen.md), run on every engine that implements the game.

Positions come from explicit deals whose card order is built here; every expected key, key
fragment and move set is worked out by hand from the rule text and the notation page.

Deal order reminder: the first king of the dealing order heads K1 and is taken out; the other
103 cards, in their order, are the pack (the first of them dealt first). Each `deal` deals one
card: a king heads the next column, an ace goes to the lowest-numbered empty foundation, a card
that fits a foundation waits in the hand, any other card goes to the current column.
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

SLUG = "spensers-fairie-queen"
RANKS = "A23456789TJQK"
SUITS = "CDHS"
ONE_PACK = [r + s for s in SUITS for r in RANKS]
TWO_PACKS = ONE_PACK + ONE_PACK
GOLDEN = 0x9E3779B97F4A7C15
MASK = (1 << 64) - 1
EMPTY_F = " ".join(f"F{i}:" for i in range(1, 9))


def each_engine(**options: Any) -> list[Any]:
    return [pytest.param(g, id=name) for name, g in engines(SLUG, **options)]


def arrange(first: list[str]) -> list[str]:
    """Dealing order: the cards ``first`` in this order, then every other card of the two
    packs in unshuffled order (copy 1 before copy 2)."""
    rest = list(TWO_PACKS)
    for c in first:
        rest.remove(c)
    return first + rest


def pack_text(dealt_first: list[str]) -> str:
    """The ``pack:`` segment of a pack dealt in the order ``dealt_first``: bottom to top (the
    next card to be dealt last), face down (lower case)."""
    return "pack:" + "".join(reversed(dealt_first)).lower()


def seg(state: Any, label: str) -> str:
    """The key segment ``label:...`` of a state, label included."""
    for part in state.key.split(" "):
        if part.split(":")[0] == label:
            return part
    raise AssertionError(f"no segment {label} in {state.key}")


def cols(state: Any) -> str:
    return " ".join(seg(state, f"K{i}") for i in range(1, 9))


def founds(state: Any) -> str:
    return " ".join(seg(state, f"F{i}") for i in range(1, 9))


def play_all(state: Any, moves: list[str]) -> Any:
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


# --- the start -----------------------------------------------------------------------------


@pytest.mark.parametrize("game", each_engine())
def test_start_of_unshuffled_deal(game):
    # The first king is KC of copy 1 (card 13): it heads K1, the other 103 cards are the pack
    # with AC of copy 1 on top.
    s = game.deal_from(TWO_PACKS).start()
    pack = [c for i, c in enumerate(TWO_PACKS) if i != 12]
    expected = "K1:KC K2: K3: K4: K5: K6: K7: K8: " + EMPTY_F + " " + pack_text(pack) + " hand:"
    assert s.key == expected
    assert move_set(s) == {"deal"}
    # The notation page's example: AC goes up at once, then 2C waits in the hand.
    s = s.play("deal")
    assert seg(s, "F1") == "F1:AC" and seg(s, "hand") == "hand:"
    assert move_set(s) == {"deal"}
    s = s.play("deal")
    assert seg(s, "hand") == "hand:2C" and seg(s, "pack") == pack_text(pack[2:])
    assert move_set(s) == {"hand>f1", "hand>k1"}


@pytest.mark.parametrize("game", each_engine())
def test_seeded_deals_take_out_the_first_king(game):
    for seed in (0, 1, 7):
        order = Stream(seed).shuffle(TWO_PACKS)
        first = next(i for i, c in enumerate(order) if c[0] == "K")
        pack = order[:first] + order[first + 1 :]
        s = game.deal(seed).start()
        assert s.key == (
            f"K1:{order[first]} K2: K3: K4: K5: K6: K7: K8: {EMPTY_F} {pack_text(pack)} hand:"
        )


# --- the deal, card by card ----------------------------------------------------------------

# K1 is KD (the first king); 5H and 3S before it stay in the pack in their places.
DEAL = ["5H", "KD", "3S", "AH", "2H", "KS", "KC", "9C", "AH", "2H", "3H"]
DEAL_ORDER = arrange(DEAL)
DEAL_PACK = DEAL_ORDER[:1] + DEAL_ORDER[2:]


def test_deal_pack_helper():
    assert len(DEAL_PACK) == 103 and DEAL_PACK[:3] == ["5H", "3S", "AH"]


@pytest.mark.parametrize("game", each_engine())
def test_deal_places_cards_step_by_step(game):
    s = game.deal_from(DEAL_ORDER).start()
    assert cols(s) == "K1:KD K2: K3: K4: K5: K6: K7: K8:"
    assert seg(s, "pack") == pack_text(DEAL_PACK)
    # 5H and 3S fit no foundation: straight onto the current column K1.
    s = s.play("deal")
    assert seg(s, "K1") == "K1:KD5H" and seg(s, "hand") == "hand:"
    assert move_set(s) == {"deal"}
    s = s.play("deal")
    assert seg(s, "K1") == "K1:KD5H3S"
    assert move_set(s) == {"deal"}
    # AH goes up by itself to the lowest empty foundation.
    s = s.play("deal")
    assert founds(s) == "F1:AH F2: F3: F4: F5: F6: F7: F8:"
    assert seg(s, "K1") == "K1:KD5H3S" and move_set(s) == {"deal"}
    # 2H fits F1: it waits in the hand; only the hand's moves are legal.
    s = s.play("deal")
    assert seg(s, "hand") == "hand:2H" and seg(s, "K1") == "K1:KD5H3S"
    assert move_set(s) == {"hand>f1", "hand>k1"}
    s = s.play("hand>k1")
    assert seg(s, "K1") == "K1:KD5H3S2H" and seg(s, "hand") == "hand:"
    assert move_set(s) == {"deal", "k1>f1"}
    # KS heads K2, KC heads K3 at once after it: K2 stays a single king, K3 is current.
    s = s.play("deal")
    assert cols(s) == "K1:KD5H3S2H K2:KS K3: K4: K5: K6: K7: K8:"
    s = s.play("deal")
    assert cols(s) == "K1:KD5H3S2H K2:KS K3:KC K4: K5: K6: K7: K8:"
    # No move onto the single king K2 while the pack lasts.
    assert move_set(s) == {"deal", "k1>f1"}
    s = s.play("deal")  # 9C to the current column K3
    assert cols(s) == "K1:KD5H3S2H K2:KS K3:KC9C K4: K5: K6: K7: K8:"
    assert move_set(s) == {"deal", "k1>f1"}
    # The second AH goes to F2; the 2H of K1 now fits both foundations.
    s = s.play("deal")
    assert founds(s) == "F1:AH F2:AH F3: F4: F5: F6: F7: F8:"
    assert move_set(s) == {"deal", "k1>f1", "k1>f2"}
    # The second 2H also fits both: two play moves and the place move to K3. The column play
    # k1>f1 is not legal while the hand holds a card.
    s = s.play("deal")
    assert seg(s, "hand") == "hand:2H"
    assert move_set(s) == {"hand>f1", "hand>f2", "hand>k3"}
    with pytest.raises(ValueError):
        s.play("k1>f1")
    with pytest.raises(ValueError):
        s.play("deal")
    s = s.play("hand>f2")
    assert founds(s) == "F1:AH F2:AH2H F3: F4: F5: F6: F7: F8:"
    assert move_set(s) == {"deal", "k1>f1"}
    # 3H fits F2 only.
    s = s.play("deal")
    assert seg(s, "hand") == "hand:3H"
    assert move_set(s) == {"hand>f2", "hand>k3"}
    s = s.play("hand>k3")
    assert cols(s) == "K1:KD5H3S2H K2:KS K3:KC9C3H K4: K5: K6: K7: K8:"
    # 2H (K1) is one below 3H (K3), but columns do not build during the deal.
    assert move_set(s) == {"deal", "k1>f1", "k3>f2"}
    s = s.play("k1>f1")
    assert founds(s) == "F1:AH2H F2:AH2H F3: F4: F5: F6: F7: F8:"
    assert move_set(s) == {"deal", "k3>f1", "k3>f2"}
    s = s.play("k3>f1")
    assert s.key == (
        "K1:KD5H3S K2:KS K3:KC9C K4: K5: K6: K7: K8: "
        "F1:AH2H3H F2:AH2H F3: F4: F5: F6: F7: F8: " + pack_text(DEAL_PACK[10:]) + " hand:"
    )
    assert move_set(s) == {"deal"}


@pytest.mark.parametrize("game", each_engine())
def test_illegal_moves_raise(game):
    s = game.deal_from(DEAL_ORDER).start()
    start_key = s.key
    for bad in ["k1>f1", "hand>k1", "hand>f1", "k1>k2", "turn", "redeal", "k9>f1", "x", ""]:
        with pytest.raises(ValueError):
            s.play(bad)
    assert s.key == start_key
    s = play_all(s, ["deal", "deal", "deal", "deal"])  # 2H in the hand
    for bad in ["hand>k2", "hand>f2", "k1>f1", "deal"]:
        with pytest.raises(ValueError):
            s.play(bad)


def test_unknown_options_are_rejected():
    with pytest.raises(ValueError):
        reference.game(SLUG, passes=2)
    if SLUG in {g.slug for g in patience.games()}:
        with pytest.raises(patience.PatienceError):
            patience.game(SLUG, passes=2)


# --- after the deal ------------------------------------------------------------------------

# KC heads K1, then 88 cards that fit nothing (no ace is out yet) all go to K1, ending
# ... 2C QH 4S 5D (5D its available card); then the other 7 kings, each a single king
# K2..K8; then the 8 aces, F1..F8 in this order.
LATE_KINGS = ["KD", "KD", "KH", "KH", "KS", "KS", "KC"]
ACES = ["AC", "AC", "AD", "AD", "AH", "AH", "AS", "AS"]
_K1_TAIL = ["2C", "QH", "4S", "5D"]
_FILLER = [c for c in TWO_PACKS if c[0] not in "AK"]
for _c in _K1_TAIL:
    _FILLER.remove(_c)
POST_ORDER = ["KC"] + _FILLER + _K1_TAIL + LATE_KINGS + ACES
POST_K1 = "K1:KC" + "".join(_FILLER + _K1_TAIL)
ACE_F = "F1:AC F2:AC F3:AD F4:AD F5:AH F6:AH F7:AS F8:AS"


def test_post_order_is_two_packs():
    assert sorted(POST_ORDER) == sorted(TWO_PACKS) and len(_FILLER) == 84


@pytest.mark.parametrize("game", each_engine())
def test_after_the_deal_cards_move_between_columns_and_onto_single_kings(game):
    s = game.deal_from(POST_ORDER).start()
    for _ in range(103):
        # Nothing fits a foundation and nothing moves between columns while the pack lasts,
        # even when single kings stand ready.
        assert move_set(s) == {"deal"}
        s = s.play("deal")
    assert s.key == (
        POST_K1 + " K2:KD K3:KD K4:KH K5:KH K6:KS K7:KS K8:KC " + ACE_F + " pack: hand:"
    )
    assert move_set(s) == {f"k1>k{m}" for m in range(2, 9)}
    s = s.play("k1>k2")  # 5D onto the single king K2
    assert seg(s, "K2") == "K2:KD5D" and seg(s, "K1") == POST_K1[:-2]
    # 4S onto 5D (one lower, suit ignored) or onto any single king; 5D, alone on K2, may go
    # to another single king but not onto 4S (not one lower).
    assert move_set(s) == {f"k1>k{m}" for m in range(2, 9)} | {f"k2>k{m}" for m in range(3, 9)}
    s = s.play("k1>k2")
    assert seg(s, "K2") == "K2:KD5D4S"
    # QH onto a single king only; 4S onto a single king only (QH is not one rank above it).
    assert move_set(s) == {f"k1>k{m}" for m in range(3, 9)} | {f"k2>k{m}" for m in range(3, 9)}
    s = s.play("k1>k3")  # the queen onto the single king K3
    assert seg(s, "K3") == "K3:KDQH"
    # 2C is now K1's available card: it fits F1 and F2 (both AC), or a single king.
    assert move_set(s) == (
        {"k1>f1", "k1>f2"}
        | {f"k1>k{m}" for m in range(4, 9)}
        | {f"k2>k{m}" for m in range(4, 9)}
        | {f"k3>k{m}" for m in range(4, 9)}
    )
    s = s.play("k1>f2")
    assert founds(s) == "F1:AC F2:AC2C F3:AD F4:AD F5:AH F6:AH F7:AS F8:AS"
    # K1's next card is the last filler card, QS of copy 2: only onto a single king.
    assert seg(s, "K1") == "K1:KC" + "".join(_FILLER)
    assert _FILLER[-2:] == ["JS", "QS"]
    assert move_set(s) == (
        {f"k1>k{m}" for m in range(4, 9)}
        | {f"k2>k{m}" for m in range(4, 9)}
        | {f"k3>k{m}" for m in range(4, 9)}
    )
    s = s.play("k1>k4")
    assert seg(s, "K4") == "K4:KHQS"
    # JS may go onto either queen (K3, K4) or a single king.
    assert move_set(s) == (
        {"k1>k3", "k1>k4"}
        | {f"k1>k{m}" for m in range(5, 9)}
        | {f"k2>k{m}" for m in range(5, 9)}
        | {f"k3>k{m}" for m in range(5, 9)}
        | {f"k4>k{m}" for m in range(5, 9)}
    )
    s = s.play("k1>k3")
    assert seg(s, "K3") == "K3:KDQHJS"
    # A card is never moved back onto a column whose available card is lower.
    for bad in ["k3>k2", "k2>k1", "k3>k3", "k2>f1", "deal", "hand>k1"]:
        with pytest.raises(ValueError):
            s.play(bad)


# --- lost and won --------------------------------------------------------------------------

# KC heads K1; the 8 aces go up; then 80 cards (ranks 2-6 and 8-Q) onto K1, the 2s waiting
# in the hand each time (placed on K1 in this test); then K1 gets 7C and each later king one
# seven: every available card is a 7, no 7 fits an ace, a 7 never goes on a 7, and there is
# no single king. The game is lost.
SEVENS = ["7C", "7C", "7D", "7D", "7H", "7H", "7S", "7S"]
_LOST_FILLER = [c for c in TWO_PACKS if c[0] not in "AK7"]
LOST_ORDER = ["KC"] + ACES + _LOST_FILLER + ["7C"]
for _k, _s in zip(LATE_KINGS, SEVENS[1:], strict=True):
    LOST_ORDER += [_k, _s]


@pytest.mark.parametrize("game", each_engine())
def test_lost_when_no_move_is_left(game):
    assert sorted(LOST_ORDER) == sorted(TWO_PACKS)
    s = game.deal_from(LOST_ORDER).start()
    placed_twos = 0
    while seg(s, "pack") != "pack:" or seg(s, "hand") != "hand:":
        hand = seg(s, "hand")
        if hand != "hand:":
            # A 2 waits: it fits the two aces of its suit, F(2i-1) and F(2i).
            i = SUITS.index(hand[-1])
            current = max(n for n in range(1, 9) if seg(s, f"K{n}") != f"K{n}:")
            assert move_set(s) == {f"hand>f{2 * i + 1}", f"hand>f{2 * i + 2}", f"hand>k{current}"}
            assert current == 1
            s = s.play("hand>k1")
            placed_twos += 1
        else:
            s = s.play("deal")
    assert placed_twos == 8
    assert cols(s) == (
        "K1:KC" + "".join(_LOST_FILLER) + "7C K2:KD7C K3:KD7D K4:KH7D K5:KH7H "
        "K6:KS7H K7:KS7S K8:KC7S"
    )
    assert founds(s) == ACE_F
    assert move_set(s) == set()
    assert s.is_over and not s.is_won


# Each suit copy in turn, ace to queen (the eight aces in the order C C D D H H S S), then the
# other seven kings. Every card after an ace fits one foundation and waits in the hand; played
# up at once, all 96 reach the foundations while seven kings are still in the pack: won.
RUNS = [r + s for s in SUITS for _ in range(2) for r in "A23456789TJQ"]
WIN_ORDER = ["KC"] + RUNS + LATE_KINGS


@pytest.mark.parametrize("game", each_engine())
def test_won_with_kings_left_in_the_pack(game):
    assert sorted(WIN_ORDER) == sorted(TWO_PACKS)
    s = game.deal_from(WIN_ORDER).start()
    for run in range(8):
        s = s.play("deal")  # the ace, to F(run+1)
        assert seg(s, f"F{run + 1}") == f"F{run + 1}:{RUNS[12 * run]}"
        for k in range(1, 12):
            assert move_set(s) == {"deal"}
            s = s.play("deal")
            assert seg(s, "hand") == f"hand:{RUNS[12 * run + k]}"
            assert move_set(s) == {f"hand>f{run + 1}", "hand>k1"}
            s = s.play(f"hand>f{run + 1}")
    assert founds(s) == " ".join(
        f"F{i + 1}:" + "".join(RUNS[12 * i : 12 * i + 12]) for i in range(8)
    )
    assert cols(s) == "K1:KC K2: K3: K4: K5: K6: K7: K8:"
    assert seg(s, "pack") == pack_text(LATE_KINGS)
    assert s.is_won and s.is_over
    assert move_set(s) == set()


# --- the book's worked example (its Note 1) --------------------------------------------------

# Two single kings (K7, K8) free a knave of hearts blocked by the run TC 9D 8S 7H 6C 5D 4S at
# the foot of K1, using the 7D at the foot of K2 and the knave JS at the foot of K3. The deal:
# KC heads K1 and takes every other card that is not an ace (none fits yet), ending with the
# knave and its run; then KD 7D, KD JS, KH 3H, KH 3H, KS 3D; then KS and KC, left single; then
# the eight aces.
_RUN = ["JH", "TC", "9D", "8S", "7H", "6C", "5D", "4S"]
_OTHERS = ["KD", "7D", "KD", "JS", "KH", "3H", "KH", "3H", "KS", "3D", "KS", "KC"]
_NOTE_FILLER = [c for c in TWO_PACKS if c[0] not in "AK"]
for _c in _RUN + [c for c in _OTHERS if c[0] != "K"]:
    _NOTE_FILLER.remove(_c)
NOTE_ORDER = ["KC"] + _NOTE_FILLER + _RUN + _OTHERS + ACES


@pytest.mark.parametrize("game", each_engine())
def test_book_note_two_single_kings_release_a_blocked_knave(game):
    assert sorted(NOTE_ORDER) == sorted(TWO_PACKS)
    s = game.deal_from(NOTE_ORDER).start()
    for _ in range(103):
        assert move_set(s) == {"deal"}
        s = s.play("deal")
    k1_base = "K1:KC" + "".join(_NOTE_FILLER)
    assert cols(s) == (
        k1_base + "JHTC9D8S7H6C5D4S K2:KD7D K3:KDJS K4:KH3H K5:KH3H K6:KS3D K7:KS K8:KC"
    )
    assert founds(s) == ACE_F and seg(s, "pack") == "pack:"
    # The four and the five onto the two spare kings; the six onto the seven of K2; then the
    # five and the four after it, freeing both kings again.
    s = play_all(s, ["k1>k7", "k1>k8", "k1>k2", "k8>k2", "k7>k2"])
    assert cols(s) == (
        k1_base + "JHTC9D8S7H K2:KD7D6C5D4S K3:KDJS K4:KH3H K5:KH3H K6:KS3D K7:KS K8:KC"
    )
    # The seven and the eight onto the kings, the seven onto the eight, the nine onto the
    # freed king, the ten onto the other knave: the knave of hearts is available.
    s = play_all(s, ["k1>k7", "k1>k8", "k7>k8", "k1>k7", "k1>k3"])
    assert cols(s) == (
        k1_base + "JH K2:KD7D6C5D4S K3:KDJSTC K4:KH3H K5:KH3H K6:KS3D K7:KS9D K8:KC8S7H"
    )
