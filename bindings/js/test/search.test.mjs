// Exact paths, costs and statuses of every search on small hand-made maps.
import test from 'node:test';
import assert from 'node:assert/strict';
import { P, gridFrom, using } from '../test-helpers.mjs';

// A winding corridor: one path only, 4- or 8-connected (no diagonal passes a corner).
const WINDING = [
  '..#....', //
  '#.#.##.',
  '#.#.#..',
  '#...#.#',
  '#####..',
];
const WINDING_PATH = [
  0, 0, 1, 0, 1, 1, 1, 2, 1, 3, 2, 3, 3, 3, 3, 2, 3, 1, 3, 0, 4, 0, 5, 0, 6, 0, 6, 1, 6, 2, 5, 2,
  5, 3, 5, 4, 6, 4,
];

test('every search finds the one path of the winding corridor', () => {
  const grid = gridFrom(WINDING);
  const layer = new P.GridLayer([1]);
  const searchers = [new P.AStar(), new P.GreedyBestFirst(), new P.Jps(), new P.JpsPlus()];
  try {
    for (const s of searchers) {
      for (const connectivity of s instanceof P.Jps || s instanceof P.JpsPlus ? [8] : [4, 8]) {
        const r = s.findPath(grid, layer, [0, 0], [6, 4], { connectivity });
        const what = `${s.constructor.name} ${connectivity}`;
        assert.equal(r.status, 'found', what);
        assert.equal(r.found, true);
        assert.equal(r.partial, false);
        assert.equal(r.cost, 18, what);
        assert.equal(r.moves, 18, what);
        assert.deepEqual(Array.from(r.path), WINDING_PATH, what);
        assert.deepEqual(r.finish, [6, 4]);
        assert.ok(r.path instanceof Int32Array);
      }
    }
    // Bounded seed mode: 18 <= 56 steps.
    for (const s of searchers.slice(0, 2)) {
      const b = s.buildPath(grid, layer, [0, 0], [6, 4]);
      assert.equal(b.status, 'found');
      assert.equal(b.cost, 18);
      assert.equal(b.moves, 18);
      assert.deepEqual(Array.from(b.path), WINDING_PATH);
    }
  } finally {
    for (const s of searchers) s.delete();
    layer.delete();
    grid.delete();
  }
});

test('terrain costs: A* avoids the costly swamp, 4- and 8-connected', () => {
  const grid = gridFrom([
    '.....', //
    '.111.',
    '..#..',
  ]);
  const layer = new P.GridLayer([1, 9]);
  using([grid, layer, new P.AStar()], (g, l, a) => {
    const r4 = a.findPath(g, l, [0, 1], [4, 1], { connectivity: 4 });
    assert.equal(r4.status, 'found');
    assert.equal(r4.cost, 6);
    assert.equal(r4.moves, 6);
    assert.deepEqual(Array.from(r4.path), [0, 1, 0, 0, 1, 0, 2, 0, 3, 0, 4, 0, 4, 1]);
    const r8 = a.findPath(g, l, [0, 1], [4, 1]);
    assert.equal(r8.status, 'found');
    assert.equal(r8.cost, 2 + 2 * Math.sqrt(2));
    assert.equal(r8.moves, 4);
    assert.deepEqual(Array.from(r8.path), [0, 1, 1, 0, 2, 0, 3, 0, 4, 1]);
    // Through the swamp when it is cheap: 1 + 1 + 1 + 1 = 4 straight moves of cost 1.
    using([new P.GridLayer([1, 1])], (cheap) => {
      const r = a.findPath(g, cheap, [0, 1], [4, 1], { connectivity: 4 });
      assert.equal(r.cost, 4);
      assert.deepEqual(Array.from(r.path), [0, 1, 1, 1, 2, 1, 3, 1, 4, 1]);
    });
    // A weight >= 1 is accepted; the weighted path here is the same.
    const w = a.findPath(g, l, [0, 1], [4, 1], { weight: 2 });
    assert.equal(w.status, 'found');
    assert.equal(w.cost, 2 + 2 * Math.sqrt(2));
    // Blocked cells cost the layer's blocked cost: passable at 3.
    using([new P.GridLayer([1, 9], 3)], (soft) => {
      const r = a.findPath(g, soft, [0, 2], [4, 2], { connectivity: 4 });
      assert.equal(r.cost, 1 + 3 + 1 + 1);
      assert.deepEqual(Array.from(r.path), [0, 2, 1, 2, 2, 2, 3, 2, 4, 2]);
      // Impassable when blocked: around through row 0, 8 moves.
      assert.equal(a.findPath(g, l, [0, 2], [4, 2], { connectivity: 4 }).cost, 8);
    });
  });
});

