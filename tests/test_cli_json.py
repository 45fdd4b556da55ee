"""The command line's machine-readable output (--json), hints, --version, '-' as standard
output, and the long-solve progress and Ctrl-C, run through the real entry point."""

from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import sys
import time

import patience
import pytest
from support import default_sigint, run_cli

SLUGS = [info.slug for info in patience.games()]


def run(*args: str, cwd: str | None = None) -> subprocess.CompletedProcess[str]:
    return run_cli(*args, cwd=cwd)


def run_json(*args: str, cwd: str | None = None) -> dict:
    r = run(*args, cwd=cwd)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


def test_version():
    r = run("--version")
    assert r.returncode == 0
    assert r.stdout.strip() == f"patience {patience.__version__}"
    assert patience.__version__.count(".") == 2


def test_games_json_lists_every_game():
    d = run_json("games", "--json")
    assert [g["slug"] for g in d["games"]] == SLUGS
    k = next(g for g in d["games"] if g["slug"] == "canfield-or-klondike")
    assert k["cards"] == 52 and k["title"] == "Canfield or Klondike"
    draw = k["options"][0]
    assert (draw["name"], draw["default"], draw["choices"]) == ("draw", 1, [1, 3])


@pytest.mark.parametrize("slug", SLUGS)
def test_deal_json_has_the_layout(slug):
    d = run_json("deal", slug, "--seed", "3", "--json")
    state = patience.game(slug).deal(3).start()
    assert d["game"] == slug and d["seed"] == 3
    st = d["state"]
    assert st["key"] == state.key
    assert [p["label"] for p in st["places"]] == [p.label for p in state.places]
    for p, q in zip(st["places"], state.places):
        assert p["kind"] == q.kind
        text = "".join(c["card"] if c["face_up"] else c["card"].lower() for c in p["cards"])
        assert p["label"] + ":" + text in state.key.split()
    assert st["moves"] == [m.text for m in state.moves()]
    assert patience.state_from_record(st["record"]).key == state.key


def test_solve_json_moves_win_and_name_their_cards(tmp_path):
    d = run_json("solve", "canfield-or-klondike", "--seed", "2", "--json", cwd=str(tmp_path))
    assert d["verdict"] == "won" and d["stop"] is None and d["states"] > 0
    s = patience.game("canfield-or-klondike").deal(2).start()
    assert d["start"]["key"] == s.key
    for m in d["moves"]:
        assert m["description"].startswith(m["text"])
        if ">" in m["text"]:
            src = s.place(m["source"])
            assert src is not None and m["cards"]
            top = [c["card"] for c in m["cards"]]
            assert [str(c) for c in src.cards[-len(top) :]] == top
        s = s.play(m["text"])
    assert s.is_won
    assert list(tmp_path.iterdir()) == []  # nothing written: '-' is standard output


def test_json_to_a_file_and_to_dash(tmp_path):
    out = tmp_path / "deal.json"
    r = run("deal", "canfield-or-klondike", "--json", str(out))
    assert r.returncode == 0 and r.stdout == ""
    assert json.loads(out.read_text())["state"]["key"].startswith("T1:9S T2:7sJH")
    d = run_json("deal", "canfield-or-klondike", "--json", "-", cwd=str(tmp_path))
    assert d["seed"] == 1
    assert not (tmp_path / "-").exists()


def test_hint_text_and_json():
    r = run("hint", "canfield-or-klondike", "--seed", "2", "--moves", "T4>F1 t6>f2")
    assert r.returncode == 0, r.stderr
    assert "after 2 moves: play " in r.stdout
    d = run_json("hint", "canfield-or-klondike", "--seed", "2", "--moves", "t4>f1", "--json")
    assert d["verdict"] == "won" and d["played"] == ["t4>f1"]
    s = patience.game("canfield-or-klondike").deal(2).start().play("t4>f1")
    assert d["state"]["key"] == s.key
    assert d["move"]["text"] in [m.text for m in s.moves()]
    assert s.play(d["move"]["text"]).solve(timeout=30).verdict == "won"
    lost = run_json("hint", "canfield-or-klondike", "--seed", "3", "--json")
    assert lost["verdict"] == "lost" and lost["move"] is None
    r = run("hint", "canfield-or-klondike", "--seed", "3")
    assert "lost: no win" in r.stdout
    r = run("hint", "canfield-or-klondike", "--seed", "1", "--max-states", "50", "--json")
    unknown = json.loads(r.stdout)
    assert unknown["verdict"] == "unknown" and unknown["stop"] is not None


@pytest.mark.parametrize(
    "args,needle",
    [
        (["hint", "canfield-or-klondike", "--moves", "t1>f9"], "illegal move"),
        (["hint", "nope"], "unknown game"),
        (["solve", "canfield-or-klondike", "--json", "/nonexistent/dir/x.json"], "x.json"),
    ],
)
def test_bad_input_is_one_line(args, needle):
    r = run(*args)
    assert r.returncode == 2
    assert needle in r.stderr and len(r.stderr.strip().splitlines()) == 1


def test_survey_report_exports_to_standard_output(tmp_path):
    db = str(tmp_path / "s.db")
    r = run(
        "survey", "canfield-or-klondike", "--deals", "3", "--timeout", "1", "--db", db, "--quiet"
    )
    assert r.returncode == 0, r.stderr
    r = run("survey-report", "--db", db, "--json", "-", cwd=str(tmp_path))
    assert r.returncode == 0, r.stderr
    d = json.loads(r.stdout)
    assert len(d["deals"]) == 3 and "standard output" in r.stderr
    r = run("survey-report", "--db", db, "--csv", "-", cwd=str(tmp_path))
    assert r.returncode == 0, r.stderr
    lines = r.stdout.strip().splitlines()
    assert len(lines) == 4 and "seed" in lines[0].split(",")  # a header and three deals
    assert not (tmp_path / "-").exists()


def test_long_solve_shows_progress_and_ctrl_c_prints_what_it_had():
    p = subprocess.Popen(
        [sys.executable, "-m", "patience", "solve", "canfield-or-klondike", "--seed", "1"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=default_sigint,
    )
    # Wait for the first progress line (not a fixed delay: on a busy machine the start-up
    # alone can take seconds), then interrupt.
    seen, deadline = "", time.monotonic() + 60
    assert p.stderr is not None
    while " states, " not in seen and time.monotonic() < deadline:
        if select.select([p.stderr], [], [], 0.5)[0]:
            chunk = os.read(p.stderr.fileno(), 4096).decode()
            if not chunk:
                break
            seen += chunk
    p.send_signal(signal.SIGINT)
    out, rest = p.communicate(timeout=60)
    err = seen + rest
    assert p.returncode == 130, (out, err)
    assert "solving: " in err and " states, " in err
    assert "unknown (cancelled)" in out and "states" in out
