#!/usr/bin/env node
// Assembles the playground's static site: web/playground/* + the npm package folder of the
// WebAssembly build (pathing.mjs, pathing_wasm.mjs, pathing_wasm.wasm, pathing.d.ts) + the sample
// maps of data/ (as maps/*.map). The result needs nothing but a static file server.
//
// Usage: node web/build.mjs [WASM_JS_DIR] [DEST]
//   defaults: build/wasm/js and build/wasm/playground (relative to the repository root).
// MIT licensed.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [wasmArg, destArg] = process.argv.slice(2);
if (wasmArg === '-h' || wasmArg === '--help') {
  console.log('usage: node web/build.mjs [WASM_JS_DIR=build/wasm/js] [DEST=build/wasm/playground]');
  process.exit(0);
}
const wasmDir = path.resolve(wasmArg ?? path.join(root, 'build/wasm/js'));
const dest = path.resolve(destArg ?? path.join(root, 'build/wasm/playground'));
const site = path.join(root, 'web/playground');
const data = path.join(root, 'data');

const required = ['pathing.mjs', 'pathing_wasm.mjs', 'pathing_wasm.wasm'];
const missing = required.filter((f) => !fs.existsSync(path.join(wasmDir, f)));
if (missing.length) {
  console.error(`web/build.mjs: ${wasmDir} lacks ${missing.join(', ')}: build the wasm preset first ` +
    '(cmake --preset wasm && cmake --build --preset wasm -j1, or bash scripts/test-wasm.sh)');
  process.exit(2);
}

fs.rmSync(dest, { recursive: true, force: true });
fs.mkdirSync(path.join(dest, 'maps'), { recursive: true });
let n = 0;
const copy = (from, to) => {
  fs.copyFileSync(from, to);
  ++n;
};
for (const f of fs.readdirSync(site)) copy(path.join(site, f), path.join(dest, f));
for (const f of fs.readdirSync(wasmDir)) {
  if (/\.(mjs|js|wasm|d\.ts)$/.test(f)) copy(path.join(wasmDir, f), path.join(dest, f));
}
for (const f of fs.readdirSync(data)) {
  if (f.endsWith('.map')) copy(path.join(data, f), path.join(dest, 'maps', f));
}
console.log(`web/build.mjs: ${n} files -> ${path.relative(process.cwd(), dest) || '.'}`);
