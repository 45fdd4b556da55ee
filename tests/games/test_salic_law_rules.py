"""Rule tests of THE SALIC LAW (python/patience/rules/salic-law.md and
docs/notation/salic-law.md), run on every engine that implements the game.

Positions come from explicit deals whose card order is built here; every expected key, key
fragment and move set is worked out by hand from the rule text and the notation page.

Deal order reminder: the first king of the dealing order is packet K1 and is taken out; the
other 103 cards, in their order, are the pack (the first of them dealt first). Each `deal`
deals one card, which places itself: an ace to the lowest-numbered empty foundation, a queen to
the queens' row Q, a king to the next packet, any other card on top of the current packet.
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

SLUG = "salic-law"
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


def packets(state: Any) -> str:
    return " ".join(seg(state, f"K{i}") for i in range(1, 9))


def founds(state: Any) -> str:
    return " ".join(seg(state, f"F{i}") for i in range(1, 9))


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
    # The first king is KC of copy 1 (card 13): it is K1, the other 103 cards are the pack
    # with AC of copy 1 on top.
    s = game.deal_from(TWO_PACKS).start()
    pack = [c for i, c in enumerate(TWO_PACKS) if i != 12]
    assert s.key == "K1:KC K2: K3: K4: K5: K6: K7: K8: " + EMPTY_F + " Q: " + pack_text(pack)
    assert move_set(s) == {"deal"}
    # The notation page's example: AC goes up at once, 2C goes onto the packet and may then
    # be played.
    s = s.play("deal")
    assert seg(s, "F1") == "F1:AC" and seg(s, "K1") == "K1:KC"
    assert move_set(s) == {"deal"}
    s = s.play("deal")
    assert seg(s, "K1") == "K1:KC2C" and seg(s, "pack") == pack_text(pack[2:])
    assert move_set(s) == {"deal", "k1>f1"}


@pytest.mark.parametrize("game", each_engine())
def test_seeded_deals_take_out_the_first_king(game):
    for seed in (0, 1, 7):
        order = Stream(seed).shuffle(TWO_PACKS)
        first = next(i for i, c in enumerate(order) if c[0] == "K")
        pack = order[:first] + order[first + 1 :]
        s = game.deal(seed).start()
        assert s.key == (
            f"K1:{order[first]} K2: K3: K4: K5: K6: K7: K8: {EMPTY_F} Q: {pack_text(pack)}"
        )


# --- the deal, card by card ----------------------------------------------------------------

# K1 is KD (the first king); 5H before it stays in the pack, first to be dealt.
DEAL = ["5H", "KD", "QS", "3S", "AH", "2C", "KS", "KC", "9C", "AD", "2D", "QH", "3D"]
DEAL_ORDER = arrange(DEAL)
DEAL_PACK = DEAL_ORDER[:1] + DEAL_ORDER[2:]


@pytest.mark.parametrize("game", each_engine())
def test_deal_places_cards_step_by_step(game):
    s = game.deal_from(DEAL_ORDER).start()
    assert packets(s) == "K1:KD K2: K3: K4: K5: K6: K7: K8:"
    assert seg(s, "pack") == pack_text(DEAL_PACK)
    s = s.play("deal")  # 5H onto the current packet K1
    assert seg(s, "K1") == "K1:KD5H" and move_set(s) == {"deal"}
    s = s.play("deal")  # QS to the queens' row
    assert seg(s, "Q") == "Q:QS" and seg(s, "K1") == "K1:KD5H"
    assert move_set(s) == {"deal"}
    s = s.play("deal")  # 3S onto K1
    assert seg(s, "K1") == "K1:KD5H3S"
    s = s.play("deal")  # AH to the lowest empty foundation
    assert founds(s) == "F1:AH F2: F3: F4: F5: F6: F7: F8:"
    assert move_set(s) == {"deal"}
    s = s.play("deal")  # 2C onto K1; it fits the AH (suits ignored), but nothing is forced
    assert seg(s, "K1") == "K1:KD5H3S2C"
    assert move_set(s) == {"deal", "k1>f1"}
    s = s.play("deal")  # KS: packet K2, current
    s = s.play("deal")  # KC: packet K3, current; K2 stays a bare king
    assert packets(s) == "K1:KD5H3S2C K2:KS K3:KC K4: K5: K6: K7: K8:"
    # No card goes to the bare king K2 while the pack lasts.
    assert move_set(s) == {"deal", "k1>f1"}
    s = s.play("deal")  # 9C onto the current packet K3
    assert packets(s) == "K1:KD5H3S2C K2:KS K3:KC9C K4: K5: K6: K7: K8:"
    s = s.play("deal")  # AD to F2
    assert founds(s) == "F1:AH F2:AD F3: F4: F5: F6: F7: F8:"
    assert move_set(s) == {"deal", "k1>f1", "k1>f2"}
    s = s.play("k1>f2")
    assert founds(s) == "F1:AH F2:AD2C F3: F4: F5: F6: F7: F8:"
    assert seg(s, "K1") == "K1:KD5H3S"
    # 3S onto the 2C of F2; the current packet is still K3.
    assert move_set(s) == {"deal", "k1>f2"}
    s = s.play("deal")  # 2D onto K3, not K1
    assert packets(s) == "K1:KD5H3S K2:KS K3:KC9C2D K4: K5: K6: K7: K8:"
    assert move_set(s) == {"deal", "k1>f2", "k3>f1"}
    s = s.play("deal")  # QH to the queens' row, after QS
    assert seg(s, "Q") == "Q:QSQH"
    s = s.play("k3>f1")
    assert founds(s) == "F1:AH2D F2:AD2C F3: F4: F5: F6: F7: F8:"
    # 3S now fits both F1 and F2: two moves.
    assert move_set(s) == {"deal", "k1>f1", "k1>f2"}
    s = s.play("k1>f1")
    assert s.key == (
        "K1:KD5H K2:KS K3:KC9C K4: K5: K6: K7: K8: "
        "F1:AH2D3S F2:AD2C F3: F4: F5: F6: F7: F8: Q:QSQH " + pack_text(DEAL_PACK[11:])
    )
    assert move_set(s) == {"deal"}
    s = s.play("deal")  # 3D onto K3: it fits F2
    assert seg(s, "K3") == "K3:KC9C3D"
    assert move_set(s) == {"deal", "k3>f2"}


@pytest.mark.parametrize("game", each_engine())
def test_illegal_moves_raise(game):
    s = game.deal_from(DEAL_ORDER).start()
    start_key = s.key
    for bad in ["k1>f1", "k1>k2", "hand>k1", "turn", "redeal", "k9>f1", "q>f1", "x", ""]:
        with pytest.raises(ValueError):
            s.play(bad)
    assert s.key == start_key


def test_unknown_options_are_rejected():
    with pytest.raises(ValueError):
        reference.game(SLUG, passes=2)
    if SLUG in {g.slug for g in patience.games()}:
        with pytest.raises(patience.PatienceError):
            patience.game(SLUG, passes=2)


# --- after the deal: the bare kings --------------------------------------------------------

# KC is K1; the 8 queens go to their row; 80 cards (ranks 2-J) all go onto K1 (no ace is out
# yet), ending ... 3H 2C 4S 5D (5D on top); then the other 7 kings, bare kings K2..K8; then
# the 8 aces, F1..F8 in this order.
QUEENS = ["QC", "QC", "QD", "QD", "QH", "QH", "QS", "QS"]
LATE_KINGS = ["KD", "KD", "KH", "KH", "KS", "KS", "KC"]
ACES = ["AC", "AC", "AD", "AD", "AH", "AH", "AS", "AS"]
_K1_TAIL = ["3H", "2C", "4S", "5D"]
_FILLER = [c for c in TWO_PACKS if c[0] not in "AQK"]
for _c in _K1_TAIL:
    _FILLER.remove(_c)
POST_ORDER = ["KC"] + QUEENS + _FILLER + _K1_TAIL + LATE_KINGS + ACES
POST_K1 = "K1:KC" + "".join(_FILLER + _K1_TAIL)
ACE_F = "F1:AC F2:AC F3:AD F4:AD F5:AH F6:AH F7:AS F8:AS"


def test_post_order_is_two_packs():
    assert sorted(POST_ORDER) == sorted(TWO_PACKS) and len(_FILLER) == 76


@pytest.mark.parametrize("game", each_engine())
def test_after_the_deal_bare_kings_take_one_card_each(game):
    s = game.deal_from(POST_ORDER).start()
    for _ in range(103):
        assert move_set(s) == {"deal"}
        s = s.play("deal")
    assert (
        s.key
        == (
            POST_K1
            + " K2:KD K3:KD K4:KH K5:KH K6:KS K7:KS K8:KC "
            + ACE_F
            + " Q:"
            + "".join(QUEENS)
        )
        + " pack:"
    )
    assert move_set(s) == {f"k1>k{m}" for m in range(2, 9)}
    s = s.play("k1>k2")  # 5D onto the bare king K2
    assert seg(s, "K2") == "K2:KD5D" and seg(s, "K1") == POST_K1[:-2]
    # K2 now holds a card: it takes no other, and its lone 5D does not move to a bare king.
    assert move_set(s) == {f"k1>k{m}" for m in range(3, 9)}
    s = s.play("k1>k3")  # 4S onto K3
    assert seg(s, "K3") == "K3:KD4S"
    # 2C on top of K1 fits all eight aces (suits ignored), or goes to a bare king.
    assert move_set(s) == {f"k1>f{m}" for m in range(1, 9)} | {f"k1>k{m}" for m in range(4, 9)}
    s = s.play("k1>f5")
    assert founds(s) == "F1:AC F2:AC F3:AD F4:AD F5:AH2C F6:AH F7:AS F8:AS"
    assert move_set(s) == {"k1>f5"} | {f"k1>k{m}" for m in range(4, 9)}  # 3H onto 2C
    s = s.play("k1>f5")
    # The parked 4S now fits F5; K1's top is the last filler card, JS of copy 2.
    assert _FILLER[-1] == "JS" and seg(s, "K1") == "K1:KC" + "".join(_FILLER)
    assert move_set(s) == {"k3>f5"} | {f"k1>k{m}" for m in range(4, 9)}
    s = s.play("k3>f5")
    # K3 is bare again and may take another card; the lone 5D of K2 now fits F5.
    assert seg(s, "K3") == "K3:KD"
    assert move_set(s) == {"k2>f5", "k1>k3"} | {f"k1>k{m}" for m in range(4, 9)}
    s = s.play("k1>k3")
    assert seg(s, "K3") == "K3:KDJS"
    # A knave takes nothing: with F5 at 4S the lone 5D still fits, JS fits nowhere.
    assert move_set(s) == {"k2>f5"} | {f"k1>k{m}" for m in range(4, 9)}
    for bad in ["k3>k4", "k2>k4", "k3>f5", "k1>k2", "deal"]:
        with pytest.raises(ValueError):
            s.play(bad)


def once_per_king(name: str) -> Any:
    """The game with ``once_per_king=True`` on engine ``name`` (built here, not at collection,
    so that an engine without the option fails only the tests that use it)."""
    if name == "reference":
        return reference.game(SLUG, once_per_king=True)
    return patience.game(SLUG, once_per_king=True)


@pytest.mark.parametrize("name", [name for name, _ in engines(SLUG)])
def test_once_per_king_a_king_bared_again_takes_nothing(name):
    s = once_per_king(name).deal_from(POST_ORDER).start()
    assert s.key.endswith(" used:")  # the segment is there from the first position
    for _ in range(103):
        s = s.play("deal")
    assert s.key == (
        POST_K1
        + " K2:KD K3:KD K4:KH K5:KH K6:KS K7:KS K8:KC "
        + ACE_F
        + " Q:"
        + "".join(QUEENS)
        + " pack: used:"
    )
    # as in the default game up to K3 bared again
    assert move_set(s) == {f"k1>k{m}" for m in range(2, 9)}
    s = s.play("k1>k3")  # 5D onto K3
    assert seg(s, "used") == "used:K3"
    s = s.play("k1>k2")  # 4S onto K2
    assert seg(s, "used") == "used:K2K3"
    s = s.play("k1>f5").play("k1>f5")  # 2C, 3H
    s = s.play("k2>f5")  # 4S up: K2 is bare again, but has had its card
    assert seg(s, "K2") == "K2:KD" and seg(s, "used") == "used:K2K3"
    assert move_set(s) == {"k3>f5"} | {f"k1>k{m}" for m in range(4, 9)}
    with pytest.raises(ValueError):
        s.play("k1>k2")
    s = s.play("k3>f5")  # 5D up: K3 bare again, used too
    assert move_set(s) == {f"k1>k{m}" for m in range(4, 9)}


def test_once_per_king_option_values():
    for bad in (1, "yes", None):
        with pytest.raises(ValueError):
            reference.game(SLUG, once_per_king=bad)
    if SLUG in {g.slug for g in patience.games()}:
        with pytest.raises(patience.PatienceError):
            patience.game(SLUG, once_per_king=1)
    # the default game has no used: segment
    assert "used:" not in reference.game(SLUG).deal_from(POST_ORDER).start().key


# --- lost and won --------------------------------------------------------------------------

# KC is K1; the 8 aces go up and the 8 queens to their row; 72 cards (ranks 2-6 and 8-J) go
# onto K1, then 7C; each later king gets one seven. Every top card is a 7, which fits no ace,
# and no king is bare: the game is lost.
SEVENS = ["7C", "7C", "7D", "7D", "7H", "7H", "7S", "7S"]
_LOST_FILLER = [c for c in TWO_PACKS if c[0] not in "AQK7"]
LOST_ORDER = ["KC"] + ACES + QUEENS + _LOST_FILLER + ["7C"]
for _k, _s in zip(LATE_KINGS, SEVENS[1:], strict=True):
    LOST_ORDER += [_k, _s]


@pytest.mark.parametrize("game", each_engine())
def test_lost_when_no_move_is_left(game):
    assert sorted(LOST_ORDER) == sorted(TWO_PACKS)
    s = game.deal_from(LOST_ORDER).start()
    for _ in range(103):
        assert "deal" in move_set(s)
        s = s.play("deal")
    assert packets(s) == (
        "K1:KC" + "".join(_LOST_FILLER) + "7C K2:KD7C K3:KD7D K4:KH7D K5:KH7H "
        "K6:KS7H K7:KS7S K8:KC7S"
    )
    assert founds(s) == ACE_F and seg(s, "pack") == "pack:"
    assert move_set(s) == set()
    assert s.is_over and not s.is_won


# Each suit copy in turn, ace to knave (the aces in the order C C D D H H S S), then the queens
# and the other seven kings. Every card after an ace goes onto K1 and fits one foundation;
# played up at once, all 88 reach the foundations while queens and kings are still in the
# pack: won.
RUNS = [r + s for s in SUITS for _ in range(2) for r in "A23456789TJ"]
WIN_ORDER = ["KC"] + RUNS + QUEENS + LATE_KINGS


@pytest.mark.parametrize("game", each_engine())
def test_won_with_queens_and_kings_left_in_the_pack(game):
    assert sorted(WIN_ORDER) == sorted(TWO_PACKS)
    s = game.deal_from(WIN_ORDER).start()
    for run in range(8):
        s = s.play("deal")  # the ace, to F(run+1)
        assert seg(s, f"F{run + 1}") == f"F{run + 1}:{RUNS[11 * run]}"
        for k in range(1, 11):
            assert move_set(s) == {"deal"}
            s = s.play("deal")
            assert seg(s, "K1") == f"K1:KC{RUNS[11 * run + k]}"
            assert move_set(s) == {"deal", f"k1>f{run + 1}"}
            s = s.play(f"k1>f{run + 1}")
    assert founds(s) == " ".join(
        f"F{i + 1}:" + "".join(RUNS[11 * i : 11 * i + 11]) for i in range(8)
    )
    assert packets(s) == "K1:KC K2: K3: K4: K5: K6: K7: K8:"
    assert seg(s, "Q") == "Q:" and seg(s, "pack") == pack_text(QUEENS + LATE_KINGS)
    assert s.is_won and s.is_over
    assert move_set(s) == set()
