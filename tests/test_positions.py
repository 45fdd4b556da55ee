"""Positions and moves as data, for every game the engine registers: places, face-down
cards, the record text, pickling, and each move's source, destination and cards."""

from __future__ import annotations

import copy
import pickle
import random
from collections import Counter

import patience
import pytest
from patience import Card, Place, reference

SLUGS = [info.slug for info in patience.games()]
STEPS = 60
# Games whose notation writes no discard heap: a pair (nestor) or a combination (wheel)
# leaves the game, so the cards in no place grow by exactly the cards that left.
DISCARDING = {"fourteenth", "nestor", "wheel"}
# Games with no move from one place to another: cards change places by exchange (caesar)
# or leave the game as a pair (nestor) or a combination (wheel).
NO_TRANSFERS = {"caesar", "fourteenth", "nestor", "wheel"}
# Games whose moves may name several places on a side of ">": two cards going up together
# from two places to two foundations (empress-of-india: ``a3+n7>f9+f2``, ``n4>f13+f5``).
# Those moves are not from one place to another; the others are checked as usual.
SEVERAL_PLACES = {"empress-of-india"}


def _names(label: str, text: str) -> bool:
    """Whether a place label is the place a move text names: the same place, or a row of
    the column it names (``C12P1`` for ``c12``, where the notation numbers a column's
    positions)."""
    label, text = label.lower(), text.lower()
    return label == text or (label.startswith(text + "p") and label[len(text) + 1 :].isdigit())


def walk(slug: str, seed: int, steps: int = STEPS):
    """``(state, move, next state)`` along a random walk of the deal of ``seed``."""
    rng = random.Random(seed * 7919 + len(slug))
    s = patience.game(slug).deal(seed).start()
    for _ in range(steps):
        moves = s.moves()
        if not moves:
            return
        m = rng.choice(moves)
        nxt = s.play(m)
        yield s, m, nxt
        s = nxt


def ident(cards) -> list[tuple[int, str]]:
    return [(c.rank, c.suit) for c in cards]


def segments(key: str) -> dict[str, str]:
    return dict(seg.split(":", 1) for seg in key.split())


def check_places(state: patience.State) -> None:
    segs = segments(state.key)
    labels = [p.label for p in state.places]
    assert len(labels) == len(set(labels)), labels
    for p in state.places:
        body = segs[p.label]
        # An empty cell of a grid row is written `..` and kept in the place's gaps.
        assert len(body) == 2 * (len(p.cards) + len(p.gaps)), (p, body)
        assert [i for i in range(0, len(body), 2) if body[i : i + 2] == ".."] == [
            2 * g for g in p.gaps
        ]
        for i, c in enumerate(p.positions()):
            text = body[2 * i : 2 * i + 2]
            if c is None:
                continue
            # The key writes a face-down card in lower case, a face-up one in upper case.
            assert c.face_up == text.isupper(), (p.label, text, c)
            assert str(c) == text.upper()
        assert p.kind in patience.PLACE_KINDS
        assert state.place(p.label.lower()) == p
    # Every key segment is a place or a marker, none both.
    assert set(segs) == set(labels) | set(state.markers)
    assert not set(labels) & set(state.markers)
    # The places hold cards of the deal only, each no more often than the deal has it.
    held = Counter(ident(c for p in state.places for c in p.cards))
    assert not held - Counter(ident(state.deal.cards)), held - Counter(ident(state.deal.cards))
    assert held + Counter(ident(state.aside)) == Counter(ident(state.deal.cards))


@pytest.mark.parametrize("slug", SLUGS)
def test_places_account_for_the_cards_along_random_walks(slug):
    for seed in (1, 2):
        for before, _, after in walk(slug, seed):
            check_places(before)
            check_places(after)
            # No card of the places is lost: the cards in no place (set aside at the deal,
            # or written in a pending step) never grow in number, but where cards leave the
            # game, and then only by cards that were in a place before.
            grown = Counter(ident(after.aside)) - Counter(ident(before.aside))
            if slug in DISCARDING:
                was_placed = Counter(ident(c for p in before.places for c in p.cards))
                assert not grown - was_placed, after.key
            else:
                assert not grown, after.key


