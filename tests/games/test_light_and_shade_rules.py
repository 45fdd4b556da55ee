"""Rule tests of LIGHT AND SHADE (python/patience/rules/light-and-shade.md,
docs/notation/light-and-shade.md), run on every engine that implements the game.

Positions come from explicit deals whose card order is built here; every expected key, key
fragment and move set is worked out by hand from the rule text and the notation page.

Dealing order reminder: the eight aces are withdrawn (F1, F2 clubs, F3, F4 diamonds, F5, F6
hearts, F7, F8 spades); of the other 96 cards, 1-4 go to the Auxiliaries A1..A4, 5-8 to the
Rivals R1..R4, 9-96 form the pack (card 9 turned first). Red: D, H; black: C, S.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/ holds support.py
import support

SLUG = "light-and-shade"
ENGINES = support.engines(SLUG)
IDS = [name for name, _ in ENGINES]
#: the stricter route of earlier versions: the talon top only fills empty Rivals
STRICT = support.engines(SLUG, talon_to_auxiliary=False)
STRICT_IDS = [name for name, _ in STRICT]
EXPLICIT_DEFAULT = support.engines(SLUG, talon_to_auxiliary=True)
EXPLICIT_DEFAULT_IDS = [name for name, _ in EXPLICIT_DEFAULT]

RANKS = "A23456789TJQK"
SUITS = "CDHS"
ONE_PACK = [r + s for s in SUITS for r in RANKS]
TWO_PACKS = ONE_PACK + ONE_PACK
START_FOUNDATIONS = "F1:AC F2:AC F3:AD F4:AD F5:AH F6:AH F7:AS F8:AS"
GOLDEN = 0x9E3779B97F4A7C15
MASK = (1 << 64) - 1


def order(first: list[str]) -> list[str]:
    """A dealing order: the cards ``first``, then every other card of the two packs in
    unshuffled order (copy 1 then copy 2)."""
    left = list(TWO_PACKS)
    for c in first:
        left.remove(c)
    return list(first) + left


def pack_text(cards_in_turning_order: list[str]) -> str:
    """The ``pack:`` segment of a pack turned in this order (bottom to top, lower case)."""
    return "pack:" + "".join(reversed(cards_in_turning_order)).lower()


def segs(state) -> dict[str, str]:
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
    assert Stream(1).shuffle(ONE_PACK)[:5] == ["9S", "7S", "QH", "4S", "AC"]


# --- the deal ------------------------------------------------------------------------------


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_aces_withdrawn_then_auxiliaries_then_rivals(name, game):
    first = ["AH", "KC", "QD", "AC", "JS", "TH", "9C", "8D", "AS", "7H", "6S", "5D", "4C"]
    state = game.deal_from(order(first)).start()
    # Pack: 5D 4C, then the unshuffled rest without its aces and the cards already used.
    rest = [c for c in order(first)[len(first) :] if c[0] != "A"]
    assert rest[:6] == ["2C", "3C", "5C", "6C", "7C", "8C"]  # 4C and 9C of copy 1 used
    expected = (
        "A1:KC A2:QD A3:JS A4:TH R1:9C R2:8D R3:7H R4:6S "
        + START_FOUNDATIONS
        + " "
        + pack_text(["5D", "4C"] + rest)
        + " talon:"
    )
    assert state.key == expected
    assert len(segs(state)["pack"]) == 2 * 88
    assert segs(state)["pack"].endswith("5c3c2c4c5d")
    # Only 9C (black nine) fits on TH (red ten); the other Rivals fit no Auxiliary top and
    # no Auxiliary top is a two.
    assert support.move_set(state) == {"r1>a4", "turn"}
    assert not state.is_over and not state.is_won


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_unshuffled_deal(name, game):
    # Without its aces the unshuffled order starts 2C 3C ... KC 2D ...
    state = game.deal_from(TWO_PACKS).start()
    s = segs(state)
    assert [s[f"A{i}"] for i in range(1, 5)] == ["2C", "3C", "4C", "5C"]
    assert [s[f"R{i}"] for i in range(1, 5)] == ["6C", "7C", "8C", "9C"]
    assert state.key.startswith(
        "A1:2C A2:3C A3:4C A4:5C R1:6C R2:7C R3:8C R4:9C " + START_FOUNDATIONS
    )
    assert s["pack"].endswith("kcqcjctc") and s["talon"] == ""
    # 2C (black) goes on the red aces F3..F6; nothing else moves (clubs on clubs: same colour).
    assert support.move_set(state) == {"a1>f3", "a1>f4", "a1>f5", "a1>f6", "turn"}


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_seeded_deal_is_the_shuffled_two_packs(name, game):
    for seed in (0, 1, 2**64 - 1):
        shuffled = Stream(seed).shuffle(TWO_PACKS)
        deal = game.deal(seed)
        assert [str(c) for c in deal.cards] == shuffled
        rest = [c for c in shuffled if c[0] != "A"]
        state = deal.start()
        s = segs(state)
        assert [s[f"A{i}"] for i in range(1, 5)] == rest[0:4]
        assert [s[f"R{i}"] for i in range(1, 5)] == rest[4:8]
        assert state.key.endswith(" " + pack_text(rest[8:]) + " talon:")
        assert START_FOUNDATIONS in state.key


# --- foundations ---------------------------------------------------------------------------


#: A1 2H, A2 2S, A3 3D, A4 KD; Rivals 9H 9D 8H 7D (they fit nothing); pack from 5C on.
TWOS = ["2H", "2S", "3D", "KD", "9H", "9D", "8H", "7D", "5C"]


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_book_red_ace_black_deuce_red_three(name, game):
    state = game.deal_from(order(TWOS)).start()
    # A red two goes on a black ace (F1, F2 clubs, F7, F8 spades), a black two on a red ace.
    assert support.move_set(state) == {
        "a1>f1",
        "a1>f2",
        "a1>f7",
        "a1>f8",
        "a2>f3",
        "a2>f4",
        "a2>f5",
        "a2>f6",
        "turn",
    }
    state = state.play("a1>f1")
    assert segs(state)["F1"] == "AC2H" and segs(state)["A1"] == ""
    # 3D is red: not on 2H (red) in F1. Any Rival may fill the empty A1.
    assert "a3>f1" not in support.move_set(state)
    state = state.play("a2>f3")
    s = segs(state)
    assert s["F3"] == "AD2S" and s["A2"] == ""
    assert support.move_set(state) == {
        "a3>f3",
        "r1>a1",
        "r2>a1",
        "r3>a1",
        "r4>a1",
        "r1>a2",
        "r2>a2",
        "r3>a2",
        "r4>a2",
        "turn",
    }
    state = state.play("a3>f3")
    assert segs(state)["F3"] == "AD2S3D"
    assert state.key.startswith(
        "A1: A2: A3: A4:KD R1:9H R2:9D R3:8H R4:7D F1:AC2H F2:AC F3:AD2S3D F4:AD "
    )


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_rivals_and_talon_never_go_to_a_foundation(name, game):
    # Auxiliaries four kings, Rivals 2H 2D 3S 3C; the pack starts with 2S.
    deal = ["KS", "KC", "KH", "KD", "2H", "2D", "3S", "3C", "2S"]
    state = game.deal_from(order(deal)).start()
    assert support.move_set(state) == {"turn"}
    state = state.play("turn")
    assert segs(state)["talon"] == "2S"
    assert support.move_set(state) == {"turn"}  # no empty Rival, talon 2S not to F3..F6


# --- Auxiliaries and Rivals ----------------------------------------------------------------


#: A1 9H, A2 8C, A3 KC, A4 5C; Rivals 8S (fits A1), 8D (same colour as 9H), 7C (two lower),
#: 8C (fits A1); the pack starts with 7H.
BUILD = ["9H", "8C", "KC", "5C", "8S", "8D", "7C", "8C", "7H"]


@pytest.mark.parametrize("name,game", STRICT, ids=STRICT_IDS)
def test_rival_builds_down_in_alternate_colours_on_an_auxiliary(name, game):
    state = game.deal_from(order(BUILD)).start()
    # 8C of A2 could "fit" on 9H but Auxiliaries never move to one another.
    assert support.move_set(state) == {"r1>a1", "r4>a1", "turn"}
    state = state.play("r1>a1")
    s = segs(state)
    assert s["A1"] == "9H8S" and s["R1"] == ""
    # Talon empty: the empty Rival cannot be filled yet. 8D, 8C do not go on 8S; 7C is black.
    assert support.move_set(state) == {"turn"}
    state = state.play("turn")
    s = segs(state)
    assert s["talon"] == "7H"
    # 7H would fit 8S, but with talon_to_auxiliary=False the talon only fills the empty Rival.
    assert support.move_set(state) == {"talon>r1", "turn"}
    state = state.play("talon>r1")
    s = segs(state)
    assert s["R1"] == "7H" and s["talon"] == ""
    # 7H (red) fits both 8S (A1) and 8C (A2).
    assert support.move_set(state) == {"r1>a1", "r1>a2", "turn"}
    state = state.play("r1>a1")
    assert segs(state)["A1"] == "9H8S7H"
    # 8D, 7C, 8C fit neither 7H (a black six is wanted) nor 8C (a red seven is wanted).
    assert support.move_set(state) == {"turn"}


@pytest.mark.parametrize("name,game", ENGINES + EXPLICIT_DEFAULT, ids=IDS + EXPLICIT_DEFAULT_IDS)
def test_book_talon_top_builds_on_an_auxiliary(name, game):
    # The book deals the pack "placing on the Auxiliaries"; only foundations need an Auxiliary.
    state = game.deal_from(order(BUILD)).start()
    state = state.play("r1>a1").play("turn")
    assert segs(state)["talon"] == "7H"
    # 7H on 8S (A1) and on 8C (A2), or into the empty R1.
    assert support.move_set(state) == {"talon>r1", "talon>a1", "talon>a2", "turn"}
    state = state.play("talon>a2")
    assert segs(state)["A2"] == "8C7H" and segs(state)["talon"] == ""


#: Auxiliaries four kings, Rivals that fit nothing and never leave; the pack starts QH 2C.
KINGS = ["KS", "KC", "KH", "KD", "2H", "2D", "3S", "3C", "QH", "JC"]


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_book_pack_card_reaches_an_auxiliary_without_an_empty_rival(name, game):
    # No Rival ever empties here, so under the old route only `turn` was ever legal.
    state = game.deal_from(order(KINGS)).start()
    assert support.move_set(state) == {"turn"}
    state = state.play("turn")
    # QH (red) goes on KS or KC (black); not on the red kings, never into a Rival.
    assert support.move_set(state) == {"talon>a1", "talon>a2", "turn"}
    state = state.play("talon>a2").play("turn")
    s = segs(state)
    assert s["A2"] == "KCQH" and s["talon"] == "JC"
    # JC (black) on QH (red) in A2, not on the kings.
    assert support.move_set(state) == {"talon>a2", "turn"}
    state = state.play("talon>a2")
    assert segs(state)["A2"] == "KCQHJC" and segs(state)["talon"] == ""


@pytest.mark.parametrize("name,game", STRICT, ids=STRICT_IDS)
def test_option_strict_route_leaves_the_talon_top_for_the_rivals(name, game):
    state = game.deal_from(order(KINGS)).start().play("turn")
    assert segs(state)["talon"] == "QH"
    assert support.move_set(state) == {"turn"}


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_talon_top_never_fills_an_empty_auxiliary(name, game):
    state = game.deal_from(order(TWOS)).start().play("a1>f1").play("turn")
    assert segs(state)["A1"] == "" and segs(state)["talon"] == "5C"
    moves = support.move_set(state)
    assert "talon>a1" not in moves
    # 5C fits no Auxiliary top (2S, 3D, KD), and no Rival is empty.
    assert not any(m.startswith("talon>") for m in moves)


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_empty_auxiliary_takes_any_rival_card(name, game):
    # A1 2H goes up; then A1 takes any Rival, here a king, which then takes a queen.
    deal = ["2H", "KS", "KC", "TD", "KH", "QS", "QC", "9C", "QD"]
    state = game.deal_from(order(deal)).start()
    # QS, QC do not fit KS, KC (same colour); KH is a Rival, so nothing may go on it yet.
    # 9C fits TD (A4).
    assert support.move_set(state) == {"a1>f1", "a1>f2", "a1>f7", "a1>f8", "r4>a4", "turn"}
    state = state.play("a1>f7")
    assert segs(state)["F7"] == "AS2H"
    assert support.move_set(state) == {"r1>a1", "r2>a1", "r3>a1", "r4>a1", "r4>a4", "turn"}
    state = state.play("r1>a1")
    s = segs(state)
    assert s["A1"] == "KH" and s["R1"] == ""
    assert support.move_set(state) == {"r2>a1", "r3>a1", "r4>a4", "turn"}
    state = state.play("r3>a1")
    assert segs(state)["A1"] == "KHQC"


# --- pack, end -----------------------------------------------------------------------------


@pytest.mark.parametrize("name,game", STRICT, ids=STRICT_IDS)
def test_one_pass_then_lost_when_no_move_is_left(name, game):
    deal = ["KS", "KC", "KH", "KD", "2H", "2D", "3S", "3C"]
    state = game.deal_from(order(deal)).start()
    pack = [c for c in order(deal)[8:] if c[0] != "A"]
    assert len(pack) == 88
    for _ in range(88):
        assert support.move_set(state) == {"turn"}  # no Rival ever empties
        state = state.play("turn")
    s = segs(state)
    assert s["pack"] == "" and s["talon"] == "".join(pack)
    assert support.move_set(state) == set()
    assert state.is_over and not state.is_won
    with pytest.raises(ValueError):
        state.play("redeal")


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_won_when_all_cards_are_up(name, game):
    # Layout: red twos in A1..A4 (on the black aces), black twos as Rivals (on the red aces);
    # then the pack brings the eight cards of each rank from 3 to K.
    deal = ["2H", "2H", "2D", "2D", "2C", "2C", "2S", "2S"]
    deal += [r + s for r in "3456789TJQK" for s in SUITS for _ in range(2)]
    state = game.deal_from(order(deal)).start()
    state = play_all(state, ["a1>f1", "a2>f2", "a3>f7", "a4>f8"])
    for f in (3, 4, 5, 6):
        state = play_all(state, [f"r{f - 2}>a1", f"a1>f{f}"])
    assert state.key.startswith(
        "A1: A2: A3: A4: R1: R2: R3: R4: F1:AC2H F2:AC2H F3:AD2C F4:AD2C F5:AH2S F6:AH2S "
        "F7:AS2D F8:AS2D pack:"
    )
    # The pack now brings rank by rank 3C 3C 3D 3D 3H 3H 3S 3S 4C ...: at each rank four
    # foundations show a red card and four a black one, so every card fits one. Take each card
    # along the one road: turn, into R1, onto the empty A1, up to the lowest foundation that takes it.
    turns = 0
    while not state.is_won:
        state = play_all(state, ["turn", "talon>r1", "r1>a1"])
        up = sorted(m for m in support.move_set(state) if m.startswith("a1>f"))
        assert up, state.key
        state = state.play(up[0])
        turns += 1
    assert turns == 88
    assert support.move_set(state) == set() and state.is_over
    s = segs(state)
    for i in range(1, 9):
        f = s[f"F{i}"]
        cards = [f[k : k + 2] for k in range(0, len(f), 2)]
        assert [c[0] for c in cards] == list(RANKS)
        assert all((a[1] in "DH") != (b[1] in "DH") for a, b in zip(cards, cards[1:]))
    assert s["pack"] == "" and s["talon"] == ""


# --- bad input -----------------------------------------------------------------------------


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_illegal_moves_raise_value_error(name, game):
    state = game.deal_from(order(TWOS)).start()
    for bad in ["r1>f1", "a1>a2", "a1>r1", "talon>r1", "redeal", "a1>f3", "r1>a4", "x", ""]:
        with pytest.raises(ValueError):
            state.play(bad)
    assert len(support.move_set(state)) == 9


def test_bad_options_are_rejected():
    from patience import reference

    with pytest.raises(ValueError):
        reference.game(SLUG, talon_to_auxiliary=1)
    with pytest.raises(ValueError):
        reference.game(SLUG, passes=2)
    for name, _ in ENGINES:
        if name == "rust":
            import patience

            # a value of the wrong Python type is a TypeError, as for every game
            with pytest.raises(TypeError, match="talon_to_auxiliary"):
                patience.game(SLUG, talon_to_auxiliary="yes")
            with pytest.raises(ValueError):
                patience.game(SLUG, redeals=1)


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_explicit_deal_must_be_the_two_packs(name, game):
    with pytest.raises(ValueError):
        game.deal_from(ONE_PACK)
    with pytest.raises(ValueError):
        game.deal_from(TWO_PACKS[:-1] + ["AC"])
