#!/usr/bin/env python3
# pathing: fast grid path-finding. MIT licensed.
"""Runs GPPC classic-track entries and ours side by side in the start kit's own harness.

For each entry (a folder in the kit's layout: its Entry.cpp, compile.sh, sources; often a whole
kit checkout of its own), the script copies the start kit to a scratch folder, copies the entry's
files over it (the entry's files win, as in a submission repository), runs the entry's
compile.sh, then for each map runs `./run -pre MAP none`, `./run -run MAP SCEN` (the timed run:
`result.csv`) and `./run -check MAP SCEN` (the paths, for validity), each under a timeout. Ours
are built the same way from tools/gppc/Entry.cpp with -std=c++20 (the kit's Makefile says c++17,
which our headers do not accept): `pathing-jps-plus` (JPS+) and `pathing-jps` (online JPS,
-DPATHING_GPPC_SEARCH=jps).

It prints Markdown tables: mean microseconds per query (map x entry) with marks for invalid and
non-optimal answers and for entries not run, the same divided by our fastest exact entry,
preprocessing time and index size. Nothing of the entries is kept in this repository: builds and
results go to --work (default /tmp/gppc-compare). See tools/gppc/README.md.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
KIT_URL = "https://github.com/gppc-dev/startkit-classic"
OURS = {
    # name -> extra compile definitions
    "jps_plus": ("pathing-jps-plus", []),
    "jps": ("pathing-jps", ["-DPATHING_GPPC_SEARCH=jps"]),
    "subgoal": ("pathing-subgoal", ["-DPATHING_GPPC_SEARCH=subgoal"]),
    "auto": ("pathing-auto", ["-DPATHING_GPPC_SEARCH=auto"]),
}
# Tolerance of a path length against the scenario's optimal length: 1e-4 relative, or the row's
# printed precision when coarser (half a unit in the last printed place plus a float32 ulp, as
# io::ScenarioEntry::tolerance: bg512 files print 2 decimals, others 6 significant digits).
REL_TOL = 1e-4


def log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


# --- processes ----------------------------------------------------------------------------------

def run_cmd(cmd, cwd, timeout, log_file=None, env=None):
    """Runs cmd in its own process group; returns (status, wall seconds, return code).
    status: "ok", "timeout" or "crash" (non-zero exit or signal). On timeout the whole group is
    killed (only the processes this call started)."""
    out = open(log_file, "ab") if log_file else subprocess.DEVNULL
    start = time.monotonic()
    try:
        proc = subprocess.Popen(cmd, cwd=cwd, stdout=out, stderr=subprocess.STDOUT if log_file
                                else subprocess.DEVNULL, env=env, start_new_session=True)
        try:
            rc = proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            proc.wait()
            return "timeout", time.monotonic() - start, None
    finally:
        if log_file:
            out.close()
    wall = time.monotonic() - start
    return ("ok" if rc == 0 else "crash"), wall, rc


# --- the kit ------------------------------------------------------------------------------------

def prepare_kit(kit_arg: str | None, work: Path) -> Path:
    """A directory holding the kit's files: the given checkout, or extracted from a git dir, or
    cloned from KIT_URL."""
    if kit_arg:
        p = Path(kit_arg)
        if (p / "main.cpp").is_file():
            return p.resolve()
        if (p / "HEAD").is_file() and (p / "objects").is_dir():  # a bare git directory
            dest = work / "kit"
            if not (dest / "main.cpp").is_file():
                dest.mkdir(parents=True, exist_ok=True)
                archive = subprocess.run(["git", f"--git-dir={p}", "archive", "HEAD"],
                                         check=True, capture_output=True).stdout
                subprocess.run(["tar", "-x", "-C", str(dest)], input=archive, check=True)
            return dest
        sys.exit(f"compare.py: --kit {kit_arg}: neither a kit checkout (main.cpp) nor a git dir")
    dest = work / "kit"
    if not (dest / "main.cpp").is_file():
        log(f"cloning {KIT_URL} into {dest}")
        subprocess.run(["git", "clone", "--depth", "1", KIT_URL, str(dest)], check=True)
    return dest


def kit_version(kit: Path) -> str:
    v = kit / "version.txt"
    return v.read_text().strip() if v.is_file() else "?"


def copy_tree(src: Path, dest: Path) -> None:
    shutil.copytree(src, dest, dirs_exist_ok=True, symlinks=True,
                    ignore=shutil.ignore_patterns(".git", "index_data", "run", "*.o",
                                                  "result.csv", "run.stdout", "run.stderr"))


# --- entries ------------------------------------------------------------------------------------

class Entry:
    def __init__(self, name: str, source: Path | None, defines=None):
        self.name = name
        self.source = source  # None: ours
        self.defines = defines or []

    @property
    def ours(self) -> bool:
        return self.source is None


def build_entry(e: Entry, kit: Path, work: Path, args) -> tuple[str, Path]:
    """Builds e in work/build/<name>; returns (status, dir). status: "ok" or "did not build"
    or "build timeout"."""
    d = work / "build" / e.name
    exe = d / "run"
    failed = work / "build" / (e.name + ".failed")  # a failed build is not retried
    if not args.rebuild:
        if exe.is_file():
            return "ok", d
        if failed.is_file():
            return failed.read_text().strip(), d
    failed.unlink(missing_ok=True)
    if d.exists():
        shutil.rmtree(d)
    copy_tree(kit, d)
    blog = d / "build.log"
    if e.ours:
        shutil.copy(ROOT / "tools" / "gppc" / "Entry.cpp", d / "Entry.cpp")
        (d / "index_data").mkdir(exist_ok=True)
        cmd = (["g++", "-std=c++20"] + args.our_cxxflags.split() + e.defines +
               [f"-I{ROOT / 'include'}", "-o", "run"] + sorted(p.name for p in d.glob("*.cpp")))
        blog.write_text(" ".join(cmd) + "\n")
    else:
        copy_tree(e.source, d)
        cmd = ["bash", "compile.sh"]
    log(f"building {e.name} ...")
    status, wall, rc = run_cmd(cmd, d, args.build_timeout, blog)
    if status == "timeout":
        failed.write_text("build timeout\n")
        return "build timeout", d
    if status != "ok" or not exe.is_file():
        log(f"  {e.name}: did not build (exit {rc}); see {blog}")
        failed.write_text("did not build\n")
        return "did not build", d
    log(f"  {e.name}: built in {wall:.0f} s")
    return "ok", d


# --- maps and scenarios -------------------------------------------------------------------------

def find_scenarios(paths) -> list[Path]:
    out = []
    for p in paths:
        p = Path(p)
        if p.is_dir():
            out += sorted(p.rglob("*.scen"))
        elif p.is_file():
            out.append(p)
        else:
            sys.exit(f"compare.py: no such scenario file or directory: {p}")
    return [s.resolve() for s in out]


def map_of(scen: Path) -> Path:
    """The map beside the scenario: X.map for X.map.scen, else the first row's map column."""
    if scen.name.endswith(".map.scen"):
        m = scen.with_name(scen.name[: -len(".scen")])
        if m.is_file():
            return m
    with open(scen) as f:
        f.readline()
        row = f.readline().split("\t")
    if len(row) > 1:
        m = scen.parent / Path(row[1]).name
        if m.is_file():
            return m
    sys.exit(f"compare.py: cannot find the map of {scen}")