@pytest.mark.parametrize("slug", SLUGS)
def test_moves_name_source_destination_and_cards(slug):
    moved_from_place = on_top = 0
    for seed in (1, 2):
        for before, move, after in walk(slug, seed):
            assert move.state is before and str(move) == move.text
            assert move.describe().startswith(move.text)
            if ">" in move.text and not (slug in SEVERAL_PLACES and "+" in move.text):
                assert move.source is not None and move.dest is not None, move
                assert _names(move.source, move.text.split(">")[0].split(":")[0]), move
                assert _names(move.dest, move.text.split(">")[1]), move
            if move.source is None:
                assert move.cards == ()
                continue
            src_before = before.place(move.source)
            dst_before = before.place(move.dest)
            assert src_before is not None and dst_before is not None
            if ">" in move.text:
                assert move.cards, move  # a move from a place to another moves a card
            k = len(move.cards)
            if k:
                moved_from_place += 1
                # The cards are the top of the source before the move ...
                assert ident(src_before.cards[-k:]) == ident(move.cards), (move, src_before)
                # ... and they lie on top of the destination after it, or automatic
                # steps took them on from there to another place.
                dst_after = after.place(move.dest)
                assert dst_after is not None
                if ident(dst_after.cards[-k:]) == ident(move.cards):
                    on_top += 1
            where = Counter(ident(c for p in after.places for c in p.cards)) + Counter(
                ident(after.aside)
            )
            assert not Counter(ident(move.cards)) - where
    if slug in NO_TRANSFERS:
        assert moved_from_place == 0
    else:
        assert moved_from_place > 0
        assert on_top > moved_from_place // 2


@pytest.mark.parametrize("slug", SLUGS)
def test_moves_are_accepted_in_any_case(slug):
    for before, move, after in walk(slug, 3, steps=20):
        up = before.play(move.text.upper())
        assert up.key == after.key
        assert up.history[-1] == move.text  # the history keeps the move's own text
        assert before.move(move.text.upper()) == move


@pytest.mark.parametrize("slug", SLUGS)
def test_record_pickle_and_copy_round_trip(slug):
    g = patience.game(slug)
    for seed in (1, 4):
        s = patience.game(slug).deal(seed).start()
        for _, _, nxt in walk(slug, seed, steps=40):
            s = nxt
        back = patience.state_from_record(s.record())
        assert back.key == s.key and back.history == s.history and back == s
        assert g.state_from_record(s.record()).key == s.key
        for other in (pickle.loads(pickle.dumps(s)), copy.copy(s), copy.deepcopy(s)):
            assert other.key == s.key and other.history == s.history
            assert other.places == s.places
            assert [m.text for m in other.moves()] == [m.text for m in s.moves()]
        m = s.moves()
        if m:
            again = pickle.loads(pickle.dumps(m[0]))
            assert again == m[0] and again.cards == m[0].cards


def test_klondike_start_places_by_hand():
    s = patience.game("canfield-or-klondike").deal(1).start()
    # The key of seed 1 starts T1:9S T2:7sJH T3:qh6c7H (docs/notation/canfield-or-klondike.md).
    t2 = s.place("T2")
    assert t2 == Place("tableau", "T2", (Card(7, "S"), Card(11, "H")))
    assert [c.face_up for c in t2.cards] == [False, True]
    assert s.place("f1") == Place("foundation", "F1", ())
    pack = s.place("pack")
    assert pack is not None and pack.kind == "pack" and len(pack.cards) == 24
    assert not any(c.face_up for c in pack.cards)
    assert s.place("talon") == Place("talon", "talon", ())
    assert s.markers == {"pass": "1"}
    assert s.aside == ()
    with pytest.raises(patience.PlaceError):
        s.place("T9")


