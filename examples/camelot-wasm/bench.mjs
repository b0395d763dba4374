// examples/camelot-wasm/bench.mjs: nodes per second of the WebAssembly build (in Node.js's V8,
// the engine of Chromium) against the native build, same positions, same depth, fresh tables.
// A benchmark, not a test: scripts/build-wasm.sh --bench runs it.
//
// Usage: node bench.mjs path/to/camelot.js path/to/boardai-camelot [depth]
import { createRequire } from 'node:module';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const [jsPath, native, depthArg] = process.argv.slice(2);
if (!jsPath || !native) {
  console.error('usage: node bench.mjs path/to/camelot.js path/to/boardai-camelot [depth]');
  process.exit(2);
}
const depth = Number(depthArg || 5);
// Positions: the start and a few after well-known openings (moves in WCF notation).
const LINES = [[], ['D7-D8', 'E11-C9'], ['F7-F8', 'G10-G9'], ['D7-D8']];

const createCamelot = createRequire(import.meta.url)(resolve(jsPath));
// Emscripten 3.1.6 would fetch() the .wasm by path, which Node's fetch refuses: hand it over.
const M = await createCamelot({ wasmBinary: readFileSync(resolve(jsPath).replace(/\.js$/, '.wasm')) });
if (M._cw_init() !== 0) throw new Error('cw_init failed');

let wNodes = 0, wMs = 0, nNodes = 0, nMs = 0;
for (const line of LINES) {
  M.ccall('cw_set_position', 'number', ['string'], ['']);
  for (const m of line)
    if (M.ccall('cw_play', 'number', ['string'], [m]) !== 0) throw new Error(`${m}: illegal here`);
  M._cw_clear();
  const t0 = performance.now();
  if (M._cw_search(depth, 0) !== 0) throw new Error('search failed');
  const ms = performance.now() - t0;
  const nodes = M._cw_result_nodes();
  const cmds = `position startpos${line.length ? ' moves ' + line.join(' ') : ''}\ngo depth ${depth}\nquit\n`;
  const t1 = performance.now();
  const out = execFileSync(native, ['--protocol'], { input: cmds }).toString();
  const nms = performance.now() - t1;
  const info = out.trim().split('\n').filter((l) => l.startsWith('info')).pop();
  const nn = Number(/ nodes (\d+)/.exec(info)[1]);
  wNodes += nodes; wMs += ms; nNodes += nn; nMs += nms;
  console.log(`${line.join(' ') || 'start'}: wasm ${nodes} nodes ${ms.toFixed(0)} ms ` +
    `(${Math.round(nodes / ms)} kn/s); native ${nn} nodes ${nms.toFixed(0)} ms (${Math.round(nn / nms)} kn/s)`);
}
const ratio = (wNodes / wMs) / (nNodes / nMs);
console.log(`depth ${depth}, ${LINES.length} positions: wasm ${Math.round(wNodes / wMs)} kn/s, ` +
  `native ${Math.round(nNodes / nMs)} kn/s: wasm runs at ${(100 * ratio).toFixed(0)}% of native`);
