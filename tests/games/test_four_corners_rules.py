"""Rule tests of THE FOUR CORNERS (python/patience/rules/four-corners.md and
docs/notation/four-corners.md), run on every engine that implements the game.

Positions come from explicit deals whose card order is written here; every expected key, key
fragment and move set is worked out by hand from the rule text and the notation page.

Reminder: packets P1-P12 are dealt in rounds (corners P1, P6, P7, P12); F1-F4 are the ace
foundations of clubs, spades, hearts, diamonds, F5-F8 the king foundations of the same suits;
side packet P2..P5 lies next to F1..F4, P8..P11 next to F5..F8. A re-deal is legal only when
no card can go to a foundation.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/ holds support.py
import support

SLUG = "four-corners"
ENGINES = support.engines(SLUG)
IDS = [name for name, _ in ENGINES]

RANKS = "A23456789TJQK"
SUITS = "CDHS"
ONE_PACK = [r + s for s in SUITS for r in RANKS]
TWO_PACKS = ONE_PACK + ONE_PACK


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


def play_all(state, moves):
    for m in moves:
        state = state.play(m)
    return state


# --- the deal ----------------------------------------------------------------------------------


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_first_ace_goes_up_and_the_next_card_waits_in_the_hand(name, game):
    # AC goes to F1 at once; 2C, dealt to the same packet P1 (a corner), fits F1: the deal waits.
    state = game.deal_from(TWO_PACKS).start()
    empty = " ".join(f"P{i}:" for i in range(1, 13))
    assert state.key == (
        f"{empty} F1:AC F2: F3: F4: F5: F6: F7: F8: {pack_text(TWO_PACKS[2:])}"
        " hand:2C pass:1 pending:P1"
    )
    assert support.move_set(state) == {"hand>f1", "leave"}
    assert not state.is_over
    state = state.play("hand>f1")  # 3C comes to P1 in its place and fits too
    s = segs(state)
    assert s["F1"] == "AC2C" and s["hand"] == "3C" and s["pending"] == "P1" and s["P1"] == ""


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_leave_goes_round_and_side_packets_feed_only_their_neighbour(name, game):
    state = game.deal_from(TWO_PACKS).start().play("leave")
    # 2C stays on P1; 3C..QC go to P2..P11 (no side packet's neighbour wants them: F1 wants
    # 2C); KC starts F5 at P12 and AD starts F4 at P12; 2D at P12 (a corner) fits F4.
    s = segs(state)
    assert [s[f"P{i}"] for i in range(1, 13)] == [r + "C" for r in "23456789TJQ"] + [""]
    assert (s["F1"], s["F4"], s["F5"]) == ("AC", "AD", "KC")
    assert s["hand"] == "2D" and s["pending"] == "P12"
    assert s["pack"] == pack_text(TWO_PACKS[15:])[5:]
    assert support.move_set(state) == {"hand>f4", "leave"}


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_side_packet_restriction_and_compulsory_kings(name, game):
    # KC starts F5 at P1; 5H on P1; QC to P2 (next to F1, not F5: it stays); 6H 7H 8H 9H on
    # P3-P6, 6S on P7; the second QC to P8, next to F5, which wants it: the deal waits.
    head = ["KC", "5H", "QC", "6H", "7H", "8H", "9H", "6S", "QC"]
    state = game.deal_from(order(head)).start()
    s = segs(state)
    assert [s[f"P{i}"] for i in range(1, 9)] == ["5H", "QC", "6H", "7H", "8H", "9H", "6S", ""]
    assert s["F5"] == "KC" and s["hand"] == "QC" and s["pending"] == "P8"
    assert support.move_set(state) == {"hand>f5", "leave"}
    state = state.play("hand>f5")
    # P8 gets the next card, AC: it starts F1. Then 2C to P8: F1 wants it, but P8 lies next to
    # F5 only: it stays. 3C..6C to P9-P12, 7C P1, 8C P2, 9C P3, TC P4; JC to P5 (next to F4),
    # though F5 wants it. AD starts F4 at P6; 2D at P6 (a corner) fits F4.
    s = segs(state)
    assert [s[f"P{i}"] for i in range(1, 13)] == [
        *("5H7C", "QC8C", "6H9C", "7HTC", "8HJC", "9H", "6S"),
        *("2C", "3C", "4C", "5C", "6C"),
    ]
    assert (s["F1"], s["F4"], s["F5"]) == ("AC", "AD", "KCQC")
    assert s["hand"] == "2D" and s["pending"] == "P6"
    assert support.move_set(state) == {"hand>f4", "leave"}


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_a_corner_card_wanted_by_both_foundations_of_its_suit(name, game):
    head = ["AC", "2C", "3C", "4C", "5C", "6C", "KC", "QC", "JC", "TC", "9C", "8C", "7C"]
    state = game.deal_from(order(head)).start()
    state = play_all(state, ["hand>f1"] * 5)  # 2C..6C; then KC starts F5 by itself
    assert segs(state)["F5"] == "KC" and segs(state)["hand"] == "QC"
    assert support.move_set(state) == {"hand>f5", "leave"}
    state = play_all(state, ["hand>f5"] * 5)  # QC..8C
    s = segs(state)
    assert s["F1"] == "AC2C3C4C5C6C" and s["F5"] == "KCQCJCTC9C8C"
    assert s["hand"] == "7C" and s["pending"] == "P1"
    assert support.move_set(state) == {"hand>f1", "hand>f5", "leave"}


#: Copy 1 suit by suit from ace to king, then copy 2 suit by suit from king to ace: every card
#: is dealt to P1 (a corner) and can go up there.
UP_THEN_DOWN = [r + s for s in SUITS for r in RANKS] + [r + s for s in SUITS for r in RANKS[::-1]]
ACE_F = {"C": 1, "S": 2, "H": 3, "D": 4}


def _play_up(state, last_suit_plays: int = 12):
    """Play every card of UP_THEN_DOWN up as it is dealt (the last suit's down run only
    ``last_suit_plays`` times), checking each waiting position's moves."""
    for s in SUITS:  # copy 1: 2..Q wait in the hand (A and K start foundations at once)
        for _ in range(11):
            assert support.move_set(state) == {f"hand>f{ACE_F[s]}", "leave"}
            state = state.play(f"hand>f{ACE_F[s]}")
    for s in SUITS:  # copy 2: the king ends the ace foundation, Q..A go on the king one
        assert support.move_set(state) == {f"hand>f{ACE_F[s]}", "leave"}
        state = state.play(f"hand>f{ACE_F[s]}")
        for _ in range(12 if s != "S" else last_suit_plays):
            assert support.move_set(state) == {f"hand>f{ACE_F[s] + 4}", "leave"}
            state = state.play(f"hand>f{ACE_F[s] + 4}")
    return state


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_whole_game_won_during_the_deal(name, game):
    state = _play_up(game.deal_from(UP_THEN_DOWN).start())
    up = {s: "".join(r + s for r in RANKS) for s in SUITS}
    down = {s: "".join(r + s for r in RANKS[::-1]) for s in SUITS}
    founds = [up["C"], up["S"], up["H"], up["D"], down["C"], down["S"], down["H"], down["D"]]
    empty = " ".join(f"P{i}:" for i in range(1, 13))
    fs = " ".join(f"F{i + 1}:{f}" for i, f in enumerate(founds))
    assert state.key == f"{empty} {fs} pack: hand: pass:1"
    assert state.is_won and state.is_over and support.move_set(state) == set()


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_empty_packets_are_never_filled(name, game):
    # As above, but the last 2S is left: it lies on P1, and AS goes to P2 (next to F1, which is
    # complete): the deal is over with P1 = 2S, P2 = AS and F6 = KS..3S.
    state = _play_up(game.deal_from(UP_THEN_DOWN).start(), last_suit_plays=10)
    assert segs(state)["hand"] == "2S"
    state = state.play("leave")
    s = segs(state)
    assert s["P1"] == "2S" and s["P2"] == "AS" and s["F6"] == "KSQSJSTS9S8S7S6S5S4S3S"
    assert s["pack"] == "" and s["hand"] == "" and "pending" not in s
    # 2S can go up (F6 wants it), so no re-deal.
    assert support.move_set(state) == {"p1>f6", "p1>p2", "p2>p1"}
    state = state.play("p1>f6")
    assert support.move_set(state) == {"p2>f6"}  # nothing goes into empty P1; AS can go up
    state = state.play("p2>f6")
    assert state.is_won and support.move_set(state) == set()


