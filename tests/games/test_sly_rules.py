"""Rule tests of SLY (python/patience/rules/sly.md and docs/notation/sly.md), run on every
engine that implements the game.

Positions come from explicit deals whose card order is written here; every expected key, key
fragment and move set is worked out by hand from the rule text and the notation page.

Reminder: nothing is withdrawn; P1-P20 are filled lowest empty packet first; the first ace of
a suit starts a rising foundation (F1-F4), the first king a falling one (F5-F8), lowest empty
place first; any other card that fits a foundation as it turns up goes at once to the
lowest-numbered foundation it fits; ``round`` first plays off every packet top that fits
(lowest packet first), refilling emptied packets.
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


def up(suit: str, ranks: str) -> str:
    return "".join(r + suit for r in ranks)


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_first_deal_plays_every_suitable_card_as_it_turns_up(name, game):
    state = game.deal_from(TWO_PACKS).start()
    # Copy 1: AC starts F1 and 2C..QC go up on it as they turn up; KC starts the falling F5
    # (starting comes first, though F1 wants a king); the same for diamonds (F2, F6), hearts
    # (F3, F7) and spades (F4, F8). Copy 2: AC..JC fit nothing and lie on P1..P11, QC goes
    # down on KC, KC ends F1; AD..9D lie on P12..P20 (F2 wants KD, F6 wants QD).
    packets = [c + "C" for c in "A23456789TJ"] + [c + "D" for c in "A23456789"]
    layout = " ".join(f"P{i + 1}:{c}" for i, c in enumerate(packets))
    founds = [
        up("C", RANKS),
        up("D", "A23456789TJQ"),
        up("H", "A23456789TJQ"),
        up("S", "A23456789TJQ"),
        "KCQC",
        "KD",
        "KH",
        "KS",
    ]
    fs = " ".join(f"F{i + 1}:{f}" for i, f in enumerate(founds))
    rest = ["TD", "JD", "QD", "KD"] + [r + s for s in "HS" for r in RANKS]
    assert state.key == f"{layout} {fs} {pack_text(rest)} hand:"
    # JC (P11) fits F5; nothing else between rounds.
    assert support.move_set(state) == {"p11>f5", "round"}
    assert not state.is_over


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_round_first_plays_off_the_promenade_refilling_as_it_goes(name, game):
    # From the position above, the play-off alone brings every card up: JC, TC, ..., AC go
    # down on F5 from P11 to P1, each packet refilled at once (QD and KD go up as they turn
    # up), then the diamonds, hearts and spades follow. The round never deals a card.
    state = game.deal_from(TWO_PACKS).start().play("round")
    empty = " ".join(f"P{i}:" for i in range(1, 21))
    founds = [up(s, RANKS) for s in "CDHS"] + [up(s, RANKS[::-1]) for s in "CDHS"]
    fs = " ".join(f"F{i + 1}:{f}" for i, f in enumerate(founds))
    assert state.key == f"{empty} {fs} pack: hand:"
    assert state.is_won and support.move_set(state) == set()


#: AC starts F1; two 3Cs lie on P1 and P2; KC..5C go down on F5 and 2C up on F1 as they turn
#: up; eighteen cards that fit nothing (no diamond or heart foundation) fill P3..P20. The pack
#: then brings 4C, JD, JH.
PLAY_OFF = ["AC", "3C", "3C", "KC", "QC", "JC", "TC", "9C", "8C", "7C", "6C", "5C", "2C"]
PLAY_OFF += [r + "D" for r in "23456789T"] + [r + "H" for r in "23456789T"]
PLAY_OFF += ["4C", "JD", "JH"]
FALLING_TO_5C = "KCQCJCTC9C8C7C6C5C"


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_play_off_takes_the_lowest_packet_first_and_the_lowest_foundation(name, game):
    state = game.deal_from(order(PLAY_OFF)).start()
    s = segs(state)
    assert (s["P1"], s["P2"], s["P3"], s["P20"]) == ("3C", "3C", "2D", "TH")
    assert (s["F1"], s["F5"]) == ("AC2C", FALLING_TO_5C) and s["hand"] == ""
    assert support.move_set(state) == {"p1>f1", "p2>f1", "round"}
    state = state.play("round")
    # Play-off: P1's 3C (the lowest packet) goes up on F1. P1 is refilled: 4C fits F1 and F5,
    # and goes to F1 (the lower number); JD lies on P1. P2's 3C now fits nothing (F1 wants 5C,
    # F5 wants 4C). The round starts: JH fits nothing and waits in the hand.
    s = segs(state)
    assert (s["P1"], s["P2"]) == ("JD", "3C")
    assert (s["F1"], s["F5"]) == ("AC2C3C4C", FALLING_TO_5C)
    assert s["hand"] == "JH" and s["deal"] == "0"
    assert support.move_set(state) == ALL_PLACES


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_between_rounds_the_player_may_play_off_in_another_order(name, game):
    state = game.deal_from(order(PLAY_OFF)).start().play("p2>f1")
    # P2 is refilled at once: 4C goes up on F1 (the lower of F1 and F5), JD lies on P2.
    s = segs(state)
    assert (s["P1"], s["P2"]) == ("3C", "JD")
    assert (s["F1"], s["F5"]) == ("AC2C3C4C", FALLING_TO_5C) and s["hand"] == ""
    # P1's 3C fits nothing now; the round starts with nothing to play off.
    assert support.move_set(state) == {"round"}
    state = state.play("round")
    s = segs(state)
    assert (s["P1"], s["P2"], s["hand"], s["deal"]) == ("3C", "JD", "JH", "0")


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
    # Nothing to play off. AC starts F1, KC F5, AD F2, all at once; JD fits nothing and waits
    # for a packet.
    s = segs(state)
    assert (s["F1"], s["F2"], s["F5"]) == ("AC", "AD", "KC")
    assert s["hand"] == "JD" and s["deal"] == "0" and "pending" not in s
    assert support.move_set(state) == ALL_PLACES
    state = state.play("hand>p3")
    s = segs(state)
    assert s["P3"] == "4CJD" and s["hand"] == "QD" and s["deal"] == "1"
    state = state.play("hand>p3")
    # KD starts F6; AH starts F3 and 2H..QH go up on it as they turn up (not counted); KH
    # starts F7, AS F4, 2S..QS go up, KS starts F8. Copy 2's AC fits nothing (F1 wants 2C, F5
    # wants QC) and waits.
    s = segs(state)
    assert s["P3"] == "4CJDQD" and (s["F3"], s["F6"]) == (up("H", "A23456789TJQ"), "KD")
    assert (s["F4"], s["F7"], s["F8"]) == (up("S", "A23456789TJQ"), "KH", "KS")
    assert s["hand"] == "AC" and s["deal"] == "2"
    assert support.move_set(state) == ALL_PLACES


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_round_ends_after_twenty_placed_and_promenade_plays_again(name, game):
    state = game.deal_from(order(TWENTY)).start().play("round")
    # Every card that waits is laid on P20; the others go up by themselves.
    for _ in range(20):
        state = state.play("hand>p20")
    s = segs(state)
    # Laid in order: JD QD (KD starts F6; copy 1's hearts and spades go up as above), copy 2's
    # AC (then 2C..KC go up on F1), AD (then 2D..KD go up on F2), AH 2H .. JH (F3 wants KH, F7
    # KH wants QH; QH then goes on F7 and KH ends F3), AS 2S 3S 4S 5S: 2 + 1 + 1 + 11 + 5 = 20.
    assert s["P20"] == "TD" + "JDQDACAD" + up("H", "A23456789TJ") + up("S", "A2345")
    assert [s[f"F{i}"] for i in range(1, 9)] == [
        up("C", RANKS),
        up("D", RANKS),
        up("H", RANKS),
        up("S", "A23456789TJQ"),
        "KC",
        "KD",
        "KHQH",
        "KS",
    ]
    assert "deal" not in s and s["hand"] == "" and s["pack"] == "ksqsjsts9s8s7s6s"
    # The round's end plays nothing off: QC (P11) fits F5 and is the player's to play.
    assert support.move_set(state) == {"p11>f5", "round"}


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
    for bad in ["hand>f2", "hand>p1", "p1>f1", "p11>f1", "deal", "turn", "x", ""]:
        with pytest.raises(ValueError):
            state.play(bad)
    assert support.move_set(state) == {"p11>f5", "round"}
    state = game.deal_from(order(TWENTY)).start().play("round")
    assert segs(state)["hand"] == "JD"
    for bad in ["hand>f1", "hand>f2", "hand>p21", "p1>f1", "round"]:
        with pytest.raises(ValueError):
            state.play(bad)


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
