// pathing's WebAssembly build beside its native build and the npm path-finders people use
// (issue #18), in one run, on the same rows:
//   - the seed maps (../shared/data/seed-bench/*.txt, S to F, the Go library's benchmark query),
//   - a sample of the Moving AI DAO scenario rows (../shared/data/movingai/dao, evenly spaced
//     through each file, so short and long queries alike).
// Contenders: our wasm (AStar 8- and 4-connected, Jps, JpsPlus; bounded seed mode on the seed
// maps), each row timed three ways: the JS call (findPath / buildPath, what a user sees), the JS
// call with a reused result object (`into`), and the wasm compute alone (the query repeated by a
// loop inside wasm, `_timeQuery` -> pathing_time_query in pathing_js.cpp, same timing method, no
// JavaScript between the calls); the same queries natively (bench/js/native_rows.cpp, built here with g++ -O3), and
// `pathfinding` (AStarFinder; a fresh grid.clone() per query, which it needs, timed with it),
// `easystarjs` (sync mode), `l1-path-finder` (4-connected only; its planner is built once a map,
// outside the timing). Time a query: the median of 7 batches of repeated calls (each batch
// >= 2 ms), or of 3 single calls for queries slower than 2 ms, after warm-up calls (>= 5 ms, at
// least one); a table cell is the median over the rows (and the mean).
//
// Usage: (cd bench/js && npm ci) && node bench/js/run.mjs [--rows N] [--out DIR] [--no-peers]
//   --rows N   DAO rows a map (default 15); PATHING_SHARED_DATA: the data folder;
//   PATHING_JS_DIR: the built package (default build/wasm/js).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../..');
const require = createRequire(import.meta.url);

const argv = process.argv.slice(2);
const opt = (name, def) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : def;
};
const daoRows = Number(opt('--rows', 15));
const outDir = path.resolve(opt('--out', path.join(repo, 'build/js-bench')));
const withPeers = !argv.includes('--no-peers');
fs.mkdirSync(outDir, { recursive: true });

const pkg = process.env.PATHING_JS_DIR
  ? path.resolve(process.env.PATHING_JS_DIR)
  : path.join(repo, 'build/wasm/js');
const { loadPathing } = await import(path.join(pkg, 'pathing.mjs'));
const P = await loadPathing();

const PF = withPeers ? require('pathfinding') : null;
const EasyStar = withPeers ? require('easystarjs') : null;
const createPlanner = withPeers ? require('l1-path-finder') : null;
const ndarray = withPeers ? require('ndarray') : null;

const shared = process.env.PATHING_SHARED_DATA
  ? path.resolve(process.env.PATHING_SHARED_DATA)
  : path.resolve(repo, '../shared/data');

// --- timing ------------------------------------------------------------------------------------

/** Seconds a call of f takes (see the file comment). */
function timePerCall(f) {
  // Warm-up: calls for >= 5 ms (at least one), so that the JIT has compiled the JavaScript side
  // (our wrapper, the peers) before the first timed row too.
  let t0 = performance.now();
  do f(); while (performance.now() - t0 < 5);
  t0 = performance.now();
  f();
  const one = (performance.now() - t0) / 1e3;
  if (one >= 2e-3) {
    const s = [one];
    for (let i = 0; i < 2; ++i) {
      t0 = performance.now();
      f();
      s.push((performance.now() - t0) / 1e3);
    }
    return s.sort((a, b) => a - b)[1];
  }
  const reps = Math.max(1, Math.floor(2e-3 / Math.max(one, 5e-8)));
  const b = [];
  for (let i = 0; i < 7; ++i) {
    t0 = performance.now();
    for (let r = 0; r < reps; ++r) f();
    b.push((performance.now() - t0) / 1e3 / reps);
  }
  return b.sort((a, c) => a - c)[3];
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const n = s.length;
  return n === 0 ? NaN : n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
};
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** Octile length of a path given as [[x, y], ...] or {x, y} objects. */
function lengthOf(points) {
  let straight = 0;
  let diagonal = 0;
  for (let i = 1; i < points.length; ++i) {
    const a = points[i - 1];
    const b = points[i];
    const dx = Math.abs((b.x ?? b[0]) - (a.x ?? a[0]));
    const dy = Math.abs((b.y ?? b[1]) - (a.y ?? a[1]));
    if (dx + dy === 0) continue;
    if (dx === 1 && dy === 1) ++diagonal;
    else straight += dx + dy;
  }
  return straight + diagonal * Math.SQRT2;
}

