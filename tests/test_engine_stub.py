"""``patience/_engine.pyi`` matches the built module: every name, every method and
property, every parameter with its default, and each exception's base class."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import patience
from patience import _engine

STUB = Path(patience.__file__).with_name("_engine.pyi")


def stub_tree() -> ast.Module:
    return ast.parse(STUB.read_text(encoding="utf-8"))


def params(fn: ast.FunctionDef) -> list[tuple[str, str | None]]:
    """``(name, default source)`` of a stub function, without ``self`` / ``cls``."""
    args = fn.args.args
    defaults = [None] * (len(args) - len(fn.args.defaults)) + [
        ast.unparse(d) for d in fn.args.defaults
    ]
    out = list(zip([a.arg for a in args], defaults))
    return [p for p in out if p[0] not in ("self", "cls")]


def built_params(obj: object) -> list[tuple[str, str | None]]:
    sig = inspect.signature(obj)  # from the engine's __text_signature__
    return [
        (p.name, None if p.default is inspect.Parameter.empty else repr(p.default))
        for p in sig.parameters.values()
        if p.name not in ("self", "cls", "$self", "$type")
    ]


def public(names) -> set[str]:
    return {n for n in names if not n.startswith("_") or n == "__version__"}


def test_the_stub_names_exactly_the_modules_names():
    tree = stub_tree()
    declared = set()
    for node in tree.body:
        if isinstance(node, (ast.ClassDef, ast.FunctionDef)):
            declared.add(node.name)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            declared.add(node.target.id)
    assert public(declared) == public(dir(_engine))


def test_functions_and_methods_match_their_signatures():
    checked = 0
    for node in stub_tree().body:
        if isinstance(node, ast.FunctionDef):
            assert params(node) == built_params(getattr(_engine, node.name)), node.name
            checked += 1
        elif isinstance(node, ast.ClassDef):
            cls = getattr(_engine, node.name)
            if issubclass(cls, BaseException):
                bases = [ast.unparse(b) for b in node.bases]
                assert bases == [cls.__mro__[1].__name__], node.name
                continue
            members = {}
            for item in node.body:
                if isinstance(item, ast.FunctionDef):
                    members[item.name] = item
            built = {n for n in vars(cls) if not n.startswith("_")}
            assert {n for n in members if not n.startswith("_")} == built, node.name
            for name, item in members.items():
                is_property = any(ast.unparse(d) == "property" for d in item.decorator_list)
                if name == "__new__":
                    assert params(item) == built_params(cls), node.name
                elif is_property:
                    assert inspect.isgetsetdescriptor(vars(cls)[name]), (node.name, name)
                else:
                    assert params(item) == built_params(vars(cls)[name]), (node.name, name)
                checked += 1
            if "__new__" not in members:
                # No constructor in the stub: the engine makes these objects itself.
                assert cls.__text_signature__ is None, node.name
    assert checked > 10


def test_exceptions_are_shown_as_patience_errors():
    assert repr(patience.PatienceError("x")) == "PatienceError('x')"
    for cls in (patience.PatienceError, patience.IllegalMoveError, patience.EngineBug):
        assert cls.__module__ == "patience"
        assert f"{cls.__module__}.{cls.__qualname__}" == f"patience.{cls.__name__}"
    try:
        patience.game("nope")
    except patience.UnknownGameError as e:
        assert type(e).__module__ == "patience"
