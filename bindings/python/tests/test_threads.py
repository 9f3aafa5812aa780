"""The GIL is released during queries; one searcher is refused to a second thread at once."""

from __future__ import annotations

import threading
import time

import pytest

import pathing as p


def long_query_setup():
    # A large open grid whose goal is walled in: the search expands every other cell.
    g = p.Grid(1200, 1200)
    for c in [(1198, 1199), (1199, 1198), (1198, 1198)]:
        g.set_blocked(c, True)
    return g, p.GridLayer(), (0, 0), (1199, 1199)


def test_gil_released_during_a_query():
    g, layer, a, b = long_query_setup()
    s = p.AStar()
    t0 = time.perf_counter()
    assert s.find_path(g, layer, a, b).status == p.SearchStatus.unreachable
    alone = time.perf_counter() - t0
    if alone < 0.05:
        pytest.skip(f"the long query took only {alone * 1e3:.1f} ms here")
    result = {}
    th = threading.Thread(target=lambda: result.setdefault("r", s.find_path(g, layer, a, b)))
    ticks = 0
    th.start()
    t0 = time.perf_counter()
    while th.is_alive():
        ticks += 1
        time.sleep(0.001)
    took = time.perf_counter() - t0
    th.join()
    assert result["r"].status == p.SearchStatus.unreachable
    # With the GIL held for the whole query, the loop would tick about once.
    assert ticks >= max(5, int(took / 0.001 / 10)), (ticks, took)


def test_one_searcher_two_threads_is_refused():
    g, layer, a, b = long_query_setup()
    s = p.AStar()
    started = threading.Event()

    def run():
        started.set()
        s.find_path(g, layer, a, b)

    th = threading.Thread(target=run)
    th.start()
    started.wait()
    time.sleep(0.01)
    try:
        if th.is_alive():
            with pytest.raises(RuntimeError, match="used by two threads at once"):
                s.find_path(p.Grid(2, 2), layer, (0, 0), (1, 1))
    finally:
        th.join()
    # Free again afterwards.
    assert s.find_path(p.Grid(2, 2), layer, (0, 0), (1, 1)).found


def test_field_being_computed_is_refused_to_readers_and_writers():
    g = p.Grid(1500, 1500)
    layer = p.GridLayer()
    d = p.Dijkstra()
    f = p.DistanceField()
    t0 = time.perf_counter()
    d.compute(g, layer, (0, 0), f)
    if time.perf_counter() - t0 < 0.03:
        pytest.skip("the field computation is too fast here to overlap it")
    started = threading.Event()

    def run():
        started.set()
        d.compute(g, layer, (1499, 1499), f)

    th = threading.Thread(target=run)
    th.start()
    started.wait()
    time.sleep(0.005)
    try:
        if th.is_alive():
            with pytest.raises(RuntimeError, match="being computed by another thread"):
                f.costs()
            with pytest.raises(RuntimeError, match="used by two threads at once"):
                d.compute(g, layer, (0, 0), p.DistanceField())
            with pytest.raises(RuntimeError, match="used by two threads at once"):
                p.Dijkstra().compute(g, layer, (0, 0), f)
    finally:
        th.join()
    assert f.cost((1499, 1499)) == 0.0
