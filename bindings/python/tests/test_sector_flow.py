"""Sector flow fields from Python (SectorFlowField over a HierarchyMap): walks that reach the goal
at a cost never below A*'s, the vectorised tick, edits and sync, and the kept-alive grid and map."""

from __future__ import annotations

import gc

import numpy as np

import pathing as p

from helpers import cost_table, random_grid

LAYER = p.GridLayer([1, 3])


def walk(field, start, goal, limit=10_000):
    cells = [start]
    while cells[-1] != goal and len(cells) < limit:
        nxt = field.next_cell(cells[-1])
        if nxt == cells[-1]:
            break
        cells.append(nxt)
    return cells


def test_walks_reach_the_goal_never_below_the_optimum_and_follow_edits():
    rng = np.random.default_rng(2)
    a = p.AStar()
    for seed in range(4):
        g = random_grid(p, 60 + seed, cols=48, rows=40, density=0.15, tags=2)
        h = p.HierarchyMap(g, LAYER, sector_size=8)
        costs = cost_table(g, LAYER)
        open_cells = [(int(x), int(y)) for y, x in np.argwhere(costs > 0)]
        goal = open_cells[len(open_cells) // 2]
        f = p.SectorFlowField()
        assert f.set_goal(g, LAYER, h, goal) == p.SearchStatus.found
        assert f.is_current() and f.has_goal and f.goal == goal
        starts = [open_cells[i] for i in rng.integers(0, len(open_cells), 30)]
        assert f.prepare(starts) > 0 and f.sectors_built > 0
        moved = f.next_cells(np.array(starts, dtype=np.int32))
        assert moved.shape == (30, 2)
        assert [tuple(int(v) for v in c) for c in moved] == [f.next_cell(s) for s in starts]
        for s in starts:
            r = a.find_path(g, LAYER, s, goal)
            cells = walk(f, s, goal)
            assert (cells[-1] == goal) == r.found, (s, goal)
            if r.found:
                # (the hierarchy's diagonal is 362/256, a little under sqrt 2)
                assert f.cost(s) >= r.cost * (362 / 256) / 2**0.5 - 1e-9
                assert f.cost(goal) == 0
            else:
                assert f.cost(s) == float("inf") and f.next_step(s) is None
        # An edit: not current until the map and the field are synced.
        x, y = open_cells[len(open_cells) // 3]
        g.set_blocked((x, y), True)
        assert not f.is_current() and f.next_step(starts[0]) is None
        assert f.sync() == p.SearchStatus.stale  # the map first
        h.sync(g, LAYER)
        assert f.sync() == p.SearchStatus.found and f.is_current()
        for s in starts[:10]:
            if g.is_blocked(s):
                continue
            cells = walk(f, s, goal)
            assert (cells[-1] == goal) == a.find_path(g, LAYER, s, goal).found


def test_the_field_keeps_its_grid_and_map_alive():
    g = random_grid(p, 70, cols=32, rows=32, density=0.1, tags=1)
    layer = p.GridLayer()
    f = p.SectorFlowField()
    h = p.HierarchyMap(g, layer, sector_size=8)
    goal = (31, 31) if not g.is_blocked((31, 31)) else (0, 0)
    assert f.set_goal(g, layer, h, goal) == p.SearchStatus.found
    del g, h
    gc.collect()
    assert f.is_current()
    f.cache_limit = 2
    assert f.cache_limit == 2
    f.next_cell((1, 1))
    assert f.sectors_built <= 2 and f.memory_bytes > 0
