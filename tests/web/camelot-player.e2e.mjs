// What a player expects, in headless Chromium (Debian's /usr/bin/chromium, playwright-core):
// games that survive a kill -9 of the server (the open tab carries on), shared #game=ID
// addresses and tabs that stay current, the reported bugs (undo as Black, reload after Stop,
// evicted games, clicks during the AI's animation, idle connections), review, redo, hint,
// loading a record or a position, the saved games list, keyboard and drag-and-drop moves, the
// status panel, a phone-sized screen, and the access token.
//
// Usage: node camelot-player.e2e.mjs [path/to/boardai-camelot-web]
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'node:net';
import { OUT, STEP_TIMEOUT, check, needTools, freePort, startServer, launch, watchErrors, serverDown,
  settled, click, pieces, serverState, finish, sleep } from './lib.mjs';

const SAMPLE = '1. E6-E8 H11-J9\n2. G6-I8 J9-H11-F9\n3. I6-J5 F10-D12-B10\n4. F6-F8 D10-F10\n' +
  '5. G7-E9 J11-H9xJ7\n6. C6-E6-G8-I6-K6xI8 F9xD9\n';
const NEAR_WIN = 'K1/4M3/10/12/12/12/mm10/12/12/12/12/12/12/10/8/2 w 0 0 - 0';

