"""Rule tests of SLY (python/patience/rules/sly.md and docs/notation/sly.md), run on every
engine that implements the game.

Positions come from explicit deals whose card order is written here; every expected key, key
fragment and move set is worked out by hand from the rule text and the notation page.

Reminder: nothing is withdrawn; P1-P20 are filled lowest empty packet first; the first ace of
a suit starts a rising foundation (F1-F4), the first king a falling one (F5-F8), lowest empty
place first; a card that fits waits in the hand.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/ holds support.py
import support

SLUG = "sly"
ENGINES = support.engines(SLUG)
IDS = [name for name, _ in ENGINES]

RANKS = "A23456789TJQK"
SUITS = "CDHS"
ONE_PACK = [r + s for s in SUITS for r in RANKS]
TWO_PACKS = ONE_PACK + ONE_PACK
#: twenty cards no foundation can take while all foundations are empty
TWENTY = [r + "C" for r in "23456789TJQ"] + [r + "D" for r in "23456789T"]


def segs(state) -> dict[str, str]:
    out = {}
    for part in state.key.split(" "):
        label, _, cards = part.partition(":")
        out[label] = cards
    return out


def order(head: list[str]) -> list[str]:
    """``head``, then every other card of the two packs in unshuffled order."""
    rest = list(TWO_PACKS)
    for c in head:
        rest.remove(c)
    return head + rest


def pack_text(cards: list[str]) -> str:
    """``pack:`` segment of a pack dealt in the order ``cards`` (first card on top)."""
    return "pack:" + "".join(reversed(cards)).lower()


ALL_PLACES = {f"hand>p{q}" for q in range(1, 21)}


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_first_ace_starts_a_foundation_and_a_fitting_card_waits(name, game):
    state = game.deal_from(TWO_PACKS).start()
    empty = " ".join(f"P{i}:" for i in range(1, 21))
    assert state.key == (
        f"{empty} F1:AC F2: F3: F4: F5: F6: F7: F8: {pack_text(TWO_PACKS[2:])} hand:2C pending:P1"
    )
    assert support.move_set(state) == {"hand>f1", "hand>p1"}
    assert not state.is_over


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_placed_card_and_kings_start_falling_foundations(name, game):
    state = game.deal_from(TWO_PACKS).start().play("hand>p1")
    # 2C on P1; 3C..QC fit nothing: P2..P11; KC starts F5; AD starts F2 (lowest empty rising);
    # 2D, for P12, fits F2: it waits.
    s = segs(state)
    assert [s[f"P{i}"] for i in range(1, 13)] == [r + "C" for r in "23456789TJQ"] + [""]
    assert (s["F1"], s["F2"], s["F5"]) == ("AC", "AD", "KC")
    assert s["hand"] == "2D" and s["pending"] == "P12" and "deal" not in s
    assert support.move_set(state) == {"hand>f2", "hand>p12"}


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_played_card_is_replaced_at_the_same_packet(name, game):
    state = game.deal_from(TWO_PACKS).start().play("hand>f1")
    # 3C, for P1, fits F1 too.
    s = segs(state)
    assert s["F1"] == "AC2C" and s["hand"] == "3C" and s["pending"] == "P1" and s["P1"] == ""


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_first_deal_of_twenty_then_only_round(name, game):
    state = game.deal_from(order(TWENTY)).start()
    rest = order(TWENTY)[20:]
    assert rest[:6] == ["AC", "KC", "AD", "JD", "QD", "KD"]
    packets = " ".join(f"P{i + 1}:{c}" for i, c in enumerate(TWENTY))
    assert state.key == (f"{packets} F1: F2: F3: F4: F5: F6: F7: F8: {pack_text(rest)} hand:")
    assert support.move_set(state) == {"round"}


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_a_round_places_cards_anywhere_and_counts_them(name, game):
    state = game.deal_from(order(TWENTY)).start().play("round")
    # AC starts F1, KC F5, AD F2, all at once; JD fits nothing and waits for a packet.
    s = segs(state)
    assert (s["F1"], s["F2"], s["F5"]) == ("AC", "AD", "KC")
    assert s["hand"] == "JD" and s["deal"] == "0" and "pending" not in s
    assert support.move_set(state) == ALL_PLACES
    state = state.play("hand>p3")
    s = segs(state)
    assert s["P3"] == "4CJD" and s["hand"] == "QD" and s["deal"] == "1"
    state = state.play("hand>p3")
    # KD starts F6; AH starts F3; 2H fits F3: it may go up or onto any packet.
    s = segs(state)
    assert s["P3"] == "4CJDQD" and (s["F3"], s["F6"]) == ("AH", "KD")
    assert s["hand"] == "2H" and s["deal"] == "2"
    assert support.move_set(state) == ALL_PLACES | {"hand>f3"}
    state = state.play("hand>f3")  # not counted
    s = segs(state)
    assert s["F3"] == "AH2H" and s["hand"] == "3H" and s["deal"] == "2"


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_round_ends_after_twenty_placed_and_promenade_plays_again(name, game):
    state = game.deal_from(order(TWENTY)).start().play("round")
    # Every card is laid on P20; only aces and kings go up, by themselves.
    placed = 0
    while placed < 20:
        state = state.play("hand>p20")
        placed += 1
    s = segs(state)
    # Cards placed in order: JD QD 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH (KH starts F7), then AS
    # starts F4, 2S..8S (7 cards): 13 + 7 = 20.
    assert s["P20"] == "TD" + "JDQD" + "".join(r + "H" for r in "23456789TJQ") + "2S3S4S5S6S7S8S"
    assert (s["F4"], s["F7"]) == ("AS", "KH")
    assert "deal" not in s and s["hand"] == ""
    # 8S on P20 fits nothing; 2C (P1) fits F1:AC, 2D (P12) F2:AD, QC (P11) F5:KC.
    assert support.move_set(state) == {"p1>f1", "p12>f2", "p11>f5", "round"}


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_between_rounds_a_top_goes_up_and_its_packet_is_refilled(name, game):
    # P1..P19 get TWENTY[:19] (2C..QC, 2D..9D); then AC starts F1, KS starts F5, and 3C lies
    # on P20 (it fits nothing: F1 wants 2C, which is on P1).
    head = TWENTY[:19] + ["AC", "KS", "3C"]
    state = game.deal_from(order(head)).start()
    s = segs(state)
    assert s["P20"] == "3C" and (s["F1"], s["F5"]) == ("AC", "KS") and s["hand"] == ""
    assert support.move_set(state) == {"p1>f1", "round"}
    state = state.play("p1>f1")
    # P1 is refilled at once from the pack: KC starts F6, AD starts F2, TD fits nothing and
    # lies on P1. Now both 3Cs (P2, P20) fit F1, 2D (P12) fits F2, QC (P11) fits F6.
    rest = order(head)[22:]
    assert rest[:3] == ["KC", "AD", "TD"]
    s = segs(state)
    assert s["P1"] == "TD" and (s["F1"], s["F2"], s["F6"]) == ("AC2C", "AD", "KC")
    assert support.move_set(state) == {"p2>f1", "p20>f1", "p12>f2", "p11>f6", "round"}


# --- bad input -----------------------------------------------------------------------------------


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_illegal_moves_raise_value_error(name, game):
    state = game.deal_from(TWO_PACKS).start()
    for bad in ["hand>f2", "hand>p2", "p1>f1", "round", "deal", "turn", "x", ""]:
        with pytest.raises(ValueError):
            state.play(bad)
    assert support.move_set(state) == {"hand>f1", "hand>p1"}


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


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_a_king_that_fits_a_rising_foundation_starts_a_falling_one_instead(name, game):
    state = game.deal_from(TWO_PACKS).start()
    for _ in range(11):  # 2C..QC up onto F1, each replaced at P1
        state = state.play("hand>f1")
    # KC fits F1 (QC) but starts the falling clubs foundation at once; AD starts F2; 2D waits.
    s = segs(state)
    assert s["F1"] == "".join(r + "C" for r in "A23456789TJQ") and s["F5"] == "KC"
    assert s["F2"] == "AD" and s["hand"] == "2D" and s["pending"] == "P1"
    assert support.move_set(state) == {"hand>f2", "hand>p1"}
