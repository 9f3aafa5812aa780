// Distance fields against a brute-force Dijkstra in JavaScript (the same fixed-point costs, so
// the comparison is exact), A* against the same oracle, and flow fields walked to the sources.
import test from 'node:test';
import assert from 'node:assert/strict';
import { P, rng, using, K_STRAIGHT, K_DIAGONAL } from '../test-helpers.mjs';

const OFFSETS = [
  [1, 0], [0, 1], [-1, 0], [0, -1], [1, 1], [-1, 1], [-1, -1], [1, -1],
];

/** Layer cost of every cell (tags, blocked flags, the layer's 16 costs). */
function cellCosts(tiles, blocked, tagCosts, blockedCosts) {
  return Array.from(tiles, (t, i) => (blocked[i] ? blockedCosts[t] : tagCosts[t]));
}

/**
 * Fixed-point Dijkstra over `cost` (cols x rows, 0 = impassable), as docs of DistanceField say:
 * a move enters a passable cell, a diagonal needs both orthogonal cells passable; to_sources:
 * the cost of moving from a cell to the nearest source (the cell left may be impassable);
 * from_sources: from the nearest source to the cell. O(n^2): small maps only.
 */
function bruteField(cols, rows, cost, sources, conn, toSources) {
  const n = cols * rows;
  const dist = new Array(n).fill(Infinity);
  const done = new Uint8Array(n);
  for (const [x, y] of sources) dist[y * cols + x] = 0;
  const pass = (x, y) => x >= 0 && y >= 0 && x < cols && y < rows && cost[y * cols + x] > 0;
  for (;;) {
    let u = -1;
    for (let i = 0; i < n; ++i) if (!done[i] && dist[i] < Infinity && (u < 0 || dist[i] < dist[u])) u = i;
    if (u < 0) break;
    done[u] = 1;
    const ux = u % cols;
    const uy = (u - ux) / cols;
    // to_sources: relax v -> u (enter u); from_sources: u -> v (enter v).
    if (toSources && cost[u] === 0) continue;
    if (!toSources && cost[u] === 0 && dist[u] !== 0) continue;
    for (let d = 0; d < conn; ++d) {
      const [dx, dy] = OFFSETS[d];
      const vx = ux + dx;
      const vy = uy + dy;
      if (vx < 0 || vy < 0 || vx >= cols || vy >= rows) continue;
      const v = vy * cols + vx;
      if (d >= 4 && !(pass(ux + dx, uy) && pass(ux, uy + dy))) continue;
      const entered = toSources ? cost[u] : cost[v];
      if (entered === 0) continue;
      const step = entered * (d >= 4 ? K_DIAGONAL : K_STRAIGHT);
      if (dist[u] + step < dist[v]) dist[v] = dist[u] + step;
    }
  }
  return dist;
}

function randomMap(seed, cols, rows) {
  const r = rng(seed);
  const tiles = Uint8Array.from({ length: cols * rows }, () => Math.floor(r() * 4));
  const blocked = Uint8Array.from({ length: cols * rows }, () => (r() < 0.15 ? 1 : 0));
  return { tiles, blocked };
}

const TAG_COSTS = [1, 2, 5, 0, 0, 0, 0, 0];
const BLOCKED_COSTS = [4, 0, 0, 0, 0, 0, 0, 0];