# --- after the deal, and re-deals ----------------------------------------------------------------

# 88 cards that fit nothing while no foundation is started (2..Q of each suit, copy 1 then
# copy 2), then copy 1's aces and kings, then copy 2's. Card k of the 88 goes to packet
# P((k - 1) mod 12 + 1): seven rounds and four cards (P1-P4 get eight). Copy 1's aces and kings
# then all start foundations at P5 (each replaced at once), and copy 2's AC AD AH AS KC KD KH
# KS, wanted by no foundation, go to P5 .. P12. The deal never waits.
MIDDLE = [r + s for _ in range(2) for s in SUITS for r in "23456789TJQ"]
ACES_KINGS = ["AC", "AD", "AH", "AS", "KC", "KD", "KH", "KS"]
NO_WAIT = MIDDLE + ACES_KINGS + ACES_KINGS


def _no_wait_packets() -> list[list[str]]:
    packets: list[list[str]] = [[] for _ in range(12)]
    for k, c in enumerate(MIDDLE):
        packets[k % 12].append(c)
    for i, c in enumerate(ACES_KINGS):
        packets[4 + i].append(c)
    return packets


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_deal_without_waiting_then_moves_after_the_deal(name, game):
    state = game.deal_from(NO_WAIT).start()
    packets = _no_wait_packets()
    assert packets[0] == ["2C", "3D", "4H", "5S", "6C", "7D", "8H", "9S"]
    assert packets[11] == ["2D", "3H", "4S", "5C", "6D", "7H", "8S", "KS"]
    layout = " ".join(f"P{i + 1}:{''.join(p)}" for i, p in enumerate(packets))
    assert state.key == (
        f"{layout} F1:AC F2:AS F3:AH F4:AD F5:KC F6:KS F7:KH F8:KD pack: hand: pass:1"
    )
    # Tops: P1-P4 9S TS JS QS (the last four of the 88), P5-P12 AC AD AH AS KC KD KH KS.
    # F6 (spades, down from KS) wants QS; spades marry up and down; nothing else. QS can go
    # up, so no re-deal.
    assert support.move_set(state) == {
        *("p4>f6", "p1>p2", "p2>p1", "p2>p3", "p3>p2", "p3>p4", "p4>p3", "p4>p12", "p12>p4"),
    }


