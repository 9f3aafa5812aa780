"""The Python surface: docstrings everywhere, stubs naming what the module has."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import pathing
from pathing import _pathing

PKG = Path(pathing.__file__).parent
ENUMS = {
    "SearchStatus",
    "Connectivity",
    "Direction",
    "Direction8",
    "FieldDirection",
    "MapSync",
    "LandmarkStorage",
}
NOT_CONSTRUCTIBLE = {"BoundedResult", "FieldStats", "Map", "ScenarioEntry", "Scenario", "PathResult"}


def public_members(cls):
    for name, value in vars(cls).items():
        if name.startswith("_") and name != "__init__":
            continue
        if name == "__init__" and cls.__name__ in NOT_CONSTRUCTIBLE:
            continue
        yield name, value


def test_every_function_and_property_has_a_docstring():
    missing = []
    for mod in (_pathing, _pathing.io):
        for name, value in vars(mod).items():
            if name.startswith("_"):
                continue
            if isinstance(value, type):
                if not (value.__doc__ or "").strip():
                    missing.append(name)
                if name in ENUMS:
                    continue
                for member, v in public_members(value):
                    doc = (getattr(v, "__doc__", None) or "").strip()
                    if isinstance(v, property) or type(v).__name__ in ("member_descriptor", "getset_descriptor"):
                        ok = bool(doc)
                    elif callable(v):
                        # pybind11 puts the signature on the first line: a description must follow.
                        ok = len([ln for ln in doc.splitlines() if ln.strip()]) > 1
                    else:
                        continue
                    if not ok:
                        missing.append(f"{name}.{member}")
            elif callable(value):
                doc = (value.__doc__ or "").strip()
                if len([ln for ln in doc.splitlines() if ln.strip()]) <= 1:
                    missing.append(name)
    assert missing == []


def stub_names(path: Path):
    tree = ast.parse(path.read_text())
    names = set()
    for node in tree.body:
        if isinstance(node, (ast.ClassDef, ast.FunctionDef)):
            names.add(node.name)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
    return names


@pytest.mark.parametrize("stub, mod", [("_pathing.pyi", _pathing), ("io.pyi", _pathing.io)])
def test_stubs_name_the_module(stub, mod):
    declared = {n for n in stub_names(PKG / stub) if not n.startswith("_")} - {"Cell", "Cells", "Source", "Sources"}
    actual = {n for n in vars(mod) if not n.startswith("_") and n not in ("io",)}
    assert declared == actual


def test_stub_enums_match():
    tree = ast.parse((PKG / "_pathing.pyi").read_text())
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name in ENUMS:
            stub = {t.targets[0].id: t.value.value for t in node.body if isinstance(t, ast.Assign)}
            real = {k: int(v) for k, v in getattr(_pathing, node.name).__members__.items()}
            assert stub == real, node.name


def test_package_exports():
    for name in pathing.__all__:
        assert hasattr(pathing, name), name
    assert pathing.io.load_map is _pathing.io.load_map
    assert isinstance(pathing.SearchStatus.found, pathing.SearchStatus)
    assert (PKG / "py.typed").exists()
