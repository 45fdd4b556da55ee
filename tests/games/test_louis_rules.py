"""Rule tests of THE "LOUIS" PATIENCE (python/patience/rules/louis.md and
docs/notation/louis.md), run on every engine that implements the game.

Positions come from explicit deals whose card order is written here; every expected key, key
fragment and move set is worked out by hand from the rule text and the notation page.

Reminder: AC AD AH AS KC KD KH KS (first occurrences) are withdrawn as the bases of F1-F8; the
other 96 cards are dealt in circles to the places a b c d e f g h i k l m. A card that may go
on a foundation waits in the hand; between circles only open places (top card dealt in this
circle) may play to the foundations.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/ holds support.py
import support

SLUG = "louis"
ENGINES = support.engines(SLUG)
IDS = [name for name, _ in ENGINES]

RANKS = "A23456789TJQK"
SUITS = "CDHS"
ONE_PACK = [r + s for s in SUITS for r in RANKS]
TWO_PACKS = ONE_PACK + ONE_PACK
BASES = ["AC", "AD", "AH", "AS", "KC", "KD", "KH", "KS"]
LETTERS = "abcdefghiklm"
BASE_KEY = "F1:AC F2:AD F3:AH F4:AS F5:KC F6:KD F7:KH F8:KS"
#: the pack of the unshuffled deal: copy 1 without its aces and kings, then copy 2
UNSHUFFLED_PACK = [c for c in ONE_PACK if c[0] not in "AK"] + ONE_PACK


def segs(state) -> dict[str, str]:
    out = {}
    for part in state.key.split(" "):
        label, _, cards = part.partition(":")
        out[label] = cards
    return out


def pack_text(cards: list[str]) -> str:
    return "pack:" + "".join(reversed(cards)).lower()


def order(head: list[str]) -> list[str]:
    """The eight bases, then ``head``, then every other card in unshuffled order."""
    rest = list(TWO_PACKS)
    for c in BASES + head:
        rest.remove(c)
    return BASES + head + rest


def play_all(state, moves):
    for m in moves:
        state = state.play(m)
    return state


def leave_and_deal(state, stop=lambda s: False, limit: int = 400):
    """Leave every waiting card and deal every circle until ``stop`` holds or the deal is
    over (neither ``leave`` nor ``deal`` is legal)."""
    for _ in range(limit):
        if stop(state):
            return state
        moves = support.move_set(state)
        if "leave" in moves:
            state = state.play("leave")
        elif "deal" in moves:
            state = state.play("deal")
        else:
            return state
    raise AssertionError("deal did not end")


# --- the deal ----------------------------------------------------------------------------------


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_bases_withdrawn_and_first_card_waits_in_the_hand(name, game):
    state = game.deal_from(TWO_PACKS).start()
    places = " ".join(f"{x}:" for x in LETTERS)
    assert state.key == (
        f"{places} {BASE_KEY} held: {pack_text(UNSHUFFLED_PACK[1:])} hand:2C pass:1 open: pending:a"
    )
    assert support.move_set(state) == {"hand>f1", "leave"}
    state = state.play("hand>f1")  # 3C comes to a in its place and fits F1 too
    s = segs(state)
    assert s["F1"] == "AC2C" and s["hand"] == "3C" and s["pending"] == "a" and s["a"] == ""


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_circle_goes_round_then_pauses_and_only_open_places_play(name, game):
    state = game.deal_from(TWO_PACKS).start().play("leave")
    # 2C stays on a; 3C..JC fit nothing (F1 wants 2C, F5 QC) and go to b..k; QC, dealt to l,
    # fits F5: the deal waits.
    s = segs(state)
    assert [s[x] for x in LETTERS] == [r + "C" for r in "23456789TJ"] + ["", ""]
    assert s["hand"] == "QC" and s["pending"] == "l" and s["open"] == "abcdefghik"
    assert support.move_set(state) == {"hand>f5", "leave"}
    state = state.play("leave").play("leave")  # QC stays on l; 2D to m fits F2: left too
    s = segs(state)
    assert s["l"] == "QC" and s["m"] == "2D" and s["hand"] == "" and "pending" not in s
    assert s["open"] == "abcdefghiklm" and s["pack"] == pack_text(UNSHUFFLED_PACK[12:])[5:]
    # Between circles: 2C (a) up on F1, QC (l) on F5, 2D (m) on F2, or deal.
    assert support.move_set(state) == {"a>f1", "l>f5", "m>f2", "deal"}
    state = state.play("a>f1")
    s = segs(state)
    assert s["a"] == "" and s["open"] == "bcdefghiklm" and s["F1"] == "AC2C"
    assert support.move_set(state) == {"b>f1", "l>f5", "m>f2", "deal"}
    state = state.play("deal")  # 3D (card 13) to a: F2 wants 2D, so it stays; and so on
    s = segs(state)
    assert s["a"] == "3D" and s["b"] == "3C4D"
    assert s["open"] == "".join(LETTERS[: LETTERS.index(s["pending"])])


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_cards_of_earlier_circles_are_blocked_until_the_deal_is_over(name, game):
    circle1 = ["3H", "6C", "7C", "8C", "9C", "TC", "6D", "7D", "8D", "9D", "TD", "6S"]
    circle2 = ["2H", "7S", "8S", "9S", "TS", "6H", "7H", "8H", "9H", "TH", "5C", "5D"]
    state = game.deal_from(order(circle1 + circle2)).start()
    s = segs(state)
    assert [s[x] for x in LETTERS] == circle1 and s["open"] == "abcdefghiklm"
    assert support.move_set(state) == {"deal"}  # nothing fits: dealing on is the only move
    state = state.play("deal")
    s = segs(state)
    assert s["hand"] == "2H" and s["pending"] == "a" and s["open"] == ""
    state = state.play("leave")
    s = segs(state)
    assert [s[x] for x in LETTERS] == [a + b for a, b in zip(circle1, circle2)]
    assert support.move_set(state) == {"a>f3", "deal"}
    state = state.play("a>f3")
    s = segs(state)
    # 3H (circle 1) is laid bare and F3 now wants it, but it is blocked.
    assert s["a"] == "3H" and s["F3"] == "AH2H" and s["open"] == "bcdefghiklm"
    assert support.move_set(state) == {"deal"}


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_whole_game_won_during_the_deal(name, game):
    # Copy 1's 2..Q of each suit upward, then copy 2 from K down to A in each suit: each card,
    # dealt to a, goes up and is replaced there.
    cards = BASES + [r + s for s in SUITS for r in "23456789TJQ"]
    cards += [r + s for s in SUITS for r in RANKS[::-1]]
    state = game.deal_from(cards).start()
    for i in range(4):
        for _ in range(11):
            assert support.move_set(state) == {f"hand>f{i + 1}", "leave"}
            state = state.play(f"hand>f{i + 1}")
    for i in range(4):
        assert support.move_set(state) == {f"hand>f{i + 1}", "leave"}  # the king ends F(i)
        state = state.play(f"hand>f{i + 1}")
        for _ in range(12):
            assert support.move_set(state) == {f"hand>f{i + 5}", "leave"}
            state = state.play(f"hand>f{i + 5}")
    up = " ".join(f"F{i + 1}:" + "".join(r + s for r in RANKS) for i, s in enumerate(SUITS))
    down = " ".join(f"F{i + 5}:" + "".join(r + s for r in RANKS[::-1]) for i, s in enumerate(SUITS))
    places = " ".join(f"{x}:" for x in LETTERS)
    assert state.key == f"{places} {up} {down} held: pack: hand: pass:1"
    assert state.is_won and state.is_over and support.move_set(state) == set()


# --- after the deal, and re-deals ----------------------------------------------------------------


def _unshuffled_layout() -> list[list[str]]:
    """All cards left: card k of the pack goes to place (k - 1) mod 12, eight full circles."""
    places: list[list[str]] = [[] for _ in range(12)]
    for k, c in enumerate(UNSHUFFLED_PACK):
        places[k % 12].append(c)
    return places


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_after_the_deal_tops_are_free_and_marry_up_or_down(name, game):
    state = leave_and_deal(game.deal_from(TWO_PACKS).start())
    layout = _unshuffled_layout()
    assert [p[-1] for p in layout] == [r + "S" for r in "23456789TJQK"]
    places = " ".join(f"{x}:{''.join(p)}" for x, p in zip(LETTERS, layout))
    assert state.key == f"{places} {BASE_KEY} held: pack: hand: pass:1"
    marriages = set()
    for i in range(11):
        marriages |= {f"{LETTERS[i]}>{LETTERS[i + 1]}", f"{LETTERS[i + 1]}>{LETTERS[i]}"}
    # Tops 2S..KS: 2S (a) up on F4, QS (l) down on F8, every neighbouring pair marries.
    assert support.move_set(state) == {"a>f4", "l>f8", "redeal"} | marriages
    state = state.play("l>m")  # QS onto KS; the card under it on l (card 83, KH) is free now
    s = segs(state)
    assert s["m"].endswith("KSQS") and s["l"] == "".join(layout[10][:-1])
    assert layout[10][-2] == "KH"
    moves = support.move_set(state)
    assert {"k>m", "m>k", "m>f8"} <= moves  # JS onto QS, QS back onto JS, QS down on F8
    assert not any(m.startswith("l>") for m in moves)  # KH fits nothing (F7 wants QH)


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_redeal_takes_up_g_first_and_f_last_so_f_comes_out_first(name, game):
    state = leave_and_deal(game.deal_from(TWO_PACKS).start()).play("redeal")
    layout = _unshuffled_layout()
    new_pack = [c for x in "fedcbamlkihg" for c in layout[LETTERS.index(x)]]
    # f's cards bottom to top are 7C 8D 9H TS TC 9D 8H 7S, then e's 6C 7D 8H 9S: none fits,
    # so the first circle of deal 2 lays them on a..m and pauses.
    assert new_pack[:12] == ["7C", "8D", "9H", "TS", "TC", "9D", "8H", "7S", "6C", "7D", "8H", "9S"]
    places = " ".join(f"{x}:{c}" for x, c in zip(LETTERS, new_pack[:12]))
    assert state.key == (
        f"{places} {BASE_KEY} held: {pack_text(new_pack[12:])} hand: pass:2 open:abcdefghiklm"
    )
    assert support.move_set(state) == {"deal"}


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_three_redeals_at_most(name, game):
    state = leave_and_deal(game.deal_from(TWO_PACKS).start())
    for n in (2, 3, 4):
        state = leave_and_deal(state.play("redeal"))
        s = segs(state)
        assert s["pass"] == str(n) and s["pack"] == "" and "open" not in s
    assert "redeal" not in support.move_set(state)
    with pytest.raises(ValueError):
        state.play("redeal")


def _redealt(layout: list[list]) -> list[list]:
    """The rule text's re-deal when no card goes up: take up g, h, ..., m, a, ..., f (f comes
    out first), then deal the pack in circles a..m."""
    pack = [c for x in "fedcbamlkihg" for c in layout[LETTERS.index(x)]]
    out: list[list] = [[] for _ in range(12)]
    for k, c in enumerate(pack):
        out[k % 12].append(c)
    return out


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_lost_after_the_third_redeal_when_no_top_card_moves(name, game):
    # Wanted layout of deal 4 (every card left as it is dealt, in every deal): its tops
    # 5, 7 and 9 of each suit fit no foundation (they want 2s and queens) and marry nothing.
    tops = [r + s for s in SUITS for r in "579"]
    others = list(UNSHUFFLED_PACK)
    for c in tops:
        others.remove(c)
    final = [others[7 * i : 7 * i + 7] + [tops[i]] for i in range(12)]
    # Follow the 96 dealing positions through deal 1 and three re-deals to find which card of
    # the first deal's pack ends where.
    tokens: list[list] = [[] for _ in range(12)]
    for k in range(96):
        tokens[k % 12].append(k)
    for _ in range(3):
        tokens = _redealt(tokens)
    pack = [""] * 96
    for place, cards in zip(tokens, final):
        for k, c in zip(place, cards):
            pack[k] = c
    state = leave_and_deal(game.deal_from(BASES + pack).start())
    for n in (2, 3, 4):
        state = leave_and_deal(state.play("redeal"))
        assert segs(state)["pass"] == str(n)
    places = " ".join(f"{x}:{''.join(p)}" for x, p in zip(LETTERS, final))
    assert state.key == f"{places} {BASE_KEY} held: pack: hand: pass:4"
    assert support.move_set(state) == set()
    assert state.is_over and not state.is_won


# --- the second deal's privileges ----------------------------------------------------------------

#: 2C..6C go up on F1 and QC..8C on F5 as they are dealt to a; then 7C, wanted by both.
CLUBS_HEAD = ["2C", "3C", "4C", "5C", "6C", "QC", "JC", "TC", "9C", "8C", "7C"]


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_first_deal_a_card_wanted_by_both_goes_on_the_ace_foundation_only(name, game):
    state = game.deal_from(order(CLUBS_HEAD)).start()
    state = play_all(state, ["hand>f1"] * 5 + ["hand>f5"] * 5)
    s = segs(state)
    assert s["F1"] == "AC2C3C4C5C6C" and s["F5"] == "KCQCJCTC9C8C"
    assert s["hand"] == "7C" and s["pending"] == "a" and s["a"] == ""
    assert support.move_set(state) == {"hand>f1", "leave"}  # no hand>f5, no hold
    state = state.play("hand>f1")
    state = leave_and_deal(state, stop=lambda st: "deal" in support.move_set(st))
    moves = support.move_set(state)
    assert "f1>f5" not in moves  # no exchange between foundations in the first deal


def _second_deal_with_7c_waiting(game):
    state = game.deal_from(order(CLUBS_HEAD)).start()
    state = play_all(state, ["hand>f1"] * 5 + ["hand>f5"] * 5 + ["leave"])
    state = leave_and_deal(state).play("redeal")
    return leave_and_deal(state, stop=lambda st: segs(st)["hand"] == "7C")


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_second_deal_either_foundation_or_hold(name, game):
    state = _second_deal_with_7c_waiting(game)
    s = segs(state)
    assert s["pass"] == "2" and s["F1"] == "AC2C3C4C5C6C" and s["F5"] == "KCQCJCTC9C8C"
    assert support.move_set(state) == {"hand>f1", "hand>f5", "hold", "leave"}
    state = state.play("hold")
    s = segs(state)
    assert s["held"] == "7C"
    # The held card may go up whenever no card waits in the hand.
    state = leave_and_deal(state, stop=lambda st: segs(st)["hand"] == "")
    moves = support.move_set(state)
    assert {"held>f1", "held>f5"} <= moves
    state = state.play("held>f1")
    s = segs(state)
    assert s["F1"] == "AC2C3C4C5C6C7C" and s["held"] in ("", "7C")
    moves = support.move_set(state)
    # Exchanges: 7C from F1 down on F5 (which wants 7C), and 8C from F5 up on F1 (which now
    # wants 8C). The bases never move.
    assert {"f1>f5", "f5>f1"} <= moves
    state = state.play("f1>f5")
    s = segs(state)
    assert s["F1"] == "AC2C3C4C5C6C" and s["F5"] == "KCQCJCTC9C8C7C"


# --- bad input -----------------------------------------------------------------------------------


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_illegal_moves_raise_value_error(name, game):
    state = game.deal_from(TWO_PACKS).start()
    for bad in ["hand>f5", "hold", "deal", "redeal", "a>f1", "f1>f5", "j>f1", "turn", "x", ""]:
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