test('statuses are the C++ SearchStatus names', () => {
  const grid = gridFrom(WINDING);
  const layer = new P.GridLayer([1]);
  const costly = new P.GridLayer([1, 2]);
  const a = new P.AStar();
  const bfs = new P.GreedyBestFirst();
  const jps = new P.Jps();
  const jpsPlus = new P.JpsPlus();
  try {
    assert.equal(a.findPath(grid, layer, [-1, 0], [6, 4]).status, 'invalid_endpoint');
    assert.equal(a.findPath(grid, layer, [0, 0], [7, 4]).status, 'invalid_endpoint');
    assert.equal(a.findPath(grid, layer, [0.5, 0], [6, 4]).status, 'invalid_endpoint');
    assert.equal(a.findPath(grid, layer, [0, 0], [2 ** 32, 4]).status, 'invalid_endpoint');
    assert.equal(a.findPath(grid, layer, null, [6, 4]).status, 'invalid_endpoint');
    const bad = a.findPath(grid, layer, [0, 0], [99, 0]);
    assert.equal(bad.found, false);
    assert.equal(bad.partial, true);
    assert.equal(bad.path.length, 0);
    // A walled-off goal.
    assert.equal(a.findPath(grid, layer, [0, 0], [0, 1]).status, 'unreachable');
    assert.equal(bfs.findPath(grid, layer, [0, 0], [0, 1]).status, 'unreachable');
    assert.equal(jps.findPath(grid, layer, [0, 0], [0, 1]).status, 'unreachable');
    // Limits.
    const lim = a.findPath(grid, layer, [0, 0], [6, 4], { maxExpansions: 3 });
    assert.equal(lim.status, 'expansion_limit');
    assert.equal(lim.stats.expanded, 3);
    assert.deepEqual(Array.from(lim.path.slice(0, 2)), [0, 0]);
    const cl = a.findPath(grid, layer, [0, 0], [6, 4], { maxCost: 5 });
    assert.equal(cl.status, 'cost_limit');
    assert.ok(cl.cost <= 5);
    // Options out of range.
    assert.equal(a.findPath(grid, layer, [0, 0], [6, 4], { weight: 0.5 }).status, 'invalid_argument');
    assert.equal(a.findPath(grid, layer, [0, 0], [6, 4], { connectivity: 6 }).status, 'invalid_argument');
    assert.equal(a.findPath(grid, layer, [0, 0], [6, 4], { maxExpansions: -1 }).status, 'invalid_argument');
    // What a search cannot honour.
    assert.equal(jps.findPath(grid, layer, [0, 0], [6, 4], { connectivity: 4 }).status, 'unsupported');
    assert.equal(jps.findPath(grid, costly, [0, 0], [6, 4]).status, 'unsupported');
    assert.equal(jpsPlus.findPath(grid, costly, [0, 0], [6, 4]).status, 'unsupported');
    assert.equal(bfs.findPath(grid, layer, [0, 0], [6, 4], { maxCost: 10 }).status, 'unsupported');
    // Bounded mode: more than 56 steps.
    using([new P.Grid(100, 1)], (line) => {
      const r = a.buildPath(line, layer, [0, 0], [99, 0]);
      assert.equal(r.status, 'too_far');
      const ok = a.buildPath(line, layer, [0, 0], [56, 0]);
      assert.equal(ok.status, 'found');
      assert.equal(ok.moves, 56);
      assert.equal(ok.path.length, 2 * 57);
      assert.equal(a.buildPath(line, layer, [-1, 0], [5, 0]).status, 'invalid_endpoint');
    });
    // A start on the goal.
    const same = a.findPath(grid, layer, [3, 3], [3, 3]);
    assert.equal(same.status, 'found');
    assert.equal(same.cost, 0);
    assert.equal(same.moves, 0);
    assert.deepEqual(Array.from(same.path), [3, 3]);
  } finally {
    for (const o of [a, bfs, jps, jpsPlus, costly, layer, grid]) o.delete();
  }
});

test('expandedMask: A* marks what it expanded, JPS the jump points of its path', () => {
  const grid = gridFrom(WINDING);
  const layer = new P.GridLayer([1]);
  using([grid, layer, new P.AStar(), new P.Jps()], (g, l, a, j) => {
    assert.equal(a.expandedMask().length, 0);  // no query yet
    const r = a.findPath(g, l, [0, 0], [6, 4], { connectivity: 4 });
    const mask = a.expandedMask();
    assert.equal(mask.length, 35);
    // Every path cell but the goal is expanded; walls never are.
    let n = 0;
    for (let i = 0; i < mask.length; ++i) n += mask[i];
    assert.equal(n, r.stats.expanded);
    assert.equal(mask[0], 1);
    assert.equal(mask[2], 0);  // (2, 0) is a wall
    const rj = j.findPath(g, l, [0, 0], [6, 4]);
    assert.equal(rj.status, 'found');
    const jm = j.expandedMask();
    assert.equal(jm.length, 35);
    assert.equal(jm[0], 1);  // the start
    assert.equal(jm[4 * 7 + 6], 1);  // the goal
  });
});

