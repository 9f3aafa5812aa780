"""pathing: fast grid path-finding (A*, greedy best-first, JPS, JPS+, Dijkstra maps).

The C++ library ``pathing`` under the same names (see docs/python.md). Cells are ``(x, y)``
tuples; grids as NumPy arrays are ``(rows, cols)``, indexed ``[y, x]``; paths are ``(n, 2)``
``int32`` arrays of ``(x, y)`` rows. Queries never raise for a bad query: the result's
``status`` (a :class:`SearchStatus`) says why it ended. Bad input to constructors and loaders
raises ``ValueError`` (``pathing.io.ParseError`` for files, ``"FILE:LINE:COLUMN: message"``).

Searchers (:class:`AStar`, :class:`GreedyBestFirst`, :class:`Jps`, :class:`JpsPlus`,
:class:`Dijkstra`) own their working memory: keep one per thread and reuse it. Every query
releases the GIL.
"""

from __future__ import annotations

from . import _pathing
from ._pathing import (
    COST_ONE,
    AStar,
    BoundedResult,
    ClearanceMap,
    Connectivity,
    Dijkstra,
    Direction,
    Direction8,
    DistanceField,
    FieldDirection,
    FieldOptions,
    FieldSource,
    FieldStats,
    FlowField,
    GreedyBestFirst,
    Grid,
    GridLayer,
    HierarchyMap,
    HpaStar,
    Jps,
    JpsMap,
    JpsPlus,
    JpsPlusMap,
    LandmarkMap,
    LandmarkStorage,
    MapSync,
    PathBatch,
    PathResult,
    RegionMap,
    SearchLimits,
    SearchOptions,
    SearchStats,
    SearchStatus,
    SectorFlowField,
    line_of_sight,
    smooth_path,
)
from . import io  # noqa: F401  (pathing.io: Moving AI files)

__version__: str = _pathing.__version__

__all__ = [
    "AStar",
    "BoundedResult",
    "COST_ONE",
    "ClearanceMap",
    "Connectivity",
    "Dijkstra",
    "Direction",
    "Direction8",
    "DistanceField",
    "FieldDirection",
    "FieldOptions",
    "FieldSource",
    "FieldStats",
    "FlowField",
    "GreedyBestFirst",
    "Grid",
    "GridLayer",
    "HierarchyMap",
    "HpaStar",
    "Jps",
    "JpsMap",
    "JpsPlus",
    "JpsPlusMap",
    "LandmarkMap",
    "LandmarkStorage",
    "MapSync",
    "PathBatch",
    "PathResult",
    "RegionMap",
    "SearchLimits",
    "SearchOptions",
    "SearchStats",
    "SearchStatus",
    "SectorFlowField",
    "find_paths",
    "io",
    "line_of_sight",
    "smooth_path",
]


def find_paths(grid, layer, starts, goals, options=None, threads=0):
    """Runs ``AStar.find_path`` for every ``(starts[i], goals[i])`` on a pool of ``threads`` C++
    threads (0: one a core), GIL released; see :meth:`PathBatch.find_paths` for the result (a
    dict of arrays: ``status``, ``cost``, ``moves``, ``expanded``, ``paths``). Deterministic:
    the same results as a loop of ``AStar().find_path``, whatever the thread count. For many
    calls, keep one :class:`PathBatch` instead (its threads are started once)."""
    return PathBatch(threads).find_paths(grid, layer, starts, goals, options)


def __getattr__(name: str) -> object:
    """Deprecated names, kept for one release: ``GreedyBfs`` is ``GreedyBestFirst``."""
    if name == "GreedyBfs":
        import warnings

        warnings.warn(
            "pathing.GreedyBfs is renamed pathing.GreedyBestFirst", DeprecationWarning, stacklevel=2
        )
        return GreedyBestFirst
    raise AttributeError(f"module 'pathing' has no attribute {name!r}")
