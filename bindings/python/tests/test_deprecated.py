"""Names kept for one release: they still work and warn (DeprecationWarning) naming the new one."""

from __future__ import annotations

import pytest

import pathing as p


def test_greedy_bfs_is_greedy_best_first():
    with pytest.warns(DeprecationWarning, match="GreedyBestFirst"):
        old = p.GreedyBfs
    assert old is p.GreedyBestFirst


def test_matches_is_is_current_of_the_grid():
    g = p.Grid(8, 6)
    layer = p.GridLayer([1])
    for cls in (p.JpsMap, p.JpsPlusMap):
        m = cls(g, layer)
        assert m.is_current(g) and m.is_current(g, layer)
        with pytest.warns(DeprecationWarning, match=r"is_current\(grid\)"):
            assert m.matches(g)
        g.set_blocked((3, 3), True)
        assert not m.is_current(g)
        with pytest.warns(DeprecationWarning):
            assert not m.matches(g)
        m.sync(g, layer)
        assert m.is_current(g)


def test_unknown_names_still_raise():
    with pytest.raises(AttributeError, match="NoSuchThing"):
        getattr(p, "NoSuchThing")