def _stop_going_up(state):
    """NO_WAIT's first position with JS (P3) married onto QS (P4): QS is covered and P3's top
    is now TH, so no top card fits a foundation (they want 2s and queens)."""
    state = state.play("p3>p4")
    assert support.move_set(state) == {"p1>p2", "p2>p1", "p2>p4", "p4>p2", "redeal"}
    return state


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_redeal_takes_p12_first_and_deals_again_with_the_same_rules(name, game):
    state = _stop_going_up(game.deal_from(NO_WAIT).start())
    packets = _no_wait_packets()
    packets[3].append(packets[2].pop())
    assert packets[2][-1] == "TH" and packets[3][-2:] == ["QS", "JS"]
    state = state.play("redeal")
    new_pack = [c for p in reversed(packets) for c in p]
    # P12 from the bottom: its first card is card 12 of the 88, 2D, which fits F4 (AD) and is
    # dealt to P1, a corner: the deal waits at once.
    assert new_pack[0] == "2D" and new_pack[-1] == "9S" and len(new_pack) == 96
    empty = " ".join(f"P{i}:" for i in range(1, 13))
    assert state.key == (
        f"{empty} F1:AC F2:AS F3:AH F4:AD F5:KC F6:KS F7:KH F8:KD"
        f" {pack_text(new_pack[1:])} hand:2D pass:2 pending:P1"
    )
    assert support.move_set(state) == {"hand>f4", "leave"}
    # Leave it: the next cards, P12's 3H 4S 5C 6D 7H 8S KS, go to P2..P8 (none fits a
    # foundation those packets may feed) and the round goes on.
    state = state.play("leave")
    s = segs(state)
    assert new_pack[1:8] == ["3H", "4S", "5C", "6D", "7H", "8S", "KS"]
    assert s["P1"].startswith("2D") and s["P2"].startswith("3H") and s["P8"].startswith("KS")


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_two_redeals_at_most_and_no_moves_during_the_deal_but_its_own(name, game):
    state = _stop_going_up(game.deal_from(NO_WAIT).start())
    for n in (2, 3):
        while any(">f" in m for m in support.move_set(state)):
            state = state.play(sorted(m for m in support.move_set(state) if ">f" in m)[0])
        state = state.play("redeal")
        steps = 0
        while "leave" in support.move_set(state) and steps < 200:
            assert support.move_set(state) <= {f"hand>f{i}" for i in range(1, 9)} | {"leave"}
            state = state.play("leave")
            steps += 1
        s = segs(state)
        assert s["pass"] == str(n) and s["pack"] == "" and s["hand"] == "" and "pending" not in s
    moves = support.move_set(state)
    assert "redeal" not in moves
    with pytest.raises(ValueError):
        state.play("redeal")


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_book_example_a_run_two_to_eight_is_reversed_onto_a_nine(name, game):
    # The first ace and king of each suit start the foundations at P1; the other 96 cards are
    # dealt in rounds (card k of them to P((k - 1) mod 12 + 1)), every waiting card left. P1 gets
    # 4C 2H 3H 4H 5H 6H 7H 8H (8H on top), P2 ends with 9H.
    p1 = ["4C", "2H", "3H", "4H", "5H", "6H", "7H", "8H"]
    others = list(TWO_PACKS)
    for c in ACES_KINGS + p1 + ["9H"]:
        others.remove(c)
    pack: list[str] = []
    for r in range(8):
        pack.append(p1[r])
        pack.append("9H" if r == 7 else others.pop(0))
        pack += [others.pop(0) for _ in range(10)]
    assert not others
    state = game.deal_from(ACES_KINGS + pack).start()
    for _ in range(200):
        if "leave" not in support.move_set(state):
            break
        state = state.play("leave")
    s = segs(state)
    assert s["P1"] == "4C2H3H4H5H6H7H8H" and s["P2"].endswith("9H") and s["pack"] == ""
    moved = ""
    for rank in "8765432":  # 8H onto 9H, then 7H onto 8H, ..., 2H onto 3H
        assert "p1>p2" in support.move_set(state)
        state = state.play("p1>p2")
        moved += rank + "H"
        assert segs(state)["P2"].endswith("9H" + moved)
    s = segs(state)
    assert s["P1"] == "4C" and s["P2"].endswith("9H8H7H6H5H4H3H2H")
    assert "p2>f3" in support.move_set(state)  # the deuce is the top card, F3 (AH) wants it