// --- inputs ------------------------------------------------------------------------------------

/** A seed map text: 'x' walls, ' ' free, 'S' start, 'F' finish. */
function parseSeed(text) {
  const lines = text.split(/\r?\n/);
  while (lines.length && lines[lines.length - 1] === '') lines.pop();
  const rows = lines.length;
  const cols = lines[0].length;
  const blocked = new Uint8Array(cols * rows);
  let start;
  let finish;
  lines.forEach((l, y) => {
    for (let x = 0; x < cols; ++x) {
      const c = l[x];
      if (c === 'x') blocked[y * cols + x] = 1;
      else if (c === 'S') start = [x, y];
      else if (c === 'F') finish = [x, y];
    }
  });
  return { cols, rows, blocked, start, finish };
}

const sets = [];  // { group, name, file, kind, grid, layer, walk (Uint8Array 1 = passable), rows }
const seedDir = path.join(shared, 'seed-bench');
if (fs.existsSync(seedDir)) {
  for (const name of ['no_walls', 'simple_wall', 'pocket_wall', 'multi_wall', 'large_map']) {
    const file = path.join(seedDir, `${name}.txt`);
    if (!fs.existsSync(file)) continue;
    const m = parseSeed(fs.readFileSync(file, 'utf8'));
    const grid = P.Grid.fromTiles(m.cols, m.rows, new Uint8Array(m.cols * m.rows), m.blocked);
    const walk = m.blocked.map((b) => 1 - b);
    sets.push({
      group: 'seed', name, file, kind: 'seed', grid, layer: new P.GridLayer([1]), walk,
      rows: [{ sx: m.start[0], sy: m.start[1], gx: m.finish[0], gy: m.finish[1], optimal: null }],
    });
  }
} else {
  console.log(`no seed maps under ${seedDir}: skipped`);
}
const daoDir = path.join(shared, 'movingai/dao');
if (fs.existsSync(daoDir)) {
  for (const f of fs.readdirSync(daoDir).filter((n) => n.endsWith('.map.scen')).sort()) {
    const scen = P.parseMovingAiScenario(fs.readFileSync(path.join(daoDir, f), 'utf8'), f);
    const mapFile = path.join(daoDir, path.basename(scen[0].map));
    const grid = P.loadMovingAiMap(fs.readFileSync(mapFile, 'utf8'), path.basename(mapFile));
    const layer = P.movingAiLayer();
    const tiles = grid.tiles();
    const blocked = grid.blockedMask();
    const walk = tiles.map((t, i) => (!blocked[i] && layer.tagCost(t) > 0 ? 1 : 0));
    const n = Math.min(daoRows, scen.length);
    const rows = [];
    for (let i = 0; i < n; ++i) {
      const r = scen[Math.floor(((i + 0.5) * scen.length) / n)];
      rows.push({ sx: r.startX, sy: r.startY, gx: r.goalX, gy: r.goalY, optimal: r.optimal, tolerance: r.tolerance });
    }
    sets.push({ group: 'dao', name: path.basename(mapFile, '.map'), file: mapFile, kind: 'movingai', grid, layer, walk, rows });
  }
} else {
  console.log(`no DAO maps under ${daoDir}: skipped`);
}
if (sets.length === 0) {
  console.error('run.mjs: no inputs (set PATHING_SHARED_DATA)');
  process.exit(2);
}

// --- contenders ----------------------------------------------------------------------------------

