"""The searches: exact costs and paths on hand-made maps, statuses, options, batch, threads."""

from __future__ import annotations

import math
import threading

import numpy as np
import pytest

import pathing as p

from helpers import cost_table, move_ok, path_cost, random_grid

SQRT2 = math.sqrt(2.0)
SEARCHES = [p.AStar, p.GreedyBestFirst, p.Jps, p.JpsPlus]
OPTIMAL = [p.AStar, p.Jps, p.JpsPlus]


def wall_map():
    # 7 x 5, a wall at x = 3 from y = 0 to y = 3; the gap is at y = 4.
    #   ...@...
    #   ...@...
    #   ...@...
    #   ...@...
    #   .......
    g = p.Grid(7, 5)
    for y in range(4):
        g.set_blocked((3, y), True)
    return g


@pytest.mark.parametrize("cls", OPTIMAL)
def test_exact_cost_around_a_wall(cls):
    g = wall_map()
    r = cls().find_path(g, p.GridLayer(), (0, 0), (6, 0))
    assert r.status == p.SearchStatus.found and r.found and not r.partial
    # (0,0) -> (2,4): 2 diagonals + 2 straight (no corner cut at (3,3)); (2,4) -> (4,4): 2
    # straight; (4,4) -> (6,0): 2 diagonals + 2 straight.
    assert r.cost == 6.0 + 4 * SQRT2
    assert r.moves == 10 and r.path.shape == (11, 2) and r.path.dtype == np.int32
    assert tuple(r.path[0]) == (0, 0) and tuple(r.path[-1]) == (6, 0) and r.finish == (6, 0)
    assert [3, 4] in r.path.tolist()
    assert path_cost(cost_table(g, p.GridLayer()), r.path) == r.cost


def test_astar_exact_path_four_connected():
    g = wall_map()
    o = p.SearchOptions(connectivity=p.Connectivity.four)
    r = p.AStar().find_path(g, p.GridLayer(), (2, 1), (4, 1), o)
    assert r.cost == 8.0 and r.moves == 8
    cells = r.path.tolist()
    assert cells[0] == [2, 1] and cells[-1] == [4, 1] and [3, 4] in cells
    assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in zip(cells, cells[1:]))


def test_no_corner_cutting():
    g = p.Grid(2, 2)
    g.set_blocked((1, 0), True)
    r = p.AStar().find_path(g, p.GridLayer(), (0, 0), (1, 1))
    assert r.cost == 2.0 and r.path.tolist() == [[0, 0], [0, 1], [1, 1]]


def test_layer_costs_choose_the_cheaper_way():
    # A 5 x 3 map whose middle row is swamp (tag 1, cost 5): the path goes around it.
    g = p.Grid(5, 3)
    for x in range(1, 4):
        g.set_tile((x, 1), 1)
    layer = p.GridLayer([1, 5])
    r = p.AStar().find_path(g, layer, (2, 0), (2, 2), p.SearchOptions(p.Connectivity.four))
    assert r.cost == 6.0  # around the swamp: (2,0) -> (4,0) -> (4,2) -> (2,2)
    r8 = p.AStar().find_path(g, layer, (2, 0), (2, 2))
    assert r8.cost == 2.0 + 2 * SQRT2  # (2,0) -> (3,0) -> (4,1) -> (3,2) -> (2,2)
    assert path_cost(cost_table(g, layer), r8.path) == r8.cost


def test_statuses():
    g = wall_map()
    layer = p.GridLayer()
    a = p.AStar()
    assert a.find_path(g, layer, (0, 0), (7, 0)).status == p.SearchStatus.invalid_endpoint
    bad = a.find_path(g, layer, (-1, 0), (1, 0))
    assert bad.status == p.SearchStatus.invalid_endpoint and bad.path.shape == (0, 2)
    closed = wall_map()
    closed.set_blocked((3, 4), True)
    r = a.find_path(closed, layer, (0, 0), (6, 0))
    assert r.status == p.SearchStatus.unreachable and r.partial
    # Partial path to the best cell reached: next to the wall.
    assert r.finish[0] == 2 and tuple(r.path[-1]) == r.finish
    lim = a.find_path(g, layer, (0, 0), (6, 0), p.SearchOptions(limits=p.SearchLimits(max_expansions=3)))
    assert lim.status == p.SearchStatus.expansion_limit and lim.stats.expanded <= 3
    cost = a.find_path(g, layer, (0, 0), (6, 0), p.SearchOptions(limits=p.SearchLimits(max_cost=4.0)))
    assert cost.status == p.SearchStatus.cost_limit
    w = a.find_path(g, layer, (0, 0), (6, 0), p.SearchOptions(weight=0.5))
    assert w.status == p.SearchStatus.invalid_argument
    # JPS: uniform-cost and 8-connected only.
    j = p.Jps().find_path(g, layer, (0, 0), (6, 0), p.SearchOptions(p.Connectivity.four))
    assert j.status == p.SearchStatus.unsupported and j.path.shape == (0, 2)
    # A layer whose passable tags cost differently (even if no cell has tag 1): unsupported.
    for cls in (p.Jps, p.JpsPlus):
        assert cls().find_path(g, p.GridLayer([1, 2]), (0, 0), (6, 0)).status == p.SearchStatus.unsupported
    assert p.GreedyBestFirst().find_path(g, layer, (0, 0), (6, 0), p.SearchOptions(limits=p.SearchLimits(max_cost=3))).status == p.SearchStatus.unsupported


