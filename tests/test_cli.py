"""The command line: output and exit status, bad input as one clear line."""

from __future__ import annotations

import subprocess
import sys

import pytest
from patience.cli import main


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "patience", *args], capture_output=True, text=True, timeout=120
    )


def test_games_and_rules(capsys):
    assert main(["games"]) == 0
    assert "canfield-or-klondike" in capsys.readouterr().out
    assert main(["rules", "canfield-or-klondike"]) == 0
    assert "#" in capsys.readouterr().out


def test_deal_prints_layout_and_moves(capsys):
    assert main(["deal", "canfield-or-klondike", "--seed", "1", "--key"]) == 0
    out = capsys.readouterr().out
    assert "T7:" in out and "moves: t6>f1 t1>t5 t7>t5 turn" in out
    assert "key: T1:9S T2:7sJH" in out


def test_solve_shows_verdict_and_moves():
    r = run("solve", "canfield-or-klondike", "--seed", "24", "--show", "--timeout", "20")
    assert r.returncode == 0, r.stderr
    first = r.stdout.splitlines()[0]
    assert "seed 24: won" in first
    assert "   1. " in r.stdout


def test_solve_show_names_the_cards_of_each_move():
    # seed 4 is won; its first moves, worked out from its deal (see the README)
    r = run("solve", "canfield-or-klondike", "--seed", "4", "--show", "--timeout", "20")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[1:4] == [
        "   1. t4>t7 (2S onto 3D)",
        "   2. turn (4C from pack to talon)",
        "   3. talon>t1 (4C onto 5D)",
    ]


@pytest.mark.parametrize(
    "args,needle",
    [
        (["deal", "nope"], "unknown game"),
        (["deal", "canfield-or-klondike", "-o", "draw=2"], "draw"),
        (["deal", "canfield-or-klondike", "-o", "speed=3"], "speed"),
        (["deal", "canfield-or-klondike", "-o", "draw"], "NAME=VALUE"),
        (["rules", "nope"], "unknown game"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args, needle):
    r = run(*args)
    assert r.returncode == 2
    assert needle in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1
    assert "Traceback" not in r.stderr


def test_bad_seed_is_an_argparse_error():
    r = run("deal", "canfield-or-klondike", "--seed", "-3")
    assert r.returncode == 2 and "seed" in r.stderr


def test_help_ends_with_an_example():
    for cmd in (["--help"], ["solve", "--help"], ["deal", "--help"], ["rules", "--help"]):
        r = run(*cmd)
        assert r.returncode == 0 and "example" in r.stdout
