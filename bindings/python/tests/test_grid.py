"""Grid and GridLayer: construction, errors, NumPy round trips."""

from __future__ import annotations

import copy

import numpy as np
import pytest

import pathing as p


def test_construct_and_cells():
    g = p.Grid(5, 3, 2)
    assert (g.cols, g.rows, g.shape, g.cell_count) == (5, 3, (3, 5), 15)
    assert g.tile((4, 2)) == 2 and not g.is_blocked((4, 2))
    assert g.set_blocked((1, 2), True)
    assert g.is_blocked((1, 2)) and g.tile((1, 2)) == 2 and g.cell((1, 2)) == 2 | 8
    assert not g.set_tile((5, 0), 1)  # off the grid: no change
    assert not g.set_tile((0, 0), 8)  # tag > 7
    assert not g.in_bounds((-1, 0)) and g.in_bounds([4, 2])
    v = g.version
    g.set_tile((0, 0), 7)
    assert g.version == v + 1


@pytest.mark.parametrize(
    "args, message",
    [
        ((0, 5), "pathing::Grid: cols = 0 is outside [1, 32768]"),
        ((5, 40000), "pathing::Grid: rows = 40000 is outside [1, 32768]"),
    ],
)
def test_constructor_errors_carry_the_cpp_message(args, message):
    with pytest.raises(ValueError) as e:
        p.Grid(*args)
    assert str(e.value) == message


def test_bad_default_tile():
    with pytest.raises(ValueError, match="default_tile"):
        p.Grid(4, 4, 9)


def test_numpy_round_trip():
    rng = np.random.default_rng(7)
    tags = rng.integers(0, 8, size=(13, 37), dtype=np.uint8)
    blocked = rng.random((13, 37)) < 0.3
    g = p.Grid.from_numpy(tags, blocked)
    assert g.shape == (13, 37)
    assert g.tags().dtype == np.uint8 and g.blocked_mask().dtype == np.bool_
    np.testing.assert_array_equal(g.tags(), tags)
    np.testing.assert_array_equal(g.blocked_mask(), blocked)
    np.testing.assert_array_equal(g.cells(), tags | (blocked.astype(np.uint8) << 3))
    # [y, x] indexing: cell (x, y) is tags[y, x].
    assert g.tile((36, 12)) == tags[12, 36] and g.is_blocked((5, 2)) == blocked[2, 5]
    # Round trip again, and through a non-contiguous view and other integer dtypes.
    g2 = p.Grid.from_numpy(g.tags(), g.blocked_mask())
    assert g2 == g
    g3 = p.Grid.from_numpy(tags.T.copy().T.astype(np.int64), blocked.astype(np.uint8))
    assert g3 == g
    g4 = p.Grid.from_numpy(np.asfortranarray(tags))
    np.testing.assert_array_equal(g4.tags(), tags)
    assert not g4.blocked_mask().any()


def test_from_numpy_errors():
    with pytest.raises(ValueError, match=r"tag 9 at \[y=1, x=2\] is outside \[0, 7\]"):
        t = np.zeros((3, 4), np.uint8)
        t[1, 2] = 9
        p.Grid.from_numpy(t)
    with pytest.raises(ValueError, match=r"tag -1 at \[y=0, x=0\]"):
        p.Grid.from_numpy(np.full((2, 2), -1, np.int16))
    with pytest.raises(ValueError, match="2-D"):
        p.Grid.from_numpy(np.zeros(5, np.uint8))
    with pytest.raises(TypeError, match="integer"):
        p.Grid.from_numpy(np.zeros((2, 2), np.float32))
    with pytest.raises(ValueError, match="shape of tags"):
        p.Grid.from_numpy(np.zeros((2, 2), np.uint8), np.zeros((2, 3), bool))
    with pytest.raises(ValueError, match="cols = 0"):
        p.Grid.from_numpy(np.zeros((2, 0), np.uint8))


def test_copy_and_equality():
    g = p.Grid(4, 4)
    g.set_blocked((1, 1), True)
    c = g.copy()
    assert c == g and c.instance_id != g.instance_id
    c.set_blocked((2, 2), True)
    assert c != g
    assert copy.deepcopy(g) == g and copy.copy(g) == g


def test_layer():
    assert p.GridLayer().tag_cost(0) == 1 and p.GridLayer().tag_cost(1) == 0
    l = p.GridLayer([1, 2, 0], 5)
    assert [l.tag_cost(t) for t in range(8)] == [1, 2, 0, 0, 0, 0, 0, 0]
    assert l.blocked_cost() == 5 and l.has_one_blocked_cost()
    per_tag = p.GridLayer([1, 1], [5, 0, 0, 0, 0, 0, 0, 3])
    assert per_tag.blocked_tag_cost(7) == 3 and not per_tag.has_one_blocked_cost()
    assert p.GridLayer.uniform(3) == p.GridLayer([3] * 8)
    assert l.with_tag_cost(2, 9).tag_cost(2) == 9
    g = p.Grid(2, 1)
    g.set_tile((1, 0), 1)
    assert l.cost_at(g, (1, 0)) == 2 and l.cost_at(g, (5, 0)) == 0
    with pytest.raises(ValueError, match="tag cost 300 is outside"):
        p.GridLayer([1, 300])
    with pytest.raises(ValueError, match="at most 8"):
        p.GridLayer([1] * 9)
