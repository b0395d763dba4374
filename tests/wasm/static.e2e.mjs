// End-to-end test of the static (WebAssembly) Camelot page in headless Chromium: Debian's
// /usr/bin/chromium driven by playwright-core (no browser is downloaded). There is no game
// server: the page is served by a plain static file server (Python's http.server) and the rules
// and the AI run in the browser (libboardai compiled to WebAssembly, in Web Workers).
//
// It plays D7-D8 by clicking, waits for the AI's reply (a legal move computed in the worker),
// reloads the page and checks that the game is still there (localStorage), exports the record and
// imports it back into a new game, then stops a long search with "Move now".
//
// Usage: node static.e2e.mjs [path/to/site]   (default: build-wasm/site in the tree)
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const HERE = dirname(fileURLToPath(import.meta.url));
const SITE = resolve(process.argv[2] || join(HERE, '..', '..', 'build-wasm', 'site'));
const OUT = join(HERE, 'out');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const STEP_TIMEOUT = 60000;
let passed = 0, failed = 0;

function check(cond, what) {
  if (cond) { passed++; console.log(`ok   ${what}`); } else { failed++; console.log(`FAIL ${what}`); }
}

// python3 -m http.server on a free loopback port; resolves to its address.
function serve() {
  return new Promise((res, rej) => {
    const proc = spawn('python3', ['-u', '-m', 'http.server', '0', '--bind', '127.0.0.1', '--directory', SITE],
      { stdio: ['ignore', 'pipe', 'pipe'] });
    const timer = setTimeout(() => rej(new Error('http.server did not start')), 20000);
    proc.stdout.on('data', (d) => {
      const m = /port (\d+)/.exec(String(d));
      if (m) { clearTimeout(timer); res({ proc, url: `http://127.0.0.1:${m[1]}/` }); }
    });
    proc.on('exit', (code) => rej(new Error(`http.server exited (${code})`)));
  });
}

const settled = (page, plies) => page.waitForFunction((n) => {
  const b = document.getElementById('board');
  return b && b.dataset.ready === 'yes' && document.querySelectorAll('#moves span').length === n &&
    document.getElementById('thinking').classList.contains('hidden');
}, plies, { timeout: STEP_TIMEOUT });
const click = (page, sq) => page.locator(`#board rect[data-sq="${sq}"]`).click({ force: true });
const pieces = (page) => page.evaluate(() => {
  const out = {};
  for (const g of document.querySelectorAll('#pieces [data-piece]'))
    out[g.getAttribute('data-sq')] = g.getAttribute('data-piece');
  return out;
});
const moveTexts = (page) => page.locator('#moves span').allTextContents();

