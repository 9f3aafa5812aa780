"""HPA* from Python: HierarchyMap (landmarks, clusters, sync) and HpaStar (find_path, lazy
refinement), against the brute-force Dijkstra of helpers.py and the C++ contract."""

from __future__ import annotations

import numpy as np
import pytest

import pathing as p

from helpers import STRAIGHT, brute_field, cost_table, move_ok, path_cost, random_grid

UNIFORM = p.GridLayer()  # tag 0 passable at cost 1 (random_grid(..., tags=1))
TERRAIN = p.GridLayer([1, 3])  # tags 0 and 1 of random_grid


def valid(costs, path, start, goal):
    if len(path) == 0 or tuple(path[0]) != start or tuple(path[-1]) != goal:
        return False
    for (x0, y0), (x1, y1) in zip(path[:-1], path[1:]):
        dx, dy = int(x1 - x0), int(y1 - y0)
        if max(abs(dx), abs(dy)) != 1 or not move_ok(costs, int(x0), int(y0), dx, dy):
            return False
    return True


@pytest.mark.parametrize("layer", [UNIFORM, TERRAIN])
def test_paths_are_valid_never_below_the_optimum_and_clusters_keep_the_cost(layer):
    rng = np.random.default_rng(5)
    found = 0
    dearer = 0
    for seed in range(12):
        g = random_grid(p, seed, cols=48, rows=40, density=0.2, tags=1 if layer is UNIFORM else 2)
        costs = cost_table(g, layer)
        one = p.HierarchyMap(g, layer, sector_size=8)
        two = p.HierarchyMap(g, layer, sector_size=8)
        two.build_landmarks(g, 4)
        two.build_clusters(g, 2)
        assert two.landmark_count == 4 and two.cluster_sectors == 2
        assert two.cluster_count == 9 and two.cluster_node_count > 0
        assert two.memory_bytes > one.memory_bytes
        hpa = p.HpaStar()
        for _ in range(6):
            start = (int(rng.integers(48)), int(rng.integers(40)))
            goal = (int(rng.integers(48)), int(rng.integers(40)))
            field = brute_field(costs, [goal])
            r1 = hpa.find_path(g, layer, one, start, goal)
            path1 = hpa.refined
            r2 = hpa.find_path(g, layer, two, start, goal)
            if costs[goal[1], goal[0]] == 0 or field[start[1], start[0]] == (1 << 64) - 1:
                assert r1.status == r2.status == p.SearchStatus.unreachable
                continue
            assert r1.status == r2.status == p.SearchStatus.found
            found += 1
            assert valid(costs, path1, start, goal) and valid(costs, r2.path, start, goal)
            optimal = int(field[start[1], start[0]]) / STRAIGHT
            assert path_cost(costs, path1) >= optimal - 1e-6
            dearer += path_cost(costs, path1) > optimal + 1e-6
            # Two levels at weight 1: the abstract cost of one level, exactly.
            planned = hpa.plan(g, layer, two, start, goal).cost
            if start != goal and costs[start[1], start[0]] != 0:  # (a blocked start: one level)
                cp = hpa.cluster_path()
                assert cp.shape[1] == 2 and tuple(cp[0]) == start and tuple(cp[-1]) == goal
            assert planned == hpa.plan(g, layer, one, start, goal).cost
            assert len(hpa.cluster_path()) == 0
    assert found > 40 and dearer > 0


def test_lazy_refinement_gives_the_cells_of_find_path():
    g = random_grid(p, 3, cols=64, rows=64, density=0.1, tags=1)
    h = p.HierarchyMap(g, UNIFORM, sector_size=8)
    h.build_clusters(g, 2)
    hpa = p.HpaStar()
    whole = hpa.find_path(g, UNIFORM, h, (0, 0), (63, 63))
    assert whole.found and whole.moves > 63
    r = hpa.plan(g, UNIFORM, h, (0, 0), (63, 63))
    assert r.found and len(r.path) == 0 and r.cost == pytest.approx(whole.cost, abs=0.01 * whole.moves)
    assert hpa.refine_until(33) in (p.SearchStatus.in_progress, p.SearchStatus.found)
    assert len(hpa.refined) >= 33
    while hpa.refine_next() == p.SearchStatus.in_progress:
        pass
    np.testing.assert_array_equal(hpa.refined, whole.path)
    assert hpa.refine_next() == p.SearchStatus.found


def test_edits_sync_and_staleness():
    g = p.Grid(40, 40)
    h = p.HierarchyMap(g, UNIFORM, sector_size=8)
    h.build_clusters(g, 2)
    hpa = p.HpaStar()
    assert hpa.plan(g, UNIFORM, h, (0, 0), (39, 39)).found
    g.set_blocked((20, 20), True)
    assert hpa.refine_next() == p.SearchStatus.stale
    assert not h.is_current(g, UNIFORM)
    assert hpa.find_path(g, UNIFORM, h, (0, 0), (39, 39)).status == p.SearchStatus.stale
    assert h.sync(g, UNIFORM) == p.MapSync.updated
    assert h.last_sync_sectors == 1 and h.last_sync_clusters == 1
    assert h.cluster_sectors == 2
    r = hpa.find_path(g, UNIFORM, h, (0, 0), (39, 39))
    assert r.found and (20, 20) not in {tuple(c) for c in r.path}