const ours = {
  astar8: new P.AStar(),
  astar4: new P.AStar(),
  jps: new P.Jps(),
  'jps+': new P.JpsPlus(),
  bounded4: new P.AStar(),
};
// `into` (a result object reused by every call: the API's allocation-free form) or undefined.
const OURS = [
  ['astar8', (s, q, into) => ours.astar8.findPath(s.grid, s.layer, [q.sx, q.sy], [q.gx, q.gy], undefined, into)],
  ['astar4', (s, q, into) => ours.astar4.findPath(s.grid, s.layer, [q.sx, q.sy], [q.gx, q.gy], { connectivity: 4 }, into)],
  ['jps', (s, q, into) => ours.jps.findPath(s.grid, s.layer, [q.sx, q.sy], [q.gx, q.gy], undefined, into)],
  ['jps+', (s, q, into) => ours['jps+'].findPath(s.grid, s.layer, [q.sx, q.sy], [q.gx, q.gy], undefined, into)],
  ['bounded4', (s, q, into) => ours.bounded4.buildPath(s.grid, s.layer, [q.sx, q.sy], [q.gx, q.gy], into)],
];
const reused = {};

const results = {};  // results[set][algo] = [{ t, cost }]
const record = (s, algo, t, cost) => {
  results[s.name] ??= {};
  (results[s.name][algo] ??= []).push({ t, cost });
};

const t0All = performance.now();
for (const s of sets) {
  for (const [algo, run] of OURS) {
    if (algo === 'bounded4' && s.group !== 'seed') continue;
    for (const q of s.rows) {
      let r;
      const t = timePerCall(() => {
        r = run(s, q);
      });
      if (r.status !== 'found') throw new Error(`${s.name} ${algo}: ${r.status}`);
      if (algo !== 'astar4' && algo !== 'bounded4' && q.optimal !== null &&
          Math.abs(r.cost - q.optimal) > q.tolerance) {
        throw new Error(`${s.name} ${algo}: cost ${r.cost}, optimal ${q.optimal}`);
      }
      record(s, `wasm ${algo}`, t, r.cost);
      let ri;
      const ti = timePerCall(() => {
        ri = run(s, q, reused);
      });
      if (ri.status !== 'found' || ri.cost !== r.cost) throw new Error(`${s.name} ${algo} (into): ${ri.status}`);
      record(s, `wasmi ${algo}`, ti, ri.cost);
      // The same query repeated inside wasm (an exported C loop, no JavaScript in between): the
      // compute alone; JS call - compute = the overhead of a call from JavaScript.
      const searcher = ours[algo];
      const [tc, rc] = searcher._timeQuery(s.grid, s.layer, [q.sx, q.sy], [q.gx, q.gy],
        algo === 'astar4' || algo === 'bounded4' ? 4 : 8, algo === 'bounded4');
      if (rc.status !== 'found' || rc.cost !== r.cost) {
        throw new Error(`${s.name} ${algo} (in wasm): ${rc.status} ${rc.cost}`);
      }
      record(s, `wasmc ${algo}`, tc, rc.cost);
    }
  }
  console.log(`wasm: ${s.name} done (${((performance.now() - t0All) / 1e3).toFixed(1)} s)`);
}

// --- native ------------------------------------------------------------------------------------
const native = path.join(outDir, 'native_rows');
const sources = [path.join(here, 'native_rows.cpp'), ...fs.readdirSync(path.join(repo, 'src/io'))
  .filter((f) => f.endsWith('.cpp')).map((f) => path.join(repo, 'src/io', f))];
const stale = !fs.existsSync(native) ||
  sources.some((f) => fs.statSync(f).mtimeMs > fs.statSync(native).mtimeMs);
let nativeOk = true;
if (stale) {
  console.log('building native_rows (g++ -O3)...');
  const b = spawnSync('g++', ['-std=c++20', '-O3', '-DNDEBUG', '-I', path.join(repo, 'include'),
    ...sources, '-o', native], { stdio: 'inherit' });
  nativeOk = b.status === 0;
}
const nativeCompiler = (spawnSync('g++', ['--version']).stdout ?? '').toString().split('\n')[0];
if (nativeOk) {
  const lines = [];
  const order = [];
  for (const s of sets) {
    lines.push(`map ${s.kind} ${s.file}`);
    for (const algo of ['astar8', 'astar4', 'jps', 'jps+', 'bounded4', 'bounded4p']) {
      if (algo.startsWith('bounded4') && s.group !== 'seed') continue;
      for (const q of s.rows) {
        lines.push(`q ${algo} ${q.sx} ${q.sy} ${q.gx} ${q.gy}`);
        order.push([s, algo]);
      }
    }
  }
  const rowsFile = path.join(outDir, 'rows.txt');
  fs.writeFileSync(rowsFile, `${lines.join('\n')}\n`);
  const run = spawnSync(native, [rowsFile], { maxBuffer: 1 << 26 });
  if (run.status !== 0) throw new Error(`native_rows failed: ${run.stderr}`);
  const out = run.stdout.toString().trim().split('\n');
  out.forEach((l, i) => {
    const [ns, cost, status] = l.split(' ');
    const [s, algo] = order[i];
    if (status !== 'found') throw new Error(`native ${s.name} ${algo}: ${status}`);
    record(s, `native ${algo}`, Number(ns) / 1e9, Number(cost));
  });
  console.log(`native: done (${((performance.now() - t0All) / 1e3).toFixed(1)} s)`);
}