test('smoothPath and lineOfSight', () => {
  const grid = gridFrom([
    '........', //
    '........',
    '...##...',
    '........',
  ]);
  const layer = new P.GridLayer([1]);
  using([grid, layer, new P.AStar()], (g, l, a) => {
    const r = a.findPath(g, l, [0, 3], [7, 0]);
    assert.equal(r.status, 'found');
    const w = P.smoothPath(g, l, r.path);
    assert.ok(w instanceof Int32Array);
    assert.deepEqual(Array.from(w.slice(0, 2)), [0, 3]);
    assert.deepEqual(Array.from(w.slice(-2)), [7, 0]);
    for (let i = 2; i < w.length; i += 2) {
      assert.equal(P.lineOfSight(g, l, [w[i - 2], w[i - 1]], [w[i], w[i + 1]]), true);
    }
    assert.equal(P.lineOfSight(g, l, [0, 2], [7, 2]), false);
    assert.equal(P.lineOfSight(g, l, [0, 0], [7, 0]), true);
    assert.deepEqual(Array.from(P.smoothPath(g, l, [])), []);
  });
});

test('findPath / buildPath into a reused result: the same fields as a new result', () => {
  const grid = gridFrom(WINDING);
  const layer = new P.GridLayer([1]);
  const a = new P.AStar();
  const jpsPlus = new P.JpsPlus();
  try {
    const into = {};
    const fresh = (r) => ({ ...r, path: Array.from(r.path), finish: [...r.finish], stats: { ...r.stats } });
    const queries = [
      [a, [0, 0], [6, 4], { connectivity: 4 }],
      [a, [0, 0], [1, 0], undefined],  // a shorter path after a long one: path shrinks
      [jpsPlus, [0, 0], [6, 4], undefined],
      [a, [0, 0], [0, 1], undefined],  // unreachable
      [a, [-1, 0], [6, 4], undefined],  // refused in JavaScript
      [a, [0, 0], [6, 4], { maxExpansions: 3 }],
    ];
    const stats0 = (() => {
      const r = a.findPath(grid, layer, [0, 0], [6, 4], undefined, into);
      assert.equal(r, into);
      return into.stats;
    })();
    const finish0 = into.finish;
    for (const [s, from, to, o] of queries) {
      const want = s.findPath(grid, layer, from, to, o);
      const got = s.findPath(grid, layer, from, to, o, into);
      assert.equal(got, into);
      assert.deepEqual(fresh(got), fresh(want));
      assert.ok(got.path instanceof Int32Array);
      assert.equal(got.stats, stats0);  // reused objects
      assert.equal(got.finish, finish0);
    }
    assert.deepEqual(Object.keys(into).sort(), Object.keys(a.findPath(grid, layer, [0, 0], [6, 4])).sort());
    using([new P.Grid(100, 1)], (line) => {
      const r = {};
      for (const to of [[56, 0], [3, 0], [99, 0], [20, 0]]) {
        const want = a.buildPath(line, layer, [0, 0], to);
        assert.deepEqual(fresh(a.buildPath(line, layer, [0, 0], to, r)), fresh(want));
      }
      // A long path grows the reused buffer.
      const big = {};
      for (const to of [[2, 0], [99, 0], [5, 0]]) {
        const want = a.findPath(line, layer, [0, 0], to, { connectivity: 4 });
        assert.deepEqual(fresh(a.findPath(line, layer, [0, 0], to, { connectivity: 4 }, big)), fresh(want));
      }
    });
    assert.throws(() => a.findPath(grid, layer, [0, 0], [6, 4], undefined, 5), P.PathingError);
  } finally {
    for (const o of [a, jpsPlus, layer, grid]) o.delete();
  }
});

test('GreedyBfs, the former name of GreedyBestFirst, is the same class', () => {
  assert.equal(P.GreedyBfs, P.GreedyBestFirst);
  const grid = gridFrom(WINDING);
  const old = new P.GreedyBfs();
  const layer = new P.GridLayer([1]);
  try {
    const r = old.findPath(grid, layer, [0, 0], [6, 4], { connectivity: 4 });
    assert.equal(r.status, 'found');
    assert.deepEqual(Array.from(r.path), WINDING_PATH);
  } finally {
    for (const o of [old, layer, grid]) o.delete();
  }
});