def test_errors_name_the_value_and_change_nothing():
    g = p.Grid(16, 16)
    with pytest.raises(ValueError, match="sector_size = 3 is outside"):
        p.HierarchyMap(g, UNIFORM, sector_size=3)
    h = p.HierarchyMap(g, UNIFORM, sector_size=4)
    with pytest.raises(ValueError, match="count = 17 is outside"):
        h.build_landmarks(g, 17)
    with pytest.raises(ValueError, match="sectors = 1 is outside"):
        h.build_clusters(g, 1)
    g.set_blocked((1, 1), True)
    with pytest.raises(ValueError, match="not current"):
        h.build_clusters(g, 2)
    assert h.cluster_sectors == 0 and h.landmark_count == 0
    hpa = p.HpaStar()
    with pytest.raises(TypeError, match="map must be a pathing.HierarchyMap"):
        hpa.find_path(g, UNIFORM, p.JpsMap(), (0, 0), (1, 1))
    assert hpa.refine_next() == p.SearchStatus.invalid_argument
    h.sync(g, UNIFORM)
    bad = p.SearchOptions()
    bad.weight = 0.5
    assert hpa.find_path(g, UNIFORM, h, (0, 0), (3, 3), bad).status == p.SearchStatus.invalid_argument
    assert hpa.find_path(g, UNIFORM, h, (0, 0), (16, 3)).status == p.SearchStatus.invalid_endpoint


def test_the_map_outlives_its_python_name_during_refinement():
    g = p.Grid(64, 64)
    hpa = p.HpaStar()
    h = p.HierarchyMap(g, UNIFORM, sector_size=8)
    assert hpa.plan(g, UNIFORM, h, (0, 0), (63, 63)).found
    del h, g  # the searcher keeps both alive until its next plan
    while hpa.refine_next() == p.SearchStatus.in_progress:
        pass
    assert tuple(hpa.refined[-1]) == (63, 63)


def test_one_annotated_map_serves_every_unit_size():
    """HAA*: HierarchyMap(max_unit_size=3) serves sizes 1-3; a size-k path is of anchors where
    the k x k body fits, never cheaper than AStar's over the map's own clearance map, and the
    map's clearance stays current through sync."""
    rng = np.random.default_rng(9)
    g = random_grid(p, 31, cols=60, rows=48, density=0.08, tags=2)
    hm = p.HierarchyMap(g, TERRAIN, sector_size=8, max_unit_size=3)
    assert hm.max_unit_size == 3
    cm = hm.clearance
    assert cm.max_unit_size == 3 and cm.is_current(g, TERRAIN)
    assert p.HierarchyMap(g, TERRAIN).clearance.max_unit_size == 0
    hpa = p.HpaStar()
    a = p.AStar()
    found = [0, 0, 0, 0]
    for q in range(45):
        k = 1 + q % 3
        fits = np.argwhere(cm.clearances() >= k)
        (y0, x0), (y1, x1) = fits[int(rng.integers(len(fits)))], fits[int(rng.integers(len(fits)))]
        start, goal = (int(x0), int(y0)), (int(x1), int(y1))
        r = hpa.find_path(g, TERRAIN, hm, start, goal, p.SearchOptions(unit_size=k))
        best = a.find_path(g, TERRAIN, start, goal, p.SearchOptions(unit_size=k, clearance=cm))
        assert r.status == best.status
        if not r.found:
            continue
        found[k] += 1
        assert all(cm.fits((int(x), int(y)), k) for x, y in r.path)
        assert tuple(r.path[0]) == start and tuple(r.path[-1]) == goal
        assert r.cost >= best.cost - 1e-9
    assert min(found[1:]) >= 5
    r = hpa.find_path(g, TERRAIN, hm, (0, 0), (5, 5), p.SearchOptions(unit_size=4))
    assert r.status == p.SearchStatus.invalid_argument
    with pytest.raises(ValueError, match="max_unit_size = 0 is outside"):
        p.HierarchyMap(g, TERRAIN, max_unit_size=0)
    with pytest.raises(ValueError, match="clusters serve only maps of one-cell units"):
        hm.build_clusters(g, 2)
    # Saved and loaded (format version 3): the same paths for every size.
    data = p.io.serialize_hierarchy(hm, g)
    assert data[8] == 3
    loaded = p.io.parse_hierarchy(data, g, TERRAIN)
    assert loaded.max_unit_size == 3 and loaded.node_count == hm.node_count
    for k in (1, 2, 3):
        fits = np.argwhere(cm.clearances() >= k)
        (y0, x0), (y1, x1) = fits[0], fits[-1]
        o = p.SearchOptions(unit_size=k)
        a1 = hpa.find_path(g, TERRAIN, hm, (int(x0), int(y0)), (int(x1), int(y1)), o)
        a2 = hpa.find_path(g, TERRAIN, loaded, (int(x0), int(y0)), (int(x1), int(y1)), o)
        assert a1.status == a2.status and np.array_equal(a1.path, a2.path)
    # Edits: the map's clearance follows its sync.
    g.set_blocked((30, 20), True)
    assert hpa.find_path(g, TERRAIN, hm, (0, 0), (5, 5)).status == p.SearchStatus.stale
    assert hm.sync(g, TERRAIN) == p.MapSync.updated
    assert hm.clearance.is_current(g, TERRAIN) and hm.clearance.clearance((30, 20)) == 0