def _redealt(layout: list[list]) -> list[list]:
    """The rule text's re-deal when no card goes up: P12 bottom to top first, ..., P1 last,
    dealt in rounds P1..P12."""
    pack = [c for p in reversed(layout) for c in p]
    out: list[list] = [[] for _ in range(12)]
    for k, c in enumerate(pack):
        out[k % 12].append(c)
    return out


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_lost_after_the_second_redeal_when_no_top_card_moves(name, game):
    # The first ace and king of each suit come first and start the foundations at P1; every
    # later card is left where it is dealt, in all three deals. Wanted layout of deal 3: tops
    # 5, 7 and 9 of each suit, which fit no foundation (they want 2s and queens) and marry
    # nothing.
    tops = [r + s for s in SUITS for r in "579"]
    others = list(TWO_PACKS)
    for c in ACES_KINGS + tops:
        others.remove(c)
    # Token k is card k of the 96 dealt in rounds; follow each token through the two re-deals.
    # The top cards of deals 1 and 2 must fit no foundation either (so that each re-deal is
    # legal): they get cards other than 2s and queens.
    deal1: list[list] = [[k for k in range(96) if k % 12 == i] for i in range(12)]
    deal2 = _redealt(deal1)
    deal3 = _redealt(deal2)
    early_tops = {p[-1] for p in deal1 + deal2}
    quiet = [c for c in others if c[0] not in "2Q"]
    rest = [c for c in others if c[0] in "2Q"]
    pack = [""] * 96
    for place, top in zip(deal3, tops):
        pack[place[-1]] = top
    for k in sorted(early_tops):
        if not pack[k]:
            pack[k] = quiet.pop(0)
    rest = quiet + rest
    for k in range(96):
        if not pack[k]:
            pack[k] = rest.pop(0)
    assert not rest
    final = [[pack[k] for k in place] for place in deal3]
    assert [p[-1] for p in final] == tops
    state = game.deal_from(ACES_KINGS + pack).start()
    for n in (1, 2, 3):
        if n > 1:
            state = state.play("redeal")
        for _ in range(200):
            if "leave" not in support.move_set(state):
                break
            state = state.play("leave")
        assert segs(state)["pass"] == str(n) and segs(state)["hand"] == ""
    packets = " ".join(f"P{i + 1}:{''.join(p)}" for i, p in enumerate(final))
    assert (
        state.key == f"{packets} F1:AC F2:AS F3:AH F4:AD F5:KC F6:KS F7:KH F8:KD pack: hand: pass:3"
    )
    assert support.move_set(state) == set()
    assert state.is_over and not state.is_won


# --- bad input -----------------------------------------------------------------------------------


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_illegal_moves_raise_value_error(name, game):
    state = game.deal_from(TWO_PACKS).start()
    for bad in ["hand>f2", "hand>f5", "p1>f1", "redeal", "deal", "turn", "hold", "x", ""]:
        with pytest.raises(ValueError):
            state.play(bad)
    assert support.move_set(state) == {"hand>f1", "leave"}


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
