"""Rule tests of ANNA (python/patience/rules/anna.md, docs/notation/anna.md), run on every
engine that implements the game.

Positions come from explicit deals whose card order is built here; every expected key, key
fragment and move set is worked out by hand from the rule text and the notation page.

Dealing order reminder: cards are taken from the first one; a knave goes to the lowest empty
foundation F1..F8, any other card to the lowest empty help H1..H8, until the eight helps hold a
card; the rest is the pack (its first card turned first). Foundations follow suit J, T, 9, ...,
2, A, K; helps take the same suit one rank higher (A..K, nothing on a queen or a king).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/ holds support.py
import support

SLUG = "anna"
ENGINES = support.engines(SLUG)
IDS = [name for name, _ in ENGINES]
WRAP = support.engines(SLUG, marry_wrap=True)
WRAP_IDS = [name for name, _ in WRAP]

RANKS = "A23456789TJQK"
SUITS = "CDHS"
ONE_PACK = [r + s for s in SUITS for r in RANKS]
TWO_PACKS = ONE_PACK + ONE_PACK
NO_FOUNDATIONS = "F1: F2: F3: F4: F5: F6: F7: F8:"
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
def test_knaves_met_in_the_deal_go_to_the_foundations(name, game):
    first = ["JH", "2C", "3C", "JS", "4D", "5D", "6H", "QS", "7S", "JC", "8C", "9D"]
    state = game.deal_from(order(first)).start()
    rest = order(first)[len(first) :]
    assert state.key == (
        "H1:2C H2:3C H3:4D H4:5D H5:6H H6:QS H7:7S H8:8C "
        "F1:JH F2:JS F3:JC F4: F5: F6: F7: F8: " + pack_text(["9D"] + rest) + " talon: pass:1"
    )
    # 3C on 2C and 5D on 4D are marriages; no ten for the three knaves.
    assert support.move_set(state) == {"h2>h1", "h4>h3", "turn"}
    state = state.play("h2>h1")
    s = segs(state)
    assert s["H1"] == "2C3C" and s["H2"] == ""
    # The empty help is not filled from another help, and the talon is empty.
    assert support.move_set(state) == {"h4>h3", "turn"}
    state = state.play("turn")
    assert segs(state)["talon"] == "9D"
    assert support.move_set(state) == {"h4>h3", "talon>h2", "turn"}
    state = state.play("talon>h2")
    s = segs(state)
    assert s["H2"] == "9D" and s["talon"] == ""


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_unshuffled_deal_and_a_knave_turned_later(name, game):
    state = game.deal_from(TWO_PACKS).start()
    assert state.key.startswith(
        "H1:AC H2:2C H3:3C H4:4C H5:5C H6:6C H7:7C H8:8C " + NO_FOUNDATIONS + " pack:"
    )
    assert segs(state)["pack"].endswith("kcqcjctc9c")
    marriages = {f"h{i + 1}>h{i}" for i in range(1, 8)}
    assert support.move_set(state) == marriages | {"turn"}
    state = state.play("turn")
    assert support.move_set(state) == marriages | {"talon>h8", "turn"}  # 9C on 8C
    state = state.play("turn").play("turn")  # TC to the talon, then JC to F1 by itself
    s = segs(state)
    assert s["F1"] == "JC" and s["talon"] == "9CTC"
    assert s["pack"].endswith("adkcqc")
    assert support.move_set(state) == marriages | {"talon>f1", "turn"}


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_seeded_deal_is_the_shuffled_two_packs(name, game):
    for seed in (0, 1, 2**64 - 1):
        shuffled = Stream(seed).shuffle(TWO_PACKS)
        deal = game.deal(seed)
        assert [str(c) for c in deal.cards] == shuffled
        helps: list[str] = []
        knaves: list[str] = []
        k = 0
        while len(helps) < 8:
            (knaves if shuffled[k][0] == "J" else helps).append(shuffled[k])
            k += 1
        found = [knaves[i] if i < len(knaves) else "" for i in range(8)]
        expected = " ".join(
            [f"H{i + 1}:{c}" for i, c in enumerate(helps)]
            + [f"F{i + 1}:{c}" for i, c in enumerate(found)]
            + [pack_text(shuffled[k:]), "talon:", "pass:1"]
        )
        assert deal.start().key == expected


# --- foundations ---------------------------------------------------------------------------


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_turned_knaves_start_foundations_that_descend(name, game):
    deal = ["TH", "9H", "QC", "KD", "AS", "2S", "5C", "6C", "JH", "JH", "8H"]
    state = game.deal_from(order(deal)).start()
    assert support.move_set(state) == {"h1>h2", "h6>h5", "h8>h7", "turn"}
    state = state.play("turn")
    s = segs(state)
    assert s["F1"] == "JH" and s["talon"] == ""
    assert support.move_set(state) == {"h1>f1", "h1>h2", "h6>h5", "h8>h7", "turn"}
    state = state.play("h1>f1")
    assert segs(state)["F1"] == "JHTH" and segs(state)["H1"] == ""
    assert support.move_set(state) == {"h2>f1", "h6>h5", "h8>h7", "turn"}
    state = state.play("turn")  # the second JH: F2
    assert segs(state)["F2"] == "JH"
    assert support.move_set(state) == {"h2>f1", "h6>h5", "h8>h7", "turn"}
    state = state.play("turn")  # 8H to the talon: it may fill the empty H1
    assert segs(state)["talon"] == "8H"
    assert support.move_set(state) == {"h2>f1", "talon>h1", "h6>h5", "h8>h7", "turn"}
    state = state.play("h2>f1")
    assert support.move_set(state) == {
        "talon>f1",
        "talon>h1",
        "talon>h2",
        "h6>h5",
        "h8>h7",
        "turn",
    }
    state = state.play("talon>f1")
    assert state.key.startswith(
        "H1: H2: H3:QC H4:KD H5:AS H6:2S H7:5C H8:6C F1:JHTH9H8H F2:JH F3: F4: "
    )


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_a_card_fitting_both_foundations_of_its_suit_gives_two_moves(name, game):
    deal = ["2C", "4C", "6C", "8C", "2D", "4D", "6D", "8D", "JH", "JH", "TH"]
    state = game.deal_from(order(deal)).start()
    assert support.move_set(state) == {"turn"}
    state = play_all(state, ["turn", "turn"])
    assert support.move_set(state) == {"turn"}
    state = state.play("turn")
    assert support.move_set(state) == {"talon>f1", "talon>f2", "turn"}
    state = state.play("talon>f2")
    assert segs(state)["F1"] == "JH" and segs(state)["F2"] == "JHTH"


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_foundation_runs_down_to_the_ace_then_takes_the_king(name, game):
    spades = ["JS", "TS", "9S", "8S", "7S", "6S", "5S", "4S", "3S", "2S", "KS", "AS", "KS", "QS"]
    deal = ["2H", "4H", "6H", "8H", "2D", "4D", "6D", "8D"] + spades
    state = game.deal_from(order(deal)).start().play("turn")
    assert segs(state)["F1"] == "JS"
    for _ in range(9):  # TS down to 2S, each straight up from the talon
        state = state.play("turn")
        assert support.move_set(state) == {"talon>f1", "turn"}
        state = state.play("talon>f1")
    assert segs(state)["F1"] == "JSTS9S8S7S6S5S4S3S2S"
    state = state.play("turn")  # KS: not before the ace
    assert support.move_set(state) == {"turn"}
    state = state.play("turn")  # AS on 2S
    assert support.move_set(state) == {"talon>f1", "turn"}
    state = state.play("talon>f1")
    assert segs(state)["talon"] == "KS"
    assert support.move_set(state) == {"talon>f1", "turn"}
    state = state.play("talon>f1")
    assert segs(state)["F1"] == "JSTS9S8S7S6S5S4S3S2SASKS"
    state = state.play("turn")  # the other KS: the king ends the foundation
    assert support.move_set(state) == {"turn"}
    state = state.play("turn")  # QS: queens never go up
    assert segs(state)["talon"] == "KSQS"
    assert support.move_set(state) == {"turn"}


# --- helps ---------------------------------------------------------------------------------


@pytest.mark.parametrize("name,game", ENGINES + WRAP, ids=IDS + [f"{n}-wrap" for n in WRAP_IDS])
def test_nothing_is_ever_put_on_a_queen(name, game):
    deal = ["QH", "QD", "2C", "4C", "6C", "8C", "2S", "4S", "JH", "KH", "JD", "KD"]
    state = game.deal_from(order(deal)).start()
    assert support.move_set(state) == {"turn"}
    state = play_all(state, ["turn", "turn"])  # JH to F1, then KH on the talon
    s = segs(state)
    assert s["F1"] == "JH" and s["talon"] == "KH" and s["H1"] == "QH"
    assert support.move_set(state) == {"turn"}
    state = play_all(state, ["turn", "turn"])  # JD to F2, KD on the talon
    assert segs(state)["talon"] == "KHKD"
    assert support.move_set(state) == {"turn"}


#: H1 KD, H2 AD, H3 KS, H4 2S, H5 QD, H6 4C, H7 6C, H8 8C.
WRAP_DEAL = ["KD", "AD", "KS", "2S", "QD", "4C", "6C", "8C"]


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_no_ace_on_a_king_by_default(name, game):
    state = game.deal_from(order(WRAP_DEAL)).start()
    # AD is not married onto KD, KD not onto QD (a queen), 2S has no AS under it.
    assert support.move_set(state) == {"turn"}


@pytest.mark.parametrize("name,game", WRAP, ids=WRAP_IDS)
def test_option_marry_wrap_puts_an_ace_on_a_king(name, game):
    state = game.deal_from(order(WRAP_DEAL)).start()
    assert support.move_set(state) == {"h2>h1", "turn"}
    state = state.play("h2>h1")
    s = segs(state)
    assert s["H1"] == "KDAD" and s["H2"] == ""


# --- pack, re-deals, end -------------------------------------------------------------------


#: Queens as the helps; then each suit A..T, K of copy 1 (C, D, H, S), the same for copy 2,
#: and the eight knaves last.
ASCENDING = [r + s for _ in range(2) for s in SUITS for r in "A23456789TK"]
QUEENS_FIRST = (
    ["QC", "QC", "QD", "QD", "QH", "QH", "QS", "QS"]
    + ASCENDING
    + ["JC", "JC", "JD", "JD", "JH", "JH", "JS", "JS"]
)
QUEEN_HELPS = "H1:QC H2:QC H3:QD H4:QD H5:QH H6:QH H7:QS H8:QS"
KNAVES = "F1:JC F2:JC F3:JD F4:JD F5:JH F6:JH F7:JS F8:JS"


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_first_pass_puts_the_knaves_up_and_redeal_turns_the_talon_over(name, game):
    state = game.deal_from(QUEENS_FIRST).start()
    assert state.key == (
        f"{QUEEN_HELPS} {NO_FOUNDATIONS} "
        + pack_text(ASCENDING + QUEENS_FIRST[-8:])
        + " talon: pass:1"
    )
    for _ in range(96):
        # The queens take nothing; no foundation wants a card before the knaves come, and then
        # the talon shows KS.
        assert support.move_set(state) == {"turn"}
        state = state.play("turn")
    after_pass = f"{QUEEN_HELPS} {KNAVES} pack: talon:{''.join(ASCENDING)} pass:1"
    assert state.key == after_pass
    assert support.move_set(state) == {"redeal"}
    state = state.play("redeal")
    assert state.key == f"{QUEEN_HELPS} {KNAVES} {pack_text(ASCENDING)} talon: pass:2"
    assert support.move_set(state) == {"turn"}
    state = state.play("turn")
    assert segs(state)["talon"] == "AC"


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_two_redeals_only_then_lost(name, game):
    state = play_all(game.deal_from(QUEENS_FIRST).start(), ["turn"] * 96)
    for n in (2, 3):
        state = state.play("redeal")
        assert segs(state)["pass"] == str(n)
        for _ in range(88):
            state = state.play("turn")  # turning only, never playing up
        assert segs(state)["talon"] == "".join(ASCENDING)
    # Pack empty, no re-deal left, KS on the talon fits no knave.
    assert support.move_set(state) == set()
    assert state.is_over and not state.is_won
    with pytest.raises(ValueError):
        state.play("redeal")


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_book_final_picture_an_a_of_queens_and_an_n_of_kings(name, game):
    state = game.deal_from(QUEENS_FIRST).start()
    steps = 0
    while support.move_set(state) and steps < 1000:
        moves = support.move_set(state)
        up = sorted(m for m in moves if ">f" in m)
        state = state.play(up[0] if up else "turn" if "turn" in moves else "redeal")
        steps += 1
    # Pass 2: each suit's A..9 wait on the talon until its ten comes, then all go up on the
    # lower-numbered free knave of the suit, and the king follows the ace: copy 1's suits fill
    # F1, F3, F5, F7 and copy 2's F2, F4, F6, F8.
    runs = {s: "J" + s + "".join(r + s for r in "T98765432AK") for s in SUITS}
    founds = " ".join(f"F{i + 1}:{runs[s]}" for i, s in enumerate("CCDDHHSS"))
    assert state.key == f"{QUEEN_HELPS} {founds} pack: talon: pass:2"
    assert state.is_won and state.is_over
    assert support.move_set(state) == set()


# --- bad input -----------------------------------------------------------------------------


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_illegal_moves_raise_value_error(name, game):
    state = game.deal_from(order(WRAP_DEAL)).start()
    for bad in ["h2>h1", "h1>h5", "talon>h1", "h1>f1", "redeal", "pack>h1", "x", ""]:
        with pytest.raises(ValueError):
            state.play(bad)
    assert support.move_set(state) == {"turn"}


def test_bad_options_are_rejected():
    from patience import reference

    with pytest.raises(ValueError):
        reference.game(SLUG, marry_wrap="yes")
    with pytest.raises(ValueError):
        reference.game(SLUG, passes=2)
    for name, _ in ENGINES:
        if name == "rust":
            import patience

            with pytest.raises(ValueError):
                patience.game(SLUG, marry_wrap=2)
            with pytest.raises(ValueError):
                patience.game(SLUG, redeals=1)


@pytest.mark.parametrize("name,game", ENGINES, ids=IDS)
def test_explicit_deal_must_be_the_two_packs(name, game):
    with pytest.raises(ValueError):
        game.deal_from(ONE_PACK)
    with pytest.raises(ValueError):
        game.deal_from(TWO_PACKS[:-1] + ["JC"])
