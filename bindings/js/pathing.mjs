// pathing: fast grid path-finding. MIT licensed.
//
// The JavaScript API of the WebAssembly build (issue #18): a small typed layer over the embind
// classes of pathing_js.cpp. Types: pathing.d.ts; guide: docs/javascript.md.
//
// Memory: every object made with `new P.X(...)` or returned by the module wrapping C++ memory
// (Grid, GridLayer, the searchers, Dijkstra, DistanceField, FlowField) lives in the WebAssembly
// heap and must be released with `obj.delete()`; JavaScript's garbage collector does not see it.
// Arrays returned to JavaScript (paths, masks, costs, tiles) are copies owned by JavaScript.
//
// Errors: constructors and loaders throw `PathingError` (the C++ message, e.g.
// "map:3:7: unknown map character 'x' ..."); searches and fields never throw for bad coordinates
// or options: they return a status, as in C++ ("invalid_endpoint", "invalid_argument", ...).
import createPathingWasm from './pathing_wasm.mjs';

/** The error thrown by constructors and loaders; `code` is the C++ `ErrorCode` name. */
export class PathingError extends Error {
  constructor(message, code = 'invalid_argument') {
    super(message);
    this.name = 'PathingError';
    this.code = code;
  }
}

/** The C++ `SearchStatus` enumerators, in order (index = the C++ value). */
export const STATUS_NAMES = Object.freeze([
  'found',
  'unreachable',
  'too_far',
  'invalid_endpoint',
  'expansion_limit',
  'cost_limit',
  'stale',
  'unsupported',
  'invalid_argument',
  'in_progress',
]);

/** Cell offsets of the flow field's direction codes (C++ `Direction8`: 0 right .. 7 up_right). */
export const DIRECTION_OFFSETS = Object.freeze([
  [1, 0],
  [0, 1],
  [-1, 0],
  [0, -1],
  [1, 1],
  [-1, 1],
  [-1, -1],
  [1, -1],
]);

const isNode =
  typeof process === 'object' &&
  process !== null &&
  typeof process.versions === 'object' &&
  typeof process.versions.node === 'string';

/**
 * Instantiates the WebAssembly module and returns the API object. In Node.js the `.wasm` file
 * beside this module is read with `fs`; in a browser it is fetched from beside this module
 * (options.locateFile(name) -> URL overrides that; options.wasmBinary gives the bytes).
 * Objects of one loaded instance must not be passed to another.
 */
export async function loadPathing(options = {}) {
  const args = {};
  if (options.wasmBinary) {
    args.wasmBinary = options.wasmBinary;
  } else if (isNode && !options.locateFile) {
    const fsName = 'node:fs/promises';  // a variable: bundlers for the browser leave it alone
    const fs = await import(fsName);
    args.wasmBinary = await fs.readFile(new URL('./pathing_wasm.wasm', import.meta.url));
  }
  if (options.locateFile) args.locateFile = options.locateFile;
  const wasm = await createPathingWasm(args);
  return makeApi(wasm);
}

const INT32_MAX = 2147483647;
const isInt32 = (v) => Number.isInteger(v) && v >= -INT32_MAX - 1 && v <= INT32_MAX;

/** [x, y] as two int32, or null (not a pair of integers in the int32 range). */
function coord(p) {
  if (p == null || typeof p !== 'object') return null;
  const x = p[0];
  const y = p[1];
  return isInt32(x) && isInt32(y) ? [x, y] : null;
}

function statusName(code) {
  return STATUS_NAMES[code] ?? 'unknown';
}

