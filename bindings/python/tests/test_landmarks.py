"""Landmark (ALT) heuristics from Python: LandmarkMap + SearchOptions(landmarks=...) keep A*'s
optimal costs with fewer expansions, follow the C++ staleness contract, and save and load."""

from __future__ import annotations

import gc

import numpy as np
import pytest

import pathing as p

from helpers import random_grid

TERRAIN = p.GridLayer([1, 3, 5])


def open_cells(g, layer, rng, n):
    costs = np.array([layer.tag_cost(t) for t in range(8)])[g.tags()]
    costs[g.blocked_mask()] = 0
    ys, xs = np.nonzero(costs)
    pick = rng.integers(0, len(xs), size=(n, 2))
    return [((int(xs[a]), int(ys[a])), (int(xs[b]), int(ys[b]))) for a, b in pick]


@pytest.mark.parametrize("storage", [p.LandmarkStorage.bits32, p.LandmarkStorage.bits16])
@pytest.mark.parametrize("connectivity", [p.Connectivity.four, p.Connectivity.eight])
def test_landmarks_keep_the_optimal_cost_with_fewer_expansions(storage, connectivity):
    rng = np.random.default_rng(7)
    plain_total = alt_total = 0
    for seed in range(6):
        g = random_grid(p, seed, cols=48, rows=40, density=0.15, tags=3)
        lm = p.LandmarkMap(g, TERRAIN, count=6, connectivity=connectivity, storage=storage)
        assert lm.count == 6 and lm.landmarks.shape == (6, 2)
        assert lm.is_current(g, TERRAIN) and lm.memory_bytes > 0
        plain = p.SearchOptions(connectivity=connectivity)
        alt = p.SearchOptions(connectivity=connectivity, landmarks=lm)
        a = p.AStar()
        for start, goal in open_cells(g, TERRAIN, rng, 25):
            r1 = a.find_path(g, TERRAIN, start, goal, plain)
            r2 = a.find_path(g, TERRAIN, start, goal, alt)
            assert r1.status == r2.status
            if r1.found:
                assert r2.cost == pytest.approx(r1.cost, abs=1e-9)
            plain_total += r1.stats.expanded
            alt_total += r2.stats.expanded
    assert alt_total < plain_total


def test_staleness_unsupported_and_lifetime():
    g = random_grid(p, 11, cols=32, rows=24, density=0.1, tags=3)
    lm = p.LandmarkMap(g, TERRAIN, count=4)
    options = p.SearchOptions(landmarks=lm)
    assert "landmarks=<LandmarkMap of 4>" in repr(options)
    del lm
    gc.collect()  # the options keep the map alive
    assert options.landmarks.count == 4
    a = p.AStar()
    assert a.find_path(g, TERRAIN, (0, 0), (31, 23), options).status in (
        p.SearchStatus.found,
        p.SearchStatus.unreachable,
        p.SearchStatus.invalid_endpoint,
    )
    g.set_tile((5, 5), 0)
    g.set_blocked((6, 6), not g.is_blocked((6, 6)))
    r = a.find_path(g, TERRAIN, (0, 0), (31, 23), options)
    assert r.status == p.SearchStatus.stale and len(r.path) == 0
    assert options.landmarks.sync(g, TERRAIN) in (p.MapSync.updated, p.MapSync.rebuilt)
    assert options.landmarks.is_current(g, TERRAIN)
    four = p.LandmarkMap(g, TERRAIN, count=2, connectivity=p.Connectivity.four)
    r = a.find_path(g, TERRAIN, (0, 0), (31, 23), p.SearchOptions(landmarks=four))
    assert r.status == p.SearchStatus.unsupported  # a 4-connected map for 8-connected moves
    assert p.GreedyBestFirst().find_path(g, TERRAIN, (0, 0), (31, 23), options).status == (
        p.SearchStatus.unsupported
    )
    with pytest.raises(ValueError, match="count = 33"):
        p.LandmarkMap(g, TERRAIN, count=33)
    options.landmarks = None
    assert options.landmarks is None


def test_landmark_files_round_trip(tmp_path):
    g = random_grid(p, 12, cols=40, rows=30, density=0.2, tags=3)
    lm = p.LandmarkMap(g, TERRAIN, count=5, storage=p.LandmarkStorage.bits16)
    data = p.io.serialize_landmarks(lm, g, TERRAIN)
    f = tmp_path / "t.alt"
    f.write_bytes(data)
    loaded = p.io.load_landmarks(f, g, TERRAIN)
    assert loaded.count == 5 and loaded.storage == p.LandmarkStorage.bits16
    assert (loaded.landmarks == lm.landmarks).all()
    assert p.io.serialize_landmarks(p.io.parse_landmarks(data, g, TERRAIN), g, TERRAIN) == data
    a = p.AStar()
    r1 = a.find_path(g, TERRAIN, (0, 0), (39, 29), p.SearchOptions(landmarks=lm))
    r2 = a.find_path(g, TERRAIN, (0, 0), (39, 29), p.SearchOptions(landmarks=loaded))
    assert r1.status == r2.status and r1.cost == r2.cost
    assert r1.stats.expanded == r2.stats.expanded
    with pytest.raises(p.io.PrecomputedError, match="holds a landmark map"):
        p.io.parse_hierarchy(data, g, TERRAIN)
