// End-to-end test of boardai-camelot-web in headless Chromium (Debian's /usr/bin/chromium
// driven by playwright-core; no browser is downloaded).
//
// Starts the server itself on a free loopback port, then plays by clicking: an opening move, a
// canter, a refused click (the library's reason shown), the compulsory capture (a two-jump
// chain clicked landing by landing), and one AI move (animated); checks the board after each
// step and saves a screenshot in tests/web/out/camelot.png.
//
// Usage: node camelot.e2e.mjs [path/to/boardai-camelot-web]
//   (default: $CAMELOT_WEB_BIN, else build-web/examples/boardai-camelot-web in the tree)
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OUT, STEP_TIMEOUT, check, needTools, startServer, launch, watchErrors, settled, click, pieces,
  finish } from './lib.mjs';

async function main() {
  needTools();
  mkdirSync(OUT, { recursive: true });
  const profile = mkdtempSync(join(tmpdir(), 'camelot-chromium-'));
  const db = join(profile, 'games.sqlite');
  const { proc, url } = await startServer(db);
  let context;
  try {
    context = await launch(profile);
    const page = context.pages()[0] || await context.newPage();
    const errors = [];
    watchErrors(page, errors);

    // Two players at the board (the AI plays only when asked), so every move is a click.
    await page.goto(url + '?ai=none');
    await settled(page, 0);
    const nsq = await page.locator('#board rect[data-sq]').count();
    check(nsq === 160, `the board has 160 squares (${nsq})`);
    for (const sq of ['F1', 'G1', 'F16', 'G16', 'A4', 'L13'])
      check(await page.locator(`#board rect[data-sq="${sq}"]`).count() === 1, `square ${sq} drawn`);
    for (const sq of ['A1', 'B2', 'A3', 'E1', 'H16', 'L15'])
      check(await page.locator(`#board rect[data-sq="${sq}"]`).count() === 0,
        `cut corner / off-board ${sq} not drawn`);
    check(await page.locator('#board rect.castle-white').count() === 2 &&
      await page.locator('#board rect.castle-black').count() === 2, 'four castle squares marked');
    const coords = await page.locator('#board text.coord').allTextContents();
    check(coords.includes('A') && coords.includes('L') && coords.includes('16'), 'coordinates drawn');
    let p = await pieces(page);
    check(Object.keys(p).length === 28 && p.C6 === 'K' && p.D6 === 'M' && p.J11 === 'k' &&
      p.I11 === 'm', 'start position: 28 pieces, knights and men of both sides');
    check((await page.locator('#turn').textContent()).includes('White'), 'White to play');

    // A click the library refuses: D6 to D9 is no move; the reason comes from the server.
    await click(page, 'D6');
    const nextMarks = await page.locator('#marks [data-target]').count();
    check(nextMarks > 0, `D6 selected, ${nextMarks} landing squares highlighted`);
    await click(page, 'D9');
    await page.waitForFunction(() => document.getElementById('message').textContent.length > 0);
    const refusal = await page.locator('#message').textContent();
    check(/D9|canter|move/i.test(refusal), `illegal click refused: "${refusal}"`);
    check(Object.keys(await pieces(page)).length === 28 &&
      (await page.locator('#moves span').count()) === 0, 'the refused move changed nothing');

    // 1. D7-D8: an opening (plain) move by clicking the knight and its landing.
    await click(page, 'D7');
    await click(page, 'D8');
    await settled(page, 1);
    p = await pieces(page);
    check(p.D8 === 'K' && !p.D7, '1. D7-D8 played (knight on D8)');

    // 1... E11-C9: a canter over the knight on D10.
    await click(page, 'E11');
    check(await page.locator('#marks [data-target="C9"]').count() === 1, 'C9 offered as a canter landing');
    await click(page, 'C9');
    await settled(page, 2);
    p = await pieces(page);
    check(p.C9 === 'm' && !p.E11 && p.D10 === 'k', '1... E11-C9 cantered (man on C9, D10 stays)');

    // 2. The capture is compulsory: another piece is refused, D8 jumps C9 then C11.
    const must = await page.locator('#marks .must').count();
    check(must === 1, `only the capturing piece is offered (${must})`);
    await click(page, 'F6');
    const why = await page.locator('#message').textContent();
    check(/capture is compulsory/i.test(why), `non-capturing piece refused: "${why}"`);
    await click(page, 'D8');
    check(await page.locator('#marks [data-target="B10"]').count() === 1, 'B10 offered as the first jump');
    await click(page, 'B10');
    check(await page.locator('#marks [data-target="D12"]').count() === 1, 'D12 offered as the next jump');
    await click(page, 'D12');
    await settled(page, 3);
    p = await pieces(page);
    check(p.D12 === 'K' && !p.C9 && !p.C11 && !p.D8 && Object.keys(p).length === 26,
      '2. D8xB10xD12 captured C9 and C11');
    const record = await page.locator('#moves span').allTextContents();
    check(record.join(' ') === 'D7-D8 E11-C9 D8xB10xD12', `move list in WCF notation: ${record.join(' ')}`);
    check(await page.locator('#board path.captured').count() === 2, 'the captured squares are marked');

    // The AI plays Black's reply (level 1), animated hop by hop.
    await page.selectOption('#level', '1');
    await page.click('#ai-move');
    await settled(page, 4);
    const last = await page.evaluate(() => fetch('/api/state?game=' + sessionStorage.getItem('camelot-game'))
      .then((r) => r.json()));
    check(last.record.length === 4 && last.record[3].by === 'ai', `the AI replied ${last.record[3] && last.record[3].text}`);
    p = await pieces(page);
    check(Object.keys(p).length === Object.keys(last.pieces).length &&
      Object.entries(last.pieces).every(([k, v]) => p[k] === v), 'the page shows the server\'s board');

    // Undo takes back one ply at a time when nobody is the AI's side.
    await page.click('#undo');
    await settled(page, 3);
    p = await pieces(page);
    check(p.D12 === 'K' && Object.keys(p).length === 26, 'undo took the AI\'s move back');
    await page.click('#undo');
    await settled(page, 2);
    p = await pieces(page);
    check(p.D8 === 'K' && p.C9 === 'm' && p.C11 === 'k', 'undo restored the captured pieces');
    // The capture chain half clicked, for the screenshot.
    await click(page, 'D8');
    check(await page.locator('#marks [data-victim="C9"]').count() === 1 &&
      await page.locator('#marks [data-victim="C11"]').count() === 1, 'the pieces to capture are marked');
    await click(page, 'B10');
    await page.screenshot({ path: join(OUT, 'camelot.png') });
    console.log(`screenshot: ${join(OUT, 'camelot.png')}`);

    // The end: a position where G15-G16 puts White's second piece into Black's castle.
    const near = 'K1/4M3/10/12/12/12/mm10/12/12/12/12/12/12/10/8/2 w 0 0 - 0';
    const set = await page.evaluate((pos) => fetch('/api/position', { method: 'POST',
      body: JSON.stringify({ game: sessionStorage.getItem('camelot-game'), position: pos }) })
      .then((r) => r.status), near);
    check(set === 200, 'position set through the API');
    await page.reload();
    await settled(page, 0);
    check(await page.locator('#banner').isHidden(), 'no result banner while the game goes on');
    await click(page, 'G15');
    await click(page, 'G16');
    await settled(page, 1);
    await page.waitForSelector('#banner:not(.hidden)', { timeout: STEP_TIMEOUT });
    const banner = await page.locator('#banner').textContent();
    check(banner === 'White wins' + 'two pieces in Black\'s castle', `result banner with its reason: "${banner}"`);
    check(await page.locator('#turn-dot').isHidden(), 'no side-to-move dot after the end');
    check(await page.locator('#board rect.castle-black[data-sq="G16"]').count() === 1 &&
      await page.locator('#board rect.last-tint').count() === 2,
    'the last move is tinted over the castle colour (G16 stays a castle square)');
    await page.screenshot({ path: join(OUT, 'camelot-end.png') });

    // New game: the same game id starts again from the start position.
    const idBefore = await page.evaluate(() => sessionStorage.getItem('camelot-game'));
    await page.click('#new');
    await settled(page, 0);
    p = await pieces(page);
    check(Object.keys(p).length === 28 && await page.locator('#banner').isHidden() &&
      idBefore === await page.evaluate(() => sessionStorage.getItem('camelot-game')),
    'new game: start position, no banner, same game id');

    // A canter run clicked leap by leap, stopped after the second leap by clicking J7 again.
    await click(page, 'F7');
    await click(page, 'H5');
    check(await page.locator('#marks [data-target="J7"]').count() === 1, 'F7-H5: J7 offered as the next leap');
    await click(page, 'J7');
    check(await page.locator('#marks [data-target="J5"]').count() === 1, 'F7-H5-J7: J5 offered as the next leap');
    await click(page, 'J7');
    await settled(page, 1);
    p = await pieces(page);
    check(p.J7 === 'M' && !p.F7 && (await page.locator('#moves span').allTextContents())[0] === 'F7-H5-J7',
      'the canter stopped on J7: F7-H5-J7');
    check(errors.length === 0, `no errors in the page${errors.length ? ': ' + errors.join('; ') : ''}`);
  } finally {
    if (context) await context.close();
    proc.kill('SIGTERM');
    rmSync(profile, { recursive: true, force: true });
  }
}

finish(main());
