// pathing: fast grid path-finding. MIT licensed.
// Types of the JavaScript API of the WebAssembly build (pathing.mjs). Guide: docs/javascript.md.
//
// Memory: every object created with `new P.X(...)`, or returned wrapping C++ memory (Grid from
// loadMovingAiMap / Grid.fromTiles, GridLayer from movingAiLayer, DistanceField from
// Dijkstra.build), must be released with `delete()`. Returned arrays are JS-owned copies.

/** The C++ `SearchStatus` enumerator names. */
export type SearchStatus =
  | 'found'
  | 'unreachable'
  | 'too_far'
  | 'invalid_endpoint'
  | 'expansion_limit'
  | 'cost_limit'
  | 'stale'
  | 'unsupported'
  | 'invalid_argument'
  | 'in_progress';

/** The C++ `ErrorCode` names a PathingError carries. */
export type ErrorCode =
  | 'invalid_size'
  | 'invalid_tile'
  | 'invalid_cost'
  | 'invalid_argument'
  | 'parse_error';

/** Thrown by constructors and loaders, with the C++ message ("name:line:column: ..." for files). */
export class PathingError extends Error {
  constructor(message: string, code?: ErrorCode);
  readonly name: 'PathingError';
  readonly code: ErrorCode;
}

export const STATUS_NAMES: readonly SearchStatus[];
/** Offsets of the flow field's direction codes 0..7 (right, down, left, up, down_right, down_left, up_left, up_right). */
export const DIRECTION_OFFSETS: readonly (readonly [number, number])[];

/** A cell: [x, y] (column, row; from 0). */
export type Cell = readonly [number, number] | ArrayLike<number>;

export interface LoadOptions {
  /** The .wasm bytes (skips reading / fetching). */
  wasmBinary?: ArrayBuffer | Uint8Array;
  /** Where the browser fetches a file from (default: beside pathing.mjs). */
  locateFile?: (name: string, scriptDirectory: string) => string;
}

/** Loads the WebAssembly module. Node: reads the .wasm with fs; browser: fetches it. */
export function loadPathing(options?: LoadOptions): Promise<Pathing>;

interface Deletable {
  /** Frees the C++ memory; the object is unusable afterwards. Calling it twice is harmless. */
  delete(): void;
  isDeleted(): boolean;
}

export interface Grid extends Deletable {
  readonly cols: number;
  readonly rows: number;
  /** Bumped by every cell change (C++ Grid::version). */
  readonly version: number;
  /** Tag 0..7; false (no change) off the grid or for a bad tag. */
  setTile(x: number, y: number, tag: number): boolean;
  tile(x: number, y: number): number;
  setBlocked(x: number, y: number, blocked: boolean): boolean;
  blocked(x: number, y: number): boolean;
  /** Row-major tags, length cols * rows, values 0..7 (else PathingError). */
  setTiles(tiles: ArrayLike<number>): void;
  tiles(): Uint8Array;
  /** Row-major flags, length cols * rows, non-zero = blocked. */
  setBlockedMask(mask: ArrayLike<number>): void;
  blockedMask(): Uint8Array;
  /** A new grid with the same cells (delete it). */
  clone(): Grid;
}
export interface GridConstructor {
  /** All tag 0, none blocked; PathingError (invalid_size) outside [1, 32768] a side or > 2^28 cells. */
  new (cols: number, rows: number): Grid;
  fromTiles(cols: number, rows: number, tiles: ArrayLike<number>, blocked?: ArrayLike<number>): Grid;
  readonly prototype: Grid;
}

export interface GridLayer extends Deletable {
  tagCost(tag: number): number;
  blockedTagCost(tag: number): number;
}
export interface GridLayerConstructor {
  /**
   * Cost of entering a cell per tag (index = tag, up to 8, missing = 0; 0 impassable, 1..255),
   * and of blocked cells: one cost for every tag or 8 (per tag). Default 0 (impassable).
   */
  new (tagCosts: ArrayLike<number>, blocked?: number | ArrayLike<number>): GridLayer;
  readonly prototype: GridLayer;
}

export interface SearchOptions {
  /** 4 or 8 (default 8; diagonals never cut corners). Other values: status invalid_argument. */
  connectivity?: 4 | 8;
  /** Heuristic weight >= 1 (default 1: optimal). */
  weight?: number;
  /** Stop after this many expansions (status expansion_limit). */
  maxExpansions?: number;
  /** Prune moves costing more than this (cost units; status cost_limit). */
  maxCost?: number;
}

export interface SearchStats {
  expanded: number;
  generated: number;
}

export interface PathResult {
  status: SearchStatus;
  found: boolean;
  partial: boolean;
  /** Cost units: sum of the layer costs of the cells entered, diagonals times sqrt(2). */
  cost: number;
  moves: number;
  /** x0, y0, x1, y1, ... from the start to `finish` (empty when nothing was searched). */
  path: Int32Array;
  stats: SearchStats;
  /** The goal, or the best cell reached by a partial search. */
  finish: [number, number];
}