def map_key(scen: Path) -> str:
    """A short name: parent folder / map name without extension (dao/arena2)."""
    base = scen.name[: -len(".map.scen")] if scen.name.endswith(".map.scen") else scen.stem
    return f"{scen.parent.name}/{base}"


def load_map(path: Path):
    """The kit's reading: '.', 'G', 'S' traversable, any other non-space character blocked.
    Returns (width, height, bytes of width * height, 1 = traversable)."""
    with open(path) as f:
        text = f.read()
    header, _, body = text.partition("\nmap\n")
    h = w = None
    for line in header.splitlines():
        parts = line.split()
        if len(parts) == 2 and parts[0] == "height":
            h = int(parts[1])
        elif len(parts) == 2 and parts[0] == "width":
            w = int(parts[1])
    cells = "".join(body.split())
    table = bytes(1 if chr(c) in ".GS" else 0 for c in range(256))
    raw = cells[: w * h].encode("latin-1").translate(table)
    return w, h, raw


def read_scenario(scen: Path):
    rows = []
    with open(scen) as f:
        for line in f:
            p = line.split()
            if len(p) >= 9 and p[0] != "version":
                decimals = len(p[8].partition(".")[2])
                rows.append((int(p[4]), int(p[5]), int(p[6]), int(p[7]), float(p[8]), decimals))
    return rows


