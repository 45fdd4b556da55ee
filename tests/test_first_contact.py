"""What a new user meets first (issue 28): game names as typed, the closest matches for an
unknown one, typed options, and the small API details a script writer trips on."""

from __future__ import annotations

import json
import pickle
import re
import shutil
import subprocess
import sys
from pathlib import Path

import patience
import pytest
from patience import Card, OptionError, PlaceError, UnknownGameError
from patience.cli import main

KL = "canfield-or-klondike"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "patience", *args],
        capture_output=True,
        text=True,
        input=stdin,
        timeout=300,
    )


# --- names -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name, slug",
    [
        ("klondike", KL),
        ("Klondike", KL),
        ("Canfield or Klondike", KL),
        ("Fortress", "fortress"),
        ("Flower Garden", "flower-garden"),
        ("THE FLOWER-GARDEN", "flower-garden"),
        ("La Belle Lucie", "la-belle-lucie"),
        ("la_belle_lucie", "la-belle-lucie"),
        ("Spenser's Fairie Queen", "spensers-fairie-queen"),
        ("Napoleon at St. Helena", "napoleon-at-st-helena"),
        ("CÆSAR", "caesar"),
    ],
)
def test_titles_and_common_names_name_their_game(name: str, slug: str) -> None:
    g = patience.game(name)
    assert g.slug == slug
    assert g == patience.game(slug)  # no options come with these names
    assert patience.rules(name) == patience.rules(slug)


def test_forty_thieves_is_napoleon_with_its_option() -> None:
    alias = next(a for a in patience.ALIASES if a.key == "forty-thieves")
    assert (alias.slug, alias.options) == ("napoleon-at-st-helena", {"forty_thieves": True})
    g = patience.game("Forty Thieves")
    assert g.slug == "napoleon-at-st-helena" and g.options["forty_thieves"] is True
    assert g == patience.game("napoleon-at-st-helena", forty_thieves=True)
    assert pickle.loads(pickle.dumps(g)) == g
    # The record of a deal names the book's slug with the option, and reads back.
    state = g.deal(3).start()
    assert state.record().startswith("napoleon-at-st-helena forty_thieves=True |")
    assert patience.state_from_record(state.record()) == state


def test_every_alias_names_a_game_and_is_listed() -> None:
    slugs = {i.slug for i in patience.games()}
    keys = [a.key for a in patience.ALIASES]
    assert keys == ["klondike", "forty-thieves", "fortress", "flower-garden", "la-belle-lucie"]
    for a in patience.ALIASES:
        assert a.slug in slugs
    out = run("games")
    assert out.returncode == 0, out.stderr
    tail = out.stdout.split("common names")[1]
    for line in (
        ("klondike", "Klondike: canfield-or-klondike"),
        (
            "forty-thieves",
            "Forty Thieves: napoleon-at-st-helena -o forty_thieves=True",
        ),
    ):
        assert any(line[0] in ln and line[1] in ln for ln in tail.splitlines()), line
    data = json.loads(run("games", "--json").stdout)
    assert {"alias": "klondike", "name": "Klondike", "slug": KL, "options": {}} in data["aliases"]


@pytest.mark.parametrize(
    "typed, expected",
    [
        ("klondyke", ["klondike"]),
        ("napoleon", ["napoleons-square", "napoleon-at-st-helena"]),
        ("clok", ["clock"]),
        ("herringbone", ["herring-bone"]),
    ],
)
def test_unknown_game_names_the_closest(typed: str, expected: list[str]) -> None:
    with pytest.raises(UnknownGameError) as e:
        patience.game(typed)
    text = str(e.value)
    assert text.startswith(f"unknown game {typed!r}; did you mean ")
    for m in expected:
        assert repr(m) in text
    assert text.endswith("(patience.games() lists every game)")
    assert e.value.matches[: len(expected)] == expected or set(expected) <= set(e.value.matches)


def test_unknown_game_without_a_close_name() -> None:
    with pytest.raises(UnknownGameError, match=r"^unknown game 'xyzzy' \(patience.games\(\)"):
        patience.game("xyzzy")


def test_unknown_game_on_the_command_line_speaks_shell(capsys) -> None:
    for argv in (["solve", "klondyke"], ["rules", "klondyke"], ["deal", "klondyke"]):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert err == (
            'patience: error: unknown game "klondyke"; did you mean klondike? '
            "('patience games' lists every game)\n"
        ), argv


