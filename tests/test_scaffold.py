"""``tools/scaffold.py`` and the starting game it copies.

The scaffold runs in a temporary copy of the parts of the repository it touches, so the real
tree is never changed. The reference engine of the starting game
(``python/patience/reference/_template.py``) is checked against hand-worked positions here,
since ``patience.game`` cannot load the Rust starting game (compiled only in tests).
"""

from __future__ import annotations

import ast
import difflib
import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest
from patience import reference
from patience.reference import _template
from patience.reference._search import search

ROOT = Path(__file__).resolve().parent.parent
SCAFFOLD = Path("tools/scaffold.py")
#: what the scaffold reads and writes, copied into each temporary tree
COPIED = ["rust/engine/src/games", "python/patience", "docs/notation", "tests/games", "tools"]

SLUG = "some-new-game"
MODULE = "some_new_game"
TYPE = "SomeNewGame"
TITLE = "The Some New Game"
CAPITALS = "THE SOME NEW GAME"
#: created file -> the file it is copied from (paths relative to the repository)
CREATED = {
    f"rust/engine/src/games/{MODULE}.rs": "rust/engine/src/games/template.rs",
    f"python/patience/reference/{MODULE}.py": "python/patience/reference/_template.py",
    f"python/patience/rules/{SLUG}.md": "tools/scaffold/rules.md",
    f"docs/notation/{SLUG}.md": "tools/scaffold/notation.md",
    f"tests/games/test_{MODULE}_rules.py": "tools/scaffold/rule_tests.py",
}
MOD_RS = "rust/engine/src/games/mod.rs"
#: the `pub mod` line and the REGISTRY entry (rustfmt's block form: the name is long)
NEW_MOD_LINES = [
    f"pub mod {MODULE};",
    f"    ({MODULE}::SLUG, |o| {{",
    f"        make({MODULE}::{TYPE}::from_options(o))",
    "    }),",
]


def load_scaffold() -> ModuleType:
    spec = importlib.util.spec_from_file_location("scaffold_tool", ROOT / SCAFFOLD)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    """A copy of the files the scaffold needs (with the built extension, if any)."""
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", ".pytest_cache", ".ruff_cache")
    for rel in COPIED:
        shutil.copytree(ROOT / rel, tmp_path / rel, ignore=ignore)
    shutil.copy2(ROOT / "tests/support.py", tmp_path / "tests/support.py")
    # The package imports its compiled engine: bring the one in use (built in the tree,
    # or installed by pip) into the copy when the tree has none.
    import patience._engine as engine

    built = tmp_path / "python/patience" / Path(engine.__file__).name
    if not built.exists():
        shutil.copy2(engine.__file__, built)
    return tmp_path


def run(repo: Path, *args: str, default_repo: bool = False) -> subprocess.CompletedProcess[str]:
    """Run the tree's own copy of the scaffold (``--repo`` left to its default if asked)."""
    cmd = [sys.executable, str(repo / SCAFFOLD)]
    if not default_repo:
        cmd += ["--repo", str(repo)]
    cmd += ["--", *args] if args and args[0].startswith("-") else args
    return subprocess.run(cmd, capture_output=True, text=True, cwd=repo, timeout=60)


def snapshot(repo: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(repo)): p.read_bytes()
        for p in sorted(repo.rglob("*"))
        if p.is_file() and "__pycache__" not in p.parts
    }


def renamed(text: str) -> str:
    """The names a copy must carry, replaced independently of the scaffold's own code."""
    for old, new in [
        ("template-game", SLUG),
        ("template_game", MODULE),
        ("TemplateGame", TYPE),
        ("The Template", TITLE),
        ("THE TEMPLATE", CAPITALS),
    ]:
        text = text.replace(old, new)
    return text


# --- the scaffold -------------------------------------------------------------------------