# --- checking answers ---------------------------------------------------------------------------

def segment_ok(g: bytes, w: int, x0, y0, x1, y1) -> bool:
    """The kit's validator: a horizontal, vertical or 45-degree segment over traversable cells,
    no corner cut on a diagonal. Endpoints are in bounds (checked by the caller)."""
    ddx, ddy = x1 - x0, y1 - y0
    if ddx == 0 and ddy == 0:
        return True
    if ddx != 0 and ddy != 0 and abs(ddx) != abs(ddy):
        return False
    n = max(abs(ddx), abs(ddy))
    sx = (ddx > 0) - (ddx < 0)
    sy = (ddy > 0) - (ddy < 0)
    stride = sy * w + sx
    i0 = y0 * w + x0

    def line(start, count):  # count cells from start, step stride
        if stride > 0:
            return g[start: start + (count - 1) * stride + 1: stride]
        last = start + (count - 1) * stride
        return g[last: start + 1: -stride]

    if 0 in line(i0, n + 1):
        return False
    if sx != 0 and sy != 0:  # both cells beside each diagonal step
        if 0 in line(i0 + sx, n) or 0 in line(i0 + sy * w, n):
            return False
    return True


def check_paths(stdout_file: Path, mapdata, rows):
    """Reads `-check` output ("sx sy gx gy valid|invalid-i N x y ... length" a query) and checks
    every path ourselves: points on the map and traversable, segments as the kit's validator
    wants, first point the start and last the goal; a path of one point is invalid (kit rule);
    an empty path is valid (it means "no path": judged by the length). Returns a dict."""
    w, h, g = mapdata
    res = {"checked": 0, "invalid": 0, "harness_invalid": 0, "nonoptimal": 0, "examples": []}
    with open(stdout_file, errors="replace") as f:
        lines = [ln for ln in f if ln[:1].isdigit() or ln[:1] == "-"]
    for k, line in enumerate(lines):
        p = line.split()
        if len(p) < 6 or k >= len(rows):
            break
        try:
            sx, sy, gx, gy = map(int, p[:4])
            n = int(p[5])
            pts = list(map(int, p[6: 6 + 2 * n]))
        except ValueError:  # a malformed line: this row's path is not checked
            break
        verdict = p[4]
        res["checked"] += 1
        if verdict != "valid":
            res["harness_invalid"] += 1
        ok = True
        why = ""
        if len(pts) < 2 * n:
            ok, why = False, "truncated line"
            n = len(pts) // 2
        elif n == 1:
            ok, why = False, "one point"
        elif n >= 2:
            xs, ys = pts[0::2], pts[1::2]
            if (xs[0], ys[0]) != (sx, sy) or (xs[-1], ys[-1]) != (gx, gy):
                ok, why = False, "does not join start and goal"
            elif min(xs) < 0 or max(xs) >= w or min(ys) < 0 or max(ys) >= h:
                ok, why = False, "a point off the map"
            else:  # every point is an end of a segment: the segments check the cells
                for i in range(n - 1):
                    if not segment_ok(g, w, xs[i], ys[i], xs[i + 1], ys[i + 1]):
                        ok, why = False, f"segment {i} not straight/diagonal or blocked"
                        break
        length = 0.0
        for i in range(0, 2 * n - 2, 2):
            length += math.hypot(pts[i + 2] - pts[i], pts[i + 3] - pts[i + 1])
        if ok and not length_ok(length, rows[k][4], (sx, sy) == (gx, gy), rows[k][5]):
            res["nonoptimal"] += 1
        if not ok:
            res["invalid"] += 1
            if len(res["examples"]) < 3:
                res["examples"].append(f"row {k}: {why}")
    if res["checked"] < len(rows):
        res["missing"] = len(rows) - res["checked"]
    return res


