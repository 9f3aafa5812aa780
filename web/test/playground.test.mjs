// Browser tests of the playground (issue #18): Playwright (playwright-core) drives Debian's
// Chromium headless on the built site (web/build.mjs -> build/wasm/playground), served by a tiny
// static server on 127.0.0.1. Run: node --test web/test/  (scripts/test-web.sh does it all).
//
// Environment: PLAYGROUND_DIR (default build/wasm/playground), PATHING_CLI (default
// build/release/cli/pathing; the native CLI the costs are compared with), CHROMIUM (default
// /usr/bin/chromium), SCREENSHOT_DIR (default build/wasm/screenshots; SCREENSHOT_DIR=docs/img
// refreshes the README's pictures). MIT licensed.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';

import { chromium } from 'playwright-core';

import { serve } from '../serve.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SITE = path.resolve(process.env.PLAYGROUND_DIR ?? path.join(ROOT, 'build/wasm/playground'));
const CLI = path.resolve(process.env.PATHING_CLI ?? path.join(ROOT, 'build/release/cli/pathing'));
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const SHOTS = path.resolve(process.env.SCREENSHOT_DIR ?? path.join(ROOT, 'build/wasm/screenshots'));
const ROOMS = path.join(ROOT, 'data/rooms-64.map');

let server;
let context;
let page;
let userDataDir;
const problems = []; // console errors, page errors, failed requests
const requests = []; // every URL the page asked for

before(async () => {
  for (const f of ['index.html', 'app.mjs', 'pathing.mjs', 'pathing_wasm.mjs', 'pathing_wasm.wasm', 'maps/rooms-64.map']) {
    assert.ok(fs.existsSync(path.join(SITE, f)), `${SITE}/${f} is missing: build the site (node web/build.mjs)`);
  }
  assert.ok(fs.existsSync(CLI), `native CLI ${CLI} is missing: set PATHING_CLI or build the release preset's pathing_cli`);
  server = await serve(SITE);
  userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pathing-playground-'));
  context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1200, height: 800 },
    deviceScaleFactor: 1,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  page = context.pages()[0] ?? (await context.newPage());
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console: ${m.text()}`); });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()}`));
  page.on('request', (r) => requests.push(r.url()));
  await page.goto(server.url);
  await page.waitForFunction(() => window.__playground && window.__playground.ready, null, { timeout: 30000 });
});

after(async () => {
  await context?.close();
  await server?.close();
  if (userDataDir) fs.rmSync(userDataDir, { recursive: true, force: true });
});

// ---------------------------------------------------------------------------------------------
// Helpers

/** Runs `action` (a UI step) and waits until the page has run a search after it. */
async function act(action) {
  const before = await page.evaluate(() => window.__playground.runCount);
  await action();
  await page.waitForFunction((n) => window.__playground.runCount > n, before, { timeout: 10000 });
}

const result = () => page.evaluate(() => window.__playground.result);

/** What the stats panel shows: status and the full-precision values (data-value). */
async function panel() {
  return page.evaluate(() => {
    const v = (id) => document.getElementById(id).dataset.value;
    return {
      status: document.getElementById('stat-status').dataset.status,
      statusText: document.getElementById('stat-status').textContent,
      cost: v('stat-cost') === undefined ? undefined : Number(v('stat-cost')),
      moves: v('stat-moves') === undefined ? undefined : Number(v('stat-moves')),
      expanded: v('stat-expanded') === undefined ? undefined : Number(v('stat-expanded')),
      generated: v('stat-generated') === undefined ? undefined : Number(v('stat-generated')),
      ms: v('stat-time') === undefined ? undefined : Number(v('stat-time')),
      note: document.getElementById('stat-note').textContent,
      algo: document.getElementById('stat-algo').textContent,
      conn: document.getElementById('stat-conn').textContent,
    };
  });
}

const sample = (id) => act(() => page.selectOption('[data-testid=sample-select]', id));
/** Picks a search (a no-op when it is already picked: no change event, no run). */
async function algo(id) {
  if ((await page.inputValue('[data-testid=algo]')) === id) return;
  await act(() => page.selectOption('[data-testid=algo]', id));
}
async function conn(n) {
  if (await page.isChecked(`[data-testid=conn-${n}]`)) return;
  await act(() => page.click(`label:has([data-testid=conn-${n}])`));
}
const tool = (name) => page.click(`label:has([data-testid=tool-${name}])`);
const center = (x, y) => page.evaluate(([cx, cy]) => window.__playground.cellCenter(cx, cy), [x, y]);
const cell = (x, y) => page.evaluate(([cx, cy]) => window.__playground.cell(cx, cy), [x, y]);

