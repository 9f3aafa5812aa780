// Map and scenario generators: the shipped samples in data/ come out byte for byte (the generators
// are deterministic on every platform, WebAssembly included), Moving AI text round trips, clone().
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { P, PathingError, repo, using } from '../test-helpers.mjs';

const SAMPLES = [
  ['random-64.map', { kind: 'random', cols: 64, rows: 64, density: 0.2, seed: 1 }, 40, 1],
  ['rooms-64.map', { kind: 'rooms', cols: 64, rows: 64, density: 0.2, seed: 2 }, 40, 2],
  ['maze-32.map', { kind: 'maze', cols: 32, rows: 32, seed: 3 }, 30, 3],
];

test('generateMap and generateMovingAiScenario reproduce data/ byte for byte', () => {
  for (const [file, spec, queries, seed] of SAMPLES) {
    const mapText = fs.readFileSync(path.join(repo, 'data', file), 'utf8');
    const scenText = fs.readFileSync(path.join(repo, 'data', `${file}.scen`), 'utf8');
    using([P.generateMap(spec)], (g) => {
      assert.equal(P.formatMovingAiMap(g), mapText, file);
      // `pathing gen` seeds the scenario with the map's seed.
      assert.equal(P.generateMovingAiScenario(g, { map: file, queries, seed }), scenText, `${file}.scen`);
    });
  }
});

test('Moving AI text round trip and clone()', () => {
  const text = fs.readFileSync(path.join(repo, 'data/rooms-64.map'), 'utf8');
  using([P.loadMovingAiMap(text, 'rooms-64.map')], (g) => {
    assert.equal(P.formatMovingAiMap(g), text);
    using([g.clone()], (c) => {
      assert.equal(c.cols, 64);
      assert.deepEqual(c.blockedMask(), g.blockedMask());
      c.setBlocked(0, 0, !c.blocked(0, 0));
      assert.notEqual(c.blocked(0, 0), g.blocked(0, 0));  // a copy
    });
  });
});

test('generator errors are PathingErrors', () => {
  assert.throws(() => P.generateMap({ kind: 'caves' }), (e) => e instanceof PathingError && /unknown kind 'caves'/.test(e.message));
  assert.throws(() => P.generateMap({ density: 2 }), (e) => e instanceof PathingError && e.code === 'invalid_argument' && /density/.test(e.message));
  assert.throws(() => P.generateMap({ cols: 0 }), PathingError);
  assert.throws(() => P.generateMap({ seed: -1 }), PathingError);
  using([new P.Grid(3, 3)], (g) => {
    for (let x = 0; x < 3; ++x) for (let y = 0; y < 3; ++y) g.setBlocked(x, y, true);
    assert.throws(() => P.generateMovingAiScenario(g, { queries: 2 }), PathingError);
  });
});