def length_ok(length: float, ref: float, same_cell: bool, decimals: int = 8) -> bool:
    if ref <= 0 or same_cell:  # no path (or start = goal): the empty path, length 0
        return length == 0
    printed = 0.5 * 10.0 ** -decimals + 2.0 ** -23 * ref
    return abs(length - ref) <= max(REL_TOL * ref, printed)


def read_results(csv_file: Path, rows):
    """result.csv of `-run`: time_cost in ns a query; lengths against the scenario's."""
    times = []
    nonopt = 0
    with open(csv_file) as f:
        header = f.readline().strip().split(",")
        col = {c: i for i, c in enumerate(header)}
        for k, line in enumerate(f):
            p = line.strip().split(",")
            if len(p) < len(header):
                continue
            times.append(float(p[col["time_cost"]]))
            plen = float(p[col["path_length"]])
            ref = float(p[col["ref_length"]])
            same = k < len(rows) and rows[k][:2] == rows[k][2:4]
            decimals = rows[k][5] if k < len(rows) else 8
            if not length_ok(plen, ref, same, decimals):
                nonopt += 1
    return times, nonopt


# --- one entry on one map -----------------------------------------------------------------------

def run_one(e: Entry, d: Path, scen: Path, args, work: Path) -> dict:
    m = map_of(scen)
    key = map_key(scen)
    out = {"entry": e.name, "map": key, "scen": str(scen), "rows": 0}
    rows = read_scenario(scen)
    out["rows"] = len(rows)
    idx = d / "index_data"
    if idx.exists():
        shutil.rmtree(idx)
    idx.mkdir()
    for f in ("result.csv", "run.stdout", "run.stderr"):
        (d / f).unlink(missing_ok=True)
    env = dict(os.environ, GPPC_REDIRECT_OUTPUT="1")
    rlog = work / "logs" / e.name / (key.replace("/", "+") + ".log")
    rlog.parent.mkdir(parents=True, exist_ok=True)
    rlog.write_text("")

    status, wall, rc = run_cmd(["./run", "-pre", str(m), "none"], d, args.timeout, rlog, env)
    out["pre_s"] = wall
    out["index_bytes"] = sum(p.stat().st_size for p in idx.rglob("*") if p.is_file())
    if status != "ok":
        out["status"] = "timeout (pre)" if status == "timeout" else f"crash (pre, {rc})"
        return out

    status, wall, rc = run_cmd(["./run", "-run", str(m), str(scen)], d, args.timeout, rlog, env)
    out["run_s"] = wall
    if status != "ok":
        out["status"] = "timeout" if status == "timeout" else f"crash ({rc})"
        return out
    csv = d / "result.csv"
    if not csv.is_file():
        out["status"] = "no result.csv"
        return out
    shutil.copy(csv, rlog.with_suffix(".csv"))
    times, nonopt = read_results(csv, rows)
    out["answered"] = len(times)
    out["mean_us"] = sum(times) / len(times) / 1000 if times else None
    out["max_us"] = max(times) / 1000 if times else None
    out["query_s"] = sum(times) / 1e9
    out["nonoptimal"] = nonopt
    out["status"] = "ok" if len(times) == len(rows) else f"answered {len(times)} of {len(rows)}"

    if args.no_check:
        out["check"] = "not run"
        return out
    (d / "run.stdout").unlink(missing_ok=True)
    status, wall, rc = run_cmd(["./run", "-check", str(m), str(scen)], d, args.timeout, rlog,
                               env)
    if status != "ok" or not (d / "run.stdout").is_file():
        out["check"] = "timeout" if status == "timeout" else f"crash ({rc})"
        return out
    c = check_paths(d / "run.stdout", load_map(m), rows)
    out["check"] = "ok"
    out["invalid"] = c["invalid"]
    out["harness_invalid"] = c["harness_invalid"]
    out["check_nonoptimal"] = c["nonoptimal"]
    out["check_missing"] = c.get("missing", 0)
    out["invalid_examples"] = c["examples"]
    return out


# --- the report ---------------------------------------------------------------------------------

def fmt_us(v: float) -> str:
    if v < 10:
        return f"{v:.2f}"
    if v < 100:
        return f"{v:.1f}"
    return f"{v:.0f}"