// --- peers -------------------------------------------------------------------------------------
const planTimes = {};
if (withPeers) {
  for (const s of sets) {
    const cols = s.grid.cols;
    const rows = s.grid.rows;
    const matrix = [];
    const easyGrid = [];
    for (let y = 0; y < rows; ++y) {
      const m = new Array(cols);
      for (let x = 0; x < cols; ++x) m[x] = s.walk[y * cols + x] ? 0 : 1;
      matrix.push(m);
      easyGrid.push(m.slice());
    }
    const pfGrid = new PF.Grid(cols, rows, matrix);
    const pf8 = new PF.AStarFinder({ diagonalMovement: PF.DiagonalMovement.OnlyWhenNoObstacles });
    const pf4 = new PF.AStarFinder({ diagonalMovement: PF.DiagonalMovement.Never });
    const cloneT = timePerCall(() => pfGrid.clone());
    (planTimes.pfClone ??= {})[s.name] = cloneT;
    const easy = (diagonals) => {
      const e = new EasyStar.js();
      e.setGrid(easyGrid);
      e.setAcceptableTiles([0]);
      e.enableSync();
      if (diagonals) {
        e.enableDiagonals();
        e.disableCornerCutting();
      }
      return e;
    };
    const e8 = easy(true);
    const e4 = easy(false);
    // l1-path-finder: ndarray indexed (x, y) over the row-major 0 / 1 (blocked) array.
    const data = new Uint8Array(cols * rows);
    for (let i = 0; i < data.length; ++i) data[i] = s.walk[i] ? 0 : 1;
    let planner;
    const tp = performance.now();
    planner = createPlanner(ndarray(data, [cols, rows], [1, cols]));
    (planTimes.l1Plan ??= {})[s.name] = (performance.now() - tp) / 1e3;
    const peerRuns = [
      ['pathfinding astar8', (q) => lengthOf(pf8.findPath(q.sx, q.sy, q.gx, q.gy, pfGrid.clone()))],
      ['pathfinding astar4', (q) => lengthOf(pf4.findPath(q.sx, q.sy, q.gx, q.gy, pfGrid.clone()))],
      ['easystar 8', (q) => {
        let p = null;
        e8.findPath(q.sx, q.sy, q.gx, q.gy, (path2) => { p = path2; });
        e8.calculate();
        return p ? lengthOf(p) : Infinity;
      }],
      ['easystar 4', (q) => {
        let p = null;
        e4.findPath(q.sx, q.sy, q.gx, q.gy, (path2) => { p = path2; });
        e4.calculate();
        return p ? lengthOf(p) : Infinity;
      }],
      ['l1-path-finder 4', (q) => planner.search(q.sx, q.sy, q.gx, q.gy, [])],
    ];
    for (const [name, run] of peerRuns) {
      for (const q of s.rows) {
        let cost;
        const t = timePerCall(() => {
          cost = run(q);
        });
        record(s, name, t, cost);
      }
      console.log(`${name}: ${s.name} done (${((performance.now() - t0All) / 1e3).toFixed(1)} s)`);
    }
  }
}