def test_refused_query_does_not_return_the_previous_path():
    a = p.AStar()
    g = wall_map()
    assert a.find_path(g, p.GridLayer(), (0, 0), (6, 0)).moves == 10
    r = a.find_path(g, p.GridLayer(), (0, 0), (6, 0), p.SearchOptions(weight=float("nan")))
    assert r.status == p.SearchStatus.invalid_argument and r.path.shape == (0, 2)


def test_status_enum():
    assert p.SearchStatus(1) == p.SearchStatus.unreachable
    assert int(p.SearchStatus.invalid_argument) == 8
    assert p.SearchStatus.found.name == "found"
    assert [s.name for s in p.SearchStatus.__members__.values()] == [
        "found", "unreachable", "too_far", "invalid_endpoint", "expansion_limit", "cost_limit",
        "stale", "unsupported", "invalid_argument", "in_progress"]


@pytest.mark.parametrize("seed", range(6))
def test_searches_on_random_maps(seed):
    g = random_grid(p, seed, density=0.2, tags=1)
    layer = p.GridLayer()
    costs = cost_table(g, layer)
    rng = np.random.default_rng(100 + seed)
    free = np.argwhere(costs > 0)  # (y, x) rows
    searchers = {cls: cls() for cls in SEARCHES}
    for _ in range(15):
        (sy, sx), (gy, gx) = free[rng.integers(len(free), size=2)]
        results = {cls: s.find_path(g, layer, (int(sx), int(sy)), (int(gx), int(gy))) for cls, s in searchers.items()}
        a = results[p.AStar]
        for cls, r in results.items():
            assert r.status == a.status, cls
            if r.found:
                assert path_cost(costs, r.path) == r.cost
                assert r.moves == len(r.path) - 1
        if a.found:  # partial paths may end at different best cells
            for cls in OPTIMAL:
                assert results[cls].cost == pytest.approx(a.cost, abs=1e-9)
        if a.found:
            assert results[p.GreedyBestFirst].cost >= a.cost - 1e-9


def test_expanded_mask():
    g = wall_map()
    a = p.AStar()
    r = a.find_path(g, p.GridLayer(), (0, 0), (6, 0))
    m = a.expanded_mask()
    assert m.shape == (5, 7) and m.dtype == np.bool_
    assert m.sum() == r.stats.expanded
    assert m[0, 0] and not m[0, 6]  # start expanded, goal not
    assert a.was_expanded((0, 0)) == m[0, 0]


@pytest.mark.parametrize("cls", [p.AStar, p.GreedyBestFirst])
def test_bounded(cls):
    g = wall_map()
    s = cls()
    r = s.build_path(g, p.GridLayer(), (2, 1), (4, 1))
    assert r.found and r.moves == 8 and r.cost == 8.0
    assert r.path.shape == (9, 2) and tuple(r.path[0]) == (2, 1) and tuple(r.path[-1]) == (4, 1)
    steps = {0: (1, 0), 1: (0, 1), 2: (-1, 0), 3: (0, -1)}
    walked = [(2, 1)]
    for d in r.directions:
        dx, dy = steps[int(d)]
        walked.append((walked[-1][0] + dx, walked[-1][1] + dy))
    assert walked == [tuple(c) for c in r.path.tolist()]
    big = p.Grid(100, 1)
    far = s.build_path(big, p.GridLayer(), (0, 0), (80, 0))
    assert far.status == p.SearchStatus.too_far
    assert s.build_path(big, p.GridLayer(), (-1, 0), (3, 0)).status == p.SearchStatus.invalid_endpoint


