"""Units bigger than a cell and connected regions from Python: ClearanceMap and RegionMap against
brute force, and through SearchOptions (unit_size / clearance, regions / nearest_if_unreachable)
with the C++ statuses."""

from __future__ import annotations

import gc

import numpy as np
import pytest

import pathing as p

from helpers import cost_table, random_grid

LAYER = p.GridLayer([1, 3])


def brute_clearance(costs, max_size):
    rows, cols = costs.shape
    out = np.zeros((rows, cols), np.uint8)
    for y in range(rows):
        for x in range(cols):
            k = 0
            while k < max_size and y + k < rows and x + k < cols and (costs[y : y + k + 1, x : x + k + 1] > 0).all():
                k += 1
            out[y, x] = k
    return out


def brute_labels(costs):
    """Components of passable cells under 8-connected moves without corner cutting (the same
    partition as 4-connected moves)."""
    rows, cols = costs.shape
    label = np.zeros((rows, cols), np.int64)
    n = 0
    for y in range(rows):
        for x in range(cols):
            if costs[y, x] == 0 or label[y, x]:
                continue
            n += 1
            stack = [(x, y)]
            label[y, x] = n
            while stack:
                cx, cy = stack.pop()
                for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                    nx, ny = cx + dx, cy + dy
                    if 0 <= nx < cols and 0 <= ny < rows and costs[ny, nx] and not label[ny, nx]:
                        label[ny, nx] = n
                        stack.append((nx, ny))
    return label, n


def same_partition(a, b):
    pairs = set(zip(a.ravel().tolist(), b.ravel().tolist()))
    return len({x for x, _ in pairs}) == len(pairs) == len({y for _, y in pairs})


def test_clearance_map_matches_brute_force_and_follows_edits():
    rng = np.random.default_rng(3)
    for seed in range(8):
        g = random_grid(p, seed, cols=30, rows=22, density=0.2, tags=2)
        cm = p.ClearanceMap(g, LAYER, max_unit_size=4)
        assert cm.max_unit_size == 4 and cm.is_current(g, LAYER)
        assert (cm.clearances() == brute_clearance(cost_table(g, LAYER), 4)).all()
        for _ in range(5):
            x, y = int(rng.integers(0, 30)), int(rng.integers(0, 22))
            g.set_blocked((x, y), not g.is_blocked((x, y)))
        assert not cm.is_current(g, LAYER)
        cm.sync(g, LAYER)
        assert cm.is_current(g, LAYER)
        want = brute_clearance(cost_table(g, LAYER), 4)
        assert (cm.clearances() == want).all()
        y, x = np.argwhere(want >= 2)[0]
        assert cm.fits((int(x), int(y)), 2) and cm.clearance((int(x), int(y))) == want[y, x]
    with pytest.raises(ValueError):
        p.ClearanceMap(g, LAYER, max_unit_size=0)


