"""Moving AI files: loading, errors with file:line:column, the scenario check, the C++ CLI."""

from __future__ import annotations

import csv
import json
import os
import subprocess
from pathlib import Path

import numpy as np
import pytest

import pathing as p
from pathing import io

SEARCHES = {"astar": p.AStar, "greedy": p.GreedyBestFirst, "jps": p.Jps, "jps+": p.JpsPlus}


def test_load_map_and_scenario(data_dir):
    m = io.load_map(data_dir / "rooms-64.map")
    assert m.type == "octile" and m.grid.shape == (64, 64)
    scen = io.load_scenario(str(data_dir / "rooms-64.map.scen"))
    assert len(scen) == len(scen.entries) == 40 and scen.version in ("1", "1.0")
    e = scen.entries[1]
    assert e.start() == (e.start_x, e.start_y) and e.goal() == (e.goal_x, e.goal_y)
    assert e.line == 3 and e.map_width == 64 and e.tolerance() > 0
    assert scen.starts().shape == (40, 2) and scen.starts().dtype == np.int32
    assert scen.goals()[1].tolist() == [e.goal_x, e.goal_y]
    assert scen.optimal_lengths()[1] == e.optimal_length
    assert io.scenario_map_path(scen, data_dir / "rooms-64.map.scen") == data_dir / "rooms-64.map"
    io.validate_scenario(scen, m.grid, "rooms-64.map.scen")
    # Moving AI characters: '@' blocked tag 0, 'T' tag 3; format_map writes the same text back.
    text = (data_dir / "rooms-64.map").read_text()
    assert io.format_map(m.grid) == text.replace("G", ".")
    assert io.parse_map(text, "x.map").grid == m.grid


def test_movingai_layer():
    l = io.movingai_layer()
    assert [l.tag_cost(t) for t in range(8)] == [1, 1, 0, 0, 0, 0, 0, 0]
    assert l.blocked_cost() == 0


def test_malformed_map_names_file_line_column(tmp_path):
    bad = tmp_path / "bad.map"
    bad.write_text("type octile\nheight 2\nwidth 3\nmap\n...\n.x.\n")
    with pytest.raises(io.ParseError) as e:
        io.load_map(bad)
    assert str(e.value).startswith(f"{bad}:6:2: ")
    assert "'x'" in str(e.value)
    assert (e.value.file, e.value.line, e.value.column) == (str(bad), 6, 2)
    assert isinstance(e.value, ValueError)
    short = tmp_path / "short.map"
    short.write_text("type octile\nheight 2\nwidth 3\nmap\n..\n...\n")
    with pytest.raises(io.ParseError, match=r"short\.map:5:3: "):
        io.load_map(short)


def test_malformed_scenario_and_missing_file(tmp_path):
    bad = tmp_path / "bad.scen"
    bad.write_text("version 1\n0\ta.map\t4\t4\t0\t0\t1\tzz\t1.0\n")
    with pytest.raises(io.ParseError) as e:
        io.load_scenario(bad)
    assert (e.value.line, e.value.column) == (2, 19)  # the "zz" field
    assert str(e.value).startswith(f"{bad}:2:19: ")
    with pytest.raises(io.ParseError) as e:
        io.load_map(tmp_path / "nope.map")
    assert str(e.value).startswith(f"{tmp_path / 'nope.map'}:0:0: cannot open the file")
    with pytest.raises(io.ParseError, match=r"^s\.scen:1:1: "):
        io.parse_scenario("versio 1\n", "s.scen")


def test_validate_scenario_errors():
    g = p.Grid(4, 4)
    scen = io.parse_scenario("version 1\n0\ta.map\t4\t4\t0\t0\t9\t1\t1.0\n", "t.scen")
    with pytest.raises(io.ParseError, match=r"^t\.scen:2:"):
        io.validate_scenario(scen, g, "t.scen")


def check_scenario(scen_file: Path, algos=("astar", "jps", "jps+")):
    """Every row of a scenario solved optimally (the CLI's --check rule), by each search."""
    scen = io.load_scenario(scen_file)
    m = io.load_map(io.scenario_map_path(scen, scen_file))
    layer = io.movingai_layer()
    optimal = scen.optimal_lengths()
    tol = scen.tolerances()
    for algo in algos:
        s = SEARCHES[algo]()
        costs = np.array([s.find_path(m.grid, layer, tuple(a), tuple(b)).cost
                          for a, b in zip(scen.starts(), scen.goals())])
        bad = np.flatnonzero(np.abs(costs - optimal) > tol)
        assert bad.size == 0, (
            f"{scen_file.name} {algo}: {bad.size} of {len(scen)} rows not optimal, first row "
            f"{bad[:1]}: {costs[bad[:1]]} vs {optimal[bad[:1]]}")
    return scen, m


def test_scenario_check_rooms(data_dir):
    for name in ("rooms-64", "maze-32", "random-64"):
        check_scenario(data_dir / f"{name}.map.scen")


def test_scenario_check_dao(dao_dir):
    scens = sorted(dao_dir.glob("*.map.scen"))
    assert scens, f"no .map.scen in {dao_dir}"
    for f in scens:
        check_scenario(f, algos=("astar", "jps+"))


def test_batch_scenario_matches_loop(data_dir):
    scen = io.load_scenario(data_dir / "rooms-64.map.scen")
    m = io.load_map(data_dir / "rooms-64.map")
    layer = io.movingai_layer()
    out = p.find_paths(m.grid, layer, scen.starts(), scen.goals(), threads=2)
    assert (out["status"] == int(p.SearchStatus.found)).all()
    assert (np.abs(out["cost"] - scen.optimal_lengths()) <= scen.tolerances()).all()


def cli_path(repo: Path) -> Path:
    env = os.environ.get("PATHING_CLI")
    exe = Path(env) if env else repo / "build" / "release" / "cli" / "pathing"
    if not exe.is_file():
        pytest.skip(f"no C++ CLI at {exe} (set PATHING_CLI, or build the release preset)")
    return exe


@pytest.mark.parametrize("algo", ["astar", "greedy", "jps", "jps+"])
def test_same_results_as_the_cli(repo, data_dir, tmp_path, algo):
    exe = cli_path(repo)
    scen_file = data_dir / "rooms-64.map.scen"
    tsv = tmp_path / "rows.tsv"
    out = subprocess.run([str(exe), "scen", str(scen_file), "--algo", algo, "--json", "--tsv", str(tsv)],
                         check=True, capture_output=True, text=True)
    summary = json.loads(out.stdout)
    with tsv.open() as fh:
        rows = list(csv.DictReader(fh, delimiter="\t"))
    scen = io.load_scenario(scen_file)
    m = io.load_map(data_dir / "rooms-64.map")
    layer = io.movingai_layer()
    s = SEARCHES[algo]()
    assert len(rows) == len(scen) == summary["queries"]
    solved = optimal = 0
    for row, e in zip(rows, scen.entries):
        r = s.find_path(m.grid, layer, e.start(), e.goal())
        assert int(row["expanded"]) == r.stats.expanded, row
        assert int(row["generated"]) == r.stats.generated, row
        if r.found:
            solved += 1
            optimal += abs(r.cost - e.optimal_length) <= e.tolerance()
            assert int(row["plen"]) == r.moves
            assert float(row["pcost"]) == pytest.approx(r.cost, abs=5.1e-9)  # printed %.8f
        else:
            assert row["plen"] == "-1"
    assert (summary["solved"], summary["optimal"]) == (solved, optimal)