def exact(r: dict) -> bool:
    return (r.get("status") == "ok" and r.get("mean_us") is not None and r.get("nonoptimal", 1) == 0
            and r.get("check") == "ok" and r.get("invalid", 1) == 0
            and r.get("check_nonoptimal", 1) == 0 and r.get("check_missing", 1) == 0)


def cell(r: dict | None) -> str:
    if r is None:
        return "not run"
    if r.get("status") in ("did not build", "build timeout"):
        return r["status"]
    if r.get("mean_us") is None:
        return r.get("status", "?")
    s = fmt_us(r["mean_us"])
    marks = []
    if r.get("status") != "ok":
        marks.append(r["status"])
    if r.get("invalid", 0) > 0:
        marks.append(f"! {r['invalid']} invalid")
    nonopt = max(r.get("nonoptimal", 0), r.get("check_nonoptimal", 0))
    if nonopt > 0:
        marks.append(f"* {nonopt} not optimal")
    if r.get("check") not in ("ok", None):
        marks.append(f"? check {r['check']}")
    return s + (" (" + "; ".join(marks) + ")" if marks else "")


def render(results: list[dict], entry_order: list[str], map_order: list[str], pairs, meta) -> str:
    by = {(r["entry"], r["map"]): r for r in results}
    entries = [e for e in entry_order if any(r["entry"] == e for r in results)]
    maps = [m for m in map_order if any(r["map"] == m for r in results)]
    ours = [e for e in entries if e.startswith("pathing-")]
    rows_of = {r["map"]: r["rows"] for r in results}
    L = []
    if meta:
        L.append(meta)
        L.append("")
    L.append("Mean microseconds per query (the harness's `time_cost` of `-run`, every scenario row):")
    L.append("")
    L.append("| map | rows | " + " | ".join(entries) + " |")
    L.append("|---|---:|" + "---:|" * len(entries))
    for m in maps:
        L.append(f"| {m} | {rows_of.get(m, '')} | " +
                 " | ".join(cell(by.get((e, m))) for e in entries) + " |")
    L.append("")
    L.append("Marks: `!` invalid paths (our check of `-check`'s output: points on traversable "
             "cells, straight or diagonal segments without corner cutting, from start to goal), "
             "`*` lengths not optimal (more than 1e-4 relative from the scenario's, or its printed precision when coarser), `?` the "
             "`-check` run did not finish; `timeout` / `crash`: the entry did not finish the map; "
             "`did not build`, `not run`.")
    if ours:
        L.append("")
        L.append("Each entry's mean divided by our fastest exact entry's on the map (> 1: ours "
                 "faster; only exact answers compared, `-` otherwise):")
        L.append("")
        others = [e for e in entries if e not in ours]
        L.append("| map | our fastest | " + " | ".join(others) + " |")
        L.append("|---|---|" + "---:|" * len(others))
        worst = {e: None for e in others}
        for m in maps:
            mine = [(by[(e, m)]["mean_us"], e) for e in ours if (e, m) in by and exact(by[(e, m)])]
            if not mine:
                L.append(f"| {m} | - | " + " | ".join("-" for _ in others) + " |")
                continue
            best, best_e = min(mine)
            cells = []
            for e in others:
                r = by.get((e, m))
                if r is not None and exact(r):
                    q = r["mean_us"] / best
                    worst[e] = q if worst[e] is None else min(worst[e], q)
                    cells.append(f"{q:.2f}")
                else:
                    cells.append("-")
            L.append(f"| {m} | {best_e} | " + " | ".join(cells) + " |")
        L.append("| **smallest** | | " + " | ".join(
            "-" if worst[e] is None else f"**{worst[e]:.2f}**" for e in others) + " |")
    for a, b in pairs:
        if a not in entries or b not in entries:
            continue
        L.append("")
        L.append(f"{a} mean / {b} mean (> 1: {b} faster):")
        L.append("")
        L.append(f"| map | {a} us | {b} us | ratio |")
        L.append("|---|---:|---:|---:|")
        for m in maps:
            ra, rb = by.get((a, m)), by.get((b, m))
            if ra and rb and exact(ra) and exact(rb):
                L.append(f"| {m} | {fmt_us(ra['mean_us'])} | {fmt_us(rb['mean_us'])} | "
                         f"{ra['mean_us'] / rb['mean_us']:.2f} |")
            else:
                L.append(f"| {m} | {cell(ra)} | {cell(rb)} | - |")
    L.append("")
    L.append("Preprocessing (`-pre`, wall seconds of the process) / index size (`index_data/`, MB):")
    L.append("")
    L.append("| map | " + " | ".join(entries) + " |")
    L.append("|---|" + "---:|" * len(entries))
    for m in maps:
        cells = []
        for e in entries:
            r = by.get((e, m))
            if r is None or "pre_s" not in r:
                cells.append("-" if r is None else r.get("status", "-"))
            else:
                s = f"{r['pre_s']:.2f} s / {r['index_bytes'] / 1e6:.1f} MB"
                if r.get("status", "").startswith(("timeout (pre", "crash (pre")):
                    s = r["status"]
                cells.append(s)
        L.append(f"| {m} | " + " | ".join(cells) + " |")
    L.append("")
    L.append("Load + prepare (`-run`'s wall seconds minus the timed queries: reading the map and "
             "the scenario, `PrepareForSearch`, writing result.csv):")
    L.append("")
    L.append("| map | " + " | ".join(entries) + " |")
    L.append("|---|" + "---:|" * len(entries))
    for m in maps:
        cells = []
        for e in entries:
            r = by.get((e, m))
            if r is None or "query_s" not in r:
                cells.append("-")
            else:
                cells.append(f"{max(0.0, r['run_s'] - r['query_s']):.2f}")
        L.append(f"| {m} | " + " | ".join(cells) + " |")
    return "\n".join(L) + "\n"