test('Dijkstra fields equal a brute-force Dijkstra on seeded random maps (exact)', () => {
  const layer = new P.GridLayer(TAG_COSTS, BLOCKED_COSTS);
  const dij = new P.Dijkstra();
  const field = new P.DistanceField();
  let checked = 0;
  try {
    for (let seed = 1; seed <= 6; ++seed) {
      const cols = 12 + seed * 3;
      const rows = 9 + seed * 2;
      const { tiles, blocked } = randomMap(seed, cols, rows);
      const cost = cellCosts(tiles, blocked, TAG_COSTS, BLOCKED_COSTS);
      const r = rng(1000 + seed);
      const sources = Array.from({ length: 1 + (seed % 3) }, () => [
        Math.floor(r() * cols),
        Math.floor(r() * rows),
      ]);
      using([P.Grid.fromTiles(cols, rows, tiles, blocked)], (grid) => {
        for (const connectivity of [4, 8]) {
          for (const direction of ['to_sources', 'from_sources']) {
            const f = dij.build(grid, layer, sources, { connectivity, direction }, field);
            assert.equal(f, field);
            assert.equal(f.status, 'found');
            assert.equal(f.cols, cols);
            assert.equal(f.rows, rows);
            const want = bruteField(cols, rows, cost, sources, connectivity, direction === 'to_sources');
            const got = f.costs();
            assert.equal(got.length, cols * rows);
            let reached = 0;
            for (let i = 0; i < want.length; ++i) {
              const w = want[i] === Infinity ? Infinity : want[i] / K_STRAIGHT;
              assert.equal(got[i], w, `seed ${seed} ${connectivity} ${direction} cell ${i}`);
              assert.equal(f.cost(i % cols, Math.floor(i / cols)), w);
              assert.equal(f.reached(i % cols, Math.floor(i / cols)), w !== Infinity);
              if (w !== Infinity) ++reached;
            }
            assert.equal(f.settled >= 1, true);
            checked += reached;
          }
        }
      });
    }
  } finally {
    field.delete();
    dij.delete();
    layer.delete();
  }
  assert.ok(checked > 2000, `cells checked: ${checked}`);
});

test('A* costs equal the brute-force optimum; paths are valid and cost what they say', () => {
  const layer = new P.GridLayer(TAG_COSTS, BLOCKED_COSTS);
  const astar = new P.AStar();
  let found = 0;
  try {
    for (let seed = 11; seed <= 16; ++seed) {
      const cols = 20;
      const rows = 14;
      const { tiles, blocked } = randomMap(seed, cols, rows);
      const cost = cellCosts(tiles, blocked, TAG_COSTS, BLOCKED_COSTS);
      const r = rng(seed * 7);
      using([P.Grid.fromTiles(cols, rows, tiles, blocked)], (grid) => {
        for (let q = 0; q < 12; ++q) {
          const from = [Math.floor(r() * cols), Math.floor(r() * rows)];
          const to = [Math.floor(r() * cols), Math.floor(r() * rows)];
          for (const connectivity of [4, 8]) {
            const oracle = bruteField(cols, rows, cost, [to], connectivity, true);
            const want = oracle[from[1] * cols + from[0]];
            const res = astar.findPath(grid, layer, from, to, { connectivity });
            if (want === Infinity) {
              assert.equal(res.status, from[0] === to[0] && from[1] === to[1] ? 'found' : 'unreachable');
              continue;
            }
            assert.equal(res.status, 'found');
            ++found;
            // Recompute the path's cost: fixed point (= the oracle) and double (= res.cost).
            let fixed = 0;
            let straight = 0;
            let diagonal = 0;
            const p = res.path;
            assert.deepEqual([p[0], p[1]], from);
            assert.deepEqual([p[p.length - 2], p[p.length - 1]], to);
            for (let i = 2; i < p.length; i += 2) {
              const dx = p[i] - p[i - 2];
              const dy = p[i + 1] - p[i - 1];
              assert.ok(Math.abs(dx) <= 1 && Math.abs(dy) <= 1 && (dx || dy));
              const c = cost[p[i + 1] * cols + p[i]];
              assert.ok(c > 0, 'a path enters passable cells only');
              if (dx && dy) {
                assert.equal(connectivity, 8);
                assert.ok(cost[p[i - 1] * cols + p[i]] > 0 && cost[p[i + 1] * cols + p[i - 2]] > 0);
                fixed += c * K_DIAGONAL;
                diagonal += c;
              } else {
                fixed += c * K_STRAIGHT;
                straight += c;
              }
            }
            assert.equal(fixed, want, `seed ${seed} query ${q} ${connectivity}`);
            assert.equal(res.cost, straight + diagonal * Math.sqrt(2));
            assert.equal(res.moves, p.length / 2 - 1);
          }
        }
      });
    }
  } finally {
    astar.delete();
    layer.delete();
  }
  assert.ok(found > 50, `found: ${found}`);
});