// --- report ------------------------------------------------------------------------------------
const us = (t) => (t * 1e6 >= 100 ? (t * 1e6).toFixed(0) : t * 1e6 >= 10 ? (t * 1e6).toFixed(1) : (t * 1e6).toFixed(2));
const stat = (set, algo) => {
  const r = results[set]?.[algo];
  return r ? { med: median(r.map((x) => x.t)), mean: mean(r.map((x) => x.t)), n: r.length } : null;
};
const commit = spawnSync('git', ['-C', repo, 'rev-parse', '--short', 'HEAD']).stdout?.toString().trim();
const emcc = (spawnSync('em++', ['--version']).stdout ?? '').toString().split('\n')[0];
const md = [];
md.push(`Run of ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, commit ${commit}, ` +
  `${os.cpus()[0]?.model ?? 'unknown CPU'} (${os.cpus().length} cores, shared, noisy), Node ${process.version}; ` +
  `wasm: ${emcc.replace(/ \(.*/, '')} -O3 -msimd128 -flto; native: ${nativeCompiler} -O3. ` +
  `DAO: ${daoRows} rows a map, evenly spaced through each .scen. Times in microseconds a query: ` +
  'median over the rows (mean in parentheses).');
md.push('');
md.push('### WebAssembly vs native, same rows');
md.push('');
md.push('JS call: `findPath` / `buildPath` from JavaScript, what a user sees; (into): the same with a ' +
  'reused result object (`findPath(..., options, into)`). Compute: the same query ' +
  'repeated by a loop inside wasm (no JavaScript in between). Overhead: JS call - compute, the ' +
  'median over the rows of the per-row difference.');
md.push('');
md.push('| map | search | rows | JS call | JS call (into) | wasm compute | native | JS call / native | compute / native | overhead a call (into) |');
md.push('|---|---|---|---|---|---|---|---|---|---|');
const ratio = (a, b) => (a && b ? `${(a.med / b.med).toFixed(2)}x` : '-');
const overheads = {};  // algo -> [per-row JS call - compute]
const overheadsInto = {};  // the same with `into`
const computeRatios = {};  // algo family -> [per-map median compute / native]
const callRatios = {};
for (const s of sets) {
  for (const algo of ['astar8', 'astar4', 'jps', 'jps+', 'bounded4', 'bounded4p']) {
    const base = algo.replace('bounded4p', 'bounded4');
    const w = stat(s.name, `wasm ${base}`);
    const c = stat(s.name, `wasmc ${base}`);
    const n = stat(s.name, `native ${algo}`);
    if (!w) continue;
    const rw = results[s.name][`wasm ${base}`];
    const rc = results[s.name][`wasmc ${base}`] ?? [];
    const ri = results[s.name][`wasmi ${base}`] ?? [];
    const wi = stat(s.name, `wasmi ${base}`);
    const ov = median(rw.map((x, i) => x.t - (rc[i]?.t ?? NaN)));
    const ovi = median(ri.map((x, i) => x.t - (rc[i]?.t ?? NaN)));
    if (algo !== 'bounded4p') {
      (overheads[algo] ??= []).push(...rw.map((x, i) => x.t - (rc[i]?.t ?? NaN)));
      (overheadsInto[algo] ??= []).push(...ri.map((x, i) => x.t - (rc[i]?.t ?? NaN)));
    }
    if (n && c && algo !== 'bounded4') {
      (computeRatios[`${s.group} ${algo}`] ??= []).push(c.med / n.med);
      (callRatios[`${s.group} ${algo}`] ??= []).push(w.med / n.med);
    }
    const label = algo === 'bounded4p' ? 'bounded4 (native held to 128-bit vectors)' : algo;
    md.push(`| ${s.group} ${s.name} | ${label} | ${w.n} | ${us(w.med)} (${us(w.mean)}) | ` +
      `${wi ? `${us(wi.med)} (${us(wi.mean)})` : '-'} | ` +
      `${c ? `${us(c.med)} (${us(c.mean)})` : '-'} | ${n ? `${us(n.med)} (${us(n.mean)})` : '-'} | ` +
      `${ratio(w, n)} | ${ratio(c, n)} | ${us(ov)} (${us(ovi)}) |`);
  }
}
md.push('');
md.push('Per family (seed maps and DAO maps apart), the range over the maps of the median ratio, and ' +
  'the overhead of a JS call (median over every row, us):');
