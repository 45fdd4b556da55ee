#!/usr/bin/env python3
"""Create every file a new game touches, from the scaffold's tiny starting game.

    python tools/scaffold.py red-and-black [--title "The Red and Black"] [--repo DIR]

For the slug ``red-and-black`` (module ``red_and_black``, Rust type ``RedAndBlack``) it
creates

- ``rust/engine/src/games/red_and_black.rs``, a copy of ``games/template.rs``, and registers
  it in ``games/mod.rs`` (a ``pub mod`` line in order and one ``REGISTRY`` entry, last, in
  rustfmt's form: one line for a short name, three for a long one);
- ``python/patience/reference/red_and_black.py``, a copy of ``reference/_template.py``;
- ``python/patience/rules/red-and-black.md`` and ``docs/notation/red-and-black.md``, from
  ``tools/scaffold/rules.md`` and ``tools/scaffold/notation.md``;
- ``tests/games/test_red_and_black_rules.py``, from ``tools/scaffold/rule_tests.py``;

each with the starting game's names replaced (``template-game``, ``template_game``,
``TemplateGame``, ``The Template``, ``THE TEMPLATE``). Every copy is a working game (the
same tiny game under the new name) for the contributor to rewrite; see CONTRIBUTING.md.

It refuses, with a one-line message and exit status 2, a malformed slug, a slug already
registered, or a file that already exists, and then writes nothing: it writes every file
or none.
"""

from __future__ import annotations

import argparse
import keyword
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