test('flow fields lead every reached cell to a source at exactly its field cost', () => {
  const cols = 30;
  const rows = 20;
  const { tiles, blocked } = randomMap(99, cols, rows);
  const cost = cellCosts(tiles, blocked, TAG_COSTS, BLOCKED_COSTS);
  const sources = [[3, 4], [25, 15]];
  using(
    [P.Grid.fromTiles(cols, rows, tiles, blocked), new P.GridLayer(TAG_COSTS, BLOCKED_COSTS), new P.Dijkstra(), new P.FlowField()],
    (grid, layer, dij, flow) => {
      for (const connectivity of [4, 8]) {
        using([dij.build(grid, layer, sources, { connectivity })], (field) => {
          assert.equal(flow.build(grid, layer, field), 'found');
          assert.equal(flow.status, 'found');
          const want = bruteField(cols, rows, cost, sources, connectivity, true);
          const dirs = flow.directions();
          assert.equal(dirs.length, cols * rows);
          for (let y = 0; y < rows; ++y) {
            for (let x = 0; x < cols; ++x) {
              const w = want[y * cols + x];
              const d = dirs[y * cols + x];
              assert.equal(flow.direction(x, y), d === 255 ? null : d);
              if (w === Infinity) {
                assert.equal(d, 255);
                continue;
              }
              let [cx, cy] = [x, y];
              let fixed = 0;
              for (let next = flow.nextCell(cx, cy); next !== null; next = flow.nextCell(cx, cy)) {
                const diag = next[0] !== cx && next[1] !== cy;
                fixed += cost[next[1] * cols + next[0]] * (diag ? K_DIAGONAL : K_STRAIGHT);
                [cx, cy] = next;
              }
              assert.ok(sources.some(([sx, sy]) => sx === cx && sy === cy), `ends at a source from ${x},${y}`);
              assert.equal(fixed, w);
            }
          }
          // An edited grid makes the field stale.
          grid.setTile(0, 0, grid.tile(0, 0) === 1 ? 2 : 1);
          assert.equal(flow.build(grid, layer, field), 'stale');
          grid.setTile(0, 0, tiles[0]);
        });
      }
    },
  );
});

test('field statuses', () => {
  using([new P.Grid(5, 5), new P.GridLayer([1]), new P.Dijkstra()], (g, l, dij) => {
    const check = (sources, options, status) =>
      using([dij.build(g, l, sources, options)], (f) => {
        assert.equal(f.status, status);
        if (status !== 'found') {
          assert.deepEqual(Array.from(f.costs()), new Array(25).fill(Infinity));
          assert.equal(f.cost(0, 0), Infinity);
          assert.equal(f.reached(0, 0), false);
        }
      });
    check([[0, 0]], undefined, 'found');
    check([], undefined, 'found');  // no sources: every cell unreached
    check([[5, 0]], undefined, 'invalid_endpoint');
    check([[0.5, 0]], undefined, 'invalid_endpoint');
    check([[0, 0]], { connectivity: 3 }, 'invalid_argument');
    check([[0, 0]], { direction: 'sideways' }, 'invalid_argument');
    using([dij.build(g, l, [[2, 2]], { maxCost: 1.5 })], (f) => {
      assert.equal(f.status, 'found');
      assert.equal(f.cost(2, 3), 1);
      assert.equal(f.cost(3, 3), Math.round(Math.SQRT2 * 2 ** 24) / 2 ** 24);
      assert.equal(f.cost(2, 4), Infinity);  // beyond the limit
    });
  });
});