def machine_line(commit: str, kitv: str, archive_note: str) -> str:
    model = "?"
    flags = []
    try:
        out = subprocess.run(["lscpu"], capture_output=True, text=True).stdout
        for line in out.splitlines():
            if line.startswith("Model name:"):
                model = line.split(":", 1)[1].strip()
            if line.startswith("Flags:"):
                fl = line.split(":", 1)[1].split()
                flags = [f for f in ("avx2", "avx512f", "avx512bw") if f in fl]
        cpus = os.cpu_count()
    except OSError:
        cpus = os.cpu_count()
    gxx = subprocess.run(["g++", "--version"], capture_output=True, text=True).stdout.split("\n")[0]
    return (f"Machine: {model}, {cpus} CPUs, flags {' '.join(flags) or 'none of avx2/avx512'}; "
            f"{gxx}; pathing commit {commit}; kit version {kitv}{archive_note}; "
            f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}.")


# --- self-test --------------------------------------------------------------------------------

def self_test() -> int:
    """Checks the path checker and the length rule on a hand-made map (no kit, no network)."""
    import tempfile
    rows_text = ["....",
                 ".@..",
                 "....",
                 "...."]
    w, h = 4, 4
    g = bytes(1 if c == "." else 0 for c in "".join(rows_text))
    cases = [
        ((0, 0, 3, 0), True),    # straight
        ((0, 0, 0, 3), True),
        ((3, 3, 0, 3), True),    # straight, backwards
        ((0, 1, 2, 1), False),   # through the obstacle at (1, 1)
        ((2, 0, 0, 2), False),   # diagonal through the obstacle
        ((0, 2, 1, 3), True),    # diagonal
        ((3, 0, 2, 1), True),
        ((2, 2, 3, 3), True),
        ((0, 3, 3, 0), False),   # the step (1, 2) -> (2, 1) cuts the obstacle's corner
        ((1, 0, 0, 1), False),   # cuts the corner at (1, 1)
        ((0, 0, 2, 1), False),   # not 45 degrees
    ]
    bad = 0
    for (x0, y0, x1, y1), want in cases:
        got = segment_ok(g, w, x0, y0, x1, y1)
        if got != want:
            print(f"segment {(x0, y0, x1, y1)}: got {got}, want {want}")
            bad += 1
    for got, want in ((length_ok(0.0, 0.0, False), True), (length_ok(1.0, 0.0, False), False),
                      (length_ok(10.0005, 10.0, False), True),
                      (length_ok(10.01, 10.0, False), False), (length_ok(0.0, 0.0, True), True),
                      (length_ok(1.41421356, 1.41, False, 2), True),
                      (length_ok(1.41421356, 1.41, False, 5), False)):
        if got != want:
            print("length_ok: wrong answer")
            bad += 1
    rows = [(0, 0, 3, 3, 3 * math.sqrt(2), 8), (0, 1, 2, 1, 4.0, 8), (0, 0, 3, 0, 3.0, 8),
            (0, 0, 3, 0, 3.0, 8), (0, 0, 3, 0, 3.0, 8), (0, 2, 3, 2, 3.0, 8),
            (0, 0, 3, 0, 3.0, 8)]
    out = ("0 0 3 3 valid 2 0 0 0 1 1.00000\n"              # does not end at the goal
           "0 1 2 1 valid 4 0 1 0 2 2 2 2 1 4.00000\n"      # valid, optimal
           "0 0 3 0 valid 2 0 0 3 0 3.00000\n"              # valid, optimal
           "0 0 3 0 invalid-0 1 0 0 0.00000\n"              # one point
           "0 0 3 0 valid 3 0 0 2 2 3 0 5.06449\n"          # through the obstacle
           "0 2 3 2 valid 4 0 2 0 3 3 3 3 2 5.00000\n"      # valid, 5 > 3: not optimal
           "0 0 3 0 valid 3 0 0 3 0\n")                     # truncated
    with tempfile.NamedTemporaryFile("w", suffix=".stdout", delete=False) as f:
        f.write(out)
    c = check_paths(Path(f.name), (w, h, g), rows)
    os.unlink(f.name)
    want = {"checked": 7, "invalid": 4, "harness_invalid": 1, "nonoptimal": 1}
    for k, v in want.items():
        if c[k] != v:
            print(f"check_paths {k}: got {c[k]}, want {v} ({c})")
            bad += 1
    print("self-test: " + ("PASS" if bad == 0 else f"{bad} FAILED"))
    return 0 if bad == 0 else 1


