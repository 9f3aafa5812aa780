// Grids, layers, errors (PathingError with the C++ messages), Moving AI text, delete().
import test from 'node:test';
import assert from 'node:assert/strict';
import { P, PathingError, using } from '../test-helpers.mjs';

test('Grid: size, cells, version, typed-array round trips', () => {
  const g = new P.Grid(5, 3);
  try {
    assert.equal(g.cols, 5);
    assert.equal(g.rows, 3);
    assert.equal(g.version, 0);
    assert.equal(g.setTile(1, 2, 7), true);
    assert.equal(g.tile(1, 2), 7);
    assert.equal(g.setTile(1, 2, 8), false);  // tags are 0..7
    assert.equal(g.setTile(5, 0, 1), false);  // off the grid
    assert.equal(g.setTile(-1, 0, 1), false);
    assert.equal(g.setTile(0.5, 0, 1), false);
    assert.equal(g.tile(99, 99), 0);
    assert.equal(g.setBlocked(4, 2, true), true);
    assert.equal(g.blocked(4, 2), true);
    assert.equal(g.blocked(3, 2), false);
    assert.equal(g.setBlocked(5, 2, true), false);
    assert.equal(g.blocked(2 ** 40, 0), false);
    assert.equal(g.version, 2);
    const tiles = g.tiles();
    assert.ok(tiles instanceof Uint8Array);
    assert.deepEqual(Array.from(tiles), [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 7, 0, 0, 0]);
    assert.deepEqual(Array.from(g.blockedMask()), [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
    tiles[0] = 3;  // a copy: the grid does not change
    assert.equal(g.tile(0, 0), 0);
    const t = Uint8Array.from({ length: 15 }, (_, i) => i % 8);
    g.setTiles(t);
    assert.deepEqual(Array.from(g.tiles()), Array.from(t));
    assert.equal(g.blocked(4, 2), true);  // blocked flags kept
    g.setBlockedMask([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    assert.deepEqual(Array.from(g.blockedMask()), [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    assert.deepEqual(Array.from(g.tiles()), Array.from(t));  // tags kept
  } finally {
    g.delete();
  }
  assert.equal(g.isDeleted(), true);
  g.delete();  // twice is harmless
  assert.throws(() => g.cols, PathingError);
});

test('Grid.fromTiles', () => {
  using([P.Grid.fromTiles(3, 2, [0, 1, 2, 3, 4, 5], [0, 0, 1, 0, 0, 0])], (g) => {
    assert.equal(g.tile(2, 1), 5);
    assert.equal(g.blocked(2, 0), true);
    assert.equal(g.blocked(1, 0), false);
  });
});

test('Grid errors are PathingErrors with the C++ messages', () => {
  const check = (fn, message, code) => {
    assert.throws(fn, (e) => {
      assert.ok(e instanceof PathingError);
      assert.ok(e instanceof Error);
      assert.equal(e.name, 'PathingError');
      assert.equal(e.message, message);
      assert.equal(e.code, code);
      return true;
    });
  };
  check(() => new P.Grid(0, 5), 'pathing::Grid: cols = 0 is outside [1, 32768]', 'invalid_size');
  check(() => new P.Grid(5, 40000), 'pathing::Grid: rows = 40000 is outside [1, 32768]', 'invalid_size');
  check(
    () => new P.Grid(20000, 20000),
    'pathing::Grid: 20000 x 20000 cells exceeds the limit of 268435456 cells',
    'invalid_size',
  );
  using([new P.Grid(2, 2)], (g) => {
    check(() => g.setTiles([0, 0, 0]), 'pathing::Grid.setTiles: expected 4 values (cols * rows), got 3', 'invalid_size');
    check(() => g.setTiles([0, 0, 9, 0]), 'pathing::Grid.setTiles: value 9 at index 2 is outside [0, 7]', 'invalid_tile');
    check(() => g.setBlockedMask(new Uint8Array(5)), 'pathing::Grid.setBlockedMask: expected 4 values (cols * rows), got 5', 'invalid_size');
  });
  check(() => new P.GridLayer([1, 300]), 'pathing::GridLayer: tag cost 300 is outside [0, 255]', 'invalid_cost');
  check(() => new P.GridLayer([1], -1), 'pathing::GridLayer: blocked cost -1 is outside [0, 255]', 'invalid_cost');
  check(
    () => new P.GridLayer([1, 1, 1, 1, 1, 1, 1, 1, 1]),
    'pathing::GridLayer: 9 tag costs given, at most 8 tags exist',
    'invalid_cost',
  );
});

test('GridLayer: per-tag and per-blocked-tag costs', () => {
  using([new P.GridLayer([1, 2, 0, 4], [5, 0, 0, 0, 0, 0, 0, 7])], (l) => {
    assert.deepEqual([0, 1, 2, 3, 4, 7].map((t) => l.tagCost(t)), [1, 2, 0, 4, 0, 0]);
    assert.deepEqual([0, 1, 7].map((t) => l.blockedTagCost(t)), [5, 0, 7]);
  });
  using([P.movingAiLayer()], (l) => {
    assert.deepEqual([0, 1, 2, 3, 4, 5, 6, 7].map((t) => l.tagCost(t)), [1, 1, 0, 0, 0, 0, 0, 0]);
    assert.deepEqual([0, 1, 2, 3].map((t) => l.blockedTagCost(t)), [0, 0, 0, 0]);
  });
});

test('Moving AI map text', () => {
  const text = 'type octile\nheight 3\nwidth 4\nmap\n.GST\nW@O.\n....\n';
  using([P.loadMovingAiMap(text, 'tiny.map'), P.movingAiLayer(), new P.AStar()], (g, l, a) => {
    assert.equal(g.cols, 4);
    assert.equal(g.rows, 3);
    assert.deepEqual(Array.from(g.tiles()), [0, 0, 1, 3, 2, 0, 1, 0, 0, 0, 0, 0]);  // @: tag 0, O: tag 1, both blocked
    assert.deepEqual(Array.from(g.blockedMask()), [0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0]);
    // From (0,0) only the swamp (2,0) is reachable: (2,0) -> (3,1) would pass the corners of
    // T (3,0) and O (2,1), which no diagonal may cut; water W and @ are impassable.
    const r = a.findPath(g, l, [0, 0], [3, 2]);
    assert.equal(r.status, 'unreachable');
    const r2 = a.findPath(g, l, [0, 2], [3, 1]);
    assert.equal(r2.status, 'found');
    assert.equal(r2.cost, 4);  // no diagonal (2,2) -> (3,1) past the corner of O (2,1)
    assert.deepEqual(Array.from(r2.path), [0, 2, 1, 2, 2, 2, 3, 2, 3, 1]);
  });
  const fail = (text2, name, message) =>
    assert.throws(
      () => P.loadMovingAiMap(text2, name),
      (e) => e instanceof PathingError && e.code === 'parse_error' && e.message === message,
    );
  fail('type octile\nheight 1\nwidth 2\nmap\n.q\n', 'bad.map',
    "bad.map:5:2: unknown map character 'q' (expected one of . G @ O T S W)");
  assert.throws(() => P.loadMovingAiMap('type octile\nheight x\n', 'h.map'),
    (e) => e instanceof PathingError && /^h\.map:2:\d+: /.test(e.message));
  assert.throws(() => P.loadMovingAiMap(42), PathingError);
});

test('Moving AI scenario text', () => {
  const rows = P.parseMovingAiScenario(
    'version 1\n0\trooms-64.map\t64\t64\t3\t0\t4\t0\t1.00000000\n1\trooms-64.map\t64\t64\t16\t32\t16\t26\t7.41421356\n',
    'r.scen',
  );
  assert.equal(rows.length, 2);
  assert.deepEqual(rows[1], {
    bucket: 1,
    map: 'rooms-64.map',
    cols: 64,
    rows: 64,
    startX: 16,
    startY: 32,
    goalX: 16,
    goalY: 26,
    optimal: 7.41421356,
    tolerance: 0.5e-8 + 7.41421356 * 2 ** -23,
  });
  assert.throws(
    () => P.parseMovingAiScenario('version 1\n0\tm.map\t64\t64\t3\t0\t4\tzz\t1.0\n', 'bad.scen'),
    (e) => e instanceof PathingError && /^bad\.scen:2:\d+: /.test(e.message),
  );
});

test('objects of the wrong kind or deleted ones throw PathingError', () => {
  const g = new P.Grid(3, 3);
  const l = new P.GridLayer([1]);
  const a = new P.AStar();
  try {
    assert.throws(() => a.findPath(l, l, [0, 0], [1, 1]), PathingError);
    assert.throws(() => a.findPath(g, g, [0, 0], [1, 1]), PathingError);
    l.delete();
    assert.throws(() => a.findPath(g, l, [0, 0], [1, 1]), PathingError);
  } finally {
    a.delete();
    l.delete();
    g.delete();
  }
  assert.equal(typeof P.version, 'string');
  assert.match(P.version, /^\d+\.\d+\.\d+$/);
});