def test_unknown_option_names_the_closest() -> None:
    with pytest.raises(OptionError) as e:
        patience.game(KL, draws=3)
    assert str(e.value) == (
        f"{KL} has no option 'draws'; did you mean draw? "
        "(its options: draw, passes, partial_runs, foundation_return)"
    )


# --- typed options -----------------------------------------------------------------------


def _opt(slug: str, name: str) -> patience.OptionInfo:
    return next(o for o in patience.game(slug).info.options if o.name == name)


def test_options_carry_type_default_and_values() -> None:
    draw, passes, runs = _opt(KL, "draw"), _opt(KL, "passes"), _opt(KL, "partial_runs")
    assert (draw.type, draw.default, draw.choices, draw.none) == ("int", 1, (1, 3), False)
    assert draw.allowed == "1 or 3"
    assert (passes.type, passes.default, passes.min, passes.max, passes.none) == (
        "int",
        1,
        1,
        1000,
        True,
    )
    assert passes.allowed == "1 to 1000 or None"
    assert (runs.type, runs.default, runs.choices) == ("bool", False, (False, True))
    assert runs.allowed == "False or True"
    assert draw.allows(3) and not draw.allows(2) and not draw.allows(True)
    assert passes.allows(None) and passes.allows(1000) and not passes.allows(0)
    assert runs.allows(True) and not runs.allows(1)


def test_every_option_default_is_a_value_it_allows() -> None:
    n = 0
    for info in patience.games():
        for o in info.options:
            n += 1
            assert o.type in ("bool", "int")
            assert o.allows(o.default), (info.slug, o)
            assert patience.game(info.slug).options[o.name] == o.default
            if o.type == "bool":
                assert isinstance(o.default, bool) and o.choices == (False, True)
    assert n >= 10


def test_games_json_gives_typed_defaults() -> None:
    data = json.loads(run("games", "--json").stdout)
    kl = next(g for g in data["games"] if g["slug"] == KL)
    by = {o["name"]: o for o in kl["options"]}
    assert by["draw"]["default"] == 1 and by["draw"]["choices"] == [1, 3]
    assert by["partial_runs"]["default"] is False and by["partial_runs"]["type"] == "bool"
    assert by["passes"]["none"] is True and by["passes"]["max"] == 1000


