"""Cards, the shuffle's test vectors, and deals, in both engines."""

from __future__ import annotations

import pickle

import patience
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from patience import reference
from patience.reference._common import SplitMix64, shuffle, standard_pack

# CONVENTIONS 2.7: seed 1, one standard pack, first thirteen cards.
SEED1_FIRST13 = ["9S", "7S", "QH", "4S", "AC", "8H", "QS", "JH", "6C", "5H", "7D", "JC", "3D"]


def test_splitmix64_vectors_in_the_reference():
    r = SplitMix64(0)
    assert r.next() == 0xE220A8397B1DCDAF
    assert r.next() == 0x6E789E6AA1B965F4
    assert SplitMix64(1).next() == 0x910A2DEC89025CC1


def test_shuffle_vector_of_ten_in_the_reference():
    a = list(range(10))
    shuffle(a, SplitMix64(0))
    assert a == [4, 9, 2, 5, 1, 7, 6, 0, 3, 8]


def test_seed_1_pack_in_both_engines():
    assert [
        str(c) for c in patience.game("canfield-or-klondike").deal(1).cards[:13]
    ] == SEED1_FIRST13
    p = standard_pack(1)
    shuffle(p, SplitMix64(1))
    assert [str(c) for c in p[:13]] == SEED1_FIRST13


@settings(max_examples=50, deadline=None)
@given(seed=st.integers(0, 2**64 - 1))
def test_deals_are_identical_in_both_engines(seed):
    r = patience.game("canfield-or-klondike").deal(seed)
    f = reference.game("canfield-or-klondike").deal(seed)
    assert [str(c) for c in r.cards] == [str(c) for c in f.cards]
    assert r.rng == f.rng.state


def test_card_text_forms():
    assert str(patience.Card.parse("10s")) == "TS"
    assert patience.Card.parse(" ah ") == patience.Card(1, "H")
    assert patience.Card.parse("KD").rank == 13 and patience.Card.parse("KD").is_red
    for bad in ["", "1S", "TX", "ZS", "TSS", "10", "11H"]:
        with pytest.raises(patience.CardError, match="malformed card"):
            patience.Card.parse(bad)


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**64 - 1))
def test_deal_text_round_trips(seed):
    g = patience.game("canfield-or-klondike", draw=3, passes=None)
    d = g.deal(seed)
    back = patience.deal_from_text(d.text())
    assert back == d
    assert back.start().key == d.start().key
    assert pickle.loads(pickle.dumps(d)) == d
    assert pickle.loads(pickle.dumps(g)) == g


def test_explicit_deal_equals_the_seeded_one():
    g = patience.game("canfield-or-klondike")
    d = g.deal(5)
    typed = g.deal_from(" ".join(map(str, d.cards)))
    assert typed.start().key == d.start().key
    assert g.deal_from([str(c) for c in d.cards]).cards == d.cards


def test_explicit_deal_errors_name_the_problem():
    g = patience.game("canfield-or-klondike")
    cards = [str(c) for c in g.deal(1).cards]
    with pytest.raises(patience.DealError, match="duplicate card 9S"):
        g.deal_from([cards[0]] + cards[:-1])
    with pytest.raises(patience.DealError, match="missing card"):
        g.deal_from(cards[:-1])
    with pytest.raises(patience.DealError, match="duplicate card QS"):
        g.deal_from(cards + ["QS"])
    with pytest.raises(patience.CardError, match="XX"):
        g.deal_from(cards[:-1] + ["XX"])
    with pytest.raises(TypeError):
        g.deal_from(42)  # type: ignore[arg-type]
