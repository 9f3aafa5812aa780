"""Distance and flow fields: exact costs against a plain-Python Dijkstra, NumPy views."""

from __future__ import annotations

import gc

import numpy as np
import pytest

import pathing as p

from helpers import DIAGONAL, STRAIGHT, UNREACHED, brute_field, cost_table, random_grid

LAYERS = [p.GridLayer(), p.GridLayer([1, 3]), p.GridLayer([2, 5], 7)]


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("eight", [True, False])
@pytest.mark.parametrize("toward", [True, False])
def test_field_matches_brute_force(seed, eight, toward):
    g = random_grid(p, seed, density=0.25, tags=2)
    layer = LAYERS[seed % len(LAYERS)]
    costs = cost_table(g, layer)
    rng = np.random.default_rng(seed)
    sources = [tuple(int(v) for v in rng.integers(0, [g.cols, g.rows])) for _ in range(1 + seed % 3)]
    options = p.FieldOptions(
        connectivity=p.Connectivity.eight if eight else p.Connectivity.four,
        direction=p.FieldDirection.to_sources if toward else p.FieldDirection.from_sources,
    )
    f = p.DistanceField()
    st = p.Dijkstra().compute(g, layer, sources, f, options)
    assert st.ok() and st.status == p.SearchStatus.found
    ref = brute_field(costs, sources, eight=eight, toward=toward)
    fixed = f.costs_fixed()
    assert fixed.dtype == np.uint64 and fixed.shape == (g.rows, g.cols)
    assert [[int(v) for v in row] for row in fixed] == [[int(v) for v in row] for row in ref]
    assert st.settled == int((fixed != np.uint64(UNREACHED)).sum())
    c = f.costs()
    expect = np.array([[np.inf if v == UNREACHED else v / STRAIGHT for v in row] for row in ref])
    np.testing.assert_array_equal(c, expect)
    x, y = sources[0]
    assert f.cost((x, y)) == 0.0 and f.reached((x, y))
    assert f.cost((-1, 0)) == np.inf


def test_single_source_field_equals_astar():
    g = random_grid(p, 9, cols=30, rows=20, density=0.2, tags=2)
    layer = p.GridLayer([1, 4])
    goal = (15, 10)
    g.set_blocked(goal, False)
    f = p.DistanceField()
    p.Dijkstra().compute(g, layer, goal, f)
    a = p.AStar()
    for y in range(0, 20, 3):
        for x in range(0, 30, 3):
            r = a.find_path(g, layer, (x, y), goal)
            if r.found:
                assert f.cost((x, y)) == pytest.approx(r.cost, abs=1e-6)
            else:
                assert f.cost((x, y)) == np.inf


def test_initial_costs_and_limits():
    g = p.Grid(10, 1)
    layer = p.GridLayer()
    f = p.DistanceField()
    st = p.Dijkstra().compute(g, layer, [(0, 0, 0.0), p.FieldSource((9, 0), 2.5)], f)
    assert st.ok()
    np.testing.assert_array_equal(f.costs()[0], [0, 1, 2, 3, 4, 5, 5.5, 4.5, 3.5, 2.5])
    lim = p.DistanceField()
    p.Dijkstra().compute(g, layer, (0, 0), lim, p.FieldOptions(max_cost=3.0))
    assert lim.costs()[0].tolist() == [0, 1, 2, 3] + [np.inf] * 6
    arr = p.DistanceField()
    p.Dijkstra().compute(g, layer, np.array([[0, 0], [9, 0]]), arr)
    assert arr.costs()[0].tolist() == [0, 1, 2, 3, 4, 4, 3, 2, 1, 0]


def test_field_statuses_leave_out_unchanged():
    g = p.Grid(4, 4)
    f = p.DistanceField()
    p.Dijkstra().compute(g, p.GridLayer(), (0, 0), f)
    before = f.costs()
    st = p.Dijkstra().compute(g, p.GridLayer(), [(1, 1), (9, 9)], f)
    assert st.status == p.SearchStatus.invalid_endpoint and st.bad_source == 1
    st = p.Dijkstra().compute(g, p.GridLayer(), [(1, 1, -1.0)], f)
    assert st.status == p.SearchStatus.invalid_argument
    np.testing.assert_array_equal(f.costs(), before)