def test_every_file_is_created_with_the_names_replaced(tree: Path):
    before = snapshot(tree)
    out = run(tree, SLUG, default_repo=True)
    assert out.returncode == 0, out.stderr
    for created, source in CREATED.items():
        assert created not in before
        text = (tree / created).read_text("utf-8")
        assert text == renamed((ROOT / source).read_text("utf-8")), created
        assert "template" not in text.lower(), created
        assert any(name in text for name in (SLUG, MODULE, TITLE, CAPITALS)), created
        assert created in out.stdout.replace(os.sep, "/")
    rust = (tree / f"rust/engine/src/games/{MODULE}.rs").read_text("utf-8")
    assert f"pub struct {TYPE} {{" in rust and f'TITLE: &str = "{TITLE}";' in rust
    assert rust.startswith(f"//! {CAPITALS} (`{SLUG}`).")
    assert f'pub const SLUG: &str = "{SLUG}";' in rust
    py = (tree / f"python/patience/reference/{MODULE}.py").read_text("utf-8")
    assert f'slug: ClassVar[str] = "{SLUG}"' in py and CAPITALS in py
    assert (tree / f"python/patience/rules/{SLUG}.md").read_text().startswith(f"# {TITLE}\n")
    assert (tree / f"docs/notation/{SLUG}.md").read_text().startswith(f"# {SLUG}: text forms\n")
    for page in (f"python/patience/rules/{SLUG}.md", f"docs/notation/{SLUG}.md"):
        assert "TODO (contributor)" in (tree / page).read_text()
    # nothing else changed but mod.rs
    after = snapshot(tree)
    changed = {p for p in before if before[p] != after[p]}
    assert changed == {MOD_RS}
    assert set(after) - set(before) == set(CREATED)


def test_mod_rs_gains_the_pub_mod_line_and_one_registry_entry_in_place(tree: Path):
    old = (tree / MOD_RS).read_text().splitlines()
    assert run(tree, SLUG).returncode == 0
    new = (tree / MOD_RS).read_text().splitlines()
    diff = list(difflib.ndiff(old, new))
    assert [d[2:] for d in diff if d.startswith("+ ")] == NEW_MOD_LINES
    assert [d for d in diff if d.startswith("- ")] == []
    # `pub mod` in alphabetical order, before the test-only module and its attribute
    mods = [line for line in new if line.startswith("pub mod ")]
    assert mods == sorted(mods)
    at = new.index(NEW_MOD_LINES[0])
    old_mods = [line for line in old if line.startswith("pub mod ")]
    below = [m for m in old_mods if m < NEW_MOD_LINES[0]]
    above = [m for m in old_mods if m > NEW_MOD_LINES[0]]
    assert below and new[at - 1] == below[-1]
    # next comes the following game's line, or the test-only module's attribute
    following = above[0] if above else "#[cfg(test)]"
    assert new[at + 1] == ("#[cfg(test)]" if following == "pub mod template;" else following)
    # the REGISTRY entry last in the table
    entry = new.index(NEW_MOD_LINES[1])
    assert new[entry : entry + 4] == [*NEW_MOD_LINES[1:], "];"]


def test_a_short_name_gets_a_one_line_registry_entry(tree: Path):
    old = (tree / MOD_RS).read_text().splitlines()
    assert run(tree, "duo").returncode == 0
    new = (tree / MOD_RS).read_text().splitlines()
    added = [d[2:] for d in difflib.ndiff(old, new) if d.startswith(("+ ", "- "))]
    assert added == ["pub mod duo;", "    (duo::SLUG, |o| make(duo::Duo::from_options(o))),"]
    assert new.index("pub mod duo;") == new.index("pub mod constitution;") + 1


def test_a_second_run_refuses_and_changes_nothing(tree: Path):
    assert run(tree, SLUG).returncode == 0
    before = snapshot(tree)
    out = run(tree, SLUG)
    assert out.returncode == 2
    assert len(out.stderr.strip().splitlines()) == 1 and "already" in out.stderr
    assert out.stdout == ""
    assert snapshot(tree) == before


def test_one_existing_file_refuses_everything(tree: Path):
    (tree / f"docs/notation/{SLUG}.md").write_text("someone's page\n")
    before = snapshot(tree)
    out = run(tree, SLUG)
    assert out.returncode == 2
    assert f"docs/notation/{SLUG}.md already exists" in out.stderr.replace(os.sep, "/")
    assert snapshot(tree) == before


@pytest.mark.parametrize(
    "slug",
    [
        "Red-And-Black",
        "red_and_black",
        "-red",
        "red-",
        "red--black",
        "9-lives",
        "red black",
        "red/black",
        "",
        "x" * 33,
        "match",
        "state",
        "stock",
        "kings",
        "canfield-or-klondike",
        "template-game",
    ],
)
def test_a_bad_or_registered_slug_is_refused(tree: Path, slug: str):
    before = snapshot(tree)
    out = run(tree, slug)
    assert out.returncode == 2
    assert len(out.stderr.strip().splitlines()) == 1, out.stderr
    assert out.stderr.startswith("scaffold.py: error: ")
    assert snapshot(tree) == before