md.push('');
md.push('| rows | search | JS call / native | compute / native |');
md.push('|---|---|---|---|');
const range = (xs) => `${Math.min(...xs).toFixed(2)}x-${Math.max(...xs).toFixed(2)}x (median ${median(xs).toFixed(2)}x)`;
for (const k of Object.keys(computeRatios)) {
  const [group, algo] = k.split(' ');
  md.push(`| ${group} | ${algo === 'bounded4p' ? 'bounded4 vs native 128-bit' : algo} | ${range(callRatios[k])} | ${range(computeRatios[k])} |`);
}
md.push('');
md.push(`Overhead of a JS call (JS call - compute, median over the rows, us): ` +
  Object.entries(overheads).map(([a, xs]) => `${a} ${us(median(xs))}`).join(', ') + '; with `into` (a reused result): ' +
  Object.entries(overheadsInto).map(([a, xs]) => `${a} ${us(median(xs))}`).join(', ') + '.');
if (withPeers) {
  md.push('');
  md.push('### Beside the npm path-finders, same rows (pathfinding: grid.clone() per query included)');
  md.push('');
  md.push('| map | wasm A* 8 | wasm JPS | pathfinding A* 8 | easystar 8 | wasm A* 4 | pathfinding A* 4 | easystar 4 | l1-path-finder |');
  md.push('|---|---|---|---|---|---|---|---|---|');
  for (const s of sets) {
    const cell = (a) => {
      const x = stat(s.name, a);
      return x ? `${us(x.med)} (${us(x.mean)})` : '-';
    };
    md.push(`| ${s.group} ${s.name} | ${cell('wasm astar8')} | ${cell('wasm jps')} | ${cell('pathfinding astar8')} | ` +
      `${cell('easystar 8')} | ${cell('wasm astar4')} | ${cell('pathfinding astar4')} | ${cell('easystar 4')} | ` +
      `${cell('l1-path-finder 4')} |`);
  }
  // Agreement of path costs with ours.
  md.push('');
  md.push('### Do the peers\' paths cost what ours do?');
  md.push('');
  md.push('| peer | rows | equal to ours (1e-6) | longer than ours: rows, worst excess |');
  md.push('|---|---|---|---|');
  for (const [peer, mine] of [['pathfinding astar8', 'wasm astar8'], ['easystar 8', 'wasm astar8'],
    ['pathfinding astar4', 'wasm astar4'], ['easystar 4', 'wasm astar4'], ['l1-path-finder 4', 'wasm astar4'],
    ['native astar8', 'wasm astar8'], ['native jps', 'wasm jps'], ['native astar4', 'wasm astar4']]) {
    let n = 0;
    let eq = 0;
    let longer = 0;
    let worst = 0;
    let shorter = 0;
    for (const s of sets) {
      const a = results[s.name]?.[peer];
      const b = results[s.name]?.[mine];
      if (!a || !b) continue;
      a.forEach((x, i) => {
        ++n;
        const d = x.cost - b[i].cost;
        if (Math.abs(d) <= 1e-6) ++eq;
        else if (d > 0) {
          ++longer;
          worst = Math.max(worst, d / b[i].cost);
        } else ++shorter;
      });
    }
    if (n === 0) continue;
    md.push(`| ${peer} | ${n} | ${eq} | ${longer ? `${longer}, +${(worst * 100).toFixed(2)}%` : '0'}` +
      `${shorter ? ` (**${shorter} shorter**)` : ''} |`);
  }
  md.push('');
  const fmt = (o) => Object.entries(o).map(([k, v]) => `${k} ${us(v)}`).join(', ');
  md.push(`pathfinding's grid.clone() alone (us, per map): ${fmt(planTimes.pfClone)}. ` +
    `l1-path-finder's planner build, once a map, not in the times (us): ${fmt(planTimes.l1Plan)}.`);
}
md.push('');
md.push(`Whole run: ${((performance.now() - t0All) / 1e3).toFixed(0)} s.`);
const text = md.join('\n');
console.log(`\n${text}`);
fs.writeFileSync(path.join(outDir, 'results.md'), `${text}\n`);
fs.writeFileSync(path.join(outDir, 'results.json'), JSON.stringify(results));
for (const s of sets) {
  s.grid.delete();
  s.layer.delete();
}
for (const o of Object.values(ours)) o.delete();
