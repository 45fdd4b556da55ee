"""Rule tests of THE FLOWER-GARDEN (python/patience/rules/flower-garden.md and
docs/notation/flower-garden.md), run on every engine that implements the game.

Positions come from explicit deals built here; every expected key, key fragment and move set is
worked out by hand from the rule text and the notation page.

Deal order reminder: packet G1 gets cards 1-6 (card 1 at the bottom, card 6 on top), G2 cards
7-12, ..., G6 cards 31-36; bouquet places Q1..Q16 hold cards 37..52. Free: every bouquet card
and every packet's top card.
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

SLUG = "flower-garden"
RANKS = "A23456789TJQK"
SUITS = "CDHS"
#: the unshuffled pack: clubs, diamonds, hearts, spades, ace to king in each suit
UNSHUFFLED = [r + s for s in SUITS for r in RANKS]
PACKETS = [f"G{n}" for n in range(1, 7)]
PLACES = [f"Q{n}" for n in range(1, 17)]


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


def layout(packets: list[list[str]], bouquet: list[str] = ()) -> list[str]:
    """Dealing order from the top cards of the packets (``packets[i]`` bottom to top, the top
    cards of G(i+1); missing packets get none) and the first bouquet cards. Every card not
    named fills the packets' lower places and then the rest of the bouquet, aces first, then
    deuces, and so on up (so the aces not named lie buried at the bottom of G1)."""
    packets = list(packets) + [[]] * (6 - len(packets))
    named = [c for p in packets for c in p] + list(bouquet)
    assert len(named) == len(set(named))
    rest = sorted(
        (c for c in UNSHUFFLED if c not in named),
        key=lambda c: (RANKS.index(c[0]), SUITS.index(c[1])),
    )
    order = []
    for p in packets:
        order += [rest.pop(0) for _ in range(6 - len(p))] + list(p)
    order += list(bouquet) + rest
    assert len(order) == 52
    return order


UNSHUFFLED_KEY = (
    "G1:AC2C3C4C5C6C G2:7C8C9CTCJCQC G3:KCAD2D3D4D5D G4:6D7D8D9DTDJD G5:QDKDAH2H3H4H "
    "G6:5H6H7H8H9HTH Q1:JH Q2:QH Q3:KH Q4:AS Q5:2S Q6:3S Q7:4S Q8:5S Q9:6S Q10:7S Q11:8S "
    "Q12:9S Q13:TS Q14:JS Q15:QS Q16:KS F1: F2: F3: F4:"
)


@pytest.mark.parametrize("game", each_engine())
def test_deal_six_packets_of_six_then_the_bouquet(game):
    state = game.deal_from(UNSHUFFLED).start()
    assert state.key == UNSHUFFLED_KEY
    assert not state.is_won and not state.is_over


@pytest.mark.parametrize("game", each_engine())
def test_seeded_deal_follows_the_conventions_shuffle(game):
    # Seed 1 shuffles one pack to 9S 7S QH 4S AC 8H QS JH 6C 5H 7D JC 3D ... (CONVENTIONS 2.7).
    state = game.deal(1).start()
    assert seg(state, "G1") == "9S7SQH4SAC8H"
    assert seg(state, "G2") == "QSJH6C5H7DJC"
    assert seg(state, "G3").startswith("3D")
    for seed in (0, 1, 2, 12345):
        state = game.deal(seed).start()
        assert [len(seg(state, g)) for g in PACKETS] == [12] * 6
        assert [len(seg(state, q)) for q in PLACES] == [2] * 16
        cards = "".join(seg(state, x) for x in PACKETS + PLACES)
        assert sorted(cards[i : i + 2] for i in range(0, 104, 2)) == sorted(UNSHUFFLED)
        assert state.key.endswith(" F1: F2: F3: F4:")


@pytest.mark.parametrize("game", each_engine())
def test_first_moves_every_bouquet_card_and_every_packet_top_are_free(game):
    state = game.deal_from(UNSHUFFLED).start()
    # Packet tops: G1 6C, G2 QC, G3 5D, G4 JD, G5 4H, G6 TH. Bouquet JH QH KH AS 2S..KS.
    # The AS goes up; a card goes on a top one rank higher whatever its suit.
    assert move_set(state) == {
        "q4>f1",
        "g3>g1", "q8>g1",  # a five on 6C
        "g4>g2", "q1>g2", "q14>g2",  # a jack on QC
        "g5>g3", "q7>g3",  # a four on 5D
        "g6>g4", "q13>g4",  # a ten on JD
        "q6>g5",  # the 3S on 4H
        "q12>g6",  # the 9S on TH
    }  # fmt: skip


@pytest.mark.parametrize("game", each_engine())
def test_a_bouquet_place_once_emptied_stays_empty(game):
    state = game.deal_from(UNSHUFFLED).start().play("q4>f1")
    assert seg(state, "Q4") == "" and seg(state, "F1") == "AS"
    # 2S (Q5) now goes up; nothing ever goes to Q4.
    moves = move_set(state)
    assert "q5>f1" in moves
    assert not any(m.endswith(">q4") for m in moves)
    state = state.play("q8>g1")  # 5S onto 6C
    assert seg(state, "Q8") == "" and seg(state, "G1") == "AC2C3C4C5C6C5S"
    with pytest.raises(ValueError):
        state.play("g1>q8")


@pytest.mark.parametrize("game", each_engine())
def test_an_ace_goes_to_the_lowest_numbered_empty_foundation(game):
    # G1 top AH, G2 top AD; bouquet AS first.
    state = game.deal_from(layout([["AH"], ["AD"]], ["AS"])).start()
    assert {m for m in move_set(state) if ">f" in m} == {"g1>f1", "g2>f1", "q1>f1"}
    state = state.play("g2>f1")
    assert {m for m in move_set(state) if ">f" in m} == {"g1>f2", "q1>f2"}
    state = state.play("q1>f2").play("g1>f3")
    assert seg(state, "F1") == "AD" and seg(state, "F2") == "AS" and seg(state, "F3") == "AH"


@pytest.mark.parametrize("game", each_engine())
def test_foundations_follow_suit_one_rank_up(game):
    # G1 top AC, G2 top 2D, G3 top 2C; the 3C first in the bouquet.
    state = game.deal_from(layout([["AC"], ["2D"], ["2C"]], ["3C"])).start().play("g1>f1")
    ups = {m for m in move_set(state) if ">f" in m}
    assert ups == {"g3>f1"}  # not the 2D, not the 3C yet
    state = state.play("g3>f1")
    assert "q1>f1" in move_set(state)
    state = state.play("q1>f1")
    assert seg(state, "F1") == "AC2C3C"


@pytest.mark.parametrize("game", each_engine())
def test_building_goes_down_regardless_of_suit_nothing_on_an_ace(game):
    # G1 top AC (nothing can go on it), G2 top 9D, G3 top 8S; bouquet 8H, KS.
    deal = layout([["AC"], ["9D"], ["8S"], ["KD"]], ["8H", "KS"])
    state = game.deal_from(deal).start()
    moves = move_set(state)
    assert {"g3>g2", "q1>g2"} <= moves  # an eight of either colour on the 9D
    assert not any(m.endswith(">g1") for m in moves)
    assert not any(m.startswith(("q2>g", "g4>g")) for m in moves)  # kings go nowhere
    state = state.play("q1>g2")
    assert seg(state, "G2").endswith("9D8H") and seg(state, "Q1") == ""


@pytest.mark.parametrize("game", each_engine())
def test_an_empty_packet_takes_any_free_card_and_each_is_its_own_destination(game):
    # G1 is 6C 5C 4C 3C 2C AC, bottom to top: six plays to the foundation empty it.
    deal = layout([["6C", "5C", "4C", "3C", "2C", "AC"], ["KD"]], ["KS"])
    state = game.deal_from(deal).start()
    state = play_all(state, ["g1>f1"] * 6)
    assert seg(state, "G1") == "" and seg(state, "F1") == "AC2C3C4C5C6C"
    moves = move_set(state)
    # Every packet top and every bouquet card may go into G1, kings included.
    into = {m for m in moves if m.endswith(">g1")}
    assert into == {f"g{n}>g1" for n in range(2, 7)} | {f"q{n}>g1" for n in range(1, 17)}
    state = state.play("q1>g1")  # the KS starts a new packet
    assert seg(state, "G1") == "KS" and seg(state, "Q1") == ""
    # The KD (G2) now has nowhere to go but the foundations (no empty packet, no diamond up).
    assert not any(m.startswith("g2>") for m in move_set(state))


@pytest.mark.parametrize("game", each_engine())
def test_book_example_four_on_five_ten_from_bouquet_releases_ace_and_deuce(game):
    # As in the book's example: the 4D goes on the 5C, the TH from the bouquet on the JD that
    # the 4D uncovered, then the 9C on the TH, which frees the AD and then the 2D.
    deal = layout([["5C"], ["JD", "4D"], ["2D", "AD", "9C"]], ["TH"])
    state = game.deal_from(deal).start()
    assert "g2>g1" in move_set(state)
    state = state.play("g2>g1")
    assert seg(state, "G1").endswith("5C4D") and seg(state, "G2").endswith("JD")
    state = state.play("q1>g2")
    assert seg(state, "G2").endswith("JDTH") and seg(state, "Q1") == ""
    state = state.play("g3>g2")
    assert seg(state, "G2").endswith("JDTH9C") and seg(state, "G3").endswith("2DAD")
    state = state.play("g3>f1")
    assert "g3>f1" in move_set(state)
    state = state.play("g3>f1")
    assert seg(state, "F1") == "AD2D"


# Each packet dealt high to low, so its top is its lowest card; the bouquet in suit order.
WINNING = (
    ["6C", "5C", "4C", "3C", "2C", "AC"] + ["QC", "JC", "TC", "9C", "8C", "7C"]
    + ["5D", "4D", "3D", "2D", "AD", "KC"] + ["JD", "TD", "9D", "8D", "7D", "6D"]
    + ["4H", "3H", "2H", "AH", "KD", "QD"] + ["TH", "9H", "8H", "7H", "6H", "5H"]
    + ["JH", "QH", "KH"] + [r + "S" for r in RANKS]
)  # fmt: skip
WINNING_LINE = (
    ["g1>f1"] * 6 + ["g2>f1"] * 6 + ["g3>f1"] + ["g3>f2"] * 5 + ["g4>f2"] * 6
    + ["g5>f2"] * 2 + ["g5>f3"] * 4 + ["g6>f3"] * 6 + ["q1>f3", "q2>f3", "q3>f3"]
    + [f"q{n}>f4" for n in range(4, 17)]
)  # fmt: skip


@pytest.mark.parametrize("game", each_engine())
def test_a_deal_played_out_is_won_and_has_no_moves(game):
    state = game.deal_from(WINNING).start()
    for n, m in enumerate(WINNING_LINE):
        assert not state.is_won
        state = state.play(m)
        assert state.is_won == (n == len(WINNING_LINE) - 1)
    runs = ["".join(r + s for r in RANKS) for s in SUITS]
    empties = " ".join(f"{x}:" for x in PACKETS + PLACES)
    assert state.key == f"{empties} F1:{runs[0]} F2:{runs[1]} F3:{runs[2]} F4:{runs[3]}"
    assert state.is_over and move_set(state) == set()


@pytest.mark.parametrize("game", each_engine())
def test_a_position_without_moves_is_lost(game):
    # Packet tops: the four deuces and the sixes of clubs and diamonds; the bouquet holds threes,
    # fours, sevens and eights only; the aces and fives lie under the tops. No card is one rank
    # below a top (no ace or five is free), no ace is free, no packet is empty.
    bouquet = [r + s for r in "3478" for s in SUITS]
    tops = ["2C", "2D", "2H", "2S", "6C", "6D"]
    deal = layout([[t] for t in tops], bouquet)
    state = game.deal_from(deal).start()
    assert [seg(state, g)[-2:] for g in PACKETS] == tops
    assert sorted(seg(state, q) for q in PLACES) == sorted(bouquet)
    assert move_set(state) == set()
    assert state.is_over and not state.is_won


@pytest.mark.parametrize("game", each_engine())
def test_illegal_moves_raise_value_error(game):
    state = game.deal_from(UNSHUFFLED).start()
    for bad in ["g1>f1", "q3>g1", "g1>g1", "f1>g1", "g1>q1", "q17>f1", "g7>g1", "turn", "x"]:
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