def test_title_option_and_names():
    tool = load_scaffold()
    n = tool.names_for("red-and-black", "THE RED AND BLACK")
    assert (n.module, n.type_name, n.title, n.capitals) == (
        "red_and_black",
        "RedAndBlack",
        "The Red and Black",
        "THE RED AND BLACK",
    )
    assert tool.names_for("red-and-black").title == "The Red and Black"
    assert tool.names_for("herring-bone", "THE HERRING-BONE").title == "The Herring-Bone"
    assert tool.names_for("sq", "NAPOLEON'S SQUARE").title == "Napoleon's Square"
    assert tool.names_for("game-2").type_name == "Game2"
    for bad in ['THE "X"', "A\nB", "  "]:
        with pytest.raises(tool.ScaffoldError):
            tool.names_for("x", bad)


def test_the_longest_name_stays_within_the_line_width(tree: Path):
    slug = "the-very-long-named-game-of-xyzw"
    assert run(tree, slug, "--title", "THE VERY LONG GAME").returncode == 0
    text = (tree / MOD_RS).read_text()
    module = slug.replace("-", "_")
    entry = (
        f"    ({module}::SLUG, |o| {{\n"
        f"        make({module}::TheVeryLongNamedGameOfXyzw::from_options(o))\n"
        "    }),\n];"
    )
    assert entry in text
    assert max(len(line) for line in text.splitlines()) <= 100
    rust = (tree / f"rust/engine/src/games/{module}.rs").read_text()
    assert 'TITLE: &str = "The Very Long Game";' in rust and "//! THE VERY LONG GAME (" in rust


def test_the_created_game_runs_its_rule_tests_from_the_copied_tree(tree: Path):
    assert run(tree, SLUG).returncode == 0
    env = {**os.environ, "PYTHONPATH": str(tree / "python")}
    script = (
        "import patience.reference as r, sys\n"
        "from patience.reference._common import standard_pack\n"
        f"assert r.__file__.startswith({str(tree)!r}), r.__file__\n"
        f"assert {SLUG!r} in r.slugs()\n"
        f"s = r.game({SLUG!r}).deal_from([str(c) for c in standard_pack()]).start()\n"
        "print(s.key); print(sorted(s.moves()))\n"
        "for c in standard_pack():\n"
        "    s = s.play('turn').play(f'talon>f{c.suit + 1}')\n"
        "print(s.key); print(s.is_won, s.moves())\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=env, cwd=tree
    )
    assert out.returncode == 0, out.stderr
    runs = ["".join(r + s for r in "A23456789TJQK") for s in "CDHS"]
    assert out.stdout.splitlines() == [
        f"F1: F2: F3: F4: pack:{PACK}ac talon: pass:1",
        "['turn']",
        f"F1:{runs[0]} F2:{runs[1]} F3:{runs[2]} F4:{runs[3]} pack: talon: pass:1",
        "True []",
    ]
    # The copied rule tests, run there: all pass on the new game's reference engine (the
    # Rust engine of the copy is not built here).
    test_file = tree / f"tests/games/test_{MODULE}_rules.py"
    n_tests = sum(
        isinstance(node, ast.FunctionDef) and node.name.startswith("test_")
        for node in ast.parse(test_file.read_text()).body
    )
    out = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-rs", "-p", "no:cacheprovider", str(test_file)],
        capture_output=True,
        text=True,
        env=env,
        cwd=tree,
        timeout=300,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    assert n_tests >= 8 and f"{n_tests} passed" in out.stdout, out.stdout
    assert "skipped" not in out.stdout and "[rust]" not in out.stdout


# --- the starting game's reference engine -----------------------------------------------
# Hand-worked from the starting game's rules (rust/engine/src/games/template.rs, its doc
# comment): the whole pack is the pack, first card on top; `turn`, `redeal`, `talon>fN`;
# key `F1:... F2:... F3:... F4:... pack:... talon:... pass:N`. Cross-check: the Rust test
# `key_texts` in template.rs asserts these very strings of the Rust engine (and
# `clubs_under_their_ace_need_a_second_pass` the same verdicts); change both together.

RANKS = "A23456789TJQK"
UNSHUFFLED = [r + s for s in "CDHS" for r in RANKS]
#: the unshuffled pack bottom to top, face down, without its top card (the ace of clubs)
PACK = "".join(reversed(UNSHUFFLED[1:])).lower()
FULL_REDS_AND_SPADES = (
    "F2:AD2D3D4D5D6D7D8D9DTDJDQDKD F3:AH2H3H4H5H6H7H8H9HTHJHQHKH F4:AS2S3S4S5S6S7S8S9STSJSQSKS"
)
#: 2C and 3C above their ace, then the rest unshuffled
CLUBS_UNDER = ["2C", "3C", "AC"] + [c for c in UNSHUFFLED if c not in ("AC", "2C", "3C")]