@pytest.mark.parametrize("text", ["1", "yes", "True", "ON", "true"])
def test_cli_reads_a_yes_or_no_option_by_its_type(text: str, capsys) -> None:
    assert main(["deal", KL, "-o", f"partial_runs={text}", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["options"]["partial_runs"] is True


@pytest.mark.parametrize("text", ["0", "no", "False", "off"])
def test_cli_reads_false_by_its_type(text: str, capsys) -> None:
    assert main(["deal", KL, "-o", f"partial_runs={text}", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["options"]["partial_runs"] is False


def test_cli_reads_numbers_and_none_by_type(capsys) -> None:
    assert main(["deal", KL, "-o", "draw=3", "-o", "passes=None", "--json"]) == 0
    opts = json.loads(capsys.readouterr().out)["options"]
    assert opts["draw"] == 3 and opts["passes"] is None


@pytest.mark.parametrize(
    "item, message",
    [
        ("partial_runs=maybe", "expected true or false (also yes/no, on/off, 1/0)"),
        ("draw=true", "expected 1 or 3"),
        ("draw=none", "expected 1 or 3"),
        ("passes=lots", "expected 1 to 1000 or none"),
        ("draws=3", "has no option 'draws'; did you mean draw?"),
    ],
)
def test_cli_option_errors_are_one_clear_line(item: str, message: str, capsys) -> None:
    assert main(["deal", KL, "-o", item]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("patience: error: ") and message in err


# --- cards, places -------------------------------------------------------------------------


def test_card_from_its_repr_text() -> None:
    assert Card("TH") == Card(10, "H") == Card.parse("10h")
    assert eval(repr(Card("5D")), {"Card": Card}) == Card(5, "D")
    hidden = Card("QS", face_up=False)
    assert repr(hidden) == "Card('QS', face_up=False)" and not hidden.face_up
    assert eval(repr(hidden), {"Card": Card}).face_up is False
    with pytest.raises(patience.CardError, match="malformed card 'TX'"):
        Card("TX")
    with pytest.raises(patience.CardError):
        Card(10, "X")
    assert pickle.loads(pickle.dumps(Card("TH"))) == Card("TH")


def test_place_of_an_unknown_label_raises() -> None:
    s = patience.game(KL).deal(1).start()
    assert s.place("t3").label == "T3"
    with pytest.raises(PlaceError) as e:
        s.place("T9")
    assert str(e.value).startswith(f"{KL} has no place 'T9' (its places: T1, T2,")
    assert isinstance(e.value, patience.PatienceError)
    assert "T9" not in s.labels and "T7" in s.labels and s.labels[-1] == "talon"


# --- surveys -------------------------------------------------------------------------------


def test_survey_in_memory_makes_no_file(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    r = patience.survey("queens", 5, db=":memory:", max_states=50_000, progress=False)
    assert r.deals == 5 and r.won + r.lost + r.unknown == 5
    assert list(tmp_path.iterdir()) == []


def test_survey_report_as_dict_and_its_old_name(tmp_path: Path) -> None:
    r = patience.survey("queens", 3, db=tmp_path / "s.db", max_states=50_000, progress=False)
    d = r.as_dict()
    assert d == r.to_dict()
    assert d["deals"] == 3 and d["game"] == "queens" and "ci95" in d


def test_survey_report_prints_memory_in_units(tmp_path: Path) -> None:
    r = patience.survey(
        "queens", 2, db=tmp_path / "s.db", max_memory=3 << 30, max_states=1000, progress=False
    )
    text = str(r)
    assert "max_memory=3.0 GiB" in text and str(3 << 30) not in text


# --- progress ------------------------------------------------------------------------------


def _long_search() -> patience.State:
    # THE SLY, seed 1, is not decided within seconds: a search of it runs to its timeout.
    return patience.game("sly").deal(1).start()


def test_solve_calls_progress_while_it_runs() -> None:
    seen: list[patience.Progress] = []
    sol = _long_search().solve(timeout=2.5, progress=seen.append)
    assert sol.verdict == "unknown" and sol.seconds >= 2.0
    # Every half second: at 0.5, 1.0, 1.5 and 2.0 s at least.
    assert len(seen) >= 4
    assert all(isinstance(p, patience.Progress) for p in seen)
    times = [p.seconds for p in seen]
    assert times == sorted(times) and times[0] >= 0.5
    assert all(b - a >= 0.45 for a, b in zip(times, times[1:]))
    states = [p.states for p in seen]
    assert states == sorted(states) and 0 < states[-1] <= sol.states
    assert all(p.memory > 0 for p in seen)
    assert str(seen[0]).endswith(f"{seen[0].seconds:.1f} s") and "iB" in str(seen[0])


def test_progress_that_raises_stops_the_search() -> None:
    class Enough(Exception):
        pass

    calls: list[patience.Progress] = []

    def stop(p: patience.Progress) -> None:
        calls.append(p)
        raise Enough

    with pytest.raises(Enough):
        _long_search().solve(timeout=60, progress=stop)
    assert len(calls) == 1 and calls[0].seconds < 5


def test_hint_and_game_solve_take_progress() -> None:
    s = _long_search()
    seen: list[patience.Progress] = []
    h = s.hint(timeout=1.2, progress=seen.append)
    assert h.verdict == "unknown" and len(seen) >= 2
    seen2: list[patience.Progress] = []
    s.game.solve(1, timeout=1.2, progress=seen2.append)
    assert len(seen2) >= 2
    with pytest.raises(TypeError, match="progress must be callable"):
        s.solve(max_states=10, progress=3)  # type: ignore[arg-type]


# --- exit statuses and one-line parser errors ------------------------------------------------


@pytest.mark.parametrize(
    "argv, status",
    [
        (["solve", KL, "--seed", "4", "--exit-code"], 0),
        (["solve", KL, "--seed", "29", "--exit-code"], 3),
        (["solve", KL, "--seed", "1", "--max-states", "10", "--exit-code"], 4),
        (["solve", KL, "--seed", "29"], 0),
        (["hint", KL, "--seed", "3", "--exit-code", "--timeout", "30"], 3),
        (["hint", KL, "--seed", "2", "--exit-code", "--json", "--timeout", "30"], 0),
        (["hint", KL, "--seed", "1", "--max-states", "10", "--exit-code"], 4),
    ],
)
def test_exit_status_by_verdict(argv: list[str], status: int) -> None:
    out = run(*argv)
    assert out.returncode == status, (out.stdout, out.stderr)


@pytest.mark.parametrize(
    "argv, words",
    [
        (["slove", KL], "unknown command 'slove'; did you mean solve?"),
        (["solve", KL, "--seed", "x"], "argument --seed: seed must be an integer"),
        (["solve"], "the following arguments are required: slug"),
        (["solve", KL, "--bogus"], "unrecognized arguments: --bogus"),
        ([], "the following arguments are required: COMMAND"),
    ],
)
def test_parser_errors_are_one_line(argv: list[str], words: str) -> None:
    out = run(*argv)
    assert out.returncode == 2
    assert out.stdout == ""
    assert out.stderr.count("\n") == 1, out.stderr
    assert out.stderr.startswith("patience: error: ") and words in out.stderr
    assert "--help')" in out.stderr


# --- text ----------------------------------------------------------------------------------


def test_one_move_is_singular() -> None:
    out = run("hint", KL, "--seed", "2", "--moves", "t4>f1", "--timeout", "30")
    assert "after 1 move:" in out.stdout and "1 moves" not in out.stdout
    sol = patience.game(KL).deal(4).start()
    sol_text = str(patience.Solution(sol, "won", None, ["t4>t7"], 1, 1, 0.0, 0))
    assert sol_text.startswith("won, 1 move;")


def test_html_says_what_it_wrote(tmp_path: Path) -> None:
    page = tmp_path / "win.html"
    out = run("solve", KL, "--seed", "4", "--html", str(page))
    assert out.returncode == 0
    size = page.stat().st_size
    line = [ln for ln in out.stderr.splitlines() if ln.startswith("wrote ")]
    assert line == [f"wrote {page}: 110 positions, {patience._api.format_bytes(size)}"]


def _card_attrs(page: str) -> list[str]:
    return re.findall(r'<g\b[^>]*\bdata-card="[^"]*"[^>]*>', page)


def test_html_page_is_smaller_and_the_same_cards(tmp_path: Path) -> None:
    from patience._pagesize import share_cards
    from patience.html import solution_html

    sol = patience.game(KL).solve(4)
    full = solution_html(sol)
    page = tmp_path / "win.html"
    assert main(["solve", KL, "--seed", "4", "--html", str(page)]) == 0
    small = page.read_text(encoding="utf-8")

    def untimed(text: str) -> str:
        return re.sub(r"\d+\.\d+ s\b", "_ s", text)

    assert untimed(small) == untimed(share_cards(full))
    assert len(small.encode()) < 0.5 * len(full.encode())
    # Every card element of every step is still there, with the same attributes.
    assert _card_attrs(small) == _card_attrs(full) and len(_card_attrs(full)) == 110 * 52
    assert small.count('<section class="step"') == full.count('<section class="step"') == 110
    # A drawing is kept once and referenced: 52 faces and one back.
    assert small.count('<use href="#pc') == 110 * 52
    assert len(set(re.findall(r'<g id="(pc\d+)">', small))) == 53


def _shot(tmp: Path, page: Path, step: int) -> bytes:
    png = tmp / f"{page.stem}-{step}.png"
    subprocess.run(
        [
            CHROMIUM or "chromium",
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            f"--user-data-dir={tmp / 'profile'}",
            f"--screenshot={png}",
            "--window-size=800,640",
            f"{page.as_uri()}#step={step}",
        ],
        capture_output=True,
        timeout=90,
    )
    return png.read_bytes()


def test_smaller_page_looks_the_same_in_a_browser(tmp_path: Path) -> None:
    from patience._pagesize import share_cards
    from patience.html import solution_html

    assert CHROMIUM, "chromium is needed for the browser tests (apt-get install chromium)"
    full = solution_html(patience.game(KL).solve(4))
    a, b = tmp_path / "full.html", tmp_path / "small.html"
    a.write_text(full, encoding="utf-8")
    b.write_text(share_cards(full), encoding="utf-8")
    for step in (0, 7):
        assert _shot(tmp_path, a, step) == _shot(tmp_path, b, step), step
    assert _shot(tmp_path, b, 0) != _shot(tmp_path, b, 7)


def test_memory_is_shown_in_units() -> None:
    f = patience._api.format_bytes
    assert [f(512), f(3 << 20), f(6319048704)] == ["512 B", "3.0 MiB", "5.9 GiB"]


def test_survey_report_selects_by_common_name(tmp_path: Path) -> None:
    db = tmp_path / "s.db"
    patience.survey(KL, 2, db=db, max_states=20_000, progress=False)
    patience.survey("queens", 2, db=db, max_states=20_000, progress=False)
    (r,) = patience.survey_report(db, "Klondike")
    assert (r.game, r.deals) == (KL, 2)
    assert main(["survey-report", "klondike", "--db", str(db)]) == 0