def test_a_two_cell_unit_walks_where_its_body_fits():
    g = random_grid(p, 21, cols=40, rows=30, density=0.12, tags=2)
    cm = p.ClearanceMap(g, LAYER, max_unit_size=3)
    options = p.SearchOptions(unit_size=2, clearance=cm)
    del cm
    gc.collect()  # the options keep the map alive
    assert "unit_size=2, clearance=<ClearanceMap>" in repr(options)
    fits = np.argwhere(options.clearance.clearances() >= 2)
    a = p.AStar()
    found = 0
    for i in range(0, len(fits) - 1, max(1, len(fits) // 15)):
        (y0, x0), (y1, x1) = fits[i], fits[-1 - i]
        r = a.find_path(g, LAYER, (int(x0), int(y0)), (int(x1), int(y1)), options)
        if r.found:
            found += 1
            assert all(options.clearance.fits((int(x), int(y)), 2) for x, y in r.path)
            plain = a.find_path(g, LAYER, (int(x0), int(y0)), (int(x1), int(y1)))
            assert r.cost >= plain.cost - 1e-9
    assert found > 5
    r = a.find_path(g, LAYER, tuple(map(int, fits[0][::-1])), tuple(map(int, fits[-1][::-1])),
                    p.SearchOptions(unit_size=2))
    assert r.status == p.SearchStatus.invalid_argument  # a size above 1 needs a clearance map


def test_unit_grids_are_the_size_one_query_of_every_size():
    g = random_grid(p, 33, cols=36, rows=28, density=0.15, tags=2)
    cm = p.ClearanceMap(g, LAYER, max_unit_size=3)
    ul = cm.unit_layer
    a = p.AStar()
    b = p.AStar()
    compared = 0
    for k in (1, 2, 3):
        ug = cm.unit_grid(k)
        assert ug.shape == g.shape
        # 15 (kNoFit) exactly where the body does not fit.
        assert ((ug.cells() == 15) == (cm.clearances() < k)).all()
        fits = np.argwhere(cm.clearances() >= k)
        for i in range(0, len(fits) - 1, max(1, len(fits) // 12)):
            (y0, x0), (y1, x1) = fits[i], fits[-1 - i]
            s, t = (int(x0), int(y0)), (int(x1), int(y1))
            want = a.find_path(g, LAYER, s, t, p.SearchOptions(unit_size=k, clearance=cm))
            got = b.find_path(ug, ul, s, t)
            assert got.status == want.status
            assert got.cost == want.cost
            assert got.path.tolist() == want.path.tolist()
            compared += 1
    assert compared > 20
    g.set_blocked((int(fits[0][1]), int(fits[0][0])), True)
    before = cm.unit_grid(1).cells()
    cm.sync(g, LAYER)
    assert (cm.unit_grid(1).cells() != before).any()  # a new copy follows the sync
    for bad in (0, 4):
        with pytest.raises(ValueError, match=f"unit_size = {bad} is outside \\[1, 3\\]"):
            cm.unit_grid(bad)


def test_region_map_matches_brute_force_and_answers_unreachable_at_once():
    rng = np.random.default_rng(9)
    for seed in range(6):
        g = random_grid(p, 40 + seed, cols=32, rows=24, density=0.35, tags=2)
        rm = p.RegionMap(g, LAYER)
        labels, n = brute_labels(cost_table(g, LAYER))
        assert rm.region_count == n
        assert same_partition(rm.labels(), labels)
        for _ in range(6):  # edits: merge and split, kept current
            x, y = int(rng.integers(0, 32)), int(rng.integers(0, 24))
            g.set_blocked((x, y), not g.is_blocked((x, y)))
        options = p.SearchOptions(regions=rm)
        assert p.AStar().find_path(g, LAYER, (0, 0), (31, 23), options).status == (
            p.SearchStatus.stale
        )
        rm.sync(g, LAYER)
        labels, n = brute_labels(cost_table(g, LAYER))
        assert rm.region_count == n and same_partition(rm.labels(), labels)
        open_cells = np.argwhere(labels > 0)
        a = p.AStar()
        for _ in range(20):
            (y0, x0), (y1, x1) = open_cells[rng.integers(0, len(open_cells), 2)]
            s, t = (int(x0), int(y0)), (int(x1), int(y1))
            assert rm.reachable(s, t) == (labels[y0, x0] == labels[y1, x1])
            r = a.find_path(g, LAYER, s, t, options)
            if rm.reachable(s, t):
                assert r.found
            else:
                assert r.status == p.SearchStatus.unreachable and r.stats.expanded == 0
                near = a.find_path(
                    g, LAYER, s, t, p.SearchOptions(regions=rm, nearest_if_unreachable=True)
                )
                assert near.status == p.SearchStatus.unreachable
                assert rm.reachable(s, tuple(int(v) for v in near.path[-1]))
        assert rm.region_size(rm.region(s)) == int((labels == labels[y0, x0]).sum())