def greedy(state: reference.RefState, redeal: bool) -> reference.RefState:
    while True:
        moves = state.moves()
        up = [m for m in moves if m.startswith("talon>")]
        if up:
            state = state.play(up[0])
        elif "turn" in moves:
            state = state.play("turn")
        elif redeal and "redeal" in moves:
            state = state.play("redeal")
        else:
            return state


def test_template_reference_is_hidden_from_slugs_but_loadable():
    assert "template-game" not in reference.slugs() and "-template" not in reference.slugs()
    g = reference.game("_template")
    assert isinstance(g, _template.Game) and g.slug == "template-game"
    assert g.options == {"passes": 1}


def test_template_reference_unshuffled_start_turn_and_play():
    s = _template.Game().deal_from(UNSHUFFLED).start()
    assert s.key == f"F1: F2: F3: F4: pack:{PACK}ac talon: pass:1"
    assert s.moves() == ["turn"]
    s = s.play("turn")
    assert s.key == f"F1: F2: F3: F4: pack:{PACK} talon:AC pass:1"
    assert sorted(s.moves()) == ["talon>f1", "turn"]
    s = s.play("talon>f1")
    assert s.key == f"F1:AC F2: F3: F4: pack:{PACK} talon: pass:1"
    assert s.moves() == ["turn"]
    with pytest.raises(ValueError):
        s.play("redeal")


def test_template_reference_seeded_deal_is_the_shuffled_pack_first_card_on_top():
    deal = _template.Game().deal(1)
    s = deal.start()
    pack = "".join(str(c) for c in reversed(deal.cards)).lower()
    assert s.key == f"F1: F2: F3: F4: pack:{pack} talon: pass:1"
    # the same string as the Rust test `key_texts` (seed 1)
    assert s.key == (
        "F1: F2: F3: F4: pack:4hkhts9djsth2sjdkc9h4dqd6d8d3s7c6s3h8sks3c6h2d4c9c2cad5dah"
        "tdkd5s8c2h5ctcasqc7h3djc7d5h6cjhqs8hac4sqh7s9s talon: pass:1"
    )


def test_template_reference_wins_the_unshuffled_pack():
    s = _template.Game().deal_from(UNSHUFFLED).start()
    for card in UNSHUFFLED:
        assert not s.is_won
        s = s.play("turn").play(f"talon>f{'CDHS'.index(card[1]) + 1}")
    assert s.is_won and s.is_over and s.moves() == []
    assert s.key.startswith("F1:AC2C3C4C5C6C7C8C9CTCJCQCKC F2:AD2D") and "pack: talon: " in s.key


def test_template_reference_redeal_turns_the_talon_over_as_it_lies():
    g = _template.Game(passes=2)
    s = greedy(g.deal_from(CLUBS_UNDER).start(), redeal=False)
    assert s.key == (f"F1:AC {FULL_REDS_AND_SPADES} pack: talon:2C3C4C5C6C7C8C9CTCJCQCKC pass:1")
    assert s.moves() == ["redeal"]
    s = s.play("redeal")
    assert s.key == f"F1:AC {FULL_REDS_AND_SPADES} pack:kcqcjctc9c8c7c6c5c4c3c2c talon: pass:2"
    assert s.moves() == ["turn"]
    s = greedy(s, redeal=True)
    assert s.is_won and s.key.endswith("pass:2")
    # with one pass the same deal ends where the first pass ended
    one = greedy(_template.Game().deal_from(CLUBS_UNDER).start(), redeal=True)
    assert one.is_over and not one.is_won and one.key.endswith("pass:1")


def test_template_reference_verdicts_of_a_plain_search():
    # Rust: clubs_under_their_ace_need_a_second_pass (lost with one pass, won with two), here
    # from the position where only the clubs are left (the plain search is slow).
    for passes, verdict in [(1, "lost"), (2, "won")]:
        s = _template.Game(passes=passes).deal_from(UNSHUFFLED[13:] + CLUBS_UNDER[:13]).start()
        for card in UNSHUFFLED[13:]:
            s = s.play("turn").play(f"talon>f{'DHS'.index(card[1]) + 1}")
        assert s.key.endswith(" F4: pack:kcqcjctc9c8c7c6c5c4cac3c2c talon: pass:1")
        assert search(s, 50_000) == verdict


@pytest.mark.parametrize("bad", [{"passes": 0}, {"passes": 101}, {"passes": True}, {"draw": 3}])
def test_template_reference_checks_its_options(bad):
    with pytest.raises(ValueError):
        _template.Game(**bad)
    assert _template.Game(passes=100).passes == 100