async function api(base, method, path, body) {
  const res = await fetch(base + path.replace(/^\//, ''), {
    method, body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, data: await res.json().catch(() => null) };
}

async function gameId(page) { return page.evaluate(() => sessionStorage.getItem('camelot-game')); }

async function main() {
  needTools();
  mkdirSync(OUT, { recursive: true });
  const profile = mkdtempSync(join(tmpdir(), 'camelot-player-'));
  const db = join(profile, 'games.sqlite');
  const port = await freePort();
  let { proc, base } = await startServer(db, ['--port', String(port)]);
  const others = [];
  let context;
  try {
    context = await launch(join(profile, 'chromium'));
    const errors = [];
    const page = context.pages()[0] || await context.newPage();
    watchErrors(page, errors);

    // ---- a shared address, tabs that stay current, kill -9 and restart ----
    await page.goto(base + '?ai=none');
    await settled(page, 0);
    await click(page, 'D7');
    await click(page, 'D8');
    await settled(page, 1);
    const id = await gameId(page);
    check(page.url().endsWith('#game=' + id), `the address names the game (${page.url()})`);
    const tab2 = await context.newPage();
    watchErrors(tab2, errors);
    await tab2.goto(base + '#game=' + id);
    await settled(tab2, 1);
    check((await pieces(tab2)).D8 === 'K', 'the shared address opens the same game in another tab');
    await click(page, 'E11');
    await click(page, 'C9');
    await settled(page, 2);
    await settled(tab2, 2); // by polling, without a reload
    check((await pieces(tab2)).C9 === 'm', 'the other tab shows the move made in the first');
    await click(tab2, 'D8');
    await click(tab2, 'B10');
    await click(tab2, 'D12');
    await settled(tab2, 3);
    check((await pieces(tab2)).D12 === 'K', 'the other tab can move (it is not stale)');
    serverDown.now = true; // a poll in flight at the kill is reset: expected here only
    proc.kill('SIGKILL');
    await new Promise((r) => proc.once('exit', r));
    ({ proc } = await startServer(db, ['--port', String(port)]));
    await settled(page, 3); // the first tab carries on, picking up tab 2's move from the file
    await settled(tab2, 3);
    serverDown.now = false;
    await click(page, 'D11');
    await click(page, 'D13');
    await settled(page, 4);
    const st = await serverState(page);
    check(st.record.map((m) => m.text).join(' ') === 'D7-D8 E11-C9 D8xB10xD12 D11xD13',
      `after kill -9 and a restart the open tab carries on: ${st.record.map((m) => m.text).join(' ')}`);
    await tab2.close();

    // ---- review, redo, the status panel ----
    await page.locator('#moves span[data-ply="1"]').click();
    await page.waitForFunction(() => document.getElementById('review').textContent.includes('after move 1'));
    let p = await pieces(page);
    check(p.D8 === 'K' && p.E11 === 'm' && Object.keys(p).length === 28,
      'clicking move 1 shows the position after it, without undoing');
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => document.getElementById('review').textContent.includes('after move 2'));
    check((await pieces(page)).C9 === 'm', '→ steps forward');
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => document.getElementById('review').textContent === '');
    check((await pieces(page)).D13 === 'm' && (await serverState(page)).record.length === 4,
      'Esc returns to the game, which was not changed');
    await page.click('#undo');
    await settled(page, 3);
    check(!(await page.locator('#redo').isDisabled()), 'Redo is offered after Undo');
    await page.click('#redo');
    await settled(page, 4);
    check((await pieces(page)).D13 === 'm', 'Redo plays the move again');
    const stats = await page.locator('#stats').textContent();
    const counts = (await serverState(page)).status.pieces;
    check(stats.includes(`White ${counts.white.men + counts.white.knights} `) && /Castle moves/.test(stats) && /0\/2/.test(stats) &&
      /of 50 moves each/.test(stats) && /Position seen/.test(stats), `status panel: ${stats}`);
    const moveList = await page.locator('#moves').innerText();
    check(/^1\. D7-D8 E11-C9\n2\. D8xB10xD12 D11xD13$/.test(moveList.trim()),
      `the move list copies as a numbered record: ${JSON.stringify(moveList)}`);

    // ---- hint ----
    await page.click('#hint');
    await page.waitForSelector('#board .hint-line', { state: 'attached', timeout: STEP_TIMEOUT });
    const hint = await page.locator('#board .hint-line').getAttribute('data-hint');
    const legal = (await serverState(page)).moves.map((m) => m.text);
    check(legal.includes(hint), `the hint ${hint} is drawn on the board and is legal`);

    // ---- keyboard: typed move, arrows + Enter, Esc ----
    await page.fill('#move-input', 'f6-f8');
    await page.press('#move-input', 'Enter');
    await settled(page, 5);
    check((await pieces(page)).F8 === 'M', 'a typed move (f6-f8) is played');
    await page.locator('#board rect[data-sq="G10"]').focus();
    await page.keyboard.press('Enter');
    check(await page.locator('#marks .selected').count() > 0, 'Enter on a focused square selects its piece');
    await page.keyboard.press('Escape');
    check(await page.locator('#marks .selected').count() === 0, 'Esc cancels the selection');
    await page.locator('#board rect[data-sq="G10"]').focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await settled(page, 6);
    check((await pieces(page)).G9 === 'm', 'arrows and Enter play G10-G9');
    const label = await page.locator('#board rect[data-sq="G9"]').getAttribute('aria-label');
    check(label === 'G9, black man' && await page.locator('#board rect[data-sq="A4"]').getAttribute('tabindex') !== null,
      `squares are focusable and labelled ("${label}")`);

    // ---- drag and drop ----
    const from = await page.locator('#board rect[data-sq="H7"]').boundingBox();
    const to = await page.locator('#board rect[data-sq="H8"]').boundingBox();
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 5 });
    await page.mouse.up();
    await settled(page, 7);
    check((await pieces(page)).H8 === 'M', 'a piece dragged from H7 to H8 moves');

    // ---- New game asks first in the middle of a game ----
    let asked = false;
    page.once('dialog', (d) => { asked = true; d.dismiss(); });
    await page.click('#new');
    await sleep(300);
    check(asked && (await serverState(page)).record.length === 7, 'New game asks first; cancelled, the game stays');

    // ---- an optional clock: 10 min + 5 s ----
    await page.selectOption('#clock', '10+5');
    await page.waitForFunction(() => /^White \d+:\d\d · Black \d+:\d\d$/.test(document.getElementById('clocks').textContent));
    await sleep(1300);
    const clocks = await page.locator('#clocks').textContent();
    check(/^White 10:00 · Black 9:5\d$/.test(clocks), `the clock of the side to move (Black) runs: ${clocks}`);
    await page.selectOption('#clock', 'none');

    // ---- load a record, a position; the saved games ----
    await page.click('#load');
    await page.fill('#load-text', SAMPLE);
    await page.click('#load-go');
    await settled(page, 12);
    const loaded = await serverState(page);
    check(loaded.game !== id && loaded.record[11].text === 'F9xD9', 'a pasted record loads as a new game');
    await page.click('#load');
    await page.fill('#load-text', NEAR_WIN);
    await page.click('#load-go');
    await settled(page, 0);
    check((await pieces(page)).G15 === 'M', 'a pasted position text sets up the board');
    await page.locator('#games-box summary').click();
    await page.waitForSelector(`#games a[data-game="${id}"]`, { timeout: STEP_TIMEOUT });
    check(await page.locator('#games li').count() >= 3, 'the saved games are listed');
    await page.locator(`#games a[data-game="${id}"]`).click();
    await settled(page, 7);
    check(await gameId(page) === id, 'a saved game reopens from the list');
    const record = await page.evaluate((g) => fetch('/api/record?game=' + g).then((r) => r.text()), id);
    check(record.includes('1. D7-D8 E11-C9\n') && record.trim().endsWith('*'),
      'the record download is the numbered WCF record with its result');
    await page.screenshot({ path: join(OUT, 'camelot-player.png') });

    // ---- bug 1: Undo when the player is Black ----
    const black = await context.newPage();
    watchErrors(black, errors);
    const made = await api(base, 'GET', '/api/new?ai=white&level=1');
    await black.goto(base + '#game=' + made.data.game);
    await settled(black, 1); // the AI opens by itself
    await black.click('#undo');
    await settled(black, 0);
    const turn = await black.locator('#turn').textContent();
    const msg = await black.locator('#message').textContent();
    check(/paused/.test(turn) && /AI move/.test(msg) && !(await black.locator('#ai-move').isDisabled()),
      `undo as Black says what to do: "${turn}" / "${msg}"`);
    await black.click('#ai-move');
    await settled(black, 1);
    check((await black.locator('#announce').textContent()).startsWith('The AI played'),
      'the AI moves again, announced in the aria-live line');
    check(/Evaluation: (White|Black)/.test(await black.locator('#eval').textContent()),
      'the evaluation is shown after the AI has moved');

    // ---- bug 5: a click during the AI's animation is taken ----
    const bst = await serverState(black);
    const reply = bst.moves.find((m) => m.kind === 'plain') || bst.moves[0];
    for (const sq of reply.path) await click(black, sq);
    await black.waitForFunction(() => app.animating === true, null, { timeout: STEP_TIMEOUT });
    const mine = Object.keys(await pieces(black)).find((sq) => /[mk]/.test((bst.pieces[sq] || '')) && !reply.path.includes(sq));
    await click(black, mine);
    await black.waitForFunction(() => !app.animating && app.state.to_move === 'black' &&
      (app.path || document.getElementById('message').textContent), null, { timeout: STEP_TIMEOUT });
    const taken = await black.evaluate(() => (app.path ? 'selected ' + app.path[0] : document.getElementById('message').textContent));
    check(taken.startsWith('selected ' + mine) || taken.length > 0,
      `a click on ${mine} during the AI's animation finishes it and is taken: ${taken}`);

    // ---- bug 2: a reload remembers a Stop ----
    const deep = await api(base, 'GET', '/api/new?ai=white&level=6');
    await black.goto(base + '#game=' + deep.data.game);
    await black.waitForSelector('#thinking:not(.hidden)', { timeout: STEP_TIMEOUT });
    await black.click('#stop');
    await black.waitForSelector('#thinking', { state: 'hidden', timeout: STEP_TIMEOUT });
    await black.reload();
    await settled(black, 0);
    await sleep(1500);
    const after = await api(base, 'GET', '/api/state?game=' + deep.data.game);
    check(!after.data.ai.thinking && after.data.ai.paused && /paused/.test(await black.locator('#turn').textContent()),
      'after Stop and a reload the AI stays stopped');

    // ---- bug 3: evicted and unknown games ----
    for (let i = 0; i < 40; i++) await api(base, 'GET', '/api/new?ai=none');
    await click(page, 'I10');
    await click(page, 'I9');
    await settled(page, 8);
    check((await pieces(page)).I9 === 'k', 'after 40 newer games the first game still plays (reloaded from the file)');
    const lost = await context.newPage();
    watchErrors(lost, errors);
    await lost.goto(base + '#game=0123456789abcdef');
    await settled(lost, 0);
    const lostMsg = await lost.locator('#message').textContent();
    check(/no longer on the server/.test(lostMsg) && !/api\/new/.test(lostMsg),
      `an unknown game gets a message for people: "${lostMsg}"`);

    // ---- bug 6: idle connections do not block a real request ----
    const idle = [];
    for (let i = 0; i < 300; i++) idle.push(connect(port, '127.0.0.1'));
    await sleep(300);
    const t0 = Date.now();
    const ctl = new AbortController();
    const timer = setTimeout(() => ctl.abort(), 5000); // below the 10 s idle timeout
    const res = await fetch(base + 'api/games?limit=1', { signal: ctl.signal }).catch(() => null);
    clearTimeout(timer);
    check(res && res.status === 200, `with 300 idle connections open a request is answered (${Date.now() - t0} ms, loaded machine)`);
    for (const s of idle) s.destroy();

    // ---- a phone ----
    const phone = await context.newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
    watchErrors(phone, errors);
    await phone.goto(base + '#game=' + id);
    await settled(phone, 8);
    const box = await phone.locator('#board rect[data-sq="F8"]').boundingBox();
    check(box.width >= 29, `squares on a 390 px wide phone: ${box.width.toFixed(1)} px (27 before)`);
    const tower = await phone.locator('#board path.castle-mark').first().boundingBox();
    const f1 = await phone.locator('#board rect[data-sq="F16"]').boundingBox();
    check(tower.x >= f1.x && tower.x + tower.width <= f1.x + f1.width + 0.5 &&
      tower.y >= f1.y && tower.y + tower.height <= f1.y + f1.height + 0.5, 'the castle tower stays inside its square');
    await phone.screenshot({ path: join(OUT, 'camelot-phone.png'), fullPage: true });

    // ---- HEAD / ----
    const head = await fetch(base, { method: 'HEAD' });
    check(head.status === 200, 'HEAD / answers 200');
    check(errors.length === 0, `no errors in the pages${errors.length ? ': ' + errors.join('; ') : ''}`);

    // ---- the access token ----
    const tokenPort = await freePort();
    const guarded = await startServer(join(profile, 'token.sqlite'), ['--port', String(tokenPort), '--token', 's3cret-T0ken']);
    others.push(guarded.proc);
    const refused = await fetch(guarded.base + 'api/games');
    check(refused.status === 401, 'without the token the API answers 401');
    const ok = await fetch(guarded.base + 'api/games', { headers: { 'X-Camelot-Token': 's3cret-T0ken' } });
    check(ok.status === 200, 'with the token in a header it answers');
    const tp = await context.newPage();
    watchErrors(tp, errors);
    // No AI: a fast reply would make the move list skip the one-move state waited for below.
    await tp.goto(guarded.url + '&ai=none');
    await settled(tp, 0);
    await click(tp, 'D7');
    await click(tp, 'D8');
    await settled(tp, 1); // the page's own API calls carry the token (its cookie)
    check((await pieces(tp)).D8 === 'K', 'the page opened with ?token= plays (the token is kept as a cookie)');
  } finally {
    if (context) await context.close();
    proc.kill('SIGTERM');
    for (const o of others) o.kill('SIGTERM');
    rmSync(profile, { recursive: true, force: true });
  }
}

finish(main());
