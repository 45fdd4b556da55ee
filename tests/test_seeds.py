"""The seed manifest: every game it names is implemented, every test it names exists."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import patience
from patience import reference

ROOT = Path(__file__).resolve().parent.parent
MANIFEST = json.loads((ROOT / "seeds" / "manifest.json").read_text())


def test_manifest_lists_the_five_seed_files():
    names = [s["file"] for s in MANIFEST["seeds"]]
    assert len(names) == 5 and len(set(names)) == 5
    assert all(n.endswith(".txt") for n in names)


def test_every_seed_game_is_implemented_in_both_engines():
    rust = {g.slug for g in patience.games()}
    ref = set(reference.slugs())
    for seed in MANIFEST["seeds"]:
        for slug in seed["games"]:
            assert slug in ref, f"{seed['file']}: no reference engine for {slug}"
            assert slug in rust, f"{seed['file']}: no Rust engine for {slug}"
            assert patience.rules(slug).strip()


def test_every_named_test_exists():
    for seed in MANIFEST["seeds"]:
        assert seed["tests"], seed["file"]
        for ref in seed["tests"]:
            path, name = ref.split("::")
            tree = ast.parse((ROOT / path).read_text())
            names = {n.name for n in tree.body if isinstance(n, ast.FunctionDef)}
            assert name in names, ref