async function clickCell(x, y) {
  const p = await center(x, y);
  await act(() => page.mouse.click(p.x, p.y));
}

/** Drags the mouse from cell a to cell b (button 'left' or 'right'). */
async function drag(a, b, button = 'left') {
  const p = await center(...a);
  const q = await center(...b);
  await act(async () => {
    await page.mouse.move(p.x, p.y);
    await page.mouse.down({ button });
    await page.mouse.move(q.x, q.y, { steps: 12 });
    await page.mouse.up({ button });
  });
  // the release re-runs once more with the repeated timing
  await page.waitForTimeout(50);
}

/** `pathing path MAP sx sy gx gy --algo A --moves M`: first line parsed. */
function nativePath(map, [sx, sy], [gx, gy], algoName, moves) {
  let out;
  try {
    out = execFileSync(CLI, ['path', map, `${sx}`, `${sy}`, `${gx}`, `${gy}`, '--algo', algoName, '--moves', `${moves}`],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (e) {
    out = `${e.stdout ?? ''}${e.stderr ?? ''}`;
  }
  const m = /path found: (\d+) steps, cost ([0-9.]+) \(.*; (\d+) expanded, (\d+) generated\)/.exec(out);
  if (!m) return { found: false, text: out.split('\n')[0] };
  return { found: true, moves: Number(m[1]), cost: Number(m[2]), expanded: Number(m[3]), generated: Number(m[4]) };
}

/** `pathing field MAP gx gy --moves M`: the number of settled cells. */
function nativeFieldSettled(map, [gx, gy], moves) {
  const out = execFileSync(CLI, ['field', map, `${gx}`, `${gy}`, '--moves', `${moves}`], { encoding: 'utf8' });
  return Number(/(\d+) cells settled/.exec(out)[1]);
}

function screenshot(name) {
  fs.mkdirSync(SHOTS, { recursive: true });
  return page.screenshot({ path: path.join(SHOTS, name) });
}

// ---------------------------------------------------------------------------------------------
// Tests

test('the page loads from the built files, runs A* on the first sample, logs no errors', async () => {
  assert.equal(await page.isVisible('[data-testid=loading]'), false);
  assert.match(await page.textContent('[data-testid=map-info]'), /rooms-64\.map · 64 × 64/);
  const p = await panel();
  assert.equal(p.status, 'found');
  assert.equal(p.algo, 'A*');
  assert.ok(Math.abs(p.cost - 103.76955262) < 5e-9, `cost ${p.cost}`);
  assert.ok(p.ms >= 0, 'a time is shown');
  assert.deepEqual(problems, []);
});

test('drawing walls and terrain with the mouse edits the grid and re-runs the search', async () => {
  await sample('open-48');
  await algo('astar');
  await conn(8);
  const r0 = await result();
  assert.equal(r0.status, 'found');
  assert.deepEqual(await cell(10, 10), { tag: 0, blocked: false, gridTag: 0, gridBlocked: false });

  // A wall across most of the map, between start (6, 16) and goal (41, 16): a longer detour.
  await tool('wall');
  await drag([10, 3], [10, 28]);
  for (let y = 3; y <= 28; ++y) {
    const c = await cell(10, y);
    assert.ok(c.blocked && c.gridBlocked, `(10, ${y}) is a wall in the page and in the wasm grid`);
  }
  assert.equal((await cell(10, 2)).blocked, false);
  const r1 = await result();
  assert.equal(r1.status, 'found');
  assert.ok(r1.cost > r0.cost + 5, `detour: ${r1.cost} > ${r0.cost}`);
  for (let k = 0; k < r1.path.length; k += 2) assert.notEqual(r1.path[k] === 10 && r1.path[k + 1] >= 3 && r1.path[k + 1] <= 28, true);

  // Closing the wall top to bottom: no path; the panel says so.
  await drag([10, 0], [10, 4]);
  await drag([10, 27], [10, 31]);
  assert.equal((await result()).status, 'unreachable');
  assert.equal((await panel()).status, 'unreachable');

  // Erasing a gap with the right button: a path again, through the gap.
  await drag([10, 15], [10, 17], 'right');
  assert.equal((await cell(10, 16)).blocked, false);
  const r2 = await result();
  assert.equal(r2.status, 'found');
  assert.ok(r2.cost < r1.cost, `through the gap: ${r2.cost} < ${r1.cost}`);
  let through = false;
  for (let k = 0; k < r2.path.length; k += 2) through ||= r2.path[k] === 10 && r2.path[k + 1] >= 15 && r2.path[k + 1] <= 17;
  assert.ok(through, 'the path crosses x = 10 in the gap');

  // A swamp column top to bottom (cost 3 a cell with "Swamp 3"): every path enters at least one
  // swamp cell, so the optimum rises by at least 2.
  await act(() => page.click('[data-testid=costs-terrain]'));
  assert.equal((await result()).cost, r2.cost, 'no swamp yet: same cost');
  await tool('swamp');
  await drag([30, 0], [30, 31]);
  const c = await cell(30, 16);
  assert.deepEqual([c.tag, c.gridTag, c.blocked], [1, 1, false]);
  const r3 = await result();
  assert.equal(r3.status, 'found');
  assert.ok(r3.cost >= r2.cost + 2 - 1e-9, `swamp makes the path dearer: ${r3.cost} vs ${r2.cost}`);

  // The hover panel names the cell under the pointer; S and G move start and goal there.
  const h = await center(30, 16);
  await page.mouse.move(h.x, h.y);
  assert.match(await page.textContent('[data-testid=hover]'), /^\(30, 16\) swamp, cost 3/);
  await act(() => page.keyboard.press('g'));
  assert.deepEqual((await result()).path.slice(-2), [30, 16]);

  // Moving start and goal with the tools.
  await tool('start');
  await clickCell(3, 3);
  await tool('goal');
  await clickCell(44, 28);
  const r4 = await result();
  assert.deepEqual([r4.path[0], r4.path[1], r4.path.at(-2), r4.path.at(-1)], [3, 3, 44, 28]);
  await tool('wall');
});

test('every search, 4- and 8-connected, on rooms-64.map loaded from disk matches the native CLI', async () => {
  await act(() => page.setInputFiles('[data-testid=map-file]', ROOMS));
  assert.match(await page.textContent('[data-testid=map-info]'), /rooms-64\.map · 64 × 64/);
  await act(() => page.click('[data-testid=costs-uniform]')); // Moving AI rules, as the CLI
  await algo('astar');
  await tool('start');
  await clickCell(2, 2);
  await tool('goal');
  await clickCell(61, 60);
  await tool('wall');
  const start = [2, 2], goal = [61, 60];
  const cliNames = { astar: 'astar', greedy: 'greedy', jps: 'jps', jpsplus: 'jps+' };

  const seen = [];
  for (const moves of [8, 4]) {
    await conn(moves);
    const optimal = nativePath(ROOMS, start, goal, 'astar', moves);
    assert.ok(optimal.found);
    for (const id of ['astar', 'greedy', 'jps', 'jpsplus', 'dijkstra', 'flow']) {
      await algo(id);
      const p = await panel();
      const r = await result();
      assert.equal(p.conn, `${moves}-connected`);
      const what = `${id}, ${moves}-connected`;
      if (cliNames[id]) {
        const native = nativePath(ROOMS, start, goal, cliNames[id], moves);
        if ((id === 'jps' || id === 'jpsplus') && moves === 4) {
          assert.equal(native.found, false, native.text);
          assert.equal(p.status, 'unsupported', what);
          assert.match(p.note, /8-connected/);
          seen.push(`${what}: unsupported (CLI: ${native.text})`);
          continue;
        }
        assert.equal(p.status, 'found', what);
        // The CLI prints 8 decimals: equal to that precision.
        assert.ok(Math.abs(p.cost - native.cost) <= 5e-9, `${what}: cost ${p.cost} vs CLI ${native.cost}`);
        assert.equal(p.moves, native.moves, `${what}: moves`);
        assert.equal(p.expanded, native.expanded, `${what}: expanded`);
        assert.equal(p.generated, native.generated, `${what}: generated`);
        assert.equal(r.path.length, 2 * (native.moves + 1));
        assert.deepEqual([r.path[0], r.path[1], r.path.at(-2), r.path.at(-1)], [...start, ...goal]);
        seen.push(`${what}: cost ${p.cost} (CLI ${native.cost}), ${p.moves} moves, ${p.expanded} expanded`);
      } else {
        // Dijkstra field and flow field toward the goal: cost at the start = the optimum, to the
        // fields' fixed point (2^-24 cost units a move: diagonals are rounded sqrt(2)).
        assert.equal(p.status, 'found', what);
        assert.ok(Math.abs(p.cost - optimal.cost) <= optimal.moves * 2 ** -24, `${what}: ${p.cost} vs CLI A* ${optimal.cost}`);
        assert.equal(p.expanded, nativeFieldSettled(ROOMS, goal, moves), `${what}: cells reached = CLI's settled`);
        const s = await page.evaluate(() => window.__playground.state);
        assert.ok(s.fieldCosts, 'a field is drawn');
        if (id === 'flow') {
          assert.ok(s.flowDirs, 'flow directions are drawn');
          assert.deepEqual([r.path[0], r.path[1], r.path.at(-2), r.path.at(-1)], [...start, ...goal]);
        }
        seen.push(`${what}: cost ${p.cost}, ${p.expanded} cells reached`);
      }
    }
  }
  console.log(seen.map((l) => `  ${l}`).join('\n'));

  // The README's screenshot: A*, 8-connected, expanded cells and path.
  await conn(8);
  await algo('astar');
  await page.mouse.move(5, 5);
  await screenshot('playground.png');
});

test('terrain costs: JPS and JPS+ answer unsupported, A* and the fields agree', async () => {
  await sample('swamp-river'); // comes with swamp 3
  assert.equal(await page.inputValue('[data-testid=cost-1]'), '3');
  await conn(8);
  await algo('astar');
  const a = await panel();
  assert.equal(a.status, 'found');
  for (const id of ['jps', 'jpsplus']) {
    await algo(id);
    const p = await panel();
    assert.equal(p.status, 'unsupported', id);
    assert.match(p.statusText, /unsupported/);
    assert.match(p.note, /Moving AI rules/);
  }
  await algo('dijkstra');
  const fieldTol = a.moves * 2 ** -24; // the field's fixed point
  assert.ok(Math.abs((await panel()).cost - a.cost) <= fieldTol, 'Dijkstra field at the start = A* cost');
  await algo('flow');
  const f = await panel();
  assert.equal(f.status, 'found');
  assert.ok(Math.abs(f.cost - a.cost) <= fieldTol, 'flow field = A* cost');
  await page.mouse.move(5, 5);
  await screenshot('playground-field.png');

  // With one cost for every passable terrain, JPS searches and finds A*'s cost.
  await act(() => page.click('[data-testid=costs-uniform]'));
  await algo('astar');
  const u = await panel();
  await algo('jps');
  const j = await panel();
  assert.equal(j.status, 'found');
  assert.ok(Math.abs(j.cost - u.cost) < 1e-9);
  assert.ok(u.cost < a.cost, 'swamp at cost 1 is cheaper to cross');
});

test('a malformed .map file shows the parser\'s PathingError message', async () => {
  const before = await page.textContent('[data-testid=map-info]');
  await page.setInputFiles('[data-testid=map-file]', {
    name: 'broken.map',
    mimeType: 'text/plain',
    buffer: Buffer.from('type octile\nheight 2\nwidth 3\nmap\n...\n.X.\n'),
  });
  await page.waitForSelector('[data-testid=message][data-kind=error]');
  const msg = await page.textContent('[data-testid=message]');
  assert.match(msg, /^broken\.map:\d+:\d+: /, msg);
  assert.equal(await page.textContent('[data-testid=map-info]'), before, 'the old map stays');
});

test('only the page\'s own files were fetched, with no errors', async () => {
  const foreign = requests.filter((u) => !u.startsWith(server.url) && !u.startsWith('data:'));
  assert.deepEqual(foreign, []);
  assert.ok(requests.some((u) => u.endsWith('.wasm')), 'the wasm module came from the site');
  assert.deepEqual(problems, []);
});
