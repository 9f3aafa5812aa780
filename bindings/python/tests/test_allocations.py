"""A warm query allocates no C++ memory (test builds with PATHING_PYTHON_ALLOC_COUNTER=ON, which
count the extension's global operator new calls: pybind11's and the library's)."""

from __future__ import annotations

import numpy as np
import pytest

import pathing as p
from pathing import _pathing

bench = _pathing._bench
if not hasattr(bench, "allocation_count"):
    pytest.skip("extension built without PATHING_PYTHON_ALLOC_COUNTER (scripts/test-python.sh "
                "turns it on)", allow_module_level=True)


def count(fn, *args, **kwargs):
    n0 = bench.allocation_count()
    r = fn(*args, **kwargs)
    return bench.allocation_count() - n0, r


@pytest.mark.parametrize("cls", [p.AStar, p.GreedyBestFirst, p.Jps, p.JpsPlus])
def test_warm_find_path_allocates_no_cpp_memory(data_dir, cls):
    m = p.io.load_map(data_dir / "rooms-64.map")
    layer = p.io.movingai_layer()
    s = cls()
    assert count(bench.allocation_count)[0] == 0  # the probe itself allocates nothing
    queries = [((2, 2), (61, 60)), ((61, 60), (2, 2)), ((5, 5), (6, 6))]
    for start, goal in queries:  # cold: the searcher grows its memory (open list, path buffer)
        s.find_path(m.grid, layer, start, goal)
    for start, goal in queries:
        n, r = count(s.find_path, m.grid, layer, start, goal)
        assert r.found and n == 0, (cls.__name__, start, goal, n)
    n, r = count(s.find_path, grid=m.grid, layer=layer, start=(2, 2), goal=(61, 60),
                 options=p.SearchOptions())
    assert r.found and n == 0


def test_warm_astar_with_landmarks_allocates_no_cpp_memory(data_dir):
    m = p.io.load_map(data_dir / "rooms-64.map")
    layer = p.io.movingai_layer()
    options = p.SearchOptions(landmarks=p.LandmarkMap(m.grid, layer, count=4))
    s = p.AStar()
    queries = [((2, 2), (61, 60)), ((61, 60), (2, 2))]
    for start, goal in queries:
        s.find_path(m.grid, layer, start, goal, options)
    for start, goal in queries:
        n, r = count(s.find_path, m.grid, layer, start, goal, options)
        assert r.found and n == 0, (start, goal, n)


def test_warm_astar_with_regions_or_a_big_unit_allocates_no_cpp_memory(data_dir):
    m = p.io.load_map(data_dir / "rooms-64.map")
    layer = p.io.movingai_layer()
    cm = p.ClearanceMap(m.grid, layer, 2)
    fits = cm.clearances() >= 2
    unit = p.SearchOptions(unit_size=2, clearance=cm)
    cells = [(int(x), int(y)) for y, x in np.argwhere(fits)]
    start = cells[len(cells) // 3]
    goal = next(c for c in reversed(cells) if p.AStar().find_path(m.grid, layer, start, c, unit).found)
    regions = p.SearchOptions(regions=p.RegionMap(m.grid, layer))
    s = p.AStar()
    for options in (unit, regions):
        for _ in range(2):
            s.find_path(m.grid, layer, start, goal, options)
        n, r = count(s.find_path, m.grid, layer, start, goal, options)
        assert r.found and n == 0, (repr(options), n)


def test_warm_field_allocates_only_the_binding_glue(data_dir):
    # Dijkstra.compute is an ordinary pybind11 function: its dispatcher allocates two small
    # argument vectors a call, the returned FieldStats one block, the sources one vector; the
    # field computation itself allocates nothing once warm, so the count does not grow with the
    # map or the source.
    layer = p.io.movingai_layer()
    counts = []
    for grid in (p.io.load_map(data_dir / "rooms-64.map").grid,
                 p.io.generate_map("rooms", 400, 300, seed=3)):
        d = p.Dijkstra()
        f = p.DistanceField()
        flow = p.FlowField()
        for src in [(2, 2), (30, 30)]:
            d.compute(grid, layer, src, f)
            flow.build(grid, layer, f)
        for src in [(2, 2), (30, 30)]:
            n, st = count(d.compute, grid, layer, src, f)
            assert st.ok()
            nf, status = count(flow.build, grid, layer, f)
            assert status == p.SearchStatus.found
            counts.append((n, nf))
    assert len(set(counts)) == 1 and counts[0][0] <= 6 and counts[0][1] <= 4, counts


def test_warm_hpa_star_allocates_only_the_binding_glue(data_dir):
    # HpaStar.find_path, plan and refine_until are ordinary pybind11 functions (their dispatcher
    # allocates a few small blocks a call, and a returned SearchStatus one more); the search and
    # the refinement allocate nothing once warm, so the count is the same on a small and a big
    # map, with and without clusters.
    layer = p.io.movingai_layer()
    counts = set()
    for grid in (p.io.load_map(data_dir / "rooms-64.map").grid,
                 p.io.generate_map("rooms", 400, 300, seed=3)):
        for clusters in (False, True):
            h = p.HierarchyMap(grid, layer, sector_size=16)
            if clusters:
                h.build_clusters(grid, 2)
            s = p.HpaStar()
            goal = (grid.cols - 3, grid.rows - 4)
            for _ in range(2):
                assert s.find_path(grid, layer, h, (2, 2), goal).found
                s.plan(grid, layer, h, (2, 2), goal)
                s.refine_until(33)
            n, r = count(s.find_path, grid, layer, h, (2, 2), goal)
            assert r.found
            n_plan, _ = count(s.plan, grid, layer, h, (2, 2), goal)
            n_refine, st = count(s.refine_until, 33)
            assert st in (p.SearchStatus.in_progress, p.SearchStatus.found)
            counts.add((n, n_plan, n_refine))
    assert len(counts) == 1, counts
    n, n_plan, n_refine = counts.pop()
    assert n <= 8 and n_plan <= 8 and n_refine <= 8, (n, n_plan, n_refine)
