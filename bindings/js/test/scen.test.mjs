// The Moving AI scenario check, as `pathing scen --check`: every row solved with a cost equal to
// the scenario's optimal length within its tolerance (half a unit of its last printed decimal,
// plus 2^-23 relative), on data/rooms-64 and, when present, the shared DAO maps.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { P, repo, sharedData, using } from '../test-helpers.mjs';

/** Checks `rows` of a scenario on `grid`; returns the number of queries run. */
function checkRows(grid, rows, label) {
  const layer = P.movingAiLayer();
  const searchers = [
    ['AStar', new P.AStar()],
    ['Jps', new P.Jps()],
    ['JpsPlus', new P.JpsPlus()],
  ];
  let n = 0;
  try {
    for (const row of rows) {
      assert.equal(row.cols, grid.cols);
      assert.equal(row.rows, grid.rows);
      for (const [name, s] of searchers) {
        const r = s.findPath(grid, layer, [row.startX, row.startY], [row.goalX, row.goalY]);
        const what = `${label} ${name} ${row.startX},${row.startY} -> ${row.goalX},${row.goalY}`;
        assert.equal(r.status, 'found', what);
        assert.ok(
          Math.abs(r.cost - row.optimal) <= row.tolerance,
          `${what}: cost ${r.cost}, optimal ${row.optimal}`,
        );
        ++n;
      }
    }
  } finally {
    for (const [, s] of searchers) s.delete();
    layer.delete();
  }
  return n;
}

test('data/rooms-64.map.scen: every row optimal (AStar, Jps, JpsPlus)', () => {
  const map = fs.readFileSync(path.join(repo, 'data/rooms-64.map'), 'utf8');
  const scen = fs.readFileSync(path.join(repo, 'data/rooms-64.map.scen'), 'utf8');
  const rows = P.parseMovingAiScenario(scen, 'rooms-64.map.scen');
  assert.equal(rows.length, 40);
  using([P.loadMovingAiMap(map, 'rooms-64.map')], (grid) => {
    assert.equal(checkRows(grid, rows, 'rooms-64'), 120);
  });
});

// Every `step`-th row of each DAO scenario (PATHING_JS_SCEN_STEP, default 1: every row; the whole suite
// takes ~10 s on a busy 2-core machine).
const step = Math.max(1, Number(process.env.PATHING_JS_SCEN_STEP ?? 1));
const shared = sharedData();
const dao = shared ? path.join(shared, 'movingai/dao') : null;
const daoScens =
  dao && fs.existsSync(dao) ? fs.readdirSync(dao).filter((f) => f.endsWith('.map.scen')).sort() : [];
if (daoScens.length === 0) {
  console.log(
    `SKIPPED the DAO scenario checks: no movingai/dao under ${shared ?? '../shared/data'} ` +
      '(set PATHING_SHARED_DATA)',
  );
}

for (const file of daoScens) {
  test(`DAO ${file}: every ${step === 1 ? '' : `${step}th `}row optimal (AStar, Jps, JpsPlus)`, () => {
    const t0 = performance.now();
    const rows = P.parseMovingAiScenario(fs.readFileSync(path.join(dao, file), 'utf8'), file);
    const mapFile = path.join(dao, path.basename(rows[0].map));
    const grid = P.loadMovingAiMap(fs.readFileSync(mapFile, 'utf8'), path.basename(mapFile));
    try {
      const sample = rows.filter((_, i) => i % step === 0);
      const n = checkRows(grid, sample, file);
      assert.equal(n, 3 * sample.length);
      console.log(
        `${file}: ${sample.length} of ${rows.length} rows x 3 searches in ${((performance.now() - t0) / 1000).toFixed(2)} s`,
      );
    } finally {
      grid.delete();
    }
  });
}