async function main() {
  if (!existsSync(join(SITE, 'camelot.wasm'))) throw new Error(`no camelot.wasm in ${SITE} (run scripts/build-wasm.sh)`);
  if (!existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM}`);
  mkdirSync(OUT, { recursive: true });
  const profile = mkdtempSync(join(tmpdir(), 'camelot-wasm-chromium-'));
  const { proc, url } = await serve();
  let context;
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM, headless: true, viewport: { width: 1100, height: 820 },
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
        '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    const page = context.pages()[0] || await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    const requests = [];
    page.on('request', (r) => requests.push(new URL(r.url()).pathname));

    await page.goto(url);
    await settled(page, 0);
    check(await page.locator('#board rect[data-sq]').count() === 160, 'the board has 160 squares');
    check(Object.keys(await pieces(page)).length === 28, 'start position: 28 pieces');

    // A refused click, explained by the library (in WebAssembly).
    await click(page, 'D6');
    await click(page, 'D9');
    await page.waitForFunction(() => document.getElementById('message').textContent.length > 0);
    const refusal = await page.locator('#message').textContent();
    check(/neither a step nor a leap|D9/.test(refusal), `illegal click refused: "${refusal}"`);

    // 1. D7-D8; the AI (Black, level 2) answers in its Web Worker.
    await click(page, 'D7');
    await click(page, 'D8');
    await settled(page, 2);
    const p = await pieces(page);
    const moves = await moveTexts(page);
    check(moves[0] === 'D7-D8' && !p.D7, '1. D7-D8 played');
    check(moves.length === 2 && /^[A-L]\d+[-x]/.test(moves[1]), `the AI replied ${moves[1]}`);
    check(!requests.some((r) => r.includes('/api/')), 'no request reached a server API');

    // The server's other calls, answered in the page: review, hint, the record as text.
    const api = (url, body) => page.evaluate(async ([u, b]) => {
      const r = await fetch(u, b ? { method: 'POST', body: JSON.stringify(b) } : undefined);
      return { status: r.status, type: r.headers.get('Content-Type'), body: await r.text() };
    }, [url, body]);
    const id = await page.evaluate(() => sessionStorage.getItem('camelot-game'));
    const view = JSON.parse((await api(`/api/view?game=${id}&ply=1`)).body);
    check(view.ply === 1 && view.pieces.D8 === 'K' && view.to_move === 'black', 'review: the board after move 1');
    const hinted = JSON.parse((await api('/api/hint', { game: id })).body);
    check(hinted.hint && hinted.moves.some((m) => m.text === hinted.hint.text), `hint: ${hinted.hint && hinted.hint.text}, a legal move`);
    const rec = await api(`/api/record?game=${id}`);
    check(rec.status === 200 && /^text\/plain/.test(rec.type) && rec.body.startsWith('[Event'), 'the record is text');
    const bad = await api('/api/move', { game: id, move: 'D6-D9' });
    check(bad.status === 422 && /neither a step nor a leap/.test(bad.body), `an illegal move gets 422 with the reason`);

    // Reload: the game comes back from localStorage.
    await page.reload();
    await settled(page, 2);
    check(JSON.stringify(await moveTexts(page)) === JSON.stringify(moves), 'reload keeps the game');
    check(JSON.stringify(await pieces(page)) === JSON.stringify(p), 'reload keeps the position');
    await page.screenshot({ path: join(OUT, 'camelot-wasm.png') });

    // Export the record, import it into a new game: the same moves. Through the adapter's
    // buttons, or the page's own (Load game) when it has them (docs/wasm.md).
    const before = await page.evaluate(() => sessionStorage.getItem('camelot-game'));
    let record;
    if (await page.locator('#export').count()) {
      await page.locator('#export').click();
      await page.waitForFunction(() => document.getElementById('record').value.length > 0);
      record = await page.locator('#record').inputValue();
      await page.locator('#import').click();
      await page.waitForLoadState('load');
    } else {
      record = (await api(`/api/record?game=${before}`)).body;
      await page.locator('#load').click();
      await page.locator('#load-text').fill(record);
      await page.locator('#load-go').click();
      await page.waitForFunction((old) => sessionStorage.getItem('camelot-game') !== old, before);
    }
    check(record.includes(`1. ${moves[0]} ${moves[1]}`), 'the exported record lists the moves');
    await settled(page, 2);
    const after = await page.evaluate(() => sessionStorage.getItem('camelot-game'));
    check(after && after !== before, 'the import made a new game');
    check(JSON.stringify(await moveTexts(page)) === JSON.stringify(moves), 'the imported game has the same moves');
    const saved = await page.evaluate(() => Object.keys(JSON.parse(localStorage.getItem('boardai-camelot-games'))).length);
    check(saved === 2, `both games are saved in localStorage (${saved})`);
    // Move now: a long search (level 6) stopped from the page plays its best move so far; the
    // searching worker is replaced, and the new one searches the next move (level 1).
    await page.selectOption('#level', '6');
    await page.locator('#ai-move').click();
    await page.waitForFunction(() => /depth \d/.test(document.getElementById('thinking-text').textContent),
      null, { timeout: STEP_TIMEOUT });
    const t0 = Date.now();
    await page.locator('#move-now').click();
    await settled(page, 3);
    check(Date.now() - t0 < 10000, `Move now played at once (${Date.now() - t0} ms)`);
    await page.selectOption('#level', '1');
    await page.locator('#ai-move').click();
    await settled(page, 4);
    const four = await moveTexts(page);
    check(four.length === 4 && four.slice(0, 2).join() === moves.join(), `the new worker searched: ${four.slice(2).join(' ')}`);
    check(errors.length === 0, `no page errors${errors.length ? ': ' + errors.join('; ') : ''}`);
  } finally {
    if (context) await context.close();
    proc.kill();
    rmSync(profile, { recursive: true, force: true });
  }
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}

main().catch((e) => { console.error(e); console.log(`${passed} passed, ${failed + 1} failed`); process.exit(1); });