def test_jps_maps_shared_and_stale():
    g = random_grid(p, 3, tags=1)
    layer = p.GridLayer()
    jm = p.JpsMap(g, layer)
    jp = p.JpsPlusMap(g, layer)
    ref = p.AStar().find_path(g, layer, (0, 0), (22, 16))
    a = p.Jps().find_path(g, jm, (0, 0), (22, 16))
    b = p.JpsPlus().find_path(g, jp, (0, 0), (22, 16))
    assert a.status == b.status == ref.status
    if ref.found:
        assert a.cost == pytest.approx(ref.cost) and b.cost == pytest.approx(ref.cost)
    g.set_blocked((5, 5), not g.is_blocked((5, 5)))
    assert p.Jps().find_path(g, jm, (0, 0), (22, 16)).status == p.SearchStatus.stale
    assert p.JpsPlus().find_path(g, jp, (0, 0), (22, 16)).status == p.SearchStatus.stale
    assert jm.sync(g, layer) in (p.MapSync.updated, p.MapSync.rebuilt)
    assert jp.sync(g, layer) in (p.MapSync.updated, p.MapSync.rebuilt)
    assert p.Jps().find_path(g, jm, (0, 0), (22, 16)).status != p.SearchStatus.stale
    j = p.Jps()
    r = j.find_path(g, layer, (0, 0), (22, 16))
    if r.found:
        jpts = j.jump_points()
        assert jpts.shape[1] == 2 and tuple(jpts[0]) == (0, 0) and tuple(jpts[-1]) == (22, 16)


def test_batch_equals_the_loop():
    g = random_grid(p, 11, cols=40, rows=30, tags=2)
    layer = p.GridLayer([1, 3])
    rng = np.random.default_rng(5)
    starts = rng.integers(0, [40, 30], size=(64, 2))
    goals = rng.integers(0, [40, 30], size=(64, 2))
    goals[0] = (99, 99)  # invalid endpoint
    a = p.AStar()
    loop = [a.find_path(g, layer, tuple(s), tuple(t)) for s, t in zip(starts, goals)]
    for threads in (1, 2, 3):
        out = p.find_paths(g, layer, starts, goals, threads=threads)
        assert out["status"].tolist() == [int(r.status) for r in loop]
        assert out["cost"].tolist() == [r.cost for r in loop]
        assert out["moves"].tolist() == [r.moves for r in loop]
        assert out["expanded"].tolist() == [r.stats.expanded for r in loop]
        for pa, r in zip(out["paths"], loop):
            np.testing.assert_array_equal(pa, r.path)
    batch = p.PathBatch(2)
    assert batch.thread_count == 2
    o = p.SearchOptions(p.Connectivity.four)
    out4 = batch.find_paths(g, layer, starts, goals, o)
    assert out4["cost"].tolist() == [a.find_path(g, layer, tuple(s), tuple(t), o).cost for s, t in zip(starts, goals)]
    with pytest.raises(ValueError, match="starts but"):
        batch.find_paths(g, layer, starts, goals[:3])
    with pytest.raises(ValueError, match=r"\(n, 2\)"):
        batch.find_paths(g, layer, np.zeros((3, 3), int), goals[:3])


def test_threads_with_one_searcher_each():
    g = random_grid(p, 2, cols=60, rows=60, density=0.15, tags=1)
    layer = p.GridLayer()
    pairs = [((0, 0), (59, 59)), ((59, 0), (0, 59)), ((30, 0), (30, 59))] * 20
    expect = [p.AStar().find_path(g, layer, a, b).cost for a, b in pairs]
    got = {}

    def work(k):
        s = p.AStar()
        got[k] = [s.find_path(g, layer, a, b).cost for a, b in pairs]

    ts = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    assert all(v == expect for v in got.values())


def test_smoothing():
    g = wall_map()
    layer = p.GridLayer()
    r = p.AStar().find_path(g, layer, (0, 0), (6, 0))
    w = p.smooth_path(g, layer, r.path)
    assert w.dtype == np.int32 and w.shape[1] == 2
    assert tuple(w[0]) == (0, 0) and tuple(w[-1]) == (6, 0) and len(w) < len(r.path)
    for a, b in zip(w[:-1], w[1:]):
        assert p.line_of_sight(g, layer, tuple(a), tuple(b))
    assert not p.line_of_sight(g, layer, (0, 0), (6, 0))
    assert p.smooth_path(g, layer, np.zeros((0, 2), np.int32)).shape == (0, 2)


def test_reserve_and_memory():
    a = p.AStar()
    a.reserve(64, 64)
    assert a.memory_bytes > 0