function makeApi(wasm) {
  const live = (obj, what) => {
    if (obj === null || typeof obj !== 'object' || obj._h === null || obj._h === undefined) {
      throw new PathingError(`pathing: ${what} is not a live object (deleted, or of another type)`);
    }
    return obj._h;
  };
  const gridHandle = (g) => {
    if (!(g instanceof Grid)) throw new PathingError('pathing: expected a Grid of this module');
    return live(g, 'the Grid');
  };
  // Byte addresses of live C++ objects, for the direct calls of the per-query C exports.
  const gridAddress = (g) => {
    gridHandle(g);
    return g._addr;
  };
  const layerAddress = (l) => {
    layerHandle(l);
    return l._addr;
  };
  const layerHandle = (l) => {
    if (!(l instanceof GridLayer)) {
      throw new PathingError('pathing: expected a GridLayer of this module');
    }
    return live(l, 'the GridLayer');
  };

  class Handle {
    /** Releases the C++ memory; the object is unusable afterwards. Safe to call twice. */
    delete() {
      if (this._h) {
        this._h.delete();
        this._h = null;
      }
    }
    /** True once `delete()` was called. */
    isDeleted() {
      return !this._h;
    }
  }

  class Grid extends Handle {
    /** A cols x rows grid, every cell tag 0 and not blocked; PathingError on bad sizes. */
    constructor(cols, rows) {
      super();
      for (const [name, v] of [
        ['cols', cols],
        ['rows', rows],
      ]) {
        if (!Number.isInteger(v) || v < 1 || v > 32768) {
          throw new PathingError(`pathing::Grid: ${name} = ${v} is outside [1, 32768]`, 'invalid_size');
        }
      }
      const h = new wasm.Grid(cols, rows);
      const err = h.error();
      if (err) {
        h.delete();
        throw new PathingError(err, 'invalid_size');
      }
      this._h = h;
      this._addr = h.address();
    }
    static _wrap(h) {
      const g = Object.create(Grid.prototype);
      g._h = h;
      g._addr = h.address();
      return g;
    }
    /** A grid from row-major tags (0..7) and, optionally, blocked flags (non-zero = blocked). */
    static fromTiles(cols, rows, tiles, blocked) {
      const g = new Grid(cols, rows);
      try {
        g.setTiles(tiles);
        if (blocked !== undefined && blocked !== null) g.setBlockedMask(blocked);
      } catch (e) {
        g.delete();
        throw e;
      }
      return g;
    }
    get cols() {
      return live(this, 'the Grid').cols();
    }
    get rows() {
      return live(this, 'the Grid').rows();
    }
    /** Bumped by every cell change (C++ `Grid::version`). */
    get version() {
      return live(this, 'the Grid').version();
    }
    /** Sets the tag (0..7) of a cell; false (nothing changed) off the grid or for a bad tag. */
    setTile(x, y, tag) {
      const h = live(this, 'the Grid');
      if (!isInt32(x) || !isInt32(y) || !Number.isInteger(tag)) return false;
      return h.setTile(x, y, tag);
    }
    /** The tag of a cell (0 off the grid). */
    tile(x, y) {
      const h = live(this, 'the Grid');
      return isInt32(x) && isInt32(y) ? h.tile(x, y) : 0;
    }
    /** Sets or clears the blocked flag; false off the grid. */
    setBlocked(x, y, blocked) {
      const h = live(this, 'the Grid');
      if (!isInt32(x) || !isInt32(y)) return false;
      return h.setBlocked(x, y, !!blocked);
    }
    /** Whether a cell is blocked (false off the grid). */
    blocked(x, y) {
      const h = live(this, 'the Grid');
      return isInt32(x) && isInt32(y) ? h.blocked(x, y) : false;
    }
    _checkBytes(bytes, what, max) {
      const n = this.cols * this.rows;
      if (bytes === null || typeof bytes !== 'object' || bytes.length !== n) {
        throw new PathingError(
          `pathing::Grid.${what}: expected ${n} values (cols * rows), got ${bytes?.length}`,
          'invalid_size',
        );
      }
      if (max !== undefined) {
        for (let i = 0; i < n; ++i) {
          const v = bytes[i];
          if (!Number.isInteger(v) || v < 0 || v > max) {
            throw new PathingError(
              `pathing::Grid.${what}: value ${v} at index ${i} is outside [0, ${max}]`,
              'invalid_tile',
            );
          }
        }
      }
    }
    /** Sets every tag from row-major bytes (length cols * rows, values 0..7). */
    setTiles(tiles) {
      const h = live(this, 'the Grid');
      this._checkBytes(tiles, 'setTiles', 7);
      h.setBytes(tiles instanceof Uint8Array ? tiles : Uint8Array.from(tiles), true);
    }
    /** The tags, row-major (a new Uint8Array). */
    tiles() {
      return live(this, 'the Grid').bytes(true).slice();
    }
    /** Sets every blocked flag from row-major bytes (length cols * rows; non-zero = blocked). */
    setBlockedMask(mask) {
      const h = live(this, 'the Grid');
      this._checkBytes(mask, 'setBlockedMask');
      const bytes = new Uint8Array(mask.length);
      for (let i = 0; i < mask.length; ++i) bytes[i] = mask[i] ? 1 : 0;
      h.setBytes(bytes, false);
    }
    /** The blocked flags, row-major, 0 / 1 (a new Uint8Array). */
    blockedMask() {
      return live(this, 'the Grid').bytes(false).slice();
    }
    /** A new grid with the same cells (delete it). */
    clone() {
      const h = live(this, 'the Grid');
      const g = new Grid(1, 1);
      g._h.copyFrom(h);
      return g;
    }
  }

  const costArg = (what, c) => {
    if (!Number.isInteger(c) || c < 0 || c > 255) {
      throw new PathingError(`pathing::GridLayer: ${what} ${c} is outside [0, 255]`, 'invalid_cost');
    }
    return c;
  };

  class GridLayer extends Handle {
    /**
     * Move costs per tag (index = tag, up to 8, missing tags impassable; 0 = impassable,
     * 1..255 = the cost of entering such a cell) and of blocked cells: one number for every tag,
     * or an array of 8 (per tag).
     */
    constructor(tagCosts, blocked = 0) {
      super();
      if (tagCosts === '__wrap__') return;
      if (tagCosts === null || typeof tagCosts !== 'object' || typeof tagCosts.length !== 'number') {
        throw new PathingError('pathing::GridLayer: expected an array of tag costs', 'invalid_cost');
      }
      if (tagCosts.length > 8) {
        throw new PathingError(
          `pathing::GridLayer: ${tagCosts.length} tag costs given, at most 8 tags exist`,
          'invalid_cost',
        );
      }
      const table = new Array(16).fill(0);
      for (let i = 0; i < tagCosts.length; ++i) table[i] = costArg('tag cost', tagCosts[i]);
      if (typeof blocked === 'number') {
        costArg('blocked cost', blocked);
        for (let i = 8; i < 16; ++i) table[i] = blocked;
      } else if (blocked !== null && typeof blocked === 'object' && blocked.length === 8) {
        for (let i = 0; i < 8; ++i) table[8 + i] = costArg('blocked cost', blocked[i]);
      } else {
        throw new PathingError(
          'pathing::GridLayer: blocked must be a cost or an array of 8 costs',
          'invalid_cost',
        );
      }
      this._h = new wasm.GridLayer(table);
      this._addr = this._h.address();
    }
    static _wrap(h) {
      const l = new GridLayer('__wrap__');
      l._h = h;
      l._addr = h.address();
      return l;
    }
    /** The cost of an unblocked cell of tag `tag` (0..7). */
    tagCost(tag) {
      return live(this, 'the GridLayer').tagCost(tag & 7);
    }
    /** The cost of a blocked cell of tag `tag` (0..7). */
    blockedTagCost(tag) {
      return live(this, 'the GridLayer').blockedTagCost(tag & 7);
    }
  }

  // The per-query path (findPath / buildPath) avoids what costs in a call from JavaScript: the
  // raw wasm exports are called (Emscripten's Module._x is a forwarding thunk until its first
  // call), the views of wasm memory are cached and re-made only when memory growth detached them
  // (a detached view has length 0), no array is made for the arguments, and the result slots are
  // read through the cached Float64Array.
  let f64 = wasm.HEAPF64;
  let i32 = wasm.HEAP32;
  const views = () => {
    if (f64.length === 0) {
      f64 = wasm.HEAPF64;
      i32 = wasm.HEAP32;
    }
  };
  let findPathExport = (...a) => {
    const r = wasm._pathing_find_path(...a);
    findPathExport = wasm._pathing_find_path;
    return r;
  };
  let buildPathExport = (...a) => {
    const r = wasm._pathing_build_path(...a);
    buildPathExport = wasm._pathing_build_path;
    return r;
  };
  const isCell = (p) =>
    p != null && typeof p === 'object' && isInt32(p[0]) && isInt32(p[1]);
  const intoArg = (into) => {
    if (into !== undefined && into !== null && typeof into !== 'object') {
      throw new PathingError('pathing: `into` must be an object (a result to reuse)');
    }
    return into ?? null;
  };

  /**
   * Writes a result into `r`: a new object (into = null) with a path copied into a new
   * Int32Array, or `into` updated in place, its path a view of an Int32Array kept on it and
   * reused (grown when too small) by the next query with the same `into`.
   */
  function makeResult(into, status, cost, moves, expanded, generated, fx, fy, at, n) {
    const found = status === 'found';
    if (into === null) {
      return {
        status,
        found,
        partial: !found,
        cost,
        moves,
        path: n > 0 ? i32.slice(at, at + 2 * n) : new Int32Array(0),
        stats: { expanded, generated },
        finish: [fx, fy],
      };
    }
    let buf = into._pathBuffer;
    if (!(buf instanceof Int32Array) || buf.length < 2 * n) {
      buf = new Int32Array(Math.max(64, 2 * n, buf instanceof Int32Array ? 2 * buf.length : 0));
      Object.defineProperty(into, '_pathBuffer', { value: buf, writable: true, configurable: true });
    }
    const m = 2 * n;
    if (m <= 64) {
      for (let k = 0; k < m; ++k) buf[k] = i32[at + k];  // no view made for a short path
    } else {
      buf.set(i32.subarray(at, at + m));
    }
    into.status = status;
    into.found = found;
    into.partial = !found;
    into.cost = cost;
    into.moves = moves;
    const p = into.path;
    if (!(p instanceof Int32Array) || p.buffer !== buf.buffer || p.byteOffset !== 0 ||
        p.length !== m) {
      into.path = buf.subarray(0, m);
    }
    const st = into.stats;
    if (st !== null && typeof st === 'object') {
      st.expanded = expanded;
      st.generated = generated;
    } else {
      into.stats = { expanded, generated };
    }
    const f = into.finish;
    if (Array.isArray(f)) {
      f[0] = fx;
      f[1] = fy;
      f.length = 2;
    } else {
      into.finish = [fx, fy];
    }
    return into;
  }

  function refused(status, from, into) {
    const ok = isCell(from);
    return makeResult(into, status, 0, 0, 0, 0, ok ? from[0] : 0, ok ? from[1] : 0, 0, 0);
  }

  class Searcher extends Handle {
    constructor(h, kind) {
      super();
      this._h = h;
      this._kind = kind;  // pathing_find_path's kind: 0 AStar, 1 GreedyBestFirst, 2 Jps, 3 JpsPlus
      this._addr = h.address();
      this._slots = h.slotsAddress() / 8;  // index of the result slots in HEAPF64
    }
    /**
     * Unbounded search (C++ `find_path`): any length, 4- or 8-connected. Never throws for bad
     * coordinates or options: the result's status says (invalid_endpoint, invalid_argument, ...).
     * `into` (optional): a result object to update in place and return (see makeResult).
     */
    findPath(grid, layer, from, to, options, into) {
      live(this, 'the searcher');
      const g = gridAddress(grid);
      const l = layerAddress(layer);
      const out = intoArg(into);
      if (!isCell(from) || !isCell(to)) return refused('invalid_endpoint', from, out);
      let conn = 8;
      let weight = 1;
      let maxExp = Infinity;
      let maxCost = Infinity;
      if (options !== undefined && options !== null) {
        const c = options.connectivity ?? 8;
        const w = options.weight ?? 1;
        const e = options.maxExpansions ?? Infinity;
        const m = options.maxCost ?? Infinity;
        conn = c === 4 || c === 8 ? c : 0;  // 0: the glue answers invalid_argument
        weight = typeof w === 'number' ? w : NaN;
        maxExp = typeof e === 'number' ? e : NaN;
        maxCost = typeof m === 'number' ? m : NaN;
      }
      findPathExport(this._kind, this._addr, g, l, from[0], from[1], to[0], to[1], conn, weight,
        maxExp, maxCost);
      return this._result(out);
    }
    /** Reads the result slots the last query wrote (see pathing_js.cpp, `Slot`). */
    _result(into = null) {
      views();
      const f = f64;
      const s = this._slots;
      return makeResult(into, STATUS_NAMES[f[s] | 0] ?? 'unknown', f[s + 1], f[s + 2], f[s + 3],
        f[s + 4], f[s + 5], f[s + 6], (f[s + 8] / 4) | 0, f[s + 7] | 0);
    }
    /**
     * For the benchmark (bench/js/run.mjs), not part of the API: seconds the query takes when
     * repeated inside WebAssembly (no JavaScript call between repetitions), as native_rows.cpp
     * times it; `bounded` times buildPath. Returns [seconds, result of the query].
     */
    _timeQuery(grid, layer, from, to, connectivity = 8, bounded = false) {
      live(this, 'the searcher');
      const t = wasm._pathing_time_query(this._kind, this._addr, gridAddress(grid),
        layerAddress(layer), from[0], from[1], to[0], to[1], connectivity, bounded ? 1 : 0);
      return [t, this._result()];
    }
    /** 1 for each cell expanded by the last query (JPS: the jump points of its path). */
    expandedMask() {
      return live(this, 'the searcher').expandedMask().slice();
    }
    /** Bytes of C++ memory the searcher holds. */
    memoryBytes() {
      return live(this, 'the searcher').memoryBytes();
    }
  }

  class BoundedSearcher extends Searcher {
    /** Bounded seed mode (C++ `build_path`): 4-connected, at most 56 moves; `into` as findPath. */
    buildPath(grid, layer, from, to, into) {
      live(this, 'the searcher');
      const g = gridAddress(grid);
      const l = layerAddress(layer);
      const out = intoArg(into);
      if (!isCell(from)) return refused('invalid_endpoint', from, out);
      if (!isCell(to)) return refused('too_far', from, out);
      buildPathExport(this._kind, this._addr, g, l, from[0], from[1], to[0], to[1]);
      return this._result(out);
    }
  }

  class AStar extends BoundedSearcher {
    constructor() {
      super(new wasm.AStar(), 0);
    }
  }
  class GreedyBestFirst extends BoundedSearcher {
    constructor() {
      super(new wasm.GreedyBestFirst(), 1);
    }
  }
  class Jps extends Searcher {
    constructor() {
      super(new wasm.Jps(), 2);
    }
  }
  class JpsPlus extends Searcher {
    constructor() {
      super(new wasm.JpsPlus(), 3);
    }
  }

  class DistanceField extends Handle {
    constructor() {
      super();
      this._h = new wasm.DistanceField();
      this._cols = 0;
      this._rows = 0;
      this._status = 'invalid_argument';  // never computed
    }
    /** How the last build ended ('found' = computed). */
    get status() {
      return this._status;
    }
    get cols() {
      return this._cols;
    }
    get rows() {
      return this._rows;
    }
    /** Cells settled by the last build. */
    get settled() {
      return live(this, 'the DistanceField').settled();
    }
    /** Every cost, row-major (a new Float64Array; Infinity = unreached). */
    costs() {
      const h = live(this, 'the DistanceField');
      if (this._status !== 'found') {
        return new Float64Array(this._cols * this._rows).fill(Infinity);
      }
      return h.costs().slice();
    }
    /** The cost of a cell (Infinity: unreached, off the grid, or the build failed). */
    cost(x, y) {
      const h = live(this, 'the DistanceField');
      if (this._status !== 'found' || !isInt32(x) || !isInt32(y)) return Infinity;
      return h.cost(x, y);
    }
    /** Whether a cell has a cost. */
    reached(x, y) {
      const h = live(this, 'the DistanceField');
      if (this._status !== 'found' || !isInt32(x) || !isInt32(y)) return false;
      return h.reached(x, y);
    }
  }

  class Dijkstra extends Handle {
    constructor() {
      super();
      this._h = new wasm.Dijkstra();
    }
    /**
     * The distance field of `sources` ([[x, y], ...]) into `into` (reused) or a new
     * DistanceField (delete it). Options: connectivity (8), maxCost (Infinity), direction
     * ('to_sources' or 'from_sources'). The field's status says whether it was computed.
     */
    build(grid, layer, sources, options, into) {
      const h = live(this, 'the Dijkstra');
      const g = gridHandle(grid);
      const l = layerHandle(layer);
      if (into !== undefined && !(into instanceof DistanceField)) {
        throw new PathingError('pathing: `into` must be a DistanceField of this module');
      }
      const field = into ?? new DistanceField();
      const fh = live(field, 'the DistanceField');
      field._cols = g.cols();
      field._rows = g.rows();
      const o = options ?? {};
      const conn = o.connectivity ?? 8;
      const maxCost = o.maxCost ?? Infinity;
      const dir = o.direction ?? 'to_sources';
      const flat = [];
      let bad = false;
      if (sources === null || typeof sources !== 'object' || typeof sources.length !== 'number') {
        bad = true;
      } else {
        for (const s of sources) {
          const c = coord(s);
          if (c === null) {
            field._status = 'invalid_endpoint';
            return field;
          }
          flat.push(c[0], c[1]);
        }
      }
      if (bad || (conn !== 4 && conn !== 8) || typeof maxCost !== 'number' ||
          (dir !== 'to_sources' && dir !== 'from_sources')) {
        field._status = 'invalid_argument';
        return field;
      }
      const code = h.build(g, l, flat, conn, maxCost, dir === 'to_sources' ? 0 : 1, fh);
      field._status = statusName(code);
      return field;
    }
  }

  class FlowField extends Handle {
    constructor() {
      super();
      this._h = new wasm.FlowField();
      this._status = 'invalid_argument';
    }
    /** Builds from a current field (C++ `FlowField::build`); returns the status ('stale', ...). */
    build(grid, layer, field) {
      const h = live(this, 'the FlowField');
      const g = gridHandle(grid);
      const l = layerHandle(layer);
      if (!(field instanceof DistanceField)) {
        throw new PathingError('pathing: expected a DistanceField of this module');
      }
      const fh = live(field, 'the DistanceField');
      this._status = field.status === 'found' ? statusName(h.build(g, l, fh)) : 'stale';
      return this._status;
    }
    get status() {
      return this._status;
    }
    get cols() {
      return live(this, 'the FlowField').cols();
    }
    get rows() {
      return live(this, 'the FlowField').rows();
    }
    /** Row-major direction codes (C++ raw: 0..7 = Direction8, 255 = none), a new Uint8Array. */
    directions() {
      return live(this, 'the FlowField').directions().slice();
    }
    /** The direction code of a cell (0..7), or null (no step). */
    direction(x, y) {
      const h = live(this, 'the FlowField');
      if (!isInt32(x) || !isInt32(y)) return null;
      const d = h.raw(x, y);
      return d === 255 ? null : d;
    }
    /** The cell one step along the flow from (x, y), or null (a source, unreached, off grid). */
    nextCell(x, y) {
      const d = this.direction(x, y);
      if (d === null) return null;
      const o = DIRECTION_OFFSETS[d];
      return [x + o[0], y + o[1]];
    }
  }
  FlowField.NONE = 255;

  /** A Moving AI .map text as a Grid (tags: io::tag; PathingError "name:line:column: ..."). */
  function loadMovingAiMap(text, name = 'map') {
    if (typeof text !== 'string' && !(text instanceof Uint8Array)) {
      throw new PathingError('pathing: loadMovingAiMap expects the map text (a string)');
    }
    const h = new wasm.Grid(1, 1);
    const err = h.loadMovingAi(text, String(name));
    if (err) {
      h.delete();
      throw new PathingError(err, 'parse_error');
    }
    return Grid._wrap(h);
  }

  /** The grid as Moving AI .map text (C++ io::format_map; '.' free, '@' blocked, ...). */
  function formatMovingAiMap(grid) {
    return gridHandle(grid).formatMovingAi();
  }

  const isSeed = (v) => Number.isInteger(v) && v >= 0 && v <= Number.MAX_SAFE_INTEGER;

  /**
   * A generated map (C++ io::generate_map, deterministic on every platform): options kind
   * ('random', 'rooms', 'maze'), cols, rows (64), density (0.2), roomSize (7), seed (1).
   * PathingError (invalid_argument) with the C++ message for a value out of range.
   */
  function generateMap(options = {}) {
    const o = options ?? {};
    const kind = o.kind ?? 'random';
    const cols = o.cols ?? 64;
    const rows = o.rows ?? 64;
    const density = o.density ?? 0.2;
    const roomSize = o.roomSize ?? 7;
    const seed = o.seed ?? 1;
    if (!isInt32(cols) || !isInt32(rows) || !isInt32(roomSize) || typeof density !== 'number') {
      throw new PathingError('pathing: generateMap: cols, rows and roomSize must be integers');
    }
    if (!isSeed(seed)) {
      throw new PathingError(`pathing: generateMap: seed ${seed} is not an integer in [0, 2^53)`);
    }
    const h = new wasm.Grid(1, 1);
    const err = h.generate(String(kind), cols, rows, density, roomSize, seed);
    if (err) {
      h.delete();
      throw new PathingError(err, 'invalid_argument');
    }
    return Grid._wrap(h);
  }

  /**
   * A generated Moving AI scenario for `grid` as .scen text (C++ io::generate_scenario +
   * format_scenario: uniform start, goal in its component, reference optimal lengths).
   */
  function generateMovingAiScenario(grid, options = {}) {
    const g = gridHandle(grid);
    const o = options ?? {};
    const map = String(o.map ?? 'map');
    const queries = o.queries ?? 10;
    const seed = o.seed ?? 1;
    if (!isInt32(queries) || !isSeed(seed)) {
      throw new PathingError('pathing: generateMovingAiScenario: queries and seed must be integers');
    }
    const text = wasm.generateScenario(g, map, queries, seed);
    const err = wasm.scenarioError();
    if (err) throw new PathingError(err, 'invalid_argument');
    return text;
  }

  /** The layer of the Moving AI benchmarks (C++ io::movingai_layer()): delete it. */
  function movingAiLayer() {
    return GridLayer._wrap(wasm.GridLayer.movingAi());
  }

  /** The rows of a Moving AI .scen text; PathingError "name:line:column: ..." when malformed. */
  function parseMovingAiScenario(text, name = 'scen') {
    if (typeof text !== 'string' && !(text instanceof Uint8Array)) {
      throw new PathingError('pathing: parseMovingAiScenario expects the scenario text (a string)');
    }
    const err = wasm.parseScenario(text, String(name));
    if (err) throw new PathingError(err, 'parse_error');
    const nums = wasm.scenarioNumbers().slice();
    const maps = wasm.scenarioMaps().split('\n');
    const rows = [];
    for (let i = 0, k = 0; k < nums.length; ++i, k += 9) {
      rows.push({
        bucket: nums[k],
        map: maps[i],
        cols: nums[k + 1],
        rows: nums[k + 2],
        startX: nums[k + 3],
        startY: nums[k + 4],
        goalX: nums[k + 5],
        goalY: nums[k + 6],
        optimal: nums[k + 7],
        tolerance: nums[k + 8],
      });
    }
    return rows;
  }

  /** Line-of-sight string pulling of a path (C++ smooth_path): the waypoints, x0, y0, ... */
  function smoothPath(grid, layer, path) {
    const g = gridHandle(grid);
    const l = layerHandle(layer);
    if (path === null || typeof path !== 'object' || path.length % 2 !== 0) {
      throw new PathingError('pathing: smoothPath expects a path x0, y0, x1, y1, ...');
    }
    for (let i = 0; i < path.length; ++i) {
      if (!isInt32(path[i])) {
        throw new PathingError(`pathing: smoothPath: path[${i}] = ${path[i]} is not an integer`);
      }
    }
    return Int32Array.from(wasm.smoothPath(g, l, Array.from(path)));
  }

  /** Whether the straight segment between two cell centres crosses only passable cells. */
  function lineOfSight(grid, layer, a, b) {
    const g = gridHandle(grid);
    const l = layerHandle(layer);
    const p = coord(a);
    const q = coord(b);
    if (p === null || q === null) return false;
    return wasm.lineOfSight(g, l, p[0], p[1], q[0], q[1]);
  }

  return Object.freeze({
    version: wasm.version(),
    STATUS_NAMES,
    DIRECTION_OFFSETS,
    PathingError,
    Grid,
    GridLayer,
    AStar,
    GreedyBestFirst,
    /** @deprecated renamed GreedyBestFirst (greedy best-first search, not breadth-first). */
    GreedyBfs: GreedyBestFirst,
    Jps,
    JpsPlus,
    Dijkstra,
    DistanceField,
    FlowField,
    loadMovingAiMap,
    formatMovingAiMap,
    generateMap,
    generateMovingAiScenario,
    movingAiLayer,
    parseMovingAiScenario,
    smoothPath,
    lineOfSight,
  });
}