export interface Searcher extends Deletable {
  /**
   * `into`: a result object to update in place and return (no new objects a query: for many
   * short queries); its `path` is then a view of an Int32Array kept on `into` and overwritten by
   * the next query given the same `into`: copy it to keep it.
   */
  findPath(grid: Grid, layer: GridLayer, from: Cell, to: Cell, options?: SearchOptions | null,
           into?: PathResult | object): PathResult;
  /** Uint8Array cols * rows of the last query's grid: 1 = expanded (JPS, JPS+: jump points of the path). */
  expandedMask(): Uint8Array;
  memoryBytes(): number;
}
export interface BoundedSearcher extends Searcher {
  /** Bounded seed mode: 4-connected, at most 56 moves. */
  buildPath(grid: Grid, layer: GridLayer, from: Cell, to: Cell, into?: PathResult | object): PathResult;
}
export interface AStar extends BoundedSearcher {}
export interface GreedyBestFirst extends BoundedSearcher {}
export interface Jps extends Searcher {}
export interface JpsPlus extends Searcher {}

export interface FieldOptions {
  connectivity?: 4 | 8;
  maxCost?: number;
  direction?: 'to_sources' | 'from_sources';
}

export interface DistanceField extends Deletable {
  /** 'found' when computed; else why not (invalid_endpoint: a source off the grid, ...). */
  readonly status: SearchStatus;
  readonly cols: number;
  readonly rows: number;
  readonly settled: number;
  /** Row-major costs, Infinity = unreached (all Infinity unless status is 'found'). */
  costs(): Float64Array;
  cost(x: number, y: number): number;
  reached(x: number, y: number): boolean;
}

export interface Dijkstra extends Deletable {
  /** A new DistanceField (delete it), or `into` recomputed. */
  build(grid: Grid, layer: GridLayer, sources: ArrayLike<Cell>, options?: FieldOptions, into?: DistanceField): DistanceField;
}

export interface FlowField extends Deletable {
  readonly status: SearchStatus;
  readonly cols: number;
  readonly rows: number;
  /** 'found', or 'stale' when the field does not describe this grid / version / layer. */
  build(grid: Grid, layer: GridLayer, field: DistanceField): SearchStatus;
  /** Row-major codes 0..7 (DIRECTION_OFFSETS) or 255 (no step). */
  directions(): Uint8Array;
  direction(x: number, y: number): number | null;
  nextCell(x: number, y: number): [number, number] | null;
}

export interface ScenarioRow {
  bucket: number;
  map: string;
  cols: number;
  rows: number;
  startX: number;
  startY: number;
  goalX: number;
  goalY: number;
  /** The optimal 8-connected length as printed. */
  optimal: number;
  /** |cost - optimal| <= tolerance means optimal (as `pathing scen --check`). */
  tolerance: number;
}

export interface MapSpec {
  /** 'random' (obstacles with probability density), 'rooms' (rooms and doors), 'maze'. Default 'random'. */
  kind?: 'random' | 'rooms' | 'maze';
  cols?: number;
  rows?: number;
  /** random: obstacle probability; rooms: extra-door probability. In [0, 1]; default 0.2. */
  density?: number;
  /** rooms: interior side of a room (default 7). */
  roomSize?: number;
  /** Integer in [0, 2^53); the same spec gives the same map on every platform. Default 1. */
  seed?: number;
}

export interface ScenarioSpec {
  /** The map column written in every row (default 'map'). */
  map?: string;
  /** Rows to generate (default 10). */
  queries?: number;
  seed?: number;
}

export interface Pathing {
  readonly version: string;
  readonly STATUS_NAMES: readonly SearchStatus[];
  readonly DIRECTION_OFFSETS: readonly (readonly [number, number])[];
  readonly PathingError: typeof PathingError;
  readonly Grid: GridConstructor;
  readonly GridLayer: GridLayerConstructor;
  readonly AStar: new () => AStar;
  readonly GreedyBestFirst: new () => GreedyBestFirst;
  /** @deprecated Renamed `GreedyBestFirst` (greedy best-first search, not breadth-first); kept for one release. */
  readonly GreedyBfs: new () => GreedyBestFirst;
  readonly Jps: new () => Jps;
  readonly JpsPlus: new () => JpsPlus;
  readonly Dijkstra: new () => Dijkstra;
  readonly DistanceField: new () => DistanceField;
  readonly FlowField: new () => FlowField;
  /** Moving AI .map text -> Grid (tags: 0 ground . G, 1 swamp S, 2 water W, 3 trees T; @: tag 0 + blocked, O: tag 1 + blocked). */
  loadMovingAiMap(text: string, name?: string): Grid;
  /** The grid as Moving AI .map text (C++ io::format_map). */
  formatMovingAiMap(grid: Grid): string;
  /** A generated map (C++ io::generate_map; delete it); PathingError for values out of range. */
  generateMap(spec?: MapSpec): Grid;
  /** A generated .scen text for the grid (C++ io::generate_scenario, format_scenario). */
  generateMovingAiScenario(grid: Grid, spec?: ScenarioSpec): string;
  /** The benchmarks' layer (C++ io::movingai_layer()). */
  movingAiLayer(): GridLayer;
  parseMovingAiScenario(text: string, name?: string): ScenarioRow[];
  /** Line-of-sight waypoints of a path (C++ smooth_path). */
  smoothPath(grid: Grid, layer: GridLayer, path: ArrayLike<number>): Int32Array;
  lineOfSight(grid: Grid, layer: GridLayer, a: Cell, b: Cell): boolean;
}