# --- main ---------------------------------------------------------------------------------------

def main() -> int:
    ap = argparse.ArgumentParser(
        description="Build GPPC classic entries and ours in the start kit's harness, run them on "
                    "Moving AI maps, print a Markdown table of mean microseconds per query.",
        epilog="Example: compare.py --kit ~/startkit-classic --entries "
               "/tmp/algorithm-archive/classic/2023 ../shared/data/movingai")
    ap.add_argument("scenarios", nargs="*",
                    help="scenario files (X.map.scen beside X.map) or folders searched for "
                         "*.scen (default: ../shared/data/movingai beside the repository)")
    ap.add_argument("--kit", help="the start kit: a checkout, or a git directory to extract "
                                  f"(default: clone {KIT_URL} into --work)")
    ap.add_argument("--entries", help="a folder of entries, one subfolder each in the kit's "
                                      "layout (e.g. algorithm-archive/classic/2023)")
    ap.add_argument("--entry", action="append", default=[],
                    help="only this entry of --entries (repeatable)")
    ap.add_argument("--ours", default="jps_plus,jps",
                    help="ours to include: jps_plus, jps, subgoal, auto, comma-separated, or none "
                         "(default: %(default)s)")
    ap.add_argument("--our-cxxflags", default="-O3 -DNDEBUG",
                    help="flags for ours besides -std=c++20 (default: %(default)s)")
    ap.add_argument("--timeout", type=float, default=600,
                    help="seconds each of -pre, -run, -check may take on one map "
                         "(default: %(default)s); over it the map is reported as a timeout")
    ap.add_argument("--build-timeout", type=float, default=1800,
                    help="seconds an entry's build may take (default: %(default)s)")
    ap.add_argument("--work", default="/tmp/gppc-compare",
                    help="scratch folder for builds, logs and results (default: %(default)s)")
    ap.add_argument("--rebuild", action="store_true", help="rebuild entries already built")
    ap.add_argument("--resume", action="store_true",
                    help="skip the (entry, map) pairs whose results are already in --work")
    ap.add_argument("--no-check", action="store_true",
                    help="skip the -check runs (no validity check: cells marked '?')")
    ap.add_argument("--pair", action="append", default=[],
                    help="A:B, also print mean(A) / mean(B) per map (repeatable; default "
                         "Warthog-JPS2:pathing-jps when both run)")
    ap.add_argument("--report-only", action="store_true",
                    help="run nothing: print the tables from the results saved in --work")
    ap.add_argument("--output", help="also write the tables to this file")
    ap.add_argument("--dry-run", action="store_true",
                    help="list the entries and maps and the commands, build and run nothing")
    ap.add_argument("--self-test", action="store_true",
                    help="check the path checker on a hand-made map and exit")
    args = ap.parse_args()
    if args.self_test:
        return self_test()

    work = Path(args.work).resolve()
    scen_args = args.scenarios or [str(ROOT.parent / "shared" / "data" / "movingai")]
    scens = find_scenarios(scen_args)
    keys = [map_key(s) for s in scens]

    entries: list[Entry] = []
    if args.entries:
        src = Path(args.entries)
        if not src.is_dir():
            sys.exit(f"compare.py: --entries {src}: not a folder")
        for d in sorted(p for p in src.iterdir() if p.is_dir()):
            if args.entry and d.name not in args.entry:
                continue
            if not (d / "Entry.cpp").is_file() and not (d / "compile.sh").is_file():
                log(f"skipping {d}: no Entry.cpp or compile.sh")
                continue
            entries.append(Entry(d.name, d.resolve()))
    if args.ours != "none":
        for o in args.ours.split(","):
            if o not in OURS:
                sys.exit(f"compare.py: --ours {o}: expected jps_plus, jps, subgoal, auto or none")
            name, defs = OURS[o]
            entries.append(Entry(name, None, defs))
    pairs = [tuple(p.split(":", 1)) for p in args.pair if ":" in p] or [
        ("Warthog-JPS2", "pathing-jps")]

    if args.dry_run:
        print(f"work folder: {work}")
        print(f"kit: {args.kit or KIT_URL}")
        for e in entries:
            how = (f"g++ -std=c++20 {args.our_cxxflags} {' '.join(e.defines)} -I{ROOT / 'include'}"
                   " -o run *.cpp (tools/gppc/Entry.cpp in a kit copy)".replace("  ", " ")
                   if e.ours else f"kit copy + {e.source}, bash compile.sh")
            print(f"entry {e.name}: {how}")
        for s, k in zip(scens, keys):
            print(f"map {k}: {map_of(s)} {s} ({len(read_scenario(s))} rows)")
        print(f"each map: ./run -pre MAP none; ./run -run MAP SCEN; "
              f"{'' if args.no_check else './run -check MAP SCEN; '}timeout {args.timeout:g} s each")
        return 0

    results_dir = work / "results"
    if not args.report_only:
        work.mkdir(parents=True, exist_ok=True)
        kit = prepare_kit(args.kit, work)
        (work / "kit-version.txt").write_text(kit_version(kit) + "\n")
        built = {}
        for e in entries:
            built[e.name] = build_entry(e, kit, work, args)
        for s, k in zip(scens, keys):
            for e in entries:
                status, d = built[e.name]
                f = results_dir / e.name / (k.replace("/", "+") + ".json")
                f.parent.mkdir(parents=True, exist_ok=True)
                if args.resume and f.is_file():
                    continue
                if status != "ok":
                    r = {"entry": e.name, "map": k, "rows": len(read_scenario(s)),
                         "status": status}
                else:
                    log(f"{k}: {e.name} ...")
                    r = run_one(e, d, s, args, work)
                    log(f"{k}: {e.name}: {cell(r)}")
                f.write_text(json.dumps(r, indent=1) + "\n")

    results = []
    for s, k in zip(scens, keys):
        for e in entries:
            f = results_dir / e.name / (k.replace("/", "+") + ".json")
            if f.is_file():
                results.append(json.loads(f.read_text()))
    commit = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"],
                            capture_output=True, text=True).stdout.strip() or "?"
    kv = work / "kit-version.txt"
    meta = machine_line(commit, kv.read_text().strip() if kv.is_file() else "?", "")
    text = render(results, [e.name for e in entries], keys, pairs, meta)
    print(text, end="")
    if args.output:
        Path(args.output).write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
