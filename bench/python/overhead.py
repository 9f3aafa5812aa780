#!/usr/bin/env python3
"""Per-query overhead of the Python binding over the C++ call (issue #18).

For each map (the shipped data/rooms-64 scenario, and the DAO scenarios of
../shared/data/movingai/dao when present, or $PATHING_SHARED_DATA/movingai/dao) and each search,
times the scenario's queries two ways, alternating, `--repeats` rounds:
  C++:    pathing._bench.time_find_path: the same find_path calls in a C++ loop (steady_clock,
          GIL released; the result's cells go to the searcher's reused buffer);
  Python: a Python loop of searcher.find_path(grid, layer, start, goal) (tuples), each call
          returning a PathResult with its (n, 2) path array;
and reports the medians (us a query) and the median of the per-round differences: the overhead.
A "trivial" row (start == goal: no search at all) isolates the call overhead itself.
Target: at most 1 us a query on top of C++.

  /usr/bin/python3 bench/python/overhead.py [--repeats 7] [--max-queries 1000] [--json]
(with the package importable: installed, or PYTHONPATH=build/python)
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from pathlib import Path

import pathing as p
from pathing import _pathing, io

REPO = Path(__file__).resolve().parents[2]


def shared_dao() -> Path:
    env = os.environ.get("PATHING_SHARED_DATA")
    base = Path(env) if env else REPO.parent / "shared" / "data"
    return base / "movingai" / "dao"


def time_python(s, grid, layer, pairs) -> float:
    t0 = time.perf_counter_ns()
    for a, b in pairs:
        s.find_path(grid, layer, a, b)
    return (time.perf_counter_ns() - t0) / max(1, len(pairs)) / 1000.0


def measure(s, grid, layer, starts, goals, repeats):
    pairs = [(tuple(int(v) for v in a), tuple(int(v) for v in b)) for a, b in zip(starts, goals)]
    # Warm up: the searcher's memory, a JPS+ table, caches.
    time_python(s, grid, layer, pairs[: min(len(pairs), 50)])
    cpp, py, diff = [], [], []
    for _ in range(repeats):
        ns, _ = _pathing._bench.time_find_path(s, grid, layer, starts, goals, 1)
        c = ns / 1000.0
        t = time_python(s, grid, layer, pairs)
        cpp.append(c)
        py.append(t)
        diff.append(t - c)
    return statistics.median(cpp), statistics.median(py), statistics.median(diff)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeats", type=int, default=7)
    ap.add_argument("--max-queries", type=int, default=1000,
                    help="queries a scenario (evenly spread over the file)")
    ap.add_argument("--json", action="store_true", help="print the rows as JSON")
    args = ap.parse_args()

    scens = [REPO / "data" / "rooms-64.map.scen"]
    dao = shared_dao()
    if dao.is_dir():
        scens += sorted(dao.glob("*.map.scen"))
    else:
        print(f"note: {dao} not found: DAO maps skipped", file=sys.stderr)

    rows = []
    layer = io.movingai_layer()
    for scen_file in scens:
        scen = io.load_scenario(scen_file)
        m = io.load_map(io.scenario_map_path(scen, scen_file))
        starts, goals = scen.starts(), scen.goals()
        if len(starts) > args.max_queries:
            step = len(starts) / args.max_queries
            idx = [int(i * step) for i in range(args.max_queries)]
            starts, goals = starts[idx], goals[idx]
        for name, cls in (("AStar", p.AStar), ("JpsPlus", p.JpsPlus)):
            s = cls()
            c, t, d = measure(s, m.grid, layer, starts, goals, args.repeats)
            rows.append(dict(map=scen_file.name.replace(".map.scen", ""), search=name,
                             queries=len(starts), cpp_us=c, python_us=t, overhead_us=d))
        # start == goal: no search, the call overhead alone.
        trivial = starts[:1].repeat(20000, axis=0)
        c, t, d = measure(p.AStar(), m.grid, layer, trivial, trivial, args.repeats)
        rows.append(dict(map=scen_file.name.replace(".map.scen", ""), search="AStar trivial",
                         queries=len(trivial), cpp_us=c, python_us=t, overhead_us=d))

    if args.json:
        print(json.dumps(dict(python=platform.python_version(), rows=rows), indent=1))
        return 0
    print(f"Python {platform.python_version()}, pathing {p.__version__}, {args.repeats} rounds, "
          f"medians; overhead = median of (Python - C++) per round; target <= 1 us")
    print(f"| map | search | queries | C++ us/query | Python us/query | overhead us |")
    print(f"|---|---|---:|---:|---:|---:|")
    for r in rows:
        print(f"| {r['map']} | {r['search']} | {r['queries']} | {r['cpp_us']:.3f} | "
              f"{r['python_us']:.3f} | {r['overhead_us']:+.3f} |")
    call = max(r["overhead_us"] for r in rows if r["search"].endswith("trivial"))
    real = statistics.median(r["overhead_us"] for r in rows if not r["search"].endswith("trivial"))
    print(f"\ncall overhead (start == goal rows, worst): {call:.3f} us a query: "
          f"{'within' if call <= 1.0 else 'ABOVE'} the 1 us target")
    print(f"real queries: median overhead {real:.3f} us a query (rows of 100+ us queries are "
          f"within run-to-run noise)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
