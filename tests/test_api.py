"""The public API: games, options, states, moves, solving, and bad input."""

from __future__ import annotations

import patience
import pytest

K = "canfield-or-klondike"


def test_games_lists_klondike_with_its_options():
    info = {g.slug: g for g in patience.games()}[K]
    assert info.cards == 52
    assert [o.name for o in info.options] == ["draw", "passes", "partial_runs", "foundation_return"]


def test_rules_text_names_every_option():
    text = patience.rules(K)
    for g in patience.games():
        body = patience.rules(g.slug)
        assert body.strip()
        for o in g.options:
            assert o.name in body, (g.slug, o.name)
    assert "king" in text.lower()


def test_unknown_game_and_options_are_named():
    with pytest.raises(patience.UnknownGameError, match="no-such-game"):
        patience.game("no-such-game")
    with pytest.raises(patience.OptionError, match="colour"):
        patience.game(K, colour=3)
    with pytest.raises(patience.OptionError, match="draw"):
        patience.game(K, draw=2)
    with pytest.raises(patience.OptionError, match="passes"):
        patience.game(K, passes=0)
    with pytest.raises(TypeError, match="draw"):
        patience.game(K, draw="3")  # type: ignore[arg-type]
    with pytest.raises(patience.UnknownGameError):
        patience.rules("no-such-game")
    assert issubclass(patience.UnknownGameError, ValueError)


def test_bad_seeds():
    g = patience.game(K)
    for bad in (-1, 2**64, 1.5, "1", True):
        with pytest.raises((patience.SeedError, TypeError)):
            g.deal(bad)  # type: ignore[arg-type]


def test_play_and_illegal_moves():
    s = patience.game(K).deal(1).start()
    moves = s.moves()
    assert all(isinstance(m, patience.Move) for m in moves)
    assert "turn" in moves
    t = s.play("turn")
    assert t.key != s.key and t.history == ("turn",)
    assert s.play(moves[0]) == s.play(str(moves[0]))
    with pytest.raises(patience.IllegalMoveError, match="t1>f4"):
        s.play("t1>f4")
    with pytest.raises(patience.IllegalMoveError):
        s.play("")
    with pytest.raises(TypeError):
        s.play(3)  # type: ignore[arg-type]


def test_solve_verdicts_and_limits():
    g = patience.game(K)
    sol = g.solve(1, max_states=1000)
    assert sol.verdict == "unknown" and sol.stop == "state limit"
    assert sol.states <= 1001 and sol.moves == []
    sol = g.solve(1, timeout=0)
    assert sol.verdict in ("unknown", "won", "lost")
    with pytest.raises(ValueError):
        g.solve(1, max_states=-1)


def test_won_solution_replays():
    g = patience.game(K)
    for seed in range(1, 40):
        sol = g.solve(seed, timeout=5)
        if sol.verdict == "won":
            states = list(sol.replay())
            assert states[-1].is_won and states[-1].is_over
            assert len(states) == len(sol.moves) + 1
            assert not states[-1].moves()
            return
    raise AssertionError("no won deal among seeds 1..39")
