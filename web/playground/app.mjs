// pathing playground: draw on a grid, run the library's searches (compiled to WebAssembly) and
// watch the path, the expanded cells, distance fields and flow fields. MIT licensed.
//
// Plain ES module, no framework, no bundler: `pathing.mjs` (the npm package's entry point) and
// `pathing_wasm.{mjs,wasm}` sit beside this file in the built site (web/build.mjs).
import { loadPathing, PathingError } from './pathing.mjs';

// ---------------------------------------------------------------------------------------------
// Constants

/** Terrain tags as in Moving AI maps (`pathing::io::tag`): . ground, S swamp, W water, T trees. */
const TERRAIN = [
  { tag: 0, name: 'ground', color: [0xf3, 0xef, 0xe4] },
  { tag: 1, name: 'swamp', color: [0x9a, 0xa8, 0x6a] },
  { tag: 2, name: 'water', color: [0x6f, 0xb1, 0xdc] },
  { tag: 3, name: 'trees', color: [0x3f, 0x7d, 0x4e] },
];
const OTHER_TAG_COLOR = [0xc9, 0x8b, 0xd6]; // tags 4..7 (not made by .map files)
const WALL_COLOR = [0x2a, 0x2f, 0x45];
const EXPANDED_COLOR = [0xff, 0xb0, 0x30];
/** Viridis stops, reversed: low field costs bright, high dark. */
const RAMP = [[0xfd, 0xe7, 0x25], [0x5e, 0xc9, 0x62], [0x21, 0x91, 0x8c], [0x3b, 0x52, 0x8b], [0x44, 0x01, 0x54]];

/** Cost presets (per tag 0..3): the Moving AI benchmark rules and a terrain demo. */
const COSTS_MOVINGAI = [1, 1, 0, 0];
const COSTS_TERRAIN = [1, 3, 0, 0];

/** `Direction8` order of the library's flow fields: right, down, left, up, then the diagonals. */
const DIRS = [[1, 0], [0, 1], [-1, 0], [0, -1], [1, 1], [-1, 1], [-1, -1], [1, -1]];

const ALGOS = {
  astar: { label: 'A*', kind: 'path', make: (P) => new P.AStar(), weight: true },
  greedy: { label: 'Greedy best-first', kind: 'path', make: (P) => new P.GreedyBestFirst() },
  jps: { label: 'JPS', kind: 'path', make: (P) => new P.Jps() },
  jpsplus: { label: 'JPS+', kind: 'path', make: (P) => new P.JpsPlus() },
  dijkstra: { label: 'Dijkstra field', kind: 'field' },
  flow: { label: 'Flow field', kind: 'flow' },
};

/** Built-in sample maps: the repository's data/*.map (copied to maps/ by web/build.mjs) and
 *  small ones generated here. */
const SAMPLES = [
  { id: 'rooms-64', label: 'Rooms, 64 × 64', file: 'maps/rooms-64.map', start: [2, 2], goal: [61, 60], costs: COSTS_MOVINGAI },
  { id: 'swamp-river', label: 'Swamp and river, 56 × 36', make: () => swampRiverMap(), start: [3, 18], goal: [52, 17], costs: COSTS_TERRAIN },
  { id: 'maze-32', label: 'Maze, 32 × 32', file: 'maps/maze-32.map', costs: COSTS_MOVINGAI },
  { id: 'random-64', label: 'Random obstacles, 64 × 64', file: 'maps/random-64.map', costs: COSTS_MOVINGAI },
  { id: 'open-48', label: 'Open field, 48 × 32', make: () => openMap(), start: [6, 16], goal: [41, 16], costs: COSTS_MOVINGAI },
];

// ---------------------------------------------------------------------------------------------
// Generated samples (Moving AI text, loaded through the library's own parser)

