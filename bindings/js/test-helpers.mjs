// Shared by the Node tests (bindings/js/test/): where the built package and the shared data are.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The package folder under test: PATHING_JS_DIR, or <repo>/build/wasm/js. */
export const packageDir = process.env.PATHING_JS_DIR
  ? path.resolve(process.env.PATHING_JS_DIR)
  : path.join(repo, 'build/wasm/js');

const mod = await import(path.join(packageDir, 'pathing.mjs'));
export const { loadPathing, PathingError } = mod;
export const P = await loadPathing();

/** ../shared/data (PATHING_SHARED_DATA overrides), or null when absent. */
export function sharedData() {
  const dir = process.env.PATHING_SHARED_DATA
    ? path.resolve(process.env.PATHING_SHARED_DATA)
    : path.resolve(repo, '../shared/data');
  return fs.existsSync(dir) ? dir : null;
}

/** A grid from rows of text: '.' free tag 0, digits 0..7 = tag, '#' blocked tag 0. */
export function gridFrom(rows) {
  const g = new P.Grid(rows[0].length, rows.length);
  rows.forEach((line, y) => {
    [...line].forEach((ch, x) => {
      if (ch === '#') g.setBlocked(x, y, true);
      else if (ch !== '.') g.setTile(x, y, Number(ch));
    });
  });
  return g;
}

/** Deterministic pseudo-random numbers (mulberry32). */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Runs `fn` with objects to delete afterwards (also when it throws). */
export function using(objs, fn) {
  try {
    return fn(...objs);
  } finally {
    for (const o of objs) o.delete();
  }
}

export const K_STRAIGHT = 2 ** 24;
export const K_DIAGONAL = 23726566;  // round(sqrt(2) * 2^24), moves.hpp