def test_flow_field_walks_down_the_costs():
    g = random_grid(p, 4, cols=25, rows=18, density=0.2, tags=1)
    layer = p.GridLayer()
    goal = (12, 9)
    g.set_blocked(goal, False)
    f = p.DistanceField()
    p.Dijkstra().compute(g, layer, goal, f)
    flow = p.FlowField()
    assert flow.build(g, layer, f) == p.SearchStatus.found
    d = flow.directions()
    assert d.dtype == np.uint8 and d.shape == (18, 25) and not d.flags.writeable
    fixed = f.costs_fixed()
    offsets = [(1, 0), (0, 1), (-1, 0), (0, -1), (1, 1), (-1, 1), (-1, -1), (1, -1)]
    for y in range(18):
        for x in range(25):
            if (x, y) == goal or fixed[y, x] == np.uint64(UNREACHED):
                assert d[y, x] == p.FlowField.NONE and flow.next_step((x, y)) is None
                continue
            k = int(d[y, x])
            dx, dy = offsets[k]
            assert flow.next_step((x, y)) == p.Direction8(k)
            assert flow.next_cell((x, y)) == (x + dx, y + dy)
            step = STRAIGHT if k < 4 else DIAGONAL
            assert int(fixed[y + dy, x + dx]) + step == int(fixed[y, x])
    # Stale field: the grid changed.
    g.set_blocked((0, 0), not g.is_blocked((0, 0)))
    assert flow.build(g, layer, f) == p.SearchStatus.stale


def test_views_are_zero_copy_and_keep_the_field_alive():
    g = p.Grid(6, 4)
    f = p.DistanceField()
    p.Dijkstra().compute(g, p.GridLayer(), (0, 0), f)
    v = f.costs_fixed()
    assert not v.flags.owndata and not v.flags.writeable
    with pytest.raises(ValueError):
        v[0, 0] = 5
    p.Dijkstra().compute(g, p.GridLayer(), (5, 3), f)  # same size: in place, the view follows
    assert int(v[3, 5]) == 0 and int(v[0, 0]) == 3 * DIAGONAL + 2 * STRAIGHT
    with pytest.raises(BufferError):
        p.Dijkstra().compute(p.Grid(7, 4), p.GridLayer(), (0, 0), f)
    del f
    gc.collect()
    assert int(v[3, 5]) == 0  # the view keeps the field alive
    w = v[1:, 2:]
    del v
    gc.collect()
    assert int(w[2, 3]) == 0
    f2 = p.DistanceField()
    p.Dijkstra().compute(g, p.GridLayer(), (0, 0), f2)
    v2 = f2.costs_fixed()
    del v2
    gc.collect()
    p.Dijkstra().compute(p.Grid(9, 9), p.GridLayer(), (0, 0), f2)  # no view left: allowed
    assert f2.shape == (9, 9)


def test_flee_and_explore():
    g = p.Grid(9, 1)
    layer = p.GridLayer()
    toward = p.DistanceField()
    dj = p.Dijkstra()
    dj.compute(g, layer, (0, 0), toward)
    flee = p.DistanceField()
    st = dj.compute_flee(g, layer, toward, flee, -1.2)
    assert st.ok()
    c = flee.costs()[0]
    assert np.argmin(c) == 8 and c[8] == pytest.approx(-1.2 * 8)
    explored = np.ones((1, 9), bool)
    explored[0, 6] = False
    ex = p.DistanceField()
    assert dj.compute_explore(g, layer, explored, ex).ok()
    assert ex.costs()[0].tolist() == [6, 5, 4, 3, 2, 1, 0, 1, 2]
    with pytest.raises(ValueError, match="explored"):
        dj.compute_explore(g, layer, np.ones((2, 9), bool), ex)
    other = p.Grid(9, 1)
    assert dj.compute_flee(other, layer, toward, flee).status == p.SearchStatus.stale


def test_batch_fields():
    g = random_grid(p, 8, density=0.2, tags=1)
    layer = p.GridLayer()
    lists = [[(0, 0)], [(5, 5), (10, 3)], np.array([[22, 16]])]
    fields = p.PathBatch(2).compute_fields(g, layer, lists)
    for src, f in zip(lists, fields):
        ref = p.DistanceField()
        p.Dijkstra().compute(g, layer, src, ref)
        np.testing.assert_array_equal(f.costs_fixed(), ref.costs_fixed())
    with pytest.raises(ValueError, match="list 1: source 0 at \\(99, 0\\) is outside the 23 x 17 grid"):
        p.PathBatch(1).compute_fields(g, layer, [[(0, 0)], [(99, 0)]])