function mulberry32(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function toMapText(rows) {
  return `type octile\nheight ${rows.length}\nwidth ${rows[0].length}\nmap\n${rows.map((r) => r.join('')).join('\n')}\n`;
}

function swampRiverMap() {
  const W = 56, H = 36, rnd = mulberry32(18);
  const g = Array.from({ length: H }, () => Array(W).fill('.'));
  // A river winding down the middle, two cells wide, with two fords.
  for (let y = 0; y < H; ++y) {
    const cx = Math.round(30 + 4 * Math.sin(y / 5));
    for (let x = cx - 1; x <= cx + 1; ++x) g[y][x] = 'W';
  }
  for (const fy of [5, 29]) for (let x = 20; x < 40; ++x) if (g[fy][x] === 'W') g[fy][x] = '.';
  // Swamp blobs across the direct line between start and goal.
  const blob = (bx, by, r) => {
    for (let y = by - r; y <= by + r; ++y)
      for (let x = bx - r - 2; x <= bx + r + 2; ++x) {
        if (x < 0 || y < 0 || x >= W || y >= H || g[y][x] !== '.') continue;
        const d = ((x - bx) / (r + 2)) ** 2 + ((y - by) / r) ** 2;
        if (d + 0.25 * rnd() < 1) g[y][x] = 'S';
      }
  };
  blob(14, 17, 6);
  blob(44, 20, 5);
  // Tree clumps.
  for (let k = 0; k < 9; ++k) {
    const tx = Math.floor(rnd() * W), ty = Math.floor(rnd() * H);
    for (let y = ty - 1; y <= ty + 1; ++y)
      for (let x = tx - 2; x <= tx + 1; ++x)
        if (x >= 0 && y >= 0 && x < W && y < H && g[y][x] === '.' && rnd() < 0.8) g[y][x] = 'T';
  }
  // A walled farm with a gate, east of the river.
  for (let x = 40; x <= 50; ++x) { g[4][x] = '@'; g[12][x] = '@'; }
  for (let y = 4; y <= 12; ++y) { g[y][40] = '@'; g[y][50] = '@'; }
  g[8][40] = '.';
  for (const [x, y] of [[3, 18], [52, 17]]) g[y][x] = '.';
  return toMapText(g);
}

function openMap() {
  const W = 48, H = 32;
  const g = Array.from({ length: H }, () => Array(W).fill('.'));
  for (let y = 6; y < 27; ++y) g[y][24] = '@';
  for (let x = 14; x <= 24; ++x) { g[6][x] = '@'; g[26][x] = '@'; }
  return toMapText(g);
}

// ---------------------------------------------------------------------------------------------
// State

const $ = (sel) => document.querySelector(sel);
const canvas = $('#grid');
const ctx = canvas.getContext('2d');

let P = null; // the loaded library
const state = {
  mapName: '',
  cols: 0,
  rows: 0,
  tiles: new Uint8Array(0), // mirror of the grid (tags), for drawing
  blocked: new Uint8Array(0), // mirror of the grid (blocked bits)
  start: [0, 0],
  goal: [0, 0],
  tool: 'wall',
  algo: 'astar',
  conn: 8,
  weight: 1,
  costs: [...COSTS_MOVINGAI],
  autoRun: true,
  show: { expanded: true, path: true, grid: true },
  // last run
  result: null, // { algo, status, cost, moves, expanded, generated, ms, firstMs, path }
  expandedMask: null, // Uint8Array or null
  fieldCosts: null, // Float64Array or null
  flowDirs: null, // Uint8Array (0..7, 255 = no step) or null
  jumpPoints: false, // expandedMask holds JPS jump points
  stale: false,
  runCount: 0,
};
let grid = null; // P.Grid
let layer = null; // P.GridLayer
const searchers = {}; // algo id -> searcher object, made once
let dijkstra = null;
let field = null; // P.DistanceField of the last field run
let flow = null; // P.FlowField

// Drawing surfaces: one pixel a cell, scaled up with smoothing off.
const terrainCanvas = document.createElement('canvas');
const overlayCanvas = document.createElement('canvas');
let terrainImage = null;
let view = { cell: 1, cssW: 0, cssH: 0, dpr: 1 };

// ---------------------------------------------------------------------------------------------
// Library glue

function makeLayer() {
  const costs = [0, 0, 0, 0, 0, 0, 0, 0];
  state.costs.forEach((c, i) => { costs[i] = c; });
  const next = new P.GridLayer(costs, 0);
  if (layer) layer.delete();
  layer = next;
}

function setGrid(newGrid, name, start, goal) {
  if (grid) grid.delete();
  grid = newGrid;
  state.mapName = name;
  state.cols = grid.cols;
  state.rows = grid.rows;
  state.tiles = Uint8Array.from(grid.tiles());
  state.blocked = Uint8Array.from(grid.blockedMask());
  state.start = start && inBounds(start) ? start : nearestOpen(0, 0);
  state.goal = goal && inBounds(goal) ? goal : nearestOpen(state.cols - 1, state.rows - 1);
  clearResults();
  $('#map-info').textContent = `${name} · ${state.cols} × ${state.rows}`;
  rebuildTerrainImage();
  layoutCanvas();
  run();
}

function inBounds([x, y]) {
  return x >= 0 && y >= 0 && x < state.cols && y < state.rows;
}

/** The open (unblocked ground or swamp) cell nearest to (x, y), for default endpoints. */
function nearestOpen(x0, y0) {
  let best = [x0, y0], bestD = Infinity;
  for (let y = 0; y < state.rows; ++y)
    for (let x = 0; x < state.cols; ++x) {
      const i = y * state.cols + x;
      if (state.blocked[i] || state.tiles[i] > 1) continue;
      const d = (x - x0) ** 2 + (y - y0) ** 2;
      if (d < bestD) { bestD = d; best = [x, y]; }
    }
  return best;
}

function loadMapText(text, name, start, goal) {
  const g = P.loadMovingAiMap(text, name); // throws PathingError "name:line:column: ..."
  setGrid(g, name, start, goal);
}

async function loadSample(id) {
  const s = SAMPLES.find((v) => v.id === id) ?? SAMPLES[0];
  try {
    let text;
    if (s.make) text = s.make();
    else {
      const resp = await fetch(s.file);
      if (!resp.ok) throw new Error(`could not fetch ${s.file}: HTTP ${resp.status}`);
      text = await resp.text();
    }
    // Each sample comes with its terrain costs (loaded files keep the current ones).
    s.costs.forEach((c, t) => { $(`#cost-${t}`).value = String(c); });
    readCosts();
    loadMapText(text, s.file ? s.file.split('/').pop() : `${s.id}.map`, s.start, s.goal);
    showMessage('');
  } catch (e) {
    showMessage(errorText(e), 'error');
  }
}

function errorText(e) {
  if (e instanceof PathingError) return e.message;
  return e && e.message ? e.message : String(e);
}

function clearResults() {
  state.result = null;
  state.expandedMask = null;
  state.fieldCosts = null;
  state.flowDirs = null;
  state.jumpPoints = false;
  state.stale = false;
}

// ---------------------------------------------------------------------------------------------
// Running the searches

/** Runs `fn` once and, when that took under 2 ms and `repeat` is set, again for up to ~25 ms to
 *  get a per-call time above performance.now()'s coarse resolution. */
function timed(fn, repeat) {
  const t0 = performance.now();
  const out = fn();
  const first = performance.now() - t0;
  let ms = first, runs = 1;
  if (repeat && first < 2) {
    const t1 = performance.now();
    let n = 0, now = t1;
    while (now - t1 < 25 && n < 2000) {
      fn(true);
      ++n;
      now = performance.now();
    }
    ms = (now - t1) / n;
    runs = n;
  }
  return { out, first, ms, runs };
}

let runPending = false;
let dragging = false;
function scheduleRun() {
  if (!state.autoRun) {
    state.stale = true;
    renderStats();
    draw();
    return;
  }
  if (runPending) return;
  runPending = true;
  requestAnimationFrame(() => {
    runPending = false;
    run();
  });
}

function run() {
  if (!P || !grid) return;
  const algo = ALGOS[state.algo];
  const conn = state.conn;
  const from = state.start, to = state.goal;
  const repeat = !dragging;
  clearResults();
  let res;
  try {
    if (algo.kind === 'path') {
      const s = (searchers[state.algo] ??= algo.make(P));
      const opts = { connectivity: conn, weight: algo.weight ? state.weight : 1 };
      const t = timed(() => s.findPath(grid, layer, from, to, opts), repeat);
      const r = t.out;
      // A*, greedy: every expanded cell; JPS, JPS+: the jump points of the path (drawn as dots).
      state.expandedMask = r.stats && r.stats.expanded > 0 ? s.expandedMask() : null;
      state.jumpPoints = state.algo === 'jps' || state.algo === 'jpsplus';
      res = {
        status: r.status, cost: r.cost, moves: r.moves, path: r.path,
        expanded: r.stats?.expanded, generated: r.stats?.generated, ms: t.ms, firstMs: t.first, runs: t.runs,
      };
    } else {
      dijkstra ??= new P.Dijkstra();
      const sources = [[to[0], to[1]]];
      const fopts = { connectivity: conn };
      // The repeated timing runs recompute into one spare field (no allocation per call).
      let spare = null;
      const t = timed((again) => {
        if (!again) return dijkstra.build(grid, layer, sources, fopts);
        spare = dijkstra.build(grid, layer, sources, fopts, spare ?? undefined);
        return null;
      }, repeat);
      if (spare) spare.delete();
      if (field) field.delete();
      field = t.out;
      const costs = field.costs();
      state.fieldCosts = costs;
      const fstats = fieldStats(field, costs);
      const startCost = costs[from[1] * state.cols + from[0]];
      res = {
        status: fieldStatus(field, startCost), cost: startCost, moves: undefined, path: null,
        expanded: fstats.settled, generated: fstats.generated, ms: t.ms, firstMs: t.first, runs: t.runs,
      };
      if (algo.kind === 'flow') {
        flow ??= new P.FlowField();
        const tf = timed(() => flow.build(grid, layer, field), repeat);
        state.flowDirs = flow.directions();
        res.ms += tf.ms;
        res.firstMs += tf.first;
        const walk = followFlow(from, to);
        res.path = walk;
        res.moves = walk ? walk.length / 2 - 1 : undefined;
      } else if (Number.isFinite(startCost)) {
        res.path = descendField(costs, from, to);
        res.moves = res.path ? res.path.length / 2 - 1 : undefined;
      }
    }
    res.error = null;
  } catch (e) {
    res = { status: 'error', error: errorText(e) };
  }
  res.algo = state.algo;
  res.conn = conn;
  state.result = res;
  state.runCount += 1;
  renderStats();
  draw();
}

function fieldStats(f, costs) {
  if (f.settled !== undefined) return { settled: f.settled, generated: undefined };
  let settled = 0;
  for (const c of costs) if (Number.isFinite(c)) ++settled;
  return { settled, generated: undefined };
}

function fieldStatus(f, startCost) {
  const st = typeof f.status === 'function' ? f.status() : f.status;
  if (st && st !== 'found') return st;
  return Number.isFinite(startCost) ? 'found' : 'unreachable';
}

/** Walks the flow field's steps from `from` (row-major path [x0, y0, ...]). */
function followFlow(from, to) {
  const dirs = state.flowDirs;
  const out = [from[0], from[1]];
  let [x, y] = from;
  for (let n = 0; n < state.cols * state.rows; ++n) {
    if (x === to[0] && y === to[1]) return Int32Array.from(out);
    const d = dirs[y * state.cols + x];
    if (d < 0 || d > 7) break;
    x += DIRS[d][0];
    y += DIRS[d][1];
    out.push(x, y);
  }
  return x === to[0] && y === to[1] ? Int32Array.from(out) : null;
}

/** A cheapest path read off a to-sources distance field: from `from`, always to the neighbour n
 *  with the least field(n) + move cost among those with field(n) < field(c) (what FlowField does;
 *  drawn for the Dijkstra view). */
function descendField(costs, from, to) {
  const { cols, rows } = state;
  const out = [from[0], from[1]];
  let [x, y] = from;
  const passable = (cx, cy) => cx >= 0 && cy >= 0 && cx < cols && cy < rows && cellCost(cx, cy) > 0;
  for (let n = 0; n < cols * rows && !(x === to[0] && y === to[1]); ++n) {
    let best = null, bestVal = Infinity;
    const here = costs[y * cols + x];
    for (let d = 0; d < (state.conn === 8 ? 8 : 4); ++d) {
      const [dx, dy] = DIRS[d];
      const nx = x + dx, ny = y + dy;
      if (!passable(nx, ny)) continue;
      if (dx && dy && !(passable(x + dx, y) && passable(x, y + dy))) continue;
      const there = costs[ny * cols + nx];
      if (!(there < here)) continue;
      const val = there + cellCost(nx, ny) * (dx && dy ? Math.SQRT2 : 1);
      if (val < bestVal) { bestVal = val; best = [nx, ny]; }
    }
    if (!best) return null;
    [x, y] = best;
    out.push(x, y);
  }
  return Int32Array.from(out);
}

function cellCost(x, y) {
  const i = y * state.cols + x;
  if (state.blocked[i]) return 0;
  return state.costs[state.tiles[i]] ?? 0;
}

// ---------------------------------------------------------------------------------------------
// Stats panel

const fmtInt = (v) => (v === undefined || v === null ? '–' : Number(v).toLocaleString('en-US'));
const fmtMs = (ms) => (ms === 0 ? '< 0.1' : ms >= 100 ? ms.toFixed(0) : ms >= 10 ? ms.toFixed(1) : ms >= 1 ? ms.toFixed(2) : ms.toFixed(3)) + ' ms';

function renderStats() {
  const r = state.result;
  const statusEl = $('#stat-status');
  const set = (id, text, full) => {
    const el = $(id);
    el.textContent = text;
    if (full !== undefined) el.dataset.value = full;
    else delete el.dataset.value;
  };
  $('#stat-expanded-label').textContent = ALGOS[state.algo].kind === 'path' ? 'expanded' : 'reached';
  if (!r) {
    statusEl.textContent = '–';
    statusEl.className = 'status';
    for (const id of ['#stat-algo', '#stat-conn', '#stat-cost', '#stat-moves', '#stat-expanded', '#stat-generated', '#stat-time', '#stat-time-first']) set(id, '–');
    $('#stat-note').textContent = '';
    return;
  }
  statusEl.textContent = r.status.replace('_', ' ');
  statusEl.className = `status ${r.status}`;
  statusEl.dataset.status = r.status;
  set('#stat-algo', ALGOS[r.algo].label);
  set('#stat-conn', `${r.conn}-connected`);
  const hasCost = Number.isFinite(r.cost) && (r.status === 'found' || r.cost > 0);
  set('#stat-cost', hasCost ? r.cost.toFixed(4) : '–', hasCost ? String(r.cost) : undefined);
  set('#stat-moves', fmtInt(r.moves), r.moves === undefined ? undefined : String(r.moves));
  set('#stat-expanded', fmtInt(r.expanded), r.expanded === undefined ? undefined : String(r.expanded));
  set('#stat-generated', fmtInt(r.generated), r.generated === undefined ? undefined : String(r.generated));
  set('#stat-time', r.ms === undefined ? '–' : fmtMs(r.ms), r.ms === undefined ? undefined : String(r.ms));
  set('#stat-time-first', r.firstMs === undefined ? '–' : fmtMs(r.firstMs));
  $('#stat-time').title = r.runs > 1 ? `mean of ${r.runs} repeated calls` : 'one call';
  $('#stat-note').textContent = noteFor(r) + (state.stale ? ' (map edited since: press Run)' : '');
}

function noteFor(r) {
  const algo = r.algo;
  if (r.status === 'error') return r.error;
  if (r.status === 'unsupported' && (algo === 'jps' || algo === 'jpsplus'))
    return 'JPS and JPS+ search only 8-connected moves on layers where every passable terrain costs the same: press “Moving AI rules” or pick A*.';
  if (r.status === 'unreachable')
    return algo === 'dijkstra' || algo === 'flow'
      ? 'The start is not reached by the field: walls or impassable terrain separate it from the goal.'
      : 'No path: walls or impassable terrain separate start and goal (a partial path to the closest cell is drawn).';
  if (r.status === 'invalid_endpoint') return 'Start or goal is off the map.';
  if (r.status !== 'found') return '';
  const time = r.runs > 1 ? `Time: mean of ${r.runs} calls. ` : '';
  switch (algo) {
    case 'astar': return time + (state.weight > 1 ? `Weighted A* (w = ${state.weight}): cost at most ${state.weight} × the optimum.` : 'Optimal path.');
    case 'greedy': return time + 'Greedy best-first: fast, but the path is not always the cheapest.';
    case 'jps': return time + 'Optimal; only jump points are expanded (orange: the path’s jump points).';
    case 'jpsplus': return time + 'Optimal; jump distances precomputed on the first run (see “first run”); orange: the path’s jump points.';
    case 'dijkstra': return time + 'Cost from every cell to the goal; the path descends the field.';
    case 'flow': return time + 'Every cell’s best next step toward the goal; the path follows the arrows.';
    default: return time;
  }
}

function showMessage(text, kind = 'info') {
  const el = $('#message');
  el.textContent = text;
  el.className = `message ${kind}`;
  el.hidden = !text;
  el.dataset.kind = kind;
}

// ---------------------------------------------------------------------------------------------
// Drawing

function cellColor(i) {
  if (state.blocked[i]) return WALL_COLOR;
  const t = state.tiles[i];
  return t < TERRAIN.length ? TERRAIN[t].color : OTHER_TAG_COLOR;
}

function rebuildTerrainImage() {
  terrainCanvas.width = state.cols;
  terrainCanvas.height = state.rows;
  overlayCanvas.width = state.cols;
  overlayCanvas.height = state.rows;
  terrainImage = new ImageData(state.cols, state.rows);
  for (let i = 0; i < state.cols * state.rows; ++i) paintTerrainPixel(i);
  terrainCanvas.getContext('2d').putImageData(terrainImage, 0, 0);
}

function paintTerrainPixel(i) {
  const c = cellColor(i), d = terrainImage.data;
  d[4 * i] = c[0]; d[4 * i + 1] = c[1]; d[4 * i + 2] = c[2]; d[4 * i + 3] = 255;
}

function rampColor(t) {
  const x = Math.min(Math.max(t, 0), 1) * (RAMP.length - 1);
  const k = Math.min(Math.floor(x), RAMP.length - 2), f = x - k;
  const a = RAMP[k], b = RAMP[k + 1];
  return [a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f, a[2] + (b[2] - a[2]) * f];
}

function rebuildOverlay() {
  const { cols, rows } = state;
  const img = new ImageData(cols, rows);
  const d = img.data;
  if (state.fieldCosts) {
    let max = 0;
    for (const c of state.fieldCosts) if (Number.isFinite(c) && c > max) max = c;
    state.fieldCosts.forEach((c, i) => {
      if (!Number.isFinite(c) || cellCost(i % cols, Math.floor(i / cols)) === 0) return;
      const col = rampColor(max > 0 ? c / max : 0);
      d[4 * i] = col[0]; d[4 * i + 1] = col[1]; d[4 * i + 2] = col[2]; d[4 * i + 3] = 170;
    });
  } else if (state.expandedMask && state.show.expanded && !state.jumpPoints) {
    state.expandedMask.forEach((v, i) => {
      if (!v) return;
      d[4 * i] = EXPANDED_COLOR[0]; d[4 * i + 1] = EXPANDED_COLOR[1]; d[4 * i + 2] = EXPANDED_COLOR[2]; d[4 * i + 3] = 120;
    });
  }
  overlayCanvas.getContext('2d').putImageData(img, 0, 0);
}

function layoutCanvas() {
  if (!state.cols) return;
  const wrap = $('#canvas-wrap');
  const availW = Math.max(50, wrap.clientWidth - 28), availH = Math.max(50, wrap.clientHeight - 28);
  let cell = Math.min(availW / state.cols, availH / state.rows);
  if (cell >= 3) cell = Math.floor(cell);
  const dpr = window.devicePixelRatio || 1;
  view = { cell, cssW: cell * state.cols, cssH: cell * state.rows, dpr };
  canvas.style.width = `${view.cssW}px`;
  canvas.style.height = `${view.cssH}px`;
  canvas.width = Math.round(view.cssW * dpr);
  canvas.height = Math.round(view.cssH * dpr);
  draw();
}

function draw() {
  if (!terrainImage) return;
  const { cols, rows } = state;
  const { cell, dpr } = view;
  terrainCanvas.getContext('2d').putImageData(terrainImage, 0, 0);
  rebuildOverlay();
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.imageSmoothingEnabled = false;
  ctx.clearRect(0, 0, view.cssW, view.cssH);
  ctx.drawImage(terrainCanvas, 0, 0, view.cssW, view.cssH);
  ctx.drawImage(overlayCanvas, 0, 0, view.cssW, view.cssH);

  if (state.show.grid && cell >= 8) {
    ctx.strokeStyle = 'rgba(20, 24, 40, 0.10)';
    ctx.lineWidth = 1;
    ctx.beginPath();
    for (let x = 1; x < cols; ++x) { ctx.moveTo(x * cell + 0.5, 0); ctx.lineTo(x * cell + 0.5, view.cssH); }
    for (let y = 1; y < rows; ++y) { ctx.moveTo(0, y * cell + 0.5); ctx.lineTo(view.cssW, y * cell + 0.5); }
    ctx.stroke();
  }

  if (state.flowDirs) drawArrows();

  const r = state.result;
  if (r && r.path && r.path.length >= 4 && state.show.path) {
    ctx.lineJoin = 'round';
    ctx.lineCap = 'round';
    const pathLine = (width, style) => {
      ctx.beginPath();
      for (let k = 0; k < r.path.length; k += 2) {
        const px = (r.path[k] + 0.5) * cell, py = (r.path[k + 1] + 0.5) * cell;
        if (k === 0) ctx.moveTo(px, py); else ctx.lineTo(px, py);
      }
      ctx.strokeStyle = style;
      ctx.lineWidth = width;
      ctx.stroke();
    };
    const w = Math.max(2, cell * 0.38);
    pathLine(w + 3, 'rgba(255, 255, 255, 0.85)');
    pathLine(w, r.status === 'found' ? '#e63946' : 'rgba(230, 57, 70, 0.55)');
  }

  if (state.jumpPoints && state.expandedMask && state.show.expanded) {
    ctx.fillStyle = '#ff9900';
    ctx.strokeStyle = '#ffffff';
    ctx.lineWidth = 1.5;
    const rad = Math.min(Math.max(3, cell * 0.36), 6);
    state.expandedMask.forEach((v, i) => {
      if (!v) return;
      ctx.beginPath();
      ctx.arc((i % cols + 0.5) * cell, (Math.floor(i / cols) + 0.5) * cell, rad, 0, 2 * Math.PI);
      ctx.fill();
      ctx.stroke();
    });
  }

  const marker = (x, y, fill, ring) => {
    const rad = Math.min(Math.max(5, cell * 0.6), 11);
    ctx.beginPath();
    ctx.arc((x + 0.5) * cell, (y + 0.5) * cell, rad, 0, 2 * Math.PI);
    ctx.fillStyle = fill;
    ctx.fill();
    ctx.lineWidth = Math.max(1.5, rad * 0.35);
    ctx.strokeStyle = ring;
    ctx.stroke();
  };
  marker(state.start[0], state.start[1], '#1fb57a', '#ffffff');
  marker(state.goal[0], state.goal[1], '#ffffff', '#e63946');
}

function drawArrows() {
  const { cols, rows } = state;
  const { cell } = view;
  const every = Math.max(1, Math.ceil(14 / cell));
  const len = cell * every * 0.36;
  ctx.strokeStyle = 'rgba(15, 18, 32, 0.55)';
  ctx.lineWidth = Math.max(1, Math.min(1.6, cell / 9));
  ctx.beginPath();
  for (let y = Math.floor(every / 2); y < rows; y += every)
    for (let x = Math.floor(every / 2); x < cols; x += every) {
      const d = state.flowDirs[y * cols + x];
      if (d < 0 || d > 7 || cellCost(x, y) === 0) continue;
      let [dx, dy] = DIRS[d];
      const n = Math.hypot(dx, dy);
      dx /= n; dy /= n;
      const cx = (x + 0.5) * cell, cy = (y + 0.5) * cell;
      const tx = cx + dx * len, ty = cy + dy * len;
      ctx.moveTo(cx - dx * len, cy - dy * len);
      ctx.lineTo(tx, ty);
      const h = len * 0.6;
      ctx.moveTo(tx, ty);
      ctx.lineTo(tx - h * (dx + dy * 0.6), ty - h * (dy - dx * 0.6));
      ctx.moveTo(tx, ty);
      ctx.lineTo(tx - h * (dx - dy * 0.6), ty - h * (dy + dx * 0.6));
    }
  ctx.stroke();
}

// ---------------------------------------------------------------------------------------------
// Editing with the mouse

function cellAt(ev) {
  const rect = canvas.getBoundingClientRect();
  const x = Math.floor(((ev.clientX - rect.left) / rect.width) * state.cols);
  const y = Math.floor(((ev.clientY - rect.top) / rect.height) * state.rows);
  return inBounds([x, y]) ? [x, y] : null;
}

/** Applies a tool to one cell; true when something changed. */
function applyTool(tool, [x, y]) {
  const i = y * state.cols + x;
  if (tool === 'start' || tool === 'goal') {
    const cur = state[tool];
    if (cur[0] === x && cur[1] === y) return false;
    state[tool] = [x, y];
    return true;
  }
  const tag = { wall: 0, erase: 0, swamp: 1, water: 2, trees: 3 }[tool];
  const blocked = tool === 'wall' ? 1 : 0;
  if (state.tiles[i] === tag && state.blocked[i] === blocked) return false;
  grid.setTile(x, y, tag);
  grid.setBlocked(x, y, !!blocked);
  state.tiles[i] = tag;
  state.blocked[i] = blocked;
  paintTerrainPixel(i);
  return true;
}

/** Cells on the line from a to b (Bresenham), so fast drags leave no gaps. */
function lineCells([x0, y0], [x1, y1]) {
  const out = [];
  const dx = Math.abs(x1 - x0), dy = -Math.abs(y1 - y0);
  const sx = x0 < x1 ? 1 : -1, sy = y0 < y1 ? 1 : -1;
  let err = dx + dy;
  for (;;) {
    out.push([x0, y0]);
    if (x0 === x1 && y0 === y1) return out;
    const e2 = 2 * err;
    if (e2 >= dy) { err += dy; x0 += sx; }
    if (e2 <= dx) { err += dx; y0 += sy; }
  }
}

let drag = null;
let hoverCell = null;

function onPointerDown(ev) {
  if (!grid) return;
  const c = cellAt(ev);
  if (!c) return;
  ev.preventDefault();
  canvas.setPointerCapture(ev.pointerId);
  const tool = ev.button === 2 ? 'erase' : state.tool;
  drag = { tool, last: c };
  dragging = true;
  if (applyTool(tool, c)) edited();
}

function onPointerMove(ev) {
  if (!grid) return;
  const c = cellAt(ev);
  hoverCell = c;
  renderHover();
  if (!drag || !c) return;
  let changed = false;
  const cells = drag.tool === 'start' || drag.tool === 'goal' ? [c] : lineCells(drag.last, c);
  for (const cc of cells) changed = applyTool(drag.tool, cc) || changed;
  drag.last = c;
  if (changed) edited();
}

function onPointerUp() {
  if (!drag) return;
  drag = null;
  dragging = false;
  scheduleRun(); // a last run with the repeated timing
}

function edited() {
  draw();
  scheduleRun();
}

function renderHover() {
  const el = $('#hover');
  if (!hoverCell) { el.textContent = 'point at the map'; return; }
  const [x, y] = hoverCell;
  const i = y * state.cols + x;
  const terrain = state.blocked[i] ? 'wall' : TERRAIN[state.tiles[i]]?.name ?? `tag ${state.tiles[i]}`;
  let text = `(${x}, ${y}) ${terrain}, cost ${cellCost(x, y) || 'impassable'}`;
  if (state.fieldCosts) {
    const c = state.fieldCosts[i];
    text += ` · to goal ${Number.isFinite(c) ? c.toFixed(3) : 'unreached'}`;
  }
  el.textContent = text;
}

// ---------------------------------------------------------------------------------------------
// Controls

function readCosts() {
  state.costs = [0, 1, 2, 3].map((t) => {
    const el = $(`#cost-${t}`);
    let v = Math.round(Number(el.value));
    if (!Number.isFinite(v)) v = 0;
    v = Math.min(255, Math.max(0, v));
    el.value = String(v);
    return v;
  });
  makeLayer();
}

function setCosts(costs) {
  costs.forEach((c, t) => { $(`#cost-${t}`).value = String(c); });
  readCosts();
  run();
}

function syncWeightField() {
  const on = ALGOS[state.algo].weight;
  $('#weight').disabled = !on;
  $('#weight-field').classList.toggle('muted', !on);
}

function wireControls() {
  const sel = $('#sample-select');
  for (const s of SAMPLES) sel.add(new Option(s.label, s.id));
  const fromFile = new Option('(a file from disk)', 'file');
  fromFile.disabled = true;
  sel.add(fromFile);
  sel.addEventListener('change', () => loadSample(sel.value));

  $('#map-file').addEventListener('change', async (ev) => {
    const file = ev.target.files && ev.target.files[0];
    if (!file) return;
    try {
      const text = await file.text();
      loadMapText(text, file.name);
      sel.value = 'file';
      showMessage(`Loaded ${file.name}.`, 'info');
    } catch (e) {
      showMessage(errorText(e), 'error');
    }
    ev.target.value = '';
  });

  $('#clear-map').addEventListener('click', () => {
    const n = state.cols * state.rows;
    grid.setTiles(new Uint8Array(n));
    grid.setBlockedMask(new Uint8Array(n));
    state.tiles = new Uint8Array(n);
    state.blocked = new Uint8Array(n);
    rebuildTerrainImage();
    run();
  });

  for (const r of document.querySelectorAll('input[name=tool]'))
    r.addEventListener('change', () => { if (r.checked) state.tool = r.value; });
  for (const r of document.querySelectorAll('input[name=conn]'))
    r.addEventListener('change', () => { if (r.checked) { state.conn = Number(r.value); run(); } });

  $('#algo').addEventListener('change', (ev) => {
    state.algo = ev.target.value;
    syncWeightField();
    run();
  });
  $('#weight').addEventListener('input', (ev) => {
    state.weight = Number(ev.target.value);
    $('#weight-out').textContent = state.weight.toFixed(1);
    scheduleRun();
  });
  $('#run').addEventListener('click', () => { state.stale = false; run(); });
  $('#auto-run').addEventListener('change', (ev) => { state.autoRun = ev.target.checked; if (state.autoRun) run(); });

  for (let t = 0; t < 4; ++t) $(`#cost-${t}`).addEventListener('change', () => { readCosts(); run(); });
  $('#costs-uniform').addEventListener('click', () => setCosts(COSTS_MOVINGAI));
  $('#costs-terrain').addEventListener('click', () => setCosts(COSTS_TERRAIN));

  const toggles = { expanded: '#show-expanded', path: '#show-path', grid: '#show-grid' };
  for (const [key, id] of Object.entries(toggles))
    $(id).addEventListener('change', (ev) => { state.show[key] = ev.target.checked; draw(); });

  canvas.addEventListener('pointerdown', onPointerDown);
  canvas.addEventListener('pointermove', onPointerMove);
  canvas.addEventListener('pointerup', onPointerUp);
  canvas.addEventListener('pointercancel', onPointerUp);
  canvas.addEventListener('pointerleave', () => { hoverCell = null; renderHover(); });
  canvas.addEventListener('contextmenu', (ev) => ev.preventDefault());
  window.addEventListener('keydown', (ev) => {
    const t = ev.target;
    const typing = (t instanceof HTMLInputElement && (t.type === 'number' || t.type === 'text')) || t instanceof HTMLSelectElement;
    if (!hoverCell || typing || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const key = ev.key.toLowerCase();
    if (key === 's' || key === 'g') {
      if (applyTool(key === 's' ? 'start' : 'goal', hoverCell)) edited();
    }
  });
  new ResizeObserver(() => layoutCanvas()).observe($('#canvas-wrap'));
}

// ---------------------------------------------------------------------------------------------
// Test hook: read-only views of the state for the browser tests (web/test/) and curious users.

window.__playground = {
  ready: false,
  get state() { return state; },
  get result() {
    const r = state.result;
    return r && { ...r, path: r.path ? Array.from(r.path) : null };
  },
  get runCount() { return state.runCount; },
  cell(x, y) {
    const i = y * state.cols + x;
    return { tag: state.tiles[i], blocked: !!state.blocked[i], gridTag: grid.tile(x, y), gridBlocked: grid.blocked(x, y) };
  },
  /** Page coordinates of the centre of cell (x, y), for mouse events. */
  cellCenter(x, y) {
    const rect = canvas.getBoundingClientRect();
    return { x: rect.left + ((x + 0.5) / state.cols) * rect.width, y: rect.top + ((y + 0.5) / state.rows) * rect.height };
  },
  setEndpoints(start, goal) {
    state.start = start;
    state.goal = goal;
    run();
  },
  loadMapText: (text, name, start, goal) => loadMapText(text, name, start, goal),
};

// ---------------------------------------------------------------------------------------------
// Start

async function main() {
  wireControls();
  syncWeightField();
  try {
    P = await loadPathing();
  } catch (e) {
    const el = $('#loading');
    el.textContent = `Could not load the WebAssembly module: ${errorText(e)}. Serve this folder over HTTP (see docs/playground.md): browsers do not fetch .wasm from file:// pages.`;
    el.classList.add('error');
    throw e;
  }
  $('#version').textContent = P.version ? `v${P.version}` : '';
  readCosts();
  await loadSample(SAMPLES[0].id);
  $('#loading').hidden = true;
  window.__playground.ready = true;
  document.body.dataset.ready = 'true';
}

main();
