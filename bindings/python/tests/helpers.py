"""Brute-force references for the tests: plain-Python Dijkstra in the library's fixed point."""

from __future__ import annotations

import heapq
import math

import numpy as np

STRAIGHT = 1 << 24  # cost::kStraight
DIAGONAL = 23726566  # cost::kDiagonal = round(sqrt(2) * 2^24)
UNREACHED = (1 << 64) - 1

MOVES4 = [(1, 0), (0, 1), (-1, 0), (0, -1)]
MOVES8 = MOVES4 + [(1, 1), (-1, 1), (-1, -1), (1, -1)]


def cost_table(grid, layer):
    """(rows, cols) int array of the layer cost of entering each cell (0: impassable)."""
    cells = grid.cells()
    table = np.array([layer.cost_of_cell(v) for v in range(16)], dtype=np.int64)
    return table[cells]


def move_ok(costs, x, y, dx, dy):
    """Whether the move (x, y) -> (x + dx, y + dy) is legal: target passable, no corner cut."""
    rows, cols = costs.shape
    nx, ny = x + dx, y + dy
    if not (0 <= nx < cols and 0 <= ny < rows) or costs[ny, nx] == 0:
        return False
    if dx != 0 and dy != 0:
        if costs[y, x + dx] == 0 or costs[y + dy, x] == 0:
            return False
    return True


def brute_field(costs, sources, eight=True, toward=True):
    """Fixed-point distance field (uint64 semantics, UNREACHED where unreached) by plain Dijkstra.

    toward=True: cost of walking FROM each cell to the nearest source; else from a source TO it.
    """
    rows, cols = costs.shape
    dist = np.full((rows, cols), UNREACHED, dtype=object)
    heap = []
    for (x, y) in sources:
        dist[y, x] = 0
        heapq.heappush(heap, (0, x, y))
    moves = MOVES8 if eight else MOVES4
    while heap:
        d, x, y = heapq.heappop(heap)
        if d != dist[y, x]:
            continue
        for dx, dy in moves:
            if toward:
                # Predecessor c = (x - dx, y - dy) moving onto (x, y).
                cx, cy = x - dx, y - dy
                if not (0 <= cx < cols and 0 <= cy < rows) or not move_ok(costs, cx, cy, dx, dy):
                    continue
                step = int(costs[y, x]) * (DIAGONAL if dx and dy else STRAIGHT)
                tx, ty = cx, cy
            else:
                if not move_ok(costs, x, y, dx, dy):
                    continue
                tx, ty = x + dx, y + dy
                step = int(costs[ty, tx]) * (DIAGONAL if dx and dy else STRAIGHT)
            nd = d + step
            if nd < dist[ty, tx]:
                dist[ty, tx] = nd
                heapq.heappush(heap, (nd, tx, ty))
    return dist


def path_cost(costs, path):
    """The library's exact length of a cell path: straight + diagonal * sqrt(2), in that order."""
    straight = 0
    diagonal = 0
    for (x0, y0), (x1, y1) in zip(path[:-1], path[1:]):
        dx, dy = int(x1 - x0), int(y1 - y0)
        assert max(abs(dx), abs(dy)) == 1, (x0, y0, x1, y1)
        assert move_ok(costs, int(x0), int(y0), dx, dy), (x0, y0, x1, y1)
        c = int(costs[y1, x1])
        if dx and dy:
            diagonal += c
        else:
            straight += c
    return float(straight) + float(diagonal) * math.sqrt(2.0)


def random_grid(pathing, seed, cols=23, rows=17, density=0.25, tags=2):
    rng = np.random.default_rng(seed)
    t = rng.integers(0, tags, size=(rows, cols), dtype=np.uint8)
    b = rng.random((rows, cols)) < density
    return pathing.Grid.from_numpy(t, b)
