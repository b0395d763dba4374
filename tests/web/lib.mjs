// Shared by the browser tests: the server process, Chromium, and small page helpers.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { existsSync } from 'node:fs';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const HERE = dirname(fileURLToPath(import.meta.url));
export const ROOT = resolve(HERE, '..', '..');
export const OUT = join(HERE, 'out');
export const BIN = process.argv[2] || process.env.CAMELOT_WEB_BIN ||
  join(ROOT, 'build-web', 'examples', 'boardai-camelot-web');
export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
export const STEP_TIMEOUT = 20000;

export function sleep(ms) { return new Promise((r) => setTimeout(r, ms)); }

export const results = { passed: 0, failed: 0 };
export function check(cond, what) {
  if (cond) { results.passed++; console.log(`ok   ${what}`); }
  else { results.failed++; console.log(`FAIL ${what}`); }
}

export function needTools() {
  if (!existsSync(BIN)) throw new Error(`no server program at ${BIN} (build it first)`);
  if (!existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM}`);
}

// A free loopback port (to restart the server on the same address).
export function freePort() {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.on('error', rej);
    srv.listen(0, '127.0.0.1', () => { const { port } = srv.address(); srv.close(() => res(port)); });
  });
}

// The server with its games in the SQLite file `db`; `extra` options added (e.g. --port N).
export function startServer(db, extra = []) {
  return new Promise((resolveStart, reject) => {
    const args = ['--host', '127.0.0.1', '--db', db, ...extra];
    if (!extra.includes('--port')) args.push('--port', '0');
    const proc = spawn(BIN, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    const timer = setTimeout(() => reject(new Error('the server did not start')), 10000);
    proc.on('error', reject);
    proc.on('exit', (code) => reject(new Error(`the server exited (${code})`)));
    proc.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/http:\/\/127\.0\.0\.1:(\d+)\/(\?token=\S+)?/);
      if (m) { clearTimeout(timer); proc.removeAllListeners('exit'); resolveStart({ proc, url: m[0], base: `http://127.0.0.1:${m[1]}/` }); }
    });
  });
}

// Headless Chromium with a fresh profile (never a downloaded browser).
export async function launch(profile, viewport = { width: 1100, height: 820 }) {
  return chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

// While a test has the server down on purpose (kill -9 and restart), set `now`: a request in
// flight at the kill is then reset or answered empty, which is expected there and nowhere else.
export const serverDown = { now: false };

// Collects the page's errors (refused moves are 4xx answers by design: not errors).
export function watchErrors(page, errors) {
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() !== 'error') return;
    const text = m.text();
    // Expected: a refused request (4xx) and the connection refused while the server is down.
    // Chromium writes the latter right after the colon, the former after "the server responded
    // with a status of".
    if (/Failed to load resource: (.* )?(4\d\d|net::ERR_CONNECTION_REFUSED)/.test(text)) return;
    if (serverDown.now && /Failed to load resource: net::ERR_(CONNECTION_RESET|EMPTY_RESPONSE|CONNECTION_CLOSED)/.test(text)) return;
    const where = m.location() && m.location().url ? ` (${m.location().url})` : '';
    errors.push(text + where);
  });
}

// Waits until the page shows a settled state (no animation, AI idle) with `plies` moves.
export async function settled(page, plies) {
  await page.waitForFunction((n) => {
    const b = document.getElementById('board');
    return b.dataset.ready === 'yes' && document.querySelectorAll('#moves span').length === n;
  }, plies, { timeout: STEP_TIMEOUT });
}

export async function click(page, sq) {
  // Pieces lie over squares; either carries data-sq, the square's rect is always there.
  // force skips the hit-target check (the piece is on top), but with it Playwright does not
  // retry either; the page redraws the whole board on every state it gets (a poll, a reload),
  // so a rect found just before a redraw is detached when clicked ("Element is not visible",
  // seen once in CI). Such a click never reached the page, so it is tried again on the new rect.
  for (let tries = 1; ; tries++) {
    try {
      await page.locator(`#board rect[data-sq="${sq}"]`).click({ force: true, timeout: STEP_TIMEOUT });
      return;
    } catch (e) {
      if (tries >= 5 || !/not visible|not attached|detached/i.test(String(e.message))) throw e;
      await sleep(100);
    }
  }
}

export async function pieces(page) {
  return page.evaluate(() => {
    const out = {};
    for (const g of document.querySelectorAll('#pieces [data-piece]'))
      out[g.getAttribute('data-sq')] = g.getAttribute('data-piece');
    return out;
  });
}

// The page's game as the server has it.
export async function serverState(page) {
  return page.evaluate(() => fetch('/api/state?game=' + sessionStorage.getItem('camelot-game'))
    .then((r) => r.json()));
}

export function finish(promise) {
  promise.then(() => {
    console.log(`${results.passed} passed, ${results.failed} failed`);
    process.exit(results.failed === 0 ? 0 : 1);
  }, (e) => {
    console.log(`FAIL ${e.stack || e.message}`);
    console.log(`${results.passed} passed, ${results.failed + 1} failed`);
    process.exit(1);
  });
}