def test_klondike_moves_by_hand():
    s = patience.game("canfield-or-klondike").deal(1).start()
    by_text = {m.text: m for m in s.moves()}
    assert by_text["t1>t5"].describe() == "t1>t5 (9S onto TD)"
    assert by_text["t6>f1"].describe() == "t6>f1 (AD to empty F1)"
    turn = by_text["turn"]
    assert (turn.source, turn.dest) == ("pack", "talon")
    assert turn.cards == (Card(4, "C"),) and turn.cards[0].face_up
    assert turn.describe() == "turn (1 card from pack)"  # not turned yet: not named
    assert turn.describe(reveal=True) == "turn (4C from pack to talon)"
    t6 = by_text["t6>f1"]
    assert (t6.source, t6.dest, t6.cards) == ("T6", "F1", (Card(1, "D"),))
    # After the ace goes, the card under it turns face up.
    after = s.play("T6>F1")
    assert after.place("T6").cards[-1] == Card(1, "H") and after.place("T6").cards[-1].face_up


def test_a_move_without_a_state_reads_its_text():
    m = patience.Move("t4>t7")
    assert (m.source, m.dest, m.cards) == ("t4", "t7", ())
    assert patience.Move("turn").source is None
    assert m.describe() == "t4>t7"


def test_card_face_is_not_identity():
    assert Card(1, "S", face_up=False) == Card(1, "S")
    assert repr(Card(1, "S", face_up=False)) == "Card('AS', face_up=False)"
    assert Card(1, "S", face_up=False).key_text == "as"
    with pytest.raises(TypeError):
        Card(1, "S", face_up=1)  # type: ignore[arg-type]


def test_bad_records_and_labels_are_clear_errors():
    s = patience.game("canfield-or-klondike").deal(1).start()
    with pytest.raises(patience.DealError):
        patience.state_from_record("canfield-or-klondike | 9S")
    with pytest.raises(patience.IllegalMoveError):
        patience.state_from_record(s.record() + "t1>f9")
    with pytest.raises(patience.UnknownGameError):
        patience.state_from_record("nope | 9S | 0 | ")
    with pytest.raises(patience.DealError):
        patience.game("canfield-or-klondike", draw=3).state_from_record(s.record())
    with pytest.raises(TypeError):
        patience.state_from_record(3)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        s.place(3)  # type: ignore[arg-type]
    with pytest.raises(patience.IllegalMoveError):
        s.move("t1>f9")
    with pytest.raises(patience.IllegalMoveError):
        s.play_many("turn t1>f9")


def test_play_many_reads_a_line_of_moves():
    s = patience.game("canfield-or-klondike").deal(1).start()
    assert s.play_many("TURN  turn") == s.play("turn").play("turn")
    assert s.play_many(["turn", patience.Move("turn")]).history == ("turn", "turn")


@pytest.mark.parametrize("slug", reference.slugs())
def test_every_games_keys_read_as_places_and_known_markers(slug):
    # Over the reference engine's games too (a game is written there before the engine
    # has it): every key segment that is not a place is a counter or marker that the
    # notation names, and the places hold cards of the deal only.
    from patience._api import _NOT_PLACES, markers_of_key, places_of_key

    g = reference.game(slug)
    d = g.deal(1)
    s = d.start()
    deal = Counter(str(c).upper() for c in d.cards)
    rng = random.Random(5)
    for _ in range(30):
        places = places_of_key(s.key)
        assert places, s.key
        assert set(markers_of_key(s.key)) <= _NOT_PLACES, s.key
        held = Counter(str(c) for p in places for c in p.cards)
        assert not held - deal, held - deal
        moves = s.moves()
        if not moves:
            break
        s = s.play(rng.choice(moves))