SLUG_RE = re.compile(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*")
MAX_SLUG = 32  # keeps every REGISTRY line within rustfmt's width
#: words left in lower case inside a title made from a slug
SMALL_WORDS = frozenset({"a", "an", "and", "at", "by", "for", "in", "of", "on", "or", "the", "to"})
#: Rust's strict and reserved keywords (a module may not be named after one)
RUST_KEYWORDS = frozenset(
    {
        *("as", "async", "await", "break", "const", "continue", "crate", "dyn", "else"),
        *("enum", "extern", "false", "fn", "for", "if", "impl", "in", "let", "loop"),
        *("match", "mod", "move", "mut", "pub", "ref", "return", "self", "static"),
        *("struct", "super", "trait", "true", "type", "unsafe", "use", "where", "while"),
        *("abstract", "become", "box", "do", "final", "gen", "macro", "override"),
        *("priv", "try", "typeof", "unsized", "virtual", "yield"),
    }
)
#: rustfmt (default settings) keeps a REGISTRY entry on one line while its items fit this
#: width, else writes the closure as a block
RUSTFMT_SHORT = 60

GAMES = Path("rust/engine/src/games")
MOD_RS = GAMES / "mod.rs"
RUST_TEMPLATE = GAMES / "template.rs"
REFERENCE = Path("python/patience/reference")
REFERENCE_TEMPLATE = REFERENCE / "_template.py"
RULES = Path("python/patience/rules")
NOTATION = Path("docs/notation")
RULE_TESTS = Path("tests/games")
TEMPLATES = Path("tools/scaffold")


class ScaffoldError(Exception):
    """Why the scaffold refuses; the message is one line."""


@dataclass(frozen=True)
class Names:
    """The names of a new game, as each kind of file spells them."""

    slug: str
    module: str
    type_name: str
    title: str

    @property
    def capitals(self) -> str:
        return self.title.upper()

    def substitute(self, text: str) -> str:
        """``text`` with the starting game's names replaced by this game's."""
        for old, new in (
            ("template-game", self.slug),
            ("template_game", self.module),
            ("TemplateGame", self.type_name),
            ("The Template", self.title),
            ("THE TEMPLATE", self.capitals),
        ):
            text = text.replace(old, new)
        return text


def title_from(text: str) -> str:
    """The project's form of a game's title: ``THE RED AND BLACK`` or ``red and black`` ->
    ``The Red and Black``; ``NAPOLEON'S SQUARE`` -> ``Napoleon's Square``."""
    words = text.split()
    out = []
    for i, word in enumerate(words):
        pieces = []
        for piece in word.split("-"):
            low = piece.lower()
            keep_small = i > 0 and low in SMALL_WORDS and "-" not in word
            pieces.append(low if keep_small else low[:1].upper() + low[1:])
        out.append("-".join(pieces))
    return " ".join(out)


def names_for(slug: str, title: str | None = None) -> Names:
    """Check ``slug`` and derive the other names; ``title`` defaults to one made from it
    (``red-and-black``: ``The Red and Black``)."""
    if len(slug) > MAX_SLUG or not SLUG_RE.fullmatch(slug):
        raise ScaffoldError(
            f"malformed slug {slug!r}: expected lower-case words of letters and digits "
            f"joined by single hyphens, starting with a letter (like red-and-black), "
            f"at most {MAX_SLUG} characters"
        )
    module = slug.replace("-", "_")
    if module in RUST_KEYWORDS or keyword.iskeyword(module) or keyword.issoftkeyword(module):
        raise ScaffoldError(f"slug {slug!r} gives the module name {module!r}, a keyword")
    type_name = "".join(w[:1].upper() + w[1:] for w in slug.split("-"))
    if title is None:
        title = title_from("the " + slug.replace("-", " "))  # most of the book's titles
    elif not title.strip() or "\n" in title or '"' in title or "\\" in title:
        raise ScaffoldError(f"bad title {title!r}: one line, without quotes or backslashes")
    else:
        title = title_from(title)
    return Names(slug, module, type_name, title)


def _pub_mod(line: str) -> str | None:
    m = re.fullmatch(r"\s*pub mod (\w+);\s*", line)
    return m.group(1) if m else None


def register(mod_rs: str, n: Names) -> str:
    """``games/mod.rs`` with the game's ``pub mod`` line (in order) and ``REGISTRY`` line."""
    lines = mod_rs.split("\n")
    mods = [(i, name) for i, line in enumerate(lines) if (name := _pub_mod(line))]
    if not mods:
        raise ScaffoldError(f"{MOD_RS}: no `pub mod` lines found")
    if any(name == n.module for _, name in mods):
        raise ScaffoldError(f"game {n.slug!r} is already registered (pub mod {n.module})")
    if re.search(rf"\b{n.module}::SLUG\b", mod_rs):
        raise ScaffoldError(f"game {n.slug!r} is already registered in REGISTRY")
    at = mods[-1][0] + 1
    for i, name in mods:
        if name > n.module:
            at = i
            while at > 0 and lines[at - 1].lstrip().startswith("#["):
                at -= 1  # keep a module's attributes (`#[cfg(test)]`) with it
            break
    lines.insert(at, f"pub mod {n.module};")

    start = next((i for i, s in enumerate(lines) if s.startswith("const REGISTRY")), None)
    if start is None:
        raise ScaffoldError(f"{MOD_RS}: no `const REGISTRY` found")
    end = next((i for i in range(start, len(lines)) if lines[i] == "];"), None)
    if end is None:
        raise ScaffoldError(f"{MOD_RS}: the REGISTRY has no closing `];` line")
    make = f"make({n.module}::{n.type_name}::from_options(o))"
    items = f"{n.module}::SLUG, |o| {make}"
    if len(items) <= RUSTFMT_SHORT:
        lines.insert(end, f"    ({items}),")
    else:  # rustfmt's form of a longer entry, as the registry's other long ones
        lines[end:end] = [f"    ({n.module}::SLUG, |o| {{", f"        {make}", "    }),"]
    return "\n".join(lines)


def plan(repo: Path, n: Names) -> tuple[dict[Path, str], tuple[Path, str, str]]:
    """The files to create (path -> text) and the change to ``mod.rs`` (path, old, new);
    raises :class:`ScaffoldError` if anything would be overwritten or is missing."""
    sources = {
        GAMES / f"{n.module}.rs": RUST_TEMPLATE,
        REFERENCE / f"{n.module}.py": REFERENCE_TEMPLATE,
        RULES / f"{n.slug}.md": TEMPLATES / "rules.md",
        NOTATION / f"{n.slug}.md": TEMPLATES / "notation.md",
        RULE_TESTS / f"test_{n.module}_rules.py": TEMPLATES / "rule_tests.py",
    }
    for src in [*sources.values(), MOD_RS]:
        if not (repo / src).is_file():
            raise ScaffoldError(f"{repo / src} is missing (is {repo} the repository root?)")
    for game_file in sorted((repo / GAMES).glob("*.rs")):
        if re.search(rf'SLUG: &str = "{re.escape(n.slug)}";', game_file.read_text("utf-8")):
            raise ScaffoldError(f"game {n.slug!r} is already registered ({game_file.name})")
    used = set(re.findall(r"\b[A-Z]\w*", (repo / RUST_TEMPLATE).read_text("utf-8")))
    if n.type_name in used - {"TemplateGame"}:
        raise ScaffoldError(
            f"the Rust type {n.type_name} would clash with a name {RUST_TEMPLATE} uses"
        )
    created: dict[Path, str] = {}
    for dest, src in sources.items():
        if (repo / dest).exists():
            raise ScaffoldError(f"{dest} already exists")
        if not (repo / dest).parent.is_dir():
            raise ScaffoldError(f"{dest.parent} is not a directory")
        created[repo / dest] = n.substitute((repo / src).read_text("utf-8"))
    old = (repo / MOD_RS).read_text("utf-8")
    return created, (repo / MOD_RS, old, register(old, n))


def write(created: dict[Path, str], mod_change: tuple[Path, str, str]) -> None:
    """Write every file or, on any error, none (the files made so far are removed)."""
    made: list[Path] = []
    mod_rs, old, new = mod_change
    try:
        for path, text in created.items():
            with path.open("x", encoding="utf-8", newline="\n") as f:
                made.append(path)
                f.write(text)
        mod_rs.write_text(new, encoding="utf-8", newline="\n")
    except OSError as exc:
        for path in made:
            path.unlink(missing_ok=True)
        if mod_rs.read_text("utf-8") != old:
            mod_rs.write_text(old, encoding="utf-8", newline="\n")
        raise ScaffoldError(f"could not write {exc.filename}: {exc.strerror}") from exc


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="scaffold.py",
        description="Create every file a new game touches (see CONTRIBUTING.md).",
    )
    parser.add_argument("slug", help="the game's slug, like red-and-black")
    parser.add_argument(
        "--title",
        help='the title as the book prints it, like "THE RED AND BLACK" (default: "The" and '
        "the slug's words)",
    )
    parser.add_argument(
        "--repo",
        type=Path,
        default=Path(__file__).resolve().parents[1],
        help="the repository root (default: the one holding this script)",
    )
    args = parser.parse_args(argv)
    try:
        n = names_for(args.slug, args.title)
        created, mod_change = plan(args.repo, n)
        write(created, mod_change)
    except ScaffoldError as exc:
        print(f"scaffold.py: error: {exc}", file=sys.stderr)
        return 2
    repo = args.repo
    print(f"{n.title} ({n.slug}): module {n.module}, Rust type {n.type_name}")
    for path in [*created, mod_change[0]]:
        verb = "registered in" if path == mod_change[0] else "created"
        print(f"  {verb} {path.relative_to(repo)}")
    print("Next: CONTRIBUTING.md, 'Adding a game' (rule text and notation page first).")
    return 0


if __name__ == "__main__":
    sys.exit(main())
