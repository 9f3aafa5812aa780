"""Precomputed files from Python (pathing.io.serialize_* / parse_* / load_*): round trips that
answer as the built structure, and PrecomputedError with the C++ message for bad bytes."""

from __future__ import annotations

import pytest

import pathing as p

from helpers import random_grid

TERRAIN = p.GridLayer([1, 3])


def test_hierarchy_with_landmarks_and_clusters_round_trips(tmp_path):
    g = random_grid(p, 3, cols=64, rows=48, density=0.2, tags=2)
    built = p.HierarchyMap(g, TERRAIN, sector_size=8)
    built.build_landmarks(g, 4)
    built.build_clusters(g, 2)
    data = p.io.serialize_hierarchy(built, g)
    assert isinstance(data, bytes) and data[:8] == b"PATHPREP"
    assert data[8] == 2  # format version 2: landmarks and clusters saved
    loaded = p.io.parse_hierarchy(data, g, TERRAIN)
    assert loaded.is_current(g, TERRAIN)
    assert (loaded.landmark_count, loaded.cluster_sectors) == (4, 2)
    assert loaded.cluster_node_count == built.cluster_node_count
    assert p.io.serialize_hierarchy(loaded, g) == data
    f = tmp_path / "map.hpa"
    f.write_bytes(data)
    from_file = p.io.load_hierarchy(f, g, TERRAIN)
    a, b = p.HpaStar(), p.HpaStar()
    for start, goal in [((0, 0), (63, 47)), ((5, 40), (60, 2)), ((30, 30), (1, 1))]:
        r1 = a.find_path(g, TERRAIN, built, start, goal)
        r2 = b.find_path(g, TERRAIN, from_file, start, goal)
        assert r1.status == r2.status
        assert r1.cost == r2.cost and r1.stats.expanded == r2.stats.expanded
        assert (r1.path == r2.path).all()


def test_a_plain_hierarchy_is_format_version_1_and_jps_plus_round_trips():
    g = random_grid(p, 4, cols=40, rows=30, density=0.25, tags=1)
    layer = p.GridLayer()
    h = p.HierarchyMap(g, layer, sector_size=8)
    assert p.io.serialize_hierarchy(h, g)[8] == 1
    table = p.JpsPlusMap(g, layer)
    data = p.io.serialize_jps_plus(table, g)
    loaded = p.io.parse_jps_plus(data, g, layer)
    assert loaded.is_current(g, layer)
    r1 = p.JpsPlus().find_path(g, table, (0, 0), (39, 29))
    r2 = p.JpsPlus().find_path(g, loaded, (0, 0), (39, 29))
    assert r1.status == r2.status and r1.cost == r2.cost


def test_bad_bytes_raise_precomputed_error_with_the_byte():
    g = random_grid(p, 5, cols=32, rows=32, density=0.2, tags=2)
    h = p.HierarchyMap(g, TERRAIN, sector_size=8)
    data = bytearray(p.io.serialize_hierarchy(h, g))
    data[8] = 4  # a format version from the future
    with pytest.raises(p.io.PrecomputedError) as e:
        p.io.parse_hierarchy(bytes(data), g, TERRAIN, "h.prep")
    assert str(e.value) == "h.prep: byte 8: made for format version 4, this library reads 1 to 3"
    assert e.value.file == "h.prep" and e.value.byte == 8
    assert isinstance(e.value, ValueError)
    data[8] = 1
    data[100] ^= 1  # corrupted: the checksum says so
    with pytest.raises(p.io.PrecomputedError, match="checksum mismatch"):
        p.io.parse_hierarchy(bytes(data), g, TERRAIN)
    with pytest.raises(p.io.PrecomputedError) as e:
        p.io.load_hierarchy("/nonexistent/h.prep", g, TERRAIN)
    assert e.value.byte == -1 and "cannot open the file" in str(e.value)
    stale = p.HierarchyMap(g, TERRAIN, sector_size=8)
    g.set_blocked((1, 1), not g.is_blocked((1, 1)))
    with pytest.raises(ValueError, match="not current"):
        p.io.serialize_hierarchy(stale, g)
